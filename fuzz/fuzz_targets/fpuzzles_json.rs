//! Any text through the f-puzzles reader (JSON, payloads, URLs), every
//! puzzle read built and written back as JSON: no panic, whatever the
//! input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::constraints::fpuzzles;

fuzz_target!(|text: &str| {
    if let Ok(import) = fpuzzles::read(text) {
        if let Ok(puzzle) = import.spec.build() {
            if import.spec.size <= 16 {
                let _ = puzzle.model();
            }
        }
        let _ = fpuzzles::to_json(&import.spec);
    }
});
