//! Every rule of the crate through the testkit: sound propagation (brute
//! force on 4×4 and 6×6 boards), a snapshot of what it removes and why on a
//! hand-picked candidate grid, and `accepts_placement` agreeing with `check`.
//!
//! A new rule joins [`every_rule`] and gets a snapshot case of its own.

use sudokit_constraints::{AllDifferent, AntiKing, AntiKnight, ClassicRules, Diagonal};
use sudokit_core::testkit::{assert_sound, propagate, Soundness};
use sudokit_core::{Cell, Constraint, Geometry, Grid, Kind, Puzzle};

/// Every rule of the crate on an `n`×`n` board, by name.
fn every_rule(n: usize) -> Vec<(&'static str, Box<dyn Constraint>)> {
    vec![
        ("classic rules", Box::new(ClassicRules)),
        (
            "all-different",
            Box::new(AllDifferent::new(
                "window",
                [Cell::at(0, 1, n), Cell::at(1, 2, n), Cell::at(2, 1, n)],
            )),
        ),
        ("diagonal+", Box::new(Diagonal::Positive)),
        ("diagonal-", Box::new(Diagonal::Negative)),
        ("anti-knight", Box::new(AntiKnight)),
        ("anti-king", Box::new(AntiKing)),
    ]
}

/// Each rule beside the classic rules, from random starts with solutions.
/// (Anti-king and the classic rules have no 4×4 solution at all: every
/// start is then checked for contradictions only.)
#[test]
fn every_rule_propagates_soundly_with_the_classic_rules() {
    for n in [4, 6] {
        for (name, rule) in every_rule(n) {
            let mut puzzle = Puzzle::new(Geometry::square(n).unwrap())
                .with(ClassicRules)
                .unwrap();
            puzzle.push(rule).unwrap();
            let report = assert_sound(&puzzle, &Soundness::default());
            println!("{name} with the classic rules on {n}×{n}: {report:?}");
            assert!(report.checked >= 150, "{name} on {n}×{n}: {report:?}");
            let vacuous = name == "anti-king" && n == 4;
            assert!(
                vacuous || report.satisfiable >= 50,
                "{name} on {n}×{n}: {report:?}"
            );
            assert!(report.removed > 0, "{name} on {n}×{n}: nothing was ever removed");
        }
    }
}

/// Each rule alone, where nothing else prunes for it. Narrow starts keep
/// the brute force small.
#[test]
fn every_rule_propagates_soundly_alone() {
    let options = Soundness {
        given: 0.4,
        narrowed: 0.8,
        lose_solution_digit: 0.03,
        max_nodes: 100_000,
        ..Soundness::default()
    };
    for n in [4, 6] {
        for (name, rule) in every_rule(n) {
            let mut puzzle = Puzzle::new(Geometry::square(n).unwrap());
            puzzle.push(rule).unwrap();
            let report = assert_sound(&puzzle, &options);
            println!("{name} alone on {n}×{n}: {report:?}");
            assert!(report.checked >= 100, "{name} alone on {n}×{n}: {report:?}");
            assert!(report.satisfiable >= 50, "{name} alone on {n}×{n}: {report:?}");
            assert!(
                report.removed > 0,
                "{name} alone on {n}×{n}: nothing was ever removed"
            );
        }
    }
}

/// The rules together, on the jigsaw and rectangular boards too.
#[test]
fn the_rules_together_propagate_soundly_on_other_shapes() {
    let jigsaw: Vec<u16> = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3];
    let boards = [
        Geometry::irregular(4, &jigsaw).unwrap(),
        Geometry::with_boxes(6, 3, 2).unwrap(),
    ];
    for geometry in boards {
        let n = geometry.size();
        let mut puzzle = Puzzle::new(geometry).with(ClassicRules).unwrap();
        for (_, rule) in every_rule(n)
            .into_iter()
            .skip(1)
            .filter(|(name, _)| *name != "anti-king")
        {
            puzzle.push(rule).unwrap();
        }
        assert_sound(&puzzle, &Soundness::default());
    }
}

fn snapshot(rule: impl Constraint + 'static, n: usize, candidates: &str) -> String {
    let geometry = Geometry::square(n).unwrap();
    propagate(&geometry, vec![Box::new(rule)], candidates)
        .unwrap()
        .to_string()
}

#[test]
fn snapshot_classic_rules() {
    insta::assert_snapshot!(snapshot(
        ClassicRules,
        4,
        "1 . . .
         . . 34 .
         . 2 . 4
         . . . ."
    ));
}

#[test]
fn snapshot_all_different_window() {
    insta::assert_snapshot!(snapshot(
        AllDifferent::new("window", [Cell(1), Cell(6), Cell(9)]),
        4,
        ". 2 . .
         . . 23 .
         . . . .
         . . . ."
    ));
}

#[test]
fn snapshot_diagonal_hidden_single() {
    insta::assert_snapshot!(snapshot(
        Diagonal::Negative,
        4,
        "123 . . .
         . 12 . .
         . . 1234 .
         . . . 12"
    ));
}

#[test]
fn snapshot_diagonal_contradiction() {
    insta::assert_snapshot!(snapshot(
        Diagonal::Positive,
        4,
        ". . . 12
         . . 12 .
         . 12 . .
         12 . . ."
    ));
}

#[test]
fn snapshot_anti_knight() {
    insta::assert_snapshot!(snapshot(
        AntiKnight,
        6,
        ". . . . . .
         . . . . . .
         . . 5 . . .
         . . . . . .
         . . . . . .
         . . . . . ."
    ));
}

#[test]
fn snapshot_anti_king() {
    insta::assert_snapshot!(snapshot(
        AntiKing,
        4,
        ". . . .
         . 3 . .
         . . 34 .
         . . . ."
    ));
}

/// `accepts_placement` is the quick form of `check` after one placement:
/// on random grids filled one cell at a time, both must give the same
/// verdict whenever the grid before the placement was accepted.
#[test]
fn accepts_placement_agrees_with_check() {
    let mut rng = fastrand::Rng::with_seed(7);
    for n in [4, 6, 9] {
        let geometry = Geometry::square(n).unwrap();
        for (name, rule) in every_rule(n) {
            let mut disagreements = 0;
            for _ in 0..50 {
                let mut grid = Grid::empty(n);
                for _ in 0..n * n / 2 {
                    let cell = Cell(rng.u16(0..(n * n) as u16));
                    if grid.get(cell).is_some() {
                        continue;
                    }
                    grid.set(cell, rng.u8(1..=n as u8));
                    let quick = rule.accepts_placement(&geometry, &grid, cell);
                    let full = rule.check(&geometry, &grid).is_ok();
                    disagreements += usize::from(quick != full);
                    if !full {
                        grid.set(cell, 0);
                    }
                }
            }
            assert_eq!(disagreements, 0, "{name} on {n}×{n}");
        }
    }
}

/// Every rule here is declarative: DLX and SAT take it through its groups
/// and relations, and no rule is a technique.
#[test]
fn every_rule_is_a_declaration() {
    for (name, rule) in every_rule(9) {
        assert!(!rule.has_propagator(), "{name}");
        assert_eq!(rule.kind(), Kind::Rule, "{name}");
        let g = Geometry::square(9).unwrap();
        assert!(
            !rule.groups(&g).is_empty() || !rule.relations(&g).is_empty(),
            "{name} declares nothing"
        );
    }
}
