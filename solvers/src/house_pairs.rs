//! Branches a house proposes: a digit with two places left in a complete
//! group splits the search in two as well as a two-candidate cell does
//! (here, or there), where a cell of three or more candidates splits it
//! unevenly. ISS's candidate finders do the same.
//!
//! The propagation search asks for one when its dom/wdeg cell has more than
//! two candidates; the pair wins when the heavier of its two cells, halved,
//! outweighs that cell's weight per candidate. With
//! [`PairBranching::AfterFailures`](crate::PairBranching) (the default) a
//! pair counts only once a decision on one of its two cells has failed: ISS
//! too proposes a house's branch only where conflicts were scored, and
//! proposing everywhere costs where the cells choose well (measured in
//! docs/benchmarks.md). Branching stays binary (`cell = digit`, then
//! `cell ≠ digit`, which the singles turn into the other place), so
//! counting stays exact.

use sudokit_core::{Cell, Digit, Model, State, Word};

/// A split of a digit's places in a house that the house proposes (the
/// search branches on it as `Branch::Spread`): the digit among the places
/// of `side`, or among its other places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Spread {
    /// Index of the house (see [`HousePairs::house`]).
    pub house: u32,
    /// The digit placed.
    pub digit: Digit,
    /// Positions in the house (bit `i`: its `i`-th cell) of the places
    /// tried first.
    pub side: u128,
}

/// Bit-sliced counts of each digit's places in `house`: bit `d − 1` of
/// `at_least[k]` is set when digit `d` has more than `k` places (counts
/// saturate at `K`), so "exactly two places" is `at_least[1] & !at_least[2]`.
fn places_at_least<W: Word, const K: usize>(state: &State<W>, house: &[Cell]) -> [u128; K] {
    let mut at_least = [0u128; K];
    for &c in house {
        let set = state.candidates(c).to_u128();
        for k in (1..K).rev() {
            at_least[k] |= at_least[k - 1] & set;
        }
        at_least[0] |= set;
    }
    at_least
}

/// The complete groups of a model, ready to be scanned at every branch.
pub(crate) struct HousePairs {
    /// Every complete group's cells.
    houses: Vec<Vec<Cell>>,
}

impl HousePairs {
    /// The complete groups of `model` (none on a model without any: then
    /// nothing is ever proposed).
    pub(crate) fn new(model: &Model) -> HousePairs {
        let n = model.geometry().size();
        let houses = model
            .groups()
            .iter()
            .filter(|g| g.is_complete(n))
            .map(|g| g.cells().to_vec())
            .collect();
        HousePairs { houses }
    }

    /// A `(cell, digit)` to branch on instead of `cell`, when a digit with
    /// two places in a house scores better: the heavier place, first.
    /// `weights` are the search's conflict weights; only pairs with a place
    /// that `eligible` accepts are scored.
    pub(crate) fn propose<W: Word>(
        &self,
        state: &State<W>,
        weights: &[u32],
        cell: Cell,
        eligible: impl Fn(Cell) -> bool,
    ) -> Option<(Cell, Digit)> {
        let len = state.candidates(cell).len() as u64;
        if len <= 2 {
            return None;
        }
        // Score of a pair: max weight / 2, against the cell's weight / len;
        // compared without division.
        let (mut best_w, mut best_len) = (u64::from(weights[cell.index()]), len);
        let mut best = None;
        for house in &self.houses {
            let at_least = places_at_least::<_, 3>(state, house);
            let mut pairs = at_least[1] & !at_least[2];
            while pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                pairs ^= bit;
                let mut places = house
                    .iter()
                    .filter(|&&c| state.candidates(c).to_u128() & bit != 0);
                let (Some(&a), Some(&b)) = (places.next(), places.next()) else {
                    continue;
                };
                if !eligible(a) && !eligible(b) {
                    continue;
                }
                let (heavier, w) = if weights[b.index()] > weights[a.index()] {
                    (b, weights[b.index()])
                } else {
                    (a, weights[a.index()])
                };
                let w = u64::from(w);
                if w * best_len > best_w * 2 {
                    (best_w, best_len) = (w, 2);
                    best = Some((heavier, bit.trailing_zeros() as Digit + 1));
                }
            }
        }
        best
    }

    /// A split of a house's places for a digit with three or four places
    /// left (the heavier half first: "the digit is among these places, or
    /// among the others"), when it scores better than `cell`: the heaviest
    /// place's weight over the number of places, against the cell's weight
    /// per candidate (ISS's `RequiredValue` score). Only digits with a
    /// place that `eligible` accepts are scored.
    pub(crate) fn propose_split<W: Word>(
        &self,
        state: &State<W>,
        weights: &[u32],
        cell: Cell,
        eligible: impl Fn(Cell) -> bool,
    ) -> Option<Spread> {
        let len = state.candidates(cell).len() as u64;
        if len <= 2 {
            return None;
        }
        let (mut best_w, mut best_len) = (u64::from(weights[cell.index()]), len);
        let mut best = None;
        for (h, house) in self.houses.iter().enumerate() {
            let at_least = places_at_least::<_, 5>(state, house);
            let mut wide = at_least[2] & !at_least[4];
            while wide != 0 {
                let bit = wide & wide.wrapping_neg();
                wide ^= bit;
                let mut places: Vec<(usize, Cell)> = house
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| state.candidates(c).to_u128() & bit != 0)
                    .map(|(i, &c)| (i, c))
                    .collect();
                if !places.iter().any(|&(_, c)| eligible(c)) {
                    continue;
                }
                places.sort_by_key(|&(_, c)| std::cmp::Reverse(weights[c.index()]));
                let w = u64::from(weights[places[0].1.index()]);
                let k = places.len() as u64;
                if w * best_len > best_w * k {
                    (best_w, best_len) = (w, k);
                    let side = places[..places.len() / 2]
                        .iter()
                        .fold(0u128, |side, &(i, _)| side | 1 << i);
                    best = Some(Spread {
                        house: h as u32,
                        digit: bit.trailing_zeros() as Digit + 1,
                        side,
                    });
                }
            }
        }
        best
    }

    /// Given houses (tests plant cells that are no house).
    #[cfg(test)]
    pub(crate) fn from_houses(houses: Vec<Vec<Cell>>) -> HousePairs {
        HousePairs { houses }
    }

    /// How many houses there are.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.houses.len()
    }

    /// The cells of house `h` (as a [`Spread`] names it).
    #[inline]
    pub(crate) fn house(&self, h: u32) -> &[Cell] {
        &self.houses[h as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_constraints::ClassicRules;
    use sudokit_core::{Digits, Geometry, Puzzle};

    #[test]
    fn a_digit_with_two_places_beats_a_cell_of_four() {
        let puzzle = Puzzle::new(Geometry::square(4).unwrap())
            .with(ClassicRules)
            .unwrap();
        let pairs = HousePairs::new(puzzle.model());
        let mut state = State::<u16>::new(puzzle.geometry());
        // Row 1: 1 can go in r1c1 or r1c3 only.
        state.restrict_untracked(Cell(1), Digits::from_u128(0b1110));
        state.restrict_untracked(Cell(3), Digits::from_u128(0b1110));
        let mut weights = vec![1u32; 16];
        weights[2] = 5;
        assert_eq!(
            pairs.propose(&state, &weights, Cell(0), |_| true),
            Some((Cell(2), 1))
        );
        // A two-candidate cell is never replaced.
        state.restrict_untracked(Cell(7), Digits::from_u128(0b11));
        assert_eq!(pairs.propose(&state, &weights, Cell(7), |_| true), None);
        // Only pairs with an eligible place count: neither r1c1 nor r1c3
        // (cells 0 and 2) is, so the pair is not proposed.
        let failed = |c: Cell| c == Cell(9);
        assert_eq!(pairs.propose(&state, &weights, Cell(0), failed), None);
        let failed = |c: Cell| c == Cell(0);
        assert_eq!(
            pairs.propose(&state, &weights, Cell(0), failed),
            Some((Cell(2), 1))
        );
        // A heavy cell of four candidates outweighs the pair.
        weights[5] = 40;
        assert_eq!(pairs.propose(&state, &weights, Cell(5), |_| true), None);
    }
}
