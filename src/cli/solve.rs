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
    pattern, Auto, Limits, Outcome, PropagationSearch, Stats, Stop, Strategy, ValueOrder,
};

use super::compare::{parse_timeout, Timeout};
use super::input::{skipped_note, Echo, Entry, InputArgs};
use super::jobs::JobsArgs;
use super::report::{ms, summary, Times};
use super::strategies::strategy_names;
use super::Status;
use super::{output, pipeline};

/// Options of `sudokit solve`.
#[derive(Debug, Args)]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    // Puzzles are solved on N threads and answered in input order as soon
    // as each is done; `--all` and `--limit` without `--count` print
    // solutions as they are found, one puzzle at a time.
    #[command(flatten)]
    jobs: JobsArgs,
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

    /// The strategy to answer with; `one_puzzle` when the input holds one
    /// puzzle, which `auto` then races at once ([`Auto::alone`]).
    fn strategy(&self, one_puzzle: bool) -> Result<Box<dyn Strategy>, String> {
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
        if self.strategy == "auto" && one_puzzle {
            return Ok(Box::new(Auto::alone()));
        }
        super::strategies::strategy(&self.strategy)
    }
}

/// A positive number of seconds, e.g. `0.5`.
pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs > 0.0 && secs < 1e9 => Ok(Duration::from_secs_f64(secs)),
        _ => Err(format!("expected a positive number of seconds, found '{text}'")),
    }
}

/// One puzzle's answer, apart from its output lines: what the summary and
/// the exit code need, and the messages for stderr.
#[derive(Debug, Default)]
struct Answer {
    status: Status,
    /// Search time, for puzzles that were searched.
    time: Option<Duration>,
    solved: bool,
    stats: Stats,
    /// Lines for stderr, printed when the answer is written.
    notes: Vec<String>,
}

/// What `solve` prints after the answers.
#[derive(Debug, Default)]
struct Totals {
    status: Status,
    answered: usize,
    solved: usize,
    times: Times,
    stats: Stats,
}

impl Totals {
    fn add(&mut self, answer: Answer) {
        for note in &answer.notes {
            eprintln!("{note}");
        }
        self.answered += 1;
        self.status = self.status.worst(answer.status);
        self.solved += usize::from(answer.solved);
        if let Some(time) = answer.time {
            self.times.add(time);
        }
        self.stats += answer.stats;
    }
}

/// How `solve` answers each puzzle.
struct Solver<'a> {
    args: &'a SolveArgs,
    strategy: Box<dyn Strategy>,
    limits: Limits,
}

impl SolveArgs {
    /// Whether answers are blocks of lines, separated by blank lines.
    fn blocks(&self) -> bool {
        self.pretty
            || self.candidates
            || (!self.count && !self.json && (self.all || self.limit.is_some_and(|n| n > 1)))
    }
}

/// Runs `sudokit solve`.
pub(crate) fn run(args: &SolveArgs) -> Status {
    let eager = args.input.reads_stdin();
    // Files are read ahead by two puzzles to learn whether they hold one
    // (standard input is not: a reader there waits for each answer).
    let mut entries = args.input.entries();
    let ahead: Vec<Entry> = match eager {
        true => Vec::new(),
        false => entries.by_ref().take(2).collect(),
    };
    let one_puzzle = ahead.len() == 1;
    let entries = ahead.into_iter().chain(entries);
    let strategy = match args.strategy(one_puzzle) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("sudokit: {e}");
            return Status::BadInput;
        }
    };
    let cancel = super::interrupt::cancel_on_ctrl_c();
    let solver = Solver {
        args,
        strategy,
        limits: Limits {
            cancel: Some(cancel),
            ..args.limits()
        },
    };
    let mut out = output::stdout();
    let mut totals = Totals::default();
    // Solutions printed as the search finds them (`--all`, `--limit`) go
    // straight out, one puzzle at a time; everything else can be answered
    // on many threads.
    let streaming = !args.count && !args.json && (args.all || args.limit.is_some());
    let complete = if args.jobs.jobs == Some(1) || streaming {
        let mut complete = true;
        for entry in entries {
            if cancel.is_cancelled() {
                complete = false;
                break;
            }
            if args.blocks() && totals.answered > 0 && !args.json {
                let _ = writeln!(out);
            }
            totals.add(solver.answer(entry, &mut out));
            if eager {
                let _ = out.flush();
            }
        }
        complete && !cancel.is_cancelled()
    } else {
        let Some(pool) = args.jobs.pool() else {
            return Status::BadInput;
        };
        let progress = pipeline::ordered(
            &pool,
            entries,
            if eager { 1 } else { 256 },
            cancel,
            |entry| {
                let mut lines = Vec::new();
                let answer = solver.answer(entry, &mut lines);
                (lines, answer)
            },
            |(lines, answer)| {
                if args.blocks() && totals.answered > 0 && !args.json {
                    let _ = writeln!(out);
                }
                let _ = out.write_all(&lines);
                totals.add(answer);
                if eager {
                    let _ = out.flush();
                }
            },
        );
        progress.complete
    };
    let _ = out.flush();
    drop(out);
    if !args.candidates && totals.answered > 0 {
        if args.stats {
            let all = &totals.stats;
            eprintln!(
                "Total: {} nodes, {} guesses, {} backtracks, {} propagations.",
                all.nodes, all.guesses, all.backtracks, all.propagations
            );
        }
        eprintln!("{}", summary(totals.solved, totals.answered, &totals.times));
    }
    if !complete {
        // Ctrl-C: every finished line is out; say what was not done.
        eprintln!(
            "sudokit: interrupted: {} puzzles answered; the rest of the input was not solved",
            totals.answered
        );
        return Status::Interrupted;
    }
    totals.status
}

impl Solver<'_> {
    /// Answers one entry: its lines to `out`, the rest in the [`Answer`].
    fn answer(&self, entry: Entry, out: &mut impl Write) -> Answer {
        let args = self.args;
        let mut answer = Answer::default();
        let read = match entry.puzzle {
            Ok(read) => read,
            Err(bad) => {
                let echo = Echo::Line { json: args.json };
                answer.notes.push(echo.answer(&entry.origin, &bad, out));
                answer.status = Status::BadInput;
                return answer;
            }
        };
        if args.verbose && !read.skipped.is_empty() {
            answer.notes.push(skipped_note(&entry.origin, &read));
        }
        let puzzle = read.puzzle;
        if args.candidates {
            answer.status = print_candidates(out, &puzzle);
            return answer;
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
                answer.notes.push(format!("sudokit: {}: {why}", entry.origin));
                let _ = writeln!(out, "0");
            } else {
                let _ = writeln!(out, "{why}");
            }
            answer.status = Status::NoSolution;
            return answer;
        }
        let started = Instant::now();
        let outcome = if args.count || args.json {
            count_keeping_two(self.strategy.as_ref(), &puzzle, &self.limits)
        } else {
            solve_streaming(self.strategy.as_ref(), &puzzle, &self.limits, args, out)
        };
        let elapsed = started.elapsed();
        let outcome = match outcome {
            Ok(outcome) => outcome,
            Err(e) => {
                answer.notes.push(format!("sudokit: {}: {e}", entry.origin));
                if args.json {
                    let _ = writeln!(
                        out,
                        "{}",
                        json!({ "input": entry.origin, "error": e.to_string() })
                    );
                } else {
                    let _ = writeln!(out, "error: {e}");
                }
                answer.status = Status::BadInput;
                return answer;
            }
        };
        if args.verbose && outcome.count > 0 && outcome.stats.nodes == 0 && pattern::applies_to(&puzzle) {
            answer.notes.push(format!("{}: {}", entry.origin, pattern::HOW));
        }
        answer.time = Some(elapsed);
        answer.stats = outcome.stats;
        answer.solved = outcome.count > 0;
        if outcome.count == 0 {
            answer.status = Status::NoSolution;
        }
        if (args.count || args.json) && outcome.count > 1 {
            answer.status = answer.status.worst(Status::Several);
        }
        self.report(&entry.origin, &puzzle, &outcome, elapsed, out, &mut answer);
        answer
    }

    /// Writes a searched puzzle's answer line and notes.
    fn report(
        &self,
        origin: &str,
        puzzle: &Puzzle,
        outcome: &Outcome,
        elapsed: Duration,
        out: &mut impl Write,
        answer: &mut Answer,
    ) {
        let args = self.args;
        let differ = match outcome.solutions.as_slice() {
            [a, b, ..] => differing_cells(a, b),
            _ => Vec::new(),
        };
        let n = puzzle.size();
        if args.json {
            let _ = writeln!(out, "{}", json_line(origin, outcome, &differ, n, elapsed));
        } else if args.count && matches!(outcome.stop, Stop::NodeLimit | Stop::TimeLimit | Stop::Cancelled) {
            // Not a count: a limit cut the search short (the README's
            // `unknown:` line).
            let _ = writeln!(out, "{}", unknown_line(outcome));
            answer.status = answer.status.worst(Status::NoSolution);
            // An `unknown:` line is no answer, whatever was found before
            // the limit: the summary must not count it as solved.
            answer.solved = false;
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
                answer.notes.push(format!(
                    "{}: {} solutions; two of them differ in {} cells: {}\n  {}\n  {}",
                    origin,
                    outcome.count_label(),
                    differ.len(),
                    listed.join(", "),
                    to_line(a),
                    to_line(b)
                ));
            }
        } else if outcome.count == 0 {
            let _ = writeln!(out, "{}", no_solution_line(outcome));
        }
        if args.stats {
            answer.notes.push(format!(
                "{}: {} solution(s), {} nodes, {} guesses, {} backtracks, {} propagations, {} ms",
                origin,
                outcome.count_label(),
                outcome.stats.nodes,
                outcome.stats.guesses,
                outcome.stats.backtracks,
                outcome.stats.propagations,
                ms(elapsed)
            ));
        }
    }
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
    let mut line = json!({
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
    });
    // A chaos construction's regions (the layer of extra variables), one
    // line of labels per solution, when the rules declare them.
    if outcome.solutions.iter().any(|s| s.layer().len() == n * n) {
        line["regions"] = outcome.solutions.iter().map(regions_line).collect();
    }
    line
}

/// The region labels of a solution's layer as a line of symbols, like a
/// grid of digits.
fn regions_line(solution: &Grid) -> String {
    let n = solution.size();
    let labels = solution
        .layer()
        .get(..n * n)
        .map(<[u8]>::to_vec)
        .unwrap_or_default();
    Grid::from_values(n, labels).map_or_else(String::new, |g| to_line(&g))
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
