//! Equal sums, counting circles, negative indexers and count distinct
//! through the testkit:
//! sound propagation (brute force on 4×4 and 6×6 boards, alone and with the
//! classic rules), snapshots of what each removes and why, `check` against
//! an independent reading of each rule on random full grids, the solution
//! count of a small board by propagation and search against brute force
//! through `check` alone, and published puzzles.

mod common;

use sudokit_constraints::{
    ClassicRules, CountDistinct, CountingCircles, EqualSum, IndexerKind, NegativeIndexer,
};
use sudokit_core::testkit::{assert_sound, check_search, count_solutions, propagate, Soundness};
use sudokit_core::{Cell, Constraint, Geometry, Grid, Puzzle};

/// Every rule of this file on an `n`×`n` board (n ≥ 4), by name.
fn every_rule(n: usize) -> common::RuleList {
    let at = |r: usize, c: usize| Cell::at(r, c, n);
    vec![
        (
            "equal sum",
            Box::new(EqualSum::new(vec![
                vec![at(0, 0), at(1, 1)],
                vec![at(0, 1), at(1, 0)],
                vec![at(2, 2), at(3, 3)],
            ])),
        ),
        (
            "equal sum, overlapping",
            Box::new(EqualSum::new(vec![
                vec![at(0, 0), at(0, 2)],
                vec![at(0, 0), at(2, 0)],
                vec![at(2, 2), at(3, 3)],
            ])),
        ),
        (
            "counting circles",
            Box::new(CountingCircles::new([
                at(0, 0),
                at(1, 2),
                at(2, 1),
                at(3, 3),
                at(0, 3),
            ])),
        ),
        (
            "counting circles of three",
            Box::new(CountingCircles::new([at(0, 0), at(1, 1), at(2, 3)])),
        ),
        (
            "negative row indexer",
            Box::new(NegativeIndexer::new(
                IndexerKind::Row,
                [at(1, 0), at(2, 1), at(0, 3)],
            )),
        ),
        (
            "negative column indexer",
            Box::new(NegativeIndexer::new(
                IndexerKind::Column,
                [at(1, 0), at(2, 0), at(1, 3), at(3, 1)],
            )),
        ),
        (
            "negative box indexer",
            Box::new(NegativeIndexer::new(
                IndexerKind::Box,
                [at(0, 0), at(1, 1), at(3, 2)],
            )),
        ),
        (
            "count distinct",
            Box::new(CountDistinct::new(
                at(0, 0),
                vec![at(1, 1), at(1, 2), at(2, 1), at(3, 3)],
                vec![],
            )),
        ),
        (
            "count distinct of three",
            Box::new(CountDistinct::new(
                at(3, 0),
                vec![at(0, 1), at(2, 2), at(0, 3)],
                vec![],
            )),
        ),
    ]
}

fn sound_on_small_boards(classic: bool, options: &Soundness) {
    common::sound_on_small_boards(|g: &Geometry| every_rule(g.size()), classic, options);
}

#[test]
fn every_rule_propagates_soundly_with_the_classic_rules() {
    sound_on_small_boards(
        true,
        &Soundness {
            trials: 100,
            ..Soundness::default()
        },
    );
}

#[test]
fn every_rule_propagates_soundly_alone() {
    sound_on_small_boards(false, &common::alone(100));
}

/// The box (rows × columns) of the `n`×`n` boards tested here: 2×2 on 4×4,
/// 2×3 on 6×6.
fn box_shape(n: usize) -> (usize, usize) {
    match n {
        4 => (2, 2),
        6 => (2, 3),
        _ => panic!("no box shape for {n}×{n}"),
    }
}

/// Whether a full grid keeps the rule named `name` (as [`every_rule`]
/// builds it), read straight from the rule's statement.
fn keeps(name: &str, n: usize, grid: &Grid) -> bool {
    let at = |r: usize, c: usize| usize::from(grid.get(Cell::at(r, c, n)).unwrap());
    let all_equal = |sums: &[usize]| sums.iter().all(|&s| s == sums[0]);
    let counted = |circles: &[(usize, usize)]| {
        let digits: Vec<usize> = circles.iter().map(|&(r, c)| at(r, c)).collect();
        digits
            .iter()
            .all(|&d| digits.iter().filter(|&&x| x == d).count() == d)
    };
    // Whether no cell of `listed` has a digit v whose v-th cell along its
    // line (`line(r, c)` lists it, with the cell's own 1-based index)
    // holds that index.
    let never_indexes =
        |listed: &[(usize, usize)], line: &dyn Fn(usize, usize) -> (Vec<(usize, usize)>, usize)| {
            listed.iter().all(|&(r, c)| {
                let (cells, own) = line(r, c);
                let (tr, tc) = cells[at(r, c) - 1];
                at(tr, tc) != own
            })
        };
    let distinct = |cells: &[(usize, usize)]| {
        let mut digits: Vec<usize> = cells.iter().map(|&(r, c)| at(r, c)).collect();
        digits.sort_unstable();
        digits.dedup();
        digits.len()
    };
    match name {
        "count distinct" => at(0, 0) == distinct(&[(1, 1), (1, 2), (2, 1), (3, 3)]),
        "count distinct of three" => at(3, 0) == distinct(&[(0, 1), (2, 2), (0, 3)]),
        "equal sum" => all_equal(&[at(0, 0) + at(1, 1), at(0, 1) + at(1, 0), at(2, 2) + at(3, 3)]),
        "equal sum, overlapping" => {
            all_equal(&[at(0, 0) + at(0, 2), at(0, 0) + at(2, 0), at(2, 2) + at(3, 3)])
        }
        "counting circles" => counted(&[(0, 0), (1, 2), (2, 1), (3, 3), (0, 3)]),
        "counting circles of three" => counted(&[(0, 0), (1, 1), (2, 3)]),
        "negative row indexer" => never_indexes(&[(1, 0), (2, 1), (0, 3)], &|r, c| {
            ((0..n).map(|i| (i, c)).collect(), r + 1)
        }),
        "negative column indexer" => never_indexes(&[(1, 0), (2, 0), (1, 3), (3, 1)], &|r, c| {
            ((0..n).map(|j| (r, j)).collect(), c + 1)
        }),
        "negative box indexer" => never_indexes(&[(0, 0), (1, 1), (3, 2)], &|r, c| {
            let (h, w) = box_shape(n);
            let (top, left) = (r / h * h, c / w * w);
            let cells = (0..h * w).map(|k| (top + k / w, left + k % w)).collect();
            (cells, (r - top) * w + (c - left) + 1)
        }),
        other => panic!("no reading of {other}"),
    }
}

/// `check` (and `accepts_placement`) on random full grids says what the
/// rule's statement says, and both verdicts turn up.
#[test]
fn check_agrees_with_the_statement_on_full_grids() {
    common::check_agrees_with_the_statement(every_rule, keeps, 35);
}

/// On the 4×4 board with the classic rules and each rule alone, the
/// engine's exhaustive search counts what brute force through `check`
/// counts, and the rule rules something out.
#[test]
fn each_rule_counts_what_brute_force_counts_on_4x4() {
    common::counts_match_brute_force_on_4x4(every_rule(4), &[]);
}

fn snapshot(rules: Vec<Box<dyn Constraint>>, n: usize, candidates: &str) -> String {
    let geometry = Geometry::square(n).unwrap();
    propagate(&geometry, rules, candidates).unwrap().to_string()
}

#[test]
fn snapshot_equal_sums_and_counting_circles() {
    let at = |r, c| Cell::at(r, c, 9);
    insta::assert_snapshot!(snapshot(
        vec![
            // r1c1 + r1c2 = r2c1 = r3c1 + r3c2 + r3c3 (digits may repeat
            // here, no classic rules): r2c1 ≥ 2, r1c1 and r1c2 ≤ 8.
            Box::new(EqualSum::new(vec![
                vec![at(0, 0), at(0, 1)],
                vec![at(1, 0)],
                vec![at(2, 0), at(2, 1), at(2, 2)],
            ])),
            // Two circles, one holding 2: the other holds 2 too.
            Box::new(CountingCircles::new([at(5, 0), at(6, 5)])),
            // Four circles, one of them 1: the other three are 3s.
            Box::new(CountingCircles::new([at(8, 0), at(7, 4), at(4, 8), at(1, 1)])),
        ],
        9,
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         2 . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         1 . . . . . . . ."
    ));
}

#[test]
fn snapshot_negative_indexers() {
    insta::assert_snapshot!(snapshot(
        vec![
            // r2c1 and r3c1 index nothing along their row.
            Box::new(NegativeIndexer::new(
                IndexerKind::Column,
                [Cell::at(1, 0, 4), Cell::at(2, 0, 4)],
            )),
            // r1c1 and r3c3 index nothing along their column.
            Box::new(NegativeIndexer::new(
                IndexerKind::Row,
                [Cell::at(0, 0, 4), Cell::at(2, 2, 4)],
            )),
        ],
        4,
        "3 . . .
         2 . . .
         . . 2 .
         . . . ."
    ));
}

#[test]
fn snapshot_count_distinct() {
    let at = |r, c| Cell::at(r, c, 9);
    insta::assert_snapshot!(snapshot(
        vec![
            // Three 5s and an open cell (no classic rules: digits repeat):
            // one or two values, so r1c1 is 1 or 2.
            Box::new(CountDistinct::new(
                at(0, 0),
                vec![at(1, 1), at(1, 2), at(2, 1), at(2, 2)],
                vec![],
            )),
            // r9c9 shows 3 for three cells: all different, 4 is taken.
            Box::new(CountDistinct::new(
                at(8, 8),
                vec![at(6, 6), at(6, 7), at(7, 6)],
                vec![],
            )),
            // r5c1 shows 1 and r5c2 holds 7: r5c3 and r5c4 are 7s.
            Box::new(CountDistinct::new(
                at(4, 0),
                vec![at(4, 1), at(4, 2), at(4, 3)],
                vec![],
            )),
        ],
        9,
        ". . . . . . . . .
         . 5 5 . . . . . .
         . 5 . . . . . . .
         . . . . . . . . .
         1 7 . . . . . . .
         . . . . . . . . .
         . . . . . . 4 . .
         . . . . . . . . .
         . . . . . . . . 3"
    ));
}

/// Count Different (Circles) (ISS `data/collections.js`, MIT; from
/// <https://sudokupad.app/fxjvp41pf9>): each circled cell counts the
/// different digits among the eight cells around it. Read from ISS's
/// string, solved to the solution ISS lists, and only to it.
#[test]
fn count_different_circles_solves_to_the_solution_iss_lists() {
    let string =
        ".~R1C2_6~R2C2_4~R2C3_1~R3C3_3~R3C2_2~R2C7_8~R2C8_3~R2C9_9~R3C7_4~R3C8_6~R7C7_3~R8C7_5~R7C8_9\
                  ~R8C8_8~R9C8_1~R7C3_4~R8C3_6~R8C2_7~R7C2_8~R8C1_2\
                  .CountDistinct~R3C3~R3C2~R2C2~R2C3~R2C4~R3C4~R4C4~R4C3~R4C2\
                  .CountDistinct~R3C7~R3C6~R2C6~R2C7~R2C8~R3C8~R4C8~R4C7~R4C6\
                  .CountDistinct~R7C7~R7C6~R6C6~R6C7~R6C8~R7C8~R8C8~R8C7~R8C6\
                  .CountDistinct~R7C3~R7C2~R6C2~R6C3~R6C4~R7C4~R8C4~R8C3~R8C2";
    use sudokit_constraints::{iss, native};
    let spec = iss::read(string).unwrap();
    assert_eq!(iss::read(&iss::write(&spec).unwrap()).unwrap(), spec);
    let text = format!("# Count Different (Circles)\n{}", native::write(&spec));
    common::has_its_published_solution_alone(
        &text,
        "865934127741256839923187465512493678698571243437628951184765392276319584359842716",
    );
}

/// Published puzzles of these rules (each file names its source): the
/// rules' `check` accepts the published solution, and the engine's
/// exhaustive search finds it and no other.
#[test]
fn published_puzzles_have_their_published_solution_alone() {
    let puzzles = [
        (
            include_str!("puzzles/magic-square.toml"),
            "843567219275913846619428375384672951726159483951834627537286194462791538198345762",
        ),
        (
            include_str!("puzzles/clockwork.toml"),
            "623514897584379621971268354219436785745182963836795412158643279367921548492857136",
        ),
    ];
    for (text, solution) in puzzles {
        common::has_its_published_solution_alone(text, solution);
    }
}

/// Rules that cannot be read or built say what is wrong and where; a rule
/// that merely has no solution is an answer.
#[test]
fn bad_rules_get_clear_errors() {
    use sudokit_constraints::native;
    let read = |rule: &str| native::read(&format!("size = 4\nrules = [{rule}]\n"));
    let err = read(r#"{ type = "negative-indexer", along = "diagonal", cells = "r1c2" }"#).unwrap_err();
    let message = err.to_string();
    assert!(message.contains("rules[1].along"), "{message}");
    assert!(message.contains("\"diagonal\""), "{message}");
    // Columns are indexed unless `along` says otherwise (the 159 rule).
    let spec = read(r#"{ type = "negative-indexer", cells = "r1c2" }"#).unwrap();
    let names: Vec<String> = spec
        .build()
        .unwrap()
        .constraints()
        .iter()
        .map(|c| c.name().into_owned())
        .collect();
    assert!(
        names.contains(&"negative column indexer".to_string()),
        "{names:?}"
    );
    let err = read(r#"{ type = "equal-sum", segments = [] }"#).unwrap_err();
    assert!(err.to_string().contains("rules[1].segments"), "{err}");
    let err = read(r#"{ type = "counting-circles", cells = "r1c1 r1c1" }"#).unwrap_err();
    assert!(err.to_string().contains("rules[1].cells"), "{err}");
    // Two circles in one row of a 4×4 board cannot hold 2 twice, and one
    // 1 and a second digit cannot count two circles: no solution, no error.
    let puzzle = read(r#"{ type = "counting-circles", cells = "r1c1 r1c2" }"#)
        .unwrap()
        .build()
        .unwrap();
    assert_eq!(count_solutions(&puzzle, 1_000_000, u64::MAX), Some(0));
}

/// Counting circles that know the houses hold every digit once (as the
/// registry builds them beside the classic rules): on random sets of
/// circles, propagation is sound on 4×4 and 6×6, and on 4×4 the search
/// counts what brute force through `check` counts.
#[test]
fn counting_circles_in_latin_houses_are_sound_and_count_right() {
    let mut rng = fastrand::Rng::with_seed(38);
    for (n, sets, trials) in [(4, 8, 30), (6, 3, 6)] {
        let geometry = Geometry::square(n).unwrap();
        let cells: Vec<Cell> = geometry.cells().collect();
        for _ in 0..sets {
            let mut circles = cells.clone();
            rng.shuffle(&mut circles);
            circles.truncate(rng.usize(3..=2 * n));
            let puzzle = Puzzle::new(geometry.clone())
                .with(ClassicRules)
                .unwrap()
                .with(CountingCircles::new(circles.iter().copied()).in_latin_houses())
                .unwrap();
            let options = Soundness {
                trials,
                ..Soundness::default()
            };
            assert_sound(&puzzle, &options);
            if n == 4 {
                let expected = count_solutions(&puzzle, 10_000_000, u64::MAX).unwrap();
                let plain = Puzzle::new(geometry.clone())
                    .with(ClassicRules)
                    .unwrap()
                    .with(CountingCircles::new(circles.iter().copied()))
                    .unwrap();
                assert_eq!(count_solutions(&plain, 10_000_000, u64::MAX), Some(expected));
                match common::first_solution(&puzzle) {
                    Some(solution) => {
                        let search = check_search(&puzzle, &solution, 1_000_000)
                            .unwrap_or_else(|e| panic!("{circles:?}: {e}"));
                        assert_eq!(search.solutions, expected, "{circles:?}");
                    }
                    None => assert_eq!(expected, 0, "{circles:?}"),
                }
            }
        }
    }
}
