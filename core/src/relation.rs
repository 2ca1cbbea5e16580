//! Pair relations: which digit pairs two cells may hold.
//!
//! Anti-knight, anti-king, non-consecutive, kropki dots, XV, whispers,
//! thermometers, palindromes, clones and every "negative" rule are
//! relations between two cells. A rule declares them
//! ([`Rule::relations`](crate::Rule::relations)) instead of propagating them,
//! and the puzzle's [`Model`](crate::Model) compiles all of them into one
//! table-driven propagator:
//!
//! * every relation becomes a [`PairTable`]: for each digit of the first
//!   cell, the set of digits the second cell may then hold. Relations on the
//!   same two cells are intersected into one table, and equal tables are
//!   shared;
//! * propagation is arc consistency: when a cell's candidates change, its
//!   partner keeps only the digits some remaining candidate allows;
//! * a pure "differ" relation is the same as a two-cell all-different group,
//!   so it joins the cell's peers and costs nothing more than a row does;
//! * DLX gets a secondary item per forbidden candidate pair, SAT a support
//!   clause per candidate, and the relations are the weak links that
//!   logical chains read.
//!
//! ```
//! use sudokit_core::Relation;
//! let kropki = Relation::Difference(1);
//! assert!(kropki.allows(4, 5) && kropki.allows(5, 4) && !kropki.allows(4, 6));
//! let v = Relation::Sum(5).negate(); // negative V: never sum to 5
//! assert!(!v.allows(2, 3) && v.allows(2, 4));
//! assert!(Relation::Less.allows(1, 2) && !Relation::Less.allows(2, 1));
//! ```

use std::fmt;
use std::sync::Arc;

use crate::cell::Digit;

/// The digit pairs `(a, b)` two cells may hold, `a` in the first cell.
#[derive(Clone)]
pub enum Relation {
    /// `a ≠ b` (anti-knight, anti-king, disjoint groups).
    Differ,
    /// `a = b` (clones, palindromes).
    Equal,
    /// `a < b` (thermometers, from bulb to tip).
    Less,
    /// `a ≤ b` (slow thermometers).
    LessOrEqual,
    /// `a + k ≤ b`: smaller by `k` or more (cells `k` apart on a thermometer).
    LessBy(Digit),
    /// `|a − b| = k` (white kropki dots; `k = 1`: consecutive).
    Difference(Digit),
    /// `|a − b| ≥ k` (whispers; non-consecutive is `≥ 2`).
    DifferenceAtLeast(Digit),
    /// `a = k·b` or `b = k·a` (black kropki dots, `k = 2`).
    Ratio(Digit),
    /// `a + b = k` (XV: `V` is 5, `X` is 10).
    Sum(u16),
    /// Every pair the inner relation forbids (negative constraints).
    Not(Box<Relation>),
    /// Exactly these `(a, b)` pairs (a setter's own rule, without Rust).
    Pairs(Arc<[(Digit, Digit)]>),
    /// Any predicate, with a name for messages.
    Custom(CustomRelation),
}

/// A named predicate on digit pairs, for [`Relation::Custom`].
#[derive(Clone)]
pub struct CustomRelation {
    name: Arc<str>,
    test: Arc<dyn Fn(Digit, Digit) -> bool + Send + Sync>,
}

impl Relation {
    /// A relation given by a predicate, called `name` in messages.
    ///
    /// ```
    /// use sudokit_core::Relation;
    /// let same_parity = Relation::custom("same parity", |a, b| a % 2 == b % 2);
    /// assert!(same_parity.allows(2, 8) && !same_parity.allows(1, 2));
    /// assert_eq!(same_parity.to_string(), "same parity");
    /// ```
    pub fn custom(
        name: impl Into<Arc<str>>,
        test: impl Fn(Digit, Digit) -> bool + Send + Sync + 'static,
    ) -> Relation {
        Relation::Custom(CustomRelation {
            name: name.into(),
            test: Arc::new(test),
        })
    }

    /// Whether the first cell may hold `a` while the second holds `b`.
    pub fn allows(&self, a: Digit, b: Digit) -> bool {
        let (x, y) = (u32::from(a), u32::from(b));
        match self {
            Relation::Differ => a != b,
            Relation::Equal => a == b,
            Relation::Less => a < b,
            Relation::LessOrEqual => a <= b,
            Relation::LessBy(k) => x + u32::from(*k) <= y,
            Relation::Difference(k) => x.abs_diff(y) == u32::from(*k),
            Relation::DifferenceAtLeast(k) => x.abs_diff(y) >= u32::from(*k),
            Relation::Ratio(k) => {
                let k = u32::from(*k);
                x == k * y || y == k * x
            }
            Relation::Sum(k) => x + y == u32::from(*k),
            Relation::Not(inner) => !inner.allows(a, b),
            Relation::Pairs(pairs) => pairs.contains(&(a, b)),
            Relation::Custom(custom) => (custom.test)(a, b),
        }
    }

    /// The relation that allows exactly what this one forbids.
    pub fn negate(self) -> Relation {
        match self {
            Relation::Not(inner) => *inner,
            other => Relation::Not(Box::new(other)),
        }
    }

    /// The table of this relation on a board with digits `1..=n`.
    pub fn table(&self, n: usize) -> PairTable {
        PairTable::from_fn(n, |a, b| self.allows(a, b))
    }
}

impl fmt::Display for Relation {
    /// A short name for messages: `≠`, `<`, `difference 1`, `not sum 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Relation::Differ => f.write_str("≠"),
            Relation::Equal => f.write_str("="),
            Relation::Less => f.write_str("<"),
            Relation::LessOrEqual => f.write_str("≤"),
            Relation::LessBy(k) => write!(f, "smaller by {k} or more"),
            Relation::Difference(k) => write!(f, "difference {k}"),
            Relation::DifferenceAtLeast(k) => write!(f, "difference ≥ {k}"),
            Relation::Ratio(k) => write!(f, "ratio {k}"),
            Relation::Sum(k) => write!(f, "sum {k}"),
            Relation::Not(inner) => write!(f, "not {inner}"),
            Relation::Pairs(pairs) => write!(f, "one of {} pairs", pairs.len()),
            Relation::Custom(custom) => f.write_str(&custom.name),
        }
    }
}

impl fmt::Debug for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Relation({self})")
    }
}

impl fmt::Debug for CustomRelation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CustomRelation({})", self.name)
    }
}

/// A relation compiled for one board size: for every digit `a` of the first
/// cell, the digits the second cell may hold, as bits (`bit b − 1`).
///
/// ```
/// use sudokit_core::Relation;
/// let t = Relation::Less.table(4);
/// assert_eq!(t.partners(1), 0b1110); // 1 < 2, 3, 4
/// assert_eq!(t.partners(4), 0);      // nothing is above 4
/// assert_eq!(t.transpose().partners(4), 0b0111);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PairTable {
    rows: Box<[u128]>,
}

impl PairTable {
    /// The table of a predicate on digits `1..=n`.
    pub fn from_fn(n: usize, allows: impl Fn(Digit, Digit) -> bool) -> PairTable {
        let rows = (1..=n as u32)
            .map(|a| {
                (1..=n as u32)
                    .filter(|&b| allows(a as Digit, b as Digit))
                    .fold(0u128, |row, b| row | 1 << (b - 1))
            })
            .collect();
        PairTable { rows }
    }

    /// Number of digits, `n`.
    pub fn size(&self) -> usize {
        self.rows.len()
    }

    /// The digits the second cell may hold when the first holds `a`.
    #[inline(always)]
    pub fn partners(&self, a: Digit) -> u128 {
        self.rows[a as usize - 1]
    }

    /// Whether `(a, b)` is allowed.
    pub fn allows(&self, a: Digit, b: Digit) -> bool {
        self.partners(a) >> (b - 1) & 1 == 1
    }

    /// The same relation seen from the second cell.
    pub fn transpose(&self) -> PairTable {
        let n = self.rows.len();
        PairTable::from_fn(n, |a, b| self.allows(b, a))
    }

    /// Both relations at once (two rules on the same pair of cells).
    pub fn and(&self, other: &PairTable) -> PairTable {
        PairTable {
            rows: self
                .rows
                .iter()
                .zip(other.rows.iter())
                .map(|(a, b)| a & b)
                .collect(),
        }
    }

    /// True when exactly the pairs of equal digits are forbidden: the
    /// relation is a two-cell all-different group.
    pub fn is_differ(&self) -> bool {
        let full = full_row(self.rows.len());
        self.rows
            .iter()
            .enumerate()
            .all(|(i, &row)| row == full & !(1u128 << i))
    }

    /// True when every pair is allowed: the relation constrains nothing.
    pub fn is_trivial(&self) -> bool {
        let full = full_row(self.rows.len());
        self.rows.iter().all(|&row| row == full)
    }

    /// The forbidden `(a, b)` pairs, in order.
    pub fn forbidden(&self) -> impl Iterator<Item = (Digit, Digit)> + '_ {
        let n = self.rows.len() as Digit;
        (1..=n).flat_map(move |a| (1..=n).filter(move |&b| !self.allows(a, b)).map(move |b| (a, b)))
    }
}

fn full_row(n: usize) -> u128 {
    if n == 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_of_the_named_relations() {
        assert!(Relation::Differ.table(9).is_differ());
        assert!(!Relation::Differ.table(9).is_trivial());
        assert!(Relation::Sum(5).negate().negate().table(9) == Relation::Sum(5).table(9));
        assert!(Relation::custom("any", |_, _| true).table(6).is_trivial());
        let ratio = Relation::Ratio(2).table(9);
        assert_eq!(ratio.forbidden().filter(|&(a, _)| a == 4).count(), 7); // 4 goes with 2 and 8
        assert_eq!(
            Relation::Pairs(Arc::from([(1, 2), (2, 1)])).table(4).partners(1),
            0b10
        );
        let t = Relation::DifferenceAtLeast(5).table(9);
        assert_eq!(t.partners(5), 0); // whispers: 5 has no partner on 9×9
        assert_eq!(t.transpose(), t);
        assert_eq!(
            Relation::Less
                .table(9)
                .and(&Relation::Difference(1).table(9))
                .partners(3),
            0b1000
        );
    }

    #[test]
    fn tables_hold_128_digits() {
        let t = Relation::Differ.table(128);
        assert!(t.is_differ());
        assert_eq!(t.partners(128), u128::MAX >> 1);
    }
}
