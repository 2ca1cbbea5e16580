//! `sudokit encode` and `sudokit decode`: DIMACS files for external SAT solvers.
//!
//! `encode` writes one puzzle as DIMACS CNF, with a comment header that maps
//! every variable back to a cell and digit (and lists the cells the encoder
//! fixed). Any SAT solver can then run it; `decode` reads the CNF file and
//! the solver's answer back into a grid and checks it against the classic
//! rules.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;
use sudokit::core::cnf::{parse_model, Model};
use sudokit::core::format::{to_line, to_pretty};
use sudokit::core::Geometry;
use sudokit::solvers::sat::{decode_dimacs_model, encode, Encoding};

use super::input::InputArgs;
use super::output;
use super::Status;

/// Options of `sudokit encode`.
#[derive(Debug, Args)]
pub(crate) struct EncodeArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Encoding: minimal, efficient, extended, optimized or propagated.
    #[arg(long, value_name = "NAME", default_value = "propagated")]
    encoding: Encoding,
    /// Which puzzle of the input to encode (1-based).
    #[arg(long, value_name = "K", default_value_t = 1)]
    index: usize,
    /// Write the CNF here instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Runs `sudokit encode`.
pub(crate) fn run_encode(args: &EncodeArgs) -> Status {
    let mut entries = args.input.entries();
    let count = entries.len();
    if args.index == 0 || args.index > count {
        eprintln!(
            "sudokit: the input has {count} puzzle(s); --index {} is out of range",
            args.index
        );
        return Status::BadInput;
    }
    let entry = entries.swap_remove(args.index - 1);
    let puzzle = match entry.puzzle {
        Ok(read) => read.puzzle,
        Err(message) => {
            eprintln!("sudokit: {message}");
            return Status::BadInput;
        }
    };
    let encoded = match encode(&puzzle, args.encoding, None) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("sudokit: {}: {e}", entry.origin);
            return Status::BadInput;
        }
    };
    let comments = encoded.dimacs_comments(&format!("puzzle {}", entry.origin));
    let written = match &args.output {
        Some(path) => std::fs::File::create(path)
            .and_then(|mut f| encoded.cnf.write_dimacs(&mut f, &comments))
            .map_err(|e| format!("cannot write {}: {e}", path.display())),
        None => encoded
            .cnf
            .write_dimacs(&mut output::stdout(), &comments)
            .map_err(|e| format!("cannot write standard output: {e}")),
    };
    if let Err(e) = written {
        eprintln!("sudokit: {e}");
        return Status::BadInput;
    }
    eprintln!(
        "{}: {} encoding, {} variables, {} clauses",
        entry.origin,
        args.encoding,
        encoded.cnf.var_count(),
        encoded.cnf.clause_count()
    );
    Status::Ok
}

/// Options of `sudokit decode`.
#[derive(Debug, Args)]
pub(crate) struct DecodeArgs {
    /// The CNF file written by `sudokit encode` (its comments map variables to cells).
    #[arg(value_name = "CNF")]
    cnf: PathBuf,
    /// The solver's answer (`s`/`v` lines, minisat's result file, or bare literals); `-` = stdin.
    #[arg(value_name = "MODEL", default_value = "-")]
    model: PathBuf,
    /// Print the grid with box separators.
    #[arg(long)]
    pretty: bool,
}

/// Runs `sudokit decode`: prints the grid, exit 1 when the solver said
/// UNSAT or the grid breaks the classic rules, 2 on unreadable input.
pub(crate) fn run_decode(args: &DecodeArgs) -> Status {
    let read = |path: &PathBuf| -> Result<String, String> {
        if path.as_os_str() == "-" {
            io::read_to_string(io::stdin()).map_err(|e| format!("cannot read standard input: {e}"))
        } else {
            std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
        }
    };
    let (cnf, model) = match (read(&args.cnf), read(&args.model)) {
        (Ok(c), Ok(m)) => (c, m),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("sudokit: {e}");
            return Status::BadInput;
        }
    };
    let values = match parse_model(&model) {
        Ok(Model::Sat(values)) => values,
        Ok(Model::Unsat) => {
            let _ = writeln!(output::stdout(), "no solution");
            return Status::NoSolution;
        }
        Err(e) => {
            eprintln!("sudokit: {}: {e}", args.model.display());
            return Status::BadInput;
        }
    };
    let grid = match decode_dimacs_model(&cnf, &values) {
        Ok(grid) => grid,
        Err(e) => {
            eprintln!("sudokit: {}: {e}", args.cnf.display());
            return Status::BadInput;
        }
    };
    let geometry = match Geometry::square(grid.size()) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("sudokit: {}: {e}", args.cnf.display());
            return Status::BadInput;
        }
    };
    let mut out = output::stdout();
    let _ = if args.pretty {
        write!(out, "{}", to_pretty(&grid, &geometry))
    } else {
        writeln!(out, "{}", to_line(&grid))
    };
    let puzzle = sudokit::core::Puzzle::new(geometry)
        .with(sudokit::constraints::ClassicRules)
        .expect("the classic rules fit every board");
    let verdict = if grid.is_complete() {
        puzzle.check(&grid)
    } else {
        Err(sudokit::core::Violation::new(
            "the model leaves cells empty",
            vec![],
        ))
    };
    match verdict {
        Ok(()) => Status::Ok,
        Err(v) => {
            eprintln!("sudokit: the decoded grid is not a solution: {v}");
            Status::NoSolution
        }
    }
}
