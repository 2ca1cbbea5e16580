//! Inequality signs between two cells: the digit on the open side of the
//! `>` is the larger.

use std::borrow::Cow;

use sudokit_core::{Cell, Constraint, Geometry, Grid, Relation, Rule, Violation};

use crate::rule::{Param, ParamType, RuleKind};
use crate::units::{checks_through_verify, Report};

/// An inequality sign between two cells (ISS `GreaterThan`): the first
/// cell holds a larger digit than the second.
///
/// A relation rule: `second < first`, which the engine, DLX and SAT take as
/// they are.
///
/// ```
/// use sudokit_constraints::GreaterThan;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let sign = GreaterThan::new(Cell(0), Cell(1));
/// let mut grid = Grid::empty(4);
/// grid.set(Cell(0), 2);
/// grid.set(Cell(1), 3);
/// assert_eq!(sign.check(&g, &grid).unwrap_err().message, "r1c1 = 2 is not greater than r1c2 = 3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GreaterThan {
    greater: Cell,
    smaller: Cell,
}

impl GreaterThan {
    /// `greater > smaller`.
    pub fn new(greater: Cell, smaller: Cell) -> GreaterThan {
        GreaterThan { greater, smaller }
    }

    /// The cell on the open side of the sign, then the one at its point.
    pub fn cells(&self) -> (Cell, Cell) {
        (self.greater, self.smaller)
    }
}

impl Rule for GreaterThan {
    fn name(&self) -> Cow<'_, str> {
        "greater than".into()
    }

    fn relations(&self, _: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        vec![(self.smaller, self.greater, Relation::Less)]
    }

    checks_through_verify!();
}

impl GreaterThan {
    /// `check`'s logic, described as `report` asks.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        match (grid.get(self.greater), grid.get(self.smaller)) {
            (Some(big), Some(small)) if big <= small => {
                let n = geometry.size();
                Err(report.violation(
                    || {
                        format!(
                            "{} = {big} is not greater than {} = {small}",
                            self.greater.name(n),
                            self.smaller.name(n)
                        )
                    },
                    || vec![self.greater, self.smaller],
                ))
            }
            _ => Ok(()),
        }
    }
}

impl Constraint for GreaterThan {}

/// `greater-than` in files.
pub(crate) static GREATER_THAN: RuleKind = RuleKind {
    meaning: "an inequality sign: the first cell holds a larger digit than the second",
    summary: "cells (two: the larger first)",
    params: &[Param::required(
        "cells",
        ParamType::TwoCells,
        "cells = [\"r1c1\", \"r1c2\"]",
    )],
    example: r#"{ type = "greater-than", cells = ["r1c1", "r1c2"] }"#,
    ..RuleKind::new("greater-than", |rule, _| {
        let (greater, smaller) = rule.pair("cells").unwrap_or((Cell(0), Cell(1)));
        Ok(Box::new(GreaterThan::new(greater, smaller)))
    })
};
