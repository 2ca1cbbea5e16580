//! SudokuPad's own puzzle links: `sudokupad.app/scl…` (also `ctc…`, the
//! same format under its older name), the form most puzzles are shared in.
//! The payload is lz-string `compressToBase64` of SudokuPad's puzzle JSON
//! in its "zipped" form ([`unzip`]); [`read`] decodes it and maps what it
//! draws to rules where the convention is unambiguous ([`mapper`]).
//!
//! SudokuPad stores drawings, not rules: a thermometer is a line with a
//! circle at one end, an arrow an arrow with a circle at its start. What
//! has no unambiguous reading is refused in one error that names every
//! element left over and shows the setter's rules text, so a puzzle is
//! never solved without one of its rules. `scf…` payloads (the legacy
//! classic format) and short links (`sudokupad.app/<id>`, which need the
//! network) are refused by name.
//!
//! ```
//! use sudokit_constraints::sudokupad;
//! // Built with lz-string from the zipped JSON of a 4×4 puzzle with a given.
//! let zipped = "{ce:[[{v:1},,,],[,,,],[,,,],[,,,]]}";
//! let link = format!("https://sudokupad.app/scl{}", lz_str::compress_to_base64(zipped));
//! let import = sudokupad::read(&link).unwrap();
//! assert_eq!(import.spec.size, 4);
//! assert_eq!(import.spec.givens.get(sudokit_core::Cell(0)), Some(1));
//! ```

mod mapper;
mod unzip;

/// Hosts that serve SudokuPad.
const HOSTS: &[&str] = &[
    "sudokupad.app/",
    "beta.sudokupad.app/",
    "sudokupad.svencodes.com/",
    "app.crackingthecryptic.com/",
];

/// What the reader got: the puzzle, and what it left out as decoration
/// (the f-puzzles reader's answer: colours, pencil marks, fog of war).
pub use crate::fpuzzles::Import;

/// Why a SudokuPad payload could not be read: what is wrong or, for a
/// puzzle drawn with elements sudokit cannot map, each of them and the
/// rules text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SudokuPadError {
    /// The whole message.
    pub message: String,
}

pub(crate) fn error(message: impl Into<String>) -> SudokuPadError {
    SudokuPadError {
        message: message.into(),
    }
}

/// True when `text` is a SudokuPad link or payload in SudokuPad's own
/// format (`sudokupad.app/scl…`, `scl…`, `ctc…`, `scf…`) or a short
/// SudokuPad link; f-puzzles links through SudokuPad (`sudokupad.app/fpuzzles…`)
/// are the f-puzzles reader's.
///
/// ```
/// use sudokit_constraints::sudokupad;
/// assert!(sudokupad::looks_like("https://sudokupad.app/sclN4Igz…"));
/// assert!(sudokupad::looks_like("ctcN4Igz…"));
/// assert!(!sudokupad::looks_like("https://sudokupad.app/fpuzzlesN4Ig…"));
/// assert!(!sudokupad::looks_like("N4IgzglgXgpiBcAWANCA5gJwgEwQbT1A"));
/// ```
pub fn looks_like(text: &str) -> bool {
    let text = text.trim();
    match after_host(text) {
        Some(rest) => !rest.to_ascii_lowercase().starts_with("fpuzzles"),
        None => ["scl", "ctc", "scf"].iter().any(|p| text.starts_with(p)),
    }
}

/// The part of a SudokuPad link after its host, `None` for other text.
fn after_host(text: &str) -> Option<&str> {
    let lower = text.to_ascii_lowercase();
    let start = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
        .unwrap_or(&lower);
    let start = start.strip_prefix("www.").unwrap_or(start);
    let host = HOSTS.iter().find(|h| start.starts_with(*h))?;
    let skip = text.len() - start.len() + host.len();
    let rest = &text[skip..];
    Some(rest.strip_prefix("puzzle/").unwrap_or(rest))
}

/// Reads a SudokuPad link or payload into a puzzle.
pub fn read(text: &str) -> Result<Import, SudokuPadError> {
    let json = payload_json(text)?;
    mapper::map(&json)
}

/// The puzzle JSON a link or payload carries, unzipped (long key names).
pub fn payload_json(text: &str) -> Result<serde_json::Value, SudokuPadError> {
    let text = text.trim();
    let id = after_host(text).unwrap_or(text);
    let id = id.split(['?', '#']).next().unwrap_or("");
    let (format, payload) = match id.get(..3) {
        Some(p @ ("scl" | "ctc" | "scf")) => (p, &id[3..]),
        _ => {
            return Err(error(format!(
                "the SudokuPad link '{id}' is a short link: its puzzle is on SudokuPad's server, which \
                 sudokit does not ask; open it and share the long link (sudokupad.app/scl…), or export \
                 it to f-puzzles"
            )))
        }
    };
    if format == "scf" {
        return Err(error(
            "scf payloads (SudokuPad's legacy classic format) are not read yet; use the puzzle's givens \
             as a grid, or its scl or f-puzzles link",
        ));
    }
    let payload = crate::fpuzzles::percent_decoded(payload).map_err(|e| error(e.message))?;
    let zipped = crate::fpuzzles::lz_decompress(&payload).map_err(|e| error(e.message))?;
    unzip::unzip(&zipped).map_err(|e| {
        error(format!(
            "the {format} payload decompresses to text that is not SudokuPad's puzzle JSON: {e}"
        ))
    })
}
