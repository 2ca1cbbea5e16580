//! Rules between two adjacent cells: kropki dots, XV, and the negative
//! rules that say what unmarked pairs are not.

use std::borrow::Cow;

use sudokit_core::{Cell, Constraint, Digit, Geometry, Grid, Relation, Rule, Violation};

use crate::rule::{Fpuzzles, Mark, Param, ParamType, Presence, Refusal, RuleKind, RuleSpec, Shape};
use crate::units::{checks_through_verify, unordered, Report};

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
    /// Consecutive digits, or 1 and the largest digit `n` (NC+: the digits
    /// wrap around).
    ConsecutiveWrapping(Digit),
    /// In ratio 1:k for any of these k (negative black dots).
    Ratios(Vec<Digit>),
    /// Adding up to any of these sums (negative XV: 5 and 10).
    Sums(Vec<u16>),
}

impl Forbidden {
    fn forbids(&self, x: Digit, y: Digit) -> bool {
        match self {
            Forbidden::Consecutive => x.abs_diff(y) == 1,
            Forbidden::ConsecutiveWrapping(n) => x.abs_diff(y) == 1 || x.abs_diff(y) == n - 1,
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
            Forbidden::ConsecutiveWrapping(n) => vec![
                Relation::Difference(1).negate(),
                Relation::Difference(n - 1).negate(),
            ],
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
    /// Cells a chess knight's move apart (knightmare).
    Knight,
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
    fn forward_moves(&self) -> &'static [(isize, isize)] {
        match self.adjacency {
            Adjacency::Orthogonal => &[(0, 1), (1, 0)],
            Adjacency::Diagonal => &[(1, -1), (1, 1)],
            Adjacency::Knight => &[(1, -2), (1, 2), (2, -1), (2, 1)],
        }
    }

    /// The pairs the rule covers, each the smaller cell first, without
    /// allocating: `check` runs at every node of the testkit's brute force.
    /// (On a small toroidal board a pair may come twice.)
    fn pairs<'a>(&'a self, geometry: &'a Geometry) -> impl Iterator<Item = (Cell, Cell)> + 'a {
        let moves = self.forward_moves();
        geometry
            .cells()
            .flat_map(move |a| {
                moves
                    .iter()
                    .filter_map(move |&m| geometry.offset(a, m).map(|b| unordered((a, b))))
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
        self.pairs(geometry)
            .flat_map(|(a, b)| relations.iter().map(move |r| (a, b, r.clone())))
            .collect()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        let n = geometry.size();
        for (a, b) in self.pairs(geometry) {
            if let Some((x, y)) = self.broken(grid, a, b) {
                let what = match &self.forbidden {
                    Forbidden::Consecutive => "are consecutive".to_string(),
                    Forbidden::ConsecutiveWrapping(_) if x.abs_diff(y) > 1 => {
                        "are consecutive (1 and the largest digit count as consecutive)".to_string()
                    }
                    Forbidden::ConsecutiveWrapping(_) => "are consecutive".to_string(),
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
        self.forward_moves().iter().all(|&(dr, dc)| {
            [(dr, dc), (-dr, -dc)].into_iter().all(|m| {
                geometry.offset(cell, m).is_none_or(|other| {
                    let pair = unordered((cell, other));
                    self.except.binary_search(&pair).is_ok() || self.broken(grid, pair.0, pair.1).is_none()
                })
            })
        })
    }
}

impl Constraint for Negative {}

/// `nonconsecutive` in files: the dotted pairs are exempt.
pub(crate) static NONCONSECUTIVE: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("nonconsecutive", Shape::Flag),
    meaning: "orthogonal neighbours are not consecutive, except across a white or black dot",
    example: r#"{ type = "nonconsecutive" }"#,
    ..RuleKind::new("nonconsecutive", |_, context| {
        let rule = Negative::new("nonconsecutive", Forbidden::Consecutive, Adjacency::Orthogonal);
        Ok(Box::new(rule.except(context.dotted.iter().copied())))
    })
};

/// `negative-ratio` in files: the ratios of the puzzle's black dots.
pub(crate) static NEGATIVE_RATIO: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("negative: ratio", Shape::Negative("ratio")),
    meaning: "orthogonal neighbours without a dot are not in the ratio of any black dot (1:2 by default)",
    example: r#"{ type = "negative-ratio" }"#,
    ..RuleKind::new("negative-ratio", |_, context| {
        let forbidden = Forbidden::Ratios(context.ratios.clone());
        let rule = Negative::new("negative black dots", forbidden, Adjacency::Orthogonal);
        Ok(Box::new(rule.except(context.dotted.iter().copied())))
    })
};

/// `negative-xv` in files.
pub(crate) static NEGATIVE_XV: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("negative: xv", Shape::Negative("xv")),
    meaning: "orthogonal neighbours without an X or V do not add up to 5 or 10",
    example: r#"{ type = "negative-xv" }"#,
    ..RuleKind::new("negative-xv", |_, context| {
        let rule = Negative::new("negative XV", Forbidden::Sums(vec![5, 10]), Adjacency::Orthogonal);
        Ok(Box::new(rule.except(context.summed.iter().copied())))
    })
};

/// `diagonal-nonconsecutive` in files.
pub(crate) static DIAGONAL_NONCONSECUTIVE: RuleKind = RuleKind {
    meaning: "diagonal neighbours are not consecutive",
    example: r#"{ type = "diagonal-nonconsecutive" }"#,
    ..RuleKind::new("diagonal-nonconsecutive", |_, _| {
        let name = "diagonal nonconsecutive";
        Ok(Box::new(Negative::new(
            name,
            Forbidden::Consecutive,
            Adjacency::Diagonal,
        )))
    })
};

/// `nonconsecutive-plus` in files (NC+): the dotted pairs are exempt, as
/// for `nonconsecutive`.
pub(crate) static NONCONSECUTIVE_PLUS: RuleKind = RuleKind {
    meaning: "orthogonal neighbours are not consecutive, and 1 and the largest digit count as consecutive \
              (NC+), except across a white or black dot",
    example: r#"{ type = "nonconsecutive-plus" }"#,
    ..RuleKind::new("nonconsecutive-plus", |_, context| {
        let forbidden = Forbidden::ConsecutiveWrapping(context.size().min(255) as Digit);
        let rule = Negative::new("nonconsecutive plus", forbidden, Adjacency::Orthogonal);
        Ok(Box::new(rule.except(context.dotted.iter().copied())))
    })
};

/// `knightmare` in files: 5 and 15 unless the rule lists its sums.
pub(crate) static KNIGHTMARE: RuleKind = RuleKind {
    meaning: "cells a chess knight's move apart do not add up to any of the sums (5 and 15 by default)",
    summary: "sums (optional)",
    params: &[Param::optional(
        "sums",
        ParamType::Integers {
            what: "sum",
            range: |n| 3..2 * n as i64,
        },
        "sums = [5, 15]",
    )],
    example: r#"{ type = "knightmare", sums = [5, 15] }"#,
    ..RuleKind::new("knightmare", |rule, _| {
        let sums = match rule.numbers("sums") {
            Some(sums) => sums.iter().map(|&s| s.clamp(0, u16::MAX.into()) as u16).collect(),
            None => vec![5, 15],
        };
        let rule = Negative::new("knightmare", Forbidden::Sums(sums), Adjacency::Knight);
        Ok(Box::new(rule))
    })
};

/// The two cells of a dot.
const TWO_CELLS: Param = Param::required("cells", ParamType::TwoCells, "cells = [\"r1c1\", \"r1c2\"]");

/// The two cells of a pair rule (present: required parameters are checked
/// before any build).
fn two_cells(rule: &RuleSpec) -> (Cell, Cell) {
    rule.pair("cells").unwrap_or((Cell(0), Cell(1)))
}

/// `difference` in files: a white dot.
pub(crate) static DIFFERENCE: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("difference", Shape::Own),
    meaning: "a white dot: the two digits differ by the value (1 by default)",
    summary: "cells (two), value (optional)",
    params: &[
        TWO_CELLS,
        Param::with_default("value", ParamType::Digit, Presence::Number(1)),
    ],
    example: r#"{ type = "difference", cells = ["r4c4", "r4c5"], value = 2 }"#,
    mark: Mark::Dot,
    ..RuleKind::new("difference", |rule, _| {
        let (a, b) = two_cells(rule);
        let value = rule.number("value").unwrap_or(1) as Digit;
        Ok(Box::new(Dot::new(DotKind::Difference(value), a, b)))
    })
};

/// `ratio` in files: a black dot.
pub(crate) static RATIO: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("ratio", Shape::Own),
    meaning: "a black dot: one digit is the value (2 by default) times the other",
    summary: "cells (two), value (optional)",
    params: &[
        TWO_CELLS,
        Param::with_default("value", ParamType::Digit, Presence::Number(2)),
    ],
    example: r#"{ type = "ratio", cells = "r5c4 r5c5" }"#,
    mark: Mark::Ratio,
    ..RuleKind::new("ratio", |rule, _| {
        let (a, b) = two_cells(rule);
        let value = rule.number("value").unwrap_or(2) as Digit;
        Ok(Box::new(Dot::new(DotKind::Ratio(value), a, b)))
    })
};

/// Builds a sum between two cells (`xv` and `sum`).
fn build_sum(
    rule: &RuleSpec,
    _: &crate::rule::BuildContext<'_>,
) -> Result<Box<dyn Constraint>, crate::rule::SpecError> {
    let (a, b) = two_cells(rule);
    let sum = rule.number("value").unwrap_or(10);
    crate::rule::fits(
        "sum",
        u16::try_from(sum)
            .map(drop)
            .map_err(|_| format!("a sum of {sum} is out of range")),
    )?;
    Ok(Box::new(SumPair::new(sum as u16, a, b)))
}

/// `xv` in files: an X (10) or a V (5).
pub(crate) static XV: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("xv", Shape::Own),
    meaning: "an X: the two digits add up to 10; a V: to 5",
    summary: "cells (two), value (\"X\" or \"V\")",
    params: &[
        TWO_CELLS,
        Param::required("value", ParamType::SumMark, "value = \"X\""),
    ],
    example: r#"{ type = "xv", cells = "r6c4 r6c5", value = "X" }"#,
    mark: Mark::Sum,
    ..RuleKind::new("xv", build_sum)
};

/// `sum` in files: any sum between two cells; a sum of 5 or 10 reads as
/// an `xv`, so that both spellings give the same rule.
pub(crate) static SUM: RuleKind = RuleKind {
    meaning: "the two digits add up to the value",
    summary: "cells (two), value",
    params: &[
        TWO_CELLS,
        Param::required(
            "value",
            ParamType::Integer {
                what: "sum",
                range: |_| 1..u16::MAX as i64 + 1,
            },
            "value = 10",
        ),
    ],
    example: r#"{ type = "sum", cells = "r7c4 r7c5", value = 7 }"#,
    check: Some(check_sum),
    mark: Mark::Sum,
    ..RuleKind::new("sum", build_sum)
};

fn check_sum(rule: RuleSpec, _: usize) -> Result<RuleSpec, Refusal> {
    Ok(match rule.number("value") {
        Some(value @ (5 | 10)) => RuleSpec::new(&XV)
            .with("cells", two_cells(&rule))
            .with("value", value),
        _ => rule,
    })
}
