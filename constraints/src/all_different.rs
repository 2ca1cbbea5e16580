//! All-different over any list of cells.

use std::borrow::Cow;

use sudokit_core::cnf::{ClauseOptions, ClauseSink};
use sudokit_core::{
    Cell, Contradiction, CoverSink, Ctx, Geometry, Grid, Propagate, Rule, Unsupported, Violation, Word,
};

use crate::units::{duplicate_violation, first_duplicate, group_clauses, group_cover, hidden_singles};

/// The listed cells hold different digits: an extra region, a diagonal, a
/// window. When it has exactly `n` cells it must hold every digit, and hidden
/// singles apply as in a row.
///
/// ```
/// use sudokit_constraints::AllDifferent;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let diagonal = AllDifferent::new("main diagonal", (0..4).map(|i| Cell::at(i, i, 4)));
/// let mut grid = Grid::empty(4);
/// grid.set(Cell::at(0, 0, 4), 2);
/// grid.set(Cell::at(3, 3, 4), 2);
/// assert!(diagonal.check(&g, &grid).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllDifferent {
    name: String,
    cells: Vec<Cell>,
}

impl AllDifferent {
    /// All-different over `cells`, called `name` in messages.
    pub fn new(name: impl Into<String>, cells: impl IntoIterator<Item = Cell>) -> AllDifferent {
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        cells.sort_unstable();
        cells.dedup();
        AllDifferent {
            name: name.into(),
            cells,
        }
    }

    /// The cells.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
}

impl Rule for AllDifferent {
    fn name(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.name)
    }

    fn scope(&self, _geometry: &Geometry) -> Vec<Cell> {
        self.cells.clone()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        match first_duplicate(grid, &self.cells) {
            Some(dup) => Err(duplicate_violation(geometry.size(), dup, &self.name)),
            None if self.cells.len() > geometry.size() => Err(Violation::new(
                format!(
                    "{} cells cannot all differ with {} digits",
                    self.cells.len(),
                    geometry.size()
                ),
                self.cells.clone(),
            )),
            None => Ok(()),
        }
    }

    /// Only the new digit can clash, and only with another cell of the list.
    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        if self.cells.len() > geometry.size() {
            return false;
        }
        match grid.get(cell) {
            Some(digit) if self.cells.binary_search(&cell).is_ok() => self
                .cells
                .iter()
                .all(|&other| other == cell || grid.get(other) != Some(digit)),
            _ => true,
        }
    }

    fn exact_cover(&self, geometry: &Geometry, sink: &mut dyn CoverSink) -> Result<(), Unsupported> {
        group_cover(geometry.size(), &self.cells, sink);
        Ok(())
    }

    /// Each digit at most once among the cells; when the region has `n`
    /// cells and [`ClauseOptions::unit_at_least_one`] asks, at least once too.
    fn clauses(
        &self,
        geometry: &Geometry,
        options: &ClauseOptions,
        sink: &mut dyn ClauseSink,
    ) -> Result<(), Unsupported> {
        group_clauses(geometry.size(), &self.cells, options, sink);
        Ok(())
    }
}

impl Propagate for AllDifferent {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, changed: &[Cell]) -> Result<(), Contradiction> {
        for &cell in changed {
            let set = cx.candidates(cell);
            if set.is_single() {
                for &other in &self.cells {
                    if other != cell {
                        cx.remove_all(other, set)?;
                    }
                }
            }
        }
        let n = cx.size();
        if self.cells.len() == n {
            hidden_singles(
                cx,
                &self.cells,
                |_| Contradiction::rule(None, "a digit has no place left in an all-different region"),
                |_| {},
            )
        } else {
            let union = self
                .cells
                .iter()
                .fold(sudokit_core::Digits::<W>::EMPTY, |u, &c| u | cx.candidates(c));
            if union.len() < self.cells.len() {
                Err(Contradiction::rule(
                    None,
                    "more cells than digits left in an all-different region",
                ))
            } else {
                Ok(())
            }
        }
    }
}
