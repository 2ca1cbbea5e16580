//! The plugin traits: every rule of every puzzle is a [`Constraint`].
//!
//! A constraint is written in two parts:
//!
//! * [`Rule`] says what the rule *means*, independently of how it is solved:
//!   its name, its cells, an independent [`Rule::check`] of a (partial) grid,
//!   and optional encodings for other strategies (exact cover for DLX,
//!   clauses for SAT).
//!   It is object safe and cloneable through `dyn-clone`.
//! * [`Propagate`] says how the rule *removes candidates*. It is written once,
//!   generic over the digit-set word, and compiled for every board width.
//!
//! Implement both and [`Constraint`] comes for free through a blanket impl;
//! a puzzle holds its rules as `Box<dyn Constraint>`.
//!
//! # Writing a constraint
//!
//! ```
//! use std::borrow::Cow;
//! use sudokit_core::{Cell, Contradiction, Ctx, Geometry, Grid, Propagate, Rule, Violation, Word};
//!
//! /// The two cells hold different digits (an "anti" pair).
//! #[derive(Clone, Debug)]
//! struct Differ(Cell, Cell);
//!
//! impl Rule for Differ {
//!     fn name(&self) -> Cow<'_, str> { "differ".into() }
//!     fn scope(&self, _: &Geometry) -> Vec<Cell> { vec![self.0, self.1] }
//!     fn check(&self, _: &Geometry, grid: &Grid) -> Result<(), Violation> {
//!         match (grid.get(self.0), grid.get(self.1)) {
//!             (Some(a), Some(b)) if a == b => Err(Violation::new(
//!                 format!("both cells hold {a}"), vec![self.0, self.1])),
//!             _ => Ok(()),
//!         }
//!     }
//! }
//!
//! impl Propagate for Differ {
//!     fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell])
//!         -> Result<(), Contradiction> {
//!         for (a, b) in [(self.0, self.1), (self.1, self.0)] {
//!             if let Some(d) = cx.value(a) {
//!                 cx.remove(b, d)?;
//!             }
//!         }
//!         Ok(())
//!     }
//! }
//! ```
//!
//! Rules of thumb for propagators: remove only what the rule forbids in
//! *every* solution; return a [`Contradiction`] (never panic) when the rule
//! cannot be met; be idempotent, because the engine wakes a constraint again
//! after its own changes.

use std::borrow::Cow;
use std::fmt::{self, Debug};

use dyn_clone::DynClone;

use crate::cell::{Cand, Cell, Digit};
use crate::cnf::{ClauseOptions, ClauseSink};
use crate::geometry::{Geometry, UnitId};
use crate::grid::Grid;
use crate::state::Ctx;
use crate::Word;

/// Whether a constraint changes the set of solutions.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Kind {
    /// A rule of the puzzle (classic units, thermometers, cages …). No
    /// strategy may ever skip a rule.
    Rule,
    /// A solving technique implied by the rules (naked twins, locked
    /// candidates …). It only speeds propagation up, so strategies may skip it.
    Technique,
}

/// How expensive a propagator is; the engine runs cheaper tiers first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Cost {
    /// Linear in the scope (all-different singles, pairwise rules).
    Cheap,
    /// Polynomial in the scope (cages with sum tables).
    Medium,
    /// Exponential or subset enumeration (naked subsets, fish).
    Expensive,
}

/// Why propagation failed: the rules cannot all hold in the current state.
///
/// Contradictions are cheap values (no allocation): search raises and drops
/// them at every dead end. [`Contradiction::describe`] renders them for people.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Contradiction {
    /// What went wrong.
    pub kind: ContradictionKind,
    /// Index of the constraint that found it in [`Puzzle::constraints`](crate::Puzzle::constraints),
    /// filled in by the engine.
    pub constraint: Option<usize>,
}

/// The kinds of [`Contradiction`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ContradictionKind {
    /// A cell lost its last candidate.
    EmptyCell(Cell),
    /// A digit has no place left in a unit that must contain it.
    NoPlace {
        /// The digit.
        digit: Digit,
        /// The unit, in [`Geometry::units`].
        unit: UnitId,
    },
    /// A rule-specific failure.
    Rule {
        /// The cell concerned, when one is.
        cell: Option<Cell>,
        /// A static explanation ("sum cannot reach 23").
        message: &'static str,
    },
}

impl Contradiction {
    /// `cell` has no candidate left.
    #[inline]
    pub fn empty(cell: Cell) -> Contradiction {
        Contradiction {
            kind: ContradictionKind::EmptyCell(cell),
            constraint: None,
        }
    }

    /// `digit` has no place left in `unit`.
    #[inline]
    pub fn no_place(digit: Digit, unit: UnitId) -> Contradiction {
        Contradiction {
            kind: ContradictionKind::NoPlace { digit, unit },
            constraint: None,
        }
    }

    /// A rule-specific failure.
    #[inline]
    pub fn rule(cell: Option<Cell>, message: &'static str) -> Contradiction {
        Contradiction {
            kind: ContradictionKind::Rule { cell, message },
            constraint: None,
        }
    }

    /// A sentence for people: `r1c3 has no candidate left (classic rules)`.
    pub fn describe(&self, geometry: &Geometry, constraint_name: Option<&str>) -> String {
        let n = geometry.size();
        let what = match self.kind {
            ContradictionKind::EmptyCell(cell) => format!("{} has no candidate left", cell.name(n)),
            ContradictionKind::NoPlace { digit, unit } => {
                format!("{digit} has no place left in {}", geometry.unit(unit).name())
            }
            ContradictionKind::Rule {
                cell: Some(cell),
                message,
            } => format!("{}: {message}", cell.name(n)),
            ContradictionKind::Rule { cell: None, message } => message.to_string(),
        };
        match constraint_name {
            Some(name) => format!("{what} ({name})"),
            None => what,
        }
    }
}

/// A rule broken by a (partial) grid, as found by [`Rule::check`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Violation {
    /// What is wrong, e.g. `r1c1 and r1c5 both hold 7 in row 1`.
    pub message: String,
    /// The cells involved, for highlighting.
    pub cells: Vec<Cell>,
}

impl Violation {
    /// A violation with a message and the cells involved.
    pub fn new(message: impl Into<String>, cells: Vec<Cell>) -> Violation {
        Violation {
            message: message.into(),
            cells,
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Violation {}

/// A strategy needs an encoding that a constraint does not provide.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{strategy} does not support {constraint}")]
pub struct Unsupported {
    /// The strategy or encoding, e.g. `dlx`.
    pub strategy: Cow<'static, str>,
    /// The constraint's name.
    pub constraint: String,
}

impl Unsupported {
    /// `strategy` cannot take the constraint named `constraint`.
    pub fn new(strategy: impl Into<Cow<'static, str>>, constraint: impl Into<String>) -> Self {
        Unsupported {
            strategy: strategy.into(),
            constraint: constraint.into(),
        }
    }
}

/// Receives the exact-cover form of a constraint (see [`Rule::exact_cover`]).
///
/// The options of the matrix are the candidates ([`Cand`]); a constraint
/// describes *items* as the set of candidates that cover them.
pub trait CoverSink {
    /// An item that the chosen candidates must cover exactly once
    /// ("digit 7 appears once in row 3").
    fn primary(&mut self, candidates: &[Cand]);
    /// An item covered at most once ("r1c1 = 1 and r2c3 = 1 exclude each
    /// other", the form of every pairwise exclusion).
    fn secondary(&mut self, candidates: &[Cand]);
}

/// What a rule means, independently of how any strategy solves it.
///
/// Object safe; `Box<dyn Constraint>` is `Clone` through `dyn-clone`.
pub trait Rule: DynClone + Debug + Send + Sync {
    /// A short name for messages: `classic rules`, `thermometer r1c1-r1c4`.
    fn name(&self) -> Cow<'_, str>;

    /// Rule or technique; techniques may be skipped by strategies.
    fn kind(&self) -> Kind {
        Kind::Rule
    }

    /// Propagation tier; cheaper constraints run first.
    fn cost(&self) -> Cost {
        Cost::Cheap
    }

    /// True when one run of the propagator leaves nothing for a second run
    /// to do (it reaches its own fixpoint). The engine then does not wake
    /// the constraint for the changes it made itself.
    fn idempotent(&self) -> bool {
        false
    }

    /// The cells whose candidates this constraint reads: the engine wakes it
    /// when one of them changes.
    fn scope(&self, geometry: &Geometry) -> Vec<Cell>;

    /// An independent verdict on a grid that may be partial (`0` = empty).
    ///
    /// Report only what the placed digits already break; an incomplete grid
    /// that can still be completed must pass. Never reuse the propagator here:
    /// this is what tests and the backtracking strategy trust.
    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation>;

    /// A quick yes/no form of [`Rule::check`] after one placement: `grid` was
    /// accepted by `check` before `cell` was filled; is it still accepted?
    ///
    /// The backtracking strategy asks this at every node, so a rule can
    /// answer by looking near `cell` only, without building a [`Violation`]
    /// message. It must agree with `check(geometry, grid).is_ok()` whenever
    /// the precondition holds; the default simply calls `check`, which is
    /// always correct. (Measured on easy50: with the default, the classic
    /// rules spend about 45% of the baseline's time scanning all 27 units
    /// and 30% formatting messages that are dropped at once.)
    ///
    /// ```
    /// use sudokit_core::{Cell, Geometry, Grid, Rule};
    /// # use std::borrow::Cow;
    /// # use sudokit_core::Violation;
    /// # #[derive(Clone, Debug)]
    /// # struct AnyGrid;
    /// # impl Rule for AnyGrid {
    /// #     fn name(&self) -> Cow<'_, str> { "any grid".into() }
    /// #     fn scope(&self, _: &Geometry) -> Vec<Cell> { vec![] }
    /// #     fn check(&self, _: &Geometry, _: &Grid) -> Result<(), Violation> { Ok(()) }
    /// # }
    /// // A rule that only implements `check` answers through it.
    /// let g = Geometry::square(4).unwrap();
    /// assert!(AnyGrid.accepts_placement(&g, &Grid::empty(4), Cell(0)));
    /// ```
    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        let _ = cell;
        self.check(geometry, grid).is_ok()
    }

    /// The exact-cover items of this rule, for DLX. The default says the
    /// rule has no exact-cover form.
    fn exact_cover(&self, geometry: &Geometry, sink: &mut dyn CoverSink) -> Result<(), Unsupported> {
        let _ = (geometry, sink);
        Err(Unsupported::new("dlx", self.name()))
    }

    /// The clauses of this rule over the candidate variables
    /// ([`Var::of_cand`](crate::cnf::Var::of_cand)), plus auxiliary variables
    /// from [`ClauseSink::new_var`] where the rule needs them. The default
    /// says the rule has no clause form (the SAT strategy then refuses the
    /// puzzle rather than ignore the rule).
    ///
    /// Emit only what the rule means: "each cell holds exactly one digit"
    /// and the givens are added by the CNF builder. Say "at most one" with
    /// [`ClauseSink::at_most_one`] so the builder can simplify and choose
    /// the encoding; a pairwise exclusion is the clause `¬a ∨ ¬b`.
    fn clauses(
        &self,
        geometry: &Geometry,
        options: &ClauseOptions,
        sink: &mut dyn ClauseSink,
    ) -> Result<(), Unsupported> {
        let _ = (geometry, options, sink);
        Err(Unsupported::new("sat", self.name()))
    }
}

/// How a rule removes candidates. Written once, for every digit-set width.
pub trait Propagate {
    /// Removes what the rule forbids in the current state.
    ///
    /// `changed` lists the cells of the scope whose candidates changed since
    /// this constraint last ran (on the first run: the whole scope). Simple
    /// propagators may ignore it and look at the whole scope.
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, changed: &[Cell]) -> Result<(), Contradiction>;
}

/// A complete plugin: a [`Rule`] with its [`Propagate`] compiled for every
/// width. Implemented automatically; hold constraints as `Box<dyn Constraint>`.
pub trait Constraint: Rule {
    #[doc(hidden)]
    fn propagate_u16(&self, cx: &mut Ctx<'_, u16>, changed: &[Cell]) -> Result<(), Contradiction>;
    #[doc(hidden)]
    fn propagate_u32(&self, cx: &mut Ctx<'_, u32>, changed: &[Cell]) -> Result<(), Contradiction>;
    #[doc(hidden)]
    fn propagate_u64(&self, cx: &mut Ctx<'_, u64>, changed: &[Cell]) -> Result<(), Contradiction>;
    #[doc(hidden)]
    fn propagate_u128(&self, cx: &mut Ctx<'_, u128>, changed: &[Cell]) -> Result<(), Contradiction>;
}

impl<T: Rule + Propagate> Constraint for T {
    fn propagate_u16(&self, cx: &mut Ctx<'_, u16>, changed: &[Cell]) -> Result<(), Contradiction> {
        self.propagate(cx, changed)
    }
    fn propagate_u32(&self, cx: &mut Ctx<'_, u32>, changed: &[Cell]) -> Result<(), Contradiction> {
        self.propagate(cx, changed)
    }
    fn propagate_u64(&self, cx: &mut Ctx<'_, u64>, changed: &[Cell]) -> Result<(), Contradiction> {
        self.propagate(cx, changed)
    }
    fn propagate_u128(&self, cx: &mut Ctx<'_, u128>, changed: &[Cell]) -> Result<(), Contradiction> {
        self.propagate(cx, changed)
    }
}

dyn_clone::clone_trait_object!(Constraint);
