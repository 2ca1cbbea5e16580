//! Prepared sessions: one puzzle, many searches from different starts,
//! nothing rebuilt, and no start leaking into the next visit.

use std::ops::ControlFlow;

use sudokit_constraints::{AntiKnight, ClassicRules, Diagonal};
use sudokit_core::{Cell, Digits, Geometry, Grid, Puzzle};
use sudokit_solvers::{
    candidate_counts, strategy_by_name, true_candidates, Limits, SolveError, Start, Stop, Strategy,
    STRATEGY_NAMES,
};

/// The registered strategies that take `puzzle`, by name: the classic 9×9
/// fast path refuses the 4×4 boards, with a reason.
fn taking(puzzle: &Puzzle) -> Vec<(&'static str, Box<dyn Strategy>)> {
    STRATEGY_NAMES
        .iter()
        .map(|&name| (name, strategy_by_name(name).unwrap()))
        .filter(|(_, strategy)| strategy.supports(puzzle).is_ok())
        .collect()
}

fn puzzle(n: usize, givens: &[(usize, u8)]) -> Puzzle {
    let mut grid = Grid::empty(n);
    for &(i, d) in givens {
        grid.set(Cell(i as u16), d);
    }
    Puzzle::new(Geometry::square(n).unwrap())
        .with_givens(grid)
        .unwrap()
        .with(ClassicRules)
        .unwrap()
}

/// Every solution of `puzzle`, enumerated by the propagation strategy (the
/// other strategies must agree with what follows from it).
fn all_solutions(puzzle: &Puzzle) -> Vec<Grid> {
    let outcome = strategy_by_name("propagation")
        .unwrap()
        .solve(puzzle, &Limits::all())
        .unwrap();
    assert!(outcome.exhaustive());
    outcome.solutions
}

/// The solutions that a start keeps.
fn kept(solutions: &[Grid], start: &Start, n: usize) -> u64 {
    let masks: Vec<(Cell, u128)> = start.masks(n).collect();
    solutions
        .iter()
        .filter(|s| {
            masks
                .iter()
                .all(|&(cell, mask)| mask >> (s.get(cell).unwrap() - 1) & 1 == 1)
        })
        .count() as u64
}

fn starts() -> Vec<Start> {
    vec![
        Start::new(),
        Start::new().place(Cell(0), 1),
        Start::new().exclude(Cell(0), 1),
        Start::new().allow(Cell(5), [2, 3]).exclude(Cell(15), 4),
        Start::new().place(Cell(0), 2).place(Cell(1), 2),
        Start::new().place(Cell(3), 4).exclude(Cell(3), 4),
        Start::new().allow(Cell(6), []),
        Start::new(),
    ]
}

#[test]
fn every_session_counts_what_each_start_keeps_and_forgets_it_after() {
    for base in [puzzle(4, &[]), puzzle(4, &[(0, 1), (6, 2)])] {
        let solutions = all_solutions(&base);
        for (name, strategy) in taking(&base) {
            let mut session = strategy.prepare(&base).unwrap();
            // Twice through, so every start follows another one.
            for round in 0..2 {
                for (k, start) in starts().iter().enumerate() {
                    let outcome = session.count(start, &Limits::all()).unwrap();
                    assert!(outcome.exhaustive(), "{name}, start {k}");
                    assert_eq!(
                        outcome.count,
                        kept(&solutions, start, 4),
                        "{name}, round {round}, start {k}"
                    );
                }
            }
        }
    }
}

#[test]
fn sessions_stream_solutions_that_obey_the_start() {
    let base = puzzle(4, &[]);
    let start = Start::new().place(Cell(0), 3).allow(Cell(15), [1, 2]);
    for (name, strategy) in taking(&base) {
        let mut session = strategy.prepare(&base).unwrap();
        let mut seen = 0;
        session
            .visit(&start, &Limits::all(), &mut |grid| {
                assert!(base.verify_solution(grid).is_ok(), "{name}");
                assert_eq!(grid.get(Cell(0)), Some(3), "{name}");
                assert!(matches!(grid.get(Cell(15)), Some(1 | 2)), "{name}");
                seen += 1;
                ControlFlow::Continue(())
            })
            .unwrap();
        assert!(seen > 0, "{name}");
    }
}

#[test]
fn a_visit_cut_short_leaves_the_session_whole() {
    let base = puzzle(9, &[]);
    for (name, strategy) in taking(&base) {
        let mut session = strategy.prepare(&base).unwrap();
        let cut = session.count(&Start::new(), &Limits::solutions(3)).unwrap();
        assert_eq!((cut.count, cut.stop), (3, Stop::SolutionLimit), "{name}");
        let one = session
            .count(&Start::new().place(Cell(0), 1), &Limits::solutions(1))
            .unwrap();
        assert_eq!(one.count, 1, "{name}");
    }
}

#[test]
fn a_start_off_the_board_is_an_error() {
    let base = puzzle(4, &[]);
    for (name, strategy) in taking(&base) {
        let mut session = strategy.prepare(&base).unwrap();
        let err = session
            .count(&Start::new().place(Cell(16), 1), &Limits::all())
            .unwrap_err();
        assert_eq!(err, SolveError::OffBoard(16), "{name}");
    }
}

/// True candidates are the union of every solution's digits, on every
/// strategy's session, for a puzzle with rules beyond the classic ones.
#[test]
fn true_candidates_are_the_digits_of_the_solutions() {
    let cases = [
        puzzle(4, &[(0, 1)]),
        puzzle(6, &[(0, 1), (7, 2), (14, 3), (21, 4), (28, 5)]),
        puzzle(6, &[(0, 1), (8, 2)]).with(Diagonal::Negative).unwrap(),
        puzzle(6, &[(0, 1), (8, 2), (35, 6)]).with(AntiKnight).unwrap(),
    ];
    for base in cases {
        let solutions = all_solutions(&base);
        let mut union = vec![Digits::<u128>::EMPTY; base.geometry().cell_count()];
        for solution in &solutions {
            for (cell, d) in solution.placed() {
                union[cell.index()].insert(d);
            }
        }
        for (name, strategy) in taking(&base) {
            let mut session = strategy.prepare(&base).unwrap();
            let truth = true_candidates(session.as_mut(), &Limits::all()).unwrap();
            assert!(truth.is_exact(), "{name}");
            assert_eq!(truth.candidates, union, "{name}, {} solutions", solutions.len());
            assert!(truth.searches <= base.geometry().cell_count() * base.size());
        }
    }
}

/// Candidate counts are the number of solutions holding each digit: exact
/// from one enumeration when the solutions are few enough, capped (and
/// flagged inexact) when the per-candidate counts take over.
#[test]
fn candidate_counts_tally_the_solutions() {
    let cases = [
        puzzle(4, &[]),
        puzzle(6, &[(0, 1), (7, 2), (14, 3), (21, 4), (28, 5), (35, 6), (3, 5)]),
        puzzle(6, &[(0, 1), (8, 2)]).with(AntiKnight).unwrap(),
    ];
    for base in cases {
        let solutions = all_solutions(&base);
        let cells = base.geometry().cell_count();
        let holding =
            |cell: usize, digit: u8| solutions.iter().filter(|s| s.values()[cell] == digit).count() as u64;
        let most = (0..cells)
            .flat_map(|c| (1..=base.size() as u8).map(move |d| (c, d)))
            .map(|(c, d)| holding(c, d))
            .max()
            .unwrap();
        // A cap that lets one pass see every solution, then one too small for that.
        let roomy = solutions.len() as u64 / cells as u64 + 1;
        let tight = (solutions.len() as u64 / cells as u64).saturating_sub(1).max(1);
        for (name, strategy) in taking(&base) {
            let mut session = strategy.prepare(&base).unwrap();
            let truth = true_candidates(session.as_mut(), &Limits::all()).unwrap();
            let counts = candidate_counts(session.as_mut(), &truth, roomy, &Limits::all()).unwrap();
            for (cell, digits) in counts.cells.iter().enumerate() {
                for &(d, count, exact) in digits {
                    assert_eq!(
                        (count, exact),
                        (holding(cell, d), true),
                        "{name}: cell {cell} digit {d}"
                    );
                }
            }
            if (tight * cells as u64) < solutions.len() as u64 {
                let counts = candidate_counts(session.as_mut(), &truth, tight, &Limits::all()).unwrap();
                for (cell, digits) in counts.cells.iter().enumerate() {
                    for &(d, count, exact) in digits {
                        let all = holding(cell, d);
                        assert_eq!(count, all.min(tight), "{name}: cell {cell} digit {d}");
                        assert_eq!(exact, all < tight, "{name}: cell {cell} digit {d}");
                    }
                }
                assert!(most > tight, "the tight cap caps something");
            }
        }
    }
}

#[test]
fn true_candidates_of_a_unique_puzzle_are_its_solution() {
    let grid2 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let givens: Vec<(usize, u8)> = grid2
        .bytes()
        .enumerate()
        .filter(|(_, b)| b.is_ascii_digit())
        .map(|(i, b)| (i, b - b'0'))
        .collect();
    let base = puzzle(9, &givens);
    let solution = all_solutions(&base).pop().unwrap();
    for name in ["propagation", "dlx", "sat"] {
        let mut session = strategy_by_name(name).unwrap().prepare(&base).unwrap();
        let truth = true_candidates(session.as_mut(), &Limits::all()).unwrap();
        let expected: Vec<Digits<u128>> = solution.values().iter().map(|&d| Digits::single(d)).collect();
        assert_eq!(truth.candidates, expected, "{name}");
    }
}
