//! The digit sets that cells holding different digits can take, layer by
//! layer, and the walk back from the sets a rule accepts: the search shared
//! by the sum propagator and [`keep_digit_sets`](crate::keep_digit_sets).
//!
//! Layer `i` holds the sets of the first `i` cells; a set of layer `i + 1`
//! is one of layer `i` with a candidate of cell `i` added. The same set is
//! reached in many ways (`{1,2}` from 1 then 2, or 2 then 1), so each new
//! set is looked up before it is kept. On boards of at most
//! [`DENSE_DIGITS`] digits the lookup is one bit of a bitmap indexed by the
//! set itself; these propagators run inside every trial of the logical
//! solver, where sorting each layer to remove repeats was most of the time.
//! Larger boards sort.

/// Boards with at most this many digits look sets up in a bitmap of
/// `2^digits` bits (8 KiB at 16); larger ones sort each layer.
const DENSE_DIGITS: u32 = 16;

/// How building the layers ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Built {
    /// Every layer has at least one set.
    Done,
    /// The cell at this position (from 0) leaves no set: the cells cannot
    /// all differ.
    Empty(usize),
    /// A layer passed the limit given.
    TooMany,
}

/// The layers of one block of cells, and the walk back through them.
///
/// Buffers are kept between builds, so a propagator that owns one
/// allocates only while its blocks grow.
#[derive(Clone, Debug, Default)]
pub(crate) struct SetLayers {
    /// Every layer's sets, flat (layer 0 is the empty set).
    sets: Vec<u128>,
    /// Where each layer starts in `sets`, plus the end of the last.
    starts: Vec<usize>,
    /// Whether this build looks sets up in the bitmaps.
    dense: bool,
    /// The sets of `sets` (dense builds): a set of `i` digits can only be
    /// in layer `i`, so one bitmap serves every layer.
    built: Bitmap,
    /// The sets being walked back (of one layer), and the next layer's.
    walk: Vec<u128>,
    walk_next: Vec<u128>,
    /// The sets of `walk_next` (dense builds), empty between steps.
    walked: Bitmap,
}

impl SetLayers {
    /// Builds the layers of cells whose candidates (digit `d` at bit
    /// `d − 1`) are `candidates`, in order; stops at a cell that leaves no
    /// set, or at a layer of more than `max_sets` sets.
    ///
    /// On boards of at most [`DENSE_DIGITS`] digits, sets that `viable`
    /// refuses are dropped with everything built on them; it must accept
    /// every subset of the sets the walk will start from, so the walk
    /// finds the same digits. (Larger boards keep every set, so a layer
    /// passes `max_sets` exactly when it did without `viable`.)
    pub(crate) fn build(
        &mut self,
        candidates: impl Iterator<Item = u128> + Clone,
        max_sets: usize,
        viable: impl Fn(u128) -> bool,
    ) -> Built {
        self.built.clear_sets(self.dense, &self.sets);
        let digits = 128 - candidates.clone().fold(0, |all, c| all | c).leading_zeros();
        self.dense = digits <= DENSE_DIGITS;
        if self.dense {
            self.built.fit(digits);
            self.walked.fit(digits);
        }
        self.sets.clear();
        self.starts.clear();
        self.starts.push(0);
        self.sets.push(0);
        if self.dense {
            self.built.insert(0);
        }
        for (i, candidates) in candidates.enumerate() {
            let (from, to) = (*self.starts.last().expect("a layer"), self.sets.len());
            self.starts.push(to);
            for j in from..to {
                let set = self.sets[j];
                let mut free = candidates & !set;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    if !self.dense || (viable(set | bit) && self.built.insert(set | bit)) {
                        self.sets.push(set | bit);
                    }
                }
            }
            if !self.dense {
                sort_dedup_tail(&mut self.sets, to);
            }
            if self.sets.len() == to {
                return Built::Empty(i);
            }
            if self.sets.len() - to > max_sets {
                return Built::TooMany;
            }
        }
        self.starts.push(self.sets.len());
        Built::Done
    }

    /// The sets of the last layer (all the cells), in no particular order.
    pub(crate) fn last(&self) -> &[u128] {
        let n = self.starts.len();
        &self.sets[self.starts[n - 2]..self.starts[n - 1]]
    }

    /// Starts the walk back from the sets of the last layer that `keep`
    /// accepts; returns the digits all of them hold, `None` when none is
    /// accepted.
    pub(crate) fn start_walk(&mut self, mut keep: impl FnMut(u128) -> bool) -> Option<u128> {
        let n = self.starts.len();
        let last = &self.sets[self.starts[n - 2]..self.starts[n - 1]];
        self.walk.clear();
        self.walk.extend(last.iter().copied().filter(|&s| keep(s)));
        let required = self.walk.iter().fold(u128::MAX, |all, &s| all & s);
        (!self.walk.is_empty()).then_some(required)
    }

    /// One step back, to the cell at position `i` (from the last): its
    /// digits, among `candidates`, that lead from a set of layer `i` to a
    /// set being walked; those sets of layer `i` are walked next.
    pub(crate) fn walk_back(&mut self, i: usize, candidates: u128) -> u128 {
        let previous = &self.sets[self.starts[i]..self.starts[i + 1]];
        let mut keep = 0u128;
        self.walk_next.clear();
        for &set in &self.walk {
            let mut digits = set & candidates;
            while digits != 0 {
                let bit = digits & digits.wrapping_neg();
                digits ^= bit;
                let before = set ^ bit;
                let there = if self.dense {
                    self.built.contains(before)
                } else {
                    previous.binary_search(&before).is_ok()
                };
                if there {
                    keep |= bit;
                    if !self.dense || self.walked.insert(before) {
                        self.walk_next.push(before);
                    }
                }
            }
        }
        if self.dense {
            self.walked.clear_sets(true, &self.walk_next);
        } else {
            sort_dedup_tail(&mut self.walk_next, 0);
        }
        std::mem::swap(&mut self.walk, &mut self.walk_next);
        keep
    }
}

/// A set of digit sets, one bit per set.
#[derive(Clone, Debug, Default)]
struct Bitmap(Vec<u64>);

impl Bitmap {
    /// Room for every set of `digits` digits (kept clear).
    fn fit(&mut self, digits: u32) {
        let words = ((1usize << digits) / 64).max(1);
        if self.0.len() < words {
            self.0.resize(words, 0);
        }
    }

    /// Adds `set`; true when it was not there.
    #[inline]
    fn insert(&mut self, set: u128) -> bool {
        let (word, bit) = ((set >> 6) as usize, 1u64 << (set & 63));
        let fresh = self.0[word] & bit == 0;
        self.0[word] |= bit;
        fresh
    }

    #[inline]
    fn contains(&self, set: u128) -> bool {
        self.0[(set >> 6) as usize] & (1u64 << (set & 63)) != 0
    }

    /// Clears the bits of `sets` (every bit set is one of them, so whole
    /// words go), when they were put in (`dense`).
    fn clear_sets(&mut self, dense: bool, sets: &[u128]) {
        if dense {
            for &set in sets {
                self.0[(set >> 6) as usize] = 0;
            }
        }
    }
}

/// Sorts `v[start..]` and removes its repeats.
fn sort_dedup_tail(v: &mut Vec<u128>, start: usize) {
    v[start..].sort_unstable();
    let mut write = start;
    for read in start..v.len() {
        if write == start || v[read] != v[write - 1] {
            v[write] = v[read];
            write += 1;
        }
    }
    v.truncate(write);
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The layers and walk, by brute force: every assignment of distinct
    /// digits to the cells, kept when `accept` takes its set (also the
    /// reference for `sum::set_bits`).
    pub(crate) fn brute(cands: &[u128], accept: impl Fn(u128) -> bool) -> (Vec<u128>, Vec<u128>) {
        let mut assignments: Vec<Vec<u32>> = vec![Vec::new()];
        for &c in cands {
            let mut next = Vec::new();
            for a in &assignments {
                for d in (0..128u32).filter(|&d| c >> d & 1 == 1 && !a.contains(&d)) {
                    next.push([a.clone(), vec![d]].concat());
                }
            }
            assignments = next;
        }
        let set = |a: &[u32]| a.iter().fold(0u128, |s, &d| s | 1 << d);
        let mut last: Vec<u128> = assignments.iter().map(|a| set(a)).collect();
        last.sort_unstable();
        last.dedup();
        let mut keep = vec![0u128; cands.len()];
        for a in assignments.iter().filter(|a| accept(set(a))) {
            for (i, &d) in a.iter().enumerate() {
                keep[i] |= 1 << d;
            }
        }
        (last, keep)
    }

    fn walked(layers: &mut SetLayers, cands: &[u128], accept: impl Fn(u128) -> bool) -> Vec<u128> {
        layers.start_walk(accept);
        let mut keep: Vec<u128> = (0..cands.len())
            .rev()
            .map(|i| layers.walk_back(i, cands[i]))
            .collect();
        keep.reverse();
        keep
    }

    #[test]
    fn layers_and_walks_match_brute_force_dense_and_sorted() {
        // Dense (9 digits) and sorted (digit 20 present) builds, reusing
        // one value so stale bits would show.
        let cases: [&[u128]; 4] = [
            &[0b111, 0b110, 0b1_1000_0011],
            &[0b1_1111_1111; 4],
            &[0b1011, 1 << 19 | 0b11, 0b1110, 1 << 19 | 0b100],
            &[0b101, 0b101, 0b1000],
        ];
        let mut layers = SetLayers::default();
        for cands in cases {
            let accept = |s: u128| s.count_ones() % 2 == 1 || s & 1 == 1;
            let (last, keep) = brute(cands, accept);
            assert_eq!(
                layers.build(cands.iter().copied(), usize::MAX, |_| true),
                Built::Done
            );
            let mut got = layers.last().to_vec();
            got.sort_unstable();
            assert_eq!(got, last);
            assert_eq!(walked(&mut layers, cands, accept), keep);
        }
    }

    #[test]
    fn pruned_walks_find_the_same_digits() {
        // Runs of consecutive digits, with partial sets pruned when they
        // span more digits than there are cells.
        let cases: [&[u128]; 3] = [
            &[0b1_1111_1111; 4],
            &[0b1_0001_0001, 0b1_1111_1111, 0b0_1110_0000],
            &[0b11, 0b1_1000_0000, 0b1_1111_1111],
        ];
        let mut layers = SetLayers::default();
        for cands in cases {
            let len = cands.len() as u32;
            let span = |s: u128| 128 - s.leading_zeros() - s.trailing_zeros();
            let run = |s: u128| s != 0 && span(s) == s.count_ones();
            let (_, keep) = brute(cands, run);
            let built = layers.build(cands.iter().copied(), usize::MAX, |s| span(s) <= len);
            if keep.iter().all(|&k| k == 0) {
                continue; // no run at all: the walk has nothing to start from
            }
            assert_eq!(built, Built::Done);
            assert_eq!(walked(&mut layers, cands, run), keep);
        }
    }

    #[test]
    fn empty_and_too_many() {
        let mut layers = SetLayers::default();
        assert_eq!(
            layers.build([0b11u128, 0b11, 0b11, 0b100].into_iter(), 100, |_| true),
            Built::Empty(2)
        );
        assert_eq!(
            layers.build([0b1111_1111u128; 4].into_iter(), 69, |_| true),
            Built::TooMany
        );
        assert_eq!(
            layers.build([0b1111_1111u128; 4].into_iter(), 70, |_| true),
            Built::Done
        );
        assert_eq!(layers.last().len(), 70);
    }
}
