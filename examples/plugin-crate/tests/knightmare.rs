//! What a plugin author tests: what the rule removes (a snapshot a reviewer
//! reads), that it never removes a digit some solution uses (brute force on
//! small boards), and that every strategy takes it.

use sudokit_constraints::ClassicRules;
use sudokit_core::testkit::{assert_sound, count_solutions, propagate, Soundness};
use sudokit_core::{Geometry, Puzzle};
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
