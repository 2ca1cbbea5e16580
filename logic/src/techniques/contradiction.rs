//! The last resort: try a candidate and see the rules break.

use std::borrow::Cow;

use sudokit_core::{Cand, Cell, Contradiction, Engine, Reason, State, Step};

use super::trace::{depth_difficulty, has_variant_rules, Trace};
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
///
/// The step says its *depth* (the deductions the break rests on, the break
/// included). A break that rests on a variant rule is graded by it, on the
/// [rule and house](super::RuleAndHouse) scale continued past that step's
/// longest (6.6 for nine deductions, 0.3 more for each further one), up to
/// [`Trial::DIFFICULTY`]; one made of the houses' singles alone is the
/// classic contradiction, 8.5 whatever its depth, so classic grades do not
/// change.
#[derive(Clone, Copy, Debug, Default)]
pub struct Trial;

impl Trial {
    /// How many candidates one call tries at most.
    pub const MAX_TRIALS: usize = 5_000;

    /// The difficulty of the classic contradiction, and the most a variant
    /// one is graded.
    pub const DIFFICULTY: f32 = 8.5;

    /// The difficulty of a break `depth` deductions deep that rests on a
    /// variant rule (`variant`), or on the houses alone.
    pub fn difficulty_of(depth: usize, variant: bool) -> f32 {
        if variant {
            depth_difficulty(depth).min(Self::DIFFICULTY)
        } else {
            Self::DIFFICULTY
        }
    }
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
        let candidates = trials.candidates(Self::MAX_TRIALS + 1);
        for (tried, &cand) in candidates.iter().enumerate() {
            if tried == Self::MAX_TRIALS {
                return None;
            }
            let Err(broken) = trials.assume(cand) else {
                continue;
            };
            // Replayed with every deduction recorded, only for the one that
            // breaks: the trials themselves stay fast.
            let (difficulty, text) = match trials.assume_recorded(cand) {
                (Err(broken), steps) => {
                    let trace = Trace::of(model, cand, steps, broken);
                    let variant = trace.uses_variant_rule(model) && *model.prepared(has_variant_rules);
                    let depth = trace.depth();
                    (
                        Self::difficulty_of(depth, variant),
                        format!("then {}, depth {depth}", broken.describe(model)),
                    )
                }
                (Ok(()), _) => (Self::DIFFICULTY, format!("then {}", broken.describe(model))),
            };
            let reason = Reason::new("contradiction")
                .cells([cand.cell])
                .digits([cand.digit])
                .text(text);
            return Some(Deduction::eliminate(reason, difficulty, vec![cand]));
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

    /// The unsolved candidates of the fixpoint, those of cells with the
    /// fewest first (where an assumption says the most), at most `limit`.
    pub(super) fn candidates(&self, limit: usize) -> Vec<Cand> {
        candidates_of(&self.start, limit)
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

    /// Narrows `state` to `keep` (each cell to the digits given, bits of a
    /// `u128`) and propagates: a trial from another starting point than
    /// the fixpoint (nested trials).
    pub(super) fn narrow(
        &mut self,
        state: &mut State<u128>,
        keep: impl IntoIterator<Item = (Cell, u128)>,
    ) -> Result<(), Contradiction> {
        self.engine
            .restrict_all(state, None, keep)
            .and_then(|()| self.engine.propagate(state, None))
    }
}

/// The unsolved candidates of `state`, those of cells with the fewest
/// first, at most `limit`.
pub(super) fn candidates_of(state: &State<u128>, limit: usize) -> Vec<Cand> {
    let mut cells: Vec<Cell> = (0..state.cells().len() as u16)
        .map(Cell)
        .filter(|&c| state.candidates(c).len() > 1)
        .collect();
    cells.sort_by_key(|&c| (state.candidates(c).len(), c));
    cells
        .into_iter()
        .flat_map(|cell| state.candidates(cell).iter().map(move |d| Cand::new(cell, d)))
        .take(limit)
        .collect()
}
