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
        knapsack(sc, compiled, total);
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

/// Marks in `sc.useful_totals` the totals of each block (`sc.totals`) that
/// some choice of one total per block, weighted by the blocks'
/// coefficients, turns into `total`, in one word per row of partial totals
/// when they fit (as the value lists' [`super::knapsack`] does).
fn knapsack(sc: &mut SumScratch, compiled: &CompiledSum, total: i64) {
    let blocks = &compiled.blocks;
    let (mut lowest, mut highest, mut positive) = (0i64, 0i64, true);
    for (block, &totals) in blocks.iter().zip(&sc.totals) {
        let k = i64::from(block.coefficient);
        let (a, z) = (
            k * i64::from(lowest_bit(totals)),
            k * i64::from(highest_bit(totals)),
        );
        lowest += a.min(z).min(0);
        highest += a.max(z).max(0);
        positive &= k > 0;
    }
    if highest - lowest < 64 {
        rows::<u64>(sc, compiled, total, lowest, false);
    } else if positive && (0..64).contains(&total) {
        rows::<u64>(sc, compiled, total, 0, true);
    } else if highest - lowest < 128 {
        rows::<u128>(sc, compiled, total, lowest, false);
    } else {
        by_values(sc, compiled, total);
    }
}

/// The lowest total of a block's (nonempty) totals.
#[inline(always)]
fn lowest_bit(totals: u64) -> u32 {
    totals.trailing_zeros()
}

/// The highest total of a block's (nonempty) totals.
#[inline(always)]
fn highest_bit(totals: u64) -> u32 {
    63 - totals.leading_zeros()
}

/// The knapsack with a row of partial totals in one word `R`, bit
/// `t − lowest` for total `t`. `capped` (every coefficient positive,
/// `lowest` 0, `total` below the word's width): partial totals above
/// `total` are dropped, and so are the block totals that alone exceed it.
fn rows<R: Row>(sc: &mut SumScratch, compiled: &CompiledSum, total: i64, lowest: i64, capped: bool) {
    let blocks = &compiled.blocks;
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
fn by_values(sc: &mut SumScratch, compiled: &CompiledSum, total: i64) {
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
    wide_knapsack(sc, &compiled.blocks, total);
    for b in 0..compiled.blocks.len() {
        let (vs, ve) = (sc.value_start[b], sc.value_start[b + 1]);
        sc.useful_totals[b] = (vs..ve)
            .filter(|&j| sc.useful[j])
            .fold(0, |acc, j| acc | 1 << sc.values[j]);
    }
}
