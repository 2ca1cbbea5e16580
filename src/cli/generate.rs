//! `sudokit generate`: Norvig's random puzzles, and unique minimal ones.
//!
//! One puzzle per line on stdout, in order, the same for the same `--seed`
//! whatever `--jobs` is (puzzle `i` has its own generator, seeded from the
//! seed and `i`), each printed as soon as it and the ones before it are
//! made, in bounded memory (any `--count`; Ctrl-C keeps what was printed). Variant templates print native TOML, one document per
//! puzzle (`--output-dir` writes one file each). The seed, a progress bar
//! (when stderr is a terminal) and notes go to stderr.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use clap::{Args, Subcommand};
use indicatif::ProgressBar;
use sudokit::constraints::spec::PuzzleSpec;
use sudokit::constraints::{native, ClassicRules};
use sudokit::core::format::to_line;
use sudokit::core::{Geometry, Grid, Puzzle};
use sudokit::logic::{LogicalSolver, Verdict};
use sudokit::solvers::generate::{
    is_unique, item_rng, random_puzzle, random_puzzle_clues, random_solution, unique_minimal_within, Cut,
    Symmetry,
};
use sudokit::solvers::{Limits, PropagationSearch, Strategy};

use super::input::{first_puzzle, parse_boxes};
use super::interrupt::cancel_on_ctrl_c;
use super::jobs::JobsArgs;
use super::progress;
use super::report::ms;
use super::Status;
use super::{output, pipeline};

/// Options of `sudokit generate`.
#[derive(Debug, Args)]
pub(crate) struct GenerateArgs {
    #[command(subcommand)]
    kind: Kind,
}

#[derive(Debug, Subcommand)]
enum Kind {
    /// Norvig's random puzzles: random candidates with propagation until 17 cells
    /// (on 9×9) are decided. They may have several solutions, or none (`--check` says).
    Random(RandomArgs),
    /// Puzzles with exactly one solution from which no given can be removed.
    Unique(UniqueArgs),
}

/// What both kinds take.
#[derive(Debug, Args)]
struct Common {
    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 1)]
    count: usize,
    /// Board side (classic rules).
    #[arg(long, value_name = "N", default_value_t = 9)]
    size: usize,
    /// Box shape as ROWSxCOLS (default: the squarest, e.g. 2x3 on 6×6).
    #[arg(long, value_name = "RxC", value_parser = parse_boxes)]
    boxes: Option<(usize, usize)>,
    /// Seed of the generator (default: from the clock, printed on stderr).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    #[command(flatten)]
    jobs: JobsArgs,
}

#[derive(Debug, Args)]
struct RandomArgs {
    #[command(flatten)]
    common: Common,
    /// Count each puzzle's solutions (to 2) and say so after it: `# unique`,
    /// `# several solutions`, `# no solution`.
    #[arg(long)]
    check: bool,
}

#[derive(Debug, Args)]
struct UniqueArgs {
    #[command(flatten)]
    common: Common,
    /// A variant puzzle file whose rules to keep (its givens are replaced).
    #[arg(value_name = "TEMPLATE")]
    template: Option<PathBuf>,
    /// Keep the givens symmetric: none, rotational (half turn) or mirror.
    #[arg(long, value_name = "KIND", default_value = "none", value_parser = parse_symmetry)]
    symmetry: Symmetry,
    /// Keep only puzzles whose grade (`sudokit grade`) is in A..B (`3..5`,
    /// `6.5..`, `..2.3`).
    #[arg(long, value_name = "A..B", value_parser = parse_range)]
    grade: Option<(f32, f32)>,
    /// Write one file per puzzle there (`puzzle-0001.toml`, or `.txt` for
    /// classic ones). Existing files are not replaced (an error) unless `--force`.
    #[arg(long, value_name = "DIR")]
    output_dir: Option<PathBuf>,
    /// Replace existing files in `--output-dir`.
    #[arg(long, requires = "output_dir")]
    force: bool,
}

fn parse_symmetry(text: &str) -> Result<Symmetry, String> {
    Symmetry::by_name(text).ok_or_else(|| {
        format!(
            "unknown symmetry '{text}' (available: {})",
            Symmetry::NAMES.join(", ")
        )
    })
}

fn parse_range(text: &str) -> Result<(f32, f32), String> {
    let (a, b) = text
        .split_once("..")
        .ok_or_else(|| format!("expected a range such as 3..5, found '{text}'"))?;
    let number = |s: &str, default: f32| -> Result<f32, String> {
        if s.trim().is_empty() {
            return Ok(default);
        }
        s.trim()
            .parse::<f32>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| format!("'{s}' is not a number"))
    };
    let range = (number(a, 0.0)?, number(b, f32::INFINITY)?);
    if range.0 > range.1 {
        return Err(format!("empty range '{text}'"));
    }
    Ok(range)
}

/// Runs `sudokit generate`.
pub(crate) fn run(args: &GenerateArgs) -> Status {
    let common = match &args.kind {
        Kind::Random(a) => &a.common,
        Kind::Unique(a) => &a.common,
    };
    let seed = common.seed.unwrap_or_else(|| {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
        let seed = now.as_nanos() as u64;
        eprintln!("sudokit: seed {seed}");
        seed
    });
    match &args.kind {
        Kind::Random(a) => run_random(a, seed),
        Kind::Unique(a) => run_unique(a, seed),
    }
}

/// The classic blank of `--size` and `--boxes`.
fn classic_blank(common: &Common) -> Result<Puzzle, String> {
    let n = common.size;
    if !(1..=128).contains(&n) {
        return Err(format!("--size {n}: boards go from 1×1 to 128×128"));
    }
    let geometry = match common.boxes {
        Some((r, c)) => Geometry::with_boxes(n, r, c),
        None => Geometry::square(n),
    }
    .map_err(|e| format!("--size {n}: {e}"))?;
    Puzzle::new(geometry)
        .with(ClassicRules)
        .map_err(|e| e.to_string())
}

fn progress(count: usize) -> ProgressBar {
    if count < 100 {
        return ProgressBar::hidden();
    }
    let template = "{elapsed:>4} [{bar:30}] {pos}/{len} puzzles  {per_sec}";
    progress::on_terminal(Some(count as u64), template, "")
}

/// Makes puzzles `0..count` with `make` on the `--jobs` threads and hands
/// each to `emit` in seed order as soon as it and every earlier one are
/// made ([`pipeline::ordered`]): the first comes out at once and memory
/// holds a window of puzzles, whatever `--count` is. The first failure
/// (of `make`, said on standard error, or of `emit`) stops the taking of
/// new puzzles, as Ctrl-C does; after Ctrl-C what was printed stays, and
/// the run exits 130.
fn stream<T: Send>(
    common: &Common,
    make: impl Fn(usize) -> Result<T, String> + Sync,
    mut emit: impl FnMut(usize, T) -> Result<(), Status>,
) -> Status {
    let Some(pool) = common.jobs.pool() else {
        return Status::BadInput;
    };
    let cancel = cancel_on_ctrl_c();
    let failed = AtomicBool::new(false);
    let items = (0..common.count).take_while(|_| !failed.load(Ordering::Relaxed));
    let bar = progress(common.count);
    let mut status = Status::Ok;
    let made = |i: usize| {
        let made = make(i);
        bar.inc(1);
        (i, made)
    };
    let progress = pipeline::ordered(&pool, items, 1, cancel, made, |(i, made)| {
        let emitted = made
            .map_err(|e| {
                eprintln!("sudokit: puzzle {}: {e}", i + 1);
                Status::NoSolution
            })
            .and_then(|puzzle| emit(i, puzzle));
        if let Err(worse) = emitted {
            failed.store(true, Ordering::Relaxed);
            status = status.worst(worse);
        }
    });
    bar.finish_and_clear();
    if cancel.is_cancelled() {
        eprintln!(
            "sudokit: interrupted: {} puzzles written; the rest were not made",
            progress.answered
        );
        return Status::Interrupted;
    }
    status
}

fn run_random(args: &RandomArgs, seed: u64) -> Status {
    let blank = match classic_blank(&args.common) {
        Ok(blank) => blank,
        Err(e) => {
            eprintln!("sudokit: {e}");
            return Status::BadInput;
        }
    };
    let clues = random_puzzle_clues(blank.size());
    let started = Instant::now();
    let make = |i: usize| {
        let grid = random_puzzle(&blank, clues, &mut item_rng(seed, i))
            .ok_or("no random puzzle found after 1,000 starts")?;
        let mut line = to_line(&grid);
        if args.check {
            let puzzle = blank.clone().with_givens(grid).expect("same board");
            let count = PropagationSearch::default()
                .count(&puzzle, &Limits::solutions(2))
                .map_err(|e| e.to_string())?
                .count;
            line.push_str(match count {
                0 => "  # no solution",
                1 => "  # unique",
                _ => "  # several solutions",
            });
        }
        Ok(line)
    };
    let mut out = output::stdout();
    let mut written = 0u64;
    let status = stream(&args.common, make, |_, line| {
        let _ = writeln!(out, "{line}");
        written += 1;
        Ok(())
    });
    let _ = out.flush();
    eprintln!("{written} puzzles in {} ms.", ms(started.elapsed()));
    status
}

/// The blank of a template file: its rules, no givens, and its spec for writing.
fn template_blank(path: &Path) -> Result<(Puzzle, Option<PuzzleSpec>), String> {
    let read = first_puzzle(path).map_err(|bad| bad.to_string())?;
    let n = read.puzzle.size();
    let blank = read.puzzle.with_givens(Grid::empty(n)).expect("same board");
    Ok((blank, read.spec))
}

fn run_unique(args: &UniqueArgs, seed: u64) -> Status {
    let read = match &args.template {
        Some(path) => template_blank(path),
        None => classic_blank(&args.common).map(|b| (b, None)),
    };
    let (blank, spec) = match read {
        Ok(read) => read,
        Err(e) => {
            eprintln!("sudokit: {e}");
            return Status::BadInput;
        }
    };
    if let Some(dir) = &args.output_dir {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("sudokit: cannot create {}: {e}", dir.display());
            return Status::BadInput;
        }
    }
    let strategy = PropagationSearch::default();
    let started = Instant::now();
    let rules_alone = strategy
        .prepare(&blank)
        .and_then(|mut s| is_unique(s.as_mut(), &Grid::empty(blank.size())));
    if let Ok(true) = rules_alone {
        eprintln!("sudokit: the rules alone have exactly one solution: no givens are needed");
    }
    // A session per puzzle: sessions stay on their thread, and preparing
    // one costs little beside the uniqueness checks of a minimal puzzle.
    let make = |i: usize| {
        let mut session = strategy.prepare(&blank).map_err(|e| e.to_string())?;
        generate_one(args, &blank, session.as_mut(), &mut item_rng(seed, i))
    };
    let mut out = output::stdout();
    let (mut made, mut clues, mut untested) = (0usize, 0usize, 0usize);
    let status = stream(&args.common, make, |i, cut: Cut| {
        let grid = cut.givens;
        untested += cut.untested;
        let givens = grid.values().iter().filter(|&&d| d != 0).count();
        let text = match &spec {
            Some(spec) => {
                let mut text = native::write(&PuzzleSpec {
                    givens: grid,
                    ..spec.clone()
                });
                if !text.ends_with('\n') {
                    text.push('\n');
                }
                text
            }
            None => format!("{}\n", to_line(&grid)),
        };
        match &args.output_dir {
            Some(dir) => {
                let ext = if spec.is_some() { "toml" } else { "txt" };
                let path = dir.join(format!("puzzle-{:04}.{ext}", i + 1));
                write_new(&path, &text, args.force).map_err(|e| {
                    eprintln!("sudokit: {e}");
                    Status::BadInput
                })?;
            }
            None => {
                if spec.is_some() && i > 0 {
                    let _ = writeln!(out);
                }
                let _ = write!(out, "{text}");
                let _ = out.flush();
            }
        }
        made += 1;
        clues += givens;
        Ok(())
    });
    let _ = out.flush();
    eprintln!(
        "{made} unique minimal puzzles in {} ms, {:.1} givens on average.",
        ms(started.elapsed()),
        clues as f64 / made.max(1) as f64
    );
    if untested > 0 {
        eprintln!(
            "sudokit: {untested} givens kept without proof that they are needed (their test passed \
             {TEST_NODES} search nodes): those puzzles are unique, and minimal but for them"
        );
    }
    status
}

/// Search nodes one uniqueness test may take while givens are removed. On
/// 9×9 and 16×16 no test comes near it; on 25×25 and up a few tests would
/// otherwise run for minutes, while the rest take milliseconds.
const TEST_NODES: u64 = 10_000;

/// Writes `text` to a new file at `path`; an existing file is replaced
/// only with `force` (`--force`), so that a second run into the same
/// `--output-dir` does not silently overwrite the first one's puzzles.
fn write_new(path: &Path, text: &str, force: bool) -> Result<(), String> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    if force {
        options.create(true).truncate(true);
    } else {
        options.create_new(true);
    }
    let written = options
        .open(path)
        .and_then(|mut file| file.write_all(text.as_bytes()));
    written.map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => {
            format!("{} exists (--force replaces it)", path.display())
        }
        _ => format!("cannot write {}: {e}", path.display()),
    })
}

/// One unique minimal puzzle, within the grade range when one is asked.
fn generate_one(
    args: &UniqueArgs,
    blank: &Puzzle,
    session: &mut dyn sudokit::solvers::Session,
    rng: &mut fastrand::Rng,
) -> Result<Cut, String> {
    const ATTEMPTS: usize = 500;
    for _ in 0..ATTEMPTS {
        let solution = random_solution(blank, rng, &Limits::default()).ok_or("the rules have no solution")?;
        let cut = unique_minimal_within(session, &solution, args.symmetry, rng, Some(TEST_NODES))
            .map_err(|e| e.to_string())?;
        let Some((low, high)) = args.grade else {
            return Ok(cut);
        };
        let puzzle = blank.clone().with_givens(cut.givens.clone()).expect("same board");
        let grade = LogicalSolver::standard().solve(&puzzle).grade();
        if grade.verdict == Verdict::Solved && (low..=high).contains(&grade.score) {
            return Ok(cut);
        }
    }
    Err(format!(
        "no puzzle with a grade in the range after {ATTEMPTS} attempts"
    ))
}
