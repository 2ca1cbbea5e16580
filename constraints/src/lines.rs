//! Line rules: digits along a path of cells obey a pairwise rule.
//!
//! Every rule here is a set of pair relations, declared between every pair
//! of cells the rule relates (not only neighbours on the line, where that
//! makes propagation stronger: on a thermometer, a cell three steps further
//! is at least three larger).

use std::borrow::Cow;

use sudokit_core::{Cell, Constraint, Digit, Geometry, Grid, Relation, Rule, Violation};

/// What a line says about its digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// Strictly increasing from the first cell (the bulb): `thermometer`.
    Thermometer,
    /// Never decreasing from the bulb (digits may repeat): `slowthermometer`.
    SlowThermometer,
    /// The same read from either end: `palindrome`.
    Palindrome,
    /// Neighbours on the line differ by at least `gap` (5 on 9×9 for German
    /// whispers, 4 for Dutch): `whispers`.
    Whispers {
        /// The smallest difference between neighbours.
        gap: Digit,
    },
    /// No two digits on the line are equal or consecutive: `nabner`.
    Nabner,
}

/// A line of cells with a [`LineKind`] rule.
///
/// ```
/// use sudokit_constraints::{Line, LineKind};
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let thermo = Line::new(LineKind::Thermometer, [Cell(0), Cell(1), Cell(2)]);
/// // Every pair: the third cell is at least 2 above the bulb.
/// assert_eq!(thermo.relations(&g).len(), 3);
/// let mut grid = Grid::empty(9);
/// grid.set(Cell(0), 5);
/// grid.set(Cell(2), 4);
/// assert_eq!(thermo.check(&g, &grid).unwrap_err().message, "thermometer: r1c3 = 4 is not above r1c1 = 5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    kind: LineKind,
    cells: Vec<Cell>,
}

impl Line {
    /// The line through `cells`, in order.
    pub fn new(kind: LineKind, cells: impl IntoIterator<Item = Cell>) -> Line {
        Line {
            kind,
            cells: cells.into_iter().collect(),
        }
    }

    /// German whispers on an `n`×`n` board: neighbours differ by ⌈n/2⌉.
    pub fn whispers(n: usize, cells: impl IntoIterator<Item = Cell>) -> Line {
        Line::new(
            LineKind::Whispers {
                gap: n.div_ceil(2) as Digit,
            },
            cells,
        )
    }

    /// The cells, in order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The rule.
    pub fn kind(&self) -> LineKind {
        self.kind
    }

    /// The pairs `(i, j)` of positions the rule relates, `i < j`.
    fn position_pairs(&self) -> Vec<(usize, usize)> {
        let len = self.cells.len();
        match self.kind {
            LineKind::Thermometer | LineKind::SlowThermometer | LineKind::Nabner => {
                (0..len).flat_map(|i| (i + 1..len).map(move |j| (i, j))).collect()
            }
            LineKind::Palindrome => (0..len / 2).map(|i| (i, len - 1 - i)).collect(),
            LineKind::Whispers { .. } => (1..len).map(|j| (j - 1, j)).collect(),
        }
    }

    /// What holds between positions `i < j` holding `x` and `y`, in words
    /// when it does not.
    fn broken(&self, (i, j): (usize, usize), x: Digit, y: Digit) -> Option<&'static str> {
        let _ = (i, j);
        match self.kind {
            LineKind::Thermometer if y <= x => Some("is not above"),
            LineKind::SlowThermometer if y < x => Some("is below"),
            LineKind::Palindrome if x != y => Some("does not mirror"),
            LineKind::Whispers { gap } if x.abs_diff(y) < gap => Some("is too close to"),
            LineKind::Nabner if x.abs_diff(y) <= 1 => Some("is equal or consecutive to"),
            _ => None,
        }
    }
}

impl Rule for Line {
    fn name(&self) -> Cow<'_, str> {
        match self.kind {
            LineKind::Thermometer => "thermometer".into(),
            LineKind::SlowThermometer => "slow thermometer".into(),
            LineKind::Palindrome => "palindrome".into(),
            LineKind::Whispers { gap } => format!("whispers {gap}").into(),
            LineKind::Nabner => "nabner".into(),
        }
    }

    fn relations(&self, _: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        self.position_pairs()
            .into_iter()
            .map(|(i, j)| {
                let relation = match self.kind {
                    LineKind::Thermometer => Relation::LessBy((j - i).min(255) as Digit),
                    LineKind::SlowThermometer => Relation::LessOrEqual,
                    LineKind::Palindrome => Relation::Equal,
                    LineKind::Whispers { gap } => Relation::DifferenceAtLeast(gap),
                    LineKind::Nabner => Relation::DifferenceAtLeast(2),
                };
                (self.cells[i], self.cells[j], relation)
            })
            .collect()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        let n = geometry.size();
        for (i, j) in self.position_pairs() {
            let (a, b) = (self.cells[i], self.cells[j]);
            if let (Some(x), Some(y)) = (grid.get(a), grid.get(b)) {
                if let Some(what) = self.broken((i, j), x, y) {
                    return Err(Violation::new(
                        format!("{}: {} = {y} {what} {} = {x}", self.name(), b.name(n), a.name(n)),
                        vec![a, b],
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Constraint for Line {}
