//! The f-puzzles format (`shared/formats/fpuzzles.md`): the JSON object the
//! f-puzzles editor, SudokuPad's `fpuzzles` links and SudokuSolver exchange.
//! [`read`] turns any of its transport forms into a [`PuzzleSpec`];
//! [`to_json`] and [`to_url`] write one back.
//!
//! Variant setters share puzzles this way, so this is how most variant
//! puzzles reach sudokit. The reader refuses loudly: a rule it cannot solve
//! yet (arrows, killer sums) or a key it does not know is an
//! error, never dropped, since a puzzle missing a rule has "many solutions"
//! for the wrong reason. What carries no rule (colours, decoration, a
//! solver's own entries) is left out and listed in [`Import::skipped`], as
//! are blank outside clues (markers without a value). Little killers are
//! read and written, but [`PuzzleSpec::build`] refuses them until their
//! rule exists.
//!
//! ```
//! use sudokit_constraints::fpuzzles;
//! use sudokit_constraints::registry::Registry;
//! use sudokit_core::Cell;
//! let json = r##"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],
//!     [{},{},{},{}],[{},{},{},{"c":"#FF0000"}]],"thermometer":[{"lines":[["R1C1","R2C2","R3C3"]]}]}"##;
//! let import = fpuzzles::read(json).unwrap();
//! assert_eq!(import.spec.givens.get(Cell(0)), Some(1));
//! let thermometer = Registry::default().rule("thermometer").unwrap();
//! assert_eq!(import.spec.rules, [thermometer.with("cells", vec![Cell(0), Cell(5), Cell(10)])]);
//! assert_eq!(import.skipped, ["grid: colours in 1 cell (decoration)"]);
//! // Any transport form reads back to the same puzzle.
//! let url = fpuzzles::to_url(&import.spec).unwrap();
//! assert_eq!(fpuzzles::read(&url).unwrap().spec, import.spec);
//! ```

mod lzstring;
mod reader;
mod transport;
mod writer;

use crate::registry::Registry;
use crate::spec::PuzzleSpec;

/// Largest board the f-puzzles tools take (SudokuSolver's limit; the
/// f-puzzles editor itself stops at 16).
pub const MAX_SIZE: usize = 31;

/// What a reader got from an f-puzzles payload: the puzzle, and what it
/// left out, so a caller can tell the user what was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Import {
    /// The puzzle: givens, regions, rules and metadata.
    pub spec: PuzzleSpec,
    /// One line per kind of data that carries no rule and was left out,
    /// with a count: `"text: 3 items (decoration)"`, `"grid: values in 4
    /// cells without given:true (solver's entries)"`. Grid lines come first.
    pub skipped: Vec<String>,
}

/// Why a payload could not be read or a puzzle written: says what and
/// where, so a setter can find the faulty clue
/// (`thermometer[2].lines[0][3]: cell 'R10C1' is off the 9×9 grid`,
/// `unknown f-puzzles key 'foo'`, `key 'arrow' (arrows) is not supported yet`).
///
/// ```
/// use sudokit_constraints::fpuzzles;
/// let err = fpuzzles::read(r#"{"size":4,"grid":[],"foo":1}"#).unwrap_err();
/// assert_eq!(err.message, "unknown f-puzzles key 'foo'");
/// assert_eq!(err.path.as_deref(), Some("foo"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FpuzzlesError {
    /// Where in the JSON (`grid[3][4].value`) or in the spec (`rules[2]`)
    /// the problem is, when it is in one place.
    pub path: Option<String>,
    /// The whole message; it starts with the path when the path is not
    /// already named in it.
    pub message: String,
}

impl FpuzzlesError {
    /// A problem at `path`: the message reads `path: what`.
    pub(crate) fn at(path: impl Into<String>, what: impl std::fmt::Display) -> FpuzzlesError {
        let path = path.into();
        FpuzzlesError {
            message: format!("{path}: {what}"),
            path: Some(path),
        }
    }

    /// A problem of the whole payload.
    pub(crate) fn general(what: impl Into<String>) -> FpuzzlesError {
        FpuzzlesError {
            path: None,
            message: what.into(),
        }
    }

    /// A problem about `path` whose message names it already.
    pub(crate) fn about(path: impl Into<String>, message: impl Into<String>) -> FpuzzlesError {
        FpuzzlesError {
            path: Some(path.into()),
            message: message.into(),
        }
    }
}

/// Reads an f-puzzles puzzle in any form setters paste: plain JSON, a bare
/// lz-string payload (`N4Ig…`), an f-puzzles URL
/// (`https://www.f-puzzles.com/?load=…`, also `f-puzzles.com/?load=…`
/// without scheme) or a SudokuPad link (`https://sudokupad.app/fpuzzles…`),
/// told apart automatically so callers need not know which one they hold.
///
/// The board is 1×1 to 31×31. The classic rules are always on. Only values
/// marked `given: true` are givens; keys it does not know are errors (every
/// rule key of the format is read).
///
/// ```
/// use sudokit_constraints::fpuzzles;
/// use sudokit_constraints::registry::Registry;
/// use sudokit_core::Cell;
/// let thermometer = Registry::default().rule("thermometer").unwrap();
/// let payload = concat!(
///     "N4IgzglgXgpiBcAWANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3lwC6yQv3GCRYwTL5SBC8",
///     "UJEg2ACxgYAtgHstMNpvygyEZjDD48IAEoAmAMI0QqGwGYHdl7cQO3IZWEuIA==",
/// );
/// for text in [payload.to_owned(), format!("https://sudokupad.app/fpuzzles{payload}")] {
///     let spec = fpuzzles::read(&text).unwrap().spec;
///     assert_eq!(spec.givens.get(Cell(0)), Some(1));
///     assert_eq!(spec.rules, [thermometer.clone().with("cells", vec![Cell(4), Cell(9), Cell(14)])]);
/// }
/// let err = fpuzzles::read(r#"{"size":9,"grid":[],"arrows":[{"lines":[["R1C1","R1C2"]],"cells":["R1C1"]}]}"#);
/// assert_eq!(err.unwrap_err().message, "unknown f-puzzles key 'arrows'");
/// ```
pub fn read(text: &str) -> Result<Import, FpuzzlesError> {
    read_with(&Registry::default(), text)
}

/// Reads an f-puzzles puzzle whose keys may be any of `registry`'s (the
/// built-ins and the rules of other crates that name an f-puzzles key).
pub fn read_with(registry: &Registry, text: &str) -> Result<Import, FpuzzlesError> {
    let (json, from_lz) = transport::decode(text)?;
    let value: serde_json::Value = serde_json::from_str(&json).map_err(|e| {
        if from_lz {
            FpuzzlesError::general(format!(
                "the lz-string payload decompresses to text that is not JSON ({e}); the payload is probably \
                 truncated or corrupted"
            ))
        } else {
            FpuzzlesError::general(format!("malformed JSON: {e}"))
        }
    })?;
    reader::read_value(registry, &value)
}

/// The f-puzzles JSON text of a payload in any transport form [`read`]
/// takes (JSON, lz-string, f-puzzles or SudokuPad link), not yet read: for
/// tools that adjust the object before reading it (`sudokit serve` drops
/// the keys the f-puzzles userscript adds to it).
///
/// ```
/// use sudokit_constraints::fpuzzles;
/// let url = fpuzzles::to_url(&sudokit_constraints::spec::PuzzleSpec::new(4)).unwrap();
/// assert!(fpuzzles::payload_json(&url).unwrap().starts_with(r#"{"size":4,"#));
/// assert!(fpuzzles::payload_json("N4Ig!").is_err());
/// ```
pub fn payload_json(text: &str) -> Result<String, FpuzzlesError> {
    transport::decode(text).map(|(json, _)| json)
}

/// lz-string `decompressFromBase64` of a payload, checked as f-puzzles
/// payloads are (size limit, text): shared with the SudokuPad reader.
pub(crate) fn lz_decompress(payload: &str) -> Result<String, FpuzzlesError> {
    transport::decompress(payload)
}

/// A URL-encoded payload decoded (a `+` read as a space goes back to `+`).
pub(crate) fn percent_decoded(text: &str) -> Result<String, FpuzzlesError> {
    percent_encoding::percent_decode_str(text)
        .decode_utf8()
        .map(|decoded| decoded.replace(' ', "+"))
        .map_err(|_| FpuzzlesError::general("the link's payload is not valid URL-encoded text"))
}

/// The puzzle as compact f-puzzles JSON (keys in the order f-puzzles
/// writes them), for files and for tools that take plain JSON.
///
/// Fails when f-puzzles cannot express the puzzle: no classic rules, a
/// board above 31×31, or a rule without an f-puzzles key (chess moves,
/// taxicab, custom pairs, diagonal non-consecutive, a sum other than X or V).
///
/// ```
/// use sudokit_constraints::fpuzzles;
/// use sudokit_constraints::registry::Registry;
/// use sudokit_constraints::spec::PuzzleSpec;
/// let registry = Registry::default();
/// let mut spec = PuzzleSpec::new(4);
/// spec.rules.push(registry.rule("anti-king").unwrap());
/// let json = fpuzzles::to_json(&spec).unwrap();
/// assert!(json.starts_with(r#"{"size":4,"grid":[[{},{},{},{}],"#));
/// assert!(json.ends_with(r#""antiking":true}"#));
/// spec.rules.push(registry.rule("taxicab").unwrap().with("value", 2));
/// assert_eq!(fpuzzles::to_json(&spec).unwrap_err().message, "rules[1]: taxicab has no f-puzzles form");
/// ```
pub fn to_json(spec: &PuzzleSpec) -> Result<String, FpuzzlesError> {
    writer::write(spec)
}

/// The puzzle as an f-puzzles URL: `https://www.f-puzzles.com/?load=` and
/// the lz-string `compressToBase64` of [`to_json`], with `+`, `/` and `=`
/// percent-encoded so that no URL parser turns a `+` into a space. This is
/// what setters share; SudokuPad opens it too.
///
/// ```
/// use sudokit_constraints::fpuzzles;
/// use sudokit_constraints::spec::PuzzleSpec;
/// let url = fpuzzles::to_url(&PuzzleSpec::new(9)).unwrap();
/// assert!(url.starts_with("https://www.f-puzzles.com/?load=N4Ig"));
/// ```
pub fn to_url(spec: &PuzzleSpec) -> Result<String, FpuzzlesError> {
    let json = to_json(spec)?;
    Ok(format!("{}{}", transport::URL_PREFIX, transport::encode(&json)))
}
