//! The default strategy: the bitboards when the puzzle has the classic 9×9
//! rules only, the propagation search for everything else.

use std::ops::ControlFlow;

use sudokit_core::{Grid, Puzzle, Unsupported};

use crate::bitboard::Bitboard;
use crate::limits::{Limits, Search};
use crate::propagation::PropagationSearch;
use crate::strategy::{Session, SolveError, Strategy};

/// Picks the fastest strategy that takes the puzzle: [`Bitboard`] for the
/// classic 9×9 rules, [`PropagationSearch`] (which takes every plugin)
/// otherwise. The answers are the same either way; only the speed and the
/// statistics differ.
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Puzzle};
/// use sudokit_solvers::{Auto, Limits, Strategy};
/// // A 4×4 board is not for the bitboards: the propagation search counts it.
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with(ClassicRules).unwrap();
/// assert_eq!(Auto::default().pick(&puzzle).name(), "propagation");
/// assert_eq!(Auto::default().count(&puzzle, &Limits::all()).unwrap().count, 288);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Auto {
    /// The strategy for puzzles the bitboards do not take.
    pub fallback: PropagationSearch,
}

impl Auto {
    /// The strategy that searches `puzzle`.
    pub fn pick(&self, puzzle: &Puzzle) -> &dyn Strategy {
        if Bitboard.supports(puzzle).is_ok() {
            &Bitboard
        } else {
            &self.fallback
        }
    }
}

impl Strategy for Auto {
    fn name(&self) -> &'static str {
        "auto"
    }

    fn supports(&self, puzzle: &Puzzle) -> Result<(), Unsupported> {
        self.pick(puzzle).supports(puzzle)
    }

    fn prepare<'p>(&self, puzzle: &'p Puzzle) -> Result<Box<dyn Session + 'p>, SolveError> {
        self.pick(puzzle).prepare(puzzle)
    }

    fn visit(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        self.pick(puzzle).visit(puzzle, limits, visitor)
    }
}
