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
/// measured (release build). DLX sees a relation only as pairs of options
/// that exclude each other, so a chain of relations (a slow thermometer
/// relates every pair of its cells) never tightens bounds: 5.8 M nodes where
/// propagation needs a handful.
const TOO_SLOW: &[(&str, &str, &str)] = &[(
    "dlx",
    "ss-slow-thermo-sudoku.json",
    "5,815,959 nodes, 22.7 s (propagation: 1.4 ms, sat: 4.7 ms)",
)];

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

/// Every strategy but the naive baseline: the manifest's count, and for a
/// unique puzzle the manifest's solution, which the rules' checks accept.
/// A strategy may refuse a rule it has no form for (DLX: sums, between
/// lines and quadruples), with the typed error naming the rule, and only then.
/// A strategy that refuses a rule with the typed `Unsupported` error (DLX
/// and SAT on the outside clues) is skipped for that puzzle; propagation
/// takes every rule.
#[test]
fn every_strategy_matches_the_manifest() {
    let mut refused = BTreeSet::new();
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
                Err(SolveError::Unsupported(e)) => {
                    // DLX has no form for a sum (any rule that declares one),
                    // a between line or a quadruple; neither DLX nor SAT has
                    // one for the outside clues.
                    let sums = puzzle.model().sums().iter().filter_map(|s| s.rule());
                    let declares_a_sum = sums
                        .map(|k| puzzle.model().constraints()[k].name().into_owned())
                        .any(|name| name == e.constraint);
                    let outside = ["sandwich", "x-sum", "skyscraper", "digital root cage"]
                        .iter()
                        .any(|p| e.constraint.starts_with(p));
                    let dlx_only =
                        ["between line", "quadruple"].contains(&e.constraint.as_str()) || declares_a_sum;
                    assert!(
                        (name == "dlx" && (dlx_only || outside)) || (name == "sat" && outside),
                        "{what}: {e}"
                    );
                    refused.insert(format!("{} · {name}", entry.file));
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
    }
    let refused: Vec<&str> = refused.iter().map(String::as_str).collect();
    assert_eq!(
        refused,
        [
            "err-self-contained-without-anti-knight-multiple-solu.json · dlx",
            "gen-generated-sandwich.json · dlx",
            "gen-generated-sandwich.json · sat",
            "ss-159-arrows.json · dlx",
            "ss-6x6-extreme-killer.json · dlx",
            "ss-black-kropki-x.json · dlx",
            "ss-blitz.json · dlx",
            "ss-boxes.json · dlx",
            "ss-clipped.json · dlx",
            "ss-cloneways-game-of-life.json · dlx",
            "ss-dotween.json · dlx",
            "ss-eddies.json · dlx",
            "ss-equal-sums.json · dlx",
            "ss-hay-fever.json · dlx",
            "ss-jumbled-joy.json · dlx",
            "ss-just-add-colour.json · dlx",
            "ss-killer-blister.json · dlx",
            "ss-orbit.json · dlx",
            "ss-peak-sudoku.json · dlx",
            "ss-quadiagonal.json · dlx",
            "ss-renban-skyscrapers-ctc-400k.json · dlx",
            "ss-renban-skyscrapers-ctc-400k.json · sat",
            "ss-self-contained.json · dlx",
            "ss-tangled-arrows.json · dlx",
            "ss-tiny-scar.json · dlx",
            "ss-tiny-scar.json · sat",
        ],
        "the puzzles a strategy refuses: DLX sums, between lines, quadruples and outside clues; SAT outside clues"
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
