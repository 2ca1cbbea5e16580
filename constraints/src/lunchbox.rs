//! Lunchboxes: a sandwich whose crust is the line's own smallest and
//! largest digit.

use std::borrow::Cow;

use sudokit_core::{
    Cell, Contradiction, Ctx, Digit, Geometry, Grid, Group, Propagate, Rule, Violation, Word,
};

use crate::digit_fill::Others;
use crate::outside::{distinct_sum, extreme_sum, restrict_all, with_scratch, Scratch};
use crate::rule::{distinct_fit, fits, Param, ParamType, RuleKind};
use crate::units::mask::{bit, full};
use crate::units::{checks_through_verify, distinct, duplicate_violation, first_duplicate, Report};

/// A lunchbox (ISS `Lunchbox`): the cells hold different digits, and the
/// digits between the smallest and the largest of them, in the order the
/// cells are listed, add up to the sum (0 when the two are neighbours).
/// A sandwich sum is the lunchbox of a whole row, whose crust is 1 and n.
///
/// Declares its group; a propagator tries every placement of the two crust
/// digits (the smallest at one position, the largest at another, every
/// other cell strictly between them) whose gap can hold different digits
/// summing to the clue, searched exactly over digit sets as for a
/// sandwich: a cell keeps a crust digit where some placement puts it, the
/// digits the gap takes in some way of making the sum, and, outside the
/// gap, the digits between the crust that not every way of making the sum
/// uses. A way of making the sum counts only when it leaves the cells
/// outside the gap as many digits between the crust as they are cells (as
/// ISS's handler counts, per way). Exact for each placement's gap taken
/// alone with that count (a relaxation beyond, left to the group). SAT and
/// DLX have no form for it.
///
/// ```
/// use sudokit_constraints::Lunchbox;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let lunchbox = Lunchbox::new([Cell(0), Cell(1), Cell(2), Cell(3)], 5);
/// let mut grid = Grid::empty(9);
/// for (cell, d) in [(0, 2), (1, 5), (2, 8), (3, 4)] {
///     grid.set(Cell(cell), d);
/// }
/// // The crust is 2 and 8: the 5 between them is the sum.
/// assert!(lunchbox.check(&g, &grid).is_ok());
/// grid.set(Cell(3), 1);
/// assert_eq!(
///     lunchbox.check(&g, &grid).unwrap_err().message,
///     "lunchbox 5: the digits between r1c3 = 8 and r1c4 = 1 sum to 0"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lunchbox {
    cells: Vec<Cell>,
    sum: u32,
}

impl Lunchbox {
    /// The lunchbox along `cells` (in order) whose filling adds up to `sum`.
    pub fn new(cells: impl IntoIterator<Item = Cell>, sum: u32) -> Lunchbox {
        Lunchbox {
            cells: cells.into_iter().collect(),
            sum,
        }
    }

    /// The cells, in order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The sum of the digits between the crust.
    pub fn sum(&self) -> u32 {
        self.sum
    }
}

impl Rule for Lunchbox {
    fn name(&self) -> Cow<'_, str> {
        format!("lunchbox {}", self.sum).into()
    }

    fn groups(&self, _: &Geometry) -> Vec<Group> {
        vec![Group::new(self.name(), distinct(self.cells.iter().copied()))]
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        distinct(self.cells.iter().copied())
    }

    checks_through_verify!();
}

impl Lunchbox {
    /// `check`'s logic: no repeated digit, and on a full lunchbox the
    /// digits between its smallest and largest add up to the sum.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        if let Some(dup) = first_duplicate(grid, &self.cells) {
            return Err(duplicate_violation(report, n, dup, || self.name()));
        }
        let Some(values) = self
            .cells
            .iter()
            .map(|&c| grid.get(c))
            .collect::<Option<Vec<Digit>>>()
        else {
            return self.completable(n, grid, report);
        };
        let extreme = |largest: bool| {
            (0..values.len()).max_by_key(|&i| {
                if largest {
                    values[i]
                } else {
                    Digit::MAX - values[i]
                }
            })
        };
        let (Some(low), Some(high)) = (extreme(false), extreme(true)) else {
            return Ok(());
        };
        let (first, last) = (low.min(high), low.max(high));
        let sum: u32 = values[first + 1..last].iter().map(|&d| u32::from(d)).sum();
        if sum == self.sum {
            return Ok(());
        }
        Err(report.violation(
            || {
                format!(
                    "{}: the digits between {} = {} and {} = {} sum to {sum}",
                    self.name(),
                    self.cells[first].name(n),
                    values[first],
                    self.cells[last].name(n),
                    values[last],
                )
            },
            || self.cells[first..=last].to_vec(),
        ))
    }

    /// On a partly filled lunchbox: whether some placement of the crust
    /// still works with the digits placed (the propagator's test, with
    /// every empty cell free to take any digit not placed).
    fn completable(&self, n: usize, grid: &Grid, report: Report) -> Result<(), Violation> {
        let placed = self
            .cells
            .iter()
            .filter_map(|&c| grid.get(c))
            .fold(0, |m, d| m | bit(d.into()));
        let cands: Vec<u128> = self
            .cells
            .iter()
            .map(|&c| grid.get(c).map_or(full(n) & !placed, |d| bit(d.into())))
            .collect();
        if self.supports(n, &cands).is_some() {
            return Ok(());
        }
        Err(report.violation(
            || {
                let filled: Vec<String> = self
                    .cells
                    .iter()
                    .filter_map(|&c| Some(format!("{} = {}", c.name(n), grid.get(c)?)))
                    .collect();
                format!(
                    "{}: with {}, no placement of its smallest and largest digit makes the sum",
                    self.name(),
                    filled.join(", ")
                )
            },
            || {
                self.cells
                    .iter()
                    .copied()
                    .filter(|&c| grid.get(c).is_some())
                    .collect()
            },
        ))
    }

    /// What each cell may hold over every placement of the crust that
    /// works (`None` when none does), from the cells' candidates.
    fn supports(&self, n: usize, cands: &[u128]) -> Option<Vec<u128>> {
        let len = cands.len();
        let mut keep = vec![0u128; len];
        let mut found = false;
        with_scratch(|Scratch { layers, masks, .. }| {
            let mut buffers = Buffers {
                between: std::mem::take(masks),
                support: Vec::new(),
                layers: std::mem::take(layers),
            };
            for lo in 0..len {
                for hi in lo + 1..len {
                    let ends = cands[lo] | cands[hi];
                    for small in (1..=n).filter(|&d| ends & bit(d) != 0) {
                        // The crust leaves room for the other cells between it.
                        for big in (small + len - 1..=n).filter(|&d| ends & bit(d) != 0) {
                            found |=
                                self.support_of_crust(cands, (lo, hi), (small, big), &mut keep, &mut buffers);
                        }
                    }
                }
            }
            (*masks, *layers) = (buffers.between, buffers.layers);
        });
        found.then_some(keep)
    }

    /// For one placement of the crust, `small` and `big` at positions `lo`
    /// and `hi` (either way round, as `cands` allow): ORs what each cell
    /// may hold into `keep`, and says whether the placement works.
    fn support_of_crust(
        &self,
        cands: &[u128],
        (lo, hi): (usize, usize),
        (small, big): (usize, usize),
        keep: &mut [u128],
        buffers: &mut Buffers,
    ) -> bool {
        let forward = cands[lo] & bit(small) != 0 && cands[hi] & bit(big) != 0;
        let backward = cands[lo] & bit(big) != 0 && cands[hi] & bit(small) != 0;
        if !forward && !backward {
            return false;
        }
        // Every other cell lies strictly between the crust.
        let filling = full(big - 1) & !full(small);
        let outside = (0..lo).chain(hi + 1..cands.len());
        if outside.clone().any(|i| cands[i] & filling == 0) {
            return false;
        }
        let gap = hi - lo - 1;
        let (Some(least), Some(most)) = (extreme_sum(filling, gap, false), extreme_sum(filling, gap, true))
        else {
            return false;
        };
        if self.sum < least || self.sum > most {
            return false;
        }
        let Buffers {
            between,
            support,
            layers,
        } = buffers;
        between.clear();
        between.extend(cands[lo + 1..hi].iter().map(|&m| m & filling));
        support.clear();
        support.resize(gap, 0);
        // The cells outside the crust take other digits of the filling.
        let others = Others {
            digits: outside.clone().fold(0, |all, i| all | cands[i]) & filling,
            cells: (cands.len() - gap - 2) as u32,
        };
        let mut common = 0;
        if !distinct_sum(between, self.sum, others, support, &mut common, layers) {
            return false;
        }
        let rest = filling & !common;
        keep[lo] |= if forward { bit(small) } else { 0 } | if backward { bit(big) } else { 0 };
        keep[hi] |= if forward { bit(big) } else { 0 } | if backward { bit(small) } else { 0 };
        for (slot, &s) in keep[lo + 1..hi].iter_mut().zip(support.iter()) {
            *slot |= s;
        }
        for i in outside {
            keep[i] |= cands[i] & rest;
        }
        true
    }
}

impl Propagate for Lunchbox {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, changed: &[Cell]) -> Result<(), Contradiction> {
        let n = cx.size();
        let len = self.cells.len();
        let first = self.cells.first().copied();
        if len < 2 || len > n {
            return Err(Contradiction::rule(first, "a lunchbox needs 2 to n cells"));
        }
        let cands: Vec<u128> = self.cells.iter().map(|&c| cx.candidates(c).to_u128()).collect();
        let Some(keep) = self.supports(n, &cands) else {
            // Named as for the sandwich: the last cell whose change woke it.
            return Err(Contradiction::rule(
                changed.last().copied(),
                "no placement of the lunchbox's smallest and largest digit makes its sum",
            ));
        };
        restrict_all(cx, &self.cells, &keep, || self.name().into_owned())
    }
}

/// The gap search's buffers, borrowed from the outside clues' scratch.
struct Buffers {
    /// The gap cells' candidates between the crust.
    between: Vec<u128>,
    /// What each gap cell takes in some way of making the sum.
    support: Vec<u128>,
    /// The layers of the digit-set search.
    layers: Vec<Vec<(u128, u32)>>,
}

/// `lunchbox` in files.
pub(crate) static LUNCHBOX: RuleKind = RuleKind {
    meaning: "distinct digits; those between the line's smallest and largest digit add up to the sum",
    summary: "cells (in order), sum",
    params: &[
        Param::CELLS,
        Param::required(
            "sum",
            ParamType::Integer {
                what: "sum",
                range: |n| 0..(n * (n + 1) / 2) as i64 + 1,
            },
            "sum = 11",
        ),
    ],
    example: r#"{ type = "lunchbox", cells = "r1c2 r1c1 r2c1 r3c1 r4c1", sum = 11 }"#,
    ..RuleKind::new("lunchbox", |rule, context| {
        let cells = rule.cells("cells");
        let verdict = match cells.len() {
            0 | 1 => Err(format!("{} cell(s): a lunchbox needs at least 2", cells.len())),
            len => distinct_fit(len, context.size()),
        };
        fits("lunchbox", verdict)?;
        let sum = rule.number("sum").unwrap_or(0).max(0) as u32;
        Ok(Box::new(Lunchbox::new(cells.iter().copied(), sum)))
    })
};
