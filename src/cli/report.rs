//! Time summaries in Norvig's words.

use std::time::Duration;

/// Milliseconds with two significant-ish digits: `0.21`, `1.9`, `15`.
pub(crate) fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms < 1.0 {
        format!("{ms:.2}")
    } else if ms < 10.0 {
        format!("{ms:.1}")
    } else {
        format!("{ms:.0}")
    }
}

/// `Solved 95 of 95 puzzles (avg 0.21 ms, 4762 Hz, max 1.9 ms).`
pub(crate) fn summary(solved: usize, total: usize, times: &[Duration]) -> String {
    if times.is_empty() {
        return format!("Solved {solved} of {total} puzzles.");
    }
    let sum: Duration = times.iter().sum();
    let avg = sum / times.len() as u32;
    let max = times.iter().max().copied().unwrap_or_default();
    let hz = if avg.is_zero() {
        f64::INFINITY
    } else {
        1.0 / avg.as_secs_f64()
    };
    format!(
        "Solved {solved} of {total} puzzles (avg {} ms, {hz:.0} Hz, max {} ms).",
        ms(avg),
        ms(max)
    )
}
