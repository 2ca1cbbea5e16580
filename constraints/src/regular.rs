//! Regex lines and state-machine lines: the digits along a line, read in
//! order, are a word an automaton accepts (a pattern's, or a setter's own
//! state machine, ISS's `Regex` and `NFA`). One propagator serves both: the
//! classic *regular* constraint (Pesant 2004).

use std::borrow::Cow;
use std::sync::Arc;

use sudokit_core::{Cell, Contradiction, Ctx, Geometry, Grid, Propagate, Reason, Rule, Violation, Word};

use crate::automaton::Automaton;
use crate::iss::nfa;
use crate::regular_walk::Walker;
use crate::rule::{fits, Param, ParamType, Presence, Refusal, RuleKind, RuleSpec};
use crate::units::{checks_through_verify, distinct, Report};

/// A line whose digits, read in order, an [`Automaton`] accepts; a line of
/// several segments reads a segment break between them.
///
/// Propagation is the regular constraint, exact (generalised arc
/// consistency) for a line through distinct cells: the automaton's states
/// after each cell, forward from the starts over the candidates, then
/// backward from the accepting states; a cell keeps a digit iff some
/// accepting path reads it there. A cell the line reads twice keeps a digit
/// only if some accepting path reads it at every step on that cell, while
/// its digits are few enough to try one by one ([`EXACT_UP_TO`]); per step
/// otherwise. `check` runs the automaton on the placed
/// digits instead (an empty cell reads any digit), without the candidates.
/// SAT takes the automaton unrolled along the line
/// (`regular_clauses.rs`); DLX has no form for it and refuses it.
///
/// ```
/// use sudokit_constraints::{Automaton, RegularLine};
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let pattern = Automaton::from_regex("1[2-4]*9", 9).unwrap();
/// let line = RegularLine::new("regex line '1[2-4]*9'", vec![vec![Cell(0), Cell(1), Cell(2)]], pattern);
/// let mut grid = Grid::empty(9);
/// grid.set(Cell(0), 1);
/// grid.set(Cell(1), 5);
/// assert_eq!(
///     line.check(&g, &grid).unwrap_err().message,
///     "regex line '1[2-4]*9': no reading of r1c1 r1c2 r1c3 with the digits placed is accepted"
/// );
/// ```
#[derive(Clone, Debug)]
pub struct RegularLine {
    title: String,
    segments: Vec<Vec<Cell>>,
    /// What the automaton reads, in order: a cell, or `None` for a break.
    steps: Vec<Option<Cell>>,
    automaton: Arc<Automaton>,
    /// The automaton laid flat, for the propagator.
    walker: Arc<Walker>,
    /// Whether no cell is read twice: the propagator is then exact and
    /// reaches its own fixpoint in one run (with a cell read twice, exact
    /// only while [`EXACT_UP_TO`] holds).
    distinct: bool,
    /// The steps reading each cell read more than once.
    repeated: Vec<Vec<usize>>,
}

/// The most readings of the twice-read cells' digits the propagator walks
/// one by one (exact for those cells); beyond, one walk over the
/// candidates. On How Shall We Split This? (ISS's choice of branch, the
/// default order and seeds 1–8): 3 takes 9.7 % fewer instructions in all
/// than none (378 → 309 nodes in the default order, +1.1 %), 2 2.6 %
/// fewer, 9 +25 % in the default order (docs/benchmarks.md, "(stop 50,
/// split50)").
const EXACT_UP_TO: usize = 3;

impl RegularLine {
    /// The line through `segments` (in order, a break between two) that
    /// `automaton` judges, called `title` in messages.
    pub fn new(title: impl Into<String>, segments: Vec<Vec<Cell>>, automaton: Automaton) -> RegularLine {
        let cells: Vec<Cell> = segments.iter().flatten().copied().collect();
        let once = distinct(cells.iter().copied());
        let steps: Vec<Option<Cell>> = segments
            .iter()
            .enumerate()
            .flat_map(|(i, segment)| {
                let gap = (i > 0).then_some(None);
                gap.into_iter().chain(segment.iter().map(|&c| Some(c)))
            })
            .collect();
        let distinct = once.len() == cells.len();
        let repeated = once
            .into_iter()
            .map(|cell| {
                (0..steps.len())
                    .filter(|&i| steps[i] == Some(cell))
                    .collect::<Vec<_>>()
            })
            .filter(|at| at.len() > 1)
            .collect();
        RegularLine {
            repeated,
            title: title.into(),
            segments,
            steps,
            walker: Arc::new(Walker::new(&automaton)),
            automaton: Arc::new(automaton),
            distinct,
        }
    }

    /// The digits each step keeps (see [`Walker::supports`]), exact for the
    /// cells read twice when their digits can be tried one by one
    /// ([`EXACT_UP_TO`] readings): a walk per reading, each cell one digit
    /// at every step reading it, and the union of the walks' supports.
    fn supports(&self, reads: &[Option<u128>]) -> Option<Vec<u128>> {
        let digits = |at: &[usize]| reads[at[0]].unwrap_or(0);
        let readings = self.repeated.iter().try_fold(1usize, |product, at| {
            let k = digits(at).count_ones() as usize;
            product.checked_mul(k).filter(|&p| (1..=EXACT_UP_TO).contains(&p))
        });
        if self.repeated.is_empty() || readings.is_none() {
            return self.walker.supports(reads);
        }
        let mut union: Option<Vec<u128>> = None;
        let mut fixed = reads.to_vec();
        // An odometer over the repeated cells' digits.
        let mut left: Vec<u128> = self.repeated.iter().map(|at| digits(at)).collect();
        loop {
            for (at, &bits) in self.repeated.iter().zip(&left) {
                let digit = bits & bits.wrapping_neg();
                at.iter().for_each(|&i| fixed[i] = Some(digit));
            }
            if let Some(supports) = self.walker.supports(&fixed) {
                match &mut union {
                    Some(union) => union.iter_mut().zip(&supports).for_each(|(u, s)| *u |= s),
                    None => union = Some(supports),
                }
            }
            // The next reading: drop the lowest digit of the first cell
            // that has another, refilling the cells before it.
            let mut k = 0;
            while k < left.len() {
                left[k] &= left[k] - 1;
                if left[k] != 0 {
                    break;
                }
                left[k] = digits(&self.repeated[k]);
                k += 1;
            }
            if k == left.len() {
                return union;
            }
        }
    }

    /// `check`'s logic, described as `report` asks.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let any = match n >= 128 {
            true => u128::MAX,
            false => (1u128 << n) - 1,
        };
        let reads: Vec<Option<u128>> = self
            .steps
            .iter()
            .map(|step| step.map(|cell| grid.get(cell).map_or(any, |d| 1u128 << (d - 1))))
            .collect();
        if self.automaton.accepts_some(&reads) {
            return Ok(());
        }
        let cells: Vec<Cell> = self.segments.iter().flatten().copied().collect();
        Err(report.violation(
            || {
                let names: Vec<String> = cells.iter().map(|c| c.name(n)).collect();
                format!(
                    "{}: no reading of {} with the digits placed is accepted",
                    self.title,
                    names.join(" ")
                )
            },
            || cells.clone(),
        ))
    }
}

impl Rule for RegularLine {
    fn name(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.title)
    }

    fn cost(&self) -> sudokit_core::Cost {
        sudokit_core::Cost::Medium
    }

    fn idempotent(&self) -> bool {
        self.distinct
    }

    fn reads_words(&self) -> bool {
        true
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        distinct(self.segments.iter().flatten().copied())
    }

    checks_through_verify!();

    fn clauses(
        &self,
        geometry: &Geometry,
        _: &sudokit_core::cnf::ClauseOptions,
        sink: &mut dyn sudokit_core::cnf::ClauseSink,
    ) -> Result<(), sudokit_core::Unsupported> {
        let n = geometry.size();
        crate::regular_clauses::regular_line(&self.title, &self.automaton, &self.steps, n, sink)
    }
}

impl Propagate for RegularLine {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let reads: Vec<Option<u128>> = self
            .steps
            .iter()
            .map(|step| step.map(|cell| cx.candidates(cell).to_u128()))
            .collect();
        let Some(supports) = self.supports(&reads) else {
            let first = self.steps.iter().flatten().next().copied();
            return Err(Contradiction::rule(
                first,
                "no reading of the line's digits is accepted",
            ));
        };
        for (i, step) in self.steps.iter().enumerate() {
            let (Some(cell), Some(read)) = (*step, reads[i]) else {
                continue;
            };
            if supports[i] != read {
                cx.because(|| {
                    Reason::new(self.title.clone())
                        .cells([cell])
                        .text("no accepted reading of the line puts these digits here")
                });
                cx.restrict(cell, sudokit_core::Digits::from_u128(supports[i]))?;
            }
        }
        Ok(())
    }
}

/// The automaton of a `regex` rule on an `n`×`n` board, or why not.
fn regex_automaton(rule: &RuleSpec, n: usize) -> Result<Automaton, String> {
    let pattern = rule.text("pattern").unwrap_or("");
    Automaton::from_regex(pattern, n).map_err(|e| format!("pattern '{pattern}': {e}"))
}

/// The automaton of an `automaton` rule on an `n`×`n` board, or why not
/// (with the parameter at fault).
fn rule_automaton(rule: &RuleSpec, n: usize) -> Result<Automaton, (&'static str, String)> {
    let encoded = rule.text("nfa").unwrap_or("");
    let automaton =
        nfa::read_nfa(encoded, n).map_err(|e| ("nfa", format!("not an ISS-serialized NFA: {e}")))?;
    if rule.shafts("segments").len() > 1 && !nfa::reads_breaks(encoded, n) {
        return Err((
            "segments",
            format!(
                "a line of several segments needs an automaton that reads the segment break \
                 (ISS: an NFA of {} symbols or more, built as multi-segment)",
                n + 1
            ),
        ));
    }
    Ok(automaton)
}

/// `regex` in files: the pattern is compiled once it is read.
pub(crate) static REGEX: RuleKind = RuleKind {
    meaning: "the digits along the line, read in order, match the pattern (digits, [classes], ., |, ( ), \
              * + ? {n} {n,} {n,m}; letters for 10 and up; the whole line must match)",
    summary: "cells (a line, in reading order), pattern",
    params: &[
        Param::CELLS,
        Param::required("pattern", ParamType::Text, "pattern = \"[1-5]*9\""),
    ],
    example: r#"{ type = "regex", cells = "r1c1 r1c2 r1c3 r1c4", pattern = "[1-4]+5?" }"#,
    check: Some(|rule: RuleSpec, n: usize| match regex_automaton(&rule, n) {
        Ok(_) => Ok(rule),
        Err(message) => Err(Refusal::at("pattern", message)),
    }),
    ..RuleKind::new("regex", |rule, context| {
        let n = context.size();
        let pattern = rule.text("pattern").unwrap_or("");
        let title = format!("regex line '{pattern}'");
        let automaton = regex_automaton(rule, n);
        fits(
            title.clone(),
            automaton.as_ref().map(|_| ()).map_err(Clone::clone),
        )?;
        let cells = rule.cells("cells").to_vec();
        Ok(Box::new(RegularLine::new(
            title,
            vec![cells],
            automaton.expect("checked"),
        )))
    })
};

/// `automaton` in files: ISS's serialized NFA, over one or more segments.
pub(crate) static AUTOMATON: RuleKind = RuleKind {
    meaning: "the digits along the segments, read in order with a break between two, are accepted by the \
              state machine (ISS's serialized NFA, as its State Machine panel makes it)",
    summary: "segments (lines of cells, in order), nfa (ISS's encoded NFA), label (optional)",
    params: &[
        Param::required(
            "segments",
            ParamType::Segments,
            "segments = [[\"r1c1\", \"r1c2\"], [\"r2c1\"]]",
        ),
        Param::required("nfa", ParamType::Text, "nfa = \"TgZ_8SNF…\""),
        Param {
            presence: Presence::Optional,
            ..Param::required("label", ParamType::Text, "label = \"sum to 10\"")
        },
    ],
    // Digits that rise along the line, ISS-serialized.
    example: r#"{ type = "automaton", segments = ["r1c1 r1c2 r1c3"], nfa = "TgZ_8SNFZ4n_EaKzxP8NFZ4n8IrPE_BWeJ8DPE8B4nARMAkAAA" }"#,
    check: Some(|rule: RuleSpec, n: usize| match rule_automaton(&rule, n) {
        Ok(_) => Ok(rule),
        Err((param, message)) => Err(Refusal::at(param, message)),
    }),
    ..RuleKind::new("automaton", |rule, context| {
        let n = context.size();
        let title = match rule.text("label") {
            Some(label) => format!("state machine '{label}'"),
            None => "state machine".to_string(),
        };
        let automaton = rule_automaton(rule, n);
        fits(
            title.clone(),
            automaton.as_ref().map(|_| ()).map_err(|(_, m)| m.clone()),
        )?;
        let segments = rule.shafts("segments").to_vec();
        Ok(Box::new(RegularLine::new(
            title,
            segments,
            automaton.expect("checked"),
        )))
    })
};
