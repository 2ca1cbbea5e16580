//! sigh's Interactive Sudoku Solver (ISS) constraint strings: the text the
//! ISS page keeps in its `?q=` parameter and shows under "copy constraints",
//! `.Shape~6x6.Thermo~R1C1~R1C2.~R3C3_5`. [`read`] turns one into a
//! [`PuzzleSpec`]; [`write`] writes one back, so an ISS user can bring
//! puzzles over and take them back.
//!
//! The grammar (ISS's `js/sudoku_parser.js`): items start with `.`; an item
//! is a type name and its arguments, separated by `~`; the empty type is a
//! list of givens (`R1C1_5` a value, `R1C1_1_2_3` the cell's candidates).
//! Cell ids are `R<row>C<col>` with row and column in base 17 (`1`…`9`,
//! `a`…`g`), so boards go up to 16×16. Whitespace is ignored.
//!
//! Every rule both know goes through one table ([`table`]): the ISS name,
//! the registry kind, and how the arguments map onto the kind's
//! parameters. ISS types with no sudokit rule are refused by name, all of
//! them in one error, never dropped.
//!
//! ```
//! use sudokit_constraints::iss;
//! use sudokit_constraints::registry::Registry;
//! use sudokit_core::Cell;
//! let spec = iss::read(".Shape~4x4.Thermo~R1C1~R1C2~R1C3.~R4C4_2").unwrap();
//! assert_eq!(spec.size, 4);
//! assert_eq!(spec.givens.get(Cell(15)), Some(2));
//! let thermometer = Registry::default().rule("thermometer").unwrap();
//! assert_eq!(spec.rules, [thermometer.with("cells", vec![Cell(0), Cell(1), Cell(2)])]);
//! assert_eq!(iss::write(&spec).unwrap(), ".Shape~4x4.~R4C4_2.Thermo~R1C1~R1C2~R1C3");
//! let err = iss::read(".Doppelganger.ConnectedValues~1~R1C1~R1C2").unwrap_err();
//! assert_eq!(err.to_string(), "ISS constraint types sudokit does not read: Doppelganger, ConnectedValues");
//! ```

mod chaos;
mod declared;
pub(crate) mod nfa;
mod pairwise;
mod reader;
mod replicate;
mod table;
mod writer;

use sudokit_core::Cell;

use crate::clues::{ClueCell, Direction};
use crate::registry::Registry;
use crate::spec::PuzzleSpec;

/// Largest board ISS takes (its cell ids are one base-17 digit per axis).
pub const MAX_SIZE: usize = 16;

/// Why an ISS string could not be read or a puzzle written, in words that
/// name the item at fault (`.Thermo: cell 'R0C1' …`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct IssError {
    /// The whole message.
    pub message: String,
}

impl IssError {
    pub(crate) fn new(message: impl Into<String>) -> IssError {
        IssError {
            message: message.into(),
        }
    }
}

/// True when `text` looks like an ISS constraint string (or an ISS page
/// address carrying one): it starts with `.` and a type name ISS knows
/// (`.Shape~9x9`, `.Thermo~…`) or with a list of givens (`.~R1C1_5`). A
/// classic grid line such as `.4..` does not.
///
/// ```
/// use sudokit_constraints::iss;
/// assert!(iss::looks_like(".Shape~9x9.Thermo~R1C1~R1C2"));
/// assert!(iss::looks_like(".~R1C1_5~R2C2_3"));
/// assert!(iss::looks_like("https://sigh.github.io/Interactive-Sudoku-Solver/?q=.AntiKnight"));
/// assert!(!iss::looks_like("4.....8.5.3.........."));
/// assert!(!iss::looks_like(".A..B..C"));
/// ```
pub fn looks_like(text: &str) -> bool {
    let text = strip_address(text.trim());
    let Some(rest) = text.strip_prefix('.') else {
        return false;
    };
    if rest.starts_with('~') {
        return true;
    }
    let name = rest.split(['~', '.']).next().unwrap_or("").trim_end();
    table::ISS_TYPES.contains(&name)
}

/// Reads an ISS constraint string (or an ISS page address with it in `?q=`)
/// into a puzzle with the built-in rules.
pub fn read(text: &str) -> Result<PuzzleSpec, IssError> {
    read_with(&Registry::default(), text)
}

/// Reads an ISS constraint string whose rules are looked up in `registry`.
pub fn read_with(registry: &Registry, text: &str) -> Result<PuzzleSpec, IssError> {
    reader::read(registry, &strip_address(text.trim()))
}

/// The puzzle as an ISS constraint string: the shape (left out on 9×9),
/// the layout, the givens and pencil marks, then each rule in file order.
/// Fails, naming the rule, when ISS cannot express the puzzle (a rule ISS
/// has no form for, a board above 16×16, no classic rules).
pub fn write(spec: &PuzzleSpec) -> Result<String, IssError> {
    writer::write(spec)
}

/// The constraint string of an ISS page address (its `q` parameter,
/// percent-decoded), or the text itself.
fn strip_address(text: &str) -> String {
    let Some((_, query)) = text.split_once("?q=").or_else(|| text.split_once("&q=")) else {
        return text.to_string();
    };
    let query = query.split('&').next().unwrap_or("");
    percent_decode(query)
}

/// `%2E` → `.`, `%7E` → `~`, `+` stays (ISS strings hold none).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The ISS id of a cell of an `n`×`n` board: `R1C1`, `Ra C g` in base 17.
pub(crate) fn cell_id(cell: Cell, n: usize) -> String {
    let (row, col) = (cell.row(n), cell.col(n));
    let digit = |v: usize| char::from_digit(v as u32 + 1, 17).unwrap_or('?');
    format!("R{}C{}", digit(row), digit(col))
}

/// The cell an ISS id names on an `n`×`n` board.
pub(crate) fn parse_cell(id: &str, n: usize) -> Result<Cell, String> {
    let chars: Vec<char> = id.chars().collect();
    let axis = |c: char| c.to_digit(17).filter(|&v| v >= 1).map(|v| v as usize - 1);
    match chars[..] {
        [r, row, c, col] if r.eq_ignore_ascii_case(&'R') && c.eq_ignore_ascii_case(&'C') => {
            match (axis(row), axis(col)) {
                (Some(row), Some(col)) if row < n && col < n => Ok(Cell::at(row, col, n)),
                _ => Err(format!("cell '{id}' is off the {n}×{n} grid")),
            }
        }
        _ => Err(format!(
            "'{id}' is not a cell id (R1C1, base 17 for rows and columns above 9)"
        )),
    }
}

/// Every two orthogonal neighbours among `cells`, as ISS pairs them: each
/// cell with the later ones next to it. The writer writes a two-cell
/// rule only when its cells are such a pair.
pub(crate) fn neighbour_pairs(cells: &[Cell], n: usize) -> Vec<(Cell, Cell)> {
    let mut pairs = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            let (ra, ca, rb, cb) = (a.row(n), a.col(n), b.row(n), b.col(n));
            if ra.abs_diff(rb) + ca.abs_diff(cb) == 1 {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// The little killer diagonals ISS names, by first cell, in its order:
/// from the left edge down-right, the right edge up-left, the top edge
/// down-left, the bottom edge up-right; a diagonal reached twice keeps its
/// first name, one cell long ones have none.
pub(crate) fn little_killer_diagonals(n: usize) -> Vec<(Cell, Direction, Vec<Cell>)> {
    let mut starts: Vec<(usize, usize, Direction)> = Vec::new();
    starts.extend((0..n.saturating_sub(1)).map(|r| (r, 0, Direction::DownRight)));
    starts.extend((1..n.saturating_sub(1)).map(|r| (r, n - 1, Direction::UpLeft)));
    starts.extend((1..n).map(|c| (0, c, Direction::DownLeft)));
    starts.extend((1..n.saturating_sub(1)).map(|c| (n - 1, c, Direction::UpRight)));
    let mut seen: Vec<Vec<Cell>> = Vec::new();
    let mut diagonals = Vec::new();
    for (row, col, direction) in starts {
        let clue = ClueCell {
            row: row + 1,
            col: col + 1,
        };
        let Ok(cells) = clue.diagonal(direction, n) else {
            continue;
        };
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        if cells.len() <= 1 || seen.contains(&sorted) {
            continue;
        }
        seen.push(sorted);
        diagonals.push((cells[0], direction, cells));
    }
    diagonals
}
