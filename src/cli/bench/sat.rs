//! `sudokit bench-sat`: the SAT encodings and solvers over the large puzzles.
//!
//! Prints one line per (puzzle, encoding, solver) as it is measured, then a
//! summary per (n, level, encoding, solver). Not a test: run it in release.

mod measure;

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use measure::{bench_sat, summary, BenchOptions, BenchRow};
use sudokit::core::cnf::AmoEncoding;
use sudokit::solvers::sat::{Encoding, SatSolver};

use crate::cli::output;
use crate::cli::Status;

/// Options of `sudokit bench-sat`.
#[derive(Debug, Args)]
pub(crate) struct BenchSatArgs {
    /// Directory of `nN_LEVEL_kK_sSEED.puzzle.txt` files (the layout of shared/data/large).
    #[arg(value_name = "DIR", default_value = "../shared/data/large")]
    dir: PathBuf,
    /// Comma-separated encodings (default: all five).
    #[arg(long, value_name = "A,B", value_delimiter = ',')]
    encodings: Vec<Encoding>,
    /// Comma-separated embedded solvers: cadical, batsat (default: cadical).
    #[arg(long, value_name = "A,B", value_delimiter = ',', value_parser = parse_solver)]
    solvers: Vec<SatSolver>,
    /// Time limit per solver run, in seconds.
    /// `--timeout 0`: no limit, as everywhere.
    #[arg(long, value_name = "SECS", default_value = "30", value_parser = crate::cli::compare::parse_timeout)]
    timeout: crate::cli::compare::Timeout,
    /// Only puzzles whose file name contains this (e.g. `n25_`, `f70`).
    #[arg(long, value_name = "TEXT")]
    filter: Option<String>,
    /// Largest board side for the unreduced encodings (minimal, efficient, extended).
    #[arg(long, value_name = "N", default_value_t = 36)]
    full_max: usize,
    /// Force an at-most-one encoding: pairwise, sequential or auto.
    #[arg(long, value_name = "NAME", value_parser = parse_amo)]
    amo: Option<AmoEncoding>,
}

fn parse_solver(name: &str) -> Result<SatSolver, String> {
    SatSolver::by_name(name).ok_or_else(|| {
        let known: Vec<_> = SatSolver::available().iter().map(|s| s.name()).collect();
        format!(
            "unknown or not compiled-in solver '{name}' (available: {})",
            known.join(", ")
        )
    })
}

fn parse_amo(name: &str) -> Result<AmoEncoding, String> {
    match name {
        "pairwise" => Ok(AmoEncoding::Pairwise),
        "sequential" => Ok(AmoEncoding::Sequential),
        "auto" => Ok(AmoEncoding::Auto),
        _ => Err(format!(
            "unknown at-most-one encoding '{name}' (pairwise, sequential, auto)"
        )),
    }
}

/// Runs `sudokit bench-sat`.
pub(crate) fn run(args: &BenchSatArgs) -> Status {
    let defaults = BenchOptions::default();
    let options = BenchOptions {
        encodings: if args.encodings.is_empty() {
            defaults.encodings
        } else {
            args.encodings.clone()
        },
        solvers: if args.solvers.is_empty() {
            defaults.solvers
        } else {
            args.solvers.clone()
        },
        timeout: args.timeout.0,
        full_max: args.full_max,
        filter: args.filter.clone(),
        amo: args.amo,
    };
    let mut out = output::stdout();
    let _ = writeln!(out, "{}", BenchRow::header());
    let _ = out.flush();
    let mut print_row = |row: &BenchRow| {
        // Each row as soon as it is measured: a full run takes minutes.
        let _ = writeln!(out, "{}", row.line());
        let _ = out.flush();
    };
    let measured = bench_sat(&args.dir, &options, &mut print_row);
    match measured {
        Ok(rows) => {
            let _ = writeln!(out);
            for line in summary(&rows) {
                let _ = writeln!(out, "{line}");
            }
            if rows.iter().any(|r| r.result.starts_with("INVALID")) {
                Status::NoSolution
            } else {
                Status::Ok
            }
        }
        Err(e) => {
            eprintln!("sudokit: {e}");
            Status::BadInput
        }
    }
}
