//! What the grid counts share: timing a step. (Large numbers are grouped
//! by [`crate::cli::report::grouped`].)

use std::time::{Duration, Instant};

/// Runs `f` and returns its value and how long it took.
pub(super) fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = f();
    (value, start.elapsed())
}
