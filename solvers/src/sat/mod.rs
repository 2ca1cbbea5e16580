//! The SAT strategy: encode the puzzle as clauses, let a CDCL solver find a
//! model, read the grid back.
//!
//! * [`encode`] builds the formula in one of the [`Encoding`]s (Kwon 2007's
//!   minimal, efficient, extended and optimized, and `propagated`, which
//!   fixes everything the propagation engine can deduce first).
//! * [`SatSearch`] hands it to an embedded solver ([`SatSolver`]), decodes
//!   each model, checks it with [`Puzzle::check`], and counts further
//!   solutions with *blocking clauses*: after each grid, the clause "some
//!   non-given cell holds another digit" is added and the solver is asked
//!   again (incrementally, keeping what it learnt).
//! * A prepared session keeps the formula and the solver between visits: a
//!   [`Start`]'s extra givens and exclusions are *assumptions* of each
//!   call, and a visit's blocking clauses carry a selector literal that is
//!   assumed during the visit and set false after it, so the next visit
//!   starts from the whole puzzle again with everything learnt kept.
//! * [`Encoded::dimacs_comments`] and [`decode_dimacs_model`] let any
//!   external solver be used through DIMACS files.
//!
//! Limits: `max_solutions` and `time_limit` are honoured (the solvers are
//! interrupted from a callback at the deadline; the encoding time counts
//! too, and encoding and loading stop at the deadline). A formula past
//! [`MAX_LITERALS`] is refused ([`SolveError::FormulaTooLarge`]). `max_nodes` has no meaning for a CDCL solver and is ignored.
//! [`Stats::nodes`] counts solver calls and [`Stats::backtracks`] the
//! conflicts where the solver reports them (batsat).
//!
//! ```
//! use sudokit_constraints::classic_puzzle;
//! use sudokit_core::format::{parse_grids, ParseOptions};
//! use sudokit_solvers::{sat::SatSearch, Limits, Strategy};
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let grid = parse_grids(text, &ParseOptions::default()).remove(0).unwrap().grid;
//! let puzzle = classic_puzzle(grid).unwrap();
//! let outcome = SatSearch::default().solve(&puzzle, &Limits::default()).unwrap();
//! assert!(outcome.is_unique());
//! assert!(puzzle.verify_solution(&outcome.solutions[0]).is_ok());
//! ```

mod backend;
mod encode;
mod ladder;
mod sums;

use crate::clock::Instant;
use std::borrow::Cow;
use std::ops::ControlFlow;

use sudokit_core::cnf::{AmoEncoding, Lit, Var};
use sudokit_core::{Cand, Grid, Puzzle, Unsupported};

pub use backend::SatSolver;
pub use encode::{
    decode_dimacs_model, emit_model, encode, encode_within, EncodeError, EncodeLimits, Encoded, Encoding,
    Slot, UnknownEncoding, MAX_LITERALS,
};

use crate::limits::{Limits, Search, Solutions, Stats, Stop};
use crate::strategy::{Session, SolveError, Start, Strategy};
use backend::Backend;

/// Solves through a SAT encoding and an embedded CDCL solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SatSearch {
    /// Which clauses to generate.
    pub encoding: Encoding,
    /// Overrides the encoding's at-most-one encoding ([`Encoding::default_amo`]).
    pub amo: Option<AmoEncoding>,
    /// Which embedded solver to run.
    pub solver: SatSolver,
    /// The most literals of a formula ([`MAX_LITERALS`] by default; smaller
    /// in tests).
    pub max_literals: usize,
}

impl Default for SatSearch {
    fn default() -> SatSearch {
        SatSearch {
            encoding: Encoding::default(),
            amo: None,
            solver: SatSolver::default(),
            max_literals: MAX_LITERALS,
        }
    }
}

impl SatSearch {
    /// The SAT strategy with `encoding` and the default solver.
    pub fn with_encoding(encoding: Encoding) -> SatSearch {
        SatSearch {
            encoding,
            ..SatSearch::default()
        }
    }

    /// Runs the solver on a formula already built by [`encode`] (for
    /// benchmarks that time encoding and solving apart). The encoding and
    /// AMO fields of `self` are ignored; the time limit starts now.
    pub fn visit_encoded(
        &self,
        puzzle: &Puzzle,
        encoded: &Encoded,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        let started = Instant::now();
        let bounds = self.bounds(limits, started);
        match SatSession::new(self.solver, puzzle, Cow::Borrowed(encoded), &bounds)? {
            Ok(mut session) => session.visit(&Start::default(), limits, visitor),
            Err(stop) => Ok(stopped(stop, started)),
        }
    }

    /// How far encoding may go under `limits`, counted from `started`.
    fn bounds(&self, limits: &Limits, started: Instant) -> EncodeLimits {
        EncodeLimits {
            max_literals: self.max_literals,
            deadline: limits.deadline(started),
            cancel: limits.cancel,
        }
    }

    /// The formula of `puzzle`, or why there is none: a stop is not an
    /// error (`Err(Ok(stop))`), a formula too large or a rule without
    /// clauses is (`Err(Err(…))`).
    fn formula(&self, puzzle: &Puzzle, bounds: &EncodeLimits) -> Result<Encoded, Result<Stop, SolveError>> {
        encode_within(puzzle, self.encoding, self.amo, bounds).map_err(|e| match e {
            EncodeError::Stopped(stop) => Ok(stop),
            EncodeError::Unsupported(u) => Err(u.into()),
            too_large @ EncodeError::TooLarge { .. } => {
                Err(SolveError::FormulaTooLarge(too_large.to_string()))
            }
        })
    }
}

/// The answer of a search stopped (deadline, Ctrl-C) before solving.
fn stopped(stop: Stop, started: Instant) -> Search {
    Search {
        count: 0,
        stop,
        stats: Stats {
            elapsed: started.elapsed(),
            ..Stats::default()
        },
    }
}

impl Strategy for SatSearch {
    fn name(&self) -> &'static str {
        "sat"
    }

    fn supports(&self, puzzle: &Puzzle) -> Result<(), Unsupported> {
        encode::check_rules(puzzle)
    }

    fn prepare<'p>(&self, puzzle: &'p Puzzle) -> Result<Box<dyn Session + 'p>, SolveError> {
        let bounds = EncodeLimits {
            max_literals: self.max_literals,
            ..EncodeLimits::default()
        };
        let encoded = self.formula(puzzle, &bounds).map_err(|e| match e {
            Ok(stop) => unreachable!("no deadline, no token: {stop:?}"),
            Err(e) => e,
        })?;
        let session = SatSession::new(self.solver, puzzle, Cow::Owned(encoded), &bounds)?
            .unwrap_or_else(|stop| unreachable!("no deadline, no token: {stop:?}"));
        Ok(Box::new(session))
    }

    /// One search: encoding and loading the solver count against the time
    /// limit and stop at it (or at Ctrl-C), as the search does.
    fn visit(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        let started = Instant::now();
        let bounds = self.bounds(limits, started);
        let encoded = match self.formula(puzzle, &bounds) {
            Ok(encoded) => encoded,
            Err(Ok(stop)) => return Ok(stopped(stop, started)),
            Err(Err(e)) => return Err(e),
        };
        let mut session = match SatSession::new(self.solver, puzzle, Cow::Owned(encoded), &bounds)? {
            Ok(session) => session,
            Err(stop) => return Ok(stopped(stop, started)),
        };
        let mut search = session.visit(&Start::default(), &limits.after(started), visitor)?;
        search.stats.elapsed = started.elapsed();
        Ok(search)
    }
}

/// A puzzle's formula loaded into a solver, visited under assumptions.
struct SatSession<'p> {
    puzzle: &'p Puzzle,
    encoded: Cow<'p, Encoded>,
    backend: Box<dyn Backend>,
    /// Visits so far: visit `k` uses the selector variable `vars + k`.
    visits: u32,
}

/// Clauses loaded into the solver between two looks at the clock.
const LOAD_CLOCK_EVERY: usize = 1 << 14;

impl<'p> SatSession<'p> {
    /// The formula loaded into a new solver, or where loading stopped
    /// (`Ok(Err(stop))`: the deadline of `bounds` passed, or Ctrl-C).
    fn new(
        solver: SatSolver,
        puzzle: &'p Puzzle,
        encoded: Cow<'p, Encoded>,
        bounds: &EncodeLimits,
    ) -> Result<Result<Self, Stop>, SolveError> {
        let mut backend = solver.instance().ok_or_else(|| {
            Unsupported::new(
                format!("sat (solver {} not compiled in)", solver.name()),
                "any rule",
            )
        })?;
        if !encoded.cnf.has_empty_clause() {
            for (i, clause) in encoded.cnf.clauses().enumerate() {
                if i % LOAD_CLOCK_EVERY == 0 {
                    if let Some(stop) = bounds.stop() {
                        return Ok(Err(stop));
                    }
                }
                backend.add_clause(clause);
            }
        }
        Ok(Ok(SatSession {
            puzzle,
            encoded,
            backend,
            visits: 0,
        }))
    }

    /// The assumptions of a start: every candidate it rules out is false.
    /// `None` when it rules out a candidate the encoding fixed true.
    fn assumptions(&self, masks: &[(sudokit_core::Cell, u128)]) -> Option<Vec<Lit>> {
        let n = self.encoded.size();
        let mut assumptions = Vec::new();
        for &(cell, mask) in masks {
            for d in 1..=n as u8 {
                if mask >> (d - 1) & 1 == 0 {
                    match self.encoded.slots()[Cand::new(cell, d).id(n)] {
                        Slot::Free(v) => assumptions.push(Lit::negative(v)),
                        Slot::True => return None,
                        Slot::False => {}
                    }
                }
            }
        }
        Some(assumptions)
    }
}

impl Session for SatSession<'_> {
    fn puzzle(&self) -> &Puzzle {
        self.puzzle
    }

    fn visit(
        &mut self,
        start: &Start,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        let started = Instant::now();
        let deadline = limits.deadline(started);
        let masks = start.checked_masks(self.puzzle.size())?;
        let mut stats = Stats::default();
        let mut solutions = Solutions::new(self.puzzle, limits, visitor);
        let assumptions = if self.encoded.cnf.has_empty_clause() {
            None
        } else {
            self.assumptions(&masks)
        };
        let stop = match assumptions {
            None => Stop::Exhausted,
            Some(mut assumptions) => {
                // This visit's blocking clauses hold only while its selector is assumed.
                let selector = Lit::positive(Var(self.encoded.cnf.var_count() as u32 + self.visits));
                self.visits += 1;
                assumptions.push(selector);
                let stop = loop {
                    stats.nodes += 1;
                    match self.backend.solve(&assumptions, deadline, limits.cancel) {
                        None if limits.cancelled() => break Stop::Cancelled,
                        None => break Stop::TimeLimit,
                        Some(false) => break Stop::Exhausted,
                        Some(true) => {}
                    }
                    let backend = &self.backend;
                    let grid = self.encoded.decode(|v| backend.value(v));
                    let mut block = self.encoded.blocking_clause(&grid);
                    // The encoding decides nothing: `check` does, as in every strategy.
                    debug_assert!(self.puzzle.verify_solution(&grid).is_ok(), "{grid:?}");
                    if let Some(stop) = solutions.offer(&grid) {
                        break stop;
                    }
                    if block.is_empty() {
                        break Stop::Exhausted;
                    }
                    block.push(!selector);
                    self.backend.add_clause(&block);
                };
                self.backend.add_clause(&[!selector]);
                stop
            }
        };
        stats.backtracks = self.backend.conflicts();
        stats.elapsed = started.elapsed();
        Ok(Search {
            count: solutions.count(),
            stop,
            stats,
        })
    }
}
