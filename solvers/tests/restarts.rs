//! Restarts with nld-nogoods keep counts exact: a restarted run never meets
//! again a solution an earlier run counted, nor misses one, whatever the
//! schedule (here cuts after one or two failures, the most restarts there
//! can be), the undo method, the digit order or the value iteration.

use sudokit_constraints::{ClassicRules, KillerCage};
use sudokit_core::testkit::count_solutions;
use sudokit_core::{Cell, Geometry, Grid, Puzzle};
use sudokit_solvers::{
    Auto, Limits, PropagationSearch, Restarts, Strategy, Undo, ValueIteration, ValueOrder,
};

/// Every restarting search under test: both schedules at their tightest,
/// with and without restarts after the first solution, over the undo
/// methods, digit orders and value iterations.
fn restarting() -> Vec<PropagationSearch> {
    let schedules = [
        Restarts::Luby {
            unit: 1,
            after_solution: true,
        },
        Restarts::Geometric {
            first: 2,
            after_solution: true,
        },
        Restarts::Geometric {
            first: 1,
            after_solution: false,
        },
    ];
    let variants = [
        (Undo::Copy, ValueOrder::FewestFailures, ValueIteration::Off, 0),
        (Undo::Trail, ValueOrder::Ascending, ValueIteration::Off, 0),
        (
            Undo::Copy,
            ValueOrder::Random { seed: 5 },
            ValueIteration::SameCell,
            0,
        ),
        (
            Undo::Trail,
            ValueOrder::FewestFailures,
            ValueIteration::Reselect,
            0,
        ),
        // Halvings on the branch hold the cuts back until they are closed.
        (Undo::Copy, ValueOrder::FewestFailures, ValueIteration::Off, 4),
    ];
    schedules
        .into_iter()
        .flat_map(|restarts| {
            variants.map(|(undo, order, value_iteration, halve_from)| PropagationSearch {
                restarts,
                undo,
                order,
                value_iteration,
                halve_from,
                ..PropagationSearch::default()
            })
        })
        .collect()
}

/// A random 6×6 killer: cages of two or three cells along a row or a
/// column with totals read off a random solution grid, a few givens, and
/// in one puzzle of two the first total moved by one (dead ends to meet,
/// often no solution at all).
fn random_killer(rng: &mut fastrand::Rng) -> Puzzle {
    let empty = Puzzle::new(Geometry::square(6).unwrap())
        .with(ClassicRules)
        .unwrap();
    let random = PropagationSearch {
        order: ValueOrder::Random { seed: rng.u64(..) },
        ..PropagationSearch::default()
    };
    let solution = random
        .solve(&empty, &Limits::default())
        .unwrap()
        .solutions
        .remove(0);
    let mut givens = Grid::empty(6);
    for _ in 0..rng.usize(0..3) {
        let cell = Cell(rng.u16(..36));
        givens.set(cell, solution.get(cell).unwrap());
    }
    let mut puzzle = empty.with_givens(givens).unwrap();
    let moved = rng.bool();
    for k in 0..rng.usize(4..10) {
        let (row, col, len) = (rng.usize(..6), rng.usize(..4), rng.usize(2..4));
        let across = rng.bool();
        let cells: Vec<Cell> = (0..len)
            .map(|i| if across { (row, col + i) } else { (col + i, row) })
            .map(|(r, c)| Cell((r * 6 + c) as u16))
            .collect();
        let total: u32 = cells.iter().map(|&c| u32::from(solution.get(c).unwrap())).sum();
        let total = if moved && k == 0 { total + 1 } else { total };
        puzzle = puzzle.with(KillerCage::new(cells, total)).unwrap();
    }
    puzzle
}

/// Checks every restarting search on `puzzle` against `expected`: the
/// count, and the first two solutions found (valid and distinct). True
/// when the default search restarted (its nodes differ from the plain
/// search's).
fn agrees(puzzle: &Puzzle, expected: u64) -> bool {
    let plain = PropagationSearch::default()
        .count(puzzle, &Limits::all())
        .unwrap();
    assert_eq!((plain.count, plain.exhaustive()), (expected, true));
    let mut restarted = false;
    for search in restarting() {
        let outcome = search.count(puzzle, &Limits::all()).unwrap();
        assert!(outcome.exhaustive(), "{search:?}");
        assert_eq!(outcome.count, expected, "{search:?}");
        let found = search.solve(puzzle, &Limits::solutions(2)).unwrap();
        assert_eq!(found.solutions.len() as u64, expected.min(2), "{search:?}");
        assert!(found.solutions.iter().all(|g| puzzle.verify_solution(g).is_ok()));
        assert!(found.solutions.len() < 2 || found.solutions[0] != found.solutions[1]);
        restarted |= search.undo == Undo::Copy
            && search.order == ValueOrder::FewestFailures
            && search.halve_from == 0
            && outcome.stats.nodes != plain.stats.nodes;
    }
    restarted
}

#[test]
fn restarts_count_what_brute_force_counts_on_random_killers() {
    let mut rng = fastrand::Rng::with_seed(46);
    let (mut compared, mut restarted, mut several) = (0, 0, 0);
    let mut auto_restarted = false;
    while compared < 24 {
        let puzzle = random_killer(&mut rng);
        let Some(expected) = count_solutions(&puzzle, 2_000_000, 10_000) else {
            continue;
        };
        compared += 1;
        several += usize::from(expected > 1);
        restarted += usize::from(agrees(&puzzle, expected));
        // `auto` restarts its searches on killers (here after every
        // failure), with the same counts as without.
        let [plain, restarting] = [
            Restarts::Off,
            Restarts::Luby {
                unit: 1,
                after_solution: true,
            },
        ]
        .map(|restarts| {
            let auto = Auto {
                killer_restarts: restarts,
                ..Auto::default()
            };
            auto.count(&puzzle, &Limits::all()).unwrap()
        });
        for outcome in [&plain, &restarting] {
            assert_eq!((outcome.count, outcome.exhaustive()), (expected, true));
        }
        auto_restarted |= plain.stats.nodes != restarting.stats.nodes;
    }
    // The cuts did restart the default search, on puzzles with several
    // solutions too.
    assert!(
        restarted >= 5 && several >= 5,
        "{restarted} restarted, {several} with several"
    );
    assert!(auto_restarted);
}

#[test]
fn restarts_count_the_classic_boards() {
    // The empty 4×4 (288 solutions) and a 6×6 with a few givens: many
    // solutions, each to be met once (these boards rarely fail, so they
    // may not restart: the killers above do).
    let empty = Puzzle::new(Geometry::square(4).unwrap())
        .with(ClassicRules)
        .unwrap();
    agrees(&empty, 288);
    let six = Puzzle::new(Geometry::square(6).unwrap())
        .with(ClassicRules)
        .unwrap();
    let mut givens = Grid::empty(6);
    for (cell, digit) in [(0, 1), (7, 3), (14, 5), (21, 2), (28, 4), (35, 6), (3, 4)] {
        givens.set(Cell(cell), digit);
    }
    let six = six.with_givens(givens).unwrap();
    let expected = count_solutions(&six, 50_000_000, 1_000_000).expect("small enough");
    assert!(expected > 100, "{expected}");
    agrees(&six, expected);
}
