//! Reading puzzles from text, in every layout sudokit accepts.
//!
//! The input is split into *blocks*: runs of content lines between blank
//! lines, `#` comments and header lines (`Grid 01`, `========`). Lines made
//! only of `-`, `+` and `|` (the rules of a pretty grid) are skipped. Each
//! content line is read either as characters (Norvig's rule: cell symbols
//! count, everything else is ignored) or, when it holds numbers of two
//! digits or more, as whitespace-separated tokens. A block is then either
//! `n` lines of `n` cells (one grid, or several stacked), or one puzzle per
//! line. `ParseOptions::size` settles the rare ambiguous file (sixteen 4×4
//! one-liners look like one 16×16 grid).
//!
//! Blank cells are `.` or `0`. On 16×16 boards written with characters, the
//! common hexadecimal convention `0-F` is recognised: when a grid uses `.`
//! for blanks, a `0` in it is the sixteenth symbol (the same as `G`).

use std::collections::{HashMap, VecDeque};

use crate::cell::Digit;
use crate::grid::Grid;
use crate::symbols::symbol_value;

/// How to read ambiguous input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// The board side, when the layout alone does not tell it.
    pub size: Option<usize>,
}

/// A grid read from text, with where it started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedGrid {
    /// The givens, `0` for blanks.
    pub grid: Grid,
    /// 1-based line where the puzzle starts.
    pub line: usize,
}

/// A puzzle that could not be read: where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}{}: {message}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters), when one cell is at fault.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl ParseError {
    pub(super) fn at(line: usize, column: Option<usize>, message: impl Into<String>) -> ParseError {
        ParseError {
            line,
            column,
            message: message.into(),
        }
    }
}

/// Reads every puzzle in `text`, in order. A malformed puzzle yields an
/// error in its place and reading goes on with the next one. The text goes
/// through [`GridReader`](super::GridReader), so files and text are read by
/// one parser.
///
/// ```
/// use sudokit_core::format::{parse_grids, ParseOptions};
/// let text = "\
/// Grid 01
/// 003020600
/// 900305001
/// 001806400
/// 008102900
/// 700000008
/// 006708200
/// 002609500
/// 800203009
/// 005010300
///
/// 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
/// ";
/// let grids = parse_grids(text, &ParseOptions::default());
/// assert_eq!(grids.len(), 2);
/// assert_eq!(grids[0].as_ref().unwrap().grid.filled(), 32);
/// assert_eq!(grids[1].as_ref().unwrap().line, 12);
/// ```
pub fn parse_grids(text: &str, options: &ParseOptions) -> Vec<Result<ParsedGrid, ParseError>> {
    super::GridReader::new(text.as_bytes(), options.clone()).collect()
}

/// What a line of text is to the reader.
#[derive(PartialEq, Eq, Debug)]
pub(super) enum LineKind {
    /// Cells of a puzzle.
    Content,
    /// The rules of a pretty grid (`------+------`): skipped.
    Decoration,
    /// A blank line, a comment or a header: ends a block.
    Separator,
}

/// Whether `line` holds cells, decoration or a block separator.
pub(super) fn classify(line: &str) -> LineKind {
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') || t.starts_with("//") {
        return LineKind::Separator;
    }
    if t.chars().all(|c| c == '=' || c == '*' || c.is_whitespace()) {
        return LineKind::Separator;
    }
    if t.chars()
        .all(|c| c == '-' || c == '+' || c == '|' || c.is_whitespace())
    {
        return LineKind::Decoration;
    }
    let first = t.split_whitespace().next().unwrap_or("");
    let word_first = first.len() >= 2 && first.chars().all(|c| c.is_ascii_alphabetic());
    let cell_digits = t.chars().filter(|c| c.is_ascii_digit() || *c == '.').count();
    let lowercase = t.chars().any(|c| c.is_ascii_lowercase());
    if word_first || (lowercase && cell_digits < 4) {
        LineKind::Separator
    } else {
        LineKind::Content
    }
}

/// One cell as written, before the board size is known.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Sym {
    Dot,
    Zero,
    Value(u32),
    Unknown(String),
    /// Bytes that were not UTF-8 (read as U+FFFD by a lossy decoding).
    Invalid,
}

#[derive(Clone, Debug)]
struct RawCell {
    sym: Sym,
    line: usize,
    column: usize,
}

fn char_cells(number: usize, line: &str) -> Vec<RawCell> {
    line.chars()
        .enumerate()
        .filter_map(|(i, c)| {
            let sym = match c {
                '.' => Sym::Dot,
                '0' => Sym::Zero,
                char::REPLACEMENT_CHARACTER => Sym::Invalid,
                _ => Sym::Value(symbol_value(c)? as u32),
            };
            Some(RawCell {
                sym,
                line: number,
                column: i + 1,
            })
        })
        .collect()
}

fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut start = None;
    let mut spans = Vec::new();
    for (i, c) in line.char_indices() {
        column += 1;
        let sep = c.is_whitespace() || c == '|';
        match (sep, start) {
            (false, None) => start = Some((i, column)),
            (true, Some((s, col))) => {
                spans.push((col, &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((s, col)) = start {
        spans.push((col, &line[s..]));
    }
    spans.into_iter()
}

fn token_cells(number: usize, line: &str) -> Vec<RawCell> {
    tokens(line)
        .map(|(column, tok)| {
            let sym = match tok {
                _ if tok.contains(char::REPLACEMENT_CHARACTER) => Sym::Invalid,
                "." => Sym::Dot,
                _ if tok.bytes().all(|b| b == b'0') => Sym::Zero,
                _ => match tok.parse::<u32>() {
                    Ok(v) if tok.bytes().all(|b| b.is_ascii_digit()) => Sym::Value(v),
                    _ => Sym::Unknown(tok.to_string()),
                },
            };
            RawCell {
                sym,
                line: number,
                column,
            }
        })
        .collect()
}

/// Largest board side writable with one character per cell (`Z` = 35).
pub(super) const MAX_CHAR_SIZE: usize = 35;

/// A block's cells, read in the mode its lines call for.
pub(super) struct Layout {
    /// Whether cells are whitespace-separated tokens (else characters).
    pub(super) token_mode: bool,
    /// Each line's cells.
    lines: Vec<Vec<RawCell>>,
    /// The most common number of cells on a line (the larger on a tie).
    pub(super) m: usize,
    /// Whether every line has `m` cells.
    pub(super) all_equal: bool,
    /// The most rows a grid can have in this mode.
    pub(super) max_rows: usize,
}

/// Reads the cells of a block, deciding characters or tokens from all its
/// lines.
pub(super) fn analyse(block: &[(usize, &str)], options: &ParseOptions) -> Layout {
    // A square block of more lines than characters can write (each of `k`
    // tokens) is one token grid, even with single-character tokens only.
    let square_tokens = block.len() > MAX_CHAR_SIZE
        && block
            .iter()
            .filter(|(_, line)| tokens(line).count() == block.len())
            .count()
            * 2
            > block.len();
    let token_mode = options.size.is_some_and(|n| n > MAX_CHAR_SIZE)
        || square_tokens
        || block.iter().any(|(_, line)| Shape::of(line).big);
    let lines: Vec<Vec<RawCell>> = block
        .iter()
        .map(|&(number, line)| {
            if token_mode {
                token_cells(number, line)
            } else {
                char_cells(number, line)
            }
        })
        .collect();
    let max_rows = if token_mode {
        crate::geometry::MAX_SIZE
    } else {
        MAX_CHAR_SIZE
    };
    let mut freq: HashMap<usize, usize> = HashMap::new();
    for l in &lines {
        *freq.entry(l.len()).or_default() += 1;
    }
    let m = freq
        .iter()
        .max_by_key(|&(&count, &times)| (times, count))
        .map(|(&count, _)| count)
        .unwrap_or(0);
    Layout {
        token_mode,
        all_equal: freq.len() == 1,
        lines,
        m,
        max_rows,
    }
}

/// What one line looks like on its own, before its block is known: enough
/// for the streaming reader to tell a one-liner from a row.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    /// Whitespace-separated tokens.
    pub(super) tokens: usize,
    /// Whether the line holds a number of two digits or more among two
    /// tokens or more: its block is read in tokens.
    pub(super) big: bool,
    /// Cells when read as characters.
    pub(super) chars: usize,
    /// The largest number token.
    max_value: u32,
}

impl Shape {
    pub(super) fn of(line: &str) -> Shape {
        let mut shape = Shape {
            tokens: 0,
            big: false,
            chars: line
                .chars()
                .filter(|&c| {
                    matches!(c, '.' | '0' | char::REPLACEMENT_CHARACTER) || symbol_value(c).is_some()
                })
                .count(),
            max_value: 0,
        };
        for (_, t) in tokens(line) {
            shape.tokens += 1;
            if t.bytes().all(|b| b.is_ascii_digit()) {
                match t.parse::<u32>() {
                    Ok(value) => {
                        shape.max_value = shape.max_value.max(value);
                        shape.big |= t.len() >= 2 && value >= 10;
                    }
                    Err(_) => shape.max_value = u32::MAX,
                }
            }
        }
        shape.big &= shape.tokens >= 2;
        shape
    }

    /// Cells in the mode the line calls for on its own.
    pub(super) fn cells(&self) -> usize {
        if self.big {
            self.tokens
        } else {
            self.chars
        }
    }

    /// Whether the line can only be a one-liner, whatever the rest of its
    /// block: a square number of cells too many for a row (more than 35
    /// characters with few tokens; more than 128 tokens, each a valid
    /// symbol of the one-liner's board).
    pub(super) fn one_liner(&self) -> bool {
        let cells = self.cells();
        let side = cells.isqrt();
        let square = side >= 2 && side * side == cells;
        if self.big {
            square && cells > crate::geometry::MAX_SIZE && self.max_value as usize <= side
        } else {
            square && cells > MAX_CHAR_SIZE && self.tokens <= MAX_CHAR_SIZE
        }
    }
}

/// Why a line of `found` cells is not a one-liner of `m` cells.
pub(super) fn one_liner_error(number: usize, found: usize, m: usize) -> ParseError {
    let side = m.isqrt();
    let message = if side >= 2 && side * side == m {
        format!("found {found} cells, expected {m} (one {side}×{side} puzzle per line)")
    } else {
        format!("cannot tell the board size from {found} cells (a puzzle needs n×n cells); use --size")
    };
    ParseError::at(number, None, message)
}

/// The error for a board side `--size` cannot take, if it is one.
pub(super) fn bad_size(options: &ParseOptions, line: usize) -> Option<ParseError> {
    let n = options
        .size
        .filter(|&n| n == 0 || n > crate::geometry::MAX_SIZE)?;
    let message = format!(
        "a board side of {n} is not supported (1 to {})",
        crate::geometry::MAX_SIZE
    );
    Some(ParseError::at(line, None, message))
}

/// Reads one block (a run of content lines) by the whole-block rule: the
/// layout is decided from every line of the block.
pub(super) fn read_block(
    block: &[(usize, &str)],
    options: &ParseOptions,
    out: &mut VecDeque<Result<ParsedGrid, ParseError>>,
) {
    if block.is_empty() {
        return;
    }
    if let Some(error) = bad_size(options, block[0].0) {
        out.push_back(Err(error));
        return;
    }
    let Layout {
        token_mode,
        lines,
        m,
        all_equal,
        max_rows,
    } = analyse(block, options);
    let k = lines.len();
    let ctx = Ctx { block, token_mode };

    match options.size {
        Some(n) => {
            let mut i = 0;
            while i < k {
                if lines[i].len() == n * n {
                    out.push_back(ctx.finish(n, &lines[i], block[i].0));
                    i += 1;
                } else {
                    let end = (i + n).min(k);
                    out.push_back(ctx.rows(n, &lines[i..end], block[i].0));
                    i = end;
                }
            }
        }
        None if token_mode && k == m && m > crate::geometry::MAX_SIZE => {
            out.push_back(Err(ParseError::at(
                block[0].0,
                None,
                format!(
                    "a {m}×{m} board is larger than the {0}×{0} maximum",
                    crate::geometry::MAX_SIZE
                ),
            )));
        }
        None if (2..=max_rows).contains(&m) && (k == m || (all_equal && k % m == 0)) => {
            for (chunk, start) in lines.chunks(m).zip(block.iter().step_by(m)) {
                out.push_back(ctx.rows(m, chunk, start.0));
            }
        }
        None => {
            let side = m.isqrt();
            let square = side >= 2 && side * side == m;
            for (cells, &(number, _)) in lines.iter().zip(block) {
                if square && cells.len() == m {
                    out.push_back(ctx.finish(side, cells, number));
                } else {
                    out.push_back(Err(one_liner_error(number, cells.len(), m)));
                }
            }
        }
    }
}

/// Reads `n` lines as the rows of one grid, or says why they are not one.
pub(super) fn read_rows(
    block: &[(usize, &str)],
    n: usize,
    options: &ParseOptions,
) -> Result<ParsedGrid, ParseError> {
    let layout = analyse(block, options);
    let ctx = Ctx {
        block,
        token_mode: layout.token_mode,
    };
    ctx.rows(n, &layout.lines, block[0].0)
}

struct Ctx<'a, 'b> {
    block: &'a [(usize, &'b str)],
    token_mode: bool,
}

impl Ctx<'_, '_> {
    /// `n` lines of `n` cells each.
    fn rows(&self, n: usize, lines: &[Vec<RawCell>], start: usize) -> Result<ParsedGrid, ParseError> {
        if let Some((i, l)) = lines.iter().enumerate().find(|(_, l)| l.len() != n) {
            let number = l
                .first()
                .map(|c| c.line)
                .unwrap_or_else(|| self.line_of(start, i));
            return Err(ParseError::at(
                number,
                None,
                format!("row {} has {} cells, expected {n}", i + 1, l.len()),
            ));
        }
        if lines.len() != n {
            return Err(ParseError::at(
                start,
                None,
                format!("incomplete grid: {} rows, expected {n}", lines.len()),
            ));
        }
        let cells: Vec<RawCell> = lines.iter().flatten().cloned().collect();
        self.finish(n, &cells, start)
    }

    fn line_of(&self, start: usize, offset: usize) -> usize {
        self.block
            .iter()
            .position(|&(number, _)| number == start)
            .and_then(|p| self.block.get(p + offset))
            .map(|&(number, _)| number)
            .unwrap_or(start)
    }

    /// Turns `n²` raw cells into a grid, checking every symbol.
    fn finish(&self, n: usize, cells: &[RawCell], start: usize) -> Result<ParsedGrid, ParseError> {
        debug_assert_eq!(cells.len(), n * n);
        if n > crate::geometry::MAX_SIZE {
            return Err(ParseError::at(
                start,
                None,
                format!(
                    "a {n}×{n} board is larger than the {0}×{0} maximum",
                    crate::geometry::MAX_SIZE
                ),
            ));
        }
        let hex16 = !self.token_mode && n == 16 && cells.iter().any(|c| c.sym == Sym::Dot);
        let mut values = Vec::with_capacity(n * n);
        for cell in cells {
            let value = match &cell.sym {
                Sym::Dot => 0,
                Sym::Zero if hex16 => 16,
                Sym::Zero => 0,
                Sym::Value(v) if (*v as usize) <= n => *v as Digit,
                Sym::Value(v) => {
                    let shown = if self.token_mode {
                        v.to_string()
                    } else {
                        format!(
                            "'{}' ({v})",
                            crate::format::symbol_char(*v as Digit).unwrap_or('?')
                        )
                    };
                    return Err(ParseError::at(
                        cell.line,
                        Some(cell.column),
                        format!("symbol {shown} is out of range for a {n}×{n} board (1-{n})"),
                    ));
                }
                Sym::Invalid => {
                    return Err(ParseError::at(
                        cell.line,
                        Some(cell.column),
                        "bytes that are not UTF-8 text",
                    ));
                }
                Sym::Unknown(tok) => {
                    return Err(ParseError::at(
                        cell.line,
                        Some(cell.column),
                        format!("unknown token '{tok}' in a token grid (expected 1-{n}, '.' or '0')"),
                    ));
                }
            };
            values.push(value);
        }
        let grid = Grid::from_values(n, values).expect("values checked against n");
        Ok(ParsedGrid { grid, line: start })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Result<ParsedGrid, ParseError> {
        let mut all = parse_grids(text, &ParseOptions::default());
        assert_eq!(all.len(), 1, "{all:?}");
        all.remove(0)
    }

    const GRID2: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn norvigs_three_layouts_read_the_same_grid() {
        let line = one(GRID2).unwrap().grid;
        let rows: String = GRID2
            .as_bytes()
            .chunks(9)
            .map(|r| String::from_utf8(r.to_vec()).unwrap().replace('.', "0") + "\n")
            .collect();
        assert_eq!(one(&rows).unwrap().grid, line);
        let pretty = "\
4 . . |. . . |8 . 5
. 3 . |. . . |. . .
. . . |7 . . |. . .
------+------+------
. 2 . |. . . |. 6 .
. . . |. 8 . |4 . .
. . . |. 1 . |. . .
------+------+------
. . . |6 . 3 |. 7 .
5 . . |2 . . |. . .
1 . 4 |. . . |. . .
";
        assert_eq!(one(pretty).unwrap().grid, line);
    }

    #[test]
    fn headers_and_separators_split_grids() {
        let text = "Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n========\n".repeat(3);
        let grids = parse_grids(&text, &ParseOptions::default());
        assert_eq!(grids.len(), 3);
        assert_eq!(grids[2].as_ref().unwrap().line, 24);
    }

    #[test]
    fn token_grids_and_hex() {
        let mut text = String::new();
        for r in 0..16 {
            let row: Vec<String> = (0..16)
                .map(|c| {
                    if (r + c) % 3 == 0 {
                        ((r * 4 + r / 4 + c) % 16 + 1).to_string()
                    } else {
                        ".".into()
                    }
                })
                .collect();
            text += &row.join(" ");
            text.push('\n');
        }
        let g = one(&text).unwrap().grid;
        assert_eq!(g.size(), 16);
        // hexadecimal 0-F with '.' blanks: 0 is the 16th symbol
        let hex = format!("0123456789ABCDEF{}", ".".repeat(240));
        let g = one(&hex).unwrap().grid;
        assert_eq!(&g.values()[..3], &[16, 1, 2]);
        // without '.', 0 is blank
        let zeros = format!("G123456789ABCDEF{}", "0".repeat(240));
        assert_eq!(one(&zeros).unwrap().grid.filled(), 16);
    }

    #[test]
    fn errors_name_line_and_column() {
        let text = format!("{GRID2}\n{}\n{GRID2}\n", &GRID2[..80]);
        let all = parse_grids(&text, &ParseOptions::default());
        assert_eq!(all.len(), 3);
        assert!(all[0].is_ok() && all[2].is_ok());
        let err = all[1].as_ref().unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.to_string().contains("found 80 cells, expected 81"), "{err}");

        let four = "12.4\n....\n....\n7...\n";
        let err = one(four).unwrap_err();
        assert_eq!((err.line, err.column), (4, Some(1)));
        assert!(err.message.contains("out of range for a 4×4 board"), "{err}");

        let tokens = "1 2 3 . . . . . . . . . . . . 16\n".repeat(15) + "1 x 3 . . . . . . . . . . . . 10\n";
        let err = one(&tokens).unwrap_err();
        assert_eq!((err.line, err.column), (16, Some(3)));
        assert!(err.message.contains("unknown token 'x'"), "{err}");
    }

    /// `n` lines of `n` copies of `token`.
    fn token_square(n: usize, token: &str) -> String {
        vec![vec![token; n].join(" "); n].join("\n")
    }

    #[test]
    fn big_token_grids_of_single_characters_are_one_grid() {
        // Once read as 64 8×8, 81 9×9 and 100 10×10 one-liners, and 128 errors.
        for n in [64, 81, 100, 128] {
            let found = parse_grids(&token_square(n, "."), &ParseOptions::default());
            assert_eq!(found.len(), 1, "{n}");
            assert_eq!(found[0].as_ref().unwrap().grid.size(), n);
        }
        for n in [144, 1000] {
            let found = parse_grids(&token_square(n, "."), &ParseOptions::default());
            assert_eq!(found.len(), 1, "{n}: one error, not one per line");
            let err = found[0].as_ref().unwrap_err();
            assert!(err.message.contains("larger than the 128×128 maximum"), "{err}");
        }
    }

    #[test]
    fn an_impossible_size_is_an_error_not_a_hang() {
        for size in [0, 129] {
            let found = parse_grids("1234\n", &ParseOptions { size: Some(size) });
            assert_eq!(found.len(), 1);
            let err = found[0].as_ref().unwrap_err();
            assert!(err.message.contains("not supported"), "{err}");
        }
    }

    #[test]
    fn size_option_resolves_ambiguity() {
        let text = "1...\n....\n....\n...2\n"
            .repeat(4)
            .replace('\n', "")
            .chars()
            .collect::<Vec<_>>()
            .chunks(16)
            .map(|c| c.iter().collect::<String>() + "\n")
            .collect::<String>();
        // sixteen 4×4 one-liners? Only four lines here, so they are one-liners.
        assert_eq!(parse_grids(&text, &ParseOptions::default()).len(), 4);
        let sixteen = "1...............\n".repeat(16);
        assert_eq!(parse_grids(&sixteen, &ParseOptions::default()).len(), 1);
        assert_eq!(parse_grids(&sixteen, &ParseOptions { size: Some(4) }).len(), 16);
    }
}
