//! SudokuPad's legacy `scf` payloads: a 9×9 classic puzzle's givens in a
//! run-length code, then letters for the two variants the format knows
//! (windoku, X) and the title and author.
//!
//! The layout, from SudokuPad's published tools (`SudokuPad/sudokutools`,
//! `src/puzzletools_lib.js`, `decodeSCF`) and Ewen McNeill's decoder
//! (`ewenmcneill/testsudokupadathome`, `bin/parsepuzzle`):
//!
//! * the givens, cell by cell in reading order: each character is a value
//!   `v` (`0`–`9` are 0–9, `A`–`Z` 10–35, `a`–`z` 36–61) standing for the
//!   digit `v % 10` (0 for an empty cell) followed by `v / 10` empty
//!   cells; SudokuPad's encoder writes runs of at most 5, and a run that
//!   overshoots the 81st cell is cut there;
//! * then, optionally after a `*`, the features: `w` windoku (the four
//!   3×3 windows at rows and columns 2–4 and 6–8), `x` the two diagonals,
//!   `a…*` the author and `t…*` the title (ended by a `*`, `**` standing
//!   for a `*` inside them).
//!
//! Any other feature letter is refused by name rather than ignored: a
//! puzzle is never solved without one of its rules.

use sudokit_core::{Cell, Digit, Grid};

use super::{error, Import, SudokuPadError};
use crate::registry::Registry;
use crate::spec::PuzzleSpec;

type Result<T> = std::result::Result<T, SudokuPadError>;

/// The board side: scf knows only 9×9 boards with 3×3 boxes.
const SIZE: usize = 9;

/// The top-left cell (row, column; 0-based) of each windoku window.
const WINDOWS: [(usize, usize); 4] = [(1, 1), (1, 5), (5, 1), (5, 5)];

/// Reads an `scf` payload (the text after `scf`, URL-decoded) into a
/// 9×9 puzzle.
pub(super) fn read(payload: &str) -> Result<Import> {
    let (givens, rest) = givens(payload)?;
    let mut spec = PuzzleSpec::new(SIZE);
    spec.givens = givens;
    features(rest, &mut spec)?;
    Ok(Import {
        spec,
        skipped: Vec::new(),
    })
}

/// The value of one givens character, `None` for a character outside the
/// code's alphabet.
pub(super) fn symbol_value(c: char) -> Option<usize> {
    match c {
        '0'..='9' => Some(c as usize - '0' as usize),
        'A'..='Z' => Some(10 + c as usize - 'A' as usize),
        'a'..='z' => Some(36 + c as usize - 'a' as usize),
        _ => None,
    }
}

/// What one givens value stands for: a digit (0 for an empty cell) and
/// the number of empty cells after it.
pub(super) fn run_of(value: usize) -> (Digit, usize) {
    ((value % 10) as Digit, value / 10)
}

/// The givens the payload starts with, and the text after them.
fn givens(payload: &str) -> Result<(Grid, &str)> {
    let mut grid = Grid::empty(SIZE);
    let mut cell = 0;
    let mut chars = payload.char_indices();
    while cell < SIZE * SIZE {
        let Some((at, c)) = chars.next() else {
            return Err(error(format!(
                "the scf payload's givens cover {cell} of the 81 cells: the payload is probably truncated"
            )));
        };
        let value = symbol_value(c).ok_or_else(|| {
            error(format!(
                "the scf payload has '{c}' at character {} where a givens character (0-9, A-Z, a-z) \
                 belongs: after cell {cell} of 81",
                at + 1
            ))
        })?;
        let (digit, empty_after) = run_of(value);
        if digit != 0 {
            grid.set(Cell(cell as u16), digit);
        }
        cell += 1 + empty_after;
    }
    Ok((grid, chars.as_str()))
}

/// Applies the feature letters after the givens to `spec`.
fn features(mut rest: &str, spec: &mut PuzzleSpec) -> Result<()> {
    let registry = Registry::default();
    let rule = |name: &str| {
        registry
            .rule(name)
            .ok_or_else(|| error(format!("no '{name}' rule")))
    };
    while let Some(letter) = rest.chars().next() {
        rest = &rest[letter.len_utf8()..];
        match letter {
            // The separator between the givens and the features.
            '*' => {}
            'w' => {
                for (top, left) in WINDOWS {
                    let cells: Vec<Cell> = (0..9)
                        .map(|i| Cell::at(top + i / 3, left + i % 3, SIZE))
                        .collect();
                    spec.rules.push(rule("extra-region")?.with("cells", cells));
                }
            }
            'x' => {
                spec.rules.push(rule("diagonal+")?);
                spec.rules.push(rule("diagonal-")?);
            }
            'a' | 't' => {
                let (text, after) = starred_text(rest);
                rest = after;
                let slot = if letter == 'a' {
                    &mut spec.author
                } else {
                    &mut spec.title
                };
                *slot = Some(text).filter(|t| !t.is_empty());
            }
            other => {
                return Err(error(format!(
                    "the scf payload has the feature '{other}' after its givens, which sudokit does not \
                     know (scf's features are w: windoku, x: X-sudoku, a…*: author, t…*: title)"
                )))
            }
        }
    }
    Ok(())
}

/// A text ended by a single `*` (or the payload's end), `**` standing for
/// `*`; and what follows the ending `*`.
fn starred_text(rest: &str) -> (String, &str) {
    let mut text = String::new();
    let mut chars = rest.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c != '*' {
            text.push(c);
        } else if chars.peek().is_some_and(|&(_, next)| next == '*') {
            chars.next();
            text.push('*');
        } else {
            return (text, &rest[at + 1..]);
        }
    }
    (text, "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_alphabet_runs_from_digits_to_lower_case() {
        assert_eq!(symbol_value('0'), Some(0));
        assert_eq!(symbol_value('9'), Some(9));
        assert_eq!(symbol_value('A'), Some(10));
        assert_eq!(symbol_value('Z'), Some(35));
        assert_eq!(symbol_value('a'), Some(36));
        assert_eq!(symbol_value('z'), Some(61));
        assert_eq!(symbol_value('*'), None);
    }

    #[test]
    fn starred_text_ends_at_a_single_star() {
        assert_eq!(starred_text("A **B** c*w"), ("A *B* c".to_string(), "w"));
        assert_eq!(starred_text("to the end"), ("to the end".to_string(), ""));
        assert_eq!(starred_text("*x"), (String::new(), "x"));
    }
}
