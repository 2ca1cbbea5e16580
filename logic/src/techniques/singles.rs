//! Singles: the last cell of a house, the one place of a digit, the one
//! digit of a cell.

use std::borrow::Cow;

use sudokit_core::{Cand, Digit, GroupKind, Reason};

use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// A house with one unsolved cell left: it holds the missing digit.
#[derive(Clone, Copy, Debug, Default)]
pub struct FullHouse;

impl Technique for FullHouse {
    fn name(&self) -> Cow<'static, str> {
        "full house".into()
    }

    fn difficulty(&self) -> f32 {
        1.0
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        board.houses().find_map(|h| {
            let mut open = board
                .group(h)
                .cells()
                .iter()
                .copied()
                .filter(|&c| board.value(c).is_none());
            let cell = open.next()?;
            if open.next().is_some() {
                return None;
            }
            let placed: Vec<Digit> = board
                .group(h)
                .cells()
                .iter()
                .filter_map(|&c| board.value(c))
                .collect();
            let digit = board.candidates(cell).iter().find(|d| !placed.contains(d))?;
            let reason = Reason::new("full house").digits([digit]).group(h);
            Some(Deduction::place(reason, 1.0, Cand::new(cell, digit)))
        })
    }
}

/// A digit with one place left in a house goes there.
#[derive(Clone, Copy, Debug, Default)]
pub struct HiddenSingle;

impl HiddenSingle {
    /// In a box or region: easier to see than along a line.
    const IN_BOX: f32 = 1.2;
    const IN_LINE: f32 = 1.5;
}

impl Technique for HiddenSingle {
    fn name(&self) -> Cow<'static, str> {
        "hidden single".into()
    }

    fn difficulty(&self) -> f32 {
        Self::IN_BOX
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        // Boxes first, as people look.
        let mut houses: Vec<usize> = board.houses().collect();
        houses.sort_by_key(|&h| !matches!(board.group(h).kind(), GroupKind::Box | GroupKind::Region));
        for h in houses {
            for digit in 1..=board.size() as Digit {
                let places = board.places(h, digit);
                if let [cell] = places[..] {
                    if board.value(cell).is_none() {
                        let difficulty = match board.group(h).kind() {
                            GroupKind::Box | GroupKind::Region => Self::IN_BOX,
                            _ => Self::IN_LINE,
                        };
                        let reason = Reason::new("hidden single").digits([digit]).group(h);
                        return Some(Deduction::place(reason, difficulty, Cand::new(cell, digit)));
                    }
                }
            }
        }
        None
    }
}

/// A cell with one candidate left holds it: the digit leaves its peers.
#[derive(Clone, Copy, Debug, Default)]
pub struct NakedSingle;

impl Technique for NakedSingle {
    fn name(&self) -> Cow<'static, str> {
        "naked single".into()
    }

    fn difficulty(&self) -> f32 {
        2.3
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        board.cells().find_map(|cell| {
            let digit = board.value(cell)?;
            let peers: Vec<Cand> = board
                .peers(cell)
                .iter()
                .filter(|&&p| board.has(p, digit))
                .map(|&p| Cand::new(p, digit))
                .collect();
            (!peers.is_empty()).then(|| {
                let reason = Reason::new("naked single").cells([cell]).digits([digit]);
                Deduction::eliminate(reason, 2.3, peers)
            })
        })
    }
}
