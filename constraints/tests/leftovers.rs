//! The law of leftovers the model derives for jigsaw regions: which pairs
//! it finds, what it deduces, and that it is sound: on random 4×4 and 6×6
//! jigsaw layouts the testkit's brute force (through `check` alone) finds
//! every digit the propagation keeps, and a search with the engine counts
//! exactly the solutions brute force counts.

use sudokit_constraints::ClassicRules;
use sudokit_core::testkit::{assert_sound, count_solutions, propagate, random_jigsaw, Soundness};
use sudokit_core::{Cell, Digits, Engine, Geometry, Grid, Puzzle, State};

/// A jigsaw layout written one row per string, regions `1`…`n`.
fn layout(rows: &[&str]) -> Vec<u16> {
    rows.concat().bytes().map(|b| u16::from(b - b'1')).collect()
}

/// The regions of examples/puzzles/kropki-jigsaw.toml.
const KROPKI_JIGSAW: [&str; 6] = ["222444", "222644", "116634", "116333", "116633", "555555"];

fn classic(geometry: Geometry) -> Puzzle {
    Puzzle::new(geometry).with(ClassicRules).unwrap()
}

/// The leftover pairs of a puzzle as `label: A = B` with cell names.
fn pairs(puzzle: &Puzzle) -> Vec<String> {
    let n = puzzle.geometry().size();
    let names = |cells: &[Cell]| cells.iter().map(|c| c.name(n)).collect::<Vec<_>>().join(" ");
    puzzle
        .model()
        .leftovers()
        .iter()
        .map(|l| {
            format!(
                "{}: {} = {}",
                l.label(),
                names(l.run_side().cells()),
                names(l.region_side().cells())
            )
        })
        .collect()
}

#[test]
fn the_pairs_of_a_six_by_six_jigsaw() {
    let puzzle = classic(Geometry::irregular(6, &layout(&KROPKI_JIGSAW)).unwrap());
    insta::assert_snapshot!(pairs(&puzzle).join("\n"), @"
    law of leftovers, rows 1–2: r2c4 = r3c6
    law of leftovers, rows 3–4: r3c3 r3c4 r4c3 r3c6 = r5c1 r5c2 r5c5 r5c6
    law of leftovers, rows 4–5: r4c3 r5c3 r5c4 = r3c1 r3c2 r3c5
    law of leftovers, columns 1–2: r6c1 r6c2 = r1c3 r2c3
    law of leftovers, columns 1–4: r1c4 r4c4 = r6c5 r6c6
    law of leftovers, columns 1–5: r1c4 r1c5 r2c5 = r4c6 r5c6 r6c6
    law of leftovers, columns 2–6: r3c2 r4c2 r5c2 = r1c1 r2c1 r6c1
    ");
}

#[test]
fn boxes_that_fit_the_lines_leave_nothing() {
    for (n, rows, cols) in [(4, 2, 2), (6, 2, 3), (6, 3, 2), (9, 3, 3)] {
        let puzzle = classic(Geometry::with_boxes(n, rows, cols).unwrap());
        assert!(
            puzzle.model().leftovers().is_empty(),
            "{n}×{n} boxes {rows}×{cols}"
        );
    }
}

/// A 6×6 candidate grid, every cell open but those listed.
fn grid(n: usize, cells: &[(usize, usize, &str)]) -> String {
    let mut rows = vec![vec!["."; n]; n];
    for &(r, c, digits) in cells {
        rows[r - 1][c - 1] = digits;
    }
    rows.iter()
        .map(|row| row.join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn one_cell_each_hold_the_same_digit() {
    // Rows 1–2 less regions 2 and 4 leave r2c4; the regions stick out at r3c6.
    let g = Geometry::irregular(6, &layout(&KROPKI_JIGSAW)).unwrap();
    let start = grid(6, &[(2, 4, "12"), (3, 6, "23")]);
    let report = propagate(&g, vec![Box::new(ClassicRules)], &start).unwrap();
    let first = report.steps[0].describe(classic(g.clone()).model());
    insta::assert_snapshot!(first, @"law of leftovers, rows 1–2 2 (r2c4, r3c6): r2c4 = 2, r3c6 = 2");
    let two = Digits::<u128>::single(2);
    assert_eq!(report.after[Cell::at(1, 3, 6).index()], two);
    assert_eq!(report.after[Cell::at(2, 5, 6).index()], two);
}

#[test]
fn a_digit_fixed_on_one_side_is_placed_on_the_other() {
    // Rows 3–4 leave r3c3 r3c4 r3c6 r4c3 against r5c1 r5c2 r5c5 r5c6. With
    // 1 fixed in r3c3, the other side holds a 1 too, and only r5c6 can:
    // r5c6 = 1 (and the singles follow); 6, on neither side, leaves both.
    let g = Geometry::irregular(6, &layout(&KROPKI_JIGSAW)).unwrap();
    let start = grid(
        6,
        &[
            (3, 3, "1"),
            (5, 1, "23"),
            (5, 2, "23"),
            (5, 5, "45"),
            (5, 6, "1456"),
        ],
    );
    let report = propagate(&g, vec![Box::new(ClassicRules)], &start).unwrap();
    insta::assert_snapshot!(report.removals(), @"r1c3 −{1}, r1c6 −{1}, r2c3 −{1}, r2c4 −{1,6}, r2c6 −{1}, r3c1 −{1}, r3c2 −{1}, r3c4 −{1,6}, r3c5 −{1}, r3c6 −{1,6}, r4c3 −{1,6}, r4c4 −{1}, r4c5 −{1}, r4c6 −{1}, r5c3 −{1}, r5c4 −{1}, r5c6 −{4,5,6}, r6c1 −{1}, r6c2 −{1}, r6c3 −{1}, r6c6 −{1}");
}

/// Counts the solutions of `puzzle` by a plain search on the engine
/// (locked candidates on, as searches run it): leftovers included.
fn count_with_engine(puzzle: &Puzzle) -> u64 {
    let n = puzzle.geometry().size();
    let mut engine = Engine::new(puzzle.model()).with_locked_candidates(true);
    let mut state = State::<u16>::with_givens(puzzle.geometry(), puzzle.givens());
    engine.schedule_all();
    if engine.propagate(&mut state, None).is_err() {
        return 0;
    }
    fn visit(engine: &mut Engine<'_>, puzzle: &Puzzle, state: &State<u16>, n: usize) -> u64 {
        let open = (0..n * n)
            .map(|i| Cell(i as u16))
            .filter(|&c| state.candidates(c).len() > 1)
            .min_by_key(|&c| state.candidates(c).len());
        let Some(cell) = open else {
            let grid: Grid = state.to_grid();
            assert!(
                puzzle
                    .constraints()
                    .iter()
                    .all(|c| c.check(puzzle.geometry(), &grid).is_ok()),
                "a propagated state broke a rule"
            );
            return 1;
        };
        let mut total = 0;
        for digit in state.candidates(cell).iter() {
            let mut next = state.clone();
            let keep = [(cell, Digits::<u128>::single(digit).to_u128())];
            if engine.restrict_all(&mut next, None, keep).is_ok() && engine.propagate(&mut next, None).is_ok()
            {
                total += visit(engine, puzzle, &next, n);
            }
        }
        total
    }
    visit(&mut engine, puzzle, &state, n)
}

/// Random layouts of 4×4 and 6×6 that have leftovers, the 6×6 ones with
/// a few givens in row 1 to keep brute-force counts small.
fn random_puzzles() -> Vec<Puzzle> {
    let mut rng = fastrand::Rng::with_seed(32);
    let mut puzzles = Vec::new();
    for trial in 0..60 {
        let (n, shape) = if trial % 3 == 0 { (4, (2, 2)) } else { (6, (2, 3)) };
        let regions = random_jigsaw(n, shape, 1 + rng.usize(..6), &mut rng);
        let puzzle = classic(Geometry::irregular(n, &regions).unwrap());
        let mut givens = Grid::empty(n);
        for c in 0..n {
            if n == 6 && rng.bool() {
                givens.set(Cell::at(0, c, n), (c + 1) as u8);
            }
        }
        if !puzzle.model().leftovers().is_empty() {
            puzzles.push(puzzle.with_givens(givens).unwrap());
        }
    }
    assert!(puzzles.len() > 20, "only {} layouts had leftovers", puzzles.len());
    puzzles
}

/// The engine's search (leftovers and all) counts what brute force counts.
#[test]
fn random_jigsaws_count_as_brute_force_does() {
    let mut counted = 0;
    for puzzle in random_puzzles() {
        // Layouts too slow to enumerate are skipped.
        let Some(expected) = count_solutions(&puzzle, 3_000_000, u64::MAX) else {
            continue;
        };
        assert_eq!(count_with_engine(&puzzle), expected, "{:?}", puzzle.geometry());
        counted += 1;
    }
    assert!(counted >= 30, "only {counted} layouts counted");
}

/// The testkit's brute-force check from random starts finds every
/// propagation sound (the leftovers beside the singles and overlaps).
#[test]
fn random_jigsaws_propagate_soundly() {
    for (k, puzzle) in random_puzzles().iter().enumerate().step_by(3) {
        let options = Soundness {
            trials: 60,
            seed: k as u64,
            locked_candidates: true,
            ..Soundness::default()
        };
        let report = assert_sound(puzzle, &options);
        assert!(report.checked > 0, "{report:?}");
    }
}
