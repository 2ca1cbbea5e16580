//! The `Strategy` trait every solving method implements.

use std::ops::ControlFlow;

use sudokit_core::{Grid, Puzzle, Unsupported};

use crate::backtracking::Backtracking;
use crate::dlx::Dlx;
use crate::limits::{Limits, Outcome, Search};
use crate::propagation::PropagationSearch;
use crate::sat::SatSearch;

/// Why a strategy could not search a puzzle at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The strategy cannot express one of the puzzle's constraints.
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
    /// The board is larger than the strategy handles.
    #[error("a {0}×{0} board is too large for this strategy")]
    TooLarge(usize),
}

/// A solving method. All strategies give the same answers on the same
/// puzzle; one that cannot express a constraint says so up front through
/// [`Strategy::supports`] and never ignores it.
pub trait Strategy: Send + Sync + std::fmt::Debug {
    /// Short name used on the command line: `propagation`, `dlx` …
    fn name(&self) -> &'static str;

    /// Whether this strategy can take `puzzle`, with a typed reason if not.
    fn supports(&self, puzzle: &Puzzle) -> Result<(), Unsupported> {
        let _ = puzzle;
        Ok(())
    }

    /// Streams solutions to `visitor` until the search space or a limit is
    /// exhausted, or the visitor breaks. Every reported grid is complete,
    /// keeps the givens, and passes every constraint's `check`.
    ///
    /// Every field of `limits` must be honoured, the time limit included:
    /// look at the clock at least every few hundred nodes, so that callers
    /// such as `sudokit compare` can bound a run over thousands of puzzles.
    fn visit(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError>;

    /// Finds solutions up to the limits and keeps them.
    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Outcome, SolveError> {
        let mut solutions = Vec::new();
        let search = self.visit(puzzle, limits, &mut |grid| {
            solutions.push(grid.clone());
            ControlFlow::Continue(())
        })?;
        Ok(Outcome {
            solutions,
            count: search.count,
            stop: search.stop,
            stats: search.stats,
        })
    }

    /// Counts solutions up to the limits without keeping them.
    fn count(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Outcome, SolveError> {
        let search = self.visit(puzzle, limits, &mut |_| ControlFlow::Continue(()))?;
        Ok(Outcome {
            solutions: Vec::new(),
            count: search.count,
            stop: search.stop,
            stats: search.stats,
        })
    }
}

/// Names accepted by [`strategy_by_name`], in the order `sudokit compare`
/// lists them: the naive baseline last.
pub const STRATEGY_NAMES: &[&str] = &["propagation", "dlx", "sat", "backtracking"];

/// The strategy called `name` with its default settings.
///
/// ```
/// use sudokit_solvers::{strategy_by_name, STRATEGY_NAMES};
/// for name in STRATEGY_NAMES {
///     assert_eq!(strategy_by_name(name).unwrap().name(), *name);
/// }
/// assert!(strategy_by_name("magic").is_none());
/// ```
pub fn strategy_by_name(name: &str) -> Option<Box<dyn Strategy>> {
    match name {
        "propagation" => Some(Box::new(PropagationSearch::default())),
        "dlx" => Some(Box::new(Dlx)),
        "sat" => Some(Box::new(SatSearch::default())),
        "backtracking" => Some(Box::new(Backtracking)),
        _ => None,
    }
}
