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

/// A random rule of any kind for an `n`×`n` board; sums take their totals
/// from the `hidden` solution, so that they have a fair chance to fit it.
fn random_rule(rng: &mut fastrand::Rng, n: usize, hidden: &Grid) -> RuleSpec {
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
    let total = |cells: &[Cell]| {
        cells
            .iter()
            .map(|&c| u32::from(hidden.get(c).unwrap()))
            .sum::<u32>()
    };
    // The top-left cell of a 2×2 block.
    let corner = |rng: &mut fastrand::Rng| Cell::at(rng.usize(0..n - 1), rng.usize(0..n - 1), n);
    let clue = |rng: &mut fastrand::Rng| Clue::new(Side::ALL[rng.usize(0..4)], rng.usize(0..n));
    match rng.u8(0..45) {
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
        28 => {
            let cells = line(rng, 3);
            RuleSpec::KillerCage {
                sum: Some(total(&cells)),
                cells,
            }
        }
        29 => {
            let shaft = line(rng, 2);
            let target = total(&shaft);
            let circle = (0..n * n)
                .map(|i| Cell(i as u16))
                .filter(|c| !shaft.contains(c) && u32::from(hidden.get(*c).unwrap()) == target)
                .nth(rng.usize(0..3))
                .unwrap_or(Cell(0));
            RuleSpec::Arrow {
                circle: vec![circle],
                shafts: vec![shaft],
            }
        }
        30 => RuleSpec::DoubleArrow(line(rng, 4)),
        31 => RuleSpec::ZipperLine(line(rng, 3)),
        32 => RuleSpec::RegionSumLine(line(rng, 3)),
        33 => {
            let k = rng.usize(2..=3);
            RuleSpec::Renban(line(rng, k))
        }
        34 => {
            let k = rng.usize(3..=4);
            RuleSpec::BetweenLine(line(rng, k))
        }
        35 => {
            let k = rng.usize(2..=4);
            RuleSpec::EntropicLine(line(rng, k))
        }
        36 => {
            let k = rng.usize(2..=4);
            RuleSpec::ModularLine(line(rng, k))
        }
        37 => {
            let c = corner(rng);
            let (r, col) = (c.row(n), c.col(n));
            RuleSpec::Quadruple {
                cells: vec![
                    c,
                    Cell::at(r, col + 1, n),
                    Cell::at(r + 1, col, n),
                    Cell::at(r + 1, col + 1, n),
                ],
                digits: (0..rng.usize(1..=2)).map(|_| digit(rng)).collect(),
            }
        }
        38 => RuleSpec::RowIndexer(cells(rng, 1)),
        39 => RuleSpec::ColumnIndexer(cells(rng, 2)),
        40 => RuleSpec::BoxIndexer(cells(rng, 1)),
        41 => RuleSpec::Sandwich {
            clue: clue(rng),
            sum: rng.u32(0..=(n * (n - 1) / 2 - 1) as u32),
        },
        42 => RuleSpec::XSum {
            clue: clue(rng),
            sum: rng.u32(1..=(n * (n + 1) / 2) as u32),
        },
        43 => RuleSpec::Skyscraper {
            clue: clue(rng),
            visible: rng.usize(1..=n),
        },
        44 => {
            let cells = line(rng, 3);
            RuleSpec::DigitalRootCage {
                root: 1 + (total(&cells) - 1) % 9,
                cells,
            }
        }
        _ => RuleSpec::Chess {
            name: "anti-camel".to_string(),
            moves: vec![(1, 3)],
            digits: (rng.bool()).then(|| vec![digit(rng)]),
        },
    }
}

/// Whether `strategy` may refuse the rule named `constraint`: SAT has no
/// clause form for the outside clues and digital-root cages; DLX has none
/// for those, sums, between lines and quadruples.
fn refuses(strategy: &str, constraint: &str, puzzle: &sudokit::core::Puzzle) -> bool {
    let starts = |prefixes: &[&str]| prefixes.iter().any(|p| constraint.starts_with(p));
    let no_clauses = starts(&["sandwich", "x-sum", "skyscraper", "digital root cage"]);
    let model = puzzle.model();
    let declares_a_sum = model
        .sums()
        .iter()
        .filter_map(|s| s.rule())
        .any(|k| model.constraints()[k].name() == constraint);
    match strategy {
        "sat" => no_clauses,
        "dlx" => no_clauses || starts(&["between line", "quadruple"]) || declares_a_sum,
        // The classic 9×9 fast path: these boards are 4×4 and 6×6.
        "bitboard" => puzzle.size() != 9,
        _ => false,
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
            let rule = random_rule(&mut rng, n, &hidden);
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
            let outcome = match strategy_by_name(name)
                .unwrap()
                .count(&puzzle, &Limits::all().with_nodes(50_000_000))
            {
                Ok(outcome) => outcome,
                // A strategy with no form for a rule says so, naming it, and
                // is skipped for that trial (see `refuses`).
                Err(SolveError::Unsupported(e)) if refuses(name, &e.constraint, &puzzle) => {
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
    assert!(
        kinds.len() >= 40,
        "only {} kinds of rule drawn: {kinds:?}",
        kinds.len()
    );
    println!(
        "{compared} compared, {several} with several solutions, {refused} refused by DLX; kinds: {kinds:?}"
    );
    assert!(refused > 0, "no rule that DLX or SAT refuses was drawn");
}
