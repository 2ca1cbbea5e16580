//! Any text through the native TOML reader and the f-puzzles reader (JSON,
//! lz-string payloads, URLs) straight, and every spec read built into a
//! puzzle and written back: no panic, whatever the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::constraints::{fpuzzles, native};

fuzz_target!(|text: &str| {
    if let Ok(spec) = native::read(text) {
        let _ = spec.build();
        let _ = native::read(&native::write(&spec));
    }
    if let Ok(import) = fpuzzles::read(text) {
        let _ = import.spec.build();
        let _ = fpuzzles::to_json(&import.spec);
    }
});
