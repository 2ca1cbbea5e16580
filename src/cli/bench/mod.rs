//! The benchmark commands: they measure sudokit (and its peers) rather than
//! answer puzzles, so they live apart from the product's commands.
//!
//! * [`classic`]: `sudokit bench`, puzzles per second over classic files,
//!   side by side with peer solvers;
//! * [`sat`]: `sudokit bench-sat`, the SAT encodings and solvers over the
//!   large puzzles;
//! * [`variants`]: `sudokit bench-variants`, the variant puzzles of a
//!   folder against the CP-SAT oracle's recorded times.

pub(crate) mod classic;
pub(crate) mod sat;
pub(crate) mod variants;
