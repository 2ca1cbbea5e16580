//! Each of `auto`'s racers alone, on the propagation side: the search with
//! or without restarts, value iteration, a random digit order, and the
//! derived-sum gate, so that a rival can be measured by nodes and CPU time
//! before it is put into `Auto` (the CLI's `solve` has only `--seed`).
//!
//! ```text
//! cargo run --release --example racers -- [OPTIONS] FILE...
//!   --restarts N    geometric restarts, N failed nodes first (×1.5 a run)
//!   --luby N        Luby restarts of unit N
//!   --same-cell     value iteration (ISS's k-way branching, same cell)
//!   --seed S        random digit order from seed S
//!   --iss           ISS's choice of branch (the renban search, `on_runs`)
//!   --ascending     smallest digit first
//!   --reselect      value iteration, choosing again after each removal
//!   --binary        binary branching (after `--iss`: without its reselect)
//!   --priorities B  weights start at the groups' sizes (B = 1) or at 1 (0)
//!   --decay N       halve the weights every N failures (0: never)
//!   --weigh B       contradictions weigh their variables (1) or not (0)
//!   --gate          wide derived sums wait (as in auto's killer searches)
//!   --halve N       halve a chosen cell of at least N candidates
//!   --house-splits  houses split a digit's three or four places
//!   --pairs M       house pairs: 0 off, 1 always, 2 after failures
//!   --last-conflict branch again on the last failed decision's cell
//!   --decision-weight W  weight a failed decision adds to its cell
//!   --scope         weights start at the rules' scope sizes
//!   --hot B         the hot digit's cells weigh more (1) or not (0)
//!   --nodes N       node limit
//!   --sums          print the model's sums (declared, derived) instead
//! ```
//!
//! Prints one line per puzzle: file, solutions found (up to 2), nodes,
//! guesses, and the CPU seconds of the search (process time, one thread).

use std::time::Instant;

use sudokit::solvers::{
    Limits, PairBranching, PropagationSearch, Restarts, Strategy, ValueIteration, ValueOrder,
};
use sudokit::{read_puzzles, InputFormat, ReadOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut search = PropagationSearch::default();
    let mut limits = Limits::solutions(2);
    let mut files = Vec::new();
    let mut list_sums = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = || -> Result<u64, Box<dyn std::error::Error>> {
            Ok(args.next().ok_or(format!("{arg} needs a number"))?.parse()?)
        };
        match arg.as_str() {
            "--restarts" => {
                search.restarts = Restarts::Geometric {
                    first: number()?,
                    after_solution: true,
                }
            }
            "--luby" => {
                search.restarts = Restarts::Luby {
                    unit: number()?,
                    after_solution: true,
                }
            }
            "--same-cell" => search.value_iteration = ValueIteration::SameCell,
            "--seed" => search.order = ValueOrder::Random { seed: number()? },
            "--iss" => search = search.on_runs(),
            "--ascending" => search.order = ValueOrder::Ascending,
            "--reselect" => search.value_iteration = ValueIteration::Reselect,
            "--binary" => search.value_iteration = ValueIteration::Off,
            "--priorities" => search.group_priorities = number()? != 0,
            "--decay" => search.decay = number()?,
            "--weigh" => search.weigh_contradictions = number()? != 0,
            "--gate" => search.wide_derived_sums_wait = true,
            "--halve" => search.halve_from = number()? as usize,
            "--house-splits" => search.house_splits = true,
            "--pairs" => {
                search.house_pairs = match number()? {
                    0 => PairBranching::Off,
                    1 => PairBranching::Always,
                    _ => PairBranching::AfterFailures,
                }
            }
            "--last-conflict" => search.last_conflict = true,
            "--decision-weight" => search.decision_weight = number()? as u32,
            "--scope" => search.scope_priorities = true,
            "--hot" => search.hot_digit = number()? != 0,
            "--nodes" => limits = limits.with_nodes(number()?),
            "--sums" => list_sums = true,
            _ => files.push(arg),
        }
    }
    for path in &files {
        let text = std::fs::read_to_string(path)?;
        let format = InputFormat::detect(Some(path), &text);
        for read in read_puzzles(&text, format, &ReadOptions::default()) {
            let puzzle = read?.puzzle;
            if list_sums {
                let n = puzzle.geometry().size();
                for sum in puzzle.model().sums() {
                    let cells = sum.sum().terms().len();
                    println!("{path}\t{cells}\t{}\t{}", sum.label(), sum.sum().describe(n));
                }
                continue;
            }
            let start = Instant::now();
            let outcome = search.solve(&puzzle, &limits)?;
            let stats = &outcome.stats;
            println!(
                "{path}\t{}\t{}\t{}\t{:.3}",
                outcome.count,
                stats.nodes,
                stats.guesses,
                start.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}
