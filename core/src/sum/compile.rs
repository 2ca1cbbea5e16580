//! What the model prepares from the declared sums: the blocks of cells that
//! must differ (so the propagator can reason about distinct digits), and the
//! sums the puzzle implies without declaring them (innies and outies).

use std::collections::HashSet;

use crate::cell::Cell;
use crate::group::{Group, GroupKind};
use crate::sum::Sum;

/// Where a sum of the model comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SumOrigin {
    /// Declared by constraint `k` of the puzzle.
    Rule(usize),
    /// Implied by the rules, found when the model was compiled: `innies and
    /// outies of row 3`.
    Derived(String),
}

/// A sum as the model keeps it: what it says, where it comes from, and its
/// cells split into blocks that must differ.
#[derive(Clone, Debug)]
pub struct CompiledSum {
    sum: Sum,
    origin: SumOrigin,
    pub(crate) blocks: Vec<Block>,
    /// How reasons and contradictions name it.
    pub(crate) label: String,
}

impl CompiledSum {
    pub(crate) fn new(sum: Sum, origin: SumOrigin, label: String, blocks: Vec<Block>) -> CompiledSum {
        CompiledSum {
            sum,
            origin,
            blocks,
            label,
        }
    }

    /// What the sum says.
    pub fn sum(&self) -> &Sum {
        &self.sum
    }

    /// Where it comes from.
    pub fn origin(&self) -> &SumOrigin {
        &self.origin
    }

    /// The constraint that declared it; `None` for a derived sum.
    pub fn rule(&self) -> Option<usize> {
        match self.origin {
            SumOrigin::Rule(k) => Some(k),
            SumOrigin::Derived(_) => None,
        }
    }

    /// Its name in reasons: the rule's name, or what it was derived from.
    pub fn label(&self) -> &str {
        &self.label
    }
}

/// Cells of one sum that must all hold different digits, with one
/// coefficient: the propagator enumerates their digit *sets*, which is
/// exact where a digit-by-digit view is not (three cells of one box
/// summing to 6 hold 1, 2 and 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Block {
    /// The coefficient of every cell of the block.
    pub(crate) coefficient: i32,
    /// The cells.
    pub(crate) cells: Vec<Cell>,
}

/// The most digit sets one layer of a block may hold: a block is cut where
/// `C(n, k)` would exceed it (16×16: 5 cells; 9×9: any block).
const MAX_LAYER: u64 = 5_000;

/// The largest block whose layers stay under [`MAX_LAYER`] digit sets on a
/// board of `n` digits.
fn max_block(n: usize) -> usize {
    let mut k = 1;
    while k < n && binomial(n as u64, (k as u64 + 1).min(n as u64 / 2)) <= MAX_LAYER {
        k += 1;
    }
    k
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// Splits the terms of `sum` into blocks: cells with the same coefficient
/// that pairwise `differ`, greedily in term order, no block larger than the
/// board allows (see [`MAX_LAYER`]).
pub(crate) fn blocks(sum: &Sum, n: usize, differ: impl Fn(Cell, Cell) -> bool) -> Vec<Block> {
    let limit = max_block(n);
    let mut blocks: Vec<Block> = Vec::new();
    for &(cell, coefficient) in sum.terms() {
        let home = blocks.iter_mut().find(|b| {
            b.coefficient == coefficient && b.cells.len() < limit && b.cells.iter().all(|&c| differ(c, cell))
        });
        match home {
            Some(block) => block.cells.push(cell),
            None => blocks.push(Block {
                coefficient,
                cells: vec![cell],
            }),
        }
    }
    blocks
}

/// The most cells a derived sum may have: beyond that it rarely helps and
/// costs a propagator run.
const MAX_DERIVED_CELLS: usize = 6;

/// The most cells a cage may stick out of a region and still be used for
/// outies.
const MAX_OUTIES_PER_CAGE: usize = 3;

/// A set of cells whose digits are known to add up to `total`: a complete
/// group, or a band of consecutive complete rows or columns.
struct Region {
    name: String,
    cells: Vec<Cell>,
    total: i64,
}

/// Innies and outies: for every complete group (and band of consecutive
/// rows or columns), the cage-like sums inside it, and those that stick out
/// of it by a few cells, give a new sum over the cells left over:
/// `Σ innies − Σ outies = region total − Σ cage totals`.
///
/// Returns each derived sum with what it came from (`innies and outies of
/// row 3`), leaving out sums already declared and sums over too many cells.
pub(crate) fn derive(n: usize, cell_count: usize, groups: &[Group], cages: &[&Sum]) -> Vec<(Sum, String)> {
    if cages.is_empty() {
        return Vec::new();
    }
    let full = (n * (n + 1) / 2) as i64;
    let mut regions: Vec<Region> = groups
        .iter()
        .filter(|g| g.is_complete(n))
        .map(|g| Region {
            name: g.name().to_string(),
            cells: g.cells().to_vec(),
            total: full,
        })
        .collect();
    for (kind, word) in [(GroupKind::Row, "rows"), (GroupKind::Column, "columns")] {
        let lines: Vec<&Group> = groups
            .iter()
            .filter(|g| g.kind() == kind && g.is_complete(n))
            .collect();
        if lines.len() != n {
            continue;
        }
        for width in 2..=n / 2 {
            for start in 0..=n - width {
                regions.push(Region {
                    name: format!("{word} {}-{}", start + 1, start + width),
                    cells: lines[start..start + width]
                        .iter()
                        .flat_map(|g| g.cells().to_vec())
                        .collect(),
                    total: full * width as i64,
                });
            }
        }
    }
    let mut known: HashSet<Vec<(Cell, i32)>> = cages.iter().map(|s| sorted_terms(s)).collect();
    let mut derived = Vec::new();
    let mut inside = vec![false; cell_count];
    let mut used = vec![false; cell_count];
    for region in &regions {
        for &c in &region.cells {
            inside[c.index()] = true;
        }
        if let Some(sum) = innies_and_outies(region, cages, &inside, &mut used) {
            if known.insert(sorted_terms(&sum)) {
                derived.push((sum, format!("innies and outies of {}", region.name)));
            }
        }
        for &c in &region.cells {
            inside[c.index()] = false;
        }
    }
    derived
}

/// The sum left over in `region` once the cages inside it, and those that
/// stick out of it a little, are taken away; `inside` marks the region's
/// cells, `used` is scratch (all false on entry and exit).
fn innies_and_outies(region: &Region, cages: &[&Sum], inside: &[bool], used: &mut [bool]) -> Option<Sum> {
    let split = |cage: &Sum| cage.cells().partition::<Vec<Cell>, _>(|c| inside[c.index()]);
    // Cages wholly inside first, larger first; then cages sticking out the
    // least. A cage shares no cell with one taken before.
    let mut candidates: Vec<(usize, usize, &Sum)> = cages
        .iter()
        .filter_map(|&cage| {
            let (inner, outer) = split(cage);
            (!inner.is_empty() && outer.len() <= MAX_OUTIES_PER_CAGE).then_some((
                outer.len(),
                inner.len(),
                cage,
            ))
        })
        .collect();
    candidates.sort_by_key(|&(outer, inner, _)| (outer, std::cmp::Reverse(inner)));
    let mut total = region.total;
    let mut outies = Vec::new();
    let mut taken = Vec::new();
    for (_, _, cage) in candidates {
        if cage.cells().any(|c| used[c.index()]) {
            continue;
        }
        let (_, outer) = split(cage);
        if outies.len() + outer.len() > MAX_DERIVED_CELLS {
            continue;
        }
        for c in cage.cells() {
            used[c.index()] = true;
            taken.push(c);
        }
        total -= i64::from(cage.total());
        outies.extend(outer);
    }
    let innies: Vec<Cell> = region
        .cells
        .iter()
        .copied()
        .filter(|c| !used[c.index()])
        .collect();
    let nothing_taken = taken.is_empty();
    for c in taken {
        used[c.index()] = false;
    }
    let cells = innies.len() + outies.len();
    if nothing_taken || cells == 0 || cells > MAX_DERIVED_CELLS {
        return None;
    }
    let total = i32::try_from(total).ok()?;
    Some(Sum::from_terms(
        innies
            .into_iter()
            .map(|c| (c, 1))
            .chain(outies.into_iter().map(|c| (c, -1))),
        total,
    ))
}

fn sorted_terms(sum: &Sum) -> Vec<(Cell, i32)> {
    let mut terms = sum.terms().to_vec();
    terms.sort_unstable();
    terms
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_keep_distinct_cells_with_one_coefficient_together() {
        // Cells 0 and 1 differ, 2 differs from nobody; 3 has coefficient −1.
        let sum = Sum::from_terms([(Cell(0), 1), (Cell(1), 1), (Cell(2), 1), (Cell(3), -1)], 0);
        let differ = |a: Cell, b: Cell| a.0 + b.0 == 1;
        let blocks = blocks(&sum, 9, differ);
        let cells: Vec<Vec<Cell>> = blocks.iter().map(|b| b.cells.clone()).collect();
        assert_eq!(cells, vec![vec![Cell(0), Cell(1)], vec![Cell(2)], vec![Cell(3)]]);
        assert_eq!(blocks[2].coefficient, -1);
    }

    #[test]
    fn block_size_is_capped_by_the_board() {
        assert_eq!(max_block(9), 9);
        assert_eq!(max_block(16), 5);
        assert!(max_block(100) >= 1);
    }

    #[test]
    fn a_row_with_two_cages_leaves_its_innies() {
        let n = 4;
        let row = Group::new("row 1", (0..4).map(Cell)).with_kind(GroupKind::Row);
        let a = Sum::new([Cell(0), Cell(1)], 3);
        // Sticks out of row 1 into r2c3.
        let b = Sum::new([Cell(2), Cell(6)], 5);
        let derived = derive(n, 16, &[row], &[&a, &b]);
        assert_eq!(derived.len(), 1);
        let (sum, origin) = &derived[0];
        assert_eq!(origin, "innies and outies of row 1");
        // r1c4 − r2c3 = 10 − 3 − 5.
        assert_eq!(sum.describe(4), "r1c4 − r2c3 = 2");
    }
}
