//! The live answers behind `sudokit serve` and the page: one request's
//! JSON in, the answer frames out, with no transport attached.
//!
//! The websocket server (`sudokit serve`) and the WebAssembly engine of
//! the page (`web/wasm/`) both run requests through here, so they answer
//! alike. A request is the f-puzzles userscript's frame
//! (`{"nonce": 1, "command": "solve", "dataType": "fpuzzles", "data": …}`)
//! or one of the page's own commands; the frames are described in
//! `docs/serve.md`. Behind the `live` feature (serde, serde_json, lz-str).
//!
//! ```
//! use sudokit::live;
//! use sudokit::solvers::Limits;
//! let request = r#"{"nonce": 7, "command": "check", "data": "12.4\n3412\n2143\n4.21"}"#;
//! let last = live::answer(request, &Limits::all(), &mut |_| {});
//! assert_eq!(last.as_deref(), Some(r#"{"nonce":7,"type":"count","count":1,"inProgress":false}"#));
//! ```

mod decode;
mod jobs;
mod load;
mod logical;
mod protocol;

use crate::solvers::Limits;

pub use jobs::{run, Command, Summary, REPORT_EVERY};
pub use protocol::{parse_request, GradeFrame, Loaded, LogicalCell, Reply, Request, StepFrame, Steps};

/// Answers one request frame: the frames before the last (count progress,
/// estimates) go to `send` as JSON text, the last is returned (`None` when
/// `limits` cancelled the job: a cancelled job sends nothing more).
/// Malformed requests and unknown commands are answered with an `invalid`
/// frame; `cancel` with `canceled` (the caller stops the running job).
pub fn answer(text: &str, limits: &Limits, send: &mut dyn FnMut(String)) -> Option<String> {
    let request = match parse_request(text) {
        Ok(request) => request,
        Err((nonce, message)) => return Some(Reply::invalid(message).to_text(&nonce)),
    };
    let command = match Command::parse(&request.command) {
        Ok(command) => command,
        Err(message) => return Some(Reply::invalid(message).to_text(&request.nonce)),
    };
    let nonce = request.nonce.clone();
    let mut forward = |reply: Reply| send(reply.to_text(&nonce));
    let (last, _) = run(command, &request, limits, &mut forward);
    last.map(|reply| reply.to_text(&request.nonce))
}
