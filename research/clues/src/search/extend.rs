//! The children of a node that is one set short of tight, with their
//! packing derived from the parent's instead of built again.
//!
//! A node with `left` clues to come whose packing has `left - 1` sets is
//! not tight, and branches on the cells of its smallest unhit set. A child
//! keeps every packed set its new clue misses (their live cells, shrunk by
//! the cells tried before it), so its packing needs at most one set more to
//! be tight at `left - 1`; and a set can join it only if it meets no kept
//! packed set: it meets at most the packed set the clue hits. Those sets
//! are listed once at the parent ([`HittingSets::list_singles`], the same
//! list the swaps use), so a child tops its packing up from a few sets
//! rather than walking all its unhit sets. A child that comes out tight
//! goes straight to the narrowing (`search/tight.rs`); one with more sets
//! than clues is cut; only the others build a packing of their own.

use crate::cells::{cells_of, Cells};

use super::{and_not, or, set_bits, Failed, HittingSets, SetBits, ACTIVE, WORDS};

/// What a child's derived packing says about it.
enum Derived {
    /// As many sets as clues left: go on from a tight node.
    Tight,
    /// More sets than clues left, or an unhit set with every cell dead:
    /// the live cells of those sets.
    Cut(Cells),
    /// Fewer: the child builds its own packing.
    Short,
}

impl HittingSets<'_> {
    /// Branches on each cell of `cells`, the cells tried before it dead,
    /// at a node with `left` clues to come whose packing
    /// ([`Self::packing`], with [`Self::singles`] listed for it) has
    /// `left - 1` sets.
    pub(super) fn try_cells_extending(
        &mut self,
        clues: Cells,
        dead: Cells,
        touched: SetBits,
        mut unhit: SetBits,
        cells: Cells,
        left: usize,
    ) -> Option<Cells> {
        let packs = self.parent_packs.len();
        self.parent_packs.extend_from_slice(&self.packing);
        let singles = self.parent_singles.len();
        self.parent_singles.extend_from_slice(&self.singles);
        let (mut tried, mut tried_sets) = (dead, touched);
        let mut known = self.active.len();
        let mut failed = Failed::default();
        // The last tight child ruled out: the cells of the sets that cut
        // its packed sets, and that packing, at `tight_failed`.
        let tight_failed = self.failed_packs.len();
        let mut cut_by: Option<Cells> = None;
        for cell in cells_of(cells) {
            if let Some(sets) = failed.rules_out(cell) {
                self.skip_node(clues | 1 << cell, tried, sets);
                tried |= 1 << cell;
                tried_sets = or(tried_sets, self.hits[cell]);
                continue;
            }
            // Sets learned in an earlier branch: the narrowing meets them.
            let learned = self.learned_since(&mut known, clues);
            if learned != [0; WORDS] {
                unhit = or(unhit, learned);
                tried_sets = self.meets(tried);
            }
            let child = clues | 1 << cell;
            let child_unhit = and_not(unhit, self.hits[cell]);
            match self.derive_packing(cell, tried, packs, singles, left - 1) {
                Derived::Tight => {
                    #[cfg(test)]
                    {
                        self.derived_tight += 1;
                    }
                    let packed = self.packed_cells() | tried;
                    if cut_by.is_some_and(|sets| sets >> cell & 1 == 0) && self.inside_failed(tight_failed) {
                        let sets = cut_by.map(|sets| sets | packed);
                        self.skip_node(child, tried, sets.unwrap_or_default());
                        failed.record(sets);
                    } else if self.visit() {
                        let sets = self.tight_root(child, child_unhit);
                        if let Some(sets) = sets {
                            cut_by = Some(sets);
                            self.failed_packs.truncate(tight_failed);
                            self.failed_packs.extend_from_slice(&self.packing);
                        }
                        failed.record(sets.map(|sets| sets | packed));
                    } else {
                        failed.record(None);
                    }
                }
                Derived::Cut(sets) => {
                    self.visit();
                    failed.record(Some(sets | tried));
                }
                Derived::Short => {
                    failed.record(self.node(child, tried, tried_sets, child_unhit));
                }
            }
            tried |= 1 << cell;
            tried_sets = or(tried_sets, self.hits[cell]);
            if self.stopped {
                failed.record(None);
                break;
            }
        }
        self.failed_packs.truncate(tight_failed);
        self.parent_packs.truncate(packs);
        self.parent_singles.truncate(singles);
        failed.all
    }

    /// Whether each set of [`Self::packing`] lies inside the set at the
    /// same place of the failed packing at `failed`: a tight node whose
    /// clue misses the sets that cut that one is cut the same way (its
    /// packed sets offer fewer choices, see `search/tight.rs`).
    fn inside_failed(&self, failed: usize) -> bool {
        let old = &self.failed_packs[failed..];
        old.len() == self.packing.len() && self.packing.iter().zip(old).all(|(&new, &old)| new & !old == 0)
    }

    /// The packing of the child with the clue `cell` and the cells `dead`,
    /// in [`Self::packing`]: the parent's packed sets at `packs` that miss
    /// the clue, topped up greedily from its singles at `singles`.
    fn derive_packing(
        &mut self,
        cell: usize,
        dead: Cells,
        packs: usize,
        singles: usize,
        left: usize,
    ) -> Derived {
        self.packing.clear();
        let mut hit = None;
        let mut covered: Cells = 0;
        for (member, &set) in self.parent_packs[packs..].iter().enumerate() {
            if set >> cell & 1 == 1 {
                hit = Some(member);
                continue;
            }
            let live = set & !dead;
            if live == 0 {
                return Derived::Cut(0);
            }
            covered |= live;
            self.packing.push(live);
        }
        // The sets that meet no packed set, and those that meet only the one
        // the clue hits, less those the clue hits.
        let singles = &self.parent_singles[singles..];
        let none = singles[singles.len() - 1];
        let joining = hit.map_or(none, |member| or(singles[member], none));
        for index in set_bits(and_not(joining, self.hits[cell])) {
            let live = self.table[index % ACTIVE] & !dead;
            if live == 0 {
                return Derived::Cut(0);
            }
            if live & covered == 0 {
                covered |= live;
                self.packing.push(live);
                if self.packing.len() > left {
                    return Derived::Cut(covered);
                }
            }
        }
        if self.packing.len() == left {
            Derived::Tight
        } else {
            Derived::Short
        }
    }
}
