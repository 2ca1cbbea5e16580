//! Writing your own constraint: a plugin defined outside sudokit.
//!
//! `EvenCells` says that some cells hold even digits (the grey squares of
//! "even-odd sudoku"). It implements the two traits of a plugin:
//!
//! * `Rule`: what it means — its cells and an independent `check`;
//! * `Propagate`: how it removes candidates, written once for every width.
//!
//! Run: `cargo run --example custom_constraint`.

use std::borrow::Cow;

use sudokit::constraints::ClassicRules;
use sudokit::core::format::{parse_grids, to_pretty, ParseOptions};
use sudokit::core::{
    Cell, Contradiction, Ctx, Digits, Geometry, Grid, Propagate, Puzzle, RootPropagation, Rule, Violation,
    Word,
};
use sudokit::solvers::{Limits, PropagationSearch, Strategy};

/// The listed cells hold even digits.
#[derive(Clone, Debug)]
struct EvenCells(Vec<Cell>);

impl Rule for EvenCells {
    fn name(&self) -> Cow<'_, str> {
        "even cells".into()
    }

    fn scope(&self, _geometry: &Geometry) -> Vec<Cell> {
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
}

impl Propagate for EvenCells {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let evens = Digits::from_digits((2..=cx.size() as u8).step_by(2));
        for &cell in &self.0 {
            cx.restrict(cell, evens)?;
        }
        Ok(())
    }

    // The rule only reads the candidate lists it narrows, so one run
    // reaches its fixpoint.
}

fn main() {
    let text = "\
1 3 . .
. . 1 .
. . . .
. . . 2";
    let givens = parse_grids(text, &ParseOptions::default())
        .remove(0)
        .unwrap()
        .grid;
    let even = EvenCells(vec![Cell::at(3, 0, 4), Cell::at(3, 3, 4), Cell::at(2, 1, 4)]);
    let puzzle = Puzzle::new(Geometry::square(4).unwrap())
        .with_givens(givens)
        .unwrap()
        .with(ClassicRules)
        .unwrap()
        .with(even)
        .unwrap();

    println!(
        "Candidates after propagation:\n{}",
        RootPropagation::of(&puzzle, true).display(puzzle.geometry())
    );
    let outcome = PropagationSearch::default()
        .solve(&puzzle, &Limits::default())
        .unwrap();
    println!(
        "{} solution(s), exhaustive: {}",
        outcome.count_label(),
        outcome.exhaustive()
    );
    for solution in &outcome.solutions {
        println!("{}", to_pretty(solution, puzzle.geometry()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a plugin author snapshots: the candidate grid after the rule ran.
    #[test]
    fn even_cells_leave_only_even_candidates() {
        let puzzle = Puzzle::new(Geometry::square(4).unwrap())
            .with(EvenCells(vec![Cell(0), Cell(5)]))
            .unwrap();
        let root = RootPropagation::of(&puzzle, true);
        insta::assert_snapshot!(root.display(puzzle.geometry()));
    }
}
