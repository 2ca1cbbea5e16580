//! Helpers the grid counts share: large numbers grouped by thousands, and
//! timing a step.

use std::time::{Duration, Instant};

/// `2612736` → `2,612,736`.
pub(super) fn grouped(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Runs `f` and returns its value and how long it took.
pub(super) fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = f();
    (value, start.elapsed())
}
