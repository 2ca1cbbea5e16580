//! Reader inputs shaped from bytes, shared by the fuzz targets (`fuzz/`
//! includes this file) and the deterministic robustness test: a native
//! document with one long rule of any registry kind, and an lz-string
//! payload.

use sudokit_constraints::registry::Registry;

/// The name of the `i`-th cell of a snake through an `n`×`n` board (along
/// row 1, back along row 2 …), wrapping around the board.
fn snake(i: usize, n: usize) -> String {
    let i = i % (n * n);
    let (r, c) = (i / n, i % n);
    let c = if r % 2 == 0 { c } else { n - 1 - c };
    format!("r{}c{}", r + 1, c + 1)
}

/// `len` cells of the snake from its `start`-th, as a quoted cell list.
fn path(start: usize, len: usize, n: usize) -> String {
    let cells: Vec<String> = (start..start + len).map(|i| snake(i, n)).collect();
    format!("\"{}\"", cells.join(" "))
}

/// `example` (an inline TOML table) with the value of `key` replaced by
/// `value`, when it has the key.
fn replace(example: &str, key: &str, value: &str) -> String {
    let Some(at) = example.find(&format!("{key} = ")) else {
        return example.to_string();
    };
    let from = at + key.len() + 3;
    let close = match example[from..].chars().next() {
        Some('"') => example[from + 1..].find('"').map(|i| from + 1 + i + 1),
        Some('[') => example[from..].find(']').map(|i| from + i + 1),
        _ => None,
    };
    match close {
        Some(to) => format!("{}{value}{}", &example[..from], &example[to..]),
        None => example.to_string(),
    }
}

/// A native document of one rule: the bytes pick the kind (from the
/// registry's examples), the board's side (1 to 128), the length of the
/// rule's path (up to the whole board) and where it starts; the rest of
/// the bytes are appended as more TOML text.
pub(crate) fn long_rule_document(bytes: &[u8]) -> String {
    let byte = |i: usize| usize::from(bytes.get(i).copied().unwrap_or(0));
    let kinds: Vec<_> = Registry::default().kinds().collect();
    let kind = kinds[byte(0) % kinds.len()];
    let n = byte(1) % 128 + 1;
    let len = (byte(2) << 8 | byte(3)) % (n * n) + 1;
    let start = (byte(4) << 8 | byte(5)) % (n * n);
    let mut rule = replace(kind.example, "cells", &path(start, len, n));
    rule = replace(&rule, "clones", &path(start + len, len, n));
    rule = replace(&rule, "circle", &path(start + n * n - 1, 1, n));
    let rest = String::from_utf8_lossy(bytes.get(6..).unwrap_or_default());
    format!("size = {n}\nrules = [ {rule} ]\n{rest}")
}

/// An f-puzzles payload: `N4Ig` (how every payload starts) and the bytes
/// mapped onto lz-string's base64 alphabet.
pub(crate) fn payload(bytes: &[u8]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    let tail: String = bytes
        .iter()
        .map(|&b| ALPHABET[usize::from(b) % ALPHABET.len()] as char)
        .collect();
    format!("N4Ig{tail}")
}
