//! Throughput of a strategy on puzzle files, tdoku style: every puzzle is
//! solved looking for up to two solutions (a uniqueness check), parsing
//! excluded, on one thread.
//!
//! ```text
//! cargo run --release --example dlx_bench -- [--strategy dlx] [--runs 5] [--max-nodes N] FILE...
//! ```
//!
//! `--max-nodes 0` stops every search at its root, which leaves the cost
//! of setting the search up (for DLX: building the matrix).
//!
//! Prints, per file, the median puzzles/s of the runs, µs per puzzle,
//! the same rate in CPU time (from `/proc/thread-self/schedstat`, Linux
//! only: it ignores time the thread spent waiting for a busy core),
//! search nodes and guesses per puzzle, and the share of puzzles solved
//! without a guess. Every first solution is checked with
//! `Puzzle::verify_solution`, outside the timed loop.

use std::time::Instant;

use sudokit::solvers::{strategy_by_name, Limits, STRATEGY_NAMES};

fn main() {
    let mut strategy = "dlx".to_string();
    let mut runs = 5usize;
    let mut max_nodes = None;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--strategy" => strategy = args.next().expect("--strategy needs a name"),
            "--runs" => {
                runs = args
                    .next()
                    .and_then(|r| r.parse().ok())
                    .expect("--runs needs a number")
            }
            "--max-nodes" => max_nodes = args.next().and_then(|r| r.parse().ok()),
            _ => files.push(arg),
        }
    }
    let solver = strategy_by_name(&strategy)
        .unwrap_or_else(|| panic!("unknown strategy {strategy}; try one of {STRATEGY_NAMES:?}"));
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let puzzles: Vec<_> = sudokit::read_classic(&text, &Default::default())
            .into_iter()
            .map(|p| p.expect("a well-formed puzzle").puzzle)
            .collect();
        let limits = Limits {
            max_nodes,
            ..Limits::solutions(2)
        };
        let mut rates = Vec::with_capacity(runs);
        let mut cpu_rates = Vec::with_capacity(runs);
        let (mut nodes, mut guesses, mut no_guess, mut unique) = (0u64, 0u64, 0usize, 0usize);
        for run in 0..runs.max(1) {
            let clock = Instant::now();
            let cpu = cpu_nanos();
            let mut sink = 0u64;
            for puzzle in &puzzles {
                let outcome = solver.solve(puzzle, &limits).expect("a supported puzzle");
                sink += outcome.count;
                if run == 0 {
                    nodes += outcome.stats.nodes;
                    guesses += outcome.stats.guesses;
                    no_guess += usize::from(outcome.stats.guesses == 0);
                    unique += usize::from(outcome.is_unique());
                }
            }
            let seconds = clock.elapsed().as_secs_f64();
            if let (Some(before), Some(after)) = (cpu, cpu_nanos()) {
                cpu_rates.push(puzzles.len() as f64 / ((after - before) as f64 * 1e-9));
            }
            std::hint::black_box(sink);
            rates.push(puzzles.len() as f64 / seconds);
        }
        // Checked once, outside the timing.
        let verified = puzzles
            .iter()
            .filter(|p| {
                let outcome = solver.solve(p, &limits).expect("a supported puzzle");
                outcome
                    .solutions
                    .first()
                    .is_some_and(|s| p.verify_solution(s).is_ok())
            })
            .count();
        let wall = median(&mut rates);
        let cpu = if cpu_rates.is_empty() {
            String::new()
        } else {
            format!(" [CPU time: {:.0} puzzles/s]", median(&mut cpu_rates))
        };
        let count = puzzles.len() as f64;
        println!(
            "{path}: {strategy}, {} puzzles, median of {} runs: {wall:.0} puzzles/s ({:.1} µs/puzzle){cpu}, \
             {:.1} nodes/puzzle, {:.2} guesses/puzzle, {:.1}% no guess, {unique} unique, {verified} verified",
            puzzles.len(),
            rates.len(),
            1e6 / wall,
            nodes as f64 / count,
            guesses as f64 / count,
            100.0 * no_guess as f64 / count,
        );
    }
}

/// The middle value.
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Nanoseconds this thread has run on a CPU, when Linux says.
fn cpu_nanos() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}
