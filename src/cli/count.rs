//! `sudokit count`: the exact number of solutions of each puzzle, however
//! large, with a progress bar, a time limit, and Ctrl-C for the count so far.
//!
//! Stdout has one line per input puzzle, in input order: the count
//! (`28200960`), `at least N (stopped: time limit)` or `at least N
//! (stopped: interrupted)` when the count was cut short (N solutions were
//! found: a lower bound), or `error: …`. Exit codes as for `solve --count`:
//! 0 every puzzle has one solution, 3 some has several, 1 some has none or
//! was not counted to the end, 2 some input could not be read; and 130
//! after Ctrl-C, which stops the current count, prints its line, and skips
//! the puzzles after it (a second Ctrl-C ends the program at once).
//!
//! `--estimate` answers "about how many" instead: see [`super::estimate`].

use std::io::Write;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::ProgressBar;
use serde_json::json;
use sudokit::solvers::{count_exact_with, CountProgress, CountResult, Limits, Stop};

use super::compare::{parse_timeout, Timeout};
use super::estimate::{EstimateOptions, DEFAULT_TIME};
use super::input::{Echo, InputArgs};
use super::output;
use super::progress;
use super::report::{grouped, ms};
use super::solve::parse_seconds;
use super::Status;

/// Options of `sudokit count`.
#[derive(Debug, Args)]
pub(crate) struct CountArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Stop each count after SECS seconds: its line then reads
    /// `at least N (stopped: time limit)`, and the exit code is 1.
    /// `--timeout 0`: no limit, as everywhere.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout, conflicts_with = "estimate")]
    timeout: Option<Timeout>,
    /// Solving strategy for the sub-searches (propagation, dlx, sat, backtracking).
    #[arg(
        long,
        value_name = "NAME",
        default_value = "propagation",
        conflicts_with = "estimate"
    )]
    strategy: String,
    /// Estimate the number of solutions instead of counting them: Knuth's
    /// random probes of the search tree, for --time seconds (10 by
    /// default) or until Ctrl-C, which keeps the estimate. Prints
    /// `about N ± E % (95 %: LOW to HIGH; P probes)`.
    #[arg(long)]
    estimate: bool,
    /// With --estimate: probe each puzzle for SECS seconds.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds, requires = "estimate")]
    time: Option<Duration>,
    /// With --estimate: stop after N probes of each puzzle (and after
    /// --time, if given too). With --seed, the estimate is repeatable.
    #[arg(long, value_name = "N", requires = "estimate")]
    probes: Option<u64>,
    /// With --estimate: the random seed (a fresh one each run by default;
    /// --verbose names it).
    #[arg(long, value_name = "N", requires = "estimate")]
    seed: Option<u64>,
    /// One JSON object per puzzle and line: count, exact, stop, symmetry,
    /// searches, nodes, ms (with --estimate: estimate, stderr, ci95,
    /// rel_err_percent, probes, stop, seed, ms).
    #[arg(long)]
    json: bool,
    /// Per puzzle on stderr: the digit symmetry used, the searches, nodes
    /// and time; and what an f-puzzles file held that is only decoration.
    #[arg(long)]
    verbose: bool,
}

/// Runs `sudokit count`.
pub(crate) fn run(args: &CountArgs) -> Status {
    if args.estimate {
        let options = EstimateOptions {
            time: match (args.time, args.probes) {
                (None, Some(_)) => None,
                (time, _) => Some(time.unwrap_or(DEFAULT_TIME)),
            },
            probes: args.probes,
            seed: args.seed.unwrap_or_else(|| fastrand::u64(..)),
            json: args.json,
            verbose: args.verbose,
        };
        return super::estimate::run(&args.input, &options, super::interrupt::cancel_on_ctrl_c());
    }
    let strategy = match super::strategies::strategy(&args.strategy) {
        Ok(strategy) => strategy,
        Err(message) => {
            eprintln!("sudokit: {message}");
            return Status::BadInput;
        }
    };
    let cancel = super::interrupt::cancel_on_ctrl_c();
    let limits = Limits {
        time_limit: args.timeout.and_then(|Timeout(t)| t),
        ..Limits::all()
    };
    let mut out = output::answers(args.input.reads_stdin());
    let mut status = Status::Ok;
    let (mut counted, mut puzzles, mut total) = (0usize, 0usize, Duration::ZERO);
    for entry in args.input.entries() {
        if cancel.is_cancelled() {
            break;
        }
        let echo = Echo::Line { json: args.json };
        let Some((origin, read)) = echo.take(entry, args.verbose, &mut out, &mut status) else {
            continue;
        };
        let puzzle = read.puzzle;
        let _ = out.flush();
        let bar = progress_bar(&origin);
        let started = Instant::now();
        let mut progress = |p: &CountProgress| {
            bar.set_position((p.fraction * 1000.0) as u64);
            bar.set_message(format!("{} solutions so far", grouped(p.count)));
        };
        let result = count_exact_with(strategy.as_ref(), &puzzle, &limits, &mut progress, Some(cancel));
        bar.finish_and_clear();
        let elapsed = started.elapsed();
        let result = match result {
            Ok(result) => result,
            Err(e) => {
                eprintln!("sudokit: {}: {e}", origin);
                let _ = writeln!(out, "error: {e}");
                status = status.worst(Status::BadInput);
                continue;
            }
        };
        puzzles += 1;
        total += elapsed;
        counted += usize::from(result.exact);
        status = status.worst(match (result.exact, result.count) {
            (false, _) | (true, 0) => Status::NoSolution,
            (true, 1) => Status::Ok,
            (true, _) => Status::Several,
        });
        if result.stop == Stop::Cancelled {
            status = Status::Interrupted;
        }
        if args.json {
            let _ = writeln!(out, "{}", json_line(&origin, &result, elapsed));
        } else {
            let _ = writeln!(out, "{}", count_line(&result));
        }
        if args.verbose {
            eprintln!("{}: {}", origin, details(&result, elapsed));
        }
    }
    let _ = out.flush();
    if puzzles > 0 {
        eprintln!(
            "Counted {counted} of {puzzles} puzzle{} exactly ({} ms in all).",
            if puzzles == 1 { "" } else { "s" },
            ms(total)
        );
    }
    if cancel.is_cancelled() {
        return Status::Interrupted;
    }
    status
}

/// The answer line: `28200960`, or `at least 1451520 (stopped: time limit)`.
fn count_line(result: &CountResult) -> String {
    if result.exact {
        result.count.to_string()
    } else {
        format!("at least {} (stopped: {})", result.count, stop_name(result.stop))
    }
}

fn stop_name(stop: Stop) -> &'static str {
    match stop {
        Stop::Exhausted => "exhausted",
        Stop::TimeLimit => "time limit",
        Stop::Cancelled => "interrupted",
        Stop::NodeLimit => "node limit",
        Stop::SolutionLimit => "solution limit",
        Stop::Visitor => "visitor",
    }
}

/// `28200960; digits 123456 interchangeable along row 1 (× 720); 1728 searches, 76608 nodes, 60 ms`.
fn details(result: &CountResult, elapsed: Duration) -> String {
    let symmetry = match &result.symmetry {
        Some(s) => format!(
            "digits {} interchangeable along {} (× {})",
            s.classes
                .iter()
                .map(|c| c.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(""))
                .collect::<Vec<_>>()
                .join(", "),
            s.house_name,
            s.factor
        ),
        None => "no digit symmetry".to_string(),
    };
    format!(
        "{}; {symmetry}; {} search{}, {} nodes, {} ms",
        count_line(result),
        result.searches,
        if result.searches == 1 { "" } else { "es" },
        result.stats.nodes,
        ms(elapsed)
    )
}

fn json_line(origin: &str, result: &CountResult, elapsed: Duration) -> serde_json::Value {
    json!({
        "input": origin,
        "count": result.count,
        "exact": result.exact,
        "stop": stop_name(result.stop),
        "symmetry": result.symmetry.as_ref().map(|s| json!({
            "house": s.house_name,
            "classes": s.classes,
            "factor": s.factor,
        })),
        "searches": result.searches,
        "nodes": result.stats.nodes,
        "ms": elapsed.as_secs_f64() * 1e3,
    })
}

/// A bar on stderr when a person watches it, nothing otherwise. It moves
/// with the share of the search tree done, and ticks on its own.
fn progress_bar(origin: &str) -> ProgressBar {
    let template = "{elapsed:>4} [{bar:30}] {percent:>3}%  {prefix}  {msg}";
    progress::on_terminal(Some(1000), template, origin)
}
