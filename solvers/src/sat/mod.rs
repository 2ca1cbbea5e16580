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
//! * [`Encoded::dimacs_comments`] and [`decode_dimacs_model`] let any
//!   external solver be used through DIMACS files.
//!
//! Limits: `max_solutions` and `time_limit` are honoured (the solvers are
//! interrupted from a callback at the deadline; the encoding time counts
//! too). `max_nodes` has no meaning for a CDCL solver and is ignored.
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

use std::ops::ControlFlow;
use std::time::Instant;

use sudokit_core::cnf::AmoEncoding;
use sudokit_core::{Grid, Puzzle, Unsupported};

pub use backend::SatSolver;
pub use encode::{decode_dimacs_model, encode, Encoded, Encoding, Slot, UnknownEncoding};

use crate::limits::{Limits, Search, Solutions, Stats, Stop};
use crate::strategy::{SolveError, Strategy};

/// Solves through a SAT encoding and an embedded CDCL solver.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SatSearch {
    /// Which clauses to generate.
    pub encoding: Encoding,
    /// Overrides the encoding's at-most-one encoding ([`Encoding::default_amo`]).
    pub amo: Option<AmoEncoding>,
    /// Which embedded solver to run.
    pub solver: SatSolver,
}

impl SatSearch {
    /// The SAT strategy with `encoding` and the default solver.
    pub fn with_encoding(encoding: Encoding) -> SatSearch {
        SatSearch {
            encoding,
            ..SatSearch::default()
        }
    }
}

impl Strategy for SatSearch {
    fn name(&self) -> &'static str {
        "sat"
    }

    fn supports(&self, puzzle: &Puzzle) -> Result<(), Unsupported> {
        encode(puzzle, Encoding::Minimal, None).map(|_| ())
    }

    fn visit(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        let start = Instant::now();
        let encoded = encode(puzzle, self.encoding, self.amo)?;
        let limits = limits.after(start);
        let mut search = self.visit_encoded(puzzle, &encoded, &limits, visitor)?;
        search.stats.elapsed = start.elapsed();
        Ok(search)
    }
}

impl SatSearch {
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
        let start = Instant::now();
        let deadline = limits.deadline(start);
        let mut backend = self.solver.instance().ok_or_else(|| {
            Unsupported::new(
                format!("sat (solver {} not compiled in)", self.solver.name()),
                "any rule",
            )
        })?;
        let mut stats = Stats::default();
        let mut solutions = Solutions::new(puzzle, limits, visitor);
        let stop = if encoded.cnf.has_empty_clause() {
            Stop::Exhausted
        } else {
            for clause in encoded.cnf.clauses() {
                backend.add_clause(clause);
            }
            loop {
                stats.nodes += 1;
                match backend.solve(deadline) {
                    None => break Stop::TimeLimit,
                    Some(false) => break Stop::Exhausted,
                    Some(true) => {}
                }
                let grid = encoded.decode(|v| backend.value(v));
                let block = encoded.blocking_clause(&grid);
                // The encoding decides nothing: `check` does, as in every strategy.
                debug_assert!(puzzle.verify_solution(&grid).is_ok(), "{grid:?}");
                if let Some(stop) = solutions.offer(&grid) {
                    break stop;
                }
                if block.is_empty() {
                    break Stop::Exhausted;
                }
                backend.add_clause(&block);
            }
        };
        stats.backtracks = backend.conflicts();
        stats.elapsed = start.elapsed();
        Ok(Search {
            count: solutions.count(),
            stop,
            stats,
        })
    }
}
