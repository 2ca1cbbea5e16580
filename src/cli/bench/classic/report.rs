//! Writing the records: a table for people, JSON lines or CSV for programs.
//!
//! JSON and CSV carry the same fields in the same order ([`fields`]): a
//! figure a record does not have (a peer's guesses, the speed-up without
//! `--jobs`) is `null` in JSON and an empty cell in CSV.

use std::io::Write;

use serde_json::{json, Value};

use super::record::Record;

/// What the header line says about the run.
pub(super) struct Setup {
    /// Solutions looked for per puzzle (`--limit`).
    pub(super) limit: u64,
    /// Timed passes (`--runs`).
    pub(super) runs: usize,
    /// Threads of the extra timing (`--jobs`), 1 when none.
    pub(super) threads: usize,
}

/// The fields of a record, named as in JSON and the CSV header:
///
/// - `file`, `solver`, `peer` (true for a peer harness), `limit`;
/// - `puzzles`, `solved`, `timeouts` (ours: puzzles past `--timeout`);
/// - `median_per_s`, `min_per_s`, `max_per_s`, `runs_per_s` (every pass in
///   order; in CSV separated by spaces), `us_per_puzzle` (at the median);
/// - `guesses_per_puzzle`, `no_guess_pct` (ours only);
/// - `vs` (the first peer's name), `ratio` (median against its median);
/// - `threads`, `threads_median_per_s`, `threads_runs_per_s`, `speedup`
///   (ours with `--jobs N`, N > 1: N-thread median against one thread).
fn fields(record: &Record, setup: &Setup) -> Vec<(&'static str, Value)> {
    let (min, max) = record.range();
    let (threads, threads_runs) = match &record.threads {
        Some((n, rates)) => (json!(n), json!(rates)),
        None => (Value::Null, Value::Null),
    };
    vec![
        ("file", json!(record.file)),
        ("solver", json!(record.solver)),
        ("peer", json!(record.peer)),
        ("limit", json!(setup.limit)),
        ("puzzles", json!(record.puzzles)),
        ("solved", json!(record.solved)),
        ("timeouts", json!(record.timeouts)),
        ("median_per_s", json!(record.median())),
        ("min_per_s", json!(min)),
        ("max_per_s", json!(max)),
        ("runs_per_s", json!(record.rates)),
        ("us_per_puzzle", json!(record.micros())),
        ("guesses_per_puzzle", json!(record.guesses_per_puzzle)),
        ("no_guess_pct", json!(record.no_guess_pct)),
        ("vs", json!(record.ratio.as_ref().map(|r| &r.0))),
        ("ratio", json!(record.ratio.as_ref().map(|r| r.1))),
        ("threads", threads),
        ("threads_median_per_s", json!(record.threads_median())),
        ("threads_runs_per_s", threads_runs),
        ("speedup", json!(record.speedup())),
    ]
}

/// One JSON object per line, fields in [`fields`] order.
pub(super) fn write_json(out: &mut impl Write, records: &[Record], setup: &Setup) {
    for record in records {
        let members: Vec<String> = fields(record, setup)
            .into_iter()
            .map(|(name, value)| format!("{}:{value}", json!(name)))
            .collect();
        let _ = writeln!(out, "{{{}}}", members.join(","));
    }
}

/// A header line, then one line per record.
pub(super) fn write_csv(out: &mut impl Write, records: &[Record], setup: &Setup) {
    let Some(first) = records.first() else {
        return;
    };
    let names: Vec<&str> = fields(first, setup).into_iter().map(|(name, _)| name).collect();
    let _ = writeln!(out, "{}", names.join(","));
    for record in records {
        let cells: Vec<String> = fields(record, setup)
            .iter()
            .map(|(_, value)| csv_cell(value))
            .collect();
        let _ = writeln!(out, "{}", cells.join(","));
    }
}

/// A JSON value as a CSV cell: nothing for null, arrays as their items
/// separated by spaces, quoted when it holds a comma, a quote or a newline.
fn csv_cell(value: &Value) -> String {
    let text = match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(csv_cell).collect::<Vec<_>>().join(" "),
        other => other.to_string(),
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// The table: a header line saying how it was measured, then one row per
/// record. Figures a row does not have are shown as "–"; the ratio column
/// is there only with peers.
pub(super) fn write_table(out: &mut impl Write, records: &[Record], setup: &Setup) {
    let threads = setup.threads;
    let _ = writeln!(
        out,
        "limit {} solution(s) per puzzle, median of {} passes, one thread{}",
        setup.limit,
        setup.runs,
        if threads > 1 {
            format!(" (and {threads} threads for our strategies)")
        } else {
            String::new()
        }
    );
    // Ratios are against the first peer: name it in the header.
    // Without peers there is no ratio column.
    let versus = records
        .iter()
        .find_map(|r| r.ratio.as_ref().map(|(name, _)| format!("vs {name}")));
    let mut header = vec![
        "file".to_string(),
        "solver".into(),
        "solved".into(),
        "puzzles/s".into(),
        "range".into(),
        "µs/puzzle".into(),
        "guesses/puzzle".into(),
        "no guess".into(),
    ];
    header.extend(versus.clone());
    if threads > 1 {
        header.extend([format!("{threads} threads/s"), "speed-up".into()]);
    }
    let dash = || "–".to_string();
    let body: Vec<Vec<String>> = records
        .iter()
        .map(|r| {
            let (lo, hi) = r.range();
            let mut solved = format!("{}/{}", r.solved, r.puzzles);
            if let Some(t) = r.timeouts.filter(|&t| t > 0) {
                solved += &format!(" ({t} timed out)");
            }
            let mut row = vec![
                r.file.clone(),
                if r.peer {
                    format!("{} (peer)", r.solver)
                } else {
                    r.solver.clone()
                },
                solved,
                format!("{:.0}", r.median()),
                format!("{lo:.0}–{hi:.0}"),
                format!("{:.1}", r.micros()),
                r.guesses_per_puzzle.map_or_else(dash, |g| format!("{g:.1}")),
                r.no_guess_pct.map_or_else(dash, |p| format!("{p:.1} %")),
            ];
            if versus.is_some() {
                row.push(
                    r.ratio
                        .as_ref()
                        .map_or_else(String::new, |(_, x)| format!("{x:.2}×")),
                );
            }
            if threads > 1 {
                row.push(r.threads_median().map_or_else(dash, |m| format!("{m:.0}")));
                row.push(r.speedup().map_or_else(dash, |s| format!("{s:.2}×")));
            }
            row
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            body.iter()
                .chain([&header])
                .map(|r| r[i].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| -> String {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, w))| {
                let pad = " ".repeat(w - c.chars().count());
                // Names to the left, figures to the right.
                if i < 2 {
                    format!("{c}{pad}")
                } else {
                    format!("{pad}{c}")
                }
            })
            .collect();
        format!("| {} |", padded.join(" | "))
    };
    let _ = writeln!(out, "{}", line(&header));
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(w + 2)).collect();
    let _ = writeln!(out, "|{}|", rule.join("|"));
    for row in &body {
        let _ = writeln!(out, "{}", line(row));
    }
}
