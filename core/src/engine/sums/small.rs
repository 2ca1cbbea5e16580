//! The sum propagator on boards of at most [`MAX_DIGITS`] digits, with each
//! block's achievable totals as the bits of one `u64` (bit `v` for total
//! `v`: a block of distinct digits adds up to at most 45).
//!
//! The list of values the larger boards use costs a push per total, a
//! bounds-checked read per step of the knapsack, and a fold to turn the
//! useful ones back into bits for the walk; here the totals come out of the
//! layers as bits, go through the knapsack as bits and into the walk as
//! bits. Same steps, same removals in the same order as the list: only the
//! bookkeeping is cheaper (LITTLE_KILLER_SNIPES[9], see docs/benchmarks.md).
//!
//! When every coefficient is positive, partial totals only grow: those
//! above the sum's total never come back, so the knapsack's rows stop
//! there and fit a `u64` whenever the total is below 64 (a little killer of
//! 36 over nine cells reaches 81, whose rows took a `u128` before).

use crate::constraint::Word;
use crate::contradiction::Contradiction;
use crate::digits::Digits;
use crate::explain::Reason;
use crate::state::Ctx;
use crate::sum::blocks::Block;
use crate::sum::set_bits::MAX_DIGITS;
use crate::sum::CompiledSum;

use super::{walk_block, wide_knapsack, Row, SumScratch};

/// Keeps the candidates of `compiled` (a sum of more than one block, or of
/// one cell; its blocks' layers at `bits[first..]`) that some solution of
/// it uses.
pub(super) fn propagate<W: Word>(
    compiled: &CompiledSum,
    first: usize,
    sc: &mut SumScratch,
    fail: impl Fn(&'static str) -> Contradiction,
    cx: &mut Ctx<'_, W>,
) -> Result<(), Contradiction> {
    debug_assert!(cx.size() <= MAX_DIGITS);
    let blocks = &compiled.blocks;
    // 1. Every block's achievable totals.
    sc.totals.clear();
    for (b, block) in blocks.iter().enumerate() {
        if let [cell] = block.cells[..] {
            sc.totals.push(cell_totals(cx.candidates(cell)));
            continue;
        }
        let g = first + b;
        sc.split(g, block, cx);
        if sc.build(g).is_err() {
            return Err(fail("the cells of a sum that must differ cannot"));
        }
        // Every set of the layers stands for one of the block's sets (the
        // open cells' sets avoid the fixed digits): at most 45.
        let totals = sc.block_totals(g);
        sc.totals.push(totals);
    }

    // 2. Which total of each block some solution of the whole uses.
    let total = i64::from(compiled.sum().total());
    sc.useful_totals.clear();
    sc.useful_totals.resize(blocks.len(), 0);
    if let [block] = &blocks[..] {
        let k = i64::from(block.coefficient);
        sc.useful_totals[0] = match (total % k == 0).then(|| total / k) {
            Some(v) if (0..64).contains(&v) => sc.totals[0] & 1 << v,
            _ => 0,
        };
    } else {
        knapsack(sc, blocks, total);
    }
    if sc.useful_totals.iter().all(|&u| u == 0) {
        return Err(fail("the sum cannot be made"));
    }

    // 3. Back through every block: the digits that lead to a useful total.
    cx.because(|| Reason::new(compiled.label().to_string()).cells(compiled.sum().cells()));
    for (b, block) in blocks.iter().enumerate() {
        let (have, useful) = (sc.totals[b], sc.useful_totals[b]);
        if let [cell] = block.cells[..] {
            if useful != have {
                cx.restrict(cell, Digits::from_u128(u128::from(useful >> 1)))?;
            }
            continue;
        }
        let g = first + b;
        let required = sc.split_walk(g, useful >> sc.splits[g].offset);
        walk_block(sc, g, block, true, required, cx)?;
    }
    Ok(())
}

/// A cell's candidates as totals: digit `d` at bit `d`.
#[inline(always)]
fn cell_totals<W: Word>(candidates: Digits<W>) -> u64 {
    (candidates.to_u128() as u64) << 1
}

/// Where the partial totals of a sum's blocks lie: every partial total is between the sum of the negative
/// lowest contributions and that of the positive highest.
#[derive(Clone, Copy)]
struct Span {
    lowest: i64,
    highest: i64,
    /// Every coefficient is positive: partial totals only grow.
    positive: bool,
}

impl Default for Span {
    fn default() -> Self {
        Span {
            lowest: 0,
            highest: 0,
            positive: true,
        }
    }
}

impl Span {
    /// Adds a block of coefficient `k` and (nonempty) `totals`.
    #[inline(always)]
    fn add(&mut self, k: i32, totals: u64) {
        let k = i64::from(k);
        let (a, z) = (
            k * i64::from(totals.trailing_zeros()),
            k * i64::from(63 - totals.leading_zeros()),
        );
        self.lowest += a.min(z).min(0);
        self.highest += a.max(z).max(0);
        self.positive &= k > 0;
    }
}

/// Marks in `sc.useful_totals` the totals of each block (`sc.totals`) that
/// some choice of one total per block, weighted by the blocks'
/// coefficients, turns into `total`, in one word per row of partial totals
/// when they fit (as the value lists' [`super::knapsack`] does).
fn knapsack(sc: &mut SumScratch, blocks: &[Block], total: i64) {
    let mut span = Span::default();
    for (block, &totals) in blocks.iter().zip(&sc.totals) {
        span.add(block.coefficient, totals);
    }
    let Span {
        lowest,
        highest,
        positive,
    } = span;
    if highest - lowest < 64 {
        rows::<u64>(sc, blocks, total, lowest, false);
    } else if positive && (0..64).contains(&total) {
        rows::<u64>(sc, blocks, total, 0, true);
    } else if highest - lowest < 128 {
        rows::<u128>(sc, blocks, total, lowest, false);
    } else {
        by_values(sc, blocks, total);
    }
}

/// The knapsack with a row of partial totals in one word `R`, bit
/// `t − lowest` for total `t`. `capped` (every coefficient positive,
/// `lowest` 0, `total` below the word's width): partial totals above
/// `total` are dropped, and so are the block totals that alone exceed it.
fn rows<R: Row>(sc: &mut SumScratch, blocks: &[Block], total: i64, lowest: i64, capped: bool) {
    // The totals of a block that can take part (all of them, uncapped).
    let part = |b: usize, k: i64| match capped {
        true => sc.totals[b] & u64::MAX >> (63 - total / k),
        false => sc.totals[b],
    };
    sc.narrow.clear();
    sc.narrow.push(R::bit(-lowest).wide());
    for (b, block) in blocks.iter().enumerate() {
        let k = i64::from(block.coefficient);
        let to = forward(R::from_wide(sc.narrow[b]), part(b, k), k);
        sc.narrow.push(to.wide());
    }
    let at = total - lowest;
    if !(0..R::WIDTH).contains(&at) || (R::from_wide(sc.narrow[blocks.len()]) & R::bit(at)).is_zero() {
        return;
    }
    // Backward: the useful partial totals after block b.
    let mut back = R::bit(at);
    for (b, block) in blocks.iter().enumerate().rev() {
        let k = i64::from(block.coefficient);
        let (useful, next) = backward(R::from_wide(sc.narrow[b]), back, part(b, k), k);
        sc.useful_totals[b] = useful;
        back = next;
    }
}

/// The partial totals after a block of coefficient `k` and `totals`, from
/// those before it (`from`). The sign is tested once a block, and a
/// coefficient of 1 (killer cages, little killers) needs no product.
#[inline(always)]
fn forward<R: Row>(from: R, totals: u64, k: i64) -> R {
    let mut to = R::ZERO;
    let mut rest = totals;
    match k {
        1 => {
            while rest != 0 {
                to = to | from.up(i64::from(rest.trailing_zeros()));
                rest &= rest - 1;
            }
        }
        k if k > 0 => {
            while rest != 0 {
                to = to | from.up(k * i64::from(rest.trailing_zeros()));
                rest &= rest - 1;
            }
        }
        _ => {
            while rest != 0 {
                to = to | from.down(-k * i64::from(rest.trailing_zeros()));
                rest &= rest - 1;
            }
        }
    }
    to
}

/// The totals of a block (coefficient `k`, `totals`) that lead from a
/// reachable partial total before it (`reach`) to a useful one after it
/// (`back`), and the partial totals before it they start from. Without a
/// branch per total: whether it is useful is a bit shifted in.
#[inline(always)]
fn backward<R: Row>(reach: R, back: R, totals: u64, k: i64) -> (u64, R) {
    let (mut useful, mut next) = (0u64, R::ZERO);
    let mut rest = totals;
    let mut step = |v: u32, came_from: R| {
        useful |= u64::from(!came_from.is_zero()) << v;
        next = next | came_from;
    };
    match k {
        1 => {
            while rest != 0 {
                let v = rest.trailing_zeros();
                step(v, reach & back.down(i64::from(v)));
                rest &= rest - 1;
            }
        }
        k if k > 0 => {
            while rest != 0 {
                let v = rest.trailing_zeros();
                step(v, reach & back.down(k * i64::from(v)));
                rest &= rest - 1;
            }
        }
        _ => {
            while rest != 0 {
                let v = rest.trailing_zeros();
                step(v, reach & back.up(-k * i64::from(v)));
                rest &= rest - 1;
            }
        }
    }
    (useful, next)
}

/// The knapsack through the value lists, when the partial totals span 128
/// or more (coefficients of both signs, or large ones: a pill's 10).
fn by_values(sc: &mut SumScratch, blocks: &[Block], total: i64) {
    sc.values.clear();
    sc.value_start.clear();
    for &totals in &sc.totals {
        sc.value_start.push(sc.values.len());
        let mut rest = totals;
        while rest != 0 {
            sc.values.push(rest.trailing_zeros() as i32);
            rest &= rest - 1;
        }
    }
    sc.value_start.push(sc.values.len());
    sc.useful.clear();
    sc.useful.resize(sc.values.len(), false);
    wide_knapsack(sc, blocks, total);
    for b in 0..blocks.len() {
        let (vs, ve) = (sc.value_start[b], sc.value_start[b + 1]);
        sc.useful_totals[b] = (vs..ve)
            .filter(|&j| sc.useful[j])
            .fold(0, |acc, j| acc | 1 << sc.values[j]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random blocks (two to five, coefficients −10 to 10, a few totals
    /// each, up to 45) and totals: the knapsack on bits marks exactly the
    /// block totals that some choice of one total per block, found by brute
    /// force, turns into the total, through each of its ways (one word,
    /// capped, two words, the value lists).
    #[test]
    fn the_knapsack_on_bits_marks_the_totals_some_choice_uses() {
        let mut rng = fastrand::Rng::with_seed(520);
        let mut ways = [0usize; 4];
        for _ in 0..4000 {
            let count = rng.usize(2..=5);
            let blocks: Vec<Block> = (0..count)
                .map(|_| Block {
                    coefficient: [1, 1, 1, 1, -1, 2, -3, 10, -10][rng.usize(..9)],
                    cells: Vec::new(),
                    seen_by: Vec::new(),
                })
                .collect();
            let mut sc = SumScratch::default();
            for _ in &blocks {
                let high = [9, 17, 45][rng.usize(..3)];
                let totals = (0..rng.usize(1..6)).fold(0u64, |t, _| t | 1 << rng.u32(1..=high));
                sc.totals.push(totals);
            }
            let lists: Vec<Vec<i64>> = sc
                .totals
                .iter()
                .map(|&t| (0..64).filter(|v| t >> v & 1 == 1).collect())
                .collect();
            let pick: i64 = (0..count)
                .map(|b| i64::from(blocks[b].coefficient) * lists[b][rng.usize(..lists[b].len())])
                .sum();
            let total = pick + [0, 0, 1, -1, 7][rng.usize(..5)];
            // Brute force over every choice of one total per block.
            let mut want = vec![0u64; count];
            let mut choice = vec![0usize; count];
            loop {
                let sum: i64 = (0..count)
                    .map(|b| i64::from(blocks[b].coefficient) * lists[b][choice[b]])
                    .sum();
                if sum == total {
                    for b in 0..count {
                        want[b] |= 1 << lists[b][choice[b]];
                    }
                }
                let Some(b) = (0..count).find(|&b| choice[b] + 1 < lists[b].len()) else {
                    break;
                };
                choice[b] += 1;
                choice[..b].iter_mut().for_each(|c| *c = 0);
            }
            sc.useful_totals = vec![0; count];
            knapsack(&mut sc, &blocks, total);
            let mut span = Span::default();
            for (block, &totals) in blocks.iter().zip(&sc.totals) {
                span.add(block.coefficient, totals);
            }
            assert_eq!(sc.useful_totals, want, "{lists:?} {total}");
            let way = match span.highest - span.lowest {
                width if width < 64 => 0,
                _ if span.positive && (0..64).contains(&total) => 1,
                width if width < 128 => 2,
                _ => 3,
            };
            ways[way] += 1;
        }
        assert!(ways.iter().all(|&n| n > 100), "{ways:?} by way");
    }
}
