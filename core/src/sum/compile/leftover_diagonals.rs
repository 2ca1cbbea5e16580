//! The law of leftovers for sums whose digits may repeat (little killers):
//! a house, or two houses, less any disjoint choice of the diagonals that
//! cross it.
//!
//! A box holds 45; the little killers crossing it take some of its cells
//! and bring in cells from outside. Whatever diagonals are taken out, the
//! box's cells they leave (innies) less the cells they bring in (outies)
//! add up to `45 − their totals`. Innies and outies take only cages that
//! stick out a little, and `crossing.rs` only choices that cover the whole
//! house; here every choice counts, and two houses at once (on
//! LITTLE_KILLER_SNIPES[9], boxes 4 and 8 less three parallel diagonals
//! leave `r4c3 + r6c1 + r7c6 + r9c4 − r3c1 − r6c4 − r7c3 − r9c7 = −18`).
//! Such a sum is short and ties cells of different boxes together, which
//! no single diagonal does: on that puzzle with five cells of box 5 given,
//! the search takes 69,799 nodes without these sums and 6,109 with them
//! (docs/benchmarks.md, "(stop 49, lks49)").
//!
//! Only sums whose digits may repeat are taken (a killer's cages stay with
//! innies and outies, whose models this leaves alone), and a result is kept
//! only when it has at most [`MAX_CELLS`] cells.

use std::collections::HashSet;

use super::Region;
use crate::cell::Cell;
use crate::sum::Sum;

/// The most cells a leftover may have (innies and outies together).
pub(crate) const MAX_CELLS: usize = 10;

/// The most sums crossing a region whose choices are walked: more would
/// cost more at load than they are likely to give (two boxes of a 9×9
/// board with a diagonal through every other cell are crossed by 12 to 16).
const MAX_CROSSING: usize = 16;

/// One leftover: the sum, its region's name and total, and the totals of
/// the sums taken out.
pub(super) struct Leftover {
    pub(super) sum: Sum,
    pub(super) region: String,
    pub(super) region_total: i64,
    pub(super) sums_total: i64,
}

/// The leftovers of every house in `houses` and of every two of them that
/// share no cell, less each disjoint choice of the `repeating` sums crossing
/// them (at least one, each with a cell inside), with at most [`MAX_CELLS`]
/// cells; each leftover once. `cell_count` is the board's.
pub(super) fn leftovers(houses: &[Region], repeating: &[&Sum], cell_count: usize) -> Vec<Leftover> {
    let mut found = Vec::new();
    if repeating.is_empty() {
        return found;
    }
    let mut seen: HashSet<Vec<(Cell, i32)>> = HashSet::new();
    let mut inside = vec![false; cell_count];
    let mut regions: Vec<(String, Vec<Cell>, i64)> = houses
        .iter()
        .map(|h| (h.name.clone(), h.cells.clone(), h.total))
        .collect();
    for (i, a) in houses.iter().enumerate() {
        for b in &houses[i + 1..] {
            if a.cells.iter().any(|c| b.cells.contains(c)) {
                continue;
            }
            let cells = a.cells.iter().chain(&b.cells).copied().collect();
            regions.push((format!("{} and {}", a.name, b.name), cells, a.total + b.total));
        }
    }
    for (name, cells, total) in regions {
        for &c in &cells {
            inside[c.index()] = true;
        }
        let crossing: Vec<&Sum> = repeating
            .iter()
            .copied()
            .filter(|s| s.cells().any(|c| inside[c.index()]))
            .collect();
        if crossing.len() <= MAX_CROSSING {
            let mut walk = Walk {
                cells: &cells,
                total,
                crossing: &crossing,
                inside: &inside,
                taken: Vec::new(),
                found: Vec::new(),
            };
            walk.choose(0, 0);
            for (sum, sums_total) in walk.found {
                let mut key = sum.terms().to_vec();
                key.sort_unstable();
                if seen.insert(key) {
                    found.push(Leftover {
                        sum,
                        region: name.clone(),
                        region_total: total,
                        sums_total,
                    });
                }
            }
        }
        for &c in &cells {
            inside[c.index()] = false;
        }
    }
    found
}

/// The choices of the sums crossing one region, walked depth first: a
/// branch stops once its outies pass [`MAX_CELLS`] (taking more sums only
/// adds outies) or a sum shares a cell with one taken.
struct Walk<'a> {
    /// The region's cells (marked in `inside`) and what they add up to.
    cells: &'a [Cell],
    total: i64,
    crossing: &'a [&'a Sum],
    inside: &'a [bool],
    /// The indices in `crossing` of the sums taken on this branch.
    taken: Vec<usize>,
    /// Each leftover of at most [`MAX_CELLS`] cells with its sums' totals.
    found: Vec<(Sum, i64)>,
}

impl Walk<'_> {
    /// Tries taking each sum from `next` on, with `outies` cells brought
    /// in so far.
    fn choose(&mut self, next: usize, outies: usize) {
        for k in next..self.crossing.len() {
            let sum = self.crossing[k];
            let shares = self
                .taken
                .iter()
                .any(|&t| self.crossing[t].cells().any(|c| sum.cells().any(|d| d == c)));
            let more = outies + sum.cells().filter(|c| !self.inside[c.index()]).count();
            if shares || more > MAX_CELLS {
                continue;
            }
            self.taken.push(k);
            if let Some(found) = self.leftover() {
                self.found.push(found);
            }
            self.choose(k + 1, more);
            self.taken.pop();
        }
    }

    /// The region's cells the taken sums leave (coefficient 1) and the
    /// cells they bring in (−1), adding up to the region's total less
    /// theirs; `None` when that has no cell or more than [`MAX_CELLS`].
    fn leftover(&self) -> Option<(Sum, i64)> {
        let taken = || self.taken.iter().map(|&k| self.crossing[k]);
        let covered = |c: &Cell| taken().any(|s| s.cells().any(|d| d == *c));
        let mut terms: Vec<(Cell, i32)> = self
            .cells
            .iter()
            .filter(|c| !covered(c))
            .map(|&c| (c, 1))
            .collect();
        for sum in taken() {
            terms.extend(sum.cells().filter(|c| !self.inside[c.index()]).map(|c| (c, -1)));
        }
        if terms.is_empty() || terms.len() > MAX_CELLS {
            return None;
        }
        let sums_total: i64 = taken().map(|s| i64::from(s.total())).sum();
        let total = i32::try_from(self.total - sums_total).ok()?;
        Some((Sum::from_terms(terms, total), sums_total))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn region(name: &str, cells: Vec<Cell>, total: i64) -> Region {
        Region {
            name: name.into(),
            cells,
            total,
        }
    }

    #[test]
    fn a_box_less_a_diagonal_leaves_its_other_cells_less_those_brought_in() {
        // 4×4, box 1 (r1c1, r1c2, r2c1, r2c2) less the diagonal r1c1 +
        // r2c2 + r3c3 + r4c4 = 10: r1c2 + r2c1 − r3c3 − r4c4 = 10 − 10 = 0.
        let at = |r: usize, c: usize| Cell::at(r, c, 4);
        let box1 = region("box 1", vec![at(0, 0), at(0, 1), at(1, 0), at(1, 1)], 10);
        let diagonal = Sum::new([at(0, 0), at(1, 1), at(2, 2), at(3, 3)], 10);
        let found = leftovers(&[box1], &[&diagonal], 16);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].sum.describe(4), "r1c2 + r2c1 − r3c3 − r4c4 = 0");
        assert_eq!((found[0].region_total, found[0].sums_total), (10, 10));
    }

    #[test]
    fn two_boxes_share_the_diagonals_crossing_both_and_overlapping_sums_are_not_taken_together() {
        // 4×4, boxes 1 and 4 less the main diagonal (10) leave their four
        // off-diagonal cells: 20 − 10 = 10. A second sum sharing r1c1 with
        // the diagonal is never taken with it.
        let at = |r: usize, c: usize| Cell::at(r, c, 4);
        let box1 = region("box 1", vec![at(0, 0), at(0, 1), at(1, 0), at(1, 1)], 10);
        let box4 = region("box 4", vec![at(2, 2), at(2, 3), at(3, 2), at(3, 3)], 10);
        let diagonal = Sum::new([at(0, 0), at(1, 1), at(2, 2), at(3, 3)], 10);
        let other = Sum::new([at(0, 0), at(1, 0)], 5);
        let found = leftovers(&[box1, box4], &[&diagonal, &other], 16);
        let described: Vec<String> = found.iter().map(|l| l.sum.describe(4)).collect();
        assert!(
            described.contains(&"r1c2 + r2c1 + r3c4 + r4c3 = 10".to_string()),
            "{described:?}"
        );
        for l in &found {
            assert!(
                l.sums_total != 15,
                "both sums taken together: {}",
                l.sum.describe(4)
            );
        }
        // Nothing without a sum whose digits may repeat.
        assert!(leftovers(&[], &[&diagonal], 16).is_empty());
    }
}
