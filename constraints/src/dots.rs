//! Rules between two adjacent cells: kropki dots, XV, and the negative
//! rules that say what unmarked pairs are not.

use std::borrow::Cow;

use sudokit_core::{Cell, Constraint, Digit, Geometry, Grid, Relation, Rule, Violation};

use crate::units::{checks_through_verify, offset, unordered, Report};

/// What a dot between two cells says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotKind {
    /// A white kropki dot: the digits differ by `k` (1 unless marked).
    Difference(Digit),
    /// A black kropki dot: one digit is `k` times the other (2 unless marked).
    Ratio(Digit),
}

/// A kropki dot between two cells (f-puzzles `difference`, `ratio`).
///
/// A relation rule: `|a − b| = k` or `a = k·b ∨ b = k·a`.
///
/// ```
/// use sudokit_constraints::{Dot, DotKind};
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let dot = Dot::new(DotKind::Ratio(2), Cell(0), Cell(1));
/// let mut grid = Grid::empty(4);
/// grid.set(Cell(0), 2);
/// grid.set(Cell(1), 4);
/// assert!(dot.check(&g, &grid).is_ok());
/// grid.set(Cell(1), 3);
/// assert_eq!(dot.check(&g, &grid).unwrap_err().message, "r1c1 = 2 and r1c2 = 3 are not in ratio 1:2");
/// assert_eq!(dot.name(), "black dot");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dot {
    kind: DotKind,
    cells: (Cell, Cell),
}

impl Dot {
    /// A dot of `kind` between `a` and `b`.
    pub fn new(kind: DotKind, a: Cell, b: Cell) -> Dot {
        Dot { kind, cells: (a, b) }
    }

    /// The two cells.
    pub fn cells(&self) -> (Cell, Cell) {
        self.cells
    }

    /// What the dot says.
    pub fn kind(&self) -> DotKind {
        self.kind
    }

    fn holds(&self, x: Digit, y: Digit) -> bool {
        match self.kind {
            DotKind::Difference(k) => x.abs_diff(y) == k,
            DotKind::Ratio(k) => {
                u32::from(x) == u32::from(k) * u32::from(y) || u32::from(y) == u32::from(k) * u32::from(x)
            }
        }
    }
}

impl Rule for Dot {
    fn name(&self) -> Cow<'_, str> {
        match self.kind {
            DotKind::Difference(1) => "white dot".into(),
            DotKind::Difference(k) => format!("white dot {k}").into(),
            DotKind::Ratio(2) => "black dot".into(),
            DotKind::Ratio(k) => format!("black dot 1:{k}").into(),
        }
    }

    fn relations(&self, _: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        let relation = match self.kind {
            DotKind::Difference(k) => Relation::Difference(k),
            DotKind::Ratio(k) => Relation::Ratio(k),
        };
        vec![(self.cells.0, self.cells.1, relation)]
    }

    checks_through_verify!();
}

impl Dot {
    /// `check`'s logic, described as `report` asks.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let (a, b) = self.cells;
        match (grid.get(a), grid.get(b)) {
            (Some(x), Some(y)) if !self.holds(x, y) => {
                let n = geometry.size();
                let what = match self.kind {
                    DotKind::Difference(k) => format!("do not differ by {k}"),
                    DotKind::Ratio(k) => format!("are not in ratio 1:{k}"),
                };
                Err(report.violation(
                    || format!("{} = {x} and {} = {y} {what}", a.name(n), b.name(n)),
                    || vec![a, b],
                ))
            }
            _ => Ok(()),
        }
    }
}

impl Constraint for Dot {}

/// An X or V (or any sum) between two cells: their digits add up to `sum`
/// (f-puzzles `xv`: X is 10, V is 5).
///
/// ```
/// use sudokit_constraints::SumPair;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let x = SumPair::x(Cell(0), Cell(1));
/// let mut grid = Grid::empty(9);
/// grid.set(Cell(0), 3);
/// grid.set(Cell(1), 6);
/// assert_eq!(x.check(&g, &grid).unwrap_err().message, "r1c1 = 3 and r1c2 = 6 do not add up to 10");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumPair {
    sum: u16,
    cells: (Cell, Cell),
}

impl SumPair {
    /// `a + b = sum`.
    pub fn new(sum: u16, a: Cell, b: Cell) -> SumPair {
        SumPair { sum, cells: (a, b) }
    }

    /// An X: the digits add up to 10.
    pub fn x(a: Cell, b: Cell) -> SumPair {
        SumPair::new(10, a, b)
    }

    /// A V: the digits add up to 5.
    pub fn v(a: Cell, b: Cell) -> SumPair {
        SumPair::new(5, a, b)
    }

    /// The two cells.
    pub fn cells(&self) -> (Cell, Cell) {
        self.cells
    }

    /// The sum.
    pub fn sum(&self) -> u16 {
        self.sum
    }
}

impl Rule for SumPair {
    fn name(&self) -> Cow<'_, str> {
        match self.sum {
            10 => "X".into(),
            5 => "V".into(),
            s => format!("sum {s}").into(),
        }
    }

    fn relations(&self, _: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        vec![(self.cells.0, self.cells.1, Relation::Sum(self.sum))]
    }

    checks_through_verify!();
}

impl SumPair {
    /// `check`'s logic, described as `report` asks.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let (a, b) = self.cells;
        match (grid.get(a), grid.get(b)) {
            (Some(x), Some(y)) if u16::from(x) + u16::from(y) != self.sum => {
                let n = geometry.size();
                Err(report.violation(
                    || {
                        format!(
                            "{} = {x} and {} = {y} do not add up to {}",
                            a.name(n),
                            b.name(n),
                            self.sum
                        )
                    },
                    || vec![a, b],
                ))
            }
            _ => Ok(()),
        }
    }
}

impl Constraint for SumPair {}

/// What the unmarked pairs of a negative rule may not be.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Forbidden {
    /// Consecutive digits (non-consecutive: no white dot is missing).
    Consecutive,
    /// In ratio 1:k for any of these k (negative black dots).
    Ratios(Vec<Digit>),
    /// Adding up to any of these sums (negative XV: 5 and 10).
    Sums(Vec<u16>),
}

impl Forbidden {
    fn forbids(&self, x: Digit, y: Digit) -> bool {
        match self {
            Forbidden::Consecutive => x.abs_diff(y) == 1,
            Forbidden::Ratios(ks) => ks.iter().any(|&k| {
                let (x, y, k) = (u32::from(x), u32::from(y), u32::from(k));
                x == k * y || y == k * x
            }),
            Forbidden::Sums(sums) => sums.contains(&(u16::from(x) + u16::from(y))),
        }
    }

    fn relations(&self) -> Vec<Relation> {
        match self {
            Forbidden::Consecutive => vec![Relation::Difference(1).negate()],
            Forbidden::Ratios(ks) => ks.iter().map(|&k| Relation::Ratio(k).negate()).collect(),
            Forbidden::Sums(sums) => sums.iter().map(|&s| Relation::Sum(s).negate()).collect(),
        }
    }
}

/// Which pairs of cells a negative rule covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Adjacency {
    /// Orthogonal neighbours.
    Orthogonal,
    /// Diagonal neighbours.
    Diagonal,
}

/// A negative rule: every pair of neighbouring cells, except the listed
/// (marked) pairs, holds digits that are not [`Forbidden`]. Non-consecutive
/// sudoku is `Negative::new("nonconsecutive", Forbidden::Consecutive)`
/// with the dotted pairs exempt; negative XV forbids the sums 5 and 10
/// outside the X and V marks; negative kropki forbids ratio 1:2 outside the
/// dots; diagonal non-consecutive works on diagonal neighbours.
///
/// A relation rule: one negated relation per covered pair.
///
/// ```
/// use sudokit_constraints::{Adjacency, Forbidden, Negative};
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let rule = Negative::new("nonconsecutive", Forbidden::Consecutive, Adjacency::Orthogonal)
///     .except([(Cell(0), Cell(1))]);
/// assert_eq!(rule.relations(&g).len(), 24 - 1);
/// let mut grid = Grid::empty(4);
/// grid.set(Cell(0), 1);
/// grid.set(Cell(1), 2); // exempt: a dot is there
/// grid.set(Cell(4), 2);
/// assert_eq!(rule.check(&g, &grid).unwrap_err().message, "r1c1 = 1 and r2c1 = 2 are consecutive");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Negative {
    name: String,
    forbidden: Forbidden,
    adjacency: Adjacency,
    /// Exempt pairs, each as (smaller cell, larger cell), sorted.
    except: Vec<(Cell, Cell)>,
}

impl Negative {
    /// The rule `name`: no covered pair is `forbidden`.
    pub fn new(name: impl Into<String>, forbidden: Forbidden, adjacency: Adjacency) -> Negative {
        Negative {
            name: name.into(),
            forbidden,
            adjacency,
            except: Vec::new(),
        }
    }

    /// Exempts these pairs (in either order): marked pairs say what they are.
    pub fn except(mut self, pairs: impl IntoIterator<Item = (Cell, Cell)>) -> Negative {
        self.except.extend(pairs.into_iter().map(unordered));
        self.except.sort_unstable();
        self.except.dedup();
        self
    }

    /// The moves from a cell to its covered neighbours further on in
    /// reading order, in the order those neighbours come.
    fn forward_moves(&self) -> [(isize, isize); 2] {
        match self.adjacency {
            Adjacency::Orthogonal => [(0, 1), (1, 0)],
            Adjacency::Diagonal => [(1, -1), (1, 1)],
        }
    }

    /// The pairs the rule covers, sorted, without allocating: `check` runs
    /// at every node of the testkit's brute force.
    fn pairs(&self, n: usize) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        let moves = self.forward_moves();
        (0..n * n)
            .flat_map(move |i| {
                let a = Cell(i as u16);
                moves
                    .into_iter()
                    .filter_map(move |m| offset(a, m, n).map(|b| (a, b)))
            })
            .filter(|pair| self.except.binary_search(pair).is_err())
    }

    /// Whether the covered pair `(a, b)` (either order) holds a forbidden
    /// pair of digits in `grid`.
    fn broken(&self, grid: &Grid, a: Cell, b: Cell) -> Option<(Digit, Digit)> {
        let (x, y) = (grid.get(a)?, grid.get(b)?);
        self.forbidden.forbids(x, y).then_some((x, y))
    }
}

impl Rule for Negative {
    fn name(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.name)
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        let relations = self.forbidden.relations();
        self.pairs(geometry.size())
            .flat_map(|(a, b)| relations.iter().map(move |r| (a, b, r.clone())))
            .collect()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        let n = geometry.size();
        for (a, b) in self.pairs(n) {
            if let Some((x, y)) = self.broken(grid, a, b) {
                let what = match &self.forbidden {
                    Forbidden::Consecutive => "are consecutive".to_string(),
                    Forbidden::Ratios(_) => format!("are in ratio 1:{}", x.max(y) / x.min(y)),
                    Forbidden::Sums(_) => format!("add up to {}", u16::from(x) + u16::from(y)),
                };
                return Err(Violation::new(
                    format!("{} = {x} and {} = {y} {what}", a.name(n), b.name(n)),
                    vec![a, b],
                ));
            }
        }
        Ok(())
    }

    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        let n = geometry.size();
        self.forward_moves().into_iter().all(|(dr, dc)| {
            [(dr, dc), (-dr, -dc)].into_iter().all(|m| {
                offset(cell, m, n).is_none_or(|other| {
                    let pair = unordered((cell, other));
                    self.except.binary_search(&pair).is_ok() || self.broken(grid, pair.0, pair.1).is_none()
                })
            })
        })
    }
}

impl Constraint for Negative {}
