//! `sudokit bench`: puzzles per second, median of several passes, side by
//! side with peer solvers run in the same session.
//!
//! Puzzles are parsed once, untimed. Each pass solves every puzzle of the
//! file on one thread (and, with `--jobs N`, once more split among N
//! threads); the passes of every solver are interleaved (ours, peers, ours,
//! peers …) so a noisy neighbour hits all alike. Before the timed passes an
//! untimed one checks every answer against the rules and counts guesses.
//! Peers are harness binaries speaking a one-line protocol ([`peer`]).
//! Ratios are against the first peer given. Every figure is checked
//! ([`record::Record::check`]) before the table, JSON or CSV is written.

mod ours;
mod peer;
mod record;
mod report;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use sudokit::core::Puzzle;
use sudokit::read_classic;
use sudokit::solvers::{strategy_by_name, Limits, Strategy, STRATEGY_NAMES};

use crate::cli::input::{display_name, read_at_most};
use crate::cli::jobs::JobsArgs;
use crate::cli::output;
use crate::cli::Status;
use record::Record;
use report::Setup;

/// Options of `sudokit bench`.
#[derive(Debug, Args)]
#[command(mut_arg("jobs", |a| a.help(
    "Also time our strategies on N threads, puzzles split among them, and report the speed-up \
     (default: one thread only, since bench measures one core's speed, as its peers do)"
)))]
pub(crate) struct BenchArgs {
    /// Puzzle files (for a peer comparison: 9×9 files, one puzzle per
    /// line); `-` reads standard input.
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
    #[arg(long, value_name = "SECS", default_value = "600", value_parser = crate::cli::solve::parse_seconds)]
    peer_timeout: Duration,
    /// Give up on one of our puzzles after SECS seconds (it then counts as unsolved).
    /// `--timeout 0`: no limit, as everywhere.
    #[arg(long, value_name = "SECS", value_parser = crate::cli::compare::parse_timeout)]
    timeout: Option<crate::cli::compare::Timeout>,
    #[command(flatten)]
    jobs: JobsArgs,
    /// Write one JSON object per (file, solver) instead of the table.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Write CSV, a header and one record per (file, solver), instead of the table.
    #[arg(long)]
    csv: bool,
}

/// Runs `sudokit bench`.
pub(crate) fn run(args: &BenchArgs) -> Status {
    match bench(args) {
        Ok(records) => {
            let setup = Setup {
                limit: args.limit,
                runs: args.runs,
                threads: threads(args),
            };
            let mut out = output::stdout();
            if args.json {
                report::write_json(&mut out, &records, &setup);
            } else if args.csv {
                report::write_csv(&mut out, &records, &setup);
            } else {
                report::write_table(&mut out, &records, &setup);
            }
            Status::Ok
        }
        Err(e) => {
            eprintln!("sudokit: {e}");
            Status::BadInput
        }
    }
}

/// Threads of the extra timing: `--jobs`, or 1 (none) by default.
fn threads(args: &BenchArgs) -> usize {
    args.jobs.jobs.map_or(1, usize::from)
}

/// Measures every file, then checks every figure.
fn bench(args: &BenchArgs) -> Result<Vec<Record>, String> {
    let strategies = args
        .strategies
        .iter()
        .map(|name| {
            strategy_by_name(name).ok_or_else(|| {
                format!(
                    "unknown strategy '{name}' (available: {})",
                    STRATEGY_NAMES.join(", ")
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if args.files.iter().filter(|f| is_stdin(f)).count() > 1 {
        return Err("standard input (-) can be read only once".into());
    }
    let pool = match threads(args) {
        1 => None,
        _ => Some(args.jobs.pool().ok_or("cannot start the --jobs threads")?),
    };
    let limits = Limits {
        time_limit: args.timeout.and_then(|t| t.0),
        ..Limits::solutions(args.limit)
    };
    let mut records = Vec::new();
    for path in &args.files {
        let input = Input::open(path, !args.peer.is_empty())?;
        let file = File {
            name: input.name.clone(),
            puzzles: load(&input)?,
            path: input.peer_path(),
        };
        records.extend(bench_file(args, &strategies, &limits, pool.as_ref(), &file)?);
    }
    for record in &records {
        record.check(args.runs)?;
    }
    Ok(records)
}

/// One file to measure: its name in the table, its puzzles, and the path
/// the peers read.
struct File<'a> {
    name: String,
    puzzles: Vec<Puzzle>,
    path: &'a Path,
}

/// The interleaved passes of our strategies and the peers over one file.
fn bench_file(
    args: &BenchArgs,
    strategies: &[Box<dyn Strategy>],
    limits: &Limits,
    pool: Option<&rayon::ThreadPool>,
    file: &File,
) -> Result<Vec<Record>, String> {
    let puzzles = &file.puzzles;
    let n = puzzles.len();
    let row = |solver: String, peer: bool| Record {
        file: file.name.clone(),
        solver,
        peer,
        puzzles: n,
        solved: 0,
        timeouts: None,
        rates: Vec::new(),
        guesses_per_puzzle: None,
        no_guess_pct: None,
        ratio: None,
        threads: pool
            .map(|p| (p.current_num_threads(), Vec::new()))
            .filter(|_| !peer),
    };
    let mut ours: Vec<Record> = strategies
        .iter()
        .map(|s| {
            let checked = ours::check_pass(s.as_ref(), puzzles, limits);
            Record {
                solved: checked.solved,
                timeouts: Some(checked.timeouts),
                guesses_per_puzzle: Some(checked.guesses as f64 / n as f64),
                no_guess_pct: Some(100.0 * checked.no_guess as f64 / n as f64),
                ..row(s.name().to_string(), false)
            }
        })
        .collect();
    let mut peers: Vec<Record> = args.peer.iter().map(|_| row(String::new(), true)).collect();
    let progress = std::io::stderr().is_terminal();
    for pass in 0..args.runs {
        for (strategy, record) in strategies.iter().zip(ours.iter_mut()) {
            let secs = ours::time_pass(strategy.as_ref(), puzzles, limits, None);
            record.rates.push(n as f64 / secs);
            if let Some((_, rates)) = &mut record.threads {
                rates.push(n as f64 / ours::time_pass(strategy.as_ref(), puzzles, limits, pool));
            }
        }
        for (bin, record) in args.peer.iter().zip(peers.iter_mut()) {
            let run = peer::run_peer(bin, file.path, args.limit, args.peer_timeout, n)
                .map_err(|e| format!("peer {}: {e}", bin.display()))?;
            record.solver = run.name;
            record.solved = run.solved;
            record.rates.push(run.rate);
        }
        if progress {
            eprint!("\rpass {}/{} of {}", pass + 1, args.runs, file.name);
        }
    }
    if progress {
        eprintln!();
    }
    // The first peer is the reference; it has no ratio against itself.
    if let Some(reference) = peers.first().map(|p| (p.solver.clone(), p.median())) {
        for record in ours.iter_mut().chain(peers.iter_mut().skip(1)) {
            record.ratio = Some((reference.0.clone(), record.median() / reference.1));
        }
    }
    ours.extend(peers);
    Ok(ours)
}

fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// A puzzle file, or standard input saved to a temporary file when peers
/// need a path to read (removed when dropped).
struct Input {
    /// Name in the table: the file's name, or `<stdin>`.
    name: String,
    /// Name in messages: the path as given, or `<stdin>`.
    origin: String,
    text: String,
    path: PathBuf,
    temporary: bool,
}

/// The largest puzzle file `bench` reads: it reads each file whole before
/// timing, so that reading is not timed; the classic sets are at most 4 MB,
/// and `/dev/zero` once took 13 GB in 20 s.
const MAX_BENCH_BYTES: usize = 64 << 20;

impl Input {
    fn open(path: &Path, peers: bool) -> Result<Input, String> {
        let origin = display_name(path);
        if !is_stdin(path) {
            return Ok(Input {
                name: path
                    .file_name()
                    .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into()),
                text: read_at_most(path, MAX_BENCH_BYTES)?,
                origin,
                path: path.to_path_buf(),
                temporary: false,
            });
        }
        let text = read_at_most(path, MAX_BENCH_BYTES)?;
        let mut input = Input {
            name: origin.clone(),
            origin,
            text,
            path: path.to_path_buf(),
            temporary: false,
        };
        if peers {
            let saved = std::env::temp_dir().join(format!("sudokit-bench-stdin-{}.txt", std::process::id()));
            std::fs::write(&saved, &input.text).map_err(|e| {
                format!(
                    "cannot save standard input for the peers in {}: {e}",
                    saved.display()
                )
            })?;
            input.path = saved;
            input.temporary = true;
        }
        Ok(input)
    }

    /// The path a peer harness reads.
    fn peer_path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Input {
    fn drop(&mut self) {
        if self.temporary {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// The classic puzzles of an input; a malformed one, or none at all, is an error.
fn load(input: &Input) -> Result<Vec<Puzzle>, String> {
    let puzzles = read_classic(&input.text, &Default::default())
        .into_iter()
        .map(|r| r.map(|p| p.puzzle).map_err(|e| format!("{}: {e}", input.origin)))
        .collect::<Result<Vec<_>, _>>()?;
    if puzzles.is_empty() {
        return Err(format!("{}: no puzzle found", input.origin));
    }
    Ok(puzzles)
}
