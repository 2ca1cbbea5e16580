//! One propagation search split between threads: the top of the tree cut
//! into cases (the count's walk, `cases.rs`), the cases dealt out in order
//! from a shared queue to workers that each search them with a session of
//! their own.
//!
//! A proof of uniqueness walks the whole tree (LITTLE_KILLER_SNIPES[9]:
//! 3.6 M nodes, about 29 s on one core), and no rival shortens it, so on
//! two cores both should walk it. Each worker keeps its conflict weights
//! from case to case ([`Session::keep_learning`]): with each case starting
//! afresh the tree grows (see docs/benchmarks.md, "(stop 52, split52)").
//!
//! The solutions reported are the first in the cases' order, so a
//! solution found in a later case counts only once every earlier case is
//! done, and the split stops as soon as the cases done from the first on
//! hold the solutions asked for. Which solutions a case holds does not
//! depend on timing; the order within a case does when the workers keep
//! their learning, since a case's search then branches by the weights of
//! whichever cases its worker took before (with
//! [`Split::keep_learning`] off, the order is that of one search walking
//! the cases one after the other). Neither is the order of the propagation
//! search alone: `auto` takes the split's answer only where every complete
//! search gives the same one (no solution, or one), as the race takes a
//! rival's.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

use sudokit_core::{Engine, Grid, Puzzle, State, Width, Word};

use crate::cases::{self, Choice, Reached, Walker};
use crate::clock::Instant;
use crate::limits::{Cancel, Limits, Search, Stats, Stop};
use crate::propagation::{most_constrained, PropagationSearch};
use crate::race::{self, Rival};
use crate::strategy::{SolveError, Start, Strategy};

/// How often the coordinator looks at the caller's cancel token.
const POLL: Duration = Duration::from_millis(5);

/// A propagation search split between threads.
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Puzzle};
/// use sudokit_solvers::{Limits, PropagationSearch, Split};
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with(ClassicRules).unwrap();
/// let split = Split::new(PropagationSearch::default(), 2);
/// let mut found = 0;
/// let search = split.visit(&puzzle, &Limits::all(), &mut |_| {
///     found += 1;
///     std::ops::ControlFlow::Continue(())
/// });
/// assert_eq!((search.unwrap().count, found), (288, 288));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Split {
    /// The search of each case.
    pub search: PropagationSearch,
    /// Workers, each on a thread of its own (the caller's thread waits
    /// and watches its cancel token).
    pub threads: usize,
    /// The cases weigh at most 1/`pieces` of the tree (by the branching
    /// factors above them): more pieces balance the cores better to the
    /// end, fewer keep the searches' learning together.
    pub pieces: u32,
    /// Each case weighs at most the share of the tree not yet cut over
    /// `guide` (and at least 1/`pieces`): large cases first, smaller ones
    /// toward the end. 0 or 1: every case is cut to 1/`pieces`.
    pub guide: u32,
    /// Whether each worker carries its conflict weights from one case to
    /// the next ([`Session::keep_learning`](crate::Session::keep_learning)).
    pub keep_learning: bool,
}

impl Split {
    /// The cases' default number ([`Split::pieces`]): see docs/benchmarks.md,
    /// "(stop 52, split52)".
    pub const PIECES: u32 = 16;

    /// [`Split::guide`] per worker.
    pub const GUIDE: u32 = 2;

    /// `search` split between `threads` workers, with the defaults.
    pub fn new(search: PropagationSearch, threads: usize) -> Split {
        Split {
            search,
            threads: threads.max(1),
            pieces: Split::PIECES,
            guide: Split::GUIDE * threads.max(1) as u32,
            keep_learning: true,
        }
    }

    /// Whether this question on this puzzle can be split: no node limit
    /// (the workers' nodes add up only case by case) and no variables
    /// beyond the cells (a case places digits in cells).
    pub fn splits(&self, puzzle: &Puzzle, limits: &Limits) -> bool {
        limits.max_nodes.is_none() && !puzzle.model().has_extra_variables()
    }

    /// Streams the first solutions in the cases' order to `visitor` (see
    /// the module's doc), up to `limits`; statistics summed over the
    /// workers, `elapsed` the wall time. A question the split does not
    /// take ([`Split::splits`]) is the search's alone.
    pub fn visit(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        if !self.splits(puzzle, limits) {
            return self.search.visit(puzzle, limits, visitor);
        }
        let started = Instant::now();
        let n = puzzle.size();
        let cases = match Width::for_size(n).ok_or(SolveError::TooLarge(n))? {
            Width::W16 => cut::<u16>(puzzle, self.pieces, self.guide),
            Width::W32 => cut::<u32>(puzzle, self.pieces, self.guide),
            Width::W64 => cut::<u64>(puzzle, self.pieces, self.guide),
            Width::W128 => cut::<u128>(puzzle, self.pieces, self.guide),
        };
        let (found, mut search) = self.deal(puzzle, &cases, &limits.after(started))?;
        race::replay(&mut search, found, visitor);
        search.stats.elapsed = started.elapsed();
        Ok(search)
    }

    /// Deals `cases` out to the workers and gathers their solutions in the
    /// cases' order.
    fn deal(
        &self,
        puzzle: &Puzzle,
        cases: &[Start],
        limits: &Limits,
    ) -> Result<(Vec<Grid>, Search), SolveError> {
        let started = Instant::now();
        let token = split_token();
        let caller = limits.cancel;
        let own = Limits {
            cancel: Some(token),
            ..*limits
        };
        let board = Mutex::new(Board::new(cases.len(), limits.max_solutions));
        let next = AtomicUsize::new(0);
        let work = |sender: mpsc::Sender<()>| {
            let result = self.work(puzzle, cases, &own, started, &next, &board, token);
            if let Err(error) = result {
                let mut board = board.lock().unwrap_or_else(|e| e.into_inner());
                board.error.get_or_insert(error);
                token.cancel();
            }
            drop(sender);
        };
        std::thread::scope(|scope| {
            let (sender, finished) = mpsc::channel::<()>();
            for _ in 0..self.threads {
                let sender = sender.clone();
                scope.spawn(move || work(sender));
            }
            drop(sender);
            // Every worker holds a sender: the channel closes once all end.
            loop {
                match finished.recv_timeout(POLL) {
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    _ => {
                        if caller.is_some_and(|c| c.is_cancelled()) {
                            token.cancel();
                        }
                    }
                }
            }
        });
        let board = board.into_inner().unwrap_or_else(|e| e.into_inner());
        board.finish()
    }

    /// One worker: the next case from the queue, until none is left or the
    /// split is decided or stopped.
    #[allow(clippy::too_many_arguments, reason = "the split's shared context")]
    fn work(
        &self,
        puzzle: &Puzzle,
        cases: &[Start],
        limits: &Limits,
        started: Instant,
        next: &AtomicUsize,
        board: &Mutex<Board>,
        token: Cancel,
    ) -> Result<(), SolveError> {
        let mut session = self.search.prepare(puzzle)?;
        if self.keep_learning {
            session.keep_learning();
        }
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= cases.len() || token.is_cancelled() {
                return Ok(());
            }
            if board
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .settled_before(index)
            {
                continue;
            }
            let mut grids = Vec::new();
            let search = session.visit(&cases[index], &limits.after(started), &mut |grid| {
                grids.push(grid.clone());
                ControlFlow::Continue(())
            })?;
            let mut board = board.lock().unwrap_or_else(|e| e.into_inner());
            if board.record(index, search, grids) {
                token.cancel();
            }
        }
    }
}

/// The race, then the split: `main` races `rivals` ([`race::visit`]) for
/// `after`, and if that did not settle it, `main` is split between
/// `threads` workers ([`Split`]) on puzzles whose long proofs are one
/// search that no rival shortens (sums across groups). The split's answer
/// is taken when decisive (no solution or one, proven), as a rival's is,
/// and when a limit of the caller's stopped it; with two solutions or
/// more (whose first ones depend on the order of the search) `main`
/// searches again alone, so the answer is always the one `main` gives.
/// `after` zero: the split at once.
pub(crate) fn after_race(
    main: &PropagationSearch,
    rivals: &[Rival<'_>],
    after: Duration,
    threads: usize,
    puzzle: &Puzzle,
    limits: &Limits,
    visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Result<Search, SolveError> {
    let began = Instant::now();
    let mut raced = Stats::default();
    if !after.is_zero() {
        let first = Limits {
            time_limit: Some(limits.time_limit.map_or(after, |t| t.min(after))),
            ..*limits
        };
        let mut found = Vec::new();
        let mut search = race::visit(main, rivals, puzzle, &first, &mut |grid| {
            found.push(grid.clone());
            ControlFlow::Continue(())
        })?;
        let settled = search.stop != Stop::TimeLimit || limits.time_limit.is_some_and(|t| t <= after);
        if settled {
            race::replay(&mut search, found, visitor);
            return Ok(search);
        }
        raced = search.stats;
    }
    let split = Split::new(*main, threads);
    let mut finish = Vec::new();
    let mut search = split.visit(puzzle, &limits.after(began), &mut |grid| {
        finish.push(grid.clone());
        ControlFlow::Continue(())
    })?;
    search.stats += raced;
    let decided = search.stop == Stop::Exhausted && search.count <= 1;
    let stopped = matches!(search.stop, Stop::TimeLimit | Stop::Cancelled);
    if decided || stopped {
        let (mut search, found) = race::as_main_would_end(search, finish, limits);
        search.stats.elapsed = began.elapsed();
        race::replay(&mut search, found, visitor);
        return Ok(search);
    }
    // Several solutions: the first ones are the main search's to say.
    let spent = search.stats;
    let mut search = main.visit(puzzle, &limits.after(began), visitor)?;
    search.stats += spent;
    search.stats.elapsed = began.elapsed();
    Ok(search)
}

/// The token that stops a split's workers: one per coordinating thread,
/// reset before each split (a [`Cancel`] is never freed).
fn split_token() -> Cancel {
    thread_local! {
        static TOKEN: std::cell::Cell<Option<Cancel>> = const { std::cell::Cell::new(None) };
    }
    TOKEN.with(|slot| {
        let token = slot.get().unwrap_or_default();
        slot.set(Some(token));
        token.reset();
        token
    })
}

/// What the workers found, case by case.
struct Board {
    /// Per case, once searched: its solutions, in its search's order.
    done: Vec<Option<Vec<Grid>>>,
    /// The solutions asked for (`None`: all).
    wanted: Option<u64>,
    /// The first case not yet searched (every case before it is).
    first_open: usize,
    /// Solutions in the cases before `first_open`.
    before_open: u64,
    /// Set once the cases done from the first on hold `wanted` solutions.
    decided: bool,
    /// A limit of the caller's that stopped a case (time, cancel).
    limit: Option<Stop>,
    /// A case's search that failed.
    error: Option<SolveError>,
    /// Solutions (complete or not) of a case stopped by a limit.
    partial: Vec<(usize, Vec<Grid>)>,
    stats: Stats,
}

impl Board {
    fn new(cases: usize, wanted: Option<u64>) -> Board {
        Board {
            done: vec![None; cases],
            wanted,
            first_open: 0,
            before_open: 0,
            decided: false,
            limit: None,
            error: None,
            partial: Vec::new(),
            stats: Stats::default(),
        }
    }

    /// True when the cases before `index` already hold the solutions asked
    /// for: nothing in case `index` can be reported.
    fn settled_before(&self, index: usize) -> bool {
        let Some(wanted) = self.wanted else {
            return false;
        };
        let mut found = 0;
        for case in self.done[..index].iter().flatten() {
            found += case.len() as u64;
        }
        self.decided || found >= wanted
    }

    /// Records case `index`'s search; true when the split is now decided
    /// or stopped by a limit.
    fn record(&mut self, index: usize, search: Search, grids: Vec<Grid>) -> bool {
        self.stats += search.stats;
        match search.stop {
            Stop::Exhausted | Stop::SolutionLimit => self.done[index] = Some(grids),
            // The split's own token, once decided: the case no longer counts.
            Stop::Cancelled if self.decided => return true,
            stop => {
                self.limit.get_or_insert(stop);
                self.partial.push((index, grids));
                return true;
            }
        }
        while let Some(Some(case)) = self.done.get(self.first_open) {
            self.before_open += case.len() as u64;
            self.first_open += 1;
        }
        if self.wanted.is_some_and(|k| self.before_open >= k) {
            self.decided = true;
        }
        self.decided
    }

    /// The solutions in the cases' order and the whole split's search.
    fn finish(self) -> Result<(Vec<Grid>, Search), SolveError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let mut found: Vec<(usize, Grid)> = Vec::new();
        for (index, case) in self.done.into_iter().enumerate() {
            found.extend(case.into_iter().flatten().map(|grid| (index, grid)));
        }
        for (index, grids) in self.partial {
            found.extend(grids.into_iter().map(|grid| (index, grid)));
        }
        found.sort_by_key(|&(index, _)| index);
        let mut found: Vec<Grid> = found.into_iter().map(|(_, grid)| grid).collect();
        let stop = if self.decided {
            Stop::SolutionLimit
        } else {
            self.limit.unwrap_or(Stop::Exhausted)
        };
        if let Some(k) = self.wanted {
            found.truncate(k as usize);
        }
        let search = Search {
            count: found.len() as u64,
            stop,
            stats: self.stats,
        };
        Ok((found, search))
    }
}

/// The cases of `puzzle`'s tree as starts that place their digits, in the
/// tree's order: each at most the share of the tree not yet cut over
/// `guide` (guided self-scheduling: large cases first, where a worker's
/// weights learn the most, smaller ones toward the end, where the workers
/// must end together), and never cut below 1/`pieces`.
fn cut<W: Word>(puzzle: &Puzzle, pieces: u32, guide: u32) -> Vec<Start> {
    let mut root = State::<W>::with_givens(puzzle.geometry(), puzzle.givens());
    let mut engine = Engine::rules_only(puzzle.model());
    engine.schedule_all();
    if engine.propagate(&mut root, None).is_err() {
        return Vec::new();
    }
    let mut cutter = Cutter {
        finest: 1.0 / f64::from(pieces.max(1)),
        spread: if guide <= 1 {
            f64::INFINITY
        } else {
            f64::from(guide)
        },
        reached: 0.0,
        cases: Vec::new(),
    };
    let _ = cases::walk(&mut engine, &mut cutter, &mut Vec::new(), root, 1.0);
    cutter.cases
}

/// The split's walk: the most constrained cell while a case weighs more
/// than the share left over `spread`, and more than `finest`.
struct Cutter {
    finest: f64,
    spread: f64,
    /// The share of the tree cut so far.
    reached: f64,
    cases: Vec<Start>,
}

impl<W: Word> Walker<W> for Cutter {
    type Break = ();

    fn choose(&mut self, state: &State<W>, weight: f64) -> ControlFlow<(), Choice> {
        let most = self.finest.max((1.0 - self.reached) / self.spread);
        let cell = (weight > most * (1.0 + 1e-9))
            .then(|| most_constrained(state))
            .flatten();
        ControlFlow::Continue(match cell {
            Some(cell) => Choice::Branch(cell, state.candidates(cell).iter().collect()),
            None => Choice::Case,
        })
    }

    fn reach(&mut self, reached: Reached<'_>) -> ControlFlow<()> {
        match reached {
            Reached::Case { placed, weight } => {
                self.cases.push(cases::start_of(placed));
                self.reached += weight;
            }
            Reached::Dead(weight) => self.reached += weight,
        }
        ControlFlow::Continue(())
    }
}
