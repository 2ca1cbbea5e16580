//! Naked and hidden subsets: pairs, triples and quads.

use std::borrow::Cow;

use sudokit_core::{Cand, Cell, Digit, Digits, Reason};

use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// `k` cells of one group whose candidates together are `k` digits hold
/// those digits: they leave the group's other cells. Works in any group
/// (a cage, a diagonal), since only "all different" is used. Norvig's
/// naked twins are the pairs.
#[derive(Clone, Copy, Debug)]
pub struct NakedSubset {
    size: usize,
}

/// `k` digits that, in one house, have places in only `k` cells fill
/// those cells: the cells' other digits go. Needs a house (a group of `n`
/// cells), where every digit must appear.
#[derive(Clone, Copy, Debug)]
pub struct HiddenSubset {
    size: usize,
}

const NAMES: [&str; 5] = ["", "single", "pair", "triple", "quad"];

impl NakedSubset {
    /// Pairs (2), triples (3) or quads (4).
    pub fn new(size: usize) -> NakedSubset {
        assert!((2..=4).contains(&size), "subsets of 2 to 4 cells");
        NakedSubset { size }
    }
}

impl HiddenSubset {
    /// Pairs (2), triples (3) or quads (4).
    pub fn new(size: usize) -> HiddenSubset {
        assert!((2..=4).contains(&size), "subsets of 2 to 4 digits");
        HiddenSubset { size }
    }
}

impl Technique for NakedSubset {
    fn name(&self) -> Cow<'static, str> {
        format!("naked {}", NAMES[self.size]).into()
    }

    fn difficulty(&self) -> f32 {
        [0.0, 0.0, 3.0, 3.6, 5.0][self.size]
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        for (g, group) in board.groups().iter().enumerate() {
            let open: Vec<Cell> = group
                .cells()
                .iter()
                .copied()
                .filter(|&c| (2..=self.size).contains(&board.candidates(c).len()))
                .collect();
            let mut found = None;
            combinations(&open, self.size, &mut |cells| {
                let union = cells
                    .iter()
                    .fold(Digits::<u128>::default(), |u, &c| u | board.candidates(c));
                if union.len() != self.size {
                    return false;
                }
                let eliminations: Vec<Cand> = group
                    .cells()
                    .iter()
                    .filter(|c| !cells.contains(c))
                    .flat_map(|&c| (board.candidates(c) & union).iter().map(move |d| Cand::new(c, d)))
                    .collect();
                if eliminations.is_empty() {
                    return false;
                }
                let reason = Reason::new(self.name())
                    .cells(cells.iter().copied())
                    .digits(union)
                    .group(g);
                found = Some(Deduction::eliminate(reason, self.difficulty(), eliminations));
                true
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

impl Technique for HiddenSubset {
    fn name(&self) -> Cow<'static, str> {
        format!("hidden {}", NAMES[self.size]).into()
    }

    fn difficulty(&self) -> f32 {
        [0.0, 0.0, 3.4, 4.0, 5.4][self.size]
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        let n = board.size();
        for h in board.houses() {
            let cells = board.group(h).cells();
            // Digits still to place, with their places as cell positions.
            let mut digits: Vec<Digit> = Vec::new();
            let mut places: Vec<u128> = vec![0; n + 1];
            for d in 1..=n as Digit {
                let mut mask = 0u128;
                for (i, &c) in cells.iter().enumerate() {
                    if board.has(c, d) {
                        mask |= 1 << i;
                    }
                }
                let solved =
                    mask.count_ones() == 1 && board.value(cells[mask.trailing_zeros() as usize]).is_some();
                if (2..=self.size as u32).contains(&mask.count_ones()) && !solved {
                    digits.push(d);
                }
                places[d as usize] = mask;
            }
            let mut found = None;
            combinations(&digits, self.size, &mut |chosen| {
                let union = chosen.iter().fold(0u128, |u, &d| u | places[d as usize]);
                if union.count_ones() as usize != self.size {
                    return false;
                }
                let keep = Digits::<u128>::from_digits(chosen.iter().copied());
                let subset: Vec<Cell> = (0..cells.len())
                    .filter(|i| union >> i & 1 == 1)
                    .map(|i| cells[i])
                    .collect();
                let eliminations: Vec<Cand> = subset
                    .iter()
                    .flat_map(|&c| (board.candidates(c) - keep).iter().map(move |d| Cand::new(c, d)))
                    .collect();
                if eliminations.is_empty() {
                    return false;
                }
                let reason = Reason::new(self.name())
                    .cells(subset)
                    .digits(chosen.iter().copied())
                    .group(h);
                found = Some(Deduction::eliminate(reason, self.difficulty(), eliminations));
                true
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

/// Calls `visit` with every `k`-subset of `items`, in lexicographic order,
/// until it returns true.
pub(crate) fn combinations<T: Copy>(items: &[T], k: usize, visit: &mut dyn FnMut(&[T]) -> bool) -> bool {
    fn go<T: Copy>(
        items: &[T],
        k: usize,
        start: usize,
        chosen: &mut Vec<T>,
        visit: &mut dyn FnMut(&[T]) -> bool,
    ) -> bool {
        if chosen.len() == k {
            return visit(chosen);
        }
        for i in start..items.len() {
            if items.len() - i < k - chosen.len() {
                break;
            }
            chosen.push(items[i]);
            if go(items, k, i + 1, chosen, visit) {
                return true;
            }
            chosen.pop();
        }
        false
    }
    go(items, k, 0, &mut Vec::with_capacity(k), visit)
}
