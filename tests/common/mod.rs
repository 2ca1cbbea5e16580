//! Test helpers shared by the integration tests: data paths and a rule
//! checker written independently of the library (no sudokit code decides
//! whether a grid is valid here).

#![allow(dead_code, reason = "each test binary uses a different subset")]

pub(crate) mod manifest;

use std::path::PathBuf;

/// `../shared/data/<rel>` beside the repository.
pub(crate) fn shared(rel: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data")).join(rel)
}

/// A bundled example puzzle file.
pub(crate) fn example(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/puzzles")).join(name)
}

/// Starts the `sudokit` binary with `args`, its standard input and output
/// piped, for tests that talk to it while it runs (streaming, signals,
/// closed pipes); `stderr` says where its messages go.
pub(crate) fn spawn_sudokit(args: &[&str], stderr: std::process::Stdio) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("the sudokit binary starts")
}

/// Runs the `sudokit` binary with `args`, `stdin` on its standard input:
/// (stdout, stderr, exit code).
pub(crate) fn run_sudokit(args: &[&str], stdin: &str) -> (String, String, i32) {
    let out = assert_cmd::Command::cargo_bin("sudokit")
        .unwrap()
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

/// Counts the solutions of every `step`-th of the first `take` puzzles of
/// the shared classic set `name` up to 2 with `strategy`: each must be
/// unique, pass [`assert_valid`] and equal the stored solution.
pub(crate) fn solve_classic_set(
    strategy: &dyn sudokit::solvers::Strategy,
    name: &str,
    take: usize,
    step: usize,
) {
    let puzzles = lines(&format!("classic/{name}.txt"));
    let solutions = lines(&format!("classic/{name}.solutions.txt"));
    assert_eq!(puzzles.len(), solutions.len());
    for (i, (line, expected)) in puzzles
        .iter()
        .zip(&solutions)
        .take(take)
        .enumerate()
        .step_by(step)
    {
        let what = format!("{name} #{}", i + 1);
        let puzzle = sudokit::read_classic(line, &Default::default())
            .remove(0)
            .unwrap()
            .puzzle;
        let outcome = strategy
            .solve(&puzzle, &sudokit::solvers::Limits::solutions(2))
            .unwrap();
        assert!(outcome.is_unique(), "{what}: count {}", outcome.count_label());
        let found = outcome.solutions[0].values();
        assert_valid(9, 3, 3, &digits81(line), found, &what);
        assert_eq!(
            found,
            digits81(expected).as_slice(),
            "{what}: differs from the stored solution"
        );
    }
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

/// A variant rule beside the classic ones, checked here without sudokit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Variant {
    /// Both long diagonals hold every digit.
    Diagonals,
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart differ.
    AntiKing,
}

/// Asserts that a complete `n`×`n` `solution` also obeys `variant`.
pub(crate) fn assert_variant(variant: Variant, n: usize, solution: &[u8], what: &str) {
    let at = |r: usize, c: usize| solution[r * n + c];
    match variant {
        Variant::Diagonals => {
            let full: u128 = (1u128 << n) - 1;
            let main = (0..n).fold(0u128, |s, i| s | 1 << (at(i, i) - 1));
            let anti = (0..n).fold(0u128, |s, i| s | 1 << (at(n - 1 - i, i) - 1));
            assert_eq!(main, full, "{what}: the main diagonal repeats a digit");
            assert_eq!(anti, full, "{what}: the anti-diagonal repeats a digit");
        }
        Variant::AntiKnight | Variant::AntiKing => {
            let moves: &[(isize, isize)] = if variant == Variant::AntiKnight {
                &[(1, 2), (2, 1), (1, -2), (2, -1)]
            } else {
                &[(0, 1), (1, -1), (1, 0), (1, 1)]
            };
            for r in 0..n {
                for c in 0..n {
                    for &(dr, dc) in moves {
                        let (r2, c2) = (r as isize + dr, c as isize + dc);
                        if (0..n as isize).contains(&r2) && (0..n as isize).contains(&c2) {
                            assert_ne!(
                                at(r, c),
                                at(r2 as usize, c2 as usize),
                                "{what}: r{}c{} and r{}c{} hold the same digit ({variant:?})",
                                r + 1,
                                c + 1,
                                r2 + 1,
                                c2 + 1
                            );
                        }
                    }
                }
            }
        }
    }
}

/// The lines `puzzle:count:solution` of a test puzzle file in
/// `tests/puzzles`, `#` comments skipped.
pub(crate) fn test_puzzles(name: &str) -> Vec<(String, String, String)> {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/puzzles")).join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split(':');
            let puzzle = parts.next().expect("puzzle").to_string();
            let count = parts.next().expect("count").to_string();
            let solution = parts.next().unwrap_or("").to_string();
            (puzzle, count, solution)
        })
        .collect()
}

/// Counts the solutions of an `n`×`n` puzzle (boxes `box_rows × box_cols`,
/// the classic rules plus `variants`) by depth-first search over cells in
/// reading order, written without sudokit: the reference the strategies
/// are compared with on small boards. `None` beyond `cap` solutions.
pub(crate) fn brute_force_count(
    n: usize,
    (box_rows, box_cols): (usize, usize),
    variants: &[Variant],
    givens: &[u8],
    cap: u64,
) -> Option<u64> {
    let fits = |grid: &[u8], i: usize, d: u8| {
        let (r, c) = (i / n, i % n);
        let mut conflicts = (0..n * n)
            .filter(|&j| j != i && grid[j] == d)
            .map(|j| (j / n, j % n));
        !conflicts.any(|(r2, c2)| {
            let same_box = r / box_rows == r2 / box_rows && c / box_cols == c2 / box_cols;
            let (dr, dc) = (r.abs_diff(r2), c.abs_diff(c2));
            r == r2
                || c == c2
                || same_box
                || variants.iter().any(|v| match v {
                    Variant::Diagonals => (r == c && r2 == c2) || (r + c == n - 1 && r2 + c2 == n - 1),
                    Variant::AntiKnight => (dr, dc) == (1, 2) || (dr, dc) == (2, 1),
                    Variant::AntiKing => dr <= 1 && dc <= 1,
                })
        })
    };
    let mut grid = givens.to_vec();
    for i in 0..n * n {
        if grid[i] != 0 {
            let d = grid[i];
            grid[i] = 0;
            if !fits(&grid, i, d) {
                return Some(0);
            }
            grid[i] = d;
        }
    }
    let empties: Vec<usize> = (0..n * n).filter(|&i| givens[i] == 0).collect();
    let mut count = 0u64;
    let mut depth = 0usize;
    loop {
        if depth == empties.len() {
            count += 1;
            if count > cap {
                return None;
            }
            if depth == 0 {
                return Some(count);
            }
            depth -= 1;
        }
        let i = empties[depth];
        let next = (grid[i] + 1..=n as u8).find(|&d| fits(&grid, i, d));
        match next {
            Some(d) => {
                grid[i] = d;
                depth += 1;
            }
            None => {
                grid[i] = 0;
                if depth == 0 {
                    return Some(count);
                }
                depth -= 1;
            }
        }
    }
}
