//! Diagonals: X-sudoku's two long diagonals hold every digit once.

use std::borrow::Cow;

use sudokit_core::{Cell, Constraint, Geometry, Grid, Group, Rule, Violation};

use crate::rule::{Fpuzzles, RuleKind, Shape};
use crate::units::{clashes, duplicate_violation, first_duplicate, Report};

/// One long diagonal of the board holds no repeated digit (so, with `n`
/// cells, every digit once): f-puzzles' `diagonal+` and `diagonal-`.
///
/// A declaration of one complete group: the engine's hidden singles run on
/// it as on a row, and a contradiction names it (`7 has no place left in
/// negative diagonal (diagonal-)`).
///
/// ```
/// use sudokit_constraints::Diagonal;
/// use sudokit_core::{Cell, Geometry, Rule};
/// let g = Geometry::square(9).unwrap();
/// let cells = Diagonal::Positive.cells(9);
/// assert_eq!((cells[0], cells[8]), (Cell::at(8, 0, 9), Cell::at(0, 8, 9)));
/// assert_eq!(Diagonal::Negative.name(), "diagonal-");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Diagonal {
    /// Bottom-left `r{n}c1` to top-right `r1c{n}` (`diagonal+`).
    Positive,
    /// Top-left `r1c1` to bottom-right `r{n}c{n}` (`diagonal-`).
    Negative,
}

impl Diagonal {
    /// Both diagonals: X-sudoku.
    pub const BOTH: [Diagonal; 2] = [Diagonal::Positive, Diagonal::Negative];

    /// The cells of the diagonal on an `n`×`n` board, from its left end.
    pub fn cells(self, n: usize) -> Vec<Cell> {
        (0..n)
            .map(|c| match self {
                Diagonal::Positive => Cell::at(n - 1 - c, c, n),
                Diagonal::Negative => Cell::at(c, c, n),
            })
            .collect()
    }

    fn group_name(self) -> &'static str {
        match self {
            Diagonal::Positive => "positive diagonal",
            Diagonal::Negative => "negative diagonal",
        }
    }
}

impl Rule for Diagonal {
    fn name(&self) -> Cow<'_, str> {
        match self {
            Diagonal::Positive => "diagonal+".into(),
            Diagonal::Negative => "diagonal-".into(),
        }
    }

    fn groups(&self, geometry: &Geometry) -> Vec<Group> {
        vec![Group::new(self.group_name(), self.cells(geometry.size()))]
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        match first_duplicate(grid, &self.cells(geometry.size())) {
            Some(dup) => Err(duplicate_violation(
                Report::Describe,
                geometry.size(),
                dup,
                || format!("the {}", self.group_name()),
            )),
            None => Ok(()),
        }
    }

    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        let n = geometry.size();
        let on_it = match self {
            Diagonal::Positive => cell.row(n) + cell.col(n) == n - 1,
            Diagonal::Negative => cell.row(n) == cell.col(n),
        };
        !on_it || !clashes(grid, &self.cells(n), cell)
    }
}

impl Constraint for Diagonal {}

/// `diagonal+` in files.
pub(crate) static POSITIVE: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("diagonal+", Shape::Flag),
    meaning: "the diagonal from the bottom-left to the top-right corner holds no repeated digit",
    example: r#"{ type = "diagonal+" }"#,
    ..RuleKind::new("diagonal+", |_, _| Ok(Box::new(Diagonal::Positive)))
};

/// `diagonal-` in files.
pub(crate) static NEGATIVE: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("diagonal-", Shape::Flag),
    meaning: "the diagonal from the top-left to the bottom-right corner holds no repeated digit",
    example: r#"{ type = "diagonal-" }"#,
    ..RuleKind::new("diagonal-", |_, _| Ok(Box::new(Diagonal::Negative)))
};
