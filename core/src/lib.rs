//! # sudokit-core
//!
//! The model every sudokit strategy and plugin shares:
//!
//! * [`Geometry`]: `n`×`n` boards with square, rectangular or jigsaw regions;
//! * [`Digits`]: candidate sets on machine words (`u16` up to 16×16, up to
//!   `u128` for 128×128), chosen once per board by [`Width::for_size`];
//! * [`State`] and [`Ctx`]: the candidates of every cell and the one narrow
//!   API that changes them;
//! * the plugin traits [`Rule`], [`Propagate`] and [`Constraint`], and what
//!   rules declare instead of propagating: all-different [`Group`]s, pair
//!   [`Relation`]s and linear [`Sum`]s;
//! * the [`Model`]: a puzzle's rules compiled once (groups, peers, relation
//!   tables, watch lists), shared by every search of the puzzle;
//! * the [`Engine`] that runs propagators to a fixpoint, or one deduction at
//!   a time with its [`Reason`] ([`Step`]);
//! * [`cnf`](mod@cnf): variables, literals, clause sinks and DIMACS for SAT;
//! * [`Puzzle`] (board + givens + constraints) and the text [`format`](mod@format)s;
//! * with the `testkit` feature, the `testkit` module: what a plugin
//!   author tests a rule with (snapshots of one propagation, brute-force
//!   soundness checks on small boards, checks against known solutions).
//!
//! ```
//! use sudokit_core::format::{parse_grids, ParseOptions, to_line};
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let grid = parse_grids(text, &ParseOptions::default()).remove(0).unwrap().grid;
//! assert_eq!(grid.size(), 9);
//! assert_eq!(to_line(&grid), text);
//! ```

mod cell;
pub mod cnf;
mod constraint;
mod contradiction;
mod describe;
mod digit_sets;
mod digits;
mod engine;
mod explain;
pub mod format;
mod geometry;
mod grid;
mod group;
mod intersection;
mod leftovers;
mod model;
mod puzzle;
mod relation;
mod set_layers;
mod state;
mod sum;
mod symbols;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use cell::{Cand, Cell, Digit};
pub use constraint::{Constraint, Cost, CoverSink, Kind, Propagate, Rule, Unsupported, Violation, Word};
pub use contradiction::{Contradiction, ContradictionKind};
pub use digit_sets::{keep_digit_sets, keep_digit_sets_pruned};
pub use digits::{Bits, DigitIter, Digits, Width};
pub use engine::{Decision, Engine, Progress, RootPropagation};
pub use explain::{Reason, Step, Unsound};
pub use geometry::{Geometry, GeometryError, Unit, UnitId, UnitKind, MAX_SIZE};
pub use grid::Grid;
pub use group::{Group, GroupId, GroupKind};
pub use leftovers::{Leftover, Side};
pub use model::{Link, Model, RelatedPair};
pub use puzzle::{Puzzle, RuleError, SizeMismatch};
pub use relation::{CustomRelation, PairTable, Relation};
pub use state::{Ctx, Level, State, Trail};
pub use sum::{CompiledSum, Derivation, Sum, SumOrigin};
