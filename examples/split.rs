//! The split propagation search ([`Split`]) alone, so that its cases and
//! workers can be measured by nodes and wall time before `auto` uses it.
//!
//! ```text
//! cargo run --release --example split -- [OPTIONS] FILE...
//!   --threads N   workers (default 2)
//!   --pieces N    cases of at most 1/N of the tree (default Split::PIECES)
//!   --guide N     cases of at most the share left over N (0: --pieces only)
//!   --fresh       each case starts with fresh conflict weights
//!   --limit N     solutions asked for (default 2)
//!   --time S      time limit in seconds
//! ```
//!
//! Prints one line per puzzle: file, solutions, stop, nodes, guesses and
//! the wall seconds.

use std::time::{Duration, Instant};

use sudokit::solvers::{Limits, PropagationSearch, Split};
use sudokit::{read_puzzles, InputFormat, ReadOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut split = Split::new(PropagationSearch::default(), 2);
    let mut limits = Limits::solutions(2);
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = || -> Result<f64, Box<dyn std::error::Error>> {
            Ok(args.next().ok_or(format!("{arg} needs a number"))?.parse()?)
        };
        match arg.as_str() {
            "--threads" => {
                split.threads = number()? as usize;
                split.guide = Split::GUIDE * split.threads as u32;
            }
            "--pieces" => split.pieces = number()? as u32,
            "--fresh" => split.keep_learning = false,
            "--guide" => split.guide = number()? as u32,
            "--limit" => limits.max_solutions = Some(number()? as u64),
            "--time" => limits = limits.with_time(Duration::from_secs_f64(number()?)),
            _ => files.push(arg),
        }
    }
    for path in &files {
        let text = std::fs::read_to_string(path)?;
        let format = InputFormat::detect(Some(path), &text);
        for read in read_puzzles(&text, format, &ReadOptions::default()) {
            let puzzle = read?.puzzle;
            let start = Instant::now();
            let mut count = 0;
            let search = split.visit(&puzzle, &limits, &mut |grid| {
                assert!(puzzle.verify_solution(grid).is_ok());
                count += 1;
                std::ops::ControlFlow::Continue(())
            })?;
            println!(
                "{path}\t{count}\t{:?}\t{}\t{}\t{:.3}",
                search.stop,
                search.stats.nodes,
                search.stats.guesses,
                start.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}
