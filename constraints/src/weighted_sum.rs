//! A weighted sum: `Σ weight × digit = sum`, ISS's `Sum` with coefficients
//! (`.Sum~0_=_1_1_-10_-1~…`) and its cages or sums that list a cell twice
//! (that cell counts twice).

use std::borrow::Cow;

use sudokit_core::{Cell, Constraint, Geometry, Grid, Rule, Sum, Violation};

use crate::rule::{fits, Param, ParamType, RuleKind};
use crate::units::{checks_through_verify, Report};

/// Largest weight magnitude (ISS's coefficients are −100…100).
pub(crate) const MAX_WEIGHT: i64 = 100;

/// The digits of the cells, each times its weight, add up to the total.
///
/// Declares its sum alone (no group: digits may repeat): the engine
/// propagates it exactly, SAT encodes it, DLX refuses it.
///
/// ```
/// use sudokit_constraints::WeightedSum;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// // 10 × r1c1 + r1c2 = r1c3 + r1c4 · 10 … as 10·a + b − c = 0
/// let rule = WeightedSum::new(vec![(Cell(0), 10), (Cell(1), 1), (Cell(2), -1)], 0);
/// let mut grid = Grid::empty(9);
/// for (i, d) in [(0, 1), (1, 2), (2, 9)] {
///     grid.set(Cell(i), d);
/// }
/// assert_eq!(rule.check(&g, &grid).unwrap_err().message, "weighted sum 0: 10×r1c1 + r1c2 − r1c3 = 3, not 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightedSum {
    terms: Vec<(Cell, i32)>,
    total: i32,
}

impl WeightedSum {
    /// `Σ weight × digit(cell) = total`; a cell listed twice counts with
    /// both weights.
    pub fn new(terms: Vec<(Cell, i32)>, total: i32) -> WeightedSum {
        WeightedSum { terms, total }
    }

    /// `check`'s logic: once every cell is filled, the weighted digits add
    /// up to the total.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let Some(value) = self
            .terms
            .iter()
            .map(|&(c, w)| grid.get(c).map(|d| i64::from(w) * i64::from(d)))
            .sum::<Option<i64>>()
        else {
            return Ok(());
        };
        if value == i64::from(self.total) {
            return Ok(());
        }
        let n = geometry.size();
        Err(report.violation(
            || {
                format!(
                    "{}: {} = {value}, not {}",
                    self.name(),
                    self.written(n),
                    self.total
                )
            },
            || self.terms.iter().map(|&(c, _)| c).collect(),
        ))
    }

    /// `10×r1c1 + r1c2 − r1c3`, for messages.
    fn written(&self, n: usize) -> String {
        let mut text = String::new();
        for (i, &(cell, weight)) in self.terms.iter().enumerate() {
            let sign = match (i, weight < 0) {
                (0, false) => "",
                (0, true) => "−",
                (_, false) => " + ",
                (_, true) => " − ",
            };
            let times = match weight.unsigned_abs() {
                1 => String::new(),
                w => format!("{w}×"),
            };
            text.push_str(&format!("{sign}{times}{}", cell.name(n)));
        }
        text
    }
}

impl Rule for WeightedSum {
    fn name(&self) -> Cow<'_, str> {
        format!("weighted sum {}", self.total).into()
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        let mut scope: Vec<Cell> = self.terms.iter().map(|&(c, _)| c).collect();
        scope.sort_unstable();
        scope.dedup();
        scope
    }

    fn sums(&self, _: &Geometry) -> Vec<Sum> {
        vec![Sum::from_terms(self.terms.iter().copied(), self.total)]
    }

    checks_through_verify!();
}

impl Constraint for WeightedSum {}

/// `weighted-sum` in files.
pub(crate) static WEIGHTED_SUM: RuleKind = RuleKind {
    meaning: "the digits, each times its weight, add up to the sum; digits may repeat",
    summary: "cells, weights (one per cell, −100 to 100), sum",
    params: &[
        Param::CELLS,
        Param::required(
            "weights",
            ParamType::Integers {
                what: "weight",
                range: |_| -MAX_WEIGHT..MAX_WEIGHT + 1,
            },
            "weights = [10, 1, -1]",
        ),
        Param::required(
            "sum",
            ParamType::Integer {
                what: "sum",
                range: |_| -1_000_000..1_000_001,
            },
            "sum = 0",
        ),
    ],
    example: r#"{ type = "weighted-sum", cells = "r1c1 r1c2 r1c3", weights = [10, 1, -1], sum = 0 }"#,
    ..RuleKind::new("weighted-sum", |rule, _| {
        let cells = rule.cells("cells");
        let weights = rule.numbers("weights").unwrap_or(&[]);
        if weights.len() != cells.len() {
            fits(
                "weighted sum",
                Err(format!(
                    "{} weight(s) for {} cell(s): give one per cell",
                    weights.len(),
                    cells.len()
                )),
            )?;
        }
        let terms = cells.iter().zip(weights).map(|(&c, &w)| (c, w as i32)).collect();
        let sum = rule.number("sum").unwrap_or(0) as i32;
        Ok(Box::new(WeightedSum::new(terms, sum)))
    })
};
