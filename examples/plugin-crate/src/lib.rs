//! Knightmare, a sudokit rule written outside sudokit: cells a chess
//! knight's move apart do not add up to 5 or 15 (SudokuSolver's
//! `knightmare`; the sums can be changed).
//!
//! The whole plugin is a relation between every pair of cells a knight's
//! move apart and an independent `check`. sudokit propagates the relation
//! (arc consistency), DLX and SAT encode it, and step-by-step solvers
//! explain it, without a line of propagation here.
//!
//! ```
//! use sudokit_core::{Cell, Geometry, Grid, Rule};
//! use sudokit_knightmare::Knightmare;
//! let g = Geometry::square(9).unwrap();
//! let mut grid = Grid::empty(9);
//! grid.set(Cell::at(0, 0, 9), 7);
//! grid.set(Cell::at(1, 2, 9), 8); // a knight's move away: 7 + 8 = 15
//! assert!(Knightmare::default().check(&g, &grid).is_err());
//! ```
//!
//! With the `files` feature (on by default), [`files::KNIGHTMARE`] lets
//! puzzle files name the rule: add it to a registry and read with it.
//! (sudokit has since built knightmare in, with the same parameters; a kind
//! added with `Registry::with` takes the place of a built-in of its name.)
//!
//! ```
//! use sudokit_constraints::{native, registry::Registry};
//! let registry = Registry::default().with(&sudokit_knightmare::files::KNIGHTMARE);
//! let text = "size = 9\n[[rules]]\ntype = \"knightmare\"\nsums = [5, 15]\n";
//! let spec = native::read_with(&registry, text).unwrap();
//! assert_eq!(spec.rules[0].name(), "knightmare");
//! assert!(std::ptr::eq(spec.rules[0].kind(), &sudokit_knightmare::files::KNIGHTMARE));
//! ```

use std::borrow::Cow;

#[cfg(feature = "files")]
pub mod files;

use sudokit_core::{Cell, Constraint, Geometry, Grid, Relation, Rule, Violation};

/// Cells a knight's move apart do not add up to any of `sums`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knightmare {
    sums: Vec<u16>,
}

impl Default for Knightmare {
    /// The usual rule: no 5 and no 15.
    fn default() -> Knightmare {
        Knightmare { sums: vec![5, 15] }
    }
}

impl Knightmare {
    /// Knight-apart cells add up to none of `sums`.
    pub fn with_sums(sums: impl IntoIterator<Item = u16>) -> Knightmare {
        Knightmare {
            sums: sums.into_iter().collect(),
        }
    }

    /// Every pair of cells a knight's move apart, once.
    fn pairs(n: usize) -> Vec<(Cell, Cell)> {
        let mut pairs = Vec::new();
        for r in 0..n {
            for c in 0..n {
                for (dr, dc) in [(1, 2), (2, 1), (1, -2), (2, -1)] {
                    let (r2, c2) = (r as isize + dr, c as isize + dc);
                    if r2 < n as isize && (0..n as isize).contains(&c2) {
                        pairs.push((Cell::at(r, c, n), Cell::at(r2 as usize, c2 as usize, n)));
                    }
                }
            }
        }
        pairs
    }
}

impl Rule for Knightmare {
    fn name(&self) -> Cow<'_, str> {
        "knightmare".into()
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        let relations: Vec<Relation> = self.sums.iter().map(|&s| Relation::Sum(s).negate()).collect();
        Knightmare::pairs(geometry.size())
            .into_iter()
            .flat_map(|(a, b)| relations.iter().map(move |r| (a, b, r.clone())))
            .collect()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        let n = geometry.size();
        for (a, b) in Knightmare::pairs(n) {
            if let (Some(x), Some(y)) = (grid.get(a), grid.get(b)) {
                let sum = u16::from(x) + u16::from(y);
                if self.sums.contains(&sum) {
                    return Err(Violation::new(
                        format!(
                            "{} = {x} and {} = {y} add up to {sum}, a knight's move apart",
                            a.name(n),
                            b.name(n)
                        ),
                        vec![a, b],
                    ));
                }
            }
        }
        Ok(())
    }

    /// The quick form searches call after each placement (the testkit's
    /// brute force asks it for every digit of every open cell): only the
    /// new digit can break the rule, with a cell a knight's move away.
    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        let n = geometry.size();
        let Some(x) = grid.get(cell) else {
            return true;
        };
        let (r, c) = (cell.row(n) as isize, cell.col(n) as isize);
        [
            (1, 2),
            (2, 1),
            (1, -2),
            (2, -1),
            (-1, 2),
            (-2, 1),
            (-1, -2),
            (-2, -1),
        ]
        .into_iter()
        .map(|(dr, dc)| (r + dr, c + dc))
        .filter(|&(r2, c2)| (0..n as isize).contains(&r2) && (0..n as isize).contains(&c2))
        .filter_map(|(r2, c2)| grid.get(Cell::at(r2 as usize, c2 as usize, n)))
        .all(|y| !self.sums.contains(&(u16::from(x) + u16::from(y))))
    }
}

impl Constraint for Knightmare {}
