//! Every rule of the crate through the testkit: sound propagation (brute
//! force on 4×4 and 6×6 boards), a snapshot of what it removes and why on a
//! hand-picked candidate grid, and `accepts_placement` agreeing with `check`.
//!
//! A new rule joins [`every_rule`] and gets a snapshot case of its own.

mod common;

use sudokit_constraints::{
    Adjacency, AllDifferent, AntiKing, AntiKnight, Cage, ChessMoves, ClassicRules, Clones, CustomPairs,
    Diagonal, DisjointGroups, Dot, DotKind, Extreme, ExtremeCells, Forbidden, Line, LineKind, Negative,
    Parity, ParityCells, PencilMarks, SumPair, Taxicab,
};
use sudokit_core::testkit::{assert_sound, propagate, Soundness};
use sudokit_core::{Cell, Constraint, Digits, Engine, Geometry, Kind, Puzzle, State};

/// Every rule of the crate on an `n`×`n` board (n ≥ 4), by name.
fn every_rule(n: usize) -> Vec<(&'static str, Box<dyn Constraint>)> {
    let at = |r: usize, c: usize| Cell::at(r, c, n);
    vec![
        ("classic rules", Box::new(ClassicRules)),
        (
            "all-different",
            Box::new(AllDifferent::new("window", [at(0, 1), at(1, 2), at(2, 1)])),
        ),
        ("diagonal+", Box::new(Diagonal::Positive)),
        ("diagonal-", Box::new(Diagonal::Negative)),
        ("anti-knight", Box::new(AntiKnight)),
        ("anti-king", Box::new(AntiKing)),
        (
            "odd",
            Box::new(ParityCells::new(Parity::Odd, [at(0, 0), at(1, 2)])),
        ),
        (
            "even",
            Box::new(ParityCells::new(Parity::Even, [at(0, 1), at(2, 2)])),
        ),
        (
            "minimum",
            Box::new(ExtremeCells::new(Extreme::Minimum, [at(1, 1)])),
        ),
        (
            "maximum",
            Box::new(ExtremeCells::new(Extreme::Maximum, [at(1, 1), at(1, 2)])),
        ),
        ("pencil marks", Box::new(PencilMarks::new(at(0, 1), [1, 2]))),
        (
            "white dot",
            Box::new(Dot::new(DotKind::Difference(1), at(0, 0), at(0, 1))),
        ),
        (
            "white dot 2",
            Box::new(Dot::new(DotKind::Difference(2), at(1, 0), at(2, 0))),
        ),
        (
            "black dot",
            Box::new(Dot::new(DotKind::Ratio(2), at(0, 0), at(0, 1))),
        ),
        ("V", Box::new(SumPair::v(at(0, 0), at(1, 0)))),
        (
            "sum",
            Box::new(SumPair::new(if n >= 6 { 10 } else { 7 }, at(2, 1), at(2, 2))),
        ),
        (
            "nonconsecutive",
            Box::new(
                Negative::new("nonconsecutive", Forbidden::Consecutive, Adjacency::Orthogonal)
                    .except([(at(0, 0), at(0, 1))]),
            ),
        ),
        (
            "negative ratio",
            Box::new(Negative::new(
                "negative ratio",
                Forbidden::Ratios(vec![2]),
                Adjacency::Orthogonal,
            )),
        ),
        (
            "negative XV",
            Box::new(Negative::new(
                "negative XV",
                Forbidden::Sums(vec![5, 10]),
                Adjacency::Orthogonal,
            )),
        ),
        (
            "diagonal nonconsecutive",
            Box::new(Negative::new(
                "diagonal nonconsecutive",
                Forbidden::Consecutive,
                Adjacency::Diagonal,
            )),
        ),
        ("disjoint groups", Box::new(DisjointGroups)),
        (
            "killer cage",
            Box::new(Cage::killer([at(0, 0), at(0, 1), at(1, 0)])),
        ),
        (
            "extra region",
            Box::new(Cage::extra_region([at(1, 1), at(1, 2), at(2, 1), at(2, 2)])),
        ),
        (
            "clone",
            Box::new(Clones::new(
                [at(0, 0), at(0, 1)],
                [at(n - 1, n - 2), at(n - 1, n - 1)],
            )),
        ),
        (
            "thermometer",
            Box::new(Line::new(LineKind::Thermometer, [at(0, 0), at(0, 1), at(1, 1)])),
        ),
        (
            "slow thermometer",
            Box::new(Line::new(
                LineKind::SlowThermometer,
                [at(0, 0), at(1, 1), at(2, 2), at(2, 3)],
            )),
        ),
        (
            "palindrome",
            Box::new(Line::new(LineKind::Palindrome, [at(0, 0), at(1, 1), at(2, 2)])),
        ),
        (
            "whispers",
            Box::new(Line::whispers(n, [at(0, 0), at(0, 1), at(0, 2)])),
        ),
        (
            "nabner",
            Box::new(Line::new(LineKind::Nabner, [at(0, 0), at(1, 1), at(2, 0)])),
        ),
        ("anti-camel", Box::new(ChessMoves::new("anti-camel", [(1, 3)]))),
        (
            "anti-zebra 1 and 4",
            Box::new(ChessMoves::new("anti-zebra", [(2, 3)]).for_digits([1, 4])),
        ),
        ("taxicab 2", Box::new(Taxicab::Distance(2))),
        ("self taxicab", Box::new(Taxicab::OwnDigit)),
        (
            "custom pairs",
            Box::new(CustomPairs::forbidden(
                "no 1 over 2",
                [(at(0, 0), at(1, 0))],
                [(1, 2), (2, 1)],
            )),
        ),
    ]
}

fn sound_on_small_boards(classic: bool, options: &Soundness) {
    common::sound_on_small_boards(|g: &Geometry| every_rule(g.size()), classic, options);
}

/// Each rule beside the classic rules, from random starts with solutions.
#[test]
fn every_rule_propagates_soundly_with_the_classic_rules() {
    sound_on_small_boards(
        true,
        &Soundness {
            trials: 120,
            ..Soundness::default()
        },
    );
}

/// Each rule beside the classic rules with the engine's locked candidates
/// on, as searches run it: the relations then also take a pair's required
/// digits out of the cells that see both.
#[test]
fn every_rule_propagates_soundly_with_locked_candidates() {
    sound_on_small_boards(
        true,
        &Soundness {
            trials: 120,
            locked_candidates: true,
            ..Soundness::default()
        },
    );
}

/// A white dot between r1c1 = {1,2} and r1c2 = {2,3} holds a 2 whatever
/// pair it takes (1-2, 2-1 or 2-3): with locked candidates on (searches),
/// the 2 leaves the rest of row 1 and of box 1; without, it stays.
#[test]
fn a_dot_puts_its_required_digit_out_of_the_cells_that_see_both() {
    let geometry = Geometry::square(4).unwrap();
    let at = |r: usize, c: usize| Cell::at(r, c, 4);
    let puzzle = Puzzle::new(geometry.clone())
        .with(ClassicRules)
        .unwrap()
        .with(Dot::new(DotKind::Difference(1), at(0, 0), at(0, 1)))
        .unwrap();
    let mut start = vec![Digits::<u128>::full(4); 16];
    start[at(0, 0).index()] = Digits::from_u128(0b0011);
    start[at(0, 1).index()] = Digits::from_u128(0b0110);
    let run = |locked: bool| {
        let mut state = State::<u16>::from_candidates(&geometry, &start);
        let mut engine = Engine::rules_only(puzzle.model()).with_locked_candidates(locked);
        engine.schedule_all();
        engine.propagate(&mut state, None).unwrap();
        state.cells().to_vec()
    };
    let with = run(true);
    for cell in [at(0, 2), at(0, 3), at(1, 0), at(1, 1)] {
        assert!(!with[cell.index()].contains(2), "{}", cell.name(4));
    }
    assert!(with[at(2, 0).index()].contains(2));
    assert!(run(false)[at(0, 2).index()].contains(2));
}

/// Each rule alone, where nothing else prunes for it. Narrow starts keep
/// the brute force small.
#[test]
fn every_rule_propagates_soundly_alone() {
    let options = common::alone(120);
    sound_on_small_boards(false, &options);
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
        for (_, rule) in every_rule(n).into_iter().skip(1).filter(|(name, _)| {
            [
                "all-different",
                "diagonal-",
                "anti-knight",
                "thermometer",
                "white dot",
            ]
            .contains(name)
        }) {
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

#[test]
fn snapshot_parity_and_pencil_marks() {
    let g = Geometry::square(4).unwrap();
    let rules: Vec<Box<dyn Constraint>> = vec![
        Box::new(ParityCells::new(Parity::Odd, [Cell(0)])),
        Box::new(ParityCells::new(Parity::Even, [Cell(1)])),
        Box::new(PencilMarks::new(Cell(2), [1, 2, 4])),
    ];
    let report = propagate(&g, rules, ". . . .\n. . . .\n. . . .\n. . . .").unwrap();
    insta::assert_snapshot!(report.to_string());
}

#[test]
fn snapshot_minimum_and_maximum() {
    let g = Geometry::square(4).unwrap();
    let rules: Vec<Box<dyn Constraint>> = vec![
        Box::new(ExtremeCells::new(Extreme::Minimum, [Cell(5)])),
        Box::new(ExtremeCells::new(Extreme::Maximum, [Cell(10), Cell(11)])),
    ];
    let report = propagate(&g, rules, ". 234 . .\n. . . .\n. . . .\n. . . .").unwrap();
    insta::assert_snapshot!(report.to_string());
}

#[test]
fn snapshot_dots_and_sums() {
    let g = Geometry::square(6).unwrap();
    let rules: Vec<Box<dyn Constraint>> = vec![
        Box::new(Dot::new(DotKind::Difference(1), Cell(0), Cell(1))),
        Box::new(Dot::new(DotKind::Ratio(2), Cell(1), Cell(2))),
        Box::new(SumPair::x(Cell(6), Cell(7))),
    ];
    let grid = "3 . . . . .\n. 456 . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .";
    let report = propagate(&g, rules, grid).unwrap();
    insta::assert_snapshot!(report.to_string());
}

#[test]
fn snapshot_nonconsecutive_with_an_exempt_dot() {
    let g = Geometry::square(4).unwrap();
    let rule = Negative::new("nonconsecutive", Forbidden::Consecutive, Adjacency::Orthogonal)
        .except([(Cell(5), Cell(6))]);
    let report = propagate(&g, vec![Box::new(rule)], ". . . .\n. 2 . .\n. . . .\n. . . .").unwrap();
    insta::assert_snapshot!(report.to_string());
}

#[test]
fn snapshot_disjoint_groups_cage_and_clone() {
    let g = Geometry::square(4).unwrap();
    let rules: Vec<Box<dyn Constraint>> = vec![
        Box::new(DisjointGroups),
        Box::new(Cage::killer([Cell(5), Cell(6)])),
        Box::new(Clones::new([Cell(12), Cell(13)], [Cell(15), Cell(14)])),
    ];
    let report = propagate(&g, rules, "1 . . .\n. . 3 .\n. . . .\n2 . 234 .").unwrap();
    insta::assert_snapshot!(report.to_string());
}

#[test]
fn snapshot_lines() {
    let g = Geometry::square(9).unwrap();
    let at = |r, c| Cell::at(r, c, 9);
    let rules: Vec<Box<dyn Constraint>> = vec![
        Box::new(Line::new(
            LineKind::Thermometer,
            [at(0, 0), at(0, 1), at(0, 2), at(0, 3)],
        )),
        Box::new(Line::new(
            LineKind::SlowThermometer,
            [at(1, 0), at(1, 1), at(1, 2)],
        )),
        Box::new(Line::new(LineKind::Palindrome, [at(2, 0), at(2, 1), at(2, 2)])),
        Box::new(Line::whispers(9, [at(3, 0), at(3, 1), at(3, 2)])),
        Box::new(Line::new(LineKind::Nabner, [at(4, 0), at(4, 1), at(4, 2)])),
    ];
    let grid = "\
        . . . 5 . . . . .
        7 . . . . . . . .
        12 . 2 . . . . . .
        . . . . . . . . .
        . 5 . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    let report = propagate(&g, rules, grid).unwrap();
    insta::assert_snapshot!(report.to_string());
}

#[test]
fn snapshot_chess_taxicab_and_custom_pairs() {
    let g = Geometry::square(6).unwrap();
    let rules: Vec<Box<dyn Constraint>> = vec![
        Box::new(ChessMoves::new("anti-camel", [(1, 3)]).for_digits([4])),
        Box::new(Taxicab::OwnDigit),
        Box::new(CustomPairs::allowed(
            "odd pairs",
            [(Cell(30), Cell(31))],
            [(1, 3), (3, 5), (5, 1)],
        )),
    ];
    let grid = "4 . . . . .\n. . . . . .\n. . 2 . . .\n. . . . . .\n. . . . . .\n. . . . . .";
    let report = propagate(&g, rules, grid).unwrap();
    insta::assert_snapshot!(report.to_string());
}

/// `accepts_placement` is the quick form of `check` after one placement:
/// on random grids filled one cell at a time, both must give the same
/// verdict whenever the grid before the placement was accepted.
#[test]
fn accepts_placement_agrees_with_check() {
    common::placements_agree_with_check(|g: &Geometry| every_rule(g.size()), 7, |n| n * n / 2);
}

/// Every rule here is declarative: DLX and SAT take it through its groups,
/// relations and domains, and no rule is a technique.
#[test]
fn every_rule_is_a_declaration() {
    for (name, rule) in every_rule(9) {
        assert!(!rule.has_propagator(), "{name}");
        assert_eq!(rule.kind(), Kind::Rule, "{name}");
        let g = Geometry::square(9).unwrap();
        assert!(
            !rule.groups(&g).is_empty() || !rule.relations(&g).is_empty() || !rule.domains(&g).is_empty(),
            "{name} declares nothing"
        );
    }
}
