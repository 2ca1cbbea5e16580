//! All-different groups: "these cells hold different digits".
//!
//! Rows, columns, boxes, jigsaw regions, diagonals, extra regions, windoku
//! windows, disjoint groups and killer cages all say the same thing, so a
//! rule declares them ([`Rule::groups`](crate::Rule::groups)) instead of
//! propagating them itself. The puzzle's [`Model`](crate::Model) gathers
//! every rule's groups once, and then:
//!
//! * the engine's built-in singles run over all of them: a fixed digit
//!   leaves the cell's peers in every group; a digit with one place left in
//!   a *complete* group (one of `n` cells, which must hold every digit) goes
//!   there; a contradiction names the group (`7 has no place left in main
//!   diagonal`);
//! * DLX makes a primary item per digit of a complete group and a secondary
//!   item per digit of a partial one; SAT emits at-most-one (and, for
//!   complete groups, at-least-one) per digit;
//! * techniques (hidden subsets, fish, locked candidates) see every group as
//!   a unit.
//!
//! ```
//! use sudokit_core::{Cell, Group, GroupKind};
//! let diagonal = Group::new("main diagonal", (0..9).map(|i| Cell::at(i, i, 9)));
//! assert_eq!(diagonal.kind(), GroupKind::Extra);
//! assert!(diagonal.is_complete(9));
//! assert!(!Group::new("cage", [Cell(0), Cell(1)]).is_complete(9));
//! ```

use crate::cell::Cell;
use crate::geometry::{Unit, UnitKind};

/// Index of a group in [`Model::groups`](crate::Model::groups).
pub type GroupId = usize;

/// What a group is, for messages and for techniques that care (pointing
/// and claiming name the box and the line).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum GroupKind {
    /// A row of the board.
    Row,
    /// A column of the board.
    Column,
    /// A rectangular box.
    Box,
    /// A jigsaw region.
    Region,
    /// Any other group a rule declares: a diagonal, an extra region, a cage.
    Extra,
}

impl From<UnitKind> for GroupKind {
    fn from(kind: UnitKind) -> GroupKind {
        match kind {
            UnitKind::Row => GroupKind::Row,
            UnitKind::Column => GroupKind::Column,
            UnitKind::Box => GroupKind::Box,
            UnitKind::Region => GroupKind::Region,
        }
    }
}

/// Cells that must hold different digits, with a name for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    name: String,
    kind: GroupKind,
    cells: Vec<Cell>,
}

impl Group {
    /// A group of `cells` (kind [`GroupKind::Extra`]) called `name` in
    /// messages: `main diagonal`, `cage r1c1`. The cells keep their order;
    /// a repeated cell is an error when the rule is added to a puzzle.
    pub fn new(name: impl Into<String>, cells: impl IntoIterator<Item = Cell>) -> Group {
        Group {
            name: name.into(),
            kind: GroupKind::Extra,
            cells: cells.into_iter().collect(),
        }
    }

    /// The same group with another kind.
    pub fn with_kind(mut self, kind: GroupKind) -> Group {
        self.kind = kind;
        self
    }

    /// A geometry unit (row, column, box or region) as a group.
    pub fn of_unit(unit: &Unit) -> Group {
        Group {
            name: unit.name(),
            kind: unit.kind.into(),
            cells: unit.cells.to_vec(),
        }
    }

    /// The name used in messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Row, column, box, region or extra.
    pub fn kind(&self) -> GroupKind {
        self.kind
    }

    /// The cells, in the order given.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when the group has no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// True when the group has exactly `n` cells on an `n`×`n` board: it
    /// then holds every digit once, and hidden singles apply.
    pub fn is_complete(&self, n: usize) -> bool {
        self.cells.len() == n
    }
}
