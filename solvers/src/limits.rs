//! What a search may spend, how it ended, and what it cost.

use std::time::{Duration, Instant};

use std::ops::ControlFlow;

use sudokit_core::{Grid, Puzzle};

/// Bounds on a search. The default looks for two solutions, enough to tell
/// "unique" from "several", without node or time limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many solutions (`None`: find them all).
    pub max_solutions: Option<u64>,
    /// Stop after this many search nodes.
    pub max_nodes: Option<u64>,
    /// Stop after this much time.
    pub time_limit: Option<Duration>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::solutions(2)
    }
}

impl Limits {
    /// Stop after `n` solutions.
    pub fn solutions(n: u64) -> Limits {
        Limits {
            max_solutions: Some(n),
            max_nodes: None,
            time_limit: None,
        }
    }

    /// Enumerate every solution.
    pub fn all() -> Limits {
        Limits {
            max_solutions: None,
            max_nodes: None,
            time_limit: None,
        }
    }

    /// Also stop after `nodes` search nodes.
    pub fn with_nodes(mut self, nodes: u64) -> Limits {
        self.max_nodes = Some(nodes);
        self
    }

    /// Also stop after `time`.
    pub fn with_time(mut self, time: Duration) -> Limits {
        self.time_limit = Some(time);
        self
    }

    /// The deadline for a search starting now.
    pub fn deadline(&self, start: Instant) -> Option<Instant> {
        self.time_limit.map(|t| start + t)
    }

    /// These limits for an inner search that begins only now, after setup
    /// work that started at `start`: the time limit shrinks by the time
    /// already spent.
    pub fn after(&self, start: Instant) -> Limits {
        Limits {
            time_limit: self.time_limit.map(|t| t.saturating_sub(start.elapsed())),
            ..*self
        }
    }
}

/// Why a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The whole search space was explored: the count is exact.
    Exhausted,
    /// `max_solutions` solutions were found; there may be more.
    SolutionLimit,
    /// The node limit was reached.
    NodeLimit,
    /// The time limit was reached.
    TimeLimit,
    /// The visitor asked to stop.
    Visitor,
}

/// What a search cost (tdoku's metrics).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes: states the strategy looked at (the root included).
    pub nodes: u64,
    /// Decisions taken with more than one option open.
    pub guesses: u64,
    /// Dead ends undone.
    pub backtracks: u64,
    /// Constraint propagator runs.
    pub propagations: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, rhs: Stats) {
        self.nodes += rhs.nodes;
        self.guesses += rhs.guesses;
        self.backtracks += rhs.backtracks;
        self.propagations += rhs.propagations;
        self.elapsed += rhs.elapsed;
    }
}

/// How a visiting search ended: see [`Strategy::visit`](crate::Strategy::visit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// Solutions reported to the visitor.
    pub count: u64,
    /// Why it ended.
    pub stop: Stop,
    /// What it cost.
    pub stats: Stats,
}

/// The answer to "solve" or "count": solutions found, their number, whether
/// the search was exhaustive, and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found (empty when only counting).
    pub solutions: Vec<Grid>,
    /// Number of solutions found.
    pub count: u64,
    /// Why the search ended.
    pub stop: Stop,
    /// What it cost.
    pub stats: Stats,
}

impl Outcome {
    /// The outcome of a search and the solutions kept from it.
    pub fn of(search: Search, solutions: Vec<Grid>) -> Outcome {
        Outcome {
            solutions,
            count: search.count,
            stop: search.stop,
            stats: search.stats,
        }
    }

    /// True when the search explored everything: `count` is exact.
    pub fn exhaustive(&self) -> bool {
        self.stop == Stop::Exhausted
    }

    /// True when the puzzle has exactly one solution, proven.
    pub fn is_unique(&self) -> bool {
        self.count == 1 && self.exhaustive()
    }

    /// True when the puzzle has no solution, proven.
    pub fn is_unsolvable(&self) -> bool {
        self.count == 0 && self.exhaustive()
    }

    /// The count as people write it: `2+` when the limit cut the search
    /// short, `?` when a node or time limit stopped it before any solution.
    pub fn count_label(&self) -> String {
        match self.stop {
            Stop::Exhausted => self.count.to_string(),
            Stop::NodeLimit | Stop::TimeLimit if self.count == 0 => "?".to_string(),
            _ => format!("{}+", self.count),
        }
    }
}

/// Where a strategy hands every complete grid it reaches. The grid counts
/// as a solution only if it is complete and every rule's `check` accepts it
/// (propagators and encodings prune; `check` decides). It then goes to the
/// visitor, and the solution limit is applied.
pub(crate) struct Solutions<'a> {
    puzzle: &'a Puzzle,
    max: Option<u64>,
    visitor: &'a mut dyn FnMut(&Grid) -> ControlFlow<()>,
    count: u64,
}

impl<'a> Solutions<'a> {
    pub(crate) fn new(
        puzzle: &'a Puzzle,
        limits: &Limits,
        visitor: &'a mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Solutions<'a> {
        Solutions {
            puzzle,
            max: limits.max_solutions,
            visitor,
            count: 0,
        }
    }

    /// Offers a grid; `Some(stop)` when the search must end now.
    pub(crate) fn offer(&mut self, grid: &Grid) -> Option<Stop> {
        if !grid.is_complete() || self.puzzle.check(grid).is_err() {
            return None;
        }
        self.count += 1;
        if (self.visitor)(grid).is_break() {
            return Some(Stop::Visitor);
        }
        self.max
            .is_some_and(|max| self.count >= max)
            .then_some(Stop::SolutionLimit)
    }

    /// Solutions accepted so far.
    pub(crate) fn count(&self) -> u64 {
        self.count
    }
}
