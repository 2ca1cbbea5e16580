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
//!    layer. On boards of at most nine digits a layer is a bitmap of every
//!    set (`sum::set_bits`), larger boards list the sets (`set_layers`);
//! 2. across blocks, the reachable partial totals forward and the useful
//!    ones backward (a knapsack over the block sums), which says which sum
//!    of each block some solution of the whole uses;
//! 3. per block, back through the layers from the sets with a useful sum:
//!    a digit of a cell stays when it leads from a set of one layer to a
//!    useful set of the next.
//!
//! On boards of at most nine digits (`small`) a block's sums are the bits
//! of one `u64` from the layers to the knapsack and back; a block left with
//! at most two open cells skips the layers (`pair`: its pairs of digits
//! directly), and a walk that kept every candidate is left out while its
//! block holds them.
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
use crate::sum::blocks::Block;
use crate::sum::set_bits::{self, SetBits};
use crate::sum::CompiledSum;

mod pair;
mod small;
mod split;

use split::{walk_open, Split};

/// Buffers kept by the engine between runs.
#[derive(Clone, Debug, Default)]
pub(crate) struct SumScratch {
    /// Per sum, where its blocks start in `splits` and `bits`, plus the end:
    /// on small boards every block of every sum keeps its own layers, so a
    /// run rebuilds only the blocks, and the cells of a block, that changed
    /// since the block's last run.
    first: Vec<usize>,
    /// Per block of more than one cell (small boards), its open cells and
    /// what its fixed ones hold.
    splits: Vec<Split>,
    /// Every cell of a block through the layers, fixed or not, its digits
    /// where they are, nine digits wide: the reference the split, the
    /// shift and the width are tested against.
    #[cfg(test)]
    pub(crate) whole_blocks: bool,
    /// The digit sets of every block of more than one cell, layer by layer:
    /// as bitmaps on boards of at most [`set_bits::MAX_DIGITS`] digits (one
    /// entry per block of every sum, see `first`), as lists above (one entry
    /// per block of the sum running).
    bits: Vec<SetBits>,
    layers: Vec<SetLayers>,
    /// Small boards: the achievable totals of every block of the sum
    /// running, bit `v` for total `v`.
    totals: Vec<u64>,
    /// Small boards: per block, the totals some solution of the whole uses.
    useful_totals: Vec<u64>,
    /// The achievable sums of every block, flat and sorted per block.
    values: Vec<i32>,
    /// Per block, where its values start in `values`, plus the end.
    value_start: Vec<usize>,
    /// Per value: some solution of the whole sum uses it.
    useful: Vec<bool>,
    /// Reachable partial totals after each block, flat.
    reach: Vec<bool>,
    /// The same, one word per block boundary, when the totals are narrow.
    narrow: Vec<u128>,
    /// Per block boundary: lowest partial total and where its row starts in `reach`.
    rows: Vec<(i64, usize)>,
    /// The useful partial totals of the boundary being walked back.
    back: Vec<bool>,
    back_next: Vec<bool>,
    /// Whether wide derived sums wait ([`waits`]; off by default, see
    /// `Engine::with_wide_derived_sums_waiting`).
    pub(crate) wide_derived_sums_wait: bool,
}

/// Whether a derived sum of tier 2 (innies and outies of at most
/// [`MAX_DERIVED_CELLS`](crate::sum::compile::MAX_DERIVED_CELLS) cells)
/// skips this run, from how many candidates each of its cells holds
/// (`counts`): it waits while it has at least [`WAITING_OPEN`] open cells
/// holding [`WAITING_CANDIDATES`] candidates each on average. Such a sum
/// restates the cages and the houses and almost never removes anything
/// then: on MATHEMAGIC_KILLERS[4], 42,206 of 90,367 derived-sum runs in
/// 20,000 nodes had six open cells, 773 of them removed a candidate, and
/// those runs took half the derived sums' time. Skipping is sound (the sum
/// is implied by the rules that stay); it only leaves some removals to a
/// later run, once its cells narrow.
fn waits(counts: impl Iterator<Item = usize>) -> bool {
    let (mut open, mut candidates) = (0, 0);
    for n in counts.filter(|&n| n > 1) {
        open += 1;
        candidates += n;
    }
    open >= WAITING_OPEN && candidates >= WAITING_CANDIDATES * open
}

/// The fewest open cells of a derived sum that lets it wait (see [`waits`]).
const WAITING_OPEN: usize = 5;

/// The average candidates of a waiting derived sum's open cells (see
/// [`waits`]): 4.5 cost nodes, 6 saved less CPU on the killer tail.
const WAITING_CANDIDATES: usize = 5;

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
    if sc.wide_derived_sums_wait
        && compiled.tier() == 2
        && waits(compiled.sum().cells().map(|cell| cx.candidates(cell).len()))
    {
        return Ok(());
    }
    let blocks = &compiled.blocks;
    let fail = |message: &'static str| {
        let c = Contradiction::rule(None, message);
        match compiled.rule() {
            Some(k) => c.by(k),
            None => c,
        }
    };

    let digits = model.size();
    if digits <= set_bits::MAX_DIGITS {
        // Small boards: block `b`'s layers are `bits[first + b]`.
        let first = sc.first_block(model, index);
        return match &blocks[..] {
            [block] if block.cells.len() > 1 => one_block(compiled, first, sc, fail, cx),
            _ => small::propagate(compiled, first, sc, fail, cx),
        };
    }

    // 1. Every block's digit sets, layer by layer, and its achievable sums.
    sc.values.clear();
    sc.value_start.clear();
    if sc.layers.len() < blocks.len() {
        sc.layers.resize_with(blocks.len(), SetLayers::default);
    }
    for (b, block) in blocks.iter().enumerate() {
        sc.value_start.push(sc.values.len());
        if let [cell] = block.cells[..] {
            sc.values.extend(cx.candidates(cell).iter().map(i32::from));
            continue;
        }
        let candidates = block.cells.iter().map(|&cell| cx.candidates(cell).to_u128());
        let layers = &mut sc.layers[b];
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
        knapsack(sc, blocks, total);
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
        let required =
            sc.layers[b].start_walk(|set| values.binary_search(&digit_sum(set)).is_ok_and(|at| useful[at]));
        walk_block(sc, b, block, false, required, cx)?;
    }
    Ok(())
}

/// A sum of one block of cells that must differ, on a board of at most
/// [`set_bits::MAX_DIGITS`] digits (a killer cage): its total is the one
/// useful block sum, so no list of block sums is needed. Only the open
/// cells go through the layers (`split`): a cage half filled in costs half
/// the walk.
fn one_block<W: Word>(
    compiled: &CompiledSum,
    g: usize,
    sc: &mut SumScratch,
    fail: impl Fn(&'static str) -> Contradiction,
    cx: &mut Ctx<'_, W>,
) -> Result<(), Contradiction> {
    let block = &compiled.blocks[0];
    sc.split(g, block, cx);
    if sc.build(g).is_err() {
        return Err(fail("the cells of a sum that must differ cannot"));
    }
    let (total, k) = (compiled.sum().total(), block.coefficient);
    // Sets add up to 0 to 45: the open cells' sum, when it is one, is a bit of a u64.
    let target = (total % k == 0)
        .then(|| total / k - sc.splits[g].offset)
        .filter(|v| (0..64).contains(v));
    let required = target.and_then(|v| sc.split_walk(g, 1 << v));
    if required.is_none() {
        return Err(fail("the sum cannot be made"));
    }
    cx.because(|| Reason::new(compiled.label().to_string()).cells(compiled.sum().cells()));
    walk_block(sc, g, block, true, required, cx)
}

/// Narrows the cells of a block (of more than one cell: `b` indexes its
/// layers, `bits` or `layers`) once its walk has
/// started from the sets with a useful sum: `required`, the digits of every
/// such set, leave the cells that see the whole block; each cell keeps the
/// digits that lead to such a set.
fn walk_block<W: Word>(
    sc: &mut SumScratch,
    b: usize,
    block: &Block,
    small: bool,
    required: Option<u128>,
    cx: &mut Ctx<'_, W>,
) -> Result<(), Contradiction> {
    // A digit of every set the block can still take is in the block: the
    // cells that see all of it cannot hold it.
    if let Some(required) = required.filter(|&r| r != 0) {
        let others = Digits::from_u128(required);
        for &cell in &block.seen_by {
            cx.remove_all(cell, others)?;
        }
    }
    if small {
        return walk_open(sc, b, cx);
    }
    for (i, &cell) in block.cells.iter().enumerate().rev() {
        let keep = sc.layers[b].walk_back(i, cx.candidates(cell).to_u128());
        cx.restrict(cell, Digits::from_u128(keep))?;
    }
    Ok(())
}

/// Marks in `sc.useful` the block sums that some choice of one sum per
/// block, weighted by the blocks' coefficients, turns into `total`:
/// reachable partial totals forward, useful ones backward.
fn knapsack(sc: &mut SumScratch, blocks: &[Block], total: i64) {
    let coefficients = || blocks.iter().map(|b| i64::from(b.coefficient));
    // Every partial total lies between the sum of the negative lows and
    // that of the positive highs: when that is narrow, one word per row
    // (`u64` when it can: a shift of one is one instruction, of a `u128` several).
    let (mut lowest, mut highest) = (0i64, 0i64);
    for (b, k) in coefficients().enumerate() {
        let (cmin, cmax) = contribution(sc, b, k);
        lowest += cmin.min(0);
        highest += cmax.max(0);
    }
    if highest - lowest < 64 {
        narrow_knapsack::<u64>(sc, blocks, total, lowest);
    } else if highest - lowest < 128 {
        narrow_knapsack::<u128>(sc, blocks, total, lowest);
    } else {
        wide_knapsack(sc, blocks, total);
    }
}

/// The least and the most block `b`, with coefficient `k`, adds to the sum.
fn contribution(sc: &SumScratch, b: usize, k: i64) -> (i64, i64) {
    let (vs, ve) = (sc.value_start[b], sc.value_start[b + 1]);
    let (a, z) = (k * i64::from(sc.values[vs]), k * i64::from(sc.values[ve - 1]));
    (a.min(z), a.max(z))
}

/// [`knapsack`] with a row of `bool`s per block boundary, as wide as the
/// partial totals there.
fn wide_knapsack(sc: &mut SumScratch, blocks: &[Block], total: i64) {
    let coefficients = || blocks.iter().map(|b| i64::from(b.coefficient));
    sc.reach.clear();
    sc.rows.clear();
    sc.rows.push((0, 0));
    sc.reach.push(true);
    let (mut low, mut high) = (0i64, 0i64);
    for (b, k) in coefficients().enumerate() {
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
    let (last_low, _) = sc.rows[blocks.len()];
    sc.back.clear();
    sc.back.resize((high - low + 1) as usize, false);
    sc.back[(total - last_low) as usize] = true;
    for (b, k) in coefficients().enumerate().rev() {
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

/// A row of partial totals as one word, bit `t − lowest` for total `t`.
trait Row: Copy + std::ops::BitOr<Output = Self> + std::ops::BitAnd<Output = Self> {
    const ZERO: Self;
    /// Bits in the word: partial totals must span fewer values.
    const WIDTH: i64;
    /// The row with only bit `at` (`0 ≤ at < WIDTH`).
    fn bit(at: i64) -> Self;
    /// The row moved up by `by` (`0 ≤ by < WIDTH`).
    fn up(self, by: i64) -> Self;
    /// The row moved down by `by` (`0 ≤ by < WIDTH`).
    fn down(self, by: i64) -> Self;
    fn is_zero(self) -> bool;
    /// Stored in [`SumScratch::narrow`] as a `u128`, and read back.
    fn wide(self) -> u128;
    fn from_wide(row: u128) -> Self;
}

macro_rules! impl_row {
    ($t:ty) => {
        impl Row for $t {
            const ZERO: Self = 0;
            const WIDTH: i64 = <$t>::BITS as i64;
            #[inline(always)]
            fn bit(at: i64) -> Self {
                1 << at
            }
            #[inline(always)]
            fn up(self, by: i64) -> Self {
                self << by
            }
            #[inline(always)]
            fn down(self, by: i64) -> Self {
                self >> by
            }
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn wide(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn from_wide(row: u128) -> Self {
                row as $t
            }
        }
    };
}
impl_row!(u64);
impl_row!(u128);

/// [`knapsack`] when every partial total `t` fits in a word `R` at bit
/// `t − lowest`: a row of reachable totals is one word, adding a block's
/// value one shift.
fn narrow_knapsack<R: Row>(sc: &mut SumScratch, blocks: &[Block], total: i64, lowest: i64) {
    let coefficients = || blocks.iter().map(|b| i64::from(b.coefficient));
    sc.narrow.clear();
    sc.narrow.push(R::bit(-lowest).wide());
    // Values are at least 1: a block moves the totals the way of its
    // coefficient's sign, tested once a block rather than once a value.
    for (b, k) in coefficients().enumerate() {
        let from = R::from_wide(sc.narrow[b]);
        let values = sc.values[sc.value_start[b]..sc.value_start[b + 1]].iter();
        let to = if k > 0 {
            values.fold(R::ZERO, |to, &v| to | from.up(k * i64::from(v)))
        } else {
            values.fold(R::ZERO, |to, &v| to | from.down(-k * i64::from(v)))
        };
        sc.narrow.push(to.wide());
    }
    let at = total - lowest;
    if !(0..R::WIDTH).contains(&at) || (R::from_wide(sc.narrow[blocks.len()]) & R::bit(at)).is_zero() {
        return;
    }
    // Backward: the useful partial totals after block b.
    let mut back = R::bit(at);
    for (b, k) in coefficients().enumerate().rev() {
        let reach = R::from_wide(sc.narrow[b]);
        let mut next = R::ZERO;
        let (start, end) = (sc.value_start[b], sc.value_start[b + 1]);
        for (&v, useful) in sc.values[start..end].iter().zip(&mut sc.useful[start..end]) {
            let by = k * i64::from(v);
            let came_from = reach & if k > 0 { back.down(by) } else { back.up(-by) };
            if !came_from.is_zero() {
                *useful = true;
                next = next | came_from;
            }
        }
        back = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random blocks (one to four, coefficients −10 to 10, a few sums each)
    /// and totals: both knapsacks mark exactly the block sums that some
    /// choice of one sum per block, found by brute force, turns into the
    /// total. The narrow one is only used when the totals fit in 128 bits;
    /// here it is checked on the cases that fit.
    #[test]
    fn both_knapsacks_mark_the_sums_some_choice_uses() {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |below: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % below
        };
        let (mut narrow, mut narrow64, mut marked) = (0, 0, 0);
        for _ in 0..2000 {
            let count = 1 + next(4) as usize;
            let blocks: Vec<Block> = (0..count)
                .map(|_| Block {
                    coefficient: [1, 1, -1, 2, -3, 10, -10][next(7) as usize],
                    cells: Vec::new(),
                    seen_by: Vec::new(),
                })
                .collect();
            let mut sc = SumScratch::default();
            let mut lists = Vec::new();
            for _ in 0..count {
                let mut values: Vec<i32> = (0..1 + next(5)).map(|_| 1 + next(30) as i32).collect();
                values.sort_unstable();
                values.dedup();
                sc.value_start.push(sc.values.len());
                sc.values.extend(&values);
                lists.push(values);
            }
            sc.value_start.push(sc.values.len());
            // Brute force over every choice of one value per block.
            let mut want = vec![false; sc.values.len()];
            let mut choice = vec![0usize; count];
            let total = {
                let pick: i64 = (0..count)
                    .map(|b| {
                        i64::from(blocks[b].coefficient)
                            * i64::from(lists[b][next(lists[b].len() as u64) as usize])
                    })
                    .sum();
                pick + [0, 0, 1, -1, 7][next(5) as usize]
            };
            loop {
                let sum: i64 = (0..count)
                    .map(|b| i64::from(blocks[b].coefficient) * i64::from(lists[b][choice[b]]))
                    .sum();
                if sum == total {
                    for b in 0..count {
                        want[sc.value_start[b] + choice[b]] = true;
                    }
                }
                let Some(b) = (0..count).find(|&b| choice[b] + 1 < lists[b].len()) else {
                    break;
                };
                choice[b] += 1;
                choice[..b].iter_mut().for_each(|c| *c = 0);
            }
            let (mut lowest, mut highest) = (0, 0);
            for (b, block) in blocks.iter().enumerate() {
                let (low, high) = contribution(&sc, b, i64::from(block.coefficient));
                lowest += low.min(0);
                highest += high.max(0);
            }
            sc.useful = vec![false; sc.values.len()];
            wide_knapsack(&mut sc, &blocks, total);
            assert_eq!(sc.useful, want, "wide: {lists:?} {total}");
            if highest - lowest < 128 {
                sc.useful = vec![false; sc.values.len()];
                narrow_knapsack::<u128>(&mut sc, &blocks, total, lowest);
                assert_eq!(sc.useful, want, "narrow: {lists:?} {total}");
                narrow += 1;
            }
            if highest - lowest < 64 {
                sc.useful = vec![false; sc.values.len()];
                narrow_knapsack::<u64>(&mut sc, &blocks, total, lowest);
                assert_eq!(sc.useful, want, "narrow u64: {lists:?} {total}");
                narrow64 += 1;
            }
            marked += usize::from(want.iter().any(|&u| u));
        }
        assert!(
            narrow > 500 && narrow64 > 200 && marked > 500,
            "{narrow} narrow ({narrow64} in 64 bits), {marked} with a useful sum"
        );
    }

    /// A derived sum waits while five or more open cells hold five or more
    /// candidates each on average; fixed cells do not count.
    #[test]
    fn a_derived_sum_waits_while_its_cells_are_wide() {
        assert!(waits([5, 5, 5, 5, 5].into_iter()));
        assert!(waits([9, 9, 1, 2, 2, 3, 9].into_iter()));
        assert!(!waits([9, 9, 9, 9].into_iter()), "four open cells run");
        assert!(!waits([9, 9, 9, 9, 1].into_iter()), "a fixed cell is not open");
        assert!(
            !waits([5, 5, 5, 5, 4].into_iter()),
            "24 candidates over five cells run"
        );
        assert!(!waits(std::iter::empty()));
    }

    #[test]
    fn digit_sums() {
        assert_eq!(digit_sum(0b1011), 1 + 2 + 4);
        assert_eq!(digit_sum(0xffff), 136);
        assert_eq!(digit_sum(1 << 16 | 1), 18);
    }
}
