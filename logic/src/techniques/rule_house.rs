//! Rule and house: a candidate that leaves a variant rule unable to hold
//! together with the houses it crosses, found in a few named deductions.

use std::borrow::Cow;

use sudokit_core::{Cand, Reason};

use super::contradiction::Trials;
use super::trace::{self, has_variant_rules, Trace};
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
    pub const BASE: f32 = trace::DEPTH_BASE;
    /// Difficulty added per deduction past the second.
    pub const PER_DEDUCTION: f32 = trace::DEPTH_STEP;
    /// The longest chain of deductions the step accepts (difficulty 6.3);
    /// longer ones are left to the contradiction step.
    pub const MAX_DEPTH: usize = 8;
    /// How many candidates one call tries at most.
    const MAX_TRIALS: usize = 2_000;

    /// The difficulty of a break `depth` deductions deep.
    pub fn difficulty_of(depth: usize) -> f32 {
        trace::depth_difficulty(depth)
    }
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
        let candidates = trials.candidates(Self::MAX_TRIALS);
        let mut best: Option<(Cand, Trace)> = None;
        for cand in candidates {
            // Recorded only when it breaks: most trials do not, and
            // recording every deduction's reason costs more than the trial.
            if trials.assume(cand).is_ok() {
                continue;
            }
            let (result, steps) = trials.assume_recorded(cand);
            let Err(broken) = result else { continue };
            let trace = Trace::of(model, cand, steps, broken);
            let depth = trace.depth();
            if !trace.uses_variant_rule(model)
                || depth > Self::MAX_DEPTH
                || best.as_ref().is_some_and(|b| b.1.depth() <= depth)
            {
                continue;
            }
            best = Some((cand, trace));
            if depth <= 2 {
                break;
            }
        }
        let (cand, trace) = best?;
        let reason = Reason::new("rule and house")
            .cells([cand.cell])
            .digits([cand.digit])
            .text(trace.wording(model));
        Some(Deduction::eliminate(
            reason,
            Self::difficulty_of(trace.depth()),
            vec![cand],
        ))
    }
}
