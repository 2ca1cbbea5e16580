//! Sukaku (pencil-mark) lines: a classic puzzle given by every cell's
//! candidates instead of by givens. A 9×9 line has 729 characters, nine
//! per cell in reading order; the `k`-th character of a cell is the digit
//! `k` when it is a candidate and `.` or `0` when it is not
//! (`1.3......` is "1 or 3").
//!
//! The same layout reads for 16×16 (4096 characters, symbols `1`…`9`,
//! `A`…`G`) and 25×25 (15625 characters). A 4×4 line (64 characters) is
//! not read this way: 64 characters are also an 8×8 grid, and that reading
//! stays. Because each character must sit at its own digit's place, a
//! 729-character line of another kind (a 27×27 grid) is not taken for one.
//!
//! A cell with one candidate is a given; a cell with several is a
//! `pencil-marks` rule; a cell with all of them carries nothing.
//!
//! ```
//! use sudokit_constraints::sukaku;
//! use sudokit_core::Cell;
//! let mut line = "1........".to_string(); // r1c1 is 1
//! line.push_str(".2.4.....");              // r1c2 is 2 or 4
//! line.push_str(&"123456789".repeat(79));  // the rest is open
//! assert!(sukaku::looks_like(&line));
//! let spec = sukaku::read(&line).unwrap();
//! assert_eq!(spec.givens.get(Cell(0)), Some(1));
//! assert_eq!(spec.rules.len(), 1);
//! assert_eq!(sukaku::write(&spec).unwrap(), line);
//! ```

use sudokit_core::format::{symbol_char, symbol_value};
use sudokit_core::{Cell, Digit, Geometry, Grid};

use crate::registry::Registry;
use crate::spec::{Layout, PuzzleSpec, RuleSpec};

/// The board sides a sukaku line is read for.
pub const SIZES: [usize; 3] = [9, 16, 25];

/// Why a sukaku line could not be read or a puzzle written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SukakuError {
    /// What is wrong and where (the cell, the character).
    pub message: String,
}

fn error(message: impl Into<String>) -> SukakuError {
    SukakuError {
        message: message.into(),
    }
}

/// The board side of a line of `len` characters, when it is `n`³ for one
/// of [`SIZES`].
fn side(len: usize) -> Option<usize> {
    SIZES.into_iter().find(|&n| n * n * n == len)
}

/// Whether character `c` at place `k` (0-based) of a cell is a blank or
/// the digit `k + 1`.
fn in_place(c: char, k: usize) -> bool {
    c == '.' || c == '0' || symbol_value(c) == Some(k as Digit + 1)
}

/// True when `line` (trimmed) is a sukaku line: `n`³ characters for `n`
/// in [`SIZES`], each a blank or the digit of its place, every cell with
/// a candidate.
pub fn looks_like(line: &str) -> bool {
    let chars: Vec<char> = line.trim().chars().collect();
    let Some(n) = side(chars.len()) else {
        return false;
    };
    chars.chunks(n).all(|cell| {
        cell.iter().enumerate().all(|(k, &c)| in_place(c, k))
            && cell.iter().any(|&c| symbol_value(c).is_some())
    })
}

/// Reads one sukaku line into a classic puzzle with givens and pencil
/// marks (the built-in `pencil-marks` rule).
pub fn read(line: &str) -> Result<PuzzleSpec, SukakuError> {
    let chars: Vec<char> = line.trim().chars().collect();
    let n = side(chars.len()).ok_or_else(|| {
        error(format!(
            "a sukaku line has 729 characters (9×9), 4096 (16×16) or 15625 (25×25), not {}",
            chars.len()
        ))
    })?;
    let kind = Registry::default()
        .get("pencil-marks")
        .ok_or_else(|| error("the registry has no pencil-marks rule"))?;
    let mut spec = PuzzleSpec::new(n);
    let mut givens = Grid::empty(n);
    for (index, cell_chars) in chars.chunks(n).enumerate() {
        let cell = Cell(index as u16);
        let mut digits = Vec::new();
        for (k, &c) in cell_chars.iter().enumerate() {
            if !in_place(c, k) {
                let expected = symbol_char(k as Digit + 1).unwrap_or('?');
                return Err(error(format!(
                    "{}: character {} is '{c}', expected '{expected}' or '.'",
                    cell.name(n),
                    k + 1
                )));
            }
            if c != '.' && c != '0' {
                digits.push(k as Digit + 1);
            }
        }
        match digits[..] {
            [] => return Err(error(format!("{} has no candidate", cell.name(n)))),
            [digit] => givens.set(cell, digit),
            _ if digits.len() == n => {}
            _ => spec
                .rules
                .push(RuleSpec::new(kind).with("cell", cell).with("digits", digits)),
        }
    }
    spec.givens = givens;
    Ok(spec)
}

/// The puzzle as one sukaku line. Only classic puzzles of a side in
/// [`SIZES`] with the default boxes, givens and pencil marks fit.
pub fn write(spec: &PuzzleSpec) -> Result<String, SukakuError> {
    let n = spec.size;
    if !SIZES.contains(&n) {
        return Err(error(format!(
            "a sukaku line is for 9×9, 16×16 or 25×25 boards, not {n}×{n}"
        )));
    }
    let default_boxes = match spec.layout {
        Layout::Default => true,
        Layout::Boxes { rows, cols } => {
            Geometry::square(n).ok().and_then(|g| g.box_shape()) == Some((rows, cols))
        }
        Layout::Regions(_) => false,
    };
    if !spec.classic || !default_boxes {
        return Err(error(
            "a sukaku line holds a classic puzzle with the default boxes",
        ));
    }
    let mut candidates: Vec<Vec<Digit>> = (0..n * n)
        .map(|i| match spec.givens.get(Cell(i as u16)) {
            Some(d) => vec![d],
            None => (1..=n as Digit).collect(),
        })
        .collect();
    for (index, rule) in spec.rules.iter().enumerate() {
        let marks = (rule.cells("cell").first(), rule.digits("digits"));
        let (true, (Some(&cell), Some(digits))) = (rule.name() == "pencil-marks", marks) else {
            return Err(error(format!(
                "rules[{}]: {} has no place in a sukaku line (givens and pencil marks only)",
                index + 1,
                rule.name()
            )));
        };
        candidates[cell.index()].retain(|d| digits.contains(d));
    }
    Ok(candidates
        .iter()
        .flat_map(|digits| {
            (1..=n as Digit).map(move |d| {
                if digits.contains(&d) {
                    symbol_char(d).unwrap_or('?')
                } else {
                    '.'
                }
            })
        })
        .collect())
}
