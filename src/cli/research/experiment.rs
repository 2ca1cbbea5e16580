//! `sudokit experiment heavy-tail`: Norvig's experiment on random puzzles.
//!
//! Norvig generated random puzzles (`random_puzzle`: 17 decided cells, not
//! necessarily unique) and found that solve times have a heavy tail: most
//! take a blink, a very few take thousands of times longer (his slowest, at
//! 188 s in Python, had several solutions). This repeats it with the
//! propagation search, in its deterministic digit order and in a random
//! one, and prints his table for N = 10, 100, … puzzles; `--svg` draws
//! the histogram of solve times on log scales, where the tail shows.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Subcommand};
use plotters::prelude::*;
use sudokit::constraints::ClassicRules;
use sudokit::core::format::to_line;
use sudokit::core::{Geometry, Puzzle};
use sudokit::solvers::generate::{item_rng, random_puzzle, random_puzzle_clues};
use sudokit::solvers::{Limits, PropagationSearch, Strategy, ValueOrder};

use crate::cli::interrupt::cancel_on_ctrl_c;
use crate::cli::jobs::JobsArgs;
use crate::cli::Status;
use crate::cli::{output, pipeline};

/// Options of `sudokit experiment`.
#[derive(Debug, Args)]
pub(crate) struct ExperimentArgs {
    #[command(subcommand)]
    kind: Experiment,
}

#[derive(Debug, Subcommand)]
enum Experiment {
    /// Norvig's heavy-tail experiment: solve times of random puzzles.
    HeavyTail(HeavyTailArgs),
}

#[derive(Debug, Args)]
struct HeavyTailArgs {
    /// Random puzzles to generate and solve.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    count: usize,
    /// Seed of the generator (puzzle i is seeded from it and i).
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Times are per puzzle, on its thread.
    #[command(flatten)]
    jobs: JobsArgs,
    /// Also draw the histogram of solve times as an SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// One puzzle's run (puzzle `i` of the run is the `i`-th one: it is made
/// again from its seed when it is printed, not kept).
struct Run {
    /// Seconds, deterministic order then random order.
    times: [f64; 2],
}

/// The most puzzles one run takes: every time is kept (the table's
/// percentiles need them all), 16 bytes a puzzle and a sorted copy of one
/// column, so under 400 MB.
const MAX_COUNT: usize = 10_000_000;

const ORDERS: [&str; 2] = ["deterministic", "random order"];

/// Runs `sudokit experiment`.
pub(crate) fn run(args: &ExperimentArgs) -> Status {
    let Experiment::HeavyTail(args) = &args.kind;
    if !(1..=MAX_COUNT).contains(&args.count) {
        eprintln!(
            "sudokit: --count {}: from 1 to {MAX_COUNT} puzzles (every time is kept for the table)",
            args.count
        );
        return Status::BadInput;
    }
    let Some(pool) = args.jobs.pool() else {
        return Status::BadInput;
    };
    let blank = Puzzle::new(Geometry::square(9).expect("9×9"))
        .with(ClassicRules)
        .expect("the classic rules fit");
    let clues = random_puzzle_clues(9);
    let started = Instant::now();
    let cancel = cancel_on_ctrl_c();
    let mut runs: Vec<Run> = Vec::new();
    // Puzzle `i` and the generator that made it, which then seeds the random order.
    let puzzle = |i: usize| {
        let mut rng = item_rng(args.seed, i);
        let grid = random_puzzle(&blank, clues, &mut rng).expect("the classic rules have grids");
        (blank.clone().with_givens(grid).expect("same board"), rng)
    };
    let solved = |i: usize| {
        let (puzzle, mut rng) = puzzle(i);
        let random = PropagationSearch {
            order: ValueOrder::Random { seed: rng.u64(..) },
            ..PropagationSearch::default()
        };
        let mut times = [0.0; 2];
        for (k, search) in [PropagationSearch::default(), random].iter().enumerate() {
            let t = Instant::now();
            let _ = search.solve(&puzzle, &Limits::solutions(1));
            times[k] = t.elapsed().as_secs_f64();
        }
        Run { times }
    };
    // In seed order as they finish, so that Ctrl-C keeps a prefix: the
    // table of the puzzles done so far.
    let progress = pipeline::ordered(&pool, 0..args.count, 16, cancel, solved, |run| runs.push(run));
    if runs.is_empty() {
        eprintln!("sudokit: interrupted before any puzzle was solved");
        return Status::Interrupted;
    }
    let elapsed = started.elapsed();
    let mut out = output::stdout();
    for (k, order) in ORDERS.iter().enumerate() {
        let _ = writeln!(out, "{order}: solve times in ms");
        let _ = writeln!(
            out,
            "{:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
            "N", "mean", "50%", "90%", "99%", "max", "std. dev"
        );
        let mut n = 10;
        loop {
            let n_here = n.min(runs.len());
            let times: Vec<f64> = runs[..n_here].iter().map(|r| r.times[k] * 1e3).collect();
            let row = Row::of(&times);
            let _ = writeln!(
                out,
                "{:>9} {:>9.3} {:>9.3} {:>9.3} {:>9.3} {:>9.3} {:>9.3}",
                n_here, row.mean, row.p50, row.p90, row.p99, row.max, row.std
            );
            if n_here == runs.len() {
                break;
            }
            n *= 10;
        }
        let (slowest, run) = runs
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.times[k].total_cmp(&b.1.times[k]))
            .expect("at least one run");
        let (puzzle, _) = puzzle(slowest);
        let count = PropagationSearch::default()
            .count(&puzzle, &Limits::solutions(2))
            .map(|o| o.count_label())
            .unwrap_or_else(|e| e.to_string());
        let _ = writeln!(
            out,
            "slowest ({order}): {:.3} ms, {} solution(s): {}\n",
            run.times[k] * 1e3,
            count,
            to_line(puzzle.givens())
        );
    }
    let _ = out.flush();
    eprintln!(
        "{} random puzzles generated and solved twice in {:.1} s.",
        runs.len(),
        elapsed.as_secs_f64()
    );
    if !progress.complete {
        eprintln!(
            "sudokit: interrupted: the table holds the {} puzzles solved before Ctrl-C",
            runs.len()
        );
    }
    if let Some(path) = &args.svg {
        if let Err(e) = histogram(path, &runs) {
            eprintln!("sudokit: cannot draw {}: {e}", path.display());
            return Status::BadInput;
        }
        eprintln!("histogram written to {}", path.display());
    }
    if progress.complete {
        Status::Ok
    } else {
        Status::Interrupted
    }
}

/// Norvig's columns.
struct Row {
    mean: f64,
    p50: f64,
    p90: f64,
    p99: f64,
    max: f64,
    std: f64,
}

impl Row {
    fn of(times: &[f64]) -> Row {
        let mut sorted = times.to_vec();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len() as f64;
        let mean = sorted.iter().sum::<f64>() / n;
        let var = sorted.iter().map(|t| (t - mean) * (t - mean)).sum::<f64>() / n;
        let at = |q: f64| sorted[((q * n).ceil() as usize).clamp(1, sorted.len()) - 1];
        Row {
            mean,
            p50: at(0.5),
            p90: at(0.9),
            p99: at(0.99),
            max: *sorted.last().expect("not empty"),
            std: var.sqrt(),
        }
    }
}

/// Bars per decade of time.
const BINS_PER_DECADE: f64 = 5.0;

/// The histogram of solve times, log scale on both axes, both orders.
fn histogram(path: &PathBuf, runs: &[Run]) -> Result<(), Box<dyn std::error::Error>> {
    let micros = |t: f64| (t * 1e6).max(1.0).log10();
    let lowest = runs
        .iter()
        .flat_map(|r| r.times)
        .map(micros)
        .fold(f64::INFINITY, f64::min)
        .floor();
    let highest = runs
        .iter()
        .flat_map(|r| r.times)
        .map(micros)
        .fold(0.0, f64::max)
        .ceil()
        .max(lowest + 1.0);
    let bins = ((highest - lowest) * BINS_PER_DECADE).ceil() as usize;
    let mut counts = vec![[0u64; 2]; bins + 1];
    for run in runs {
        for (k, &time) in run.times.iter().enumerate() {
            let bin = ((micros(time) - lowest) * BINS_PER_DECADE) as usize;
            counts[bin.min(bins)][k] += 1;
        }
    }
    let top = counts.iter().flatten().copied().max().unwrap_or(1).max(1) as f64;
    let root = SVGBackend::new(path, (900, 520)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "Solve times of {} random puzzles (propagation search)",
                runs.len()
            ),
            ("sans-serif", 22),
        )
        .margin(12)
        .x_label_area_size(42)
        .y_label_area_size(60)
        .build_cartesian_2d(lowest..highest, 0f64..(top.log10() + 0.5))?;
    chart
        .configure_mesh()
        .x_desc("solve time (µs, log scale)")
        .y_desc("puzzles (log scale)")
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 16))
        .x_label_formatter(&|x| format!("{}", 10f64.powf(*x).round()))
        .y_label_formatter(&|y| format!("{}", 10f64.powf(*y).round()))
        .draw()?;
    let width = 1.0 / BINS_PER_DECADE;
    for (k, colour) in [BLUE.mix(0.6), RED.mix(0.45)].into_iter().enumerate() {
        chart
            .draw_series(counts.iter().enumerate().filter(|(_, c)| c[k] > 0).map(|(i, c)| {
                let x = lowest + i as f64 * width;
                let offset = if k == 0 { 0.0 } else { width / 2.0 };
                let height = (c[k] as f64).log10() + 0.1;
                Rectangle::new(
                    [(x + offset, 0.0), (x + offset + width / 2.0, height)],
                    colour.filled(),
                )
            }))?
            .label(ORDERS[k])
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], colour.filled()));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
