//! A block left with at most two open cells, worked out directly instead of
//! through its digit-set layers (boards of at most nine digits).
//!
//! Most blocks a search meets are that small (a little killer's diagonal
//! crosses a box in one to three cells, and the fixed ones leave the
//! layers): on LITTLE_KILLER_SNIPES[9] a walked block had 1.7 open cells on
//! average. The layers then cost a build of up to eight words per cell, a
//! table pass for their totals, a start and a step back per cell; here the
//! totals of two cells are one shift per candidate of the first, and a
//! digit is kept when a partner of the other cell completes a useful total.
//! The answers are the layers' exactly (the engine's tests compare both).
//!
//! Digits are bits of a `u32` (digit `d` at bit `d − 1`), the cells'
//! candidates without the block's fixed digits; totals are bits of a `u64`
//! (total `v` at bit `v`), those of the open cells alone.

/// The totals the open cells (`open`, at most two) can make with different
/// digits; 0 when they cannot differ.
pub(super) fn totals(open: &[u32]) -> u64 {
    match *open {
        [] => 1,
        [a] => u64::from(a) << 1,
        [a, b] => {
            let mut totals = 0;
            let mut rest = a;
            while rest != 0 {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                // Digit i + 1 with each other digit of `b`: bit j moves to i + j + 2.
                totals |= u64::from(b & !(1 << i)) << (i + 2);
            }
            totals
        }
        _ => unreachable!("at most two open cells"),
    }
}

/// The digits of `xs` that some digit of `others`, not the same, brings to
/// a total of `useful`.
#[inline]
pub(super) fn with_partner(xs: u32, others: u32, useful: u64) -> u32 {
    let mut keep = 0;
    let mut rest = xs;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        // The partners of digit i + 1: digit t − i − 1 for each total t, at bit t − i − 2.
        let partners = (useful >> (i + 2)) as u32 & others & !(1 << i);
        keep |= u32::from(partners != 0) << i;
    }
    keep
}

/// The digits of `others` that bring the digit `x` (one bit) to a total of
/// `useful`, `x` left out.
#[inline(always)]
fn partners(x: u32, others: u32, useful: u64) -> u32 {
    let i = x.trailing_zeros();
    (useful >> (i + 2)) as u32 & others & !x
}

/// Whether some digit of `xs` has a partner in `others` ([`with_partner`]
/// is not empty), stopping at the first.
#[inline]
fn has_partner(xs: u32, others: u32, useful: u64) -> bool {
    let mut rest = xs;
    while rest != 0 {
        let x = rest & rest.wrapping_neg();
        rest &= rest - 1;
        if partners(x, others, useful) != 0 {
            return true;
        }
    }
    false
}

/// The digits of an open cell (`xs`) that make a total of `useful` alone.
#[inline]
pub(super) fn alone(xs: u32, useful: u64) -> u32 {
    xs & (useful >> 1) as u32
}

/// The digits every assignment of the open cells (`open`, at most two,
/// different digits) with a total in `useful` holds; `None` when there is
/// no such assignment.
pub(super) fn required(open: &[u32], useful: u64) -> Option<u32> {
    match *open {
        [] => (useful & 1 != 0).then_some(0),
        [a] => {
            let keep = alone(a, useful);
            (keep != 0).then(|| if keep.is_power_of_two() { keep } else { 0 })
        }
        [a, b] => {
            // Any useful pair: a digit every useful pair holds is one of its two.
            let mut rest = a;
            let pair = loop {
                if rest == 0 {
                    return None;
                }
                let first = rest & rest.wrapping_neg();
                rest &= rest - 1;
                let partners = partners(first, b, useful);
                if partners != 0 {
                    break [first, partners & partners.wrapping_neg()];
                }
            };
            // Such a digit is in every useful pair when none does without it.
            let required = pair
                .into_iter()
                .filter(|&d| !has_partner(a & !d, b & !d, useful))
                .fold(0, |all, d| all | d);
            Some(required)
        }
        _ => unreachable!("at most two open cells"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of distinct digits (1 to 9) to the open cells.
    fn assignments(open: &[u32]) -> Vec<Vec<u32>> {
        let mut all = vec![Vec::new()];
        for &set in open {
            let mut next = Vec::new();
            for a in &all {
                for d in (1..=9).filter(|&d| set >> (d - 1) & 1 == 1 && !a.contains(&d)) {
                    let mut longer = a.clone();
                    longer.push(d);
                    next.push(longer);
                }
            }
            all = next;
        }
        all
    }

    /// Random open cells (none to two) and useful totals: the totals, the
    /// digits each cell keeps and the digits every useful assignment holds
    /// match brute force over the assignments.
    #[test]
    fn pairs_match_brute_force() {
        let mut rng = fastrand::Rng::with_seed(52);
        let (mut some, mut required_found) = (0, 0);
        for _ in 0..20_000 {
            let cells = rng.usize(0..=2);
            let open: Vec<u32> = (0..cells).map(|_| rng.u32(0..512) & rng.u32(0..512)).collect();
            let all = assignments(&open);
            let want_totals = all.iter().fold(0u64, |t, a| t | 1 << a.iter().sum::<u32>());
            assert_eq!(totals(&open), want_totals, "{open:?}");
            let useful = rng.u64(..) & want_totals | rng.u64(..) & rng.u64(..);
            let taken: Vec<&Vec<u32>> = all
                .iter()
                .filter(|a| useful >> a.iter().sum::<u32>() & 1 == 1)
                .collect();
            let bits = |a: &Vec<u32>| a.iter().fold(0u32, |s, d| s | 1 << (d - 1));
            let want = (!taken.is_empty()).then(|| taken.iter().fold(0x1ff, |r, a| r & bits(a)));
            assert_eq!(required(&open, useful), want, "{open:?} {useful:b}");
            if want.is_none() {
                continue;
            }
            some += 1;
            required_found += usize::from(want != Some(0));
            // What each cell keeps: the walk keeps the digits some taken assignment uses.
            for (i, &set) in open.iter().enumerate() {
                let used = taken.iter().fold(0u32, |s, a| s | 1 << (a[i] - 1));
                let got = match *open {
                    [_] => alone(set, useful),
                    [a, b] if i == 0 => with_partner(a, b, useful),
                    [a, b] => with_partner(b, a, useful),
                    _ => unreachable!(),
                };
                assert_eq!(got, used, "{open:?} {useful:b} cell {i}");
            }
        }
        assert!(
            some > 5_000 && required_found > 2_000,
            "{some} with a useful assignment, {required_found} requiring a digit"
        );
    }
}
