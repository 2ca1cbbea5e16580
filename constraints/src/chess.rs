//! Chess-move rules: cells a knight's or a king's move apart differ.

use std::borrow::Cow;

use sudokit_core::{Cell, Constraint, Geometry, Grid, Relation, Rule, Violation};

/// The moves of a knight, one of each pair of opposite moves.
const KNIGHT: [(isize, isize); 4] = [(1, 2), (2, 1), (1, -2), (2, -1)];
/// The moves of a king, one of each pair of opposite moves.
const KING: [(isize, isize); 4] = [(0, 1), (1, -1), (1, 0), (1, 1)];

/// Cells a chess knight's move apart hold different digits (`antiknight`).
///
/// A relation rule: it declares a `≠` relation for every knight's-move pair,
/// which the engine turns into peers; it has no propagator, DLX and SAT take
/// it as it is, and its `check` scans the grid on its own.
///
/// ```
/// use sudokit_constraints::AntiKnight;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// assert_eq!(AntiKnight.relations(&g).len(), 4 * 7 * 8); // 112 pairs on 9×9
/// let mut grid = Grid::empty(9);
/// grid.set(Cell::at(0, 0, 9), 5);
/// grid.set(Cell::at(1, 2, 9), 5);
/// assert_eq!(AntiKnight.check(&g, &grid).unwrap_err().message,
///            "r1c1 and r2c3 both hold 5, a knight's move apart");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AntiKnight;

/// Cells a chess king's move apart (diagonal neighbours included) hold
/// different digits (`antiking`). A relation rule, like [`AntiKnight`].
///
/// ```
/// use sudokit_constraints::AntiKing;
/// use sudokit_core::{Geometry, Rule};
/// let g = Geometry::square(4).unwrap();
/// assert_eq!(AntiKing.relations(&g).len(), 12 + 12 + 9 + 9);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AntiKing;

/// The cell `(dr, dc)` away from `cell`, if on the board.
fn offset(cell: Cell, (dr, dc): (isize, isize), n: usize) -> Option<Cell> {
    let r = cell.row(n).checked_add_signed(dr)?;
    let c = cell.col(n).checked_add_signed(dc)?;
    (r < n && c < n).then(|| Cell::at(r, c, n))
}

/// Every pair of cells a move apart, once.
fn pairs(geometry: &Geometry, moves: &[(isize, isize)]) -> Vec<(Cell, Cell, Relation)> {
    let n = geometry.size();
    geometry
        .cells()
        .flat_map(|cell| {
            moves
                .iter()
                .filter_map(move |&m| Some((cell, offset(cell, m, n)?)))
        })
        .map(|(a, b)| (a, b, Relation::Differ))
        .collect()
}

/// The first two placed cells a move apart with the same digit.
fn check_moves(
    geometry: &Geometry,
    grid: &Grid,
    moves: &[(isize, isize)],
    piece: &str,
) -> Result<(), Violation> {
    let n = geometry.size();
    for (cell, digit) in grid.placed() {
        for &m in moves {
            if let Some(other) = offset(cell, m, n) {
                if grid.get(other) == Some(digit) {
                    return Err(Violation::new(
                        format!(
                            "{} and {} both hold {digit}, a {piece}'s move apart",
                            cell.name(n),
                            other.name(n)
                        ),
                        vec![cell, other],
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Whether the digit placed in `cell` differs from every cell a move away.
fn accepts_moves(geometry: &Geometry, grid: &Grid, cell: Cell, moves: &[(isize, isize)]) -> bool {
    let n = geometry.size();
    let Some(digit) = grid.get(cell) else {
        return true;
    };
    moves.iter().all(|&(dr, dc)| {
        [(dr, dc), (-dr, -dc)]
            .into_iter()
            .filter_map(|m| offset(cell, m, n))
            .all(|other| grid.get(other) != Some(digit))
    })
}

impl Rule for AntiKnight {
    fn name(&self) -> Cow<'_, str> {
        "anti-knight".into()
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        pairs(geometry, &KNIGHT)
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        check_moves(geometry, grid, &KNIGHT, "knight")
    }

    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        accepts_moves(geometry, grid, cell, &KNIGHT)
    }
}

impl Constraint for AntiKnight {}

impl Rule for AntiKing {
    fn name(&self) -> Cow<'_, str> {
        "anti-king".into()
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        pairs(geometry, &KING)
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        check_moves(geometry, grid, &KING, "king")
    }

    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        accepts_moves(geometry, grid, cell, &KING)
    }
}

impl Constraint for AntiKing {}
