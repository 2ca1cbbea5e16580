//! A puzzle: a board, its givens and its rules.

use std::sync::Arc;

use crate::constraint::{Constraint, Contradiction, Violation};
use crate::geometry::Geometry;
use crate::grid::Grid;

/// A board, the digits given on it, and the constraints every solution obeys.
///
/// Built step by step; the classic rules are a constraint like any other
/// (`sudokit_constraints::ClassicRules`), so a puzzle without them is a
/// plain Latin-square-free grid.
///
/// ```
/// use sudokit_core::{Geometry, Grid, Puzzle};
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap())
///     .with_givens(Grid::empty(4))
///     .unwrap();
/// assert_eq!(puzzle.size(), 4);
/// assert!(puzzle.constraints().is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct Puzzle {
    geometry: Arc<Geometry>,
    givens: Grid,
    /// Shared by clones until one of them adds a constraint, so that a
    /// strategy can tell a rule set it has prepared before.
    constraints: Arc<Vec<Box<dyn Constraint>>>,
}

/// A puzzle part that does not fit the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("givens are for a {found}×{found} board, the board is {expected}×{expected}")]
pub struct SizeMismatch {
    /// Board size.
    pub expected: usize,
    /// Size of the givens grid.
    pub found: usize,
}

impl Puzzle {
    /// An empty puzzle on `geometry`: no givens, no constraints.
    pub fn new(geometry: impl Into<Arc<Geometry>>) -> Puzzle {
        let geometry = geometry.into();
        let n = geometry.size();
        Puzzle {
            geometry,
            givens: Grid::empty(n),
            constraints: Arc::default(),
        }
    }

    /// Sets the givens.
    pub fn with_givens(mut self, givens: Grid) -> Result<Puzzle, SizeMismatch> {
        if givens.size() != self.geometry.size() {
            return Err(SizeMismatch {
                expected: self.geometry.size(),
                found: givens.size(),
            });
        }
        self.givens = givens;
        Ok(self)
    }

    /// Adds a constraint.
    pub fn with(mut self, constraint: impl Constraint + 'static) -> Puzzle {
        self.push(Box::new(constraint));
        self
    }

    /// Adds a boxed constraint.
    pub fn push(&mut self, constraint: Box<dyn Constraint>) {
        // Copies the list first when another puzzle shares it.
        Arc::make_mut(&mut self.constraints).push(constraint);
    }

    /// Whether this puzzle and `other` share one board and one list of
    /// constraints: one was cloned from the other, or both from the same
    /// template, and no constraint was added since. A strategy may then
    /// reuse what it prepared for the rules of `other` (the DLX matrix of a
    /// batch of classic puzzles). `false` does not mean the rules differ.
    ///
    /// ```
    /// use sudokit_core::{Geometry, Grid, Puzzle};
    /// let template = Puzzle::new(Geometry::square(4).unwrap());
    /// let mut givens = Grid::empty(4);
    /// givens.set(sudokit_core::Cell(0), 3);
    /// let puzzle = template.clone().with_givens(givens).unwrap();
    /// assert!(puzzle.same_rules(&template));
    /// let rebuilt = Puzzle::new(Geometry::square(4).unwrap());
    /// assert!(!rebuilt.same_rules(&template));
    /// ```
    pub fn same_rules(&self, other: &Puzzle) -> bool {
        Arc::ptr_eq(&self.geometry, &other.geometry) && Arc::ptr_eq(&self.constraints, &other.constraints)
    }

    /// The board.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The board, shared.
    pub fn geometry_arc(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Side of the board.
    pub fn size(&self) -> usize {
        self.geometry.size()
    }

    /// The given digits.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The constraints, in the order they were added.
    pub fn constraints(&self) -> &[Box<dyn Constraint>] {
        &self.constraints
    }

    /// Checks a (partial) grid against every constraint, naming the first
    /// one that is broken: `classic rules: r1c1 and r1c5 both hold 7 in row 1`.
    pub fn check(&self, grid: &Grid) -> Result<(), Violation> {
        for constraint in self.constraints.iter() {
            constraint.check(&self.geometry, grid).map_err(|v| Violation {
                message: format!("{}: {}", constraint.name(), v.message),
                cells: v.cells,
            })?;
        }
        Ok(())
    }

    /// A sentence for a contradiction found while solving this puzzle,
    /// naming the constraint: `r1c3 has no candidate left (classic rules)`.
    pub fn describe(&self, contradiction: &Contradiction) -> String {
        let name = contradiction
            .constraint
            .and_then(|k| self.constraints.get(k))
            .map(|c| c.name());
        contradiction.describe(&self.geometry, name.as_deref())
    }

    /// Checks that the givens alone break no rule ("two 7s in row 1").
    pub fn check_givens(&self) -> Result<(), Violation> {
        self.check(&self.givens)
    }

    /// Checks that `grid` is a solution: complete, keeping every given, and
    /// breaking no constraint. Independent of any strategy.
    pub fn verify_solution(&self, grid: &Grid) -> Result<(), Violation> {
        let n = self.size();
        if grid.size() != n {
            return Err(Violation::new(
                format!("grid is {}×{}", grid.size(), grid.size()),
                vec![],
            ));
        }
        if let Some(cell) = self.geometry.cells().find(|&c| grid.get(c).is_none()) {
            return Err(Violation::new(format!("{} is empty", cell.name(n)), vec![cell]));
        }
        if let Some((cell, digit)) = self.givens.placed().find(|&(c, d)| grid.get(c) != Some(d)) {
            return Err(Violation::new(
                format!(
                    "{} holds {} but the given is {digit}",
                    cell.name(n),
                    grid.get(cell).unwrap_or(0)
                ),
                vec![cell],
            ));
        }
        self.check(grid)
    }
}
