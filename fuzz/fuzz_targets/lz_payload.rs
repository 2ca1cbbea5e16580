//! Any bytes as an lz-string payload (`N4Ig` and the bytes mapped onto its
//! base64 alphabet): decoding never panics and never yields more than a
//! document may hold, however the payload repeats itself (issue 31: a 27 KB
//! payload once decompressed to 80 MB).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::constraints::fpuzzles;
use sudokit::core::format::MAX_DOCUMENT_BYTES;

#[allow(dead_code, reason = "the shapes file also serves the other targets")]
#[path = "../../constraints/tests/shapes/mod.rs"]
mod shapes;

fuzz_target!(|data: &[u8]| {
    let payload = shapes::payload(data);
    if let Ok(json) = fpuzzles::payload_json(&payload) {
        assert!(json.encode_utf16().count() <= MAX_DOCUMENT_BYTES);
    }
    let _ = fpuzzles::read(&payload);
});
