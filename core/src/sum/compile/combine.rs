//! Declared sums that lie side by side, added up into one.
//!
//! Two little killers on neighbouring diagonals each cross a box in two or
//! three cells whose digits may repeat along one diagonal, so each alone
//! bounds its box's cells loosely; together they fill five or six cells of
//! the box that must all differ, and their combined total can sit near the
//! most (or least) those cells can make. Four parallel diagonals of 49
//! ("Zero solution: Little Killer") add up to 196 where the blocks allow at
//! most 198: the union pins its cells down where no diagonal alone does.
//! ISS merges its sums the same way (related sums, kept when tighter).

use super::{bounds, slack};
use crate::cell::Cell;
use crate::sum::blocks::blocks;
use crate::sum::Sum;

/// How many cells of the smaller of two sums must each differ from some
/// cell of the other for their union to be tried: fewer, and the blocks of
/// the union are hardly larger than the parts' (ISS asks the same six).
const MIN_LINKED_CELLS: usize = 6;

/// A union is kept when its total lies within this fraction of its range
/// (1/8) from an end. Merging asks only a quarter, as for wide derived
/// sums, so that a chain of merges can reach a tight union (the four
/// diagonals of 49: slack 2 of 76) through looser pairs; a union left at a
/// quarter costs more than it saves ("Hailstone – little killer": slack 24
/// of 100, 22,713 → 25,753 nodes).
const KEEP_WITHIN: i64 = 8;

/// A sum of the search: declared, or the union of declared ones.
#[derive(Clone, Debug)]
struct Part {
    /// Its cells, in order of index.
    cells: Vec<Cell>,
    total: i64,
    /// The declared sums it adds up (positions in the input).
    members: Vec<usize>,
    /// How far the total lies from the nearer end of what its blocks can
    /// make; -1 when they cannot make it at all.
    slack: i64,
    /// The width of that range.
    range: i64,
}

impl Part {
    fn new(
        cells: Vec<Cell>,
        total: i64,
        members: Vec<usize>,
        n: usize,
        differ: &impl Fn(Cell, Cell) -> bool,
    ) -> Part {
        let (low, high) = match i32::try_from(total) {
            Ok(t) => bounds(&blocks(&Sum::new(cells.iter().copied(), t), n, differ), n),
            Err(_) => (0, 0),
        };
        Part {
            slack: slack(total, low, high).unwrap_or(-1),
            range: high - low,
            cells,
            total,
            members,
        }
    }

    /// Whether `self` and `other` share no cell and at least
    /// [`MIN_LINKED_CELLS`] cells of the smaller must differ from the other.
    fn linked(&self, other: &Part, differ: &impl Fn(Cell, Cell) -> bool) -> bool {
        if self.cells.iter().any(|c| other.cells.binary_search(c).is_ok()) {
            return false;
        }
        let (small, big) = if self.cells.len() <= other.cells.len() {
            (self, other)
        } else {
            (other, self)
        };
        small
            .cells
            .iter()
            .filter(|&&a| big.cells.iter().any(|&b| differ(a, b)))
            .nth(MIN_LINKED_CELLS - 1)
            .is_some()
    }

    /// The union of two linked parts, if it is tighter than the two were
    /// (less slack than theirs together) and tight enough to pay for its
    /// propagator (within a quarter of its range from an end, as
    /// [`worth_keeping`](super::worth_keeping) asks of wide derived sums).
    fn merged(&self, other: &Part, n: usize, differ: &impl Fn(Cell, Cell) -> bool) -> Option<Part> {
        let mut cells = [self.cells.as_slice(), other.cells.as_slice()].concat();
        cells.sort_unstable();
        let members = [self.members.as_slice(), other.members.as_slice()].concat();
        let union = Part::new(cells, self.total + other.total, members, n, differ);
        let tighter = union.slack < self.slack + other.slack;
        (tighter && 4 * union.slack < union.range).then_some(union)
    }
}

/// The unions of declared cage-like `sums` (every coefficient 1) worth a
/// propagator of their own: greedily, the pair of linked sums (or unions
/// already made) whose union gains the most slack is merged, until no pair
/// gains; unions within [`KEEP_WITHIN`] of an end are kept. Returns each
/// union with the positions in `sums` it adds up.
/// `differ(a, b)` tells whether two cells must hold different digits.
pub(crate) fn combine(
    n: usize,
    sums: &[&Sum],
    differ: impl Fn(Cell, Cell) -> bool,
) -> Vec<(Sum, Vec<usize>)> {
    let mut parts: Vec<Part> = sums
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_cage() && s.terms().len() >= MIN_LINKED_CELLS)
        .map(|(i, s)| {
            let mut cells: Vec<Cell> = s.cells().collect();
            cells.sort_unstable();
            Part::new(cells, i64::from(s.total()), vec![i], n, &differ)
        })
        .collect();
    // Unions already tried, by the members of both sides.
    let mut tried: std::collections::HashMap<(Vec<usize>, Vec<usize>), Option<Part>> =
        std::collections::HashMap::new();
    loop {
        let mut best: Option<(i64, usize, usize, Part)> = None;
        for i in 0..parts.len() {
            for j in i + 1..parts.len() {
                let (a, b) = (&parts[i], &parts[j]);
                let key = (a.members.clone(), b.members.clone());
                let union = tried
                    .entry(key)
                    .or_insert_with(|| a.linked(b, &differ).then(|| a.merged(b, n, &differ)).flatten());
                let Some(union) = union else { continue };
                let gain = a.slack + b.slack - union.slack;
                if best.as_ref().is_none_or(|(g, ..)| gain > *g) {
                    best = Some((gain, i, j, union.clone()));
                }
            }
        }
        let Some((_, i, j, union)) = best else { break };
        parts.remove(j);
        parts.remove(i);
        parts.push(union);
    }
    parts
        .into_iter()
        .filter(|p| p.members.len() > 1 && KEEP_WITHIN * p.slack < p.range)
        .filter_map(|p| {
            let total = i32::try_from(p.total).ok()?;
            let mut members = p.members;
            members.sort_unstable();
            Some((Sum::new(p.cells, total), members))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cells `r{row}c{col}` (1-based) of a 9×9 board.
    fn cell(row: usize, col: usize) -> Cell {
        Cell::at(row - 1, col - 1, 9)
    }

    /// Two cells of a 9×9 board share a row, a column or a box.
    fn classic(a: Cell, b: Cell) -> bool {
        let (ra, ca, rb, cb) = (a.row(9), a.col(9), b.row(9), b.col(9));
        ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3)
    }

    /// The anti-diagonal `r + c = s` (1-based) of a 9×9 board.
    fn anti_diagonal(s: usize) -> Vec<Cell> {
        (1..=9)
            .filter(|&r| s > r && s - r <= 9)
            .map(|r| cell(r, s - r))
            .collect()
    }

    #[test]
    fn four_parallel_diagonals_near_their_most_are_added_up() {
        // "Zero solution: Little Killer": r+c = 9, 10, 11, 12 each add up
        // to 49; together their boxes' blocks make at most 198.
        let sums: Vec<Sum> = (9..=12).map(|s| Sum::new(anti_diagonal(s), 49)).collect();
        let refs: Vec<&Sum> = sums.iter().collect();
        let combined = combine(9, &refs, classic);
        let all = combined.iter().find(|(_, members)| members.len() == 4);
        let (sum, _) = all.expect("the four diagonals added up");
        assert_eq!(sum.total(), 196);
        assert_eq!(sum.terms().len(), 32);
        let blocks = blocks(sum, 9, classic);
        assert_eq!(bounds(&blocks, 9).1, 198);
    }

    #[test]
    fn sums_far_from_both_ends_or_apart_are_left_alone() {
        // The same diagonals at 40: mid-range, no union pays.
        let sums: Vec<Sum> = (9..=12).map(|s| Sum::new(anti_diagonal(s), 40)).collect();
        let refs: Vec<&Sum> = sums.iter().collect();
        assert!(combine(9, &refs, classic).is_empty());
        // Two sums sharing a cell are never added up.
        let a = Sum::new(anti_diagonal(10), 49);
        let b = Sum::new((1..=9).map(|r| cell(r, r)), 49);
        assert!(combine(9, &[&a, &b], classic).is_empty());
    }
}
