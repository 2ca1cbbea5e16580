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
//! assert_eq!(report.removals(), "r1c2 −{1,2,3}");
//! let puzzle = Puzzle::new(g).with(Smaller).unwrap();
//! assert!(check_soundness(&puzzle, &Soundness::default()).is_ok());
//! ```

use std::fmt::{self, Write as _};

use crate::cell::{Cand, Cell, Digit};
use crate::constraint::{Constraint, Contradiction, Kind, Word};
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
    ($n:expr, $f:ident($($arg:expr),*)) => {
        match Width::for_size($n).expect("boards are at most 128×128") {
            Width::W16 => $f::<u16>($($arg),*),
            Width::W32 => $f::<u32>($($arg),*),
            Width::W64 => $f::<u64>($($arg),*),
            Width::W128 => $f::<u128>($($arg),*),
        }
    };
}

/// What [`propagate`] did: the candidates before and after, the steps with
/// their reasons, and how it ended. Its `Display` is made for snapshots.
#[derive(Clone, Debug)]
pub struct Report {
    geometry: Geometry,
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
        let n = self.geometry.size();
        writeln!(f, "before:")?;
        f.write_str(&display_candidates(&self.geometry, &self.before))?;
        writeln!(f, "after:")?;
        f.write_str(&display_candidates(&self.geometry, &self.after))?;
        writeln!(f, "steps:")?;
        for step in &self.steps {
            writeln!(f, "  {}", step.describe(n, None))?;
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
    fn run<W: Word>(puzzle: &Puzzle, start: &[Digits<u128>]) -> Report {
        let mut state = State::<W>::from_candidates(puzzle.geometry(), start);
        let mut engine = Engine::new(puzzle.model());
        engine.schedule_all();
        let (result, steps) = engine.record(&mut state, None);
        Report {
            geometry: puzzle.geometry().clone(),
            before: start.to_vec(),
            after: widen(&state),
            steps,
            contradiction: result.err().map(|c| puzzle.describe(&c)),
        }
    }
    by_width!(puzzle.size(), run(puzzle, start))
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
    /// A start whose brute-force enumeration takes more nodes than this is
    /// skipped (and counted as skipped).
    pub max_nodes: u64,
}

impl Default for Soundness {
    fn default() -> Soundness {
        Soundness {
            trials: 200,
            seed: 1,
            given: 0.25,
            narrowed: 0.3,
            max_nodes: 200_000,
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
pub fn check_soundness(puzzle: &Puzzle, options: &Soundness) -> Result<SoundnessReport, Box<UnsoundPropagation>> {
    let geometry = puzzle.geometry();
    let n = geometry.size();
    let cells = geometry.cell_count();
    let mut rng = fastrand::Rng::with_seed(options.seed);
    let mut report = SoundnessReport::default();
    let full = Digits::<u128>::full(n);
    for _ in 0..options.trials {
        let witness = random_solution(puzzle, &mut rng, options.max_nodes);
        let mut start = vec![full; cells];
        for (i, slot) in start.iter_mut().enumerate() {
            let keep = witness.as_ref().map(|w| w.values()[i]);
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
                if rng.f64() < 0.1 {
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
        let Some(solutions) = enumerate(puzzle, &start, options.max_nodes) else {
            report.skipped += 1;
            continue;
        };
        report.checked += 1;
        let propagated = propagate_from(puzzle, &start);
        if !solutions.is_empty() {
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
        for solution in &solutions {
            let lost = match &propagated.contradiction {
                Some(_) => Some(None),
                None => geometry
                    .cells()
                    .find(|c| !propagated.after[c.index()].contains(solution.values()[c.index()]))
                    .map(Some),
            };
            if let Some(cell) = lost {
                return Err(Box::new(unsound(puzzle, &start, solution, cell, &propagated)));
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
) -> UnsoundPropagation {
    fn watch<W: Word>(puzzle: &Puzzle, start: &[Digits<u128>], solution: &Grid) -> Option<Unsound> {
        let mut state = State::<W>::from_candidates(puzzle.geometry(), start);
        let mut engine = Engine::new(puzzle.model());
        engine.watch_solution(solution);
        engine.schedule_all();
        let _ = engine.propagate(&mut state, None);
        engine.unsound().cloned()
    }
    let n = puzzle.size();
    let removal = by_width!(n, watch(puzzle, start, solution));
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
            solution.values()[cell.index()]
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

/// Every solution within `start`, by depth-first search in reading order
/// that asks only the rules' `check` (techniques skipped); `None` beyond
/// `max_nodes` placements.
fn enumerate(puzzle: &Puzzle, start: &[Digits<u128>], max_nodes: u64) -> Option<Vec<Grid>> {
    let n = puzzle.size();
    let cells = puzzle.geometry().cell_count();
    let rules: Vec<&dyn Constraint> = puzzle
        .constraints()
        .iter()
        .filter(|c| c.kind() == Kind::Rule)
        .map(|c| c.as_ref())
        .collect();
    let accepts = |grid: &Grid| rules.iter().all(|r| r.check(puzzle.geometry(), grid).is_ok());
    let mut grid = Grid::empty(n);
    let mut solutions = Vec::new();
    let mut nodes = 0u64;
    if !accepts(&grid) {
        return Some(solutions);
    }
    // Explicit stack: the digit tried last at each depth.
    let mut depth = 0usize;
    let mut tried = vec![0 as Digit; cells];
    loop {
        if depth == cells {
            solutions.push(grid.clone());
            if depth == 0 {
                return Some(solutions);
            }
            depth -= 1;
            continue;
        }
        let cell = Cell(depth as u16);
        let next = start[depth].iter().find(|&d| d > tried[depth]);
        match next {
            Some(d) => {
                nodes += 1;
                if nodes > max_nodes {
                    return None;
                }
                tried[depth] = d;
                grid.set(cell, d);
                if accepts(&grid) {
                    depth += 1;
                }
            }
            None => {
                tried[depth] = 0;
                grid.set(cell, 0);
                if depth == 0 {
                    return Some(solutions);
                }
                depth -= 1;
            }
        }
    }
}

/// A random solution of `puzzle`, through `check` alone (random digit
/// order, reading order), or `None` when none is found within `max_nodes`.
fn random_solution(puzzle: &Puzzle, rng: &mut fastrand::Rng, max_nodes: u64) -> Option<Grid> {
    let n = puzzle.size();
    let cells = puzzle.geometry().cell_count();
    let rules: Vec<&dyn Constraint> = puzzle
        .constraints()
        .iter()
        .filter(|c| c.kind() == Kind::Rule)
        .map(|c| c.as_ref())
        .collect();
    let accepts = |grid: &Grid| rules.iter().all(|r| r.check(puzzle.geometry(), grid).is_ok());
    let orders: Vec<Vec<Digit>> = (0..cells)
        .map(|_| {
            let mut digits: Vec<Digit> = (1..=n as Digit).collect();
            rng.shuffle(&mut digits);
            digits
        })
        .collect();
    let mut grid = Grid::empty(n);
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
        if accepts(&grid) {
            depth += 1;
        }
    }
    Some(grid)
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
        let failed = |engine: &Engine<'_>, state: &[Digits<u128>]| {
            let removal = engine.unsound().cloned();
            let n = puzzle.size();
            let who = removal
                .as_ref()
                .and_then(|r| r.constraint)
                .and_then(|k| puzzle.constraints().get(k))
                .map_or("the engine".to_string(), |c| c.name().into_owned());
            let removed = removal
                .as_ref()
                .map(|r| r.removed)
                .unwrap_or(Cand::new(Cell(0), 1));
            UnsoundPropagation {
                message: format!(
                    "{who} removed {} from {} in a state that allowed the solution\nstate:\n{}solution: {}",
                    removed.digit,
                    removed.cell.name(n),
                    display_candidates(geometry, state),
                    crate::format::to_line(solution)
                ),
                start: state.to_vec(),
                solution: solution.clone(),
                removal,
            }
        };
        let mut stack: Vec<(State<W>, Cell, Digit)> = Vec::new();
        let mut state = start;
        engine.schedule_all();
        let mut alive = engine.propagate(&mut state, None).is_ok();
        check.nodes += 1;
        loop {
            if engine.unsound().is_some() {
                return Err(Box::new(failed(&engine, &before)));
            }
            if alive {
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
                        alive = engine
                            .decide(&mut state, None, Decision::Assign(cell, digit))
                            .is_ok();
                        continue;
                    }
                }
            }
            let Some((saved, cell, digit)) = stack.pop() else {
                break;
            };
            state = saved;
            check.nodes += 1;
            alive = engine
                .decide(&mut state, None, Decision::Exclude(cell, digit))
                .is_ok();
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
        .cells()
        .iter()
        .map(|s| Digits::from_u128(s.to_u128()))
        .collect()
}
