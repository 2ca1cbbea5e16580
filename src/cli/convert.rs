//! `sudokit convert`: a puzzle in another format (f-puzzles JSON or URL,
//! the native TOML format, a classic one-line grid, an ISS constraint
//! string, a sukaku line).

use std::io::Write;

use clap::{Args, ValueEnum};
use sudokit::constraints::{fpuzzles, iss, native, sukaku};
use sudokit::core::format::to_line;

use super::input::{Echo, InputArgs};
use super::output;
use super::Status;

/// The formats `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Target {
    /// f-puzzles JSON, compact.
    Fpuzzles,
    /// An f-puzzles URL (`https://www.f-puzzles.com/?load=…`).
    Url,
    /// sudokit's native TOML format.
    Native,
    /// The givens as one line (classic puzzles only).
    Line,
    /// An ISS constraint string (sigh's Interactive Sudoku Solver).
    Iss,
    /// A sukaku line: every cell's candidates (classic puzzles with givens
    /// and pencil marks).
    Sukaku,
}

/// Options of `sudokit convert`.
#[derive(Debug, Args)]
pub(crate) struct ConvertArgs {
    #[command(flatten)]
    input: InputArgs,
    /// The format to write.
    #[arg(long, value_enum)]
    to: Target,
}

/// Writes every puzzle of the inputs in the target format, one after the
/// other (TOML documents separated by a blank line).
pub(crate) fn run(args: &ConvertArgs) -> Status {
    let mut status = Status::Ok;
    let mut out = output::answers(args.input.reads_stdin());
    for (index, entry) in args.input.entries().enumerate() {
        let Some((origin, read)) = Echo::Quiet.take(entry, false, &mut out, &mut status) else {
            continue;
        };
        let spec = read.to_spec();
        let written = match args.to {
            Target::Fpuzzles => fpuzzles::to_json(&spec).map_err(|e| e.to_string()),
            Target::Url => fpuzzles::to_url(&spec).map_err(|e| e.to_string()),
            Target::Native => Ok(native::write(&spec)),
            Target::Iss => iss::write(&spec).map_err(|e| e.to_string()),
            Target::Sukaku => sukaku::write(&spec).map_err(|e| e.to_string()),
            Target::Line if spec.rules.is_empty() && spec.classic => Ok(to_line(&spec.givens)),
            Target::Line => Err("only a classic puzzle without other rules fits on one line".to_string()),
        };
        match written {
            Ok(text) => {
                if index > 0 && args.to == Target::Native {
                    let _ = writeln!(out);
                }
                let _ = writeln!(out, "{}", text.trim_end());
            }
            Err(message) => {
                eprintln!("sudokit: {}: cannot write it as {:?}: {message}", origin, args.to);
                status = status.worst(Status::BadInput);
            }
        }
    }
    status
}
