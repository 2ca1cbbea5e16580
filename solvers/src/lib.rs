//! # sudokit-solvers
//!
//! Interchangeable strategies that answer the same questions about any
//! [`Puzzle`](sudokit_core::Puzzle): one solution, the number of solutions up
//! to a limit, or all of them, with [`Stats`].
//!
//! * [`Bitboard`]: the fast path for classic 9×9 puzzles, candidates as
//!   one 27-bit word per digit and band, and [`Auto`], which uses it when
//!   the rules allow and the propagation search otherwise;
//! * [`PropagationSearch`]: Norvig's constraint propagation with
//!   minimum-remaining-values search (dom/wdeg by default);
//! * [`Dlx`]: Knuth's Algorithm X with dancing links on the puzzle's
//!   exact-cover form, built on the generic engine [`ExactCover`] /
//!   [`DancingLinks`], which works for any exact-cover problem (N-queens,
//!   pentominoes), not only Sudoku;
//! * [`sat::SatSearch`]: CNF encodings (Kwon 2007 and a propagated one) and
//!   an embedded CDCL solver; DIMACS export for external solvers;
//! * [`Backtracking`]: the textbook baseline that only asks each rule's
//!   `check` whether a partial grid is still acceptable; slow, but it works
//!   for any plugin and shows how much propagation saves.
//!
//! Each strategy answers one search ([`Strategy::visit`], `solve`, `count`)
//! or prepares a [`Session`] for many searches of one puzzle from different
//! [`Start`]s; [`true_candidates`] is built on that. [`strategy_by_name`]
//! builds any strategy from its command-line name, and a [`Tally`] adds up
//! their results over a set of puzzles for comparisons.
//!
//! [`Estimator`] estimates the number of solutions of a loose puzzle by
//! Knuth's random probes when counting them all would take too long.
//!
//! ```
//! use sudokit_constraints::classic_puzzle;
//! use sudokit_core::format::{parse_grids, ParseOptions};
//! use sudokit_solvers::{Limits, PropagationSearch, Strategy};
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let grid = parse_grids(text, &ParseOptions::default()).remove(0).unwrap().grid;
//! let puzzle = classic_puzzle(grid).unwrap();
//! let outcome = PropagationSearch::default().solve(&puzzle, &Limits::default()).unwrap();
//! assert!(outcome.is_unique());
//! assert!(puzzle.verify_solution(&outcome.solutions[0]).is_ok());
//! ```

mod auto;
mod backtracking;
// No race on WebAssembly (no threads): only `baton::poll` is used there,
// and it returns at once.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
mod baton;
mod bitboard;
mod branch;
mod candidates;
mod cases;
pub mod clock;
mod conflicts;
mod count;
mod dlx;
mod estimate;
mod exact_cover;
pub mod generate;
mod house_pairs;
mod limits;
mod nogoods;
pub mod pattern;
mod propagation;
#[cfg(not(target_arch = "wasm32"))]
mod race;
mod registry;
pub mod sat;
#[cfg(not(target_arch = "wasm32"))]
mod split;
mod strategy;
mod symmetric;
mod tally;

pub use auto::Auto;
pub use backtracking::Backtracking;
pub use bitboard::Bitboard;
pub use candidates::{candidate_counts, true_candidates, CandidateCounts, TrueCandidates};
pub use count::{count_exact, count_exact_with, digit_symmetry, CountProgress, CountResult, DigitSymmetry};
pub use dlx::Dlx;
pub use estimate::{Estimate, Estimator};
pub use exact_cover::{Clash, DancingLinks, ExactCover};
pub use limits::{Cancel, Limits, Outcome, Search, Stats, Stop};
pub use nogoods::Restarts;
pub use propagation::{Branching, PairBranching, PropagationSearch, Undo, ValueIteration, ValueOrder};
pub use registry::{strategy_by_name, STRATEGY_NAMES};
#[cfg(not(target_arch = "wasm32"))]
pub use split::Split;
pub use strategy::{Session, SolveError, Start, Strategy};
pub use tally::Tally;
