//! The classic rules: each row, column and region holds every digit once.

use std::borrow::Cow;

use sudokit_core::{
    Bits, Cell, Constraint, Geometry, Grid, Group, Puzzle, Rule, RuleError, SizeMismatch, Violation, Width,
};

use crate::units::{duplicate_violation, first_duplicate, Report};

/// Every row, column and box (or jigsaw region) of the board holds each
/// digit once, as one plugin.
///
/// It declares the board's `3n` units as all-different groups and has no
/// propagator of its own: the engine's built-in singles (Norvig's two
/// rules, incremental) propagate them, DLX makes them primary items and SAT
/// exactly-one clauses. Its `check` scans the units on its own.
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let grid = Grid::from_values(4, vec![1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
/// let err = ClassicRules.check(&g, &grid).unwrap_err();
/// assert_eq!(err.message, "r1c1 and r1c4 both hold 1 in row 1");
/// assert_eq!(ClassicRules.groups(&g).len(), 12);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassicRules;

/// The classic puzzle for a grid of givens: square (or `2×3`-style
/// rectangular) boxes and the classic rules.
pub fn classic_puzzle(givens: Grid) -> Result<Puzzle, ClassicError> {
    let geometry = Geometry::square(givens.size())?;
    Ok(Puzzle::new(geometry).with_givens(givens)?.with(ClassicRules)?)
}

/// Why a classic puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClassicError {
    /// The board size has no box shape.
    #[error(transparent)]
    Geometry(#[from] sudokit_core::GeometryError),
    /// The givens do not fit.
    #[error(transparent)]
    Size(#[from] SizeMismatch),
    /// The rules do not fit (never for the classic rules on their board).
    #[error(transparent)]
    Rule(#[from] RuleError),
}

impl Rule for ClassicRules {
    fn name(&self) -> Cow<'_, str> {
        "classic rules".into()
    }

    /// Rows, then columns, then boxes: unit `u` of the geometry is group `u`.
    fn groups(&self, geometry: &Geometry) -> Vec<Group> {
        geometry.units().iter().map(Group::of_unit).collect()
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        geometry.cells().collect()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        if clash_free(geometry, grid) {
            return Ok(());
        }
        // The scan by unit names the first clash in unit order.
        for unit in geometry.units() {
            if let Some(dup) = first_duplicate(grid, &unit.cells) {
                return Err(duplicate_violation(
                    Report::Describe,
                    geometry.size(),
                    dup,
                    || unit.name(),
                ));
            }
        }
        Ok(())
    }

    /// Only the new digit can clash, and only with a peer of its cell.
    #[inline]
    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        let Some(digit) = grid.get(cell) else {
            return true;
        };
        let values = grid.values();
        geometry
            .peers(cell)
            .iter()
            .all(|&peer| values[peer.index()] != digit)
    }
}

impl Constraint for ClassicRules {}

/// Whether no unit holds a digit twice: one pass over the placed cells with
/// a digit mask per unit. The scan by unit that names a clash costs three
/// times as much, and `solve` checks the givens of every puzzle it reads
/// (and a search every solution it finds).
fn clash_free(geometry: &Geometry, grid: &Grid) -> bool {
    // The board's own word: a 128-bit mask is two words to shift and test.
    match Width::for_size(geometry.size()) {
        Some(Width::W16) => clash_free_in::<u16>(geometry, grid),
        Some(Width::W32) => clash_free_in::<u32>(geometry, grid),
        Some(Width::W64) => clash_free_in::<u64>(geometry, grid),
        _ => clash_free_in::<u128>(geometry, grid),
    }
}

/// [`clash_free`] with digit masks of type `B`, which holds the board's digits.
fn clash_free_in<B: Bits>(geometry: &Geometry, grid: &Grid) -> bool {
    let units = geometry.units().len();
    let mut small = [B::ZERO; 48];
    let mut large = Vec::new();
    let seen: &mut [B] = if units <= small.len() {
        &mut small[..units]
    } else {
        large.resize(units, B::ZERO);
        &mut large
    };
    for (cell, digit) in grid.placed() {
        let bit = B::ONE << (digit as u32 - 1);
        for unit in geometry.units_of(cell) {
            if seen[unit] & bit != B::ZERO {
                return false;
            }
            seen[unit] = seen[unit] | bit;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-pass check agrees with the scan by unit, on square, 2×3 and
    /// jigsaw boards, for grids with and without clashes.
    #[test]
    fn clash_free_agrees_with_the_scan_by_unit() {
        // A 4×4 jigsaw: regions as ragged shapes.
        let jigsaw = Geometry::irregular(4, &[0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]).unwrap();
        let boards = [
            Geometry::square(4).unwrap(),
            Geometry::with_boxes(6, 2, 3).unwrap(),
            Geometry::square(9).unwrap(),
            jigsaw,
        ];
        let mut rng = fastrand::Rng::with_seed(7);
        let mut next = |below: usize| rng.usize(0..below);
        for geometry in &boards {
            let n = geometry.size();
            let (mut clashing, mut clean) = (0, 0);
            for _ in 0..400 {
                let mut grid = Grid::empty(n);
                for _ in 0..next(n * n / 2 + 1) {
                    grid.set(Cell(next(n * n) as u16), next(n) as u8 + 1);
                }
                let by_unit = geometry
                    .units()
                    .iter()
                    .all(|u| first_duplicate(&grid, &u.cells).is_none());
                assert_eq!(clash_free(geometry, &grid), by_unit, "{n}×{n}");
                assert_eq!(ClassicRules.check(geometry, &grid).is_ok(), by_unit);
                if by_unit {
                    clean += 1
                } else {
                    clashing += 1
                }
            }
            assert!(
                clashing > 50 && clean > 50,
                "{n}×{n}: {clashing} clashing, {clean} clean"
            );
        }
    }

    /// Each word width (16, 32, 64 and 128 digits) accepts a valid grid and
    /// finds a clash placed anywhere in it.
    #[test]
    fn clash_free_at_every_width() {
        let mut rng = fastrand::Rng::with_seed(11);
        for b in [4, 5, 6, 9] {
            let n = b * b;
            let geometry = Geometry::square(n).unwrap();
            // The banded pattern: shift each row by a box height, each band by one.
            let values = (0..n * n)
                .map(|i| ((b * (i / n % b) + i / n / b + i % n) % n + 1) as u8)
                .collect();
            let mut grid = Grid::from_values(n, values).unwrap();
            assert!(clash_free(&geometry, &grid), "{n}×{n} valid");
            for _ in 0..20 {
                let cell = Cell(rng.usize(0..n * n) as u16);
                let old = grid.get(cell).unwrap();
                grid.set(cell, (old as usize % n) as u8 + 1);
                assert!(!clash_free(&geometry, &grid), "{n}×{n}: {cell:?} changed");
                grid.set(cell, old);
            }
        }
    }
}
