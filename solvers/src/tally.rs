//! Adding up many searches: the figures `sudokit compare` prints.
//!
//! A [`Tally`] collects one [`Outcome`] per puzzle for one strategy on one
//! set of puzzles, with the wall-clock time the caller measured around the
//! call, and answers the questions a comparison asks: how many were solved,
//! how many ran out of time, how fast, and how much search each puzzle took.
//!
//! ```
//! use std::time::{Duration, Instant};
//! use sudokit_constraints::classic_puzzle;
//! use sudokit_core::format::{parse_grids, ParseOptions};
//! use sudokit_solvers::{Limits, PropagationSearch, Strategy, Tally};
//!
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let grid = parse_grids(text, &ParseOptions::default()).remove(0).unwrap().grid;
//! let puzzle = classic_puzzle(grid).unwrap();
//! let limits = Limits::solutions(2).with_time(Duration::from_secs(10));
//! let mut tally = Tally::default();
//! let started = Instant::now();
//! let outcome = PropagationSearch::default().count(&puzzle, &limits).unwrap();
//! tally.record(&outcome, started.elapsed());
//! assert_eq!((tally.solved(), tally.attempted(), tally.timeouts()), (1, 1, 0));
//! assert!(tally.nodes_per_puzzle() >= 1.0);
//! ```

use std::time::Duration;

use crate::limits::{Outcome, Stats, Stop};

/// Per-puzzle results of one strategy on one set of puzzles.
///
/// Times are the caller's measurements around each call (setup included),
/// not [`Stats::elapsed`]: that is what a user of the strategy waits for.
/// A puzzle cut short by its time limit keeps its (capped) time, so a run
/// with timeouts looks as slow as it was.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    times: Vec<Duration>,
    solved: usize,
    timeouts: usize,
    node_limits: usize,
    unsupported: usize,
    stats: Stats,
}

impl Tally {
    /// Adds the outcome of one puzzle and the time the call took.
    ///
    /// A puzzle counts as solved when at least one solution was found, and
    /// as timed out when the time limit cut the search short (a solution may
    /// have been found before, e.g. while proving it unique).
    pub fn record(&mut self, outcome: &Outcome, elapsed: Duration) {
        self.record_with_timeout(outcome, elapsed, None);
    }

    /// Like [`Tally::record`], but a search that took longer than `timeout`
    /// is counted as timed out even if it finished: a strategy that ignores
    /// [`Limits::time_limit`](crate::Limits::time_limit) gets no credit for
    /// overrunning it.
    pub fn record_with_timeout(&mut self, outcome: &Outcome, elapsed: Duration, timeout: Option<Duration>) {
        self.times.push(elapsed);
        self.stats += outcome.stats;
        let overran = timeout.is_some_and(|t| elapsed > t);
        if outcome.stop == Stop::TimeLimit || overran {
            self.timeouts += 1;
        } else if outcome.stop == Stop::NodeLimit {
            self.node_limits += 1;
        }
        if outcome.count > 0 && !overran {
            self.solved += 1;
        }
    }

    /// Notes a puzzle the strategy cannot take (see [`Strategy::supports`](crate::Strategy::supports)).
    pub fn record_unsupported(&mut self) {
        self.unsupported += 1;
    }

    /// Puzzles searched (unsupported ones excluded).
    pub fn attempted(&self) -> usize {
        self.times.len()
    }

    /// Puzzles with at least one solution found in time.
    pub fn solved(&self) -> usize {
        self.solved
    }

    /// Searches cut short by the time limit (or overrunning it).
    pub fn timeouts(&self) -> usize {
        self.timeouts
    }

    /// Searches cut short by the node limit.
    pub fn node_limits(&self) -> usize {
        self.node_limits
    }

    /// Puzzles the strategy could not take.
    pub fn unsupported(&self) -> usize {
        self.unsupported
    }

    /// The statistics of every search, added up.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Wall-clock time of all searches.
    pub fn total_time(&self) -> Duration {
        self.times.iter().sum()
    }

    /// Searched puzzles per second of searching (0 when nothing was searched).
    pub fn puzzles_per_second(&self) -> f64 {
        let total = self.total_time().as_secs_f64();
        if total > 0.0 {
            self.attempted() as f64 / total
        } else {
            0.0
        }
    }

    /// Mean time per searched puzzle.
    pub fn mean(&self) -> Duration {
        match self.attempted() {
            0 => Duration::ZERO,
            k => self.total_time() / k as u32,
        }
    }

    /// Median time per searched puzzle (the mean of the middle two for an
    /// even count).
    pub fn median(&self) -> Duration {
        let mut times = self.times.clone();
        times.sort_unstable();
        match times.len() {
            0 => Duration::ZERO,
            k if k % 2 == 1 => times[k / 2],
            k => (times[k / 2 - 1] + times[k / 2]) / 2,
        }
    }

    /// Longest time of a searched puzzle.
    pub fn max(&self) -> Duration {
        self.times.iter().max().copied().unwrap_or_default()
    }

    /// Mean search nodes per searched puzzle.
    pub fn nodes_per_puzzle(&self) -> f64 {
        self.per_puzzle(self.stats.nodes)
    }

    /// Mean guesses per searched puzzle.
    pub fn guesses_per_puzzle(&self) -> f64 {
        self.per_puzzle(self.stats.guesses)
    }

    fn per_puzzle(&self, total: u64) -> f64 {
        match self.attempted() {
            0 => 0.0,
            k => total as f64 / k as f64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(count: u64, stop: Stop, nodes: u64) -> Outcome {
        Outcome {
            solutions: Vec::new(),
            count,
            stop,
            stats: Stats {
                nodes,
                guesses: nodes / 2,
                ..Stats::default()
            },
        }
    }

    #[test]
    fn figures_of_a_small_run() {
        let ms = Duration::from_millis;
        let mut tally = Tally::default();
        tally.record(&outcome(1, Stop::Exhausted, 10), ms(1));
        tally.record(&outcome(2, Stop::SolutionLimit, 20), ms(3));
        tally.record(&outcome(0, Stop::TimeLimit, 30), ms(8));
        tally.record(&outcome(0, Stop::NodeLimit, 40), ms(4));
        tally.record_unsupported();
        assert_eq!(tally.attempted(), 4);
        assert_eq!(tally.solved(), 2);
        assert_eq!(
            (tally.timeouts(), tally.node_limits(), tally.unsupported()),
            (1, 1, 1)
        );
        assert_eq!(tally.mean(), Duration::from_micros(4000));
        assert_eq!(tally.median(), Duration::from_micros(3500));
        assert_eq!(tally.max(), ms(8));
        assert_eq!(tally.nodes_per_puzzle(), 25.0);
        assert_eq!(tally.guesses_per_puzzle(), 12.5);
        assert!((tally.puzzles_per_second() - 250.0).abs() < 1e-9);
    }

    #[test]
    fn overrunning_the_timeout_earns_no_credit() {
        let mut tally = Tally::default();
        let timeout = Some(Duration::from_millis(5));
        tally.record_with_timeout(&outcome(0, Stop::Exhausted, 1), Duration::from_millis(9), timeout);
        tally.record_with_timeout(&outcome(1, Stop::Exhausted, 1), Duration::from_millis(9), timeout);
        tally.record_with_timeout(&outcome(1, Stop::Exhausted, 1), Duration::from_millis(2), timeout);
        assert_eq!((tally.solved(), tally.timeouts()), (1, 2));
    }

    #[test]
    fn an_empty_tally_has_zero_figures() {
        let tally = Tally::default();
        assert_eq!(
            (tally.mean(), tally.median(), tally.max()),
            (Duration::ZERO, Duration::ZERO, Duration::ZERO)
        );
        assert_eq!((tally.puzzles_per_second(), tally.nodes_per_puzzle()), (0.0, 0.0));
    }
}
