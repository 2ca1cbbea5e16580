//! The bitboards on classic 9×9 puzzles whose other rules only narrow cell
//! domains (given pencil marks, odd and even cells): they take them, agree
//! with the propagation search and an independent brute-force count, find
//! no solution where the domains clash, and still refuse every other rule.

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
