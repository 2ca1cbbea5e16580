//! Linear sums, the third kind of declaration after groups and relations.
//!
//! Variant puzzles are built around sums: killer cages, arrows, little
//! killers, zipper lines all say "these digits, each times a coefficient,
//! add up to this total". A rule declares such a [`Sum`] through
//! [`Rule::sums`](crate::Rule::sums); the engine propagates every sum with one
//! shared, exact propagator that knows which of its cells must differ (see
//! the engine's `sums` module), the model derives new sums from them
//! ("innies and outies", see [`Model::sums`](crate::Model::sums)), and SAT
//! encodes them. DLX has no form for a sum and refuses them.
//!
//! ```
//! use sudokit_core::{Cell, Sum};
//! // An arrow: the circle r1c1 equals r1c2 + r1c3.
//! let arrow = Sum::from_terms([(Cell(1), 1), (Cell(2), 1), (Cell(0), -1)], 0);
//! assert_eq!(arrow.describe(4), "r1c2 + r1c3 − r1c1 = 0");
//! // A cage: r1c1 + r1c2 = 3 on a 4×4 board.
//! let cage = Sum::new([Cell(0), Cell(1)], 3);
//! assert!(cage.is_cage());
//! ```

pub(crate) mod blocks;
pub(crate) mod compile;
pub(crate) mod set_bits;

pub use compile::{CompiledSum, Derivation, SumOrigin};

use std::fmt;

use crate::cell::Cell;
use crate::grid::Grid;

/// `Σ coefficient × digit(cell) = total` over distinct cells.
///
/// Terms on the same cell are merged and zero coefficients dropped, so a
/// sum never names a cell twice.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sum {
    terms: Vec<(Cell, i32)>,
    total: i32,
}

impl Sum {
    /// The digits of `cells` add up to `total` (a killer cage, a little
    /// killer diagonal).
    pub fn new(cells: impl IntoIterator<Item = Cell>, total: i32) -> Sum {
        Sum::from_terms(cells.into_iter().map(|c| (c, 1)), total)
    }

    /// `Σ coefficient × digit(cell) = total`: an arrow is `shaft − circle =
    /// 0`, a two-cell pill reads as `10 × first + second`.
    pub fn from_terms(terms: impl IntoIterator<Item = (Cell, i32)>, total: i32) -> Sum {
        let mut merged: Vec<(Cell, i32)> = Vec::new();
        for (cell, coefficient) in terms {
            match merged.iter_mut().find(|(c, _)| *c == cell) {
                Some((_, k)) => *k += coefficient,
                None => merged.push((cell, coefficient)),
            }
        }
        merged.retain(|&(_, k)| k != 0);
        Sum { terms: merged, total }
    }

    /// The terms, each cell once, in the order given.
    pub fn terms(&self) -> &[(Cell, i32)] {
        &self.terms
    }

    /// The right-hand side.
    pub fn total(&self) -> i32 {
        self.total
    }

    /// The cells, in the order given.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.terms.iter().map(|&(c, _)| c)
    }

    /// True when every coefficient is 1: the digits of the cells add up to
    /// the total. Only such sums take part in innies and outies.
    pub fn is_cage(&self) -> bool {
        self.terms.iter().all(|&(_, k)| k == 1)
    }

    /// The left-hand side on `grid`, when all its cells are filled.
    pub fn value(&self, grid: &Grid) -> Option<i64> {
        self.terms.iter().try_fold(0i64, |acc, &(cell, k)| {
            grid.get(cell).map(|d| acc + i64::from(k) * i64::from(d))
        })
    }

    /// Whether `grid` can still satisfy the sum: false only when every cell
    /// is filled and the total is wrong.
    pub fn holds(&self, grid: &Grid) -> bool {
        self.value(grid).is_none_or(|v| v == i64::from(self.total))
    }
}

impl Sum {
    /// The sum as people write it on an `n`×`n` board: `r1c2 + r1c3 − r1c1 = 0`.
    pub fn describe(&self, n: usize) -> String {
        let mut out = String::new();
        self.write(n, &mut out).expect("writing to a string");
        out
    }

    fn write(&self, n: usize, f: &mut impl fmt::Write) -> fmt::Result {
        for (i, &(cell, k)) in self.terms.iter().enumerate() {
            let name = cell.name(n);
            let sign = match (i, k < 0) {
                (0, false) => "",
                (0, true) => "−",
                (_, false) => " + ",
                (_, true) => " − ",
            };
            match k.unsigned_abs() {
                1 => write!(f, "{sign}{name}")?,
                k => write!(f, "{sign}{k}×{name}")?,
            }
        }
        if self.terms.is_empty() {
            f.write_str("0")?;
        }
        write!(f, " = {}", self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_on_one_cell_merge_and_zeros_go() {
        let sum = Sum::from_terms([(Cell(0), 1), (Cell(1), 2), (Cell(0), -1), (Cell(2), -10)], 4);
        assert_eq!(sum.terms(), &[(Cell(1), 2), (Cell(2), -10)]);
        assert!(!sum.is_cage());
        assert_eq!(sum.describe(4), "2×r1c2 − 10×r1c3 = 4");
    }

    #[test]
    fn holds_until_every_cell_is_filled() {
        let sum = Sum::new([Cell(0), Cell(1)], 5);
        let mut grid = Grid::empty(4);
        grid.set(Cell(0), 4);
        assert!(sum.holds(&grid));
        grid.set(Cell(1), 2);
        assert_eq!(sum.value(&grid), Some(6));
        assert!(!sum.holds(&grid));
    }
}
