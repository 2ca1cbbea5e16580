//! Any bytes, read as sudokit reads input (format detection, every text
//! layout, f-puzzles JSON and payloads, native TOML), then every puzzle
//! read is solved under a node limit: no panic, no hang, whatever the input.
//! Where the bitboard strategy takes a puzzle (classic 9×9), it must agree
//! with the propagation search whenever both finish.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::solvers::{Bitboard, Limits, Outcome, PropagationSearch, Stop, Strategy};
use sudokit::{read_puzzles, InputFormat, ReadOptions};

/// The count when the search settled it (all solutions, or the limit of 2).
fn settled(outcome: &Outcome) -> Option<u64> {
    matches!(outcome.stop, Stop::Exhausted | Stop::SolutionLimit).then_some(outcome.count)
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let format = InputFormat::detect(None, &text);
    let limits = Limits::solutions(2).with_nodes(2_000);
    for read in read_puzzles(&text, format, &ReadOptions::default())
        .into_iter()
        .flatten()
    {
        let propagation = PropagationSearch::default().count(&read.puzzle, &limits);
        if Bitboard.supports(&read.puzzle).is_ok() {
            let bitboard = Bitboard
                .count(&read.puzzle, &limits)
                .expect("bitboard supports it");
            if let (Some(p), Some(b)) = (propagation.as_ref().ok().and_then(settled), settled(&bitboard)) {
                assert_eq!(p, b, "propagation and bitboard disagree");
            }
        }
    }
});
