//! The `Strategy` trait every solving method implements, and the prepared
//! sessions that let one puzzle be searched many times.

use std::ops::ControlFlow;

use sudokit_core::{Cell, Digit, Grid, Puzzle, Unsupported};

use crate::limits::{Limits, Outcome, Search};

/// Why a strategy could not search a puzzle at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The strategy cannot express one of the puzzle's constraints.
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
    /// The board is larger than the strategy handles.
    #[error("a {0}×{0} board is too large for this strategy")]
    TooLarge(usize),
    /// The strategy's formula would be larger than its documented limit
    /// (SAT: [`MAX_LITERALS`](crate::sat::MAX_LITERALS)); the message says
    /// which and what to do.
    #[error("{0}")]
    FormulaTooLarge(String),
    /// A [`Start`] names a cell off the board.
    #[error("the start restricts cell #{0}, which is off the board")]
    OffBoard(u16),
}

/// Refuses a puzzle whose rules declare extra variables beside the digits
/// (a chaos construction's region of every cell), naming the rule: for the
/// strategies that only ever place digits.
pub(crate) fn digits_only(strategy: &'static str, puzzle: &Puzzle) -> Result<(), Unsupported> {
    let geometry = puzzle.geometry();
    match puzzle.constraints().iter().find(|c| c.variables(geometry) > 0) {
        Some(rule) => Err(Unsupported::new(strategy, rule.name())),
        None => Ok(()),
    }
}

/// A solving method. All strategies give the same answers on the same
/// puzzle; one that cannot express a constraint says so up front through
/// [`Strategy::supports`] and never ignores it.
///
/// A strategy answers one search with [`visit`](Strategy::visit), or
/// prepares a [`Session`] with [`prepare`](Strategy::prepare) for many
/// searches of one puzzle (true candidates, uniqueness tests in a
/// generator, counting by cases): what does not depend on the start (the
/// propagation engine and its root fixpoint, the DLX matrix, the SAT
/// formula and the solver's learnt clauses) is built once.
pub trait Strategy: Send + Sync + std::fmt::Debug {
    /// Short name used on the command line: `propagation`, `dlx` …
    fn name(&self) -> &'static str;

    /// Whether this strategy can take `puzzle`, with a typed reason if not.
    fn supports(&self, puzzle: &Puzzle) -> Result<(), Unsupported> {
        let _ = puzzle;
        Ok(())
    }

    /// Prepares `puzzle` for any number of searches.
    fn prepare<'p>(&self, puzzle: &'p Puzzle) -> Result<Box<dyn Session + 'p>, SolveError>;

    /// Streams solutions to `visitor` until the search space or a limit is
    /// exhausted, or the visitor breaks. Every reported grid is complete,
    /// keeps the givens, and passes every constraint's `check`.
    ///
    /// Every field of `limits` must be honoured, the time limit included
    /// (and counted from the call, preparation included): look at the clock
    /// at least every few hundred nodes, so that callers such as
    /// `sudokit compare` can bound a run over thousands of puzzles.
    fn visit(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        let started = crate::clock::Instant::now();
        let mut session = self.prepare(puzzle)?;
        let mut search = session.visit(&Start::default(), &limits.after(started), visitor)?;
        search.stats.elapsed = started.elapsed();
        Ok(search)
    }

    /// Finds solutions up to the limits and keeps them.
    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Outcome, SolveError> {
        let mut solutions = Vec::new();
        let search = self.visit(puzzle, limits, &mut |grid| {
            solutions.push(grid.clone());
            ControlFlow::Continue(())
        })?;
        Ok(Outcome::of(search, solutions))
    }

    /// Counts solutions up to the limits without keeping them.
    fn count(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Outcome, SolveError> {
        let search = self.visit(puzzle, limits, &mut |_| ControlFlow::Continue(()))?;
        Ok(Outcome::of(search, Vec::new()))
    }
}

/// A puzzle prepared by a strategy, searched from different starts without
/// rebuilding anything.
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Cell, Geometry, Puzzle};
/// use sudokit_solvers::{Limits, PropagationSearch, Start, Strategy};
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with(ClassicRules).unwrap();
/// let mut session = PropagationSearch::default().prepare(&puzzle).unwrap();
/// let all = session.count(&Start::default(), &Limits::all()).unwrap();
/// let with_1 = session.count(&Start::new().place(Cell(0), 1), &Limits::all()).unwrap();
/// let without_1 = session.count(&Start::new().exclude(Cell(0), 1), &Limits::all()).unwrap();
/// assert_eq!((all.count, with_1.count, without_1.count), (288, 72, 216));
/// ```
pub trait Session {
    /// The puzzle this session searches.
    fn puzzle(&self) -> &Puzzle;

    /// Streams the solutions that also satisfy `start` to `visitor`, as
    /// [`Strategy::visit`] does for the puzzle alone.
    fn visit(
        &mut self,
        start: &Start,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError>;

    /// From now on, each visit starts with what the last one learnt about
    /// where to branch (the propagation search's conflict weights), as one
    /// search would that went on: the split search (`split.rs`) asks this
    /// of each worker, whose cases would otherwise each start blind. A
    /// strategy that learns nothing of the kind ignores it.
    fn keep_learning(&mut self) {}

    /// Finds solutions from `start` up to the limits and keeps them.
    fn solve(&mut self, start: &Start, limits: &Limits) -> Result<Outcome, SolveError> {
        let mut solutions = Vec::new();
        let search = self.visit(start, limits, &mut |grid| {
            solutions.push(grid.clone());
            ControlFlow::Continue(())
        })?;
        Ok(Outcome::of(search, solutions))
    }

    /// Counts solutions from `start` up to the limits.
    fn count(&mut self, start: &Start, limits: &Limits) -> Result<Outcome, SolveError> {
        let search = self.visit(start, limits, &mut |_| ControlFlow::Continue(()))?;
        Ok(Outcome::of(search, Vec::new()))
    }
}

/// Where a session's search starts: the puzzle's givens, narrowed further
/// by extra givens, excluded digits and candidate masks.
///
/// ```
/// use sudokit_core::Cell;
/// use sudokit_solvers::Start;
/// let start = Start::new().place(Cell(0), 3).exclude(Cell(1), 2).allow(Cell(2), [1, 4]);
/// let masks: Vec<_> = start.masks(4).collect();
/// assert_eq!(masks, vec![(Cell(0), 0b0100), (Cell(1), 0b1101), (Cell(2), 0b1001)]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Start {
    /// `(cell, allowed digits as bits)`, in the order given; several
    /// entries for one cell are intersected.
    restrictions: Vec<(Cell, Restriction)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Restriction {
    Only(u128),
    Not(Digit),
}

impl Start {
    /// No restriction beyond the puzzle's givens.
    pub fn new() -> Start {
        Start::default()
    }

    /// `cell` holds `digit` (an extra given).
    pub fn place(mut self, cell: Cell, digit: Digit) -> Start {
        self.restrictions.push((cell, Restriction::Only(bit(digit))));
        self
    }

    /// `cell` does not hold `digit`.
    pub fn exclude(mut self, cell: Cell, digit: Digit) -> Start {
        self.restrictions.push((cell, Restriction::Not(digit)));
        self
    }

    /// `cell` holds one of `digits` (a candidate mask).
    pub fn allow(mut self, cell: Cell, digits: impl IntoIterator<Item = Digit>) -> Start {
        let mask = digits.into_iter().fold(0, |m, d| m | bit(d));
        self.restrictions.push((cell, Restriction::Only(mask)));
        self
    }

    /// True when nothing is restricted.
    pub fn is_empty(&self) -> bool {
        self.restrictions.is_empty()
    }

    /// The allowed digits of every restricted cell on an `n`×`n` board, as
    /// bits (digit `d` at bit `d − 1`), one entry per cell in order of first
    /// mention. A cell may be left with no digit: the start has no solution.
    pub fn masks(&self, n: usize) -> impl Iterator<Item = (Cell, u128)> + use<> {
        let full = if n >= 128 { u128::MAX } else { (1u128 << n) - 1 };
        let mut merged: Vec<(Cell, u128)> = Vec::new();
        for &(cell, restriction) in &self.restrictions {
            let index = match merged.iter().position(|&(c, _)| c == cell) {
                Some(i) => i,
                None => {
                    merged.push((cell, full));
                    merged.len() - 1
                }
            };
            merged[index].1 &= match restriction {
                Restriction::Only(mask) => mask,
                Restriction::Not(digit) => !bit(digit),
            };
        }
        merged.into_iter()
    }

    /// The masks, checked against the board.
    pub(crate) fn checked_masks(&self, n: usize) -> Result<Vec<(Cell, u128)>, SolveError> {
        let masks: Vec<(Cell, u128)> = self.masks(n).collect();
        match masks.iter().find(|(c, _)| c.index() >= n * n) {
            Some(&(cell, _)) => Err(SolveError::OffBoard(cell.0)),
            None => Ok(masks),
        }
    }
}

fn bit(digit: Digit) -> u128 {
    match digit {
        1..=128 => 1u128 << (digit - 1),
        _ => 0,
    }
}
