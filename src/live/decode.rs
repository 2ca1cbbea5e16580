//! From a request's `data` to a puzzle.
//!
//! The userscript sends the f-puzzles JSON as an lz-string payload, with
//! three additions of its own that the f-puzzles reader does not know:
//! `disabledlogic` (the logical techniques the setter switched off),
//! `truecandidatesoptions` (the candidate count cap, `logical`) and, in
//! every cell, what the setter typed (non-given `value`s, `centerPencilMarks`).
//! They are taken out of the object here, before the reader sees it. The
//! page also sends native TOML or a grid line, and may replace the givens.

use crate::constraints::fpuzzles;
use crate::constraints::spec::PuzzleSpec;
use crate::core::{Digits, Grid, Puzzle};
use crate::{read_puzzles, InputFormat, ReadOptions};
use serde_json::{Map, Value};

use super::protocol::Request;

/// Which of the setter's own entries count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Marks {
    /// Only `given` digits and `givenPencilMarks` (truecandidates, solve,
    /// check, count, and the page's commands).
    Givens,
    /// Also the digits typed into non-given cells and their
    /// `centerPencilMarks` (solvepath, step, estimate).
    Entered,
}

/// What the userscript asked for besides the puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ScriptOptions {
    /// `disabledlogic`: technique families switched off (`tuples`,
    /// `pointing`, `fishes`, `wings`, `aic`, `contradictions`).
    pub(crate) disabled_logic: Vec<String>,
    /// `truecandidatesnumsolutions=N`: count solutions per candidate up to N.
    pub(crate) cap: u64,
    /// `logical`: mark candidates logic keeps but no solution uses.
    pub(crate) logical: bool,
}

impl Default for ScriptOptions {
    fn default() -> ScriptOptions {
        ScriptOptions {
            disabled_logic: Vec::new(),
            cap: 1,
            logical: false,
        }
    }
}

/// A request's puzzle.
#[derive(Debug)]
pub(crate) struct Decoded {
    /// The puzzle as read (givens replaced when the request says so).
    pub(crate) spec: PuzzleSpec,
    /// The puzzle, built.
    pub(crate) puzzle: Puzzle,
    /// The userscript's options.
    pub(crate) options: ScriptOptions,
    /// What the reader left out as decoration.
    pub(crate) skipped: Vec<String>,
    /// Per cell, what the setter's grid shows ([`Marks::Entered`], f-puzzles
    /// data): a digit, centre marks, or nothing (`None`: every digit).
    pub(crate) shown: Option<Vec<Option<Digits<u128>>>>,
}

/// The largest board a request may bring: the f-puzzles tools' limit.
const MAX_SIZE: usize = fpuzzles::MAX_SIZE;

/// Reads the request's puzzle, honouring `marks`. Errors are the
/// `invalid` answer's message.
pub(crate) fn decode(request: &Request, marks: Marks) -> Result<Decoded, String> {
    let data = request
        .data
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .ok_or("the request has no data: expected the puzzle (an f-puzzles payload)")?;
    let said_fpuzzles = request.data_type.as_deref() == Some("fpuzzles");
    let mut decoded = match InputFormat::detect(None, data) {
        InputFormat::Fpuzzles => from_fpuzzles(data, marks)?,
        // An lz payload of JSON that does not start with `{"size"` does
        // not start with `N4Ig`: the userscript's `dataType` says what it is.
        format if said_fpuzzles => match from_fpuzzles(data, marks) {
            Ok(decoded) => decoded,
            Err(fpuzzles) => from_text(data, format).map_err(|_| fpuzzles)?,
        },
        format => from_text(data, format)?,
    };
    if let Some(givens) = &request.givens {
        decoded.spec.givens = givens_grid(decoded.spec.size, givens)?;
        decoded.puzzle = decoded.spec.build().map_err(|e| e.to_string())?;
    }
    Ok(decoded)
}

/// The page's `givens`: size² digits, 0 for an empty cell.
fn givens_grid(n: usize, givens: &[i64]) -> Result<Grid, String> {
    if givens.len() != n * n {
        return Err(format!(
            "givens: expected {} numbers for a {n}×{n} board, found {}",
            n * n,
            givens.len()
        ));
    }
    let mut digits = Vec::with_capacity(givens.len());
    for (i, &d) in givens.iter().enumerate() {
        match u8::try_from(d) {
            Ok(d) if usize::from(d) <= n => digits.push(d),
            _ => {
                return Err(format!(
                    "givens[{i}] (r{}c{}): {d} is not a digit of a {n}×{n} board (0 to {n})",
                    i / n + 1,
                    i % n + 1
                ))
            }
        }
    }
    Grid::from_values(n, digits).ok_or_else(|| "givens: not a board".to_string())
}

/// Native TOML or classic grid text.
fn from_text(data: &str, format: InputFormat) -> Result<Decoded, String> {
    let read = read_puzzles(data, format, &ReadOptions::default())
        .into_iter()
        .next()
        .ok_or(
            "no puzzle in the data: expected an f-puzzles payload or link, JSON, native TOML or a grid line",
        )?
        .map_err(|e| e.to_string())?;
    check_size(read.puzzle.size())?;
    Ok(Decoded {
        spec: read.to_spec(),
        puzzle: read.puzzle,
        options: ScriptOptions::default(),
        skipped: read.skipped,
        shown: None,
    })
}

fn check_size(n: usize) -> Result<(), String> {
    match n {
        0..=MAX_SIZE => Ok(()),
        _ => Err(format!(
            "a {n}×{n} board is larger than the server takes ({MAX_SIZE}×{MAX_SIZE})"
        )),
    }
}

/// f-puzzles data in any transport form, with the userscript's additions.
fn from_fpuzzles(data: &str, marks: Marks) -> Result<Decoded, String> {
    let json = fpuzzles::payload_json(data).map_err(|e| e.to_string())?;
    let mut value: Value =
        serde_json::from_str(&json).map_err(|e| format!("malformed f-puzzles JSON: {e}"))?;
    let object = value.as_object_mut().ok_or("expected an f-puzzles JSON object")?;
    let options = script_options(object)?;
    let shown = match marks {
        Marks::Givens => None,
        Marks::Entered => Some(enter_marks(object)),
    };
    let import = fpuzzles::read(&value.to_string()).map_err(|e| e.to_string())?;
    check_size(import.spec.size)?;
    let puzzle = import.spec.build().map_err(|e| e.to_string())?;
    Ok(Decoded {
        spec: import.spec,
        puzzle,
        options,
        skipped: import.skipped,
        shown,
    })
}

/// Takes `disabledlogic` and `truecandidatesoptions` out of the object.
fn script_options(object: &mut Map<String, Value>) -> Result<ScriptOptions, String> {
    let mut options = ScriptOptions::default();
    if let Some(value) = object.remove("disabledlogic") {
        options.disabled_logic = words(&value, "disabledlogic")?;
    }
    if let Some(value) = object.remove("truecandidatesoptions") {
        for word in words(&value, "truecandidatesoptions")? {
            if let Some(n) = word.strip_prefix("truecandidatesnumsolutions=") {
                options.cap = n.trim().parse::<u64>().ok().filter(|&n| n >= 1).ok_or_else(|| {
                    format!("truecandidatesoptions: '{word}' needs a number of solutions ≥ 1")
                })?;
            } else if word == "colored" {
                options.cap = options.cap.max(8);
            } else if word == "logical" {
                options.logical = true;
            }
        }
    }
    Ok(options)
}

/// A list of words: a JSON array of strings, or one string of them
/// separated by commas or spaces.
fn words(value: &Value, key: &str) -> Result<Vec<String>, String> {
    let split = |s: &str| -> Vec<String> {
        s.split([',', ' ', ';'])
            .map(|w| w.trim().to_ascii_lowercase())
            .filter(|w| !w.is_empty())
            .collect()
    };
    match value {
        Value::Null => Ok(Vec::new()),
        Value::String(s) => Ok(split(s)),
        Value::Array(items) => items
            .iter()
            .map(|item| match item {
                Value::String(s) => Ok(s.trim().to_ascii_lowercase()),
                other => Err(format!("{key}: expected a list of words, found {other}")),
            })
            .collect(),
        other => Err(format!("{key}: expected a list of words, found {other}")),
    }
}

/// The setter's entries as givens: a typed digit becomes a given, centre
/// marks narrow the cell as given pencil marks do. Returns what each cell
/// showed. Cells the reader will refuse are left for it to name.
fn enter_marks(object: &mut Map<String, Value>) -> Vec<Option<Digits<u128>>> {
    let mut shown = Vec::new();
    let Some(Value::Array(rows)) = object.get_mut("grid") else {
        return shown;
    };
    for row in rows.iter_mut() {
        let Value::Array(cells) = row else { continue };
        for cell in cells.iter_mut() {
            let Value::Object(fields) = cell else {
                shown.push(None);
                continue;
            };
            shown.push(enter_cell(fields));
        }
    }
    shown
}

/// One cell of [`enter_marks`].
fn enter_cell(fields: &mut Map<String, Value>) -> Option<Digits<u128>> {
    let value = fields
        .get("value")
        .and_then(Value::as_u64)
        .filter(|&d| (1..=128).contains(&d));
    if let Some(d) = value {
        fields.insert("given".into(), Value::Bool(true));
        return Some(Digits::single(d as u8));
    }
    let centre = fields.remove("centerPencilMarks");
    let centre: Vec<u64> = match &centre {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(Value::as_u64)
            .filter(|&d| (1..=128).contains(&d))
            .collect(),
        _ => Vec::new(),
    };
    if centre.is_empty() {
        return None;
    }
    let mut marks: Vec<u64> = centre.clone();
    if let Some(Value::Array(given)) = fields.get("givenPencilMarks") {
        let given: Vec<u64> = given.iter().filter_map(Value::as_u64).collect();
        if !given.is_empty() {
            marks.retain(|d| given.contains(d));
        }
    }
    fields.insert("givenPencilMarks".into(), Value::from(marks));
    Some(centre.iter().map(|&d| d as u8).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(data: &str) -> Request {
        Request {
            nonce: Value::from(1),
            command: "solve".into(),
            data_type: Some("fpuzzles".into()),
            data: Some(data.into()),
            givens: None,
        }
    }

    const FOUR: &str = r#"{"size":4,"grid":[[{"value":1,"given":true},{"value":2},{},{}],[{},{"centerPencilMarks":[3,4]},{},{}],[{},{},{},{}],[{},{},{},{}]],
        "disabledlogic":["tuples","wings"],"truecandidatesoptions":["truecandidatesnumsolutions=5","logical"]}"#;

    #[test]
    fn userscript_keys_are_options_not_rules() {
        let decoded = decode(&request(FOUR), Marks::Givens).unwrap();
        assert_eq!(decoded.options.disabled_logic, ["tuples", "wings"]);
        assert_eq!((decoded.options.cap, decoded.options.logical), (5, true));
        assert_eq!(decoded.puzzle.givens().values()[..2], [1, 0]);
        assert!(decoded.shown.is_none());
    }

    #[test]
    fn entered_marks_count_for_logic() {
        let decoded = decode(&request(FOUR), Marks::Entered).unwrap();
        assert_eq!(decoded.puzzle.givens().values()[..2], [1, 2]);
        let shown = decoded.shown.unwrap();
        assert_eq!(shown[1], Some(Digits::single(2)));
        assert_eq!(shown[5].unwrap().iter().collect::<Vec<_>>(), [3, 4]);
        assert_eq!(shown[6], None);
        assert!(decoded.spec.rules.iter().any(|r| r.name() == "pencil-marks"));
    }

    #[test]
    fn the_page_sends_text_formats_and_givens() {
        let line = "1...\n..3.\n....\n....";
        let decoded = decode(&request(line), Marks::Givens).unwrap();
        assert_eq!(decoded.puzzle.size(), 4);
        let mut with_givens = request("size = 4\n");
        with_givens.givens = Some(vec![0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        let decoded = decode(&with_givens, Marks::Givens).unwrap();
        assert_eq!(decoded.puzzle.givens().values()[3], 4);
        with_givens.givens = Some(vec![5; 16]);
        assert!(decode(&with_givens, Marks::Givens)
            .unwrap_err()
            .contains("givens[0] (r1c1): 5"));
        with_givens.givens = Some(vec![0; 3]);
        assert!(decode(&with_givens, Marks::Givens)
            .unwrap_err()
            .contains("expected 16 numbers"));
    }

    #[test]
    fn the_data_type_says_fpuzzles_whatever_the_payload_starts_with() {
        let json = r#"{ "size": 2, "grid": [[{"value": 2, "given": true}, {}], [{}, {}]] }"#;
        let payload = lz_str::compress_to_base64(json);
        assert!(!payload.starts_with("N4Ig"));
        let decoded = decode(&request(&payload), Marks::Givens).unwrap();
        assert_eq!(decoded.puzzle.givens().values(), [2, 0, 0, 0]);
        let mut untyped = request(&payload);
        untyped.data_type = None;
        assert!(decode(&untyped, Marks::Givens).is_err());
        // The page may send a grid line as "fpuzzles" too.
        assert_eq!(decode(&request("1..."), Marks::Givens).unwrap().puzzle.size(), 2);
    }

    #[test]
    fn bad_data_says_what_is_wrong() {
        assert!(decode(&request("N4Ig@@@"), Marks::Givens).is_err());
        let err = decode(&request(r#"{"size":4,"grid":[],"foo":1}"#), Marks::Givens).unwrap_err();
        assert!(err.contains("grid") || err.contains("foo"), "{err}");
        let mut empty = request("");
        empty.data = None;
        assert!(decode(&empty, Marks::Givens).unwrap_err().contains("no data"));
    }
}
