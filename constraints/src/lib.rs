//! # sudokit-constraints
//!
//! sudokit's rules, each a plugin of the one [`Constraint`](sudokit_core::Constraint)
//! trait:
//!
//! * [`ClassicRules`]: every row, column and box (or jigsaw region) holds
//!   each digit once;
//! * [`AllDifferent`]: any list of cells holds distinct digits (extra
//!   regions, windows, cages without a sum);
//! * [`Diagonal`]: X-sudoku's long diagonals;
//! * [`AntiKnight`] and [`AntiKing`]: cells a chess move apart differ.
//!
//! All of them are declarations: groups of cells that differ, or `≠`
//! relations between two cells. The engine propagates them with its
//! built-in singles and relation tables, DLX and SAT encode them, and each
//! rule's `check` scans a grid on its own, without the declarations.
//!
//! [`classic_puzzle`] builds the usual puzzle from a grid of givens.
//!
//! ```
//! use sudokit_constraints::classic_puzzle;
//! use sudokit_core::format::{parse_grids, ParseOptions};
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let grid = parse_grids(text, &ParseOptions::default()).remove(0).unwrap().grid;
//! let puzzle = classic_puzzle(grid).unwrap();
//! assert_eq!(puzzle.constraints()[0].name(), "classic rules");
//! ```

mod all_different;
mod cells;
mod chess;
mod classic;
mod diagonal;
mod dots;
pub mod fpuzzles;
mod lines;
pub mod native;
mod regions;
pub mod registry;
pub mod spec;
mod units;

pub use all_different::AllDifferent;
pub use cells::{Extreme, ExtremeCells, Parity, ParityCells, PencilMarks};
pub use chess::{AntiKing, AntiKnight, ChessMoves, CustomPairs, Taxicab};
pub use classic::{classic_puzzle, ClassicError, ClassicRules};
pub use diagonal::Diagonal;
pub use dots::{Adjacency, Dot, DotKind, Forbidden, Negative, SumPair};
pub use lines::{Line, LineKind};
pub use regions::{Cage, Clones, DisjointGroups};
