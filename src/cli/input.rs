//! Reading puzzle files (or standard input) for the subcommands.

use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Args;
use sudokit::core::format::ParseOptions;
use sudokit::{read_puzzles, InputFormat, ReadOptions, ReadPuzzle};

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
    pub(crate) puzzle: Result<ReadPuzzle, String>,
}

impl InputArgs {
    fn options(&self) -> ReadOptions {
        ReadOptions {
            parse: ParseOptions { size: self.size },
            boxes: self.boxes,
        }
    }

    /// Every puzzle of every input, in order: the `--fpuzzles` puzzle, then
    /// the files (standard input when there is neither). A file that cannot
    /// be read is one bad entry; a malformed puzzle is one bad entry in its
    /// place.
    pub(crate) fn entries(&self) -> Vec<Entry> {
        let mut entries = Vec::new();
        if let Some(data) = &self.fpuzzles {
            entries.extend(self.fpuzzles_entries(data));
        }
        let stdin = [PathBuf::from("-")];
        let files: &[PathBuf] = match (self.files.is_empty(), self.fpuzzles.is_some()) {
            (true, true) => &[],
            (true, false) => &stdin,
            (false, _) => &self.files,
        };
        entries.extend(files.iter().flat_map(|path| self.file_entries(path)));
        entries
    }

    /// The puzzles of one input (`-` is standard input), in order.
    pub(crate) fn file_entries(&self, path: &Path) -> Vec<Entry> {
        let name = display_name(path);
        let bytes = if path.as_os_str() == "-" {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes).map(|_| bytes)
        } else {
            std::fs::read(path)
        };
        let bad = |message: String| {
            vec![Entry {
                origin: name.clone(),
                puzzle: Err(message),
            }]
        };
        let bytes = match bytes {
            Ok(bytes) => bytes,
            Err(e) => return bad(format!("cannot read {name}: {e}")),
        };
        let text = String::from_utf8_lossy(&bytes);
        let format = InputFormat::detect(path.to_str(), &text);
        if let (Err(e), false) = (std::str::from_utf8(&bytes), matches!(format, InputFormat::Text)) {
            // One JSON or TOML document: no puzzle to save around the bad bytes.
            let line = bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1;
            return bad(format!("{name}: line {line}: bytes that are not UTF-8 text"));
        }
        // Grids: each bad byte fails its own puzzle, with its line and column.
        self.text_entries(&name, &text, format)
    }

    /// The `--fpuzzles` puzzle given on the command line.
    pub(crate) fn fpuzzles_entries(&self, data: &str) -> Vec<Entry> {
        self.text_entries("--fpuzzles", data, InputFormat::Fpuzzles)
    }

    /// The puzzles of `text`, called `name` in messages.
    fn text_entries(&self, name: &str, text: &str, format: InputFormat) -> Vec<Entry> {
        let options = self.options();
        let read = read_puzzles(text, format, &options);
        if read.is_empty() {
            // Nothing that looks like a puzzle: an answer of silence would
            // read as success (issue 14, defect 7).
            return vec![Entry {
                origin: name.to_string(),
                puzzle: Err(format!(
                    "{name}: no puzzle found (expected grids of digits and dots, f-puzzles JSON or native TOML)"
                )),
            }];
        }
        read.into_iter()
            .map(|read| match read {
                Ok(puzzle) => Entry {
                    origin: format!("{name}:{}", puzzle.line),
                    puzzle: Ok(puzzle),
                },
                Err(e) => Entry {
                    origin: format!("{name}:{}", e.line),
                    puzzle: Err(format!("{name}: {e}")),
                },
            })
            .collect()
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
