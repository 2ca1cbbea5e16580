//! Test helpers shared by the integration tests: data paths and a rule
//! checker written independently of the library (no sudokit code decides
//! whether a grid is valid here).

#![allow(dead_code, reason = "each test binary uses a different subset")]

use std::path::PathBuf;

/// `../shared/data/<rel>` beside the repository.
pub(crate) fn shared(rel: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data")).join(rel)
}

/// A bundled example puzzle file.
pub(crate) fn example(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/puzzles")).join(name)
}

/// Non-empty lines of a shared data file.
pub(crate) fn lines(rel: &str) -> Vec<String> {
    std::fs::read_to_string(shared(rel))
        .unwrap_or_else(|e| panic!("reading {rel}: {e}"))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// Asserts that `solution` is a complete `n`×`n` sudoku with boxes
/// `box_rows × box_cols` that keeps every non-zero value of `givens`.
pub(crate) fn assert_valid(
    n: usize,
    box_rows: usize,
    box_cols: usize,
    givens: &[u8],
    solution: &[u8],
    what: &str,
) {
    assert_eq!(solution.len(), n * n, "{what}: wrong cell count");
    for (i, (&g, &s)) in givens.iter().zip(solution).enumerate() {
        assert!(s >= 1 && s as usize <= n, "{what}: cell {i} holds {s}");
        assert!(g == 0 || g == s, "{what}: given {g} at cell {i} changed to {s}");
    }
    let full: u128 = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
    let mut rows = vec![0u128; n];
    let mut cols = vec![0u128; n];
    let mut boxes = vec![0u128; n];
    for r in 0..n {
        for c in 0..n {
            let bit = 1u128 << (solution[r * n + c] - 1);
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[(r / box_rows) * (n / box_cols) + c / box_cols] |= bit;
        }
    }
    for (kind, sets) in [("row", &rows), ("column", &cols), ("box", &boxes)] {
        for (i, &set) in sets.iter().enumerate() {
            assert_eq!(set, full, "{what}: {kind} {} does not hold every digit", i + 1);
        }
    }
}

/// Digits of an 81-character line, `0` for blanks.
pub(crate) fn digits81(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect()
}
