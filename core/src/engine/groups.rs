//! The built-in singles over every all-different group.
//!
//! Norvig's two rules, made incremental and generalised from rows, columns
//! and boxes to every group the rules declare:
//!
//! * **naked single**: a cell left with one digit removes it from its peers
//!   (every other cell of its groups, and cells related to it by `≠`);
//! * **hidden single**: a digit left with one place in a *complete* group
//!   (`n` cells: it must hold every digit) goes there; with no place, the
//!   group names the contradiction.
//!
//! A partial group (a diagonal of a larger board, a cage) whose cells have
//! fewer digits left between them than cells is a contradiction too.
//!
//! A worklist holds newly fixed cells; a bitset holds the groups where a
//! candidate vanished, and only those are scanned (`once & !twice`). One run
//! reaches the fixpoint of both rules.

use crate::cell::Cell;
use crate::constraint::Word;
use crate::contradiction::{Contradiction, ContradictionKind};
use crate::digits::Digits;
use crate::explain::Reason;
use crate::group::GroupId;
use crate::model::Model;
use crate::state::Ctx;

/// Buffers kept by the engine between runs.
#[derive(Clone, Debug, Default)]
pub(crate) struct GroupScratch {
    /// Groups to rescan, as bits: `dirty[0]` alone when there are at most
    /// 64 groups (then a cell's groups are one mask to OR in).
    dirty: Vec<u64>,
    /// Cells fixed and not yet propagated to their peers.
    fixed: Vec<Cell>,
}

impl GroupScratch {
    pub(crate) fn new(groups: usize) -> GroupScratch {
        GroupScratch {
            dirty: vec![0; groups.div_ceil(64).max(1)],
            fixed: Vec::new(),
        }
    }

    /// Marks the groups of `cell` for a rescan.
    #[inline(always)]
    fn mark(&mut self, model: &Model, cell: Cell) {
        match model.group_masks() {
            Some(masks) => self.dirty[0] |= masks[cell.index()],
            None => {
                for &g in model.groups_of(cell) {
                    self.dirty[g as usize / 64] |= 1 << (g % 64);
                }
            }
        }
    }

    /// Removes and returns the smallest dirty group.
    #[inline(always)]
    fn pop(&mut self) -> Option<GroupId> {
        for (i, word) in self.dirty.iter_mut().enumerate() {
            if *word != 0 {
                let bit = word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some(i * 64 + bit);
            }
        }
        None
    }

    fn clear(&mut self) {
        self.dirty.iter_mut().for_each(|w| *w = 0);
        self.fixed.clear();
    }
}

/// Runs both singles to their joint fixpoint.
#[inline]
pub(crate) fn propagate<W: Word>(
    model: &Model,
    scratch: &mut GroupScratch,
    cx: &mut Ctx<'_, W>,
    changed: &[Cell],
) -> Result<(), Contradiction> {
    let result = run(model, scratch, cx, changed);
    if result.is_err() {
        scratch.clear();
    }
    result
}

#[inline]
fn run<W: Word>(
    model: &Model,
    scratch: &mut GroupScratch,
    cx: &mut Ctx<'_, W>,
    changed: &[Cell],
) -> Result<(), Contradiction> {
    let n = model.size();
    for &cell in changed {
        scratch.mark(model, cell);
        if cx.candidates(cell).is_single() {
            scratch.fixed.push(cell);
        }
    }
    loop {
        // A fixed cell's digit leaves its peers.
        while let Some(cell) = scratch.fixed.pop() {
            let digit = cx.candidates(cell);
            // In single-step mode an assignment may not have been applied.
            let Some(d) = digit.single_digit() else {
                continue;
            };
            cx.because(|| Reason::new("naked single").cells([cell]).digits([d]));
            for &peer in model.peers(cell) {
                match cx.remove_all(peer, digit) {
                    Ok(true) => {
                        scratch.mark(model, peer);
                        if cx.candidates(peer).is_single() {
                            scratch.fixed.push(peer);
                        }
                    }
                    Ok(false) => {}
                    Err(contradiction) => return Err(blame(model, contradiction, cell, peer)),
                }
            }
        }
        // A digit with one place in a complete group goes there.
        let Some(group) = scratch.pop() else {
            return Ok(());
        };
        let cells = model.group_cells(group);
        if cells.len() == n {
            hidden_singles(model, scratch, cx, group)?;
        } else if cells.len() > 1 {
            let union = cells
                .iter()
                .fold(Digits::<W>::EMPTY, |u, &c| u | cx.candidates(c));
            if union.len() < cells.len() {
                return Err(Contradiction::too_few_digits(group).by(model.group_rule(group)));
            }
        }
    }
}

/// Hidden singles in one complete group.
#[inline]
fn hidden_singles<W: Word>(
    model: &Model,
    scratch: &mut GroupScratch,
    cx: &mut Ctx<'_, W>,
    group: GroupId,
) -> Result<(), Contradiction> {
    let cells = model.group_cells(group);
    let mut once = Digits::<W>::EMPTY;
    let mut twice = Digits::<W>::EMPTY;
    let mut fixed = Digits::<W>::EMPTY;
    for &cell in cells {
        let set = cx.candidates(cell);
        twice |= once & set;
        once |= set;
        if set.is_single() {
            fixed |= set;
        }
    }
    let no_place = |d| Contradiction::no_place(d, group).by(model.group_rule(group));
    if let Some(d) = (cx.all_digits() - once).min() {
        return Err(no_place(d));
    }
    for d in once - twice - fixed {
        // The cell may have lost `d` to an earlier assignment in this loop.
        let Some(cell) = cells.iter().copied().find(|&c| cx.candidates(c).contains(d)) else {
            return Err(no_place(d));
        };
        cx.because(|| Reason::new("hidden single").digits([d]).group(group));
        if cx.assign(cell, d)? {
            scratch.fixed.push(cell);
            scratch.mark(model, cell);
        }
    }
    Ok(())
}

/// Names the rule behind a peer elimination that emptied `peer`: the first
/// group holding both cells, or the `≠` relation between them.
fn blame(model: &Model, contradiction: Contradiction, cell: Cell, peer: Cell) -> Contradiction {
    debug_assert!(matches!(contradiction.kind, ContradictionKind::EmptyCell(_)));
    let by_group = model
        .groups_of(cell)
        .iter()
        .find(|&&g| model.group(g as usize).cells().contains(&peer))
        .map(|&g| model.group_rule(g as usize));
    let by_relation = || {
        model
            .related_pairs()
            .iter()
            .find(|p| (p.a, p.b) == (cell.min(peer), cell.max(peer)))
            .map(|p| p.rule as usize)
    };
    match by_group.or_else(by_relation) {
        Some(k) => contradiction.by(k),
        None => contradiction,
    }
}
