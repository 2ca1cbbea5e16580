//! The plugin model end to end: rules declared as groups and pair
//! relations, propagated by the engine's built-in propagators, encoded by
//! DLX and SAT, explained step by step, and checked by the testkit.

use std::borrow::Cow;
use std::sync::Arc;

use sudokit::constraints::{AntiKnight, ClassicRules, Diagonal};
use sudokit::core::testkit::{
    assert_sound, check_search, check_soundness, check_steps, count_solutions, propagate, Soundness,
};
use sudokit::core::{
    Cell, Constraint, Contradiction, Ctx, Digits, Engine, Geometry, Grid, Group, Progress, Propagate, Puzzle,
    Reason, Relation, Rule, State, Violation, Word,
};
use sudokit::solvers::{strategy_by_name, Limits, PropagationSearch, Strategy, ValueOrder, STRATEGY_NAMES};

/// A rule that is nothing but pair relations, checked pair by pair.
#[derive(Clone, Debug)]
struct Related(&'static str, Vec<(Cell, Cell, Relation)>);

impl Rule for Related {
    fn name(&self) -> Cow<'_, str> {
        self.0.into()
    }
    fn relations(&self, _: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        self.1.clone()
    }
    fn check(&self, g: &Geometry, grid: &Grid) -> Result<(), Violation> {
        for (a, b, relation) in &self.1 {
            if let (Some(x), Some(y)) = (grid.get(*a), grid.get(*b)) {
                if !relation.allows(x, y) {
                    let n = g.size();
                    return Err(Violation::new(
                        format!("{} = {x} and {} = {y} break {relation}", a.name(n), b.name(n)),
                        vec![*a, *b],
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Constraint for Related {}

/// A group rule, checked on its own.
#[derive(Clone, Debug)]
struct Distinct(&'static str, Vec<Cell>);

impl Rule for Distinct {
    fn name(&self) -> Cow<'_, str> {
        self.0.into()
    }
    fn groups(&self, _: &Geometry) -> Vec<Group> {
        vec![Group::new(self.0, self.1.clone())]
    }
    fn check(&self, _: &Geometry, grid: &Grid) -> Result<(), Violation> {
        let digits: Vec<u8> = self.1.iter().filter_map(|&c| grid.get(c)).collect();
        let mut sorted = digits.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() == digits.len() {
            Ok(())
        } else {
            Err(Violation::new("a repeated digit", self.1.clone()))
        }
    }
}

impl Constraint for Distinct {}

fn classic(n: usize) -> Puzzle {
    Puzzle::new(Geometry::square(n).unwrap())
        .with(ClassicRules)
        .unwrap()
}

fn random_relation(rng: &mut fastrand::Rng, n: usize) -> Relation {
    match rng.u8(0..11) {
        0 => Relation::Less,
        1 => Relation::LessOrEqual,
        2 => Relation::Difference(rng.u8(1..=2)),
        3 => Relation::DifferenceAtLeast(rng.u8(2..=3)),
        4 => Relation::Ratio(2),
        5 => Relation::Sum(rng.u16(3..=n as u16 + 2)),
        6 => Relation::Difference(1).negate(),
        7 => Relation::Differ,
        8 => Relation::Pairs(Arc::from(
            (0..6)
                .map(|_| (rng.u8(1..=n as u8), rng.u8(1..=n as u8)))
                .collect::<Vec<_>>(),
        )),
        9 => Relation::custom("same parity", |a, b| a % 2 == b % 2),
        _ => Relation::Equal,
    }
}

/// A rule of 1 to 3 random relations between random cells.
fn random_rule(rng: &mut fastrand::Rng, n: usize) -> Related {
    let cells = (n * n) as u16;
    let pairs = (0..rng.usize(1..=3))
        .map(|_| {
            let a = rng.u16(0..cells);
            let b = (a + rng.u16(1..cells)) % cells;
            (Cell(a), Cell(b), random_relation(rng, n))
        })
        .collect();
    Related("random relations", pairs)
}

#[test]
fn relations_propagate_to_arc_consistency() {
    let g = Geometry::square(4).unwrap();
    let thermometer = Related(
        "thermometer r1c1-r1c4",
        (0..3).map(|c| (Cell(c), Cell(c + 1), Relation::Less)).collect(),
    );
    let report = propagate(
        &g,
        vec![Box::new(thermometer)],
        ". . . .\n. . . .\n. . . .\n. . . .",
    )
    .unwrap();
    insta::assert_snapshot!("thermometer_on_an_empty_row", report.to_string());
    let kropki = Related(
        "black dot r2c1-r2c2",
        vec![
            (Cell(4), Cell(5), Relation::Ratio(2)),
            (Cell(5), Cell(6), Relation::Sum(5)),
        ],
    );
    let report = propagate(&g, vec![Box::new(kropki)], ". . . .\n2 . . .\n. . . .\n. . . .").unwrap();
    insta::assert_snapshot!("ratio_and_sum_chain", report.to_string());
}

#[test]
fn random_relation_rules_propagate_soundly() {
    let mut rng = fastrand::Rng::with_seed(11);
    for trial in 0..24 {
        let n = if trial % 2 == 0 { 4 } else { 6 };
        let mut puzzle = if trial % 4 < 2 {
            classic(n)
        } else {
            Puzzle::new(Geometry::square(n).unwrap())
        };
        for _ in 0..rng.usize(1..=3) {
            puzzle.push(Box::new(random_rule(&mut rng, n))).unwrap();
        }
        let options = Soundness {
            trials: 30,
            seed: trial,
            given: 0.3,
            narrowed: 0.6,
            ..Soundness::default()
        };
        let report = assert_sound(&puzzle, &options);
        assert!(report.checked >= 20, "trial {trial}: {report:?}");
    }
}

/// "r1c1 < r1c2", with a propagator that removes one digit too many.
#[derive(Clone, Debug)]
struct BuggySmaller;

impl Rule for BuggySmaller {
    fn name(&self) -> Cow<'_, str> {
        "buggy smaller".into()
    }
    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        vec![Cell(0), Cell(1)]
    }
    fn check(&self, _: &Geometry, grid: &Grid) -> Result<(), Violation> {
        match (grid.get(Cell(0)), grid.get(Cell(1))) {
            (Some(a), Some(b)) if a >= b => Err(Violation::new("not smaller", vec![Cell(0), Cell(1)])),
            _ => Ok(()),
        }
    }
}

impl Propagate for BuggySmaller {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _: &[Cell]) -> Result<(), Contradiction> {
        let max = cx.candidates(Cell(1)).max().unwrap_or(1);
        cx.because(|| Reason::new("buggy smaller").cells([Cell(1)]));
        // Should keep digits below `max`; keeps those below `max - 1`.
        cx.restrict(Cell(0), (1..max.saturating_sub(1)).collect())?;
        Ok(())
    }
}

/// The testkit can fail: a propagator that removes too much is caught by
/// both checks, which name it.
#[test]
fn an_unsound_propagator_is_caught_and_named() {
    let puzzle = classic(4).with(BuggySmaller).unwrap();
    let err = check_soundness(&puzzle, &Soundness::default()).unwrap_err();
    assert!(err.message.contains("buggy smaller"), "{}", err.message);
    assert!(
        puzzle.verify_solution(&err.solution).is_ok(),
        "the witness is a real solution"
    );
    // A solution with r1c1 = r1c2 − 1, which the bug removes.
    let solution = Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
    let err = check_search(&puzzle, &solution, 10_000).unwrap_err();
    assert!(
        err.message.starts_with("buggy smaller found a contradiction"),
        "{}",
        err.message
    );
    let sound = classic(4)
        .with(Related("smaller", vec![(Cell(0), Cell(1), Relation::Less)]))
        .unwrap();
    let walked = check_search(&sound, &solution, 10_000).unwrap();
    assert_eq!(
        walked.solutions,
        count_solutions(&sound, 1_000_000, 10_000).unwrap()
    );
}

/// One deduction at a time reaches what propagation reaches, from random
/// starts, with groups, relations and a plugin's own propagator.
#[test]
fn single_steps_reach_the_propagation_fixpoint() {
    let mut rng = fastrand::Rng::with_seed(5);
    for trial in 0..60 {
        let n = [4, 6, 9][trial % 3];
        let mut puzzle = classic(n);
        puzzle.push(Box::new(random_rule(&mut rng, n))).unwrap();
        if trial % 2 == 0 {
            puzzle.push(Box::new(Diagonal::Negative)).unwrap();
        }
        let start: Vec<Digits<u128>> = (0..n * n)
            .map(|_| {
                let mut set = Digits::<u128>::full(n);
                if rng.f64() < 0.3 {
                    set = Digits::single(rng.u8(1..=n as u8));
                }
                set
            })
            .collect();
        let steps = check_steps(&puzzle, &start).unwrap_or_else(|e| panic!("trial {trial}: {e}"));
        for step in &steps {
            assert!(!step.removed.is_empty());
        }
    }
}

/// DLX's forbidden-pair items and dead candidates and SAT's support clauses
/// give exactly the solutions the rules' `check` allows.
#[test]
fn every_strategy_counts_what_brute_force_counts() {
    let mut rng = fastrand::Rng::with_seed(3);
    let (mut compared, mut solvable, mut several) = (0, 0, 0);
    for trial in 0..60 {
        let n = if trial % 3 == 0 { 6 } else { 4 };
        // A hidden solution of the classic rules; the relations drawn are
        // ones it satisfies, and a few of its digits are the givens.
        let search = PropagationSearch {
            order: ValueOrder::Random { seed: rng.u64(..) },
            ..PropagationSearch::default()
        };
        let full = search
            .solve(&classic(n), &Limits::solutions(1))
            .unwrap()
            .solutions[0]
            .clone();
        let mut puzzle = classic(n);
        for _ in 0..rng.usize(1..=3) {
            let rule = loop {
                let rule = random_rule(&mut rng, n);
                if rule.check(puzzle.geometry(), &full).is_ok() {
                    break rule;
                }
            };
            puzzle.push(Box::new(rule)).unwrap();
        }
        if trial % 5 == 0 {
            let window = Distinct("window", vec![Cell(1), Cell(n as u16 + 2)]);
            if window.check(puzzle.geometry(), &full).is_ok() {
                puzzle.push(Box::new(window)).unwrap();
            }
        }
        let mut givens = Grid::empty(n);
        for _ in 0..(if n == 6 { 14 } else { 3 }) {
            let cell = Cell(rng.u16(0..(n * n) as u16));
            givens.set(cell, full.get(cell).unwrap());
        }
        let puzzle = puzzle.with_givens(givens).unwrap();
        let Some(expected) = count_solutions(&puzzle, 2_000_000, 100_000) else {
            continue;
        };
        compared += 1;
        solvable += usize::from(expected > 0);
        several += usize::from(expected > 1);
        for name in STRATEGY_NAMES {
            let strategy = strategy_by_name(name).unwrap();
            if *name == "bitboard" {
                // The classic 9×9 fast path refuses these small boards.
                assert!(strategy.supports(&puzzle).is_err(), "trial {trial}");
                continue;
            }
            let outcome = strategy.count(&puzzle, &Limits::all()).unwrap();
            assert!(
                outcome.exhaustive(),
                "trial {trial}: {name} stopped at {:?}",
                outcome.stop
            );
            assert_eq!(outcome.count, expected, "trial {trial}: {name} on {puzzle:?}");
        }
    }
    assert!(compared >= 50, "only {compared} puzzles were small enough");
    assert!(
        solvable == compared && several >= 20,
        "{solvable} of {compared} have a solution, {several} several"
    );
}

#[test]
fn contradictions_name_the_group_and_the_rule() {
    // Both diagonals of a 4×4 X-sudoku want a 1 they cannot have.
    let puzzle = classic(4).with(Diagonal::Negative).unwrap();
    let mut engine = Engine::new(puzzle.model());
    let start: Vec<Digits<u128>> = (0..16)
        .map(|i| {
            if i % 5 == 0 {
                Digits::from_digits([2, 3, 4])
            } else {
                Digits::full(4)
            }
        })
        .collect();
    let mut state = State::<u16>::from_candidates(puzzle.geometry(), &start);
    engine.schedule_all();
    let contradiction = engine.propagate(&mut state, None).unwrap_err();
    assert_eq!(
        puzzle.describe(&contradiction),
        "1 has no place left in negative diagonal (diagonal-)"
    );
    // A relation that empties a cell is named after its rule.
    let tight = Puzzle::new(Geometry::square(4).unwrap())
        .with(Related(
            "impossible dot",
            vec![(Cell(0), Cell(1), Relation::Ratio(3))],
        ))
        .unwrap();
    let start: Vec<Digits<u128>> = (0..16)
        .map(|i| {
            if i == 0 {
                Digits::from_digits([2, 4])
            } else {
                Digits::full(4)
            }
        })
        .collect();
    let mut state = State::<u16>::from_candidates(tight.geometry(), &start);
    let mut engine = Engine::new(tight.model());
    engine.schedule_all();
    let contradiction = engine.propagate(&mut state, None).unwrap_err();
    assert_eq!(
        tight.describe(&contradiction),
        "r1c2 has no candidate left (impossible dot)"
    );
}

/// Steps say what they removed and why, and a relation's step names its rule.
#[test]
fn steps_are_explained() {
    let mut givens = Grid::empty(9);
    givens.set(Cell(0), 5);
    let puzzle = classic(9)
        .with(AntiKnight)
        .unwrap()
        .with(Related(
            "dot",
            vec![(Cell(80), Cell(79), Relation::Difference(8))],
        ))
        .unwrap()
        .with_givens(givens)
        .unwrap();
    let mut engine = Engine::new(puzzle.model());
    let mut state = State::<u16>::with_givens(puzzle.geometry(), puzzle.givens());
    engine.schedule_all();
    let mut lines = Vec::new();
    while let Progress::Step(step) = engine.step(&mut state, None) {
        lines.push(step.describe(puzzle.model()));
    }
    insta::assert_snapshot!(lines.join("\n"));
}
