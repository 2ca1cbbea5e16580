//! `sudokit explain`: a logical solve, step by step, in plain language.
//!
//! Each puzzle gets a header, its steps numbered with their difficulty,
//! and how it ended: solved (with its grade), stuck (with the candidates
//! logic reached) or broken (the rule that cannot hold). `--candidates`
//! prints the grid after every step, `--json` one object per puzzle and
//! line for tools.
//!
//! Exit codes: 0 when logic solved every puzzle, 1 when it got stuck on one
//! or one has no solution, 2 for bad input.

use std::io::Write;

use clap::Args;
use serde_json::{json, Value};
use sudokit::core::format::display_candidates;
use sudokit::core::{Cand, Model, Puzzle};
use sudokit::logic::{Ending, Explanation, LogicalSolver, Technique};

use super::input::{Echo, InputArgs};
use super::output;
use super::report::json_decimal;
use super::strategies::technique;
use super::Status;

/// Options of `sudokit explain`.
#[derive(Debug, Args)]
pub(crate) struct ExplainArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    ladder: LadderArgs,
    /// Print the candidate grid before the first step and after every step.
    #[arg(long)]
    candidates: bool,
    /// One JSON object per puzzle and line, for tools.
    #[arg(long)]
    json: bool,
}

/// Which techniques the logical solver may use.
#[derive(Debug, Args)]
pub(crate) struct LadderArgs {
    /// Only these techniques, comma-separated (default: every one, simplest
    /// first; `sudokit explain --techniques help` lists them).
    #[arg(long, value_name = "A,B,...", value_delimiter = ',', value_parser = technique_or_help)]
    techniques: Vec<Box<dyn Technique>>,
}

/// A `--techniques` name, or `help`: the list of techniques with their
/// difficulties on standard output, and the end of the program (exit 0),
/// as `--help` ends it.
fn technique_or_help(name: &str) -> Result<Box<dyn Technique>, String> {
    if name.trim() != "help" {
        return technique(name);
    }
    let mut out = output::stdout();
    let _ = writeln!(out, "Techniques for --techniques (difficulty, simplest first):");
    for name in sudokit::logic::techniques::NAMES {
        if let Some(technique) = sudokit::logic::techniques::by_name(name) {
            let _ = writeln!(out, "  {name:<20} {:.1}", technique.difficulty());
        }
    }
    let _ = out.flush();
    std::process::exit(0);
}

impl LadderArgs {
    /// The logical solver with the chosen techniques.
    pub(crate) fn solver(&self) -> LogicalSolver {
        if self.techniques.is_empty() {
            return LogicalSolver::standard();
        }
        LogicalSolver::with_techniques(self.techniques.clone())
    }
}

/// Runs `sudokit explain`.
pub(crate) fn run(args: &ExplainArgs) -> Status {
    let solver = args.ladder.solver();
    let mut out = output::answers(args.input.reads_stdin());
    let mut status = Status::Ok;
    for (index, entry) in args.input.entries().enumerate() {
        let echo = Echo::Line { json: args.json };
        let Some((origin, read)) = echo.take(entry, false, &mut out, &mut status) else {
            continue;
        };
        let puzzle = read.puzzle;
        if refuses_unknowns(&puzzle, &origin, args.json, &mut out) {
            status = status.worst(Status::BadInput);
            continue;
        }
        let explanation = solver.solve(&puzzle);
        status = status.worst(verdict_status(&explanation));
        if args.json {
            let _ = writeln!(out, "{}", to_json(&origin, &puzzle, &explanation));
            continue;
        }
        if index > 0 {
            let _ = writeln!(out);
        }
        let _ = writeln!(out, "# {}", origin);
        let model = puzzle.model();
        if args.candidates {
            let _ = write!(
                out,
                "{}",
                display_candidates(puzzle.geometry(), &explanation.start)
            );
        }
        for (k, (step, state)) in explanation.steps.iter().zip(explanation.states()).enumerate() {
            let _ = writeln!(
                out,
                "{:>4}. [{:.1}] {}",
                k + 1,
                step.difficulty,
                step.describe(model)
            );
            if args.candidates {
                let _ = write!(out, "{}", display_candidates(puzzle.geometry(), &state));
            }
        }
        let _ = writeln!(out, "{}", ending_line(model, &explanation));
        if explanation.ending == Ending::Stuck && !args.candidates {
            let _ = write!(out, "{}", display_candidates(puzzle.geometry(), &explanation.end));
        }
    }
    let _ = out.flush();
    status
}

/// What the logical techniques say of a puzzle whose rules add unknowns
/// beside the digits (a chaos construction's regions): they reason about
/// digits in known houses only, so they would misread it.
const UNKNOWN_REGIONS: &str = "the logical techniques reason about digits in known regions, \
                               and this puzzle's regions are unknowns (chaos construction): \
                               `sudokit solve` finds them";

/// Says so, for a puzzle with unknowns beside its digits, and returns true
/// (the caller skips it): explain and grade do not reason about them.
pub(crate) fn refuses_unknowns(puzzle: &Puzzle, origin: &str, json: bool, out: &mut impl Write) -> bool {
    if puzzle.variables() == 0 {
        return false;
    }
    match json {
        true => {
            let _ = writeln!(out, "{}", json!({ "input": origin, "error": UNKNOWN_REGIONS }));
        }
        false => eprintln!("{origin}: {UNKNOWN_REGIONS}"),
    }
    true
}

/// Exit status of one explanation: stuck counts as "no solution found".
pub(crate) fn verdict_status(explanation: &Explanation) -> Status {
    match explanation.ending {
        Ending::Solved => Status::Ok,
        Ending::Stuck | Ending::Broken(_) => Status::NoSolution,
    }
}

/// `solved: 3.0 naked pair, 50 steps`, `stuck: …`, `no solution: …`.
fn ending_line(model: &Model, explanation: &Explanation) -> String {
    match &explanation.ending {
        Ending::Solved => format!("solved: {}", explanation.grade()),
        Ending::Stuck => format!(
            "stuck: {}; no technique applies to these candidates:",
            explanation.grade()
        ),
        Ending::Broken(contradiction) => format!(
            "no solution: {} (after {} steps)",
            contradiction.describe(model),
            explanation.steps.len()
        ),
    }
}

fn cands(model: &Model, list: &[Cand]) -> Vec<Value> {
    let n = model.size();
    list.iter()
        .map(|c| json!({ "cell": c.cell.name(n), "digit": c.digit }))
        .collect()
}

fn to_json(origin: &str, puzzle: &Puzzle, explanation: &Explanation) -> Value {
    let model = puzzle.model();
    let grade = explanation.grade();
    let steps: Vec<Value> = explanation
        .steps
        .iter()
        .map(|s| {
            json!({
                "technique": s.technique,
                "difficulty": json_decimal(s.difficulty),
                "text": s.describe(model),
                "removed": cands(model, &s.step.removed),
                "placed": cands(model, &s.step.placed),
            })
        })
        .collect();
    let digits = |set: &sudokit::core::Digits<u128>| set.iter().collect::<Vec<_>>();
    json!({
        "input": origin,
        "verdict": grade.verdict.to_string(),
        "score": json_decimal(grade.score),
        "hardest": grade.hardest,
        "steps": steps,
        "candidates": explanation.end.iter().map(digits).collect::<Vec<_>>(),
        "contradiction": match &explanation.ending {
            Ending::Broken(c) => Some(c.describe(model)),
            _ => None,
        },
    })
}
