//! Checking helpers shared by the all-different rules.

use sudokit_core::{Cell, Digit, Grid, Violation};

/// The first pair of cells in `cells` that hold the same digit.
pub(crate) fn first_duplicate(grid: &Grid, cells: &[Cell]) -> Option<(Cell, Cell, Digit)> {
    let mut seen = 0u128;
    for (i, &cell) in cells.iter().enumerate() {
        if let Some(d) = grid.get(cell) {
            let bit = 1u128 << (d - 1);
            if seen & bit != 0 {
                let first = cells[..i].iter().copied().find(|&c| grid.get(c) == Some(d))?;
                return Some((first, cell, d));
            }
            seen |= bit;
        }
    }
    None
}

/// "r1c1 and r1c5 both hold 7 in row 1".
pub(crate) fn duplicate_violation(n: usize, (a, b, d): (Cell, Cell, Digit), place: &str) -> Violation {
    Violation::new(
        format!("{} and {} both hold {d} in {place}", a.name(n), b.name(n)),
        vec![a, b],
    )
}

/// Whether the digit just placed in `cell` clashes with one of `cells`.
pub(crate) fn clashes(grid: &Grid, cells: &[Cell], cell: Cell) -> bool {
    match grid.get(cell) {
        Some(digit) => cells
            .iter()
            .any(|&other| other != cell && grid.get(other) == Some(digit)),
        None => false,
    }
}
