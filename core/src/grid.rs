//! A grid of placed digits: the givens of a puzzle or a (partial) solution.

use std::fmt;

use crate::cell::{Cell, Digit};
use crate::symbols::symbol_char;

/// Digits placed on an `n`×`n` board, `0` for an empty cell.
///
/// Grids are what users see: givens read from a file, solutions returned by
/// strategies, and the input of [`Rule::check`](crate::Rule::check).
///
/// A puzzle whose rules declare extra variables
/// ([`Rule::variables`](crate::Rule::variables), a chaos construction's
/// region of every cell) carries their values after the `n²` digits: the
/// *layer*, read with [`Grid::layer`] and addressed by the cells `n²…`
/// ([`Grid::get`], [`Grid::set`]), so that `check` sees the whole answer.
///
/// ```
/// use sudokit_core::{Cell, Grid};
/// let mut g = Grid::empty(4);
/// g.set(Cell(5), 3);
/// assert_eq!(g.get(Cell(5)), Some(3));
/// assert_eq!(g.filled(), 1);
/// assert!(!g.is_complete());
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    n: usize,
    /// The `n²` digits, then the layer's values (none on most puzzles).
    cells: Vec<Digit>,
}

impl Grid {
    /// An empty `n`×`n` grid.
    pub fn empty(n: usize) -> Grid {
        Grid {
            n,
            cells: vec![0; n * n],
        }
    }

    /// A grid from `n²` values in reading order (`0` = empty).
    ///
    /// Returns `None` when the length is not `n²` or a value exceeds `n`.
    pub fn from_values(n: usize, cells: Vec<Digit>) -> Option<Grid> {
        (cells.len() == n * n && cells.iter().all(|&d| d as usize <= n)).then_some(Grid { n, cells })
    }

    /// The same grid with a layer of `count` extra variables (values kept
    /// where it had them, `0` = unknown elsewhere): a puzzle gives its givens
    /// the layer its rules declare.
    pub fn with_layer(mut self, count: usize) -> Grid {
        self.cells.resize(self.n * self.n + count, 0);
        self
    }

    /// The values of the extra variables, `0` for unknown (empty on a
    /// puzzle whose rules declare none).
    #[inline]
    pub fn layer(&self) -> &[Digit] {
        &self.cells[self.n * self.n..]
    }

    /// The digits and then the layer, as one slice indexed by variable.
    #[inline]
    pub fn all_values(&self) -> &[Digit] {
        &self.cells
    }

    /// Side of the board.
    #[inline]
    pub fn size(&self) -> usize {
        self.n
    }

    /// The digit in `cell`, if one is placed (for a cell `n²…`, the layer's
    /// value).
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        match self.cells[cell.index()] {
            0 => None,
            d => Some(d),
        }
    }

    /// Places `digit` in `cell` (`0` empties it).
    #[inline]
    pub fn set(&mut self, cell: Cell, digit: Digit) {
        debug_assert!(digit as usize <= self.n);
        self.cells[cell.index()] = digit;
    }

    /// The raw digits in reading order, `0` for empty (without the layer).
    #[inline]
    pub fn values(&self) -> &[Digit] {
        &self.cells[..self.n * self.n]
    }

    /// The placed digits as `(cell, digit)` pairs (without the layer).
    pub fn placed(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        self.values()
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d != 0)
            .map(|(i, &d)| (Cell(i as u16), d))
    }

    /// Number of placed digits.
    pub fn filled(&self) -> usize {
        self.values().iter().filter(|&&d| d != 0).count()
    }

    /// True when every cell holds a digit and every variable of the layer
    /// a value.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// True when every digit placed in `other` is placed here too.
    pub fn keeps(&self, other: &Grid) -> bool {
        self.n == other.n
            && self
                .cells
                .iter()
                .zip(&other.cells)
                .all(|(&mine, &theirs)| theirs == 0 || mine == theirs)
    }
}

impl fmt::Debug for Grid {
    /// `Grid(4×4: 1.3.…)`: one symbol per cell up to 35×35, numbers above.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}×{}: ", self.n, self.n)?;
        for (i, &d) in self.values().iter().enumerate() {
            match symbol_char(d) {
                Some(c) if self.n <= 35 => write!(f, "{c}")?,
                _ if d == 0 && self.n <= 35 => f.write_str(".")?,
                _ => write!(f, "{}{d}", if i == 0 { "" } else { " " })?,
            }
        }
        if !self.layer().is_empty() {
            write!(f, "; layer {:?}", self.layer())?;
        }
        f.write_str(")")
    }
}
