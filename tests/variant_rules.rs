//! Random combinations of the variant rules on 4×4 and 6×6 boards: every
//! strategy counts exactly what brute force through the rules' `check`
//! counts (the testkit's `count_solutions`).
//!
//! Rules are drawn at random among every kind the spec layer builds and
//! kept only when a hidden solution (a random grid of the classic rules)
//! satisfies them; a few of its digits are the givens. So every puzzle has
//! at least one solution, and many have several.

use sudokit::constraints::registry::Registry;
use sudokit::constraints::spec::{PuzzleSpec, RuleSpec};
use sudokit::constraints::{Clue, Side};
use sudokit::core::testkit::count_solutions;
use sudokit::core::{Cell, Digit, Grid};
use sudokit::solvers::{
    strategy_by_name, Limits, PropagationSearch, SolveError, Strategy, ValueOrder, STRATEGY_NAMES,
};

/// The built-in rule `name`, to fill in.
fn rule(name: &str) -> RuleSpec {
    Registry::default().rule(name).unwrap()
}

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
        0 => rule("diagonal+"),
        1 => rule("diagonal-"),
        2 => rule("anti-knight"),
        3 => rule("disjoint-groups"),
        4 => rule("nonconsecutive"),
        5 => rule("negative-ratio"),
        6 => rule("negative-xv"),
        7 => rule("odd").with("cells", cells(rng, 2)),
        8 => rule("even").with("cells", cells(rng, 2)),
        9 => rule("minimum").with("cells", cells(rng, 1)),
        10 => rule("maximum").with("cells", cells(rng, 2)),
        11 => rule("pencil-marks")
            .with("cell", cell(rng))
            .with("digits", vec![digit(rng), digit(rng)]),
        12 => rule("difference")
            .with("cells", neighbours(rng))
            .with("value", rng.u8(1..=2)),
        13 => rule("ratio").with("cells", neighbours(rng)).with("value", 2),
        14 => rule("sum")
            .with("cells", neighbours(rng))
            .with("value", rng.u16(3..=n as u16 + 2)),
        15 => rule("killer-cage").with("cells", line(rng, 3)),
        16 => rule("extra-region").with("cells", cells(rng, 3)),
        17 => {
            let a = cells(rng, 4);
            rule("clone")
                .with("cells", a[..2].to_vec())
                .with("clones", a[2..].to_vec())
        }
        18 => rule("thermometer").with("cells", line(rng, 3)),
        19 => rule("slow-thermometer").with("cells", line(rng, 3)),
        20 => rule("palindrome").with("cells", line(rng, 3)),
        21 => rule("whispers").with("cells", line(rng, 3)),
        22 => rule("nabner").with("cells", line(rng, 3)),
        23 => rule("taxicab").with("value", rng.usize(2..=3)),
        24 => rule("self-taxicab"),
        25 => rule("diagonal-nonconsecutive"),
        26 => {
            let (a, b) = neighbours(rng);
            let (d, e) = (digit(rng), digit(rng));
            let allowed = if rng.bool() { "allowed" } else { "forbidden" };
            rule("custom-pairs")
                .with("name", "custom")
                .with("pairs", vec![(a, b)])
                .with(allowed, vec![(d, e), (e, d)])
        }
        28 => {
            let cells = line(rng, 3);
            let sum = total(&cells);
            rule("killer-cage").with("cells", cells).with("sum", sum)
        }
        29 => {
            let shaft = line(rng, 2);
            let target = total(&shaft);
            let circle = (0..n * n)
                .map(|i| Cell(i as u16))
                .filter(|c| !shaft.contains(c) && u32::from(hidden.get(*c).unwrap()) == target)
                .nth(rng.usize(0..3))
                .unwrap_or(Cell(0));
            rule("arrow").with("circle", vec![circle]).with("cells", shaft)
        }
        30 => rule("double-arrow").with("cells", line(rng, 4)),
        31 => rule("zipper").with("cells", line(rng, 3)),
        32 => rule("region-sum-line").with("cells", line(rng, 3)),
        33 => {
            let k = rng.usize(2..=3);
            rule("renban").with("cells", line(rng, k))
        }
        34 => {
            let k = rng.usize(3..=4);
            rule("between").with("cells", line(rng, k))
        }
        35 => {
            let k = rng.usize(2..=4);
            rule("entropic").with("cells", line(rng, k))
        }
        36 => {
            let k = rng.usize(2..=4);
            rule("modular").with("cells", line(rng, k))
        }
        37 => {
            let c = corner(rng);
            let (r, col) = (c.row(n), c.col(n));
            rule("quadruple")
                .with(
                    "cells",
                    vec![
                        c,
                        Cell::at(r, col + 1, n),
                        Cell::at(r + 1, col, n),
                        Cell::at(r + 1, col + 1, n),
                    ],
                )
                .with(
                    "digits",
                    (0..rng.usize(1..=2)).map(|_| digit(rng)).collect::<Vec<Digit>>(),
                )
        }
        38 => rule("row-indexer").with("cells", cells(rng, 1)),
        39 => rule("column-indexer").with("cells", cells(rng, 2)),
        40 => rule("box-indexer").with("cells", cells(rng, 1)),
        41 => rule("sandwich")
            .with("clue", clue(rng))
            .with("sum", rng.u32(0..=(n * (n - 1) / 2 - 1) as u32)),
        42 => rule("x-sum")
            .with("clue", clue(rng))
            .with("sum", rng.u32(1..=(n * (n + 1) / 2) as u32)),
        43 => rule("skyscraper")
            .with("clue", clue(rng))
            .with("visible", rng.usize(1..=n)),
        44 => {
            let cells = line(rng, 3);
            let root = 1 + (total(&cells) - 1) % 9;
            rule("digital-root-cage").with("cells", cells).with("root", root)
        }
        _ => {
            let chess = rule("chess")
                .with("name", "anti-camel")
                .with("moves", vec![(1isize, 3isize)]);
            match rng.bool().then(|| vec![digit(rng)]) {
                Some(digits) => chess.with("digits", digits),
                None => chess,
            }
        }
    }
}

/// Whether `strategy` may refuse the rule named `constraint`: DLX has no
/// form for the outside clues, digital-root cages, sums, between lines and
/// quadruples; SAT takes every rule.
fn refuses(strategy: &str, constraint: &str, puzzle: &sudokit::core::Puzzle) -> bool {
    let starts = |prefixes: &[&str]| prefixes.iter().any(|p| constraint.starts_with(p));
    let no_cover = starts(&["sandwich", "x-sum", "skyscraper", "digital root cage"]);
    let model = puzzle.model();
    let declares_a_sum = model
        .sums()
        .iter()
        .filter_map(|s| s.rule())
        .any(|k| model.constraints()[k].name() == constraint);
    match strategy {
        "dlx" => no_cover || starts(&["between line", "quadruple"]) || declares_a_sum,
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
                rule("nonconsecutive"),
                rule("negative-ratio"),
                rule("negative-xv"),
                rule("diagonal+"),
                rule("diagonal-"),
                rule("anti-king"),
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

/// Asserts that SAT counts the solutions of `puzzle` (a 4×4 board with one
/// rule) as brute force through the rules' `check` does; returns the count.
fn sat_counts_as_brute_force_does(puzzle: &sudokit::core::Puzzle, what: &str) -> u64 {
    let expected = count_solutions(puzzle, 10_000_000, u64::MAX).unwrap();
    let sat = strategy_by_name("sat").unwrap();
    let counted = sat.count(puzzle, &Limits::all()).unwrap();
    assert_eq!(counted.count, expected, "{what}");
    expected
}

/// The sandwich and X-sum clause forms: SAT counts what brute force counts
/// for every clue place and every clue value of a 4×4 board, including the
/// values no arrangement reaches (6×6 clues are in the random matrix above).
#[test]
fn sat_counts_every_sandwich_and_x_sum_clue_as_brute_force_does() {
    let n = 4;
    let mut compared = 0;
    for side in Side::ALL {
        for clue in (0..n).map(|i| Clue::new(side, i)) {
            for value in 0..=10u32 {
                for name in ["sandwich", "x-sum"] {
                    let mut spec = PuzzleSpec::new(n);
                    spec.rules.push(rule(name).with("clue", clue).with("sum", value));
                    let Ok(puzzle) = spec.build() else {
                        continue; // a value the rule refuses up front (x-sum 0)
                    };
                    sat_counts_as_brute_force_does(&puzzle, &format!("{name} {value} at {clue}"));
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 250, "{compared}");
}

/// The skyscraper clause form: SAT counts what brute force counts for every
/// clue place and every count of a 4×4 board (6×6 clues are in the random
/// matrix above).
#[test]
fn sat_counts_every_skyscraper_clue_as_brute_force_does() {
    let n = 4;
    let mut compared = 0;
    for side in Side::ALL {
        for clue in (0..n).map(|i| Clue::new(side, i)) {
            for visible in 1..=n {
                let mut spec = PuzzleSpec::new(n);
                spec.rules
                    .push(rule("skyscraper").with("clue", clue).with("visible", visible));
                let what = format!("skyscraper {visible} at {clue}");
                sat_counts_as_brute_force_does(&spec.build().unwrap(), &what);
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 64);
}

/// The digital-root cage clause form: SAT counts what brute force counts
/// for every root on cages of every size of a 4×4 board, within a box and
/// across boxes (where the digits need not differ but for the cage).
#[test]
fn sat_counts_every_digital_root_cage_as_brute_force_does() {
    let n = 4;
    let at =
        |cells: &[(usize, usize)]| -> Vec<Cell> { cells.iter().map(|&(r, c)| Cell::at(r, c, n)).collect() };
    let cages = [
        at(&[(0, 0)]),
        at(&[(0, 0), (0, 1)]),
        at(&[(0, 1), (0, 2)]),
        at(&[(0, 1), (1, 1), (1, 2)]),
        at(&[(1, 1), (1, 2), (2, 1), (2, 2)]),
        at(&[(3, 0), (3, 1), (3, 2), (3, 3)]),
    ];
    let mut several = 0;
    for cells in &cages {
        for root in 1..=9u32 {
            let mut spec = PuzzleSpec::new(n);
            spec.rules.push(
                rule("digital-root-cage")
                    .with("cells", cells.clone())
                    .with("root", root),
            );
            let what = format!("root {root} on {cells:?}");
            let expected = sat_counts_as_brute_force_does(&spec.build().unwrap(), &what);
            several += usize::from(expected > 0);
        }
    }
    // 4×4 sums reach only some roots: both kinds are compared.
    assert!(
        (15..cages.len() * 9 - 15).contains(&several),
        "{several} reachable"
    );
}
