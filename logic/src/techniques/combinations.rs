//! Combinations: the ways a sum can still be made, against the candidates
//! and the houses and relations among its cells; a digit no way gives a
//! cell leaves it (the killer setter's "10 in three cells of one box is
//! 127, 136, 145 or 235: no 8").

use std::borrow::Cow;

use sudokit_core::{Cand, Cell, CompiledSum, Digit, Reason, Sum};

use super::quiet::Quiet;
use super::required::house_of;
use super::ways::{joint_ways, ways, Goal, Ways};
use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// A digit that no way of making one of the rules' sums gives a cell: the
/// ways are enumerated from the candidates of all its cells at once, cells
/// that see each other holding different digits and related cells only
/// pairs their relation allows.
///
/// The rules' own sum propagator (2.0) does this one block of mutually
/// different cells at a time; this step names what only the whole sum
/// shows (an arrow whose shaft crosses two boxes, a cage whose cells are
/// linked by a kropki dot, the innies and outies the model derives, worded
/// as setters write them: "innies of box 5: r4c4 + r6c6 = 45 − 38 = 7").
/// It lists the combinations when the sum is a plain total ("killer cage
/// 10, which only 127, 136, 145 or 235 make"). The digits every way uses are the
/// [required digits](super::RequiredDigits) step, which shares the walk.
///
/// It works from what rules declare (their sums, groups and relations),
/// never from rule types. Sound because every solution makes each sum in
/// one of the ways enumerated (the candidates hold the solutions' digits).
#[derive(Clone, Copy, Debug, Default)]
pub struct Combinations;

impl Combinations {
    /// Difficulty: reading one rule's combinations against the candidates
    /// and the houses among its cells: above the naked single (2.3), which
    /// reads one cell, and below pointing (2.6), which crosses two houses.
    pub const DIFFICULTY: f32 = 2.5;
    /// Search nodes one sum's enumeration may visit (a larger sum is
    /// skipped).
    pub const MAX_NODES: usize = 20_000;
}

impl Technique for Combinations {
    fn name(&self) -> Cow<'static, str> {
        "combinations".into()
    }

    fn difficulty(&self) -> f32 {
        Self::DIFFICULTY
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        let quiet = board.model().prepared(|_| SumsLookedAt::default());
        for (i, compiled) in board.model().sums().iter().enumerate() {
            let sum = compiled.sum();
            let cells: Vec<Cell> = sum.cells().collect();
            if cells.iter().all(|&c| board.value(c).is_some()) || quiet.0.unchanged(board, i, &cells) {
                continue;
            }
            let found = ways(board, sum, Goal::Unused, Self::MAX_NODES).filter(|f| f.count > 0);
            let Some(found) = found else {
                // Too large, or the rules report a sum that cannot be made.
                quiet.0.remember(board, i, &cells);
                continue;
            };
            let eliminations: Vec<Cand> = sum
                .terms()
                .iter()
                .zip(&found.supported)
                .flat_map(|(&(cell, _), &supported)| {
                    (board.candidates(cell) - supported)
                        .iter()
                        .map(move |d| Cand::new(cell, d))
                })
                .collect();
            if eliminations.is_empty() {
                quiet.0.remember(board, i, &cells);
                continue;
            }
            return Some(Deduction::eliminate(
                reason(board, compiled, &found),
                Self::DIFFICULTY,
                eliminations,
            ));
        }
        self.find_joint(board, &quiet.0)
    }
}

impl Combinations {
    /// Difficulty of a rule's several sums made at once (a zipper line's
    /// pairs around its middle): one more look than a sum alone.
    pub const JOINT_DIFFICULTY: f32 = 2.7;
    /// The most cells a rule's sums may cover together to be made at once.
    const MAX_JOINT_CELLS: usize = 16;

    /// The sums one rule declares, made all at once when they share
    /// cells: "r2c2 = 3 needs 1 and 2 in r1c3, r1c4 and r1c5" on a zipper
    /// line, which no sum alone shows.
    fn find_joint(&self, board: &Board<'_>, quiet: &Quiet) -> Option<Deduction> {
        let model = board.model();
        let sums = model.sums();
        for k in 0..model.constraints().len() {
            let own: Vec<&CompiledSum> = sums.iter().filter(|s| s.rule() == Some(k)).collect();
            if own.len() < 2 {
                continue;
            }
            let mut cells: Vec<Cell> = own.iter().flat_map(|s| s.sum().cells()).collect();
            cells.sort();
            cells.dedup();
            let shared = cells.len() < own.iter().map(|s| s.sum().terms().len()).sum::<usize>();
            let item = sums.len() + k;
            if !shared
                || cells.len() > Self::MAX_JOINT_CELLS
                || cells.iter().all(|&c| board.value(c).is_some())
                || quiet.unchanged(board, item, &cells)
            {
                continue;
            }
            let plain: Vec<&Sum> = own.iter().map(|s| s.sum()).collect();
            let eliminations: Vec<Cand> = joint_ways(board, &cells, &plain, Self::MAX_NODES)
                .map(|found| {
                    cells
                        .iter()
                        .zip(&found.supported)
                        .flat_map(|(&c, &kept)| {
                            (board.candidates(c) - kept).iter().map(move |d| Cand::new(c, d))
                        })
                        .collect()
                })
                .unwrap_or_default();
            if eliminations.is_empty() {
                quiet.remember(board, item, &cells);
                continue;
            }
            let equations: Vec<String> = plain.iter().map(|s| equation(s, board.size())).collect();
            let text = match equations.len() {
                ..=4 => format!(
                    "{} ({}), its sums at once, can only be made without them",
                    own[0].label(),
                    equations.join(", ")
                ),
                many => format!(
                    "{}, its {many} sums at once, can only be made without them",
                    own[0].label()
                ),
            };
            let reason = Reason::new("combinations").text(text);
            return Some(Deduction::eliminate(reason, Self::JOINT_DIFFICULTY, eliminations));
        }
        None
    }
}

/// The sums [`Combinations`] found nothing in, per model.
#[derive(Debug, Default)]
struct SumsLookedAt(Quiet);

/// "combinations in r1c1, r1c2, r2c2 (box 1), killer cage 10, which only
/// 127, 136, 145 or 235 make"; a derived sum names its cells itself.
fn reason(board: &Board<'_>, compiled: &CompiledSum, found: &Ways) -> Reason {
    let sum = compiled.sum();
    let label = compiled.label();
    let text = if sum.is_cage() {
        let mut list: Vec<String> = found
            .combinations
            .iter()
            .map(|c| digits_word(c, board.size()))
            .collect();
        match list.len() {
            1 => format!("{label}, which only {} makes", list[0]),
            _ if found.more => format!("{label}, which only {} and others make", list.join(", ")),
            _ => {
                let last = list.pop().unwrap_or_default();
                format!("{label}, which only {} or {last} make", list.join(", "))
            }
        }
    } else {
        let equation = equation(sum, board.size());
        let reason =
            Reason::new("combinations").text(format!("{label} {equation} can only be made without them"));
        return reason;
    };
    let reason = Reason::new("combinations").text(text);
    if compiled.derivation().is_some() {
        return reason;
    }
    let mut cells: Vec<Cell> = sum.cells().collect();
    cells.sort();
    let house = house_of(board, &cells);
    let reason = reason.cells(cells);
    match house {
        Some(h) => reason.group(h),
        None => reason,
    }
}

/// A sum as setters write it: the cells counted up on the left, those
/// counted down on the right (`r3c2 + r4c3 = r2c2` for an arrow).
fn equation(sum: &Sum, n: usize) -> String {
    let side = |sign: i32| -> Vec<String> {
        sum.terms()
            .iter()
            .filter(|&&(_, k)| k.signum() == sign)
            .map(|&(c, k)| match k.abs() {
                1 => c.name(n),
                k => format!("{k}×{}", c.name(n)),
            })
            .collect()
    };
    let (mut left, mut right) = (side(1), side(-1));
    match sum.total() {
        0 => {}
        t if t > 0 => right.push(t.to_string()),
        t => left.push((-t).to_string()),
    }
    let word = |v: Vec<String>| {
        if v.is_empty() {
            "0".to_string()
        } else {
            v.join(" + ")
        }
    };
    format!("{} = {}", word(left), word(right))
}

/// A combination as setters write it: `127` (`1+10+16` on boards past 9).
fn digits_word(digits: &[Digit], n: usize) -> String {
    let words: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    words.join(if n > 9 { "+" } else { "" })
}
