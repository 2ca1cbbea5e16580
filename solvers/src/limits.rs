//! What a search may spend, how it ended, and what it cost.

use crate::clock::Instant;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

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
    /// Stop as soon as this token is cancelled (from another thread, or a
    /// Ctrl-C handler). Strategies look at it as often as at the clock.
    pub cancel: Option<Cancel>,
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
            cancel: None,
        }
    }

    /// Enumerate every solution.
    pub fn all() -> Limits {
        Limits {
            max_solutions: None,
            max_nodes: None,
            time_limit: None,
            cancel: None,
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

    /// Also stop when `cancel` is cancelled.
    pub fn with_cancel(mut self, cancel: Cancel) -> Limits {
        self.cancel = Some(cancel);
        self
    }

    /// True once the cancellation token, if any, has been cancelled.
    #[inline]
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.is_cancelled())
    }

    /// Whether a search must end now for want of time or because it was
    /// cancelled: `Some(Stop::Cancelled)`, `Some(Stop::TimeLimit)` past
    /// `deadline`, `None` otherwise. Reads the clock, so call it every few
    /// hundred nodes rather than at each.
    #[inline]
    pub fn expired(&self, deadline: Option<Instant>) -> Option<Stop> {
        if self.cancelled() {
            Some(Stop::Cancelled)
        } else if deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::TimeLimit)
        } else {
            None
        }
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
    /// The [`Cancel`] token of the limits was cancelled.
    Cancelled,
}

/// A cancellation token: cheap to copy into [`Limits`], cancelled from
/// anywhere (another thread, a Ctrl-C handler), and seen by every strategy
/// within a few hundred search nodes.
///
/// It points to a flag that lives for the whole program, so that `Limits`
/// stays `Copy`: [`Cancel::new`] allocates one (a byte that is never
/// freed: make one per run or per thread, not one per search), and
/// [`Cancel::from_static`] uses a `static` of the caller's.
///
/// ```
/// use sudokit_solvers::Cancel;
/// let cancel = Cancel::new();
/// let copy = cancel;
/// assert!(!copy.is_cancelled());
/// cancel.cancel();
/// assert!(copy.is_cancelled());
/// copy.reset();
/// assert!(!cancel.is_cancelled());
/// ```
#[derive(Clone, Copy)]
pub struct Cancel(&'static AtomicBool);

impl Cancel {
    /// A new token, not cancelled.
    pub fn new() -> Cancel {
        Cancel(Box::leak(Box::new(AtomicBool::new(false))))
    }

    /// A token over a flag of the caller's (`static FLAG: AtomicBool`).
    pub fn from_static(flag: &'static AtomicBool) -> Cancel {
        Cancel(flag)
    }

    /// Asks every search that holds this token to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// True once [`cancel`](Cancel::cancel) was called (and not reset).
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Makes the token usable again.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

impl Default for Cancel {
    fn default() -> Cancel {
        Cancel::new()
    }
}

/// Two tokens are equal when they share one flag.
impl PartialEq for Cancel {
    fn eq(&self, other: &Cancel) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Cancel {}

impl fmt::Debug for Cancel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Cancel").field(&self.is_cancelled()).finish()
    }
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
            Stop::NodeLimit | Stop::TimeLimit | Stop::Cancelled if self.count == 0 => "?".to_string(),
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
