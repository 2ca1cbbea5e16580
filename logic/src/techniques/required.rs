//! Required digits: a digit every way of making a sum uses, pointed into
//! the cells that see all its places (the killer setter's "this cage must
//! contain a 9, and its 9 is in row 3").

use std::borrow::Cow;

use sudokit_core::{Cand, Cell, Digit, Digits, GroupId, Reason, Sum};

use super::ways::{ways, Goal};
use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// A digit that every way of making one of the rules' sums places in its
/// cells (a killer cage of 3 in two cells must hold a 1 and a 2; an arrow
/// whose circle is at most 3 on three shaft cells must hold a 1), located:
/// when the cells of the sum where it can go all see one cell, that cell
/// cannot hold it. Its usual form is *pointing*: the places all lie in one
/// house, and the digit leaves the rest of that house.
///
/// It works from what rules declare, their sums (cages, arrows, little
/// killers, sandwiches as compiled, and the innies and outies the model
/// derives), never from rule types. The ways of making a sum are
/// enumerated from the candidates, cells that see each other holding
/// different digits and related cells only pairs their relation allows (the
/// walk [`Combinations`](super::Combinations) shares), at most
/// [`RequiredDigits::MAX_NODES`] search nodes per sum (a larger sum is
/// skipped).
///
/// Sound because the digit is in one of its places in every solution, so a
/// cell that sees them all never holds it.
#[derive(Clone, Copy, Debug, Default)]
pub struct RequiredDigits;

impl RequiredDigits {
    /// Difficulty: pointing (2.6) after knowing a sum's combinations, the
    /// rules' own basic logic (2.0); above claiming (2.8), below the naked
    /// pair (3.0) it often names more simply.
    pub const DIFFICULTY: f32 = 2.9;
    /// Search nodes one sum's enumeration may visit.
    pub const MAX_NODES: usize = 20_000;
}

impl Technique for RequiredDigits {
    fn name(&self) -> Cow<'static, str> {
        "required digits".into()
    }

    fn difficulty(&self) -> f32 {
        Self::DIFFICULTY
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        for compiled in board.model().sums() {
            let sum = compiled.sum();
            if sum.terms().iter().all(|&(c, _)| board.value(c).is_some()) {
                continue;
            }
            let Some(required) = required_digits(board, sum) else {
                continue;
            };
            for digit in required.iter() {
                let places: Vec<Cell> = sum.cells().filter(|&c| board.has(c, digit)).collect();
                if let [only] = places[..] {
                    let reason = reason(compiled.label(), &places, digit, None);
                    return Some(Deduction::place(reason, Self::DIFFICULTY, Cand::new(only, digit)))
                        .filter(|d| d.changes(board));
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
                return Some(Deduction::eliminate(
                    reason(compiled.label(), &places, digit, house_of(board, &places)),
                    Self::DIFFICULTY,
                    eliminations,
                ));
            }
        }
        None
    }
}

/// The digits every way of making `sum` places in its cells (from the
/// candidates, weakly linked cells never holding what the link forbids);
/// `None` when there is none, or the enumeration is too large.
fn required_digits(board: &Board<'_>, sum: &Sum) -> Option<Digits<u128>> {
    let found = ways(board, sum, Goal::Required, RequiredDigits::MAX_NODES)?;
    (found.count > 0 && !found.required.is_empty()).then_some(found.required)
}

/// A house holding every place, if one does.
pub(super) fn house_of(board: &Board<'_>, places: &[Cell]) -> Option<GroupId> {
    let first = *places.first()?;
    board
        .groups_of(first)
        .filter(|&g| board.group(g).is_complete(board.size()))
        .find(|&g| places.iter().all(|c| board.group(g).cells().contains(c)))
}

/// "required digits 9 in r3c1, r3c2 (row 3), every way of making killer
/// cage 26 places a 9 there".
fn reason(label: &str, places: &[Cell], digit: Digit, house: Option<GroupId>) -> Reason {
    let mut places = places.to_vec();
    places.sort();
    let reason = Reason::new("required digits").cells(places).digits([digit]);
    let why = format!("every way of making {label} places a {digit} there");
    match house {
        Some(h) => reason.group(h).text(why),
        None if reason.cells.len() > 1 => {
            reason.text(format!("{why}, so it leaves the cells that see them all"))
        }
        None => reason.text(why),
    }
}
