//! Every puzzle of the classic sets solved by the propagation strategy,
//! checked by independent code and against the stored solutions.

mod common;

use common::{assert_valid, digits81, lines};
use sudokit::read_classic;
use sudokit::solvers::{Limits, PropagationSearch, Strategy, Undo};

fn solve_set(name: &str, take: usize, strategy: &PropagationSearch) {
    let puzzles = lines(&format!("classic/{name}.txt"));
    let solutions = lines(&format!("classic/{name}.solutions.txt"));
    assert_eq!(puzzles.len(), solutions.len());
    for (i, (line, expected)) in puzzles.iter().zip(&solutions).take(take).enumerate() {
        let what = format!("{name} #{}", i + 1);
        let puzzle = read_classic(line, &Default::default()).remove(0).unwrap().puzzle;
        let outcome = strategy.solve(&puzzle, &Limits::solutions(2)).unwrap();
        assert!(outcome.is_unique(), "{what}: count {}", outcome.count_label());
        let found = outcome.solutions[0].values();
        assert_valid(9, 3, 3, &digits81(line), found, &what);
        assert_eq!(
            found,
            digits81(expected).as_slice(),
            "{what}: differs from the stored solution"
        );
    }
}

#[test]
fn easy50() {
    solve_set("easy50", usize::MAX, &PropagationSearch::default());
}

#[test]
fn top95() {
    solve_set("top95", usize::MAX, &PropagationSearch::default());
}

#[test]
fn hardest() {
    solve_set("hardest", usize::MAX, &PropagationSearch::default());
}

#[test]
fn first_2000_of_17clue() {
    solve_set("17clue", 2000, &PropagationSearch::default());
}

#[test]
fn trail_undo_gives_the_same_answers() {
    solve_set("top95", usize::MAX, &PropagationSearch::with_undo(Undo::Trail));
}
