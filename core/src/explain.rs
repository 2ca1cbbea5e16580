//! Why a candidate went: reasons, steps, and the listener behind them.
//!
//! A propagator may say why it is about to remove candidates with
//! [`Ctx::because`](crate::Ctx::because): a [`Reason`] names the rule or
//! technique, the cells and digits it rests on, the group it is about, and
//! optional text. The reason is built by a closure that runs only when
//! someone listens, so propagation pays nothing for it in a search.
//!
//! The engine listens in two cases:
//!
//! * **single steps** ([`Engine::step`](crate::Engine::step)): one
//!   deduction at a time, with its reason and what it removed and placed,
//!   for step-by-step solvers and `explain`;
//! * **soundness checks** (the [`testkit`](crate::testkit)): every removal
//!   is compared with a known solution, and the first one that removes a
//!   digit of it names the rule.
//!
//! Changes a propagator makes before its first `because` are put down to
//! the rule itself (`thermometer r1c1-r1c4`): every plugin is explained at
//! least that well without writing a reason.

use std::borrow::Cow;

use crate::cell::{Cand, Cell, Digit};
use crate::group::GroupId;

/// Why a propagator removes or places candidates.
///
/// ```
/// use sudokit_core::{Cell, Reason};
/// let reason = Reason::new("hidden single").cells([Cell(20)]).digits([7]).group(2);
/// assert_eq!(reason.rule, "hidden single");
/// assert_eq!(reason.digits, vec![7]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    /// The rule or technique: `naked single`, `anti-knight`, `X-wing`.
    pub rule: Cow<'static, str>,
    /// The cells the deduction rests on.
    pub cells: Vec<Cell>,
    /// The digits it is about.
    pub digits: Vec<Digit>,
    /// The group it is about, if one ([`Model::group`](crate::Model::group)).
    pub group: Option<GroupId>,
    /// Anything else worth saying.
    pub text: Option<String>,
}

impl Reason {
    /// A reason named after a rule or technique.
    pub fn new(rule: impl Into<Cow<'static, str>>) -> Reason {
        Reason {
            rule: rule.into(),
            cells: Vec::new(),
            digits: Vec::new(),
            group: None,
            text: None,
        }
    }

    /// The cells the deduction rests on.
    pub fn cells(mut self, cells: impl IntoIterator<Item = Cell>) -> Reason {
        self.cells = cells.into_iter().collect();
        self
    }

    /// The digits it is about.
    pub fn digits(mut self, digits: impl IntoIterator<Item = Digit>) -> Reason {
        self.digits = digits.into_iter().collect();
        self
    }

    /// The group it is about.
    pub fn group(mut self, group: GroupId) -> Reason {
        self.group = Some(group);
        self
    }

    /// Free text.
    pub fn text(mut self, text: impl Into<String>) -> Reason {
        self.text = Some(text.into());
        self
    }
}

/// One deduction: its reason, and what it removed and placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The constraint that made it, in [`Puzzle::constraints`](crate::Puzzle::constraints)
    /// (for groups and relations: the rule that declared them), when known.
    pub constraint: Option<usize>,
    /// Why.
    pub reason: Reason,
    /// Candidates removed, in the order they went.
    pub removed: Vec<Cand>,
    /// Cells left with one digit by this step.
    pub placed: Vec<Cand>,
}

impl Step {
    fn new(constraint: Option<usize>, reason: Reason) -> Step {
        Step {
            constraint,
            reason,
            removed: Vec::new(),
            placed: Vec::new(),
        }
    }

    /// True when the step changed nothing.
    pub fn is_empty(&self) -> bool {
        self.removed.is_empty()
    }
}

/// A removal of a digit that a known solution uses: a propagator is unsound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsound {
    /// The constraint that removed it (for groups and relations: the rule
    /// that declared them).
    pub constraint: Option<usize>,
    /// The candidate of the solution that was removed.
    pub removed: Cand,
    /// What the propagator said about it, if anything.
    pub reason: Option<Reason>,
}

/// What the engine listens with: steps being recorded, a witness solution.
#[derive(Debug, Default)]
pub(crate) struct Listener {
    /// Record every deduction as a step.
    pub(crate) recording: bool,
    /// Stop applying changes once one deduction is complete (single steps).
    pub(crate) one_step: bool,
    /// No more changes are applied in this run.
    pub(crate) frozen: bool,
    /// Steps recorded so far; the last one is open.
    pub(crate) steps: Vec<Step>,
    /// The constraint running now.
    pub(crate) constraint: Option<usize>,
    /// A known solution, digit per cell, and whether the state still
    /// allows it (only then is removing its digit unsound).
    pub(crate) witness: Option<Vec<Digit>>,
    pub(crate) witness_live: bool,
    /// The first unsound removal seen.
    pub(crate) unsound: Option<Unsound>,
    /// The reason noted last in this run.
    reason: Option<Reason>,
}

impl Listener {
    /// A constraint starts running; changes before its first reason are
    /// put down to `default`.
    pub(crate) fn start_run(&mut self, constraint: Option<usize>, default: Reason) {
        self.constraint = constraint;
        self.frozen = false;
        self.reason = None;
        if self.recording {
            self.open(default);
        }
    }

    fn open(&mut self, reason: Reason) {
        match self.steps.last_mut() {
            // An empty step is replaced rather than kept.
            Some(last) if last.is_empty() => *last = Step::new(self.constraint, reason),
            _ => self.steps.push(Step::new(self.constraint, reason)),
        }
    }

    /// A propagator names the reason for what follows.
    pub(crate) fn because(&mut self, reason: Reason) {
        if self.one_step && self.steps.last().is_some_and(|s| !s.is_empty()) {
            // One deduction is complete: ignore the rest of this run.
            self.frozen = true;
            return;
        }
        if self.witness.is_some() {
            self.reason = Some(reason.clone());
        }
        if self.recording {
            self.open(reason);
        }
    }

    /// A cell is about to go from `old` to `new` (both non-empty, different).
    /// False when the change must not be applied (single-step mode, after
    /// the first deduction).
    pub(crate) fn change(&mut self, cell: Cell, old: u128, new: u128) -> bool {
        if self.frozen {
            return false;
        }
        if let Some(witness) = &self.witness {
            let digit = witness.get(cell.index()).copied().unwrap_or(0);
            let bit = if digit == 0 { 0 } else { 1u128 << (digit - 1) };
            if self.witness_live && bit != 0 && old & bit != 0 && new & bit == 0 && self.unsound.is_none() {
                self.unsound = Some(Unsound {
                    constraint: self.constraint,
                    removed: Cand::new(cell, digit),
                    reason: self.reason.clone(),
                });
            }
        }
        if self.recording {
            if let Some(step) = self.steps.last_mut() {
                let mut gone = old & !new;
                while gone != 0 {
                    let d = gone.trailing_zeros() as Digit + 1;
                    step.removed.push(Cand::new(cell, d));
                    gone &= gone - 1;
                }
                if new.count_ones() == 1 && old.count_ones() > 1 {
                    step.placed
                        .push(Cand::new(cell, new.trailing_zeros() as Digit + 1));
                }
            }
        }
        true
    }

    /// Takes the recorded steps that changed something.
    pub(crate) fn take_steps(&mut self) -> Vec<Step> {
        let mut steps = std::mem::take(&mut self.steps);
        steps.retain(|s| !s.is_empty());
        steps
    }
}
