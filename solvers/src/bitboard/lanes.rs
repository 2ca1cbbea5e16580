//! A band's nine digit words as three 128-bit vectors (lanes 9 to 11 stay
//! empty): the two questions the propagation asks of all nine at once.
//!
//! On x86-64, SSE2 is part of the baseline, so these use it directly (no
//! run-time check): a compare and a `movmskps` answer "which digits hold
//! these cells" for four words in two instructions, where the compiler's
//! own vectorisation of the portable loop extracted the nine answers one
//! lane at a time. Other targets run the portable loops, which the tests
//! compare with the vector ones.

/// A band: one word per digit, padded to three vectors.
pub(super) type Band = [u32; 12];

/// Clears `cells` from every word of `band`, and says which digits lost
/// some (bit `d`).
#[inline(always)]
pub(super) fn clear(band: &mut Band, cells: u32) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        sse2::clear(band, cells)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        portable::clear(band, cells)
    }
}

/// The digits (bit `d`) whose words in `band` hold any of `cells`.
#[inline(always)]
pub(super) fn holding(band: &Band, cells: u32) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        sse2::holding(band, cells)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        portable::holding(band, cells)
    }
}

/// Word by word, for any CPU.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2"),
    allow(dead_code, reason = "the SSE2 build runs instead; the tests compare the two")
)]
mod portable {
    use super::Band;

    #[inline(always)]
    pub(super) fn clear(band: &mut Band, cells: u32) -> u32 {
        let changed = holding(band, cells);
        for word in band.iter_mut() {
            *word &= !cells;
        }
        changed
    }

    #[inline(always)]
    pub(super) fn holding(band: &Band, cells: u32) -> u32 {
        band.iter()
            .take(9)
            .enumerate()
            .fold(0, |acc, (d, &word)| acc | u32::from(word & cells != 0) << d)
    }
}

/// Three vectors at a time, with the baseline SSE2 of x86-64.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use super::Band;
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128,
        _mm_movemask_ps, _mm_set1_epi32, _mm_setzero_si128, _mm_storeu_si128,
    };

    // SAFETY (every `unsafe` below): this module is compiled only where
    // SSE2 is enabled at compile time, and a band is twelve words: three
    // unaligned 16-byte loads or stores.

    /// The band's three vectors.
    #[inline(always)]
    fn load(band: &Band) -> [__m128i; 3] {
        let p = band.as_ptr().cast::<__m128i>();
        unsafe {
            [
                _mm_loadu_si128(p),
                _mm_loadu_si128(p.add(1)),
                _mm_loadu_si128(p.add(2)),
            ]
        }
    }

    /// Bit `d` for each word that holds any of `cells`.
    #[inline(always)]
    fn holding_vectors(vectors: &[__m128i; 3], cells: __m128i) -> u32 {
        let mut missing = 0;
        for (k, &v) in vectors.iter().enumerate() {
            let none = unsafe { _mm_cmpeq_epi32(_mm_and_si128(v, cells), _mm_setzero_si128()) };
            missing |= (unsafe { _mm_movemask_ps(_mm_castsi128_ps(none)) } as u32) << (4 * k);
        }
        // The padding lanes are empty: they never hold a cell.
        !missing & 0x1ff
    }

    #[inline(always)]
    pub(super) fn clear(band: &mut Band, cells: u32) -> u32 {
        let vectors = load(band);
        let broadcast = unsafe { _mm_set1_epi32(cells as i32) };
        let changed = holding_vectors(&vectors, broadcast);
        let p = band.as_mut_ptr().cast::<__m128i>();
        for (k, &v) in vectors.iter().enumerate() {
            unsafe { _mm_storeu_si128(p.add(k), _mm_andnot_si128(broadcast, v)) };
        }
        changed
    }

    #[inline(always)]
    pub(super) fn holding(band: &Band, cells: u32) -> u32 {
        holding_vectors(&load(band), unsafe { _mm_set1_epi32(cells as i32) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vector_answers_match_the_portable_ones() {
        let mut rng = fastrand::Rng::with_seed(11);
        for _ in 0..10_000 {
            let mut band: Band = [0; 12];
            for word in band.iter_mut().take(9) {
                *word = rng.u32(..) & rng.u32(..) & ((1 << 27) - 1);
            }
            let cells = 1 << rng.u32(..27)
                | if rng.bool() {
                    rng.u32(..) & ((1 << 27) - 1)
                } else {
                    0
                };
            let expected = (0..9).fold(0, |acc, d| acc | u32::from(band[d] & cells != 0) << d);
            assert_eq!(holding(&band, cells), expected);
            assert_eq!(portable::holding(&band, cells), expected);
            let (mut fast, mut slow) = (band, band);
            assert_eq!(clear(&mut fast, cells), expected);
            assert_eq!(portable::clear(&mut slow, cells), expected);
            assert_eq!(fast, slow);
            assert!(fast.iter().all(|&word| word & cells == 0));
            assert_eq!(fast[9..], [0; 3]);
        }
    }
}
