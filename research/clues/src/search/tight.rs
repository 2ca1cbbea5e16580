//! The search below a tight node, where the packing is handed down rather
//! than built again.
//!
//! At a tight node (as many pairwise disjoint unhit sets in the packing as
//! clues left) each clue to come goes in its own packed set, one each, and
//! nowhere else. So a child, whose new clue is in one packed set, is tight
//! again with the other packed sets: it needs no new packing, only the
//! narrowing. Every other unhit set must get its clue from the packed cells
//! it meets; when those are all in one packed set, that set's clue is
//! narrowed to them, and a set that meets none cuts the node. Each packed
//! set carries the bit vector of the sets that meet it (the or of its
//! cells' vectors), made again only when it narrows: a child copies its
//! parent's, so which sets meet no packed set, or exactly one, is a few
//! word operations per packed set, with no walk over the sets. A set whose
//! packed cells lie in one packed set has narrowed it for good (packed sets
//! only shrink, and a clue in that one hits the set), so the children look
//! only at the sets that meet several packed sets (`open`). This is where
//! McGuire's *higher-degree* sets act: a packed set with the unhit sets
//! that can only be hit through it needs two clues exactly when narrowing
//! would empty it.

use crate::cells::{cells_of, Cells};

use super::{and, and_not, or, set_bits, Failed, HittingSets, SetBits, ACTIVE, WORDS};

/// How many times at most a tight node's packed sets are narrowed.
const NARROWING_ROUNDS: usize = 4;

impl HittingSets<'_> {
    /// Goes on from a tight node of the usual search, whose packing is in
    /// [`Self::packing`] (one set per clue left), and leaves that packing
    /// there. Returns what [`Self::tight_body`] does.
    pub(super) fn tight_root(&mut self, clues: Cells, unhit: SetBits) -> Option<Cells> {
        let base = self.tight_stack.len();
        self.tight_stack.extend_from_slice(&self.packing);
        for at in base..self.tight_stack.len() {
            let meets = self.meets(self.tight_stack[at]);
            self.tight_meets.push(meets);
        }
        let left = self.packing.len();
        let cut_by = self.tight_body(clues, unhit, unhit, base, left);
        self.tight_stack.truncate(base);
        self.tight_meets.truncate(base);
        cut_by
    }

    /// A node below a tight one: its packing is `self.tight_stack[base..]`,
    /// the packed sets already hit emptied; `open` the unhit sets that may
    /// still narrow it. Returns what [`Self::tight_body`] does.
    fn tight_node(
        &mut self,
        clues: Cells,
        unhit: SetBits,
        open: SetBits,
        base: usize,
        left: usize,
    ) -> Option<Cells> {
        if self.visit() {
            self.tight_body(clues, unhit, open, base, left)
        } else {
            None
        }
    }

    /// Narrows the packing at `base` by the `open` sets, then tries each
    /// cell of its smallest set as the next clue (or tests each, with one
    /// clue left). Returns, when no clue set below was tested, the cells
    /// of the sets that ruled out every choice of one clue per packed set
    /// (those it started with): the one narrowing cut with and those that
    /// narrowed, or those of every child. A sibling starting from the same
    /// packed sets, or sets inside them, whose clue misses all those sets
    /// is ruled out too, and skipped.
    fn tight_body(
        &mut self,
        clues: Cells,
        mut unhit: SetBits,
        open: SetBits,
        base: usize,
        left: usize,
    ) -> Option<Cells> {
        #[cfg(test)]
        let entry = self.tight_stack[base..].to_vec();
        let (mut open, narrowed_by) = match self.narrow(open, base) {
            Ok(narrowed) => narrowed,
            Err(cut_by) => {
                #[cfg(test)]
                self.claim_tight(clues, entry, cut_by);
                return Some(cut_by);
            }
        };
        let width = self.tight_stack.len() - base;
        let packs = &self.tight_stack[base..];
        if left == 1 {
            let only = packs.iter().fold(0, |all, &set| all | set);
            self.last_clue(clues, only);
            return None;
        }
        let smallest = packs
            .iter()
            .copied()
            .enumerate()
            .filter(|&(_, set)| set != 0)
            .min_by_key(|&(_, set)| set.count_ones());
        let (chosen, cells) = smallest.expect("a tight packing has a set per clue left");
        let mut known = self.active.len();
        // The children start from the same packed sets: one whose clue
        // misses the sets that ruled out a sibling is ruled out by them too.
        let mut failed = Failed::after(narrowed_by);
        for cell in cells_of(cells) {
            #[cfg_attr(not(test), allow(unused_variables, reason = "only the tests record claims"))]
            if let Some(sets) = failed.rules_out(cell) {
                #[cfg(test)]
                {
                    let mut packs = self.tight_stack[base..base + width].to_vec();
                    packs[chosen] = 0;
                    self.claim_tight(clues | 1 << cell, packs, sets);
                }
                self.count_skipped();
                continue;
            }
            // Sets learned in an earlier branch may narrow these ones.
            let learned = self.learned_since(&mut known, clues);
            if learned != [0; WORDS] {
                // The new sets' cells have new bits: the sets each packed
                // set meets are made again, here and for the children.
                for at in base..base + width {
                    self.tight_meets[at] = self.meets(self.tight_stack[at]);
                }
            }
            unhit = or(unhit, learned);
            open = or(open, learned);
            let child = self.tight_stack.len();
            self.tight_stack.extend_from_within(base..base + width);
            self.tight_stack[child + chosen] = 0;
            self.tight_meets.extend_from_within(base..base + width);
            self.tight_meets[child + chosen] = [0; WORDS];
            let child_unhit = and_not(unhit, self.hits[cell]);
            let child_open = and_not(open, self.hits[cell]);
            let ruled_out = self.tight_node(clues | 1 << cell, child_unhit, child_open, child, left - 1);
            failed.record(ruled_out);
            self.tight_stack.truncate(child);
            self.tight_meets.truncate(child);
            if self.stopped {
                return None;
            }
        }
        #[cfg(test)]
        if let Some(sets) = failed.all {
            self.claim_tight(clues, entry, sets);
        }
        failed.all
    }

    /// For the tests: records `Claim::Tight`.
    #[cfg(test)]
    fn claim_tight(&mut self, clues: Cells, packs: Vec<Cells>, sets: Cells) {
        if let Some(claims) = &mut self.claims {
            claims.push(super::Claim::Tight { clues, packs, sets });
        }
    }

    /// Narrows the packed sets at `base` by the `open` sets: the sets
    /// that meet several packed sets, or `Err` with the cells of the sets
    /// that cut the node when one of them meets no packed set. A set whose
    /// packed cells are all in one packed set narrows it and is done with:
    /// that packed set stays inside it below (packed sets only shrink, or
    /// are emptied by a clue, which then hits the set too), so the
    /// children need only look at the sets returned.
    ///
    /// Each round finds the sets that meet no packed set, and those that
    /// meet exactly one, from the vectors of the sets each packed set meets
    /// ([`Self::tight_meets`]) rather than by walking the sets; only the
    /// sets that meet one packed set are walked, to narrow it.
    ///
    /// The cut's sets are the one that met no packed set and every one
    /// that narrowed a packed set before: from the same packing, a node
    /// whose clues miss them all narrows the same way and is cut too (its
    /// other sets only narrow it further).
    fn narrow(&mut self, mut open: SetBits, base: usize) -> Result<(SetBits, Cells), Cells> {
        let end = self.tight_stack.len();
        let mut narrowed_by: Cells = 0;
        for _ in 0..NARROWING_ROUNDS {
            let (mut once, mut twice) = ([0; WORDS], [0; WORDS]);
            for meets in &self.tight_meets[base..end] {
                let meets = and(*meets, open);
                twice = or(twice, and(once, meets));
                once = or(once, meets);
            }
            if let Some(index) = set_bits(and_not(open, once)).next() {
                return Err(narrowed_by | self.table[index % ACTIVE]);
            }
            let alone = and_not(open, twice);
            if alone == [0; WORDS] {
                break;
            }
            open = and_not(open, alone);
            let mut changed = false;
            for at in base..end {
                let mine = and(self.tight_meets[at], alone);
                if mine == [0; WORDS] {
                    continue;
                }
                let mut pack = self.tight_stack[at];
                for index in set_bits(mine) {
                    let set = self.table[index % ACTIVE];
                    let narrowed = pack & set;
                    if narrowed == 0 {
                        // Narrowed away by the sets before: it meets none.
                        return Err(narrowed_by | set);
                    }
                    if narrowed != pack {
                        pack = narrowed;
                        narrowed_by |= set;
                    }
                }
                if pack != self.tight_stack[at] {
                    self.tight_stack[at] = pack;
                    self.tight_meets[at] = self.meets(pack);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        Ok((open, narrowed_by))
    }
}
