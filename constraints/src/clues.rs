//! Where outside clues sit: beside a row or a column ([`Side`], [`Clue`]:
//! `left of r3`, `above c5`), or on the ring of cells around the grid for
//! little killers ([`ClueCell`], with a [`Direction`]). The rules that read
//! them (sandwiches, X-sums, skyscrapers, little killers) and the file
//! formats that name them share these positions.

use std::fmt;

use sudokit_core::{Cell, Group, GroupKind};

/// The side of the board a clue sits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Above a column, reading down.
    Top,
    /// Below a column, reading up.
    Bottom,
    /// Left of a row, reading right.
    Left,
    /// Right of a row, reading left.
    Right,
}

impl Side {
    /// Every side, in the order files list clues: top, bottom, left, right.
    pub const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

    /// The word files use: `above`, `below`, `left`, `right`.
    pub fn word(self) -> &'static str {
        match self {
            Side::Top => "above",
            Side::Bottom => "below",
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

/// Where an outside clue sits: beside row `index` (0-based) on the left or
/// right, or beside column `index` above or below.
///
/// Displayed as people say it: `left of r3`, `right of r3`, `above c5`,
/// `below c5` (1-based).
///
/// ```
/// use sudokit_constraints::{Clue, Side};
/// use sudokit_core::Cell;
/// let clue = Clue::new(Side::Right, 2);
/// assert_eq!(clue.to_string(), "right of r3");
/// // Nearest cell first.
/// assert_eq!(clue.cells(4), [Cell::at(2, 3, 4), Cell::at(2, 2, 4), Cell::at(2, 1, 4), Cell::at(2, 0, 4)]);
/// // f-puzzles names the same place R3C5 on a 4×4 board (one column past the edge).
/// assert_eq!(Clue::at_position(3, 5, 4), Ok(clue));
/// assert_eq!(clue.position(4), (3, 5));
/// assert!(Clue::at_position(2, 2, 4).is_err()); // inside the grid
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clue {
    /// The side of the board.
    pub side: Side,
    /// The 0-based row (left, right) or column (top, bottom).
    pub index: usize,
}

impl Clue {
    /// The clue on `side` beside row or column `index` (0-based).
    pub fn new(side: Side, index: usize) -> Clue {
        Clue { side, index }
    }

    /// The clue at a position around an `n`×`n` board, as f-puzzles names
    /// it: 1-based row and column where 0 and `n + 1` are outside the grid
    /// (`R0C3` above column 3, `R4C10` right of row 4 on 9×9). Inside the
    /// grid, in a corner or further out is an error.
    pub fn at_position(row: usize, col: usize, n: usize) -> Result<Clue, String> {
        let outside = |v: usize| v == 0 || v == n + 1;
        let within = |v: usize| (1..=n).contains(&v);
        let name = format!("R{row}C{col}");
        if row > n + 1 || col > n + 1 {
            return Err(format!("{name} is not next to the {n}×{n} grid"));
        }
        match (outside(row), outside(col)) {
            (true, false) if within(col) => Ok(Clue::new(
                if row == 0 { Side::Top } else { Side::Bottom },
                col - 1,
            )),
            (false, true) if within(row) => Ok(Clue::new(
                if col == 0 { Side::Left } else { Side::Right },
                row - 1,
            )),
            (false, false) => Err(format!(
                "{name} is inside the grid: the clue goes outside, next to a row or a column"
            )),
            _ => Err(format!(
                "{name} is a corner: the clue goes next to a row or a column"
            )),
        }
    }

    /// The position of the clue as f-puzzles names it: (row, col), 1-based,
    /// 0 and `n + 1` outside the grid.
    pub fn position(self, n: usize) -> (usize, usize) {
        let i = self.index + 1;
        match self.side {
            Side::Top => (0, i),
            Side::Bottom => (n + 1, i),
            Side::Left => (i, 0),
            Side::Right => (i, n + 1),
        }
    }

    /// The `k`-th cell from the clue (0: the nearest).
    fn cell(self, k: usize, n: usize) -> Cell {
        let i = self.index;
        match self.side {
            Side::Top => Cell::at(k, i, n),
            Side::Bottom => Cell::at(n - 1 - k, i, n),
            Side::Left => Cell::at(i, k, n),
            Side::Right => Cell::at(i, n - 1 - k, n),
        }
    }

    /// The cells of the row or column, nearest the clue first; none when
    /// the clue is off an `n`×`n` board.
    pub fn cells(self, n: usize) -> Vec<Cell> {
        if self.index >= n {
            return Vec::new();
        }
        (0..n).map(|k| self.cell(k, n)).collect()
    }

    /// `row 3` or `column 5`, with its kind, for the group of the line.
    pub(crate) fn group(self, n: usize) -> Group {
        let kind = match self.side {
            Side::Left | Side::Right => GroupKind::Row,
            Side::Top | Side::Bottom => GroupKind::Column,
        };
        Group::new(line_name(self), self.cells(n)).with_kind(kind)
    }

    /// An error when the clue is off an `n`×`n` board.
    pub(crate) fn fits(self, n: usize) -> Result<(), String> {
        if self.index < n {
            Ok(())
        } else {
            let what = match self.side {
                Side::Left | Side::Right => "row",
                Side::Top | Side::Bottom => "column",
            };
            Err(format!("the {n}×{n} board has no {what} {}", self.index + 1))
        }
    }
}

impl fmt::Display for Clue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = self.index + 1;
        match self.side {
            Side::Top => write!(f, "above c{i}"),
            Side::Bottom => write!(f, "below c{i}"),
            Side::Left => write!(f, "left of r{i}"),
            Side::Right => write!(f, "right of r{i}"),
        }
    }
}

/// The direction a little killer clue points in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Up and left (`UL`).
    UpLeft,
    /// Up and right (`UR`).
    UpRight,
    /// Down and left (`DL`).
    DownLeft,
    /// Down and right (`DR`).
    DownRight,
}

impl Direction {
    /// Every direction.
    pub const ALL: [Direction; 4] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];

    /// The f-puzzles code: `UL`, `UR`, `DL`, `DR`.
    pub fn code(self) -> &'static str {
        match self {
            Direction::UpLeft => "UL",
            Direction::UpRight => "UR",
            Direction::DownLeft => "DL",
            Direction::DownRight => "DR",
        }
    }

    /// The direction of a code (`UL`, `up-left`, any case).
    pub fn parse(text: &str) -> Option<Direction> {
        let t = text.trim().to_ascii_lowercase().replace(['-', '_', ' '], "");
        Direction::ALL
            .into_iter()
            .find(|d| d.code().eq_ignore_ascii_case(&t) || d.words().replace('-', "") == t)
    }

    /// `up-left`, `up-right`, `down-left`, `down-right`.
    pub fn words(self) -> &'static str {
        match self {
            Direction::UpLeft => "up-left",
            Direction::UpRight => "up-right",
            Direction::DownLeft => "down-left",
            Direction::DownRight => "down-right",
        }
    }

    /// One step: (rows, columns).
    fn step(self) -> (isize, isize) {
        match self {
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
        }
    }
}

/// A clue's place as files give it, inside the grid or in the ring around
/// it: 1-based row and column, where 0 and `n + 1` are outside (`r0c4` is
/// above `r1c4`). Little killer clues use it.
///
/// ```
/// use sudokit_constraints::{ClueCell, Direction};
/// use sudokit_core::Cell;
/// let clue = ClueCell { row: 0, col: 4 };
/// assert_eq!(clue.to_string(), "r0c4");
/// // From above r1c4, down and to the left: r1c3, r2c2, r3c1.
/// let cells = clue.diagonal(Direction::DownLeft, 9).unwrap();
/// assert_eq!(cells, [Cell::at(0, 2, 9), Cell::at(1, 1, 9), Cell::at(2, 0, 9)]);
/// // A clue inside the grid is the first cell of its diagonal.
/// let inside = ClueCell { row: 1, col: 3 }.diagonal(Direction::DownLeft, 9).unwrap();
/// assert_eq!(inside, cells);
/// assert_eq!(
///     clue.diagonal(Direction::UpRight, 9).unwrap_err(),
///     "the little killer clue r0c4 points up-right, away from the 9×9 grid"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClueCell {
    /// 1-based row; 0 above the grid, `n + 1` below.
    pub row: usize,
    /// 1-based column; 0 left of the grid, `n + 1` right of it.
    pub col: usize,
}

impl ClueCell {
    /// True when the place is a cell of an `n`×`n` grid.
    pub fn is_inside(self, n: usize) -> bool {
        (1..=n).contains(&self.row) && (1..=n).contains(&self.col)
    }

    /// The cells of a little killer diagonal from this clue: starting one
    /// step from the clue in `direction` (or at the clue itself when it is
    /// inside the grid) up to the edge of an `n`×`n` grid. An error when
    /// the clue is further out than the ring around the grid or its
    /// diagonal holds no cell.
    pub fn diagonal(self, direction: Direction, n: usize) -> Result<Vec<Cell>, String> {
        if self.row > n + 1 || self.col > n + 1 {
            return Err(format!(
                "the little killer clue {self} is not on or next to the {n}×{n} grid"
            ));
        }
        let (dr, dc) = direction.step();
        let (mut r, mut c) = (self.row as isize, self.col as isize);
        let inside = |r: isize, c: isize| (1..=n as isize).contains(&r) && (1..=n as isize).contains(&c);
        if !inside(r, c) {
            r += dr;
            c += dc;
        }
        let mut cells = Vec::new();
        while inside(r, c) {
            cells.push(Cell::at(r as usize - 1, c as usize - 1, n));
            r += dr;
            c += dc;
        }
        if cells.is_empty() {
            return Err(format!(
                "the little killer clue {self} points {}, away from the {n}×{n} grid",
                direction.words()
            ));
        }
        Ok(cells)
    }
}

impl fmt::Display for ClueCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row, self.col)
    }
}

/// The line of a clue, as its group is named: `row 3`, `column 5`.
pub(crate) fn line_name(clue: Clue) -> String {
    match clue.side {
        Side::Left | Side::Right => format!("row {}", clue.index + 1),
        Side::Top | Side::Bottom => format!("column {}", clue.index + 1),
    }
}
