//! Empty and nearly empty big boards (issue 27, defect 2): the default
//! strategy answers them without search when the pattern grid applies, and
//! searches as before when it does not (variant rules it breaks, jigsaw
//! regions). Every answer is checked with the puzzle's own rules, and the
//! counts against what the rules allow.

use sudokit_constraints::{ClassicRules, Line, LineKind};
use sudokit_core::{Cell, Geometry, Grid, Puzzle};
use sudokit_solvers::{true_candidates, Limits, PropagationSearch, Stop, Strategy};

/// The classic rules on an empty `n`×`n` board with boxes.
fn blank(n: usize) -> Puzzle {
    Puzzle::new(Geometry::square(n).unwrap())
        .with(ClassicRules)
        .unwrap()
}

/// `blank(n)` with a few givens along the main diagonal, the same digit
/// never twice in a box (nearly empty, and not a relabelling of anything
/// on purpose: digits 1, 2, 3 … down the diagonal of the first box row).
fn nearly_empty(n: usize) -> Puzzle {
    let mut givens = Grid::empty(n);
    for k in 0..4 {
        givens.set(Cell::at(k, k, n), (k + 1) as u8);
    }
    givens.set(Cell::at(n - 1, 0, n), n as u8);
    blank(n).with_givens(givens).unwrap()
}

#[test]
fn empty_and_nearly_empty_boards_are_solved_without_search() {
    for n in [16, 25, 36] {
        for puzzle in [blank(n), nearly_empty(n)] {
            let outcome = PropagationSearch::default()
                .solve(&puzzle, &Limits::solutions(2))
                .unwrap();
            assert_eq!(outcome.count, 2, "{n}×{n}");
            assert_eq!(outcome.stop, Stop::SolutionLimit, "{n}×{n}: there may be more");
            assert_eq!(outcome.stats.nodes, 0, "{n}×{n}: no search");
            assert_ne!(outcome.solutions[0], outcome.solutions[1]);
            for grid in &outcome.solutions {
                puzzle.verify_solution(grid).unwrap();
            }
        }
    }
}

#[test]
fn a_count_cap_is_reached_at_once() {
    let puzzle = blank(25);
    let outcome = PropagationSearch::default()
        .count(&puzzle, &Limits::solutions(10))
        .unwrap();
    assert_eq!((outcome.count, outcome.stop), (10, Stop::SolutionLimit));
}

#[test]
fn every_candidate_of_an_empty_board_is_true() {
    for n in [16, 36] {
        let puzzle = blank(n);
        let mut session = PropagationSearch::default().prepare(&puzzle).unwrap();
        let truth = true_candidates(session.as_mut(), &Limits::default()).unwrap();
        assert!(truth.is_exact());
        assert_eq!(truth.searches, 0, "shown by the patterns");
        assert!(truth.candidates.iter().all(|set| set.len() == n));
    }
}

#[test]
fn a_rule_the_pattern_breaks_is_still_solved() {
    let n = 16;
    // A thermometer down the first column and one along the last row: the
    // pattern's columns and rows go up and wrap around, so it breaks them.
    let down = Line::new(LineKind::Thermometer, (0..6).rev().map(|r| Cell::at(r, 0, n)));
    let along = Line::new(LineKind::Thermometer, (0..6).rev().map(|c| Cell::at(n - 1, c, n)));
    let puzzle = blank(n).with(down).unwrap().with(along).unwrap();
    let outcome = PropagationSearch::default()
        .solve(&puzzle, &Limits::solutions(2))
        .unwrap();
    assert_eq!(outcome.count, 2);
    for grid in &outcome.solutions {
        puzzle.verify_solution(grid).unwrap();
    }
}

#[test]
fn a_jigsaw_board_is_searched() {
    // 16×16 regions as 4×4 boxes shifted one row down (wrapping): no box
    // shape, so no pattern.
    let n = 16;
    let regions: Vec<u16> = (0..n * n)
        .map(|i| {
            let (r, c) = ((i / n + 1) % n, i % n);
            ((r / 4) * 4 + c / 4) as u16
        })
        .collect();
    let puzzle = Puzzle::new(Geometry::irregular(n, &regions).unwrap())
        .with(ClassicRules)
        .unwrap();
    let outcome = PropagationSearch::default()
        .solve(&puzzle, &Limits::solutions(1))
        .unwrap();
    assert_eq!(outcome.count, 1);
    assert!(outcome.stats.nodes > 0, "searched");
    puzzle.verify_solution(&outcome.solutions[0]).unwrap();
}

/// The largest board, in release only (`cargo test --release -p
/// sudokit-solvers --test big_boards -- --ignored`): building its model is
/// most of the time.
#[test]
#[ignore = "128×128: run in release"]
fn an_empty_128_board_is_solved_and_every_candidate_is_true() {
    let puzzle = blank(128);
    let outcome = PropagationSearch::default()
        .solve(&puzzle, &Limits::solutions(2))
        .unwrap();
    assert_eq!((outcome.count, outcome.stats.nodes), (2, 0));
    for grid in &outcome.solutions {
        puzzle.verify_solution(grid).unwrap();
    }
    let mut session = PropagationSearch::default().prepare(&puzzle).unwrap();
    let truth = true_candidates(session.as_mut(), &Limits::default()).unwrap();
    assert!(truth.candidates.iter().all(|set| set.len() == 128));
}
