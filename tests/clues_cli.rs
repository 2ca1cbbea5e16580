//! `sudokit clues`: the puzzles it prints are unique (by another strategy)
//! and within the clue limit, the catalogue's puzzles are found, and bad
//! lines are reported where they are while the others are answered. The
//! search itself is tested against the catalogue in `research/clues`.

mod common;

use common::{digits81, lines, run_sudokit};
use sudokit::constraints::classic_puzzle;
use sudokit::core::Grid;
use sudokit::solvers::{Dlx, Limits, Strategy};

/// A grid of the 17-clue catalogue with eight listed puzzles.
const GRID: &str = "176832954845679312293145687358926471417583269629714835931258746764391528582467193";

/// The catalogue's puzzles of `grid`.
fn listed(grid: &str) -> Vec<String> {
    let puzzles = lines("classic/17clue.txt");
    let solutions = lines("classic/17clue.solutions.txt");
    puzzles
        .into_iter()
        .zip(solutions)
        .filter(|(_, s)| s == grid)
        .map(|(p, _)| p)
        .collect()
}

/// The pattern of every cell that holds a clue in one of `puzzles`.
fn pattern(puzzles: &[String]) -> String {
    (0..81)
        .map(|i| {
            if puzzles.iter().any(|p| p.as_bytes()[i] != b'.') {
                'x'
            } else {
                '.'
            }
        })
        .collect()
}

/// Asserts that `line` has at most `max` clues and `grid` as its only
/// solution, by dancing links.
fn assert_unique_puzzle(line: &str, grid: &str, max: usize) {
    assert!(
        line.bytes().filter(|b| b.is_ascii_digit()).count() <= max,
        "{line}"
    );
    let puzzle = classic_puzzle(Grid::from_values(9, digits81(line)).unwrap()).unwrap();
    let outcome = Dlx.solve(&puzzle, &Limits::solutions(2)).unwrap();
    assert_eq!(outcome.solutions.len(), 1, "{line} has one solution");
    assert_eq!(outcome.solutions[0].values(), digits81(grid).as_slice(), "{line}");
}

#[test]
fn clues_finds_the_listed_puzzles_on_their_pattern() {
    let listed = listed(GRID);
    assert_eq!(listed.len(), 8);
    let input = format!("{GRID} {}\n", pattern(&listed));
    let (stdout, stderr, code) = run_sudokit(&["clues", "--max", "17"], &input);
    assert_eq!(code, 0, "{stderr}");
    let mut found: Vec<&str> = stdout.lines().collect();
    for line in &found {
        assert_unique_puzzle(line, GRID, 17);
    }
    found.sort_unstable();
    let mut listed: Vec<&str> = listed.iter().map(String::as_str).collect();
    listed.sort_unstable();
    assert_eq!(found, listed);
}

#[test]
fn clues_json_gives_one_object_per_grid() {
    let grids = lines("classic/17clue.solutions.txt");
    let input = format!("{}\n{}\n", grids[0], grids[1]);
    let (stdout, stderr, code) = run_sudokit(&["clues", "--max", "10", "--json"], &input);
    assert_eq!(code, 0, "{stderr}");
    let objects: Vec<serde_json::Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(objects.len(), 2);
    for (object, grid) in objects.iter().zip(&grids) {
        assert_eq!(object["grid"], grid.as_str());
        assert_eq!(object["max"], 10);
        assert_eq!(object["puzzles"], serde_json::json!([]), "no puzzle has 10 clues");
        assert_eq!(object["complete"], true);
        assert!(object["unavoidable_sets"].as_u64().unwrap() > 50);
        assert!(object["hitting_sets_tested"].is_u64());
        assert!(object["ms"].as_f64().unwrap() > 0.0);
    }
}

#[test]
fn clues_reports_bad_lines_by_number_and_answers_the_others() {
    let listed = listed(GRID);
    let good = format!("{GRID} {}", pattern(&listed[..1]));
    let repeated = GRID.replacen('1', "7", 1);
    let input = format!(
        "{good}\n123\n{repeated}\n{GRID} {}\n{good}\n",
        &pattern(&listed)[1..]
    );
    let (stdout, stderr, code) = run_sudokit(&["clues", "--max", "17"], &input);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("<stdin>:2: found 3 digits, expected 81"),
        "{stderr}"
    );
    assert!(stderr.contains("<stdin>:3: 7 appears twice in row 1"), "{stderr}");
    assert!(
        stderr.contains("<stdin>:4: pattern: found 80 cells, expected 81"),
        "{stderr}"
    );
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [listed[0].as_str(), listed[0].as_str()]
    );
}

#[test]
fn clues_rejects_a_bad_pattern() {
    let (_, stderr, code) = run_sudokit(&["clues", "--max", "17", "--within", "xx"], GRID);
    assert_eq!(code, 2);
    assert!(stderr.contains("pattern: found 2 cells, expected 81"), "{stderr}");
}
