//! A renban's exact filter, every window at once: the same digits as the
//! generic digit-set layers ([`keep_digit_sets_pruned`](sudokit_core::keep_digit_sets_pruned))
//! keep, many times cheaper on the short lines puzzles draw.
//!
//! A renban of `len` cells holds exactly one window of `len` consecutive
//! digits, each digit once. A window is named by its base `b` (its digits
//! `b + j`, `j < len`), and a set of windows is one `u32` with bit `b` for
//! each: shifting a cell's candidates right by `j` gives the windows in
//! which it can take the window's `j`-th digit. A digit `b + j` of cell `i`
//! survives when, in window `b`, the cells before `i` can take some set `S`
//! of the window's digits without `j` and the cells after `i` the rest: one
//! pass forward and one backward over the `2^len` subsets, each flag a
//! `u32` of windows, so all the windows cost one pass where each once took
//! its own ([`fill`](crate::digit_fill::fill) per window: Hard renban 1 and
//! 2 spent 14 % of their instructions there). Two and three cells try their
//! two and six orders outright.

use crate::digit_fill::SIZES;

/// The longest line the windows take: `2^len` flags per pass.
pub(crate) const MAX_LEN: usize = 10;

/// The largest board the windows take: digits, and windows, fit a `u32`.
pub(crate) const MAX_SIZE: usize = 31;

/// What [`filter`] found for cells holding a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Runs {
    /// Each cell's digits that some filling of some window uses (bit
    /// `d − 1` for digit `d`), in the cells' order; `len` entries.
    pub keep: [u32; MAX_LEN],
    /// The digits every window that can be filled contains: the line
    /// holds them.
    pub required: u32,
}

/// The digits each of `candidates` (one mask per cell, digit `d` at bit
/// `d − 1`, digits `1..=n`) keeps when the cells hold distinct consecutive
/// digits, and the digits they must hold; `None` when no window can be
/// filled. Exact: a digit stays exactly when some filling uses it there.
/// The caller keeps `candidates.len() ≤ MAX_LEN` and `n ≤ MAX_SIZE`.
pub(crate) fn filter(candidates: &[u32], n: usize) -> Option<Runs> {
    let len = candidates.len();
    debug_assert!(len <= MAX_LEN && n <= MAX_SIZE);
    let mut keep = [0u32; MAX_LEN];
    if len == 0 {
        return Some(Runs { keep, required: 0 });
    }
    if len > n {
        return None;
    }
    // The windows that fit the board: bases 0..=n − len.
    let bases = (1u32 << (n - len + 1)) - 1;
    let filled = match len {
        1 => {
            keep[0] = candidates[0] & bases;
            keep[0]
        }
        2 => orders(candidates, bases, &[[0, 1], [1, 0]], &mut keep),
        3 => orders(
            candidates,
            bases,
            &[[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]],
            &mut keep,
        ),
        // Flags on the stack, zeroed per call: 64 for the usual short lines.
        4..=6 => subsets::<64>(candidates, bases, &mut keep),
        _ => subsets::<{ 1 << MAX_LEN }>(candidates, bases, &mut keep),
    };
    if filled == 0 {
        return None;
    }
    // Every window is an interval of `len` digits: what the lowest and the
    // highest share, they all share.
    let window = (1u32 << len) - 1;
    let required = window << filled.trailing_zeros() & window << (31 - filled.leading_zeros());
    Some(Runs { keep, required })
}

/// Tries each order of `ORDER` (cell `i` takes the window's `order[i]`-th
/// digit) in every window of `bases` at once; the digits the orders that
/// fit give each cell go to `keep`. Returns the windows some order fills.
#[inline(always)]
fn orders<const LEN: usize>(
    candidates: &[u32],
    bases: u32,
    orders: &[[u32; LEN]],
    keep: &mut [u32; MAX_LEN],
) -> u32 {
    let cells: [u32; LEN] = candidates.try_into().expect("LEN cells");
    let mut filled = 0;
    for order in orders {
        let fits = cells
            .iter()
            .zip(order)
            .fold(bases, |fits, (&cell, &j)| fits & cell >> j);
        filled |= fits;
        for (k, &j) in keep.iter_mut().zip(order) {
            *k |= fits << j;
        }
    }
    filled
}

/// The passes over subsets, `SETS ≥ 2^len` flags per table, every window
/// at once: `forward[S]` holds the windows (of `bases`) in which the first
/// `|S|` cells can take exactly the window's digits `S`, `backward[S]` those
/// in which the last `|S|` can. A set comes after its subsets in numeric
/// order, so one ascending pass builds each table. Returns the windows the
/// whole line fills; each cell's digits go to `keep`.
fn subsets<const SETS: usize>(candidates: &[u32], bases: u32, keep: &mut [u32; MAX_LEN]) -> u32 {
    let len = candidates.len();
    let full = (1usize << len) - 1;
    let (mut forward, mut backward) = ([0u32; SETS], [0u32; SETS]);
    forward[0] = bases;
    backward[0] = bases;
    for set in 0..full {
        let size = SIZES[set] as usize;
        let (ahead, behind) = (forward[set], backward[set]);
        let mut next = full & !set;
        while next != 0 {
            let j = next.trailing_zeros();
            next &= next - 1;
            forward[set | 1 << j] |= ahead & candidates[size] >> j;
            backward[set | 1 << j] |= behind & candidates[len - 1 - size] >> j;
        }
    }
    let filled = forward[full];
    if filled == 0 {
        return 0;
    }
    for set in 0..full {
        let ahead = forward[set];
        if ahead == 0 {
            continue;
        }
        let i = SIZES[set] as usize;
        let mut next = full & !set;
        while next != 0 {
            let j = next.trailing_zeros();
            next &= next - 1;
            keep[i] |= (ahead & candidates[i] >> j & backward[full ^ set ^ 1 << j]) << j;
        }
    }
    filled
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every filling by brute force: the digits each cell takes in some
    /// run, and the digits in every run; `None` when there is none.
    fn brute(candidates: &[u32], n: usize) -> Option<(Vec<u32>, u32)> {
        let len = candidates.len();
        let mut keep = vec![0u32; len];
        let mut required = u32::MAX;
        let mut found = false;
        let mut digits = vec![0usize; len];
        fn walk(
            i: usize,
            candidates: &[u32],
            n: usize,
            digits: &mut Vec<usize>,
            on_fill: &mut dyn FnMut(&[usize]),
        ) {
            if i == candidates.len() {
                on_fill(digits);
                return;
            }
            for d in 0..n {
                if candidates[i] >> d & 1 == 1 && !digits[..i].contains(&d) {
                    digits[i] = d;
                    walk(i + 1, candidates, n, digits, on_fill);
                }
            }
        }
        walk(0, candidates, n, &mut digits, &mut |fill| {
            let set = fill.iter().fold(0u32, |s, &d| s | 1 << d);
            if set >> set.trailing_zeros() == (1 << len) - 1 {
                found = true;
                required &= set;
                for (k, &d) in keep.iter_mut().zip(fill) {
                    *k |= 1 << d;
                }
            }
        });
        found.then_some((keep, required))
    }

    #[test]
    fn windows_agree_with_brute_force() {
        let mut rng = fastrand::Rng::with_seed(32);
        for trial in 0..4000 {
            let n = [4, 6, 9, 9, 9, 12][trial % 6];
            let len = rng.usize(1..=n.min(MAX_LEN).min(7));
            let density = rng.f64() * 0.8 + 0.2;
            let candidates: Vec<u32> = (0..len)
                .map(|_| (0..n).filter(|_| rng.f64() < density).fold(0, |s, d| s | 1 << d))
                .collect();
            let got = filter(&candidates, n).map(|r| (r.keep[..len].to_vec(), r.required));
            assert_eq!(got, brute(&candidates, n), "{candidates:?} on {n}");
        }
    }

    /// The windows one at a time, each filled by [`fill`](crate::digit_fill::fill): what the
    /// filter did before it took them all at once.
    fn window_by_window(candidates: &[u32], n: usize) -> Option<Runs> {
        let len = candidates.len();
        let mut runs = Runs {
            keep: [0; MAX_LEN],
            required: u32::MAX,
        };
        let window = (1u32 << len) - 1;
        let mut found = false;
        for base in 0..=n.saturating_sub(len) {
            let cells: Vec<u32> = candidates.iter().map(|&c| (c >> base) & window).collect();
            if let Some(keep) = crate::digit_fill::fill(&cells) {
                found = true;
                runs.required &= window << base;
                for (k, digits) in runs.keep.iter_mut().zip(keep) {
                    *k |= digits << base;
                }
            }
        }
        found.then_some(runs)
    }

    #[test]
    fn every_window_at_once_agrees_with_one_at_a_time() {
        let mut rng = fastrand::Rng::with_seed(46);
        for trial in 0..6000 {
            let n = [4, 6, 9, 9, 12, 16, 25, 31][trial % 8];
            let len = rng.usize(1..=n.min(MAX_LEN));
            let density = rng.f64() * 0.7 + 0.3;
            let candidates: Vec<u32> = (0..len)
                .map(|_| (0..n).filter(|_| rng.f64() < density).fold(0, |s, d| s | 1 << d))
                .collect();
            assert_eq!(
                filter(&candidates, n),
                window_by_window(&candidates, n),
                "{candidates:?} on {n}"
            );
        }
    }

    #[test]
    fn a_full_line_of_nine_keeps_every_digit() {
        let runs = filter(&[0x1ff; 9], 9).unwrap();
        assert_eq!(runs.keep[..9], [0x1ff; 9]);
        assert_eq!(runs.required, 0x1ff);
    }

    #[test]
    fn two_cells_through_five_and_seven_cannot_be_filled() {
        assert_eq!(filter(&[1 << 4, 1 << 6], 9), None);
    }

    #[test]
    fn a_line_longer_than_the_board_cannot_be_filled() {
        assert_eq!(filter(&[0xf; 5], 4), None);
    }

    #[test]
    fn three_cells_through_five_and_seven_hold_six() {
        let runs = filter(&[1 << 4, 0x1ff, 1 << 6], 9).unwrap();
        assert_eq!(runs.keep[..3], [1 << 4, 1 << 5, 1 << 6]);
        assert_eq!(runs.required, 0b111 << 4);
    }
}
