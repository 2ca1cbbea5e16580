//! Boards other than 9×9: rectangular boxes, large random-hole puzzles.

mod common;

use common::{assert_valid, example, shared};
use sudokit::core::format::{parse_grids, ParseOptions};
use sudokit::core::{Geometry, Puzzle};
use sudokit::read_classic;
use sudokit::solvers::{Limits, PropagationSearch, Strategy, Undo};

/// Solves every puzzle of a bundled file, checks it independently and
/// returns how many solutions each has (up to 2).
fn solve_file(name: &str, box_rows: usize, box_cols: usize) -> Vec<u64> {
    let text = std::fs::read_to_string(example(name)).unwrap();
    read_classic(&text, &Default::default())
        .into_iter()
        .map(|read| {
            let puzzle = read.unwrap().puzzle;
            assert_eq!(puzzle.geometry().box_shape(), Some((box_rows, box_cols)));
            let outcome = PropagationSearch::default()
                .solve(&puzzle, &Limits::solutions(2))
                .unwrap();
            let n = puzzle.size();
            assert_valid(
                n,
                box_rows,
                box_cols,
                puzzle.givens().values(),
                outcome.solutions[0].values(),
                name,
            );
            outcome.count
        })
        .collect()
}

#[test]
fn four_by_four() {
    assert_eq!(solve_file("4x4.txt", 2, 2), vec![1, 1, 1]);
}

#[test]
fn six_by_six_with_two_by_three_boxes() {
    assert_eq!(solve_file("6x6.txt", 2, 3), vec![1, 1, 1]);
}

#[test]
fn twelve_by_twelve_with_three_by_four_boxes() {
    assert_eq!(solve_file("12x12.txt", 3, 4), vec![1, 1]);
}

#[test]
fn sixteen_by_sixteen() {
    assert_eq!(solve_file("16x16.txt", 4, 4), vec![2]);
}

#[test]
fn empty_four_by_four_has_288_solutions() {
    for undo in [Undo::Copy, Undo::Trail] {
        let puzzle = read_classic(&".".repeat(16), &Default::default())
            .remove(0)
            .unwrap()
            .puzzle;
        let outcome = PropagationSearch::with_undo(undo)
            .count(&puzzle, &Limits::all())
            .unwrap();
        assert_eq!((outcome.count, outcome.exhaustive()), (288, true), "{undo:?}");
    }
}

#[test]
fn six_by_six_with_three_by_two_boxes_differs() {
    // The same givens read with 3×2 boxes is another puzzle: its solutions
    // obey the other box shape.
    let text = std::fs::read_to_string(example("6x6.txt")).unwrap();
    let grid = parse_grids(&text, &ParseOptions::default())
        .remove(0)
        .unwrap()
        .grid;
    let puzzle = Puzzle::new(Geometry::with_boxes(6, 3, 2).unwrap())
        .with_givens(grid)
        .unwrap()
        .with(sudokit::constraints::ClassicRules)
        .unwrap();
    let outcome = PropagationSearch::default()
        .solve(&puzzle, &Limits::solutions(1))
        .unwrap();
    if let Some(solution) = outcome.solutions.first() {
        assert_valid(6, 3, 2, puzzle.givens().values(), solution.values(), "6x6 as 3×2");
    } else {
        assert!(outcome.is_unsolvable());
    }
}

/// Every 16×16 and 25×25 puzzle of `data/large`: random holes, several
/// solutions, so validity is checked, never equality with the stored grid.
#[test]
fn every_16_and_25_puzzle_of_the_large_set() {
    let dir = shared("large");
    let mut solved = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !(name.starts_with("n16_") || name.starts_with("n25_")) || !name.ends_with(".puzzle.txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let puzzle = read_classic(&text, &Default::default()).remove(0).unwrap().puzzle;
        let outcome = PropagationSearch::default()
            .solve(&puzzle, &Limits::solutions(1))
            .unwrap();
        let n = puzzle.size();
        let b = (n as f64).sqrt() as usize;
        assert_valid(
            n,
            b,
            b,
            puzzle.givens().values(),
            outcome.solutions[0].values(),
            &name,
        );
        solved += 1;
    }
    assert_eq!(solved, 24, "12 puzzles each for n = 16 and 25");
}
