//! Text formats: reading puzzles, writing grids, and Norvig's displays.
//!
//! Read ([`parse_grids`], or [`GridReader`] to stream a file):
//!
//! * one line of `n²` characters (`.` or `0` blank) for `n ≤ 9`, with
//!   `1-9` then `A-Z` for larger boards (16×16: `1-9A-G`);
//! * Norvig's 9-line layouts: 9 lines of 9 digits, and the pretty grid with
//!   `|` and `-` separators. As in his `grid_values`, characters that are not
//!   cells are ignored;
//! * token grids for any `n`: `n` lines of `n` whitespace-separated tokens
//!   `1..n` or `.`/`0` (the format of `shared/data/large`), and one line of
//!   `n²` tokens;
//! * files of many puzzles: one per line, or grids separated by blank lines,
//!   `#` comments or header lines (`Grid 01`, `========`).
//!
//! Write: [`to_line`], [`to_rows`], [`to_pretty`], and [`display_candidates`]
//! (Norvig's `display` of every cell's candidates, for any `n`), which
//! [`parse_candidates`] reads back (pencil marks).

mod candidates;
mod display;
mod parse;
mod reader;

mod write;

pub use crate::symbols::{symbol_char, symbol_value};
pub use candidates::parse_candidates;
pub use display::{display_candidates, display_table};
pub use parse::{parse_grids, ParseError, ParseOptions, ParsedGrid};
pub use reader::{GridReader, MAX_DOCUMENT_BYTES, MAX_LINE_BYTES, MAX_PENDING_BYTES, MAX_SKIP_BYTES};
pub use write::{to_line, to_pretty, to_rows};
