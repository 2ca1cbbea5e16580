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
//! format of 9×9 classic, windoku and X puzzles) are decoded by [`scf`];
//! f-puzzles payloads (`sudokupad.app/fpuzzles…`) go to the f-puzzles
//! reader, `classic…` ids (givens alone) to [`classic`]; short links
//! (`sudokupad.app/<id>`, which need the network) are refused by name.
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

mod classic;
mod mapper;
mod scf;
mod unzip;

/// Hosts that serve SudokuPad.
const HOSTS: &[&str] = &[
    "sudokupad.app/",
    "beta.sudokupad.app/",
    "sudokupad.svencodes.com/",
    "app.crackingthecryptic.com/",
];

/// The payload formats a SudokuPad puzzle id starts with: SudokuPad's own
/// three, read alone too, then those read only in a link (a line of text
/// starting with "classic" is not taken for a puzzle).
const FORMATS: [&str; 5] = ["scl", "ctc", "scf", "fpuzzles", "classic"];

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

/// True when `text` is a SudokuPad link (any form [`read`] takes, short
/// links and f-puzzles payloads through SudokuPad included) or a payload
/// in SudokuPad's own format (`scl…`, `ctc…`, `scf…`).
///
/// ```
/// use sudokit_constraints::sudokupad;
/// assert!(sudokupad::looks_like("https://sudokupad.app/sclN4Igz…"));
/// assert!(sudokupad::looks_like("ctcN4Igz…"));
/// assert!(sudokupad::looks_like("https://app.crackingthecryptic.com/sudoku/scf4B1l"));
/// assert!(sudokupad::looks_like("https://sudokupad.app/?puzzleid=fpuzzlesN4Ig…"));
/// assert!(!sudokupad::looks_like("N4IgzglgXgpiBcAWANCA5gJwgEwQbT1A"));
/// ```
pub fn looks_like(text: &str) -> bool {
    let text = text.trim();
    after_host(text).is_some() || FORMATS[..3].iter().any(|p| text.starts_with(p))
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
    Some(&text[skip..])
}

/// The puzzle id in the part of a link after its host, in the forms
/// SudokuPad opens: `<id>`, `puzzle/<id>`, `sudoku/<id>` (the path its own
/// tools write) or `?puzzleid=<id>`; settings after `?` or `#` are not
/// part of it.
fn puzzle_id(rest: &str) -> &str {
    let path_end = rest.find(['?', '#']).unwrap_or(rest.len());
    let path = &rest[..path_end];
    let path = ["puzzle/", "sudoku/"]
        .iter()
        .find_map(|p| path.strip_prefix(p))
        .unwrap_or(path);
    if !path.is_empty() {
        return path;
    }
    let query = rest[path_end..].strip_prefix('?').unwrap_or("");
    let query = query.split('#').next().unwrap_or("");
    query
        .split('&')
        .find_map(|param| param.strip_prefix("puzzleid="))
        .unwrap_or("")
}

/// Reads a SudokuPad link or payload into a puzzle.
pub fn read(text: &str) -> Result<Import, SudokuPadError> {
    match split_id(text)? {
        ("scf", payload) => {
            // Not `percent_decoded`: a space in a title is a space, not a `+`.
            let payload = percent_encoding::percent_decode_str(payload)
                .decode_utf8()
                .map_err(|_| error("the scf payload is not valid URL-encoded text"))?;
            scf::read(&payload)
        }
        ("fpuzzles", _) => crate::fpuzzles::read(text).map_err(|e| error(e.to_string())),
        ("classic", payload) => classic::read(&percent_decoded(payload)?),
        (format, payload) => mapper::map(&puzzle_json(format, payload)?),
    }
}

/// The puzzle JSON a link or payload in SudokuPad's own format (`scl`,
/// `ctc`) carries, unzipped (long key names).
pub fn payload_json(text: &str) -> Result<serde_json::Value, SudokuPadError> {
    match split_id(text)? {
        ("scf", _) => Err(error(
            "an scf payload is SudokuPad's legacy classic format, not its puzzle JSON",
        )),
        ("fpuzzles" | "classic", _) => Err(error(
            "the link carries an f-puzzles or classic payload, not SudokuPad's puzzle JSON",
        )),
        (format, payload) => puzzle_json(format, payload),
    }
}

/// The payload's format (one of [`FORMATS`]; `fpuzzles` and `classic`
/// only in a link) and the payload after it, still URL-encoded.
fn split_id(text: &str) -> Result<(&'static str, &str), SudokuPadError> {
    let text = text.trim();
    let (id, formats) = match after_host(text) {
        Some(rest) => (puzzle_id(rest), &FORMATS[..]),
        None => (text, &FORMATS[..3]),
    };
    match formats.iter().find(|f| id.starts_with(*f)) {
        Some(&format) => Ok((format, &id[format.len()..])),
        None => Err(error(format!(
            "the SudokuPad link '{id}' is a short link: its puzzle is on SudokuPad's server, which \
             sudokit does not ask; open it and share the long link (sudokupad.app/scl…), or export \
             it to f-puzzles"
        ))),
    }
}

/// A payload with its URL escapes decoded.
fn percent_decoded(payload: &str) -> Result<String, SudokuPadError> {
    crate::fpuzzles::percent_decoded(payload).map_err(|e| error(e.message))
}

/// The unzipped puzzle JSON of an `scl` or `ctc` payload.
fn puzzle_json(format: &str, payload: &str) -> Result<serde_json::Value, SudokuPadError> {
    let payload = percent_decoded(payload)?;
    let zipped = crate::fpuzzles::lz_decompress(&payload).map_err(|e| error(e.message))?;
    unzip::unzip(&zipped).map_err(|e| {
        error(format!(
            "the {format} payload decompresses to text that is not SudokuPad's puzzle JSON: {e}"
        ))
    })
}
