//! `sudokit encode` and `sudokit decode`: DIMACS files for external SAT solvers.
//!
//! `encode` writes one puzzle as DIMACS CNF, with a comment header that maps
//! every variable back to a cell and digit (and lists the cells the encoder
//! fixed). Any SAT solver can then run it; `decode` reads the CNF file and
//! the solver's answer back into a grid and checks it against the classic
//! rules.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use sudokit::core::cnf::{parse_model, Model};
use sudokit::core::format::{to_line, to_pretty};
use sudokit::core::Geometry;
use sudokit::solvers::sat::{decode_dimacs_model, encode, Encoding};

use super::input::{Echo, InputArgs};
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
    let mut entries: Vec<_> = args.input.entries().collect();
    let count = entries.len();
    if args.index == 0 || args.index > count {
        eprintln!(
            "sudokit: the input has {count} puzzle(s); --index {} is out of range",
            args.index
        );
        return Status::BadInput;
    }
    let entry = entries.swap_remove(args.index - 1);
    let mut status = Status::Ok;
    let Some((origin, read)) = Echo::Quiet.take(entry, false, &mut std::io::sink(), &mut status) else {
        return status;
    };
    let puzzle = read.puzzle;
    let encoded = match encode(&puzzle, args.encoding, None) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("sudokit: {}: {e}", origin);
            return Status::BadInput;
        }
    };
    let comments = encoded.dimacs_comments(&format!("puzzle {}", origin));
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
        origin,
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
    /// Box shape as ROWSxCOLS for --pretty (default: the squarest).
    #[arg(long, value_name = "RxC", value_parser = super::input::parse_boxes)]
    boxes: Option<(usize, usize)>,
}

/// Runs `sudokit decode`: prints the grid; exit 1 when the solver said
/// UNSAT (`no solution`) or the model breaks a clause of the CNF or leaves a
/// cell without exactly one digit (then nothing is printed on stdout, and
/// the reason goes to stderr), 2 on unreadable input.
pub(crate) fn run_decode(args: &DecodeArgs) -> Status {
    let read = |path: &PathBuf| super::input::read_bounded(path);
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
    let n = grid.size();
    // The CNF is the puzzle, whatever its rules: the model must satisfy
    // every clause, and give every cell one digit. A grid that does not is
    // not printed: it would read as an answer.
    let verdict = unsatisfied_clause(&cnf, &values).or_else(|| cell_problem(&cnf, &values, n));
    if let Some(why) = verdict {
        eprintln!("sudokit: the model is not a solution: {why}");
        return Status::NoSolution;
    }
    let mut out = output::stdout();
    let geometry = match args.boxes {
        Some((r, c)) => Geometry::with_boxes(n, r, c),
        None => Geometry::square(n),
    };
    let _ = match (&geometry, args.pretty) {
        (Ok(geometry), true) => write!(out, "{}", to_pretty(&grid, geometry)),
        _ => writeln!(out, "{}", to_line(&grid)),
    };
    if let (Err(e), true) = (&geometry, args.pretty) {
        eprintln!("sudokit: no box shape to draw ({e}): printed as one line");
    }
    Status::Ok
}

/// The first clause of `cnf` the model leaves false, if any: `clause 12 (line
/// 40): -3 -17`.
fn unsatisfied_clause(cnf: &str, values: &[bool]) -> Option<String> {
    let truth = |lit: i64| {
        let value = values
            .get(lit.unsigned_abs() as usize - 1)
            .copied()
            .unwrap_or(false);
        if lit > 0 {
            value
        } else {
            !value
        }
    };
    let mut in_clauses = false;
    let mut clause: Vec<i64> = Vec::new();
    let mut number = 0;
    for (i, line) in cnf.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('p') {
            in_clauses = true;
            continue;
        }
        if !in_clauses || line.starts_with('c') || line.is_empty() {
            continue;
        }
        for word in line.split_whitespace() {
            let Ok(lit) = word.parse::<i64>() else {
                return Some(format!("line {}: '{word}' is not a literal", i + 1));
            };
            if lit != 0 {
                clause.push(lit);
                continue;
            }
            number += 1;
            if !clause.iter().any(|&l| truth(l)) {
                let shown: Vec<String> = clause.iter().map(|l| l.to_string()).collect();
                return Some(format!(
                    "it breaks clause {number} (line {}): {}",
                    i + 1,
                    shown.join(" ")
                ));
            }
            clause.clear();
        }
    }
    None
}

/// A cell the model leaves without a digit, or gives several: read from
/// the CNF's `c var V = rXcY#D` map.
fn cell_problem(cnf: &str, values: &[bool], n: usize) -> Option<String> {
    let mut digits: Vec<Vec<u32>> = vec![Vec::new(); n * n];
    let mut known = vec![false; n * n];
    for line in cnf.lines() {
        let mut words = line.split_whitespace();
        let (Some("c"), Some(kind)) = (words.next(), words.next()) else {
            continue;
        };
        if kind == "vars" && words.next() == Some("identity") {
            // Variable `cell·n + d` is digit `d + 1` of the cell.
            for (cell, found) in digits.iter_mut().enumerate() {
                known[cell] = true;
                found.extend(
                    (0..n)
                        .filter(|&d| values.get(cell * n + d) == Some(&true))
                        .map(|d| d as u32 + 1),
                );
            }
            continue;
        }
        let (var, name) = match kind {
            "var" => (words.next().and_then(|w| w.parse::<usize>().ok()), words.nth(1)),
            "fixed" => (None, words.next()),
            _ => continue,
        };
        let Some((cell, digit)) = name.and_then(|w| {
            let (rc, d) = w.strip_prefix('r')?.split_once('#')?;
            let (r, c) = rc.split_once('c')?;
            let (r, c, d): (usize, usize, u32) = (r.parse().ok()?, c.parse().ok()?, d.parse().ok()?);
            ((1..=n).contains(&r) && (1..=n).contains(&c)).then_some(((r - 1) * n + c - 1, d))
        }) else {
            continue;
        };
        known[cell] = true;
        let true_here = match var {
            Some(v) => v >= 1 && values.get(v - 1).copied().unwrap_or(false),
            None => true,
        };
        if true_here && !digits[cell].contains(&digit) {
            digits[cell].push(digit);
        }
    }
    let name = |cell: usize| sudokit::core::Cell(cell as u16).name(n);
    if let Some(cell) = (0..n * n).find(|&c| known[c] && digits[c].is_empty()) {
        return Some(format!("the model leaves {} without a digit", name(cell)));
    }
    if let Some(cell) = (0..n * n).find(|&c| digits[c].len() > 1) {
        let list: Vec<String> = digits[cell].iter().map(|d| d.to_string()).collect();
        return Some(format!(
            "the model gives {} several digits: {}",
            name(cell),
            list.join(", ")
        ));
    }
    None
}
