//! Groups beyond the classic units: disjoint groups, cages without a sum,
//! and clones.

use std::borrow::Cow;

use sudokit_core::{Cell, Constraint, Geometry, Grid, Group, Relation, Rule, UnitKind, Violation};

use crate::rule::{distinct_fit, fits, Fpuzzles, Param, ParamType, Refusal, RuleKind, RuleSpec, Shape};
use crate::units::{checks_through_verify, clashes, duplicate_violation, first_duplicate, Report};

/// The cells at the same place in every region (the k-th cell of each
/// region in reading order) hold different digits: f-puzzles
/// `disjointgroups`. Works on rectangular boxes and on jigsaw regions.
///
/// A group rule: `n` complete groups.
///
/// ```
/// use sudokit_constraints::DisjointGroups;
/// use sudokit_core::{Cell, Geometry, Rule};
/// let g = Geometry::square(9).unwrap();
/// let groups = DisjointGroups.groups(&g);
/// assert_eq!(groups.len(), 9);
/// assert_eq!(groups[0].cells()[..3], [Cell::at(0, 0, 9), Cell::at(0, 3, 9), Cell::at(0, 6, 9)]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DisjointGroups;

impl DisjointGroups {
    /// The cells of each disjoint group, from the board's regions.
    fn cells(geometry: &Geometry) -> Vec<Vec<Cell>> {
        let n = geometry.size();
        let regions: Vec<&[Cell]> = geometry
            .units()
            .iter()
            .filter(|u| matches!(u.kind, UnitKind::Box | UnitKind::Region))
            .map(|u| &u.cells[..])
            .collect();
        (0..n)
            .map(|k| regions.iter().map(|cells| cells[k]).collect())
            .collect()
    }
}

impl Rule for DisjointGroups {
    fn name(&self) -> Cow<'_, str> {
        "disjoint groups".into()
    }

    fn groups(&self, geometry: &Geometry) -> Vec<Group> {
        DisjointGroups::cells(geometry)
            .into_iter()
            .enumerate()
            .map(|(k, cells)| Group::new(format!("disjoint group {}", k + 1), cells))
            .collect()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        for (k, cells) in DisjointGroups::cells(geometry).iter().enumerate() {
            if let Some(dup) = first_duplicate(grid, cells) {
                return Err(duplicate_violation(
                    Report::Describe,
                    geometry.size(),
                    dup,
                    || format!("disjoint group {}", k + 1),
                ));
            }
        }
        Ok(())
    }

    /// Only the new digit can clash, and only within its own disjoint group.
    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        DisjointGroups::cells(geometry)
            .iter()
            .find(|cells| cells.contains(&cell))
            .is_none_or(|cells| !clashes(grid, cells, cell))
    }
}

impl Constraint for DisjointGroups {}

/// The cells of a cage hold different digits (a killer cage without a sum,
/// f-puzzles `killercage` with no value; an extra region, `extraregion`).
///
/// A group rule: one group, complete when the cage has `n` cells.
///
/// ```
/// use sudokit_constraints::Cage;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let cage = Cage::killer([Cell(0), Cell(1), Cell(4)]);
/// let mut grid = Grid::empty(4);
/// grid.set(Cell(0), 2);
/// grid.set(Cell(4), 2);
/// assert_eq!(cage.check(&g, &grid).unwrap_err().message, "r1c1 and r2c1 both hold 2 in killer cage");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    name: &'static str,
    cells: Vec<Cell>,
}

impl Cage {
    /// A killer cage without a sum.
    pub fn killer(cells: impl IntoIterator<Item = Cell>) -> Cage {
        Cage {
            name: "killer cage",
            cells: cells.into_iter().collect(),
        }
    }

    /// An extra region (windoku window, any set of distinct cells).
    pub fn extra_region(cells: impl IntoIterator<Item = Cell>) -> Cage {
        Cage {
            name: "extra region",
            cells: cells.into_iter().collect(),
        }
    }

    /// The cells.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
}

impl Rule for Cage {
    fn name(&self) -> Cow<'_, str> {
        self.name.into()
    }

    fn groups(&self, _: &Geometry) -> Vec<Group> {
        vec![Group::new(self.name, self.cells.clone())]
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        match first_duplicate(grid, &self.cells) {
            Some(dup) => Err(duplicate_violation(
                Report::Describe,
                geometry.size(),
                dup,
                || self.name,
            )),
            None => Ok(()),
        }
    }

    /// Only the new digit can clash, and only with the rest of the cage.
    fn accepts_placement(&self, _: &Geometry, grid: &Grid, cell: Cell) -> bool {
        !(self.cells.contains(&cell) && clashes(grid, &self.cells, cell))
    }
}

impl Constraint for Cage {}

/// Each cell of one shape holds the same digit as the matching cell of its
/// clone: `cells[i] = clones[i]` (f-puzzles `clone`).
///
/// A relation rule: `=` between matching cells.
///
/// ```
/// use sudokit_constraints::Clones;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let clone = Clones::new([Cell(0), Cell(1)], [Cell(14), Cell(15)]);
/// let mut grid = Grid::empty(4);
/// grid.set(Cell(1), 3);
/// grid.set(Cell(15), 4);
/// assert_eq!(clone.check(&g, &grid).unwrap_err().message, "r1c2 = 3 but its clone r4c4 = 4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clones {
    pairs: Vec<(Cell, Cell)>,
}

impl Clones {
    /// `cells[i]` and `clones[i]` hold the same digit (extra cells of the
    /// longer list are ignored).
    pub fn new(cells: impl IntoIterator<Item = Cell>, clones: impl IntoIterator<Item = Cell>) -> Clones {
        Clones {
            pairs: cells.into_iter().zip(clones).filter(|(a, b)| a != b).collect(),
        }
    }
}

impl Rule for Clones {
    fn name(&self) -> Cow<'_, str> {
        "clone".into()
    }

    fn relations(&self, _: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        self.pairs.iter().map(|&(a, b)| (a, b, Relation::Equal)).collect()
    }

    checks_through_verify!();
}

impl Clones {
    /// `check`'s logic: matching filled cells hold the same digit.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        for &(a, b) in &self.pairs {
            if let (Some(x), Some(y)) = (grid.get(a), grid.get(b)) {
                if x != y {
                    let n = geometry.size();
                    return Err(report.violation(
                        || format!("{} = {x} but its clone {} = {y}", a.name(n), b.name(n)),
                        || vec![a, b],
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Constraint for Clones {}

/// `disjoint-groups` in files.
pub(crate) static DISJOINT_GROUPS: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("disjointgroups", Shape::Flag),
    meaning: "cells at the same place in every region hold different digits",
    example: r#"{ type = "disjoint-groups" }"#,
    ..RuleKind::new("disjoint-groups", |_, _| Ok(Box::new(DisjointGroups)))
};

/// `extra-region` in files.
pub(crate) static EXTRA_REGION: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("extraregion", Shape::CellLists),
    meaning: "the cells hold no repeated digit",
    example: r#"{ type = "extra-region", cells = "r2c2 r2c3 r2c4 r3c2 r3c3 r3c4 r4c2 r4c3 r4c4" }"#,
    ..RuleKind::on_cells("extra-region", |rule, context| {
        fits(
            "extra region",
            distinct_fit(rule.cells("cells").len(), context.size()),
        )?;
        Ok(Box::new(Cage::extra_region(rule.cells("cells").iter().copied())))
    })
};

/// `clone` in files: the two lists pair up in order.
pub(crate) static CLONE: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("clone", Shape::Own),
    meaning: "each cell holds the same digit as its clone",
    summary: "cells, clones (same length)",
    params: &[
        Param::CELLS,
        Param::required("clones", ParamType::Cells, "clones = [\"r9c9\", \"r9c8\"]"),
    ],
    example: r#"{ type = "clone", cells = "r1c1 r1c2", clones = "r9c8 r9c9" }"#,
    check: Some(check_clone),
    ..RuleKind::new("clone", |rule, _| {
        let (cells, clones) = (rule.cells("cells"), rule.cells("clones"));
        Ok(Box::new(Clones::new(
            cells.iter().copied(),
            clones.iter().copied(),
        )))
    })
};

fn check_clone(rule: RuleSpec, n: usize) -> Result<RuleSpec, Refusal> {
    let (cells, clones) = (rule.cells("cells"), rule.cells("clones"));
    if clones.len() != cells.len() {
        return Err(Refusal::at(
            "clones",
            format!(
                "the clone has {} cells and {} clones: the lists pair up in order, so their lengths must match",
                cells.len(),
                clones.len()
            ),
        ));
    }
    if let Some(same) = cells.iter().zip(clones).find(|(a, b)| a == b) {
        return Err(Refusal::at(
            "clones",
            format!("{} is its own clone", same.0.name(n)),
        ));
    }
    Ok(rule)
}
