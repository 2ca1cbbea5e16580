//! The outside-clue rules (sandwich, X-sum, skyscraper) through the
//! testkit, as `rules.rs` does for the declarative rules: sound propagation
//! (brute force on 4×4 and 6×6 boards, alone and beside the classic rules),
//! propagation that is exact on one line, snapshots of what each rule
//! removes and why, and `accepts_placement` agreeing with `check`.

mod common;

use sudokit_constraints::{ClassicRules, Clue, Sandwich, Side, Skyscraper, XSum};
use sudokit_core::testkit::{assert_sound, propagate, Soundness};
use sudokit_core::{Cell, Constraint, Digits, Geometry, Grid, Kind, Puzzle};

/// Every outside-clue rule on an `n`×`n` board (n ≥ 4), by name, with
/// clues that some grids meet.
fn every_rule(n: usize) -> Vec<(&'static str, Box<dyn Constraint>)> {
    let big = n >= 6;
    vec![
        (
            "sandwich",
            Box::new(Sandwich::new(Clue::new(Side::Left, 1), if big { 5 } else { 2 })),
        ),
        (
            "sandwich 0",
            Box::new(Sandwich::new(Clue::new(Side::Bottom, 2), 0)),
        ),
        (
            "x-sum",
            Box::new(XSum::new(Clue::new(Side::Top, 0), if big { 10 } else { 6 })),
        ),
        (
            "x-sum from the right",
            Box::new(XSum::new(Clue::new(Side::Right, n - 1), if big { 12 } else { 7 })),
        ),
        (
            "skyscraper",
            Box::new(Skyscraper::new(Clue::new(Side::Right, 2), 2)),
        ),
        (
            "skyscraper from below",
            Box::new(Skyscraper::new(Clue::new(Side::Bottom, 1), 3)),
        ),
        (
            "skyscraper 1",
            Box::new(Skyscraper::new(Clue::new(Side::Top, 3), 1)),
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
            trials: 120,
            ..Soundness::default()
        },
    );
}

/// Alone, each rule still makes its own line all-different (its declared
/// group), and nothing else prunes for it.
#[test]
fn every_rule_propagates_soundly_alone() {
    let options = common::alone(120);
    sound_on_small_boards(false, &options);
}

/// Together, with the classic rules, on a jigsaw and on 3×2 boxes.
#[test]
fn the_rules_together_propagate_soundly_on_other_shapes() {
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
            .filter(|(name, _)| ["sandwich", "x-sum from the right", "skyscraper from below"].contains(name))
        {
            puzzle.push(rule).unwrap();
        }
        assert_sound(&puzzle, &Soundness::default());
    }
}

/// Every permutation of `1..=n`.
fn permutations(n: usize) -> Vec<Vec<u8>> {
    fn go(prefix: &mut Vec<u8>, left: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if left.is_empty() {
            out.push(prefix.clone());
        }
        for i in 0..left.len() {
            let d = left.remove(i);
            prefix.push(d);
            go(prefix, left, out);
            prefix.pop();
            left.insert(i, d);
        }
    }
    let mut out = Vec::new();
    go(&mut Vec::new(), &mut (1..=n as u8).collect(), &mut out);
    out
}

/// On one line of a 6×6 board, from random candidates: what propagation
/// keeps against the digits that the line's permutations meeting the clue
/// use (the truth). Never less (soundness); the rows where it keeps more
/// are counted, for each rule, and must stay rare where the doc says the
/// rule is exact for its relaxation.
#[test]
fn one_line_propagation_against_every_permutation() {
    let n = 6;
    let geometry = Geometry::square(n).unwrap();
    let perms = permutations(n);
    let mut rng = fastrand::Rng::with_seed(11);
    let rules: Vec<(&str, Box<dyn Constraint>)> = vec![
        ("sandwich 4", Box::new(Sandwich::new(Clue::new(Side::Left, 0), 4))),
        ("sandwich 7", Box::new(Sandwich::new(Clue::new(Side::Left, 0), 7))),
        ("x-sum 9", Box::new(XSum::new(Clue::new(Side::Left, 0), 9))),
        ("x-sum 15", Box::new(XSum::new(Clue::new(Side::Right, 0), 15))),
        (
            "skyscraper 3",
            Box::new(Skyscraper::new(Clue::new(Side::Left, 0), 3)),
        ),
        (
            "skyscraper 4",
            Box::new(Skyscraper::new(Clue::new(Side::Right, 0), 4)),
        ),
    ];
    for (name, rule) in rules {
        let (mut looser, mut trials) = (0, 0);
        for _ in 0..300 {
            let mut start = vec![Digits::<u128>::full(n); n * n];
            for slot in start.iter_mut().take(n) {
                let mut set = Digits::EMPTY;
                for d in 1..=n as u8 {
                    if rng.f64() < 0.7 {
                        set.insert(d);
                    }
                }
                if set.is_empty() {
                    set.insert(rng.u8(1..=n as u8));
                }
                *slot = set;
            }
            // The truth: permutations inside the candidates that `check` accepts.
            let mut truth = vec![Digits::<u128>::EMPTY; n];
            for p in &perms {
                if !p.iter().zip(&start).all(|(&d, set)| set.contains(d)) {
                    continue;
                }
                let mut grid = Grid::empty(n);
                for (c, &d) in p.iter().enumerate() {
                    grid.set(Cell::at(0, c, n), d);
                }
                if rule.check(&geometry, &grid).is_ok() {
                    for (slot, &d) in truth.iter_mut().zip(p) {
                        slot.insert(d);
                    }
                }
            }
            let mut puzzle = Puzzle::new(geometry.clone());
            puzzle.push(rule.clone()).unwrap();
            let report = sudokit_core::testkit::propagate_from(&puzzle, &start);
            trials += 1;
            if truth.iter().all(|s| s.is_empty()) {
                // No permutation: propagation may or may not see it.
                continue;
            }
            assert!(report.contradiction.is_none(), "{name}: {start:?}");
            for (c, (used, kept)) in truth.iter().zip(&report.after).enumerate() {
                assert!(used.is_subset(*kept), "{name}: lost a digit of r1c{}", c + 1);
            }
            looser += usize::from((0..n).any(|c| report.after[c] != truth[c]));
        }
        println!("{name}: looser than the truth in {looser} of {trials} lines");
        assert!(looser < trials, "{name}: never exact in {trials} lines");
    }
}

fn snapshot(rule: impl Constraint + 'static, n: usize, candidates: &str) -> String {
    let geometry = Geometry::square(n).unwrap();
    propagate(&geometry, vec![Box::new(rule)], candidates)
        .unwrap()
        .to_string()
}

/// A sandwich of 35 on 9×9: the 1 and the 9 at the two ends, 2..8 between.
#[test]
fn snapshot_sandwich_35_puts_the_crust_at_the_ends() {
    insta::assert_snapshot!(snapshot(
        Sandwich::new(Clue::new(Side::Left, 0), 35),
        9,
        "19 . . . . . . . .
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

/// A sandwich of 4 above column 1 with the 1 at the top: no two different
/// digits of 2..8 make 4, so the gap is one cell holding 4 and the 9 comes
/// right after it.
#[test]
fn snapshot_sandwich_4_from_a_placed_1() {
    insta::assert_snapshot!(snapshot(
        Sandwich::new(Clue::new(Side::Top, 0), 4),
        9,
        "1 . . . . . . . .
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

/// A sandwich of 18 left of row 1 with the 1 in r1c1 and the 9 in r1c5:
/// r1c2..r1c4 hold 3 7 8, 4 6 8 or 5 6 7. When no cell past the 9 can take
/// the 8, the row's 8 is in the gap, so 5 6 7 is out and the gap loses
/// its 5 (no single cell's candidates say so).
#[test]
fn sandwich_gap_takes_the_digits_the_outside_cannot() {
    let n = 9;
    let geometry = Geometry::square(n).unwrap();
    let mut puzzle = Puzzle::new(geometry);
    puzzle
        .push(Box::new(Sandwich::new(Clue::new(Side::Left, 0), 18)))
        .unwrap();
    let mut start = vec![Digits::<u128>::full(n); n * n];
    start[0] = Digits::single(1);
    start[4] = Digits::single(9);
    for slot in &mut start[5..9] {
        slot.remove(8);
    }
    let report = sudokit_core::testkit::propagate_from(&puzzle, &start);
    assert_eq!(report.contradiction, None);
    for c in 1..4 {
        assert!(!report.after[c].contains(5), "r1c{} keeps 5", c + 1);
        assert!(report.after[c].contains(8), "r1c{} lost 8", c + 1);
    }
    // Past the 9: every middle digit but the 8 can still be there.
    assert_eq!(report.after[5].iter().collect::<Vec<_>>(), vec![2, 3, 4, 5, 6, 7]);
}

/// An X-sum of 10 left of row 1: X is 1…4 at most, and the cells after it
/// follow.
#[test]
fn snapshot_x_sum() {
    insta::assert_snapshot!(snapshot(
        XSum::new(Clue::new(Side::Left, 0), 10),
        9,
        ". 1234 . . . . . . .
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

/// Skyscrapers: 1 puts the 9 next to the clue, 9 forces 1..9 in order, and
/// 3 from below bounds the bottom cell by 7 and keeps the 9 off the last
/// two rows.
#[test]
fn snapshot_skyscrapers() {
    let g = Geometry::square(9).unwrap();
    let rules: Vec<Box<dyn Constraint>> = vec![
        Box::new(Skyscraper::new(Clue::new(Side::Left, 0), 1)),
        Box::new(Skyscraper::new(Clue::new(Side::Right, 1), 9)),
        Box::new(Skyscraper::new(Clue::new(Side::Bottom, 4), 3)),
    ];
    let report = propagate(&g, rules, &". . . . . . . . .\n".repeat(9)).unwrap();
    insta::assert_snapshot!(report.to_string());
}

/// A skyscraper clue no order of the line can meet.
#[test]
fn snapshot_skyscraper_contradiction() {
    insta::assert_snapshot!(snapshot(
        Skyscraper::new(Clue::new(Side::Left, 0), 2),
        4,
        "4 . . .
         . . . .
         . . . .
         . . . ."
    ));
}

/// `accepts_placement` agrees with `check` on random grids filled one cell
/// at a time (the rules use the default, so this guards `check` against
/// changing its verdict with the order of filling).
#[test]
fn accepts_placement_agrees_with_check() {
    common::placements_agree_with_check(|g: &Geometry| every_rule(g.size()), 7, |n| n * n / 2);
}

/// Each rule declares its line as a group and has a propagator of its own;
/// DLX and SAT refuse it with the typed error.
#[test]
fn every_rule_has_a_propagator_and_a_group() {
    let g = Geometry::square(9).unwrap();
    for (name, rule) in every_rule(9) {
        assert!(rule.has_propagator(), "{name}");
        assert_eq!(rule.kind(), Kind::Rule, "{name}");
        assert_eq!(rule.groups(&g).len(), 1, "{name}");
        assert_eq!(rule.scope(&g).len(), 9, "{name}");
        let mut sink = Refuse;
        assert!(rule.exact_cover(&g, &mut sink).is_err(), "{name}");
    }
}

struct Refuse;
impl sudokit_core::CoverSink for Refuse {
    fn primary(&mut self, _: &[sudokit_core::Cand]) {}
    fn secondary(&mut self, _: &[sudokit_core::Cand]) {}
    fn exclude(&mut self, _: sudokit_core::Cand) {}
}

/// The rules work on 16×16 and 25×25 boards too (the wider digit words):
/// a full grid's clues accept it, and propagation from its clues alone
/// keeps its digits.
#[test]
fn large_boards_keep_a_solution() {
    for n in [9, 16, 25] {
        let geometry = Geometry::square(n).unwrap();
        // A Latin square that is a sudoku: (r * b + r / b + c) mod n.
        let b = (n as f64).sqrt() as usize;
        let values: Vec<u8> = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                ((r * b + r / b + c) % n + 1) as u8
            })
            .collect();
        let grid = Grid::from_values(n, values).unwrap();
        let mut puzzle = Puzzle::new(geometry.clone()).with(ClassicRules).unwrap();
        for side in Side::ALL {
            for index in [0, n / 2, n - 1] {
                let clue = Clue::new(side, index);
                let line: Vec<u8> = clue.cells(n).iter().map(|&c| grid.get(c).unwrap()).collect();
                let x = line[0] as usize;
                let xsum: u32 = line[..x].iter().map(|&d| d as u32).sum();
                let (p, q) = (
                    line.iter().position(|&d| d == 1).unwrap(),
                    line.iter().position(|&d| d as usize == n).unwrap(),
                );
                let between: u32 = line[p.min(q) + 1..p.max(q)].iter().map(|&d| d as u32).sum();
                let (mut tallest, mut seen) = (0, 0);
                for &d in &line {
                    if d > tallest {
                        tallest = d;
                        seen += 1;
                    }
                }
                let rules: Vec<Box<dyn Constraint>> = vec![
                    Box::new(Sandwich::new(clue, between)),
                    Box::new(XSum::new(clue, xsum)),
                    Box::new(Skyscraper::new(clue, seen)),
                ];
                for rule in rules {
                    assert!(rule.check(&geometry, &grid).is_ok(), "{} on {n}×{n}", rule.name());
                    puzzle.push(rule).unwrap();
                }
            }
        }
        let start: Vec<Digits<u128>> = vec![Digits::full(n); n * n];
        let report = sudokit_core::testkit::propagate_from(&puzzle, &start);
        assert!(report.contradiction.is_none(), "{n}×{n}");
        for cell in geometry.cells() {
            let d = grid.get(cell).unwrap();
            assert!(
                report.after[cell.index()].contains(d),
                "{n}×{n}: {}",
                cell.name(n)
            );
        }
        assert!(
            report.after.iter().map(|s| s.len()).sum::<usize>() < n * n * n,
            "{n}×{n}: the clues remove something"
        );
    }
}
