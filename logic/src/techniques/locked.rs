//! Locked candidates: pointing and claiming, and their variant form.

use std::borrow::Cow;

use sudokit_core::{Cand, Cell, Digit, GroupId, GroupKind, Model, Reason};

use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// When the places of a digit in a house all lie in another group (a box's
/// 5s all in one row: *pointing*; a row's 5s all in one box: *claiming*),
/// the digit is there, so it leaves the rest of that group.
///
/// More generally it leaves every cell that sees all those places, which
/// is what variants need: a box's places that are all a knight's move from
/// one cell (anti-knight) remove the digit there too. That wider search
/// runs only when some rule makes cells differ outside any group.
#[derive(Clone, Copy, Debug, Default)]
pub struct LockedCandidates;

impl LockedCandidates {
    const POINTING: f32 = 2.6;
    const CLAIMING: f32 = 2.8;
}

fn is_box(kind: GroupKind) -> bool {
    matches!(kind, GroupKind::Box | GroupKind::Region)
}

/// What the technique precomputes once per rule set: every house with the
/// groups it shares two or more cells with.
#[derive(Debug)]
struct Overlaps {
    /// Houses, boxes first (people look there first).
    houses: Vec<House>,
    /// Some `≠` relation joins cells outside every common group.
    extra_peers: bool,
}

#[derive(Debug)]
struct House {
    id: GroupId,
    /// The groups it overlaps: their id, the positions in the house they
    /// cover (bits), and their cells outside the house.
    overlaps: Vec<(GroupId, u128, Vec<Cell>)>,
}

impl Overlaps {
    fn build(model: &Model) -> Overlaps {
        let n = model.size();
        let groups = model.groups();
        let mut houses: Vec<House> = (0..groups.len())
            .filter(|&h| groups[h].is_complete(n))
            .map(|h| {
                let cells = groups[h].cells();
                let overlaps = (0..groups.len())
                    .filter(|&g| g != h)
                    .filter_map(|g| {
                        let mut mask = 0u128;
                        for (i, c) in cells.iter().enumerate() {
                            if groups[g].cells().contains(c) {
                                mask |= 1 << i;
                            }
                        }
                        let rest: Vec<Cell> = groups[g]
                            .cells()
                            .iter()
                            .copied()
                            .filter(|c| !cells.contains(c))
                            .collect();
                        (mask.count_ones() >= 2 && !rest.is_empty()).then_some((g, mask, rest))
                    })
                    .collect();
                House { id: h, overlaps }
            })
            .collect();
        houses.sort_by_key(|h| !is_box(groups[h.id].kind()));
        let extra_peers = model.related_pairs().iter().any(|p| p.differ && !p.share_group);
        Overlaps { houses, extra_peers }
    }
}

impl Technique for LockedCandidates {
    fn name(&self) -> Cow<'static, str> {
        "locked candidates".into()
    }

    fn difficulty(&self) -> f32 {
        Self::POINTING
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        let overlaps = board.model().prepared(Overlaps::build);
        let n = board.size();
        let mut places = vec![0u128; n + 1];
        for house in &overlaps.houses {
            let cells = board.group(house.id).cells();
            places.iter_mut().for_each(|p| *p = 0);
            for (i, &c) in cells.iter().enumerate() {
                for d in board.candidates(c) {
                    places[d as usize] |= 1 << i;
                }
            }
            for digit in 1..=n as Digit {
                let mask = places[digit as usize];
                if mask.count_ones() < 2 {
                    continue;
                }
                for (g, within, rest) in &house.overlaps {
                    if mask & !within != 0 {
                        continue;
                    }
                    let eliminations: Vec<Cand> = rest
                        .iter()
                        .filter(|&&c| board.has(c, digit))
                        .map(|&c| Cand::new(c, digit))
                        .collect();
                    if !eliminations.is_empty() {
                        return Some(self.deduction(board, house.id, Some(*g), digit, mask, eliminations));
                    }
                }
                if overlaps.extra_peers {
                    let spots: Vec<Cell> = (0..cells.len())
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| cells[i])
                        .collect();
                    let eliminations: Vec<Cand> = board
                        .common_peers(&spots)
                        .into_iter()
                        .filter(|&c| board.has(c, digit))
                        .map(|c| Cand::new(c, digit))
                        .collect();
                    if !eliminations.is_empty() {
                        return Some(self.deduction(board, house.id, None, digit, mask, eliminations));
                    }
                }
            }
        }
        None
    }
}

impl LockedCandidates {
    /// The deduction: `digit`'s places in `house` (bits of its positions)
    /// all lie in `within` (when one group holds them).
    fn deduction(
        &self,
        board: &Board<'_>,
        house: GroupId,
        within: Option<GroupId>,
        digit: Digit,
        mask: u128,
        eliminations: Vec<Cand>,
    ) -> Deduction {
        let cells = board.group(house).cells();
        let spots = (0..cells.len()).filter(|i| mask >> i & 1 == 1).map(|i| cells[i]);
        let house_kind = board.group(house).kind();
        let (name, difficulty) = match within.map(|g| board.group(g).kind()) {
            Some(k) if is_box(house_kind) && !is_box(k) => ("pointing", Self::POINTING),
            Some(k) if !is_box(house_kind) && is_box(k) => ("claiming", Self::CLAIMING),
            _ => ("locked candidates", Self::CLAIMING),
        };
        let reason = Reason::new(name).cells(spots).digits([digit]).group(house);
        Deduction::eliminate(reason, difficulty, eliminations)
    }
}
