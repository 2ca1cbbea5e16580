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

/// The orthogonal neighbours of `cell` on an `n`×`n` board.
pub(crate) fn orthogonal_neighbours(cell: Cell, n: usize) -> impl Iterator<Item = Cell> {
    let (r, c) = (cell.row(n), cell.col(n));
    [(0isize, 1isize), (1, 0), (0, -1), (-1, 0)]
        .into_iter()
        .filter_map(move |(dr, dc)| {
            let (r, c) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
            (r < n && c < n).then(|| Cell::at(r, c, n))
        })
}

/// The cell `(dr, dc)` away from `cell`, if on the board.
pub(crate) fn offset(cell: Cell, (dr, dc): (isize, isize), n: usize) -> Option<Cell> {
    let r = cell.row(n).checked_add_signed(dr)?;
    let c = cell.col(n).checked_add_signed(dc)?;
    (r < n && c < n).then(|| Cell::at(r, c, n))
}

/// Every pair of cells `(dr, dc)` apart for some move of `moves` (each move
/// with its opposite), once, on an `n`×`n` board.
pub(crate) fn pairs_apart(n: usize, moves: &[(isize, isize)]) -> Vec<(Cell, Cell)> {
    let mut pairs = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let a = Cell::at(r, c, n);
            for &(dr, dc) in moves {
                for (dr, dc) in [(dr, dc), (-dr, -dc)] {
                    let Some(r2) = r.checked_add_signed(dr) else {
                        continue;
                    };
                    let Some(c2) = c.checked_add_signed(dc) else {
                        continue;
                    };
                    if r2 < n && c2 < n {
                        let b = Cell::at(r2, c2, n);
                        if a < b {
                            pairs.push((a, b));
                        }
                    }
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// A pair of cells in a fixed order (the smaller index first), so that a
/// pair can be looked up whichever way it was written.
pub(crate) fn unordered((a, b): (Cell, Cell)) -> (Cell, Cell) {
    (a.min(b), a.max(b))
}
