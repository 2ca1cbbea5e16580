//! Random combinations of the variant rules on 4×4 and 6×6 boards: every
//! strategy counts exactly what brute force through the rules' `check`
//! counts (the testkit's `count_solutions`).
//!
//! Rules are drawn at random among every kind the spec layer builds and
//! kept only when a hidden solution (a random grid of the classic rules)
//! satisfies them; a few of its digits are the givens. So every puzzle has
//! at least one solution, and many have several.

use sudokit::constraints::spec::{PuzzleSpec, RuleSpec};
use sudokit::constraints::{Clue, Side};
use sudokit::core::testkit::count_solutions;
use sudokit::core::{Cell, Digit, Grid};
use sudokit::solvers::{
    strategy_by_name, Limits, PropagationSearch, SolveError, Strategy, ValueOrder, STRATEGY_NAMES,
};

/// A random rule of any kind for an `n`×`n` board.
fn random_rule(rng: &mut fastrand::Rng, n: usize) -> RuleSpec {
    let cell = |rng: &mut fastrand::Rng| Cell(rng.u16(0..(n * n) as u16));
    let cells = |rng: &mut fastrand::Rng, k: usize| {
        let mut chosen: Vec<Cell> = Vec::new();
        while chosen.len() < k {
            let c = cell(rng);
            if !chosen.contains(&c) {
                chosen.push(c);
            }
        }
        chosen
    };
    // A path of orthogonal steps without repeats.
    let line = |rng: &mut fastrand::Rng, k: usize| {
        let mut path = vec![cell(rng)];
        for _ in 1..k * 4 {
            if path.len() == k {
                break;
            }
            let last = *path.last().unwrap();
            let (r, c) = (last.row(n) as isize, last.col(n) as isize);
            let (dr, dc) = [(0, 1), (1, 0), (0, -1), (-1, 0)][rng.usize(0..4)];
            let (r, c) = (r + dr, c + dc);
            if (0..n as isize).contains(&r) && (0..n as isize).contains(&c) {
                let next = Cell::at(r as usize, c as usize, n);
                if !path.contains(&next) {
                    path.push(next);
                }
            }
        }
        path
    };
    let neighbours = |rng: &mut fastrand::Rng| {
        let l = line(rng, 2);
        if l.len() == 2 {
            (l[0], l[1])
        } else {
            (Cell(0), Cell(1))
        }
    };
    let digit = |rng: &mut fastrand::Rng| rng.u8(1..=n as u8) as Digit;
    let clue = |rng: &mut fastrand::Rng| Clue::new(Side::ALL[rng.usize(0..4)], rng.usize(0..n));
    match rng.u8(0..31) {
        0 => RuleSpec::DiagonalPositive,
        1 => RuleSpec::DiagonalNegative,
        2 => RuleSpec::AntiKnight,
        3 => RuleSpec::DisjointGroups,
        4 => RuleSpec::NonConsecutive,
        5 => RuleSpec::NegativeRatio,
        6 => RuleSpec::NegativeXv,
        7 => RuleSpec::Odd(cells(rng, 2)),
        8 => RuleSpec::Even(cells(rng, 2)),
        9 => RuleSpec::Minimum(cells(rng, 1)),
        10 => RuleSpec::Maximum(cells(rng, 2)),
        11 => RuleSpec::PencilMarks {
            cell: cell(rng),
            digits: vec![digit(rng), digit(rng)],
        },
        12 => RuleSpec::Difference {
            cells: neighbours(rng),
            value: rng.u8(1..=2),
        },
        13 => RuleSpec::Ratio {
            cells: neighbours(rng),
            value: 2,
        },
        14 => RuleSpec::Sum {
            cells: neighbours(rng),
            value: rng.u16(3..=n as u16 + 2),
        },
        15 => RuleSpec::KillerCage {
            cells: line(rng, 3),
            sum: None,
        },
        16 => RuleSpec::ExtraRegion(cells(rng, 3)),
        17 => {
            let a = cells(rng, 4);
            RuleSpec::Clone {
                cells: a[..2].to_vec(),
                clones: a[2..].to_vec(),
            }
        }
        18 => RuleSpec::Thermometer(line(rng, 3)),
        19 => RuleSpec::SlowThermometer(line(rng, 3)),
        20 => RuleSpec::Palindrome(line(rng, 3)),
        21 => RuleSpec::Whispers {
            cells: line(rng, 3),
            gap: None,
        },
        22 => RuleSpec::Nabner(line(rng, 3)),
        23 => RuleSpec::Taxicab(rng.usize(2..=3)),
        24 => RuleSpec::SelfTaxicab,
        25 => RuleSpec::DiagonalNonConsecutive,
        26 => {
            let (a, b) = neighbours(rng);
            let (d, e) = (digit(rng), digit(rng));
            RuleSpec::CustomPairs {
                name: "custom".to_string(),
                cells: vec![(a, b)],
                digits: vec![(d, e), (e, d)],
                allowed: rng.bool(),
            }
        }
        28 => RuleSpec::Sandwich {
            clue: clue(rng),
            sum: rng.u32(0..=(n * (n - 1) / 2 - 1) as u32),
        },
        29 => RuleSpec::XSum {
            clue: clue(rng),
            sum: rng.u32(1..=(n * (n + 1) / 2) as u32),
        },
        30 => RuleSpec::Skyscraper {
            clue: clue(rng),
            visible: rng.usize(1..=n),
        },
        _ => RuleSpec::Chess {
            name: "anti-camel".to_string(),
            moves: vec![(1, 3)],
            digits: (rng.bool()).then(|| vec![digit(rng)]),
        },
    }
}

#[test]
fn every_strategy_counts_what_brute_force_counts() {
    let mut rng = fastrand::Rng::with_seed(2026);
    let (mut compared, mut several, mut kinds) = (0, 0, std::collections::BTreeSet::new());
    let mut refused = 0;
    for trial in 0..120 {
        let n = if trial % 3 == 0 { 6 } else { 4 };
        let search = PropagationSearch {
            order: ValueOrder::Random { seed: rng.u64(..) },
            ..PropagationSearch::default()
        };
        // Half the time a global rule first, which random grids hardly ever
        // satisfy by chance: the hidden grid is then drawn under it.
        let mut spec = PuzzleSpec::new(n);
        if trial % 2 == 0 {
            let globals = [
                RuleSpec::NonConsecutive,
                RuleSpec::NegativeRatio,
                RuleSpec::NegativeXv,
                RuleSpec::DiagonalPositive,
                RuleSpec::DiagonalNegative,
                RuleSpec::AntiKing,
            ];
            spec.rules.push(globals[rng.usize(0..globals.len())].clone());
        }
        let drawn = search
            .solve(&spec.build().unwrap(), &Limits::solutions(1))
            .unwrap();
        let Some(hidden) = drawn.solutions.into_iter().next() else {
            continue; // no grid at all under that rule on this board (4×4 anti-king)
        };
        kinds.extend(spec.rules.iter().map(|r| format!("{r:?}")));
        while spec.rules.len() < 3 {
            let rule = random_rule(&mut rng, n);
            let mut trial_spec = spec.clone();
            trial_spec.rules.push(rule.clone());
            let fits = trial_spec.build().is_ok_and(|p| p.check(&hidden).is_ok());
            if fits {
                kinds.insert(
                    format!("{rule:?}")
                        .split(['(', ' ', '{'])
                        .next()
                        .unwrap()
                        .to_string(),
                );
                spec.rules.push(rule);
            }
        }
        let mut givens = Grid::empty(n);
        for _ in 0..(if n == 6 { 12 } else { 2 }) {
            let c = Cell(rng.u16(0..(n * n) as u16));
            givens.set(c, hidden.get(c).unwrap());
        }
        spec.givens = givens;
        let puzzle = spec.build().unwrap();
        let Some(expected) = count_solutions(&puzzle, 2_000_000, 100_000) else {
            continue;
        };
        compared += 1;
        several += usize::from(expected > 1);
        assert!(expected >= 1, "trial {trial}: the hidden grid is a solution");
        for name in STRATEGY_NAMES {
            // DLX and SAT refuse the outside clues (no exact cover or
            // clause form): such a trial skips them, never the others.
            let outcome = match strategy_by_name(name)
                .unwrap()
                .count(&puzzle, &Limits::all().with_nodes(50_000_000))
            {
                Ok(outcome) => outcome,
                Err(SolveError::Unsupported(_)) if matches!(*name, "dlx" | "sat") => {
                    refused += 1;
                    continue;
                }
                Err(e) => panic!("trial {trial}: {name}: {e}"),
            };
            assert!(
                outcome.exhaustive(),
                "trial {trial}: {name} stopped: {:?}",
                outcome.stop
            );
            assert_eq!(
                outcome.count, expected,
                "trial {trial}: {name} on {:?}",
                spec.rules
            );
        }
    }
    assert!(
        compared >= 90 && several >= 30,
        "{compared} compared, {several} with several solutions"
    );
    assert!(refused > 0, "no trial drew an outside clue");
    assert!(
        kinds.len() >= 29,
        "only {} kinds of rule drawn: {kinds:?}",
        kinds.len()
    );
}
