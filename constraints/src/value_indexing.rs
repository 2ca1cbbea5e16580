//! Value indexing: an arrow from a circled digit X, whose second cell says
//! how far along the arrow the same X stands again (ISS `ValueIndexing`).

use std::borrow::Cow;

use sudokit_core::cnf::{ClauseOptions, ClauseSink, Lit, Var};
use sudokit_core::{
    Cand, Cell, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Propagate, Reason, Rule, Unsupported,
    Violation, Word,
};

use crate::rule::{Refusal, RuleKind, RuleSpec};
use crate::units::{checks_through_verify, distinct, Report};

/// A line whose first cell (the circle) holds X and whose second cell holds
/// K: the K-th cell after the second holds X too. K is 1 to the number of
/// cells after the second. The digits may repeat.
///
/// K's range is declared as the second cell's domain. The propagator is
/// exact for the rule: X keeps the digits some pointed-at cell can hold, K
/// the distances whose cell can hold one of X's digits, and the pointed-at
/// cell, once K is known, X's digits. SAT takes it as clauses ("K = k and
/// X = d ⇒ the k-th cell holds d"); DLX refuses it.
///
/// ```
/// use sudokit_constraints::ValueIndexing;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let arrow = ValueIndexing::new([Cell(0), Cell(1), Cell(2), Cell(3)]);
/// let grid = Grid::from_values(4, [3, 2, 1, 3].into_iter().chain([0; 12]).collect()).unwrap();
/// assert!(arrow.check(&g, &grid).is_ok()); // 2 cells on from r1c2: the 3 again
/// let grid = Grid::from_values(4, [3, 1, 2, 4].into_iter().chain([0; 12]).collect()).unwrap();
/// assert_eq!(
///     arrow.check(&g, &grid).unwrap_err().message,
///     "value indexing: r1c2 = 1 points at r1c3 = 2, which should be r1c1's 3"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueIndexing {
    cells: Vec<Cell>,
}

impl ValueIndexing {
    /// The arrow through `cells`: the circle, the distance, then the cells
    /// pointed at.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> ValueIndexing {
        ValueIndexing {
            cells: cells.into_iter().collect(),
        }
    }

    /// The cells, in order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The circle, the distance cell, and the cells pointed at; `None`
    /// below three cells.
    fn parts(&self) -> Option<(Cell, Cell, &[Cell])> {
        match self.cells[..] {
            [value, distance, ref pointed @ ..] if !pointed.is_empty() => Some((value, distance, pointed)),
            _ => None,
        }
    }

    /// The distances the second cell may hold on an `n`×`n` board.
    fn distances(&self, n: usize) -> std::ops::RangeInclusive<usize> {
        1..=self.cells.len().saturating_sub(2).min(n)
    }

    /// `check`'s logic (see the type's docs).
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let Some((value, distance, pointed)) = self.parts() else {
            return Ok(());
        };
        let Some(k) = grid.get(distance) else {
            return Ok(());
        };
        let Some(&target) = pointed.get(k as usize - 1) else {
            return Err(report.violation(
                || {
                    format!(
                        "value indexing: {} = {k} points past the end of the arrow ({} cells after it)",
                        distance.name(n),
                        pointed.len()
                    )
                },
                || vec![distance],
            ));
        };
        match (grid.get(value), grid.get(target)) {
            (Some(x), Some(y)) if x != y => Err(report.violation(
                || {
                    format!(
                        "value indexing: {} = {k} points at {} = {y}, which should be {}'s {x}",
                        distance.name(n),
                        target.name(n),
                        value.name(n)
                    )
                },
                || vec![value, distance, target],
            )),
            _ => Ok(()),
        }
    }
}

impl Rule for ValueIndexing {
    fn name(&self) -> Cow<'_, str> {
        "value indexing".into()
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        distinct(self.cells.iter().copied())
    }

    fn domains(&self, geometry: &Geometry) -> Vec<(Cell, Digits<u128>)> {
        let n = geometry.size();
        match self.parts() {
            Some((_, distance, _)) => {
                let allowed = self.distances(n).map(|k| k as Digit).collect();
                vec![(distance, allowed)]
            }
            None => Vec::new(),
        }
    }

    checks_through_verify!();

    fn clauses(
        &self,
        geometry: &Geometry,
        _: &ClauseOptions,
        sink: &mut dyn ClauseSink,
    ) -> Result<(), Unsupported> {
        let n = geometry.size();
        let Some((value, distance, pointed)) = self.parts() else {
            return Ok(());
        };
        let lit = |cell: Cell, d: usize| Lit::positive(Var::of_cand(Cand::new(cell, d as Digit), n));
        for k in self.distances(n) {
            for x in 1..=n {
                sink.add_clause(&[!lit(distance, k), !lit(value, x), lit(pointed[k - 1], x)]);
            }
        }
        Ok(())
    }
}

impl Propagate for ValueIndexing {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let Some((value, distance, pointed)) = self.parts() else {
            return Ok(());
        };
        let n = cx.size();
        let values = cx.candidates(value);
        let mut keep_values = Digits::EMPTY;
        let mut keep_distances = Digits::EMPTY;
        for k in self
            .distances(n)
            .filter(|&k| cx.candidates(distance).contains(k as Digit))
        {
            let common = cx.candidates(pointed[k - 1]) & values;
            if !common.is_empty() {
                keep_values |= common;
                keep_distances.insert(k as Digit);
            }
        }
        cx.because(|| Reason::new("value indexing").cells(self.cells.iter().copied()));
        cx.restrict(value, keep_values)?;
        cx.restrict(distance, keep_distances)?;
        if let Some(k) = keep_distances.single_digit() {
            cx.restrict(pointed[k as usize - 1], keep_values)?;
        }
        Ok(())
    }
}

/// `value-indexing` in files.
pub(crate) static VALUE_INDEXING: RuleKind = RuleKind {
    meaning:
        "the circle's digit X stands again K cells after the second cell, where K is the second cell's digit",
    summary: "cells (a line of 3 or more: the circle, K, then the cells pointed at)",
    example: r#"{ type = "value-indexing", cells = "r1c1 r1c2 r1c3 r1c4" }"#,
    check: Some(check_value_indexing),
    ..RuleKind::on_cells("value-indexing", |rule, _| {
        Ok(Box::new(ValueIndexing::new(rule.cells("cells").iter().copied())))
    })
};

fn check_value_indexing(rule: RuleSpec, _: usize) -> Result<RuleSpec, Refusal> {
    let len = rule.cells("cells").len();
    if len < 3 {
        return Err(Refusal::at(
            "cells",
            format!("a value-indexing arrow has a circle, a distance and at least one cell to point at: 3 cells or more, found {len}"),
        ));
    }
    Ok(rule)
}
