//! Candidate digit sets on machine words.
//!
//! A [`Digits<W>`] holds the candidates of one cell as bits of an unsigned
//! word `W`: bit `d - 1` is set when digit `d` is still possible.
//!
//! ```text
//!   digit:  9 8 7 6 5 4 3 2 1
//!   bit:    8 7 6 5 4 3 2 1 0      {1, 4, 9} on a 9×9 board = 0b1_0000_1001
//! ```
//!
//! The word is chosen once per puzzle from the board size ([`Width::for_size`]):
//! `u16` up to 16×16 (the hot path: 9×9 states are 162 bytes and copy in a
//! few nanoseconds), `u32` up to 32, `u64` up to 64 and `u128` up to 128. All
//! solving code is generic over the word, so it is compiled once per width and
//! never branches on the size inside a loop.
//!
//! [`Bits`] is the plain word; [`Word`](crate::Word), which propagators are
//! generic over, adds the dispatch to plugins on top of it (in the
//! `constraint` module, so that digit sets know nothing about constraints).

use std::fmt::{self, Debug};
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Sub};

use crate::cell::Digit;

mod sealed {
    pub trait Sealed {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
}

/// An unsigned machine word used as the bits of a [`Digits`] set.
///
/// Sealed: implemented for `u16`, `u32`, `u64` and `u128` only. Solving code
/// names [`Word`](crate::Word), which extends it.
pub trait Bits:
    sealed::Sealed
    + Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Sub<Output = Self>
{
    /// Number of bits, the largest board this word can hold.
    const BITS: u32;
    /// The word 0.
    const ZERO: Self;
    /// The word 1.
    const ONE: Self;
    /// Number of set bits.
    fn count_ones(self) -> u32;
    /// Index of the lowest set bit (`BITS` when zero).
    fn trailing_zeros(self) -> u32;
    /// Index of the highest set bit plus one (0 when zero).
    fn bit_length(self) -> u32;
    /// The word itself when exactly one bit is set, else zero, without a
    /// branch (see [`Digits::if_single`]).
    fn if_single(self) -> Self;
    /// The word without its lowest set bit (zero stays zero).
    fn without_lowest(self) -> Self;
    /// Lossless widening, for code that wants one representation.
    fn to_u128(self) -> u128;
    /// Truncating narrowing from `u128`.
    fn from_u128(v: u128) -> Self;
}

/// [`Bits::if_single`]: `rest` is zero exactly when at most one bit is set,
/// and then `rest - 1` borrows into the high half of a wider word. (A
/// `select` here becomes a branch on x86-64, mispredicted in group scans.)
/// The widest word has no wider one and keeps the branch.
macro_rules! if_single {
    ($x:expr, $t:ty, $wide:ty) => {{
        let rest = ($x & $x.wrapping_sub(1)) as $wide;
        $x & (rest.wrapping_sub(1) >> <$t>::BITS) as $t
    }};
    ($x:expr, $t:ty) => {
        if $x.is_power_of_two() {
            $x
        } else {
            0
        }
    };
}

/// The number of set bits of every byte.
static BYTE_ONES: [u8; 256] = {
    let mut ones = [0; 256];
    let mut i = 0;
    while i < 256 {
        ones[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    ones
};

/// Counts the bits of a 16-bit set from a table, two bytes at a time: the
/// portable x86-64 build has no popcount instruction, and the shifts and
/// masks that replace it take a dozen instructions.
macro_rules! count_ones {
    ($x:expr, u16) => {
        BYTE_ONES[($x & 0xff) as usize] as u32 + BYTE_ONES[($x >> 8) as usize] as u32
    };
    ($x:expr, $t:ty) => {
        <$t>::count_ones($x)
    };
}

macro_rules! impl_bits {
    ($t:tt $(, $wide:ty)?) => {
        impl Bits for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn count_ones(self) -> u32 {
                count_ones!(self, $t)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn bit_length(self) -> u32 {
                <$t>::BITS - <$t>::leading_zeros(self)
            }
            #[inline(always)]
            fn if_single(self) -> Self {
                if_single!(self, $t $(, $wide)?)
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn from_u128(v: u128) -> Self {
                v as $t
            }
        }
    };
}
impl_bits!(u16, u32);
impl_bits!(u32, u64);
impl_bits!(u64, u128);
impl_bits!(u128);

/// Which word a board of a given size uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Width {
    /// `u16`: n ≤ 16.
    W16,
    /// `u32`: n ≤ 32.
    W32,
    /// `u64`: n ≤ 64.
    W64,
    /// `u128`: n ≤ 128.
    W128,
}

impl Width {
    /// The narrowest word that holds `n` digits, or `None` above 128.
    pub fn for_size(n: usize) -> Option<Width> {
        match n {
            0..=16 => Some(Width::W16),
            17..=32 => Some(Width::W32),
            33..=64 => Some(Width::W64),
            65..=128 => Some(Width::W128),
            _ => None,
        }
    }
}

/// A set of candidate digits `1..=n` packed in one word.
///
/// ```
/// use sudokit_core::Digits;
/// let mut set = Digits::<u16>::full(9);
/// set.remove(4);
/// assert_eq!(set.len(), 8);
/// assert!(!set.contains(4));
/// assert_eq!(set.iter().take(4).collect::<Vec<_>>(), vec![1, 2, 3, 5]);
/// assert_eq!(Digits::<u16>::single(7).single_digit(), Some(7));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Digits<W: Bits>(pub W);

impl<W: Bits> Digits<W> {
    /// The empty set.
    pub const EMPTY: Self = Digits(W::ZERO);

    /// All digits `1..=n`.
    #[inline]
    pub fn full(n: usize) -> Self {
        debug_assert!(n as u32 <= W::BITS);
        if n as u32 == W::BITS {
            Digits(!W::ZERO)
        } else {
            Digits((W::ONE << n as u32) - W::ONE)
        }
    }

    /// The set `{d}`.
    #[inline(always)]
    pub fn single(d: Digit) -> Self {
        Digits(W::ONE << (d as u32 - 1))
    }

    /// Builds a set from digits.
    pub fn from_digits(digits: impl IntoIterator<Item = Digit>) -> Self {
        digits.into_iter().fold(Self::EMPTY, |s, d| s | Self::single(d))
    }

    /// True when `d` is in the set.
    #[inline(always)]
    pub fn contains(self, d: Digit) -> bool {
        self.0 & (W::ONE << (d as u32 - 1)) != W::ZERO
    }

    /// Adds `d`.
    #[inline(always)]
    pub fn insert(&mut self, d: Digit) {
        self.0 = self.0 | (W::ONE << (d as u32 - 1));
    }

    /// Removes `d`.
    #[inline(always)]
    pub fn remove(&mut self, d: Digit) {
        self.0 = self.0 & !(W::ONE << (d as u32 - 1));
    }

    /// Number of digits in the set.
    #[inline(always)]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when no digit is left.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == W::ZERO
    }

    /// True when exactly one digit is left.
    #[inline(always)]
    pub fn is_single(self) -> bool {
        self.0 != W::ZERO && self.0 & (self.0 - W::ONE) == W::ZERO
    }

    /// The set itself when it holds exactly one digit, else the empty set:
    /// gathers the settled digits of a group without a branch per cell,
    /// which the scans' unpredictable mix of open and settled cells needs.
    ///
    /// ```
    /// use sudokit_core::Digits;
    /// let cells = [Digits::<u16>::from_iter([3]), Digits::from_iter([1, 5]), Digits::from_iter([7])];
    /// let settled = cells.iter().fold(Digits::EMPTY, |s, c| s | c.if_single());
    /// assert_eq!(settled, Digits::from_iter([3, 7]));
    /// ```
    #[inline(always)]
    pub fn if_single(self) -> Self {
        Digits(self.0.if_single())
    }

    /// The digit of a one-digit set.
    #[inline(always)]
    pub fn single_digit(self) -> Option<Digit> {
        self.is_single().then(|| self.0.trailing_zeros() as Digit + 1)
    }

    /// The smallest digit, if any.
    #[inline(always)]
    pub fn min(self) -> Option<Digit> {
        (!self.is_empty()).then(|| self.0.trailing_zeros() as Digit + 1)
    }

    /// The largest digit, if any.
    #[inline(always)]
    pub fn max(self) -> Option<Digit> {
        (!self.is_empty()).then(|| self.0.bit_length() as Digit)
    }

    /// Digits in increasing order.
    #[inline]
    pub fn iter(self) -> DigitIter<W> {
        DigitIter(self.0)
    }

    /// The `k`-th digit in increasing order (0-based), if any.
    pub fn nth(self, k: usize) -> Option<Digit> {
        self.iter().nth(k)
    }

    /// True when every digit of `self` is in `other`.
    #[inline(always)]
    pub fn is_subset(self, other: Self) -> bool {
        self.0 & !other.0 == W::ZERO
    }

    /// The bits as a `u128`, for width-independent code.
    #[inline]
    pub fn to_u128(self) -> u128 {
        self.0.to_u128()
    }

    /// From the bits of a `u128` (bits above the word's width are dropped).
    #[inline]
    pub fn from_u128(bits: u128) -> Self {
        Digits(W::from_u128(bits))
    }
}

impl<W: Bits> BitAnd for Digits<W> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, rhs: Self) -> Self {
        Digits(self.0 & rhs.0)
    }
}
impl<W: Bits> BitOr for Digits<W> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, rhs: Self) -> Self {
        Digits(self.0 | rhs.0)
    }
}
impl<W: Bits> BitAndAssign for Digits<W> {
    #[inline(always)]
    fn bitand_assign(&mut self, rhs: Self) {
        self.0 = self.0 & rhs.0;
    }
}
impl<W: Bits> BitOrAssign for Digits<W> {
    #[inline(always)]
    fn bitor_assign(&mut self, rhs: Self) {
        self.0 = self.0 | rhs.0;
    }
}
impl<W: Bits> Sub for Digits<W> {
    type Output = Self;
    /// Set difference.
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        Digits(self.0 & !rhs.0)
    }
}

impl<W: Bits> Debug for Digits<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<W: Bits> IntoIterator for Digits<W> {
    type Item = Digit;
    type IntoIter = DigitIter<W>;
    fn into_iter(self) -> DigitIter<W> {
        self.iter()
    }
}

impl<W: Bits> FromIterator<Digit> for Digits<W> {
    fn from_iter<I: IntoIterator<Item = Digit>>(digits: I) -> Self {
        Digits::from_digits(digits)
    }
}

/// Iterator over the digits of a [`Digits`] set, smallest first.
#[derive(Clone, Debug)]
pub struct DigitIter<W: Bits>(W);

impl<W: Bits> Iterator for DigitIter<W> {
    type Item = Digit;
    #[inline(always)]
    fn next(&mut self) -> Option<Digit> {
        if self.0 == W::ZERO {
            return None;
        }
        let d = self.0.trailing_zeros() as Digit + 1;
        self.0 = self.0 & (self.0 - W::ONE);
        Some(d)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let k = self.0.count_ones() as usize;
        (k, Some(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `if_single` keeps exactly the one-digit sets, at every width and
    /// whichever bit is set (the top bit included, where the borrow trick
    /// would break first).
    fn if_single_keeps_only_singles<W: Bits>() {
        let top = W::BITS as u8;
        assert_eq!(Digits::<W>::EMPTY.if_single(), Digits::EMPTY);
        for d in 1..=top {
            let one = Digits::<W>::single(d);
            assert_eq!(one.if_single(), one, "digit {d} of {top}");
            for e in (1..=top).filter(|&e| e != d) {
                let two = one | Digits::single(e);
                assert_eq!(two.if_single(), Digits::EMPTY, "digits {d} and {e} of {top}");
            }
        }
        assert_eq!(Digits(!W::ZERO).if_single(), Digits::EMPTY);
    }

    #[test]
    fn if_single_for_every_width() {
        if_single_keeps_only_singles::<u16>();
        if_single_keeps_only_singles::<u32>();
        if_single_keeps_only_singles::<u64>();
        if_single_keeps_only_singles::<u128>();
    }

    /// `without_lowest` drops one bit at a time, lowest first, down to zero,
    /// which stays zero (no overflow at any width).
    fn without_lowest_counts_down<W: Bits>() {
        let mut word = !W::ZERO;
        for dropped in 0..W::BITS {
            assert_eq!(word.count_ones(), W::BITS - dropped);
            assert_eq!(word.trailing_zeros(), dropped);
            word = word.without_lowest();
        }
        assert_eq!(word, W::ZERO);
        assert_eq!(word.without_lowest(), W::ZERO);
    }

    #[test]
    fn without_lowest_for_every_width() {
        without_lowest_counts_down::<u16>();
        without_lowest_counts_down::<u32>();
        without_lowest_counts_down::<u64>();
        without_lowest_counts_down::<u128>();
    }

    /// The table count of a 16-bit set is the bit count, for every set.
    #[test]
    fn sixteen_bit_sets_count_every_digit() {
        for x in 0..=u16::MAX {
            assert_eq!(Bits::count_ones(x), x.count_ones(), "{x:#b}");
        }
    }

    #[test]
    fn full_sets_have_n_digits_for_every_width() {
        assert_eq!(Digits::<u16>::full(16).len(), 16);
        assert_eq!(Digits::<u32>::full(25).len(), 25);
        assert_eq!(Digits::<u64>::full(64).len(), 64);
        assert_eq!(Digits::<u128>::full(100).len(), 100);
        assert_eq!(Digits::<u128>::full(100).max(), Some(100));
        assert_eq!(Digits::<u128>::full(128).len(), 128);
    }

    #[test]
    fn iteration_is_sorted_and_exact() {
        let s = Digits::<u128>::from_digits([100, 3, 64, 65]);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 64, 65, 100]);
        assert_eq!(s.nth(2), Some(65));
        assert!(!s.is_single());
        assert_eq!((s - Digits::from_digits([3, 64, 65])).single_digit(), Some(100));
    }

    #[test]
    fn width_is_the_narrowest_word() {
        assert_eq!(Width::for_size(9), Some(Width::W16));
        assert_eq!(Width::for_size(16), Some(Width::W16));
        assert_eq!(Width::for_size(25), Some(Width::W32));
        assert_eq!(Width::for_size(49), Some(Width::W64));
        assert_eq!(Width::for_size(100), Some(Width::W128));
        assert_eq!(Width::for_size(129), None);
    }
}
