//! Cells, digits and candidates: the names every other module speaks.
//!
//! A cell is a dense index `0..n*n` in row-major order, so it can index plain
//! vectors. A [`Cand`] names "digit `d` in cell `c`" and has one dense id,
//! `cell * n + (d - 1)`, that is reused everywhere: the row of the DLX matrix,
//! the SAT variable (DIMACS variable = id + 1) and the key of explanations.

use std::fmt;

/// A digit `1..=n`. Digits are plain bytes: boards go up to 128×128.
pub type Digit = u8;

/// One cell of the board, as a dense row-major index.
///
/// Displayed as `r1c1` (1-based row and column) when the board size is known,
/// through [`Cell::name`].
///
/// ```
/// use sudokit_core::Cell;
/// let cell = Cell::at(2, 1, 9); // third row, second column of a 9×9 board
/// assert_eq!(cell.index(), 19);
/// assert_eq!(cell.name(9), "r3c2");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(pub u16);

impl Cell {
    /// The cell at 0-based `row` and `col` of an `n`×`n` board.
    #[inline]
    pub fn at(row: usize, col: usize, n: usize) -> Cell {
        debug_assert!(row < n && col < n);
        Cell((row * n + col) as u16)
    }

    /// The dense index, for indexing per-cell vectors.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based row on an `n`×`n` board.
    #[inline]
    pub fn row(self, n: usize) -> usize {
        self.index() / n
    }

    /// 0-based column on an `n`×`n` board.
    #[inline]
    pub fn col(self, n: usize) -> usize {
        self.index() % n
    }

    /// The human name `r<row>c<col>`, 1-based, as setters write it.
    pub fn name(self, n: usize) -> String {
        format!("r{}c{}", self.row(n) + 1, self.col(n) + 1)
    }
}

/// A candidate: digit `digit` in cell `cell`.
///
/// ```
/// use sudokit_core::{Cand, Cell};
/// let cand = Cand::new(Cell(10), 4);
/// assert_eq!(cand.id(9), 10 * 9 + 3);
/// assert_eq!(Cand::from_id(93, 9), cand);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cand {
    /// The cell.
    pub cell: Cell,
    /// The digit, `1..=n`.
    pub digit: Digit,
}

impl Cand {
    /// Digit `digit` in cell `cell`.
    pub fn new(cell: Cell, digit: Digit) -> Cand {
        Cand { cell, digit }
    }

    /// The dense id `cell * n + digit - 1`, shared by DLX rows and SAT variables.
    #[inline]
    pub fn id(self, n: usize) -> usize {
        self.cell.index() * n + self.digit as usize - 1
    }

    /// The candidate with dense id `id` on an `n`×`n` board.
    #[inline]
    pub fn from_id(id: usize, n: usize) -> Cand {
        Cand {
            cell: Cell((id / n) as u16),
            digit: (id % n + 1) as Digit,
        }
    }

    /// `r1c1#7`-style name, used in explanations and DIMACS comments.
    pub fn name(self, n: usize) -> String {
        format!("{}#{}", self.cell.name(n), self.digit)
    }
}

impl fmt::Display for Cell {
    /// Without the board size only the index can be shown; prefer [`Cell::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cell {}", self.0)
    }
}
