//! The search below a tight node, where the packing is handed down rather
//! than built again.
//!
//! At a tight node (as many pairwise disjoint unhit sets in the packing as
//! clues left) each clue to come goes in its own packed set, one each, and
//! nowhere else. So a child, whose new clue is in one packed set, is tight
//! again with the other packed sets: it needs no new packing, only the
//! narrowing. Every other unhit set must get its clue from the packed cells
//! it meets; when those are all in one packed set, that set's clue is
//! narrowed to them, and a set that meets none cuts the node. Which packed
//! set a cell is in is fixed at the tight node where the packing was made
//! (sets only shrink below), so that question is one table look-up, and a
//! tight node costs a few word operations per unhit set. A set whose
//! packed cells lie in one packed set has narrowed it for good (packed sets
//! only shrink, and a clue in that one hits the set), so the children look
//! only at the sets that meet several packed sets (`open`). This is where
//! McGuire's *higher-degree* sets act: a packed set with the unhit sets
//! that can only be hit through it needs two clues exactly when narrowing
//! would empty it.

use crate::cells::{cells_of, Cells};

use super::{and_not, or, set_bits, HittingSets, SetBits, ACTIVE};

/// How many times at most a tight node's packed sets are narrowed.
const NARROWING_ROUNDS: usize = 4;

/// Which packed set each cell is in, for the cells of a tight packing
/// (the others are never looked up).
type Owners = [u8; 81];

impl HittingSets<'_> {
    /// Goes on from a tight node of the usual search, whose packing is in
    /// [`Self::packing`] (one set per clue left).
    pub(super) fn tight_root(&mut self, clues: Cells, unhit: SetBits) {
        let mut owners: Owners = [0; 81];
        for (index, &set) in self.packing.iter().enumerate() {
            for cell in cells_of(set) {
                owners[cell] = u8::try_from(index).expect("at most 81 packed sets");
            }
        }
        let base = self.tight_stack.len();
        self.tight_stack.extend_from_slice(&self.packing);
        let left = self.packing.len();
        self.tight_body(clues, unhit, unhit, base, &owners, left);
        self.tight_stack.truncate(base);
    }

    /// A node below a tight one: its packing is `self.tight_stack[base..]`,
    /// the packed sets already hit emptied; `open` the unhit sets that may
    /// still narrow it.
    fn tight_node(
        &mut self,
        clues: Cells,
        unhit: SetBits,
        open: SetBits,
        base: usize,
        owners: &Owners,
        left: usize,
    ) {
        if self.visit() {
            self.tight_body(clues, unhit, open, base, owners, left);
        }
    }

    /// Narrows the packing at `base` by the `open` sets, then tries each
    /// cell of its smallest set as the next clue (or tests each, with one
    /// clue left).
    fn tight_body(
        &mut self,
        clues: Cells,
        mut unhit: SetBits,
        open: SetBits,
        base: usize,
        owners: &Owners,
        left: usize,
    ) {
        let Some(mut open) = self.narrow(open, base, owners) else {
            return;
        };
        let width = self.tight_stack.len() - base;
        let packs = &self.tight_stack[base..];
        if left == 1 {
            let only = packs.iter().fold(0, |all, &set| all | set);
            self.last_clue(clues, only);
            return;
        }
        let smallest = packs
            .iter()
            .copied()
            .enumerate()
            .filter(|&(_, set)| set != 0)
            .min_by_key(|&(_, set)| set.count_ones());
        let (chosen, cells) = smallest.expect("a tight packing has a set per clue left");
        let mut known = self.active.len();
        for cell in cells_of(cells) {
            // Sets learned in an earlier branch may narrow these ones.
            let learned = self.learned_since(&mut known, clues);
            unhit = or(unhit, learned);
            open = or(open, learned);
            let child = self.tight_stack.len();
            self.tight_stack.extend_from_within(base..base + width);
            self.tight_stack[child + chosen] = 0;
            let child_unhit = and_not(unhit, self.hits[cell]);
            let child_open = and_not(open, self.hits[cell]);
            self.tight_node(
                clues | 1 << cell,
                child_unhit,
                child_open,
                child,
                owners,
                left - 1,
            );
            self.tight_stack.truncate(child);
            if self.stopped {
                return;
            }
        }
    }

    /// Narrows the packed sets at `base` by the `open` sets; `None` when
    /// one of them meets no packed set (the node is cut), else the sets
    /// that meet several packed sets. A set whose packed cells are all in
    /// one packed set narrows it and is done with: that packed set stays
    /// inside it below (packed sets only shrink, or are emptied by a clue,
    /// which then hits the set too), so the children need only look at
    /// the sets returned.
    fn narrow(&mut self, mut open: SetBits, base: usize, owners: &Owners) -> Option<SetBits> {
        let packs = &mut self.tight_stack[base..];
        let mut covered = packs.iter().fold(0, |all, &set| all | set);
        for _ in 0..NARROWING_ROUNDS {
            let mut changed = false;
            for index in set_bits(open) {
                let reachable = self.table[index % ACTIVE] & covered;
                if reachable == 0 {
                    return None;
                }
                let holder = usize::from(owners[reachable.trailing_zeros() as usize]);
                let held = packs[holder];
                if reachable & !held == 0 {
                    open[index / 64] &= !(1 << (index % 64));
                    if reachable != held {
                        covered &= !held | reachable;
                        packs[holder] = reachable;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        Some(open)
    }
}
