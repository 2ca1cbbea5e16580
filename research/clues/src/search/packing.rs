//! The lower bound of the hitting-set search and what follows from it.
//!
//! A *packing* is a list of pairwise disjoint unhit sets (their live
//! cells): each needs a clue of its own, so a node with more packed sets
//! than clues left is cut. The first packing is greedy in the order of the
//! sets (smallest first); when it falls short, a second greedy one takes
//! the sets by their live size (dead cells shrink some), and near the top
//! of the tree, where nodes are few, swaps grow it further.
//!
//! A packing with exactly as many sets as clues left is *tight*: each
//! clue to come then goes in a packed set, one each, and nowhere else; the
//! search below goes on in `search/tight.rs`, with this packing handed
//! down. Most of the search's nodes are tight ones.

use crate::cells::Cells;

use super::{set_bits, HittingSets, SetBits, ACTIVE, BUCKETS};

/// The fewest clues left at which a packing that is not tight is grown
/// by swaps (below, the nodes are many and the gain small).
pub(super) const SWAP_MIN_LEFT: usize = 3;

impl HittingSets<'_> {
    /// Packs the sets of `by_size` (bucket `k`: the sets with `k + 1` live
    /// cells, the last one the larger sets) greedily smallest live part
    /// first into [`Self::packing`]; their number, stopping above `left`.
    pub(super) fn pack_by_live_size(
        &mut self,
        left: usize,
        by_size: &[SetBits; BUCKETS],
        dead: Cells,
    ) -> usize {
        let mut covered = 0;
        self.packing.clear();
        for bucket in by_size {
            for index in set_bits(*bucket) {
                let live = self.table[index % ACTIVE] & !dead;
                if live & covered == 0 {
                    covered |= live;
                    self.packing.push(live);
                    if self.packing.len() > left {
                        return self.packing.len();
                    }
                }
            }
        }
        self.packing.len()
    }

    /// Grows [`Self::packing`] by swaps: a packed set is replaced by two
    /// disjoint unhit sets that meet no other packed set, while one is
    /// found and the packing has at most `left` sets. Returns its size.
    pub(super) fn improve_packing(&mut self, unhit: SetBits, dead: Cells, left: usize) -> usize {
        let mut candidates = std::mem::take(&mut self.candidates);
        'grow: while self.packing.len() <= left {
            let covered = self.packing.iter().fold(0, |all, &set| all | set);
            for member in 0..self.packing.len() {
                let others = covered & !self.packing[member];
                candidates.clear();
                for index in set_bits(unhit) {
                    let live = self.table[index % ACTIVE] & !dead;
                    if live & others == 0 {
                        candidates.push(live);
                    }
                }
                for (a, &first) in candidates.iter().enumerate() {
                    if let Some(&second) = candidates[a + 1..].iter().find(|&&set| set & first == 0) {
                        self.packing[member] = first;
                        self.packing.push(second);
                        continue 'grow;
                    }
                }
            }
            break;
        }
        self.candidates = candidates;
        self.packing.len()
    }
}
