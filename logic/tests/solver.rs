//! The logical solver: explanations replay against the solution, grades
//! on the classic sets.

mod common;

use common::{classic, classic_set, grid};
use sudokit_core::{Digits, Grid, Puzzle, RootPropagation};
use sudokit_logic::{Ending, Explanation, LogicalSolver};

/// Norvig's grid1.
const GRID1: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// Replays `explanation` from its start: every removal leaves the
/// solution's digit, every placement is the solution's digit, and the
/// states it reports are the ones replayed.
fn assert_replays(puzzle: &Puzzle, solution: &Grid, explanation: &Explanation) {
    let n = puzzle.size();
    for (cell, set) in explanation.start.iter().enumerate() {
        let d = solution.values()[cell];
        assert!(
            set.contains(d),
            "the start removed the solution's digit of cell {cell}"
        );
    }
    let mut cands: Vec<Digits<u128>> = explanation.start.clone();
    for (step, state) in explanation.steps.iter().zip(explanation.states()) {
        for r in &step.step.removed {
            assert_ne!(
                solution.get(r.cell),
                Some(r.digit),
                "{} removed the solution's digit from {}",
                step.describe(puzzle.model()),
                r.cell.name(n)
            );
            assert!(
                cands[r.cell.index()].contains(r.digit),
                "a removal of a candidate already gone"
            );
            cands[r.cell.index()].remove(r.digit);
        }
        for p in &step.step.placed {
            assert_eq!(
                solution.get(p.cell),
                Some(p.digit),
                "{}",
                step.describe(puzzle.model())
            );
        }
        assert_eq!(cands, state);
    }
    assert_eq!(cands, explanation.end);
}

#[test]
fn norvigs_grid1_is_solved_by_singles_and_replays() {
    let puzzle = classic(GRID1);
    let solution = grid("483921657967345821251876493548132976729564138136798245372689514814253769695417382");
    let explanation = LogicalSolver::standard().solve(&puzzle);
    assert_eq!(explanation.ending, Ending::Solved);
    assert_replays(&puzzle, &solution, &explanation);
    let grade = explanation.grade();
    assert!(grade.score <= 2.3, "{grade}");
    let text: Vec<String> = explanation
        .steps
        .iter()
        .map(|s| s.describe(puzzle.model()))
        .collect();
    insta::assert_snapshot!(text.join("\n"));
}

/// Norvig's easy50 is solved by logic; the puzzles singles alone solve are
/// exactly those the engine's propagation (its own singles) solves: 39 of
/// 49, the others need locked candidates or subsets.
#[test]
fn easy50_is_solved_by_logic_and_singles_agree_with_the_engine() {
    let mut by_singles = 0;
    for (puzzle, solution) in classic_set("easy50", 50) {
        let explanation = LogicalSolver::standard().solve(&puzzle);
        assert_eq!(explanation.ending, Ending::Solved);
        assert_replays(&puzzle, &solution, &explanation);
        let singles = explanation.hardest().unwrap().difficulty <= 2.3;
        assert_eq!(singles, RootPropagation::of(&puzzle, false).is_solved());
        by_singles += usize::from(singles);
    }
    assert_eq!(by_singles, 39);
}

#[test]
fn hard_puzzles_replay_whatever_the_ending() {
    for (puzzle, solution) in classic_set("top95", 12) {
        let explanation = LogicalSolver::standard().solve(&puzzle);
        assert!(
            !matches!(explanation.ending, Ending::Broken(_)),
            "a sound solve cannot break"
        );
        assert_replays(&puzzle, &solution, &explanation);
    }
}
