//! The classic rules: each row, column and region holds every digit once.

use std::borrow::Cow;

use smallvec::SmallVec;
use sudokit_core::cnf::{ClauseOptions, ClauseSink};
use sudokit_core::{
    Cell, Contradiction, CoverSink, Ctx, Geometry, Grid, Propagate, Puzzle, Rule, SizeMismatch, Unsupported,
    Violation, Word,
};

use crate::units::{
    duplicate_violation, first_duplicate, group_clauses, group_cover, hidden_singles, UnitSet,
};

/// All-different on every row, column and box (or jigsaw region) of the
/// board, as one plugin.
///
/// Propagation is Norvig's, made incremental: when a cell is left with one
/// digit, that digit is removed from its peers; when a digit is left with
/// one place in a unit, it goes there. Only the cells that changed since the
/// last run, and the units they belong to, are looked at.
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let grid = Grid::from_values(4, vec![1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
/// let err = ClassicRules.check(&g, &grid).unwrap_err();
/// assert_eq!(err.message, "r1c1 and r1c4 both hold 1 in row 1");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassicRules;

/// The classic puzzle for a grid of givens: square (or `2×3`-style
/// rectangular) boxes and the classic rules.
pub fn classic_puzzle(givens: Grid) -> Result<Puzzle, ClassicError> {
    let geometry = Geometry::square(givens.size())?;
    Ok(Puzzle::new(geometry).with_givens(givens)?.with(ClassicRules))
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
}

impl Rule for ClassicRules {
    fn name(&self) -> Cow<'_, str> {
        "classic rules".into()
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        geometry.cells().collect()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        for unit in geometry.units() {
            if let Some(dup) = first_duplicate(grid, &unit.cells) {
                return Err(duplicate_violation(geometry.size(), dup, &unit.name()));
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

    fn exact_cover(&self, geometry: &Geometry, sink: &mut dyn CoverSink) -> Result<(), Unsupported> {
        for unit in geometry.units() {
            group_cover(geometry.size(), &unit.cells, sink);
        }
        Ok(())
    }

    /// Six of Kwon's eight families: each digit at most once in every row,
    /// column and region (Row≤1, Col≤1, Block≤1) and, when
    /// [`ClauseOptions::unit_at_least_one`] asks, at least once (Row≥1, Col≥1,
    /// Block≥1). The cell families (Cell≥1, Cell≤1) belong to the board and
    /// are added by the CNF builder. Block≤1 covers *all* pairs of a block,
    /// as the paper's clause count implies (its printed loop pairs only
    /// transposed cells, which is unsound).
    fn clauses(
        &self,
        geometry: &Geometry,
        options: &ClauseOptions,
        sink: &mut dyn ClauseSink,
    ) -> Result<(), Unsupported> {
        for unit in geometry.units() {
            group_clauses(geometry.size(), &unit.cells, options, sink);
        }
        Ok(())
    }
}

impl Propagate for ClassicRules {
    /// Runs Norvig's two rules to their joint fixpoint in one call: a
    /// worklist of newly fixed cells, and a set of units where a candidate
    /// disappeared (only those can hold a new hidden single).
    #[inline]
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, changed: &[Cell]) -> Result<(), Contradiction> {
        let geometry = cx.geometry();
        let mut fixed: SmallVec<[Cell; 32]> = SmallVec::new();
        let mut dirty = UnitSet::default();
        for &cell in changed {
            dirty.insert_all(geometry.units_of(cell));
            if cx.candidates(cell).is_single() {
                fixed.push(cell);
            }
        }
        loop {
            // A fixed cell's digit leaves its peers.
            while let Some(cell) = fixed.pop() {
                let digit = cx.candidates(cell);
                for &peer in geometry.peers(cell) {
                    if cx.remove_all(peer, digit)? {
                        dirty.insert_all(geometry.units_of(peer));
                        if cx.candidates(peer).is_single() {
                            fixed.push(peer);
                        }
                    }
                }
            }
            // A digit with one place in a unit goes there.
            let Some(unit) = dirty.pop() else {
                return Ok(());
            };
            hidden_singles(
                cx,
                &geometry.unit(unit).cells,
                |d| Contradiction::no_place(d, unit),
                |cell| {
                    fixed.push(cell);
                    dirty.insert_all(geometry.units_of(cell));
                },
            )?;
        }
    }
}
