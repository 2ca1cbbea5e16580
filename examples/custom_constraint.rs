//! Writing your own rules: three plugins defined outside sudokit, from the
//! most declarative to the most hands-on.
//!
//! * `WhiteDots` (cells joined by a dot hold consecutive digits) is pair
//!   relations and nothing else: the engine propagates them, DLX and SAT
//!   encode them, and `impl Constraint for WhiteDots {}` is the whole
//!   plugin glue.
//! * `DisjointGroups` (cells at the same place in every box differ) is
//!   all-different groups and nothing else.
//! * `EvenCells` (grey cells hold even digits) has a propagator of its own,
//!   says why it removes digits, and gives DLX and SAT its encodings.
//!
//! Every rule also has an independent `check`: it is what tests, the
//! backtracking strategy and every reported solution trust.
//!
//! Run: `cargo run --example custom_constraint`.

use std::borrow::Cow;

use sudokit::constraints::ClassicRules;
use sudokit::core::cnf::{ClauseOptions, ClauseSink, Lit, Var};
use sudokit::core::format::{parse_grids, to_pretty, ParseOptions};
use sudokit::core::{
    Cand, Cell, Constraint, Contradiction, CoverSink, Ctx, Digits, Geometry, Grid, Group, Propagate, Puzzle,
    Reason, Relation, Rule, Unsupported, Violation, Word,
};
use sudokit::solvers::{strategy_by_name, Limits, STRATEGY_NAMES};

/// Cells joined by a white dot hold consecutive digits.
#[derive(Clone, Debug)]
struct WhiteDots(Vec<(Cell, Cell)>);

impl Rule for WhiteDots {
    fn name(&self) -> Cow<'_, str> {
        "white dots".into()
    }

    fn relations(&self, _: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        self.0
            .iter()
            .map(|&(a, b)| (a, b, Relation::Difference(1)))
            .collect()
    }

    fn check(&self, g: &Geometry, grid: &Grid) -> Result<(), Violation> {
        for &(a, b) in &self.0 {
            if let (Some(x), Some(y)) = (grid.get(a), grid.get(b)) {
                if x.abs_diff(y) != 1 {
                    let n = g.size();
                    let message = format!("{} and {} are not consecutive", a.name(n), b.name(n));
                    return Err(Violation::new(message, vec![a, b]));
                }
            }
        }
        Ok(())
    }
}

impl Constraint for WhiteDots {}

/// The cells at the same place in every box hold different digits.
#[derive(Clone, Debug)]
struct DisjointGroups;

impl Rule for DisjointGroups {
    fn name(&self) -> Cow<'_, str> {
        "disjoint groups".into()
    }

    fn groups(&self, g: &Geometry) -> Vec<Group> {
        let (rows, cols) = g.box_shape().expect("rectangular boxes");
        let n = g.size();
        (0..n)
            .map(|place| {
                let (r, c) = (place / cols, place % cols);
                let cells = (0..n).map(|b| Cell::at(b / (n / cols) * rows + r, b % (n / cols) * cols + c, n));
                Group::new(format!("disjoint group {}", place + 1), cells)
            })
            .collect()
    }

    fn check(&self, g: &Geometry, grid: &Grid) -> Result<(), Violation> {
        for group in self.groups(g) {
            let mut seen = 0u128;
            for &cell in group.cells() {
                if let Some(d) = grid.get(cell) {
                    if seen >> d & 1 == 1 {
                        return Err(Violation::new(
                            format!("{d} twice in {}", group.name()),
                            group.cells().to_vec(),
                        ));
                    }
                    seen |= 1 << d;
                }
            }
        }
        Ok(())
    }

    /// The quick form of `check` that searches ask after each placement
    /// (the testkit's brute force, for every digit of every open cell):
    /// only the new digit can repeat, and only in its own group.
    fn accepts_placement(&self, g: &Geometry, grid: &Grid, cell: Cell) -> bool {
        let (rows, cols) = g.box_shape().expect("rectangular boxes");
        let n = g.size();
        let Some(digit) = grid.get(cell) else {
            return true;
        };
        let place = |c: Cell| (c.row(n) % rows, c.col(n) % cols);
        g.cells()
            .all(|other| other == cell || place(other) != place(cell) || grid.get(other) != Some(digit))
    }
}

impl Constraint for DisjointGroups {}

/// The listed cells hold even digits.
#[derive(Clone, Debug)]
struct EvenCells(Vec<Cell>);

impl Rule for EvenCells {
    fn name(&self) -> Cow<'_, str> {
        "even cells".into()
    }

    /// The rule only narrows its own cells and reads nothing else, so one
    /// run reaches its fixpoint: the engine need not wake it for its own
    /// changes.
    fn idempotent(&self) -> bool {
        true
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        self.0.clone()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        match self.0.iter().find(|&&c| grid.get(c).is_some_and(|d| d % 2 == 1)) {
            Some(&cell) => Err(Violation::new(
                format!("{} is odd", cell.name(geometry.size())),
                vec![cell],
            )),
            None => Ok(()),
        }
    }

    /// For DLX: the odd candidates of the cells are never chosen.
    fn exact_cover(&self, geometry: &Geometry, sink: &mut dyn CoverSink) -> Result<(), Unsupported> {
        for &cell in &self.0 {
            for digit in (1..=geometry.size() as u8).step_by(2) {
                sink.exclude(Cand::new(cell, digit));
            }
        }
        Ok(())
    }

    /// For SAT: one unit clause per odd candidate.
    fn clauses(
        &self,
        geometry: &Geometry,
        _: &ClauseOptions,
        sink: &mut dyn ClauseSink,
    ) -> Result<(), Unsupported> {
        let n = geometry.size();
        for &cell in &self.0 {
            for digit in (1..=n as u8).step_by(2) {
                sink.add_clause(&[Lit::negative(Var::of_cand(Cand::new(cell, digit), n))]);
            }
        }
        Ok(())
    }
}

impl Propagate for EvenCells {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let evens = Digits::from_digits((2..=cx.size() as u8).step_by(2));
        cx.because(|| Reason::new("even cells").cells(self.0.iter().copied()));
        for &cell in &self.0 {
            cx.restrict(cell, evens)?;
        }
        Ok(())
    }
}

/// The example's puzzle: a 4×4 with three givens and the three rules
/// (without givens it has 8 solutions).
fn puzzle() -> Puzzle {
    let givens = parse_grids(
        "1 . 3 .\n. . . .\n2 . . .\n. . . .",
        &ParseOptions { size: Some(4) },
    )
    .remove(0)
    .unwrap()
    .grid;
    let dots = WhiteDots(vec![(Cell(0), Cell(1)), (Cell(10), Cell(11)), (Cell(4), Cell(8))]);
    let even = EvenCells(vec![Cell(1), Cell(7), Cell(12)]);
    Puzzle::new(Geometry::square(4).unwrap())
        .with_givens(givens)
        .unwrap()
        .with(ClassicRules)
        .unwrap()
        .with(dots)
        .unwrap()
        .with(DisjointGroups)
        .unwrap()
        .with(even)
        .unwrap()
}

fn main() {
    let puzzle = puzzle();
    for name in STRATEGY_NAMES {
        let strategy = strategy_by_name(name).unwrap();
        // bitboard takes the classic 9×9 rules alone, and says so.
        if let Err(refused) = strategy.supports(&puzzle) {
            println!("{name:>12}: {refused}");
            continue;
        }
        let outcome = strategy.solve(&puzzle, &Limits::default()).unwrap();
        println!("{name:>12}: {} solution(s)", outcome.count_label());
        if *name == "propagation" {
            for solution in &outcome.solutions {
                print!("{}", to_pretty(solution, puzzle.geometry()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit::core::testkit::{assert_sound, propagate, Soundness};

    /// What a plugin author snapshots: what each rule removes, and why.
    #[test]
    fn what_each_rule_removes() {
        let g = Geometry::square(4).unwrap();
        let grid = "12 . . .\n. . . .\n. . . .\n. . . .";
        let dots = propagate(&g, vec![Box::new(WhiteDots(vec![(Cell(0), Cell(1))]))], grid).unwrap();
        insta::assert_snapshot!("white_dots", dots.to_string());
        let grid = "1 . . .\n. . . .\n. . . .\n. . . .";
        let groups = propagate(&g, vec![Box::new(DisjointGroups)], grid).unwrap();
        insta::assert_snapshot!("disjoint_groups", groups.to_string());
        let even = propagate(
            &g,
            vec![Box::new(EvenCells(vec![Cell(0), Cell(5)]))],
            ". . . .\n. . . .\n. . . .\n. . . .",
        );
        insta::assert_snapshot!("even_cells", even.unwrap().to_string());
    }

    /// Every rule removes only what no solution uses (brute force, 4×4 and 6×6).
    #[test]
    fn every_rule_is_sound() {
        for n in [4, 6] {
            let rules: Vec<Box<dyn Constraint>> = vec![
                Box::new(WhiteDots(vec![(Cell(0), Cell(1)), (Cell(1), Cell(n as u16 + 1))])),
                Box::new(DisjointGroups),
                Box::new(EvenCells(vec![Cell(2), Cell(n as u16)])),
            ];
            for rule in rules {
                let mut puzzle = Puzzle::new(Geometry::square(n).unwrap())
                    .with(ClassicRules)
                    .unwrap();
                puzzle.push(rule).unwrap();
                assert_sound(&puzzle, &Soundness::default());
            }
        }
    }

    /// Every strategy takes the three rules and agrees.
    #[test]
    fn every_strategy_solves_the_example() {
        let puzzle = puzzle();
        let mut answers = Vec::new();
        for name in STRATEGY_NAMES {
            let strategy = strategy_by_name(name).unwrap();
            if *name == "bitboard" {
                // The classic 9×9 fast path refuses a rule it does not know.
                assert!(strategy.supports(&puzzle).is_err());
                continue;
            }
            let outcome = strategy.solve(&puzzle, &Limits::default()).unwrap();
            assert!(outcome.is_unique(), "{name}: {}", outcome.count_label());
            assert!(puzzle.verify_solution(&outcome.solutions[0]).is_ok());
            answers.push(outcome.solutions[0].clone());
        }
        assert!(answers.windows(2).all(|w| w[0] == w[1]));
    }
}
