//! Why an input could not be read, with the reader's own error kept whole.
//!
//! Each reader of the facade (classic grids, f-puzzles, native TOML, and
//! the build of a spec into a puzzle) has its own error type with its own
//! details: a column, a TOML key, a JSON path. [`ReadError`] keeps that
//! error as it is, so the command line and library users can show where
//! the input went wrong and JSON consumers can get those details as
//! fields, not as text to parse again.

use sudokit_constraints::fpuzzles::FpuzzlesError;
use sudokit_constraints::iss::IssError;
use sudokit_constraints::native::NativeError;
use sudokit_constraints::spec::SpecError;
use sudokit_constraints::sudokupad::SudokuPadError;
use sudokit_constraints::sukaku::SukakuError;
use sudokit_core::format::ParseError;

use crate::InputFormat;

/// Why a puzzle of an input could not be read. Its text is the message the
/// command line prints after the file name (`line 3, column 7: …`).
///
/// ```
/// use sudokit::{read_puzzles, InputFormat, ReadOptions};
/// let text = "size = 4\n[[rules]]\ntype = \"thermometer\"\ncells = \"r1c1 r9c9\"\n";
/// let error = read_puzzles(text, InputFormat::Native, &ReadOptions::default())
///     .remove(0)
///     .unwrap_err();
/// assert_eq!(error.kind(), "native");
/// assert_eq!((error.line(), error.key()), (4, Some("rules[1].cells")));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// A classic grid in text that could not be read, or a board the box
    /// shape does not tile.
    #[error(transparent)]
    Grid(ParseError),
    /// f-puzzles JSON, a payload or a URL that could not be read.
    #[error("line 1: f-puzzles: {0}")]
    Fpuzzles(FpuzzlesError),
    /// An ISS constraint string that could not be read.
    #[error("line 1: ISS: {0}")]
    Iss(IssError),
    /// A SudokuPad link that could not be read, or whose drawings do not
    /// all map to rules.
    #[error("line 1: SudokuPad: {0}")]
    SudokuPad(SudokuPadError),
    /// A sukaku (pencil-mark) line that could not be read.
    #[error("line {line}: sukaku: {error}")]
    Sukaku {
        /// 1-based line of the puzzle.
        line: usize,
        /// What is wrong.
        error: SukakuError,
    },
    /// A native TOML file that could not be read.
    #[error(transparent)]
    Native(NativeError),
    /// A file read well, line by line, whose rules do not make a puzzle
    /// together (a rule that does not fit the board, givens of another size).
    #[error("line 1: {}{error}", if *.format == InputFormat::Native { "the puzzle does not hold together: " } else { "" })]
    Spec {
        /// The format the spec was read from.
        format: InputFormat,
        /// Why the spec does not build.
        error: SpecError,
    },
    /// A document (f-puzzles or native) that is not text, or too big to read.
    #[error("line {line}: {message}")]
    Document {
        /// 1-based line where it went wrong.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

impl ReadError {
    /// The 1-based line where the input went wrong (1 for errors of a whole
    /// f-puzzles document, which is one line of JSON or a URL).
    pub fn line(&self) -> usize {
        match self {
            ReadError::Grid(e) => e.line,
            ReadError::Native(e) => e.line,
            ReadError::Fpuzzles(_) | ReadError::Iss(_) | ReadError::SudokuPad(_) | ReadError::Spec { .. } => {
                1
            }
            ReadError::Document { line, .. } | ReadError::Sukaku { line, .. } => *line,
        }
    }

    /// The 1-based column (in characters), when one place is at fault.
    pub fn column(&self) -> Option<usize> {
        match self {
            ReadError::Grid(e) => e.column,
            ReadError::Native(e) => e.column,
            _ => None,
        }
    }

    /// The key at fault: a native TOML key as a path (`rules[3].cells`) or
    /// an f-puzzles JSON path (`grid[3][4].value`).
    pub fn key(&self) -> Option<&str> {
        match self {
            ReadError::Native(e) => e.key.as_deref(),
            ReadError::Fpuzzles(e) => e.path.as_deref(),
            _ => None,
        }
    }

    /// Which reader failed, as a short stable word for machines: `grid`,
    /// `fpuzzles`, `iss`, `sudokupad`, `sukaku`, `native`, `spec` or
    /// `document`.
    pub fn kind(&self) -> &'static str {
        match self {
            ReadError::Grid(_) => "grid",
            ReadError::Fpuzzles(_) => "fpuzzles",
            ReadError::Iss(_) => "iss",
            ReadError::SudokuPad(_) => "sudokupad",
            ReadError::Sukaku { .. } => "sukaku",
            ReadError::Native(_) => "native",
            ReadError::Spec { .. } => "spec",
            ReadError::Document { .. } => "document",
        }
    }
}

impl From<ParseError> for ReadError {
    fn from(error: ParseError) -> ReadError {
        ReadError::Grid(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A spec that does not build keeps its error, and says so as before:
    /// a native file "does not hold together", an f-puzzles one just fails.
    #[test]
    fn spec_errors_keep_their_message_per_format() {
        let error = SpecError::Givens {
            expected: 9,
            found: 4,
        };
        let native = ReadError::Spec {
            format: InputFormat::Native,
            error: error.clone(),
        };
        assert_eq!(
            native.to_string(),
            format!("line 1: the puzzle does not hold together: {error}")
        );
        let fpuzzles = ReadError::Spec {
            format: InputFormat::Fpuzzles,
            error: error.clone(),
        };
        assert_eq!(fpuzzles.to_string(), format!("line 1: {error}"));
        for read in [native, fpuzzles] {
            assert_eq!(
                (read.kind(), read.line(), read.column(), read.key()),
                ("spec", 1, None, None)
            );
        }
    }
}
