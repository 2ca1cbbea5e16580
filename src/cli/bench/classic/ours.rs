//! Our strategies on a file: one untimed pass that checks every answer and
//! counts what the searches cost, and timed passes on one or more threads.

use std::time::Instant;

use rayon::prelude::*;
use sudokit::core::Puzzle;
use sudokit::solvers::{Limits, Stop, Strategy};

/// What the untimed pass learned about one strategy on one file.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Checked {
    /// Puzzles answered right: the first solution passes an independent
    /// check and, when proving uniqueness (limit 2), it is proven the only
    /// one (as the peer harnesses count).
    pub(super) solved: usize,
    /// Puzzles stopped by the time limit (`--timeout`).
    pub(super) timeouts: usize,
    /// Guesses (decisions with more than one option open) over all puzzles.
    pub(super) guesses: u64,
    /// Puzzles whose search never guessed.
    pub(super) no_guess: usize,
}

/// Solves every puzzle once, untimed: checks the answers and sums the
/// searches' [`Stats`](sudokit::solvers::Stats).
pub(super) fn check_pass(strategy: &dyn Strategy, puzzles: &[Puzzle], limits: &Limits) -> Checked {
    let mut checked = Checked::default();
    for puzzle in puzzles {
        let Ok(outcome) = strategy.solve(puzzle, limits) else {
            continue;
        };
        let right = outcome
            .solutions
            .first()
            .is_some_and(|s| puzzle.verify_solution(s).is_ok());
        let proven = limits.max_solutions == Some(1) || outcome.is_unique();
        checked.solved += usize::from(right && proven);
        checked.timeouts += usize::from(outcome.stop == Stop::TimeLimit);
        checked.guesses += outcome.stats.guesses;
        checked.no_guess += usize::from(outcome.stats.guesses == 0);
    }
    checked
}

/// Seconds to solve every puzzle once, on the calling thread, or split
/// among the threads of `pool`.
pub(super) fn time_pass(
    strategy: &dyn Strategy,
    puzzles: &[Puzzle],
    limits: &Limits,
    pool: Option<&rayon::ThreadPool>,
) -> f64 {
    let start = Instant::now();
    match pool {
        None => puzzles.iter().for_each(|p| {
            let _ = strategy.solve(p, limits);
        }),
        Some(pool) => pool.install(|| {
            puzzles.par_iter().for_each(|p| {
                let _ = strategy.solve(p, limits);
            });
        }),
    }
    start.elapsed().as_secs_f64()
}
