//! Exact counts: `count_exact` agrees with plain enumeration, uses digit
//! symmetry only where it holds, and stops at a time limit or a
//! cancellation with a lower bound.

use std::borrow::Cow;
use std::time::{Duration, Instant};

use sudokit_constraints::{ClassicRules, Clones, Line, LineKind, Parity, ParityCells};
use sudokit_core::format::{parse_grids, ParseOptions};
use sudokit_core::{Cell, Constraint, Geometry, Grid, Group, Puzzle, Rule, Violation};
use sudokit_solvers::{
    count_exact, count_exact_with, digit_symmetry, strategy_by_name, Cancel, Limits, Stop, STRATEGY_NAMES,
};

fn empty(n: usize) -> Puzzle {
    Puzzle::new(Geometry::square(n).unwrap())
        .with(ClassicRules)
        .unwrap()
}

fn classic(line: &str) -> Puzzle {
    let grid = parse_grids(line, &ParseOptions::default())
        .remove(0)
        .unwrap()
        .grid;
    sudokit_constraints::classic_puzzle(grid).unwrap()
}

/// The count by plain enumeration: every solution visited once.
fn enumerated(puzzle: &Puzzle) -> u128 {
    let outcome = strategy_by_name("propagation")
        .unwrap()
        .count(puzzle, &Limits::all())
        .unwrap();
    assert!(outcome.exhaustive());
    u128::from(outcome.count)
}

fn exact(puzzle: &Puzzle) -> sudokit_solvers::CountResult {
    let result = count_exact(puzzle, &Limits::all(), &mut |_| {}, None).unwrap();
    assert!(result.exact);
    assert_eq!(result.stop, Stop::Exhausted);
    result
}

#[test]
fn the_empty_4x4_has_288_solutions_with_every_strategy() {
    let puzzle = empty(4);
    for name in STRATEGY_NAMES {
        let strategy = strategy_by_name(name).unwrap();
        if *name == "bitboard" {
            // The classic 9×9 fast path refuses other boards.
            assert!(strategy.supports(&puzzle).is_err());
            continue;
        }
        let result = count_exact_with(strategy.as_ref(), &puzzle, &Limits::all(), &mut |_| {}, None).unwrap();
        assert_eq!((result.count, result.exact), (288, true), "{name}");
        assert_eq!(
            result.symmetry_factor, 24,
            "{name}: the four digits are interchangeable"
        );
    }
}

#[test]
fn the_empty_6x6_has_28_200_960_solutions_in_a_few_seconds() {
    let started = Instant::now();
    let mut last = None;
    let result = count_exact(&empty(6), &Limits::all(), &mut |p| last = Some(*p), None).unwrap();
    let elapsed = started.elapsed();
    assert_eq!((result.count, result.exact), (28_200_960, true));
    let symmetry = result.symmetry.as_ref().unwrap();
    assert_eq!(symmetry.classes, vec![vec![1, 2, 3, 4, 5, 6]]);
    assert_eq!((symmetry.factor, result.symmetry_factor), (720, 720));
    assert_eq!(symmetry.house_name, "row 1");
    let last = last.unwrap();
    assert_eq!((last.fraction, last.count), (1.0, 28_200_960));
    assert!(
        result.searches > 100,
        "split for progress: {} searches",
        result.searches
    );
    eprintln!(
        "empty 6×6: {} in {elapsed:?}, {} searches",
        result.count, result.searches
    );
    assert!(elapsed < Duration::from_secs(20), "took {elapsed:?}");
}

#[test]
fn digit_asymmetric_rules_count_what_enumeration_counts() {
    // A thermometer: no two digits can swap.
    let thermo = empty(4)
        .with(Line::new(LineKind::Thermometer, [Cell(0), Cell(5), Cell(10)]))
        .unwrap();
    assert_eq!(digit_symmetry(&thermo), None);
    let result = exact(&thermo);
    assert_eq!(result.symmetry_factor, 1);
    assert_eq!(result.count, enumerated(&thermo));
    // 6×6 with a thermometer and some givens: splitting alone.
    let mut givens = Grid::empty(6);
    for (i, d) in [(0, 1), (8, 2), (13, 5)] {
        givens.set(Cell(i), d);
    }
    let thermo6 = empty(6)
        .with_givens(givens)
        .unwrap()
        .with(Line::new(LineKind::Thermometer, [Cell(20), Cell(21), Cell(22)]))
        .unwrap();
    let result = exact(&thermo6);
    assert_eq!(result.symmetry_factor, 1);
    assert_eq!(result.count, enumerated(&thermo6));
    assert!(result.count > 1000, "{}", result.count);
}

#[test]
fn odd_cells_leave_odd_and_even_digits_interchangeable_among_themselves() {
    let mut givens = Grid::empty(6);
    givens.set(Cell(7), 6);
    givens.set(Cell(30), 1);
    let puzzle = empty(6)
        .with_givens(givens)
        .unwrap()
        .with(ParityCells::new(
            Parity::Odd,
            [Cell(0), Cell(14), Cell(21), Cell(35)],
        ))
        .unwrap();
    let symmetry = digit_symmetry(&puzzle).unwrap();
    // 1 and 6 are given; 3 and 5 odd, 2 and 4 even.
    assert_eq!(symmetry.classes, vec![vec![2, 4], vec![3, 5]]);
    assert_eq!(symmetry.factor, 4);
    let result = exact(&puzzle);
    assert_eq!(result.symmetry_factor, 4);
    assert_eq!(result.count, enumerated(&puzzle));
}

#[test]
fn clones_keep_every_digit_interchangeable() {
    let puzzle = empty(4).with(Clones::new([Cell(0)], [Cell(15)])).unwrap();
    assert_eq!(digit_symmetry(&puzzle).unwrap().factor, 24);
    assert_eq!(exact(&puzzle).count, enumerated(&puzzle));
}

#[test]
fn puzzles_with_givens_agree_with_enumeration() {
    // Norvig's grid2 and a top95 puzzle with givens removed: several
    // solutions, and the givens use every digit.
    let lines = [
        (
            "4.....8.5.3..........7......2.....6.....8........1.......6.3.7.5..2.....1.4......",
            794,
        ),
        (
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........",
            47_688,
        ),
        (
            "52...6.........7.13...........4..8..6......5...........41..........3..2...87.....",
            22_701,
        ),
    ];
    for (line, count) in lines {
        let puzzle = classic(line);
        assert_eq!(digit_symmetry(&puzzle), None);
        let result = exact(&puzzle);
        assert_eq!(result.count, enumerated(&puzzle), "{line}");
        assert_eq!(result.count, count, "{line}");
    }
    // Project Euler's first grid without its 1s and 2s, then without its 3s
    // too: 2! and 3! orderings.
    let euler = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    for (removed, classes, factor, count) in [
        ("12", vec![vec![1, 2]], 2, 492),
        ("123", vec![vec![1, 2, 3]], 6, 357_180),
    ] {
        let line: String = euler
            .chars()
            .map(|c| if removed.contains(c) { '.' } else { c })
            .collect();
        let puzzle = classic(&line);
        let symmetry = digit_symmetry(&puzzle).unwrap();
        assert_eq!((symmetry.classes, symmetry.factor), (classes, factor));
        let result = exact(&puzzle);
        assert_eq!(result.symmetry_factor, factor);
        assert_eq!(result.count, enumerated(&puzzle), "{line}");
        assert_eq!(result.count, count, "{line}");
    }
}

#[test]
fn a_time_limit_gives_a_lower_bound() {
    let started = Instant::now();
    let limits = Limits::all().with_time(Duration::from_millis(300));
    let result = count_exact(&empty(9), &limits, &mut |_| {}, None).unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(!result.exact);
    assert_eq!(result.stop, Stop::TimeLimit);
    assert!(result.count > 0, "some solutions are found in 300 ms");
    assert_eq!(result.count % 362_880, 0, "representatives times 9!");
}

/// Cancels `cancel` after `after`, from another thread, while `count` runs.
fn cancelled_after<T: Send>(cancel: Cancel, after: Duration, count: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        scope.spawn(move || {
            std::thread::sleep(after);
            cancel.cancel();
        });
        count()
    })
}

#[test]
fn a_cancelled_count_stops_at_once_with_what_it_found() {
    // With symmetry, inside one long sub-search: progress comes from the
    // solutions as they are found.
    let cancel = Cancel::new();
    let started = Instant::now();
    let mut reports = Vec::new();
    let result = cancelled_after(cancel, Duration::from_millis(300), || {
        count_exact(&empty(9), &Limits::all(), &mut |p| reports.push(*p), Some(cancel)).unwrap()
    });
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert_eq!((result.exact, result.stop), (false, Stop::Cancelled));
    assert!(result.count > 0);
    assert!(!reports.is_empty(), "progress while the first sub-search runs");
    assert!(reports.windows(2).all(|w| w[0].count <= w[1].count));
    assert_eq!(reports.last().unwrap().count, result.count);
    // Without symmetry (a thermometer), and a cancellation that comes before
    // the count starts.
    let thermo = empty(9)
        .with(Line::new(LineKind::Thermometer, [Cell(0), Cell(1)]))
        .unwrap();
    let cancel = Cancel::new();
    let started = Instant::now();
    let result = cancelled_after(cancel, Duration::from_millis(200), || {
        count_exact(&thermo, &Limits::all(), &mut |_| {}, Some(cancel)).unwrap()
    });
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert_eq!((result.stop, result.symmetry_factor), (Stop::Cancelled, 1));
    let result = count_exact(&thermo, &Limits::all(), &mut |_| {}, Some(cancel)).unwrap();
    assert_eq!((result.stop, result.count), (Stop::Cancelled, 0));
}

#[test]
fn every_strategy_honours_a_cancelled_token() {
    let cancel = Cancel::new();
    cancel.cancel();
    let limits = Limits::all().with_cancel(cancel);
    for name in STRATEGY_NAMES {
        let outcome = strategy_by_name(name).unwrap().count(&empty(9), &limits).unwrap();
        assert_eq!(outcome.stop, Stop::Cancelled, "{name}");
        assert!(outcome.count < 1_000_000, "{name}");
    }
}

/// Declares two cells different, but its `check` also refuses 4 in r4c4:
/// against the contract (a declarative rule checks what it declares), and
/// caught by the swap check of the first solutions.
#[derive(Clone, Debug)]
struct SaysLess;

impl Rule for SaysLess {
    fn name(&self) -> Cow<'_, str> {
        "says less".into()
    }
    fn groups(&self, _: &Geometry) -> Vec<Group> {
        vec![Group::new("pair", [Cell(0), Cell(5)])]
    }
    fn check(&self, _: &Geometry, grid: &Grid) -> Result<(), Violation> {
        match grid.get(Cell(15)) {
            Some(4) => Err(Violation::new("no 4 in r4c4", vec![Cell(15)])),
            _ => Ok(()),
        }
    }
}

impl Constraint for SaysLess {}

#[test]
fn a_check_that_breaks_the_declared_symmetry_is_counted_without_it() {
    let puzzle = empty(4).with(SaysLess).unwrap();
    assert!(
        digit_symmetry(&puzzle).is_some(),
        "the declarations alone are symmetric"
    );
    let result = exact(&puzzle);
    assert_eq!(result.count, 216);
    assert_eq!((result.symmetry, result.symmetry_factor), (None, 1));
}
