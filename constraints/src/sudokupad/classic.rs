//! SudokuPad's `classic…` puzzle ids: the givens of a classic puzzle (any
//! n×n with n ≤ 9) in one of two run-length codes, told apart as
//! SudokuPad's tools do (`SudokuPad/sudokutools`, `src/puzzletools_lib.js`,
//! `unzip`):
//!
//! * **code 1**: `1`–`9` are givens; a character of
//!   `A…Za…z()[]-.~:@!$&'*,;=_` at index `k` is `k` empty cells;
//! * **code 2**: the `scf` givens code ([`super::scf`]): a value `v`
//!   (`0-9A-Za-x`) is the digit `v % 10` (0: empty) and `v / 10` empty
//!   cells after it.
//!
//! A text only one code can spell is read in it; one both can spell is
//! read in code 2 when that gives a square grid of its digits, else in
//! code 1. (SudokuPad's tools take code 2 as soon as the number of cells
//! is square, which reads their own test id
//! `B6B91D7C2E15F4D9C3K6D4B3D25D4F8F87B4C5B7C3B` as an 8×8 grid with 9s;
//! its code 1 reading is a 9×9 puzzle.)

use sudokit_core::{Cell, Digit, Grid};

use super::scf::{run_of, symbol_value};
use super::{error, Import, SudokuPadError};
use crate::spec::PuzzleSpec;

/// Code 1's run characters: the one at index `k` stands for `k` empty
/// cells.
const RUNS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz()[]-.~:@!$&'*,;=_";

/// One of the two codes: the cells a payload spells (0 for empty).
type Decoder = fn(&str) -> Vec<Digit>;

/// Reads a `classic` id (the text after `classic`) into a puzzle.
pub(super) fn read(payload: &str) -> Result<Import, SudokuPadError> {
    let in_code_1 = payload
        .chars()
        .all(|c| matches!(c, '1'..='9') || RUNS.contains(c));
    let in_code_2 = payload
        .chars()
        .all(|c| c != 'y' && c != 'z' && symbol_value(c).is_some());
    let readings: [(&str, bool, Decoder); 2] = [("code 2", in_code_2, code_2), ("code 1", in_code_1, code_1)];
    let mut problems = Vec::new();
    for (name, _, decode) in readings.into_iter().filter(|r| r.1) {
        match grid_of(&decode(payload)) {
            Ok(givens) => {
                let mut spec = PuzzleSpec::new(givens.size());
                spec.givens = givens;
                return Ok(Import {
                    spec,
                    skipped: Vec::new(),
                });
            }
            Err(problem) => problems.push(format!("{name} {problem}")),
        }
    }
    Err(error(if problems.is_empty() {
        format!("the SudokuPad classic id '{payload}' is in neither of SudokuPad's classic codes")
    } else {
        format!(
            "the SudokuPad classic id is not a square grid up to 9×9 in either code: {}",
            problems.join("; ")
        )
    }))
}

/// The grid of decoded cells (0 for empty), or what keeps them from being
/// one.
fn grid_of(cells: &[Digit]) -> Result<Grid, String> {
    let n = side(cells.len()).ok_or_else(|| format!("gives {} cells", cells.len()))?;
    let mut givens = Grid::empty(n);
    for (index, &digit) in cells.iter().enumerate() {
        let cell = Cell(index as u16);
        match digit as usize {
            0 => {}
            d if d <= n => givens.set(cell, digit),
            d => return Err(format!("puts {d} in {} of a {n}×{n} grid", cell.name(n))),
        }
    }
    Ok(givens)
}

/// The side of a square grid of `cells` cells, from 1 to 9.
fn side(cells: usize) -> Option<usize> {
    (1..=9).find(|n| n * n == cells)
}

/// Code 1's cells (0 for empty).
fn code_1(payload: &str) -> Vec<Digit> {
    let mut cells = Vec::new();
    for c in payload.chars() {
        match c.to_digit(10) {
            Some(digit) => cells.push(digit as Digit),
            None => cells.extend(std::iter::repeat_n(0, RUNS.find(c).unwrap_or(0))),
        }
    }
    cells
}

/// Code 2's cells (0 for empty).
fn code_2(payload: &str) -> Vec<Digit> {
    let mut cells = Vec::new();
    for (digit, empty_after) in payload.chars().filter_map(symbol_value).map(run_of) {
        cells.push(digit);
        cells.extend(std::iter::repeat_n(0, empty_after));
    }
    cells
}
