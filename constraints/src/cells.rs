//! Rules about single cells: parity, fortress (minimum and maximum) cells,
//! given pencil marks.

use std::borrow::Cow;

use sudokit_core::{Cell, Constraint, Digit, Digits, Geometry, Grid, Relation, Rule, Violation};

use crate::rule::{Fpuzzles, Param, ParamType, RuleKind, Shape};
use crate::units::{checks_through_verify, distinct, orthogonal_neighbours, Report};

/// Which digits a parity rule keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parity {
    /// 1, 3, 5, …
    Odd,
    /// 2, 4, 6, …
    Even,
}

/// The marked cells hold odd digits (`Parity::Odd`, f-puzzles `odd`, grey
/// circles) or even digits (`Parity::Even`, `even`, grey squares).
///
/// A domain declaration: the engine keeps only digits of that parity in
/// the cells, DLX leaves the others out, SAT writes unit clauses.
///
/// ```
/// use sudokit_constraints::{Parity, ParityCells};
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let even = ParityCells::new(Parity::Even, [Cell(0)]);
/// let mut grid = Grid::empty(4);
/// grid.set(Cell(0), 3);
/// assert_eq!(even.check(&g, &grid).unwrap_err().message, "r1c1 holds 3, which is odd");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParityCells {
    parity: Parity,
    cells: Vec<Cell>,
}

impl ParityCells {
    /// The cells `cells` hold digits of `parity`.
    pub fn new(parity: Parity, cells: impl IntoIterator<Item = Cell>) -> ParityCells {
        ParityCells {
            parity,
            cells: cells.into_iter().collect(),
        }
    }

    fn keeps(&self, digit: Digit) -> bool {
        (digit % 2 == 1) == (self.parity == Parity::Odd)
    }
}

impl Rule for ParityCells {
    fn name(&self) -> Cow<'_, str> {
        match self.parity {
            Parity::Odd => "odd cells".into(),
            Parity::Even => "even cells".into(),
        }
    }

    fn domains(&self, geometry: &Geometry) -> Vec<(Cell, Digits<u128>)> {
        let digits: Digits<u128> = (1..=geometry.size() as Digit)
            .filter(|&d| self.keeps(d))
            .collect();
        self.cells.iter().map(|&c| (c, digits)).collect()
    }

    checks_through_verify!();
}

impl ParityCells {
    /// `check`'s logic, described as `report` asks.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        for &cell in &self.cells {
            if let Some(d) = grid.get(cell) {
                if !self.keeps(d) {
                    let what = if d % 2 == 1 { "odd" } else { "even" };
                    return Err(report.violation(
                        || format!("{} holds {d}, which is {what}", cell.name(geometry.size())),
                        || vec![cell],
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Constraint for ParityCells {}

/// Which way a fortress cell compares with its neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Extreme {
    /// Smaller than its neighbours (f-puzzles `minimum`).
    Minimum,
    /// Larger than its neighbours (f-puzzles `maximum`, fortress cells).
    Maximum,
}

/// Each marked cell is smaller (`Minimum`) or larger (`Maximum`) than every
/// orthogonal neighbour that is not itself marked the same way.
///
/// A relation rule: `<` or `>` with each such neighbour.
///
/// ```
/// use sudokit_constraints::{Extreme, ExtremeCells};
/// use sudokit_core::{Cell, Geometry, Rule};
/// let g = Geometry::square(4).unwrap();
/// // r1c1 and r1c2 are both maxima: they compare with r2c1 and r2c2 only.
/// let fortress = ExtremeCells::new(Extreme::Maximum, [Cell(0), Cell(1)]);
/// assert_eq!(fortress.relations(&g).len(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtremeCells {
    extreme: Extreme,
    cells: Vec<Cell>,
}

impl ExtremeCells {
    /// The cells `cells` are minima or maxima of their neighbourhoods.
    pub fn new(extreme: Extreme, cells: impl IntoIterator<Item = Cell>) -> ExtremeCells {
        let cells = distinct(cells);
        ExtremeCells { extreme, cells }
    }

    /// The marked cells and the neighbours each one compares with.
    fn comparisons<'a>(&'a self, geometry: &'a Geometry) -> impl Iterator<Item = (Cell, Cell)> + 'a {
        self.cells.iter().flat_map(move |&cell| {
            orthogonal_neighbours(cell, geometry)
                .filter(|other| self.cells.binary_search(other).is_err())
                .map(move |other| (cell, other))
        })
    }
}

impl Rule for ExtremeCells {
    fn name(&self) -> Cow<'_, str> {
        match self.extreme {
            Extreme::Minimum => "minimum cells".into(),
            Extreme::Maximum => "maximum cells".into(),
        }
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        self.comparisons(geometry)
            .map(|(cell, other)| match self.extreme {
                Extreme::Minimum => (cell, other, Relation::Less),
                Extreme::Maximum => (other, cell, Relation::Less),
            })
            .collect()
    }

    checks_through_verify!();
}

impl ExtremeCells {
    /// `check`'s logic, described as `report` asks.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        for (cell, other) in self.comparisons(geometry) {
            if let (Some(a), Some(b)) = (grid.get(cell), grid.get(other)) {
                let fine = match self.extreme {
                    Extreme::Minimum => a < b,
                    Extreme::Maximum => a > b,
                };
                if !fine {
                    let (word, sign) = match self.extreme {
                        Extreme::Minimum => ("minimum", "smaller"),
                        Extreme::Maximum => ("maximum", "larger"),
                    };
                    return Err(report.violation(
                        || {
                            format!(
                                "{word} cell {} = {a} is not {sign} than {} = {b}",
                                cell.name(n),
                                other.name(n)
                            )
                        },
                        || vec![cell, other],
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Constraint for ExtremeCells {}

/// The cell holds one of the listed digits (a setter's given pencil marks,
/// f-puzzles `givenPencilMarks`).
///
/// ```
/// use sudokit_constraints::PencilMarks;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let marks = PencilMarks::new(Cell(5), [1, 4]);
/// let mut grid = Grid::empty(4);
/// grid.set(Cell(5), 4);
/// assert!(marks.check(&g, &grid).is_ok());
/// grid.set(Cell(5), 2);
/// assert_eq!(marks.check(&g, &grid).unwrap_err().message, "r2c2 holds 2, not one of 1, 4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PencilMarks {
    cell: Cell,
    digits: Vec<Digit>,
}

impl PencilMarks {
    /// `cell` holds one of `digits`.
    pub fn new(cell: Cell, digits: impl IntoIterator<Item = Digit>) -> PencilMarks {
        let mut digits: Vec<Digit> = digits.into_iter().collect();
        digits.sort_unstable();
        digits.dedup();
        PencilMarks { cell, digits }
    }
}

impl Rule for PencilMarks {
    fn name(&self) -> Cow<'_, str> {
        "given pencil marks".into()
    }

    fn domains(&self, _: &Geometry) -> Vec<(Cell, Digits<u128>)> {
        vec![(
            self.cell,
            self.digits
                .iter()
                .copied()
                .filter(|d| (1..=128).contains(d))
                .collect(),
        )]
    }

    checks_through_verify!();
}

impl PencilMarks {
    /// `check`'s logic, described as `report` asks.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        match grid.get(self.cell) {
            Some(d) if !self.digits.contains(&d) => {
                let list: Vec<String> = self.digits.iter().map(|d| d.to_string()).collect();
                Err(report.violation(
                    || {
                        format!(
                            "{} holds {d}, not one of {}",
                            self.cell.name(geometry.size()),
                            list.join(", ")
                        )
                    },
                    || vec![self.cell],
                ))
            }
            _ => Ok(()),
        }
    }
}

impl Constraint for PencilMarks {}

/// `pencil-marks` in files.
pub(crate) static PENCIL_MARKS: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("grid[].givenPencilMarks", Shape::Own),
    meaning: "the cell holds one of the given digits",
    summary: "cell, digits",
    params: &[
        Param::required("cell", ParamType::Cell, "cell = \"r1c1\""),
        Param::required("digits", ParamType::Digits, "digits = [1, 2]"),
    ],
    example: r#"{ type = "pencil-marks", cell = "r3c3", digits = [1, 2, 3] }"#,
    ..RuleKind::new("pencil-marks", |rule, _| {
        let cell = rule.cells("cell").first().copied().unwrap_or(Cell(0));
        let digits = rule.digits("digits").unwrap_or(&[]);
        Ok(Box::new(PencilMarks::new(cell, digits.iter().copied())))
    })
};

/// `odd` in files.
pub(crate) static ODD: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("odd", Shape::Markers),
    meaning: "the cells hold odd digits",
    example: r#"{ type = "odd", cells = "r1c1 r5c5" }"#,
    ..RuleKind::on_cells("odd", |rule, _| {
        Ok(Box::new(ParityCells::new(
            Parity::Odd,
            rule.cells("cells").iter().copied(),
        )))
    })
};

/// `even` in files.
pub(crate) static EVEN: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("even", Shape::Markers),
    meaning: "the cells hold even digits",
    example: r#"{ type = "even", cells = ["r1c2", "r9c9"] }"#,
    ..RuleKind::on_cells("even", |rule, _| {
        Ok(Box::new(ParityCells::new(
            Parity::Even,
            rule.cells("cells").iter().copied(),
        )))
    })
};

/// `minimum` in files.
pub(crate) static MINIMUM: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("minimum", Shape::Markers),
    meaning: "each cell is smaller than its orthogonal neighbours that are not minimum cells",
    example: r#"{ type = "minimum", cells = "r2c2" }"#,
    ..RuleKind::on_cells("minimum", |rule, _| {
        Ok(Box::new(ExtremeCells::new(
            Extreme::Minimum,
            rule.cells("cells").iter().copied(),
        )))
    })
};

/// `maximum` in files.
pub(crate) static MAXIMUM: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("maximum", Shape::Markers),
    meaning: "each cell is larger than its orthogonal neighbours that are not maximum cells",
    example: r#"{ type = "maximum", cells = "r8c8" }"#,
    ..RuleKind::on_cells("maximum", |rule, _| {
        Ok(Box::new(ExtremeCells::new(
            Extreme::Maximum,
            rule.cells("cells").iter().copied(),
        )))
    })
};
