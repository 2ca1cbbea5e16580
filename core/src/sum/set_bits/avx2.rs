//! The layers' word operations in 256-bit registers, on x86-64 CPUs with
//! AVX2 (chosen at run time; every other CPU keeps the portable words).
//!
//! A layer of eight words (blocks whose digits reach 9) is two registers, a
//! layer of four words (digits up to 8) one. Adding a low digit (bits 0 to
//! 5) to every set is a mask and a shift of each 64-bit lane, as in the
//! portable code; adding digit 7, 8 or 9 moves whole words, which is a byte
//! shift within each 128-bit half, a move of one half to the other, or a
//! move of one register to the other. So a candidate costs two or three
//! instructions a register instead of one mask, shift and OR per word, and
//! the walk back the same the other way. Every result is the portable
//! code's, bit for bit (tested below on random layers).

use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_loadu_si256, _mm256_or_si256, _mm256_permute2x128_si256,
    _mm256_set1_epi64x, _mm256_setzero_si256, _mm256_sll_epi64, _mm256_slli_si256, _mm256_srl_epi64,
    _mm256_srli_si256, _mm256_storeu_si256, _mm256_testz_si256, _mm_cvtsi64_si128,
};

use super::{Layer, WITHOUT, WORDS};

/// Whether this CPU runs AVX2 (std caches the answer: one load a call).
#[inline]
pub(super) fn available() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

/// The first `N` registers of a layer (`N` is 1 or 2: four or eight words).
#[inline]
#[target_feature(enable = "avx2")]
fn load<const N: usize>(layer: &Layer) -> [__m256i; N] {
    debug_assert!(N * 4 <= WORDS);
    // SAFETY: register `r` reads words 4r to 4r + 3 of the layer's
    // WORDS ≥ 4N words; `loadu` takes any alignment.
    std::array::from_fn(|r| unsafe { _mm256_loadu_si256(layer.as_ptr().add(4 * r).cast()) })
}

/// A layer whose first `4N` words are `regs`, the rest zero.
#[inline]
#[target_feature(enable = "avx2")]
fn store<const N: usize>(regs: [__m256i; N]) -> Layer {
    let mut layer = [0u64; WORDS];
    for (r, reg) in regs.into_iter().enumerate() {
        // SAFETY: as in `load`: words 4r to 4r + 3 of the layer.
        unsafe { _mm256_storeu_si256(layer.as_mut_ptr().add(4 * r).cast(), reg) };
    }
    layer
}

/// `S ∪ {t}` for every set `S` of `sets` without the digit at bit `t`.
#[inline]
#[target_feature(enable = "avx2")]
fn with_digit<const N: usize>(sets: [__m256i; N], t: usize) -> [__m256i; N] {
    match t {
        0..=5 => {
            let without = _mm256_set1_epi64x(WITHOUT[t] as i64);
            let by = _mm_cvtsi64_si128(1 << t);
            sets.map(|x| _mm256_sll_epi64(_mm256_and_si256(x, without), by))
        }
        // Word w to w + 1 (w even): the low word of each 128-bit half up.
        6 => sets.map(|x| _mm256_slli_si256::<8>(x)),
        // Words 0, 1 to 2, 3 in each register: its low half up.
        7 => sets.map(|x| _mm256_permute2x128_si256::<0x08>(x, x)),
        // Words 0 to 3 to 4 to 7: the first register to the second.
        _ => std::array::from_fn(|r| if r == 1 { sets[0] } else { _mm256_setzero_si256() }),
    }
}

/// `S ∖ {t}` for every set `S` of `sets` with the digit at bit `t`.
#[inline]
#[target_feature(enable = "avx2")]
fn without_digit<const N: usize>(sets: [__m256i; N], t: usize) -> [__m256i; N] {
    match t {
        0..=5 => {
            let without = _mm256_set1_epi64x(WITHOUT[t] as i64);
            let by = _mm_cvtsi64_si128(1 << t);
            sets.map(|x| _mm256_and_si256(_mm256_srl_epi64(x, by), without))
        }
        6 => sets.map(|x| _mm256_srli_si256::<8>(x)),
        7 => sets.map(|x| _mm256_permute2x128_si256::<0x81>(x, x)),
        _ => std::array::from_fn(|r| {
            if r == 0 && N > 1 {
                sets[N - 1]
            } else {
                _mm256_setzero_si256()
            }
        }),
    }
}

#[inline]
#[target_feature(enable = "avx2")]
fn is_empty<const N: usize>(regs: [__m256i; N]) -> bool {
    let any = regs
        .into_iter()
        .fold(_mm256_setzero_si256(), |a, x| _mm256_or_si256(a, x));
    _mm256_testz_si256(any, any) == 1
}

/// [`SetBits::build`](super::SetBits::build)'s layers after the first, for
/// `4N` words a layer: pushed onto `layers`, which holds the first.
#[target_feature(enable = "avx2")]
pub(super) fn build<const N: usize>(
    layers: &mut Vec<Layer>,
    candidates: impl Iterator<Item = u32>,
) -> Result<(), usize> {
    let mut from = load::<N>(layers.last().expect("the first layer"));
    for (i, candidates) in candidates.enumerate() {
        let mut to = [_mm256_setzero_si256(); N];
        let mut rest = candidates;
        while rest != 0 {
            let t = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let added = with_digit(from, t);
            for r in 0..N {
                to[r] = _mm256_or_si256(to[r], added[r]);
            }
        }
        if is_empty(to) {
            return Err(i);
        }
        layers.push(store(to));
        from = to;
    }
    Ok(())
}

/// [`SetBits::walk_back`](super::SetBits::walk_back) for `4N` words a
/// layer: `walk` holds the sets walked, and is left with those of `before`.
#[target_feature(enable = "avx2")]
pub(super) fn walk_back<const N: usize>(before: &Layer, walk: &mut Layer, candidates: u128) -> u128 {
    let (before, from) = (load::<N>(before), load::<N>(walk));
    let mut next = [_mm256_setzero_si256(); N];
    let mut keep = 0u32;
    let mut rest = super::narrow(candidates);
    while rest != 0 {
        let t = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let came_from = without_digit(from, t);
        let mut found = _mm256_setzero_si256();
        for r in 0..N {
            let sets = _mm256_and_si256(came_from[r], before[r]);
            next[r] = _mm256_or_si256(next[r], sets);
            found = _mm256_or_si256(found, sets);
        }
        keep |= ((_mm256_testz_si256(found, found) == 0) as u32) << t;
    }
    *walk = store(next);
    u128::from(keep)
}
