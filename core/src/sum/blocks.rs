//! How a sum's cells are split into blocks of cells that must differ.
//!
//! The propagator reasons about each block's digit *sets*, so the larger the
//! blocks, the tighter its bounds: a long arrow shaft winding through four
//! boxes adds up to at least 1+2+…+k per box only if each box's cells form
//! one block. Cutting the cells into blocks is a clique cover; the model
//! tries a few greedy covers and keeps the one whose blocks are largest
//! (the highest sum of squared sizes, which is the narrowest range of
//! totals the blocks allow).

use crate::cell::Cell;
use crate::sum::Sum;

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
    /// The cells outside the block that must differ from every cell of it
    /// (they see the whole block): a digit every possible set of the block
    /// holds cannot be there. Filled by the model; empty for one cell.
    pub(crate) seen_by: Vec<Cell>,
}

/// The most digit sets one layer of a block may hold: a block is cut where
/// `C(n, k)` would exceed it (16×16: 5 cells; 9×9: any block).
const MAX_LAYER: u64 = 5_000;

/// The largest block whose layers stay under [`MAX_LAYER`] digit sets on a
/// board of `n` digits.
pub(crate) fn max_block(n: usize) -> usize {
    let mut k = 1;
    while k < n && binomial(n as u64, (k as u64 + 1).min(n as u64 / 2)) <= MAX_LAYER {
        k += 1;
    }
    k
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// Above this many cells of one coefficient only the first-fit cover is
/// tried (the others cost a cubic number of steps).
const MAX_CELLS_TO_COMPARE: usize = 128;

/// Splits the terms of `sum` into blocks: cells with the same coefficient
/// that pairwise `differ`, no block larger than the board allows (see
/// [`MAX_LAYER`]). Blocks keep the order of their cells in the sum, and come
/// in the order of their first cell.
pub(crate) fn blocks(sum: &Sum, n: usize, differ: impl Fn(Cell, Cell) -> bool) -> Vec<Block> {
    let limit = max_block(n);
    let terms = sum.terms();
    let mut coefficients: Vec<i32> = Vec::new();
    for &(_, k) in terms {
        if !coefficients.contains(&k) {
            coefficients.push(k);
        }
    }
    // Blocks as positions in `terms`.
    let mut parts: Vec<Vec<usize>> = Vec::new();
    for k in coefficients {
        let positions: Vec<usize> = (0..terms.len()).filter(|&i| terms[i].1 == k).collect();
        let edges = Edges::new(&positions, |a, b| differ(terms[a].0, terms[b].0));
        parts.extend(
            best_cover(&edges, limit)
                .into_iter()
                .map(|part| part.into_iter().map(|i| positions[i]).collect::<Vec<_>>()),
        );
    }
    for part in &mut parts {
        part.sort_unstable();
    }
    parts.sort_unstable_by_key(|part| part[0]);
    parts
        .into_iter()
        .map(|part| Block {
            coefficient: terms[part[0]].1,
            cells: part.into_iter().map(|i| terms[i].0).collect(),
            seen_by: Vec::new(),
        })
        .collect()
}

/// Which of `k` cells must differ, as a `k`×`k` table.
struct Edges {
    k: usize,
    differ: Vec<bool>,
}

impl Edges {
    fn new(items: &[usize], differ: impl Fn(usize, usize) -> bool) -> Edges {
        let k = items.len();
        let mut table = vec![false; k * k];
        for a in 0..k {
            for b in a + 1..k {
                let d = differ(items[a], items[b]);
                table[a * k + b] = d;
                table[b * k + a] = d;
            }
        }
        Edges { k, differ: table }
    }

    fn differ(&self, a: usize, b: usize) -> bool {
        self.differ[a * self.k + b]
    }
}

/// The cover with the largest blocks among a few greedy ones (the highest
/// sum of squared sizes; the first on a tie): first fit in order, then
/// blocks grown one at a time, taking the next cell in order, the cell that
/// differs from the most cells still free, or the next in two shuffled
/// orders.
fn best_cover(edges: &Edges, limit: usize) -> Vec<Vec<usize>> {
    let order: Vec<usize> = (0..edges.k).collect();
    let mut best = first_fit(edges, &order, limit);
    if edges.k > MAX_CELLS_TO_COMPARE || best.len() == 1 {
        return best;
    }
    let score = |cover: &[Vec<usize>]| cover.iter().map(|b| b.len() * b.len()).sum::<usize>();
    let mut candidates = vec![
        grown(edges, &order, limit, Pick::First),
        grown(edges, &order, limit, Pick::MostNeighbours),
    ];
    let mut shuffled = order.clone();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..2 {
        shuffle(&mut shuffled, &mut seed);
        candidates.push(grown(edges, &shuffled, limit, Pick::First));
    }
    for cover in candidates {
        if score(&cover) > score(&best) {
            best = cover;
        }
    }
    best
}

/// Each cell in `order` joins the first block all of whose cells it
/// differs from and which has room, or starts a new one.
fn first_fit(edges: &Edges, order: &[usize], limit: usize) -> Vec<Vec<usize>> {
    let mut cover: Vec<Vec<usize>> = Vec::new();
    for &cell in order {
        let home = cover
            .iter_mut()
            .find(|b| b.len() < limit && b.iter().all(|&c| edges.differ(c, cell)));
        match home {
            Some(block) => block.push(cell),
            None => cover.push(vec![cell]),
        }
    }
    cover
}

/// How [`grown`] picks the next cell of a block among those that may join.
#[derive(Clone, Copy)]
enum Pick {
    /// The first in the order given.
    First,
    /// The one that differs from the most of the others that may join.
    MostNeighbours,
}

/// Blocks grown one at a time: start from a free cell, add cells that
/// differ from every cell taken so far until none is left or the block is
/// full.
fn grown(edges: &Edges, order: &[usize], limit: usize, pick: Pick) -> Vec<Vec<usize>> {
    let mut free = vec![true; edges.k];
    let mut cover = Vec::new();
    loop {
        let mut open: Vec<usize> = order.iter().copied().filter(|&c| free[c]).collect();
        if open.is_empty() {
            return cover;
        }
        let mut block = Vec::new();
        while !open.is_empty() && block.len() < limit {
            let at = match pick {
                Pick::First => 0,
                Pick::MostNeighbours => {
                    let degree = |&a: &usize| open.iter().filter(|&&b| edges.differ(a, b)).count();
                    // The first of the highest degree.
                    let best = open.iter().map(degree).max().expect("open cells");
                    open.iter()
                        .position(|c| degree(c) == best)
                        .expect("a cell of that degree")
                }
            };
            let cell = open.remove(at);
            block.push(cell);
            free[cell] = false;
            open.retain(|&c| edges.differ(c, cell));
        }
        cover.push(block);
    }
}

/// A Fisher–Yates shuffle driven by a small xorshift generator: the same
/// orders on every run.
fn shuffle(items: &mut [usize], seed: &mut u64) {
    for i in (1..items.len()).rev() {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        let j = (*seed % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
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

    /// Cells 0..8 of a 9×9 board and whether they share a row, column or
    /// box.
    fn sees(a: Cell, b: Cell) -> bool {
        let (ra, ca, rb, cb) = (a.0 / 9, a.0 % 9, b.0 / 9, b.0 % 9);
        ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3)
    }

    #[test]
    fn a_shaft_through_a_box_keeps_the_box_in_one_block() {
        // r1c3, r2c4, r1c4, r2c5, r1c5: first fit makes blocks of row 1
        // (three cells) and row 2 (two); the four cells of box 2 all
        // differ and make one block, which bounds the sum more tightly.
        let cells = [Cell(2), Cell(12), Cell(3), Cell(13), Cell(4)];
        let sum = Sum::new(cells, 20);
        let got: Vec<Vec<Cell>> = blocks(&sum, 9, sees).into_iter().map(|b| b.cells).collect();
        assert_eq!(
            got,
            vec![vec![Cell(2)], vec![Cell(12), Cell(3), Cell(13), Cell(4)]]
        );
    }

    #[test]
    fn every_cover_is_a_partition_into_blocks_that_differ() {
        // Every pair of cells in a block sees each other, every cell is in
        // one block, and no block is above the limit: on pseudo-random
        // sums over a 9×9 board, with two coefficients.
        let mut seed = 7u64;
        for round in 0..200 {
            let mut order: Vec<usize> = (0..81).collect();
            shuffle(&mut order, &mut seed);
            let len = 2 + round % 30;
            let terms: Vec<(Cell, i32)> = order[..len]
                .iter()
                .enumerate()
                .map(|(i, &c)| (Cell(c as u16), if i % 5 == 0 { -1 } else { 1 }))
                .collect();
            let sum = Sum::from_terms(terms.clone(), 0);
            for limit_n in [9, 16] {
                let got = blocks(&sum, limit_n, sees);
                let mut seen: Vec<Cell> = got.iter().flat_map(|b| b.cells.clone()).collect();
                seen.sort_unstable();
                let mut want: Vec<Cell> = terms.iter().map(|t| t.0).collect();
                want.sort_unstable();
                assert_eq!(seen, want);
                for block in &got {
                    assert!(block.cells.len() <= max_block(limit_n));
                    for (i, &a) in block.cells.iter().enumerate() {
                        assert_eq!(terms.iter().find(|t| t.0 == a).unwrap().1, block.coefficient);
                        assert!(block.cells[i + 1..].iter().all(|&b| sees(a, b)));
                    }
                }
            }
        }
    }
}
