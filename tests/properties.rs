//! Property tests (proptest): format round trips for any grid, solutions
//! that keep every clue of a puzzle cut from a random grid, and every
//! strategy against brute force on random small variant boards.
//!
//! Each property runs a bounded number of cases so the file stays within a
//! few seconds; proptest keeps failing cases in `proptest-regressions/`.

use proptest::prelude::*;
use sudokit::constraints::registry::Registry;
use sudokit::constraints::spec::{PuzzleSpec, RuleSpec};
use sudokit::constraints::{classic_puzzle, fpuzzles, native};
use sudokit::core::format::{parse_grids, to_line, to_pretty, ParseOptions};
use sudokit::core::testkit::count_solutions;
use sudokit::core::{Geometry, Grid, Puzzle};
use sudokit::solvers::generate::random_solution;
use sudokit::solvers::{strategy_by_name, Limits, SolveError, STRATEGY_NAMES};

/// The built-in rule `name`.
fn named(name: &str) -> RuleSpec {
    Registry::default().rule(name).unwrap()
}

/// A board side and its cells, each empty (0) or a digit.
fn any_grid() -> impl proptest::strategy::Strategy<Value = Grid> {
    prop_oneof![Just(4usize), Just(6), Just(9), Just(16), Just(25)].prop_flat_map(|n| {
        proptest::collection::vec(0..=n as u8, n * n)
            .prop_map(move |values| Grid::from_values(n, values).unwrap())
    })
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// One line and the pretty grid read back as the same grid.
    #[test]
    fn text_layouts_round_trip(grid in any_grid()) {
        let n = grid.size();
        let options = ParseOptions { size: Some(n) };
        let line = to_line(&grid);
        let read = parse_grids(&line, &options).remove(0).unwrap().grid;
        prop_assert_eq!(&read, &grid, "one line: {}", line);
        let geometry = Geometry::square(n).unwrap();
        let pretty = to_pretty(&grid, &geometry);
        let read = parse_grids(&pretty, &options).remove(0).unwrap().grid;
        prop_assert_eq!(&read, &grid, "pretty:\n{}", pretty);
    }

    /// Native TOML and f-puzzles JSON keep the givens and the rules.
    #[test]
    fn file_formats_round_trip(grid in any_grid(), rule in 0usize..4) {
        let mut spec = PuzzleSpec::new(grid.size());
        spec.givens = grid.clone();
        spec.rules = [vec![], vec![named("diagonal+")], vec![named("anti-king")], vec![named("nonconsecutive")]][rule].clone();
        let toml = native::write(&spec);
        prop_assert_eq!(&native::read(&toml).unwrap(), &spec, "{}", toml);
        let json = fpuzzles::to_json(&spec).unwrap();
        let back = fpuzzles::read(&json).unwrap().spec;
        prop_assert_eq!(&back.givens, &spec.givens);
        prop_assert_eq!(&back.rules, &spec.rules);
    }
}

proptest! {
    #![proptest_config(config(128))]

    /// A puzzle cut from a random valid grid by random removals is solved,
    /// and the solution keeps every clue and passes the rules' checks.
    #[test]
    fn removals_leave_a_solution_that_keeps_the_clues(seed in any::<u64>(), keep in 0.0f64..0.6) {
        let blank = classic_puzzle(Grid::empty(9)).unwrap();
        let mut rng = fastrand::Rng::with_seed(seed);
        let full = random_solution(&blank, &mut rng, &Limits::default()).unwrap();
        let mut givens = full.clone();
        for i in 0..81 {
            if rng.f64() >= keep {
                givens.set(sudokit::core::Cell(i), 0);
            }
        }
        let puzzle = classic_puzzle(givens.clone()).unwrap();
        for name in ["propagation", "dlx", "sat"] {
            let outcome = strategy_by_name(name).unwrap().solve(&puzzle, &Limits::solutions(1)).unwrap();
            let solution = &outcome.solutions[0];
            prop_assert!(puzzle.verify_solution(solution).is_ok(), "{}", name);
            for i in 0..81u16 {
                let cell = sudokit::core::Cell(i);
                if let Some(d) = givens.get(cell) {
                    prop_assert_eq!(solution.get(cell), Some(d), "{} changed a clue", name);
                }
            }
        }
    }

    /// Every strategy counts what brute force counts on random 4×4 and 6×6
    /// boards with a random global variant rule and random givens taken from
    /// a grid of those rules.
    #[test]
    fn strategies_agree_with_brute_force(seed in any::<u64>(), six in any::<bool>(), rule in 0usize..5, clues in 0usize..8) {
        let n = if six { 6 } else { 4 };
        let rules = [named("diagonal+"), named("anti-king"), named("nonconsecutive"), named("anti-knight"), named("negative-xv")];
        let mut spec = PuzzleSpec::new(n);
        spec.rules.push(rules[rule].clone());
        let blank: Puzzle = spec.build().unwrap();
        let mut rng = fastrand::Rng::with_seed(seed);
        let Some(hidden) = random_solution(&blank, &mut rng, &Limits::default()) else {
            return Ok(()); // no grid at all under that rule on this board
        };
        let mut givens = Grid::empty(n);
        for _ in 0..clues + if six { 6 } else { 0 } {
            let cell = sudokit::core::Cell(rng.u16(0..(n * n) as u16));
            givens.set(cell, hidden.get(cell).unwrap());
        }
        spec.givens = givens;
        let puzzle = spec.build().unwrap();
        let Some(expected) = count_solutions(&puzzle, 2_000_000, 100_000) else {
            return Ok(());
        };
        prop_assert!(expected >= 1);
        for name in STRATEGY_NAMES {
            match strategy_by_name(name).unwrap().count(&puzzle, &Limits::all().with_nodes(20_000_000)) {
                Ok(outcome) => {
                    prop_assert!(outcome.exhaustive(), "{}", name);
                    prop_assert_eq!(outcome.count, expected, "{} on {:?}", name, spec.rules);
                }
                // The classic 9×9 fast path refuses every other board.
                Err(SolveError::Unsupported(e)) if *name == "bitboard" && puzzle.size() != 9 => {
                    prop_assert_eq!(e.strategy, "bitboard")
                }
                Err(SolveError::Unsupported(e)) => prop_assert!(false, "{} refused {}", name, e),
                Err(e) => prop_assert!(false, "{}: {}", name, e),
            }
        }
    }
}
