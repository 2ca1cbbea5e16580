//! The killer deductions ISS makes that sudokit missed (issue 32, found by
//! `scripts/iss-deduction-diff.mjs`): hidden cages (a house less a cage
//! sticking out of it by one cell, one outie at a time) and a cage's certain
//! digits leaving the cells that see every cell still holding them. Sound by
//! brute force on 6×6 boards, derived sums true on the grids their totals
//! come from, and each deduction shown on a board where nothing else makes it.

use sudokit_constraints::{ClassicRules, KillerCage};
use sudokit_core::testkit::{assert_sound, Soundness};
use sudokit_core::{Cell, Constraint, Engine, Geometry, Grid, Puzzle, State};

/// A valid 6×6 grid (2×3 boxes).
const SIX: [&str; 6] = ["123456", "456123", "231564", "564231", "312645", "645312"];

/// Cages that wind across rows and boxes, sticking out of houses by one
/// cell (the MATHEMAGIC killers' shape), with totals read off a valid 6×6
/// grid: every propagation, hidden cages and certain digits included, is
/// sound against brute force.
#[test]
fn winding_cages_propagate_soundly() {
    let n = 6;
    let digit = |r: usize, c: usize| u32::from(SIX[r].as_bytes()[c] - b'0');
    let mut puzzle = Puzzle::new(Geometry::square(n).unwrap())
        .with(ClassicRules)
        .unwrap();
    let cages: [&[(usize, usize)]; 5] = [
        &[(0, 0), (0, 1), (0, 2), (1, 0)],
        &[(0, 3), (0, 4), (0, 5), (1, 5)],
        &[(1, 1), (1, 2), (1, 3), (2, 3)],
        &[(3, 0), (4, 0), (4, 1), (5, 1)],
        &[(2, 4), (3, 4), (3, 5), (4, 5)],
    ];
    for cells in cages {
        let total = cells.iter().map(|&(r, c)| digit(r, c)).sum();
        puzzle
            .push(Box::new(KillerCage::new(
                cells.iter().map(|&(r, c)| Cell::at(r, c, n)),
                total,
            )))
            .unwrap();
    }
    for locked_candidates in [false, true] {
        let report = assert_sound(
            &puzzle,
            &Soundness {
                trials: 150,
                lose_solution_digit: 0.02,
                locked_candidates,
                ..Soundness::default()
            },
        );
        assert!(report.satisfiable * 4 >= report.checked, "{report:?}");
        assert!(report.removed > 0, "{report:?}");
    }
}

/// A random valid 9×9 grid: the pattern `(3r + r/3 + c) mod 9` with its
/// digits relabelled and its bands and stacks shuffled.
fn random_grid(rng: &mut fastrand::Rng) -> Grid {
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let order = |rng: &mut fastrand::Rng| -> Vec<usize> {
        let mut bands = [0, 1, 2];
        rng.shuffle(&mut bands);
        bands
            .iter()
            .flat_map(|&b| {
                let mut rows = [0, 1, 2];
                rng.shuffle(&mut rows);
                rows.map(|r| 3 * b + r)
            })
            .collect()
    };
    let (rows, cols) = (order(rng), order(rng));
    let mut grid = Grid::empty(9);
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            grid.set(Cell::at(r, c, 9), digits[(3 * pr + pr / 3 + pc) % 9]);
        }
    }
    grid
}

/// Every derived sum holds on the grid the cage totals were read from, on
/// boards tiled by random winding cages of four or five cells; and hidden
/// cages are among them (a sum of at most six cells with one outie).
#[test]
fn hidden_cages_hold_on_the_grids_they_come_from() {
    let mut rng = fastrand::Rng::with_seed(32);
    let mut hidden = 0;
    for _ in 0..40 {
        let grid = random_grid(&mut rng);
        let mut free: Vec<bool> = vec![true; 81];
        let mut puzzle = Puzzle::new(Geometry::square(9).unwrap())
            .with(ClassicRules)
            .unwrap();
        for start in 0..81 {
            if !free[start] {
                continue;
            }
            // Walk right or down from `start` through free cells.
            let mut cells = vec![start];
            free[start] = false;
            while cells.len() < 5 {
                let last = *cells.last().unwrap();
                let mut next = Vec::new();
                if last % 9 < 8 && free[last + 1] {
                    next.push(last + 1);
                }
                if last + 9 < 81 && free[last + 9] {
                    next.push(last + 9);
                }
                let Some(&cell) = next.get(rng.usize(0..next.len().max(1))) else {
                    break;
                };
                free[cell] = false;
                cells.push(cell);
            }
            let cells: Vec<Cell> = cells.into_iter().map(|c| Cell(c as u16)).collect();
            let total = cells.iter().map(|&c| u32::from(grid.get(c).unwrap())).sum();
            let cage: Box<dyn Constraint> = Box::new(KillerCage::new(cells, total));
            puzzle.push(cage).unwrap();
        }
        for sum in puzzle.model().sums().iter().filter(|s| s.rule().is_none()) {
            assert_eq!(
                sum.sum().value(&grid),
                Some(i64::from(sum.sum().total())),
                "{}",
                sum.label()
            );
            let terms = sum.sum().terms();
            let outies = terms.iter().filter(|&&(_, k)| k < 0).count();
            hidden += usize::from(outies == 1 && terms.len() >= 4);
        }
    }
    assert!(hidden > 0);
}

/// A cage of r1c1, r2c1 and r2c2 making 6 holds 1, 2 and 3. With a 1 given
/// in r9c2, only r1c1 and r2c1 can hold its 1: the rest of column 1 loses
/// the 1, though no cell outside the cage sees all three of its cells (the
/// engine without locked candidates, so that the sum alone says so).
#[test]
fn a_certain_digit_leaves_the_cells_that_see_its_places_in_the_cage() {
    let geometry = Geometry::square(9).unwrap();
    let at = |r, c| Cell::at(r, c, 9);
    let puzzle = Puzzle::new(geometry.clone())
        .with(ClassicRules)
        .unwrap()
        .with(KillerCage::new([at(0, 0), at(1, 0), at(1, 1)], 6))
        .unwrap();
    let mut givens = Grid::empty(9);
    givens.set(at(8, 1), 1);
    let mut state = State::<u16>::with_givens(&geometry, &givens);
    let mut engine = Engine::rules_only(puzzle.model());
    engine.schedule_all();
    engine.propagate(&mut state, None).unwrap();
    assert!(!state.candidates(at(1, 1)).contains(1));
    for r in 2..8 {
        assert!(!state.candidates(at(r, 0)).contains(1), "r{}c1", r + 1);
    }
    // A cell that sees only one of those places keeps its 1.
    assert!(state.candidates(at(0, 3)).contains(1));
}
