//! # sudokit-constraints
//!
//! sudokit's rules, each a plugin of the one [`Constraint`](sudokit_core::Constraint)
//! trait:
//!
//! * [`ClassicRules`]: every row, column and box (or jigsaw region) holds
//!   each digit once, propagated with Norvig's two rules;
//! * [`AllDifferent`]: any list of cells holds distinct digits (extra
//!   regions, diagonals).
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
mod classic;
mod units;

pub use all_different::AllDifferent;
pub use classic::{classic_puzzle, ClassicRules};
