//! Required digits: a digit every way of making a sum uses, pointed into
//! the cells that see all its places (the killer setter's "this cage must
//! contain a 9, and its 9 is in row 3").

use std::borrow::Cow;

use sudokit_core::{Cand, Cell, Digit, Digits, GroupId, Reason, Sum};

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
/// different digits, at most [`RequiredDigits::MAX_NODES`] search nodes per
/// sum (a larger sum is skipped).
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
/// candidates, peers holding different digits); `None` when there is none,
/// or the enumeration is too large.
fn required_digits(board: &Board<'_>, sum: &Sum) -> Option<Digits<u128>> {
    let mut search = Ways {
        board,
        terms: sum.terms(),
        chosen: Vec::with_capacity(sum.terms().len()),
        required: None,
        nodes: 0,
    };
    search.walk(0, 0, sum.total().into())?;
    search.required.filter(|r| !r.is_empty())
}

/// A depth-first walk over the ways of making a sum, keeping the digits
/// common to all of them.
struct Ways<'b, 'a> {
    board: &'b Board<'a>,
    terms: &'b [(Cell, i32)],
    /// The digits given to the terms before the current one.
    chosen: Vec<Digit>,
    /// The digits every way found so far uses; `None` before the first.
    required: Option<Digits<u128>>,
    nodes: usize,
}

impl Ways<'_, '_> {
    /// Extends the first `at` terms (adding up to `partial`) in every way;
    /// `None` when the node budget runs out. Stops early once no digit is
    /// common to every way.
    fn walk(&mut self, at: usize, partial: i64, total: i64) -> Option<()> {
        self.nodes += 1;
        if self.nodes > RequiredDigits::MAX_NODES {
            return None;
        }
        if at == self.terms.len() {
            if partial == total {
                let used: Digits<u128> = self.chosen.iter().fold(Digits::default(), |mut set, &d| {
                    set.insert(d);
                    set
                });
                let common = self.required.map_or(used, |r| r & used);
                self.required = Some(common);
            }
            return Some(());
        }
        if !self.reachable(at, partial, total) {
            return Some(());
        }
        let (cell, k) = self.terms[at];
        for digit in self.board.candidates(cell).iter() {
            let clash = self.terms[..at]
                .iter()
                .zip(&self.chosen)
                .any(|(&(other, _), &d)| d == digit && self.board.sees(cell, other));
            if clash {
                continue;
            }
            self.chosen.push(digit);
            self.walk(at + 1, partial + i64::from(k) * i64::from(digit), total)?;
            self.chosen.pop();
            if self.required.is_some_and(|r| r.is_empty()) {
                return Some(());
            }
        }
        Some(())
    }

    /// Whether the remaining terms, each at its least or most, can still
    /// bring `partial` to `total`.
    fn reachable(&self, at: usize, partial: i64, total: i64) -> bool {
        let (mut low, mut high) = (partial, partial);
        for &(cell, k) in &self.terms[at..] {
            let set = self.board.candidates(cell);
            let (Some(min), Some(max)) = (set.iter().next(), set.iter().last()) else {
                return false;
            };
            let (a, b) = (i64::from(k) * i64::from(min), i64::from(k) * i64::from(max));
            low += a.min(b);
            high += a.max(b);
        }
        (low..=high).contains(&total)
    }
}

/// A house holding every place, if one does.
fn house_of(board: &Board<'_>, places: &[Cell]) -> Option<GroupId> {
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
