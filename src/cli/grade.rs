//! `sudokit grade`: how hard puzzles are for people, one line each, and a
//! histogram per file.
//!
//! The score is the difficulty of the hardest step a logical solve needs,
//! on the Sudoku Explainer scale (see `sudokit_logic`); puzzles the
//! techniques cannot finish are marked `needs guessing`.

use std::collections::BTreeMap;
use std::io::Write;

use clap::Args;
use serde_json::json;
use sudokit::logic::{Grade, Verdict};

use super::explain::LadderArgs;
use super::input::{Echo, InputArgs};
use super::output;
use super::Status;

/// Options of `sudokit grade`.
#[derive(Debug, Args)]
pub(crate) struct GradeArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    ladder: LadderArgs,
    /// One JSON object per puzzle and line instead of lines and histograms.
    #[arg(long)]
    json: bool,
}

/// Runs `sudokit grade`.
pub(crate) fn run(args: &GradeArgs) -> Status {
    let solver = args.ladder.solver();
    let mut out = output::answers(args.input.reads_stdin());
    let mut status = Status::Ok;
    let stdin = [std::path::PathBuf::from("-")];
    let mut files: Vec<(String, Box<dyn Iterator<Item = super::input::Entry>>)> = Vec::new();
    if let Some(data) = &args.input.fpuzzles {
        files.push((
            "--fpuzzles".into(),
            Box::new(args.input.fpuzzles_entries(data).into_iter()),
        ));
    }
    let paths = if args.input.files.is_empty() && files.is_empty() {
        &stdin[..]
    } else {
        &args.input.files[..]
    };
    for path in paths {
        files.push((
            super::input::display_name(path),
            Box::new(args.input.file_entries(path)),
        ));
    }
    for (file, entries) in files {
        let mut grades = Vec::new();
        for entry in entries {
            let echo = Echo::Located { json: args.json };
            let Some((origin, read)) = echo.take(entry, false, &mut out, &mut status) else {
                continue;
            };
            let puzzle = read.puzzle;
            if super::explain::refuses_unknowns(&puzzle, &origin, args.json, &mut out) {
                status = status.worst(Status::BadInput);
                continue;
            }
            let grade = solver.solve(&puzzle).grade();
            if grade.verdict == Verdict::NoSolution {
                status = status.worst(Status::NoSolution);
            }
            if args.json {
                let line = json!({
                    "input": origin,
                    "score": super::report::json_decimal(grade.score),
                    "hardest": grade.hardest,
                    "steps": grade.steps,
                    "verdict": grade.verdict.to_string(),
                });
                let _ = writeln!(out, "{line}");
            } else {
                let _ = writeln!(out, "{}: {grade}", origin);
            }
            grades.push(grade);
        }
        if !args.json && grades.len() > 1 {
            let _ = write!(out, "{}", histogram(&file, &grades));
        }
    }
    let _ = out.flush();
    status
}

/// Puzzles per score band and per hardest technique.
fn histogram(file: &str, grades: &[Grade]) -> String {
    let mut bands: BTreeMap<String, usize> = BTreeMap::new();
    let mut techniques: BTreeMap<String, (f32, usize)> = BTreeMap::new();
    for grade in grades {
        let band = match grade.verdict {
            Verdict::Solved => format!("{}.0–{}.9", grade.score as u32, grade.score as u32),
            other => other.to_string(),
        };
        *bands.entry(band).or_default() += 1;
        if grade.verdict == Verdict::Solved {
            let name = grade.hardest.clone().unwrap_or_else(|| "givens only".into());
            let slot = techniques.entry(name).or_insert((grade.score, 0));
            slot.0 = slot.0.max(grade.score);
            slot.1 += 1;
        }
    }
    let widest = bands.values().copied().max().unwrap_or(1).max(1);
    let mut text = format!("\n{file}: {} puzzles\n", grades.len());
    for (band, count) in &bands {
        let bar = "#".repeat((count * 40).div_ceil(widest));
        text.push_str(&format!("  {band:<15} {count:>6}  {bar}\n"));
    }
    let mut by_technique: Vec<(String, (f32, usize))> = techniques.into_iter().collect();
    by_technique.sort_by(|a, b| a.1 .0.total_cmp(&b.1 .0));
    text.push_str("  hardest step of the solved ones:\n");
    for (name, (score, count)) in by_technique {
        text.push_str(&format!("    {count:>6}  {name} (up to {score:.1})\n"));
    }
    text
}
