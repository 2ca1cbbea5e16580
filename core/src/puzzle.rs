//! A puzzle: a board, its givens and its rules.

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use crate::cell::Cell;
use crate::constraint::{Constraint, Violation};
use crate::contradiction::Contradiction;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::model::Model;

/// A board, the digits given on it, and the constraints every solution obeys.
///
/// Built step by step; the classic rules are a constraint like any other
/// (`sudokit_constraints::ClassicRules`), so a puzzle without them is a
/// grid with no rule at all. Each rule is checked against the board when it
/// is added.
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
    /// The compiled rules, built on first use and shared like the list.
    model: Arc<OnceLock<Model>>,
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

/// A rule that does not fit the board: a cell off the board, a group that
/// repeats a cell, a cell related to itself.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{rule}: {message}")]
pub struct RuleError {
    /// The rule's name.
    pub rule: String,
    /// What is wrong with it.
    pub message: String,
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
            model: Arc::default(),
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
        // The layer the rules declare stays, whatever the new grid carries.
        let layer = self.variables().max(givens.layer().len());
        self.givens = givens.with_layer(layer);
        Ok(self)
    }

    /// Adds a constraint, after checking it fits the board.
    pub fn with(mut self, constraint: impl Constraint + 'static) -> Result<Puzzle, RuleError> {
        self.push(Box::new(constraint))?;
        Ok(self)
    }

    /// Adds a boxed constraint, after checking it fits the board: every
    /// cell it names is on the board, no group repeats a cell or is empty,
    /// no relation ties a cell to itself.
    ///
    /// ```
    /// use sudokit_core::{Cell, Geometry, Group, Puzzle};
    /// # use sudokit_core::{Constraint, Grid, Rule, Violation};
    /// # use std::borrow::Cow;
    /// # #[derive(Clone, Debug)]
    /// # struct Cage(Vec<Cell>);
    /// # impl Rule for Cage {
    /// #     fn name(&self) -> Cow<'_, str> { "cage".into() }
    /// #     fn groups(&self, _: &Geometry) -> Vec<Group> { vec![Group::new("cage", self.0.clone())] }
    /// #     fn check(&self, _: &Geometry, _: &Grid) -> Result<(), Violation> { Ok(()) }
    /// # }
    /// # impl Constraint for Cage {}
    /// let mut puzzle = Puzzle::new(Geometry::square(4).unwrap());
    /// let err = puzzle.push(Box::new(Cage(vec![Cell(0), Cell(16)]))).unwrap_err();
    /// assert_eq!(err.to_string(), "cage: cell #16 is off the 4×4 board");
    /// assert!(puzzle.constraints().is_empty());
    /// ```
    pub fn push(&mut self, constraint: Box<dyn Constraint>) -> Result<(), RuleError> {
        validate(&self.geometry, constraint.as_ref())?;
        let layer = constraint.variables(&self.geometry);
        if layer > self.variables() {
            self.givens = std::mem::replace(&mut self.givens, Grid::empty(0)).with_layer(layer);
        }
        // Copies the list first when another puzzle shares it.
        Arc::make_mut(&mut self.constraints).push(constraint);
        self.model = Arc::default();
        Ok(())
    }

    /// Whether this puzzle and `other` share one board and one list of
    /// constraints: one was cloned from the other, or both from the same
    /// template, and no constraint was added since. They then share one
    /// compiled [`Model`], and what strategies prepared for it. `false` does
    /// not mean the rules differ.
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

    /// The compiled rules: groups, peers, relations, watch lists. Built the
    /// first time it is asked for and shared with every clone.
    pub fn model(&self) -> &Model {
        self.model
            .get_or_init(|| Model::compile(self.geometry.clone(), self.constraints.clone()))
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

    /// How many extra variables the rules declare
    /// ([`Rule::variables`](crate::Rule::variables)): `0` unless a rule such
    /// as chaos construction adds unknowns beside the digits. The givens
    /// carry a layer of this length.
    pub fn variables(&self) -> usize {
        self.givens.layer().len()
    }

    /// The given digits (and the layer of extra variables, when the rules
    /// declare one).
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
    /// naming the group and the constraint: `7 has no place left in main
    /// diagonal (diagonals)`.
    pub fn describe(&self, contradiction: &Contradiction) -> String {
        contradiction.describe(self.model())
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

/// Checks that every cell a rule names is on the board, that its groups are
/// non-empty sets, and that no relation ties a cell to itself.
fn validate(geometry: &Geometry, constraint: &dyn Constraint) -> Result<(), RuleError> {
    let n = geometry.size();
    let error = |message: String| RuleError {
        rule: constraint.name().into_owned(),
        message,
    };
    let on_board = |cell: Cell| {
        if cell.index() < geometry.cell_count() {
            Ok(())
        } else {
            Err(error(format!("cell #{} is off the {n}×{n} board", cell.0)))
        }
    };
    for group in constraint.groups(geometry) {
        if group.is_empty() {
            return Err(error(format!("group '{}' has no cell", group.name())));
        }
        let mut seen = HashSet::new();
        for &cell in group.cells() {
            on_board(cell)?;
            if !seen.insert(cell) {
                return Err(error(format!(
                    "group '{}' lists {} twice",
                    group.name(),
                    cell.name(n)
                )));
            }
        }
    }
    for (a, b, relation) in constraint.relations(geometry) {
        on_board(a)?;
        on_board(b)?;
        if a == b {
            return Err(error(format!(
                "relation '{relation}' ties {} to itself",
                a.name(n)
            )));
        }
    }
    for (cell, _) in constraint.domains(geometry) {
        on_board(cell)?;
    }
    for sum in constraint.sums(geometry) {
        for cell in sum.cells() {
            on_board(cell)?;
        }
    }
    // A rule's own propagator may read the extra variables it declares.
    let variables = geometry.cell_count() + constraint.variables(geometry);
    for cell in constraint.scope(geometry) {
        if cell.index() >= variables {
            on_board(cell)?;
        }
    }
    Ok(())
}
