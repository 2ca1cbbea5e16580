//! Locked candidates: pointing and claiming, and their variant form.

use std::borrow::Cow;

use sudokit_core::{Cand, Cell, Digit, GroupKind, Reason};

use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// When the places of a digit in a house all lie in another group (a box's
/// 5s all in one row: *pointing*; a row's 5s all in one box: *claiming*),
/// the digit is there, so it leaves the rest of that group.
///
/// More generally it leaves every cell that sees all those places, which
/// is what variants need: a box's places that are all a knight's move from
/// one cell (anti-knight) remove the digit there too.
#[derive(Clone, Copy, Debug, Default)]
pub struct LockedCandidates;

impl LockedCandidates {
    const POINTING: f32 = 2.6;
    const CLAIMING: f32 = 2.8;
}

fn is_box(kind: GroupKind) -> bool {
    matches!(kind, GroupKind::Box | GroupKind::Region)
}

impl Technique for LockedCandidates {
    fn name(&self) -> Cow<'static, str> {
        "locked candidates".into()
    }

    fn difficulty(&self) -> f32 {
        Self::POINTING
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        // Pointing (from boxes) first, as people look.
        let mut houses: Vec<usize> = board.houses().collect();
        houses.sort_by_key(|&h| !is_box(board.group(h).kind()));
        for h in houses {
            for digit in 1..=board.size() as Digit {
                let places = board.places(h, digit);
                if places.len() < 2 {
                    continue;
                }
                let eliminations: Vec<Cand> = board
                    .common_peers(&places)
                    .into_iter()
                    .filter(|&c| board.has(c, digit))
                    .map(|c| Cand::new(c, digit))
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let within = board
                    .groups_of(places[0])
                    .find(|&g| g != h && places.iter().all(|c| board.group(g).cells().contains(c)));
                let house_kind = board.group(h).kind();
                let (name, difficulty) = match within.map(|g| board.group(g).kind()) {
                    Some(k) if is_box(house_kind) && !is_box(k) => ("pointing", Self::POINTING),
                    Some(k) if !is_box(house_kind) && is_box(k) => ("claiming", Self::CLAIMING),
                    _ => ("locked candidates", Self::CLAIMING),
                };
                let cells: Vec<Cell> = places.to_vec();
                let reason = Reason::new(name).cells(cells).digits([digit]).group(h);
                return Some(Deduction::eliminate(reason, difficulty, eliminations));
            }
        }
        None
    }
}
