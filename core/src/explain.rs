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
use std::fmt::Write as _;

use crate::cell::{Cand, Cell, Digit};
use crate::group::GroupId;
use crate::model::Model;

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

    /// One line for people: the reason, then what it did.
    ///
    /// * `naked single r1c1 = 5: removes 5 from r1c2, r1c3`
    /// * `hidden single 4 in negative diagonal: r3c3 = 4`
    /// * `black dot r9c8 ∈ {1,2}: removes 3,4,5,6 from r9c9`
    ///
    /// Removals in a cell the step places are implied and left out; the
    /// others are grouped by digit or by cell, whichever is shorter.
    pub fn describe(&self, model: &Model) -> String {
        let n = model.size();
        let reason = &self.reason;
        let list = |digits: &[Digit]| digits.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(",");
        let mut line = reason.rule.to_string();
        let group = reason.group.filter(|&g| g < model.groups().len());
        match (reason.cells.as_slice(), reason.digits.as_slice(), group) {
            (_, digits, Some(g)) => {
                if !digits.is_empty() {
                    let _ = write!(line, " {}", list(digits));
                }
                let _ = write!(line, " in {}", model.group(g).name());
            }
            ([cell], [digit], None) => {
                let _ = write!(line, " {} = {digit}", cell.name(n));
            }
            ([cell], digits, None) if !digits.is_empty() => {
                let _ = write!(line, " {} ∈ {{{}}}", cell.name(n), list(digits));
            }
            (cells, digits, None) => {
                if !digits.is_empty() {
                    let _ = write!(line, " {}", list(digits));
                }
                if !cells.is_empty() {
                    let names: Vec<String> = cells.iter().map(|c| c.name(n)).collect();
                    let _ = write!(line, " ({})", names.join(", "));
                }
            }
        }
        if let Some(text) = &reason.text {
            let _ = write!(line, ", {text}");
        }
        line.push(':');
        let placed: Vec<String> = self
            .placed
            .iter()
            .map(|c| format!("{} = {}", c.cell.name(n), c.digit))
            .collect();
        if !placed.is_empty() {
            let _ = write!(line, " {}", placed.join(", "));
        }
        let removals: Vec<Cand> = self
            .removed
            .iter()
            .filter(|r| !self.placed.iter().any(|p| p.cell == r.cell))
            .copied()
            .collect();
        let parts = group_removals(&removals, n);
        match (parts.is_empty(), placed.is_empty()) {
            (false, false) => {
                let _ = write!(line, "; removes {}", parts.join("; "));
            }
            (false, true) => {
                let _ = write!(line, " removes {}", parts.join("; "));
            }
            (true, true) => line.push_str(" nothing removed"),
            (true, false) => {}
        }
        line
    }
}

/// Removals as people say them, grouped by digit ("7 from r1c5, r2c5") or by
/// cell ("2,3 from r1c5"), whichever takes fewer parts.
fn group_removals(removals: &[Cand], n: usize) -> Vec<String> {
    let mut by_digit: Vec<(Digit, Vec<Cell>)> = Vec::new();
    let mut by_cell: Vec<(Cell, Vec<Digit>)> = Vec::new();
    for r in removals {
        match by_digit.iter_mut().find(|(d, _)| *d == r.digit) {
            Some((_, cells)) => cells.push(r.cell),
            None => by_digit.push((r.digit, vec![r.cell])),
        }
        match by_cell.iter_mut().find(|(c, _)| *c == r.cell) {
            Some((_, digits)) => digits.push(r.digit),
            None => by_cell.push((r.cell, vec![r.digit])),
        }
    }
    if by_cell.len() < by_digit.len() {
        by_cell.sort();
        by_cell
            .into_iter()
            .map(|(cell, mut digits)| {
                digits.sort_unstable();
                let digits: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
                format!("{} from {}", digits.join(","), cell.name(n))
            })
            .collect()
    } else {
        by_digit.sort();
        by_digit
            .into_iter()
            .map(|(digit, mut cells)| {
                cells.sort_unstable();
                let cells: Vec<String> = cells.iter().map(|c| c.name(n)).collect();
                format!("{digit} from {}", cells.join(", "))
            })
            .collect()
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
            let digit = witness[cell.index()];
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
