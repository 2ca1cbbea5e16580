//! `sudokit bench-variants`: the variant puzzles of a folder (f-puzzles
//! JSON, such as `../shared/data/variants`), each checked for uniqueness
//! (count to 2) several times, side by side with the CP-SAT oracle's
//! recorded time from the folder's `manifest.json`.
//!
//! Two times per puzzle, both medians over `--runs` interleaved passes:
//! *solve*, the count in this process on a puzzle read once (the search
//! and its propagation), and *process*, a whole `sudokit solve --count
//! FILE` run (start-up, reading, building the model, solving), which is
//! what the oracle's time measures too. Each answer is checked against the
//! manifest's count and solution. Not a test: run it in release.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use clap::Args;
use serde_json::Value;
use sudokit::core::{Grid, Puzzle};
use sudokit::solvers::{Limits, Outcome};
use sudokit::{read_puzzles, InputFormat, ReadOptions};

use crate::cli::output;
use crate::cli::strategies::strategy_names;
use crate::cli::Status;

/// Options of `sudokit bench-variants`.
#[derive(Debug, Args)]
pub(crate) struct BenchVariantsArgs {
    /// Folder of f-puzzles `.json` files, with an optional `manifest.json`
    /// (expected counts, solutions and the oracle's times).
    #[arg(value_name = "DIR", default_value = "../shared/data/variants")]
    dir: PathBuf,
    /// Interleaved passes over the folder; medians and maxima are over them.
    #[arg(long, default_value_t = 7)]
    runs: usize,
    /// Strategy to time.
    #[arg(long, default_value = "propagation", value_parser = strategy_names())]
    strategy: String,
    /// Only files whose name contains this.
    #[arg(long, value_name = "TEXT")]
    filter: Option<String>,
}

/// What the manifest says about one file.
#[derive(Clone, Default)]
struct Expected {
    count: Option<String>,
    solution: Option<String>,
    oracle: Option<f64>,
}

/// One puzzle and what was measured.
struct Measured {
    file: String,
    puzzle: Puzzle,
    expected: Expected,
    outcome: Option<Outcome>,
    solve: Vec<Duration>,
    process: Vec<Duration>,
    problem: Option<String>,
}

/// Runs `sudokit bench-variants`.
pub(crate) fn run(args: &BenchVariantsArgs) -> Status {
    let strategy = match crate::cli::strategies::strategy(&args.strategy) {
        Ok(strategy) => strategy,
        Err(message) => {
            eprintln!("sudokit: {message}");
            return Status::BadInput;
        }
    };
    let (manifest, manifest_problems) = read_manifest(&args.dir);
    for problem in &manifest_problems {
        eprintln!("sudokit: {problem}");
    }
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&args.dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .filter(|p| p.file_name().is_some_and(|n| n != "manifest.json"))
            .filter(|p| {
                args.filter
                    .as_ref()
                    .is_none_or(|f| p.to_string_lossy().contains(f.as_str()))
            })
            .collect(),
        Err(e) => {
            eprintln!("sudokit: {}: {e}", args.dir.display());
            return Status::BadInput;
        }
    };
    files.sort();
    let mut puzzles = Vec::new();
    let mut refused = Vec::new();
    for path in files {
        let file = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let read = crate::cli::input::read_bounded(&path).and_then(|text| {
            read_puzzles(&text, InputFormat::Fpuzzles, &ReadOptions::default())
                .remove(0)
                .map_err(|e| e.to_string())
        });
        match read {
            Ok(read) => puzzles.push(Measured {
                expected: manifest
                    .iter()
                    .find(|(f, _)| *f == file)
                    .map(|(_, e)| e.clone())
                    .unwrap_or_default(),
                file,
                puzzle: read.puzzle,
                outcome: None,
                solve: Vec::new(),
                process: Vec::new(),
                problem: None,
            }),
            Err(e) => refused.push((file, e)),
        }
    }
    let exe = std::env::current_exe().ok();
    let limits = Limits::solutions(2);
    for pass in 0..args.runs.max(1) {
        eprint!("\rpass {}/{}", pass + 1, args.runs.max(1));
        for m in &mut puzzles {
            let start = Instant::now();
            let outcome = strategy.count(&m.puzzle, &limits);
            m.solve.push(start.elapsed());
            match outcome {
                Ok(outcome) => {
                    if pass == 0 {
                        m.problem = verdict(&m.puzzle, &m.expected, strategy.as_ref(), &outcome);
                        m.outcome = Some(outcome);
                    }
                }
                Err(e) => m.problem = Some(e.to_string()),
            }
            if let Some(exe) = &exe {
                let path = args.dir.join(&m.file);
                let start = Instant::now();
                let status = Command::new(exe)
                    .args(["solve", "--count", "--strategy", &args.strategy])
                    .arg(&path)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .status();
                m.process.push(start.elapsed());
                if let Err(e) = status {
                    m.problem = Some(format!("could not run {}: {e}", exe.display()));
                }
            }
        }
    }
    eprintln!();
    let mut out = output::stdout();
    let _ = writeln!(out, "{}", report(&puzzles, &refused, args.runs.max(1)));
    let _ = out.flush();
    for (file, why) in &refused {
        eprintln!("sudokit: {file}: not read: {why}");
    }
    // Files that could not be read or a broken manifest make the figures
    // incomplete: exit 2 (bad input), as every command does; a wrong
    // answer fails the run too, as in `bench-sat`.
    if !refused.is_empty() || !manifest_problems.is_empty() {
        Status::BadInput
    } else if puzzles.iter().any(|m| m.problem.is_some()) {
        Status::NoSolution
    } else {
        Status::Ok
    }
}

/// `(file, expectation)` for every entry of `dir/manifest.json` (none
/// when there is no manifest), and what is wrong with it: a manifest that
/// cannot be read or is not a list, entries without a file name, times
/// that are not a number of seconds. A wrong part is left out, and said.
fn read_manifest(dir: &Path) -> (Vec<(String, Expected)>, Vec<String>) {
    let path = dir.join("manifest.json");
    if !path.exists() {
        return (Vec::new(), Vec::new());
    }
    let name = path.display();
    let text = match crate::cli::input::read_bounded(&path) {
        Ok(text) => text,
        Err(e) => {
            return (
                Vec::new(),
                vec![format!("{e}; no expected counts nor oracle times")],
            )
        }
    };
    let entries = match serde_json::from_str::<Value>(&text) {
        Ok(Value::Array(entries)) => entries,
        Ok(_) => {
            let why = "expected a list of entries ({\"file\": …, \"solutions\": …, \"oracle_time_s\": …})";
            return (
                Vec::new(),
                vec![format!("{name}: {why}; no expected counts nor oracle times")],
            );
        }
        Err(e) => {
            let why = format!("{name}: not JSON ({e}); no expected counts nor oracle times");
            return (Vec::new(), vec![why]);
        }
    };
    let mut problems = Vec::new();
    let read = entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let Some(file) = e["file"].as_str() else {
                problems.push(format!("{name}: entry {}: no \"file\" name (left out)", i + 1));
                return None;
            };
            let file = file.to_string();
            let oracle = match &e["oracle_time_s"] {
                Value::Null => None,
                time => match time.as_f64() {
                    Some(s) if s.is_finite() && s >= 0.0 => Some(s),
                    _ => {
                        problems.push(format!(
                            "{name}: entry {} ({file}): oracle_time_s {time} is not a time (seconds, 0 or more); left out",
                            i + 1
                        ));
                        None
                    }
                },
            };
            let count = match (e["solutions"].as_u64(), e["solutions_is_lower_bound"].as_bool()) {
                (Some(n), Some(true)) => Some(format!("{n}+")),
                (Some(n), _) => Some(n.to_string()),
                _ => None,
            };
            let expected = Expected {
                count,
                solution: e["solution"].as_str().map(str::to_string),
                oracle,
            };
            Some((file, expected))
        })
        .collect();
    (read, problems)
}

/// What is wrong with an answer, judged by the manifest and the rules.
fn verdict(
    puzzle: &Puzzle,
    expected: &Expected,
    strategy: &dyn sudokit::solvers::Strategy,
    outcome: &Outcome,
) -> Option<String> {
    let label = outcome.count_label();
    if let Some(count) = &expected.count {
        if *count != label {
            return Some(format!("{label} solutions, the manifest says {count}"));
        }
    }
    if let (Some(text), true) = (&expected.solution, outcome.is_unique()) {
        let solved = strategy.solve(puzzle, &Limits::solutions(1)).ok()?;
        let grid = solved.solutions.first()?;
        if puzzle.verify_solution(grid).is_err() || !same_digits(grid, text) {
            return Some("the solution differs from the manifest's".into());
        }
    }
    None
}

/// Whether `grid` reads as `text` (one character per cell up to 9×9, two
/// digits per cell above).
fn same_digits(grid: &Grid, text: &str) -> bool {
    let width = if grid.size() <= 9 { 1 } else { 2 };
    grid.values()
        .iter()
        .map(|d| format!("{d:0width$}"))
        .collect::<String>()
        == text
}

fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    match sorted.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
    }
}

fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms < 10.0 {
        format!("{ms:.2}")
    } else {
        format!("{ms:.1}")
    }
}

/// The table, the puzzles that were refused, and the summary.
fn report(puzzles: &[Measured], refused: &[(String, String)], runs: usize) -> String {
    let mut lines = vec![format!(
        "{:<58} {:>2} {:>5} {:>7} {:>7} {:>9} {:>9} {:>9} {:>9} {:>7}",
        "puzzle", "n", "count", "nodes", "guesses", "solve ms", "max ms", "process", "oracle", "ratio"
    )];
    let mut process_medians = Vec::new();
    let mut ratios = Vec::new();
    let mut slower = Vec::new();
    let mut many_nodes = Vec::new();
    for m in puzzles {
        let (count, nodes, guesses) = match &m.outcome {
            Some(o) => (o.count_label(), o.stats.nodes, o.stats.guesses),
            None => ("?".into(), 0, 0),
        };
        let process = median(&m.process);
        process_medians.push(process);
        let (oracle, ratio) = match m.expected.oracle {
            Some(s) => {
                let ratio = s / process.as_secs_f64().max(1e-9);
                ratios.push(ratio);
                if process.as_secs_f64() > s {
                    slower.push(m.file.clone());
                }
                (format!("{:.1}", s * 1e3), format!("{ratio:.1}×"))
            }
            None => ("-".into(), "-".into()),
        };
        if nodes > 1000 {
            many_nodes.push(format!("{} ({nodes} nodes)", m.file));
        }
        let mut line = format!(
            "{:<58} {:>2} {:>5} {:>7} {:>7} {:>9} {:>9} {:>9} {:>9} {:>7}",
            m.file,
            m.puzzle.size(),
            count,
            nodes,
            guesses,
            ms(median(&m.solve)),
            ms(m.solve.iter().copied().max().unwrap_or_default()),
            ms(process),
            oracle,
            ratio
        );
        if let Some(problem) = &m.problem {
            line.push_str(&format!("  WRONG: {problem}"));
        }
        lines.push(line);
    }
    for (file, why) in refused {
        lines.push(format!("{file:<58} not read: {why}"));
    }
    let median_process = median(&process_medians);
    ratios.sort_by(f64::total_cmp);
    let median_ratio = ratios.get(ratios.len() / 2).copied().unwrap_or(0.0);
    lines.push(String::new());
    lines.push(format!(
        "{} puzzles read, {} refused; medians of {runs} runs. Whole process: median {} ms, max {} ms; \
         median ratio to the oracle {median_ratio:.1}× (its times as recorded in the manifest).",
        puzzles.len(),
        refused.len(),
        ms(median_process),
        ms(process_medians.iter().copied().max().unwrap_or_default()),
    ));
    lines.push(format!(
        "Slower than the oracle: {}. More than 1,000 nodes: {}.",
        if slower.is_empty() {
            "none".to_string()
        } else {
            slower.join(", ")
        },
        if many_nodes.is_empty() {
            "none".to_string()
        } else {
            many_nodes.join(", ")
        }
    ));
    lines.join("\n")
}
