//! Global entropy and modular, numbered rooms, hidden skyscrapers, value
//! indexing and look-and-say through the testkit: sound propagation (brute
//! force on 4×4 and 6×6 boards, alone and beside the classic rules), what
//! each removes and why (snapshots), the count of a small puzzle per rule
//! against brute force through the rules' `check`, and SAT clauses that
//! hold exactly on the grids `check` accepts.

mod common;

use sudokit_constraints::{
    ClassicRules, Clue, FullRank, HiddenSkyscraper, LineKind, LookAndSay, NumberedRoom, Side, SquareClasses,
    ValueIndexing,
};
use sudokit_core::cnf::{ClauseOptions, Cnf, Lit};
use sudokit_core::testkit::{
    assert_sound, check_search, count_solutions, propagate, propagate_from, Soundness,
};
use sudokit_core::{Cand, Cell, Constraint, Digits, Geometry, Grid, Puzzle};

/// Every rule of this file on an `n`×`n` board (global entropy only where
/// the side is divisible by 3), by name; `classic` when the classic rules
/// are on too (full rank then knows that rows and columns are Latin). The
/// value-indexing arrow leaves the circle's row, column and box, so that
/// the classic rules allow it.
fn every_rule(n: usize, classic: bool) -> Vec<(&'static str, Box<dyn Constraint>)> {
    let mut rules: Vec<(&'static str, Box<dyn Constraint>)> = vec![
        ("global modular", Box::new(SquareClasses::new(LineKind::MODULAR))),
        (
            "numbered room",
            Box::new(NumberedRoom::new(Clue::new(Side::Left, 1), 2)),
        ),
        (
            "numbered room 1",
            Box::new(NumberedRoom::new(Clue::new(Side::Top, 2), 1)),
        ),
        (
            "hidden skyscraper",
            Box::new(HiddenSkyscraper::new(Clue::new(Side::Right, 0), 2)),
        ),
        (
            "hidden skyscraper 1",
            Box::new(HiddenSkyscraper::new(Clue::new(Side::Bottom, 1), 1)),
        ),
        (
            "value indexing",
            Box::new(ValueIndexing::new(
                [(0, 0), (0, 1), (1, 3), (2, 1), (3, 2)].map(|(r, c)| Cell::at(r, c, n)),
            )),
        ),
        (
            "look-and-say",
            Box::new(LookAndSay::new(
                [
                    Cell::at(0, 0, n),
                    Cell::at(1, 1, n),
                    Cell::at(2, 2, n),
                    Cell::at(3, 3, n),
                ],
                [(2, 1), (0, 3)],
            )),
        ),
        (
            // Cells sharing rows and a box: the clique reasoning.
            "look-and-say in houses",
            Box::new(LookAndSay::new(
                [(0, 0), (0, 1), (2, 2), (2, 3), (3, 0), (1, 3)].map(|(r, c)| Cell::at(r, c, n)),
                [(2, 1), (1, 2), (1, 4)],
            )),
        ),
    ];
    rules.push((
        "full rank",
        Box::new(FullRank::new(Clue::new(Side::Left, 1), 2 * n + 1, classic)),
    ));
    if n % 3 == 0 {
        rules.push(("global entropy", Box::new(SquareClasses::new(LineKind::Entropic))));
    }
    rules
}

#[test]
fn every_rule_propagates_soundly_with_the_classic_rules() {
    let options = Soundness {
        trials: 60,
        ..Soundness::default()
    };
    let without_rank = |g: &Geometry| {
        every_rule(g.size(), true)
            .into_iter()
            .filter(|(name, _)| *name != "full rank")
            .collect()
    };
    common::sound_on_small_boards(without_rank, true, &options);
}

/// Full rank beside the classic rules, on 4×4 only: its check sees little
/// in a partial grid, so the brute force on 6×6 takes too long.
#[test]
fn full_rank_propagates_soundly_with_the_classic_rules() {
    let geometry = Geometry::square(4).unwrap();
    for (side, rank) in [
        (Side::Top, 1),
        (Side::Left, 6),
        (Side::Bottom, 11),
        (Side::Right, 16),
    ] {
        let puzzle = Puzzle::new(geometry.clone())
            .with(ClassicRules)
            .unwrap()
            .with(FullRank::new(Clue::new(side, 2), rank, true))
            .unwrap();
        let options = Soundness {
            trials: 40,
            ..Soundness::default()
        };
        let report = assert_sound(&puzzle, &options);
        assert!(
            report.removed > 0 && report.satisfiable > 0,
            "rank {rank}: {report:?}"
        );
    }
}

/// The rank of `clue`'s line on a full `grid` (1 + the lines that read
/// smaller), or `None` when another line reads the same.
fn rank_on(grid: &Grid, clue: Clue) -> Option<usize> {
    let n = grid.size();
    let read = |c: Clue| -> Vec<u8> {
        c.cells(n)
            .into_iter()
            .map(|cell| grid.get(cell).unwrap())
            .collect()
    };
    let line = read(clue);
    let mut smaller = 0;
    for side in Side::ALL {
        for index in 0..n {
            let other = Clue::new(side, index);
            if other == clue {
                continue;
            }
            match read(other).cmp(&line) {
                std::cmp::Ordering::Less => smaller += 1,
                std::cmp::Ordering::Equal => return None,
                std::cmp::Ordering::Greater => {}
            }
        }
    }
    Some(smaller + 1)
}

/// Several full rank clues read off real 4×4 grids (so that at least that
/// grid solves them), often with the same first digit so that the lines
/// are compared digit by digit: the search, every step watched against
/// the grid, counts what brute force through `check` counts.
#[test]
fn full_rank_clue_sets_count_what_brute_force_counts() {
    let geometry = Geometry::square(4).unwrap();
    let mut rng = fastrand::Rng::with_seed(38);
    let mut compared = 0;
    while compared < 40 {
        let grid = random_latin(&mut rng, 4);
        let classic = Puzzle::new(geometry.clone()).with(ClassicRules).unwrap();
        if classic.verify_solution(&grid).is_err() {
            continue; // a Latin square, but its boxes repeat a digit
        }
        let mut puzzle = classic;
        let mut clues = Vec::new();
        for _ in 0..rng.usize(1..=4) {
            let clue = Clue::new(Side::ALL[rng.usize(0..4)], rng.usize(0..4));
            if clues.contains(&clue) {
                continue;
            }
            if let Some(rank) = rank_on(&grid, clue) {
                clues.push(clue);
                puzzle = puzzle.with(FullRank::new(clue, rank, true)).unwrap();
            }
        }
        if clues.is_empty() {
            continue;
        }
        let expected = count_solutions(&puzzle, 10_000_000, u64::MAX).unwrap();
        let search = check_search(&puzzle, &grid, 1_000_000).unwrap_or_else(|e| panic!("{clues:?}: {e}"));
        assert_eq!(search.solutions, expected, "{clues:?}");
        assert!(expected >= 1);
        compared += 1;
    }
}

/// Alone; the rules that read the whole board (the 2×2 squares, full
/// rank) are slow to brute-force without the classic rules: fewer starts,
/// more givens.
#[test]
fn every_rule_propagates_soundly_alone() {
    let options = common::alone(120);
    let whole_board = |name: &str| name.starts_with("global") || name == "full rank";
    let local = |g: &Geometry| {
        every_rule(g.size(), false)
            .into_iter()
            .filter(|(name, _)| !whole_board(name))
            .collect()
    };
    common::sound_on_small_boards(local, false, &options);
    let options = Soundness {
        trials: 24,
        given: 0.55,
        max_nodes: 30_000,
        ..options
    };
    let squares = |g: &Geometry| {
        every_rule(g.size(), false)
            .into_iter()
            .filter(|(name, _)| whole_board(name))
            .collect()
    };
    common::sound_on_small_boards(squares, false, &options);
}

/// The first solution of `puzzle` found by propagating and branching on
/// the cell with the fewest candidates.
fn first_solution(puzzle: &Puzzle, start: &[Digits<u128>]) -> Option<Grid> {
    let report = propagate_from(puzzle, start);
    if report.contradiction.is_some() {
        return None;
    }
    let after = report.after;
    let Some((cell, set)) = after
        .iter()
        .enumerate()
        .filter(|(_, s)| s.len() > 1)
        .min_by_key(|(_, s)| s.len())
    else {
        let grid = Grid::from_values(
            puzzle.size(),
            after.iter().map(|&s| Digits::min(s).unwrap_or(0)).collect(),
        )?;
        return puzzle.check(&grid).is_ok().then_some(grid);
    };
    set.iter().find_map(|d| {
        let mut next = after.clone();
        next[cell] = Digits::single(d);
        first_solution(puzzle, &next)
    })
}

/// For each rule, a small classic puzzle (4×4, or 6×6 with the first rows
/// of a solution given): the propagation search counts what brute force
/// through the rules' `check` counts, and never loses the solution on the
/// way.
#[test]
fn small_puzzles_count_what_brute_force_counts() {
    for n in [4, 6] {
        let geometry = Geometry::square(n).unwrap();
        for (name, rule) in every_rule(n, true) {
            let mut puzzle = Puzzle::new(geometry.clone()).with(ClassicRules).unwrap();
            puzzle.push(rule).unwrap();
            let Some(solution) = first_solution(&puzzle, &vec![Digits::full(n); n * n]) else {
                // Brute force agrees: no grid at all.
                assert_eq!(
                    count_solutions(&puzzle, 10_000_000, 1_000_000),
                    Some(0),
                    "{name} on {n}×{n}"
                );
                println!("{name} on {n}×{n}: no solution");
                continue;
            };
            if n == 6 {
                let mut givens = Grid::empty(n);
                for cell in (0..2 * n).map(|i| Cell(i as u16)) {
                    givens.set(cell, solution.get(cell).unwrap());
                }
                puzzle = puzzle.with_givens(givens).unwrap();
            }
            let expected = count_solutions(&puzzle, 20_000_000, 1_000_000).expect("small enough");
            let walked =
                check_search(&puzzle, &solution, 1_000_000).unwrap_or_else(|e| panic!("{name}: {e}"));
            println!("{name} on {n}×{n}: {expected} solutions");
            assert_eq!(walked.solutions, expected, "{name} on {n}×{n}");
            assert!(expected >= 1);
        }
    }
}

/// A full grid whose rows and columns are permutations: `p[(q[r] + s[c]) mod n]`
/// for random permutations `p`, `q` and `s`.
fn random_latin(rng: &mut fastrand::Rng, n: usize) -> Grid {
    let perm = |rng: &mut fastrand::Rng| {
        let mut p: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut p);
        p
    };
    let (p, q, s) = (perm(rng), perm(rng), perm(rng));
    let values = (0..n * n)
        .map(|i| (p[(q[i / n] + s[i % n]) % n] + 1) as u8)
        .collect();
    Grid::from_values(n, values).unwrap()
}

/// The clauses each rule gives SAT, with its declared groups and domains
/// (which the CNF builder encodes), hold on a full grid exactly when the
/// rule's `check` accepts it (these rules use no auxiliary variables).
#[test]
fn clauses_hold_exactly_on_the_grids_check_accepts() {
    let mut rng = fastrand::Rng::with_seed(5);
    for n in [4, 6] {
        let geometry = Geometry::square(n).unwrap();
        for (name, rule) in every_rule(n, false) {
            let mut cnf = Cnf::new(n * n * n);
            if rule
                .clauses(&geometry, &ClauseOptions::default(), &mut cnf)
                .is_err()
            {
                continue; // no clause form: SAT refuses it
            }
            assert_eq!(cnf.var_count(), n * n * n, "{name}: auxiliary variables");
            let (mut accepted, mut refused) = (0, 0);
            for trial in 0..3000 {
                let mut grid = random_latin(&mut rng, n);
                if trial % 2 == 0 {
                    for _ in 0..rng.usize(1..n) {
                        grid.set(Cell(rng.u16(0..(n * n) as u16)), rng.u8(1..=n as u8));
                    }
                }
                let true_lit = |lit: &Lit| {
                    let cand = Cand::from_id(lit.var().index(), n);
                    (grid.get(cand.cell) == Some(cand.digit)) != lit.is_negative()
                };
                let groups_hold = rule.groups(&geometry).iter().all(|group| {
                    let digits: Vec<u8> = group.cells().iter().map(|&c| grid.get(c).unwrap()).collect();
                    (1..digits.len()).all(|i| !digits[..i].contains(&digits[i]))
                });
                let domains_hold = rule
                    .domains(&geometry)
                    .iter()
                    .all(|&(cell, set)| set.contains(grid.get(cell).unwrap()));
                let holds =
                    groups_hold && domains_hold && cnf.clauses().all(|clause| clause.iter().any(true_lit));
                let checks = rule.check(&geometry, &grid).is_ok();
                assert_eq!(holds, checks, "{name} on {n}×{n}: {grid:?}");
                accepted += usize::from(checks);
                refused += usize::from(!checks);
            }
            println!("{name} on {n}×{n}: {accepted} accepted, {refused} refused");
            assert!(
                accepted > 0 && refused > 0,
                "{name} on {n}×{n}: {accepted} accepted, {refused} refused"
            );
        }
    }
}

/// `accepts_placement` agrees with `check` on random grids filled one cell
/// at a time (global entropy and modular look only around the new digit).
#[test]
fn accepts_placement_agrees_with_check() {
    common::placements_agree_with_check(|g: &Geometry| every_rule(g.size(), false), 7, |n| n * n);
}

fn snapshot(rule: impl Constraint + 'static, n: usize, candidates: &str) -> String {
    let geometry = Geometry::square(n).unwrap();
    propagate(&geometry, vec![Box::new(rule)], candidates)
        .unwrap()
        .to_string()
}

/// Global entropy on 6×6 (low 1-2, middle 3-4, high 5-6): a square with
/// two low digits and a middle one leaves its last cell the high digits,
/// and the squares below follow one by one.
#[test]
fn snapshot_global_entropy() {
    insta::assert_snapshot!(snapshot(
        SquareClasses::new(LineKind::Entropic),
        6,
        "1 2 . . . .
         3 . . . . .
         . 56 12 . . .
         . 12 34 . . .
         . . . . . .
         . . . . . ."
    ));
}

/// Global entropy on 6×6 beside the classic rules: in the top-left square
/// only 2 can be its low digit, and only r1c1 and r1c2 can hold it, so the
/// 2 is in row 1 there and leaves the rest of row 1 and of box 1 (ISS's
/// required values of a 2×2 square).
#[test]
fn snapshot_global_entropy_required_digit() {
    let geometry = Geometry::square(6).unwrap();
    let rules: Vec<Box<dyn Constraint>> = vec![
        Box::new(ClassicRules),
        Box::new(SquareClasses::new(LineKind::Entropic)),
    ];
    insta::assert_snapshot!(propagate(
        &geometry,
        rules,
        "23456 23456 . . . .
         3456 3456 . . . .
         . . . . . .
         . . . . . .
         . . . . . .
         . . . . . ."
    )
    .unwrap()
    .to_string());
}

/// Global modular on 4×4: the residues are {3}, {1, 4} and {2}.
#[test]
fn snapshot_global_modular() {
    insta::assert_snapshot!(snapshot(
        SquareClasses::new(LineKind::MODULAR),
        4,
        "3 14 . .
         14 . . .
         . . . .
         . . . ."
    ));
}

/// A numbered room of 7 left of row 1 on 9×9: the first cell cannot be 1
/// (it would have to be the 7) nor 7 (two 7s), and points only where a 7
/// can stand; with two places left for the 7, the first cell is 3 or 5.
#[test]
fn snapshot_numbered_room() {
    insta::assert_snapshot!(snapshot(
        NumberedRoom::new(Clue::new(Side::Left, 0), 7),
        9,
        ". 12345689 . 12345689 . 12345689 12345689 12345689 12345689
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . ."
    ));
}

/// A hidden skyscraper of 3 above column 1 on 6×6 with a 5 on top: the
/// next cell is the 6 or already the hidden 3; after a 6 the 3 comes at
/// once, so it is never lower than the third cell.
#[test]
fn snapshot_hidden_skyscraper() {
    insta::assert_snapshot!(snapshot(
        HiddenSkyscraper::new(Clue::new(Side::Top, 0), 3),
        6,
        "5 . . . . .
         . . . . . .
         . . . . . .
         . . . . . .
         . . . . . .
         . . . . . ."
    ));
}

/// Value indexing along row 1 of 6×6: the distance is 1 to 4, and the
/// circle keeps the digits its pointed-at cells can hold.
#[test]
fn snapshot_value_indexing() {
    insta::assert_snapshot!(snapshot(
        ValueIndexing::new((0..6).map(Cell)),
        6,
        ". 256 12 12 34 12
         . . . . . .
         . . . . . .
         . . . . . .
         . . . . . .
         . . . . . ."
    ));
}

/// Look-and-say "21 03" on four cells: two 1s, no 3; with a 1 placed and
/// one other cell able to hold a 1, that cell takes it.
#[test]
fn snapshot_look_and_say() {
    insta::assert_snapshot!(snapshot(
        LookAndSay::new([Cell(0), Cell(1), Cell(2), Cell(3)], [(2, 1), (0, 3)]),
        4,
        "1 14 24 24
         . . . .
         . . . .
         . . . ."
    ));
}

/// Full rank 14 of 16 left of row 1 on 4×4 (alone, without the classic
/// rules' first-digit domain): rows 2 and 3 and the two lines from r4c4
/// start with a 4, so any first digit below 4 would leave four lines
/// larger, and rank 14 allows two.
#[test]
fn snapshot_full_rank() {
    insta::assert_snapshot!(snapshot(
        FullRank::new(Clue::new(Side::Left, 0), 14, false),
        4,
        ". . . .
         4 . . .
         4 . . .
         . . . 4"
    ));
}
