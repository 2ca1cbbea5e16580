//! What a trial's break rests on: the deductions recorded after an
//! assumption, kept only when the break needs them, and how they read.
//! Shared by the trial techniques that grade a break by its depth.

use sudokit_core::{Cand, Cell, Contradiction, ContradictionKind, Model, Step};

/// The difficulty of a variant break `depth` deductions deep (the break
/// included): 4.5 for two, 0.3 more for each further one. The scale of
/// rule and house, continued by the contradiction step past its longest.
pub(super) fn depth_difficulty(depth: usize) -> f32 {
    let extra = depth.saturating_sub(2) as f32 * DEPTH_STEP;
    ((DEPTH_BASE + extra) * 10.0).round() / 10.0
}

/// The difficulty of the shortest variant break.
pub(super) const DEPTH_BASE: f32 = 4.5;
/// The difficulty added per deduction past the second.
pub(super) const DEPTH_STEP: f32 = 0.3;

/// Whether the rules go beyond houses (sums, relations, a propagator of
/// their own, domains): only then can a break rest on a variant rule.
pub(super) fn has_variant_rules(model: &Model) -> bool {
    !model.sums().is_empty()
        || !model.related_pairs().is_empty()
        || (0..model.constraints().len()).any(|k| !model.scope_of(k).is_empty())
        || (0..model.geometry().cell_count() as u16).any(|c| model.domain_rule(Cell(c)).is_some())
}

/// For each rule, whether it says more than "these groups hold different
/// digits": a propagator of its own, a sum, a relation beyond a shared
/// group's `≠`, a domain. Such a rule taking part makes a break variant
/// logic.
struct VariantRules(Vec<bool>);

impl VariantRules {
    fn of(model: &Model) -> VariantRules {
        let mut variant: Vec<bool> = (0..model.constraints().len())
            .map(|k| !model.scope_of(k).is_empty())
            .collect();
        for k in model.sums().iter().filter_map(|s| s.rule()) {
            variant[k] = true;
        }
        for pair in model
            .related_pairs()
            .iter()
            .filter(|p| !(p.differ && p.share_group))
        {
            variant[pair.rule as usize] = true;
        }
        for cell in 0..model.geometry().cell_count() as u16 {
            if let Some(k) = model.domain_rule(Cell(cell)) {
                variant[k] = true;
            }
        }
        VariantRules(variant)
    }
}

/// The names the engine gives the houses' own deductions.
fn is_house_deduction(step: &Step) -> bool {
    matches!(
        step.reason.rule.as_ref(),
        "naked single" | "hidden single" | "hidden subset"
    )
}

/// The chain of deductions that led from assuming a candidate to a break.
pub(super) struct Trace {
    /// The kept deductions, in the order they were made.
    pub(super) chain: Vec<Step>,
    /// The break.
    pub(super) broken: Contradiction,
}

impl Trace {
    /// The deductions among `steps` (recorded after assuming `assumed`) that
    /// the break rests on, in order: walking back from the break, a
    /// deduction is kept when it removed a candidate from a cell that
    /// something kept reads, and then what it reads is read too. The
    /// assumed digit leaving its own peers goes without saying.
    pub(super) fn of(model: &Model, assumed: Cand, steps: Vec<Step>, broken: Contradiction) -> Trace {
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
        let mut chain: Vec<Step> = Vec::new();
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
            chain.push(step);
        }
        chain.reverse();
        chain.retain(|s| !(s.reason.rule == "naked single" && s.reason.cells == [assumed.cell]));
        Trace { chain, broken }
    }

    /// Kept deductions with the break: 1 when the assumption breaks at once.
    pub(super) fn depth(&self) -> usize {
        self.chain.len() + 1
    }

    /// True when a rule other than the houses' singles takes part (one kept
    /// deduction, or the break itself, found by a variant rule or of its
    /// own kind): classic puzzles never have one.
    pub(super) fn uses_variant_rule(&self, model: &Model) -> bool {
        let variant = model.prepared(VariantRules::of);
        self.chain.iter().any(|s| !is_house_deduction(s))
            || matches!(self.broken.kind, ContradictionKind::Rule { .. })
            || self
                .broken
                .constraint
                .is_some_and(|k| variant.0.get(k) == Some(&true))
    }

    /// "then the slow thermometer keeps r3c4 to {9}; then 9 has no place
    /// left in row 3": each kept deduction by its rule and the cells it
    /// narrowed (in reading order), then the break.
    pub(super) fn wording(&self, model: &Model) -> String {
        let mut parts: Vec<String> = self
            .chain
            .iter()
            .map(|step| {
                let mut shown = step.clone();
                shown.removed.sort_by_key(|r| (r.cell, r.digit));
                shown.describe(model)
            })
            .collect();
        parts.push(self.broken.describe(model));
        format!("then {}", parts.join("; then "))
    }
}
