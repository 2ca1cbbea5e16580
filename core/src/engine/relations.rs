//! The built-in arc consistency over every pair relation.
//!
//! Every relation of the puzzle (other than a plain `≠`, which is a peer)
//! is a table: for each digit of one cell, the digits its partner may hold.
//! When a cell's candidates change, each partner keeps only the digits that
//! some remaining candidate allows (AC-3, revising from the changed side).
//! A partner that changes is revised in turn, so one run reaches the
//! fixpoint of all relations: 144 relations cost one propagator run, not
//! 144.

use crate::cell::Cell;
use crate::constraint::Word;
use crate::contradiction::Contradiction;
use crate::digits::Digits;
use crate::explain::Reason;
use crate::model::Model;
use crate::state::Ctx;

/// Buffers kept by the engine between runs.
#[derive(Clone, Debug, Default)]
pub(crate) struct RelationScratch {
    /// Cells whose partners must be revised.
    work: Vec<Cell>,
    /// Which cells are in `work`.
    queued: Vec<bool>,
}

impl RelationScratch {
    pub(crate) fn new(cells: usize) -> RelationScratch {
        RelationScratch {
            work: Vec::new(),
            queued: vec![false; cells],
        }
    }

    #[inline(always)]
    fn push(&mut self, cell: Cell) {
        if !std::mem::replace(&mut self.queued[cell.index()], true) {
            self.work.push(cell);
        }
    }

    fn clear(&mut self) {
        for cell in self.work.drain(..) {
            self.queued[cell.index()] = false;
        }
    }
}

/// Revises the partners of every changed cell, to the fixpoint.
#[inline]
pub(crate) fn propagate<W: Word>(
    model: &Model,
    scratch: &mut RelationScratch,
    cx: &mut Ctx<'_, W>,
    changed: &[Cell],
) -> Result<(), Contradiction> {
    // The cells handed in first, then those this run changes itself.
    for &cell in changed {
        revise(model, scratch, cx, cell)?;
    }
    while let Some(cell) = scratch.work.pop() {
        scratch.queued[cell.index()] = false;
        revise(model, scratch, cx, cell)?;
    }
    Ok(())
}

/// Narrows the partners of `cell` to what its candidates allow.
#[inline(always)]
fn revise<W: Word>(
    model: &Model,
    scratch: &mut RelationScratch,
    cx: &mut Ctx<'_, W>,
    cell: Cell,
) -> Result<(), Contradiction> {
    let bits = cx.candidates(cell).to_u128();
    for link in model.links(cell) {
        let support = Digits::<W>::from_u128(model.support(link.table, bits));
        let current = cx.candidates(link.other);
        if current & support == current {
            continue;
        }
        cx.because(|| {
            Reason::new(model.pair_name(link.pair))
                .cells([cell])
                .digits(Digits::<u128>::from_u128(bits).iter())
        });
        match cx.restrict(link.other, support) {
            Ok(true) => scratch.push(link.other),
            Ok(false) => {}
            Err(contradiction) => {
                scratch.clear();
                return Err(contradiction.by(link.rule as usize));
            }
        }
    }
    Ok(())
}
