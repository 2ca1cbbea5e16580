//! A few thousand generated inputs through the file readers (issue 27,
//! defect 4), seeded so that every run reads the same ones: long rules of
//! every kind on boards up to 128×128, mutated native and f-puzzles
//! documents, and lz-string payloads. Nothing may panic, every spec read
//! must build or be refused, and no payload may decode past the document
//! limit. The same shapes feed the cargo-fuzz targets in `fuzz/`, which
//! search much further (see docs/fuzzing.md).

mod shapes;

use std::panic::{catch_unwind, AssertUnwindSafe};

use sudokit_constraints::spec::PuzzleSpec;
use sudokit_constraints::{fpuzzles, native};
use sudokit_core::format::MAX_DOCUMENT_BYTES;

/// A small native document with several kinds of rules.
const NATIVE: &str = r#"size = 6
givens = "1.....|......|......|......|......|.....6"
[[rules]]
type = "thermometer"
cells = "r1c1 r2c2 r3c3"
[[rules]]
type = "killer-cage"
cells = "r5c5 r5c6"
sum = 7
[[rules]]
type = "whispers"
cells = ["r6c1", "r6c2", "r6c3"]
"#;

/// A small f-puzzles document with lines, cages and dots.
const FPUZZLES: &str = r#"{"size":6,"grid":[[{"value":1},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{"value":6}]],"thermometer":[{"lines":[["R1C1","R2C2","R3C3"]]}],"killercage":[{"cells":["R5C5","R5C6"],"value":"7"}],"difference":[{"cells":["R4C1","R4C2"]}],"renban":[{"lines":[["R2C4","R2C5","R2C6"]]}]}"#;

/// `text` with a few random edits: bytes replaced, removed, inserted, or a
/// piece copied elsewhere.
fn mutate(rng: &mut fastrand::Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..rng.usize(1..6) {
        let at = rng.usize(..=bytes.len());
        match rng.u8(..4) {
            0 if at < bytes.len() => bytes[at] = rng.u8(..),
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            2 => bytes.insert(at, b"{}[]\",=.:0123456789rcR"[rng.usize(..22)]),
            _ => {
                let from = rng.usize(..=at);
                let piece = bytes[from..at].to_vec();
                let to = rng.usize(..=bytes.len());
                bytes.splice(to..to, piece);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Runs `read` on `input`, failing with the input when it panics.
fn no_panic(what: &str, input: &str, read: impl FnOnce()) {
    if catch_unwind(AssertUnwindSafe(read)).is_err() {
        let shown: String = input.chars().take(2_000).collect();
        panic!("{what} panicked on:\n{shown}");
    }
}

/// A spec read builds a puzzle or is refused; a small one compiles its model.
fn build(spec: &PuzzleSpec) {
    if let Ok(puzzle) = spec.build() {
        if spec.size <= 16 {
            let _ = puzzle.model();
        }
    }
}

#[test]
fn long_rules_of_every_kind_read_and_build_without_panic() {
    let mut rng = fastrand::Rng::with_seed(27);
    let mut read = 0;
    for i in 0..1_500 {
        let mut bytes: Vec<u8> = (0..rng.usize(6..24)).map(|_| rng.u8(..)).collect();
        // Mostly boards up to 36×36 (fast to build); every 100th 128×128.
        bytes[1] = if i % 100 == 0 { 127 } else { rng.u8(..36) };
        if rng.bool() {
            bytes.truncate(6); // the rule alone, most often readable
        }
        let text = shapes::long_rule_document(&bytes);
        no_panic("the native reader", &text, || {
            if let Ok(spec) = native::read(&text) {
                read += 1;
                build(&spec);
            }
        });
    }
    assert!(
        read > 300,
        "only {read} documents were read: the shapes miss the readers"
    );
}

#[test]
fn mutated_documents_read_without_panic() {
    let mut rng = fastrand::Rng::with_seed(31);
    assert!(native::read(NATIVE).is_ok() && fpuzzles::read(FPUZZLES).is_ok());
    for _ in 0..1_500 {
        let text = mutate(&mut rng, NATIVE);
        no_panic("the native reader", &text, || {
            if let Ok(spec) = native::read(&text) {
                build(&spec);
                let _ = native::read(&native::write(&spec));
            }
        });
        let text = mutate(&mut rng, FPUZZLES);
        no_panic("the f-puzzles reader", &text, || {
            if let Ok(import) = fpuzzles::read(&text) {
                build(&import.spec);
                let _ = fpuzzles::to_json(&import.spec);
            }
        });
    }
}

#[test]
fn payloads_decode_within_the_document_limit() {
    let mut rng = fastrand::Rng::with_seed(14);
    let spec = fpuzzles::read(FPUZZLES).unwrap().spec;
    let url = fpuzzles::to_url(&spec).unwrap();
    let real = &url[url.find("N4Ig").unwrap()..];
    for i in 0..1_500 {
        let payload = if i % 2 == 0 {
            let bytes: Vec<u8> = (0..rng.usize(..400)).map(|_| rng.u8(..)).collect();
            shapes::payload(&bytes)
        } else {
            mutate(&mut rng, real)
        };
        no_panic("the payload decoder", &payload, || {
            if let Ok(json) = fpuzzles::payload_json(&payload) {
                assert!(json.encode_utf16().count() <= MAX_DOCUMENT_BYTES);
            }
            if let Ok(import) = fpuzzles::read(&payload) {
                build(&import.spec);
            }
        });
    }
}
