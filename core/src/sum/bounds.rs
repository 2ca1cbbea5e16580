//! Bounds that let the sum propagator skip digit sets no solution can use.
//!
//! Before a block's digit sets are built, the other blocks' least and most
//! totals say which totals the block can still have (its *window*). A
//! partial set of the first `i` cells whose digits, plus the least (or the
//! most) the remaining cells could add, fall outside the window leads to no
//! useful set, so the layers drop it and everything built on it. This pays
//! when the window cuts the block's own range (a long arrow shaft near its
//! least total); elsewhere it only costs a test per set, so it is used only
//! then.

/// The least and the most `count` distinct digits of `mask` (digit `d` at
/// bit `d − 1`) add up to; `None` when it has fewer digits.
pub(crate) fn extreme_sums(mask: u128, count: usize) -> Option<(i64, i64)> {
    if (mask.count_ones() as usize) < count {
        return None;
    }
    let (mut low, mut rest) = (0i64, mask);
    for _ in 0..count {
        low += i64::from(rest.trailing_zeros()) + 1;
        rest &= rest - 1;
    }
    let (mut high, mut rest) = (0i64, mask);
    for _ in 0..count {
        let top = 127 - rest.leading_zeros();
        high += i64::from(top) + 1;
        rest &= !(1u128 << top);
    }
    Some((low, high))
}

/// Per layer `i` of a block (the first `i` cells placed), the least and the
/// most its remaining cells can add: the smallest and largest distinct
/// digits of their candidates, as many as there are cells. Written to
/// `out` (`cells + 1` entries); false when some suffix of the cells has too
/// few digits (the block cannot be filled; nothing to bound).
pub(crate) fn completions(candidates: &[u128], out: &mut Vec<(i64, i64)>) -> bool {
    let k = candidates.len();
    out.clear();
    out.resize(k + 1, (0, 0));
    let mut union = 0u128;
    for i in (0..k).rev() {
        union |= candidates[i];
        match extreme_sums(union, k - i) {
            Some(range) => out[i] = range,
            None => return false,
        }
    }
    true
}

/// `a / b` rounded down (`b ≠ 0`).
fn floor_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// The totals a block with `coefficient` can have when the whole sum must
/// make `total` and the other blocks together contribute between
/// `others_low` and `others_high`.
pub(crate) fn window(total: i64, coefficient: i64, others_low: i64, others_high: i64) -> (i64, i64) {
    let (a, b) = (total - others_high, total - others_low);
    let (a, b) = if coefficient > 0 { (a, b) } else { (b, a) };
    // coefficient × v within [a, b] (or [b, a] for a negative coefficient).
    let low = -floor_div(-a, coefficient);
    let high = floor_div(b, coefficient);
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extreme_sums_of_distinct_digits() {
        assert_eq!(extreme_sums(0b1_1111_1111, 3), Some((6, 24)));
        assert_eq!(extreme_sums(0b1_0000_0101, 2), Some((4, 12)));
        assert_eq!(extreme_sums(0b101, 3), None);
        assert_eq!(extreme_sums(0, 0), Some((0, 0)));
    }

    #[test]
    fn completions_by_layer() {
        let mut out = Vec::new();
        assert!(completions(&[0b111, 0b110, 0b1_1000_0000], &mut out));
        // Three distinct of {1,2,3,8,9}, two of {2,3,8,9}, one of {8,9}.
        assert_eq!(out, vec![(6, 20), (5, 17), (8, 9), (0, 0)]);
        assert!(!completions(&[0b1, 0b1], &mut out));
    }

    /// The window by brute force: every v with coefficient × v + some
    /// others' contribution in range making the total.
    #[test]
    fn windows_match_brute_force() {
        for coefficient in [-10i64, -3, -1, 1, 2, 7] {
            for total in -30..30 {
                for (others_low, others_high) in [(-5, 4), (0, 0), (3, 11)] {
                    let (low, high) = window(total, coefficient, others_low, others_high);
                    for v in -40..40 {
                        let fits = (others_low..=others_high).any(|o| coefficient * v + o == total);
                        assert_eq!(fits, (low..=high).contains(&v), "{coefficient} {total} {v}");
                    }
                }
            }
        }
    }
}
