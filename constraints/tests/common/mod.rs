//! What the rule test files share.

use sudokit_constraints::ClassicRules;
use sudokit_core::testkit::{assert_sound, check_search, count_solutions, Soundness, SoundnessReport};
use sudokit_core::{Cell, Constraint, Geometry, Grid, Puzzle};

/// A list of rules, by name, for a board.
pub(crate) type RuleList = Vec<(&'static str, Box<dyn Constraint>)>;

/// Soundness of every rule that `rules` lists for the 6×6 board, on the
/// 4×4 (when it lists the rule there too) and 6×6 boards, with or without
/// the classic rules. Each run must check most starts and remove
/// something; over both boards, enough starts must have a solution (some
/// rules have none on one board: anti-king with the classic rules on 4×4).
pub(crate) fn sound_on_small_boards(
    rules: impl Fn(&Geometry) -> RuleList,
    classic: bool,
    options: &Soundness,
) {
    let six = Geometry::square(6).unwrap();
    let names: Vec<&str> = rules(&six).iter().map(|(name, _)| *name).collect();
    for (k, name) in names.iter().enumerate() {
        assert!(!names[..k].contains(name), "two rules are named {name}");
    }
    for name in names {
        let mut reports: Vec<SoundnessReport> = Vec::new();
        for n in [4, 6] {
            let geometry = Geometry::square(n).unwrap();
            let Some((_, rule)) = rules(&geometry).into_iter().find(|(r, _)| *r == name) else {
                continue;
            };
            let mut puzzle = Puzzle::new(geometry);
            if classic {
                puzzle.push(Box::new(ClassicRules)).unwrap();
            }
            puzzle.push(rule).unwrap();
            let report = assert_sound(&puzzle, options);
            println!("{name} (classic: {classic}) on {n}×{n}: {report:?}");
            assert!(
                report.checked * 4 >= options.trials * 3,
                "{name} on {n}×{n}: {report:?}"
            );
            assert!(report.removed > 0, "{name} on {n}×{n}: nothing was ever removed");
            reports.push(report);
        }
        let satisfiable: usize = reports.iter().map(|r| r.satisfiable).sum();
        assert!(satisfiable * 4 >= options.trials, "{name}: {reports:?}");
    }
}

/// The soundness options for a rule alone, where nothing else prunes for
/// it: narrow starts (many givens, few candidates) keep the brute force
/// small, and the witness's digit is rarely lost.
#[allow(dead_code, reason = "not every rule file tests its rules alone")]
pub(crate) fn alone(trials: usize) -> Soundness {
    Soundness {
        trials,
        given: 0.4,
        narrowed: 0.8,
        lose_solution_digit: 0.03,
        max_nodes: 100_000,
        ..Soundness::default()
    }
}

/// `accepts_placement` is the quick form of `check` after one placement:
/// on random grids (from `seed`) filled one cell at a time, `fill(n)`
/// tries each, both must give the same verdict whenever the grid before the
/// placement was accepted, for every rule `rules` lists on 4×4, 6×6 and
/// 9×9 boards.
#[allow(dead_code, reason = "not every rule file checks placements")]
pub(crate) fn placements_agree_with_check(
    rules: impl Fn(&Geometry) -> RuleList,
    seed: u64,
    fill: impl Fn(usize) -> usize,
) {
    let mut rng = fastrand::Rng::with_seed(seed);
    for n in [4, 6, 9] {
        let geometry = Geometry::square(n).unwrap();
        for (name, rule) in rules(&geometry) {
            let mut disagreements = 0;
            for _ in 0..50 {
                let mut grid = Grid::empty(n);
                for _ in 0..fill(n) {
                    let cell = Cell(rng.u16(0..(n * n) as u16));
                    if grid.get(cell).is_some() {
                        continue;
                    }
                    grid.set(cell, rng.u8(1..=n as u8));
                    let quick = rule.accepts_placement(&geometry, &grid, cell);
                    let full = rule.check(&geometry, &grid).is_ok();
                    disagreements += usize::from(quick != full);
                    if !full {
                        grid.set(cell, 0);
                    }
                }
            }
            assert_eq!(disagreements, 0, "{name} on {n}×{n}");
        }
    }
}

/// A solution of a small puzzle, by brute force through `check`: the cells
/// its rules read first (so that a clash shows at once), then the others.
#[allow(dead_code, reason = "not every rule file searches")]
pub(crate) fn first_solution(puzzle: &Puzzle) -> Option<Grid> {
    let n = puzzle.size();
    let mut order: Vec<Cell> = puzzle
        .constraints()
        .iter()
        .rev()
        .flat_map(|c| c.scope(puzzle.geometry()))
        .collect();
    order.extend(puzzle.geometry().cells());
    let mut seen = vec![false; n * n];
    order.retain(|c| !std::mem::replace(&mut seen[c.index()], true));
    fn fill(puzzle: &Puzzle, grid: &mut Grid, order: &[Cell]) -> bool {
        let Some((&cell, rest)) = order.split_first() else {
            return puzzle.check(grid).is_ok();
        };
        for d in 1..=puzzle.size() as u8 {
            grid.set(cell, d);
            if puzzle.check(grid).is_ok() && fill(puzzle, grid, rest) {
                return true;
            }
        }
        grid.set(cell, 0);
        false
    }
    let mut grid = Grid::empty(n);
    fill(puzzle, &mut grid, &order).then_some(grid)
}

/// `check` (and `accepts_placement`) of every rule `rules` lists, on random
/// full 4×4 and 6×6 grids, says what `keeps` (the rule's statement, read on
/// its own) says; both verdicts turn up, and a grid that keeps the rule,
/// found through `check` alone, keeps it by `keeps` too.
#[allow(dead_code, reason = "not every rule file reads its rules twice")]
pub(crate) fn check_agrees_with_the_statement(
    rules: impl Fn(usize) -> RuleList,
    keeps: impl Fn(&str, usize, &Grid) -> bool,
    seed: u64,
) {
    let mut rng = fastrand::Rng::with_seed(seed);
    for n in [4, 6] {
        let geometry = Geometry::square(n).unwrap();
        for (name, rule) in rules(n) {
            let (mut passed, mut failed) = (0, 0);
            for _ in 0..600 {
                let mut grid = Grid::empty(n);
                for cell in geometry.cells() {
                    grid.set(cell, rng.u8(1..=n as u8));
                }
                let expected = keeps(name, n, &grid);
                assert_eq!(
                    rule.check(&geometry, &grid).is_ok(),
                    expected,
                    "{name} on {n}×{n}"
                );
                // The quick form, where its precondition holds: the grid
                // passed before its last cell was filled.
                let last = Cell((n * n - 1) as u16);
                let mut before = grid.clone();
                before.set(last, 0);
                if rule.check(&geometry, &before).is_ok() {
                    assert_eq!(
                        rule.accepts_placement(&geometry, &grid, last),
                        expected,
                        "{name} on {n}×{n}"
                    );
                }
                if expected {
                    passed += 1;
                } else {
                    failed += 1;
                }
            }
            // A grid that keeps the rule, found through `check` alone (random
            // grids hardly ever keep the global rules).
            let mut alone = Puzzle::new(geometry.clone());
            alone.push(rule.clone()).unwrap();
            let kept = first_solution(&alone).unwrap();
            assert!(keeps(name, n, &kept), "{name} on {n}×{n}: {kept:?}");
            assert!(failed > 0, "{name} on {n}×{n}: {passed} passed, {failed} failed");
        }
    }
}

/// On the 4×4 board with the classic rules and each rule of `rules`, the
/// engine's exhaustive search (every propagation watched against a
/// solution) counts what brute force through `check` counts, and the rule
/// rules something out. The rules named in `unsolvable` have no solution
/// there (and must have none).
#[allow(dead_code, reason = "not every rule file searches")]
pub(crate) fn counts_match_brute_force_on_4x4(rules: RuleList, unsolvable: &[&str]) {
    let geometry = Geometry::square(4).unwrap();
    for (name, rule) in rules {
        let mut puzzle = Puzzle::new(geometry.clone()).with(ClassicRules).unwrap();
        puzzle.push(rule).unwrap();
        let expected = count_solutions(&puzzle, 10_000_000, u64::MAX).unwrap();
        assert!(expected < 288, "{name}: {expected} of the 288 classic 4×4 grids");
        match first_solution(&puzzle) {
            Some(solution) => {
                let search =
                    check_search(&puzzle, &solution, 1_000_000).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(search.solutions, expected, "{name}");
            }
            None => assert!(unsolvable.contains(&name) && expected == 0, "{name}: {expected}"),
        }
    }
}

/// A published puzzle (native text whose first line names it) that its
/// rules' `check` accepts the published `solution` of, and whose
/// exhaustive search (every propagation watched against that solution)
/// finds it and no other.
#[allow(dead_code, reason = "not every rule file has published puzzles")]
pub(crate) fn has_its_published_solution_alone(text: &str, solution: &str) {
    let title = text.lines().next().unwrap();
    let spec = sudokit_constraints::native::read(text).unwrap_or_else(|e| panic!("{title}: {e}"));
    let puzzle = spec.build().unwrap();
    let n = puzzle.size();
    let mut grid = Grid::empty(n);
    for (i, ch) in solution.chars().enumerate() {
        grid.set(Cell(i as u16), ch.to_digit(10).unwrap() as u8);
    }
    puzzle
        .verify_solution(&grid)
        .unwrap_or_else(|e| panic!("{title}: {e}"));
    let search = check_search(&puzzle, &grid, 200_000).unwrap_or_else(|e| panic!("{title}: {e}"));
    assert!(search.nodes < 200_000, "{title}: the search did not finish");
    assert_eq!(search.solutions, 1, "{title}: {search:?}");
}
