//! The split propagation search: the same solutions as one search walking
//! its cases in order, whatever the number of workers; every count equal
//! to brute force; stopped by a cancellation or a time limit; and `auto`,
//! which splits proofs on puzzles of sums across groups, still answers
//! what the propagation search alone answers.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use sudokit_constraints::{ChaosConstruction, ClassicRules, LittleKiller};
use sudokit_core::testkit::count_solutions;
use sudokit_core::{Cell, Geometry, Grid, Puzzle};
use sudokit_solvers::{Auto, Cancel, Limits, PropagationSearch, Split, Stop, Strategy, ValueOrder};

/// A random solution of the empty `n`×`n` board.
fn random_grid(n: usize, rng: &mut fastrand::Rng) -> Grid {
    let empty = Puzzle::new(Geometry::square(n).unwrap())
        .with(ClassicRules)
        .unwrap();
    let search = PropagationSearch {
        order: ValueOrder::Random { seed: rng.u64(..) },
        ..PropagationSearch::default()
    };
    search
        .solve(&empty, &Limits::solutions(1))
        .unwrap()
        .solutions
        .remove(0)
}

/// An `n`×`n` board with `clues` little killers on random diagonals and
/// `givens` digits, all read from a random solution (so there is at least
/// one).
fn little_killers(n: usize, clues: usize, givens: usize, rng: &mut fastrand::Rng) -> Puzzle {
    let grid = random_grid(n, rng);
    let mut given = Grid::empty(n);
    for _ in 0..givens {
        let cell = Cell(rng.usize(..n * n) as u16);
        given.set(cell, grid.get(cell).unwrap());
    }
    let mut puzzle = Puzzle::new(Geometry::square(n).unwrap())
        .with_givens(given)
        .unwrap()
        .with(ClassicRules)
        .unwrap();
    for _ in 0..clues {
        let (mut row, mut col) = (rng.usize(..n - 1), rng.usize(..n));
        let step: isize = if rng.bool() { 1 } else { -1 };
        let mut cells = Vec::new();
        while row < n && (0..n as isize).contains(&(col as isize)) {
            cells.push(Cell((row * n + col) as u16));
            row += 1;
            col = (col as isize + step) as usize;
        }
        if cells.len() < 2 {
            continue;
        }
        let total: u32 = cells.iter().map(|&c| u32::from(grid.get(c).unwrap())).sum();
        puzzle = puzzle.with(LittleKiller::new(cells, total)).unwrap();
    }
    puzzle
}

/// The split's solutions up to `limits`, checked against every rule.
fn split_solutions(split: &Split, puzzle: &Puzzle, limits: &Limits) -> (Vec<Grid>, Stop) {
    let mut found = Vec::new();
    let search = split
        .visit(puzzle, limits, &mut |grid| {
            found.push(grid.clone());
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(search.count, found.len() as u64);
    for grid in &found {
        assert!(puzzle.verify_solution(grid).is_ok());
    }
    (found, search.stop)
}

#[test]
fn the_split_counts_what_brute_force_counts_and_reports_the_first_solutions_in_case_order() {
    let mut rng = fastrand::Rng::with_seed(52);
    let mut several = 0;
    for round in 0..24 {
        let n = if round % 2 == 0 { 4 } else { 6 };
        let (clues, givens) = if n == 4 {
            (1 + round % 2, 0)
        } else {
            (3 + round % 3, 12)
        };
        let puzzle = little_killers(n, clues, givens, &mut rng);
        let expected = count_solutions(&puzzle, 5_000_000, 100_000).expect("a small board");
        let alone = PropagationSearch::default()
            .count(&puzzle, &Limits::all())
            .unwrap();
        assert_eq!(alone.count, expected);
        // One worker walks the cases in order, each case afresh: the
        // reference order, which any number of fresh workers keeps.
        let mut one = Split::new(PropagationSearch::default(), 1);
        one.pieces = 32;
        one.keep_learning = false;
        let (order, stop) = split_solutions(&one, &puzzle, &Limits::all());
        assert_eq!(
            (order.len() as u64, stop),
            (expected, Stop::Exhausted),
            "round {round}"
        );
        several += usize::from(expected >= 2);
        let mut sorted = order.clone();
        sorted.sort_by(|a, b| a.values().cmp(b.values()));
        for threads in [2, 3] {
            let fresh = Split { threads, ..one };
            // Workers that keep their learning order a case's solutions by
            // the cases they took before: the same solutions, each once.
            let learning = Split {
                keep_learning: true,
                ..fresh
            };
            let (all, stop) = split_solutions(&fresh, &puzzle, &Limits::all());
            assert_eq!(
                (&all, stop),
                (&order, Stop::Exhausted),
                "round {round}, {threads} threads"
            );
            let (mut all, stop) = split_solutions(&learning, &puzzle, &Limits::all());
            all.sort_by(|a, b| a.values().cmp(b.values()));
            assert_eq!(
                (&all, stop),
                (&sorted, Stop::Exhausted),
                "round {round}, {threads} threads learning"
            );
            for k in [1, 2] {
                let wanted = (k as usize).min(order.len());
                let ended = if expected >= k {
                    Stop::SolutionLimit
                } else {
                    Stop::Exhausted
                };
                let (first, stop) = split_solutions(&fresh, &puzzle, &Limits::solutions(k));
                assert_eq!(
                    (&first[..], stop),
                    (&order[..wanted], ended),
                    "round {round}, limit {k}"
                );
                let (first, stop) = split_solutions(&learning, &puzzle, &Limits::solutions(k));
                assert_eq!(
                    (first.len(), stop),
                    (wanted, ended),
                    "round {round}, limit {k} learning"
                );
                assert!(first.iter().all(|grid| sorted.contains(grid)));
                assert!(
                    first.len() < 2 || first[0] != first[1],
                    "round {round}: a solution twice"
                );
            }
        }
    }
    assert!(several >= 4, "boards with several solutions: {several}");
}

#[test]
fn fresh_weights_and_even_cases_count_the_same() {
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..6 {
        let puzzle = little_killers(6, 3, 4, &mut rng);
        let expected = PropagationSearch::default()
            .count(&puzzle, &Limits::all())
            .unwrap()
            .count;
        let split = Split {
            keep_learning: false,
            guide: 0,
            pieces: 64,
            ..Split::new(PropagationSearch::default(), 2)
        };
        let (all, stop) = split_solutions(&split, &puzzle, &Limits::all());
        assert_eq!((all.len() as u64, stop), (expected, Stop::Exhausted));
    }
}

/// A 9×9 board with one little killer: more solutions than any test waits
/// for.
fn endless() -> Puzzle {
    let cells = (0..9).map(|i| Cell(i * 10)).collect::<Vec<_>>();
    Puzzle::new(Geometry::square(9).unwrap())
        .with(ClassicRules)
        .unwrap()
        .with(LittleKiller::new(cells, 45))
        .unwrap()
}

#[test]
fn a_cancellation_stops_every_worker() {
    let puzzle = endless();
    let cancel = Cancel::new();
    let split = Split::new(PropagationSearch::default(), 2);
    let started = Instant::now();
    let (search, seen) = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(100));
            cancel.cancel();
        });
        let mut seen = 0u64;
        let search = split
            .visit(&puzzle, &Limits::all().with_cancel(cancel), &mut |_| {
                seen += 1;
                ControlFlow::Continue(())
            })
            .unwrap();
        (search, seen)
    });
    // `visit` returned: the scope joined every worker.
    assert_eq!(search.stop, Stop::Cancelled);
    assert_eq!(search.count, seen);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_time_limit_stops_every_worker() {
    let split = Split::new(PropagationSearch::default(), 2);
    let started = Instant::now();
    let limits = Limits::all().with_time(Duration::from_millis(100));
    let search = split
        .visit(&endless(), &limits, &mut |_| ControlFlow::Continue(()))
        .unwrap();
    assert_eq!(search.stop, Stop::TimeLimit);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn what_the_split_does_not_take_is_the_search_alone() {
    // No solution at all: the root fails, no case, no worker's answer.
    let mut rng = fastrand::Rng::with_seed(3);
    let grid = random_grid(4, &mut rng);
    let cells = vec![Cell(0), Cell(5)];
    let total: u32 = cells.iter().map(|&c| u32::from(grid.get(c).unwrap())).sum();
    let impossible = Puzzle::new(Geometry::square(4).unwrap())
        .with(ClassicRules)
        .unwrap()
        .with(LittleKiller::new(cells, total + 40))
        .unwrap();
    let split = Split::new(PropagationSearch::default(), 2);
    let (found, stop) = split_solutions(&split, &impossible, &Limits::solutions(2));
    assert_eq!((found.len(), stop), (0, Stop::Exhausted));
    // Extra variables (a chaos construction's regions) and node limits: the
    // propagation search alone, the same count.
    let chaos = Puzzle::new(Geometry::square(4).unwrap())
        .with(ChaosConstruction::default())
        .unwrap();
    assert!(!split.splits(&chaos, &Limits::all()));
    let alone = PropagationSearch::default()
        .count(&chaos, &Limits::solutions(50))
        .unwrap();
    let (found, _) = split_solutions(&split, &chaos, &Limits::solutions(50));
    assert_eq!(found.len() as u64, alone.count);
    assert!(!split.splits(&endless(), &Limits::solutions(2).with_nodes(100)));
}

#[test]
fn auto_splitting_at_once_answers_what_the_search_alone_answers() {
    // No race first: every proof is split; with several solutions the
    // search alone runs again and its first ones are the answer.
    let auto = Auto {
        split: Some(Duration::ZERO),
        race_threads: 2,
        ..Auto::default()
    };
    let mut rng = fastrand::Rng::with_seed(11);
    let mut kinds = [0; 3];
    for round in 0..30 {
        let puzzle = little_killers(6, 2 + round % 4, 6 + round % 8, &mut rng);
        for k in [1, 2, 3] {
            let limits = Limits::solutions(k);
            let alone = PropagationSearch::default().solve(&puzzle, &limits).unwrap();
            let raced = auto.solve(&puzzle, &limits).unwrap();
            assert_eq!(
                (&raced.solutions, raced.count, raced.stop),
                (&alone.solutions, alone.count, alone.stop),
                "round {round}, limit {k}"
            );
            if k == 2 {
                kinds[alone.count as usize] += 1;
            }
        }
    }
    assert!(kinds[1] > 0 && kinds[2] > 0, "unique / several: {kinds:?}");
}
