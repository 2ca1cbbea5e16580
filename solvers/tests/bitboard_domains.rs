//! The bitboards on classic 9×9 puzzles whose other rules only narrow cell
//! domains (given pencil marks, odd and even cells): they take them, agree
//! with the propagation search and an independent brute-force count, find
//! no solution where the domains clash, and still refuse every other rule;
//! split between threads, they give the search alone's answer and nodes.

use std::ops::ControlFlow;

use sudokit_constraints::{ClassicRules, Diagonal, KillerCage, Parity, ParityCells, PencilMarks};
use sudokit_core::testkit::count_solutions;
use sudokit_core::{Cell, Geometry, Grid, Puzzle};
use sudokit_solvers::{Auto, Bitboard, Limits, Outcome, PropagationSearch, SolveError, Start, Strategy};

/// The classic 9×9 rules with `givens`.
fn classic(givens: Grid) -> Puzzle {
    Puzzle::new(Geometry::square(9).unwrap())
        .with(ClassicRules)
        .unwrap()
        .with_givens(givens)
        .unwrap()
}

/// The first `count` solutions of a shared classic set, as grids.
fn solutions(count: usize) -> Vec<Grid> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/classic/top1465.solutions.txt"
    );
    let text = std::fs::read_to_string(path).expect("the shared classic data");
    text.lines()
        .take(count)
        .map(|line| Grid::from_values(9, line.bytes().map(|b| b - b'0').collect()).unwrap())
        .collect()
}

/// A pencil-mark puzzle made from `solution`: `keep` cells given, `marked`
/// others marked with their digit and up to `extra` random others (so that
/// `solution` is always one of the puzzle's solutions), the rest blank.
fn pencil_marked(
    solution: &Grid,
    keep: usize,
    marked: usize,
    extra: usize,
    rng: &mut fastrand::Rng,
) -> Puzzle {
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut givens = Grid::empty(9);
    for &cell in &cells[..keep] {
        givens.set(Cell(cell as u16), solution.values()[cell]);
    }
    let mut puzzle = classic(givens);
    for &cell in cells[keep..].iter().take(marked) {
        let mut marks = vec![solution.values()[cell]];
        marks.extend((0..rng.usize(0..=extra)).map(|_| rng.u8(1..=9)));
        puzzle = puzzle.with(PencilMarks::new(Cell(cell as u16), marks)).unwrap();
    }
    puzzle
}

/// The solutions' digits, sorted: the set both searches must find.
fn sorted(outcome: &Outcome) -> Vec<Vec<u8>> {
    let mut grids: Vec<Vec<u8>> = outcome.solutions.iter().map(|g| g.values().to_vec()).collect();
    grids.sort();
    grids
}

/// Solves `puzzle` with the bitboards and the propagation search: the same
/// count, the same end, the same solutions, each accepted by the rules'
/// own `check`.
fn agree(puzzle: &Puzzle, limits: &Limits, what: &str) -> Outcome {
    let ours = Bitboard.solve(puzzle, limits).unwrap();
    let theirs = PropagationSearch::default().solve(puzzle, limits).unwrap();
    assert_eq!((ours.count, ours.stop), (theirs.count, theirs.stop), "{what}");
    for grid in &ours.solutions {
        assert!(puzzle.check(grid).is_ok(), "{what}: a grid the rules refuse");
        assert!(puzzle.verify_solution(grid).is_ok(), "{what}: invalid solution");
    }
    if ours.exhaustive() {
        assert_eq!(sorted(&ours), sorted(&theirs), "{what}: other solutions");
    }
    ours
}

#[test]
fn pencil_marks_and_parity_cells_are_taken_other_rules_are_not() {
    let nine = classic(Grid::empty(9));
    let marked = nine.clone().with(PencilMarks::new(Cell(0), [1, 3])).unwrap();
    let parity = marked
        .clone()
        .with(ParityCells::new(Parity::Even, [Cell(40)]))
        .unwrap();
    for (puzzle, what) in [
        (&marked, "pencil marks"),
        (&parity, "pencil marks and even cells"),
    ] {
        assert!(Bitboard.supports(puzzle).is_ok(), "{what}");
        assert!(Bitboard.prepare(puzzle).is_ok(), "{what}");
        assert_eq!(Auto::default().pick(puzzle).name(), "bitboard", "{what}");
    }
    // A rule beside the domains that says more: refused by name.
    let cage = KillerCage::new([Cell(0), Cell(1)], 3);
    for (puzzle, what) in [
        (marked.clone().with(cage).unwrap(), "killer cage"),
        (marked.clone().with(Diagonal::Positive).unwrap(), "X-sudoku"),
    ] {
        let err = Bitboard.supports(&puzzle).expect_err(what);
        assert_eq!(err.strategy, "bitboard", "{what}");
        assert!(
            matches!(Bitboard.prepare(&puzzle), Err(SolveError::Unsupported(_))),
            "{what}"
        );
        assert_eq!(Auto::default().pick(&puzzle).name(), "propagation", "{what}");
    }
    // Domains alone, without the houses, are not a classic puzzle.
    let bare = Puzzle::new(Geometry::square(9).unwrap())
        .with(PencilMarks::new(Cell(0), [1, 3]))
        .unwrap();
    assert!(Bitboard.supports(&bare).is_err());
}

#[test]
fn pencil_mark_puzzles_agree_with_propagation() {
    let mut rng = fastrand::Rng::with_seed(48);
    let mut several = 0;
    let mut unique = 0;
    for (k, solution) in solutions(60).iter().enumerate() {
        // Blank cells beside the marks: often several solutions; marks
        // everywhere: a wide board, mostly with one solution.
        let (keep, marked, extra) = [(20, 20, 4), (0, 81, 3), (10, 40, 3), (25, 10, 2)][k % 4];
        let puzzle = pencil_marked(solution, keep, marked, extra, &mut rng);
        let what = format!("puzzle {k} ({keep} givens, {marked} cells marked, up to {extra} extra marks)");
        let outcome = agree(&puzzle, &Limits::solutions(50), &what);
        assert!(
            outcome.solutions.contains(solution),
            "{what}: the grid it was made from"
        );
        several += usize::from(outcome.count > 1);
        unique += usize::from(outcome.is_unique());
    }
    assert!(
        several > 10 && unique > 10,
        "{several} with several solutions, {unique} unique"
    );
}

#[test]
fn counts_agree_with_brute_force() {
    let mut rng = fastrand::Rng::with_seed(8);
    let mut counted = 0;
    for (k, solution) in solutions(20).iter().enumerate() {
        // Enough givens for the independent brute force to finish.
        let puzzle = pencil_marked(solution, 50, 31, 5, &mut rng);
        let Some(brute) = count_solutions(&puzzle, 2_000_000, 10_000) else {
            continue;
        };
        let ours = Bitboard.count(&puzzle, &Limits::all()).unwrap();
        assert_eq!((ours.count, ours.exhaustive()), (brute, true), "puzzle {k}");
        counted += 1;
    }
    assert!(counted >= 15, "brute force finished only {counted}");
}

#[test]
fn clashing_domains_have_no_solution() {
    let mut given = Grid::empty(9);
    given.set(Cell(0), 2);
    let cases = [
        // A given outside its cell's marks.
        classic(given).with(PencilMarks::new(Cell(0), [1, 3])).unwrap(),
        // Two rules whose domains leave a cell nothing.
        classic(Grid::empty(9))
            .with(PencilMarks::new(Cell(4), [2, 4]))
            .unwrap()
            .with(ParityCells::new(Parity::Odd, [Cell(4)]))
            .unwrap(),
        // Marks out of range: nothing a 9×9 board can hold.
        classic(Grid::empty(9))
            .with(PencilMarks::new(Cell(4), [0, 10]))
            .unwrap(),
        // Two cells of a row that must both hold 5.
        classic(Grid::empty(9))
            .with(PencilMarks::new(Cell(0), [5]))
            .unwrap()
            .with(PencilMarks::new(Cell(8), [5]))
            .unwrap(),
        // Every cell of a box odd: five odd digits for nine cells.
        classic(Grid::empty(9))
            .with(ParityCells::new(
                Parity::Odd,
                [0, 1, 2, 9, 10, 11, 18, 19, 20].map(Cell),
            ))
            .unwrap(),
    ];
    for (k, puzzle) in cases.iter().enumerate() {
        assert!(Bitboard.supports(puzzle).is_ok(), "case {k}");
        let outcome = agree(puzzle, &Limits::all(), &format!("case {k}"));
        assert!(outcome.is_unsolvable(), "case {k}: {}", outcome.count);
    }
}

#[test]
fn a_start_narrows_the_domains_further() {
    let mut rng = fastrand::Rng::with_seed(5);
    let solution = &solutions(1)[0];
    let puzzle = pencil_marked(solution, 20, 20, 4, &mut rng);
    let all = Bitboard.solve(&puzzle, &Limits::all()).unwrap();
    assert!(all.count > 1, "{}", all.count);
    let cell = (0..81)
        .map(|i| Cell(i as u16))
        .find(|&c| all.solutions.iter().any(|g| g.get(c) != solution.get(c)))
        .unwrap();
    let digit = solution.get(cell).unwrap();
    let mut ours = Bitboard.prepare(&puzzle).unwrap();
    let mut theirs = PropagationSearch::default().prepare(&puzzle).unwrap();
    for start in [Start::new().place(cell, digit), Start::new().exclude(cell, digit)] {
        let a = ours.solve(&start, &Limits::all()).unwrap();
        let b = theirs.solve(&start, &Limits::all()).unwrap();
        assert_eq!((a.count, a.stop), (b.count, b.stop), "{start:?}");
        assert_eq!(sorted(&a), sorted(&b), "{start:?}");
        assert!(a.count >= 1 && a.count < all.count, "{start:?}: {}", a.count);
    }
}

#[test]
fn auto_solves_a_pencil_mark_puzzle_with_the_bitboards() {
    let mut rng = fastrand::Rng::with_seed(3);
    let puzzle = pencil_marked(&solutions(2)[1], 0, 81, 2, &mut rng);
    let auto = Auto::default().count(&puzzle, &Limits::solutions(2)).unwrap();
    let bitboard = Bitboard.count(&puzzle, &Limits::solutions(2)).unwrap();
    assert_eq!((auto.count, auto.stop), (bitboard.count, bitboard.stop));
    // The same search: the same nodes and guesses.
    assert_eq!(
        (auto.stats.nodes, auto.stats.guesses),
        (bitboard.stats.nodes, bitboard.stats.guesses)
    );
}

/// Searches `puzzle` split between `threads` threads, and returns the
/// search and the solutions in the order the visitor saw them.
fn split(puzzle: &Puzzle, limits: &Limits, threads: usize) -> (sudokit_solvers::Search, Vec<Grid>) {
    let mut found = Vec::new();
    let search = Bitboard
        .visit_split(puzzle, limits, threads, &mut |grid| {
            found.push(grid.clone());
            ControlFlow::Continue(())
        })
        .unwrap();
    (search, found)
}

/// Hard classic puzzles (forum_hardest, every 150th) whose givens in
/// `loosened` cells become pencil marks of the given and one other digit:
/// wide boards with large trees, unique or with a few solutions.
fn hard_pencil_marked(loosened: usize, rng: &mut fastrand::Rng) -> Vec<Puzzle> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/classic/forum_hardest_1905_11plus.txt"
    );
    let text = std::fs::read_to_string(path).expect("the shared classic data");
    text.lines()
        .step_by(150)
        .map(|line| {
            let mut values: Vec<u8> = line
                .bytes()
                .take(81)
                .map(|b| b.saturating_sub(b'0') % 10)
                .collect();
            let given: Vec<usize> = (0..81).filter(|&c| values[c] != 0).collect();
            let mut marks = Vec::new();
            for _ in 0..loosened {
                let cell = given[rng.usize(..given.len())];
                if values[cell] != 0 {
                    marks.push((cell, [values[cell], rng.u8(1..=9)]));
                    values[cell] = 0;
                }
            }
            let mut puzzle = classic(Grid::from_values(9, values).unwrap());
            for (cell, digits) in marks {
                puzzle = puzzle.with(PencilMarks::new(Cell(cell as u16), digits)).unwrap();
            }
            puzzle
        })
        .collect()
}

#[test]
fn a_split_search_gives_the_answer_and_nodes_of_the_search_alone() {
    let mut rng = fastrand::Rng::with_seed(49);
    let (mut large, mut several) = (0, 0);
    for loosened in [1, 3, 6] {
        for (k, puzzle) in hard_pencil_marked(loosened, &mut rng).iter().enumerate() {
            let what = format!("puzzle {k} ({loosened} givens loosened)");
            let limits = Limits::solutions(2);
            assert!(Bitboard.splits(puzzle, &limits), "{what}");
            let alone = Bitboard.solve(puzzle, &limits).unwrap();
            for threads in [2, 3] {
                let (search, found) = split(puzzle, &limits, threads);
                assert_eq!((search.count, search.stop), (alone.count, alone.stop), "{what}");
                assert_eq!(found, alone.solutions, "{what}: {threads} threads");
                let stats = |s: &sudokit_solvers::Stats| (s.nodes, s.guesses, s.backtracks, s.propagations);
                assert_eq!(
                    stats(&search.stats),
                    stats(&alone.stats),
                    "{what}: {threads} threads"
                );
            }
            large += usize::from(alone.stats.nodes > 200);
            several += usize::from(alone.count > 1);
        }
    }
    assert!(
        large >= 5 && several >= 5,
        "{large} large trees, {several} with several solutions"
    );
}

#[test]
fn a_split_search_stops_at_its_limits() {
    let mut rng = fastrand::Rng::with_seed(7);
    let puzzle = pencil_marked(&solutions(3)[2], 0, 81, 6, &mut rng);
    // Not split: one solution asked for (which one comes first is the
    // order's), every solution, or a node limit.
    for limits in [
        Limits::solutions(1),
        Limits::all(),
        Limits {
            max_nodes: Some(100),
            ..Limits::solutions(2)
        },
    ] {
        assert!(!Bitboard.splits(&puzzle, &limits), "{limits:?}");
        let (search, _) = split(&puzzle, &limits, 2);
        let alone = Bitboard.count(&puzzle, &limits).unwrap();
        assert_eq!(
            (search.count, search.stop, search.stats.nodes),
            (alone.count, alone.stop, alone.stats.nodes)
        );
    }
    // A cancelled search stops at once.
    let cancel = sudokit_solvers::Cancel::new();
    cancel.cancel();
    let limits = Limits {
        cancel: Some(cancel),
        ..Limits::solutions(2)
    };
    let (search, found) = split(&puzzle, &limits, 2);
    assert_eq!((search.stop, found.len()), (sudokit_solvers::Stop::Cancelled, 0));
}

/// ISS's HARD_PENCILMARKS[0] (no givens; each cell's pencil marks, row by
/// row): a tree of about 100,000 nodes, deep enough for every thread to
/// search below the split depth.
const HARD_PENCILMARKS_0: [&str; 9] = [
    "3479 134567 1345679 123456789 136 134567 3568 136789 123456789",
    "12346789 1234679 1236789 123456789 1345678 123456789 123456789 123678 125689",
    "134579 127 123456789 1234579 134567 1456789 123456789 1235789 1256789",
    "34 123457 2345678 23456789 123456789 123456789 13456789 237 123456789",
    "1234579 123456789 12345789 12345789 13456789 2689 1345789 123789 12346789",
    "12345679 1234567 24567 24569 123456789 2456789 345678 123456789 245679",
    "123456789 12345678 12568 12345789 1234567 12456789 134 12356789 12456",
    "123457 1234578 12345678 234579 123456789 2456789 123456789 12345679 123456789",
    "134589 123456789 13456789 459 13456789 12345789 3459 123456789 145689",
];

#[test]
fn a_large_tree_split_between_threads_has_the_nodes_of_the_search_alone() {
    let mut puzzle = classic(Grid::empty(9));
    let marks = HARD_PENCILMARKS_0.iter().flat_map(|row| row.split(' '));
    for (cell, digits) in marks.enumerate() {
        let digits = digits.bytes().map(|b| b - b'0');
        puzzle = puzzle.with(PencilMarks::new(Cell(cell as u16), digits)).unwrap();
    }
    let limits = Limits::solutions(2);
    let alone = Bitboard.solve(&puzzle, &limits).unwrap();
    assert!(
        alone.is_unique() && alone.stats.nodes > 100_000,
        "{}",
        alone.stats.nodes
    );
    for threads in [2, 3] {
        let (search, found) = split(&puzzle, &limits, threads);
        assert_eq!(
            (search.count, search.stop, found),
            (1, alone.stop, alone.solutions.clone())
        );
        assert_eq!(
            (search.stats.nodes, search.stats.guesses, search.stats.backtracks),
            (alone.stats.nodes, alone.stats.guesses, alone.stats.backtracks),
            "{threads} threads"
        );
    }
}
