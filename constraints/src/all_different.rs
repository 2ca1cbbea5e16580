//! All-different over any list of cells.

use std::borrow::Cow;

use sudokit_core::{Cell, Constraint, Geometry, Grid, Group, Rule, Violation};

use crate::units::{clashes, distinct, duplicate_violation, first_duplicate, Report};

/// The listed cells hold different digits: an extra region, a window, a
/// cage without a sum. When it has exactly `n` cells it must hold every
/// digit, and hidden singles apply as in a row.
///
/// A thin declaration: one [`Group`], propagated, encoded and explained by
/// the engine and the strategies like a row.
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
/// assert_eq!(diagonal.groups(&g)[0].name(), "main diagonal");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllDifferent {
    name: String,
    cells: Vec<Cell>,
}

impl AllDifferent {
    /// All-different over `cells`, called `name` in messages. Repeated
    /// cells count once.
    pub fn new(name: impl Into<String>, cells: impl IntoIterator<Item = Cell>) -> AllDifferent {
        let cells = distinct(cells);
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

    fn groups(&self, _geometry: &Geometry) -> Vec<Group> {
        vec![Group::new(self.name.clone(), self.cells.clone())]
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        match first_duplicate(grid, &self.cells) {
            Some(dup) => Err(duplicate_violation(
                Report::Describe,
                geometry.size(),
                dup,
                || &self.name,
            )),
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
        self.cells.len() <= geometry.size()
            && !(self.cells.binary_search(&cell).is_ok() && clashes(grid, &self.cells, cell))
    }
}

impl Constraint for AllDifferent {}
