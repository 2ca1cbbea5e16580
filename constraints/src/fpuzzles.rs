//! The f-puzzles JSON format (`../shared/formats/fpuzzles.md`): reading it
//! into a [`PuzzleSpec`](crate::spec::PuzzleSpec), and writing one back.
//!
//! (Being written: see the module's tests for what it does today.)
