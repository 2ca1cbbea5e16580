//! `auto` on puzzles whose digits are interchangeable searches one ordered
//! solution per orbit (bare jigsaw layouts, boards with few givens): its
//! answers must be the plain search's, and every grid a real solution.

use sudokit_constraints::ClassicRules;
use sudokit_core::testkit::random_jigsaw;
use sudokit_core::{Cell, Geometry, Grid, Puzzle};
use sudokit_solvers::{digit_symmetry, Auto, Limits, Outcome, PropagationSearch, Stop, Strategy};

/// Bare layouts, layouts with a few givens of two digits, and boxed boards
/// with givens of a few digits: most have interchangeable digits.
fn puzzles() -> Vec<Puzzle> {
    let mut rng = fastrand::Rng::with_seed(50);
    let mut puzzles = Vec::new();
    for trial in 0..48 {
        let (n, shape) = if trial % 4 == 0 { (4, (2, 2)) } else { (6, (2, 3)) };
        let swaps = if trial % 3 == 0 { 0 } else { 1 + rng.usize(..8) };
        let geometry = Geometry::irregular(n, &random_jigsaw(n, shape, swaps, &mut rng)).unwrap();
        let puzzle = Puzzle::new(geometry).with(ClassicRules).unwrap();
        let mut givens = Grid::empty(n);
        for _ in 0..rng.usize(..4) {
            let cell = Cell(rng.usize(..n * n) as u16);
            givens.set(cell, 1 + rng.u8(..2));
        }
        if let Ok(puzzle) = puzzle.with_givens(givens) {
            puzzles.push(puzzle);
        }
    }
    puzzles
}

fn assert_solutions(puzzle: &Puzzle, outcome: &Outcome) {
    for (i, grid) in outcome.solutions.iter().enumerate() {
        assert!(puzzle.check(grid).is_ok(), "{grid:?} breaks a rule");
        for (cell, digit) in puzzle.givens().placed() {
            assert_eq!(grid.get(cell), Some(digit), "{grid:?} loses a given");
        }
        assert!(!outcome.solutions[..i].contains(grid), "{grid:?} reported twice");
    }
}

#[test]
fn auto_answers_as_the_plain_search_on_interchangeable_digits() {
    let puzzles = puzzles();
    let symmetric = puzzles.iter().filter(|p| digit_symmetry(p).is_some()).count();
    assert!(
        symmetric >= 30,
        "only {symmetric} of {} puzzles are symmetric",
        puzzles.len()
    );
    let (mut none, mut some) = (0, 0);
    for puzzle in &puzzles {
        for wanted in [1, 2, 3, 7] {
            let limits = Limits::solutions(wanted);
            let plain = PropagationSearch::default().solve(puzzle, &limits).unwrap();
            let auto = Auto::default().solve(puzzle, &limits).unwrap();
            assert_solutions(puzzle, &auto);
            assert_eq!(
                (auto.count, auto.stop),
                (plain.count, plain.stop),
                "limit {wanted}"
            );
        }
        let plain = PropagationSearch::default()
            .solve(puzzle, &Limits::solutions(2))
            .unwrap();
        match plain.stop {
            Stop::Exhausted => none += 1,
            _ => some += 1,
        }
    }
    // Both answers occur: layouts with no filling and with many.
    assert!(none >= 3 && some >= 3, "{none} without a solution, {some} with");
}

#[test]
fn a_bare_layout_with_no_filling_is_proven_so_with_one_row_fixed() {
    let mut rng = fastrand::Rng::with_seed(7);
    let mut found = false;
    for _ in 0..400 {
        let geometry = Geometry::irregular(6, &random_jigsaw(6, (2, 3), 6, &mut rng)).unwrap();
        let puzzle = Puzzle::new(geometry).with(ClassicRules).unwrap();
        let plain = PropagationSearch::default()
            .solve(&puzzle, &Limits::solutions(1))
            .unwrap();
        if plain.stop != Stop::Exhausted {
            continue;
        }
        let auto = Auto::default().solve(&puzzle, &Limits::solutions(1)).unwrap();
        assert_eq!((auto.count, auto.stop), (0, Stop::Exhausted));
        // 6! orderings of the first row: the ordered search is not larger.
        assert!(
            auto.stats.nodes <= plain.stats.nodes,
            "{} > {}",
            auto.stats.nodes,
            plain.stats.nodes
        );
        found = true;
        break;
    }
    assert!(found, "no 6×6 layout without a filling in 400 tries");
}
