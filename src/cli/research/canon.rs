//! `sudokit canon`: the minlex canonical form of 9×9 grids and puzzles, one
//! line in, one line out (so that it streams through pipes and cluster
//! engines). The convention is documented in `sudokit_grid_count::canon`.
//!
//! A line holds 81 cells: digits `1-9`, and `0` or `.` for a blank (other
//! characters other than spaces are an error). Empty lines and lines
//! starting with `#` are skipped. `--json` prints one object per line with
//! the transformation and the number of automorphisms.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;

use clap::Args;
use serde_json::json;
use sudokit_grid_count::canon::{self, Canonical};

use super::lines;
use crate::cli::output;
use crate::cli::Status;

/// Options of `sudokit canon`.
#[derive(Debug, Args)]
pub(crate) struct CanonArgs {
    /// Files of grids or puzzles, one per line; `-` or nothing reads
    /// standard input.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// One JSON object per line: the form, the transformation that maps the
    /// input to it, and the number of automorphisms.
    #[arg(long)]
    json: bool,
}

/// Reads one line's 81 cells, or says what is wrong with it.
fn parse_line(line: &str) -> Result<[u8; 81], String> {
    let mut cells = Vec::with_capacity(81);
    for ch in line.chars() {
        match ch {
            '1'..='9' => cells.push(ch as u8 - b'0'),
            '0' | '.' => cells.push(0),
            ' ' | '\t' | '\r' => {}
            _ => return Err(format!("unexpected '{ch}' (expected 1-9, or 0 or . for a blank)")),
        }
    }
    let count = cells.len();
    cells
        .try_into()
        .map_err(|_| format!("found {count} cells, expected 81 (a 9×9 grid or puzzle)"))
}

/// The form as a line: digits, `.` for blanks.
fn show(cells: &[u8; 81]) -> String {
    cells
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect()
}

/// The JSON object of one line: rows and columns 1-based, `rows[i]` the
/// input row (after transposing) that becomes row `i + 1`.
fn to_json(input: &[u8; 81], found: &Canonical) -> serde_json::Value {
    let s = &found.symmetry;
    let one_based = |v: &[u8; 9]| v.iter().map(|&x| x + 1).collect::<Vec<u8>>();
    let labels: serde_json::Map<String, serde_json::Value> =
        (1..10).map(|d| (d.to_string(), json!(s.labels[d]))).collect();
    json!({
        "input": show(input),
        "form": show(&found.form),
        "automorphisms": found.automorphisms,
        "transformation": {
            "transpose": s.transpose,
            "rows": one_based(&s.rows),
            "cols": one_based(&s.cols),
            "labels": labels,
        },
    })
}

/// Runs `sudokit canon`.
pub(crate) fn run(args: &CanonArgs) -> Status {
    let mut out = output::stdout();
    let mut status = Status::Ok;
    let read = lines::for_each_line(&args.files, |place, text| {
        match parse_line(text) {
            Ok(cells) => {
                let found = canon::canonical(&cells);
                if args.json {
                    let _ = writeln!(out, "{}", to_json(&cells, &found));
                } else {
                    let _ = writeln!(out, "{}", show(&found.form));
                }
            }
            Err(why) => {
                eprintln!("sudokit: {place}: {why}");
                status = status.worst(Status::BadInput);
            }
        }
        ControlFlow::Continue(())
    });
    status.worst(read)
}
