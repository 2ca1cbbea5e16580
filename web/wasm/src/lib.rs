//! sudokit in the browser: the answers of `sudokit serve` ([`sudokit::live`])
//! as a WebAssembly module that a Web Worker runs.
//!
//! The interface is three functions and two imports, with no binding
//! generator (one string in, strings out does not need one):
//!
//! * `sudokit_alloc(len) -> ptr` reserves `len` bytes for a request;
//! * `sudokit_handle(ptr, len)` answers the UTF-8 request frame written
//!   there (and frees it): every answer frame, progress and last, is handed
//!   to the import `sudokit.frame(ptr, len)` while it runs;
//! * `sudokit_free(ptr, len)` gives back memory from `sudokit_alloc` that
//!   was not passed to `sudokit_handle`.
//!
//! The host also provides `sudokit.now_ms()` (`performance.now()`), the
//! clock of the solvers' time limits and of the 500 ms progress reports.
//! A job cannot be cancelled from inside: the page terminates the worker
//! and starts a fresh one.

use sudokit::solvers::Limits;

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "sudokit")]
unsafe extern "C" {
    /// Hands one answer frame (UTF-8 JSON, valid during the call) to the host.
    fn frame(ptr: *const u8, len: usize);
}

/// Sends one answer frame to the host.
#[cfg(target_arch = "wasm32")]
fn emit(text: &str) {
    // SAFETY: the host reads `len` bytes at `ptr` during the call only.
    unsafe { frame(text.as_ptr(), text.len()) }
}

/// Natively (the crate's tests) frames go nowhere.
#[cfg(not(target_arch = "wasm32"))]
fn emit(_text: &str) {}

/// Answers `request`, handing every frame to `send`: what the worker does.
pub fn respond(request: &str, send: &mut dyn FnMut(&str)) {
    let mut forward = |text: String| send(&text);
    if let Some(last) = sudokit::live::answer(request, &Limits::all(), &mut forward) {
        send(&last);
    }
}

/// Reserves `len` bytes for the host to write a request into.
#[unsafe(no_mangle)]
pub extern "C" fn sudokit_alloc(len: usize) -> *mut u8 {
    let mut buffer = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buffer.as_mut_ptr();
    std::mem::forget(buffer);
    ptr
}

/// Frees memory from [`sudokit_alloc`].
///
/// # Safety
/// `ptr` and `len` must be exactly what `sudokit_alloc(len)` returned and
/// was given, not yet freed nor passed to [`sudokit_handle`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudokit_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller's promise: a buffer of capacity len.max(1).
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Answers the request the host wrote at `ptr` (`len` bytes of UTF-8,
/// from [`sudokit_alloc`]; freed here). Text that is not UTF-8 gets an
/// `invalid` frame like any malformed request.
///
/// # Safety
/// `ptr` and `len` must come from `sudokit_alloc(len)`, with `len` bytes
/// written.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudokit_handle(ptr: *mut u8, len: usize) {
    // SAFETY: the caller's promise: len initialised bytes, capacity len.max(1).
    let bytes = unsafe { Vec::from_raw_parts(ptr, len, len.max(1)) };
    let text = String::from_utf8_lossy(&bytes);
    respond(&text, &mut |frame| emit(frame));
}

#[cfg(test)]
mod tests {
    use sudokit::core::Grid;
    use sudokit::{read_puzzles, InputFormat, ReadOptions};

    use super::*;

    const GRID: &str = "12..\n..12\n....\n....";

    #[test]
    fn a_solve_request_answers_a_solution_of_the_puzzle() {
        let request = format!(r#"{{"nonce": 3, "command": "solve", "data": {GRID:?}}}"#);
        let mut frames = Vec::new();
        respond(&request, &mut |f| frames.push(f.to_string()));
        assert_eq!(frames.len(), 1, "{frames:?}");
        let answer: serde_json::Value = serde_json::from_str(&frames[0]).unwrap();
        assert_eq!(
            (answer["nonce"].as_i64(), answer["type"].as_str()),
            (Some(3), Some("solved"))
        );
        let digits: Vec<u8> = answer["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_u64().unwrap() as u8)
            .collect();
        let puzzle = read_puzzles(GRID, InputFormat::Text, &ReadOptions::default())
            .remove(0)
            .unwrap()
            .puzzle;
        let grid = Grid::from_values(4, digits).unwrap();
        assert_eq!(puzzle.verify_solution(&grid), Ok(()));
    }

    #[test]
    fn garbage_gets_an_invalid_frame() {
        let mut frames = Vec::new();
        respond("{not json", &mut |f| frames.push(f.to_string()));
        assert_eq!(frames.len(), 1);
        assert!(frames[0].contains(r#""type":"invalid""#), "{}", frames[0]);
    }

    #[test]
    fn memory_round_trips_through_the_abi() {
        let request = br#"{"nonce": 1, "command": "cancel"}"#;
        let ptr = sudokit_alloc(request.len());
        // SAFETY: the buffer holds request.len() bytes and is handed back once.
        unsafe {
            std::ptr::copy_nonoverlapping(request.as_ptr(), ptr, request.len());
            sudokit_handle(ptr, request.len());
            sudokit_free(sudokit_alloc(0), 0);
        }
    }
}
