//! The clue search against facts it does not compute itself: the 17-clue
//! catalogue (proven complete), and another strategy's count of solutions.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use sudokit_clues::cells::{cells_of, show_puzzle, Cells, ALL_CELLS};
use sudokit_clues::unavoidable::{initial_sets, small_sets};
use sudokit_clues::{find_puzzles, parse_grid, Checker, Found, Options};
use sudokit_constraints::{classic_puzzle, ClassicRules};
use sudokit_core::{Geometry, Grid, Puzzle};
use sudokit_grid_count::canon::canonical;
use sudokit_solvers::generate::random_solution;
use sudokit_solvers::{Dlx, Limits, Strategy};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/classic/");

/// The 17-clue catalogue: each puzzle with its solution, as lines.
fn catalogue() -> &'static [(String, String)] {
    static CATALOGUE: OnceLock<Vec<(String, String)>> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let puzzles = std::fs::read_to_string(format!("{DATA}17clue.txt")).expect("the 17-clue list");
        let solutions =
            std::fs::read_to_string(format!("{DATA}17clue.solutions.txt")).expect("its solutions");
        puzzles
            .lines()
            .zip(solutions.lines())
            .map(|(p, s)| (p.to_string(), s.to_string()))
            .collect()
    })
}

/// The catalogue's puzzles of `grid`, as lines.
fn listed_puzzles(grid: &str) -> Vec<String> {
    catalogue()
        .iter()
        .filter(|(_, solution)| solution == grid)
        .map(|(puzzle, _)| puzzle.clone())
        .collect()
}

/// The cells that hold a clue in some listed puzzle of `grid`.
fn listed_pattern(grid: &str) -> Cells {
    listed_puzzles(grid).iter().fold(0, |set, p| set | clue_cells(p))
}

/// The search for puzzles of at most `max` clues, all in `within`.
fn search_within(grid: &[u8; 81], max: usize, max_set_size: usize, within: Cells) -> Found {
    let found = find_puzzles(
        grid,
        &Options {
            max,
            max_set_size,
            within,
            ..Options::default()
        },
    );
    assert!(found.complete);
    found
}

/// The cells that hold a clue in `line`.
fn clue_cells(line: &str) -> Cells {
    line.bytes()
        .enumerate()
        .filter(|(_, b)| *b != b'.')
        .fold(0, |set, (i, _)| set | 1 << i)
}

/// Every solution of a puzzle line by dancing links (not the bitboard the
/// search uses), up to `limit`.
fn dlx_solutions(line: &str, limit: u64) -> Vec<Vec<u8>> {
    let values = line
        .bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    let puzzle = classic_puzzle(Grid::from_values(9, values).unwrap()).unwrap();
    let outcome = Dlx.solve(&puzzle, &Limits::solutions(limit)).unwrap();
    for solution in &outcome.solutions {
        puzzle
            .verify_solution(solution)
            .expect("dancing links returns valid grids");
    }
    outcome.solutions.iter().map(|s| s.values().to_vec()).collect()
}

/// The search on the catalogue's grid, clues on the union of its listed
/// puzzles' cells and on `extra` more cells, finds exactly the listed
/// puzzles, each unique by another strategy.
fn finds_the_listed_puzzles(grid_line: &str, expected_count: usize, extra: usize) {
    let listed = listed_puzzles(grid_line);
    assert_eq!(
        listed.len(),
        expected_count,
        "the catalogue has {expected_count} puzzles of this grid"
    );
    let mut within = listed_pattern(grid_line);
    // More cells than the puzzles use: the search must reject their
    // other 17-subsets.
    within |= cells_of(ALL_CELLS & !within)
        .take(extra)
        .fold(0, |set, c| set | 1 << c);
    let grid = parse_grid(grid_line).unwrap();
    let found: BTreeSet<String> = search_within(&grid, 17, 12, within)
        .puzzles
        .iter()
        .map(|&clues| show_puzzle(&grid, clues))
        .collect();
    for puzzle in &found {
        assert!(clue_cells(puzzle).count_ones() <= 17, "{puzzle}");
        let solutions = dlx_solutions(puzzle, 2);
        assert_eq!(solutions.len(), 1, "{puzzle} has one solution");
        assert_eq!(solutions[0], grid.to_vec(), "{puzzle} solves to the grid");
    }
    // The catalogue lists each puzzle once up to the Sudoku symmetries, on
    // some grid of its class: other images of its puzzles on this grid
    // may be found too, but none outside the catalogue's classes.
    let listed: BTreeSet<String> = listed.into_iter().collect();
    assert!(found.is_superset(&listed), "every listed puzzle is found");
    let classes = catalogue_classes(&grid);
    for puzzle in &found {
        assert!(
            classes.contains(&canonical(&digits(puzzle)).form),
            "{puzzle} is in the catalogue"
        );
    }
}

/// A quick invariant of a grid under the Sudoku symmetries: how many
/// rectangles of four cells in two boxes hold two digits crosswise.
fn rectangles(grid: &[u8; 81]) -> usize {
    let mut count = 0;
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                    let (a, b) = (grid[9 * r1 + c1], grid[9 * r1 + c2]);
                    if two_boxes && grid[9 * r2 + c1] == b && grid[9 * r2 + c2] == a {
                        count += 1;
                    }
                }
            }
        }
    }
    count
}

/// The canonical forms of the catalogue's puzzles whose solution is
/// isomorphic to `grid`.
fn catalogue_classes(grid: &[u8; 81]) -> BTreeSet<[u8; 81]> {
    let (form, invariant) = (canonical(grid).form, rectangles(grid));
    catalogue()
        .iter()
        .filter(|(_, solution)| rectangles(&digits(solution)) == invariant)
        .filter(|(_, solution)| canonical(&digits(solution)).form == form)
        .map(|(puzzle, _)| canonical(&digits(puzzle)).form)
        .collect()
}

/// A puzzle line's cells, 0 for a blank.
fn digits(line: &str) -> [u8; 81] {
    std::array::from_fn(|i| line.as_bytes()[i].saturating_sub(b'0') % 10)
}

#[test]
fn finds_the_eight_listed_puzzles_of_a_catalogue_grid() {
    let grid = "176832954845679312293145687358926471417583269629714835931258746764391528582467193";
    finds_the_listed_puzzles(grid, 8, 4);
}

#[test]
fn finds_the_seven_listed_puzzles_of_another_catalogue_grid() {
    let grid = "978623541651487923324915876189236754437598162562174389845369217296751438713842695";
    finds_the_listed_puzzles(grid, 7, 4);
}

#[test]
fn no_sixteen_clue_puzzle_on_the_pattern_of_seventeen_clue_ones() {
    let grid_line = "789623541651478923324915786192736854438592167567184392945367218276851439813249675";
    let grid = parse_grid(grid_line).unwrap();
    let found = search_within(&grid, 16, 12, listed_pattern(grid_line));
    assert!(found.puzzles.is_empty());
    assert!(found.counts.nodes > 0);
}

/// Random grids of the classic rules, by a seeded search.
fn random_grids(count: usize, seed: u64) -> Vec<[u8; 81]> {
    let blank = Puzzle::new(Geometry::square(9).unwrap())
        .with(ClassicRules)
        .unwrap();
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..count)
        .map(|_| {
            let grid = random_solution(&blank, &mut rng, &Limits::default()).unwrap();
            grid.values().try_into().unwrap()
        })
        .collect()
}

#[test]
fn few_clues_find_nothing_on_random_grids() {
    for grid in random_grids(3, 30) {
        let found = search_within(&grid, 12, 12, ALL_CELLS);
        assert!(found.puzzles.is_empty(), "no 9×9 puzzle has 12 clues");
    }
}

/// Every set is the exact difference between the grid and another valid
/// grid (so its digits can be permuted into one), and no solution of the
/// grid with the set blanked differs on less: unavoidable and minimal.
fn assert_minimal_unavoidable(grid: &[u8; 81], set: Cells) {
    let line = show_puzzle(grid, ALL_CELLS & !set);
    let diffs: Vec<Cells> = dlx_solutions(&line, 100_000)
        .iter()
        .map(|other| {
            (0..81)
                .filter(|&i| other[i] != grid[i])
                .fold(0, |s, i| s | 1 << i)
        })
        .filter(|&diff| diff != 0)
        .collect();
    assert!(diffs.contains(&set), "another grid differs exactly on {set:#x}");
    assert!(
        !diffs.iter().any(|&diff| diff != set && diff & set == diff),
        "{set:#x} is minimal"
    );
}

#[test]
fn initial_unavoidable_sets_are_minimal_and_unavoidable() {
    let grid = random_grids(1, 7)[0];
    let sets = initial_sets(&Checker::new(grid), 12);
    assert!(
        sets.len() > 50,
        "a grid has many small unavoidable sets ({})",
        sets.len()
    );
    for &set in &sets {
        assert_minimal_unavoidable(&grid, set);
    }
}

/// The digits of `grid` on `set`, as a bit set.
fn digits_on(grid: &[u8; 81], set: Cells) -> u16 {
    cells_of(set).fold(0, |digits, cell| digits | 1 << grid[cell])
}

#[test]
fn template_sets_are_the_blanking_ones_and_more() {
    // Every minimal set of up to 12 cells from templates: those with at
    // most four digits are exactly what blanking two to four digits and
    // listing the solutions finds (in the same order), and the others
    // (five or six digits) are minimal unavoidable sets too, by dancing
    // links.
    for grid in random_grids(3, 2026) {
        let sets = small_sets(&grid, 12);
        let (few, many): (Vec<Cells>, Vec<Cells>) = sets
            .iter()
            .partition(|&&set| digits_on(&grid, set).count_ones() <= 4);
        assert_eq!(few, initial_sets(&Checker::new(grid), 12));
        assert!(many.len() > 30, "sets of five or six digits ({})", many.len());
        for set in many {
            assert_minimal_unavoidable(&grid, set);
        }
    }
}

#[test]
fn sets_found_during_the_search_are_unavoidable() {
    // Sets up to six cells only: the search meets clue sets that hit them
    // all but are not unique, and learns the sets they miss.
    let grid_line = "176832954845679312293145687358926471417583269629714835931258746764391528582467193";
    let grid = parse_grid(grid_line).unwrap();
    let found = search_within(&grid, 17, 6, listed_pattern(grid_line));
    let initial = small_sets(&grid, 6).len();
    assert!(found.unavoidable_sets.len() > initial, "the search learned sets");
    for &set in &found.unavoidable_sets[initial..] {
        assert_minimal_unavoidable(&grid, set);
    }
    assert_eq!(found.puzzles.len(), 8);
}

/// The clue sets of `size` cells inside `pattern`, each as a mask.
fn subsets_of_size(pattern: Cells, size: usize) -> Vec<Cells> {
    let cells: Vec<usize> = cells_of(pattern).collect();
    let mut found = Vec::new();
    let mut stack = vec![(0usize, 0 as Cells)];
    while let Some((next, chosen)) = stack.pop() {
        if chosen.count_ones() as usize == size {
            found.push(chosen);
            continue;
        }
        for (i, &cell) in cells.iter().enumerate().skip(next) {
            stack.push((i + 1, chosen | 1 << cell));
        }
    }
    found
}

/// Whether dancing links finds exactly one solution of the grid's digits
/// on `clues`.
fn unique_by_dlx(grid: &[u8; 81], clues: Cells) -> bool {
    dlx_solutions(&show_puzzle(grid, clues), 2).len() == 1
}

#[test]
fn a_pattern_search_finds_what_brute_force_finds() {
    // A listed puzzle's 17 cells and three more: brute force tries all
    // 1,140 clue sets of 17 cells (no puzzle has 16 clues or fewer, and the
    // minimality of each unique one is checked too), and the search, with
    // its packings and tight nodes, must print exactly the unique minimal
    // ones.
    let (puzzle, solution) = &catalogue()[100];
    let grid = parse_grid(solution).unwrap();
    let pattern = clue_cells(puzzle);
    let within = cells_of(ALL_CELLS & !pattern)
        .step_by(19)
        .take(3)
        .fold(pattern, |set, c| set | 1 << c);
    assert_eq!(within.count_ones(), 20);
    let expected: BTreeSet<Cells> = subsets_of_size(within, 17)
        .into_iter()
        .filter(|&clues| unique_by_dlx(&grid, clues))
        .filter(|&clues| cells_of(clues).all(|cell| !unique_by_dlx(&grid, clues & !(1 << cell))))
        .collect();
    assert!(expected.contains(&pattern), "the listed puzzle is unique");
    let found: BTreeSet<Cells> = search_within(&grid, 17, 12, within).puzzles.into_iter().collect();
    assert_eq!(found, expected);
}
