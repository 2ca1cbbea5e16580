//! `sudokit generate` and `sudokit experiment heavy-tail`: unique puzzles
//! checked by a second strategy, minimality, symmetry, templates, seeds.

mod common;

use common::run_sudokit;
use sudokit::constraints::classic_puzzle;
use sudokit::core::format::{parse_grids, ParseOptions};
use sudokit::core::{Cell, Grid, Puzzle};
use sudokit::solvers::generate::Symmetry;
use sudokit::solvers::{Dlx, Limits, Strategy};
use sudokit::{read_puzzles, InputFormat, ReadOptions};

fn grid(line: &str) -> Grid {
    parse_grids(line, &ParseOptions::default())
        .remove(0)
        .unwrap()
        .grid
}

/// Solutions counted by DLX, not the propagation search that generated.
fn dlx_count(puzzle: &Puzzle) -> u64 {
    Dlx.count(puzzle, &Limits::solutions(2)).unwrap().count
}

/// Every given is needed: taking any one away (with its symmetric partner)
/// leaves several solutions.
fn assert_minimal(puzzle: &Puzzle, symmetry: Symmetry) {
    let n = puzzle.size();
    for i in 0..n * n {
        let cell = Cell(i as u16);
        if puzzle.givens().get(cell).is_none() {
            continue;
        }
        let mut fewer = puzzle.givens().clone();
        symmetry.orbit(cell, n).iter().for_each(|&c| fewer.set(c, 0));
        let smaller = puzzle.clone().with_givens(fewer).unwrap();
        assert_eq!(dlx_count(&smaller), 2, "{} is not needed", cell.name(n));
    }
}

#[test]
fn unique_puzzles_are_unique_minimal_and_symmetric() {
    for symmetry in ["none", "rotational", "mirror"] {
        let (out, err, code) = run_sudokit(
            &[
                "generate",
                "unique",
                "--count",
                "3",
                "--seed",
                "5",
                "--symmetry",
                symmetry,
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        let symmetry = Symmetry::by_name(symmetry).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        for line in lines {
            let puzzle = classic_puzzle(grid(line)).unwrap();
            assert_eq!(dlx_count(&puzzle), 1, "{line}");
            assert_minimal(&puzzle, symmetry);
            for i in 0..81u16 {
                let given = puzzle.givens().get(Cell(i)).is_some();
                for &image in &symmetry.orbit(Cell(i), 9) {
                    assert_eq!(
                        puzzle.givens().get(image).is_some(),
                        given,
                        "{line}: not {symmetry}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles_on_any_number_of_threads() {
    let args = |jobs: &'static str| {
        [
            "generate", "unique", "--count", "6", "--size", "6", "--seed", "9", "--jobs", jobs,
        ]
    };
    let (one, _, _) = run_sudokit(&args("1"), "");
    let (two, _, _) = run_sudokit(&args("2"), "");
    assert_eq!(one, two);
    assert_eq!(one.lines().count(), 6);
    for line in one.lines() {
        let puzzle = classic_puzzle(
            parse_grids(line, &ParseOptions { size: Some(6) })
                .remove(0)
                .unwrap()
                .grid,
        )
        .unwrap();
        assert_eq!(dlx_count(&puzzle), 1, "{line}");
    }
}

/// Norvig's random puzzles, and what `--check` says about them, against DLX.
#[test]
fn random_puzzles_say_how_many_solutions_they_have() {
    let (out, err, code) = run_sudokit(
        &["generate", "random", "--count", "20", "--seed", "3", "--check"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    for line in out.lines() {
        let (givens, note) = line.split_once("  # ").unwrap();
        let puzzle = classic_puzzle(grid(givens)).unwrap();
        assert!(puzzle.givens().values().iter().filter(|&&d| d != 0).count() >= 17);
        let expected = match dlx_count(&puzzle) {
            0 => "no solution",
            1 => "unique",
            _ => "several solutions",
        };
        assert_eq!(note, expected, "{line}");
    }
}

/// A variant template keeps its rules; the Miracle Sudoku's rules need two
/// givens at least, and the generated ones are unique for DLX too.
#[test]
fn a_template_keeps_its_rules() {
    let template = common::example("miracle.toml");
    let (out, err, code) = run_sudokit(
        &["generate", "unique", "--seed", "4", template.to_str().unwrap()],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let read = read_puzzles(&out, InputFormat::Native, &ReadOptions::default())
        .remove(0)
        .unwrap();
    let names: Vec<String> = read
        .puzzle
        .constraints()
        .iter()
        .map(|c| c.name().into_owned())
        .collect();
    assert!(names.iter().any(|n| n == "anti-knight"), "{names:?}");
    assert_eq!(dlx_count(&read.puzzle), 1);
    assert_minimal(&read.puzzle, Symmetry::None);
}

#[test]
fn a_grade_range_is_honoured() {
    let (out, err, code) = run_sudokit(
        &[
            "generate", "unique", "--count", "2", "--seed", "8", "--grade", "..2.3",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let (graded, _, _) = run_sudokit(&["grade", "--json"], &out);
    for line in graded.lines() {
        let json: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(json["score"].as_f64().unwrap() <= 2.3, "{line}");
    }
    let (_, err, code) = run_sudokit(&["generate", "unique", "--grade", "5..3"], "");
    assert_eq!(code, 2);
    assert!(err.contains("empty range"), "{err}");
}

#[test]
fn heavy_tail_prints_norvigs_table_and_draws_the_histogram() {
    let svg = std::env::temp_dir().join(format!("sudokit-heavy-tail-{}.svg", std::process::id()));
    let (out, err, code) = run_sudokit(
        &[
            "experiment",
            "heavy-tail",
            "--count",
            "150",
            "--svg",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    for order in ["deterministic", "random order"] {
        let table: Vec<&str> = out
            .split(&format!("{order}: solve times in ms\n"))
            .nth(1)
            .unwrap()
            .lines()
            .take(4)
            .collect();
        let sizes: Vec<&str> = table[1..]
            .iter()
            .map(|l| l.split_whitespace().next().unwrap())
            .collect();
        assert_eq!(sizes, ["10", "100", "150"], "{out}");
    }
    assert!(out.contains("slowest (deterministic): "), "{out}");
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(
        drawn.starts_with("<svg") && drawn.contains("random order"),
        "{drawn}"
    );
    let _ = std::fs::remove_file(svg);
}

/// Rules strong enough for one solution need no givens, and say so.
#[test]
fn rules_alone_can_need_no_givens() {
    let template = common::example("hintless.toml");
    let (out, err, code) = run_sudokit(
        &["generate", "unique", "--seed", "1", template.to_str().unwrap()],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("no givens are needed"), "{err}");
    let read = read_puzzles(&out, InputFormat::Native, &ReadOptions::default())
        .remove(0)
        .unwrap();
    assert!(read.puzzle.givens().values().iter().all(|&d| d == 0), "{out}");
    assert_eq!(dlx_count(&read.puzzle), 1);
}
