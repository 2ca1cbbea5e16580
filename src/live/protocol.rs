//! The messages of the websocket protocol: what the f-puzzles userscript
//! ("Fpuzzles-SudokuSolver", the client of SudokuSolver's `--listen`
//! server) sends and expects, and the page's extensions.
//!
//! Every frame is one JSON object in a text frame. A request is
//! `{"nonce": <int>, "command": C, "dataType": "fpuzzles", "data": D}`
//! (`cancel` has no data); every answer carries the request's `nonce`, as
//! the same JSON number, and a `type`. The userscript drops every answer
//! whose nonce is not its latest and reads an answer by the command it
//! sent, so the types below are exactly those it knows.

use crate::core::Digits;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A request, as sent by the userscript or the page.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Request {
    /// Echoed in every answer to this request (any JSON value is echoed as
    /// it came; the userscript sends an integer).
    #[serde(default)]
    pub nonce: Value,
    /// What to do: `truecandidates`, `solve`, `check`, `count`,
    /// `estimate`, `solvepath`, `step`, `cancel`, and the page's `load`,
    /// `uniqueness`, `steps`.
    pub command: String,
    /// Always `fpuzzles` from the userscript (then `data` is read as
    /// f-puzzles data first, whatever it starts with); the page may leave
    /// it out (the format is then detected from the data).
    #[serde(default)]
    pub data_type: Option<String>,
    /// The puzzle: an lz-string payload of the f-puzzles JSON, a whole
    /// f-puzzles or SudokuPad link, f-puzzles JSON text, and (the page)
    /// native TOML or a classic grid line.
    #[serde(default)]
    pub data: Option<String>,
    /// The page's extension: size² integers (0 = empty) that replace the
    /// puzzle's givens.
    #[serde(default)]
    pub givens: Option<Vec<i64>>,
}

/// One answer; see the variants for the shapes. Serialised with the
/// request's nonce beside the `type` tag ([`Frame`]).
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Reply {
    /// `truecandidates`: size³ integers, index `(row·size + col)·size +
    /// (digit − 1)`, every cell including givens: 0 = in no solution,
    /// k > 0 = in k solutions (capped at the request's cap, 1 by default),
    /// −1 (with `logical`) = in no solution but logic cannot remove it.
    #[serde(rename = "truecandidates", rename_all = "camelCase")]
    TrueCandidates {
        /// The counts, as described above.
        solutions_per_candidate: Vec<i64>,
    },
    /// `solve`: any solution, size² digits row by row.
    Solved {
        /// The digits.
        solution: Vec<u8>,
    },
    /// `check` (count 0, 1 or 2 = "two or more") and `count` (every
    /// ~500 ms `inProgress: true` with the count so far, then the final one).
    #[serde(rename_all = "camelCase")]
    Count {
        /// Solutions counted.
        count: u128,
        /// True while counting goes on.
        in_progress: bool,
    },
    /// `estimate`, every ~500 ms until cancelled: Knuth's Monte-Carlo
    /// estimate of the number of solutions. Every field is a number.
    Estimate {
        /// The estimated number of solutions.
        estimate: f64,
        /// Its standard error.
        stderr: f64,
        /// Random probes so far.
        iterations: u64,
        /// The 95 % confidence interval's lower end.
        ci95_lower: f64,
        /// Its upper end.
        ci95_upper: f64,
        /// `stderr` as a percentage of the estimate.
        #[serde(rename = "relErrPercent")]
        rel_err_percent: f64,
    },
    /// `solvepath` (logic until stuck) and `step` (one step).
    #[serde(rename_all = "camelCase")]
    Logical {
        /// Every cell, row by row: `{"value": d}` when it holds one digit,
        /// `{"value": 0, "candidates": […]}` otherwise.
        cells: Vec<LogicalCell>,
        /// The steps, one per line (`\r\n` between them), then how it ended.
        message: String,
        /// False when the rules broke (no solution).
        is_valid: bool,
    },
    /// `cancel`: the running job is stopped and sends nothing more.
    Canceled {},
    /// Any error: malformed request, unreadable puzzle, no solution.
    Invalid {
        /// What is wrong, and where.
        message: String,
    },
    /// The page's `load`: the puzzle as sudokit reads it.
    Loaded(Box<Loaded>),
    /// The page's `uniqueness`: none, one or several solutions.
    Uniqueness {
        /// 0, 1 or 2 (two or more).
        count: u8,
        /// Up to two solutions, size² digits each.
        solutions: Vec<Vec<u8>>,
        /// 0-based cell indexes (row·size + col) where the two differ.
        differ: Vec<usize>,
    },
    /// The page's `steps`: the whole logical path.
    Steps(Box<Steps>),
}

/// One cell of a [`Reply::Logical`] answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LogicalCell {
    /// The digit, 0 when the cell holds several.
    pub value: u8,
    /// The candidates of an open cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<u8>>,
}

/// The page's `load` answer.
#[derive(Clone, Debug, Serialize)]
pub struct Loaded {
    /// The board's side.
    pub size: usize,
    /// The f-puzzles JSON object of the puzzle as sudokit writes it, with
    /// the current givens; `null` when f-puzzles cannot express it.
    pub puzzle: Option<Value>,
    /// Native names of the rules the f-puzzles object leaves out.
    pub undrawn: Vec<String>,
    /// Native names of every rule.
    pub rules: Vec<String>,
    /// The title, if any.
    pub title: Option<String>,
    /// The author, if any.
    pub author: Option<String>,
    /// The rules text, if any.
    pub ruleset: Option<String>,
    /// An f-puzzles link (`https://www.f-puzzles.com/?load=…`), if f-puzzles can express it.
    pub fpuzzles: Option<String>,
    /// A SudokuPad link (`https://sudokupad.app/fpuzzles…`), likewise.
    pub sudokupad: Option<String>,
    /// The puzzle in sudokit's native TOML.
    pub toml: String,
    /// What the reader left out as decoration.
    pub skipped: Vec<String>,
}

/// The page's `steps` answer. Cells are 0-based row-major indexes, digits
/// 1-based.
#[derive(Clone, Debug, Serialize)]
pub struct Steps {
    /// Every cell's candidates before the first step.
    pub initial: Vec<Vec<u8>>,
    /// The steps, in order.
    pub steps: Vec<StepFrame>,
    /// `solved`, `stuck` or `contradiction`.
    pub ending: &'static str,
    /// The grade of the path.
    pub grade: GradeFrame,
}

/// One step of a [`Steps`] answer.
#[derive(Clone, Debug, Serialize)]
pub struct StepFrame {
    /// The step as `sudokit explain` prints it.
    pub text: String,
    /// The technique (or rule) that made it.
    pub technique: String,
    /// Its difficulty.
    pub difficulty: f32,
    /// `[cell, digit]` pairs placed.
    pub placements: Vec<(usize, u8)>,
    /// `[cell, digit]` pairs removed.
    pub eliminations: Vec<(usize, u8)>,
    /// Every cell's candidates after the step.
    pub candidates: Vec<Vec<u8>>,
}

/// The grade of a [`Steps`] answer.
#[derive(Clone, Debug, Serialize)]
pub struct GradeFrame {
    /// The hardest step's difficulty.
    pub score: f32,
    /// Its technique (`null` when no step was needed).
    pub hardest: Option<String>,
    /// `3.0 naked pair, 50 steps`, as `sudokit grade` prints it.
    pub label: String,
}

/// An answer with its request's nonce.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Frame<'a> {
    /// The request's nonce, as it came.
    pub(crate) nonce: &'a Value,
    /// The answer.
    #[serde(flatten)]
    pub(crate) reply: &'a Reply,
}

impl Reply {
    /// An `invalid` answer.
    pub fn invalid(message: impl Into<String>) -> Reply {
        Reply::Invalid {
            message: message.into(),
        }
    }

    /// The answer as a text frame's JSON.
    pub fn to_text(&self, nonce: &Value) -> String {
        serde_json::to_string(&Frame { nonce, reply: self }).unwrap_or_else(|e| {
            let message = format!("cannot write the answer: {e}");
            serde_json::json!({"nonce": nonce, "type": "invalid", "message": message}).to_string()
        })
    }

    /// A word for the request log: the type, or the error.
    pub fn outcome(&self) -> String {
        match self {
            Reply::TrueCandidates { .. } => "truecandidates".into(),
            Reply::Solved { .. } => "solved".into(),
            Reply::Count { count, .. } => format!("count {count}"),
            Reply::Estimate { estimate, .. } => format!("estimate {estimate:.3e}"),
            Reply::Logical { is_valid, .. } => format!("logical (valid: {is_valid})"),
            Reply::Canceled {} => "canceled".into(),
            Reply::Invalid { message } => format!("invalid: {message}"),
            Reply::Loaded(_) => "loaded".into(),
            Reply::Uniqueness { count, .. } => format!("uniqueness {count}"),
            Reply::Steps(steps) => format!("steps ({}, {})", steps.steps.len(), steps.ending),
        }
    }
}

/// A cell's candidates as the frames list them: its digits, in order.
pub(crate) fn digits(set: &Digits<u128>) -> Vec<u8> {
    set.iter().collect()
}

/// Reads a request frame. Errors are the `invalid` answer's message.
pub fn parse_request(text: &str) -> Result<Request, (Value, String)> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| (Value::Null, format!("the request is not JSON: {e}")))?;
    let nonce = value.get("nonce").cloned().unwrap_or(Value::Null);
    if !value.is_object() {
        return Err((nonce, "the request must be a JSON object".into()));
    }
    if !nonce.is_number() {
        return Err((nonce, "the request's nonce must be a number".into()));
    }
    serde_json::from_value(value).map_err(|e| (nonce, format!("malformed request: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_carry_the_nonce_and_the_type() {
        let nonce = serde_json::json!(17);
        let text = Reply::Count {
            count: 5,
            in_progress: true,
        }
        .to_text(&nonce);
        assert_eq!(text, r#"{"nonce":17,"type":"count","count":5,"inProgress":true}"#);
        let text = Reply::Canceled {}.to_text(&nonce);
        assert_eq!(text, r#"{"nonce":17,"type":"canceled"}"#);
        let text = Reply::TrueCandidates {
            solutions_per_candidate: vec![0, 1, -1],
        }
        .to_text(&nonce);
        assert_eq!(
            text,
            r#"{"nonce":17,"type":"truecandidates","solutionsPerCandidate":[0,1,-1]}"#
        );
    }

    #[test]
    fn malformed_requests_say_why() {
        assert!(parse_request("{").unwrap_err().1.contains("not JSON"));
        assert_eq!(
            parse_request("[1]").unwrap_err().1,
            "the request must be a JSON object"
        );
        let (nonce, message) = parse_request(r#"{"nonce":"x","command":"solve"}"#).unwrap_err();
        assert_eq!(
            (nonce, message.as_str()),
            (Value::from("x"), "the request's nonce must be a number")
        );
        let (nonce, message) = parse_request(r#"{"nonce":3}"#).unwrap_err();
        assert_eq!(nonce, Value::from(3));
        assert!(message.contains("command"), "{message}");
        let request = parse_request(r#"{"nonce":3,"command":"cancel"}"#).unwrap();
        assert_eq!(request.command, "cancel");
    }
}
