//! Board geometry: which cells form which units. Nothing about rules.
//!
//! Every board is `n`×`n` with `n` rows, `n` columns and `n` regions of `n`
//! cells each. Regions are rectangular boxes (`3×3` on 9×9, `2×3` on 6×6,
//! `3×4` on 12×12, `10×10` on 100×100) or an arbitrary region map (jigsaw).
//! Units are numbered rows first, then columns, then regions, so a unit id
//! says what it is: `0..n` rows, `n..2n` columns, `2n..3n` regions.
//!
//! ```
//! use sudokit_core::{Cell, Geometry};
//! let g = Geometry::square(9).unwrap();
//! assert_eq!(g.units().len(), 27);
//! assert_eq!(g.peers(Cell(0)).len(), 20);
//! let six = Geometry::square(6).unwrap();
//! assert_eq!(six.box_shape(), Some((2, 3)));
//! ```

use thiserror::Error;

use crate::cell::Cell;

/// Largest supported board side: digit sets are at most 128 bits wide.
pub const MAX_SIZE: usize = 128;

/// Index of a unit in [`Geometry::units`].
pub type UnitId = usize;

/// What kind of unit a unit is, for messages such as "no place for 7 in row 3".
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A rectangular box.
    Box,
    /// An irregular (jigsaw) region.
    Region,
}

/// A set of `n` cells that must hold every digit once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Row, column, box or region.
    pub kind: UnitKind,
    /// 0-based index among units of its kind.
    pub index: usize,
    /// The cells, in reading order.
    pub cells: Box<[Cell]>,
}

impl Unit {
    /// Human name, 1-based: `row 3`, `column 1`, `box 9`, `region 2`.
    pub fn name(&self) -> String {
        let kind = match self.kind {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
            UnitKind::Region => "region",
        };
        format!("{kind} {}", self.index + 1)
    }
}

/// Why a geometry could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GeometryError {
    /// The board is empty or larger than [`MAX_SIZE`].
    #[error("board size {0} is not supported (1 to {MAX_SIZE})")]
    BadSize(usize),
    /// No rectangle of `r × c = n` with both sides above 1 exists (n prime).
    #[error("a {0}×{0} board has no rectangular box shape; give its regions explicitly")]
    NoBoxShape(usize),
    /// The box sides do not multiply to the board size.
    #[error("boxes of {rows}×{cols} do not tile a {n}×{n} board")]
    BadBoxes {
        /// Board size.
        n: usize,
        /// Box height.
        rows: usize,
        /// Box width.
        cols: usize,
    },
    /// The region map has the wrong length or a region of the wrong size.
    #[error("bad region map: {0}")]
    BadRegions(String),
}

/// The units of an `n`×`n` board and, per cell, its units and peers.
#[derive(Clone, Debug)]
pub struct Geometry {
    n: usize,
    boxes: Option<(usize, usize)>,
    region_of: Vec<u16>,
    units: Vec<Unit>,
    units_of: Vec<[u16; 3]>,
    peer_start: Vec<u32>,
    peers: Vec<Cell>,
    /// Whether the board wraps around its edges (see [`Geometry::toroidal`]).
    toroidal: bool,
}

impl Geometry {
    /// A board of side `n` with the squarest rectangular boxes: `r × c = n`
    /// with `r ≤ c` and `r` as large as possible (9 → 3×3, 6 → 2×3, 12 → 3×4).
    /// Sizes 1 to 3 get one-row boxes, which makes them Latin squares.
    pub fn square(n: usize) -> Result<Geometry, GeometryError> {
        if n == 0 || n > MAX_SIZE {
            return Err(GeometryError::BadSize(n));
        }
        let rows = (1..=n).rev().find(|r| r * r <= n && n % r == 0).unwrap_or(1);
        if rows == 1 && n > 3 {
            return Err(GeometryError::NoBoxShape(n));
        }
        Geometry::with_boxes(n, rows, n / rows)
    }

    /// A board of side `n` with boxes `rows` high and `cols` wide.
    pub fn with_boxes(n: usize, rows: usize, cols: usize) -> Result<Geometry, GeometryError> {
        if n == 0 || n > MAX_SIZE {
            return Err(GeometryError::BadSize(n));
        }
        if rows * cols != n {
            return Err(GeometryError::BadBoxes { n, rows, cols });
        }
        let region_of = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                ((r / rows) * (n / cols) + c / cols) as u16
            })
            .collect();
        Ok(Geometry::build(n, Some((rows, cols)), region_of))
    }

    /// A board of side `n` whose regions are given cell by cell (jigsaw):
    /// `region_of[cell]` in `0..n`, each region exactly `n` cells.
    pub fn irregular(n: usize, region_of: &[u16]) -> Result<Geometry, GeometryError> {
        if n == 0 || n > MAX_SIZE {
            return Err(GeometryError::BadSize(n));
        }
        if region_of.len() != n * n {
            return Err(GeometryError::BadRegions(format!(
                "{} entries for {} cells",
                region_of.len(),
                n * n
            )));
        }
        let mut sizes = vec![0usize; n];
        for (i, &r) in region_of.iter().enumerate() {
            let slot = sizes.get_mut(r as usize).ok_or_else(|| {
                GeometryError::BadRegions(format!(
                    "{} is in region {}, but regions are numbered 1 to {n}",
                    Cell(i as u16).name(n),
                    r as usize + 1
                ))
            })?;
            *slot += 1;
        }
        if let Some((r, &size)) = sizes.iter().enumerate().find(|&(_, &s)| s != n) {
            return Err(GeometryError::BadRegions(format!(
                "region {} has {size} cells, expected {n}",
                r + 1
            )));
        }
        Ok(Geometry::build(n, None, region_of.to_vec()))
    }

    fn build(n: usize, boxes: Option<(usize, usize)>, region_of: Vec<u16>) -> Geometry {
        let region_kind = if boxes.is_some() {
            UnitKind::Box
        } else {
            UnitKind::Region
        };
        let mut units = Vec::with_capacity(3 * n);
        for r in 0..n {
            let cells = (0..n).map(|c| Cell::at(r, c, n)).collect();
            units.push(Unit {
                kind: UnitKind::Row,
                index: r,
                cells,
            });
        }
        for c in 0..n {
            let cells = (0..n).map(|r| Cell::at(r, c, n)).collect();
            units.push(Unit {
                kind: UnitKind::Column,
                index: c,
                cells,
            });
        }
        for b in 0..n {
            let cells = (0..n * n)
                .filter(|&i| region_of[i] as usize == b)
                .map(|i| Cell(i as u16))
                .collect();
            units.push(Unit {
                kind: region_kind,
                index: b,
                cells,
            });
        }
        let units_of: Vec<[u16; 3]> = region_of
            .iter()
            .enumerate()
            .map(|(i, &region)| {
                [
                    (i / n) as u16,
                    (n + i % n) as u16,
                    (2 * n + region as usize) as u16,
                ]
            })
            .collect();
        let mut peer_start = Vec::with_capacity(n * n + 1);
        let mut peers = Vec::new();
        let mut seen = vec![false; n * n];
        for (i, cell_units) in units_of.iter().enumerate() {
            peer_start.push(peers.len() as u32);
            let start = peers.len();
            for &unit in cell_units {
                for &p in units[unit as usize].cells.iter() {
                    if p.index() != i && !seen[p.index()] {
                        seen[p.index()] = true;
                        peers.push(p);
                    }
                }
            }
            peers[start..].sort_unstable();
            for p in &peers[start..] {
                seen[p.index()] = false;
            }
        }
        peer_start.push(peers.len() as u32);
        Geometry {
            n,
            boxes,
            region_of,
            units,
            units_of,
            peer_start,
            peers,
            toroidal: false,
        }
    }

    /// The same board wrapping around its edges: right of the last column
    /// is the first column, below the last row the first row. Rows,
    /// columns and regions do not change; only the rules about
    /// neighbourhood (chess moves, dots, minimum and maximum cells, 2×2
    /// squares), which ask for cells through [`Geometry::offset`], see
    /// across the edges.
    ///
    /// ```
    /// use sudokit_core::{Cell, Geometry};
    /// let flat = Geometry::square(4).unwrap();
    /// assert_eq!(flat.offset(Cell::at(0, 3, 4), (0, 1)), None);
    /// let torus = flat.toroidal();
    /// assert!(torus.is_toroidal());
    /// assert_eq!(torus.offset(Cell::at(0, 3, 4), (0, 1)), Some(Cell::at(0, 0, 4)));
    /// assert_eq!(torus.offset(Cell::at(0, 0, 4), (-1, -2)), Some(Cell::at(3, 2, 4)));
    /// ```
    pub fn toroidal(mut self) -> Geometry {
        self.toroidal = true;
        self
    }

    /// Whether the board wraps around its edges.
    pub fn is_toroidal(&self) -> bool {
        self.toroidal
    }

    /// The cell `(dr, dc)` away from `cell`: `None` off the board, or, on
    /// a toroidal board (which wraps), when the move comes back to `cell`
    /// itself. The one place rules about neighbourhood ask, so that every
    /// one of them wraps on a toroidal board.
    pub fn offset(&self, cell: Cell, (dr, dc): (isize, isize)) -> Option<Cell> {
        let n = self.n;
        if self.toroidal {
            let wrap = |x: usize, d: isize| (x as isize + d).rem_euclid(n as isize) as usize;
            let other = Cell::at(wrap(cell.row(n), dr), wrap(cell.col(n), dc), n);
            return (other != cell).then_some(other);
        }
        let r = cell.row(n).checked_add_signed(dr)?;
        let c = cell.col(n).checked_add_signed(dc)?;
        (r < n && c < n).then(|| Cell::at(r, c, n))
    }

    /// Side of the board (and number of digits).
    #[inline]
    pub fn size(&self) -> usize {
        self.n
    }

    /// Number of cells, `n²`.
    #[inline]
    pub fn cell_count(&self) -> usize {
        self.n * self.n
    }

    /// All cells in reading order.
    pub fn cells(&self) -> impl ExactSizeIterator<Item = Cell> + use<> {
        (0..self.cell_count() as u16).map(Cell)
    }

    /// `(rows, cols)` of a box for rectangular boards, `None` for jigsaw boards.
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        self.boxes
    }

    /// Region (box) index of a cell, `0..n`.
    #[inline]
    pub fn region_of(&self, cell: Cell) -> usize {
        self.region_of[cell.index()] as usize
    }

    /// All `3n` units: rows, then columns, then regions.
    #[inline]
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// One unit.
    #[inline]
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id]
    }

    /// The three units of a cell: its row, column and region.
    #[inline]
    pub fn units_of(&self, cell: Cell) -> [UnitId; 3] {
        let [row, col, region] = self.units_of[cell.index()];
        [row as usize, col as usize, region as usize]
    }

    /// The cells that share a unit with `cell` (not `cell` itself), sorted.
    #[inline]
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        let i = cell.index();
        &self.peers[self.peer_start[i] as usize..self.peer_start[i + 1] as usize]
    }

    /// True when two different cells share a unit.
    pub fn are_peers(&self, a: Cell, b: Cell) -> bool {
        a != b && self.peers(a).binary_search(&b).is_ok()
    }

    /// Where the region borders run, for drawing: true when the cell right of
    /// column `col` in `row` belongs to another region.
    pub fn border_right(&self, row: usize, col: usize) -> bool {
        let n = self.n;
        col + 1 < n && self.region_of[row * n + col] != self.region_of[row * n + col + 1]
    }

    /// True when the cell below `row` in `col` belongs to another region.
    pub fn border_below(&self, row: usize, col: usize) -> bool {
        let n = self.n;
        row + 1 < n && self.region_of[row * n + col] != self.region_of[(row + 1) * n + col]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Norvig's `test()`: 81 squares, 27 units, 3 units and 20 peers each.
    #[test]
    fn norvig_unit_and_peer_counts() {
        let g = Geometry::square(9).unwrap();
        assert_eq!(g.cell_count(), 81);
        assert_eq!(g.units().len(), 27);
        for cell in g.cells() {
            assert_eq!(g.units_of(cell).len(), 3);
            assert_eq!(g.peers(cell).len(), 20);
        }
    }

    /// Norvig's C2 is row 3 (C), column 2: r3c2.
    #[test]
    fn norvig_units_and_peers_of_c2() {
        let g = Geometry::square(9).unwrap();
        let c2 = Cell::at(2, 1, 9);
        let names = |cells: &[Cell]| cells.iter().map(|c| c.name(9)).collect::<Vec<_>>();
        let units: Vec<Vec<String>> = g.units_of(c2).iter().map(|&u| names(&g.unit(u).cells)).collect();
        let expected_row = "r3c1 r3c2 r3c3 r3c4 r3c5 r3c6 r3c7 r3c8 r3c9";
        let expected_col = "r1c2 r2c2 r3c2 r4c2 r5c2 r6c2 r7c2 r8c2 r9c2";
        let expected_box = "r1c1 r1c2 r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3";
        assert_eq!(units[0].join(" "), expected_row);
        assert_eq!(units[1].join(" "), expected_col);
        assert_eq!(units[2].join(" "), expected_box);
        let mut peers = names(g.peers(c2));
        peers.sort();
        let mut expected: Vec<String> = "r2c2 r1c2 r4c2 r5c2 r6c2 r7c2 r8c2 r9c2 r3c1 r3c3 r3c4 \
             r3c5 r3c6 r3c7 r3c8 r3c9 r1c1 r1c3 r2c1 r2c3"
            .split(' ')
            .map(String::from)
            .collect();
        expected.sort();
        assert_eq!(peers, expected);
    }

    #[test]
    fn rectangular_boxes() {
        let g = Geometry::square(6).unwrap();
        assert_eq!(g.box_shape(), Some((2, 3)));
        // r2c4 (0-based 1,3) is in the second box of the first band.
        assert_eq!(g.region_of(Cell::at(1, 3, 6)), 1);
        assert_eq!(g.peers(Cell(0)).len(), 5 + 5 + 2);
        assert_eq!(Geometry::square(12).unwrap().box_shape(), Some((3, 4)));
        assert_eq!(Geometry::square(8).unwrap().box_shape(), Some((2, 4)));
        assert_eq!(Geometry::square(100).unwrap().box_shape(), Some((10, 10)));
        assert_eq!(Geometry::square(7).unwrap_err(), GeometryError::NoBoxShape(7));
        assert!(Geometry::with_boxes(6, 3, 2).is_ok());
        assert!(Geometry::with_boxes(6, 4, 2).is_err());
        assert!(Geometry::square(129).is_err());
    }

    #[test]
    fn irregular_regions_are_validated() {
        // 4×4 with regions as columns pairs shifted: any partition of 4 cells each works.
        let map: Vec<u16> = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3];
        let g = Geometry::irregular(4, &map).unwrap();
        assert_eq!(g.unit(8 + 2).cells.len(), 4);
        assert_eq!(g.unit(8).kind, UnitKind::Region);
        let mut bad = map.clone();
        bad[0] = 1;
        let err = Geometry::irregular(4, &bad).unwrap_err().to_string();
        assert!(err.contains("region 1 has 3 cells"), "{err}");
    }
}
