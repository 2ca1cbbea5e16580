//! `sudokit compare`: every strategy on every file, one table row each.
//!
//! Each puzzle is counted up to `--limit` solutions (2 by default: "unique"
//! or "several") by each strategy in turn, on one of `--jobs` threads
//! (puzzles are read lazily and answered in input order, see
//! [`pipeline`]), timed on that thread, and added to a [`Tally`] per file and
//! strategy. The table (or `--json`) goes to stdout, with a footer giving the
//! threads and each file's wall time; the progress counter and warnings go
//! to stderr.
//!
//! Runaway puzzles: `--timeout SECS` (default 1) is passed to every search
//! as [`Limits::time_limit`]; a search cut short is counted as timed out.
//! Every strategy must honour the limit (see [`Strategy::visit`]), so a run
//! is bounded by `puzzles × strategies × timeout`. A strategy that ignored
//! it could not be stopped from outside (threads cannot be killed), but it
//! would gain nothing: a search that takes longer than the timeout is
//! counted as timed out even when it finishes. `--timeout 0` lifts the limit.
//!
//! Strategies are also checked against each other: every solution is
//! verified with [`Puzzle::verify_solution`](sudokit::core::Puzzle::verify_solution),
//! and two strategies that both finish a puzzle must give the same count.
//!
//! Exit codes: 0 when every answer agrees, 1 when a strategy gave a wrong
//! solution or a count another strategy contradicts, 2 for bad input (an
//! unknown strategy, an unreadable file, a malformed puzzle).

use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::ProgressBar;
use serde::Serialize;
use sudokit::solvers::{Limits, Outcome, Stop, Tally, STRATEGY_NAMES};

use super::input::{display_name, BadInput, Entry, InputArgs};
use super::jobs::JobsArgs;
use super::progress;
use super::report::ms;
use super::strategies::Pick;
use super::Status;
use super::{output, pipeline};

/// Options of `sudokit compare`.
#[derive(Debug, Args)]
pub(crate) struct CompareArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Strategies to compare, comma-separated (default: every registered one
    /// but auto, which would only repeat bitboard or propagation).
    /// `propagation+locked+naked-pairs` runs techniques in the propagation search.
    #[arg(long, value_name = "A,B,...", value_delimiter = ',')]
    strategies: Vec<String>,
    /// Count each puzzle's solutions up to N (2 tells unique from several).
    #[arg(long, value_name = "N", default_value_t = 2)]
    limit: u64,
    /// Give up on a puzzle after SECS seconds and count it as timed out (0: no limit).
    #[arg(long, value_name = "SECS", default_value = "1", value_parser = parse_timeout)]
    timeout: Timeout,
    /// Print the rows as a JSON array instead of a table.
    #[arg(long)]
    json: bool,
    // Puzzles run on N threads, each timed on its own thread; the
    // table's footer gives the wall time.
    #[command(flatten)]
    jobs: JobsArgs,
}

/// One row of the comparison: a strategy on a file.
#[derive(Debug, Serialize)]
struct Row {
    file: String,
    strategy: String,
    /// Puzzles in the file, malformed ones included.
    total: usize,
    solved: usize,
    timeouts: usize,
    unsupported: usize,
    /// Malformed puzzles (the same for every strategy of a file).
    malformed: usize,
    /// Solutions that failed the independent check, or counts another
    /// strategy contradicted.
    wrong: usize,
    puzzles_per_second: f64,
    mean_ms: f64,
    median_ms: f64,
    max_ms: f64,
    nodes_per_puzzle: f64,
    guesses_per_puzzle: f64,
    backtracks_per_puzzle: f64,
    /// Threads the file's puzzles ran on; each puzzle is timed on its own
    /// thread (the times above).
    threads: usize,
    /// Wall time of the whole file (every strategy).
    wall_ms: f64,
    /// Why a puzzle was unsupported, when one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// The per-puzzle time limit; `None` for no limit. (A newtype, because
/// clap reads an `Option` field as "the option may be absent".)
#[derive(Clone, Copy, Debug)]
pub(crate) struct Timeout(pub(crate) Option<Duration>);

/// A number of seconds, `0` for no limit.
pub(crate) fn parse_timeout(text: &str) -> Result<Timeout, String> {
    match text.parse::<f64>() {
        Ok(secs) if secs.is_finite() && (0.0..1e9).contains(&secs) => {
            Ok(Timeout((secs > 0.0).then(|| Duration::from_secs_f64(secs))))
        }
        _ => Err(format!(
            "expected a number of seconds (0 for none), found '{text}'"
        )),
    }
}

/// A count two strategies can compare: exact, or "at least the limit".
fn settled(outcome: &Outcome, limit: u64) -> Option<String> {
    match outcome.stop {
        Stop::Exhausted if outcome.count < limit => Some(outcome.count.to_string()),
        Stop::Exhausted | Stop::SolutionLimit => Some(format!("{limit}+")),
        Stop::NodeLimit | Stop::TimeLimit | Stop::Visitor | Stop::Cancelled => None,
    }
}

/// Runs `sudokit compare`.
pub(crate) fn run(args: &CompareArgs) -> Status {
    let names: Vec<String> = if args.strategies.is_empty() {
        STRATEGY_NAMES
            .iter()
            .filter(|&&s| s != "auto")
            .map(|s| s.to_string())
            .collect()
    } else {
        args.strategies.iter().map(|s| s.trim().to_string()).collect()
    };
    let mut strategies: Vec<Pick> = Vec::new();
    for name in &names {
        match Pick::parse(name) {
            Ok(pick) => strategies.push(pick),
            Err(e) => {
                eprintln!("sudokit: {e}");
                return Status::BadInput;
            }
        }
    }
    let Timeout(timeout) = args.timeout;
    let cancel = super::interrupt::cancel_on_ctrl_c();
    let mut limits = Limits::solutions(args.limit.max(1));
    limits.time_limit = timeout;
    limits.cancel = Some(cancel);
    let Some(pool) = args.jobs.pool() else {
        return Status::BadInput;
    };
    // Each thread takes a set of strategies (techniques keep state).
    let spare = Mutex::new(vec![strategies]);
    let labels: Vec<String> = names.iter().map(|n| n.trim().to_string()).collect();
    let checker = Checker {
        names: &names,
        spare: &spare,
        limits: &limits,
    };

    let stdin = [std::path::PathBuf::from("-")];
    let files = if args.input.files.is_empty() {
        &stdin[..]
    } else {
        &args.input.files[..]
    };
    let bar = progress_bar();
    let mut status = Status::Ok;
    let mut rows = Vec::new();
    let mut walls = Vec::new();
    let mut complete = true;
    for path in files {
        let file = display_name(path);
        bar.set_message(file.clone());
        let mut tallies = vec![Tally::default(); labels.len()];
        let mut notes: Vec<Option<String>> = vec![None; labels.len()];
        let mut wrong = vec![0; labels.len()];
        let (mut total, mut malformed) = (0, 0);
        let started = Instant::now();
        let progress = pipeline::ordered(
            &pool,
            args.input.file_entries(path),
            if path.as_os_str() == "-" { 1 } else { 4 },
            cancel,
            |entry| checker.check(entry),
            |checked| {
                total += 1;
                bar.inc(1);
                let (origin, runs) = match checked {
                    Checked::Malformed(bad) => {
                        bar.suspend(|| eprintln!("sudokit: {bad}"));
                        malformed += 1;
                        status = status.worst(Status::BadInput);
                        return;
                    }
                    Checked::Puzzle { origin, runs } => (origin, runs),
                };
                for (i, run) in runs.into_iter().enumerate() {
                    match run {
                        Run::Unsupported(e) => {
                            tallies[i].record_unsupported();
                            notes[i].get_or_insert_with(|| format!("{origin}: {e}"));
                        }
                        Run::Done {
                            outcome,
                            elapsed,
                            trouble,
                        } => {
                            tallies[i].record_with_timeout(&outcome, elapsed, timeout);
                            if let Some(message) = trouble {
                                bar.suspend(|| eprintln!("sudokit: {message}"));
                                wrong[i] += 1;
                                status = status.worst(Status::NoSolution);
                            }
                        }
                    }
                }
            },
        );
        let wall = started.elapsed();
        walls.push((file.clone(), wall));
        for (i, label) in labels.iter().enumerate() {
            let mut row = row(
                &file,
                label,
                total,
                malformed,
                wrong[i],
                &tallies[i],
                notes[i].take(),
            );
            row.threads = pool.current_num_threads();
            row.wall_ms = millis(wall);
            rows.push(row);
        }
        if !progress.complete {
            complete = false;
            break;
        }
    }
    bar.finish_and_clear();

    let mut out = output::stdout();
    let threads = pool.current_num_threads();
    let written = if args.json {
        serde_json::to_writer_pretty(&mut out, &rows)
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(out))
    } else {
        let walls: Vec<String> = walls
            .iter()
            .map(|(file, wall)| format!("{file} {:.2} s", wall.as_secs_f64()))
            .collect();
        let footer = format!(
            "Times: each puzzle on its own thread ({threads} threads); wall time: {}\n",
            walls.join(", ")
        );
        out.write_all((table(&rows) + &footer).as_bytes())
    };
    if let Err(e) = written.and_then(|()| out.flush()) {
        eprintln!("sudokit: cannot write the table: {e}");
        return Status::BadInput;
    }
    if !complete {
        eprintln!("sudokit: interrupted: the table holds the puzzles answered before Ctrl-C");
        return Status::Interrupted;
    }
    status
}

/// One strategy on one puzzle.
enum Run {
    Unsupported(String),
    Done {
        outcome: Outcome,
        elapsed: Duration,
        /// A wrong solution, or a count an earlier strategy contradicts.
        trouble: Option<String>,
    },
}

/// One entry, checked by every strategy.
enum Checked {
    Malformed(BadInput),
    Puzzle { origin: String, runs: Vec<Run> },
}

/// Runs every strategy on a puzzle, on whichever thread it is given.
struct Checker<'a> {
    names: &'a [String],
    spare: &'a Mutex<Vec<Vec<Pick>>>,
    limits: &'a Limits,
}

impl Checker<'_> {
    fn check(&self, entry: Entry) -> Checked {
        let read = match entry.puzzle {
            Ok(read) => read,
            Err(bad) => return Checked::Malformed(bad),
        };
        let origin = entry.origin;
        let taken = self.spare.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut picks = taken.unwrap_or_else(|| {
            self.names
                .iter()
                .map(|name| Pick::parse(name).expect("every name was parsed once already"))
                .collect()
        });
        // The first settled answer, and which strategy gave it.
        let mut settled_by: Option<(String, String)> = None;
        let limit = self.limits.max_solutions.unwrap_or(u64::MAX);
        let runs = picks
            .iter_mut()
            .map(|pick| {
                let puzzle = pick.puzzle(&read.puzzle);
                let puzzle = puzzle.as_ref();
                let started = Instant::now();
                // A strategy refuses a puzzle it cannot express through
                // `solve` itself: asking `supports` first would encode twice.
                let result = pick.strategy.solve(puzzle, self.limits);
                let elapsed = started.elapsed();
                let outcome = match result {
                    Ok(outcome) => outcome,
                    Err(e) => return Run::Unsupported(e.to_string()),
                };
                let mut trouble = outcome
                    .solutions
                    .iter()
                    .find_map(|s| puzzle.verify_solution(s).err())
                    .map(|v| format!("{origin}: {} gave a wrong solution: {v}", pick.label));
                if let Some(answer) = settled(&outcome, limit) {
                    match &settled_by {
                        Some((theirs, who)) if *theirs != answer => {
                            trouble.get_or_insert(format!(
                                "{origin}: strategies disagree: {who} counts {theirs}, {} counts {answer}",
                                pick.label
                            ));
                        }
                        Some(_) => {}
                        None => settled_by = Some((answer, pick.label.clone())),
                    }
                }
                Run::Done {
                    outcome,
                    elapsed,
                    trouble,
                }
            })
            .collect();
        self.spare.lock().unwrap_or_else(|e| e.into_inner()).push(picks);
        Checked::Puzzle { origin, runs }
    }
}

/// A counter on stderr when a person watches it, nothing otherwise (pipes,
/// CI, tests). The input is read as it goes, so the total is not known. It
/// ticks on its own so a slow puzzle still shows the time passing.
fn progress_bar() -> ProgressBar {
    progress::on_terminal(None, "{elapsed:>4} {pos} puzzles  {msg}", "")
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn row(
    file: &str,
    strategy: &str,
    total: usize,
    malformed: usize,
    wrong: usize,
    tally: &Tally,
    note: Option<String>,
) -> Row {
    let per_puzzle = |x: u64| match tally.attempted() {
        0 => 0.0,
        k => x as f64 / k as f64,
    };
    Row {
        file: file.to_string(),
        strategy: strategy.to_string(),
        total,
        solved: tally.solved(),
        timeouts: tally.timeouts(),
        unsupported: tally.unsupported(),
        malformed,
        wrong,
        puzzles_per_second: tally.puzzles_per_second(),
        mean_ms: millis(tally.mean()),
        median_ms: millis(tally.median()),
        max_ms: millis(tally.max()),
        nodes_per_puzzle: tally.nodes_per_puzzle(),
        guesses_per_puzzle: tally.guesses_per_puzzle(),
        backtracks_per_puzzle: per_puzzle(tally.stats().backtracks),
        threads: 1,
        wall_ms: 0.0,
        note,
    }
}

/// `12.5`, `123`, `4.2e6`-free: whole numbers from 100 up.
fn figure(x: f64) -> String {
    if x < 100.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.0}")
    }
}

/// The rows as an aligned table: text columns left, figures right.
fn table(rows: &[Row]) -> String {
    const HEADER: [&str; 10] = [
        "file",
        "strategy",
        "solved",
        "timeouts",
        "puzzles/s",
        "mean ms",
        "median ms",
        "max ms",
        "nodes/puzzle",
        "guesses/puzzle",
    ];
    let mut cells: Vec<Vec<String>> = vec![HEADER.iter().map(|h| h.to_string()).collect()];
    let mut notes = Vec::new();
    for row in rows {
        let mut line = vec![row.file.clone(), row.strategy.clone()];
        if row.unsupported == row.total - row.malformed && row.unsupported > 0 {
            line.push("unsupported".to_string());
            line.extend(vec!["-".to_string(); HEADER.len() - 3]);
        } else {
            let d = |x: f64| ms(Duration::from_secs_f64(x / 1e3));
            line.extend([
                format!("{}/{}", row.solved, row.total),
                row.timeouts.to_string(),
                figure(row.puzzles_per_second),
                d(row.mean_ms),
                d(row.median_ms),
                d(row.max_ms),
                figure(row.nodes_per_puzzle),
                figure(row.guesses_per_puzzle),
            ]);
        }
        cells.push(line);
        let mut said = Vec::new();
        if row.unsupported > 0 {
            said.push(format!(
                "{} unsupported ({})",
                row.unsupported,
                row.note.as_deref().unwrap_or("")
            ));
        }
        if row.malformed > 0 {
            said.push(format!("{} malformed", row.malformed));
        }
        if row.wrong > 0 {
            said.push(format!("{} WRONG", row.wrong));
        }
        if !said.is_empty() {
            notes.push(format!("{} · {}: {}", row.file, row.strategy, said.join(", ")));
        }
    }
    let widths: Vec<usize> = (0..HEADER.len())
        .map(|c| {
            cells
                .iter()
                .map(|line| line[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut text = String::new();
    for line in &cells {
        let mut out = String::new();
        for (c, cell) in line.iter().enumerate() {
            let pad = widths[c] - cell.chars().count();
            if c < 2 {
                out.push_str(cell);
                out.push_str(&" ".repeat(pad));
            } else {
                out.push_str(&" ".repeat(pad));
                out.push_str(cell);
            }
            out.push_str("  ");
        }
        text.push_str(out.trim_end());
        text.push('\n');
    }
    for note in notes {
        text.push_str(&note);
        text.push('\n');
    }
    text
}
