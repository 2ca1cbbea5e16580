//! Compare solving strategies through the library API: what
//! `sudokit compare` does, without the command line.
//!
//! ```text
//! cargo run --release --example compare_strategies [FILE] [TIMEOUT_SECS]
//! ```
//!
//! Reads the puzzles of FILE (default: the bundled `top95.txt`), counts each
//! one's solutions up to 2 with every registered strategy under a
//! per-puzzle time limit (default 1 s), checks every solution independently
//! of the strategy, and prints one line per strategy. The naive
//! backtracking baseline times out on some of top95: the time limit keeps
//! the run bounded, and the nodes per puzzle show what propagation saves.

use std::time::{Duration, Instant};

use sudokit::solvers::{strategy_by_name, Limits, SolveError, Tally, STRATEGY_NAMES};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/examples/puzzles/top95.txt").to_string());
    let timeout = Duration::from_secs_f64(args.next().map(|s| s.parse()).transpose()?.unwrap_or(1.0));

    // Read every puzzle once: classic rules, boxes from the board size.
    let text = std::fs::read_to_string(&path)?;
    let puzzles = sudokit::read_classic(&text, &Default::default())
        .into_iter()
        .map(|read| read.map(|r| r.puzzle))
        .collect::<Result<Vec<_>, _>>()?;
    let limits = Limits::solutions(2).with_time(timeout);
    println!(
        "{} puzzles from {path}, at most {timeout:?} each\n",
        puzzles.len()
    );
    println!(
        "{:<13} {:>9} {:>8} {:>10} {:>9} {:>9} {:>13} {:>14}",
        "strategy", "solved", "timeouts", "puzzles/s", "mean ms", "max ms", "nodes/puzzle", "guesses/puzzle"
    );

    for name in STRATEGY_NAMES {
        let strategy = strategy_by_name(name).expect("every listed name is registered");
        let mut tally = Tally::default();
        for puzzle in &puzzles {
            let started = Instant::now();
            // A strategy that cannot express a rule refuses it here, typed.
            let outcome = match strategy.solve(puzzle, &limits) {
                Ok(outcome) => outcome,
                Err(SolveError::Unsupported(_)) => {
                    tally.record_unsupported();
                    continue;
                }
                Err(e) => return Err(e.into()),
            };
            tally.record_with_timeout(&outcome, started.elapsed(), Some(timeout));
            // Never trust a strategy's word: check with the rules themselves.
            for solution in &outcome.solutions {
                puzzle.verify_solution(solution)?;
            }
        }
        println!(
            "{:<13} {:>9} {:>8} {:>10.1} {:>9.3} {:>9.1} {:>13.1} {:>14.1}",
            name,
            format!("{}/{}", tally.solved(), puzzles.len()),
            tally.timeouts(),
            tally.puzzles_per_second(),
            tally.mean().as_secs_f64() * 1e3,
            tally.max().as_secs_f64() * 1e3,
            tally.nodes_per_puzzle(),
            tally.guesses_per_puzzle(),
        );
    }
    Ok(())
}
