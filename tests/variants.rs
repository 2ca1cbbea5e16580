//! The variant puzzles of `../shared/data/variants`, read from their
//! f-puzzles files, against the manifest's counts and solutions (found by
//! an independent CP-SAT oracle): every strategy, every puzzle whose rules
//! sudokit supports, and their true candidates.

mod common;

use std::collections::BTreeSet;

use sudokit::core::{Digits, Grid, Puzzle};
use sudokit::solvers::{strategy_by_name, true_candidates, Limits, SolveError};
use sudokit::{read_puzzles, InputFormat, ReadOptions};

/// The manifest's rule types that sudokit supports (f-puzzles keys, plus
/// the manifest's own names for jigsaw boards, givens and negatives).
const SUPPORTED: &[&str] = &[
    "classic",
    "irregular",
    "givens",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative-ratio",
    "negative-xv",
    "odd",
    "even",
    "minimum",
    "maximum",
    "difference",
    "ratio",
    "xv",
    "extraregion",
    "killercage",
    "clone",
    "thermometer",
    "slowthermometer",
    "palindrome",
    "whispers",
    "nabner",
    "sandwichsum",
    "xsum",
    "skyscraper",
];

/// Puzzles a strategy is too slow for in a test run, with what was
/// measured (release build). DLX sees a relation only as pairs of options
/// that exclude each other, so a chain of relations (a slow thermometer
/// relates every pair of its cells) never tightens bounds: 5.8 M nodes where
/// propagation needs a handful.
const TOO_SLOW: &[(&str, &str, &str)] = &[(
    "dlx",
    "ss-slow-thermo-sudoku.json",
    "5,815,959 nodes, 22.7 s (propagation: 1.4 ms, sat: 4.7 ms)",
)];

/// One manifest entry.
struct Entry {
    file: String,
    types: Vec<String>,
    expect: String,
    solution: Option<String>,
}

fn manifest() -> Vec<Entry> {
    let text = std::fs::read_to_string(common::shared("variants/manifest.json")).expect("the manifest");
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    json.as_array()
        .expect("a list")
        .iter()
        .map(|e| Entry {
            file: e["file"].as_str().unwrap().to_string(),
            types: e["types"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap().to_string())
                .collect(),
            expect: e["expect"].as_str().unwrap().to_string(),
            solution: e["solution"].as_str().map(str::to_string),
        })
        .collect()
}

/// The puzzle of a manifest file, or why it could not be read.
fn read(file: &str) -> Result<Puzzle, String> {
    let text = std::fs::read_to_string(common::shared("variants").join(file)).unwrap();
    read_puzzles(&text, InputFormat::Fpuzzles, &ReadOptions::default())
        .remove(0)
        .map(|r| r.puzzle)
        .map_err(|e| e.to_string())
}

/// The manifest's solution as a grid: one character per cell up to 9×9,
/// two digits per cell above.
fn solution_grid(n: usize, text: &str) -> Grid {
    let values: Vec<u8> = if n <= 9 {
        text.bytes().map(|b| b - b'0').collect()
    } else {
        text.as_bytes()
            .chunks(2)
            .map(|pair| std::str::from_utf8(pair).unwrap().parse().unwrap())
            .collect()
    };
    Grid::from_values(n, values).expect("a full grid")
}

/// The supported puzzles, read, with their manifest entries.
fn supported() -> Vec<(Entry, Puzzle)> {
    manifest()
        .into_iter()
        .filter(|e| e.types.iter().all(|t| SUPPORTED.contains(&t.as_str())))
        .filter_map(|e| match read(&e.file) {
            Ok(puzzle) => Some((e, puzzle)),
            // Killer cages with a sum are not supported yet; the reader says so.
            Err(message) if e.types.contains(&"killercage".to_string()) => {
                assert!(message.contains("not supported yet"), "{}: {message}", e.file);
                None
            }
            Err(message) => panic!("{}: {message}", e.file),
        })
        .collect()
}

/// Which files are covered, so that a change in coverage shows.
#[test]
fn the_supported_puzzles_are_the_expected_ones() {
    let files: BTreeSet<String> = supported().into_iter().map(|(e, _)| e.file).collect();
    let expected: BTreeSet<String> = [
        "err-6x6-thermometer-too-long-no-solution.json",
        "gen-generated-sandwich.json",
        "ss-300-subs.json",
        "ss-alien.json",
        "ss-behemoth.json",
        "ss-bird-in-a-storm.json",
        "ss-fortress-sudoku.json",
        "ss-irregular-7x7-kropki.json",
        "ss-slow-thermo-sudoku.json",
        "ss-tiny-scar.json",
        "ss-xv-kropki-x.json",
    ]
    .into_iter()
    .map(str::to_string)
    .collect();
    assert_eq!(files, expected);
}

/// Every strategy but the naive baseline: the manifest's count, and for a
/// unique puzzle the manifest's solution, which the rules' checks accept.
/// A strategy that refuses a rule with the typed `Unsupported` error (DLX
/// and SAT on the outside clues) is skipped for that puzzle; propagation
/// takes every rule.
#[test]
fn every_strategy_matches_the_manifest() {
    for (entry, puzzle) in supported() {
        let n = puzzle.size();
        for name in ["propagation", "dlx", "sat"] {
            let what = format!("{} · {name}", entry.file);
            if TOO_SLOW.iter().any(|&(s, f, _)| s == name && f == entry.file) {
                continue;
            }
            let outcome = match strategy_by_name(name)
                .unwrap()
                .solve(&puzzle, &Limits::solutions(2))
            {
                Ok(outcome) => outcome,
                Err(SolveError::Unsupported(_)) if name != "propagation" => continue,
                Err(e) => panic!("{what}: {e}"),
            };
            match entry.expect.as_str() {
                "unique" => {
                    assert!(outcome.is_unique(), "{what}: {}", outcome.count_label());
                    let expected = solution_grid(n, entry.solution.as_deref().unwrap());
                    assert_eq!(outcome.solutions[0], expected, "{what}");
                    assert!(puzzle.verify_solution(&expected).is_ok(), "{what}");
                }
                "none" => assert!(outcome.is_unsolvable(), "{what}: {}", outcome.count_label()),
                "multiple" => assert_eq!(outcome.count_label(), "2+", "{what}"),
                other => panic!("{what}: unknown expectation {other}"),
            }
        }
    }
}

/// True candidates: a unique puzzle's are its solution; a puzzle with no
/// solution has none.
#[test]
fn true_candidates_of_the_shared_puzzles() {
    for (entry, puzzle) in supported() {
        let mut session = strategy_by_name("propagation").unwrap().prepare(&puzzle).unwrap();
        let truth = true_candidates(session.as_mut(), &Limits::all()).unwrap();
        assert!(truth.is_exact(), "{}", entry.file);
        match entry.expect.as_str() {
            "unique" => {
                let expected = solution_grid(puzzle.size(), entry.solution.as_deref().unwrap());
                let singles: Vec<Digits<u128>> =
                    expected.values().iter().map(|&d| Digits::single(d)).collect();
                assert_eq!(truth.candidates, singles, "{}", entry.file);
            }
            "none" => assert!(truth.is_unsolvable(), "{}", entry.file),
            _ => assert!(truth.candidates.iter().any(|s| s.len() > 1), "{}", entry.file),
        }
    }
}
