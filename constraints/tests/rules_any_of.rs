//! `any-of` through the testkit: sound propagation (brute force on 4×4 and
//! 6×6, alone and with the classic rules, nested alternatives included),
//! `check` against the rule's statement read on its own, counts against
//! brute force, and the native format's nested rule tables.

mod common;

use common::RuleList;
use sudokit_constraints::native;
use sudokit_constraints::{AnyOf, KillerCage, Line, LineKind, Lunchbox, Parity, ParityCells, PencilMarks};
use sudokit_core::testkit::Soundness;
use sudokit_core::{Cell, Constraint, Geometry, Grid};

/// One alternative of one rule.
fn only(rule: impl Constraint + 'static) -> Vec<Box<dyn Constraint>> {
    vec![Box::new(rule)]
}

/// The `any-of` rules of this file on an `n`×`n` board, by name.
fn rules(n: usize) -> RuleList {
    let g = Geometry::square(n).unwrap();
    let at = |r: usize, c: usize| Cell::at(r, c, n);
    let big = n as u8;
    let cage_or_thermo = AnyOf::new(
        &g,
        vec![
            only(KillerCage::new([at(0, 0), at(0, 1)], 3)),
            only(Line::new(LineKind::Thermometer, [at(0, 0), at(1, 0), at(2, 0)])),
        ],
    )
    .unwrap();
    // Two rules at once in the first alternative (ISS's And).
    let both_or_lunchbox = AnyOf::new(
        &g,
        vec![
            vec![
                Box::new(Line::new(LineKind::Thermometer, [at(1, 1), at(1, 2)])),
                Box::new(ParityCells::new(Parity::Odd, [at(1, 2)])),
            ],
            only(Lunchbox::new([at(2, 1), at(2, 2), at(2, 3)], 0)),
        ],
    )
    .unwrap();
    // Either r4c1 or r4c2 holds the largest digit (ISS's Or of givens),
    // nested in an alternative beside a cage.
    let either = AnyOf::new(
        &g,
        vec![
            only(PencilMarks::new(at(3, 0), [big])),
            only(PencilMarks::new(at(3, 1), [big])),
        ],
    )
    .unwrap();
    let nested = AnyOf::new(
        &g,
        vec![
            only(either),
            only(KillerCage::new([at(3, 0), at(3, 1)], big as u32 + 1)),
        ],
    )
    .unwrap();
    vec![
        ("cage or thermometer", Box::new(cage_or_thermo)),
        ("thermometer and odd, or lunchbox", Box::new(both_or_lunchbox)),
        ("nested either or a cage", Box::new(nested)),
    ]
}

/// Whether a full grid keeps the rule named `name`, read from its
/// statement.
fn keeps(name: &str, n: usize, grid: &Grid) -> bool {
    let at = |r: usize, c: usize| u32::from(grid.get(Cell::at(r, c, n)).unwrap());
    let big = n as u32;
    match name {
        "cage or thermometer" => {
            let cage = at(0, 0) + at(0, 1) == 3 && at(0, 0) != at(0, 1);
            cage || (at(0, 0) < at(1, 0) && at(1, 0) < at(2, 0))
        }
        "thermometer and odd, or lunchbox" => {
            let first = at(1, 1) < at(1, 2) && at(1, 2) % 2 == 1;
            let box_cells = [at(2, 1), at(2, 2), at(2, 3)];
            let distinct =
                box_cells[0] != box_cells[1] && box_cells[1] != box_cells[2] && box_cells[0] != box_cells[2];
            // The smallest and largest digits of the three are the crusts,
            // with nothing between them: neighbours (the middle cell is one).
            let low = box_cells
                .iter()
                .position(|&d| d == *box_cells.iter().min().unwrap())
                .unwrap();
            let high = box_cells
                .iter()
                .position(|&d| d == *box_cells.iter().max().unwrap())
                .unwrap();
            let lunchbox = distinct && low.abs_diff(high) == 1;
            first || lunchbox
        }
        "nested either or a cage" => {
            let either = at(3, 0) == big || at(3, 1) == big;
            let cage = at(3, 0) + at(3, 1) == big + 1 && at(3, 0) != at(3, 1);
            either || cage
        }
        other => panic!("no reading of {other}"),
    }
}

#[test]
fn any_of_propagates_soundly_alone() {
    common::sound_on_small_boards(|g: &Geometry| rules(g.size()), false, &common::alone(100));
}

#[test]
fn any_of_propagates_soundly_with_the_classic_rules() {
    let options = Soundness {
        trials: 100,
        ..Soundness::default()
    };
    common::sound_on_small_boards(|g: &Geometry| rules(g.size()), true, &options);
}

#[test]
fn check_agrees_with_the_statement_on_full_grids() {
    common::check_agrees_with_the_statement(rules, keeps, 41);
}

#[test]
fn counts_match_brute_force() {
    common::counts_match_brute_force_on_4x4(rules(4), &[]);
}

/// Nested rule tables read, build and write back; what is wrong inside an
/// alternative is said with its path.
#[test]
fn the_native_format_nests_rule_tables() {
    let text = r#"size = 4
[[rules]]
type = "any-of"
alternatives = [[{ type = "killer-cage", cells = "r1c1 r1c2", sum = 3 }, { type = "odd", cells = "r1c1" }], [{ type = "thermometer", cells = "r1c1 r2c1 r3c1" }]]
"#;
    let spec = native::read(text).unwrap();
    let alternatives = spec.rules[0].alternatives("alternatives");
    assert_eq!(alternatives.len(), 2);
    assert_eq!(alternatives[0].len(), 2);
    assert_eq!(alternatives[0][1].name(), "odd");
    assert_eq!(native::read(&native::write(&spec)).unwrap(), spec);
    let puzzle = spec.build().unwrap();
    assert!(puzzle
        .constraints()
        .iter()
        .any(|c| c.name().starts_with("any of (killer cage")));

    let bad = |alternatives: &str| {
        let text = format!("size = 4\n[[rules]]\ntype = \"any-of\"\nalternatives = {alternatives}\n");
        native::read(&text).unwrap_err().to_string()
    };
    let unknown = bad(r#"[[{ type = "odd", cells = "r1c1" }], [{ type = "thermo", cells = "r1c1 r1c2" }]]"#);
    assert!(unknown.contains("rules[1].alternatives[2][1].type"), "{unknown}");
    assert!(unknown.contains("did you mean 'thermometer'?"), "{unknown}");
    let empty = bad("[]");
    assert!(empty.contains("expected at least one alternative"), "{empty}");
    let empty_alternative = bad(r#"[[{ type = "odd", cells = "r1c1" }], []]"#);
    assert!(
        empty_alternative.contains("rules[1].alternatives[2]")
            && empty_alternative.contains("at least one rule"),
        "{empty_alternative}"
    );
    let off_board = bad(r#"[[{ type = "odd", cells = "r5c1" }]]"#);
    assert!(
        off_board.contains("rules[1].alternatives[1][1].cells"),
        "{off_board}"
    );
}

/// An alternative cannot hold variables beside the digits.
#[test]
fn a_chaos_construction_is_refused_inside() {
    let text = r#"size = 4
classic = false
[[rules]]
type = "any-of"
alternatives = [[{ type = "chaos-construction" }]]
"#;
    let error = native::read(text).unwrap().build().unwrap_err().to_string();
    assert!(error.contains("variables beside the digits"), "{error}");
}
