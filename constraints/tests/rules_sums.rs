//! The sum rules through the testkit: sound propagation (brute force on
//! 4×4 and 6×6 boards), exact propagation (every candidate left is used by
//! some assignment of the sum), snapshots of what they remove and why, and
//! `accepts_placement` agreeing with `check`.

mod common;

use sudokit_constraints::{
    Arrow, ClassicRules, DigitalRootCage, DoubleArrow, KillerCage, LittleKiller, RegionSumLine, ZipperLine,
};
use sudokit_core::testkit::{assert_sound, propagate, Soundness};
use sudokit_core::{Cell, Constraint, Digits, Engine, Geometry, Grid, Puzzle, State};

/// Every sum rule on an `n`×`n` board (n ≥ 4), by name.
fn every_rule(n: usize) -> Vec<(&'static str, Box<dyn Constraint>)> {
    let at = |r: usize, c: usize| Cell::at(r, c, n);
    let big = n as u32;
    vec![
        (
            "killer cage",
            Box::new(KillerCage::new([at(0, 0), at(0, 1), at(1, 0)], big + 3)),
        ),
        (
            "killer cage across boxes",
            Box::new(KillerCage::new([at(1, 1), at(1, 2), at(2, 2)], 6)),
        ),
        (
            "arrow",
            Box::new(Arrow::new([at(0, 0)], [vec![at(1, 1), at(2, 2)]])),
        ),
        (
            "arrow with two shafts",
            Box::new(Arrow::new([at(2, 1)], [vec![at(1, 3), at(0, 3)], vec![at(3, 3)]])),
        ),
        (
            "pill arrow",
            Box::new(Arrow::new(
                [at(0, 0), at(0, 1)],
                [vec![at(1, 1), at(1, 2), at(1, 3)]],
            )),
        ),
        (
            "double arrow",
            Box::new(DoubleArrow::new([at(0, 0), at(1, 1), at(2, 1), at(3, 0)])),
        ),
        (
            "zipper odd",
            Box::new(ZipperLine::new([
                at(0, 0),
                at(0, 1),
                at(1, 2),
                at(2, 2),
                at(3, 2),
            ])),
        ),
        (
            "zipper even",
            Box::new(ZipperLine::new([at(0, 3), at(1, 3), at(2, 3), at(3, 3)])),
        ),
        (
            "zipper even, three pairs",
            Box::new(ZipperLine::new([
                at(0, 0),
                at(1, 0),
                at(2, 1),
                at(3, 2),
                at(3, 3),
                at(2, 3),
            ])),
        ),
        (
            "region sum line",
            Box::new(RegionSumLine::new([
                at(0, 1),
                at(1, 1),
                at(1, 2),
                at(2, 2),
                at(3, 3),
            ])),
        ),
        (
            "little killer",
            Box::new(LittleKiller::new([at(0, 1), at(1, 2), at(2, 3)], 2 * big - 1)),
        ),
        (
            "digital root cage",
            Box::new(DigitalRootCage::new([at(2, 0), at(3, 0), at(3, 1)], 3)),
        ),
    ]
}

fn sound_on_small_boards(classic: bool, options: &Soundness) {
    common::sound_on_small_boards(|g: &Geometry| every_rule(g.size()), classic, options);
}

#[test]
fn every_sum_rule_propagates_soundly_with_the_classic_rules() {
    sound_on_small_boards(
        true,
        &Soundness {
            trials: 100,
            ..Soundness::default()
        },
    );
}

#[test]
fn every_sum_rule_propagates_soundly_alone() {
    sound_on_small_boards(false, &common::alone(100));
}

/// The rules together with derived innies and outies, on jigsaw and
/// rectangular boards.
#[test]
fn the_sum_rules_together_propagate_soundly_on_other_shapes() {
    let jigsaw: Vec<u16> = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3];
    let boards = [
        Geometry::irregular(4, &jigsaw).unwrap(),
        Geometry::with_boxes(6, 3, 2).unwrap(),
    ];
    for geometry in boards {
        let n = geometry.size();
        let mut puzzle = Puzzle::new(geometry).with(ClassicRules).unwrap();
        for (_, rule) in every_rule(n)
            .into_iter()
            .filter(|(name, _)| ["killer cage", "arrow", "region sum line", "little killer"].contains(name))
        {
            puzzle.push(rule).unwrap();
        }
        assert_sound(&puzzle, &Soundness::default());
    }
}

/// Cages that hang out of bands of rows by more than three cells (what the
/// wide innies-and-outies pass takes; their certain digits leave the cells
/// that see them all), with a little killer across them: sound on a 6×6
/// board, the totals read off a valid grid.
#[test]
fn cages_hanging_out_of_bands_propagate_soundly() {
    let solution = ["123456", "456123", "231564", "564231", "312645", "645312"];
    let n = 6;
    let digit = |r: usize, c: usize| u32::from(solution[r].as_bytes()[c] - b'0');
    let at = |r: usize, c: usize| Cell::at(r, c, n);
    let cage = |cells: Vec<(usize, usize)>| -> Box<dyn Constraint> {
        let total = cells.iter().map(|&(r, c)| digit(r, c)).sum();
        Box::new(KillerCage::new(cells.into_iter().map(|(r, c)| at(r, c)), total))
    };
    let mut puzzle = Puzzle::new(Geometry::square(n).unwrap())
        .with(ClassicRules)
        .unwrap();
    for c in 0..3 {
        puzzle.push(cage((0..4).map(|r| (r, c)).collect())).unwrap();
    }
    puzzle.push(cage(vec![(4, 0), (4, 1)])).unwrap();
    let diagonal: Vec<(usize, usize)> = (0..5).map(|i| (i, i + 1)).collect();
    let total = diagonal.iter().map(|&(r, c)| digit(r, c)).sum();
    puzzle
        .push(Box::new(LittleKiller::new(
            diagonal.iter().map(|&(r, c)| at(r, c)),
            total,
        )))
        .unwrap();
    let report = assert_sound(
        &puzzle,
        &Soundness {
            trials: 100,
            // Keep the witness's digit most of the time: the rules leave
            // few solutions, and a start without one tests little.
            lose_solution_digit: 0.01,
            ..Soundness::default()
        },
    );
    assert!(report.satisfiable * 4 >= report.checked, "{report:?}");
}

/// Exactness: after propagating one killer cage alone from random
/// candidates, every candidate left is used by some assignment of the cage
/// (distinct digits, the right total), found by brute force.
#[test]
fn a_cage_keeps_exactly_the_digits_some_assignment_uses() {
    let mut rng = fastrand::Rng::with_seed(11);
    let n = 9;
    let geometry = Geometry::square(n).unwrap();
    let (mut checked, mut contradictions) = (0, 0);
    for _ in 0..300 {
        let size = rng.usize(2..=5);
        let cells: Vec<Cell> = (0..size).map(|i| Cell(i as u16)).collect();
        let total = rng.u32(size as u32 * 2..=size as u32 * 8);
        let puzzle = Puzzle::new(geometry.clone())
            .with(KillerCage::new(cells.clone(), total))
            .unwrap();
        let mut state = State::<u16>::new(&geometry);
        let mut start = Vec::new();
        for &cell in &cells {
            let keep = rng.u16(1..1 << n);
            start.push(keep);
            state.restrict_untracked(cell, Digits(keep));
        }
        let mut engine = Engine::new(puzzle.model());
        engine.schedule_all();
        let propagated = engine.propagate(&mut state, None);
        // Brute force: the digits each cell takes in some assignment.
        let mut used = vec![0u16; size];
        let mut digits = vec![0u8; size];
        fn walk(i: usize, start: &[u16], total: u32, digits: &mut [u8], used: &mut [u16]) {
            if i == digits.len() {
                if digits.iter().map(|&d| u32::from(d)).sum::<u32>() == total {
                    for (u, &d) in used.iter_mut().zip(digits.iter()) {
                        *u |= 1 << (d - 1);
                    }
                }
                return;
            }
            for d in 1..=9u8 {
                if start[i] >> (d - 1) & 1 == 1 && !digits[..i].contains(&d) {
                    digits[i] = d;
                    walk(i + 1, start, total, digits, used);
                }
            }
            digits[i] = 0;
        }
        walk(0, &start, total, &mut digits, &mut used);
        match propagated {
            Err(_) => {
                assert!(
                    used.iter().all(|&u| u == 0),
                    "a contradiction though {used:?} is possible"
                );
                contradictions += 1;
            }
            Ok(()) => {
                for (i, &cell) in cells.iter().enumerate() {
                    assert_eq!(
                        state.candidates(cell).0,
                        used[i],
                        "cage {total} over {size} cells, cell {i}"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(
        checked > 100 && contradictions > 10,
        "{checked} checked, {contradictions} contradictions"
    );
}

/// Innies and outies: in a 4×4 row holding a cage of 3 and a cage of 5
/// that leaves it into r3c3, r1c4 − r3c3 = 10 − 3 − 5.
#[test]
fn innies_of_a_row_are_derived_and_propagated() {
    let geometry = Geometry::square(4).unwrap();
    let puzzle = Puzzle::new(geometry.clone())
        .with(ClassicRules)
        .unwrap()
        .with(KillerCage::new([Cell(0), Cell(1)], 3))
        .unwrap()
        .with(KillerCage::new([Cell(2), Cell(10)], 5))
        .unwrap();
    let derived: Vec<String> = puzzle
        .model()
        .sums()
        .iter()
        .filter(|s| s.rule().is_none())
        .map(|s| s.label().to_string())
        .collect();
    assert!(
        derived.contains(&"innies and outies of row 1: r1c4 − r3c3 = 10 − 8 = 2".to_string()),
        "{derived:?}"
    );
    let mut state = State::<u16>::new(&geometry);
    let mut engine = Engine::new(puzzle.model());
    engine.schedule_all();
    engine.propagate(&mut state, None).unwrap();
    let shifted = state
        .candidates(Cell(10))
        .iter()
        .map(|d| d + 2)
        .collect::<Vec<_>>();
    assert_eq!(state.candidates(Cell(3)).iter().collect::<Vec<_>>(), shifted);
}

/// A cage of r1c3 and r2c4 making 3 holds a 1 and a 2, in no house of its
/// own: r1c4 and r2c3, which see both its cells, hold neither (no pair of
/// cells alone says so).
#[test]
fn a_cages_certain_digits_leave_the_cells_that_see_all_of_it() {
    let geometry = Geometry::square(9).unwrap();
    let at = |r, c| Cell::at(r, c, 9);
    let puzzle = Puzzle::new(geometry.clone())
        .with(ClassicRules)
        .unwrap()
        .with(KillerCage::new([at(0, 2), at(1, 3)], 3))
        .unwrap();
    let mut state = State::<u16>::new(&geometry);
    let mut engine = Engine::new(puzzle.model());
    engine.schedule_all();
    engine.propagate(&mut state, None).unwrap();
    for cell in [at(0, 3), at(1, 2)] {
        assert_eq!(
            state.candidates(cell).iter().collect::<Vec<_>>(),
            (3..=9).collect::<Vec<_>>()
        );
    }
    // A cell that sees only one of them keeps both.
    assert!(state.candidates(at(0, 0)).contains(1) && state.candidates(at(0, 0)).contains(2));
}

fn snapshot(rules: Vec<Box<dyn Constraint>>, n: usize, candidates: &str) -> String {
    let geometry = Geometry::square(n).unwrap();
    propagate(&geometry, rules, candidates).unwrap().to_string()
}

#[test]
fn snapshot_killer_cages() {
    let at = |r, c| Cell::at(r, c, 9);
    insta::assert_snapshot!(snapshot(
        vec![
            Box::new(KillerCage::new([at(0, 0), at(0, 1), at(0, 2)], 6)),
            Box::new(KillerCage::new([at(1, 0), at(2, 0)], 17)),
            Box::new(KillerCage::new([at(3, 0), at(3, 1), at(4, 1)], 10)),
        ],
        9,
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         1 . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . ."
    ));
}

#[test]
fn snapshot_arrows_and_lines() {
    let at = |r, c| Cell::at(r, c, 9);
    insta::assert_snapshot!(snapshot(
        vec![
            Box::new(Arrow::new([at(0, 0)], [vec![at(0, 1), at(0, 2), at(0, 3)]])),
            Box::new(Arrow::new(
                [at(1, 0), at(1, 1)],
                [vec![at(2, 0), at(3, 0), at(4, 0)]]
            )),
            Box::new(DoubleArrow::new([at(5, 0), at(5, 1), at(5, 2)])),
            Box::new(ZipperLine::new([at(6, 0), at(6, 1), at(6, 2)])),
            Box::new(LittleKiller::new([at(7, 0), at(8, 1)], 17)),
        ],
        9,
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . 9 . . . . . . .
         . . 3 . . . . . .
         . . . . . . . . .
         . . . . . . . . ."
    ));
}

/// `accepts_placement` (the default: `check`) and `check` agree, and a
/// full grid passes `check` exactly when every sum holds.
#[test]
fn checks_agree_with_the_declared_sums_on_full_grids() {
    let mut rng = fastrand::Rng::with_seed(5);
    for n in [4, 6] {
        let geometry = Geometry::square(n).unwrap();
        // The digital root cage declares no sum: its propagator is checked
        // by the soundness tests alone.
        for (name, rule) in every_rule(n).into_iter().filter(|(_, r)| !r.has_propagator()) {
            let sums = rule.sums(&geometry);
            let (mut passed, mut failed) = (0, 0);
            for _ in 0..400 {
                let mut grid = Grid::empty(n);
                for cell in geometry.cells() {
                    grid.set(cell, rng.u8(1..=n as u8));
                }
                let distinct_ok = rule.groups(&geometry).iter().all(|g| {
                    let mut seen = 0u32;
                    g.cells().iter().all(|&c| {
                        let bit = 1 << grid.get(c).unwrap();
                        let fresh = seen & bit == 0;
                        seen |= bit;
                        fresh
                    })
                });
                let holds = distinct_ok && sums.iter().all(|s| s.holds(&grid));
                assert_eq!(rule.check(&geometry, &grid).is_ok(), holds, "{name} on {n}×{n}");
                if holds {
                    passed += 1;
                } else {
                    failed += 1;
                }
            }
            assert!(failed > 0, "{name}: {passed} passed");
        }
    }
}

/// `accepts_placement` (the quick, message-free path of each rule's check)
/// agrees with `check`.
#[test]
fn accepts_placement_agrees_with_check() {
    common::placements_agree_with_check(|g: &Geometry| every_rule(g.size()), 13, |n| n * n / 2);
}

/// Exactness across blocks: a little killer down the main diagonal of a
/// 6×6 board has two cells in each of the top-left and bottom-right boxes
/// (they must differ) and two alone, so the propagator prunes each block
/// by what the others leave it (issue 32). From random candidates, every
/// candidate left is used by some assignment, found by brute force.
#[test]
fn a_little_killer_across_boxes_keeps_exactly_the_digits_some_assignment_uses() {
    let n = 6;
    let cells: Vec<Cell> = (0..n).map(|i| Cell::at(i, i, n)).collect();
    let same_box = |a: usize, b: usize| (a / 2, a / 3) == (b / 2, b / 3);
    let mut rng = fastrand::Rng::with_seed(32);
    let (checked, contradictions) = exact_against_brute_force(&cells, &mut rng, |rng| {
        // Totals near either end too, where the pruning bites.
        let total = rng.u32(8..=34);
        let holds = move |digits: &[usize]| {
            digits.iter().map(|&d| d as u32).sum::<u32>() == total
                && (0..n).all(|a| (a + 1..n).all(|b| !same_box(a, b) || digits[a] != digits[b]))
        };
        (Box::new(LittleKiller::new(cells.clone(), total)), Box::new(holds))
    });
    assert!(
        checked > 100 && contradictions > 10,
        "{checked} checked, {contradictions} contradictions"
    );
}

/// A pill arrow whose circle reads `10 × r6c1 + r2c2` (two cells in no
/// house together, so the blocks hold every pair that must differ), its
/// shaft r1c4, r3c5, r4c6, r5c4 in two blocks (column 4; box 4): the
/// coefficients −10 and −1 bound the shaft's blocks from both sides. Exact
/// against brute force.
#[test]
fn a_pill_arrow_keeps_exactly_the_digits_some_assignment_uses() {
    let n = 6;
    let at = |r: usize, c: usize| Cell::at(r, c, n);
    let pill = [at(5, 0), at(1, 1)];
    let shaft = vec![at(0, 3), at(2, 4), at(3, 5), at(4, 3)];
    let cells: Vec<Cell> = pill.iter().copied().chain(shaft.iter().copied()).collect();
    let mut rng = fastrand::Rng::with_seed(33);
    let (checked, contradictions) = exact_against_brute_force(&cells, &mut rng, |_| {
        let holds =
            |d: &[usize]| 10 * d[0] + d[1] == d[2] + d[3] + d[4] + d[5] && d[3] != d[4] && d[2] != d[5];
        (Box::new(Arrow::new(pill, [shaft.clone()])), Box::new(holds))
    });
    assert!(
        checked > 50 && contradictions > 10,
        "{checked} checked, {contradictions} contradictions"
    );
}

/// The rule and its arithmetic a case of [`exact_against_brute_force`]
/// draws.
type Case = (Box<dyn Constraint>, Box<dyn Fn(&[usize]) -> bool>);

/// 300 rounds on a 6×6 board with the classic rules: a rule over six
/// `cells` (drawn by `case`, with `holds`, its arithmetic and the cells
/// that must differ), random candidates on the cells, then propagation.
/// Every candidate left must be used by some filling of the cells that
/// `holds` accepts (brute force over the 6⁶ fillings), and propagation fails
/// only when none is. Returns how many rounds were checked and how many
/// ended in a contradiction.
fn exact_against_brute_force(
    cells: &[Cell],
    rng: &mut fastrand::Rng,
    mut case: impl FnMut(&mut fastrand::Rng) -> Case,
) -> (usize, usize) {
    let n = 6;
    let geometry = Geometry::square(n).unwrap();
    let (mut checked, mut contradictions) = (0, 0);
    for _ in 0..300 {
        let (rule, holds) = case(rng);
        let mut puzzle = Puzzle::new(geometry.clone()).with(ClassicRules).unwrap();
        puzzle.push(rule).unwrap();
        let mut state = State::<u16>::new(&geometry);
        let start: Vec<u16> = cells
            .iter()
            .map(|_| rng.u16(1..1 << n) | rng.u16(1..1 << n))
            .collect();
        for (&cell, &keep) in cells.iter().zip(&start) {
            state.restrict_untracked(cell, Digits(keep));
        }
        let mut engine = Engine::new(puzzle.model());
        engine.schedule_all();
        let propagated = engine.propagate(&mut state, None);
        let mut used = vec![0u16; n];
        for code in 0..6u32.pow(6) {
            let digits: Vec<usize> = (0..n)
                .map(|i| (code / 6u32.pow(i as u32) % 6) as usize + 1)
                .collect();
            let fits = digits.iter().zip(&start).all(|(&d, &s)| s >> (d - 1) & 1 == 1) && holds(&digits);
            if fits {
                for (u, &d) in used.iter_mut().zip(&digits) {
                    *u |= 1 << (d - 1);
                }
            }
        }
        match propagated {
            Err(_) => {
                assert!(
                    used.iter().all(|&u| u == 0),
                    "{used:?} is possible from {start:?}"
                );
                contradictions += 1;
            }
            Ok(()) => {
                let left: Vec<u16> = cells.iter().map(|&c| state.candidates(c).0).collect();
                assert_eq!(left, used, "from {start:?}");
                checked += 1;
            }
        }
    }
    (checked, contradictions)
}

/// A random valid 9×9 grid: the pattern `(3r + r/3 + c) mod 9`, its digits
/// relabelled, its rows shuffled within bands and its bands shuffled, the
/// same for columns, transposed half the time.
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
    let transpose = rng.bool();
    let mut grid = Grid::empty(9);
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            let value = digits[(3 * pr + pr / 3 + pc) % 9];
            let cell = if transpose {
                Cell::at(c, r, 9)
            } else {
                Cell::at(r, c, 9)
            };
            grid.set(cell, value);
        }
    }
    grid
}

/// The little-killer diagonal `c − r = offset` of a 9×9 board, or with
/// `up`, the one with `r + c = 8 + offset` (0-based).
fn diagonal(offset: i32, up: bool) -> Vec<Cell> {
    (0..9i32)
        .map(|r| (r, if up { 8 + offset - r } else { r + offset }))
        .filter(|(_, c)| (0..9).contains(c))
        .map(|(r, c)| Cell::at(r as usize, c as usize, 9))
        .collect()
}

/// The sums the model derives across little killers (houses they cross
/// from end to end, parallel diagonals added up) hold on the grid the
/// totals were read from. Each of 200 boards has two to four neighbouring
/// long diagonals and some others at random; of 200 random grids it takes
/// the one where the neighbours add up to the least (or, every other board,
/// the most) — extreme totals, where derived sums are kept. Every derived
/// sum of the model must add up on the grid, and both kinds must be found
/// (the test is not vacuous): a sum added up from several killers, and a
/// derived sum with eleven cells or more.
#[test]
fn sums_derived_across_little_killers_hold_on_the_grids_they_come_from() {
    let mut rng = fastrand::Rng::with_seed(40);
    let (mut added, mut wide, mut checked) = (0, 0, 0);
    let total =
        |grid: &Grid, line: &[Cell]| -> u32 { line.iter().map(|&c| u32::from(grid.get(c).unwrap())).sum() };
    for board in 0..200 {
        let up = rng.bool();
        let width = rng.i32(2..=4);
        let first = rng.i32(-3..=3 - (width - 1));
        let neighbours: Vec<Vec<Cell>> = (first..first + width).map(|o| diagonal(o, up)).collect();
        let others = (-7..=7)
            .flat_map(|o| [diagonal(o, !up), diagonal(o, up)])
            .filter(|line| !neighbours.contains(line) && rng.f64() < 0.3);
        let lines: Vec<Vec<Cell>> = neighbours.iter().cloned().chain(others).collect();
        let together = |grid: &Grid| -> u32 { neighbours.iter().map(|line| total(grid, line)).sum() };
        let grids = (0..200).map(|_| random_grid(&mut rng));
        let grid = if board % 2 == 0 {
            grids.min_by_key(together)
        } else {
            grids.max_by_key(together)
        }
        .unwrap();
        let mut puzzle = Puzzle::new(Geometry::square(9).unwrap())
            .with(ClassicRules)
            .unwrap();
        for line in lines {
            let sum = total(&grid, &line);
            puzzle.push(Box::new(LittleKiller::new(line, sum))).unwrap();
        }
        for sum in puzzle.model().sums().iter().filter(|s| s.rule().is_none()) {
            checked += 1;
            assert_eq!(
                sum.sum().value(&grid),
                Some(i64::from(sum.sum().total())),
                "{} fails on {grid:?}",
                sum.label()
            );
            added += usize::from(sum.label().ends_with("added up"));
            wide += usize::from(sum.sum().terms().len() > 10 && !sum.label().ends_with("added up"));
        }
    }
    assert!(
        added > 0 && wide > 0,
        "{checked} derived: {added} added up, {wide} wide"
    );
}

/// "Zero solution: Little Killer" (ISS): eight diagonals of 49, four of them
/// parallel (r + c = 10 … 13, 1-based): together 196, where the blocks of
/// their cells (eight cells of boxes 3, 5 and 7 each, the rest in rows) make
/// at most 198. The union is derived; `solvers/tests/signs_and_cages.rs`
/// shows the search then proves there is no solution.
#[test]
fn four_parallel_little_killers_of_49_are_added_up() {
    let at = |r: usize, c: usize| Cell::at(r - 1, c - 1, 9);
    let anti = |s: usize| -> Vec<Cell> {
        (1..=9)
            .filter(|&r| s > r && s - r <= 9)
            .map(|r| at(r, s - r))
            .collect()
    };
    let down = |d: i32| -> Vec<Cell> {
        (1..=9i32)
            .filter(|r| (1..=9).contains(&(r + d)))
            .map(|r| at(r as usize, (r + d) as usize))
            .collect()
    };
    let mut puzzle = Puzzle::new(Geometry::square(9).unwrap())
        .with(ClassicRules)
        .unwrap();
    for line in [
        anti(9),
        anti(10),
        anti(11),
        anti(12),
        down(2),
        down(0),
        down(-1),
        down(-2),
    ] {
        puzzle.push(Box::new(LittleKiller::new(line, 49))).unwrap();
    }
    let sums = puzzle.model().sums();
    let union = sums
        .iter()
        .find(|s| s.label().ends_with("added up") && s.sum().terms().len() == 32)
        .expect("the four parallel diagonals added up");
    assert_eq!(union.sum().total(), 196);
    assert!(
        union.label().starts_with("little killer 49 + little killer 49"),
        "{}",
        union.label()
    );
    // Box 5 is crossed by five of the diagonals, which cover it: the 30
    // cells they bring in add up to 5 × 49 − 45 = 200 (as ISS derives).
    let crossing = sums
        .iter()
        .find(|s| s.label().starts_with("outies of box 5") && s.sum().terms().len() == 30)
        .expect("box 5 crossed from end to end");
    assert!(crossing.label().ends_with("= 200"), "{}", crossing.label());
}
