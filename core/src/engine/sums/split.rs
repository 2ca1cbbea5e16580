//! A block's fixed cells kept out of its digit-set layers (boards of at
//! most nine digits, where the layers are bitmaps).
//!
//! The layers of a block list the digit sets its cells can take; a fixed
//! cell only adds its digit to every one of them. So only the open cells
//! go through the layers, without the fixed digits (the block's cells
//! differ), and every total is read `offset` higher. The open cells' digits
//! are also moved down so that the lowest left is 1, and the layers are as
//! wide as the highest digit left needs: a block left with, say, {5,…,9}
//! or {1,…,6} is one 64-bit word a layer instead of eight. Every assignment
//! of the block is the fixed digits and an assignment of the open cells
//! without them, so the open cells keep exactly the digits they kept with
//! every cell in the layers, in the same order, and the fixed cells keep
//! their digit whenever the sum can be made.

use crate::cell::Cell;
use crate::constraint::Word;
use crate::contradiction::Contradiction;
use crate::digits::Digits;
use crate::model::Model;
use crate::state::Ctx;
use crate::sum::blocks::Block;
use crate::sum::set_bits::SetBits;

use super::{pair, SumScratch};

/// A block's cells split for its layers: the open ones (with their
/// candidates) go through them, the fixed ones only add their digits.
#[derive(Clone, Debug, Default)]
pub(super) struct Split {
    /// The cells with more than one candidate, in the block's order (nine
    /// digits at most: one 32-bit word, whose shifts are one instruction
    /// where a `u128`'s are several).
    open: Vec<(Cell, u32)>,
    /// The digits of the fixed cells (bit `d − 1`).
    placed: u32,
    /// How far the open cells' digits are moved down in the layers, so
    /// that the lowest left is 1.
    shift: u32,
    /// What a set of the layers adds up to less than the block's set it
    /// stands for: the fixed digits, and the shift of each open cell.
    pub(super) offset: i32,
    /// The walk under way: the layers' totals it starts from, and the
    /// digits every set with one of them holds (the layers' digits).
    sums: u64,
    required: u128,
    /// Whether that walk is known to keep every candidate of the layers'
    /// cells ([`SetBits::settled`]): then it is left out while they still
    /// hold them.
    settled: bool,
    /// At most [`DIRECT_OPEN`] open cells: worked out directly (`pair`),
    /// without the layers, and their totals.
    direct: bool,
    direct_totals: u64,
}

/// Blocks with at most this many open cells skip the layers (`pair`).
const DIRECT_OPEN: usize = 2;

impl SumScratch {
    /// Where sum `index`'s blocks start in `splits` and `bits` (small
    /// boards), with room made for every sum's blocks on the first call.
    pub(super) fn first_block(&mut self, model: &Model, index: usize) -> usize {
        if self.first.is_empty() {
            self.first.push(0);
            for sum in model.sums() {
                self.first
                    .push(self.first.last().expect("a start") + sum.blocks.len());
            }
            let blocks = *self.first.last().expect("the end");
            self.bits.resize_with(blocks, SetBits::default);
            self.splits.resize_with(blocks, Split::default);
        }
        self.first[index]
    }

    /// Splits block `b` into open and fixed cells. When two fixed cells
    /// share a digit, every cell counts as open (the layers then fail as
    /// they did before the split).
    pub(super) fn split<W: Word>(&mut self, b: usize, block: &Block, cx: &Ctx<'_, W>) {
        let split = &mut self.splits[b];
        split.open.clear();
        let (mut placed, mut placed_sum) = (0u32, 0i32);
        let mut repeated = false;
        for &cell in &block.cells {
            let set = cx.candidates(cell);
            match set.single_digit() {
                Some(d) => {
                    repeated |= placed & 1 << (d - 1) != 0;
                    placed |= 1 << (d - 1);
                    placed_sum += i32::from(d);
                }
                None => split.open.push((cell, word(set))),
            }
        }
        #[cfg(test)]
        let repeated = repeated || self.whole_blocks;
        if repeated {
            split.open.clear();
            split
                .open
                .extend(block.cells.iter().map(|&c| (c, word(cx.candidates(c)))));
            (placed, placed_sum) = (0, 0);
        }
        split.placed = placed;
        split.direct = split.open.len() <= DIRECT_OPEN;
        #[cfg(test)]
        if self.whole_blocks {
            split.direct = false;
        }
        if split.direct {
            (split.shift, split.offset) = (0, placed_sum);
            return;
        }
        // The digits left to the open cells, moved down to start at 1:
        // a layer without the digits 7 to 9 is one word instead of eight.
        let union = split.open.iter().fold(0, |all, &(_, set)| all | set) & !placed;
        split.shift = if union == 0 { 0 } else { union.trailing_zeros() };
        #[cfg(test)]
        if self.whole_blocks {
            split.shift = 0;
        }
        split.offset = placed_sum + (split.open.len() as u32 * split.shift) as i32;
    }

    /// Builds the layers of block `b`'s open cells, without the fixed
    /// cells' digits (the block's cells differ) and moved down by the
    /// split's shift, as wide as the highest digit left needs (`set_bits`
    /// keeps digit `d` at bit `d − 1`, and the digits 7 to 9 pick the word).
    pub(super) fn build(&mut self, b: usize) -> Result<(), usize> {
        let split = &mut self.splits[b];
        if split.direct {
            split.direct_totals = pair::totals(&split.open_digits());
            return if split.direct_totals == 0 { Err(0) } else { Ok(()) };
        }
        let split = &self.splits[b];
        let candidates = split
            .open
            .iter()
            .map(|&(_, set)| u128::from((set & !split.placed) >> split.shift));
        let union = candidates.clone().fold(0, |all, set| all | set);
        let digits = (u128::BITS - union.leading_zeros()) as usize;
        #[cfg(test)]
        let digits = if self.whole_blocks {
            crate::sum::set_bits::MAX_DIGITS
        } else {
            digits
        };
        self.bits[b].build(digits, candidates)
    }

    /// The totals block `b` can make (after [`SumScratch::build`]), bit `v`
    /// for total `v`.
    pub(super) fn block_totals(&mut self, b: usize) -> u64 {
        let split = &self.splits[b];
        let open = match split.direct {
            true => split.direct_totals,
            false => self.bits[b].sums(),
        };
        open << split.offset
    }

    /// Starts block `b`'s walk from the sets of its layers whose totals are
    /// `sums` (bit `v` for total `v`, the layers' totals); returns the
    /// digits every such set of the block holds, the fixed ones with them.
    pub(super) fn split_walk(&mut self, b: usize, sums: u64) -> Option<u128> {
        let (split, bits) = (&mut self.splits[b], &mut self.bits[b]);
        split.sums = sums;
        if split.direct {
            let required = pair::required(&split.open_digits(), sums)?;
            return Some(u128::from(required | split.placed));
        }
        let settled = bits.settled(sums);
        split.settled = settled.is_some();
        let required = match settled {
            Some(required) => required,
            None => bits.start_walk(sums)?,
        };
        split.required = required;
        Some(required << split.shift | u128::from(split.placed))
    }
}

/// Walks block `b`'s open cells back from the walk started on its last
/// layer: each keeps the digits that lead to a useful set. A walk known to
/// keep every candidate is left out while the cells hold the layers'
/// candidates: each cell only loses the fixed digits, as the walk would
/// take them.
pub(super) fn walk_open<W: Word>(
    sc: &mut SumScratch,
    b: usize,
    cx: &mut Ctx<'_, W>,
) -> Result<(), Contradiction> {
    let split = &sc.splits[b];
    let (placed, shift, open) = (split.placed, split.shift, split.open.len());
    let layered = |cx: &Ctx<'_, W>, cell: Cell| (word(cx.candidates(cell)) & !placed) >> shift;
    if split.direct {
        return walk_direct(split, cx);
    }
    if split.settled {
        let inputs = sc.bits[b].inputs();
        if split
            .open
            .iter()
            .zip(inputs)
            .all(|(&(cell, _), &input)| layered(cx, cell) == input)
        {
            for i in (0..open).rev() {
                let cell = sc.splits[b].open[i].0;
                let keep = layered(cx, cell) << shift;
                cx.restrict(cell, Digits::from_u128(u128::from(keep)))?;
            }
            return Ok(());
        }
        sc.bits[b].start_walk(split.sums);
    }
    let mut kept_all = true;
    for i in (0..open).rev() {
        // Read again: an earlier block of the sum may share the cell.
        let cell = sc.splits[b].open[i].0;
        let candidates = layered(cx, cell);
        let keep = sc.bits[b].walk_back(i, u128::from(candidates)) as u32;
        kept_all &= keep == candidates && candidates == sc.bits[b].inputs()[i];
        cx.restrict(cell, Digits::from_u128(u128::from(keep << shift)))?;
    }
    if kept_all {
        let split = &sc.splits[b];
        sc.bits[b].settle(split.sums, split.required);
    }
    Ok(())
}

/// [`walk_open`] for a block worked out directly (`pair`): the same
/// digits kept, cell by cell from the last, each read again as the layers'
/// walk does.
fn walk_direct<W: Word>(split: &Split, cx: &mut Ctx<'_, W>) -> Result<(), Contradiction> {
    let (placed, useful) = (split.placed, split.sums);
    let now = |cx: &Ctx<'_, W>, cell: Cell| word(cx.candidates(cell)) & !placed;
    let keep = |cx: &mut Ctx<'_, W>, cell: Cell, digits: u32| {
        cx.restrict(cell, Digits::from_u128(u128::from(digits)))
            .map(|_| ())
    };
    match split.open[..] {
        [] => Ok(()),
        [(cell, _)] => {
            let kept = pair::alone(now(cx, cell), useful);
            keep(cx, cell, kept)
        }
        [(first, built), (second, _)] => {
            let others = now(cx, second);
            keep(cx, second, pair::with_partner(others, built & !placed, useful))?;
            let kept = pair::with_partner(now(cx, first), others, useful);
            keep(cx, first, kept)
        }
        _ => unreachable!("at most two open cells"),
    }
}

impl Split {
    /// The open cells' candidates without the fixed digits (at most
    /// [`DIRECT_OPEN`]), on the stack.
    fn open_digits(&self) -> OpenDigits {
        let mut digits = OpenDigits::default();
        for (slot, &(_, set)) in digits.sets.iter_mut().zip(&self.open) {
            *slot = set & !self.placed;
        }
        digits.len = self.open.len();
        digits
    }
}

/// The digits of a direct block's open cells.
#[derive(Default)]
struct OpenDigits {
    sets: [u32; DIRECT_OPEN],
    len: usize,
}

impl std::ops::Deref for OpenDigits {
    type Target = [u32];

    fn deref(&self) -> &[u32] {
        &self.sets[..self.len]
    }
}

/// A cell's candidates as a 32-bit word: the split is only used on boards of
/// at most [`MAX_DIGITS`](crate::sum::set_bits::MAX_DIGITS) digits.
#[inline(always)]
fn word<W: Word>(set: Digits<W>) -> u32 {
    set.to_u128() as u32
}
