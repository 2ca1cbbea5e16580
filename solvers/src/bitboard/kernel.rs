//! Two builds of the propagation, chosen once per search at run time: a
//! portable one (shifts and masks, any CPU), and one for x86-64 CPUs whose
//! BMI2 `pext` gathers scattered bits in one fast instruction.
//!
//! Propagation is a long chain of dependent word operations, so its speed
//! is the chain's latency more than its length. Two links of the chain are
//! gathers: a band word's nine mini-rows (a bit every third cell, shifted
//! together in a dozen dependent steps) and the stacks' 3×3 transpose.
//! `pext` does each in one instruction of three cycles, which made the
//! whole search about 7 % faster on top1465 (process CPU time, best of 7
//! interleaved runs: 13.17 → 12.24 µs a puzzle). Compiling the portable
//! code for a newer CPU alone gained nothing measurable. Since then the
//! settling does the stacks by shifts on the columns, with no transpose
//! (`tables::lock_stacks`); triads and band branching still transpose.
//!
//! AMD's Zen 1 and 2 run `pext` in microcode, tens of cycles: they keep
//! the portable build.

use super::tables;

/// How the propagation gathers bits: one implementation per build.
pub(super) trait Gather: Copy {
    /// [`tables::mini_rows`]: the mini-rows of a band word holding a candidate.
    fn mini_rows(self, word: u32) -> usize;
    /// [`tables::transpose_chunks`]: a 3×3 matrix of 3-bit chunks, transposed.
    fn transpose_chunks(self, x: u32) -> u32;
}

/// Shifts and masks, for every CPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Portable;

impl Gather for Portable {
    #[inline(always)]
    fn mini_rows(self, word: u32) -> usize {
        tables::mini_rows(word)
    }

    #[inline(always)]
    fn transpose_chunks(self, x: u32) -> u32 {
        tables::transpose_chunks(x)
    }
}

/// Proof that the CPU has fast BMI2: only [`Kernel::detect`] makes one.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bmi2(());

#[cfg(target_arch = "x86_64")]
impl Gather for Bmi2 {
    #[inline(always)]
    fn mini_rows(self, word: u32) -> usize {
        use std::arch::x86_64::_pext_u32;
        let any = word | word >> 1 | word >> 2;
        // SAFETY: a `Bmi2` exists only on a CPU with BMI2.
        unsafe { _pext_u32(any, 0o111_111_111) as usize }
    }

    #[inline(always)]
    fn transpose_chunks(self, x: u32) -> u32 {
        use std::arch::x86_64::_pext_u32;
        // Column chunk `j` of the three rows becomes row `j`.
        // SAFETY: a `Bmi2` exists only on a CPU with BMI2.
        unsafe {
            _pext_u32(x, 0o007_007_007) | _pext_u32(x, 0o070_070_070) << 9 | _pext_u32(x, 0o700_700_700) << 18
        }
    }
}

/// The build of the propagation a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kernel {
    /// [`Portable`].
    Portable,
    /// [`Bmi2`], with its proof.
    #[cfg(target_arch = "x86_64")]
    Bmi2(Bmi2),
}

impl Kernel {
    /// The fastest build this CPU runs.
    pub(super) fn detect() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        if fast_bmi2() {
            return Kernel::Bmi2(Bmi2(()));
        }
        Kernel::Portable
    }

    /// Every build this CPU runs, the portable one first: for tests that
    /// check the builds agree.
    #[cfg(test)]
    pub(super) fn all() -> Vec<Kernel> {
        let mut kernels = vec![Kernel::Portable];
        if Kernel::detect() != Kernel::Portable {
            kernels.push(Kernel::detect());
        }
        kernels
    }
}

/// Whether the CPU has BMI1 and BMI2 (with LZCNT and POPCNT, which every
/// such CPU has) and runs `pext` in hardware: not an AMD family 17h (Zen 1
/// and 2) or older.
#[cfg(target_arch = "x86_64")]
fn fast_bmi2() -> bool {
    use std::arch::x86_64::__cpuid;
    use std::sync::OnceLock;
    static FAST: OnceLock<bool> = OnceLock::new();
    *FAST.get_or_init(|| {
        let features = is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("bmi2")
            && is_x86_feature_detected!("lzcnt")
            && is_x86_feature_detected!("popcnt");
        // CPUID leaf 0 names the vendor, leaf 1 the family.
        let vendor = __cpuid(0);
        let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
        let signature = __cpuid(1).eax;
        let family = (signature >> 8 & 0xf) + (signature >> 20 & 0xff);
        features && !(amd && family <= 0x17)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_build_gathers_alike() {
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..10_000 {
            let x = rng.u32(..) & tables::BAND;
            let portable = (Portable.mini_rows(x), Portable.transpose_chunks(x));
            #[cfg(target_arch = "x86_64")]
            if let Kernel::Bmi2(bmi2) = Kernel::detect() {
                assert_eq!((bmi2.mini_rows(x), bmi2.transpose_chunks(x)), portable, "{x:o}");
            }
            // The portable gathers against their definitions.
            let rows = (0..9).fold(0, |acc, k| {
                acc | usize::from(x >> (9 * (k / 3) + 3 * (k % 3)) & 7 != 0) << k
            });
            assert_eq!(portable.0, rows, "{x:o}");
            let transposed = (0..9).fold(0, |acc, k| {
                acc | (x >> (9 * (k % 3) + 3 * (k / 3)) & 7) << (3 * k)
            });
            assert_eq!(portable.1, transposed, "{x:o}");
        }
    }
}
