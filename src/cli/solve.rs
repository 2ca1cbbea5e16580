//! `sudokit solve`: one output line per input puzzle.
//!
//! The contract scripts rely on: stdout has exactly one line per puzzle, in
//! input order (the solution, `no solution …`, a count, or `error: …` for a
//! puzzle that could not be read). `--pretty`, `--all` and `--candidates`
//! print blocks instead, separated by blank lines. Messages and the summary go
//! to stderr.

use std::io::Write;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use clap::Args;
use serde_json::json;
use sudokit::core::format::{to_line, to_pretty};
use sudokit::core::{Cell, Grid, Puzzle, RootPropagation};
use sudokit::solvers::sat::{Encoding, SatSearch, SatSolver};
use sudokit::solvers::{
    strategy_by_name, Limits, Outcome, PropagationSearch, Stats, Stop, Strategy, ValueOrder, STRATEGY_NAMES,
};

use super::compare::{parse_timeout, Timeout};
use super::input::InputArgs;
use super::output;
use super::report::{ms, summary};
use super::strategies::strategy_names;
use super::Status;

/// Options of `sudokit solve`.
#[derive(Debug, Args)]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Print the number of solutions instead of a solution (`2+`: the limit
    /// was reached); two solutions and the cells where they differ go to
    /// stderr. Exit code 3 when a puzzle has several.
    #[arg(long)]
    count: bool,
    /// One JSON object per puzzle and line: count, solutions, differing
    /// cells, statistics (counts up to 2 unless --limit/--all say otherwise).
    #[arg(long, conflicts_with_all = ["pretty", "candidates"])]
    json: bool,
    /// Also list what the reader skipped (f-puzzles decoration, a setter's
    /// solution, typed digits) on stderr.
    #[arg(long)]
    verbose: bool,
    /// Stop after N solutions (default: 2 with --count, 1 otherwise);
    /// without --count, print them all, one per line.
    #[arg(long, value_name = "N", conflicts_with = "all", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Find every solution: with --count, count them all; otherwise print them all.
    #[arg(long)]
    all: bool,
    /// Solving strategy: auto (bitboard for classic 9×9 puzzles, propagation
    /// otherwise), backtracking (the naive baseline), or any other registered
    /// one (`sudokit compare` lists them side by side).
    #[arg(long, value_name = "NAME", default_value = "auto", value_parser = strategy_names())]
    strategy: String,
    /// Print grids with box separators instead of one-line answers.
    #[arg(long)]
    pretty: bool,
    /// Print every cell's candidates after the initial propagation instead of solving.
    #[arg(long, conflicts_with_all = ["count", "all", "limit", "strategy", "seed", "timeout", "nodes"])]
    candidates: bool,
    /// Print each puzzle's search statistics on stderr.
    #[arg(long)]
    stats: bool,
    /// Give up on a puzzle after SECS seconds (0: no limit, as in `compare`).
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    timeout: Option<Timeout>,
    /// Give up on a puzzle after N search nodes.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// SAT encoding (sat strategy): minimal, efficient, extended, optimized, propagated.
    #[arg(long, value_name = "NAME")]
    encoding: Option<Encoding>,
    /// Embedded SAT solver (sat strategy): cadical or batsat.
    #[arg(long, value_name = "NAME")]
    sat_solver: Option<String>,
    /// Try digits in a random order from this seed (propagation strategy).
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,
}

impl SolveArgs {
    fn limits(&self) -> Limits {
        let mut limits = match (self.all, self.limit) {
            (true, _) => Limits::all(),
            (false, Some(n)) => Limits::solutions(n.max(1)),
            (false, None) if self.count || self.json => Limits::solutions(2),
            (false, None) => Limits::solutions(1),
        };
        limits.max_nodes = self.nodes;
        limits.time_limit = self.timeout.and_then(|Timeout(t)| t);
        limits
    }

    fn strategy(&self) -> Result<Box<dyn Strategy>, String> {
        if let Some(seed) = self.seed {
            // A random digit order is the propagation search's: auto means it too.
            if self.strategy != "propagation" && self.strategy != "auto" {
                return Err("--seed works with the propagation strategy only".into());
            }
            return Ok(Box::new(PropagationSearch {
                order: ValueOrder::Random { seed },
                ..PropagationSearch::default()
            }));
        }
        if self.strategy == "sat" && self.nodes.is_some() {
            return Err("--nodes has no meaning for the sat strategy (a CDCL solver has no search nodes); use --timeout".into());
        }
        if self.strategy == "sat" {
            let mut sat = SatSearch::default();
            if let Some(encoding) = self.encoding {
                sat.encoding = encoding;
            }
            if let Some(name) = &self.sat_solver {
                sat.solver = SatSolver::by_name(name).ok_or_else(|| {
                    let known: Vec<_> = SatSolver::available().iter().map(|s| s.name()).collect();
                    format!("unknown SAT solver '{name}' (available: {})", known.join(", "))
                })?;
            }
            return Ok(Box::new(sat));
        }
        if self.encoding.is_some() || self.sat_solver.is_some() {
            return Err("--encoding and --sat-solver work with --strategy sat only".into());
        }
        strategy_by_name(&self.strategy).ok_or_else(|| {
            format!(
                "unknown strategy '{}' (available: {})",
                self.strategy,
                STRATEGY_NAMES.join(", ")
            )
        })
    }
}

/// A positive number of seconds, e.g. `0.5`.
pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs > 0.0 && secs < 1e9 => Ok(Duration::from_secs_f64(secs)),
        _ => Err(format!("expected a positive number of seconds, found '{text}'")),
    }
}

/// Runs `sudokit solve`.
pub(crate) fn run(args: &SolveArgs) -> Status {
    let strategy = match args.strategy() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("sudokit: {e}");
            return Status::BadInput;
        }
    };
    let cancel = super::interrupt::cancel_on_ctrl_c();
    let limits = Limits {
        cancel: Some(cancel),
        ..args.limits()
    };
    let mut out = output::stdout();
    let mut status = Status::Ok;
    let (mut total, mut solved) = (0usize, 0usize);
    let mut times = Vec::new();
    let mut all_stats = Stats::default();
    // Blocks of grids; counts stay one line per puzzle.
    let block = args.pretty
        || args.candidates
        || (!args.count && !args.json && (args.all || args.limit.is_some_and(|n| n > 1)));
    let counting = args.count || args.json;
    let entries = args.input.entries();
    let count = entries.len();
    for (index, entry) in entries.into_iter().enumerate() {
        if cancel.is_cancelled() {
            // Ctrl-C: keep every finished line, say what was not done.
            let _ = out.flush();
            eprintln!(
                "sudokit: interrupted: {index} of {count} puzzles answered, {} not solved",
                count - index
            );
            return Status::Interrupted;
        }
        if block && index > 0 && !args.json {
            let _ = writeln!(out);
        }
        total += 1;
        let read = match entry.puzzle {
            Ok(read) => read,
            Err(message) => {
                eprintln!("sudokit: {message}");
                if args.json {
                    let _ = writeln!(out, "{}", json!({ "input": entry.origin, "error": message }));
                } else {
                    let _ = writeln!(out, "error: {message}");
                }
                status = status.worst(Status::BadInput);
                continue;
            }
        };
        if args.verbose && !read.skipped.is_empty() {
            eprintln!("{}: skipped {}", entry.origin, read.skipped.join("; "));
        }
        let puzzle = read.puzzle;
        if args.candidates {
            status = status.worst(print_candidates(&mut out, &puzzle));
            continue;
        }
        if let Err(violation) = puzzle.check_givens() {
            let why = format!("no solution: the givens break the {violation}");
            if args.json {
                let _ = writeln!(
                    out,
                    "{}",
                    json!({ "input": entry.origin, "count": 0, "exhaustive": true, "status": "none", "why": why })
                );
            } else if args.count {
                eprintln!("sudokit: {}: {why}", entry.origin);
                let _ = writeln!(out, "0");
            } else {
                let _ = writeln!(out, "{why}");
            }
            status = status.worst(Status::NoSolution);
            continue;
        }
        let started = Instant::now();
        let outcome = if counting {
            count_keeping_two(strategy.as_ref(), &puzzle, &limits)
        } else {
            solve_streaming(strategy.as_ref(), &puzzle, &limits, args, &mut out)
        };
        let elapsed = started.elapsed();
        let outcome = match outcome {
            Ok(outcome) => outcome,
            Err(e) => {
                eprintln!("sudokit: {}: {e}", entry.origin);
                if args.json {
                    let _ = writeln!(
                        out,
                        "{}",
                        json!({ "input": entry.origin, "error": e.to_string() })
                    );
                } else {
                    let _ = writeln!(out, "error: {e}");
                }
                status = status.worst(Status::BadInput);
                continue;
            }
        };
        times.push(elapsed);
        all_stats += outcome.stats;
        if outcome.count > 0 {
            solved += 1;
        } else {
            status = status.worst(Status::NoSolution);
        }
        if counting && outcome.count > 1 {
            status = status.worst(Status::Several);
        }
        let differ = match outcome.solutions.as_slice() {
            [a, b, ..] => differing_cells(a, b),
            _ => Vec::new(),
        };
        let n = puzzle.size();
        if args.json {
            let _ = writeln!(out, "{}", json_line(&entry.origin, &outcome, &differ, n, elapsed));
        } else if args.count && matches!(outcome.stop, Stop::NodeLimit | Stop::TimeLimit | Stop::Cancelled) {
            // Not a count: a limit cut the search short (the README's
            // `unknown:` line).
            let _ = writeln!(out, "{}", unknown_line(&outcome));
            status = status.worst(Status::NoSolution);
        } else if args.count {
            let _ = writeln!(out, "{}", outcome.count_label());
            if let [a, b, ..] = outcome.solutions.as_slice() {
                // A setter wants the few cells that need a clue; past a
                // dozen, the two grids below say it better than a list.
                const LISTED: usize = 12;
                let mut listed: Vec<String> = differ
                    .iter()
                    .take(LISTED)
                    .map(|&c| {
                        format!(
                            "{} ({}/{})",
                            c.name(n),
                            a.values()[c.index()],
                            b.values()[c.index()]
                        )
                    })
                    .collect();
                if differ.len() > LISTED {
                    listed.push(format!("and {} more", differ.len() - LISTED));
                }
                eprintln!(
                    "{}: {} solutions; two of them differ in {} cells: {}\n  {}\n  {}",
                    entry.origin,
                    outcome.count_label(),
                    differ.len(),
                    listed.join(", "),
                    to_line(a),
                    to_line(b)
                );
            }
        } else if outcome.count == 0 {
            let _ = writeln!(out, "{}", no_solution_line(&outcome));
        }
        if args.stats {
            eprintln!(
                "{}: {} solution(s), {} nodes, {} guesses, {} backtracks, {} propagations, {} ms",
                entry.origin,
                outcome.count_label(),
                outcome.stats.nodes,
                outcome.stats.guesses,
                outcome.stats.backtracks,
                outcome.stats.propagations,
                ms(elapsed)
            );
        }
    }
    let _ = out.flush();
    drop(out);
    if !args.candidates && total > 0 {
        if args.stats {
            eprintln!(
                "Total: {} nodes, {} guesses, {} backtracks, {} propagations.",
                all_stats.nodes, all_stats.guesses, all_stats.backtracks, all_stats.propagations
            );
        }
        eprintln!("{}", summary(solved, total, &times));
    }
    if cancel.is_cancelled() {
        eprintln!("sudokit: interrupted during the last puzzle");
        return Status::Interrupted;
    }
    status
}

/// Counts solutions up to the limits, keeping the first two (to show where
/// they differ).
fn count_keeping_two(
    strategy: &dyn Strategy,
    puzzle: &Puzzle,
    limits: &Limits,
) -> Result<Outcome, sudokit::solvers::SolveError> {
    let mut kept = Vec::new();
    let search = strategy.visit(puzzle, limits, &mut |grid: &Grid| {
        if kept.len() < 2 {
            kept.push(grid.clone());
        }
        ControlFlow::Continue(())
    })?;
    Ok(Outcome::of(search, kept))
}

/// The cells where two solutions differ.
fn differing_cells(a: &Grid, b: &Grid) -> Vec<Cell> {
    a.values()
        .iter()
        .zip(b.values())
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(i, _)| Cell(i as u16))
        .collect()
}

/// One puzzle's answer for `--json`.
fn json_line(
    origin: &str,
    outcome: &Outcome,
    differ: &[Cell],
    n: usize,
    elapsed: Duration,
) -> serde_json::Value {
    let status = match (outcome.count, outcome.exhaustive()) {
        (0, true) => "none",
        (0, false) => "unknown",
        (1, true) => "unique",
        (1, false) => "unknown",
        _ => "several",
    };
    json!({
        "input": origin,
        "status": status,
        "count": outcome.count,
        "label": outcome.count_label(),
        "exhaustive": outcome.exhaustive(),
        "solutions": outcome.solutions.iter().map(to_line).collect::<Vec<_>>(),
        "differ": differ.iter().map(|c| c.name(n)).collect::<Vec<_>>(),
        "nodes": outcome.stats.nodes,
        "guesses": outcome.stats.guesses,
        "ms": elapsed.as_secs_f64() * 1e3,
    })
}

/// Solves one puzzle, printing solutions as they are found.
fn solve_streaming(
    strategy: &dyn Strategy,
    puzzle: &Puzzle,
    limits: &Limits,
    args: &SolveArgs,
    out: &mut impl Write,
) -> Result<Outcome, sudokit::solvers::SolveError> {
    let mut printed = 0u64;
    let search = strategy.visit(puzzle, limits, &mut |grid: &Grid| {
        if args.pretty {
            if printed > 0 {
                let _ = writeln!(out);
            }
            let _ = write!(out, "{}", to_pretty(grid, puzzle.geometry()));
        } else {
            let _ = writeln!(out, "{}", to_line(grid));
        }
        printed += 1;
        // `--all`, or `--limit N`: every solution up to the limit (the
        // search stops there); otherwise the first.
        if args.all || args.limit.is_some() {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    })?;
    Ok(Outcome {
        solutions: Vec::new(),
        count: search.count,
        stop: search.stop,
        stats: search.stats,
    })
}

/// `unknown: time limit reached after 1 solution`, for a count cut short.
fn unknown_line(outcome: &Outcome) -> String {
    let why = match outcome.stop {
        Stop::NodeLimit => "node limit reached",
        Stop::Cancelled => "interrupted",
        _ => "time limit reached",
    };
    match outcome.count {
        0 => format!("unknown: {why} before a solution"),
        1 => format!("unknown: {why} after 1 solution"),
        k => format!("unknown: {why} after {k} solutions"),
    }
}

fn no_solution_line(outcome: &Outcome) -> String {
    match outcome.stop {
        Stop::NodeLimit => "unknown: node limit reached before a solution".to_string(),
        Stop::TimeLimit => "unknown: time limit reached before a solution".to_string(),
        Stop::Cancelled => "unknown: interrupted before a solution".to_string(),
        _ => "no solution".to_string(),
    }
}

fn print_candidates(out: &mut impl Write, puzzle: &Puzzle) -> Status {
    if let Err(violation) = puzzle.check_givens() {
        let _ = writeln!(out, "no solution: the givens break the {violation}");
        return Status::NoSolution;
    }
    let root = RootPropagation::of(puzzle, true);
    match &root.contradiction {
        Some(contradiction) => {
            let _ = writeln!(out, "no solution: {}", puzzle.describe(contradiction));
            Status::NoSolution
        }
        None => {
            let _ = write!(out, "{}", root.display(puzzle.geometry()));
            Status::Ok
        }
    }
}
