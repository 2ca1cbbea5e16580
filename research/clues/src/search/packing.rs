//! The lower bound of the hitting-set search and what follows from it.
//!
//! A *packing* is a list of pairwise disjoint unhit sets (their live
//! cells): each needs a clue of its own, so a node with more packed sets
//! than clues left is cut. It is greedy, smallest live part first (dead
//! cells shrink some sets), in bit vectors: a packed set blocks the sets
//! that meet it (the or of its cells' vectors of sets), and the next one is
//! the first set of the smallest size not blocked, so the sets are not
//! walked one by one. Near the top of the tree, where nodes are few, swaps
//! grow it further.
//!
//! A packing with exactly as many sets as clues left is *tight*: each
//! clue to come then goes in a packed set, one each, and nowhere else; the
//! search below goes on in `search/tight.rs`, with this packing handed
//! down. Most of the search's nodes are tight ones.

use crate::cells::Cells;

use super::{and, and_not, or, set_bits, HittingSets, SetBits, ACTIVE, BUCKETS, WORDS};

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
        // The sets that meet a packed set (its live cells, so exactly the
        // sets whose live cells meet it): the or of its cells' vectors.
        let mut blocked = [0; WORDS];
        self.packing.clear();
        for &bucket in by_size {
            let mut open = and_not(bucket, blocked);
            while let Some(index) = set_bits(open).next() {
                let live = self.table[index % ACTIVE] & !dead;
                debug_assert!(live != 0, "a set without a live cell is caught before");
                self.packing.push(live);
                if self.packing.len() > left {
                    return self.packing.len();
                }
                blocked = or(blocked, self.meets(live));
                open = and_not(open, blocked);
                open[index / 64] &= !(1 << (index % 64));
            }
        }
        self.packing.len()
    }

    /// Lists in [`Self::singles`] the `unhit` sets whose live cells meet
    /// at most one set of [`Self::packing`], as one bit vector per packed
    /// set (the sets that meet it and no other) and a last one (the sets
    /// that meet none): the only sets that can join the packing once that
    /// one packed set is left out (by a swap, or by a clue that hits it).
    /// The packed sets are live cells, so a set's live cells meet one
    /// exactly when the set does: the vectors come from the cells' vectors
    /// of sets, without a walk over the sets.
    pub(super) fn list_singles(&mut self, unhit: SetBits) {
        self.singles.clear();
        let (mut once, mut twice) = ([0; WORDS], [0; WORDS]);
        for &set in &self.packing {
            let meets = and(self.meets(set), unhit);
            twice = or(twice, and(once, meets));
            once = or(once, meets);
            self.singles.push(meets);
        }
        for meets in &mut self.singles {
            *meets = and_not(*meets, twice);
        }
        self.singles.push(and_not(unhit, once));
    }

    /// Grows [`Self::packing`] by swaps: a packed set is replaced by two
    /// disjoint unhit sets that meet no other packed set, while one is
    /// found and the packing has at most `left` sets. Returns its size;
    /// when it did not grow past `left`, [`Self::singles`] lists the sets
    /// of the final packing (see [`Self::list_singles`]).
    pub(super) fn improve_packing(&mut self, unhit: SetBits, dead: Cells, left: usize) -> usize {
        let mut candidates = std::mem::take(&mut self.swap_candidates);
        'grow: while self.packing.len() <= left {
            self.list_singles(unhit);
            let none = self.singles[self.packing.len()];
            for member in 0..self.packing.len() {
                // The sets that can replace this packed set: those that
                // meet no other, with their live cells, in the sets' order.
                candidates.clear();
                candidates.extend(
                    set_bits(or(self.singles[member], none)).map(|index| self.table[index % ACTIVE] & !dead),
                );
                if let Some((first, second)) = first_disjoint_pair(&candidates) {
                    self.packing[member] = first;
                    self.packing.push(second);
                    continue 'grow;
                }
            }
            break;
        }
        self.swap_candidates = candidates;
        self.packing.len()
    }
}

/// The first two sets of `sets` (by the first one's place, then the
/// second's) that are disjoint.
fn first_disjoint_pair(sets: &[Cells]) -> Option<(Cells, Cells)> {
    sets.iter().enumerate().find_map(|(at, &first)| {
        sets[at + 1..]
            .iter()
            .find(|&&second| second & first == 0)
            .map(|&second| (first, second))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_disjoint_pair_is_the_first_by_place() {
        // Small random sets, many overlapping: the pair found is the first
        // pair (by the first set's place, then the second's) of disjoint
        // sets, as two loops over every pair find it.
        let mut rng = fastrand::Rng::with_seed(30);
        let mut found = 0;
        for _ in 0..500 {
            let sets: Vec<Cells> = (0..rng.usize(0..8))
                .map(|_| (0..3).fold(0, |set, _| set | 1 << rng.usize(0..12)))
                .collect();
            let mut expected = None;
            'pairs: for i in 0..sets.len() {
                for j in i + 1..sets.len() {
                    if sets[i] & sets[j] == 0 {
                        expected = Some((sets[i], sets[j]));
                        break 'pairs;
                    }
                }
            }
            found += usize::from(expected.is_some());
            assert_eq!(first_disjoint_pair(&sets), expected, "{sets:x?}");
        }
        assert!(found > 100 && found < 490, "both outcomes occur ({found})");
    }
}
