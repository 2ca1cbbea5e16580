//! # sudokit-core
//!
//! The model every sudokit strategy and plugin shares:
//!
//! * [`Geometry`]: `n`×`n` boards with square, rectangular or jigsaw regions;
//! * [`Digits`]: candidate sets on machine words (`u16` up to 16×16, up to
//!   `u128` for 128×128), chosen once per board by [`Width::for_size`];
//! * [`State`] and [`Ctx`]: the candidates of every cell and the one narrow
//!   API that changes them;
//! * the plugin traits [`Rule`], [`Propagate`] and [`Constraint`];
//! * the [`Engine`] that runs constraints to a fixpoint;
//! * [`cnf`](mod@cnf): variables, literals, clause sinks and DIMACS for SAT;
//! * [`Puzzle`] (board + givens + constraints) and the text [`format`](mod@format)s.
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
mod digits;
mod engine;
pub mod format;
mod geometry;
mod grid;
mod puzzle;
mod state;

pub use cell::{Cand, Cell, Digit};
pub use constraint::{
    Constraint, Contradiction, ContradictionKind, Cost, CoverSink, Kind, Propagate, Rule, Unsupported,
    Violation,
};
pub use digits::{DigitIter, Digits, Width, Word};
pub use engine::{Decision, Engine, RootPropagation};
pub use geometry::{Geometry, GeometryError, Unit, UnitId, UnitKind, MAX_SIZE};
pub use grid::Grid;
pub use puzzle::{Puzzle, SizeMismatch};
pub use state::{Ctx, Level, State, Trail};
