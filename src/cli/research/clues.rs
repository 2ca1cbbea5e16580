//! `sudokit clues`: every puzzle with at most K clues of each solution grid
//! read, by McGuire's unavoidable sets and hitting sets (the method is
//! described in `sudokit_clues`). One grid per line in; the puzzles found,
//! one per line, out (or one JSON object per grid), so that it streams
//! through pipes and cluster engines (`examples/distributed/`).

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::ProgressBar;
use serde_json::json;
use sudokit_clues::cells::{show_puzzle, Cells, ALL_CELLS};
use sudokit_clues::{find_puzzles_with, parse_grid, Counts, Found, Options};

use super::lines::for_each_line;
use crate::cli::{interrupt, output, Status};

/// Options of `sudokit clues`.
#[derive(Debug, Args)]
pub(crate) struct CluesArgs {
    /// Files of solution grids (81 digits), one per line, each optionally
    /// followed by a space and its own `--within` pattern; `-` or nothing
    /// reads standard input.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The most clues a puzzle may have (16: the no-16-clue proof's search).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=81))]
    max: u8,
    /// Only clues on this pattern: 81 characters, `.` or `0` for a cell
    /// without a clue, anything else for a cell that may have one.
    #[arg(long, value_name = "PATTERN")]
    within: Option<String>,
    /// Drop initial unavoidable sets larger than this.
    #[arg(long, default_value_t = Options::default().max_set_size)]
    max_set_size: usize,
    /// One JSON object per grid: grid, max, puzzles, the number of
    /// unavoidable sets used, hitting sets tested, nodes, complete, ms.
    #[arg(long)]
    json: bool,
}

/// Reads a `--within` pattern.
fn parse_pattern(text: &str) -> Result<Cells, String> {
    let cells: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if cells.len() != 81 {
        return Err(format!("pattern: found {} cells, expected 81", cells.len()));
    }
    Ok(cells
        .iter()
        .enumerate()
        .filter(|(_, c)| !matches!(c, '.' | '0'))
        .fold(0, |set, (i, _)| set | 1 << i))
}

/// Reads one input line: a grid, and optionally after a space a pattern
/// that replaces `within` for this grid.
fn parse_item(text: &str, within: Cells) -> Result<([u8; 81], Cells), String> {
    let mut words = text.split_whitespace();
    let grid = parse_grid(words.next().unwrap_or_default()).map_err(|e| e.to_string())?;
    let within = match words.next() {
        Some(pattern) => parse_pattern(pattern)?,
        None => within,
    };
    match words.next() {
        Some(extra) => Err(format!("unexpected '{extra}' after the grid and its pattern")),
        None => Ok((grid, within)),
    }
}

/// Runs `sudokit clues`.
pub(crate) fn run(args: &CluesArgs) -> Status {
    let within = match args.within.as_deref().map(parse_pattern).unwrap_or(Ok(ALL_CELLS)) {
        Ok(within) => within,
        Err(why) => {
            eprintln!("sudokit: {why}");
            return Status::BadInput;
        }
    };
    let cancel = interrupt::cancel_on_ctrl_c();
    let options = Options {
        max: usize::from(args.max),
        max_set_size: args.max_set_size,
        within,
        cancel: Some(cancel),
    };
    let reads_stdin = args.files.is_empty() || args.files.iter().any(|f| f.as_os_str() == "-");
    let mut out = output::answers(reads_stdin);
    let mut status = Status::Ok;
    let mut grids = 0;
    let read = for_each_line(&args.files, |place, text| {
        let (grid, within) = match parse_item(text, options.within) {
            Ok(item) => item,
            Err(why) => {
                eprintln!("sudokit: {place}: {why}");
                status = status.worst(Status::BadInput);
                return ControlFlow::Continue(());
            }
        };
        grids += 1;
        let started = Instant::now();
        let bar = progress_bar(grids);
        let options = Options {
            within,
            ..options.clone()
        };
        let found = find_puzzles_with(&grid, &options, &mut |counts| bar.set_message(describe(counts)));
        bar.finish_and_clear();
        write_found(&mut out, args, &grid, &found, started.elapsed());
        if found.complete {
            ControlFlow::Continue(())
        } else {
            eprintln!("sudokit: {place}: interrupted; the puzzles above are the ones found so far");
            status = status.worst(Status::Interrupted);
            ControlFlow::Break(())
        }
    });
    status.worst(read)
}

/// Prints one grid's answer: its puzzles, or its JSON object.
fn write_found(out: &mut impl Write, args: &CluesArgs, grid: &[u8; 81], found: &Found, elapsed: Duration) {
    if args.json {
        let puzzles: Vec<String> = found
            .puzzles
            .iter()
            .map(|&clues| show_puzzle(grid, clues))
            .collect();
        let object = json!({
            "grid": show_puzzle(grid, ALL_CELLS),
            "max": args.max,
            "puzzles": puzzles,
            "unavoidable_sets": found.unavoidable_sets.len(),
            "hitting_sets_tested": found.counts.tested,
            "nodes": found.counts.nodes,
            "complete": found.complete,
            "ms": elapsed.as_secs_f64() * 1e3,
        });
        let _ = writeln!(out, "{object}");
    } else {
        for &clues in &found.puzzles {
            let _ = writeln!(out, "{}", show_puzzle(grid, clues));
        }
    }
    let _ = out.flush();
}

/// The progress line's message.
fn describe(counts: &Counts) -> String {
    format!(
        "{} nodes, {} tested, {} sets, {} puzzles",
        counts.nodes, counts.tested, counts.sets, counts.puzzles
    )
}

/// A spinner on stderr when a person watches, nothing otherwise.
fn progress_bar(grid: usize) -> ProgressBar {
    crate::cli::progress::on_terminal(
        None,
        "{elapsed:>4} {spinner} grid {prefix}: {msg}",
        &grid.to_string(),
    )
}
