//! The embedded CDCL solvers behind one small interface.
//!
//! Two are linked, each behind a cargo feature (both on by default):
//!
//! * `cadical`: CaDiCaL 1.9.5 (Biere et al.) through the `cadical` crate,
//!   which compiles the bundled C++ sources with `cc` (needs a C++17
//!   compiler such as Debian's `g++`, nothing else). It can be interrupted
//!   from a callback, so time limits are exact.
//! * `batsat`: a pure-Rust port of minisat 2.2, with a stop callback for
//!   time limits.
//!
//! The README's benchmark section compares them on `shared/data/large`.

use crate::clock::Instant;

use sudokit_core::cnf::{Lit, Var};

use crate::limits::Cancel;

/// Which embedded solver runs the formula.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum SatSolver {
    /// CaDiCaL (C++), feature `cadical`.
    Cadical,
    /// batsat (pure Rust, minisat 2.2), feature `batsat`.
    Batsat,
}

impl Default for SatSolver {
    /// CaDiCaL when compiled in (it wins the benchmark), batsat otherwise.
    fn default() -> SatSolver {
        if cfg!(feature = "cadical") {
            SatSolver::Cadical
        } else {
            SatSolver::Batsat
        }
    }
}

impl SatSolver {
    /// The solvers compiled into this build.
    pub fn available() -> Vec<SatSolver> {
        let mut all = Vec::new();
        if cfg!(feature = "cadical") {
            all.push(SatSolver::Cadical);
        }
        if cfg!(feature = "batsat") {
            all.push(SatSolver::Batsat);
        }
        all
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SatSolver::Cadical => "cadical",
            SatSolver::Batsat => "batsat",
        }
    }

    /// The solver called `name`, if compiled in.
    pub fn by_name(name: &str) -> Option<SatSolver> {
        SatSolver::available().into_iter().find(|s| s.name() == name)
    }

    /// A fresh solver instance, or `None` when this build lacks it.
    pub(crate) fn instance(self) -> Option<Box<dyn Backend>> {
        match self {
            #[cfg(feature = "cadical")]
            SatSolver::Cadical => Some(Box::new(cadical_backend::Cadical::new())),
            #[cfg(feature = "batsat")]
            SatSolver::Batsat => Some(Box::new(batsat_backend::Batsat::new())),
            #[allow(unreachable_patterns, reason = "reached when a solver feature is off")]
            _ => None,
        }
    }
}

/// What the SAT strategy needs from a solver: incremental clauses, a solve
/// under assumptions that can give up at a deadline, and the model.
pub(crate) trait Backend {
    /// Adds a clause over variables `0..` (the backend grows as needed).
    fn add_clause(&mut self, clause: &[Lit]);
    /// Solves with `assumptions` true for this call only: `Some(true)` =
    /// satisfiable, `Some(false)` = unsatisfiable, `None` = stopped at the
    /// deadline or because `cancel` was cancelled.
    fn solve(
        &mut self,
        assumptions: &[Lit],
        deadline: Option<Instant>,
        cancel: Option<Cancel>,
    ) -> Option<bool>;
    /// The value of `var` in the last model.
    fn value(&self, var: Var) -> bool;
    /// Conflicts so far, when the solver reports them.
    fn conflicts(&self) -> u64 {
        0
    }
}

#[cfg(feature = "cadical")]
mod cadical_backend {
    use super::*;

    /// Stops CaDiCaL at a deadline or on cancellation (it polls
    /// `terminate` regularly).
    #[derive(Debug)]
    pub(super) struct Deadline(Option<Instant>, Option<Cancel>);

    impl cadical::Callbacks for Deadline {
        fn terminate(&mut self) -> bool {
            // A rival sharing a core waits here while another holds it.
            crate::baton::poll();
            self.1.is_some_and(|c| c.is_cancelled()) || self.0.is_some_and(|d| Instant::now() >= d)
        }
    }

    pub(super) struct Cadical {
        solver: cadical::Solver<Deadline>,
        buf: Vec<i32>,
    }

    impl Cadical {
        pub(super) fn new() -> Cadical {
            Cadical {
                solver: cadical::Solver::new(),
                buf: Vec::new(),
            }
        }
    }

    impl Backend for Cadical {
        fn add_clause(&mut self, clause: &[Lit]) {
            self.buf.clear();
            self.buf.extend(clause.iter().map(|l| l.to_dimacs()));
            self.solver.add_clause(self.buf.iter().copied());
        }

        fn solve(
            &mut self,
            assumptions: &[Lit],
            deadline: Option<Instant>,
            cancel: Option<Cancel>,
        ) -> Option<bool> {
            let stops = deadline.is_some() || cancel.is_some();
            self.solver
                .set_callbacks(stops.then_some(Deadline(deadline, cancel)));
            self.solver.solve_with(assumptions.iter().map(|l| l.to_dimacs()))
        }

        fn value(&self, var: Var) -> bool {
            self.solver.value(var.to_dimacs()) == Some(true)
        }
    }
}

#[cfg(feature = "batsat")]
mod batsat_backend {
    use super::*;
    use batsat::{lbool, SolverInterface};

    pub(super) struct Batsat {
        solver: batsat::BasicSolver,
        vars: Vec<batsat::Var>,
        buf: Vec<batsat::Lit>,
    }

    impl Batsat {
        pub(super) fn new() -> Batsat {
            Batsat {
                solver: batsat::BasicSolver::default(),
                vars: Vec::new(),
                buf: Vec::new(),
            }
        }

        fn lit(&mut self, lit: Lit) -> batsat::Lit {
            while self.vars.len() <= lit.var().index() {
                let v = self.solver.new_var_default();
                self.vars.push(v);
            }
            batsat::Lit::new(self.vars[lit.var().index()], !lit.is_negative())
        }
    }

    impl Backend for Batsat {
        fn add_clause(&mut self, clause: &[Lit]) {
            let mut buf = std::mem::take(&mut self.buf);
            buf.clear();
            buf.extend(clause.iter().map(|&l| self.lit(l)));
            self.solver.add_clause_reuse(&mut buf);
            self.buf = buf;
        }

        fn solve(
            &mut self,
            assumptions: &[Lit],
            deadline: Option<Instant>,
            cancel: Option<Cancel>,
        ) -> Option<bool> {
            match (deadline, cancel) {
                (None, None) => self.solver.cb_mut().set_stop(|| false),
                (deadline, cancel) => self.solver.cb_mut().set_stop(move || {
                    crate::baton::poll();
                    cancel.is_some_and(|c| c.is_cancelled()) || deadline.is_some_and(|d| Instant::now() >= d)
                }),
            }
            let assumptions: Vec<batsat::Lit> = assumptions.iter().map(|&l| self.lit(l)).collect();
            let result = self.solver.solve_limited(&assumptions);
            if result == lbool::TRUE {
                Some(true)
            } else if result == lbool::FALSE {
                Some(false)
            } else {
                None
            }
        }

        fn value(&self, var: Var) -> bool {
            self.vars
                .get(var.index())
                .is_some_and(|&v| self.solver.value_var(v) == lbool::TRUE)
        }

        fn conflicts(&self) -> u64 {
            self.solver.num_conflicts()
        }
    }
}
