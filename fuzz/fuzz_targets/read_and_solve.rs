//! Any bytes, read as sudokit reads input (format detection, every text
//! layout, f-puzzles JSON and payloads, native TOML), then every puzzle
//! read is solved under a node limit: no panic, no hang, whatever the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::solvers::{Limits, PropagationSearch, Strategy};
use sudokit::{read_puzzles, InputFormat, ReadOptions};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let format = InputFormat::detect(None, &text);
    for read in read_puzzles(&text, format, &ReadOptions::default()).into_iter().flatten() {
        let _ = PropagationSearch::default().count(&read.puzzle, &Limits::solutions(2).with_nodes(2_000));
    }
});
