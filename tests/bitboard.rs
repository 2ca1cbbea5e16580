//! The bitboard strategy (the fast classic 9×9 path) and `auto`, which picks
//! it: whole sets checked by independent code and against the stored
//! solutions, counts and starts against the propagation search, every
//! limit, the statistics, the puzzles it must refuse, and the CLI default.

mod common;

use std::time::Duration;

use common::{assert_valid, digits81, lines, run_sudokit, solve_classic_set};
use sudokit::constraints::{ClassicRules, Diagonal, KillerCage};
use sudokit::core::{Cell, Geometry, Grid, Puzzle};
use sudokit::read_classic;
use sudokit::solvers::{
    Auto, Bitboard, Cancel, Limits, Outcome, PropagationSearch, SolveError, Start, Stop, Strategy,
};

fn puzzle(line: &str) -> Puzzle {
    read_classic(line, &Default::default()).remove(0).unwrap().puzzle
}

/// Every `step`-th puzzle of a shared set: unique, valid by the independent
/// checker, equal to the stored solution.
fn solve_set(name: &str, step: usize) {
    solve_classic_set(&Bitboard, name, usize::MAX, step);
}

#[test]
fn top95_and_hardest() {
    solve_set("top95", 1);
    solve_set("hardest", 1);
    solve_set("easy50", 1);
}

#[test]
fn top1465() {
    solve_set("top1465", 1);
}

#[test]
fn a_sample_of_17clue_and_forum_hardest() {
    solve_set("17clue", 10);
    solve_set("forum_hardest_1905_11plus", 50);
    solve_set("forum_hardest_1106", 1);
}

/// `line` without the givens at `drop` of its given cells (taken by
/// position among the givens, modulo their number).
fn without_givens(line: &str, drop: &[usize]) -> String {
    let given: Vec<usize> = line
        .char_indices()
        .filter(|(_, c)| c.is_ascii_digit() && *c != '0')
        .map(|(i, _)| i)
        .collect();
    let mut chars: Vec<char> = line.chars().collect();
    for &k in drop {
        chars[given[k % given.len()]] = '.';
    }
    chars.into_iter().collect()
}

/// Counts up to `limit`; both strategies must agree on the count, on how
/// the search ended, and on the set of solutions, each of them valid.
fn agree(puzzle: &Puzzle, limits: &Limits, what: &str) -> Outcome {
    let ours = Bitboard.solve(puzzle, limits).unwrap();
    let theirs = PropagationSearch::default().solve(puzzle, limits).unwrap();
    assert_eq!((ours.count, ours.stop), (theirs.count, theirs.stop), "{what}");
    for grid in &ours.solutions {
        assert!(puzzle.verify_solution(grid).is_ok(), "{what}: invalid solution");
        assert_valid(9, 3, 3, puzzle.givens().values(), grid.values(), what);
    }
    if ours.exhaustive() {
        let sorted = |o: &Outcome| {
            let mut v: Vec<Vec<u8>> = o.solutions.iter().map(|g| g.values().to_vec()).collect();
            v.sort();
            v
        };
        assert_eq!(sorted(&ours), sorted(&theirs), "{what}: other solutions");
    }
    ours
}

#[test]
fn counts_agree_with_propagation_on_puzzles_with_several_solutions() {
    let mut several = 0;
    for (i, line) in lines("classic/top95.txt").iter().enumerate().take(40) {
        let drop: Vec<usize> = (0..3 + i % 4).map(|k| 7 * k + i).collect();
        let line = without_givens(line, &drop);
        let outcome = agree(
            &puzzle(&line),
            &Limits::solutions(40),
            &format!("top95 #{} minus {drop:?}", i + 1),
        );
        several += usize::from(outcome.count > 1);
    }
    assert!(several > 20, "only {several} puzzles with several solutions");
    // All solutions, none cut off by a limit.
    let all = agree(&several_solutions(), &Limits::all(), "easy50 minus 5");
    assert!(all.exhaustive() && all.count > 2);
}

/// An easy50 puzzle without five of its givens, with 3 to 200 solutions.
fn several_solutions() -> Puzzle {
    lines("classic/easy50.txt")
        .iter()
        .map(|line| puzzle(&without_givens(line, &[0, 5, 10, 15, 20])))
        .find(|p| (3..200).contains(&Bitboard.count(p, &Limits::solutions(200)).unwrap().count))
        .expect("a puzzle with a few solutions")
}

/// A top95 puzzle that needs a search.
fn needs_search() -> Puzzle {
    lines("classic/top95.txt")
        .iter()
        .map(|line| puzzle(line))
        .find(|p| Bitboard.count(p, &Limits::solutions(2)).unwrap().stats.guesses > 2)
        .expect("a puzzle with guesses")
}

#[test]
fn puzzles_without_solution_agree_with_propagation() {
    let puzzles = lines("classic/top95.txt");
    let solutions = lines("classic/top95.solutions.txt");
    let mut searched = 0;
    for (i, (line, solution)) in puzzles.iter().zip(&solutions).enumerate().take(30) {
        // A clue in an empty cell that differs from the solution and clashes
        // with no given: every solution of it would solve the original.
        let p = puzzle(line);
        let sol = digits81(solution);
        let geometry = p.geometry().clone();
        let added = geometry
            .cells()
            .filter(|&c| p.givens().get(c).is_none())
            .find_map(|cell| {
                (1..=9u8).find_map(|d| {
                    let clash = d == sol[cell.index()]
                        || geometry.peers(cell).iter().any(|&q| p.givens().get(q) == Some(d));
                    (!clash).then_some((cell, d))
                })
            });
        let (cell, d) = added.expect("an empty cell");
        let mut givens = p.givens().clone();
        givens.set(cell, d);
        let broken = p.clone().with_givens(givens).unwrap();
        let outcome = agree(
            &broken,
            &Limits::solutions(2),
            &format!("top95 #{} + {d} at {cell:?}", i + 1),
        );
        assert!(outcome.is_unsolvable());
        searched += usize::from(outcome.stats.guesses > 0);
    }
    assert!(searched > 0, "no contradiction needed a search");
    // Givens that clash outright: two 5s in row 1.
    let clash = puzzle(&format!("55{}", ".".repeat(79)));
    assert!(Bitboard.count(&clash, &Limits::all()).unwrap().is_unsolvable());
}

#[test]
fn starts_narrow_the_search_like_propagation() {
    let p = several_solutions();
    let all = Bitboard.solve(&p, &Limits::all()).unwrap();
    assert!(all.count > 2, "{}", all.count);
    let first = &all.solutions[0];
    let cell = p
        .geometry()
        .cells()
        .find(|&c| p.givens().get(c).is_none())
        .unwrap();
    let digit = first.get(cell).unwrap();
    let other = if digit == 1 { 2 } else { 1 };
    let starts = [
        Start::new().place(cell, digit),
        Start::new().exclude(cell, digit),
        Start::new().allow(cell, [digit, other]),
        Start::new().place(cell, other).exclude(cell, other),
        Start::new().place(
            p.geometry()
                .cells()
                .find(|&c| p.givens().get(c).is_some())
                .unwrap(),
            9,
        ),
    ];
    let mut ours = Bitboard.prepare(&p).unwrap();
    let mut theirs = PropagationSearch::default().prepare(&p).unwrap();
    for start in &starts {
        let a = ours.solve(start, &Limits::all()).unwrap();
        let b = theirs.count(start, &Limits::all()).unwrap();
        assert_eq!((a.count, a.stop), (b.count, b.stop), "{start:?}");
        let masks: Vec<(Cell, u128)> = start.masks(9).collect();
        for grid in &a.solutions {
            assert!(p.verify_solution(grid).is_ok());
            for &(c, mask) in &masks {
                assert_eq!(
                    mask >> (grid.get(c).unwrap() - 1) & 1,
                    1,
                    "{start:?} broken at {c:?}"
                );
            }
        }
    }
    // The placed digit and its exclusion split the solutions.
    let with = ours.count(&starts[0], &Limits::all()).unwrap().count;
    let without = ours.count(&starts[1], &Limits::all()).unwrap().count;
    assert_eq!(with + without, all.count);
    assert!(with >= 1);
    assert_eq!(
        ours.count(&Start::new().place(Cell(81), 1), &Limits::all())
            .unwrap_err(),
        SolveError::OffBoard(81)
    );
}

#[test]
fn every_limit_is_honoured() {
    let hard = needs_search();
    let many = puzzle(&format!("123456789{}", ".".repeat(72)));
    let node = Bitboard
        .count(&hard, &Limits::solutions(2).with_nodes(1))
        .unwrap();
    assert_eq!((node.stop, node.stats.nodes), (Stop::NodeLimit, 1));
    let none = Bitboard
        .count(&hard, &Limits::solutions(2).with_nodes(0))
        .unwrap();
    assert_eq!((none.stop, none.count), (Stop::NodeLimit, 0));
    let time = Bitboard
        .count(&hard, &Limits::solutions(2).with_time(Duration::ZERO))
        .unwrap();
    assert_eq!((time.stop, time.count), (Stop::TimeLimit, 0));
    let cancel = Cancel::new();
    cancel.cancel();
    let cancelled = Bitboard.count(&many, &Limits::all().with_cancel(cancel)).unwrap();
    assert_eq!(cancelled.stop, Stop::Cancelled);
    // A cancel seen within a few hundred nodes, mid-search.
    let later = Cancel::new();
    let mut seen = 0u64;
    let search = Bitboard
        .visit(&many, &Limits::all().with_cancel(later), &mut |_| {
            seen += 1;
            if seen == 1000 {
                later.cancel();
            }
            std::ops::ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(search.stop, Stop::Cancelled);
    assert!(search.count < 1000 + 300, "{}", search.count);
    for n in [1, 2, 17] {
        let o = Bitboard.solve(&many, &Limits::solutions(n)).unwrap();
        assert_eq!(
            (o.count, o.stop, o.solutions.len() as u64),
            (n, Stop::SolutionLimit, n)
        );
    }
    let unique = Bitboard.count(&hard, &Limits::all()).unwrap();
    assert_eq!((unique.count, unique.stop), (1, Stop::Exhausted));
    let first = Bitboard.count(&hard, &Limits::solutions(1)).unwrap();
    assert_eq!((first.count, first.stop), (1, Stop::SolutionLimit));
    let stopped = Bitboard
        .visit(&many, &Limits::all(), &mut |_| std::ops::ControlFlow::Break(()))
        .unwrap();
    assert_eq!((stopped.count, stopped.stop), (1, Stop::Visitor));
}

#[test]
fn statistics_are_plausible() {
    let mut guessed = 0;
    for line in lines("classic/top95.txt").iter().take(30) {
        let s = Bitboard
            .count(&puzzle(line), &Limits::solutions(2))
            .unwrap()
            .stats;
        assert!(s.nodes > s.guesses, "{s:?}");
        assert!(s.backtracks <= s.nodes && s.propagations == s.nodes, "{s:?}");
        assert!(
            s.backtracks >= s.guesses.min(1),
            "proving uniqueness ends in dead ends: {s:?}"
        );
        guessed += usize::from(s.guesses > 0);
    }
    assert!(guessed > 15, "{guessed}");
    // An easy puzzle falls to singles: the root alone.
    let easy = Bitboard
        .count(&puzzle(&lines("classic/easy50.txt")[0]), &Limits::solutions(2))
        .unwrap();
    assert_eq!(
        (easy.stats.nodes, easy.stats.guesses, easy.stats.backtracks),
        (1, 0, 0)
    );
}

fn refused(puzzle: &Puzzle, what: &str) {
    let err = Bitboard.supports(puzzle).expect_err(what);
    assert_eq!(err.strategy, "bitboard", "{what}");
    assert!(
        matches!(Bitboard.prepare(puzzle), Err(SolveError::Unsupported(_))),
        "{what}"
    );
    assert!(Bitboard.count(puzzle, &Limits::solutions(2)).is_err(), "{what}");
    // auto takes it through the propagation search.
    assert_eq!(Auto::default().pick(puzzle).name(), "propagation", "{what}");
    let ours = Auto::default().count(puzzle, &Limits::solutions(2)).unwrap();
    let theirs = PropagationSearch::default()
        .count(puzzle, &Limits::solutions(2))
        .unwrap();
    assert_eq!((ours.count, ours.stop), (theirs.count, theirs.stop), "{what}");
}

#[test]
fn only_the_classic_9x9_rules_are_taken() {
    let classic = |n| {
        Puzzle::new(Geometry::square(n).unwrap())
            .with(ClassicRules)
            .unwrap()
    };
    refused(&classic(4), "4×4");
    refused(&classic(16), "16×16");
    let nine = classic(9);
    assert!(Bitboard.supports(&nine).is_ok());
    assert_eq!(Auto::default().pick(&nine).name(), "bitboard");
    refused(&nine.clone().with(Diagonal::Positive).unwrap(), "X-sudoku");
    let cage = KillerCage::new([Cell(0), Cell(1)], 3);
    refused(&nine.clone().with(cage).unwrap(), "killer cage");
    // A jigsaw: r3c3 and r1c4 change boxes.
    let mut regions: Vec<u16> = (0..81).map(|i| (3 * (i / 27) + (i % 9) / 3) as u16).collect();
    regions.swap(20, 3);
    let jigsaw = Puzzle::new(Geometry::irregular(9, &regions).unwrap())
        .with(ClassicRules)
        .unwrap();
    refused(&jigsaw, "jigsaw");
    // No rule at all: a 9×9 board is not enough.
    refused(&Puzzle::new(Geometry::square(9).unwrap()), "no rules");
    // Givens alone do not matter.
    let mut givens = Grid::empty(9);
    givens.set(Cell(0), 5);
    assert!(Bitboard.supports(&nine.with_givens(givens).unwrap()).is_ok());
}

#[test]
fn solve_uses_the_bitboards_by_default_on_classic_puzzles_only() {
    let stats = |args: &[&str], input: &str| {
        let (out, err, code) = run_sudokit(args, input);
        assert_eq!(code, 0, "{err}");
        // The statistics line without its time.
        let line = err.lines().find(|l| l.contains(" nodes, ")).unwrap().to_string();
        (out, line.rsplit_once(", ").unwrap().0.to_string())
    };
    // A puzzle where the two searches take different paths (on many, such
    // as hardest's second, both place and branch alike, node for node).
    let hard = format!("{}\n", lines("classic/hardest.txt")[5]);
    let default = stats(&["solve", "--stats", "-"], &hard);
    assert_eq!(
        default,
        stats(&["solve", "--stats", "--strategy", "bitboard", "-"], &hard)
    );
    assert_ne!(
        default.1,
        stats(&["solve", "--stats", "--strategy", "propagation", "-"], &hard).1
    );
    let six = common::example("6x6.txt");
    let six = six.to_str().unwrap();
    let variant = stats(&["solve", "--stats", six], "");
    assert_eq!(
        variant,
        stats(&["solve", "--stats", "--strategy", "propagation", six], "")
    );
}
