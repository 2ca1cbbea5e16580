//! The two classic fast paths against the generic search on random puzzles:
//! the bitboard and DLX (whose working matrix passes from one puzzle to the
//! next on a thread). Every count must match the propagation search's, and
//! every solution must pass the rules' own check and keep the givens.

use sudokit_constraints::ClassicRules;
use sudokit_core::format::{parse_grids, ParseOptions};
use sudokit_core::{Geometry, Grid, Puzzle};
use sudokit_solvers::{strategy_by_name, Limits, Outcome};

/// Solved grids to cut puzzles from: the stored solutions of top95.
fn solved_grids() -> Vec<Grid> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/classic/top95.solutions.txt"
    );
    let text = std::fs::read_to_string(path).expect("the shared classic data");
    parse_grids(&text, &ParseOptions::default())
        .into_iter()
        .map(|parsed| parsed.unwrap().grid)
        .collect()
}

/// `grid` with only `keep` of its cells left, chosen by `rng`.
fn cut(grid: &Grid, keep: usize, rng: &mut fastrand::Rng) -> Puzzle {
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut values = vec![0u8; 81];
    for &cell in &cells[..keep] {
        values[cell] = grid.values()[cell];
    }
    sudokit_constraints::classic_puzzle(Grid::from_values(9, values).unwrap()).unwrap()
}

/// Solves with `name` and checks every solution independently.
fn checked(name: &str, puzzle: &Puzzle, limits: &Limits, what: &str) -> Outcome {
    let outcome = strategy_by_name(name).unwrap().solve(puzzle, limits).unwrap();
    for solution in &outcome.solutions {
        assert!(
            puzzle.verify_solution(solution).is_ok(),
            "{what}: {name} gave a wrong grid"
        );
        for (given, value) in puzzle.givens().values().iter().zip(solution.values()) {
            assert!(*given == 0 || given == value, "{what}: {name} moved a given");
        }
    }
    outcome
}

#[test]
fn random_puzzles_count_alike_with_bitboard_dlx_and_propagation() {
    let grids = solved_grids();
    let mut rng = fastrand::Rng::with_seed(32);
    let limits = Limits::solutions(30);
    let (mut several, mut unique) = (0, 0);
    for round in 0..240 {
        let grid = &grids[rng.usize(..grids.len())];
        // 26 to 45 givens: from many solutions down to mostly unique ones.
        let keep = 26 + round % 20;
        let puzzle = cut(grid, keep, &mut rng);
        let what = format!("round {round}, {keep} givens");
        let expected = checked("propagation", &puzzle, &limits, &what);
        for name in ["bitboard", "dlx"] {
            let outcome = checked(name, &puzzle, &limits, &what);
            assert_eq!(
                (outcome.count, outcome.stop),
                (expected.count, expected.stop),
                "{what}: {name}"
            );
        }
        several += usize::from(expected.count > 1);
        unique += usize::from(expected.count == 1);
    }
    assert!(
        several > 30 && unique > 30,
        "{several} with several solutions, {unique} unique"
    );
}

#[test]
fn dlx_reuses_its_matrix_across_boards_of_other_sizes() {
    let dlx = strategy_by_name("dlx").unwrap();
    let grids = solved_grids();
    let mut rng = fastrand::Rng::with_seed(7);
    let nine = cut(&grids[0], 30, &mut rng);
    let four = Puzzle::new(Geometry::square(4).unwrap())
        .with(ClassicRules)
        .unwrap();
    let expected = dlx.count(&nine, &Limits::all()).unwrap().count;
    // The spare matrix a 9×9 search leaves goes to a 4×4 one and back.
    for _ in 0..3 {
        assert_eq!(dlx.count(&four, &Limits::all()).unwrap().count, 288);
        let again = checked("dlx", &nine, &Limits::all(), "30 givens again");
        assert_eq!(again.count, expected);
    }
    assert_eq!(
        expected,
        strategy_by_name("propagation")
            .unwrap()
            .count(&nine, &Limits::all())
            .unwrap()
            .count
    );
}
