//! Indexers: a cell's digit names another cell of its row, column or
//! region, and that cell holds the first cell's index.
//!
//! Each indexing cell is related to every cell it can point to: "if I hold
//! `v`, the `v`-th cell holds my index". That is a pair relation (the pair
//! `(v, anything but my index)` is forbidden), so the rule is declarative:
//! the engine, DLX and SAT take it as it is.

use std::borrow::Cow;

use sudokit_core::{Cell, Constraint, Digit, Geometry, Grid, Relation, Rule, Violation};

use crate::rule::{
    fits, within_relations, BuildContext, Fpuzzles, RuleKind, RuleSpec, Shape, SpecError,
    MAX_RULE_PREDICATE_RELATIONS,
};
use crate::units::{checks_through_verify, distinct, Report};

/// Which line of cells an indexer's digit points along.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexerKind {
    /// `(r, c) = v` ⇒ `(v, c) = r`: the digit names a row of the cell's
    /// column (f-puzzles `rowindexer`).
    Row,
    /// `(r, c) = v` ⇒ `(r, v) = c`: the digit names a column of the cell's
    /// row (f-puzzles `columnindexer`; the "159" rule indexes columns 1, 5
    /// and 9).
    Column,
    /// The cell at position `i` of its region (reading order) holds `v` ⇒
    /// the cell at position `v` of that region holds `i` (f-puzzles
    /// `boxindexer`; works on jigsaw regions too).
    Box,
}

impl IndexerKind {
    /// The cells a digit in `cell` points into along this kind, in index
    /// order (the `v`-th is the cell digit `v` names), and `cell`'s own
    /// index among them (1-based): what indexers and negative indexers
    /// both read.
    pub(crate) fn line(self, geometry: &Geometry, cell: Cell) -> (&[Cell], Digit) {
        let [row, column, region] = geometry.units_of(cell);
        let unit = match self {
            IndexerKind::Row => column,
            IndexerKind::Column => row,
            IndexerKind::Box => region,
        };
        let cells = &geometry.unit(unit).cells;
        let own = cells.iter().position(|&c| c == cell).map_or(0, |p| p + 1);
        (cells, own as Digit)
    }
}

/// Whether `cells` indexing cells stay within a rule's bound on an
/// `n`×`n` board, in words when they do not: each is related to the
/// `n − 1` others of its column, row or region, so at most
/// [`MAX_RULE_PREDICATE_RELATIONS`]` / (n − 1)` cells (258 on 128×128;
/// more than the board up to 25×25). Indexers and negative indexers alike.
pub(crate) fn indexing_fits(cells: usize, n: usize) -> Result<(), String> {
    within_relations(cells * n.saturating_sub(1), n, MAX_RULE_PREDICATE_RELATIONS).map_err(|why| {
        format!(
            "{cells} cells, each pointing into {} others: {why} (split them over rules of at most {} cells)",
            n - 1,
            MAX_RULE_PREDICATE_RELATIONS / (n - 1)
        )
    })
}

/// Indexing cells: each one's digit `v` points to the `v`-th cell of its
/// row, column or region ([`IndexerKind`]), which holds the indexing cell's
/// own index there.
///
/// A relation rule: each indexing cell is related to the `n − 1` other
/// cells it can point to.
///
/// ```
/// use sudokit_constraints::{Indexer, IndexerKind};
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let column_1 = Indexer::new(IndexerKind::Column, (0..9).map(|r| Cell::at(r, 0, 9)));
/// assert_eq!(column_1.relations(&g).len(), 9 * 8);
/// let mut grid = Grid::empty(9);
/// grid.set(Cell::at(0, 0, 9), 5); // r1c1 = 5: r1c5 must hold 1
/// grid.set(Cell::at(0, 4, 9), 2);
/// assert_eq!(
///     column_1.check(&g, &grid).unwrap_err().message,
///     "r1c1 = 5 points to r1c5, which must hold 1 but holds 2"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Indexer {
    kind: IndexerKind,
    cells: Vec<Cell>,
}

impl Indexer {
    /// The indexing cells `cells` (each pointing along its own row, column
    /// or region).
    pub fn new(kind: IndexerKind, cells: impl IntoIterator<Item = Cell>) -> Indexer {
        Indexer {
            kind,
            cells: cells.into_iter().collect(),
        }
    }

    /// The indexing cells.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// What the digits point along.
    pub fn kind(&self) -> IndexerKind {
        self.kind
    }

    /// Whether the indexer's declarations stay within a rule's bound on an
    /// `n`×`n` board ([`indexing_fits`]), in words when they do not.
    ///
    /// ```
    /// use sudokit_constraints::{Indexer, IndexerKind};
    /// use sudokit_core::Cell;
    /// let column = Indexer::new(IndexerKind::Column, (0..128).map(|r| Cell(r * 128)));
    /// assert!(column.fits(128).is_ok());
    /// let board = Indexer::new(IndexerKind::Row, (0..128 * 128).map(Cell));
    /// assert!(board.fits(128).unwrap_err().contains("more than the 32768"));
    /// ```
    pub fn fits(&self, n: usize) -> Result<(), String> {
        indexing_fits(self.cells.len(), n)
    }
}

impl Rule for Indexer {
    fn name(&self) -> Cow<'_, str> {
        match self.kind {
            IndexerKind::Row => "row indexer".into(),
            IndexerKind::Column => "column indexer".into(),
            IndexerKind::Box => "box indexer".into(),
        }
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        let mut out = Vec::new();
        for &cell in &self.cells {
            if cell.index() >= geometry.cell_count() {
                continue; // the puzzle refuses the rule by its scope
            }
            let (targets, own) = self.kind.line(geometry, cell);
            for (k, &target) in targets.iter().enumerate() {
                let v = (k + 1) as Digit;
                if target != cell {
                    out.push((
                        cell,
                        target,
                        Relation::custom(format!("{v} points to {own}"), move |a, b| a != v || b == own),
                    ));
                }
            }
        }
        out
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        // The lines the cells point along, read directly: building the
        // relations would format a description for every pair.
        let mut cells = self.cells.clone();
        for &cell in &self.cells {
            if cell.index() < geometry.cell_count() {
                cells.extend(self.kind.line(geometry, cell).0);
            }
        }
        distinct(cells)
    }

    checks_through_verify!();
}

impl Indexer {
    /// `check`'s logic, described as `report` asks.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        for &cell in &self.cells {
            if cell.index() >= geometry.cell_count() {
                continue;
            }
            let Some(v) = grid.get(cell) else { continue };
            let (targets, own) = self.kind.line(geometry, cell);
            let Some(&target) = targets.get(v as usize - 1) else {
                continue;
            };
            if let Some(held) = grid.get(target) {
                if held != own {
                    return Err(report.violation(
                        || {
                            format!(
                                "{} = {v} points to {}, which must hold {own} but holds {held}",
                                cell.name(n),
                                target.name(n)
                            )
                        },
                        || vec![cell, target],
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Constraint for Indexer {}

/// An indexer of `kind` on the rule's cells, refused when it declares
/// too many pairs ([`Indexer::fits`]).
fn build_indexer(
    kind: IndexerKind,
    rule: &RuleSpec,
    context: &BuildContext<'_>,
) -> Result<Box<dyn Constraint>, SpecError> {
    let indexer = Indexer::new(kind, rule.cells("cells").iter().copied());
    fits(indexer.name(), indexer.fits(context.size()))?;
    Ok(Box::new(indexer))
}

/// `row-indexer` in files.
pub(crate) static ROW_INDEXER: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("rowindexer", Shape::CellLists),
    meaning: "a listed cell in row r holding v puts r in row v of its column",
    example: r#"{ type = "row-indexer", cells = "r1c1 r1c2" }"#,
    ..RuleKind::on_cells("row-indexer", |rule, context| {
        build_indexer(IndexerKind::Row, rule, context)
    })
};

/// `column-indexer` in files.
pub(crate) static COLUMN_INDEXER: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("columnindexer", Shape::CellLists),
    meaning: "a listed cell in column c holding v puts c in column v of its row (159: columns 1, 5, 9)",
    example: r#"{ type = "column-indexer", cells = "r1c1 r2c1 r3c1 r4c1 r5c1 r6c1 r7c1 r8c1 r9c1" }"#,
    ..RuleKind::on_cells("column-indexer", |rule, context| {
        build_indexer(IndexerKind::Column, rule, context)
    })
};

/// `box-indexer` in files.
pub(crate) static BOX_INDEXER: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("boxindexer", Shape::CellLists),
    meaning: "a listed cell at position i of its region holding v puts i at position v of the region",
    example: r#"{ type = "box-indexer", cells = "r2c2" }"#,
    ..RuleKind::on_cells("box-indexer", |rule, context| {
        build_indexer(IndexerKind::Box, rule, context)
    })
};
