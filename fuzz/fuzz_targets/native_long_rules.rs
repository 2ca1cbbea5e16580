//! One rule of any kind along a long path, on any board up to 128×128, as
//! a native document (the bytes pick the kind, the side, the length and
//! the start; the rest is appended as TOML): reading it, building it and,
//! on boards up to 36×36, compiling its model never panics, and stays
//! within memory (issue 27: a 10,000-cell thermometer once took 4 GB).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::constraints::native;

#[allow(dead_code, reason = "the shapes file also serves the other targets")]
#[path = "../../constraints/tests/shapes/mod.rs"]
mod shapes;

fuzz_target!(|data: &[u8]| {
    let text = shapes::long_rule_document(data);
    if let Ok(spec) = native::read(&text) {
        if let Ok(puzzle) = spec.build() {
            if spec.size <= 36 {
                let _ = puzzle.model();
            }
        }
    }
});
