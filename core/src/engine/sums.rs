//! The built-in propagator of every linear sum ([`Model::sums`]).
//!
//! A sum is `Σ coefficient × digit = total` over blocks of cells that must
//! hold different digits (the model finds the blocks from the groups). The
//! propagator keeps a candidate exactly when some assignment of the whole
//! sum uses it, with the digits of each block distinct:
//!
//! 1. per block, the *digit sets* its cells can take, cell by cell (layer
//!    `i` holds the sets of the first `i` cells), so "three cells of one box
//!    summing to 6" is {1,2,3} and nothing else; a one-cell block is just
//!    its candidates. The block's achievable sums are the sums of its last
//!    layer;
//! 2. across blocks, the reachable partial totals forward and the useful
//!    ones backward (a knapsack over the block sums), which says which sum
//!    of each block some solution of the whole uses;
//! 3. per block, back through the layers from the sets with a useful sum:
//!    a digit of a cell stays when it leads from a set of one layer to a
//!    useful set of the next.
//!
//! A digit in every set a block can still take is removed from the cells
//! that see the whole block (a killer cage of 3 cells making 8 holds a 1,
//! so the rest of its row cannot).
//!
//! This is generalised arc consistency for the sum with distinct blocks, so
//! it subsumes bounds reasoning and combination tables (a killer cage is
//! one block: the combinations of its total that fit its candidates are
//! exactly its last layer's sets with that sum). It is idempotent: what it
//! keeps is supported by what it keeps. Blocks are capped in size by the
//! model so a layer stays small (9×9: any block; 16×16: five cells).

use std::sync::LazyLock;

use crate::constraint::Word;
use crate::contradiction::Contradiction;
use crate::digits::Digits;
use crate::explain::Reason;
use crate::model::Model;
use crate::set_layers::{Built, SetLayers};
use crate::state::Ctx;

/// Buffers kept by the engine between runs.
#[derive(Clone, Debug, Default)]
pub(crate) struct SumScratch {
    /// The digit sets of every block of more than one cell, layer by layer
    /// (one entry per block, reused across runs).
    layers: Vec<SetLayers>,
    /// The achievable sums of every block, flat and sorted per block.
    values: Vec<i32>,
    /// Per block, where its values start in `values`, plus the end.
    value_start: Vec<usize>,
    /// Per value: some solution of the whole sum uses it.
    useful: Vec<bool>,
    /// Reachable partial totals after each block, flat.
    reach: Vec<bool>,
    /// Per block boundary: lowest partial total and where its row starts in `reach`.
    rows: Vec<(i64, usize)>,
    /// The useful partial totals of the boundary being walked back.
    back: Vec<bool>,
    back_next: Vec<bool>,
}

/// The sum of the digits of a set (digit `d` at bit `d − 1`): looked up
/// for sets of up to 16 digits (the propagator asks for it for every set it
/// builds), added up bit by bit above.
#[inline]
fn digit_sum(set: u128) -> i32 {
    match usize::try_from(set) {
        Ok(small) if small < SMALL_SETS => i32::from(SMALL_SUMS[small]),
        _ => added_up(set),
    }
}

/// Sets below this have their digit sum in [`SMALL_SUMS`].
const SMALL_SETS: usize = 1 << 16;

/// The digit sum of every set of the digits 1 to 16 (at most 136: a byte).
static SMALL_SUMS: LazyLock<Vec<u8>> = LazyLock::new(|| {
    (0..SMALL_SETS)
        .map(|set| u8::try_from(added_up(set as u128)).expect("at most 136"))
        .collect()
});

fn added_up(mut set: u128) -> i32 {
    let mut total = 0;
    while set != 0 {
        total += set.trailing_zeros() as i32 + 1;
        set &= set - 1;
    }
    total
}

/// Keeps the candidates of sum `index` that some solution of it uses.
pub(crate) fn propagate<W: Word>(
    model: &Model,
    index: usize,
    sc: &mut SumScratch,
    cx: &mut Ctx<'_, W>,
) -> Result<(), Contradiction> {
    let compiled = &model.sums()[index];
    let blocks = &compiled.blocks;
    let fail = |message: &'static str| {
        let c = Contradiction::rule(None, message);
        match compiled.rule() {
            Some(k) => c.by(k),
            None => c,
        }
    };

    // 1. Every block's digit sets, layer by layer, and its achievable sums.
    sc.values.clear();
    sc.value_start.clear();
    if sc.layers.len() < blocks.len() {
        sc.layers.resize_with(blocks.len(), SetLayers::default);
    }
    for (block, layers) in blocks.iter().zip(&mut sc.layers) {
        sc.value_start.push(sc.values.len());
        if let [cell] = block.cells[..] {
            sc.values.extend(cx.candidates(cell).iter().map(i32::from));
            continue;
        }
        let candidates = block.cells.iter().map(|&cell| cx.candidates(cell).to_u128());
        if layers.build(candidates, usize::MAX, |_| true) != Built::Done {
            return Err(fail("the cells of a sum that must differ cannot"));
        }
        let start = sc.values.len();
        sc.values.extend(layers.last().iter().map(|&set| digit_sum(set)));
        sc.values[start..].sort_unstable();
        let mut write = start;
        for read in start..sc.values.len() {
            if write == start || sc.values[read] != sc.values[write - 1] {
                sc.values[write] = sc.values[read];
                write += 1;
            }
        }
        sc.values.truncate(write);
    }
    sc.value_start.push(sc.values.len());

    // 2. Which sum of each block some solution of the whole uses.
    let total = i64::from(compiled.sum().total());
    sc.useful.clear();
    sc.useful.resize(sc.values.len(), false);
    if let [block] = &blocks[..] {
        let k = i64::from(block.coefficient);
        for (j, &v) in sc.values.iter().enumerate() {
            sc.useful[j] = k * i64::from(v) == total;
        }
    } else {
        knapsack(sc, blocks.iter().map(|b| i64::from(b.coefficient)), total);
    }
    if !sc.useful.iter().any(|&u| u) {
        return Err(fail("the sum cannot be made"));
    }

    // 3. Back through every block: the digits that lead to a useful sum.
    cx.because(|| Reason::new(compiled.label().to_string()).cells(compiled.sum().cells()));
    for (b, block) in blocks.iter().enumerate() {
        let (vs, ve) = (sc.value_start[b], sc.value_start[b + 1]);
        if sc.useful[vs..ve].iter().all(|&u| u) && block.cells.len() == 1 {
            continue;
        }
        if let [cell] = block.cells[..] {
            let keep: u128 = (vs..ve)
                .filter(|&j| sc.useful[j])
                .fold(0, |acc, j| acc | 1u128 << (sc.values[j] - 1));
            cx.restrict(cell, Digits::from_u128(keep))?;
            continue;
        }
        let (values, useful) = (&sc.values[vs..ve], &sc.useful[vs..ve]);
        let layers = &mut sc.layers[b];
        let required =
            layers.start_walk(|set| values.binary_search(&digit_sum(set)).is_ok_and(|at| useful[at]));
        // A digit of every set the block can still take is in the block:
        // the cells that see all of it cannot hold it.
        if let Some(required) = required.filter(|&r| r != 0) {
            let others = Digits::from_u128(required);
            for &cell in &block.seen_by {
                cx.remove_all(cell, others)?;
            }
        }
        for (i, &cell) in block.cells.iter().enumerate().rev() {
            let keep = layers.walk_back(i, cx.candidates(cell).to_u128());
            cx.restrict(cell, Digits::from_u128(keep))?;
        }
    }
    Ok(())
}

/// Marks in `sc.useful` the block sums that some choice of one sum per
/// block, weighted by `coefficients`, turns into `total`: reachable partial
/// totals forward, useful ones backward.
fn knapsack(sc: &mut SumScratch, coefficients: impl Iterator<Item = i64> + Clone, total: i64) {
    let blocks = sc.value_start.len() - 1;
    let contribution = |sc: &SumScratch, b: usize, k: i64| {
        let (vs, ve) = (sc.value_start[b], sc.value_start[b + 1]);
        let (a, z) = (k * i64::from(sc.values[vs]), k * i64::from(sc.values[ve - 1]));
        (a.min(z), a.max(z))
    };
    sc.reach.clear();
    sc.rows.clear();
    sc.rows.push((0, 0));
    sc.reach.push(true);
    let (mut low, mut high) = (0i64, 0i64);
    for (b, k) in coefficients.clone().enumerate() {
        let (cmin, cmax) = contribution(sc, b, k);
        let (row_low, row_start) = *sc.rows.last().expect("a row");
        let width = (high - low + 1) as usize;
        let (new_low, new_high) = (low + cmin, high + cmax);
        let new_start = sc.reach.len();
        sc.reach
            .resize(new_start + (new_high - new_low + 1) as usize, false);
        for j in sc.value_start[b]..sc.value_start[b + 1] {
            let shift = k * i64::from(sc.values[j]);
            for x in 0..width {
                if sc.reach[row_start + x] {
                    let y = (row_low + x as i64 + shift - new_low) as usize;
                    sc.reach[new_start + y] = true;
                }
            }
        }
        sc.rows.push((new_low, new_start));
        (low, high) = (new_low, new_high);
    }
    if total < low || total > high {
        return;
    }
    // Backward: the useful totals after block b, as a row like `reach`'s.
    let (last_low, _) = sc.rows[blocks];
    sc.back.clear();
    sc.back.resize((high - low + 1) as usize, false);
    sc.back[(total - last_low) as usize] = true;
    let coefficients: Vec<i64> = coefficients.collect();
    for b in (0..blocks).rev() {
        let k = coefficients[b];
        let (row_low, row_start) = sc.rows[b];
        let (next_low, next_start) = sc.rows[b + 1];
        let width = next_start - row_start;
        let next_width = sc.back.len();
        sc.back_next.clear();
        sc.back_next.resize(width, false);
        for j in sc.value_start[b]..sc.value_start[b + 1] {
            let shift = k * i64::from(sc.values[j]);
            for x in 0..width {
                if !sc.reach[row_start + x] {
                    continue;
                }
                let y = row_low + x as i64 + shift - next_low;
                if y >= 0 && (y as usize) < next_width && sc.back[y as usize] {
                    sc.useful[j] = true;
                    sc.back_next[x] = true;
                }
            }
        }
        std::mem::swap(&mut sc.back, &mut sc.back_next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_sums() {
        assert_eq!(digit_sum(0b1011), 1 + 2 + 4);
        assert_eq!(digit_sum(0xffff), 136);
        assert_eq!(digit_sum(1 << 16 | 1), 18);
    }
}
