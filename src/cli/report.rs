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

/// A difficulty (an `f32`) for JSON as the decimal it is written as: `1.2`,
/// not `1.2000000476837158`, which is what widening it to `f64` gives.
///
/// The shortest decimal that reads back as the same `f32` (Rust's `Display`)
/// is parsed as an `f64`, whose own shortest form is that decimal again.
pub(crate) fn json_decimal(x: f32) -> f64 {
    x.to_string().parse().unwrap_or(f64::from(x))
}

/// Puzzle times, summed as they come: memory stays the same however long
/// the input.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Times {
    count: u32,
    sum: Duration,
    max: Duration,
}

impl Times {
    pub(crate) fn add(&mut self, time: Duration) {
        self.count += 1;
        self.sum += time;
        self.max = self.max.max(time);
    }
}

/// `Solved 95 of 95 puzzles (avg 0.21 ms, 4762 Hz, max 1.9 ms).`
pub(crate) fn summary(solved: usize, total: usize, times: &Times) -> String {
    if times.count == 0 {
        return format!("Solved {solved} of {total} puzzles.");
    }
    let avg = times.sum / times.count;
    let hz = if avg.is_zero() {
        f64::INFINITY
    } else {
        1.0 / avg.as_secs_f64()
    };
    format!(
        "Solved {solved} of {total} puzzles (avg {} ms, {hz:.0} Hz, max {} ms).",
        ms(avg),
        ms(times.max)
    )
}

/// `28,200,960`, for people.
pub(crate) fn grouped(count: u128) -> String {
    let digits = count.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped_by_thousands_for_the_bar() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(288), "288");
        assert_eq!(grouped(28_200_960), "28,200,960");
        assert_eq!(
            grouped(6_670_903_752_021_072_936_960),
            "6,670,903,752,021,072,936,960"
        );
    }
}
