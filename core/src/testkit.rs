//! What a plugin author tests a rule with (feature `testkit`).
//!
//! Three tools, from the one a person reads to the ones that prove:
//!
//! * [`propagate`] runs a rule (and only it) on a candidate grid you write
//!   by hand and renders what it removed, step by step with its reasons:
//!   an [`insta`](https://insta.rs) snapshot of it shows a reviewer exactly
//!   what the rule does;
//! * [`check_soundness`] is a brute-force differential check on small
//!   boards: from random starting candidates, every solution is enumerated
//!   through the rules' `check` alone (no propagator involved), the engine
//!   propagates the same start, and no digit that some solution uses may be
//!   gone. A failure names the rule that removed it;
//! * [`check_search`] walks a whole search tree of a puzzle whose solution
//!   is known and checks every propagation on the way: while the state
//!   still allows the solution, no rule may remove one of its digits.
//!
//! ```
//! use sudokit_core::testkit::{check_soundness, propagate, Soundness};
//! use sudokit_core::{Cell, Constraint, Geometry, Grid, Puzzle, Relation, Rule, Violation};
//! # use std::borrow::Cow;
//!
//! /// r1c1 is smaller than r1c2.
//! #[derive(Clone, Debug)]
//! struct Smaller;
//! impl Rule for Smaller {
//!     fn name(&self) -> Cow<'_, str> { "smaller".into() }
//!     fn relations(&self, _: &Geometry) -> Vec<(Cell, Cell, Relation)> {
//!         vec![(Cell(0), Cell(1), Relation::Less)]
//!     }
//!     fn check(&self, _: &Geometry, grid: &Grid) -> Result<(), Violation> {
//!         match (grid.get(Cell(0)), grid.get(Cell(1))) {
//!             (Some(a), Some(b)) if a >= b => Err(Violation::new("not smaller", vec![Cell(0), Cell(1)])),
//!             _ => Ok(()),
//!         }
//!     }
//! }
//! impl Constraint for Smaller {}
//!
//! let g = Geometry::square(4).unwrap();
//! let report = propagate(&g, vec![Box::new(Smaller)], "34 . . .\n. . . .\n. . . .\n. . . .").unwrap();
//! assert_eq!(report.removals(), "r1c1 −{4}, r1c2 −{1,2,3}");
//! let puzzle = Puzzle::new(g).with(Smaller).unwrap();
//! assert!(check_soundness(&puzzle, &Soundness::default()).is_ok());
//! ```

use std::fmt::{self, Write as _};

use crate::cell::{Cell, Digit};
use crate::constraint::{Constraint, Kind, Word};
use crate::contradiction::Contradiction;
use crate::digits::{Digits, Width};
use crate::engine::{Decision, Engine, Progress};
use crate::explain::{Step, Unsound};
use crate::format::{display_candidates, parse_candidates, ParseError};
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::puzzle::{Puzzle, RuleError};
use crate::state::State;

/// Calls `$f::<W>($args)` with the word of an `$n`×`$n` board.
macro_rules! by_width {
    ($n:expr_2021, $f:ident($($arg:expr_2021),*)) => {
        match Width::for_size($n).expect("boards are at most 128×128") {
            Width::W16 => $f::<u16>($($arg),*),
            Width::W32 => $f::<u32>($($arg),*),
            Width::W64 => $f::<u64>($($arg),*),
            Width::W128 => $f::<u128>($($arg),*),
        }
    };
}

/// The variables a brute force fills: the cells, then the extra variables
/// the rules declare ([`Rule::variables`](crate::Rule::variables), a chaos
/// construction's regions), which it fills like digits.
fn variable_count(puzzle: &Puzzle) -> usize {
    puzzle.model().variable_count()
}

/// An empty grid with room for the puzzle's extra variables.
fn blank(puzzle: &Puzzle) -> Grid {
    Grid::empty(puzzle.size()).with_layer(variable_count(puzzle) - puzzle.geometry().cell_count())
}

/// What [`propagate`] did: the candidates before and after, the steps with
/// their reasons, and how it ended. Its `Display` is made for snapshots.
#[derive(Clone, Debug)]
pub struct Report {
    geometry: Geometry,
    puzzle: std::sync::Arc<Puzzle>,
    /// Every cell's candidates before.
    pub before: Vec<Digits<u128>>,
    /// Every cell's candidates after.
    pub after: Vec<Digits<u128>>,
    /// The deductions, in order.
    pub steps: Vec<Step>,
    /// How it failed, in words, if it did.
    pub contradiction: Option<String>,
}

impl Report {
    /// The removals, one cell per entry in reading order: `r1c2 −{1,2,3}`.
    pub fn removals(&self) -> String {
        let n = self.geometry.size();
        let mut out = Vec::new();
        for (i, (before, after)) in self.before.iter().zip(&self.after).enumerate() {
            let gone = *before - *after;
            if !gone.is_empty() {
                let digits: Vec<String> = gone.iter().map(|d| d.to_string()).collect();
                out.push(format!("{} −{{{}}}", Cell(i as u16).name(n), digits.join(",")));
            }
        }
        out.join(", ")
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "before:")?;
        f.write_str(&display_candidates(&self.geometry, &self.before))?;
        writeln!(f, "after:")?;
        f.write_str(&display_candidates(&self.geometry, &self.after))?;
        writeln!(f, "steps:")?;
        for step in &self.steps {
            writeln!(f, "  {}", step.describe(self.puzzle.model()))?;
        }
        let removals = self.removals();
        writeln!(
            f,
            "removed: {}",
            if removals.is_empty() { "nothing" } else { &removals }
        )?;
        match &self.contradiction {
            Some(why) => writeln!(f, "result: contradiction: {why}"),
            None => writeln!(f, "result: fixpoint"),
        }
    }
}

/// Why a testkit call could not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TestkitError {
    /// The candidate grid could not be read.
    #[error("candidates: {0}")]
    Candidates(#[from] ParseError),
    /// A rule does not fit the board.
    #[error(transparent)]
    Rule(#[from] RuleError),
}

/// Runs `rules` (and nothing else: no classic rules unless you pass them) to
/// their fixpoint on the candidate grid `candidates`, written as
/// [`parse_candidates`] reads it, and reports what they removed and why.
pub fn propagate(
    geometry: &Geometry,
    rules: Vec<Box<dyn Constraint>>,
    candidates: &str,
) -> Result<Report, TestkitError> {
    let start = parse_candidates(geometry, candidates)?;
    let mut puzzle = Puzzle::new(geometry.clone());
    for rule in rules {
        puzzle.push(rule)?;
    }
    Ok(propagate_from(&puzzle, &start))
}

/// [`propagate`] for a puzzle built already (its givens are ignored: the
/// candidates say everything).
pub fn propagate_from(puzzle: &Puzzle, start: &[Digits<u128>]) -> Report {
    propagate_with(puzzle, start, false)
}

/// [`propagate_from`], with the engine's built-in locked candidates (and
/// overlap subsets) on when `locked` holds, as searches run them.
fn propagate_with(puzzle: &Puzzle, start: &[Digits<u128>], locked: bool) -> Report {
    fn run<W: Word>(puzzle: &Puzzle, start: &[Digits<u128>], locked: bool) -> Report {
        let mut state = State::<W>::from_candidates(puzzle.geometry(), start);
        let mut engine = Engine::new(puzzle.model()).with_locked_candidates(locked);
        engine.schedule_all();
        let (result, steps) = engine.record(&mut state, None);
        Report {
            geometry: puzzle.geometry().clone(),
            puzzle: std::sync::Arc::new(puzzle.clone()),
            before: start.to_vec(),
            after: widen(&state),
            steps,
            contradiction: result.err().map(|c| puzzle.describe(&c)),
        }
    }
    by_width!(puzzle.size(), run(puzzle, start, locked))
}

/// Options of [`check_soundness`].
#[derive(Clone, Debug, PartialEq)]
pub struct Soundness {
    /// Random starts to try.
    pub trials: usize,
    /// Seed of the random generator: the same seed, the same starts.
    pub seed: u64,
    /// Chance that a cell of a start is a given (of a random solution).
    pub given: f64,
    /// Chance that a cell of a start loses some candidates.
    pub narrowed: f64,
    /// Chance that a narrowed cell loses the random solution's own digit
    /// too, so that starts whose solutions are others get tested.
    pub lose_solution_digit: f64,
    /// A start whose brute-force enumeration takes more nodes than this is
    /// skipped (and counted as skipped).
    pub max_nodes: u64,
    /// Also run the engine's built-in locked candidates and overlap subsets
    /// (off by default, as in a rule's own propagation; searches turn them
    /// on), so that they get the same brute-force check.
    pub locked_candidates: bool,
}

impl Default for Soundness {
    fn default() -> Soundness {
        Soundness {
            trials: 200,
            seed: 1,
            given: 0.25,
            narrowed: 0.3,
            lose_solution_digit: 0.1,
            max_nodes: 200_000,
            locked_candidates: false,
        }
    }
}

/// What [`check_soundness`] did when every propagation was sound.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SoundnessReport {
    /// Starts checked.
    pub checked: usize,
    /// Starts skipped: enumerating their solutions took too long.
    pub skipped: usize,
    /// Starts with at least one solution.
    pub satisfiable: usize,
    /// Starts where propagation found a contradiction (none had a solution).
    pub contradictions: usize,
    /// Candidates removed by propagation, over all starts.
    pub removed: usize,
}

/// A propagation that removed a digit some solution uses.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct UnsoundPropagation {
    /// What went wrong, with the start and the solution, for people.
    pub message: String,
    /// The start's candidates.
    pub start: Vec<Digits<u128>>,
    /// The solution that lost a digit.
    pub solution: Grid,
    /// The first unsound removal, when the engine could name it.
    pub removal: Option<Unsound>,
}

/// The brute-force differential check: see the [module docs](self).
///
/// Each trial takes a random solution of `puzzle` (found through `check`
/// alone), builds a start from it (some cells given, some narrowed, now and
/// then the solution's own digit removed so that other solutions are
/// tested too), enumerates every solution of the start through `check`
/// alone, and propagates the start with every constraint of the puzzle,
/// techniques included. Run it on 4×4 and 6×6 boards, with and without the
/// classic rules beside the rule under test.
pub fn check_soundness(
    puzzle: &Puzzle,
    options: &Soundness,
) -> Result<SoundnessReport, Box<UnsoundPropagation>> {
    let geometry = puzzle.geometry();
    let n = geometry.size();
    let cells = variable_count(puzzle);
    let mut rng = fastrand::Rng::with_seed(options.seed);
    let mut report = SoundnessReport::default();
    let full = Digits::<u128>::full(n);
    for _ in 0..options.trials {
        let witness = random_solution(puzzle, &mut rng, options.max_nodes);
        let mut start = vec![full; cells];
        for (i, slot) in start.iter_mut().enumerate() {
            let keep = witness.as_ref().map(|w| w.all_values()[i]);
            if rng.f64() < options.given {
                if let Some(d) = keep {
                    *slot = Digits::single(d);
                    continue;
                }
            }
            if rng.f64() < options.narrowed {
                let mut set = Digits::EMPTY;
                for d in 1..=n as Digit {
                    if rng.bool() || keep == Some(d) {
                        set.insert(d);
                    }
                }
                // Now and then the solution's own digit goes too.
                if rng.f64() < options.lose_solution_digit {
                    if let Some(d) = keep {
                        set.remove(d);
                    }
                }
                if set.is_empty() {
                    set.insert(rng.u8(1..=n as u8));
                }
                *slot = set;
            }
        }
        let Some(support) = Support::of(puzzle, &start, options.max_nodes) else {
            report.skipped += 1;
            continue;
        };
        report.checked += 1;
        let propagated = propagate_with(puzzle, &start, options.locked_candidates);
        let unsound = |solution: &Grid, cell: Option<Cell>| {
            Box::new(unsound(
                puzzle,
                &start,
                solution,
                cell,
                &propagated,
                options.locked_candidates,
            ))
        };
        if !support.witnesses.is_empty() {
            report.satisfiable += 1;
        }
        if propagated.contradiction.is_some() {
            report.contradictions += 1;
        }
        report.removed += start
            .iter()
            .zip(&propagated.after)
            .map(|(b, a)| (*b - *a).len())
            .sum::<usize>();
        if support.witnesses.is_empty() {
            continue;
        }
        if propagated.contradiction.is_some() {
            return Err(unsound(&support.solution(&start, None), None));
        }
        for cell in (0..cells).map(|i| Cell(i as u16)) {
            let lost = support.union[cell.index()] - propagated.after[cell.index()];
            if let Some(digit) = lost.min() {
                return Err(unsound(
                    &support.solution(&start, Some((cell, digit))),
                    Some(cell),
                ));
            }
        }
    }
    Ok(report)
}

/// [`check_soundness`], panicking with a readable account (the rule, the
/// start, the solution) when a propagation is unsound: for tests.
#[track_caller]
pub fn assert_sound(puzzle: &Puzzle, options: &Soundness) -> SoundnessReport {
    match check_soundness(puzzle, options) {
        Ok(report) => report,
        Err(unsound) => panic!("unsound propagation: {unsound}"),
    }
}

/// Names what went wrong, re-running the propagation with the solution
/// watched so that the engine names the rule.
fn unsound(
    puzzle: &Puzzle,
    start: &[Digits<u128>],
    solution: &Grid,
    cell: Option<Cell>,
    propagated: &Report,
    locked: bool,
) -> UnsoundPropagation {
    fn watch<W: Word>(
        puzzle: &Puzzle,
        start: &[Digits<u128>],
        solution: &Grid,
        locked: bool,
    ) -> Option<Unsound> {
        let mut state = State::<W>::from_candidates(puzzle.geometry(), start);
        let mut engine = Engine::new(puzzle.model()).with_locked_candidates(locked);
        engine.watch_solution(solution);
        engine.schedule_all();
        let _ = engine.propagate(&mut state, None);
        engine.unsound().cloned()
    }
    let n = puzzle.size();
    let removal = by_width!(n, watch(puzzle, start, solution, locked));
    let rule = |k: Option<usize>| {
        k.and_then(|k| puzzle.constraints().get(k))
            .map_or("the engine".to_string(), |c| c.name().into_owned())
    };
    let what = match (&removal, cell, &propagated.contradiction) {
        (Some(r), _, _) => format!(
            "{} removed {} from {}, which a solution uses",
            rule(r.constraint),
            r.removed.digit,
            r.removed.cell.name(n)
        ),
        (None, _, Some(why)) => format!("propagation failed ({why}) though the start has a solution"),
        (None, Some(cell), None) => format!(
            "{} lost {}, which a solution uses",
            cell.name(n),
            solution.all_values()[cell.index()]
        ),
        (None, None, None) => "a solution was lost".to_string(),
    };
    let mut message = what;
    let _ = write!(
        message,
        "\nstart:\n{}solution: {}",
        display_candidates(puzzle.geometry(), start),
        crate::format::to_line(solution)
    );
    UnsoundPropagation {
        message,
        start: start.to_vec(),
        solution: solution.clone(),
        removal,
    }
}

/// Which digits the solutions of a start use, found by brute force
/// through `check` alone, with a solution that shows each one.
struct Support {
    /// Per cell, the digits some solution uses.
    union: Vec<Digits<u128>>,
    /// Solutions found, complete on the cells some rule reads.
    witnesses: Vec<Grid>,
    /// For each cell and digit of `union` on a cell some rule reads, the
    /// witness that uses it (`usize::MAX` elsewhere).
    shown_by: Vec<Vec<usize>>,
}

impl Support {
    /// One search per candidate not yet seen in a solution, over the cells
    /// some rule reads (a cell no rule reads keeps its whole start in some
    /// solution, once there is one); `None` beyond `max_nodes` placements
    /// in all.
    fn of(puzzle: &Puzzle, start: &[Digits<u128>], max_nodes: u64) -> Option<Support> {
        let n = puzzle.size();
        let cells = variable_count(puzzle);
        let mut brute = Brute::new(puzzle, max_nodes);
        let read: Vec<Cell> = (0..cells)
            .map(|i| Cell(i as u16))
            .filter(|c| !brute.by_cell[c.index()].is_empty())
            .collect();
        let mut support = Support {
            union: vec![Digits::EMPTY; cells],
            witnesses: Vec::new(),
            shown_by: vec![vec![usize::MAX; n + 1]; cells],
        };
        if start.iter().any(|s| s.is_empty()) || !brute.accepts(&blank(puzzle)) {
            return Some(support);
        }
        for &cell in &read {
            for digit in start[cell.index()] {
                if support.union[cell.index()].contains(digit) {
                    continue;
                }
                let mut domains = start.to_vec();
                domains[cell.index()] = Digits::single(digit);
                let mut open = read.clone();
                let found = brute.first(&mut blank(puzzle), &domains, &mut open)?;
                if let Some(grid) = found {
                    let w = support.witnesses.len();
                    for &c in &read {
                        let d = grid.all_values()[c.index()];
                        if !support.union[c.index()].contains(d) {
                            support.union[c.index()].insert(d);
                            support.shown_by[c.index()][d as usize] = w;
                        }
                    }
                    support.witnesses.push(grid);
                }
            }
            if support.witnesses.is_empty() {
                // Every digit of one cell failed: there is no solution at all.
                return Some(support);
            }
        }
        if read.is_empty() {
            support.witnesses.push(blank(puzzle));
        }
        for (union, (rules, &set)) in support.union.iter_mut().zip(brute.by_cell.iter().zip(start)) {
            if rules.is_empty() {
                *union = set;
            }
        }
        Some(support)
    }

    /// A whole solution: the witness of `cell = digit` (or the first one),
    /// with every cell no rule reads given `digit` when it is `cell`, and
    /// the smallest digit of its start otherwise.
    fn solution(&self, start: &[Digits<u128>], force: Option<(Cell, Digit)>) -> Grid {
        let index = force
            .map(|(c, d)| self.shown_by[c.index()][d as usize])
            .filter(|&w| w != usize::MAX)
            .unwrap_or(0);
        let mut whole = self.witnesses[index].clone();
        for (i, set) in start.iter().enumerate() {
            let cell = Cell(i as u16);
            if whole.get(cell).is_none() {
                let digit = match force {
                    Some((c, d)) if c == cell => d,
                    _ => Digits::min(*set).unwrap_or(1),
                };
                whole.set(cell, digit);
            }
        }
        whole
    }
}

/// A search that asks the rules alone: `check` on whole grids, and its
/// quick form `accepts_placement` (which must agree with it) after each
/// placement. Forward checking (every open cell's digits that the rules
/// still accept) and fewest-digits-first keep it small on 4×4 and 6×6
/// boards without any propagator.
struct Brute<'a> {
    puzzle: &'a Puzzle,
    rules: Vec<&'a dyn Constraint>,
    /// The rules that read each cell.
    by_cell: Vec<Vec<usize>>,
    nodes: u64,
    max_nodes: u64,
}

impl<'a> Brute<'a> {
    fn new(puzzle: &'a Puzzle, max_nodes: u64) -> Brute<'a> {
        let rules: Vec<&dyn Constraint> = puzzle
            .constraints()
            .iter()
            .filter(|c| c.kind() == Kind::Rule)
            .map(|c| c.as_ref())
            .collect();
        let mut by_cell = vec![Vec::new(); variable_count(puzzle)];
        for (k, rule) in rules.iter().enumerate() {
            let mut scope = rule.scope(puzzle.geometry());
            scope.sort_unstable();
            scope.dedup();
            for cell in scope {
                by_cell[cell.index()].push(k);
            }
        }
        Brute {
            puzzle,
            rules,
            by_cell,
            nodes: 0,
            max_nodes,
        }
    }

    /// Every rule's `check` accepts the grid.
    fn accepts(&self, grid: &Grid) -> bool {
        self.rules
            .iter()
            .all(|r| r.check(self.puzzle.geometry(), grid).is_ok())
    }

    /// Whether `digit` in `cell` keeps an accepted grid accepted.
    fn fits(&self, grid: &mut Grid, cell: Cell, digit: Digit) -> bool {
        grid.set(cell, digit);
        let ok = self.accepts_placement(grid, cell);
        grid.set(cell, 0);
        ok
    }

    /// Whether the digit just placed in `cell` keeps an accepted grid
    /// accepted, asking only the rules that read the cell.
    fn accepts_placement(&self, grid: &Grid, cell: Cell) -> bool {
        self.by_cell[cell.index()]
            .iter()
            .all(|&k| self.rules[k].accepts_placement(self.puzzle.geometry(), grid, cell))
    }

    /// The open cell with the fewest digits the rules still accept, and
    /// those digits (forward checking); `None` when some open cell has none.
    fn choose(
        &self,
        grid: &mut Grid,
        domains: &[Digits<u128>],
        open: &[Cell],
    ) -> Option<(usize, Digits<u128>)> {
        let mut best: Option<(usize, Digits<u128>)> = None;
        for (i, &cell) in open.iter().enumerate() {
            let live: Digits<u128> = domains[cell.index()]
                .iter()
                .filter(|&d| self.fits(grid, cell, d))
                .collect();
            if live.is_empty() {
                return None;
            }
            if best.is_none_or(|(_, b)| live.len() < b.len()) {
                best = Some((i, live));
            }
        }
        best
    }

    /// Counts the solutions that fill the `open` cells from `domains`, up to
    /// `cap`; `None` past the node budget or the cap.
    fn count(
        &mut self,
        grid: &mut Grid,
        domains: &[Digits<u128>],
        open: &mut Vec<Cell>,
        cap: u64,
    ) -> Option<u64> {
        if open.is_empty() {
            return Some(u64::from(self.accepts(grid)));
        }
        let Some((i, live)) = self.choose(grid, domains, open) else {
            return Some(0);
        };
        let cell = open.swap_remove(i);
        let mut total = 0u64;
        for digit in live {
            self.nodes += 1;
            if self.nodes > self.max_nodes {
                return None;
            }
            grid.set(cell, digit);
            total += self.count(grid, domains, open, cap.saturating_sub(total))?;
            grid.set(cell, 0);
            if total > cap {
                return None;
            }
        }
        open.push(cell);
        let last = open.len() - 1;
        open.swap(i, last);
        Some(total)
    }

    /// The first solution that fills the `open` cells from `domains`,
    /// `Some(None)` when there is none, `None` past the node budget.
    fn first(
        &mut self,
        grid: &mut Grid,
        domains: &[Digits<u128>],
        open: &mut Vec<Cell>,
    ) -> Option<Option<Grid>> {
        if open.is_empty() {
            return Some(self.accepts(grid).then(|| grid.clone()));
        }
        let Some((i, live)) = self.choose(grid, domains, open) else {
            return Some(None);
        };
        let cell = open.swap_remove(i);
        let mut found = None;
        for digit in live {
            self.nodes += 1;
            if self.nodes > self.max_nodes {
                return None;
            }
            grid.set(cell, digit);
            found = self.first(grid, domains, open)?;
            grid.set(cell, 0);
            if found.is_some() {
                break;
            }
        }
        open.push(cell);
        let last = open.len() - 1;
        open.swap(i, last);
        Some(found)
    }
}

/// A random solution of `puzzle`, through the rules alone (random digit
/// order, reading order; `accepts_placement` after each placement, `check`
/// on the full grid), or `None` when none is found within `max_nodes`.
fn random_solution(puzzle: &Puzzle, rng: &mut fastrand::Rng, max_nodes: u64) -> Option<Grid> {
    let n = puzzle.size();
    let cells = variable_count(puzzle);
    let brute = Brute::new(puzzle, max_nodes);
    if !brute.accepts(&blank(puzzle)) {
        return None;
    }
    let accepts = |grid: &Grid, cell: Cell| {
        brute.accepts_placement(grid, cell) && (cell.index() + 1 < cells || brute.accepts(grid))
    };
    let orders: Vec<Vec<Digit>> = (0..cells)
        .map(|_| {
            let mut digits: Vec<Digit> = (1..=n as Digit).collect();
            rng.shuffle(&mut digits);
            digits
        })
        .collect();
    let mut grid = blank(puzzle);
    let mut next = vec![0usize; cells];
    let mut depth = 0;
    let mut nodes = 0u64;
    while depth < cells {
        if next[depth] == n {
            next[depth] = 0;
            grid.set(Cell(depth as u16), 0);
            depth = depth.checked_sub(1)?;
            continue;
        }
        nodes += 1;
        if nodes > max_nodes {
            return None;
        }
        grid.set(Cell(depth as u16), orders[depth][next[depth]]);
        next[depth] += 1;
        if accepts(&grid, Cell(depth as u16)) {
            depth += 1;
        }
    }
    Some(grid)
}

/// A random jigsaw layout for tests: the boxes of an `n`×`n` board
/// (`rows`×`cols` each) after `swaps` random exchanges of two orthogonally
/// adjacent cells, so every region keeps `n` cells (regions may come apart,
/// and some layouts have no filling: both are cases worth testing).
///
/// ```
/// let mut rng = fastrand::Rng::with_seed(1);
/// let regions = sudokit_core::testkit::random_jigsaw(6, (2, 3), 4, &mut rng);
/// assert_eq!(regions.len(), 36);
/// assert!((0..6).all(|r| regions.iter().filter(|&&x| x == r).count() == 6));
/// ```
pub fn random_jigsaw(
    n: usize,
    (rows, cols): (usize, usize),
    swaps: usize,
    rng: &mut fastrand::Rng,
) -> Vec<u16> {
    let mut region: Vec<u16> = (0..n * n)
        .map(|i| ((i / n) / rows * (n / cols) + (i % n) / cols) as u16)
        .collect();
    for _ in 0..swaps {
        let cell = rng.usize(..n * n);
        let (r, c) = (cell / n, cell % n);
        let other = if rng.bool() && c + 1 < n {
            cell + 1
        } else if r + 1 < n {
            cell + n
        } else {
            continue;
        };
        region.swap(cell, other);
    }
    region
}

/// The number of solutions of `puzzle` (its givens and rules), counted by
/// brute force through the rules' `check` alone, the reference that
/// strategies are compared with on small boards. Cells no rule reads count
/// `n` ways each. `None` when the search takes more than `max_nodes`
/// placements or the count exceeds `cap`.
///
/// ```
/// use sudokit_core::testkit::count_solutions;
/// use sudokit_core::{Geometry, Puzzle};
/// // No rule at all: 4 digits in each of 16 cells.
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap());
/// assert_eq!(count_solutions(&puzzle, 1_000, u64::MAX), Some(4u64.pow(16)));
/// ```
pub fn count_solutions(puzzle: &Puzzle, max_nodes: u64, cap: u64) -> Option<u64> {
    let n = puzzle.size();
    let mut brute = Brute::new(puzzle, max_nodes);
    let domains: Vec<Digits<u128>> = puzzle
        .givens()
        .all_values()
        .iter()
        .map(|&d| {
            if d == 0 {
                Digits::full(n)
            } else {
                Digits::single(d)
            }
        })
        .collect();
    let every = (0..variable_count(puzzle)).map(|i| Cell(i as u16));
    let mut open: Vec<Cell> = every
        .clone()
        .filter(|c| !brute.by_cell[c.index()].is_empty())
        .collect();
    let free_ways = every
        .filter(|c| brute.by_cell[c.index()].is_empty())
        .map(|c| domains[c.index()].len() as u64)
        .try_fold(1u64, |acc, k| acc.checked_mul(k))?;
    if !brute.accepts(&blank(puzzle)) {
        return Some(0);
    }
    let mut grid = blank(puzzle);
    let counted = brute.count(&mut grid, &domains, &mut open, cap)?;
    let total = counted.checked_mul(free_ways)?;
    (total <= cap).then_some(total)
}

/// What [`check_search`] walked through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SearchCheck {
    /// Search nodes (propagations) checked.
    pub nodes: u64,
    /// Of those, nodes whose state still allowed the solution.
    pub live: u64,
    /// Solutions found.
    pub solutions: u64,
}

/// The `check-propagation` mode: searches `puzzle` exhaustively (binary
/// branching on the cell with the fewest candidates, up to `max_nodes`
/// nodes) with every propagation watched against `solution`, and fails on
/// the first one that removes a digit of it while the state still allowed
/// it. Also checks that the search finds `solution` when it finishes.
pub fn check_search(
    puzzle: &Puzzle,
    solution: &Grid,
    max_nodes: u64,
) -> Result<SearchCheck, Box<UnsoundPropagation>> {
    fn run<W: Word>(
        puzzle: &Puzzle,
        solution: &Grid,
        max_nodes: u64,
    ) -> Result<SearchCheck, Box<UnsoundPropagation>> {
        let geometry = puzzle.geometry();
        let start = State::<W>::with_givens(geometry, puzzle.givens());
        let before = widen(&start);
        let mut engine = Engine::new(puzzle.model());
        engine.watch_solution(solution);
        let mut check = SearchCheck::default();
        let n = puzzle.size();
        // What went wrong in the propagation from `state` (which allowed the
        // solution): an unsound removal, or a contradiction.
        let failed = |engine: &Engine<'_>, state: &[Digits<u128>], contradiction: Option<Contradiction>| {
            let removal = engine.unsound().cloned();
            let rule = |k: Option<usize>| {
                k.and_then(|k| puzzle.constraints().get(k))
                    .map_or("the engine".to_string(), |c| c.name().into_owned())
            };
            let what = match (&removal, contradiction) {
                (Some(r), _) => format!(
                    "{} removed {} from {}",
                    rule(r.constraint),
                    r.removed.digit,
                    r.removed.cell.name(n)
                ),
                (None, Some(c)) => format!(
                    "{} found a contradiction ({})",
                    rule(c.constraint),
                    puzzle.describe(&c)
                ),
                (None, None) => "propagation went wrong".to_string(),
            };
            Box::new(UnsoundPropagation {
                message: format!(
                    "{what} in a state that allowed the solution\nstate:\n{}solution: {}",
                    display_candidates(geometry, state),
                    crate::format::to_line(solution)
                ),
                start: state.to_vec(),
                solution: solution.clone(),
                removal,
            })
        };
        let mut stack: Vec<(State<W>, Cell, Digit)> = Vec::new();
        let mut state = start;
        engine.schedule_all();
        // The state before the last propagation, and whether it allowed the solution.
        let mut last = (before.clone(), allows(&state, solution));
        let mut result = engine.propagate(&mut state, None);
        check.nodes += 1;
        loop {
            match (&result, engine.unsound().is_some(), last.1) {
                (_, true, _) => return Err(failed(&engine, &last.0, None)),
                (Err(c), false, true) => return Err(failed(&engine, &last.0, Some(*c))),
                _ => {}
            }
            if result.is_ok() {
                if allows(&state, solution) {
                    check.live += 1;
                }
                let choice = geometry
                    .cells()
                    .filter(|&c| state.candidates(c).len() > 1)
                    .min_by_key(|&c| state.candidates(c).len());
                match choice {
                    None => {
                        if puzzle.check(&state.to_grid()).is_ok() {
                            check.solutions += 1;
                        }
                    }
                    Some(cell) => {
                        if check.nodes >= max_nodes {
                            return Ok(check);
                        }
                        let digit = state.candidates(cell).min().expect("several candidates");
                        stack.push((state.clone(), cell, digit));
                        check.nodes += 1;
                        last = (
                            widen(&state),
                            allows(&state, solution) && solution.values()[cell.index()] == digit,
                        );
                        result = engine.decide(&mut state, None, Decision::Assign(cell, digit));
                        continue;
                    }
                }
            }
            let Some((saved, cell, digit)) = stack.pop() else {
                break;
            };
            state = saved;
            check.nodes += 1;
            last = (
                widen(&state),
                allows(&state, solution) && solution.values()[cell.index()] != digit,
            );
            result = engine.decide(&mut state, None, Decision::Exclude(cell, digit));
        }
        if check.solutions == 0 || puzzle.verify_solution(solution).is_err() {
            return Err(Box::new(UnsoundPropagation {
                message: format!(
                    "the search found {} solutions, and {} is {}",
                    check.solutions,
                    crate::format::to_line(solution),
                    match puzzle.verify_solution(solution) {
                        Ok(()) => "a solution".to_string(),
                        Err(v) => format!("not a solution: {v}"),
                    }
                ),
                start: before,
                solution: solution.clone(),
                removal: None,
            }));
        }
        Ok(check)
    }
    by_width!(puzzle.size(), run(puzzle, solution, max_nodes))
}

/// Runs the engine one deduction at a time from `start` and checks that it
/// ends where [`propagate_from`] does; returns the steps. Single steps must
/// never change what propagation reaches, only how it is told.
pub fn check_steps(puzzle: &Puzzle, start: &[Digits<u128>]) -> Result<Vec<Step>, String> {
    fn run<W: Word>(puzzle: &Puzzle, start: &[Digits<u128>]) -> Result<Vec<Step>, String> {
        let whole = propagate_from(puzzle, start);
        let mut state = State::<W>::from_candidates(puzzle.geometry(), start);
        let mut engine = Engine::new(puzzle.model());
        engine.schedule_all();
        let mut steps = Vec::new();
        let failed: Option<Contradiction> = loop {
            match engine.step(&mut state, None) {
                Progress::Step(step) => steps.push(step),
                Progress::Fixpoint => break None,
                Progress::Contradiction { step, contradiction } => {
                    steps.extend(step);
                    break Some(contradiction);
                }
            }
            if steps.len() > 100_000 {
                return Err("more than 100,000 steps".to_string());
            }
        };
        match (failed, &whole.contradiction) {
            (None, None) if widen(&state) != whole.after => Err(format!(
                "single steps reached\n{}propagation reached\n{}",
                display_candidates(puzzle.geometry(), &widen(&state)),
                display_candidates(puzzle.geometry(), &whole.after)
            )),
            (Some(c), None) => Err(format!(
                "single steps failed ({}) but propagation did not",
                puzzle.describe(&c)
            )),
            (None, Some(why)) => Err(format!("propagation failed ({why}) but single steps did not")),
            _ => Ok(steps),
        }
    }
    by_width!(puzzle.size(), run(puzzle, start))
}

fn allows<W: Word>(state: &State<W>, solution: &Grid) -> bool {
    state
        .cells()
        .iter()
        .zip(solution.values())
        .all(|(s, &d)| s.contains(d))
}

fn widen<W: Word>(state: &State<W>) -> Vec<Digits<u128>> {
    state
        .variables()
        .iter()
        .map(|s| Digits::from_u128(s.to_u128()))
        .collect()
}
