//! # sudokit
//!
//! Sudoku and its variants as a pluggable constraint-solving framework. This
//! facade re-exports the three crates under one name and adds the glue the
//! command line uses:
//!
//! * [`core`](mod@crate::core) — geometry, digit sets, state, the
//!   `Constraint` trait, the propagation engine, puzzles and text formats;
//! * [`constraints`] — the rules as plugins;
//! * [`solvers`] — the strategies;
//! * [`logic`] — human techniques, the logical solver that explains
//!   itself, and grades;
//!
//! and the readers the command line uses: [`read_puzzles`] takes any input
//! sudokit understands (classic grids in every text layout, f-puzzles JSON,
//! lz-string payloads and URLs, the native TOML format, ISS constraint
//! strings, SudokuPad links, sukaku lines), and
//! [`read_classic`] reads a file of classic puzzles so that they share one
//! board and one compiled rule set. [`stream_puzzles`] reads a file or a
//! pipe lazily, one puzzle at a time, in memory that does not grow with it.
//!
//! ```
//! use sudokit::{read_classic, solvers::{Limits, PropagationSearch, Strategy}};
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let puzzle = read_classic(text, &Default::default()).remove(0).unwrap().puzzle;
//! let outcome = PropagationSearch::default().solve(&puzzle, &Limits::default()).unwrap();
//! assert!(outcome.is_unique());
//! ```

pub use sudokit_constraints as constraints;
pub use sudokit_core as core;
pub use sudokit_logic as logic;
pub use sudokit_solvers as solvers;

mod error;
#[cfg(feature = "live")]
pub mod live;
mod stream;

pub use error::ReadError;

pub use stream::{stream_puzzles, ClassicReader, PuzzleStream, Resumed, MAX_DOCUMENT_BYTES};

use constraints::registry::Registry;
use constraints::spec::PuzzleSpec;
use sudokit_core::format::{GridReader, ParseError, ParseOptions};
use sudokit_core::Puzzle;

/// How to read classic puzzles from text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Layout options (board size where ambiguous).
    pub parse: ParseOptions,
    /// Box shape `(rows, cols)`; default: the squarest that tiles the board.
    pub boxes: Option<(usize, usize)>,
}

/// A puzzle read from text, with the line where it started.
#[derive(Clone, Debug)]
pub struct ReadPuzzle {
    /// The puzzle and its rules.
    pub puzzle: Puzzle,
    /// 1-based line where it starts.
    pub line: usize,
    /// The puzzle as the file described it (f-puzzles and native files),
    /// for writing it back in another format.
    pub spec: Option<PuzzleSpec>,
    /// What the reader skipped as decoration (f-puzzles text, colours,
    /// a setter's solution), for `--verbose`.
    pub skipped: Vec<String>,
}

impl ReadPuzzle {
    /// The puzzle as a spec, for writing it in another format: the file's
    /// own description when it had one, else the board, its boxes and its
    /// givens (a classic grid).
    pub fn to_spec(&self) -> PuzzleSpec {
        self.spec.clone().unwrap_or_else(|| {
            let puzzle = &self.puzzle;
            let mut spec = PuzzleSpec::new(puzzle.size());
            spec.layout = match puzzle.geometry().box_shape() {
                Some((rows, cols)) => constraints::spec::Layout::Boxes { rows, cols },
                None => constraints::spec::Layout::Default,
            };
            spec.givens = puzzle.givens().clone();
            spec
        })
    }
}

/// The kinds of input sudokit reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputFormat {
    /// Classic grids in any of the text layouts of [`core::format`].
    Text,
    /// f-puzzles JSON, a bare lz-string payload, or an f-puzzles or
    /// SudokuPad URL.
    Fpuzzles,
    /// sudokit's native TOML format ([`constraints::native`]).
    Native,
    /// An ISS constraint string (`.Shape~6x6.Thermo~R1C1~R1C2…`) or an ISS
    /// page address carrying one ([`constraints::iss`]).
    Iss,
    /// SudokuPad's own links and payloads (`sudokupad.app/scl…`, `ctc…`),
    /// their drawings mapped to rules ([`constraints::sudokupad`]).
    SudokuPad,
    /// Sukaku lines: every cell's candidates, 729 characters a 9×9 puzzle
    /// ([`constraints::sukaku`]), one puzzle per line.
    Sukaku,
}

impl InputFormat {
    /// The format of an input, from its file name when it says (`.json`,
    /// `.toml`) and otherwise from its first characters: JSON starts with
    /// `{`, an f-puzzles payload with `N4Ig` or an f-puzzles/SudokuPad
    /// address, a SudokuPad link of its own format with `sudokupad.app/`
    /// or a payload with `scl`, an ISS string with `.` and an ISS type (`.Thermo~…`, `.~R1C1_5`),
    /// a sukaku line has 729 characters (one of nine, `.`, per candidate),
    /// a native file has a `size = …` line or `[[rules]]`.
    ///
    /// ```
    /// use sudokit::InputFormat;
    /// assert_eq!(InputFormat::detect(Some("p.json"), ""), InputFormat::Fpuzzles);
    /// assert_eq!(InputFormat::detect(None, "  N4IgzglgXgpi..."), InputFormat::Fpuzzles);
    /// assert_eq!(InputFormat::detect(None, "# mine\nsize = 9\n"), InputFormat::Native);
    /// assert_eq!(InputFormat::detect(None, ".Shape~6x6.~R1C1_5"), InputFormat::Iss);
    /// assert_eq!(InputFormat::detect(None, "https://sudokupad.app/sclN4Ig"), InputFormat::SudokuPad);
    /// assert_eq!(InputFormat::detect(None, &"123456789".repeat(81)), InputFormat::Sukaku);
    /// assert_eq!(InputFormat::detect(None, "4.....8.5.3"), InputFormat::Text);
    /// ```
    pub fn detect(name: Option<&str>, text: &str) -> InputFormat {
        let extension = name
            .and_then(|n| n.rsplit_once('.'))
            .map(|(_, e)| e.to_ascii_lowercase());
        match extension.as_deref() {
            Some("json") => return InputFormat::Fpuzzles,
            Some("toml") => return InputFormat::Native,
            _ => {}
        }
        let start = text.trim_start();
        if start.starts_with('{')
            || start.starts_with("N4Ig")
            || start.contains("f-puzzles.com/")
            || start.contains("sudokupad.app/fpuzzles")
        {
            return InputFormat::Fpuzzles;
        }
        if constraints::sudokupad::looks_like(start) {
            return InputFormat::SudokuPad;
        }
        if constraints::iss::looks_like(start) {
            return InputFormat::Iss;
        }
        let first_line = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'));
        if first_line.is_some_and(constraints::sukaku::looks_like) {
            return InputFormat::Sukaku;
        }
        let native = text.lines().map(str::trim).any(|line| {
            line == "[[rules]]"
                || line
                    .strip_prefix("size")
                    .is_some_and(|rest| rest.trim_start().starts_with('='))
        });
        if native {
            InputFormat::Native
        } else {
            InputFormat::Text
        }
    }
}

/// Reads every puzzle of an input in `format`: many classic puzzles from
/// text, or one puzzle from an f-puzzles or native file. A malformed
/// puzzle is an error in its place, with where it went wrong (the
/// reader's own error, kept whole in the [`ReadError`]).
pub fn read_puzzles(
    text: &str,
    format: InputFormat,
    options: &ReadOptions,
) -> Vec<Result<ReadPuzzle, ReadError>> {
    read_puzzles_with(&Registry::default(), text, format, options)
}

/// [`read_puzzles`] for files whose rules may be any of `registry`'s: a
/// program that adds rules of its own (`Registry::default().with(…)`)
/// reads puzzles that name them.
///
/// ```
/// use sudokit::constraints::registry::{Registry, RuleKind};
/// use sudokit::{read_puzzles, read_puzzles_with, InputFormat, ReadOptions};
/// // A rule of the program's own, here the anti-king rule under a new name.
/// static KINGS: RuleKind = RuleKind {
///     meaning: "cells a king's move apart differ",
///     example: r#"{ type = "kings" }"#,
///     ..RuleKind::new("kings", |_, _| Ok(Box::new(sudokit::constraints::AntiKing)))
/// };
/// let text = "size = 4\n[[rules]]\ntype = \"kings\"\n";
/// let registry = Registry::default().with(&KINGS);
/// let read = read_puzzles_with(&registry, text, InputFormat::Native, &ReadOptions::default());
/// assert_eq!(read[0].as_ref().unwrap().puzzle.constraints()[1].name(), "anti-king");
/// let read = read_puzzles(text, InputFormat::Native, &ReadOptions::default());
/// assert!(read[0].as_ref().unwrap_err().to_string().contains("unknown rule type 'kings'"));
/// ```
pub fn read_puzzles_with(
    registry: &Registry,
    text: &str,
    format: InputFormat,
    options: &ReadOptions,
) -> Vec<Result<ReadPuzzle, ReadError>> {
    let from_spec = |spec: PuzzleSpec, skipped: Vec<String>| -> Result<ReadPuzzle, ReadError> {
        let puzzle = spec.build().map_err(|error| ReadError::Spec { format, error })?;
        Ok(ReadPuzzle {
            puzzle,
            line: 1,
            spec: Some(spec),
            skipped,
        })
    };
    match format {
        InputFormat::Text => read_classic(text, options)
            .into_iter()
            .map(|read| read.map_err(ReadError::Grid))
            .collect(),
        InputFormat::Fpuzzles => vec![constraints::fpuzzles::read_with(registry, text.trim())
            .map_err(ReadError::Fpuzzles)
            .and_then(|import| from_spec(import.spec, import.skipped))],
        InputFormat::Native => vec![constraints::native::read_with(registry, text)
            .map_err(ReadError::Native)
            .and_then(|spec| from_spec(spec, Vec::new()))],
        InputFormat::Iss => iss_puzzles(text)
            .map(|(line, text)| {
                constraints::iss::read_with(registry, &text)
                    .map_err(ReadError::Iss)
                    .and_then(|spec| from_spec(spec, Vec::new()))
                    .map(|read| ReadPuzzle { line, ..read })
            })
            .collect(),
        InputFormat::SudokuPad => vec![constraints::sudokupad::read(text.trim())
            .map_err(ReadError::SudokuPad)
            .and_then(|import| from_spec(import.spec, import.skipped))],
        InputFormat::Sukaku => significant_lines(text)
            .map(|(line, text)| {
                constraints::sukaku::read(text)
                    .map_err(|error| ReadError::Sukaku { line, error })
                    .and_then(|spec| from_spec(spec, Vec::new()))
                    .map(|read| ReadPuzzle { line, ..read })
            })
            .collect(),
    }
}

/// The lines of a text that are neither blank nor `#` comments, trimmed,
/// with their 1-based numbers.
fn significant_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}

/// The ISS strings of a text, with the line each starts on: a line that
/// starts an ISS string (`.Thermo~…`, `.~R1C1_5`) begins a puzzle, other
/// lines continue it (ISS ignores whitespace), `#` lines are comments.
fn iss_puzzles(text: &str) -> impl Iterator<Item = (usize, String)> + '_ {
    let mut puzzles: Vec<(usize, String)> = Vec::new();
    for (number, line) in significant_lines(text) {
        match puzzles.last_mut() {
            Some((_, puzzle)) if !constraints::iss::looks_like(line) => puzzle.push_str(line),
            _ => puzzles.push((number, line.to_string())),
        }
    }
    puzzles.into_iter()
}

/// Reads every classic puzzle in `text`: givens in any supported layout,
/// rectangular boxes, the classic rules. Malformed puzzles yield an error
/// in their place; the others are still read.
///
/// Puzzles of the same size share one [`Geometry`](sudokit_core::Geometry) and one list of rules
/// ([`Puzzle::same_rules`]), so strategies prepare them once.
pub fn read_classic(text: &str, options: &ReadOptions) -> Vec<Result<ReadPuzzle, ParseError>> {
    let grids = GridReader::new(text.as_bytes(), options.parse.clone());
    ClassicReader::new(grids, options).collect()
}
