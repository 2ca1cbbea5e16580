//! Sum rules: killer cages with a total, arrows, double arrows, zipper
//! lines, region-sum lines and little killers.
//!
//! Every rule here declares linear [`Sum`]s (and a killer cage its group):
//! the engine propagates them all with one exact propagator that knows
//! which cells must differ, derives innies and outies from the cage-like
//! ones, and SAT encodes them. DLX has no form for a sum and refuses them.
//! Each rule's `check` adds the digits up on its own.

use std::borrow::Cow;

use sudokit_core::{
    keep_digit_sets, Cell, Constraint, Contradiction, Ctx, Geometry, Grid, Group, Propagate, Reason, Rule,
    Sum, Violation, Word,
};

use crate::clues::Direction;
use crate::equal_sums::{equal_sums, first_unequal};
use crate::regions::Cage;
use crate::rule::{
    distinct_fit, fits, Fpuzzles, Param, ParamType, Refusal, RuleKind, RuleSpec, Shape, SpecError,
};
use crate::units::{
    checks_through_verify, duplicate_violation, first_duplicate, full_sum, mask, names, Report,
};

/// A killer cage with a total: its digits differ and add up to the total.
///
/// ```
/// use sudokit_constraints::KillerCage;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let cage = KillerCage::new([Cell(0), Cell(1)], 3);
/// assert_eq!(cage.name(), "killer cage 3");
/// let mut grid = Grid::empty(9);
/// grid.set(Cell(0), 1);
/// assert!(cage.check(&g, &grid).is_ok());
/// grid.set(Cell(1), 3);
/// assert_eq!(cage.check(&g, &grid).unwrap_err().message, "killer cage 3: r1c1 + r1c2 = 4, not 3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KillerCage {
    cells: Vec<Cell>,
    total: u32,
}

impl KillerCage {
    /// The cage over `cells` adding up to `total`.
    pub fn new(cells: impl IntoIterator<Item = Cell>, total: u32) -> KillerCage {
        KillerCage {
            cells: cells.into_iter().collect(),
            total,
        }
    }

    /// The cells.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The total.
    pub fn total(&self) -> u32 {
        self.total
    }
}

impl Rule for KillerCage {
    fn name(&self) -> Cow<'_, str> {
        format!("killer cage {}", self.total).into()
    }

    fn groups(&self, _: &Geometry) -> Vec<Group> {
        vec![Group::new(self.name(), self.cells.clone())]
    }

    fn sums(&self, _: &Geometry) -> Vec<Sum> {
        vec![Sum::new(self.cells.iter().copied(), self.total as i32)]
    }

    checks_through_verify!();
}

impl KillerCage {
    /// `check`'s logic: no repeated digit, and the digits add up to the total.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        if let Some(dup) = first_duplicate(grid, &self.cells) {
            return Err(duplicate_violation(report, n, dup, || self.name()));
        }
        let (mut sum, mut filled) = (0u32, 0usize);
        for d in self.cells.iter().filter_map(|&c| grid.get(c)) {
            sum += u32::from(d);
            filled += 1;
        }
        let full = filled == self.cells.len();
        if (full && sum != self.total) || sum > self.total {
            return Err(report.violation(
                || {
                    let what = if full { "" } else { " already" };
                    format!(
                        "{}: {} = {sum}{what}, {} {}",
                        self.name(),
                        names(&self.cells, n),
                        if full { "not" } else { "above" },
                        self.total
                    )
                },
                || self.cells.clone(),
            ));
        }
        Ok(())
    }
}

impl Constraint for KillerCage {}

/// An arrow: the digits along each shaft add up to the number in the
/// circle (a pill of several cells reads as a number, first cell first).
///
/// ```
/// use sudokit_constraints::Arrow;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// // A two-cell pill r1c1 r1c2 and one shaft r2c1 r3c1 r4c1 r5c1.
/// let arrow = Arrow::new([Cell(0), Cell(1)], [vec![Cell(9), Cell(18), Cell(27), Cell(36)]]);
/// let mut grid = Grid::empty(9);
/// for (cell, d) in [(0, 1), (1, 2), (9, 3), (18, 4), (27, 2), (36, 4)] {
///     grid.set(Cell(cell), d);
/// }
/// assert_eq!(arrow.check(&g, &grid).unwrap_err().message, "arrow r1c1: r2c1 + r3c1 + r4c1 + r5c1 = 13, not 12");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    circle: Vec<Cell>,
    shafts: Vec<Vec<Cell>>,
}

impl Arrow {
    /// An arrow from the circle (one cell) or pill (several, read in this
    /// order as a number) along every shaft.
    pub fn new(circle: impl IntoIterator<Item = Cell>, shafts: impl IntoIterator<Item = Vec<Cell>>) -> Arrow {
        Arrow {
            circle: circle.into_iter().collect(),
            shafts: shafts.into_iter().filter(|s| !s.is_empty()).collect(),
        }
    }

    /// The circle or pill.
    pub fn circle(&self) -> &[Cell] {
        &self.circle
    }

    /// The shafts.
    pub fn shafts(&self) -> &[Vec<Cell>] {
        &self.shafts
    }

    /// The circle's cells with their place values (the last cell is units).
    fn place_values(&self) -> impl Iterator<Item = (Cell, i32)> + '_ {
        let len = self.circle.len();
        self.circle
            .iter()
            .enumerate()
            .map(move |(i, &c)| (c, 10i32.saturating_pow((len - 1 - i) as u32)))
    }
}

impl Rule for Arrow {
    fn name(&self) -> Cow<'_, str> {
        "arrow".into()
    }

    fn sums(&self, _: &Geometry) -> Vec<Sum> {
        self.shafts
            .iter()
            .map(|shaft| {
                let terms = shaft.iter().map(|&c| (c, 1));
                Sum::from_terms(terms.chain(self.place_values().map(|(c, k)| (c, -k))), 0)
            })
            .collect()
    }

    checks_through_verify!();
}

impl Arrow {
    /// `check`'s logic: each filled shaft adds up to the filled circle's number.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let mut number = 0u64;
        for &c in &self.circle {
            let Some(d) = grid.get(c) else {
                return Ok(());
            };
            number = number * 10 + u64::from(d);
        }
        for shaft in &self.shafts {
            if let Some(sum) = full_sum(grid, shaft).map(u64::from) {
                if sum != number {
                    return Err(report.violation(
                        || {
                            format!(
                                "arrow {}: {} = {sum}, not {number}",
                                self.circle[0].name(n),
                                names(shaft, n)
                            )
                        },
                        || self.circle.iter().chain(shaft).copied().collect(),
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Constraint for Arrow {}

/// A double arrow: the two end cells add up to the digits between them.
///
/// ```
/// use sudokit_constraints::DoubleArrow;
/// use sudokit_core::{Cell, Geometry, Rule};
/// let g = Geometry::square(9).unwrap();
/// let line = DoubleArrow::new([Cell(0), Cell(1), Cell(2), Cell(3)]);
/// assert_eq!(line.sums(&g)[0].describe(9), "r1c1 + r1c4 − r1c2 − r1c3 = 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubleArrow {
    cells: Vec<Cell>,
}

impl DoubleArrow {
    /// The line through `cells`; its ends are the circles.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> DoubleArrow {
        DoubleArrow {
            cells: cells.into_iter().collect(),
        }
    }

    /// The cells, in order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    fn ends_and_middle(&self) -> Option<([Cell; 2], &[Cell])> {
        match &self.cells[..] {
            [first, middle @ .., last] if !middle.is_empty() => Some(([*first, *last], middle)),
            _ => None,
        }
    }
}

impl Rule for DoubleArrow {
    fn name(&self) -> Cow<'_, str> {
        "double arrow".into()
    }

    fn sums(&self, _: &Geometry) -> Vec<Sum> {
        let Some((ends, middle)) = self.ends_and_middle() else {
            return Vec::new();
        };
        let terms = ends
            .iter()
            .map(|&c| (c, 1))
            .chain(middle.iter().map(|&c| (c, -1)));
        vec![Sum::from_terms(terms, 0)]
    }

    checks_through_verify!();
}

impl DoubleArrow {
    /// `check`'s logic: once all are filled, the ends add up to the middle.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let Some((ends, middle)) = self.ends_and_middle() else {
            return Ok(());
        };
        let (Some(outer), Some(inner)) = (full_sum(grid, &ends), full_sum(grid, middle)) else {
            return Ok(());
        };
        if outer != inner {
            return Err(report.violation(
                || {
                    format!(
                        "double arrow: {} = {outer}, but {} = {inner}",
                        names(&ends, n),
                        names(middle, n)
                    )
                },
                || self.cells.clone(),
            ));
        }
        Ok(())
    }
}

impl Constraint for DoubleArrow {}

/// A zipper line: cells the same distance from the middle add up to the
/// same total; on a line of odd length that total is the middle cell.
///
/// ```
/// use sudokit_constraints::ZipperLine;
/// use sudokit_core::{Cell, Geometry, Rule};
/// let g = Geometry::square(9).unwrap();
/// let odd = ZipperLine::new([Cell(0), Cell(1), Cell(2), Cell(3), Cell(4)]);
/// let sums: Vec<String> = odd.sums(&g).iter().map(|s| s.describe(9)).collect();
/// assert_eq!(sums, ["r1c1 + r1c5 − r1c3 = 0", "r1c2 + r1c4 − r1c3 = 0"]);
/// let even = ZipperLine::new([Cell(0), Cell(1), Cell(2), Cell(3)]);
/// assert_eq!(even.sums(&g)[0].describe(9), "r1c2 + r1c3 − r1c1 − r1c4 = 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZipperLine {
    cells: Vec<Cell>,
}

impl ZipperLine {
    /// The line through `cells`.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> ZipperLine {
        ZipperLine {
            cells: cells.into_iter().collect(),
        }
    }

    /// The cells, in order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The pairs of cells the same distance from the middle, innermost
    /// last, and the middle cell of an odd line.
    fn pairs(&self) -> (Vec<[Cell; 2]>, Option<Cell>) {
        let len = self.cells.len();
        let pairs = (0..len / 2)
            .map(|i| [self.cells[i], self.cells[len - 1 - i]])
            .collect();
        (pairs, (len % 2 == 1).then(|| self.cells[len / 2]))
    }
}

impl Rule for ZipperLine {
    fn name(&self) -> Cow<'_, str> {
        "zipper line".into()
    }

    fn sums(&self, _: &Geometry) -> Vec<Sum> {
        let (pairs, middle) = self.pairs();
        match middle {
            Some(m) => pairs
                .iter()
                .map(|&[a, b]| Sum::from_terms([(a, 1), (b, 1), (m, -1)], 0))
                .collect(),
            // Every two pairs, not each pair against one: a star through
            // the innermost pair would say only that each total is among
            // the sums its two digits can make, losing which totals two
            // outer pairs share (ISS relates every two pairs too).
            None => pairs
                .iter()
                .enumerate()
                .rev()
                .flat_map(|(i, &[x, y])| {
                    pairs[..i]
                        .iter()
                        .rev()
                        .map(move |&[a, b]| Sum::from_terms([(x, 1), (y, 1), (a, -1), (b, -1)], 0))
                })
                .collect(),
        }
    }

    checks_through_verify!();
}

impl ZipperLine {
    /// `check`'s logic: every filled pair adds up to the filled middle, or
    /// to the innermost filled pair on an even line.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let len = self.cells.len();
        let pair = |i: usize| [self.cells[i], self.cells[len - 1 - i]];
        // The total so far, and the pair that set it (`None`: the middle).
        let mut target: Option<(u32, Option<usize>)> = match len % 2 {
            1 => grid.get(self.cells[len / 2]).map(|d| (u32::from(d), None)),
            _ => None,
        };
        for i in (0..len / 2).rev() {
            let Some(sum) = full_sum(grid, &pair(i)) else {
                continue;
            };
            match target {
                Some((total, by)) if total != sum => {
                    return Err(report.violation(
                        || {
                            let what = match by {
                                Some(j) => names(&pair(j), n),
                                None => self.cells[len / 2].name(n),
                            };
                            format!(
                                "zipper line: {} = {sum}, but {what} = {total}",
                                names(&pair(i), n)
                            )
                        },
                        || self.cells.clone(),
                    ));
                }
                Some(_) => {}
                None => target = Some((sum, Some(i))),
            }
        }
        Ok(())
    }
}

impl Constraint for ZipperLine {}

/// A region-sum line: where the line passes through a region, its cells
/// there add up to the same total for every such stretch (a line that
/// leaves a region and comes back starts a new stretch).
///
/// ```
/// use sudokit_constraints::RegionSumLine;
/// use sudokit_core::{Cell, Geometry, Rule};
/// let g = Geometry::square(4).unwrap();
/// // r1c1 r1c2 in box 1, r1c3 in box 2: r1c1 + r1c2 = r1c3.
/// let line = RegionSumLine::new([Cell(0), Cell(1), Cell(2)]);
/// assert_eq!(line.sums(&g)[0].describe(4), "r1c1 + r1c2 − r1c3 = 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionSumLine {
    cells: Vec<Cell>,
}

impl RegionSumLine {
    /// The line through `cells`.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> RegionSumLine {
        RegionSumLine {
            cells: cells.into_iter().collect(),
        }
    }

    /// The cells, in order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The stretches of the line inside one region, in order.
    fn stretches(&self, geometry: &Geometry) -> Vec<&[Cell]> {
        self.cells
            .chunk_by(|&a, &b| geometry.region_of(a) == geometry.region_of(b))
            .collect()
    }
}

impl Rule for RegionSumLine {
    fn name(&self) -> Cow<'_, str> {
        "region sum line".into()
    }

    fn sums(&self, geometry: &Geometry) -> Vec<Sum> {
        equal_sums(&self.stretches(geometry))
    }

    checks_through_verify!();
}

impl RegionSumLine {
    /// `check`'s logic: every filled stretch adds up to the first filled one.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let stretches = self.stretches(geometry);
        let Some(((stretch, sum), (first, total))) = first_unequal(grid, &stretches) else {
            return Ok(());
        };
        let n = geometry.size();
        Err(report.violation(
            || {
                format!(
                    "region sum line: {} = {sum}, but {} = {total}",
                    names(stretch, n),
                    names(first, n)
                )
            },
            || self.cells.clone(),
        ))
    }
}

impl Constraint for RegionSumLine {}

/// A little killer: the digits along a diagonal add up to the clue (digits
/// may repeat where other rules allow).
///
/// ```
/// use sudokit_constraints::LittleKiller;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let clue = LittleKiller::new([Cell(1), Cell(6), Cell(11)], 6);
/// let mut grid = Grid::empty(4);
/// for (cell, d) in [(1, 1), (6, 1), (11, 3)] {
///     grid.set(Cell(cell), d);
/// }
/// assert_eq!(clue.check(&g, &grid).unwrap_err().message, "little killer 6: r1c2 + r2c3 + r3c4 = 5, not 6");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LittleKiller {
    cells: Vec<Cell>,
    total: u32,
}

impl LittleKiller {
    /// The clue `total` over the diagonal `cells`.
    pub fn new(cells: impl IntoIterator<Item = Cell>, total: u32) -> LittleKiller {
        LittleKiller {
            cells: cells.into_iter().collect(),
            total,
        }
    }

    /// The cells of the diagonal.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
}

impl Rule for LittleKiller {
    fn name(&self) -> Cow<'_, str> {
        format!("little killer {}", self.total).into()
    }

    fn sums(&self, _: &Geometry) -> Vec<Sum> {
        vec![Sum::new(self.cells.iter().copied(), self.total as i32)]
    }

    checks_through_verify!();
}

impl LittleKiller {
    /// `check`'s logic: the digits add up to the clue.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let filled: u32 = self
            .cells
            .iter()
            .filter_map(|&c| grid.get(c))
            .map(u32::from)
            .sum();
        let full = self.cells.iter().all(|&c| grid.get(c).is_some());
        if (full && filled != self.total) || filled > self.total {
            return Err(report.violation(
                || {
                    format!(
                        "{}: {} = {filled}{}, {} {}",
                        self.name(),
                        names(&self.cells, geometry.size()),
                        if full { "" } else { " already" },
                        if full { "not" } else { "above" },
                        self.total
                    )
                },
                || self.cells.clone(),
            ));
        }
        Ok(())
    }
}

impl Constraint for LittleKiller {}

/// A digital-root cage (SudokuSolver's `cage` with a value `DR<k>`): the
/// digits differ, and the digital root of their sum is `root` (the sum is
/// `root`, `root + 9`, `root + 18` … as far as the cage can reach).
///
/// Not a linear sum: the propagator keeps exactly the digits of some set
/// whose sum has the right root ([`keep_digit_sets`]). SAT takes the sets as
/// clauses (`digital_root_clauses.rs`); DLX refuses it by name.
///
/// ```
/// use sudokit_constraints::DigitalRootCage;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let cage = DigitalRootCage::new([Cell(0), Cell(1)], 3);
/// let mut grid = Grid::empty(9);
/// grid.set(Cell(0), 5);
/// grid.set(Cell(1), 7); // 12: digital root 3
/// assert!(cage.check(&g, &grid).is_ok());
/// grid.set(Cell(1), 8);
/// assert_eq!(cage.check(&g, &grid).unwrap_err().message, "digital root cage 3: r1c1 + r1c2 = 13, whose digital root is 4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigitalRootCage {
    cells: Vec<Cell>,
    root: u32,
}

/// The digital root of a positive number: 1 + (s − 1) mod 9.
fn digital_root(sum: u32) -> u32 {
    if sum == 0 {
        0
    } else {
        1 + (sum - 1) % 9
    }
}

impl DigitalRootCage {
    /// The cage over `cells` whose sum has digital root `root` (1 to 9).
    pub fn new(cells: impl IntoIterator<Item = Cell>, root: u32) -> DigitalRootCage {
        DigitalRootCage {
            cells: cells.into_iter().collect(),
            root,
        }
    }

    /// The cells.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The digital root.
    pub fn root(&self) -> u32 {
        self.root
    }
}

impl Rule for DigitalRootCage {
    fn name(&self) -> Cow<'_, str> {
        format!("digital root cage {}", self.root).into()
    }

    fn clauses(
        &self,
        g: &Geometry,
        _: &sudokit_core::cnf::ClauseOptions,
        sink: &mut dyn sudokit_core::cnf::ClauseSink,
    ) -> Result<(), sudokit_core::Unsupported> {
        crate::digital_root_clauses::digital_root_cage(&self.name(), &self.cells, self.root, g.size(), sink)
    }

    fn groups(&self, _: &Geometry) -> Vec<Group> {
        vec![Group::new(self.name(), self.cells.clone())]
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        self.cells.clone()
    }

    checks_through_verify!();
}

impl DigitalRootCage {
    /// `check`'s logic: no repeated digit, and the full sum has the root.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        if let Some(dup) = first_duplicate(grid, &self.cells) {
            return Err(duplicate_violation(report, n, dup, || self.name()));
        }
        let Some(sum) = full_sum(grid, &self.cells) else {
            return Ok(());
        };
        if digital_root(sum) != self.root {
            return Err(report.violation(
                || {
                    format!(
                        "{}: {} = {sum}, whose digital root is {}",
                        self.name(),
                        names(&self.cells, n),
                        digital_root(sum)
                    )
                },
                || self.cells.clone(),
            ));
        }
        Ok(())
    }
}

impl Propagate for DigitalRootCage {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _: &[Cell]) -> Result<(), Contradiction> {
        let root = self.root;
        let accept = |set: u128| digital_root(mask::sum(set)) == root;
        cx.because(|| Reason::new(self.name().into_owned()).cells(self.cells.iter().copied()));
        keep_digit_sets(cx, &self.cells, accept).map(|_| ())
    }
}

/// A positive sum up to `u32::MAX`.
const SUM: ParamType = ParamType::Integer {
    what: "sum",
    range: |_| 1..u32::MAX as i64 + 1,
};

/// `killer-cage` in files: a cage without a sum only differs.
pub(crate) static KILLER_CAGE: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("killercage", Shape::Own),
    meaning: "the cage holds no repeated digit, and its digits add up to the sum when it shows one",
    summary: "cells, sum (optional)",
    params: &[Param::CELLS, Param::optional("sum", SUM, "sum = 15")],
    example: r#"{ type = "killer-cage", cells = "r1c1 r1c2 r2c1", sum = 10 }"#,
    ..RuleKind::new("killer-cage", |rule, context| {
        fits(
            "killer cage",
            distinct_fit(rule.cells("cells").len(), context.size()),
        )?;
        let cells = rule.cells("cells").iter().copied();
        Ok(match rule.number("sum") {
            Some(sum) => Box::new(KillerCage::new(cells, sum as u32)),
            None => Box::new(Cage::killer(cells)),
        })
    })
};

/// `double-arrow` in files.
pub(crate) static DOUBLE_ARROW: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("doublearrow", Shape::Lines),
    meaning: "the two ends of the line add up to the digits between them",
    summary: "cells (a line)",
    example: r#"{ type = "double-arrow", cells = "r9c1 r9c2 r9c3 r9c4" }"#,
    ..RuleKind::on_cells("double-arrow", |rule, context| {
        let (n, len) = (context.size(), rule.cells("cells").len());
        if len > 2 * n + 2 {
            let why = format!(
                "the {} cells between the ends add up to at least {}, more than two digits of a \
                 {n}×{n} board can make ({})",
                len - 2,
                len - 2,
                2 * n
            );
            fits("double arrow", Err(why))?;
        }
        Ok(Box::new(DoubleArrow::new(rule.cells("cells").iter().copied())))
    })
};

/// `zipper` in files.
pub(crate) static ZIPPER: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("zipperline", Shape::Lines),
    meaning: "cells the same distance from the middle add up to the same total (the middle cell, if any)",
    summary: "cells (a line)",
    example: r#"{ type = "zipper", cells = "r5c5 r5c6 r5c7" }"#,
    ..RuleKind::on_cells("zipper", |rule, _| {
        Ok(Box::new(ZipperLine::new(rule.cells("cells").iter().copied())))
    })
};

/// `region-sum-line` in files.
pub(crate) static REGION_SUM_LINE: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("regionsumline", Shape::Lines),
    meaning: "every stretch of the line inside one region has the same sum",
    summary: "cells (a line)",
    example: r#"{ type = "region-sum-line", cells = "r3c3 r3c4 r4c4" }"#,
    ..RuleKind::on_cells("region-sum-line", |rule, _| {
        Ok(Box::new(RegionSumLine::new(rule.cells("cells").iter().copied())))
    })
};

/// `arrow` in files: one shaft as `cells`, several as `shafts`.
pub(crate) static ARROW: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("arrow", Shape::Own),
    meaning: "the digits along each shaft add up to the circle (a pill reads as a number)",
    summary: "circle (a cell, or a pill's cells), cells (one shaft) or shafts (several)",
    params: &[
        Param::required("circle", ParamType::Cells, "circle = \"r1c1\""),
        Param::optional("cells", ParamType::Cells, "cells = [\"r1c1\", \"r1c2\"]"),
        Param::optional("shafts", ParamType::Shafts, "shafts = [[\"r2c2\"], [\"r1c2\"]]"),
    ],
    example: r#"{ type = "arrow", circle = "r1c1", cells = "r2c2 r3c3" }"#,
    check: Some(check_arrow),
    ..RuleKind::new("arrow", |rule, context| {
        let n = context.size();
        let circle = rule.cells("circle");
        if circle.len() > 1 && n > 9 {
            return Err(SpecError::NotSupported(format!(
                "a pill arrow of {} cells on a {n}×{n} board (a pill reads as a decimal number, \
                 so its digits must be below 10)",
                circle.len()
            )));
        }
        let most = if circle.len() > 1 {
            10usize.pow(circle.len().min(9) as u32) - 1
        } else {
            n
        };
        if let Some(shaft) = arrow_shafts(rule).iter().find(|shaft| shaft.len() > most) {
            let why = format!(
                "a shaft of {} cells adds up to at least {}, more than its circle can hold ({most})",
                shaft.len(),
                shaft.len()
            );
            fits("arrow", Err(why))?;
        }
        Ok(Box::new(Arrow::new(circle.iter().copied(), arrow_shafts(rule))))
    })
};

/// An arrow's shafts, however the rule holds them.
fn arrow_shafts(rule: &RuleSpec) -> Vec<Vec<Cell>> {
    match rule.cells("cells") {
        [] => rule.shafts("shafts").to_vec(),
        shaft => vec![shaft.to_vec()],
    }
}

/// An arrow of `circle` and `shafts`, as files hold it: one shaft as
/// `cells`, several as `shafts`.
pub(crate) fn arrow(circle: Vec<Cell>, mut shafts: Vec<Vec<Cell>>) -> RuleSpec {
    let rule = RuleSpec::new(&ARROW).with("circle", circle);
    if shafts.len() == 1 {
        rule.with("cells", shafts.remove(0))
    } else {
        rule.with("shafts", shafts)
    }
}

fn check_arrow(rule: RuleSpec, n: usize) -> Result<RuleSpec, Refusal> {
    match (rule.get("cells").is_some(), rule.get("shafts").is_some()) {
        (false, false) => {
            return Err(Refusal::rule(
                "the arrow needs its shaft, such as cells = \"r2c2 r3c3\" \
                 (or several: shafts = [[\"r2c2\"], [\"r1c2\"]])",
            ))
        }
        (true, true) => {
            return Err(Refusal::at(
                "shafts",
                "give either cells (one shaft) or shafts (several), not both",
            ))
        }
        _ => {}
    }
    let circle = rule.cells("circle").to_vec();
    let shafts = arrow_shafts(&rule);
    if let Some(cell) = shafts.iter().flatten().find(|c| circle.contains(c)) {
        return Err(Refusal::rule(format!(
            "{} is both in the circle and on a shaft",
            cell.name(n)
        )));
    }
    Ok(arrow(circle, shafts))
}

/// `digital-root-cage` in files (SudokuSolver's `DR<k>` cages).
pub(crate) static DIGITAL_ROOT_CAGE: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("cage: DR<k>", Shape::Own),
    meaning: "the cage holds no repeated digit and the digital root of its sum is the root",
    summary: "cells, root (1 to 9)",
    params: &[
        Param::CELLS,
        Param::required(
            "root",
            ParamType::Integer {
                what: "digital root",
                range: |_| 1..10,
            },
            "value = 10",
        ),
    ],
    example: r#"{ type = "digital-root-cage", cells = "r8c8 r8c9 r9c8", root = 3 }"#,
    ..RuleKind::new("digital-root-cage", |rule, context| {
        fits(
            "digital root cage",
            distinct_fit(rule.cells("cells").len(), context.size()),
        )?;
        let root = rule.number("root").unwrap_or(0);
        let verdict = if (1..=9).contains(&root) {
            Ok(())
        } else {
            Err(format!("a digital root is 1 to 9, not {root}"))
        };
        fits(format!("digital root cage {root}"), verdict)?;
        Ok(Box::new(DigitalRootCage::new(
            rule.cells("cells").iter().copied(),
            root as u32,
        )))
    })
};

/// `little-killer` in files: the clue and the direction give the diagonal.
pub(crate) static LITTLE_KILLER: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("littlekillersum", Shape::Own),
    meaning: "the diagonal from the clue in its direction sums to the value; digits may repeat",
    summary: "clue (a cell outside the grid, as \"r0c4\", or the diagonal's first cell), direction (UL, UR, DL, DR), sum",
    params: &[
        Param::required("clue", ParamType::ClueCell, "clue = \"r0c4\""),
        Param::required("direction", ParamType::Direction, "direction = \"DL\""),
        Param::required("sum", SUM, "sum = 15"),
    ],
    example: r#"{ type = "little-killer", clue = "r0c4", direction = "DL", sum = 17 }"#,
    check: Some(check_little_killer),
    ..RuleKind::new("little-killer", |rule, context| {
        let (clue, direction) = little_killer_place(rule);
        let cells = clue.diagonal(direction, context.size());
        fits(
            format!("little killer {clue} {}", direction.code()),
            cells.as_ref().map(drop).map_err(Clone::clone),
        )?;
        let sum = rule.number("sum").unwrap_or(0) as u32;
        Ok(Box::new(LittleKiller::new(cells.unwrap_or_default(), sum)))
    })
};

/// A little killer's clue and direction (present: required parameters are
/// checked before any build).
fn little_killer_place(rule: &RuleSpec) -> (crate::clues::ClueCell, Direction) {
    let clue = rule
        .clue_cell("clue")
        .unwrap_or(crate::clues::ClueCell { row: 0, col: 0 });
    (clue, rule.direction("direction").unwrap_or(Direction::DownRight))
}

fn check_little_killer(rule: RuleSpec, n: usize) -> Result<RuleSpec, Refusal> {
    let (clue, direction) = little_killer_place(&rule);
    clue.diagonal(direction, n)
        .map_err(|m| Refusal::at("direction", m))?;
    Ok(rule)
}
