//! Negative indexers ("broken 159"): in the listed cells, a cell's digit
//! never indexes back to it.

use std::borrow::Cow;

use sudokit_core::{Cell, Constraint, Digit, Digits, Geometry, Grid, Relation, Rule, Violation};

use crate::indexers::{indexing_fits, IndexerKind};
use crate::rule::{fits, Param, ParamType, Presence, Refusal, RuleKind, RuleSpec};
use crate::units::{checks_through_verify, distinct, Report};

/// A negative indexer: in the listed cells, the indexing along rows,
/// columns or regions ([`IndexerKind`]) does NOT hold — a cell whose digit
/// `v` names the `v`-th cell of its line never finds its own index there.
/// A "broken 159" puzzle lists the marked cells of columns 1, 5 and 9 in a
/// plain [`Indexer`](crate::Indexer) and the unmarked ones here.
///
/// (Not every cell outside the marks: with the classic rules that has no
/// solution, as column `c` must hold digit `c` somewhere, and a cell of
/// column `c` holding `c` points to itself.)
///
/// Declared: each listed cell may not hold its own index (it would point
/// to itself, which holds it), and with every other cell of its line it
/// forbids the pair (`v` here, own index in the `v`-th cell). The engine,
/// DLX and SAT take it as it is.
///
/// ```
/// use sudokit_constraints::{IndexerKind, NegativeIndexer};
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let rule = NegativeIndexer::new(IndexerKind::Column, [Cell::at(0, 1, 4)]);
/// let mut grid = Grid::empty(4);
/// grid.set(Cell::at(0, 1, 4), 3); // r1c2 = 3 points to r1c3 …
/// grid.set(Cell::at(0, 2, 4), 2); // … which holds 2, r1c2's column
/// assert_eq!(
///     rule.check(&g, &grid).unwrap_err().message,
///     "negative column indexer: r1c2 = 3 points to r1c3, which holds 2"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NegativeIndexer {
    kind: IndexerKind,
    cells: Vec<Cell>,
}

impl NegativeIndexer {
    /// The rule along `kind` on `cells`.
    pub fn new(kind: IndexerKind, cells: impl IntoIterator<Item = Cell>) -> NegativeIndexer {
        NegativeIndexer {
            kind,
            cells: cells.into_iter().collect(),
        }
    }

    /// The cells the rule holds on (those on the board: the puzzle refuses
    /// the others by the rule's scope).
    fn indexing_cells<'a>(&'a self, geometry: &'a Geometry) -> impl Iterator<Item = Cell> + 'a {
        let count = geometry.cell_count();
        self.cells.iter().copied().filter(move |c| c.index() < count)
    }
}

impl Rule for NegativeIndexer {
    fn name(&self) -> Cow<'_, str> {
        match self.kind {
            IndexerKind::Row => "negative row indexer".into(),
            IndexerKind::Column => "negative column indexer".into(),
            IndexerKind::Box => "negative box indexer".into(),
        }
    }

    fn domains(&self, geometry: &Geometry) -> Vec<(Cell, Digits<u128>)> {
        let n = geometry.size();
        self.indexing_cells(geometry)
            .map(|cell| {
                let (_, own) = self.kind.line(geometry, cell);
                let mut digits = Digits::<u128>::full(n);
                digits.remove(own);
                (cell, digits)
            })
            .collect()
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        let mut out = Vec::new();
        for cell in self.indexing_cells(geometry) {
            let (targets, own) = self.kind.line(geometry, cell);
            for (k, &target) in targets.iter().enumerate() {
                let v = (k + 1) as Digit;
                if target != cell {
                    out.push((
                        cell,
                        target,
                        Relation::custom(format!("{v} does not point to {own}"), move |a, b| {
                            a != v || b != own
                        }),
                    ));
                }
            }
        }
        out
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        let mut cells = self.cells.clone();
        for cell in self.indexing_cells(geometry) {
            cells.extend(self.kind.line(geometry, cell).0);
        }
        distinct(cells)
    }

    checks_through_verify!();
}

impl NegativeIndexer {
    /// `check`'s logic: no listed cell's digit names a cell (itself
    /// included) that holds the first cell's index.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        for cell in self.indexing_cells(geometry) {
            let (targets, own) = self.kind.line(geometry, cell);
            let Some(v) = grid.get(cell) else { continue };
            let Some(&target) = targets.get(usize::from(v) - 1) else {
                continue;
            };
            if grid.get(target) == Some(own) {
                return Err(report.violation(
                    || {
                        format!(
                            "{}: {} = {v} points to {}, which holds {own}",
                            self.name(),
                            cell.name(n),
                            target.name(n)
                        )
                    },
                    || vec![cell, target],
                ));
            }
        }
        Ok(())
    }
}

impl Constraint for NegativeIndexer {}

/// `negative-indexer` in files.
pub(crate) static NEGATIVE_INDEXER: RuleKind = RuleKind {
    meaning: "a listed cell holding v never names (along its row, column or region) a cell \
              holding its own index (broken 159: the unmarked cells)",
    summary: "along (\"row\", \"column\" (the default) or \"box\"), cells",
    params: &[
        Param::with_default("along", ParamType::Text, Presence::Text("column")),
        Param::CELLS,
    ],
    example: r#"{ type = "negative-indexer", along = "column", cells = "r2c1 r3c1 r4c5 r7c9" }"#,
    check: Some(check_along),
    ..RuleKind::new("negative-indexer", |rule, context| {
        let kind = along(rule).unwrap_or(IndexerKind::Column);
        let cells = rule.cells("cells");
        // Each cell relates to the n − 1 it could name, as a positive
        // indexer's does: the same bound on the pairs one rule declares.
        fits("negative indexer", indexing_fits(cells.len(), context.size()))?;
        Ok(Box::new(NegativeIndexer::new(kind, cells.iter().copied())))
    })
};

/// The indexing direction `along` names.
fn along(rule: &RuleSpec) -> Option<IndexerKind> {
    match rule.text("along")? {
        "row" => Some(IndexerKind::Row),
        "column" => Some(IndexerKind::Column),
        "box" => Some(IndexerKind::Box),
        _ => None,
    }
}

fn check_along(rule: RuleSpec, _: usize) -> Result<RuleSpec, Refusal> {
    match along(&rule) {
        Some(_) => Ok(rule),
        None => Err(Refusal::at(
            "along",
            format!(
                "along = {:?} is not \"row\", \"column\" or \"box\"",
                rule.text("along").unwrap_or_default()
            ),
        )),
    }
}
