//! Exact solution counts, however many there are: `sudokit count`.
//!
//! [`count_exact`] counts every solution of a puzzle on one prepared
//! [`Session`], in sub-searches small enough to report progress and to
//! stop at a time limit or a [`Cancel`] token with a count that is then a
//! lower bound. Two ideas make it fast:
//!
//! * **Digit symmetry.** When some digits are interchangeable (no given
//!   uses them, and every rule treats them alike: see [`digit_symmetry`]),
//!   only the solutions whose interchangeable digits appear in increasing
//!   order along one house are searched, and their number is multiplied by
//!   the number of orderings. The empty 6×6 board (2×3 boxes) has
//!   28,200,960 solutions; with its six digits interchangeable, 39,168 are
//!   searched (× 6! = 720).
//! * **Splitting by cases.** The count is split into sub-searches by
//!   branching, with the puzzle's propagation, on the most constrained
//!   cell: every solution lies in exactly one case, so the sum is exact,
//!   and each case's share of the search tree moves the progress.

use crate::clock::Instant;
use std::ops::ControlFlow;
use std::time::Duration;

use sudokit_core::{Cell, Digit, Digits, Engine, Grid, GroupId, Kind, Puzzle, State, Width, Word};

use crate::cases::{self, Choice, Reached, Walker};
use crate::limits::{Cancel, Limits, Stats, Stop};
use crate::propagation::{most_constrained, PropagationSearch};
use crate::strategy::{Session, SolveError, Start, Strategy};

/// Cases of at most this share of the search tree (by the branching
/// factors above them) are counted by one sub-search: the progress moves
/// in about this many steps.
const CASES: f64 = 1024.0;

/// Before splitting a puzzle without digit symmetry, one search of the
/// whole puzzle is tried within this many nodes and this much time: a
/// puzzle with few solutions is then counted as `solve --count --all`
/// would count it, without the cost of splitting.
const FIRST_TRY_NODES: u64 = 2_000;
const FIRST_TRY_TIME: Duration = Duration::from_millis(50);

/// A sub-search reports progress every this many solutions.
const REPORT_EVERY: u64 = 1 << 16;

/// How many of the solutions found are checked to map to solutions under
/// a swap of interchangeable digits (a rule whose `check` says more than
/// its declarations would break the symmetry; see [`digit_symmetry`]).
pub(crate) const ORBITS_CHECKED: usize = 16;

/// Digits that can be swapped in any solution to give another: the
/// classes of interchangeable digits, and the house whose cells order them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigitSymmetry {
    /// A complete group ([`Group::is_complete`](sudokit_core::Group::is_complete)),
    /// in [`Model::groups`](sudokit_core::Model::groups): it holds every
    /// digit exactly once.
    pub house: GroupId,
    /// Its name, for messages (`row 1`).
    pub house_name: String,
    /// Classes of two or more interchangeable digits, each sorted, in order
    /// of their smallest digit.
    pub classes: Vec<Vec<Digit>>,
    /// The number of digit permutations within the classes: the product of
    /// `k!` over classes of `k` digits (at most `u64::MAX`: a class is cut
    /// short rather than let it grow past that).
    pub factor: u128,
}

/// The digit symmetry of a puzzle, if it has one that [`count_exact`] can
/// use, decided from what the rules declare.
///
/// Two digits `a` and `b` are interchangeable when swapping them turns
/// every solution into a solution. That holds when no given uses either,
/// and every rule is declarative and blind to the swap:
///
/// * every constraint of [`Kind::Rule`] has no propagator of its own and
///   declares something (a rule known only by its `check` could mean
///   anything), and no rule declares a sum;
/// * groups and plain `≠` relations are blind to any permutation of digits;
///   another relation (its table) must allow `(σx, σy)` exactly when it
///   allows `(x, y)`, for `σ` the swap of `a` and `b` (`=` does; `<` and a
///   kropki dot do not);
/// * every cell's domain holds both digits or neither (with odd cells, odd
///   digits are interchangeable among themselves).
///
/// Swaps that keep all of this generate every permutation within a class,
/// so the classes are the sets of pairwise interchangeable digits. A rule
/// is trusted to `check` what it declares (the engine propagates the
/// declarations and `check` decides); [`count_exact`] still checks the
/// first solutions it finds against a swap in each class, and counts
/// without the symmetry if one fails.
///
/// A house is also needed: a complete group (one with `n` cells, a row, a
/// column, a box), the one with the fewest givens. `None` when nothing is
/// interchangeable or there is no house.
///
/// ```
/// use sudokit_constraints::{ClassicRules, Parity, ParityCells};
/// use sudokit_core::{Cell, Geometry, Puzzle};
/// use sudokit_solvers::digit_symmetry;
/// let empty = Puzzle::new(Geometry::square(4).unwrap()).with(ClassicRules).unwrap();
/// let symmetry = digit_symmetry(&empty).unwrap();
/// assert_eq!((symmetry.classes.clone(), symmetry.factor), (vec![vec![1, 2, 3, 4]], 24));
/// // An odd cell: odd digits swap with odd digits, even with even.
/// let odd = empty.with(ParityCells::new(Parity::Odd, [Cell(5)])).unwrap();
/// assert_eq!(digit_symmetry(&odd).unwrap().classes, vec![vec![1, 3], vec![2, 4]]);
/// ```
pub fn digit_symmetry(puzzle: &Puzzle) -> Option<DigitSymmetry> {
    let geometry = puzzle.geometry();
    let n = puzzle.size();
    let mut used = Digits::<u128>::EMPTY;
    for (_, digit) in puzzle.givens().placed() {
        used.insert(digit);
    }
    // A class needs two digits no given uses: the cheap test first, since
    // `auto` asks this of every puzzle it solves.
    if n - used.len() < 2 {
        return None;
    }
    let model = puzzle.model();
    for constraint in puzzle.constraints().iter().filter(|c| c.kind() == Kind::Rule) {
        let declares = !constraint.groups(geometry).is_empty()
            || !constraint.relations(geometry).is_empty()
            || !constraint.domains(geometry).is_empty();
        if constraint.has_propagator() || !constraint.sums(geometry).is_empty() || !declares {
            return None;
        }
    }
    if !model.sums().is_empty() {
        return None;
    }
    let mut domains: Vec<Digits<u128>> = geometry.cells().map(|cell| model.domain(cell)).collect();
    domains.sort_unstable_by_key(|d| d.to_u128());
    domains.dedup();
    let mut tables: Vec<u32> = geometry
        .cells()
        .flat_map(|cell| model.links(cell).iter().map(|link| link.table))
        .collect();
    tables.sort_unstable();
    tables.dedup();
    let swappable = |a: Digit, b: Digit| {
        let swap = |x: Digit| match x {
            x if x == a => b,
            x if x == b => a,
            x => x,
        };
        domains.iter().all(|d| d.contains(a) == d.contains(b))
            && tables.iter().all(|&t| {
                let table = model.table(t);
                // Only pairs with `a` or `b` on one side move.
                (1..=n as Digit).all(|x| {
                    [a, b].iter().all(|&y| {
                        table.allows(x, y) == table.allows(swap(x), swap(y))
                            && table.allows(y, x) == table.allows(swap(y), swap(x))
                    })
                })
            })
    };
    // Interchangeability is an equivalence (a swap conjugated by a swap is
    // a swap), so each digit is compared with one member of each class.
    let mut classes: Vec<Vec<Digit>> = Vec::new();
    for digit in (1..=n as Digit).filter(|&d| !used.contains(d)) {
        match classes.iter_mut().find(|class| swappable(class[0], digit)) {
            Some(class) => class.push(digit),
            None => classes.push(vec![digit]),
        }
    }
    // Keep the factor within u64, so that counts times it fit a u128.
    let mut factor: u128 = 1;
    for class in &mut classes {
        let mut keep = 0;
        while keep < class.len() && factor * (keep as u128 + 1) <= u64::MAX as u128 {
            keep += 1;
            factor *= keep as u128;
        }
        class.truncate(keep);
    }
    classes.retain(|class| class.len() > 1);
    if classes.is_empty() {
        return None;
    }
    let givens = puzzle.givens();
    let house = (0..model.groups().len())
        .filter(|&g| model.group(g).is_complete(n))
        .min_by_key(|&g| {
            let cells = model.group(g).cells();
            n - cells.iter().filter(|&&c| givens.get(c).is_some()).count()
        })?;
    Some(DigitSymmetry {
        house,
        house_name: model.group(house).name().to_string(),
        classes,
        factor,
    })
}

/// How far a count has got, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CountProgress {
    /// The share of the search tree done, from 0 to 1 (each case weighs
    /// its share of the branching above it, so a rough guide to time).
    pub fraction: f64,
    /// Solutions counted so far (the symmetry factor applied): a lower
    /// bound of the count.
    pub count: u128,
    /// Sub-searches run.
    pub searches: u64,
    /// Time since the count started.
    pub elapsed: Duration,
}

/// The exact number of solutions of a puzzle, or a lower bound when a
/// limit stopped the count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountResult {
    /// Solutions: all of them when `exact`, otherwise those found (a lower
    /// bound).
    pub count: u128,
    /// True when the whole search space was explored.
    pub exact: bool,
    /// Why the count ended: [`Stop::Exhausted`] when exact, otherwise
    /// [`Stop::TimeLimit`], [`Stop::Cancelled`] or [`Stop::NodeLimit`].
    pub stop: Stop,
    /// The sub-searches' statistics, added up; `elapsed` is the whole count.
    pub stats: Stats,
    /// Sub-searches run on the session.
    pub searches: u64,
    /// The digit symmetry used, if any.
    pub symmetry: Option<DigitSymmetry>,
    /// What the searched solutions were multiplied by: the symmetry's
    /// factor, 1 without one.
    pub symmetry_factor: u128,
}

/// Counts every solution of `puzzle` with the propagation strategy; see
/// [`count_exact_with`].
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Puzzle};
/// use sudokit_solvers::{count_exact, Limits};
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with(ClassicRules).unwrap();
/// let result = count_exact(&puzzle, &Limits::all(), &mut |_| {}, None).unwrap();
/// assert_eq!((result.count, result.exact, result.symmetry_factor), (288, true, 24));
/// ```
pub fn count_exact(
    puzzle: &Puzzle,
    limits: &Limits,
    progress: &mut dyn FnMut(&CountProgress),
    cancel: Option<Cancel>,
) -> Result<CountResult, SolveError> {
    count_exact_with(&PropagationSearch::default(), puzzle, limits, progress, cancel)
}

/// Counts every solution of `puzzle` with `strategy`, exactly, in u128.
///
/// The count runs on one [`Session`] of the strategy:
///
/// 1. With a [`digit_symmetry`] of `k₁ + k₂ + …` interchangeable digits and
///    a house `H`, only solutions where each class's digits appear in
///    increasing order along `H`'s cells are counted, and the count is
///    multiplied by `k₁! · k₂! · …`. Every class digit appears exactly once
///    in `H` (a complete group holds each digit once), so in each orbit of
///    a solution under the permutations of the classes (all of them
///    solutions, all different, since each moves a digit of `H`) the
///    digits of a class meet `H` in all `k!` orders, and exactly one member
///    has them in increasing order. `H`'s open cells are filled first, in
///    `H`'s order, each with its candidates after propagation, a class
///    digit only when it is its class's smallest not yet placed in `H`.
/// 2. Then the cases are split further, on the cell with the fewest
///    candidates, while a case weighs more than about 1/1024 of the tree,
///    and each is counted by one sub-search from a [`Start`] that places
///    its digits (without symmetry, one search of the whole puzzle within
///    a small budget comes first).
///
/// `limits`: the time limit (counted from this call) and the node limit
/// (over all sub-searches) stop the count, as does `cancel` (or the
/// limits' own token), within a few hundred nodes of the current
/// sub-search; the count is then a lower bound, `exact` false.
/// `max_solutions` is ignored. `progress` hears after each sub-search.
pub fn count_exact_with(
    strategy: &dyn Strategy,
    puzzle: &Puzzle,
    limits: &Limits,
    progress: &mut dyn FnMut(&CountProgress),
    cancel: Option<Cancel>,
) -> Result<CountResult, SolveError> {
    let started = Instant::now();
    let mut limits = Limits {
        max_solutions: None,
        ..*limits
    };
    if cancel.is_some() {
        limits.cancel = cancel;
    }
    let mut session = strategy.prepare(puzzle)?;
    let symmetry = digit_symmetry(puzzle);
    if let Some(result) = run(
        session.as_mut(),
        puzzle,
        &limits,
        started,
        symmetry.clone(),
        progress,
    )? {
        return Ok(result);
    }
    // A rule's `check` broke the symmetry its declarations promised.
    let result = run(session.as_mut(), puzzle, &limits, started, None, progress)?;
    Ok(result.expect("a count without symmetry always ends"))
}

/// Dispatches on the board's word width. `None` when the symmetry turned
/// out not to hold.
fn run(
    session: &mut dyn Session,
    puzzle: &Puzzle,
    limits: &Limits,
    started: Instant,
    symmetry: Option<DigitSymmetry>,
    progress: &mut dyn FnMut(&CountProgress),
) -> Result<Option<CountResult>, SolveError> {
    let n = puzzle.size();
    match Width::for_size(n).ok_or(SolveError::TooLarge(n))? {
        Width::W16 => Counter::<u16>::new(session, puzzle, limits, started, symmetry, progress).run(),
        Width::W32 => Counter::<u32>::new(session, puzzle, limits, started, symmetry, progress).run(),
        Width::W64 => Counter::<u64>::new(session, puzzle, limits, started, symmetry, progress).run(),
        Width::W128 => Counter::<u128>::new(session, puzzle, limits, started, symmetry, progress).run(),
    }
}

/// The symmetry as the search needs it (the count's cases, the
/// estimator's probes).
#[derive(Debug)]
pub(crate) struct Order {
    house: Vec<Cell>,
    /// Per digit (index `d`), its class, if any.
    class_of: Vec<Option<usize>>,
    classes: Vec<Vec<Digit>>,
}

impl Order {
    pub(crate) fn new(symmetry: &DigitSymmetry, puzzle: &Puzzle) -> Order {
        let mut class_of = vec![None; puzzle.size() + 1];
        for (c, class) in symmetry.classes.iter().enumerate() {
            for &d in class {
                class_of[d as usize] = Some(c);
            }
        }
        Order {
            house: puzzle.model().group(symmetry.house).cells().to_vec(),
            class_of,
            classes: symmetry.classes.clone(),
        }
    }

    /// The house's cells, in the order that orders the digits.
    pub(crate) fn house(&self) -> &[Cell] {
        &self.house
    }

    /// Reads the house's fixed cells in order up to the first open one:
    /// `None` when a class's digits are out of order there (no solution of
    /// the case is counted), else the open cell, if any, with the digits it
    /// may take: its candidates, a class digit only when it is the
    /// smallest of its class not yet in the house.
    pub(crate) fn next<W: Word>(&self, state: &State<W>) -> Option<Option<(Cell, Vec<Digit>)>> {
        let mut next = vec![0usize; self.classes.len()];
        for &cell in &self.house {
            let set = state.candidates(cell);
            match set.single_digit() {
                Some(digit) => {
                    if let Some(c) = self.class_of[digit as usize] {
                        if self.classes[c].get(next[c]) != Some(&digit) {
                            return None;
                        }
                        next[c] += 1;
                    }
                }
                None => {
                    let digits = set
                        .iter()
                        .filter(|&d| match self.class_of[d as usize] {
                            Some(c) => self.classes[c].get(next[c]) == Some(&d),
                            None => true,
                        })
                        .collect();
                    return Some(Some((cell, digits)));
                }
            }
        }
        Some(None)
    }

    /// True when every swap of two digits of a class turns `grid` into a
    /// grid the puzzle accepts.
    pub(crate) fn holds_for(&self, puzzle: &Puzzle, grid: &Grid) -> bool {
        self.classes.iter().all(|class| {
            class.windows(2).all(|pair| {
                let (a, b) = (pair[0], pair[1]);
                let swap = |v: Digit| match v {
                    v if v == a => b,
                    v if v == b => a,
                    v => v,
                };
                relabelled(puzzle, grid, swap).is_some()
            })
        })
    }
}

/// `grid` with every digit `d` written as `map(d)`, if the puzzle accepts
/// it: how a digit symmetry is tested on a solution and how a solution's
/// relabellings are made.
pub(crate) fn relabelled(puzzle: &Puzzle, grid: &Grid, map: impl Fn(Digit) -> Digit) -> Option<Grid> {
    let values = grid.values().iter().map(|&v| map(v)).collect();
    Grid::from_values(grid.size(), values).filter(|image| puzzle.check(image).is_ok())
}

/// One count in progress.
struct Counter<'a, W: Word> {
    session: &'a mut dyn Session,
    puzzle: &'a Puzzle,
    limits: Limits,
    deadline: Option<Instant>,
    started: Instant,
    order: Option<Order>,
    symmetry: Option<DigitSymmetry>,
    progress: &'a mut dyn FnMut(&CountProgress),
    /// Solutions counted, before the symmetry factor.
    found: u128,
    /// The share of the tree done.
    done: f64,
    stats: Stats,
    searches: u64,
    /// Set when a limit ended the count.
    stop: Option<Stop>,
    orbits_checked: usize,
    /// Set when a solution's swapped twin broke a rule.
    broken: bool,
    _word: std::marker::PhantomData<W>,
}

impl<'a, W: Word> Counter<'a, W> {
    fn new(
        session: &'a mut dyn Session,
        puzzle: &'a Puzzle,
        limits: &Limits,
        started: Instant,
        symmetry: Option<DigitSymmetry>,
        progress: &'a mut dyn FnMut(&CountProgress),
    ) -> Counter<'a, W> {
        Counter {
            session,
            puzzle,
            limits: *limits,
            deadline: limits.deadline(started),
            started,
            order: symmetry.as_ref().map(|s| Order::new(s, puzzle)),
            symmetry,
            progress,
            found: 0,
            done: 0.0,
            stats: Stats::default(),
            searches: 0,
            stop: None,
            orbits_checked: 0,
            broken: false,
            _word: std::marker::PhantomData,
        }
    }

    fn factor(&self) -> u128 {
        self.symmetry.as_ref().map_or(1, |s| s.factor)
    }

    fn run(mut self) -> Result<Option<CountResult>, SolveError> {
        let mut root = State::<W>::with_givens(self.puzzle.geometry(), self.puzzle.givens());
        let mut engine = Engine::rules_only(self.puzzle.model());
        engine.schedule_all();
        let alive = engine.propagate(&mut root, None).is_ok();
        self.stop = self.limits.expired(self.deadline);
        let settled = if !alive || self.stop.is_some() {
            true
        } else if self.order.is_none() {
            self.first_try()?
        } else {
            false
        };
        if !settled {
            if let ControlFlow::Break(Some(error)) =
                cases::walk(&mut engine, &mut self, &mut Vec::new(), root, 1.0)
            {
                return Err(error);
            }
        }
        if self.broken {
            return Ok(None);
        }
        self.done = if self.stop.is_none() { 1.0 } else { self.done };
        self.report();
        let factor = self.factor();
        self.stats.elapsed = self.started.elapsed();
        Ok(Some(CountResult {
            count: self.found.saturating_mul(factor),
            exact: self.stop.is_none(),
            stop: self.stop.unwrap_or(Stop::Exhausted),
            stats: self.stats,
            searches: self.searches,
            symmetry_factor: factor,
            symmetry: self.symmetry,
        }))
    }

    /// One search of the whole puzzle within a small budget: true when it
    /// settled the count (or a limit of the caller's stopped it).
    fn first_try(&mut self) -> Result<bool, SolveError> {
        let limits = self.limits.after(self.started);
        let budget = Limits {
            max_nodes: Some(
                limits
                    .max_nodes
                    .map_or(FIRST_TRY_NODES, |m| m.min(FIRST_TRY_NODES)),
            ),
            time_limit: Some(
                limits
                    .time_limit
                    .map_or(FIRST_TRY_TIME, |t| t.min(FIRST_TRY_TIME)),
            ),
            ..limits
        };
        let search = self.session.count(&Start::new(), &budget)?;
        self.searches += 1;
        let ours = match search.stop {
            Stop::NodeLimit => limits.max_nodes.is_none_or(|m| m > FIRST_TRY_NODES),
            Stop::TimeLimit => limits.time_limit.is_none_or(|t| t > FIRST_TRY_TIME),
            _ => false,
        };
        if ours {
            // Split instead; the solutions found so far are found again.
            self.stats.nodes += search.stats.nodes;
            return Ok(false);
        }
        self.stats += search.stats;
        self.found += u128::from(search.count);
        if search.stop != Stop::Exhausted {
            self.stop = Some(search.stop);
        }
        Ok(true)
    }

    /// Counts one case, reached by `placed`, with one search of the session.
    fn count_case(&mut self, placed: &[(Cell, Digit)], weight: f64) -> Result<(), SolveError> {
        let mut limits = self.limits.after(self.started);
        if let Some(max) = limits.max_nodes {
            if self.stats.nodes >= max {
                self.stop = Some(Stop::NodeLimit);
                return Ok(());
            }
            limits.max_nodes = Some(max - self.stats.nodes);
        }
        let start = cases::start_of(placed);
        let (puzzle, order) = (self.puzzle, self.order.as_ref());
        let mut checking = ORBITS_CHECKED.saturating_sub(self.orbits_checked);
        let mut broken = false;
        // A long search reports its solutions as it goes.
        let mut seen = 0u64;
        let factor = self.factor();
        let mut report = CountProgress {
            fraction: self.done.clamp(0.0, 1.0),
            count: 0,
            searches: self.searches,
            elapsed: Duration::ZERO,
        };
        let (found, started, progress) = (self.found, self.started, &mut self.progress);
        let search = self.session.visit(&start, &limits, &mut |grid| {
            if let (Some(order), true) = (order, checking > 0) {
                checking -= 1;
                if !order.holds_for(puzzle, grid) {
                    broken = true;
                    return ControlFlow::Break(());
                }
            }
            seen += 1;
            if seen % REPORT_EVERY == 0 {
                report.count = (found + u128::from(seen)).saturating_mul(factor);
                report.elapsed = started.elapsed();
                progress(&report);
            }
            ControlFlow::Continue(())
        })?;
        self.orbits_checked = ORBITS_CHECKED - checking;
        self.searches += 1;
        self.stats += search.stats;
        if broken {
            self.broken = true;
            return Ok(());
        }
        self.found += u128::from(search.count);
        if search.stop == Stop::Exhausted {
            self.done += weight;
        } else {
            self.stop = Some(search.stop);
        }
        self.report();
        Ok(())
    }

    fn report(&mut self) {
        let progress = CountProgress {
            fraction: self.done.clamp(0.0, 1.0),
            count: self.found.saturating_mul(self.factor()),
            searches: self.searches,
            elapsed: self.started.elapsed(),
        };
        (self.progress)(&progress);
    }
}

/// The count's cases: the symmetry's house first, in its order, then the
/// most constrained cell while a case weighs more than 1/[`CASES`] of the
/// tree; each case is counted as it is reached. The walk breaks off at a
/// limit, a broken symmetry (`None`) or an error.
impl<W: Word> Walker<W> for Counter<'_, W> {
    type Break = Option<SolveError>;

    fn choose(&mut self, state: &State<W>, weight: f64) -> ControlFlow<Option<SolveError>, Choice> {
        if self.stop.is_some() || self.broken {
            return ControlFlow::Break(None);
        }
        if let Some(stop) = self.limits.expired(self.deadline) {
            self.stop = Some(stop);
            return ControlFlow::Break(None);
        }
        let open = match &self.order {
            Some(order) => match order.next(state) {
                None => return ControlFlow::Continue(Choice::Dead),
                Some(open) => open,
            },
            None => None,
        };
        let branch = match open {
            Some(open) => Some(open),
            None if weight * CASES > 1.0 => {
                most_constrained(state).map(|cell| (cell, state.candidates(cell).iter().collect()))
            }
            None => None,
        };
        ControlFlow::Continue(match branch {
            Some((cell, digits)) => Choice::Branch(cell, digits),
            None => Choice::Case,
        })
    }

    fn reach(&mut self, reached: Reached<'_>) -> ControlFlow<Option<SolveError>> {
        match reached {
            Reached::Dead(weight) => self.done += weight,
            Reached::Case { placed, weight, .. } => {
                if let Err(error) = self.count_case(placed, weight) {
                    return ControlFlow::Break(Some(error));
                }
            }
        }
        if self.stop.is_some() || self.broken {
            ControlFlow::Break(None)
        } else {
            ControlFlow::Continue(())
        }
    }
}
