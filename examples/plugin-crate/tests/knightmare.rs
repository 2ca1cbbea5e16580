//! What a plugin author tests: what the rule removes (a snapshot a reviewer
//! reads), that it never removes a digit some solution uses (brute force on
//! small boards), that every strategy takes it, and that puzzle files name
//! it (`knightmare.toml`, read with a registry that knows the rule).

use sudokit_constraints::registry::Registry;
use sudokit_constraints::{native, ClassicRules};
use sudokit_core::testkit::{assert_sound, count_solutions, propagate, Soundness};
use sudokit_core::{Geometry, Puzzle, Rule};
use sudokit_knightmare::files::KNIGHTMARE;
use sudokit_knightmare::Knightmare;
use sudokit_solvers::{strategy_by_name, Limits, STRATEGY_NAMES};

#[test]
fn what_knightmare_removes() {
    let g = Geometry::square(9).unwrap();
    let grid = "\
        . . . . . . . . .
        . . . . . . . . .
        . . 7 . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    let report = propagate(&g, vec![Box::new(Knightmare::default())], grid).unwrap();
    insta::assert_snapshot!(report.to_string());
}

#[test]
fn knightmare_is_sound() {
    for n in [4, 6] {
        let rule = Knightmare::with_sums([5, 7]);
        let alone = Puzzle::new(Geometry::square(n).unwrap())
            .with(rule.clone())
            .unwrap();
        let options = Soundness {
            trials: 80,
            ..Soundness::default()
        };
        let report = assert_sound(&alone, &options);
        assert!(report.removed > 0 && report.satisfiable > 20, "{report:?}");
        let classic = Puzzle::new(Geometry::square(n).unwrap())
            .with(ClassicRules)
            .unwrap()
            .with(rule)
            .unwrap();
        assert_sound(&classic, &options);
    }
}

#[test]
fn every_strategy_counts_the_empty_6x6() {
    let puzzle = Puzzle::new(Geometry::square(6).unwrap())
        .with(ClassicRules)
        .unwrap()
        .with(Knightmare::with_sums([5, 7]))
        .unwrap();
    let expected = count_solutions(&puzzle, 10_000_000, 1_000_000).expect("small enough");
    for name in STRATEGY_NAMES
        .iter()
        // bitboard takes the classic 9×9 rules alone.
        .filter(|&&n| n != "backtracking" && n != "bitboard")
    {
        let outcome = strategy_by_name(name)
            .unwrap()
            .count(&puzzle, &Limits::all())
            .unwrap();
        assert_eq!(outcome.count, expected, "{name}");
    }
}

/// The registry of the built-in rules and knightmare.
fn registry() -> Registry {
    Registry::default().with(&KNIGHTMARE)
}

#[test]
fn a_puzzle_file_names_the_rule() {
    let text = include_str!("knightmare.toml");
    let spec = native::read_with(&registry(), text).unwrap();
    assert_eq!(spec.rules.len(), 1);
    assert_eq!(spec.rules[0].numbers("sums"), Some(&[5, 15][..]));
    // Written back, the file reads the same.
    assert_eq!(
        native::read_with(&registry(), &native::write(&spec)).unwrap(),
        spec
    );
    let puzzle = spec.build().unwrap();
    let outcome = strategy_by_name("propagation")
        .unwrap()
        .solve(&puzzle, &Limits::solutions(2))
        .unwrap();
    assert_eq!(outcome.count, 1, "the puzzle has one solution");
    // Checked by the rules themselves, not by the solver.
    let solution = &outcome.solutions[0];
    let g = Geometry::square(9).unwrap();
    assert!(solution.is_complete() && solution.keeps(&spec.givens));
    ClassicRules.check(&g, solution).unwrap();
    Knightmare::default().check(&g, solution).unwrap();
    // sudokit has a built-in knightmare too, with the same parameters:
    // `Registry::with` put this crate's kind in its place, and the built-in
    // reads the same file into the same puzzle.
    let built_in = native::read(text).unwrap();
    assert_eq!(built_in, spec);
    let again = strategy_by_name("propagation")
        .unwrap()
        .solve(&built_in.build().unwrap(), &Limits::solutions(2))
        .unwrap();
    assert_eq!(again.solutions, outcome.solutions);
}

#[test]
fn its_parameters_are_checked_like_a_built_in_rules() {
    let read = |rule: &str| {
        let text = format!("size = 9\n[[rules]]\ntype = \"knightmare\"\n{rule}");
        native::read_with(&registry(), &text).map_err(|e| e.to_string())
    };
    assert!(read("").is_ok(), "sums are optional");
    assert_eq!(
        read("sums = [5, 99]\n").unwrap_err(),
        "line 4, column 12: rules[1].sums: sum 99 is outside 3..=17"
    );
    assert_eq!(
        read("sum = [5]\n").unwrap_err(),
        "line 4, column 1: rules[1].sum: the knightmare rule has no key 'sum': did you mean 'sums'?"
    );
    assert_eq!(
        read("sums = 5\n").unwrap_err(),
        "line 4, column 8: rules[1].sums: expected a list such as [5, 15], found an integer"
    );
}
