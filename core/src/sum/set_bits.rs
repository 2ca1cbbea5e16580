//! The digit sets of one block of a sum as bitmaps, on boards of at most
//! [`MAX_DIGITS`] digits: one bit per set of digits, 512 bits in all on a
//! 9×9 board.
//!
//! The sum propagator asks, for cells that must hold different digits,
//! which digit sets the first `i` cells can take (layer `i`), and then walks
//! back from the sets of the whole block whose sum is useful. With one bit
//! per set a layer is a few machine words, and adding a digit `t` to every
//! set of a layer that lacks it is one shift per word: the set `S` sits at
//! bit `S`, and `S ∪ {t}` at bit `S + 2^t`. A cell with `c` candidates costs
//! `c` shifted ORs of the layer, however many sets it holds; the walk back
//! is the same shifts the other way. This replaces building every set one
//! at a time (a killer cage of five cells has up to 382 sets, each looked up
//! and stored), which was most of a node's time on pure killer puzzles.
//!
//! Layers of four and eight words go through 256-bit registers on CPUs
//! with AVX2 (`avx2`, chosen at run time), two or three instructions per
//! register and candidate. Each block of each sum keeps its own layers
//! between runs, and a build starts at its first cell whose candidates
//! changed.
//!
//! Larger boards (2^16 bits a layer on 16×16) keep the set-by-set layers of
//! `set_layers`.

use std::sync::LazyLock;

#[cfg(target_arch = "x86_64")]
mod avx2;

/// Boards of at most this many digits use the bitmaps (2^9 = 512 bits).
pub(crate) const MAX_DIGITS: usize = 9;

/// Words of one layer: 2^[`MAX_DIGITS`] bits.
const WORDS: usize = (1 << MAX_DIGITS) / 64;

/// One layer: bit `S` is set when the set of digits `S` (digit `d` at bit
/// `d − 1`) is in it.
type Layer = [u64; WORDS];

/// For a digit at bit `t < 6`, the bits of the sets without it in each word
/// (a set's low six bits are its position in the word).
const WITHOUT: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// Per total `v` (0 to 45), the sets of the digits 1 to 9 that add up to it.
static WITH_SUM: LazyLock<Vec<Layer>> = LazyLock::new(|| {
    let mut by_sum = vec![[0u64; WORDS]; 46];
    for set in 0..1usize << MAX_DIGITS {
        let sum: usize = (0..MAX_DIGITS).filter(|t| set >> t & 1 == 1).map(|t| t + 1).sum();
        by_sum[sum][set / 64] |= 1 << (set % 64);
    }
    by_sum
});

/// Per byte `j` of a word and its value: the totals (bit `v` for total `v`,
/// at most 21) of the sets of digits 1 to 6 at the bits set, each bit `i`
/// of the byte standing for the set `8j + i`.
static BYTE_SUMS: LazyLock<[[u32; 256]; 8]> = LazyLock::new(|| {
    let total = |set: usize| (0..6).filter(|t| set >> t & 1 == 1).map(|t| t + 1).sum::<usize>();
    let mut table = [[0u32; 256]; 8];
    for (j, row) in table.iter_mut().enumerate() {
        for (byte, sums) in row.iter_mut().enumerate() {
            for i in (0..8).filter(|i| byte >> i & 1 == 1) {
                *sums |= 1 << total(8 * j + i);
            }
        }
    }
    table
});

/// The layers of one block and the walk back through them (buffers kept
/// between builds). A build keeps the layers of the first cells whose
/// candidates are those of the last build: the engine keeps one `SetBits`
/// per block of every sum, so a sum woken by a change in one block rebuilds
/// that block alone, from its first changed cell.
#[derive(Clone, Debug, Default)]
pub(crate) struct SetBits {
    /// Words in use: 2^digits / 64, at least 1.
    words: usize,
    /// Layer `i`: the sets the first `i` cells can take.
    layers: Vec<Layer>,
    /// The candidates the layers were built from, cell by cell (nine bits
    /// at most: 32-bit words, cheaper to store, compare and walk than `u128`s).
    inputs: Vec<u32>,
    /// The candidates of the build under way (a buffer).
    fresh: Vec<u32>,
    /// The cell of the last build that left no set, if one did.
    failed: Option<usize>,
    /// The totals of the last layer, once asked for since the last build.
    totals: Option<u64>,
    /// The sets being walked back.
    walk: Layer,
    /// The last walk from these layers, when it kept every candidate it
    /// was given and those were the build's: the totals it started from
    /// and the digits every set with one of them holds. The same walk
    /// again keeps them all again (see [`SetBits::settled`]).
    settled: Option<(u64, u128)>,
    /// Tests: keep to the portable words even where AVX2 runs.
    #[cfg(all(test, target_arch = "x86_64"))]
    portable: bool,
}

impl SetBits {
    /// Builds the layers of cells whose candidates (digit `d` at bit `d − 1`,
    /// at most `digits` ≤ [`MAX_DIGITS`] digits) are `candidates`, in order.
    /// `Err(i)`: the cell at position `i` leaves no set, the cells cannot
    /// all differ.
    pub(crate) fn build(
        &mut self,
        digits: usize,
        candidates: impl Iterator<Item = u128>,
    ) -> Result<(), usize> {
        debug_assert!(digits <= MAX_DIGITS);
        let words = ((1usize << digits) / 64).max(1);
        self.fresh.clear();
        self.fresh.extend(candidates.map(narrow));
        // The cells up to the first whose candidates changed keep their
        // layers (as many as the last build made).
        let reuse = words == self.words && !self.layers.is_empty();
        let kept = if reuse {
            let same = self
                .inputs
                .iter()
                .zip(&self.fresh)
                .take_while(|(a, b)| a == b)
                .count();
            same.min(self.layers.len() - 1)
        } else {
            0
        };
        if reuse && kept == self.fresh.len() && kept == self.inputs.len() {
            return self.failed.map_or(Ok(()), Err);
        }
        std::mem::swap(&mut self.inputs, &mut self.fresh);
        self.words = words;
        self.totals = None;
        self.settled = None;
        self.layers.truncate(kept + 1);
        if self.layers.is_empty() {
            let mut empty = [0u64; WORDS];
            empty[0] = 1;
            self.layers.push(empty);
        }
        let inputs = std::mem::take(&mut self.inputs);
        let rest = inputs[kept..].iter().copied();
        let built = self.build_from(digits, rest).map_err(|i| kept + i);
        self.inputs = inputs;
        self.failed = built.err();
        built
    }

    /// Pushes the layers of cells with `candidates` after the last layer.
    /// `Err(i)`: the `i`-th of them leaves no set.
    fn build_from(&mut self, digits: usize, candidates: impl Iterator<Item = u32>) -> Result<(), usize> {
        // One copy per width, so the loops over words unroll; the widest
        // in 256-bit registers where the CPU has them.
        #[cfg(target_arch = "x86_64")]
        if self.words >= 4 && self.simd() {
            // SAFETY: `simd` checked that this CPU runs AVX2.
            return unsafe {
                match self.words {
                    4 => avx2::build::<1>(&mut self.layers, candidates),
                    _ => avx2::build::<2>(&mut self.layers, candidates),
                }
            };
        }
        match self.words {
            1 => self.build_in::<1>(digits, candidates),
            2 => self.build_in::<2>(digits, candidates),
            4 => self.build_in::<4>(digits, candidates),
            _ => self.build_in::<WORDS>(digits, candidates),
        }
    }

    fn build_in<const W: usize>(
        &mut self,
        digits: usize,
        candidates: impl Iterator<Item = u32>,
    ) -> Result<(), usize> {
        for (i, candidates) in candidates.enumerate() {
            debug_assert!(candidates >> digits == 0, "a candidate above the board's digits");
            let from = *words::<W>(self.layers.last().expect("the first layer"));
            let mut to = [0u64; WORDS];
            let into = words_mut::<W>(&mut to);
            let mut rest = candidates;
            while rest != 0 {
                let t = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let added = with_digit(&from, t);
                for w in 0..W {
                    into[w] |= added[w];
                }
            }
            if into.iter().all(|&x| x == 0) {
                return Err(i);
            }
            self.layers.push(to);
        }
        Ok(())
    }

    /// The candidates of the last build, cell by cell.
    pub(crate) fn inputs(&self) -> &[u32] {
        &self.inputs
    }

    /// The digits every set of the last layer with a total in `sums`
    /// holds, when a walk from those totals kept every candidate of the
    /// last build ([`SetBits::settle`]) and nothing was built since: a walk
    /// from them again would keep every candidate again, so it can be left
    /// out while the cells still hold the build's candidates. A killer
    /// cage or a little killer's box woken by a change elsewhere in the
    /// sum, its own cells untouched and its useful totals the same, is
    /// mostly that.
    pub(crate) fn settled(&self, sums: u64) -> Option<u128> {
        self.settled
            .filter(|&(walked, _)| walked == sums)
            .map(|(_, required)| required)
    }

    /// Records that the walk from `sums` (whose sets all hold `required`)
    /// kept every candidate of the last build.
    pub(crate) fn settle(&mut self, sums: u64, required: u128) {
        self.settled = Some((sums, required));
    }

    /// The totals of the sets of the last layer: bit `v` for total `v`.
    pub(crate) fn sums(&mut self) -> u64 {
        if let Some(totals) = self.totals {
            return totals;
        }
        let totals = self.totals_of_last();
        self.totals = Some(totals);
        totals
    }

    fn totals_of_last(&self) -> u64 {
        let last = self.layers.last().expect("built");
        let mut sums = 0u64;
        for (w, &sets) in last[..self.words].iter().enumerate() {
            if sets == 0 {
                continue;
            }
            // The word's sets share their digits 7 to 9 (bits of `w`); the
            // totals of their digits 1 to 6 come a byte at a time.
            let high: u32 = (0..3).filter(|b| w >> b & 1 == 1).map(|b| b + 7).sum();
            let low = sets
                .to_le_bytes()
                .iter()
                .zip(BYTE_SUMS.iter())
                .fold(0u64, |acc, (&byte, table)| {
                    acc | u64::from(table[usize::from(byte)])
                });
            sums |= low << high;
        }
        sums
    }

    /// Starts the walk back from the sets of the last layer whose total is
    /// in `sums` (bit `v` for total `v`); returns the digits all of them
    /// hold, `None` when there is none.
    pub(crate) fn start_walk(&mut self, sums: u64) -> Option<u128> {
        let words = self.words;
        let last = self.layers.last().expect("built");
        let with_sum = &*WITH_SUM;
        // No set adds up to more than 45.
        let wanted = sums & ((1 << with_sum.len()) - 1);
        // The sets with a wanted total: those of each wanted total, or, when
        // the last layer's totals are known and fewer of them are unwanted,
        // every set but those of the unwanted totals.
        let unwanted = self.totals.map(|totals| totals & !wanted);
        let (mut rest, keep_out) = match unwanted {
            Some(unwanted) if unwanted.count_ones() < wanted.count_ones() => (unwanted, true),
            _ => (wanted, false),
        };
        let mut picked = [0u64; WORDS];
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for w in 0..words {
                picked[w] |= with_sum[v][w];
            }
        }
        self.walk = [0; WORDS];
        for w in 0..words {
            self.walk[w] = last[w] & if keep_out { !picked[w] } else { picked[w] };
        }
        if self.walk[..words].iter().all(|&x| x == 0) {
            return None;
        }
        // Digit t is in every set when none of the sets lacks it: for the
        // low six digits, look at the sets' positions in their words; for
        // the others, at the words that hold a set.
        let positions = self.walk[..words].iter().fold(0, |all, &x| all | x);
        let mut required = 0u128;
        for (t, without) in WITHOUT.iter().enumerate() {
            if positions & without == 0 {
                required |= 1 << t;
            }
        }
        let high_digits = words.trailing_zeros() as usize;
        for t in 0..high_digits {
            let lacking = (0..words).any(|w| w & 1 << t == 0 && self.walk[w] != 0);
            if !lacking {
                required |= 1 << (t + 6);
            }
        }
        Some(required)
    }

    /// One step back, to the cell at position `i` (from the last): its
    /// digits, among `candidates`, that lead from a set of layer `i` to a
    /// set being walked; those sets of layer `i` are walked next.
    pub(crate) fn walk_back(&mut self, i: usize, candidates: u128) -> u128 {
        #[cfg(target_arch = "x86_64")]
        if self.words >= 4 && self.simd() {
            let (before, walk) = (&self.layers[i], &mut self.walk);
            // SAFETY: `simd` checked that this CPU runs AVX2.
            return unsafe {
                match self.words {
                    4 => avx2::walk_back::<1>(before, walk, candidates),
                    _ => avx2::walk_back::<2>(before, walk, candidates),
                }
            };
        }
        match self.words {
            1 => self.walk_back_in::<1>(i, candidates),
            2 => self.walk_back_in::<2>(i, candidates),
            4 => self.walk_back_in::<4>(i, candidates),
            _ => self.walk_back_in::<WORDS>(i, candidates),
        }
    }

    /// Whether the layers go through 256-bit registers (AVX2 on this CPU,
    /// unless a test asks for the portable words).
    #[cfg(target_arch = "x86_64")]
    #[inline]
    fn simd(&self) -> bool {
        #[cfg(test)]
        if self.portable {
            return false;
        }
        avx2::available()
    }

    fn walk_back_in<const W: usize>(&mut self, i: usize, candidates: u128) -> u128 {
        let before = words::<W>(&self.layers[i]);
        let walk = *words::<W>(&self.walk);
        let mut next = [0u64; WORDS];
        let into = words_mut::<W>(&mut next);
        let mut keep = 0u32;
        let mut rest = narrow(candidates);
        while rest != 0 {
            let t = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let came_from = without_digit(&walk, t);
            let mut found = 0u64;
            for w in 0..W {
                let sets = came_from[w] & before[w];
                into[w] |= sets;
                found |= sets;
            }
            keep |= u32::from(found != 0) << t;
        }
        self.walk = next;
        u128::from(keep)
    }
}

/// A cell's candidates (at most [`MAX_DIGITS`] bits) as a 32-bit word: the
/// loops over them find, clear and set bits in one register instead of
/// two 64-bit halves (a third of a walk step's instructions).
#[inline(always)]
fn narrow(candidates: u128) -> u32 {
    debug_assert!(
        candidates >> MAX_DIGITS == 0,
        "a candidate above the bitmaps' digits"
    );
    candidates as u32
}

/// The first `W` words of a layer.
#[inline(always)]
fn words<const W: usize>(layer: &Layer) -> &[u64; W] {
    layer.first_chunk::<W>().expect("at most WORDS words")
}

#[inline(always)]
fn words_mut<const W: usize>(layer: &mut Layer) -> &mut [u64; W] {
    layer.first_chunk_mut::<W>().expect("at most WORDS words")
}

/// `S ∪ {t}` for every set `S` of `sets` without the digit at bit `t`.
#[inline(always)]
fn with_digit<const W: usize>(sets: &[u64; W], t: usize) -> [u64; W] {
    let mut out = [0u64; W];
    if t < 6 {
        let (shift, without) = (1 << t, WITHOUT[t]);
        for w in 0..W {
            out[w] = (sets[w] & without) << shift;
        }
    } else {
        let step = 1 << (t - 6);
        for w in (0..W).filter(|w| w & step == 0) {
            out[w + step] = sets[w];
        }
    }
    out
}

/// `S ∖ {t}` for every set `S` of `sets` with the digit at bit `t`.
#[inline(always)]
fn without_digit<const W: usize>(sets: &[u64; W], t: usize) -> [u64; W] {
    let mut out = [0u64; W];
    if t < 6 {
        let (shift, without) = (1 << t, WITHOUT[t]);
        for w in 0..W {
            out[w] = (sets[w] >> shift) & without;
        }
    } else {
        let step = 1 << (t - 6);
        for w in (0..W).filter(|w| w & step == 0) {
            out[w] = sets[w + step];
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::set_layers::tests::brute;

    /// A small deterministic random source.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    fn total(set: u128) -> u32 {
        (0..9).filter(|t| set >> t & 1 == 1).map(|t| t + 1).sum()
    }

    /// Random blocks of one to six cells on boards of 4 to 9 digits, and
    /// random sets of accepted totals: the totals, the walk and the digits
    /// every accepted set holds match brute force over the assignments.
    #[test]
    fn layers_walks_and_required_digits_match_brute_force() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
        let mut bits = SetBits::default();
        let (mut walked, mut empty) = (0, 0);
        let (mut last_digits, mut last_cands) = (0, Vec::new());
        for _ in 0..3000 {
            // Half the time the last block again, one cell narrowed (or
            // none): the build keeps the layers before that cell.
            let (digits, cands) = if next() % 2 == 0 && !last_cands.is_empty() {
                let mut cands = last_cands.clone();
                let at = (next() % cands.len() as u64) as usize;
                let drop = next() % 3;
                if drop > 0 && cands[at] != 0 {
                    cands[at] &= cands[at] - 1;
                }
                (last_digits, cands)
            } else {
                let digits = 4 + (next() % 6) as usize;
                let cells = 1 + (next() % 6) as usize;
                let full = (1u128 << digits) - 1;
                (
                    digits,
                    (0..cells).map(|_| u128::from(next() | next()) & full).collect(),
                )
            };
            (last_digits, last_cands) = (digits, cands.clone());
            let (cells, full) = (cands.len(), (1u128 << digits) - 1);
            let accepted = next() | next();
            let accept = |s: u128| accepted >> total(s) & 1 == 1;
            let (last, keep) = brute(&cands, accept);
            let built = bits.build(digits, cands.iter().copied());
            if last.is_empty() {
                assert!(built.is_err(), "{cands:?}");
                empty += 1;
                continue;
            }
            assert_eq!(built, Ok(()));
            let sums = last.iter().fold(0u64, |m, &s| m | 1 << total(s));
            assert_eq!(bits.sums(), sums, "{cands:?}");
            let taken: Vec<u128> = last.iter().copied().filter(|&s| accept(s)).collect();
            let required = bits.start_walk(accepted);
            if taken.is_empty() {
                assert_eq!(required, None);
                continue;
            }
            assert_eq!(required, Some(taken.iter().fold(full, |all, &s| all & s)));
            let mut got: Vec<u128> = (0..cells).rev().map(|i| bits.walk_back(i, cands[i])).collect();
            got.reverse();
            assert_eq!(got, keep, "{cands:?}, totals {accepted:b}");
            walked += 1;
        }
        assert!(walked > 1000 && empty > 50, "{walked} walked, {empty} empty");
    }

    /// The 256-bit build (on CPUs with AVX2) and the portable words give
    /// the same layers, totals, walks and kept digits on random blocks of
    /// one to nine cells with digits up to 8 and 9 (four and eight words).
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn registers_and_words_agree() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
        let mut fast = SetBits::default();
        let mut slow = SetBits {
            portable: true,
            ..SetBits::default()
        };
        let mut walked = 0;
        for _ in 0..3000 {
            let digits = 8 + (next() % 2) as usize;
            let cells = 1 + (next() % 9) as usize;
            let full = (1u128 << digits) - 1;
            let cands: Vec<u128> = (0..cells).map(|_| u128::from(next() | next()) & full).collect();
            let built = fast.build(digits, cands.iter().copied());
            assert_eq!(built, slow.build(digits, cands.iter().copied()), "{cands:?}");
            assert_eq!(fast.layers, slow.layers, "{cands:?}");
            if built.is_err() {
                continue;
            }
            assert_eq!(fast.sums(), slow.sums());
            let accepted = next() | next();
            let required = fast.start_walk(accepted);
            assert_eq!(required, slow.start_walk(accepted));
            if required.is_none() {
                continue;
            }
            for i in (0..cells).rev() {
                assert_eq!(fast.walk_back(i, cands[i]), slow.walk_back(i, cands[i]));
                assert_eq!(fast.walk, slow.walk);
            }
            walked += 1;
        }
        assert!(walked > 1000, "{walked} walked");
    }
}
