//! The native TOML format: round trips through `write` and `read`, the
//! examples of the module docs, every error a setter can make (message and
//! line), and puzzles that build.

use sudokit_constraints::native::{read, write, NativeError};
use sudokit_constraints::registry::{Registry, Value};
use sudokit_constraints::spec::{Layout, PuzzleSpec, RuleSpec, SpecError};
use sudokit_constraints::{Clue, ClueCell, Direction, Side};
use sudokit_core::format::{parse_grids, ParseOptions};
use sudokit_core::{Cell, Grid};

/// The built-in rule `name`, to fill in.
fn rule(name: &str) -> RuleSpec {
    Registry::default().rule(name).unwrap()
}

fn at(r: usize, c: usize, n: usize) -> Cell {
    Cell::at(r - 1, c - 1, n)
}

fn grid(text: &str, n: usize) -> Grid {
    parse_grids(text, &ParseOptions { size: Some(n) })
        .remove(0)
        .unwrap()
        .grid
}

/// A 9×9 spec holding every `RuleSpec` variant (and both spellings of the
/// optional values), with metadata that needs escaping.
fn every_rule() -> PuzzleSpec {
    let n = 9;
    let c = |r, col| at(r, col, n);
    let mut spec = PuzzleSpec::new(n);
    spec.title = Some("Every \"rule\" \\ test".into());
    spec.author = Some("Ünïcode Setter\tTab".into());
    spec.ruleset = Some("Normal sudoku rules apply.\nThermometers increase from the bulb.\n".into());
    spec.givens.set(c(1, 1), 5);
    spec.givens.set(c(9, 9), 9);
    spec.rules = vec![
        rule("diagonal+"),
        rule("diagonal-"),
        rule("anti-knight"),
        rule("anti-king"),
        rule("disjoint-groups"),
        rule("nonconsecutive"),
        rule("negative-ratio"),
        rule("negative-xv"),
        rule("diagonal-nonconsecutive"),
        rule("odd").with("cells", vec![c(1, 1), c(5, 5)]),
        rule("even").with("cells", vec![c(1, 2)]),
        rule("minimum").with("cells", vec![c(2, 2)]),
        rule("maximum").with("cells", vec![c(8, 8), c(8, 6)]),
        rule("pencil-marks")
            .with("cell", c(3, 3))
            .with("digits", vec![1, 3, 9]),
        rule("difference")
            .with("cells", (c(4, 4), c(4, 5)))
            .with("value", 1),
        rule("difference")
            .with("cells", (c(4, 6), c(4, 7)))
            .with("value", 3),
        rule("ratio").with("cells", (c(5, 4), c(5, 3))).with("value", 2),
        rule("ratio").with("cells", (c(5, 6), c(5, 7))).with("value", 3),
        rule("xv").with("cells", (c(6, 4), c(6, 5))).with("value", 10),
        rule("xv").with("cells", (c(6, 6), c(6, 7))).with("value", 5),
        rule("sum").with("cells", (c(7, 4), c(7, 5))).with("value", 7),
        rule("killer-cage").with("cells", vec![c(1, 1), c(1, 2), c(2, 1)]),
        rule("killer-cage")
            .with("cells", vec![c(9, 1), c(9, 2)])
            .with("sum", 12),
        rule("extra-region").with(
            "cells",
            (2..=4)
                .flat_map(|r| (2..=4).map(move |col| at(r, col, 9)))
                .collect::<Vec<_>>(),
        ),
        rule("clone")
            .with("cells", vec![c(1, 1), c(1, 2)])
            .with("clones", vec![c(9, 8), c(9, 9)]),
        rule("same-values").with(
            "sets",
            Value::Shafts(vec![vec![c(1, 3), c(1, 4)], vec![c(2, 3), c(2, 4)]]),
        ),
        rule("thermometer").with("cells", vec![c(1, 9), c(2, 9), c(3, 9)]),
        rule("slow-thermometer").with("cells", vec![c(9, 1), c(8, 2), c(7, 3)]),
        rule("palindrome").with("cells", vec![c(5, 1), c(5, 2), c(5, 3)]),
        rule("whispers").with("cells", vec![c(2, 5), c(3, 5)]),
        rule("whispers")
            .with("cells", vec![c(2, 6), c(3, 6), c(3, 7)])
            .with("value", 4),
        rule("nabner").with("cells", vec![c(9, 5), c(9, 6), c(9, 7)]),
        rule("arrow")
            .with("circle", vec![c(4, 4)])
            .with("cells", vec![c(4, 5), c(4, 6)]),
        rule("arrow")
            .with("circle", vec![c(6, 1), c(6, 2)])
            .with("shafts", vec![vec![c(7, 1), c(8, 1), c(8, 2)], vec![c(7, 2)]]),
        rule("double-arrow").with("cells", vec![c(9, 1), c(9, 2), c(9, 3), c(9, 4)]),
        rule("zipper").with("cells", vec![c(5, 5), c(5, 6), c(5, 7)]),
        rule("region-sum-line").with("cells", vec![c(3, 3), c(3, 4), c(4, 4)]),
        rule("digital-root-cage")
            .with("cells", vec![c(8, 8), c(8, 9), c(9, 8)])
            .with("root", 3),
        rule("renban").with("cells", vec![c(7, 1), c(7, 2), c(7, 3)]),
        rule("between").with("cells", vec![c(6, 1), c(6, 2), c(6, 3), c(6, 4)]),
        rule("entropic").with("cells", vec![c(8, 1), c(8, 2), c(8, 3), c(8, 4)]),
        rule("modular").with("cells", vec![c(4, 7), c(4, 8), c(4, 9)]),
        rule("quadruple")
            .with("cells", vec![c(4, 4), c(4, 5), c(5, 4), c(5, 5)])
            .with("digits", vec![1, 3, 3]),
        rule("row-indexer").with("cells", vec![c(1, 1), c(1, 2)]),
        rule("column-indexer").with("cells", (1..=9).map(|r| c(r, 1)).collect::<Vec<_>>()),
        rule("box-indexer").with("cells", vec![c(2, 2)]),
        rule("little-killer")
            .with("clue", ClueCell { row: 0, col: 4 })
            .with("direction", Direction::DownLeft)
            .with("sum", 17),
        rule("little-killer")
            .with("clue", ClueCell { row: 9, col: 9 })
            .with("direction", Direction::UpLeft)
            .with("sum", 45),
        rule("sandwich")
            .with("clue", Clue::new(Side::Left, 2))
            .with("sum", 15),
        rule("sandwich")
            .with("clue", Clue::new(Side::Bottom, 8))
            .with("sum", 0),
        rule("x-sum")
            .with("clue", Clue::new(Side::Top, 4))
            .with("sum", 20),
        rule("x-sum")
            .with("clue", Clue::new(Side::Right, 0))
            .with("sum", 1),
        rule("skyscraper")
            .with("clue", Clue::new(Side::Right, 1))
            .with("visible", 3),
        rule("numbered-room")
            .with("clue", Clue::new(Side::Left, 4))
            .with("digit", 7),
        rule("hidden-skyscraper")
            .with("clue", Clue::new(Side::Top, 1))
            .with("digit", 4),
        rule("full-rank")
            .with("clue", Clue::new(Side::Right, 8))
            .with("rank", 30),
        rule("full-rank")
            .with("clue", Clue::new(Side::Top, 2))
            .with("rank", 9)
            .with("ties", 1),
        rule("full-rank-no-ties"),
        rule("global-entropy"),
        rule("global-modular"),
        rule("value-indexing").with("cells", vec![c(7, 7), c(7, 8), c(7, 9), c(8, 9)]),
        rule("look-and-say")
            .with("cells", vec![c(2, 7), c(2, 8), c(3, 7), c(3, 8)])
            .with("digits", vec![3, 5])
            .with("counts", Value::Numbers(vec![2, 0])),
        rule("contain-at-least")
            .with("cells", vec![c(6, 4), c(6, 5), c(6, 6)])
            .with("digits", vec![4, 4, 6]),
        rule("chess")
            .with("name", "anti-camel")
            .with("moves", vec![(1isize, 3isize)]),
        rule("chess")
            .with("name", "chess")
            .with("moves", vec![(-1isize, 2isize), (0, 3)])
            .with("digits", vec![1, 9]),
        rule("taxicab").with("value", 4),
        rule("self-taxicab"),
        rule("custom-pairs")
            .with("name", "custom pairs")
            .with("pairs", vec![(c(1, 1), c(1, 2)), (c(2, 2), c(2, 1))])
            .with("allowed", vec![(1u8, 2u8), (2, 1)]),
        rule("custom-pairs")
            .with("name", "no 1 left of 2")
            .with("pairs", vec![(c(3, 1), c(3, 2))])
            .with("forbidden", vec![(1u8, 2u8)]),
        rule("greater-than").with("cells", (c(1, 3), c(1, 4))),
        rule("lockout").with("cells", vec![c(7, 7), c(7, 8), c(8, 7)]),
        rule("lockout")
            .with("cells", vec![c(7, 9), c(8, 9)])
            .with("value", 5),
        rule("repeating-cage")
            .with("cells", vec![c(2, 7), c(2, 8)])
            .with("sum", 8),
        rule("weighted-sum")
            .with("cells", vec![c(6, 1), c(6, 2), c(6, 3)])
            .with("weights", Value::Numbers(vec![10, 1, -1]))
            .with("sum", 40),
        rule("multi-sum-cage")
            .with("cells", vec![c(3, 7), c(3, 8)])
            .with("sums", Value::Numbers(vec![4, 17])),
        rule("rellik-cage")
            .with("cells", vec![c(1, 6), c(1, 7), c(1, 8)])
            .with("sum", 10),
        rule("equality-cage").with("cells", vec![c(4, 1), c(4, 2), c(5, 1), c(5, 2)]),
        rule("connected-digits").with("digits", vec![1u8, 3, 5, 7, 9]),
        rule("connected-digits")
            .with("digits", vec![2u8, 4])
            .with("size", 18),
        rule("knightmare"),
        rule("knightmare").with("sums", Value::Numbers(vec![5, 15])),
        rule("nonconsecutive-plus"),
        rule("sum-line")
            .with("cells", vec![c(9, 6), c(9, 7), c(9, 8), c(9, 9)])
            .with("sum", 10),
        rule("sum-loop")
            .with("cells", vec![c(5, 8), c(5, 9), c(6, 9), c(6, 8)])
            .with("sum", 10),
        rule("lunchbox")
            .with("cells", vec![c(7, 6), c(7, 7), c(7, 8), c(7, 9)])
            .with("sum", 0),
        rule("equal-sum").with(
            "segments",
            Value::Shafts(vec![vec![c(8, 1), c(8, 2)], vec![c(9, 1), c(9, 2)]]),
        ),
        rule("negative-indexer")
            .with("along", "row")
            .with("cells", vec![c(3, 5), c(4, 5)]),
        rule("counting-circles").with("cells", vec![c(4, 6), c(4, 8), c(6, 7)]),
        rule("chaos-construction"),
        rule("chaos-arrow")
            .with("cell", c(1, 1))
            .with("arms", vec![vec![c(2, 2), c(2, 3)], vec![c(2, 2), c(3, 2)]])
            .with("offset", 1),
        rule("chaos-count")
            .with("cell", c(9, 9))
            .with("cells", vec![c(8, 8), c(8, 9)]),
        rule("same-region").with("cells", vec![c(1, 3), c(1, 4)]),
        rule("different-regions").with("cells", vec![c(2, 3), c(2, 4)]),
        rule("count-distinct")
            .with("cell", c(9, 1))
            .with("cells", vec![c(8, 1), c(8, 2)])
            .with("regions", vec![c(9, 2), c(9, 3)]),
        rule("regex")
            .with("cells", vec![c(6, 1), c(6, 2), c(6, 3)])
            .with("pattern", "[1-3]+9?"),
        rule("automaton")
            .with("segments", Value::Shafts(vec![vec![c(7, 1), c(7, 2), c(7, 3)]]))
            .with("nfa", "TgZ_8SNFZ4n_EaKzxP8NFZ4n8IrPE_BWeJ8DPE8B4nARMAkAAA")
            .with("label", "rising"),
        rule("any-of").with(
            "alternatives",
            vec![
                vec![rule("killer-cage")
                    .with("cells", vec![c(2, 8), c(2, 9)])
                    .with("sum", 3)],
                vec![
                    rule("odd").with("cells", vec![c(2, 8)]),
                    rule("any-of").with(
                        "alternatives",
                        vec![vec![rule("x-sum")
                            .with("clue", Clue::new(Side::Left, 1))
                            .with("sum", 15)]],
                    ),
                ],
            ],
        ),
    ];
    spec
}

#[track_caller]
fn round_trip(spec: &PuzzleSpec) -> String {
    let text = write(spec);
    match read(&text) {
        Ok(back) => assert_eq!(&back, spec, "read back differs:\n{text}"),
        Err(e) => panic!("{e}\n{text}"),
    }
    text
}

#[test]
fn every_rule_round_trips() {
    let spec = every_rule();
    let text = round_trip(&spec);
    // Every registry rule type is written (classic and jigsaw are top-level keys).
    for rule in Registry::default().kinds() {
        assert!(
            text.contains(&format!("type = \"{}\"\n", rule.name)),
            "no {}",
            rule.name
        );
    }
    // Readable: cells by name, givens as rows, defaults left out.
    assert!(text.contains("cells = [\"r1c9\", \"r2c9\", \"r3c9\"]"), "{text}");
    assert!(text.contains("givens = \"\"\"\n5........\n"), "{text}");
    assert!(!text.contains("boxes") && !text.contains("classic"), "{text}");
    insta::assert_snapshot!("every_rule_file", text);

    let mut plain = every_rule();
    plain.classic = false;
    plain.title = None;
    plain.ruleset = Some(String::new());
    plain.givens = Grid::empty(9);
    let text = round_trip(&plain);
    assert!(
        text.contains("classic = false") && !text.contains("givens"),
        "{text}"
    );
}

#[test]
fn small_boards_round_trip() {
    let mut spec = PuzzleSpec::new(4);
    spec.givens = grid("1...\n..2.\n....\n...4", 4);
    spec.rules = vec![
        rule("thermometer").with("cells", vec![Cell(4), Cell(5), Cell(6)]),
        rule("ratio").with("cells", (Cell(0), Cell(1))).with("value", 2),
    ];
    round_trip(&spec);
    for n in [1, 2, 3, 5, 7] {
        let mut spec = PuzzleSpec::new(n);
        spec.givens.set(Cell(0), 1);
        round_trip(&spec);
    }
}

#[test]
fn jigsaw_round_trips_and_keeps_region_numbers() {
    let n = 9;
    let map = "\
        331112222\n\
        333111222\n\
        333311122\n\
        444555666\n\
        444555666\n\
        444555666\n\
        777788899\n\
        777888999\n\
        778889999\n";
    let regions: Vec<u16> = map
        .chars()
        .filter(char::is_ascii_digit)
        .map(|c| c as u16 - '1' as u16)
        .collect();
    let mut spec = PuzzleSpec::new(n);
    spec.layout = Layout::Regions(regions.clone());
    spec.rules.push(rule("disjoint-groups"));
    let text = round_trip(&spec);
    assert!(
        text.contains(&format!("regions = \"\"\"\n{map}\"\"\"\n")),
        "{text}"
    );
    spec.build().unwrap();

    // Letters: regions numbered in reading order.
    let letters = map.replace('3', "a").replace('1', "b").replace('2', "c");
    let letters: String = letters
        .chars()
        .map(|c| match c {
            '4'..='9' => (b'd' + (c as u8 - b'4')) as char,
            c => c,
        })
        .collect();
    let read_back = read(&format!("size = 9\nregions = \"\"\"\n{letters}\"\"\"\n")).unwrap();
    let expected: Vec<u16> = regions
        .iter()
        .map(|&r| match r {
            2 => 0,
            0 => 1,
            1 => 2,
            r => r,
        })
        .collect();
    assert_eq!(read_back.layout, Layout::Regions(expected));
}

#[test]
fn boxes_3x2_on_6x6_round_trip() {
    let mut spec = PuzzleSpec::new(6);
    spec.layout = Layout::Boxes { rows: 3, cols: 2 };
    spec.givens = grid("1.....\n..2...\n....3.\n......\n.4....\n.....6", 6);
    spec.rules.push(rule("anti-king"));
    let text = round_trip(&spec);
    assert!(text.contains("boxes = \"3x2\"\n"), "{text}");
    let puzzle = spec.build().unwrap();
    assert_eq!(puzzle.geometry().box_shape(), Some((3, 2)));
}

#[test]
fn twelve_by_twelve_with_givens_above_nine_round_trips() {
    let n = 12;
    let mut spec = PuzzleSpec::new(n);
    for (i, d) in [10, 11, 12, 1, 9].into_iter().enumerate() {
        spec.givens.set(Cell::at(i, (i * 5) % n, n), d);
    }
    spec.rules
        .push(rule("thermometer").with("cells", vec![at(12, 11, n), at(12, 12, n)]));
    let text = round_trip(&spec);
    assert!(text.contains("10  .  .") && text.contains("r12c11"), "{text}");
    spec.build().unwrap();

    // Letters for digits above 9, one line of n² cells.
    let line = format!("ABC{}", ".".repeat(141));
    let read_back = read(&format!("size = 12\ngivens = \"{line}\"\n")).unwrap();
    assert_eq!(&read_back.givens.values()[..4], &[10, 11, 12, 0]);

    // A 16×16 jigsaw needs numbers separated by spaces.
    let n = 16;
    let mut spec = PuzzleSpec::new(n);
    spec.layout = Layout::Regions(
        (0..n * n)
            .map(|i| ((i / n / 4) * 4 + (i % n) / 4) as u16)
            .collect(),
    );
    spec.givens.set(Cell(0), 16);
    let text = round_trip(&spec);
    assert!(text.contains(" 1  1  1  1  2"), "{text}");
}

/// The ```toml blocks of the module docs, each read on its own (with
/// `size = 9` when the block has no size).
#[test]
fn every_documented_example_reads_and_builds() {
    let source = include_str!("../src/native.rs");
    let mut blocks: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    for line in source.lines().take_while(|l| l.starts_with("//!")) {
        let doc = line.trim_start_matches("//!").strip_prefix(' ').unwrap_or("");
        match (&mut current, doc) {
            (None, "```toml") => current = Some(String::new()),
            (Some(block), "```") => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            (Some(block), _) => {
                block.push_str(doc);
                block.push('\n');
            }
            _ => {}
        }
    }
    assert!(blocks.len() >= 8, "{} blocks", blocks.len());
    let mut documented = Vec::new();
    for block in &blocks {
        let text = if block.lines().any(|l| l.starts_with("size")) {
            block.clone()
        } else {
            format!("size = 9\n{block}")
        };
        let spec = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        for rule in &spec.rules {
            // Each example builds on its own; sums of killer cages come later.
            let mut alone = spec.clone();
            alone.rules = vec![rule.clone()];
            match alone.build() {
                Ok(_) => {}
                Err(SpecError::NotSupported(what))
                    if what.contains("killer cage") || what.contains("little killer") => {}
                Err(e) => panic!("{rule:?}: {e}"),
            }
        }
        round_trip(&spec);
        documented.extend(text.lines().filter_map(|l| {
            l.strip_prefix("type = \"")
                .and_then(|rest| rest.split('"').next())
                .map(str::to_string)
        }));
    }
    for rule in Registry::default().kinds() {
        assert!(
            documented.iter().any(|d| d == rule.name),
            "no example of {}",
            rule.name
        );
    }
}

#[test]
fn a_realistic_puzzle_builds_and_its_solution_checks() {
    let text = r#"
title = "Miracle sudoku, with a thermometer"
author = "Mitchell Lee"
size = 9
givens = """
.........
.........
.........
.........
..1......
......2..
.........
.........
.........
"""

[[rules]]
type = "anti-knight"

[[rules]]
type = "anti-king"

[[rules]]
type = "nonconsecutive"

[[rules]]
type = "thermometer"
cells = "r3c1, r2c2, r1c3"

[[rules]]
type = "thermometer"
cells = ["r7c1", "r7c2"]
"#;
    let spec = read(text).unwrap();
    assert_eq!(spec.rules.len(), 5);
    assert_eq!(spec.givens.filled(), 2);
    let puzzle = spec.build().unwrap();
    assert_eq!(puzzle.constraints().len(), 6);
    let solution = grid(
        "483726159\n726159483\n159483726\n837261594\n261594837\n594837261\n372615948\n615948372\n948372615",
        9,
    );
    puzzle.verify_solution(&solution).unwrap();
}

#[test]
fn a_thermometer_that_repeats_a_cell_names_the_rule_and_the_line() {
    let text = "size = 9\n\n[[rules]]\ntype = \"anti-knight\"\n\n[[rules]]\ntype = \"thermometer\"\ncells = [\"r1c1\", \"r1c2\", \"r1c1\"]\n";
    let err = read(text).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 8, column 26: rules[2].cells: the thermometer lists r1c1 twice"
    );
}

/// Reads `text`, expecting an error at `line` whose display contains `what`.
#[track_caller]
fn fails(text: &str, line: usize, what: &str) -> NativeError {
    let err = match read(text) {
        Ok(spec) => panic!("read:\n{text}\nas {spec:?}"),
        Err(e) => e,
    };
    assert_eq!(err.line, line, "{err}");
    assert!(err.to_string().contains(what), "{err}\nexpected: {what}");
    err
}

const RULE: &str = "size = 9\n\n[[rules]]\n";

#[test]
fn toml_syntax_errors_keep_the_toml_position() {
    let err = fails("size = 9\ntitle = \"unclosed\n", 2, "invalid TOML");
    assert!(err.column.is_some() && err.key.is_none(), "{err:?}");
    fails("size = 9\nsize = 4\n", 2, "invalid TOML: duplicate key");
    fails(
        "size = 9\n[[rules]]\ntype = \"odd\"\ncells = [\"r1c1\",\n",
        4,
        "invalid TOML",
    );
}

#[test]
fn unknown_keys() {
    let err = fails(
        "size = 9\ncolour = \"red\"\n",
        2,
        "unknown key 'colour' (the top-level keys are",
    );
    assert_eq!((err.column, err.key.as_deref()), (Some(1), Some("colour")));
    fails(
        "size = 9\ngiven = \"1\"\n",
        2,
        "unknown key 'given': did you mean 'givens'?",
    );
    fails(
        "size = 9\nanti-knight = true\n",
        2,
        "rules go in their own tables, [[rules]] then type = \"anti-knight\"",
    );
    fails("size = 9\njigsaw = true\n", 2, "draw a jigsaw with regions");

    let text = format!("{RULE}type = \"thermometer\"\ncells = [\"r1c1\", \"r1c2\"]\ncolour = \"red\"\n");
    let err = fails(
        &text,
        6,
        "the thermometer rule has no key 'colour' (it takes cells)",
    );
    assert_eq!(
        err.to_string(),
        "line 6, column 1: rules[1].colour: the thermometer rule has no key 'colour' (it takes cells)"
    );
    fails(
        &format!("{RULE}type = \"thermometer\"\ncell = [\"r1c1\"]\n"),
        5,
        "did you mean 'cells'?",
    );
    fails(
        &format!("{RULE}type = \"anti-king\"\ncells = [\"r1c1\"]\n"),
        5,
        "(it takes no parameters)",
    );
    fails(
        &format!("{RULE}type = \"anti-king\"\ngivens = \"1\"\n"),
        5,
        "givens is a top-level key: put it before the first [[rules]]",
    );
}

#[test]
fn unknown_rule_types_suggest_the_closest_name() {
    let err = fails(
        &format!("{RULE}type = \"thermo\"\n"),
        4,
        "unknown rule type 'thermo': did you mean 'thermometer'?",
    );
    assert_eq!((err.column, err.key.as_deref()), (Some(8), Some("rules[1].type")));
    fails(
        &format!("{RULE}type = \"antiknight\"\n"),
        4,
        "did you mean 'anti-knight'?",
    );
    fails(
        &format!("{RULE}type = \"killercage\"\n"),
        4,
        "did you mean 'killer-cage'?",
    );
    fails(
        &format!("{RULE}type = \"thermometre\"\n"),
        4,
        "did you mean 'thermometer'?",
    );
    fails(
        &format!("{RULE}type = \"german-whispers\"\n"),
        4,
        "did you mean 'whispers'?",
    );
    fails(
        &format!("{RULE}type = \"banana\"\n"),
        4,
        "unknown rule type 'banana' (sudokit rules lists the types)",
    );
    fails(
        &format!("{RULE}type = \"jigsaw\"\n"),
        4,
        "draw the regions with the top-level key regions",
    );
    fails(
        &format!("{RULE}type = \"classic\"\n"),
        4,
        "it is the top-level key classic",
    );
    fails(
        &format!("{RULE}type = 3\n"),
        4,
        "rules[1].type: expected a string, found an integer",
    );
    fails(
        &format!("{RULE}cells = [\"r1c1\"]\n"),
        3,
        "rules[1]: this rule has no type",
    );
}

#[test]
fn missing_parameters_point_at_the_rule() {
    let text = "size = 9\n\n[[rules]]\ntype = \"anti-knight\"\n\n[[rules]]\ntype = \"thermometer\"\n";
    let err = fails(
        text,
        6,
        "the thermometer needs 'cells', such as cells = [\"r1c1\", \"r1c2\"]",
    );
    assert_eq!(err.key.as_deref(), Some("rules[2]"));
    fails(
        &format!("{RULE}type = \"xv\"\ncells = \"r1c1 r1c2\"\n"),
        3,
        "the xv needs 'value', such as value = \"X\"",
    );
    fails(
        &format!("{RULE}type = \"clone\"\ncells = \"r1c1 r1c2\"\n"),
        3,
        "the clone needs 'clones'",
    );
    fails(
        &format!("{RULE}type = \"pencil-marks\"\ncell = \"r1c1\"\n"),
        3,
        "needs 'digits'",
    );
    fails(
        &format!("{RULE}type = \"taxicab\"\n"),
        3,
        "needs 'value', such as value = 3",
    );
    fails(&format!("{RULE}type = \"chess\"\n"), 3, "needs 'moves'");
    fails(
        &format!("{RULE}type = \"custom-pairs\"\npairs = []\n"),
        3,
        "needs 'allowed' or 'forbidden'",
    );
    fails("title = \"no size\"\n", 1, "missing 'size'");
}

#[test]
fn cell_names_and_the_board() {
    let err = fails(
        &format!("{RULE}type = \"thermometer\"\ncells = [\"r1c1\", \"r10c1\"]\n"),
        5,
        "'r10c1' is off the 9×9 board",
    );
    assert_eq!(
        err.to_string(),
        "line 5, column 18: rules[1].cells: 'r10c1' is off the 9×9 board"
    );
    fails(
        &format!("{RULE}type = \"odd\"\ncells = [\"r0c1\"]\n"),
        5,
        "'r0c1' is off the 9×9 board",
    );
    fails(
        &format!("{RULE}type = \"odd\"\ncells = [\"r99999999999999999999999c1\"]\n"),
        5,
        "is off the 9×9 board",
    );
    fails(
        &format!("{RULE}type = \"odd\"\ncells = [\"a1\"]\n"),
        5,
        "'a1' is not a cell name (write r<row>c<col>, such as r1c1)",
    );
    fails(
        &format!("{RULE}type = \"odd\"\ncells = [\"r1c\"]\n"),
        5,
        "'r1c' is not a cell name",
    );
    fails(
        &format!("{RULE}type = \"odd\"\ncells = [\"r-1c2\"]\n"),
        5,
        "is not a cell name",
    );
    fails(
        &format!("{RULE}type = \"odd\"\ncells = [1, 2]\n"),
        5,
        "expected a cell name such as \"r1c1\", found an integer",
    );
    fails(
        &format!("{RULE}type = \"odd\"\ncells = 12\n"),
        5,
        "expected a list of cells",
    );
    fails(
        &format!("{RULE}type = \"odd\"\ncells = []\n"),
        5,
        "the odd has no cells",
    );
    // Within one string, the column is the name's.
    let err = fails(
        &format!("{RULE}type = \"odd\"\ncells = \"r1c1, r1x2\"\n"),
        5,
        "'r1x2' is not a cell name",
    );
    assert_eq!(err.column, Some(16));
    let err = fails(
        &format!("{RULE}type = \"pencil-marks\"\ncell = \"R12C1\"\ndigits = [1]\n"),
        5,
        "'R12C1' is off",
    );
    assert_eq!(err.key.as_deref(), Some("rules[1].cell"));
    // Upper case names are fine.
    let spec = read(&format!("{RULE}type = \"odd\"\ncells = \"R1C1 r9c9\"\n")).unwrap();
    assert_eq!(spec.rules, [rule("odd").with("cells", vec![Cell(0), Cell(80)])]);
}

#[test]
fn lists_that_repeat_a_cell() {
    fails(
        &format!("{RULE}type = \"killer-cage\"\ncells = \"r1c1 r1c2 r1c1\"\n"),
        5,
        "the killer-cage lists r1c1 twice",
    );
    fails(
        &format!("{RULE}type = \"whispers\"\ncells = [\"r1c1\",\n  \"r1c2\",\n  \"r1c1\"]\n"),
        7,
        "the whispers lists r1c1 twice",
    );
    fails(
        &format!("{RULE}type = \"extra-region\"\ncells = \"r1c1 r1c1\"\n"),
        5,
        "the extra-region lists r1c1 twice",
    );
    fails(
        &format!("{RULE}type = \"difference\"\ncells = \"r1c1 r1c1\"\n"),
        5,
        "the difference lists r1c1 twice",
    );
    fails(
        &format!("{RULE}type = \"difference\"\ncells = \"r1c1 r1c2 r1c3\"\n"),
        5,
        "a difference joins two cells, found 3",
    );
    fails(
        &format!("{RULE}type = \"custom-pairs\"\npairs = [[\"r1c1\", \"r1c1\"]]\nallowed = []\n"),
        5,
        "the pair lists r1c1 twice",
    );
}

#[test]
fn clone_lists_must_pair_up() {
    let text = format!("{RULE}type = \"clone\"\ncells = [\"r1c1\", \"r1c2\"]\nclones = [\"r9c9\"]\n");
    let err = fails(
        &text,
        6,
        "the clone has 2 cells and 1 clones: the lists pair up in order",
    );
    assert_eq!(err.key.as_deref(), Some("rules[1].clones"));
    fails(
        &format!("{RULE}type = \"clone\"\ncells = [\"r1c1\"]\nclones = [\"r1c1\"]\n"),
        6,
        "r1c1 is its own clone",
    );
}

#[test]
fn regions_of_the_wrong_shape() {
    let rows = "111222333\n111222333\n111222333\n444555666\n444555666\n444555666\n777888999\n777888999\n";
    let err = fails(
        &format!("size = 9\nregions = \"\"\"\n{rows}\"\"\"\n"),
        2,
        "the regions have 8 rows, expected 9",
    );
    assert_eq!(err.key.as_deref(), Some("regions"));
    fails(
        &format!(
            "size = 9\nregions = \"\"\"\n{rows}{}\n{}\"\"\"\n",
            "777888999", "777888999"
        ),
        12,
        "the regions have 10 rows, expected 9",
    );
    let short = rows.replacen("444555666", "44455566", 1);
    let err = fails(
        &format!("size = 9\nregions = \"\"\"\n{short}777888999\n\"\"\"\n"),
        6,
        "row 4 of the regions has 8 symbols, expected 9",
    );
    assert_eq!(err.column, Some(1));
    let uneven = format!("{rows}777888899\n");
    let err = fails(
        &format!("size = 9\nregions = \"\"\"\n{uneven}\"\"\"\n"),
        9,
        "region '8' has 10 cells, expected 9",
    );
    assert_eq!(err.column, Some(4));
    let merged = format!("{rows}777888999\n").replace(['1', '2'], "a");
    fails(
        &format!("size = 9\nregions = \"\"\"\n{merged}\"\"\"\n"),
        3,
        "region 'a' has 18 cells, expected 9",
    );
    // ten symbols on a 9×9 board: one region too many
    let ten = format!("{rows}77788899X\n").replace('1', "a").replace('9', "b");
    fails(
        &format!("size = 9\nregions = \"\"\"\n{ten}\"\"\"\n"),
        11,
        "'X' makes a region too many: a 9×9 board has 9 regions",
    );
    fails(
        &format!("size = 9\nboxes = \"3x3\"\nregions = \"\"\"\n{rows}777888999\n\"\"\"\n"),
        3,
        "give either boxes or regions, not both",
    );
    fails(
        "size = 9\nregions = 3\n",
        2,
        "regions: expected a string, found an integer",
    );
}

#[test]
fn boxes_must_tile_the_board() {
    let err = fails(
        "size = 9\nboxes = \"2x4\"\n",
        2,
        "boxes of 2×4 do not tile a 9×9 board (rows × cols must be 9)",
    );
    assert_eq!((err.column, err.key.as_deref()), (Some(9), Some("boxes")));
    fails(
        "size = 6\nboxes = \"3by2\"\n",
        2,
        "'3by2' is not a box shape: write ROWSxCOLS",
    );
    fails("size = 6\nboxes = \"0x6\"\n", 2, "boxes of 0×6 do not tile");
    assert_eq!(
        read("size = 6\nboxes = \"2 × 3\"\n").unwrap().layout,
        Layout::Boxes { rows: 2, cols: 3 }
    );
}

#[test]
fn givens_must_fit_the_board() {
    let err = fails(
        "size = 9\ngivens = \"\"\"\n1...\n..2.\n....\n...4\n\"\"\"\n",
        3,
        "givens: the givens do not fit a 9×9 board: row 1 has 4 cells, expected 9",
    );
    assert_eq!(err.column, None);
    fails(
        &format!("size = 9\ngivens = \"{}\"\n", ".".repeat(80)),
        2,
        "the givens do not fit a 9×9 board",
    );
    let err = fails(
        "size = 4\ngivens = \"\"\"\n1...\n..2.\n.5..\n...4\n\"\"\"\n",
        5,
        "givens: symbol '5' (5) is out of range for a 4×4 board (1-4)",
    );
    assert_eq!(err.column, Some(2));
    // on the line of the key: the column counts the opening quote
    let err = fails(
        "size = 4\ngivens = \"1..5............\"\n",
        2,
        "out of range for a 4×4 board",
    );
    assert_eq!(err.column, Some(14));
    fails(
        "size = 4\ngivens = \"\"\"\n1...\n....\n....\n....\n\n1...\n....\n....\n....\n\"\"\"\n",
        8,
        "the givens hold 2 grids, a puzzle has one",
    );
    fails(
        "size = 4\ngivens = [1, 2]\n",
        2,
        "givens: expected a string, found a list",
    );
    fails(
        "size = 4\ngivens = \"hello there\"\n",
        2,
        "no grid found in the givens",
    );
}

#[test]
fn digits_outside_the_board() {
    let err = fails(
        &format!("{RULE}type = \"pencil-marks\"\ncell = \"r1c1\"\ndigits = [1, 10]\n"),
        6,
        "digit 10 is outside 1..=9",
    );
    assert_eq!(
        (err.column, err.key.as_deref()),
        (Some(14), Some("rules[1].digits"))
    );
    fails(
        &format!("{RULE}type = \"pencil-marks\"\ncell = \"r1c1\"\ndigits = [0]\n"),
        6,
        "digit 0 is outside 1..=9",
    );
    fails(
        &format!("{RULE}type = \"pencil-marks\"\ncell = \"r1c1\"\ndigits = []\n"),
        6,
        "no digits listed",
    );
    fails(
        &format!("{RULE}type = \"difference\"\ncells = \"r1c1 r1c2\"\nvalue = 12\n"),
        6,
        "digit 12 is outside 1..=9",
    );
    fails(
        &format!("{RULE}type = \"chess\"\nmoves = [[1, 3]]\ndigits = [1, 99]\n"),
        6,
        "digit 99 is outside 1..=9",
    );
    fails(
        &format!(
            "{RULE}type = \"custom-pairs\"\npairs = [[\"r1c1\", \"r1c2\"]]\nallowed = [[1, 2], [3, 10]]\n"
        ),
        6,
        "digit 10 is outside 1..=9",
    );
    fails(
        &format!("{RULE}type = \"whispers\"\ncells = \"r1c1 r1c2\"\nvalue = -1\n"),
        6,
        "digit -1 is outside 1..=9",
    );
}

#[test]
fn other_values() {
    fails("size = 0\n", 1, "size: size 0 is outside 1..=128");
    fails("size = 200\n", 1, "size 200 is outside 1..=128");
    fails("size = \"9\"\n", 1, "size: expected an integer, found a string");
    fails("size = 99999999999999999999\n", 1, "is too large");
    fails(
        "size = 9\nclassic = \"yes\"\n",
        2,
        "classic: expected true or false, found a string",
    );
    fails(
        "size = 9\ntitle = 3\n",
        2,
        "title: expected a string, found an integer",
    );
    fails(
        "size = 9\n[rules]\ntype = \"odd\"\n",
        2,
        "give each rule its own [[rules]] header (two brackets)",
    );
    fails(
        "size = 9\nrules = [1]\n",
        2,
        "rules[1]: expected a rule table, found an integer",
    );
    fails(
        &format!("{RULE}type = \"xv\"\ncells = \"r1c1 r1c2\"\nvalue = \"Y\"\n"),
        6,
        "an xv value is \"X\"",
    );
    fails(
        &format!("{RULE}type = \"xv\"\ncells = \"r1c1 r1c2\"\nvalue = 7\n"),
        6,
        "for other sums use type = \"sum\"",
    );
    fails(
        &format!("{RULE}type = \"sum\"\ncells = \"r1c1 r1c2\"\nvalue = 0\n"),
        6,
        "sum 0 is outside",
    );
    fails(
        &format!("{RULE}type = \"killer-cage\"\ncells = \"r1c1 r1c2\"\nsum = 2.5\n"),
        6,
        "expected an integer, found a decimal number",
    );
    fails(
        &format!("{RULE}type = \"taxicab\"\nvalue = 17\n"),
        5,
        "distance 17 is outside 1..=16",
    );
    fails(
        &format!("{RULE}type = \"chess\"\nmoves = [[0, 0]]\n"),
        5,
        "the move [0, 0] goes nowhere",
    );
    fails(
        &format!("{RULE}type = \"chess\"\nmoves = [[1, 9]]\n"),
        5,
        "the move [1, 9] leaves the 9×9 board",
    );
    fails(
        &format!("{RULE}type = \"chess\"\nmoves = [[1, 2, 3]]\n"),
        5,
        "expected two numbers such as [1, 2], found 3",
    );
    fails(
        &format!("{RULE}type = \"chess\"\nmoves = []\n"),
        5,
        "no moves listed",
    );
    fails(
        &format!("{RULE}type = \"custom-pairs\"\npairs = []\nallowed = []\nforbidden = []\n"),
        7,
        "give either allowed or forbidden digit pairs, not both",
    );
    // Accepted spellings.
    let spec = read(&format!(
        "{RULE}type = \"xv\"\ncells = \"r1c1 r1c2\"\nvalue = \"v\"\n"
    ))
    .unwrap();
    assert_eq!(
        spec.rules,
        [rule("xv").with("cells", (Cell(0), Cell(1))).with("value", 5)]
    );
    let spec = read(&format!(
        "{RULE}type = \"xv\"\ncells = \"r1c1 r1c2\"\nvalue = 10\n"
    ))
    .unwrap();
    assert_eq!(
        spec.rules,
        [rule("xv").with("cells", (Cell(0), Cell(1))).with("value", 10)]
    );
    let inline =
        read("size = 9\nrules = [{ type = \"anti-knight\" }, { type = \"odd\", cells = \"r1c1\" }]\n")
            .unwrap();
    assert_eq!(
        inline.rules,
        [rule("anti-knight"), rule("odd").with("cells", vec![Cell(0)])]
    );
}

#[test]
fn outside_clues_read_as_people_say_them() {
    let spec = read(
        "size = 9\nrules = [\n\
         { type = 'sandwich', clue = 'left of r3', sum = 15 },\n\
         { type = 'x-sum', clue = 'Below C5', sum = 20 },\n\
         { type = 'skyscraper', clue = 'r10c5', visible = 4 },\n\
         { type = 'skyscraper', clue = 'r4c0', visible = 4 },\n\
         { type = 'little-killer', clue = 'r1c3', direction = 'down-left', sum = 12 },\n\
         ]\n",
    )
    .unwrap();
    assert_eq!(
        spec.rules,
        [
            rule("sandwich")
                .with("clue", Clue::new(Side::Left, 2))
                .with("sum", 15),
            rule("x-sum")
                .with("clue", Clue::new(Side::Bottom, 4))
                .with("sum", 20),
            rule("skyscraper")
                .with("clue", Clue::new(Side::Bottom, 4))
                .with("visible", 4),
            rule("skyscraper")
                .with("clue", Clue::new(Side::Left, 3))
                .with("visible", 4),
            rule("little-killer")
                .with("clue", ClueCell { row: 1, col: 3 })
                .with("direction", Direction::DownLeft)
                .with("sum", 12),
        ]
    );
    let text = round_trip(&spec);
    assert!(text.contains("clue = \"below c5\"\n"), "{text}");
    assert!(text.contains("clue = \"r1c3\"\ndirection = \"DL\"\n"), "{text}");
    assert!(spec.build().is_ok());
}

#[test]
fn outside_clues_in_the_wrong_place_or_out_of_range() {
    let rule = |body: &str| format!("{RULE}{body}\n");
    fails(
        &rule("type = 'sandwich'\nclue = 'left of r10'\nsum = 3"),
        5,
        "rules[1].clue: the 9×9 board has no row 10",
    );
    fails(
        &rule("type = 'sandwich'\nclue = 'r3c3'\nsum = 3"),
        5,
        "rules[1].clue: r3c3 is inside the grid",
    );
    fails(
        &rule("type = 'x-sum'\nclue = 'r0c0'\nsum = 3"),
        5,
        "r0c0 is a corner",
    );
    fails(
        &rule("type = 'x-sum'\nclue = 'beside r3'\nsum = 3"),
        5,
        "'beside r3' is not a clue position (write \"left of r3\"",
    );
    fails(
        &rule("type = 'sandwich'\nclue = 'above c1'\nsum = 36"),
        6,
        "rules[1].sum: the digits between the 1 and the 9 sum to at most 35 on a 9×9 board",
    );
    fails(
        &rule("type = 'skyscraper'\nclue = 'above c1'\nvisible = 10"),
        6,
        "rules[1].visible: a skyscraper clue on a 9×9 board is 1 to 9",
    );
    fails(
        &rule("type = 'x-sum'\nclue = 'above c1'\nsum = 0"),
        6,
        "an X-sum on a 9×9 board is 1 to 45",
    );
    fails(
        &rule("type = 'little-killer'\nclue = 'r0c4'\ndirection = 'UR'\nsum = 3"),
        6,
        "rules[1].direction: the little killer clue r0c4 points up-right, away from the 9×9 grid",
    );
    fails(
        &rule("type = 'little-killer'\nclue = 'r0c4'\ndirection = 'south'\nsum = 3"),
        6,
        "'south' is not a direction",
    );
    fails(
        &rule("type = 'little-killer'\nclue = 'r12c4'\ndirection = 'DL'\nsum = 3"),
        5,
        "'r12c4' is not on or next to the 9×9 board",
    );
    fails(
        &rule("type = 'sandwich'\nclue = 'left of r1'"),
        3,
        "the sandwich needs 'sum', such as sum = 15",
    );
    fails(
        &rule("type = 'skyscraper'\nclue = 'left of r1'\nsum = 3"),
        6,
        "the skyscraper rule has no key 'sum'",
    );
}

#[test]
fn errors_display_only_what_is_known() {
    let full = NativeError {
        line: 12,
        column: Some(9),
        key: Some("rules[3].cells".into()),
        message: "'r10c1' is off the 9×9 board".into(),
    };
    assert_eq!(
        full.to_string(),
        "line 12, column 9: rules[3].cells: 'r10c1' is off the 9×9 board"
    );
    let bare = NativeError {
        line: 3,
        column: None,
        key: None,
        message: "oops".into(),
    };
    assert_eq!(bare.to_string(), "line 3: oops");
}

#[test]
fn no_input_panics() {
    let text = write(&every_rule());
    // Every prefix of a full file.
    for (i, _) in text.char_indices() {
        let _ = read(&text[..i]);
    }
    // Random edits with characters that matter to TOML and to the format.
    let alphabet: Vec<char> = "[]{}\"'=,.\n #0123456789-xXrcR×é\\".chars().collect();
    let mut rng = fastrand::Rng::with_seed(7);
    let chars: Vec<char> = text.chars().collect();
    for _ in 0..3000 {
        let mut edited = chars.clone();
        for _ in 0..rng.usize(1..4) {
            let i = rng.usize(..edited.len());
            match rng.u8(..3) {
                0 => edited[i] = alphabet[rng.usize(..alphabet.len())],
                1 => {
                    edited.remove(i);
                }
                _ => edited.insert(i, alphabet[rng.usize(..alphabet.len())]),
            }
        }
        let edited: String = edited.into_iter().collect();
        if let Err(e) = read(&edited) {
            assert!(e.line >= 1 && e.line <= edited.lines().count().max(1) + 1, "{e}");
        }
    }
    for text in [
        "",
        "\u{feff}",
        "size = 1",
        "size = 128",
        "size = 9\ngivens = \"\"\"\n\"\"\"",
        "size = 9\nregions = \"\"\n",
    ] {
        let _ = read(text);
    }
}

#[test]
fn quadruples_and_the_new_lines() {
    let err = fails(
        &format!("{RULE}type = \"quadruple\"\ncells = \"r1c1 r1c2 r2c1 r2c2\"\ndigits = [1, 2, 3, 4, 5]\n"),
        6,
        "a quadruple lists at most 4 digits (4, and no more than its 4 cells), found 5",
    );
    assert_eq!(
        (err.column, err.key.as_deref()),
        (Some(10), Some("rules[1].digits"))
    );
    fails(
        &format!("{RULE}type = \"quadruple\"\ncells = \"r1c1 r1c2\"\ndigits = [1, 1, 2]\n"),
        6,
        "a quadruple lists at most 2 digits",
    );
    fails(
        &format!("{RULE}type = \"quadruple\"\ncells = \"r1c1 r1c2 r2c1 r2c2\"\ndigits = [0]\n"),
        6,
        "digit 0 is outside 1..=9",
    );
    fails(
        &format!("{RULE}type = \"quadruple\"\ncells = \"r1c1 r1c2 r2c1 r2c2\"\n"),
        3,
        "the quadruple needs 'digits', such as digits = [1, 2]",
    );
    fails(
        &format!("{RULE}type = \"renban\"\ncells = \"r1c1 r1c2 r1c1\"\n"),
        5,
        "the renban lists r1c1 twice",
    );
    fails(
        &format!("{RULE}type = \"between\"\ncells = \"r1c1 r1c2\"\nvalue = 3\n"),
        6,
        "the between rule has no key 'value' (it takes cells)",
    );
    fails(
        &format!("{RULE}type = \"entropy\"\n"),
        4,
        "unknown rule type 'entropy': did you mean 'entropic'?",
    );
    // Read, then refused when built: a renban longer than the board.
    let spec =
        read("size = 4\nrules = [{ type = \"renban\", cells = \"r1c1 r1c2 r1c3 r1c4 r2c4\" }]\n").unwrap();
    assert_eq!(
        spec.build().unwrap_err().to_string(),
        "renban: a renban line of 5 cells needs 5 different consecutive digits, and a 4×4 board has 4"
    );
}
