//! Runs the SAT benchmark without the CLI:
//! `cargo run --release --example bench_sat -- DIR [encodings] [solvers] [timeout-secs] [filter]`.

use std::time::Duration;

use sudokit::sat_bench::{bench_sat, summary, BenchOptions, BenchRow};
use sudokit::solvers::sat::{Encoding, SatSolver};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args
        .first()
        .cloned()
        .unwrap_or_else(|| "../shared/data/large".to_string());
    let mut options = BenchOptions::default();
    if let Some(list) = args.get(1) {
        options.encodings = list.split(',').map(|e| e.parse::<Encoding>().unwrap()).collect();
    }
    if let Some(list) = args.get(2) {
        options.solvers = list.split(',').map(|s| SatSolver::by_name(s).unwrap()).collect();
    }
    if let Some(t) = args.get(3) {
        options.timeout = Duration::from_secs_f64(t.parse().unwrap());
    }
    options.filter = args.get(4).cloned();
    options.amo = match args.get(5).map(String::as_str) {
        Some("pairwise") => Some(sudokit::core::cnf::AmoEncoding::Pairwise),
        Some("sequential") => Some(sudokit::core::cnf::AmoEncoding::Sequential),
        _ => None,
    };
    println!("{}", BenchRow::header());
    let rows = bench_sat(dir.as_ref(), &options, &mut |r| println!("{}", r.line())).unwrap();
    println!();
    for line in summary(&rows) {
        println!("{line}");
    }
}
