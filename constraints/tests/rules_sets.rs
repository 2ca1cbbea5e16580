//! Same-value sets, contain-at-least cells, equality cages and full rank
//! ties (ISS's `SameValues`, `ContainAtLeast`, `EqualityCage` and
//! `FullRankTies`) through the testkit: sound propagation by brute force
//! on 4×4 and 6×6 boards, with and without the classic rules, and on 4×4
//! the search's solution count against brute force through `check` alone.

mod common;

use sudokit_constraints::{
    ClassicRules, Clue, EqualityCage, FullRank, FullRankNoTies, LookAndSay, SameValues, Side,
};
use sudokit_core::testkit::{assert_sound, check_search, count_solutions, Soundness};
use sudokit_core::{Cell, Constraint, Digit, Geometry, Grid, Puzzle, Rule};

/// `k` random sets of `size` distinct cells (none shared between sets).
fn random_sets(rng: &mut fastrand::Rng, n: usize, k: usize, size: usize) -> Vec<Vec<Cell>> {
    let mut cells: Vec<Cell> = (0..n * n).map(|i| Cell(i as u16)).collect();
    rng.shuffle(&mut cells);
    cells.chunks(size).take(k).map(<[Cell]>::to_vec).collect()
}

/// The rule on its own and beside the classic rules: sound on random
/// starts, and on 4×4 the search finds every solution brute force finds.
fn assert_sound_and_counted(n: usize, rule: impl Constraint + Clone + 'static, trials: usize) {
    let geometry = Geometry::square(n).unwrap();
    let options = Soundness {
        trials,
        ..Soundness::default()
    };
    let alone = Puzzle::new(geometry.clone()).with(rule.clone()).unwrap();
    assert_sound(&alone, &options);
    let puzzle = Puzzle::new(geometry)
        .with(ClassicRules)
        .unwrap()
        .with(rule.clone())
        .unwrap();
    assert_sound(&puzzle, &options);
    if n == 4 {
        let expected = count_solutions(&puzzle, 10_000_000, u64::MAX).unwrap();
        match common::first_solution(&puzzle) {
            Some(solution) => {
                let search =
                    check_search(&puzzle, &solution, 1_000_000).unwrap_or_else(|e| panic!("{rule:?}: {e}"));
                assert_eq!(search.solutions, expected, "{rule:?}");
            }
            None => assert_eq!(expected, 0, "{rule:?}"),
        }
    }
}

/// One rule of each kind, on a board of side 4 or more.
fn every_rule(geometry: &Geometry) -> common::RuleList {
    let n = geometry.size();
    let at = |r: usize, c: usize| Cell::at(r, c, n);
    vec![
        (
            "same values",
            Box::new(SameValues::new(vec![
                vec![at(0, 0), at(0, 1), at(1, 0)],
                vec![at(2, 2), at(3, 3), at(2, 3)],
            ])),
        ),
        (
            "contain at least",
            Box::new(LookAndSay::at_least(
                [at(0, 0), at(1, 1), at(2, 2), at(3, 3)],
                [1, 1, 2],
            )),
        ),
        (
            "equality cage",
            Box::new(EqualityCage::new([at(0, 0), at(0, 1), at(1, 0), at(1, 1)])),
        ),
    ]
}

#[test]
fn every_rule_is_sound_on_small_boards() {
    for classic in [false, true] {
        common::sound_on_small_boards(every_rule, classic, &Soundness::default());
    }
}

#[test]
fn same_values_are_sound_and_count_right() {
    let mut rng = fastrand::Rng::with_seed(50);
    for (n, rounds, trials) in [(4, 12, 40), (6, 4, 10)] {
        for _ in 0..rounds {
            let k = rng.usize(2..=3);
            let size = rng.usize(1..=n.min(16 / k));
            let sets = random_sets(&mut rng, n, k, size);
            assert_sound_and_counted(n, SameValues::new(sets), trials);
        }
    }
}

#[test]
fn contain_at_least_is_sound_and_counts_right() {
    let mut rng = fastrand::Rng::with_seed(51);
    for (n, rounds, trials) in [(4, 12, 40), (6, 4, 10)] {
        for _ in 0..rounds {
            let size = rng.usize(2..=n + 1);
            let cells = random_sets(&mut rng, n, 1, size).remove(0);
            let digits: Vec<Digit> = (0..rng.usize(1..=cells.len()))
                .map(|_| rng.u8(1..=n as u8))
                .collect();
            assert_sound_and_counted(n, LookAndSay::at_least(cells, digits), trials);
        }
    }
}

#[test]
fn equality_cages_are_sound_and_count_right() {
    let mut rng = fastrand::Rng::with_seed(53);
    for (n, rounds, trials) in [(4, 10, 40), (6, 4, 10)] {
        for _ in 0..rounds {
            let size = 2 * rng.usize(1..=n / 2);
            let cells = random_sets(&mut rng, n, 1, size).remove(0);
            assert_sound_and_counted(n, EqualityCage::new(cells), trials);
        }
    }
}

/// Full rank clues that may tie, and no ties between any lines: sound
/// with and without the classic rules (the clue knows which), and counted
/// right on 4×4 (6×6 takes minutes: the lines alone leave the brute force
/// too many grids).
#[test]
fn full_rank_ties_are_sound_and_count_right() {
    let mut rng = fastrand::Rng::with_seed(54);
    for (n, rounds, trials) in [(4, 12, 30)] {
        let geometry = Geometry::square(n).unwrap();
        for _ in 0..rounds {
            let clue = Clue::new(Side::ALL[rng.usize(0..4)], rng.usize(0..n));
            let rank = rng.usize(1..=4 * n);
            let options = Soundness {
                trials,
                ..Soundness::default()
            };
            let alone = Puzzle::new(geometry.clone())
                .with(FullRank::new(clue, rank, false).with_ties())
                .unwrap();
            assert_sound(&alone, &options);
            let mut puzzle = Puzzle::new(geometry.clone())
                .with(ClassicRules)
                .unwrap()
                .with(FullRank::new(clue, rank, true).with_ties())
                .unwrap();
            if rng.bool() {
                puzzle = puzzle.with(FullRankNoTies).unwrap();
            }
            assert_sound(&puzzle, &options);
            if n == 4 {
                let expected = count_solutions(&puzzle, 10_000_000, u64::MAX).unwrap();
                match common::first_solution(&puzzle) {
                    Some(solution) => {
                        let search = check_search(&puzzle, &solution, 1_000_000).unwrap();
                        assert_eq!(search.solutions, expected, "{clue} {rank}");
                    }
                    None => assert_eq!(expected, 0, "{clue} {rank}"),
                }
            }
        }
        let lines = Puzzle::new(geometry.clone()).with(FullRankNoTies).unwrap();
        let options = Soundness {
            trials: 20,
            max_nodes: 20_000,
            ..Soundness::default()
        };
        assert_sound(&lines, &options);
    }
}

/// On an odd side the middle digit is neither low nor high: declared out
/// of the cells, and `check` refuses it.
#[test]
fn equality_cages_keep_the_middle_digit_out_on_odd_sides() {
    let geometry = Geometry::square(9).unwrap();
    let cage = EqualityCage::new([Cell(0), Cell(1)]);
    let domains = cage.domains(&geometry);
    assert_eq!(domains.len(), 2);
    assert!(domains.iter().all(|(_, d)| !d.contains(5) && d.len() == 8));
    let mut grid = Grid::empty(9);
    grid.set(Cell(0), 5);
    assert!(cage
        .check(&geometry, &grid)
        .unwrap_err()
        .message
        .contains("the middle digit 5"));
    grid.set(Cell(0), 1);
    grid.set(Cell(1), 8);
    assert!(cage.check(&geometry, &grid).is_ok());
}

/// `check` against a reading of its own on full grids: the sets' sorted
/// digits are equal.
#[test]
fn same_values_check_full_grids_by_sorting() {
    let geometry = Geometry::square(4).unwrap();
    let mut rng = fastrand::Rng::with_seed(52);
    for _ in 0..500 {
        let values: Vec<Digit> = (0..16).map(|_| rng.u8(1..=4)).collect();
        let grid = Grid::from_values(4, values).unwrap();
        let size = rng.usize(1..=4);
        let sets = random_sets(&mut rng, 4, 2, size);
        let sorted = |set: &[Cell]| {
            let mut digits: Vec<Digit> = set.iter().map(|&c| grid.get(c).unwrap()).collect();
            digits.sort_unstable();
            digits
        };
        let same = sorted(&sets[0]) == sorted(&sets[1]);
        let rule = SameValues::new(sets.clone());
        assert_eq!(rule.check(&geometry, &grid).is_ok(), same, "{sets:?} on {grid:?}");
    }
}
