//! Rule and house: a candidate that leaves a variant rule unable to hold
//! together with the houses it crosses, found in a few named deductions.

use std::borrow::Cow;

use sudokit_core::{Cand, Cell, Contradiction, ContradictionKind, Model, Reason, Step};

use super::contradiction::Trials;
use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// A candidate whose consequences break a rule together with a house in a
/// few deductions: "8 at r2c3: the slow thermometer keeps r3c4 to {9}, then
/// 9 has no place left in row 3". The digit leaves its cell.
///
/// It is the short case of a [contradiction](super::Trial) that setters
/// name as logic rather than as a guess: the rules' own deductions after
/// the assumption are recorded, and only those that lead to the break are
/// kept (a deduction counts when it removed a candidate from a cell that a
/// later kept deduction, or the break, rests on). At least one of them, or
/// the break, must come from a rule other than the houses' singles (a
/// thermometer, a cage's sum, a kropki dot, anti-knight), so classic
/// puzzles never see this step: for them the contradiction stays what it
/// was. It works from what rules declare (relations, sums, domains,
/// propagators), so a new rule takes part without code here.
///
/// Difficulty grows with the length of what led to the break (the
/// *depth*: kept deductions, the break included): [`RuleAndHouse::BASE`]
/// for a depth of two (one rule deduction and the break), 0.3 more per
/// further deduction, up to [`RuleAndHouse::MAX_DEPTH`]. Among the
/// candidates, the shallowest break is chosen.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleAndHouse;

impl RuleAndHouse {
    /// Difficulty of the shortest form: between the wings (4.4) and the
    /// quads (5.0), as hard as a hidden triple's search.
    pub const BASE: f32 = 4.5;
    /// Difficulty added per deduction past the second.
    pub const PER_DEDUCTION: f32 = 0.3;
    /// The longest chain of deductions the step accepts (difficulty 6.3);
    /// longer ones are left to the contradiction step.
    pub const MAX_DEPTH: usize = 8;
    /// How many candidates one call tries at most.
    const MAX_TRIALS: usize = 2_000;

    /// The difficulty of a break `depth` deductions deep.
    pub fn difficulty_of(depth: usize) -> f32 {
        let extra = depth.saturating_sub(2) as f32 * Self::PER_DEDUCTION;
        ((Self::BASE + extra) * 10.0).round() / 10.0
    }
}

/// Whether the rules go beyond houses (sums, relations, a propagator of
/// their own, domains): only then can this step find anything.
fn has_variant_rules(model: &Model) -> bool {
    !model.sums().is_empty()
        || !model.related_pairs().is_empty()
        || (0..model.constraints().len()).any(|k| !model.scope_of(k).is_empty())
        || (0..model.geometry().cell_count() as u16).any(|c| model.domain_rule(Cell(c)).is_some())
}

/// The names the engine gives the houses' own deductions.
fn is_house_deduction(step: &Step) -> bool {
    matches!(
        step.reason.rule.as_ref(),
        "naked single" | "hidden single" | "hidden subset"
    )
}

impl Technique for RuleAndHouse {
    fn name(&self) -> Cow<'static, str> {
        "rule and house".into()
    }

    fn difficulty(&self) -> f32 {
        Self::BASE
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        let model = board.model();
        if !*model.prepared(has_variant_rules) {
            return None;
        }
        let mut trials = Trials::new(board)?;
        let start = &trials.start;
        let mut cells: Vec<Cell> = board.cells().filter(|&c| start.candidates(c).len() > 1).collect();
        cells.sort_by_key(|&c| (start.candidates(c).len(), c));
        let candidates: Vec<Cand> = cells
            .into_iter()
            .flat_map(|cell| start.candidates(cell).iter().map(move |d| Cand::new(cell, d)))
            .take(Self::MAX_TRIALS)
            .collect();
        let mut best: Option<(usize, Cand, Vec<Step>, Contradiction)> = None;
        for cand in candidates {
            let (result, steps) = trials.assume_recorded(cand);
            let Err(broken) = result else { continue };
            let mut chain = what_led_to(model, steps, &broken);
            // The assumption's own digit leaving its peers goes without saying.
            chain.retain(|s| !(s.reason.rule == "naked single" && s.reason.cells == [cand.cell]));
            let variant = chain.iter().any(|s| !is_house_deduction(s))
                || matches!(broken.kind, ContradictionKind::Rule { .. });
            let depth = chain.len() + 1;
            if !variant || depth > Self::MAX_DEPTH || best.as_ref().is_some_and(|b| b.0 <= depth) {
                continue;
            }
            let shortest = depth <= 2;
            best = Some((depth, cand, chain, broken));
            if shortest {
                break;
            }
        }
        let (depth, cand, chain, broken) = best?;
        let reason = Reason::new("rule and house")
            .cells([cand.cell])
            .digits([cand.digit])
            .text(wording(model, &chain, &broken));
        Some(Deduction::eliminate(
            reason,
            Self::difficulty_of(depth),
            vec![cand],
        ))
    }
}

/// "the slow thermometer keeps r3c4 to {9}, then 9 has no place left in
/// row 3": each kept deduction by its rule and the cells it narrowed (in
/// reading order), then the break.
fn wording(model: &Model, chain: &[Step], broken: &Contradiction) -> String {
    let mut parts: Vec<String> = chain
        .iter()
        .map(|step| {
            let mut shown = step.clone();
            shown.removed.sort_by_key(|r| (r.cell, r.digit));
            shown.describe(model)
        })
        .collect();
    parts.push(broken.describe(model));
    format!("then {}", parts.join("; then "))
}

/// The deductions among `steps` that the break rests on, in order: walking
/// back from the break, a deduction is kept when it removed a candidate
/// from a cell something kept reads, and then what it reads is read too.
fn what_led_to(model: &Model, steps: Vec<Step>, broken: &Contradiction) -> Vec<Step> {
    let mut read = vec![false; model.geometry().cell_count()];
    fn mark(cells: &[Cell], read: &mut [bool]) {
        cells.iter().for_each(|c| read[c.index()] = true);
    }
    match broken.kind {
        ContradictionKind::EmptyCell(cell) => mark(&[cell], &mut read),
        ContradictionKind::NoPlace { group, .. } | ContradictionKind::TooFewDigits { group } => {
            mark(model.group(group).cells(), &mut read)
        }
        ContradictionKind::Rule { cell, .. } => {
            if let Some(cell) = cell {
                mark(&[cell], &mut read);
            }
            if let Some(k) = broken.constraint {
                mark(model.scope_of(k), &mut read);
            }
        }
    }
    let mut kept: Vec<Step> = Vec::new();
    for step in steps.into_iter().rev() {
        if !step.removed.iter().any(|r| read[r.cell.index()]) {
            continue;
        }
        mark(&step.reason.cells, &mut read);
        if let Some(g) = step.reason.group.filter(|&g| g < model.groups().len()) {
            mark(model.group(g).cells(), &mut read);
        }
        if step.reason.cells.is_empty() {
            if let Some(k) = step.constraint {
                mark(model.scope_of(k), &mut read);
            }
        }
        kept.push(step);
    }
    kept.reverse();
    kept
}
