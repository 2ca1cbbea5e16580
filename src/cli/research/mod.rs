//! The research commands: experiments about Sudoku itself rather than
//! answers to puzzles, kept apart from the product's commands.
//!
//! * [`canon`]: `sudokit canon`, the minlex canonical form of 9×9 grids
//!   and puzzles;
//! * [`clues`]: `sudokit clues`, every puzzle with at most K clues of a
//!   grid (McGuire's unavoidable sets and hitting sets);
//! * [`count_grids`]: `sudokit count-grids`, the 9×9 grids counted by
//!   Felgenhauer and Jarvis's band method, and with [`essentially`] the
//!   essentially different grids by Burnside's lemma;
//! * [`experiment`]: `sudokit experiment`, Norvig's heavy tail of solve
//!   times on random puzzles.

pub(crate) mod canon;
pub(crate) mod clues;
pub(crate) mod count_grids;
pub(crate) mod essentially;
pub(crate) mod experiment;
mod figures;
mod lines;
