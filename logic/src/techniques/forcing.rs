//! Forcing: every way a cell (or a digit in a house) can go leads to the
//! same eliminations.

use std::borrow::Cow;

use sudokit_core::{Cand, Cell, Digit, Digits, Reason};

use super::contradiction::Trials;
use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// Cell and region forcing chains, dynamic form: each candidate of a cell
/// (or each place of a digit in a house) is assumed in turn and the rules
/// propagate; a candidate removed in *every* branch goes, since one of the
/// branches is the solution.
///
/// Stronger than the [contradiction](super::Trial) step (which is the case
/// where all branches but one break) and tried after it. Never nests:
/// one propagation per branch; cells with at most [`Forcing::MAX_BRANCHES`]
/// candidates and houses where the digit has at most that many places.
#[derive(Clone, Copy, Debug, Default)]
pub struct Forcing;

impl Forcing {
    /// Most branches one forcing step follows.
    pub const MAX_BRANCHES: usize = 4;
    /// Most propagations one call runs.
    const MAX_PROPAGATIONS: usize = 20_000;
    const DIFFICULTY: f32 = 9.0;
}

/// Where the branches come from.
enum Source {
    Cell(Cell),
    House(usize, Digit),
}

impl Technique for Forcing {
    fn name(&self) -> Cow<'static, str> {
        "forcing chains".into()
    }

    fn difficulty(&self) -> f32 {
        Self::DIFFICULTY
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        let model = board.model();
        let mut trials = Trials::new(board)?;
        let start = &trials.start;
        let fixpoint = Board::new(model, start.cells());
        let mut sources: Vec<(usize, Source, Vec<Cand>)> = Vec::new();
        for cell in board.cells() {
            let set = start.candidates(cell);
            if (2..=Self::MAX_BRANCHES).contains(&set.len()) {
                let branches = set.iter().map(|d| Cand::new(cell, d)).collect();
                sources.push((set.len(), Source::Cell(cell), branches));
            }
        }
        for h in fixpoint.houses() {
            for digit in 1..=board.size() as Digit {
                let places = fixpoint.places(h, digit);
                if (2..=Self::MAX_BRANCHES).contains(&places.len()) {
                    let branches = places.iter().map(|&c| Cand::new(c, digit)).collect();
                    sources.push((places.len(), Source::House(h, digit), branches));
                }
            }
        }
        sources.sort_by_key(|(len, _, _)| *len);
        let mut budget = Self::MAX_PROPAGATIONS;
        for (_, source, branches) in sources {
            // The union of what each branch that survives leaves.
            let mut union: Vec<Digits<u128>> = vec![Digits::default(); trials.start.cells().len()];
            for branch in &branches {
                budget = budget.checked_sub(1)?;
                if trials.assume(*branch).is_ok() {
                    for (u, s) in union.iter_mut().zip(trials.state.cells()) {
                        *u |= *s;
                    }
                }
            }
            let eliminations: Vec<Cand> = trials
                .start
                .cells()
                .iter()
                .zip(&union)
                .enumerate()
                .flat_map(|(i, (s, u))| (*s - *u).iter().map(move |d| Cand::new(Cell(i as u16), d)))
                .filter(|c| board.has(c.cell, c.digit))
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let reason = match source {
                Source::Cell(cell) => Reason::new("cell forcing chains")
                    .cells([cell])
                    .digits(branches.iter().map(|b| b.digit))
                    .text("whichever it holds"),
                Source::House(h, digit) => Reason::new("region forcing chains")
                    .cells(branches.iter().map(|b| b.cell))
                    .digits([digit])
                    .group(h)
                    .text("wherever it goes"),
            };
            return Some(Deduction::eliminate(reason, Self::DIFFICULTY, eliminations));
        }
        None
    }
}
