//! Every puzzle of the classic sets solved by the propagation strategy,
//! checked by independent code and against the stored solutions.

mod common;

use common::solve_classic_set;
use sudokit::solvers::{PropagationSearch, Undo};

fn solve_set(name: &str, take: usize, strategy: &PropagationSearch) {
    solve_classic_set(strategy, name, take, 1);
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
