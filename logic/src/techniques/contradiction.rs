//! The last resort: try a candidate and see the rules break.

use std::borrow::Cow;

use sudokit_core::{Cand, Cell, Contradiction, Digit, Engine, Reason, State, Step};

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
        let mut trials = Trials::new(board)?;
        let start = &trials.start;
        let mut cells: Vec<Cell> = board.cells().filter(|&c| start.candidates(c).len() > 1).collect();
        cells.sort_by_key(|&c| (start.candidates(c).len(), c));
        let candidates: Vec<(Cell, Digit)> = cells
            .into_iter()
            .flat_map(|cell| start.candidates(cell).iter().map(move |d| (cell, d)))
            .take(Self::MAX_TRIALS + 1)
            .collect();
        for (tried, &(cell, digit)) in candidates.iter().enumerate() {
            if tried == Self::MAX_TRIALS {
                return None;
            }
            let Err(broken) = trials.assume(Cand::new(cell, digit)) else {
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
        None
    }
}

/// Assumptions on a board, each propagated by the rules from their
/// fixpoint: what trial techniques (this one, forcing chains) share.
pub(super) struct Trials<'a> {
    engine: Engine<'a>,
    /// The board's candidates at the rules' fixpoint, where every trial starts.
    pub(super) start: State<u128>,
    /// The state after the last assumption.
    pub(super) state: State<u128>,
}

impl<'a> Trials<'a> {
    /// The rules' fixpoint of `board` first, so each trial propagates only
    /// what its assumption changes; `None` when the board already breaks.
    pub(super) fn new(board: &Board<'a>) -> Option<Trials<'a>> {
        let model = board.model();
        let mut engine = Engine::rules_only(model);
        let mut start = State::<u128>::from_candidates(model.geometry(), board.all_candidates());
        engine.schedule_all();
        engine.propagate(&mut start, None).ok()?;
        let state = start.clone();
        Some(Trials { engine, start, state })
    }

    /// Places `cand` on the fixpoint and propagates; the result is in
    /// [`state`](Self::state).
    pub(super) fn assume(&mut self, cand: Cand) -> Result<(), Contradiction> {
        self.state.copy_from(&self.start);
        self.engine
            .restrict_all(&mut self.state, None, [(cand.cell, 1u128 << (cand.digit - 1))])
            .and_then(|()| self.engine.propagate(&mut self.state, None))
    }

    /// As [`assume`](Self::assume), and every deduction made on the way
    /// with its reason.
    pub(super) fn assume_recorded(&mut self, cand: Cand) -> (Result<(), Contradiction>, Vec<Step>) {
        self.state.copy_from(&self.start);
        if let Err(broken) =
            self.engine
                .restrict_all(&mut self.state, None, [(cand.cell, 1u128 << (cand.digit - 1))])
        {
            return (Err(broken), Vec::new());
        }
        self.engine.record(&mut self.state, None)
    }
}
