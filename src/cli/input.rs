//! Reading puzzle files (or standard input) for the subcommands.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::{json, Value};
use sudokit::core::format::{ParseOptions, MAX_LINE_BYTES};
use sudokit::{
    read_puzzles, stream_puzzles, InputFormat, PuzzleStream, ReadError, ReadOptions, ReadPuzzle,
    MAX_DOCUMENT_BYTES,
};

use super::Status;

/// Where puzzles come from and how to read them.
#[derive(Debug, Args, Clone)]
pub(crate) struct InputArgs {
    /// Puzzle files; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,
    /// Board side, where the layout is ambiguous (e.g. sixteen 4×4 one-liners).
    #[arg(long, value_name = "N", value_parser = parse_size)]
    pub(crate) size: Option<usize>,
    /// Box shape as ROWSxCOLS (default: the squarest, e.g. 2x3 on 6×6).
    #[arg(long, value_name = "RxC", value_parser = parse_boxes)]
    pub(crate) boxes: Option<(usize, usize)>,
    /// A puzzle given on the command line as an f-puzzles payload
    /// (`N4Ig…`), an f-puzzles or SudokuPad URL, or f-puzzles JSON.
    #[arg(long, value_name = "DATA")]
    pub(crate) fpuzzles: Option<String>,
}

/// A board side sudokit takes: 1 to 128.
fn parse_size(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=128).contains(&n) => Ok(n),
        Ok(n) => Err(format!("boards go from 1×1 to 128×128, not {n}×{n}")),
        Err(_) => Err(format!("'{text}' is not a board side")),
    }
}

pub(crate) fn parse_boxes(text: &str) -> Result<(usize, usize), String> {
    let (r, c) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("expected ROWSxCOLS such as 2x3, found '{text}'"))?;
    let parse = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("'{s}' is not a number"))
    };
    Ok((parse(r)?, parse(c)?))
}

/// One puzzle entry of an input: a puzzle, or why it could not be read.
pub(crate) struct Entry {
    /// `file:line`, for messages.
    pub(crate) origin: String,
    pub(crate) puzzle: Result<ReadPuzzle, BadInput>,
}

/// An input, or a puzzle of it, that could not be read: which file, and why.
#[derive(Debug)]
pub(crate) struct BadInput {
    /// The input's name in messages (`<stdin>`, `--fpuzzles`, a path).
    file: String,
    why: Why,
}

/// Why an input gave no puzzle.
#[derive(Debug)]
enum Why {
    /// The file could not be opened or its start could not be read.
    Unreadable(std::io::Error),
    /// The input holds no puzzle at all.
    Empty,
    /// A puzzle of it is malformed.
    Malformed(ReadError),
}

impl std::fmt::Display for BadInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let file = &self.file;
        match &self.why {
            Why::Unreadable(e) => write!(f, "cannot read {file}: {e}"),
            Why::Empty => write!(
                f,
                "{file}: no puzzle found (expected grids of digits and dots, f-puzzles JSON or native TOML)"
            ),
            Why::Malformed(e) => write!(f, "{file}: {e}"),
        }
    }
}

impl BadInput {
    /// The `--json` answer for it: the message as `error`, and where it
    /// went wrong as fields (`file`, `kind`, `line`, `column`, `key`) so
    /// that programs need not parse the message.
    pub(crate) fn to_json(&self, origin: &str) -> Value {
        let mut answer = json!({ "input": origin, "error": self.to_string(), "file": self.file });
        let fields = match &self.why {
            Why::Unreadable(_) => json!({ "kind": "unreadable" }),
            Why::Empty => json!({ "kind": "empty" }),
            Why::Malformed(e) => json!({
                "kind": e.kind(),
                "line": e.line(),
                "column": e.column(),
                "key": e.key(),
            }),
        };
        if let (Value::Object(answer), Value::Object(fields)) = (&mut answer, fields) {
            answer.extend(fields);
        }
        answer
    }
}

/// How a command shows an entry it could not read. Every command says why
/// on standard error; the answer on standard output differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Echo {
    /// Nothing on standard output (`convert`, `encode`: output is a file format).
    Quiet,
    /// An `error: …` line in place of the answer, or the JSON error object.
    Line { json: bool },
    /// As [`Echo::Line`], with the entry's `file:line` before `error:` (`grade`).
    Located { json: bool },
}

impl Echo {
    /// Writes a bad entry's answer to `out`, and returns the line for
    /// standard error (`sudokit: <file>: line …`).
    pub(crate) fn answer(self, origin: &str, bad: &BadInput, out: &mut impl Write) -> String {
        match self {
            Echo::Quiet => {}
            Echo::Line { json: true } | Echo::Located { json: true } => {
                let _ = writeln!(out, "{}", bad.to_json(origin));
            }
            Echo::Line { json: false } => {
                let _ = writeln!(out, "error: {bad}");
            }
            Echo::Located { json: false } => {
                let _ = writeln!(out, "{origin}: error: {bad}");
            }
        }
        format!("sudokit: {bad}")
    }

    /// The puzzle of `entry`, or `None` once its error is reported: on
    /// standard error, in `out` as [`Echo::answer`] writes it, and in
    /// `status`. With `verbose`, what the reader skipped is said on
    /// standard error.
    pub(crate) fn take(
        self,
        entry: Entry,
        verbose: bool,
        out: &mut impl Write,
        status: &mut Status,
    ) -> Option<(String, ReadPuzzle)> {
        match entry.puzzle {
            Ok(read) => {
                if verbose && !read.skipped.is_empty() {
                    eprintln!("{}", skipped_note(&entry.origin, &read));
                }
                Some((entry.origin, read))
            }
            Err(bad) => {
                eprintln!("{}", self.answer(&entry.origin, &bad, out));
                *status = status.worst(Status::BadInput);
                None
            }
        }
    }
}

/// The `--verbose` note of what the reader skipped as decoration.
pub(crate) fn skipped_note(origin: &str, read: &ReadPuzzle) -> String {
    format!("{origin}: skipped {}", read.skipped.join("; "))
}

impl InputArgs {
    fn options(&self) -> ReadOptions {
        ReadOptions {
            parse: ParseOptions { size: self.size },
            boxes: self.boxes,
        }
    }

    /// Every puzzle of every input, in order: the `--fpuzzles` puzzle, then
    /// the files (standard input when there is neither), read lazily (see
    /// [`stream_puzzles`]). A file that cannot be read is one bad entry; a
    /// malformed puzzle is one bad entry in its place.
    pub(crate) fn entries(&self) -> Entries {
        let mut entries = Entries {
            options: self.options(),
            queue: VecDeque::new(),
            files: Vec::new().into_iter(),
            current: None,
        };
        if let Some(data) = &self.fpuzzles {
            entries.queue.extend(self.fpuzzles_entries(data));
        }
        entries.files = match (self.files.is_empty(), self.fpuzzles.is_some()) {
            (true, true) => Vec::new(),
            (true, false) => vec![PathBuf::from("-")],
            (false, _) => self.files.clone(),
        }
        .into_iter();
        entries
    }

    /// Whether standard input is read: then each answer is flushed at once,
    /// for the program at the other end of the pipe.
    pub(crate) fn reads_stdin(&self) -> bool {
        (self.files.is_empty() && self.fpuzzles.is_none()) || self.files.iter().any(|f| f.as_os_str() == "-")
    }

    /// The puzzles of one input (`-` is standard input), in order, read lazily.
    pub(crate) fn file_entries(&self, path: &Path) -> Entries {
        Entries {
            options: self.options(),
            queue: VecDeque::new(),
            files: vec![path.to_path_buf()].into_iter(),
            current: None,
        }
    }

    /// The `--fpuzzles` puzzle given on the command line.
    pub(crate) fn fpuzzles_entries(&self, data: &str) -> Vec<Entry> {
        // SudokuPad's own links come the same way as its f-puzzles links.
        let format = match InputFormat::detect(None, data) {
            InputFormat::SudokuPad => InputFormat::SudokuPad,
            _ => InputFormat::Fpuzzles,
        };
        self.text_entries("--fpuzzles", data, format)
    }

    /// The puzzles of `text`, called `name` in messages.
    fn text_entries(&self, name: &str, text: &str, format: InputFormat) -> Vec<Entry> {
        let read = read_puzzles(text, format, &self.options());
        if read.is_empty() {
            return vec![nothing_found(name)];
        }
        read.into_iter().map(|read| entry(name, read)).collect()
    }
}

/// The first puzzle of the file at `path` (`-` is standard input), read as
/// the commands read their inputs, or why there is none: for a command that
/// takes one puzzle file as an option (`generate unique`'s template).
/// The text of a file (`-`: standard input) that commands read whole (a CNF,
/// a solver's model, a bench folder's puzzle or manifest), at most
/// [`MAX_DOCUMENT_BYTES`] like every document: a link to `/dev/zero` or a
/// huge file is refused at the limit instead of filling memory.
pub(crate) fn read_bounded(path: &Path) -> Result<String, String> {
    read_at_most(path, MAX_DOCUMENT_BYTES)
}

/// The text of a file (`-`: standard input), refused with a message above
/// `limit` bytes (or when it is not UTF-8 text).
pub(crate) fn read_at_most(path: &Path, limit: usize) -> Result<String, String> {
    use std::io::Read;
    let name = display_name(path);
    let cannot = |e: std::io::Error| format!("cannot read {name}: {e}");
    let input: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(File::open(path).map_err(cannot)?)
    };
    let mut bytes = Vec::new();
    input
        .take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() > limit {
        return Err(format!("cannot read {name}: larger than {} MiB", limit >> 20));
    }
    String::from_utf8(bytes).map_err(|_| format!("cannot read {name}: bytes that are not UTF-8 text"))
}

/// The lines of `input`, each at most [`MAX_LINE_BYTES`]: a longer line
/// (a binary file, `/dev/zero`) is an error that ends the lines, instead
/// of a line that grows until memory runs out.
pub(crate) fn bounded_lines<R: BufRead>(mut input: R) -> impl Iterator<Item = Result<String, String>> {
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let mut line = Vec::new();
        let read =
            std::io::Read::take(input.by_ref(), MAX_LINE_BYTES as u64 + 1).read_until(b'\n', &mut line);
        match read {
            Ok(0) => None,
            Err(e) => {
                done = true;
                Some(Err(e.to_string()))
            }
            Ok(_) if line.len() > MAX_LINE_BYTES => {
                done = true;
                Some(Err(format!(
                    "a line longer than {} MiB: this is not a text of puzzles, reading stops",
                    MAX_LINE_BYTES >> 20
                )))
            }
            Ok(_) => {
                while line.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                    line.pop();
                }
                Some(String::from_utf8(line).map_err(|_| "bytes that are not UTF-8 text".to_string()))
            }
        }
    })
}

/// The first puzzle of the file at `path` (`-` is standard input), read as
/// the commands read their inputs, or why there is none: for a command that
/// takes one puzzle file as an option (`generate unique`'s template).
pub(crate) fn first_puzzle(path: &Path) -> Result<ReadPuzzle, BadInput> {
    let mut entries = Entries {
        options: ReadOptions::default(),
        queue: VecDeque::new(),
        files: vec![path.to_path_buf()].into_iter(),
        current: None,
    };
    entries
        .next()
        .expect("an input gives a puzzle or an error")
        .puzzle
}

/// The input being read.
struct Current {
    name: String,
    puzzles: PuzzleStream<Box<dyn BufRead + Send>>,
    found: bool,
}

/// The entries of the inputs, read as they are asked for: memory holds the
/// puzzle being read, not the file.
pub(crate) struct Entries {
    options: ReadOptions,
    /// Entries ready to go (the `--fpuzzles` puzzle, an unreadable file).
    queue: VecDeque<Entry>,
    files: std::vec::IntoIter<PathBuf>,
    current: Option<Current>,
}

impl Entries {
    /// Opens the next input, or says why it cannot be read.
    fn open(&mut self, path: &Path) {
        let name = display_name(path);
        let input: std::io::Result<Box<dyn BufRead + Send>> = if path.as_os_str() == "-" {
            Ok(Box::new(BufReader::new(std::io::stdin())))
        } else {
            File::open(path)
                .map(|file| Box::new(BufReader::with_capacity(1 << 16, file)) as Box<dyn BufRead + Send>)
        };
        match input.and_then(|input| stream_puzzles(path.to_str(), input, &self.options)) {
            Ok(puzzles) => {
                self.current = Some(Current {
                    name,
                    puzzles,
                    found: false,
                })
            }
            Err(e) => self.queue.push_back(Entry {
                origin: name.clone(),
                puzzle: Err(BadInput {
                    file: name,
                    why: Why::Unreadable(e),
                }),
            }),
        }
    }
}

impl Iterator for Entries {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        loop {
            if let Some(entry) = self.queue.pop_front() {
                return Some(entry);
            }
            if let Some(current) = &mut self.current {
                let name = &current.name;
                match current.puzzles.next() {
                    Some(read) => {
                        current.found = true;
                        return Some(entry(name, read));
                    }
                    None if !current.found => {
                        self.queue.push_back(nothing_found(name));
                    }
                    None => {}
                }
                self.current = None;
                continue;
            }
            let path = self.files.next()?;
            self.open(&path);
        }
    }
}

/// An input with no puzzle at all: an answer of silence would read as
/// success (issue 14, defect 7).
fn nothing_found(name: &str) -> Entry {
    Entry {
        origin: name.to_string(),
        puzzle: Err(BadInput {
            file: name.to_string(),
            why: Why::Empty,
        }),
    }
}

/// One puzzle read from the input `name`, or its error.
fn entry(name: &str, read: Result<ReadPuzzle, ReadError>) -> Entry {
    match read {
        Ok(puzzle) => Entry {
            origin: format!("{name}:{}", puzzle.line),
            puzzle: Ok(puzzle),
        },
        Err(e) => Entry {
            origin: format!("{name}:{}", e.line()),
            puzzle: Err(BadInput {
                file: name.to_string(),
                why: Why::Malformed(e),
            }),
        },
    }
}

/// How an input is named in messages: its path, or `<stdin>` for `-`.
pub(crate) fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}
