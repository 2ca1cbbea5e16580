//! `sudokit count-grids`: the number of 9×9 Sudoku grids by Felgenhauer and
//! Jarvis's band method, each figure of the method with the time it took.
//!
//! One line per figure: band 1's fillings with box 1 fixed, the ordered
//! bands, the classes of bands (and the seed document's miscount
//! reproduced), the table of bands by column sets, the 44 classes of equal
//! column sets, one band's completions (`--band`), and the total counted
//! from scratch. `--json` prints the same as one object.
//!
//! `--essentially-different` counts the grids up to symmetry and
//! relabelling instead (see [`essentially`]).

use std::io::Write;
use std::time::Duration;

use clap::Args;
use serde_json::json;
use sudokit_grid_count::{self as grids, Band, ColumnCounts, Symmetries};

use super::essentially;
use super::figures::timed;
use crate::cli::jobs::JobsArgs;
use crate::cli::output;
use crate::cli::report::grouped;
use crate::cli::report::ms;
use crate::cli::Status;

/// The example band: the first of the 44 classes.
const EXAMPLE: &str = "123478569 456139278 789256134";

/// Options of `sudokit count-grids`.
#[derive(Debug, Args)]
pub(crate) struct CountGridsArgs {
    /// The first band whose completions to count: 27 digits, three rows of
    /// nine (`123456789 456789123 789123456`; spaces, commas and slashes are
    /// ignored). Default: 123478569 456139278 789256134.
    #[arg(long, value_name = "ROWS")]
    band: Option<String>,
    /// Print the figures and times (ms) as one JSON object.
    #[arg(long)]
    json: bool,
    /// Count the essentially different grids instead, by Burnside's lemma
    /// over the conjugacy classes of the grid symmetries: 4×4 (2×2 boxes),
    /// 6×6 (2×3 boxes) and 9×9.
    #[arg(long)]
    essentially_different: bool,
    /// With --essentially-different: the sizes to count (4, 6, 9). 9×9
    /// takes about 15 s of one core (its classes spread over --jobs).
    #[arg(long, value_name = "N,…", value_delimiter = ',', default_values_t = [4, 6, 9])]
    sizes: Vec<usize>,
    #[command(flatten)]
    jobs: JobsArgs,
}

/// Reads a band: 27 digits `1..=9` between separators, valid as a band.
fn parse_band(text: &str) -> Result<Band, String> {
    let mut digits = Vec::new();
    for ch in text.chars() {
        match ch {
            '1'..='9' => digits.push(ch as u8 - b'0'),
            ' ' | ',' | '/' | '\n' | '\t' | '|' => {}
            _ => return Err(format!("--band: unexpected '{ch}' (expected digits 1-9)")),
        }
    }
    if digits.len() != 27 {
        return Err(format!(
            "--band: found {} digits, expected 27 (three rows of nine)",
            digits.len()
        ));
    }
    let mut band = [[0u8; 9]; 3];
    for (i, d) in digits.into_iter().enumerate() {
        band[i / 9][i % 9] = d;
    }
    if !grids::is_valid_band(&band) {
        return Err(format!(
            "--band: {} is not a band: each row and each box must hold 1-9 once",
            show(&band)
        ));
    }
    Ok(band)
}

/// A band as three groups of nine digits.
fn show(band: &Band) -> String {
    let rows: Vec<String> = band
        .iter()
        .map(|row| row.iter().map(|d| char::from(b'0' + d)).collect())
        .collect();
    rows.join(" ")
}

/// Runs `sudokit count-grids`.
pub(crate) fn run(args: &CountGridsArgs) -> Status {
    if args.essentially_different {
        return essentially::run(&args.sizes, args.json, &args.jobs);
    }
    let band = match parse_band(args.band.as_deref().unwrap_or(EXAMPLE)) {
        Ok(band) => band,
        Err(e) => {
            eprintln!("sudokit: {e}");
            return Status::BadInput;
        }
    };
    let (fillings, t_fillings) = timed(grids::count_band_fillings);
    let (ordered, t_ordered) = timed(grids::ordered_bands);
    let (without_rows, t_without_rows) = timed(|| grids::band_classes(&ordered, false));
    let (classes, t_classes) = timed(|| grids::band_classes(&ordered, true));
    let (slip, t_slip) = timed(|| {
        let slip = Symmetries {
            box1_columns: false,
            ..Symmetries::ALL
        };
        let without_rows = grids::merge_classes(&ordered, Symmetries { rows: false, ..slip });
        (without_rows.len(), grids::merge_classes(&ordered, slip).len())
    });
    let (counts, t_table) = timed(ColumnCounts::new);
    let (column_classes, t_column) = timed(|| grids::column_classes(&classes, &counts));
    let (completions, t_completions) = timed(|| counts.completions(&band));
    let (total, t_total) = timed(grids::total);

    let mut out = output::stdout();
    if args.json {
        let millis = |d: Duration| (d.as_secs_f64() * 1e6).round() / 1e3;
        let value = json!({
            "band_fillings": fillings,
            "ordered_bands": ordered.len(),
            "classes_without_rows": without_rows.len(),
            "classes": classes.len(),
            "seed_document_classes": [slip.0, slip.1],
            "table_entries": counts.partitions() * counts.partitions(),
            "column_classes": column_classes.len(),
            "band": show(&band),
            "completions": completions,
            "total": total.to_string(),
            "ms": {
                "band_fillings": millis(t_fillings),
                "ordered_bands": millis(t_ordered),
                "classes_without_rows": millis(t_without_rows),
                "classes": millis(t_classes),
                "seed_document_classes": millis(t_slip),
                "table": millis(t_table),
                "column_classes": millis(t_column),
                "completions": millis(t_completions),
                "total": millis(t_total),
            },
        });
        let _ = writeln!(out, "{value}");
        return Status::Ok;
    }
    let n = counts.partitions();
    let rows: [(String, String, Duration); 9] = [
        (
            "fillings of band 1, box 1 = 123/456/789".into(),
            grouped(u128::from(fillings)),
            t_fillings,
        ),
        (
            "ordered (columns of boxes 2, 3; the two boxes)".into(),
            grouped(ordered.len() as u128),
            t_ordered,
        ),
        (
            "classes: relabelling, boxes, columns in boxes".into(),
            grouped(without_rows.len() as u128),
            t_without_rows,
        ),
        (
            "classes: … and rows".into(),
            grouped(classes.len() as u128),
            t_classes,
        ),
        (
            "… without column swaps in box 1 (seed document)".into(),
            format!("{} / {}", grouped(slip.0 as u128), grouped(slip.1 as u128)),
            t_slip,
        ),
        (
            "table: bands by column sets".into(),
            format!("{n} × {n} partitions"),
            t_table,
        ),
        (
            "classes: … and equal column sets".into(),
            grouped(column_classes.len() as u128),
            t_column,
        ),
        (
            format!("completions of {}", show(&band)),
            grouped(u128::from(completions)),
            t_completions,
        ),
        ("grids, from scratch".into(), grouped(total), t_total),
    ];
    for (label, value, time) in rows {
        let _ = writeln!(out, "{label:<48} {value:>29}  ({} ms)", ms(time));
    }
    Status::Ok
}
