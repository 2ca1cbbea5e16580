//! The logical solver: the simplest deduction available, every time, and
//! why.

use sudokit_core::{Cand, Cell, Contradiction, Digit, Digits, Engine, Model, Progress, Puzzle, State, Step};

use crate::board::Board;
use crate::technique::{Deduction, Technique};
use crate::techniques;
use crate::RULE_DIFFICULTY;

/// One step of a logical solve.
#[derive(Clone, Debug, PartialEq)]
pub struct LogicStep {
    /// The technique as the deduction names itself (`pointing` for locked
    /// candidates, `X-chain` for a chain), or the rule whose propagator
    /// made the deduction.
    pub technique: String,
    /// Its difficulty on the [scale](crate#difficulty).
    pub difficulty: f32,
    /// The reason, and every candidate removed and placed (a placement's
    /// digit leaving the cell's peers included).
    pub step: Step,
}

impl LogicStep {
    /// One line for people: `naked pair {2,6} in r1c5, r1c6 (box 2):
    /// removes 2 from r1c2, r1c3`. A placement's digit leaving the peers of
    /// its cell goes without saying.
    pub fn describe(&self, model: &Model) -> String {
        let mut shown = self.step.clone();
        shown.removed.retain(|r| {
            !self
                .step
                .placed
                .iter()
                .any(|p| p.digit == r.digit && model.peers(p.cell).binary_search(&r.cell).is_ok())
        });
        shown.describe(model)
    }
}

/// How a logical solve ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Ending {
    /// Every cell holds one digit.
    Solved,
    /// No technique of the ladder makes progress: finishing needs a
    /// technique the solver lacks, or guessing.
    Stuck,
    /// The rules cannot hold (the puzzle has no solution).
    Broken(Contradiction),
}

/// A logical solve: where it started, every step, and where it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// The candidates before the first step: givens placed, their digits
    /// removed from their peers, the rules' domains applied.
    pub start: Vec<Digits<u128>>,
    /// The steps, in order.
    pub steps: Vec<LogicStep>,
    /// The candidates after the last step (where a stuck solve stopped).
    pub end: Vec<Digits<u128>>,
    /// Solved, stuck or broken.
    pub ending: Ending,
}

impl Explanation {
    /// True when logic alone solved the puzzle.
    pub fn is_solved(&self) -> bool {
        self.ending == Ending::Solved
    }

    /// The hardest step (the first of them on ties).
    pub fn hardest(&self) -> Option<&LogicStep> {
        self.steps
            .iter()
            .reduce(|a, b| if b.difficulty > a.difficulty { b } else { a })
    }

    /// The candidates after each step, replayed from [`start`](Self::start).
    pub fn states(&self) -> impl Iterator<Item = Vec<Digits<u128>>> + '_ {
        let mut cands = self.start.clone();
        self.steps.iter().map(move |s| {
            for r in &s.step.removed {
                cands[r.cell.index()].remove(r.digit);
            }
            cands.clone()
        })
    }
}

/// One rung of the solver's ladder.
#[derive(Clone, Debug)]
enum Rung {
    Technique(Box<dyn Technique>),
    /// One deduction of the rules' own propagators (relations, sums,
    /// variant rules), through the engine's single steps.
    Rules,
}

/// Applies, each time, the simplest technique that makes progress, and
/// records every step; stops when the puzzle is solved or no technique
/// helps. It never guesses.
///
/// ```
/// use sudokit_constraints::classic_puzzle;
/// use sudokit_core::format::{parse_grids, ParseOptions};
/// use sudokit_logic::LogicalSolver;
/// // Norvig's grid1: singles are enough.
/// let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let grid = parse_grids(line, &ParseOptions::default()).remove(0).unwrap().grid;
/// let puzzle = classic_puzzle(grid).unwrap();
/// let explanation = LogicalSolver::standard().solve(&puzzle);
/// assert!(explanation.is_solved());
/// assert!(explanation.grade().score <= 2.3);
/// ```
#[derive(Clone, Debug)]
pub struct LogicalSolver {
    ladder: Vec<Rung>,
    max_steps: usize,
}

impl LogicalSolver {
    /// Every technique sudokit knows ([`techniques::standard`]).
    pub fn standard() -> LogicalSolver {
        LogicalSolver::with_techniques(techniques::standard())
    }

    /// Only `techniques` (tried simplest first); the rules' own
    /// deductions come right after the singles.
    pub fn with_techniques(mut techniques: Vec<Box<dyn Technique>>) -> LogicalSolver {
        techniques.sort_by(|a, b| a.difficulty().total_cmp(&b.difficulty()));
        let singles = techniques.iter().take_while(|t| t.difficulty() <= 2.3).count();
        let mut ladder: Vec<Rung> = techniques.into_iter().map(Rung::Technique).collect();
        ladder.insert(singles, Rung::Rules);
        LogicalSolver {
            ladder,
            max_steps: usize::MAX,
        }
    }

    /// Stops after `steps` steps (a stuck ending), for very large boards.
    pub fn max_steps(mut self, steps: usize) -> LogicalSolver {
        self.max_steps = steps;
        self
    }

    /// Solves `puzzle` by logic alone, as far as the ladder reaches.
    pub fn solve(&self, puzzle: &Puzzle) -> Explanation {
        let model = puzzle.model();
        let mut engine = Engine::rules_only(model);
        let mut state = State::<u128>::with_givens(puzzle.geometry(), puzzle.givens());
        let cells = (0..model.geometry().cell_count() as u16).map(Cell);
        let setup = engine
            .restrict_all(&mut state, None, cells.map(|c| (c, model.domain(c).to_u128())))
            .and_then(|()| {
                let givens = puzzle
                    .givens()
                    .values()
                    .iter()
                    .enumerate()
                    .filter(|&(_, &d)| d != 0);
                let cleanup: Vec<(Cell, u128)> = givens
                    .flat_map(|(i, &d)| model.peers(Cell(i as u16)).iter().map(move |&p| (p, !bit(d))))
                    .collect();
                engine.restrict_all(&mut state, None, cleanup)
            });
        let start = state.cells().to_vec();
        let mut steps = Vec::new();
        if let Err(contradiction) = setup {
            return Explanation {
                end: start.clone(),
                start,
                steps,
                ending: Ending::Broken(contradiction),
            };
        }
        engine.schedule_all();
        let ending = loop {
            if steps.len() >= self.max_steps {
                break Ending::Stuck;
            }
            match self.next_step(model, &mut engine, &mut state) {
                Some(Next::Step(step)) => steps.push(step),
                Some(Next::Broken(step, contradiction)) => {
                    steps.extend(*step);
                    break Ending::Broken(contradiction);
                }
                None if state.is_solved() => break Ending::Solved,
                None => break Ending::Stuck,
            }
        };
        Explanation {
            start,
            steps: merge_repeats(steps),
            end: state.cells().to_vec(),
            ending,
        }
    }

    /// The simplest step available, applied; `None` when there is none.
    ///
    /// A technique may rate what it found above its rung (a long chain, a
    /// deep rule-and-house break): then the rungs after it that could still
    /// offer something easier are asked too, and the easiest deduction wins.
    fn next_step(&self, model: &Model, engine: &mut Engine<'_>, state: &mut State<u128>) -> Option<Next> {
        let mut pending: Option<Deduction> = None;
        for rung in &self.ladder {
            match rung {
                Rung::Technique(technique) => {
                    if pending
                        .as_ref()
                        .is_some_and(|p| technique.difficulty() >= p.difficulty)
                    {
                        break;
                    }
                    let found = {
                        let board = Board::new(model, state.cells());
                        technique.find(&board).filter(|d| d.changes(&board))
                    };
                    if let Some(found) = found {
                        let easiest = found.difficulty <= technique.difficulty();
                        if pending.as_ref().is_none_or(|p| found.difficulty < p.difficulty) {
                            pending = Some(found);
                        }
                        if easiest {
                            break;
                        }
                    }
                }
                Rung::Rules if pending.is_some() => break,
                Rung::Rules => match engine.step(state, None) {
                    Progress::Step(step) => return Some(Next::Step(rule_step(model, step))),
                    Progress::Fixpoint => {}
                    Progress::Contradiction { step, contradiction } => {
                        let step = step.map(|s| rule_step(model, s));
                        return Some(Next::Broken(Box::new(step), contradiction));
                    }
                },
            }
        }
        pending.map(|found| apply(model, engine, state, found))
    }
}

/// Steps in a row with one reason as one step: a rule's propagator says
/// why once per deduction (`slow thermometer r2c4 ∈ {2,…,9}`), and its
/// single steps each remove from one cell.
fn merge_repeats(steps: Vec<LogicStep>) -> Vec<LogicStep> {
    let mut merged: Vec<LogicStep> = Vec::with_capacity(steps.len());
    for step in steps {
        match merged.last_mut() {
            Some(last) if last.technique == step.technique && last.step.reason == step.step.reason => {
                last.step.removed.extend(step.step.removed);
                last.step.placed.extend(step.step.placed);
            }
            _ => merged.push(step),
        }
    }
    merged
}

/// What one rung of the ladder did.
enum Next {
    /// A step, applied.
    Step(LogicStep),
    /// The rules broke, on the way through this step if any.
    Broken(Box<Option<LogicStep>>, Contradiction),
}

fn bit(d: Digit) -> u128 {
    1u128 << (d - 1)
}

/// A step of the rules' own propagators, named after the rule.
fn rule_step(model: &Model, step: Step) -> LogicStep {
    let technique = match step.constraint {
        Some(k) => model.constraints()[k].name().into_owned(),
        None => step.reason.rule.to_string(),
    };
    LogicStep {
        technique,
        difficulty: RULE_DIFFICULTY,
        step,
    }
}

/// Applies a technique's deduction (a placement's digit leaves the cell's
/// peers at once) and records what changed.
fn apply(model: &Model, engine: &mut Engine<'_>, state: &mut State<u128>, found: Deduction) -> Next {
    let before = state.cells().to_vec();
    let mut keep: Vec<(Cell, u128)> = Vec::new();
    for p in &found.placements {
        keep.push((p.cell, bit(p.digit)));
        keep.extend(model.peers(p.cell).iter().map(|&q| (q, !bit(p.digit))));
    }
    keep.extend(found.eliminations.iter().map(|e| (e.cell, !bit(e.digit))));
    let result = engine.restrict_all(state, None, keep);
    let mut step = Step {
        constraint: None,
        reason: found.reason.clone(),
        removed: Vec::new(),
        placed: Vec::new(),
    };
    for (i, (old, new)) in before.iter().zip(state.cells()).enumerate() {
        let cell = Cell(i as u16);
        step.removed
            .extend((*old - *new).iter().map(|d| Cand::new(cell, d)));
    }
    // The deduction's own placements; cells its removals leave with one
    // digit are naked singles, the next steps.
    step.placed = found
        .placements
        .iter()
        .copied()
        .filter(|p| before[p.cell.index()].len() > 1)
        .collect();
    let logic = LogicStep {
        technique: found.reason.rule.to_string(),
        difficulty: found.difficulty,
        step,
    };
    match result {
        Ok(()) => Next::Step(logic),
        Err(contradiction) => Next::Broken(Box::new(Some(logic)), contradiction),
    }
}
