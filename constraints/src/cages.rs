//! Cages beyond the killer cage: one whose digits may repeat, one with
//! several possible sums, and the rellik cage (no subset adds up to the
//! clue).

use std::borrow::Cow;

use sudokit_core::{
    keep_digit_sets, Cell, Constraint, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Group, Propagate,
    Reason, Relation, Rule, Sum, Violation, Word,
};

use crate::rule::{distinct_fit, fits, Param, ParamType, RuleKind};
use crate::units::{
    checks_through_verify, duplicate_violation, first_duplicate, full_sum, mask, names, Report,
};

/// A cage whose digits add up to the total and may repeat (ISS `Sum`).
///
/// Declares its sum alone (no group): the engine propagates it exactly,
/// SAT encodes it, DLX refuses it.
///
/// ```
/// use sudokit_constraints::RepeatingCage;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let cage = RepeatingCage::new([Cell(0), Cell(10)], 8);
/// let mut grid = Grid::empty(9);
/// grid.set(Cell(0), 4);
/// grid.set(Cell(10), 4);
/// assert!(cage.check(&g, &grid).is_ok());
/// grid.set(Cell(10), 5);
/// assert_eq!(cage.check(&g, &grid).unwrap_err().message, "repeating cage 8: r1c1 + r2c2 = 9, not 8");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepeatingCage {
    cells: Vec<Cell>,
    total: u32,
}

impl RepeatingCage {
    /// The cage over `cells` adding up to `total`.
    pub fn new(cells: impl IntoIterator<Item = Cell>, total: u32) -> RepeatingCage {
        RepeatingCage {
            cells: cells.into_iter().collect(),
            total,
        }
    }
}

impl Rule for RepeatingCage {
    fn name(&self) -> Cow<'_, str> {
        format!("repeating cage {}", self.total).into()
    }

    fn sums(&self, _: &Geometry) -> Vec<Sum> {
        vec![Sum::new(self.cells.iter().copied(), self.total as i32)]
    }

    checks_through_verify!();
}

impl RepeatingCage {
    /// `check`'s logic: the digits add up to the total.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let placed: u32 = self
            .cells
            .iter()
            .filter_map(|&c| grid.get(c))
            .map(u32::from)
            .sum();
        let full = full_sum(grid, &self.cells).is_some();
        if (full && placed != self.total) || placed > self.total {
            let n = geometry.size();
            return Err(report.violation(
                || {
                    let (what, verdict) = if full { ("", "not") } else { (" already", "above") };
                    format!(
                        "{}: {} = {placed}{what}, {verdict} {}",
                        self.name(),
                        names(&self.cells, n),
                        self.total
                    )
                },
                || self.cells.clone(),
            ));
        }
        Ok(())
    }
}

impl Constraint for RepeatingCage {}

/// A killer cage with several possible sums: its digits differ and add up
/// to one of them.
///
/// Declares its group; a propagator keeps the digits of some set of
/// different digits whose sum is listed. SAT and DLX have no form for it.
///
/// ```
/// use sudokit_constraints::MultiSumCage;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let cage = MultiSumCage::new([Cell(0), Cell(1)], [4, 6]);
/// let mut grid = Grid::empty(9);
/// grid.set(Cell(0), 1);
/// grid.set(Cell(1), 4);
/// assert_eq!(cage.check(&g, &grid).unwrap_err().message, "cage 4 or 6: r1c1 + r1c2 = 5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiSumCage {
    cells: Vec<Cell>,
    /// Sorted, without repeats.
    totals: Vec<u32>,
}

impl MultiSumCage {
    /// The cage over `cells` adding up to one of `totals`.
    pub fn new(cells: impl IntoIterator<Item = Cell>, totals: impl IntoIterator<Item = u32>) -> MultiSumCage {
        let mut totals: Vec<u32> = totals.into_iter().collect();
        totals.sort_unstable();
        totals.dedup();
        MultiSumCage {
            cells: cells.into_iter().collect(),
            totals,
        }
    }
}

impl Rule for MultiSumCage {
    fn name(&self) -> Cow<'_, str> {
        let totals: Vec<String> = self.totals.iter().map(u32::to_string).collect();
        format!("cage {}", totals.join(" or ")).into()
    }

    fn groups(&self, _: &Geometry) -> Vec<Group> {
        vec![Group::new(self.name(), self.cells.clone())]
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        self.cells.clone()
    }

    checks_through_verify!();
}

impl MultiSumCage {
    /// `check`'s logic: no repeated digit, and the full sum is listed.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        if let Some(dup) = first_duplicate(grid, &self.cells) {
            return Err(duplicate_violation(report, n, dup, || self.name()));
        }
        let placed: u32 = self
            .cells
            .iter()
            .filter_map(|&c| grid.get(c))
            .map(u32::from)
            .sum();
        let full = full_sum(grid, &self.cells).is_some();
        let largest = self.totals.last().copied().unwrap_or(0);
        if (full && !self.totals.contains(&placed)) || placed > largest {
            return Err(report.violation(
                || {
                    let what = if full { "" } else { " already" };
                    format!("{}: {} = {placed}{what}", self.name(), names(&self.cells, n))
                },
                || self.cells.clone(),
            ));
        }
        Ok(())
    }
}

impl Propagate for MultiSumCage {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _: &[Cell]) -> Result<(), Contradiction> {
        let accept = |set: u128| self.totals.contains(&mask::sum(set));
        cx.because(|| Reason::new(self.name().into_owned()).cells(self.cells.iter().copied()));
        keep_digit_sets(cx, &self.cells, accept).map(|_| ())
    }
}

/// A rellik cage (ISS `RellikCage`): its digits differ, and no digit or
/// digits of it add up to the clue.
///
/// Declared: the group, no cell holds the clue, no two cells add up to it.
/// A propagator keeps the digits of some set of different digits with no
/// subset adding up to the clue. SAT and DLX have no form for the rest.
///
/// ```
/// use sudokit_constraints::RellikCage;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let cage = RellikCage::new([Cell(0), Cell(1), Cell(2)], 10);
/// let mut grid = Grid::empty(9);
/// grid.set(Cell(0), 2);
/// grid.set(Cell(1), 3);
/// grid.set(Cell(2), 5);
/// assert_eq!(cage.check(&g, &grid).unwrap_err().message, "rellik cage 10: r1c1 + r1c2 + r1c3 = 10");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RellikCage {
    cells: Vec<Cell>,
    clue: u32,
}

impl RellikCage {
    /// The cage over `cells` in which nothing adds up to `clue`.
    pub fn new(cells: impl IntoIterator<Item = Cell>, clue: u32) -> RellikCage {
        RellikCage {
            cells: cells.into_iter().collect(),
            clue,
        }
    }

    /// The first subset of the placed cells whose digits add up to the
    /// clue, found by a knapsack over the cells in order.
    fn subset_at_clue(&self, grid: &Grid) -> Option<Vec<Cell>> {
        let clue = self.clue as usize;
        let placed: Vec<(Cell, usize)> = self
            .cells
            .iter()
            .filter_map(|&c| grid.get(c).map(|d| (c, usize::from(d))))
            .collect();
        if placed.iter().map(|&(_, d)| d).sum::<usize>() < clue {
            return None;
        }
        // reached[s]: the last cell of a subset adding up to s.
        let mut reached: Vec<Option<usize>> = vec![None; clue + 1];
        for (i, &(_, d)) in placed.iter().enumerate() {
            for s in (d..=clue).rev() {
                if reached[s].is_none() && (s == d || reached[s - d].is_some()) {
                    reached[s] = Some(i);
                }
            }
        }
        let mut subset = Vec::new();
        let mut s = clue;
        while s > 0 {
            let (cell, d) = placed[reached[s]?];
            subset.push(cell);
            s -= d;
        }
        subset.reverse();
        Some(subset)
    }
}

/// Whether no subset of the digits of `set` adds up to `clue`.
fn no_subset_sums_to(set: u128, clue: u32) -> bool {
    // Bit s of `sums`: some subset adds up to s (sums above 127 do not
    // matter when the clue is below 128; larger clues take the long way).
    if clue > mask::sum(set) {
        return true;
    }
    if clue < 128 {
        let mut sums = 1u128;
        let mut digits = set;
        while digits != 0 {
            let d = digits.trailing_zeros() + 1;
            digits &= digits - 1;
            sums |= sums << d;
        }
        sums >> clue & 1 == 0
    } else {
        let mut sums = vec![false; clue as usize + 1];
        sums[0] = true;
        let mut digits = set;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize + 1;
            digits &= digits - 1;
            for s in (d..sums.len()).rev() {
                sums[s] |= sums[s - d];
            }
        }
        !sums[clue as usize]
    }
}

impl Rule for RellikCage {
    fn name(&self) -> Cow<'_, str> {
        format!("rellik cage {}", self.clue).into()
    }

    fn groups(&self, _: &Geometry) -> Vec<Group> {
        vec![Group::new(self.name(), self.cells.clone())]
    }

    fn domains(&self, geometry: &Geometry) -> Vec<(Cell, Digits<u128>)> {
        let n = geometry.size();
        let without_clue: Digits<u128> = (1..=n as Digit).filter(|&d| u32::from(d) != self.clue).collect();
        self.cells.iter().map(|&c| (c, without_clue)).collect()
    }

    fn relations(&self, _: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        let Ok(clue) = u16::try_from(self.clue) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (i, &a) in self.cells.iter().enumerate() {
            for &b in &self.cells[i + 1..] {
                out.push((a, b, Relation::Sum(clue).negate()));
            }
        }
        out
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        self.cells.clone()
    }

    checks_through_verify!();
}

impl RellikCage {
    /// `check`'s logic: no repeated digit, and no placed subset adds up to
    /// the clue.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        if let Some(dup) = first_duplicate(grid, &self.cells) {
            return Err(duplicate_violation(report, n, dup, || self.name()));
        }
        match self.subset_at_clue(grid) {
            Some(subset) => Err(report.violation(
                || format!("{}: {} = {}", self.name(), names(&subset, n), self.clue),
                || subset.clone(),
            )),
            None => Ok(()),
        }
    }
}

impl Propagate for RellikCage {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _: &[Cell]) -> Result<(), Contradiction> {
        let clue = self.clue;
        cx.because(|| Reason::new(self.name().into_owned()).cells(self.cells.iter().copied()));
        keep_digit_sets(cx, &self.cells, |set| no_subset_sums_to(set, clue)).map(|_| ())
    }
}

/// A positive sum up to `u32::MAX`.
const SUM: ParamType = ParamType::Integer {
    what: "sum",
    range: |_| 1..u32::MAX as i64 + 1,
};

/// The cage's cells and sum, as read (present: required parameters are
/// checked before any build).
fn cells_and_sum(rule: &crate::rule::RuleSpec) -> (Vec<Cell>, u32) {
    let sum = rule.number("sum").unwrap_or(0).clamp(0, u32::MAX.into()) as u32;
    (rule.cells("cells").to_vec(), sum)
}

/// `repeating-cage` in files.
pub(crate) static REPEATING_CAGE: RuleKind = RuleKind {
    meaning: "the cage's digits add up to the sum; unlike a killer cage, digits may repeat",
    summary: "cells, sum",
    params: &[Param::CELLS, Param::required("sum", SUM, "sum = 15")],
    example: r#"{ type = "repeating-cage", cells = "r1c1 r2c2 r3c3", sum = 12 }"#,
    ..RuleKind::new("repeating-cage", |rule, _| {
        let (cells, sum) = cells_and_sum(rule);
        Ok(Box::new(RepeatingCage::new(cells, sum)))
    })
};

/// `multi-sum-cage` in files.
pub(crate) static MULTI_SUM_CAGE: RuleKind = RuleKind {
    meaning: "the cage holds no repeated digit, and its digits add up to one of the sums",
    summary: "cells, sums",
    params: &[
        Param::CELLS,
        Param::required(
            "sums",
            ParamType::Integers {
                what: "sum",
                range: |_| 1..u32::MAX as i64 + 1,
            },
            "sums = [10, 15]",
        ),
    ],
    example: r#"{ type = "multi-sum-cage", cells = "r1c1 r1c2 r1c3", sums = [7, 20] }"#,
    ..RuleKind::new("multi-sum-cage", |rule, context| {
        fits(
            "multi-sum cage",
            distinct_fit(rule.cells("cells").len(), context.size()),
        )?;
        let sums = rule.numbers("sums").unwrap_or(&[]);
        let sums = sums.iter().map(|&s| s.clamp(0, u32::MAX.into()) as u32);
        Ok(Box::new(MultiSumCage::new(
            rule.cells("cells").iter().copied(),
            sums,
        )))
    })
};

/// `rellik-cage` in files.
pub(crate) static RELLIK_CAGE: RuleKind = RuleKind {
    meaning: "the cage holds no repeated digit, and no digit or digits of it add up to the sum",
    summary: "cells, sum",
    params: &[Param::CELLS, Param::required("sum", SUM, "sum = 10")],
    example: r#"{ type = "rellik-cage", cells = "r1c1 r1c2 r2c1", sum = 10 }"#,
    ..RuleKind::new("rellik-cage", |rule, context| {
        fits(
            "rellik cage",
            distinct_fit(rule.cells("cells").len(), context.size()),
        )?;
        let (cells, sum) = cells_and_sum(rule);
        Ok(Box::new(RellikCage::new(cells, sum)))
    })
};
