//! `sudokit bench`: puzzles per second, median of several passes, side by
//! side with peer solvers run in the same session.
//!
//! Puzzles are parsed once, untimed. Each pass solves every puzzle of the
//! file on one thread; the passes of every solver are interleaved (ours,
//! peers, ours, peers …) so a noisy neighbour hits all alike. The first
//! pass also checks every answer against the rules, untimed.
//!
//! A peer is a harness binary (`scripts/build-peer.sh` builds them) that
//! times itself on a file and prints one line,
//! `NAME FILE: solved N/M in S s, P puzzles/s, U us/puzzle`; `--unique`
//! asks it to prove uniqueness. Ratios are against the first peer given.

use std::io::Read;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use clap::Args;
use sudokit::core::Puzzle;
use sudokit::read_classic;
use sudokit::solvers::{strategy_by_name, Limits, Strategy, STRATEGY_NAMES};

use super::output;
use super::Status;

/// Options of `sudokit bench`.
#[derive(Debug, Args)]
pub(crate) struct BenchArgs {
    /// Puzzle files (for a peer comparison: 9×9 files, one puzzle per line).
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
    /// Strategies to time, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "auto")]
    strategies: Vec<String>,
    /// Timed passes over each file; the median is reported.
    #[arg(long, default_value_t = 5, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1000))]
    runs: usize,
    /// Solutions to look for: 1 solves, 2 also proves uniqueness.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=2))]
    limit: u64,
    /// A peer harness binary to run interleaved (`scripts/build-peer.sh`
    /// builds them); repeat for several. Ratios are against the first.
    #[arg(long, value_name = "BIN")]
    peer: Vec<PathBuf>,
    /// Give up on a peer's pass after SECS seconds (it is killed).
    #[arg(long, value_name = "SECS", default_value = "600", value_parser = super::solve::parse_seconds)]
    peer_timeout: Duration,
    /// Give up on one of our puzzles after SECS seconds (it then counts as unsolved).
    #[arg(long, value_name = "SECS", value_parser = super::solve::parse_seconds)]
    timeout: Option<Duration>,
}

struct Row {
    file: String,
    solver: String,
    puzzles: usize,
    solved: usize,
    rates: Vec<f64>,
}

impl Row {
    fn median(&self) -> f64 {
        let mut r = self.rates.clone();
        r.sort_by(f64::total_cmp);
        match r.len() {
            0 => 0.0,
            n if n % 2 == 1 => r[n / 2],
            n => (r[n / 2 - 1] + r[n / 2]) / 2.0,
        }
    }
}

/// Runs `sudokit bench`.
pub(crate) fn run(args: &BenchArgs) -> Status {
    let mut strategies: Vec<Box<dyn Strategy>> = Vec::new();
    for name in &args.strategies {
        match strategy_by_name(name) {
            Some(s) => strategies.push(s),
            None => {
                eprintln!(
                    "sudokit: unknown strategy '{name}' (available: {})",
                    STRATEGY_NAMES.join(", ")
                );
                return Status::BadInput;
            }
        }
    }
    let limits = Limits {
        time_limit: args.timeout,
        ..Limits::solutions(args.limit)
    };
    let progress = std::io::stderr().is_terminal();
    let mut rows = Vec::new();
    for path in &args.files {
        let name = path
            .file_name()
            .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into());
        let puzzles = match load(path) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("sudokit: {e}");
                return Status::BadInput;
            }
        };
        let mut ours: Vec<Row> = strategies
            .iter()
            .map(|s| Row {
                file: name.clone(),
                solver: s.name().to_string(),
                puzzles: puzzles.len(),
                solved: 0,
                rates: Vec::new(),
            })
            .collect();
        let mut peer_rows: Vec<Row> = args
            .peer
            .iter()
            .map(|_| Row {
                file: name.clone(),
                solver: String::new(),
                puzzles: puzzles.len(),
                solved: 0,
                rates: Vec::new(),
            })
            .collect();
        for pass in 0..args.runs {
            for (strategy, row) in strategies.iter().zip(ours.iter_mut()) {
                if pass == 0 {
                    row.solved = verified(strategy.as_ref(), &puzzles, &limits);
                }
                let start = Instant::now();
                for puzzle in &puzzles {
                    let _ = strategy.solve(puzzle, &limits);
                }
                row.rates
                    .push(puzzles.len() as f64 / start.elapsed().as_secs_f64());
            }
            for (peer, row) in args.peer.iter().zip(peer_rows.iter_mut()) {
                match run_peer(peer, path, args.limit, args.peer_timeout, puzzles.len()) {
                    Ok(run) => {
                        row.solver = format!("{} (peer)", run.name);
                        row.solved = run.solved;
                        row.rates.push(run.rate);
                    }
                    Err(e) => {
                        eprintln!("sudokit: peer {}: {e}", peer.display());
                        return Status::BadInput;
                    }
                }
            }
            if progress {
                eprint!("\rpass {}/{} of {name}", pass + 1, args.runs);
            }
        }
        if progress {
            eprintln!();
        }
        let reference = peer_rows.first().map(Row::median);
        rows.extend(ours.into_iter().map(|r| (r, reference)));
        for (k, row) in peer_rows.into_iter().enumerate() {
            // The first peer is the reference; the others are compared to it.
            rows.push((row, reference.filter(|_| k > 0)));
        }
    }
    print_table(&rows, args);
    Status::Ok
}

fn load(path: &Path) -> Result<Vec<Puzzle>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    read_classic(&text, &Default::default())
        .into_iter()
        .map(|r| {
            r.map(|p| p.puzzle)
                .map_err(|e| format!("{}: {e}", path.display()))
        })
        .collect()
}

/// Solves every puzzle once and counts those whose first answer passes an
/// independent check.
fn verified(strategy: &dyn Strategy, puzzles: &[Puzzle], limits: &Limits) -> usize {
    puzzles
        .iter()
        .filter(|p| {
            strategy
                .solve(p, limits)
                .is_ok_and(|o| o.solutions.first().is_some_and(|s| p.verify_solution(s).is_ok()))
        })
        .count()
}

/// What one run of a peer harness reported.
struct PeerRun {
    /// The solver's name, the first word of its line.
    name: String,
    /// Puzzles it solved (and checked).
    solved: usize,
    /// Puzzles per second.
    rate: f64,
}

/// Runs a peer harness once on `file`.
/// What a peer may print before it is cut off: its protocol line is short.
const PEER_OUTPUT_MAX: u64 = 64 * 1024;

/// Runs a peer harness on `file`: killed after `timeout`, its output read
/// up to [`PEER_OUTPUT_MAX`], its exit status and stderr reported when it
/// does not answer with a protocol line, and its figures checked.
fn run_peer(
    bin: &Path,
    file: &Path,
    limit: u64,
    timeout: Duration,
    puzzles: usize,
) -> Result<PeerRun, String> {
    let mut cmd = Command::new(bin);
    if limit == 2 {
        cmd.arg("--unique");
    }
    let mut child = cmd
        .arg(file)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    let read_bounded = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            if let Some(pipe) = pipe {
                let mut pipe = pipe;
                let _ = pipe.by_ref().take(PEER_OUTPUT_MAX).read_to_end(&mut text);
                // Drain the rest so the peer is not blocked on a full pipe.
                let _ = std::io::copy(&mut pipe, &mut std::io::sink());
            }
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = read_bounded(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let stderr = read_bounded(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "no answer within {} s (killed; --peer-timeout)",
                timeout.as_secs_f64()
            ));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let text = stdout.join().unwrap_or_default();
    let errors = stderr.join().unwrap_or_default();
    // "NAME FILE: solved N/M in S s, P puzzles/s, U us/puzzle"
    let line = text.lines().last().unwrap_or_default();
    let name = line.split_whitespace().next().map(str::to_string);
    let solved = line
        .split("solved ")
        .nth(1)
        .and_then(|t| t.split('/').next())
        .and_then(|t| t.trim().parse::<usize>().ok());
    let rate = line
        .split(", ")
        .find(|t| t.ends_with("puzzles/s"))
        .and_then(|t| t.trim_end_matches(" puzzles/s").trim().parse::<f64>().ok());
    match (status.success(), name, solved, rate) {
        (true, Some(name), Some(solved), Some(rate))
            if rate.is_finite() && rate > 0.0 && solved <= puzzles =>
        {
            Ok(PeerRun { name, solved, rate })
        }
        (true, Some(_), Some(solved), Some(rate)) => Err(format!(
            "implausible figures ({solved} of {puzzles} puzzles solved, {rate} puzzles/s): {line}"
        )),
        (success, ..) => {
            let tail: Vec<&str> = errors.lines().rev().take(5).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            Err(format!(
                "{}not a protocol line: {:?}{}",
                if success {
                    String::new()
                } else {
                    format!("exited with {status}; ")
                },
                line,
                if tail.is_empty() {
                    String::new()
                } else {
                    format!("; stderr: {}", tail.join(" / "))
                }
            ))
        }
    }
}

fn print_table(rows: &[(Row, Option<f64>)], args: &BenchArgs) {
    let mut out = output::stdout();
    let _ = writeln!(
        out,
        "limit {} solution(s) per puzzle, median of {} passes, one thread",
        args.limit, args.runs
    );
    // Ratios are against the first peer: name it in the header.
    let versus = rows
        .iter()
        .find_map(|(row, _)| row.solver.strip_suffix(" (peer)"))
        .map_or_else(|| "vs peer".to_string(), |name| format!("vs {name}"));
    let header = [
        "file",
        "solver",
        "solved",
        "puzzles/s",
        "range",
        "µs/puzzle",
        versus.as_str(),
    ];
    let body: Vec<[String; 7]> = rows
        .iter()
        .map(|(row, peer)| {
            let median = row.median();
            let lo = row.rates.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = row.rates.iter().copied().fold(0.0, f64::max);
            [
                row.file.clone(),
                row.solver.clone(),
                format!("{}/{}", row.solved, row.puzzles),
                format!("{median:.0}"),
                format!("{lo:.0}–{hi:.0}"),
                format!("{:.1}", 1e6 / median),
                peer.map_or_else(String::new, |p| format!("{:.2}×", median / p)),
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..7)
        .map(|i| {
            body.iter()
                .map(|r| r[i].chars().count())
                .chain([header[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<&str>| -> String {
        let padded: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let pad = widths[i] - c.chars().count();
                if i < 2 {
                    format!("{c}{}", " ".repeat(pad))
                } else {
                    format!("{}{c}", " ".repeat(pad))
                }
            })
            .collect();
        format!("| {} |", padded.join(" | "))
    };
    let _ = writeln!(out, "{}", line(header.to_vec()));
    let _ = writeln!(
        out,
        "|{}|",
        widths
            .iter()
            .map(|w| "-".repeat(w + 2))
            .collect::<Vec<_>>()
            .join("|")
    );
    for row in &body {
        let _ = writeln!(out, "{}", line(row.iter().map(String::as_str).collect()));
    }
}
