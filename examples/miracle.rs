//! Miracle Sudoku (Mitchell Lee, 2020): anti-knight, anti-king and
//! non-consecutive, with only two givens.
//!
//! Without the givens the three rules leave 72 grids; the 1 in r5c3 and
//! the 2 in r6c7 single out one of them. (With the 2 in r4c7 instead, as
//! the rules are sometimes quoted, the puzzle is unique too: the mirror
//! image.)
//!
//! Run: `cargo run --release --example miracle`.

use sudokit::constraints::{Adjacency, AntiKing, AntiKnight, ClassicRules, Forbidden, Negative};
use sudokit::core::format::to_pretty;
use sudokit::core::{Cell, Geometry, Grid, Puzzle};
use sudokit::solvers::{Limits, PropagationSearch, Strategy};

/// The three miracle rules on an empty 9×9 board.
fn rules() -> Puzzle {
    Puzzle::new(Geometry::square(9).unwrap())
        .with(ClassicRules)
        .unwrap()
        .with(AntiKnight)
        .unwrap()
        .with(AntiKing)
        .unwrap()
        .with(Negative::new(
            "nonconsecutive",
            Forbidden::Consecutive,
            Adjacency::Orthogonal,
        ))
        .unwrap()
}

/// Miracle Sudoku: the rules and two givens.
fn miracle() -> Puzzle {
    let mut givens = Grid::empty(9);
    givens.set(Cell::at(4, 2, 9), 1);
    givens.set(Cell::at(5, 6, 9), 2);
    rules().with_givens(givens).unwrap()
}

fn main() {
    let all = PropagationSearch::default()
        .count(&rules(), &Limits::all())
        .unwrap();
    println!(
        "anti-knight + anti-king + non-consecutive, no givens: {} grids",
        all.count
    );
    let puzzle = miracle();
    let outcome = PropagationSearch::default()
        .solve(&puzzle, &Limits::all())
        .unwrap();
    println!(
        "with r5c3 = 1 and r6c7 = 2: {} solution(s), in {} search nodes",
        outcome.count, outcome.stats.nodes
    );
    print!("{}", to_pretty(&outcome.solutions[0], puzzle.geometry()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit::solvers::{strategy_by_name, STRATEGY_NAMES};

    #[test]
    fn seventy_two_grids_and_one_miracle() {
        let all = PropagationSearch::default()
            .solve(&rules(), &Limits::all())
            .unwrap();
        assert_eq!((all.count, all.exhaustive()), (72, true));
        // Checked here without sudokit: every grid is a sudoku whose
        // orthogonal neighbours differ by more than one.
        for grid in &all.solutions {
            let v = grid.values();
            for r in 0..9 {
                for c in 0..9 {
                    if c + 1 < 9 {
                        assert!(v[r * 9 + c].abs_diff(v[r * 9 + c + 1]) > 1);
                    }
                    if r + 1 < 9 {
                        assert!(v[r * 9 + c].abs_diff(v[r * 9 + c + 9]) > 1);
                    }
                }
            }
        }
        for name in STRATEGY_NAMES
            .iter()
            // bitboard takes the classic 9×9 rules alone.
            .filter(|&&n| n != "backtracking" && n != "bitboard")
        {
            let outcome = strategy_by_name(name)
                .unwrap()
                .solve(&miracle(), &Limits::all())
                .unwrap();
            assert!(outcome.is_unique(), "{name}");
            assert!(miracle().verify_solution(&outcome.solutions[0]).is_ok());
            assert_eq!(
                sudokit::core::format::to_line(&outcome.solutions[0]),
                "483726159726159483159483726837261594261594837594837261372615948615948372948372615"
            );
        }
    }
}
