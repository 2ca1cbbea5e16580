//! The variant puzzles of `../shared/data/variants`, read from their
//! f-puzzles files, against the manifest's counts and solutions (found by
//! an independent CP-SAT oracle): every strategy, every puzzle whose rules
//! sudokit supports, and their true candidates.

mod common;

use common::manifest::{manifest, read, solution_grid, Entry};

use std::collections::BTreeSet;

use sudokit::core::{Digits, Puzzle};
use sudokit::solvers::{strategy_by_name, true_candidates, Limits, SolveError};

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
    "arrow",
    "doublearrow",
    "zipperline",
    "regionsumline",
    "renban",
    "betweenline",
    "entropicline",
    "modularline",
    "quadruple",
    "rowindexer",
    "columnindexer",
    "boxindexer",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "littlekillersum",
];

/// Puzzles a strategy is too slow for in a test run, with what was
/// measured (release build for the first, test profile for the second). DLX sees a relation only as pairs of options
/// that exclude each other, so a chain of relations (a slow thermometer
/// relates every pair of its cells) never tightens bounds: 5.8 M nodes where
/// propagation needs a handful.
const TOO_SLOW: &[(&str, &str, &str)] = &[
    (
        "dlx",
        "ss-slow-thermo-sudoku.json",
        "5,815,959 nodes, 22.7 s (propagation: 1.4 ms, sat: 4.7 ms)",
    ),
    (
        // A renban's run of digits is pairs "less than 4 apart" to DLX,
        // which cannot see the window the propagator keeps.
        "dlx",
        "ss-dab.json",
        "8,580,278 nodes, 10.7 s in the test profile (propagation: 15 ms, sat: 22 ms)",
    ),
];

/// The supported puzzles, read, with their manifest entries.
fn supported() -> Vec<(Entry, Puzzle)> {
    manifest()
        .into_iter()
        .filter(|e| e.types.iter().all(|t| SUPPORTED.contains(&t.as_str())))
        .map(|e| match read(&e.file) {
            Ok(puzzle) => (e, puzzle),
            Err(message) => panic!("{}: {message}", e.file),
        })
        .collect()
}

/// Which files are covered, so that a change in coverage shows.
#[test]
fn the_supported_puzzles_are_the_expected_ones() {
    let files: BTreeSet<String> = supported().into_iter().map(|(e, _)| e.file).collect();
    // Every puzzle of the shared set, today.
    let expected: BTreeSet<String> = manifest().into_iter().map(|e| e.file).collect();
    assert_eq!(files, expected);
}

/// The strategy `name` against the manifest: its count, and for a unique
/// puzzle the manifest's solution, which the rules' checks accept; returns
/// the files it refused. A strategy may refuse only a rule it has no form
/// for (DLX: sums, between lines, quadruples, the outside clues and
/// digital-root cages), with the typed `Unsupported` error naming the rule;
/// that puzzle is then skipped. Propagation and SAT take every rule.
fn matches_the_manifest(name: &str) -> Vec<String> {
    let mut refused = BTreeSet::new();
    for (entry, puzzle) in supported() {
        let n = puzzle.size();
        let what = format!("{} · {name}", entry.file);
        if TOO_SLOW.iter().any(|&(s, f, _)| s == name && f == entry.file) {
            continue;
        }
        let outcome = match strategy_by_name(name)
            .unwrap()
            .solve(&puzzle, &Limits::solutions(2))
        {
            Ok(outcome) => outcome,
            Err(SolveError::Unsupported(e)) => {
                // DLX has no form for a sum (any rule that declares one),
                // a between line or a quadruple, nor for the outside
                // clues and digital-root cages.
                let sums = puzzle.model().sums().iter().filter_map(|s| s.rule());
                let declares_a_sum = sums
                    .map(|k| puzzle.model().constraints()[k].name().into_owned())
                    .any(|name| name == e.constraint);
                let outside = ["sandwich", "x-sum", "skyscraper", "digital root cage"]
                    .iter()
                    .any(|p| e.constraint.starts_with(p));
                let dlx_only =
                    ["between line", "quadruple"].contains(&e.constraint.as_str()) || declares_a_sum;
                assert!(name == "dlx" && (dlx_only || outside), "{what}: {e}");
                refused.insert(entry.file.clone());
                continue;
            }
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
    refused.into_iter().collect()
}

// One test per strategy, so that the two cores share the work.

#[test]
fn propagation_matches_the_manifest() {
    assert_eq!(
        matches_the_manifest("propagation"),
        Vec::<String>::new(),
        "propagation takes every rule"
    );
}

/// DLX refuses sums, between lines, quadruples and outside clues.
#[test]
fn dlx_matches_the_manifest() {
    assert_eq!(
        matches_the_manifest("dlx"),
        [
            "err-self-contained-without-anti-knight-multiple-solu.json",
            "gen-generated-sandwich.json",
            "ss-159-arrows.json",
            "ss-6x6-extreme-killer.json",
            "ss-black-kropki-x.json",
            "ss-blitz.json",
            "ss-boxes.json",
            "ss-clipped.json",
            "ss-cloneways-game-of-life.json",
            "ss-dotween.json",
            "ss-eddies.json",
            "ss-equal-sums.json",
            "ss-hay-fever.json",
            "ss-jumbled-joy.json",
            "ss-just-add-colour.json",
            "ss-killer-blister.json",
            "ss-orbit.json",
            "ss-peak-sudoku.json",
            "ss-quadiagonal.json",
            "ss-renban-skyscrapers-ctc-400k.json",
            "ss-self-contained.json",
            "ss-tangled-arrows.json",
            "ss-tiny-scar.json",
        ],
        "the puzzles DLX refuses: sums, between lines, quadruples and outside clues"
    );
}

/// SAT takes every rule: the outside clues through their clause forms
/// (generated-sandwich, tiny-scar and renban-skyscrapers match the manifest
/// through them).
#[test]
fn sat_matches_the_manifest() {
    assert_eq!(
        matches_the_manifest("sat"),
        Vec::<String>::new(),
        "SAT takes every rule"
    );
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
