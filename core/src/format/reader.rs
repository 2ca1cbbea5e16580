//! Reading puzzles from a stream, holding only what the layout needs.
//!
//! [`GridReader`] reads any [`BufRead`] line by line and yields each puzzle
//! (or the error in its place) as soon as its layout is certain, so a file
//! of millions of one-liners runs in constant memory and a pipe sees its
//! first answer before its input ends. [`parse_grids`](super::parse_grids)
//! is this reader over a string. When a layout is decided, and the limits,
//! are on [`GridReader`].

use std::collections::VecDeque;
use std::io::BufRead;

use super::parse::{
    analyse, bad_size, classify, one_liner_error, read_block, read_rows, LineKind, ParseError, ParseOptions,
    ParsedGrid, Shape, MAX_CHAR_SIZE,
};
use crate::grid::Grid;

/// The longest line read: a 128×128 one-liner in tokens takes about 64 KB,
/// a pretty one a few times that.
pub const MAX_LINE_BYTES: usize = 4 << 20;

/// The largest f-puzzles or native document read, or decompressed from an
/// lz-string payload (the biggest real ones take a few hundred KB).
pub const MAX_DOCUMENT_BYTES: usize = 16 << 20;

/// The longest line skipped before the input is given up as not text.
pub const MAX_SKIP_BYTES: u64 = 256 << 20;

/// The most bytes of one block held while its layout is undecided.
pub const MAX_PENDING_BYTES: usize = 16 << 20;

/// Lines held before a block is decided: one more than the tallest grid.
const WINDOW: usize = crate::geometry::MAX_SIZE + 1;

/// How the rest of the current block is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    /// Undecided: lines are held.
    Open,
    /// One puzzle per line, of `m` cells when known.
    OneLiners(Option<usize>),
    /// Grids of `m` rows, stacked.
    Stacked(usize),
    /// `--size` is impossible: the block was one error.
    Refused,
}

/// One line as read from the input.
enum Line {
    Text(String),
    /// A plain one-liner, read on the spot (see [`GridReader::plain_one_liner`]).
    Grid(Grid),
    TooLong,
    GaveUp,
}

/// Reads puzzles from a stream, one at a time, each as soon as its layout
/// is certain.
///
/// # When a block is decided
///
/// A *block* is a run of content lines between separators (see
/// [`parse_grids`](super::parse_grids)). A block that ends within the window
/// below is read as a whole, from all its lines (the whole-block rule).
/// Otherwise it is decided early, line by line:
///
/// 1. **One-liners at once.** A line that can only be a one-liner — a square
///    number of cells too many for a row: more than 35 characters among at
///    most 35 tokens (`4.....8.5.3…`), or more than 128 tokens that all fit
///    the one-liner's board — is read at once, with the lines held before it,
///    and the rest of its block is read line by line as one-liners of that
///    size: a line of another size is an error in its place ("found 80 cells,
///    expected 81").
/// 2. **A window for rows.** Otherwise lines are held: a block of more than
///    129 lines cannot be one grid in rows (128×128 is the largest board), so
///    at line 130 the block is decided from what is held: lines of equal
///    length `m` (at most 35 characters or 128 tokens) are grids stacked
///    without separators, read every `m` lines from then on (a last partial
///    grid is "incomplete"); anything else is one-liners, line by line.
///    Lines of `t > 128` single-character tokens may be the rows of a board
///    too big to read, which is one error, not `t` one-liners: they are held
///    up to `t + 1` lines.
/// 3. **`--size n`.** Each line of `n²` cells is a one-liner; otherwise `n`
///    lines are one grid. Nothing else is held.
///
/// Held lines never pass [`MAX_PENDING_BYTES`]: past it, the block is decided
/// as in rule 2. The answers differ from the whole-block rule only for long
/// blocks that mix layouts without separators, which are malformed (for
/// instance 1,000 sixteen-character lines: 4×4 one-liners as a whole when
/// 1,000 is not a multiple of 16, here stacked 16×16 grids; `--size 4` says
/// which was meant).
///
/// # Limits
///
/// A line longer than [`MAX_LINE_BYTES`] is one error at its line number and
/// is skipped without being held; a line longer than [`MAX_SKIP_BYTES`]
/// (`/dev/zero`) ends the input with an error. Bytes that are not UTF-8 fail
/// the puzzle they are in, with their line and column.
///
/// ```
/// use sudokit_core::format::{GridReader, ParseOptions};
/// let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
/// let mut reader = GridReader::new(text.as_bytes(), ParseOptions::default());
/// assert_eq!(reader.next().unwrap().unwrap().grid.filled(), 17);
/// assert!(reader.next().is_none());
/// ```
#[derive(Debug)]
pub struct GridReader<R> {
    input: R,
    options: ParseOptions,
    /// Whether to decide blocks early (else whole blocks, as a reference).
    early: bool,
    /// Lines read so far.
    line: usize,
    /// Content lines of the current block not read yet.
    held: Vec<(usize, String)>,
    held_bytes: usize,
    /// The token count every held line shares, if they share one.
    held_tokens: Option<usize>,
    block: Block,
    ready: VecDeque<Result<ParsedGrid, ParseError>>,
    bytes: Vec<u8>,
    done: bool,
    /// Whether plain one-liners skip the general rules (off only to test
    /// that they read the same).
    plain_shortcut: bool,
}

impl<R: BufRead> GridReader<R> {
    /// A reader of the puzzles in `input`.
    pub fn new(input: R, options: ParseOptions) -> GridReader<R> {
        GridReader {
            input,
            options,
            early: true,
            line: 0,
            held: Vec::new(),
            held_bytes: 0,
            held_tokens: None,
            block: Block::Open,
            ready: VecDeque::new(),
            bytes: Vec::new(),
            done: false,
            plain_shortcut: true,
        }
    }

    /// A reader that reads plain one-liners by the general rules too: the
    /// reference [`GridReader::plain_one_liner`] is tested against.
    #[cfg(test)]
    pub(crate) fn without_shortcut(input: R, options: ParseOptions) -> GridReader<R> {
        GridReader {
            plain_shortcut: false,
            ..GridReader::new(input, options)
        }
    }

    /// A reader that holds every block whole and reads it by the
    /// whole-block rule: the reference the streaming rule is tested against.
    #[cfg(test)]
    pub(crate) fn whole_blocks(input: R, options: ParseOptions) -> GridReader<R> {
        GridReader {
            early: false,
            ..GridReader::new(input, options)
        }
    }

    /// The next line, without its end; `None` at the end of the input.
    fn next_line(&mut self) -> std::io::Result<Option<Line>> {
        self.bytes.clear();
        let mut skipped: Option<u64> = None;
        loop {
            let available = match self.input.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                if skipped.is_none() && self.bytes.is_empty() {
                    return Ok(None);
                }
                break;
            }
            let (chunk, used, end) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            match &mut skipped {
                Some(total) => *total += chunk.len() as u64,
                None if self.bytes.len() + chunk.len() > MAX_LINE_BYTES => {
                    skipped = Some((self.bytes.len() + chunk.len()) as u64);
                    self.bytes = Vec::new();
                }
                None => self.bytes.extend_from_slice(chunk),
            }
            self.input.consume(used);
            if skipped.is_some_and(|total| total > MAX_SKIP_BYTES) {
                return Ok(Some(Line::GaveUp));
            }
            if end {
                break;
            }
        }
        self.line += 1;
        if skipped.is_some() {
            return Ok(Some(Line::TooLong));
        }
        let mut bytes = &self.bytes[..];
        if self.line == 1 {
            bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        }
        while let Some(rest) = bytes.strip_suffix(b"\r") {
            bytes = rest;
        }
        if let Some(grid) = self.plain_one_liner(bytes) {
            return Ok(Some(Line::Grid(grid)));
        }
        Ok(Some(Line::Text(String::from_utf8_lossy(bytes).into_owned())))
    }

    /// In a block of one-liners of `m` = n² ≤ 81 cells, a line of exactly
    /// `m` digits and dots, read directly: the general rules (classify,
    /// shape, cells, symbols) read it the same way, and took a third of
    /// `solve`'s time on 17clue, where `--jobs` threads wait for the reader.
    fn plain_one_liner(&self, bytes: &[u8]) -> Option<Grid> {
        let Block::OneLiners(Some(m)) = self.block else {
            return None;
        };
        let n = m.isqrt();
        if !self.plain_shortcut
            || !self.early
            || self.options.size.is_some()
            || bytes.len() != m
            || n * n != m
            || n > 9
        {
            return None;
        }
        let mut values = Vec::with_capacity(m);
        for &b in bytes {
            values.push(match b {
                b'.' | b'0' => 0,
                b'1'..=b'9' if usize::from(b - b'0') <= n => b - b'0',
                _ => return None,
            });
        }
        Grid::from_values(n, values)
    }

    /// Reads lines until an answer is ready or the input ends.
    fn fill(&mut self) {
        while self.ready.is_empty() && !self.done {
            match self.next_line() {
                Ok(Some(Line::Grid(grid))) => self.ready.push_back(Ok(ParsedGrid {
                    grid,
                    line: self.line,
                })),
                Ok(Some(Line::Text(text))) => match classify(&text) {
                    LineKind::Content => self.content(self.line, text),
                    LineKind::Decoration => {}
                    LineKind::Separator => self.end_block(),
                },
                Ok(Some(Line::TooLong)) => self.refuse(
                    self.line,
                    format!(
                        "a line longer than {} MiB (skipped): no puzzle line is that long",
                        MAX_LINE_BYTES >> 20
                    ),
                ),
                Ok(Some(Line::GaveUp)) => {
                    self.refuse(
                        self.line + 1,
                        format!(
                            "a line longer than {} MiB: this is not a text of puzzles, reading stops",
                            MAX_SKIP_BYTES >> 20
                        ),
                    );
                    self.done = true;
                }
                Ok(None) => {
                    self.end_block();
                    self.done = true;
                }
                Err(e) => {
                    self.refuse(self.line + 1, format!("cannot read further: {e}"));
                    self.done = true;
                }
            }
        }
    }

    /// Ends the block with an error that is not a puzzle's.
    fn refuse(&mut self, line: usize, message: String) {
        self.end_block();
        self.ready.push_back(Err(ParseError::at(line, None, message)));
    }

    /// Reads the held lines as one block.
    fn read_held(&mut self) {
        let block: Vec<(usize, &str)> = self.held.iter().map(|(n, l)| (*n, l.as_str())).collect();
        read_block(&block, &self.options, &mut self.ready);
        self.release();
    }

    fn release(&mut self) {
        self.held.clear();
        self.held_bytes = 0;
        self.held_tokens = None;
    }

    fn hold(&mut self, number: usize, line: String, shape: &Shape) {
        self.held_tokens = match (self.held.is_empty(), self.held_tokens) {
            (true, _) => Some(shape.tokens),
            (false, Some(t)) if t == shape.tokens => Some(t),
            _ => None,
        };
        self.held_bytes += line.len();
        self.held.push((number, line));
    }

    /// The end of a block (a separator, a skipped line, the end of input).
    fn end_block(&mut self) {
        match self.block {
            Block::Stacked(m) if !self.held.is_empty() => {
                let block: Vec<(usize, &str)> = self.held.iter().map(|(n, l)| (*n, l.as_str())).collect();
                self.ready.push_back(read_rows(&block, m, &self.options));
                self.release();
            }
            _ => self.read_held(),
        }
        self.block = Block::Open;
    }

    /// One content line of the current block.
    fn content(&mut self, number: usize, line: String) {
        if !self.early {
            self.held.push((number, line));
            return;
        }
        let shape = Shape::of(&line);
        match self.block {
            Block::Refused => {}
            Block::OneLiners(m) => match m {
                Some(m) if !shape.one_liner() && shape.cells() != m => {
                    self.ready
                        .push_back(Err(one_liner_error(number, shape.cells(), m)));
                }
                _ => read_block(&[(number, &line)], &self.options, &mut self.ready),
            },
            Block::Stacked(m) => {
                self.hold(number, line, &shape);
                if self.held.len() == m || self.held_bytes > MAX_PENDING_BYTES {
                    self.end_block();
                    self.block = Block::Stacked(m);
                }
            }
            Block::Open => match self.options.size {
                Some(_) if bad_size(&self.options, number).is_some() => {
                    self.ready.extend(bad_size(&self.options, number).map(Err));
                    self.block = Block::Refused;
                }
                Some(n) => {
                    let cells = if n > MAX_CHAR_SIZE {
                        shape.tokens
                    } else {
                        shape.cells()
                    };
                    if self.held.is_empty() && cells == n * n {
                        read_block(&[(number, &line)], &self.options, &mut self.ready);
                    } else {
                        self.hold(number, line, &shape);
                        if self.held.len() == n || self.held_bytes > MAX_PENDING_BYTES {
                            self.read_held();
                        }
                    }
                }
                None if shape.one_liner() => {
                    self.hold(number, line, &shape);
                    self.read_held();
                    self.block = Block::OneLiners(Some(shape.cells()));
                }
                None => {
                    self.hold(number, line, &shape);
                    let window = match self.held_tokens {
                        Some(t) if t >= WINDOW => t + 1,
                        _ => WINDOW,
                    };
                    if self.held.len() > window || self.held_bytes > MAX_PENDING_BYTES {
                        self.decide();
                    }
                }
            },
        }
    }

    /// Decides a block too long to be one grid from the lines held.
    fn decide(&mut self) {
        let block: Vec<(usize, &str)> = self.held.iter().map(|(n, l)| (*n, l.as_str())).collect();
        let layout = analyse(&block, &self.options);
        let m = layout.m;
        if layout.all_equal && (2..=layout.max_rows).contains(&m) {
            let whole = block.len() / m * m;
            for rows in block[..whole].chunks(m) {
                self.ready.push_back(read_rows(rows, m, &self.options));
            }
            self.held.drain(..whole);
            self.held_bytes = self.held.iter().map(|(_, l)| l.len()).sum();
            self.block = Block::Stacked(m);
        } else {
            self.read_held();
            let side = m.isqrt();
            self.block = Block::OneLiners((side >= 2 && side * side == m).then_some(m));
        }
    }
}

impl<R: BufRead> Iterator for GridReader<R> {
    type Item = Result<ParsedGrid, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.fill();
        self.ready.pop_front()
    }
}

#[cfg(test)]
mod tests;
