//! Reading puzzles from a stream (a file, a pipe) one at a time.
//!
//! [`stream_puzzles`] decides the format from the start of the input: the
//! first line that is not blank nor a `#` comment. f-puzzles JSON, payloads
//! and URLs, and lines that look like TOML (`key = value`, `[table]`) are one
//! document, read whole up to [`MAX_DOCUMENT_BYTES`]; anything else is text
//! of classic grids, streamed by [`GridReader`] so that memory does not grow
//! with the file and each puzzle is yielded as soon as its lines are read.

use std::collections::hash_map::{Entry, HashMap};
use std::io::{BufRead, Cursor, Read};

use sudokit_core::format::{GridReader, ParseError, ParsedGrid, MAX_LINE_BYTES};
use sudokit_core::{Geometry, Puzzle};

use crate::{read_puzzles, InputFormat, ReadError, ReadOptions, ReadPuzzle};

pub use sudokit_core::format::MAX_DOCUMENT_BYTES;

/// Classic puzzles read one at a time from grids; puzzles of one size share
/// one board and one rule set ([`Puzzle::same_rules`]), so strategies
/// prepare them once.
#[derive(Debug)]
pub struct ClassicReader<I> {
    grids: I,
    boxes: Option<(usize, usize)>,
    /// One template per board size.
    templates: HashMap<usize, Puzzle>,
}

impl<I: Iterator<Item = Result<ParsedGrid, ParseError>>> ClassicReader<I> {
    /// Classic puzzles from `grids`, with the box shape of `options`.
    pub fn new(grids: I, options: &ReadOptions) -> ClassicReader<I> {
        ClassicReader {
            grids,
            boxes: options.boxes,
            templates: HashMap::new(),
        }
    }

    fn puzzle(&mut self, parsed: ParsedGrid) -> Result<ReadPuzzle, ParseError> {
        let n = parsed.grid.size();
        let template = match self.templates.entry(n) {
            Entry::Occupied(entry) => entry.into_mut(),
            Entry::Vacant(entry) => {
                let geometry = match self.boxes {
                    Some((rows, cols)) => Geometry::with_boxes(n, rows, cols),
                    None => Geometry::square(n),
                }
                .map_err(|e| ParseError {
                    line: parsed.line,
                    column: None,
                    message: e.to_string(),
                })?;
                let puzzle = Puzzle::new(geometry)
                    .with(crate::constraints::ClassicRules)
                    .expect("the classic rules fit every board");
                entry.insert(puzzle)
            }
        };
        let puzzle = template
            .clone()
            .with_givens(parsed.grid)
            .expect("template built for the grid's size");
        Ok(ReadPuzzle {
            puzzle,
            line: parsed.line,
            spec: None,
            skipped: Vec::new(),
        })
    }
}

impl<I: Iterator<Item = Result<ParsedGrid, ParseError>>> Iterator for ClassicReader<I> {
    type Item = Result<ReadPuzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        let parsed = self.grids.next()?;
        Some(parsed.and_then(|parsed| self.puzzle(parsed)))
    }
}

/// An input whose first bytes were read to tell its format, then the rest.
pub type Resumed<R> = std::io::Chain<Cursor<Vec<u8>>, R>;

/// The puzzles of one input, read as they are asked for.
#[derive(Debug)]
pub enum PuzzleStream<R> {
    /// Classic grids, streamed.
    Text(Box<ClassicReader<GridReader<Resumed<R>>>>),
    /// One document (f-puzzles, native), read whole.
    Document(std::vec::IntoIter<Result<ReadPuzzle, ReadError>>),
}

impl<R: BufRead> Iterator for PuzzleStream<R> {
    type Item = Result<ReadPuzzle, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            PuzzleStream::Text(reader) => Some(reader.next()?.map_err(ReadError::Grid)),
            PuzzleStream::Document(read) => read.next(),
        }
    }
}

/// Whether the first significant line of an input starts a document
/// rather than grids: f-puzzles JSON, a payload or URL, a SudokuPad link,
/// an ISS string, a sukaku line, or a TOML line.
fn starts_document(line: &str) -> bool {
    if line.starts_with('{')
        || line.starts_with("N4Ig")
        || line.contains("f-puzzles.com/")
        || line.contains("sudokupad.app/fpuzzles")
        || line.starts_with('[')
        || sudokit_constraints::iss::looks_like(line)
        || sudokit_constraints::sukaku::looks_like(line)
        || sudokit_constraints::sudokupad::looks_like(line)
    {
        return true;
    }
    line.split_once('=').is_some_and(|(key, _)| {
        let key = key.trim();
        !key.is_empty()
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '"'))
    })
}

/// The puzzles of `input` (called `name` in formats chosen by extension:
/// `.json`, `.toml`), read lazily. The format is decided from the first
/// line that is not blank nor a `#` comment: f-puzzles JSON, payloads and
/// URLs, and lines that look like TOML are one document, read whole up to
/// [`MAX_DOCUMENT_BYTES`]; anything else is classic grids, streamed by
/// [`GridReader`], so memory does not grow with the file and each puzzle is
/// yielded as soon as its lines are read. An error reading the start of the
/// input is returned; later read errors are errors in the stream.
pub fn stream_puzzles<R: BufRead>(
    name: Option<&str>,
    mut input: R,
    options: &ReadOptions,
) -> std::io::Result<PuzzleStream<R>> {
    let extension = name
        .and_then(|n| n.rsplit_once('.'))
        .map(|(_, e)| e.to_ascii_lowercase());
    let mut start = Vec::new();
    let mut document = matches!(extension.as_deref(), Some("json" | "toml"));
    while !document && start.len() < MAX_LINE_BYTES {
        let before = start.len();
        let limit = (MAX_LINE_BYTES - before) as u64;
        if (&mut input).take(limit).read_until(b'\n', &mut start)? == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&start[before..]);
        let line = line.trim_start_matches('\u{feff}').trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        document = starts_document(line);
        break;
    }
    if !document {
        let grids = GridReader::new(Cursor::new(start).chain(input), options.parse.clone());
        return Ok(PuzzleStream::Text(Box::new(ClassicReader::new(grids, options))));
    }
    let read = read_document(name, start, input, options)?;
    Ok(PuzzleStream::Document(read.into_iter()))
}

/// Reads the rest of a document whose first bytes are `start`.
fn read_document<R: Read>(
    name: Option<&str>,
    mut bytes: Vec<u8>,
    input: R,
    options: &ReadOptions,
) -> std::io::Result<Vec<Result<ReadPuzzle, ReadError>>> {
    let room = (MAX_DOCUMENT_BYTES + 1).saturating_sub(bytes.len()) as u64;
    input.take(room).read_to_end(&mut bytes)?;
    let error = |line: usize, message: String| vec![Err(ReadError::Document { line, message })];
    if bytes.len() > MAX_DOCUMENT_BYTES {
        return Ok(error(
            1,
            format!(
                "a document larger than {} MiB: too big for an f-puzzles or native puzzle",
                MAX_DOCUMENT_BYTES >> 20
            ),
        ));
    }
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let bytes = e.as_bytes();
            let valid = e.utf8_error().valid_up_to();
            let line = bytes[..valid].iter().filter(|&&b| b == b'\n').count() + 1;
            return Ok(error(line, "bytes that are not UTF-8 text".into()));
        }
    };
    let format = InputFormat::detect(name, &text);
    Ok(read_puzzles(&text, format, options))
}
