//! A renban's exact filter, window by window: the same digits as the
//! generic digit-set layers ([`keep_digit_sets_pruned`](sudokit_core::keep_digit_sets_pruned))
//! keep, several times cheaper on the short lines puzzles draw.
//!
//! A renban of `len` cells holds exactly one window of `len` consecutive
//! digits, each digit once. For each window the cells can still fill, a
//! digit `d` of cell `i` survives when the cells before `i` can take some
//! set `S` of the window's digits without `d` and the cells after `i` the
//! rest: one pass forward and one backward over the window's `2^len`
//! subsets (a set's size says how many cells took it, so one flag per set
//! is enough: [`fill`]). The generic layers walk every set of every size of the
//! whole board's digits; Hard renban 1 spent 45 % of its instructions there.

use crate::digit_fill::{fill, MAX_CELLS};

/// The longest line the windows take: `2^len` flags per pass.
pub(crate) const MAX_LEN: usize = MAX_CELLS;

/// The largest board the windows take: digits fit a `u32`.
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
    let mut runs = Runs {
        keep: [0; MAX_LEN],
        required: u32::MAX,
    };
    if len == 0 {
        return Some(Runs { required: 0, ..runs });
    }
    let all = candidates.iter().fold(0u32, |a, &c| a | c);
    let window = (1u32 << len) - 1;
    let mut found = false;
    for base in 0..=n.saturating_sub(len) {
        // Every digit of the window must be somewhere, every cell must
        // take one of them.
        if (all >> base) & window != window {
            continue;
        }
        let mut cells = [0u32; MAX_LEN];
        for (slot, &c) in cells.iter_mut().zip(candidates) {
            *slot = (c >> base) & window;
        }
        if cells[..len].contains(&0) {
            continue;
        }
        if let Some(keep) = fill(&cells[..len]) {
            found = true;
            runs.required &= window << base;
            for (k, digits) in runs.keep.iter_mut().zip(keep) {
                *k |= digits << base;
            }
        }
    }
    found.then_some(runs)
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
}
