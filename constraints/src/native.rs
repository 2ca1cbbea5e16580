//! sudokit's own puzzle format, TOML, for composing puzzles by hand.
//!
//! (Being written: see the module's tests for what it does today.)
