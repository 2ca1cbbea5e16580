//! Inequality signs, lockout lines, repeating, multi-sum and rellik cages,
//! knightmare, NC+, equal sums, counting circles and negative indexers
//! through every strategy: on small boards with the
//! classic rules, each strategy counts what brute force through the rules'
//! `check` counts, or refuses the rule by name when it has no form for it
//! (and only then).

use sudokit_constraints::native;
use sudokit_core::testkit::count_solutions;
use sudokit_core::Puzzle;
use sudokit_solvers::{strategy_by_name, Limits, SolveError, Stop, STRATEGY_NAMES};

/// A 4×4 or 6×6 puzzle of the native format: the classic rules, the
/// givens of the first cells, and the rules of `rules` (TOML rule tables).
fn puzzle(size: usize, givens: &str, rules: &str) -> Puzzle {
    let givens = format!("{givens:.<width$}", width = size * size);
    let text = format!("size = {size}\ngivens = \"{givens}\"\nrules = [{rules}]\n");
    native::read(&text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
        .build()
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The strategies that may refuse a rule, and why: DLX has no form for a
/// propagator or a sum, SAT none for the cages searched over their sets of
/// digits, the sum line nor counting circles; the bitboard takes the
/// classic 9×9 board alone.
fn may_refuse(strategy: &str, rule: &str) -> bool {
    let declared = ["greater than", "knightmare", "nonconsecutive plus", "negative"];
    match strategy {
        "bitboard" => true,
        "dlx" => !declared.iter().any(|d| rule.starts_with(d)),
        "sat" => ["cage ", "rellik cage", "sum line", "counting circles"]
            .iter()
            .any(|r| rule.starts_with(r)),
        _ => false,
    }
}

#[test]
fn every_strategy_counts_what_brute_force_counts() {
    let cases = [
        (
            4,
            "1",
            r#"{ type = "greater-than", cells = "r1c3 r1c2" }, { type = "greater-than", cells = "r3c3 r4c3" }"#,
        ),
        (
            6,
            "1.....",
            r#"{ type = "lockout", cells = "r2c1 r3c2 r4c3 r5c4" }, { type = "greater-than", cells = "r6c6 r6c5" }"#,
        ),
        (
            4,
            "",
            r#"{ type = "lockout", cells = "r1c1 r2c2 r3c3", value = 2 }"#,
        ),
        (
            4,
            "",
            r#"{ type = "repeating-cage", cells = "r1c1 r2c2 r3c3", sum = 5 }"#,
        ),
        (
            6,
            "123",
            r#"{ type = "repeating-cage", cells = "r2c1 r2c2 r3c2 r4c2", sum = 15 }, { type = "greater-than", cells = "r6c1 r6c2" }"#,
        ),
        (
            4,
            "",
            r#"{ type = "multi-sum-cage", cells = "r1c1 r1c2 r2c2", sums = [6, 9] }"#,
        ),
        (
            4,
            "",
            r#"{ type = "rellik-cage", cells = "r1c2 r2c2 r2c3", sum = 7 }"#,
        ),
        (6, "1", r#"{ type = "knightmare", sums = [5] }"#),
        (4, "", r#"{ type = "knightmare" }"#),
        (
            4,
            "1",
            r#"{ type = "sum-line", cells = "r1c1 r2c2 r3c3 r4c4", sum = 5 }"#,
        ),
        (
            6,
            "",
            r#"{ type = "nonconsecutive-plus" }, { type = "greater-than", cells = "r1c1 r1c2" }"#,
        ),
        (
            4,
            "",
            r#"{ type = "equal-sum", segments = [["r1c1", "r1c3"], ["r1c1", "r3c1"], ["r3c3", "r4c4"]] }"#,
        ),
        (
            4,
            "1",
            r#"{ type = "equal-sum", segments = [["r2c3", "r2c4"], ["r4c1", "r3c2"], ["r4c4"]] }"#,
        ),
        (
            4,
            "",
            r#"{ type = "counting-circles", cells = "r1c1 r2c3 r3c2 r4c4 r1c4" }"#,
        ),
        (
            4,
            "1",
            r#"{ type = "counting-circles", cells = "r1c1 r2c3 r3c4" }"#,
        ),
        (
            4,
            "",
            r#"{ type = "negative-indexer", along = "column", cells = "r2c1 r3c1 r2c4 r4c2" }"#,
        ),
        (
            4,
            "",
            r#"{ type = "negative-indexer", along = "box", cells = "r1c2 r2c2 r4c3" }, { type = "negative-indexer", along = "row", cells = "r4c1" }"#,
        ),
    ];
    let mut refusals = Vec::new();
    for (size, givens, rules) in cases {
        let puzzle = puzzle(size, givens, rules);
        let expected = count_solutions(&puzzle, 20_000_000, u64::MAX).expect("small enough");
        assert!(expected > 0, "{rules}: no solution to compare");
        for name in STRATEGY_NAMES {
            match strategy_by_name(name).unwrap().count(&puzzle, &Limits::all()) {
                Ok(outcome) => {
                    assert!(outcome.exhaustive(), "{name} on {rules}");
                    assert_eq!(outcome.count, expected, "{name} on {rules}");
                }
                Err(SolveError::Unsupported(e)) => {
                    assert!(may_refuse(name, &e.constraint), "{name} refused {}", e.constraint);
                    refusals.push(format!("{name}: {}", e.constraint));
                }
                Err(e) => assert!(name == &"bitboard", "{name} on {rules}: {e}"),
            }
        }
    }
    // SAT took every rule but the two cages searched over their digit sets,
    // the sum line and counting circles.
    let sat: Vec<&String> = refusals.iter().filter(|r| r.starts_with("sat")).collect();
    assert_eq!(
        sat,
        [
            "sat: cage 6 or 9",
            "sat: rellik cage 7",
            "sat: sum line 5",
            "sat: counting circles",
            "sat: counting circles"
        ]
    );
}

/// "Zero solution: Little Killer" (ISS's test puzzle): eight diagonals of 49
/// have no solution. The propagation search proves it in a few hundred
/// nodes once the four parallel diagonals are added up into one sum of 196
/// (their blocks make at most 198); without that union it ran past 20 s.
#[test]
fn eight_little_killers_of_49_have_no_solution() {
    let clues = [
        ("r0c10", "DL"),
        ("r0c9", "DL"),
        ("r10c1", "UR"),
        ("r10c2", "UR"),
        ("r8c10", "UL"),
        ("r0c0", "DR"),
        ("r1c0", "DR"),
        ("r2c0", "DR"),
    ];
    let rules: Vec<String> = clues
        .iter()
        .map(|(clue, direction)| {
            format!(r#"{{ type = "little-killer", clue = "{clue}", direction = "{direction}", sum = 49 }}"#)
        })
        .collect();
    let puzzle = puzzle(9, "", &rules.join(", "));
    let limits = Limits {
        max_nodes: Some(20_000),
        ..Limits::solutions(1)
    };
    let outcome = strategy_by_name("propagation")
        .unwrap()
        .solve(&puzzle, &limits)
        .unwrap();
    assert_eq!(outcome.count, 0);
    assert_eq!(outcome.stop, Stop::Exhausted, "after {:?}", outcome.stats);
}
