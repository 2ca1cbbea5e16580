//! The last resort: try a candidate and see the rules break.

use std::borrow::Cow;

use sudokit_core::{Cand, Cell, Engine, Reason, State};

use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// Trial of one candidate (Nishio, bowman's bingo): put the digit in its
/// cell and let the rules propagate (every rule's propagator, which
/// includes naked and hidden singles). If that ends in a contradiction (a
/// cell with no candidate, a digit with no place in a house, a rule that
/// cannot be met), the digit is not the cell's.
///
/// Sound because propagation only removes what no solution extending the
/// assumption uses: a contradiction means there is no such solution.
///
/// Cells with the fewest candidates are tried first (where an assumption
/// says the most). The trial never nests: one propagation per candidate,
/// at most [`Trial::MAX_TRIALS`] in one call.
#[derive(Clone, Copy, Debug, Default)]
pub struct Trial;

impl Trial {
    /// How many candidates one call tries at most.
    pub const MAX_TRIALS: usize = 5_000;

    const DIFFICULTY: f32 = 8.5;
}

impl Technique for Trial {
    fn name(&self) -> Cow<'static, str> {
        "contradiction".into()
    }

    fn difficulty(&self) -> f32 {
        Self::DIFFICULTY
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        let model = board.model();
        // The rules' fixpoint first, so each trial propagates only what the
        // assumption changes.
        let mut engine = Engine::rules_only(model);
        let mut start = State::<u128>::from_candidates(model.geometry(), board.all_candidates());
        engine.schedule_all();
        engine.propagate(&mut start, None).ok()?;
        let mut cells: Vec<Cell> = board.cells().filter(|&c| start.candidates(c).len() > 1).collect();
        cells.sort_by_key(|&c| (start.candidates(c).len(), c));
        let mut state = start.clone();
        let mut trials = 0;
        for cell in cells {
            for digit in start.candidates(cell).iter() {
                trials += 1;
                if trials > Self::MAX_TRIALS {
                    return None;
                }
                state.copy_from(&start);
                let assumed = engine
                    .restrict_all(&mut state, None, [(cell, 1u128 << (digit - 1))])
                    .and_then(|()| engine.propagate(&mut state, None));
                let Err(broken) = assumed else {
                    continue;
                };
                let text = format!("then {}", broken.describe(model));
                let reason = Reason::new("contradiction")
                    .cells([cell])
                    .digits([digit])
                    .text(text);
                return Some(Deduction::eliminate(
                    reason,
                    Self::DIFFICULTY,
                    vec![Cand::new(cell, digit)],
                ));
            }
        }
        None
    }
}
