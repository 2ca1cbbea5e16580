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
//! Most rules need no propagator at all. A rule that is "these cells
//! differ" declares [`Group`]s ([`Rule::groups`]); a rule that is "these two
//! cells hold digits in this relation" declares [`Relation`]s
//! ([`Rule::relations`]). The engine propagates both with built-in, shared
//! propagators, DLX and SAT encode them, and logical techniques read them.
//! Such a rule writes `impl Constraint for MyRule {}` and is done:
//!
//! ```
//! use std::borrow::Cow;
//! use sudokit_core::{Cell, Constraint, Geometry, Grid, Relation, Rule, Violation};
//!
//! /// Diagonally adjacent cells hold different digits (with the rows and
//! /// columns: anti-king).
//! #[derive(Clone, Debug)]
//! struct AntiKing;
//!
//! impl Rule for AntiKing {
//!     fn name(&self) -> Cow<'_, str> { "anti-king".into() }
//!     fn relations(&self, g: &Geometry) -> Vec<(Cell, Cell, Relation)> {
//!         let n = g.size();
//!         let mut pairs = Vec::new();
//!         for r in 0..n - 1 {
//!             for c in 0..n {
//!                 for c2 in [c.wrapping_sub(1), c + 1] {
//!                     if c2 < n {
//!                         pairs.push((Cell::at(r, c, n), Cell::at(r + 1, c2, n), Relation::Differ));
//!                     }
//!                 }
//!             }
//!         }
//!         pairs
//!     }
//!     fn check(&self, g: &Geometry, grid: &Grid) -> Result<(), Violation> {
//!         for (a, b, _) in self.relations(g) {
//!             if grid.get(a).is_some() && grid.get(a) == grid.get(b) {
//!                 return Err(Violation::new("a king's move apart", vec![a, b]));
//!             }
//!         }
//!         Ok(())
//!     }
//! }
//!
//! impl Constraint for AntiKing {}
//! ```
//!
//! (A real `check` should not reuse the declaration it checks; the
//! constraints crate's rules scan the grid on their own.)
//!
//! # Writing a propagator
//!
//! ```
//! use std::borrow::Cow;
//! use sudokit_core::{Cell, Contradiction, Ctx, Geometry, Grid, Propagate, Reason, Rule, Violation, Word};
//!
//! /// The first cell holds a smaller digit than the second.
//! #[derive(Clone, Debug)]
//! struct Smaller(Cell, Cell);
//!
//! impl Rule for Smaller {
//!     fn name(&self) -> Cow<'_, str> { "smaller".into() }
//!     fn scope(&self, _: &Geometry) -> Vec<Cell> { vec![self.0, self.1] }
//!     fn check(&self, _: &Geometry, grid: &Grid) -> Result<(), Violation> {
//!         match (grid.get(self.0), grid.get(self.1)) {
//!             (Some(a), Some(b)) if a >= b => Err(Violation::new(
//!                 format!("{a} is not below {b}"), vec![self.0, self.1])),
//!             _ => Ok(()),
//!         }
//!     }
//! }
//!
//! impl Propagate for Smaller {
//!     fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell])
//!         -> Result<(), Contradiction> {
//!         let (low, high) = (cx.candidates(self.0), cx.candidates(self.1));
//!         let (Some(min), Some(max)) = (low.min(), high.max()) else { return Ok(()) };
//!         cx.because(|| Reason::new("smaller").cells([self.0, self.1]));
//!         cx.restrict(self.0, low.iter().filter(|&d| d < max).collect())?;
//!         cx.restrict(self.1, high.iter().filter(|&d| d > min).collect())?;
//!         Ok(())
//!     }
//! }
//! ```
//!
//! (The same rule is one line as a relation: `(a, b, Relation::Less)`.)
//!
//! Rules of thumb for propagators: remove only what the rule forbids in
//! *every* solution; return a [`Contradiction`] (never panic) when the rule
//! cannot be met; expect to be woken again after your own changes (unless
//! [`Rule::idempotent`] says one run reaches your fixpoint); say why with
//! [`Ctx::because`] so step-by-step solvers can explain you.

use std::borrow::Cow;
use std::fmt::{self, Debug};

use dyn_clone::DynClone;

use crate::cell::{Cand, Cell};
use crate::cnf::{ClauseOptions, ClauseSink};
use crate::contradiction::Contradiction;
use crate::digits::{Bits, Digits};
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::group::Group;
use crate::relation::Relation;
use crate::state::Ctx;
use crate::sum::Sum;

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
    /// A candidate that no solution uses (an odd cell's even digits).
    fn exclude(&mut self, candidate: Cand);
}

/// What a rule means, independently of how any strategy solves it.
///
/// Object safe; `Box<dyn Constraint>` is `Clone` through `dyn-clone`.
///
/// A rule says what it means in up to three ways, from the most to the
/// least declarative: [`groups`](Rule::groups) of cells that differ,
/// [`relations`](Rule::relations) between two cells, and a propagator of
/// its own ([`Propagate`]) for the rest. Strategies understand the first two
/// on their own; a propagator needs [`exact_cover`](Rule::exact_cover) and
/// [`clauses`](Rule::clauses) for DLX and SAT to take the rule.
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

    /// The all-different groups this rule declares: "these cells hold
    /// different digits". The engine propagates them (singles), DLX and SAT
    /// encode them, techniques treat them as units.
    fn groups(&self, geometry: &Geometry) -> Vec<Group> {
        let _ = geometry;
        Vec::new()
    }

    /// The pair relations this rule declares: `(a, b, relation)` says which
    /// digit pairs cells `a` and `b` may hold ([`Relation`]). The engine
    /// propagates them (arc consistency, one table-driven propagator for
    /// the whole puzzle), DLX and SAT encode them, and they are the weak
    /// links of logical chains.
    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        let _ = geometry;
        Vec::new()
    }

    /// The digits some cells may hold at all, whatever the other cells do:
    /// an odd cell, a cell with given pencil marks. The engine narrows the
    /// cells to them before anything else runs, DLX leaves the other
    /// candidates out, SAT writes them as unit clauses. Several rules on one
    /// cell are intersected.
    fn domains(&self, geometry: &Geometry) -> Vec<(Cell, Digits<u128>)> {
        let _ = geometry;
        Vec::new()
    }

    /// The linear sums this rule declares: killer cages, arrows, little
    /// killers ([`Sum`]). The engine propagates them with one exact,
    /// shared propagator that knows which cells of a sum must differ, the
    /// model derives innies and outies from cage-like sums, and SAT
    /// encodes them; DLX has no form for a sum and refuses the rule.
    fn sums(&self, geometry: &Geometry) -> Vec<Sum> {
        let _ = geometry;
        Vec::new()
    }

    /// How many extra variables this rule needs beside the cells' digits,
    /// each with the values `1..=n` like a digit: a chaos construction's
    /// region of every cell (`n²` of them). They are numbered after the
    /// board's cells (variable `j` is `Cell(n² + j)`), so the engine, the
    /// trail and a propagator's [`Ctx`] treat them as cells; a rule that
    /// reads variables another rule declares (a region clue) declares the
    /// same count, and the puzzle has as many as the largest declaration.
    /// Strategies without a form for them (bitboard, DLX, SAT, the
    /// backtracking and logical solvers) refuse such a puzzle by name.
    fn variables(&self, geometry: &Geometry) -> usize {
        let _ = geometry;
        0
    }

    /// Pairs of variables that describe one thing together, such as a
    /// cell's digit and its region label under chaos construction. A search
    /// that chooses where to branch may prefer a variable whose partner is
    /// already fixed, to finish what half a decision began (ISS's linked
    /// search cells). Only a hint to the search: answers never depend on it.
    fn linked_variables(&self, geometry: &Geometry) -> Vec<(Cell, Cell)> {
        let _ = geometry;
        Vec::new()
    }

    /// Sets of cells whose digits are distinct and consecutive (a renban
    /// line). A search may weigh such puzzles differently: `auto` gives
    /// them ISS's choice of branch, which halves Hard renban 2's tree. Only
    /// a hint to the search: answers never depend on it.
    fn consecutive_runs(&self, geometry: &Geometry) -> Vec<Vec<Cell>> {
        let _ = geometry;
        Vec::new()
    }

    /// Whether this rule reads its cells in order as a word a state machine
    /// judges (a regex or state-machine line). Like
    /// [`consecutive_runs`](Rule::consecutive_runs), only a hint to the
    /// search: `auto` gives such puzzles ISS's choice of branch, which takes
    /// How Shall We Split This? in 378 nodes where dom/wdeg's weights take
    /// 90,837.
    fn reads_words(&self) -> bool {
        false
    }

    /// The cells this rule reads: the engine wakes its propagator when one
    /// of them changes, and the backtracking strategy asks its `check` after
    /// a placement there. The default is every cell of its groups, relations
    /// domains and sums; a rule with a propagator of its own must say more.
    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        let mut cells: Vec<Cell> = self
            .groups(geometry)
            .iter()
            .flat_map(|g| g.cells().to_vec())
            .collect();
        for (a, b, _) in self.relations(geometry) {
            cells.push(a);
            cells.push(b);
        }
        cells.extend(self.domains(geometry).into_iter().map(|(cell, _)| cell));
        for sum in self.sums(geometry) {
            cells.extend(sum.cells());
        }
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// An independent verdict on a grid that may be partial (`0` = empty).
    ///
    /// Report only what the placed digits already break; an incomplete grid
    /// that can still be completed must pass. Never reuse the propagator (or
    /// the declarations) here: this is what tests and the backtracking
    /// strategy trust.
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
    /// and 30% formatting messages that are dropped at once. The testkit's
    /// brute force asks it for every digit of every open cell: rules that
    /// formatted their violations here made the soundness tests 3–15×
    /// slower.)
    ///
    /// ```
    /// use sudokit_core::{Cell, Geometry, Grid, Rule};
    /// # use std::borrow::Cow;
    /// # use sudokit_core::Violation;
    /// # #[derive(Clone, Debug)]
    /// # struct AnyGrid;
    /// # impl Rule for AnyGrid {
    /// #     fn name(&self) -> Cow<'_, str> { "any grid".into() }
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

    /// The exact-cover items of what this rule's own propagator enforces,
    /// for DLX (its groups and relations are encoded without asking). The
    /// default says there are none to give: DLX then refuses a rule with a
    /// propagator, and takes a declarative rule as it is.
    fn exact_cover(&self, geometry: &Geometry, sink: &mut dyn CoverSink) -> Result<(), Unsupported> {
        let _ = (geometry, sink);
        Err(Unsupported::new("dlx", self.name()))
    }

    /// The clauses of what this rule's own propagator enforces, over the
    /// candidate variables ([`Var::of_cand`](crate::cnf::Var::of_cand)),
    /// plus auxiliary variables from [`ClauseSink::new_var`] where needed;
    /// its groups and relations are encoded without asking. The default
    /// says there are none to give: SAT then refuses a rule with a
    /// propagator rather than ignore it, and takes a declarative rule.
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

/// A complete plugin: a [`Rule`], with its [`Propagate`] compiled for every
/// width when it has one.
///
/// Implemented automatically for every `Rule + Propagate`. A declarative
/// rule (groups and relations only) implements it with an empty block,
/// `impl Constraint for MyRule {}`. Puzzles hold constraints as
/// `Box<dyn Constraint>`.
pub trait Constraint: Rule {
    /// Whether the rule has a propagator of its own (beyond its groups and
    /// relations, which the engine propagates).
    fn has_propagator(&self) -> bool {
        false
    }
    #[doc(hidden)]
    fn propagate_u16(&self, cx: &mut Ctx<'_, u16>, changed: &[Cell]) -> Result<(), Contradiction> {
        let _ = (cx, changed);
        Ok(())
    }
    #[doc(hidden)]
    fn propagate_u32(&self, cx: &mut Ctx<'_, u32>, changed: &[Cell]) -> Result<(), Contradiction> {
        let _ = (cx, changed);
        Ok(())
    }
    #[doc(hidden)]
    fn propagate_u64(&self, cx: &mut Ctx<'_, u64>, changed: &[Cell]) -> Result<(), Contradiction> {
        let _ = (cx, changed);
        Ok(())
    }
    #[doc(hidden)]
    fn propagate_u128(&self, cx: &mut Ctx<'_, u128>, changed: &[Cell]) -> Result<(), Contradiction> {
        let _ = (cx, changed);
        Ok(())
    }
}

impl<T: Rule + Propagate> Constraint for T {
    fn has_propagator(&self) -> bool {
        true
    }
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

/// The word of a board's digit sets, as solving code sees it: a [`Bits`]
/// word that can also run a `dyn Constraint`'s propagator compiled for its
/// width. Propagators are generic over it (`fn propagate<W: Word>`).
///
/// Sealed: implemented for `u16`, `u32`, `u64` and `u128` only.
pub trait Word: Bits {
    /// Runs a `dyn Constraint`'s propagator compiled for this width.
    #[doc(hidden)]
    fn dispatch(
        constraint: &dyn Constraint,
        cx: &mut Ctx<'_, Self>,
        changed: &[Cell],
    ) -> Result<(), Contradiction>;
}

macro_rules! impl_word {
    ($t:ty, $propagate:ident) => {
        impl Word for $t {
            #[inline]
            fn dispatch(
                constraint: &dyn Constraint,
                cx: &mut Ctx<'_, Self>,
                changed: &[Cell],
            ) -> Result<(), Contradiction> {
                constraint.$propagate(cx, changed)
            }
        }
    };
}
impl_word!(u16, propagate_u16);
impl_word!(u32, propagate_u32);
impl_word!(u64, propagate_u64);
impl_word!(u128, propagate_u128);
