//! Times the clue search per grid, for docs/research.md: the median, mean
//! and slowest over `--grids N` random grids (seeded), or over the grids
//! on standard input with `-` (`--print` prints the puzzles found too;
//! `--grid N` times only the N-th of them).
//! The time is the process's CPU time (from `/proc/self/stat` on Linux,
//! else the wall clock), so that other work on a shared machine does not
//! count.
//!
//! `cargo run --release -p sudokit-clues --example clue_times -- --max 14 --grids 20`

use std::io::BufRead;
use std::time::Instant;

use sudokit_clues::cells::show_puzzle;
use sudokit_clues::{find_puzzles, parse_grid, Options};
use sudokit_constraints::ClassicRules;
use sudokit_core::{Geometry, Puzzle};
use sudokit_solvers::generate::random_solution;
use sudokit_solvers::Limits;

/// The value after `flag` on the command line, if any.
fn flag(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

/// Seconds of CPU this process has used (user and system), or the wall
/// clock since `start` where `/proc` is not there.
fn cpu_seconds(start: Instant) -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name (in parentheses): utime and stime
    // are the 12th and 13th, in clock ticks of 1/100 s.
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    match (
        fields.get(11).and_then(|f| f.parse::<f64>().ok()),
        fields.get(12).and_then(|f| f.parse::<f64>().ok()),
    ) {
        (Some(user), Some(system)) => (user + system) / 100.0,
        _ => start.elapsed().as_secs_f64(),
    }
}

fn main() {
    let max: usize = flag("--max").map_or(14, |v| v.parse().expect("--max N"));
    let max_set_size: usize = flag("--max-set-size").map_or(Options::default().max_set_size, |v| {
        v.parse().expect("--max-set-size N")
    });
    let count: usize = flag("--grids").map_or(20, |v| v.parse().expect("--grids N"));
    let grids: Vec<[u8; 81]> = if std::env::args().any(|a| a == "-") {
        let lines = std::io::stdin().lock().lines().map_while(Result::ok);
        lines
            .map(|line| parse_grid(&line).expect("a solution grid"))
            .collect()
    } else {
        let blank = Puzzle::new(Geometry::square(9).unwrap())
            .with(ClassicRules)
            .unwrap();
        let mut rng = fastrand::Rng::with_seed(2026);
        (0..count)
            .map(|_| {
                random_solution(&blank, &mut rng, &Limits::default())
                    .unwrap()
                    .values()
                    .try_into()
                    .unwrap()
            })
            .collect()
    };
    // `--grid N`: only the N-th grid (from 1), to time or profile one.
    let grids: Vec<[u8; 81]> = match flag("--grid") {
        Some(n) => {
            let n: usize = n.parse().expect("--grid N");
            grids.get(n.wrapping_sub(1)).copied().into_iter().collect()
        }
        None => grids,
    };
    let mut times = Vec::new();
    for grid in &grids {
        let (wall, cpu) = (Instant::now(), cpu_seconds(Instant::now()));
        let found = find_puzzles(
            grid,
            &Options {
                max,
                max_set_size,
                ..Options::default()
            },
        );
        let seconds = cpu_seconds(wall) - cpu;
        println!(
            "{seconds:8.3} s  {:>12} nodes  {:>6} tested  {:>4} sets  {} puzzles",
            found.counts.nodes,
            found.counts.tested,
            found.counts.sets,
            found.puzzles.len()
        );
        if std::env::args().any(|a| a == "--print") {
            for &clues in &found.puzzles {
                println!("{}", show_puzzle(grid, clues));
            }
        }
        times.push(seconds);
    }
    if times.is_empty() {
        eprintln!("no grid to time (--grid is past the last grid)");
        std::process::exit(2);
    }
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "--max {max}: {} grids, median {:.3} s, mean {mean:.3} s, slowest {:.3} s",
        times.len(),
        times[times.len() / 2],
        times[times.len() - 1]
    );
}
