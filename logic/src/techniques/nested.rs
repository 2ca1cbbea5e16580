//! Nested trials: a candidate whose assumption, followed by trials of
//! other candidates inside it, breaks the rules.

use std::borrow::Cow;

use sudokit_core::{Cand, Contradiction, Model, Reason, State};

use super::contradiction::{candidates_of, Trials};
use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// Trial within a trial (nested forcing chains): assume a candidate and let
/// the rules propagate; if nothing breaks yet, try each other candidate
/// *inside* that assumption, removing those that break it (the
/// [contradiction](super::Trial) step one level down), until the
/// assumption itself breaks. Then the assumed digit is not the cell's.
///
/// Sound for the same reason as the contradiction step, twice: an inner
/// trial that breaks shows that no solution with the assumption has that
/// inner candidate, so removing it keeps every solution of the
/// assumption; a break after such removals means there is none.
///
/// The last rung of the ladder, above [forcing chains](super::Forcing):
/// it is what finishes puzzles that would otherwise need guessing. The
/// step keeps only the inner trials its break needs (each one dropped in
/// turn when the break holds without it) and names each with its own
/// break. Difficulty [`NestedTrial::BASE`] (Sudoku Explainer's nested
/// forcing chains) for one inner trial, 0.1 more for each further one, at
/// most [`NestedTrial::MAX`]. One call runs at most
/// [`NestedTrial::MAX_PROPAGATIONS`] propagations.
#[derive(Clone, Copy, Debug, Default)]
pub struct NestedTrial;

impl NestedTrial {
    /// Difficulty with one inner trial: Sudoku Explainer's nested forcing
    /// chains, above its dynamic forcing chains (9.0).
    pub const BASE: f32 = 9.5;
    /// The most a nested trial is graded.
    pub const MAX: f32 = 10.0;
    /// Most propagations one call runs (outer and inner trials together).
    pub const MAX_PROPAGATIONS: usize = 50_000;

    /// The difficulty of a break that needed `inner` inner trials.
    pub fn difficulty_of(inner: usize) -> f32 {
        let extra = inner.saturating_sub(1) as f32 * 0.1;
        ((Self::BASE + extra).min(Self::MAX) * 10.0).round() / 10.0
    }
}

fn bit(cand: Cand) -> u128 {
    1u128 << (cand.digit - 1)
}

/// One inner trial that broke: the candidate and why.
type Inner = (Cand, Contradiction);

impl Technique for NestedTrial {
    fn name(&self) -> Cow<'static, str> {
        "nested trial".into()
    }

    fn difficulty(&self) -> f32 {
        Self::BASE
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        let model = board.model();
        let mut trials = Trials::new(board)?;
        let mut budget = Self::MAX_PROPAGATIONS;
        for cand in trials.candidates(usize::MAX) {
            budget = budget.checked_sub(1)?;
            if trials.assume(cand).is_err() {
                continue; // a plain contradiction, the rung below
            }
            let mut assumed = trials.state.clone();
            let Some(inner) = nest(&mut trials, &mut assumed, board.size(), &mut budget)? else {
                continue;
            };
            let (inner, broken) = needed(&mut trials, cand, inner)?;
            let reason = Reason::new("nested trial")
                .cells([cand.cell])
                .digits([cand.digit])
                .text(wording(model, &inner, &broken));
            return Some(Deduction::eliminate(
                reason,
                Self::difficulty_of(inner.len()),
                vec![cand],
            ));
        }
        None
    }
}

/// Inner trials on `assumed` until it breaks (`Some`, with every inner
/// trial that broke, in order) or no inner trial breaks (`Some(None)`);
/// `None` when the budget runs out.
///
/// A candidate tried again on the very state where it last did not break
/// (no inner trial broke since) would not break again: it is passed over,
/// and counted against the budget as if tried, so the budget runs out
/// exactly where it did when every trial was run.
fn nest(
    trials: &mut Trials<'_>,
    assumed: &mut State<u128>,
    size: usize,
    budget: &mut usize,
) -> Option<Option<Vec<Inner>>> {
    let mut inner: Vec<Inner> = Vec::new();
    let mut scratch = assumed.clone();
    // How many inner trials had broken when each candidate last did not.
    let mut quiet_since = vec![usize::MAX; assumed.cells().len() * size];
    loop {
        let mut progress = false;
        for cand in candidates_of(assumed, usize::MAX) {
            if !assumed.candidates(cand.cell).contains(cand.digit) {
                continue; // gone with an earlier inner trial
            }
            *budget = budget.checked_sub(1)?;
            let quiet = &mut quiet_since[cand.cell.index() * size + usize::from(cand.digit) - 1];
            if *quiet == inner.len() {
                continue; // the same state as when it did not break
            }
            scratch.copy_from(assumed);
            let Err(broken) = trials.narrow(&mut scratch, [(cand.cell, bit(cand))]) else {
                *quiet = inner.len();
                continue;
            };
            inner.push((cand, broken));
            progress = true;
            if trials.narrow(assumed, [(cand.cell, !bit(cand))]).is_err() {
                return Some(Some(inner));
            }
        }
        if !progress {
            return Some(None);
        }
    }
}

/// The inner trials the break of `assumed` needs: each is dropped in turn
/// (the last first) when the assumption still breaks without it. Any
/// subset is sound to use, since each inner removal holds under the
/// assumption whatever was removed before it. With the final break.
fn needed(
    trials: &mut Trials<'_>,
    assumed: Cand,
    mut inner: Vec<Inner>,
) -> Option<(Vec<Inner>, Contradiction)> {
    let breaks = |trials: &mut Trials<'_>, kept: &[Inner]| -> Option<Contradiction> {
        let mut state = trials.start.clone();
        let keep =
            std::iter::once((assumed.cell, bit(assumed))).chain(kept.iter().map(|(c, _)| (c.cell, !bit(*c))));
        trials.narrow(&mut state, keep).err()
    };
    let mut i = inner.len();
    while i > 0 {
        i -= 1;
        let without: Vec<Inner> = inner
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, x)| *x)
            .collect();
        if breaks(trials, &without).is_some() {
            inner = without;
        }
    }
    let broken = breaks(trials, &inner)?;
    Some((inner, broken))
}

/// "then r2c2 = 3 breaks (r2c3 has no candidate left), r5c5 = 4 breaks
/// (the sum cannot be made); without them, 7 has no place left in row 3".
fn wording(model: &Model, inner: &[Inner], broken: &Contradiction) -> String {
    let n = model.size();
    let trials: Vec<String> = inner
        .iter()
        .map(|(c, why)| {
            format!(
                "{} = {} breaks ({})",
                c.cell.name(n),
                c.digit,
                why.describe(model)
            )
        })
        .collect();
    let them = if inner.len() == 1 { "it" } else { "them" };
    format!(
        "then {}; without {them}, {}",
        trials.join(", "),
        broken.describe(model)
    )
}
