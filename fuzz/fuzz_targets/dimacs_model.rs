//! A CNF header and a model as `sudokit decode` reads them: the first
//! bytes are the model's truth values, the rest the CNF text. No panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::solvers::sat::decode_dimacs_model;

fuzz_target!(|data: &[u8]| {
    let split = data.len().min(64);
    let model: Vec<bool> = data[..split]
        .iter()
        .flat_map(|b| (0..8).map(move |i| b >> i & 1 == 1))
        .collect();
    let cnf = String::from_utf8_lossy(&data[split..]);
    let _ = decode_dimacs_model(&cnf, &model);
});
