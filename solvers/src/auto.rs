//! The default strategy: the bitboards when the puzzle has the classic 9×9
//! rules only, the propagation search for everything else, raced against
//! SAT when it takes long (see `race.rs`).

use std::ops::ControlFlow;
use std::time::Duration;

use sudokit_core::{Grid, Puzzle, Unsupported};

use crate::bitboard::Bitboard;
use crate::limits::{Limits, Search};
use crate::propagation::PropagationSearch;
use crate::strategy::{Session, SolveError, Strategy};
#[cfg(not(target_arch = "wasm32"))]
use crate::{
    race,
    sat::{SatSearch, SatSolver},
};

/// Picks the fastest strategy that takes the puzzle: [`Bitboard`] for the
/// classic 9×9 rules, [`PropagationSearch`] (which takes every plugin)
/// otherwise. The answers are the same either way; only the speed and the
/// statistics differ.
///
/// When the propagation search has not answered "solve" or "is it unique?"
/// after [`race`](Auto::race), SAT starts on a second thread and the first
/// decisive answer wins (SAT's only when it proves no solution or a unique
/// one, so the answer is the one propagation would give). Only the
/// statistics then come from SAT.
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
#[derive(Clone, Debug)]
pub struct Auto {
    /// The strategy for puzzles the bitboards do not take.
    pub fallback: PropagationSearch,
    /// The head start of the propagation search before SAT races it, or
    /// `None` for no race. [`Auto::RACE_HEAD_START`] by default, `None` on
    /// WebAssembly (no threads there).
    pub race: Option<Duration>,
}

impl Default for Auto {
    fn default() -> Auto {
        Auto {
            fallback: PropagationSearch::default(),
            race: (!cfg!(target_arch = "wasm32")).then_some(Auto::RACE_HEAD_START),
        }
    }
}

impl Auto {
    /// Long enough that the usual variant puzzle (a few milliseconds to
    /// tens of them) is answered before SAT pays for its encoding; short
    /// beside the seconds a hard one takes.
    pub const RACE_HEAD_START: Duration = Duration::from_millis(50);

    /// The most cells of a board SAT races on: 16×16. Larger formulas take
    /// longer to build than the race is worth.
    #[cfg(not(target_arch = "wasm32"))]
    const MAX_RACED_CELLS: usize = 256;

    /// The strategy that searches `puzzle`.
    pub fn pick(&self, puzzle: &Puzzle) -> &dyn Strategy {
        if Bitboard.supports(puzzle).is_ok() {
            &Bitboard
        } else {
            &self.fallback
        }
    }

    /// The SAT rival and the head start, when this question on this puzzle
    /// is raced: not the bitboards' puzzles, a few solutions asked for, no
    /// node limit (SAT has no nodes), a board of at most 16×16, and a SAT
    /// solver compiled in. A rule SAT cannot encode is found by the rival
    /// itself (its error loses the race): checking it here would build the
    /// clauses on every call.
    #[cfg(not(target_arch = "wasm32"))]
    fn rival(&self, puzzle: &Puzzle, limits: &Limits) -> Option<(SatSearch, Duration)> {
        let head_start = self.race?;
        let asks_few = limits
            .max_solutions
            .is_some_and(|k| k <= race::MAX_RACED_SOLUTIONS);
        let sat = SatSearch::default();
        let raced = asks_few
            && limits.max_nodes.is_none()
            && puzzle.geometry().cell_count() <= Auto::MAX_RACED_CELLS
            && !puzzle.model().has_extra_variables()
            && !SatSolver::available().is_empty()
            && Bitboard.supports(puzzle).is_err();
        raced.then_some((sat, head_start))
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
        #[cfg(not(target_arch = "wasm32"))]
        if let Some((sat, head_start)) = self.rival(puzzle, limits) {
            return race::visit(&self.fallback, &sat, head_start, puzzle, limits, visitor);
        }
        self.pick(puzzle).visit(puzzle, limits, visitor)
    }
}
