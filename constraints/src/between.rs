//! Between lines: every inner cell lies strictly between the two circles
//! at the ends of the line.

use std::borrow::Cow;

use sudokit_core::cnf::{ClauseOptions, ClauseSink};
use sudokit_core::{
    Cell, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Propagate, Reason, Relation, Rule, Violation,
    Word,
};

use crate::rule::{Fpuzzles, RuleKind, Shape};
use crate::units::{checks_through_verify, distinct, ends_decide_inner, Report};

/// A between line (f-puzzles `betweenline`): the first and last cells are
/// circles, and every cell between them on the line holds a digit strictly
/// between the two circle digits, whichever circle is the larger.
///
/// Declared: each inner cell differs from both circles and holds neither
/// `1` nor `n`; the circles differ by at least 2 (more when the inner cells
/// must hold different digits, see [`BetweenLine::with_distinct_inner`]).
/// The rest (one circle below every inner cell, the other above) is a
/// propagator of its own: it keeps, for each orientation, the circle digits
/// that leave room for every inner cell, and the inner digits between what
/// the circles can still hold. SAT takes it as clauses ("when the circles
/// hold `x` and `y`, each inner cell holds a digit between them"); DLX has
/// no form for it and refuses it ([`Unsupported`](sudokit_core::Unsupported)).
///
/// A line of one or two cells says nothing (it has no inner cell).
///
/// ```
/// use sudokit_constraints::BetweenLine;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let line = BetweenLine::new([Cell(0), Cell(1), Cell(2), Cell(3)]);
/// let mut grid = Grid::empty(9);
/// grid.set(Cell(0), 7);
/// grid.set(Cell(3), 2);
/// grid.set(Cell(2), 8);
/// assert_eq!(
///     line.check(&g, &grid).unwrap_err().message,
///     "r1c3 = 8 is not between the circles r1c1 = 7 and r1c4 = 2"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetweenLine {
    cells: Vec<Cell>,
    /// How many inner cells hold different digits in every solution: the
    /// circles are at least this plus 1 apart.
    distinct_inner: usize,
}

impl BetweenLine {
    /// The line through `cells`, circles first and last.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> BetweenLine {
        BetweenLine {
            cells: cells.into_iter().collect(),
            distinct_inner: 1,
        }
    }

    /// The same line, knowing that `k` of its inner cells hold different
    /// digits in every solution (because other rules say so): the circles
    /// are then at least `k + 1` apart. [`BetweenLine::distinct_by_units`]
    /// counts `k` for a puzzle with the classic rules.
    pub fn with_distinct_inner(mut self, k: usize) -> BetweenLine {
        self.distinct_inner = k.max(1);
        self
    }

    /// The largest number of inner cells of `cells` in one row, column or
    /// region of `geometry`: under the classic rules, that many inner cells
    /// hold different digits.
    ///
    /// ```
    /// use sudokit_constraints::BetweenLine;
    /// use sudokit_core::{Cell, Geometry};
    /// let g = Geometry::square(9).unwrap();
    /// let diagonal: Vec<Cell> = (1..8).map(|i| Cell::at(i, i, 9)).collect();
    /// // r3c3 | r4c4 r5c5 r6c6 | r7c7 inside: three share the middle box.
    /// assert_eq!(BetweenLine::distinct_by_units(&g, &diagonal), 3);
    /// ```
    pub fn distinct_by_units(geometry: &Geometry, cells: &[Cell]) -> usize {
        let inner = if cells.len() > 2 {
            &cells[1..cells.len() - 1]
        } else {
            &[]
        };
        geometry
            .units()
            .iter()
            .map(|unit| inner.iter().filter(|c| unit.cells.contains(c)).count())
            .max()
            .unwrap_or(0)
            .max(1)
    }

    /// The cells, circles first and last.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The circles and the inner cells, when there are inner cells.
    fn parts(&self) -> Option<(Cell, Cell, &[Cell])> {
        match self.cells.as_slice() {
            [a, inner @ .., z] if !inner.is_empty() => Some((*a, *z, inner)),
            _ => None,
        }
    }

    /// The smallest difference between the circles.
    fn gap(&self) -> usize {
        self.distinct_inner + 1
    }
}

/// The digits of `set` for which `keep` holds.
fn filter<W: Word>(set: Digits<W>, keep: impl Fn(Digit) -> bool) -> Digits<W> {
    set.iter().filter(|&d| keep(d)).collect()
}

/// One orientation of the line: the digits the low circle and the high
/// circle can keep, given the inner cells' largest smallest candidate
/// (`inner_floor`) and smallest largest candidate (`inner_ceiling`); `None`
/// when the orientation is impossible.
fn orientation<W: Word>(
    low: Digits<W>,
    high: Digits<W>,
    inner_floor: Digit,
    inner_ceiling: Digit,
    gap: usize,
) -> Option<(Digits<W>, Digits<W>)> {
    // Every inner cell needs a candidate above the low circle and one below
    // the high circle.
    let low = filter(low, |d| d < inner_ceiling);
    let high = filter(high, |d| d > inner_floor);
    let (top, bottom) = (high.max()? as usize, low.min()? as usize);
    let low = filter(low, |d| d as usize + gap <= top);
    let high = filter(high, |d| d as usize >= bottom + gap);
    (!low.is_empty() && !high.is_empty()).then_some((low, high))
}

impl Rule for BetweenLine {
    fn name(&self) -> Cow<'_, str> {
        "between line".into()
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        distinct(self.cells.iter().copied())
    }

    fn relations(&self, _: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        let Some((a, z, inner)) = self.parts() else {
            return Vec::new();
        };
        let mut out = vec![(a, z, Relation::DifferenceAtLeast(self.gap().min(255) as Digit))];
        for &c in inner {
            out.push((a, c, Relation::Differ));
            out.push((c, z, Relation::Differ));
        }
        out
    }

    fn domains(&self, geometry: &Geometry) -> Vec<(Cell, Digits<u128>)> {
        let n = geometry.size() as Digit;
        let Some((_, _, inner)) = self.parts() else {
            return Vec::new();
        };
        let strictly_inside: Digits<u128> = (2..n).collect();
        inner.iter().map(|&c| (c, strictly_inside)).collect()
    }

    checks_through_verify!();

    fn clauses(
        &self,
        geometry: &Geometry,
        _: &ClauseOptions,
        sink: &mut dyn ClauseSink,
    ) -> Result<(), sudokit_core::Unsupported> {
        let n = geometry.size();
        let Some((a, z, inner)) = self.parts() else {
            return Ok(());
        };
        // When the circles hold x and y, each inner cell holds a digit
        // strictly between them (no digit: the pair is forbidden).
        ends_decide_inner(sink, n, (a, z, inner), |x, y| {
            Some((x.min(y) + 1..x.max(y)).collect())
        });
        Ok(())
    }
}

impl BetweenLine {
    /// `check`'s logic, described as `report` asks.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let Some((a, z, inner)) = self.parts() else {
            return Ok(());
        };
        let placed: Vec<(Cell, Digit)> = inner.iter().filter_map(|&c| Some((c, grid.get(c)?))).collect();
        if let Some(&(c, d)) = placed.iter().find(|&&(_, d)| d == 1 || d as usize == n) {
            return Err(report.violation(
                || {
                    format!(
                        "{} = {d} cannot lie strictly between two digits of 1 to {n}",
                        c.name(n)
                    )
                },
                || vec![c],
            ));
        }
        match (grid.get(a), grid.get(z)) {
            (Some(x), Some(y)) => {
                let (low, high) = (x.min(y), x.max(y));
                if high - low < 2 {
                    return Err(report.violation(
                        || {
                            format!(
                                "the circles {} = {x} and {} = {y} leave no digit between them",
                                a.name(n),
                                z.name(n)
                            )
                        },
                        || vec![a, z],
                    ));
                }
                if let Some(&(c, d)) = placed.iter().find(|&&(_, d)| d <= low || d >= high) {
                    return Err(report.violation(
                        || {
                            format!(
                                "{} = {d} is not between the circles {} = {x} and {} = {y}",
                                c.name(n),
                                a.name(n),
                                z.name(n)
                            )
                        },
                        || vec![c, a, z],
                    ));
                }
            }
            (Some(x), None) | (None, Some(x)) => {
                let end = if grid.get(a).is_some() { a } else { z };
                if let Some(&(c, d)) = placed.iter().find(|&&(_, d)| d == x) {
                    return Err(report.violation(
                        || format!("{} = {d} equals the circle {} = {x}", c.name(n), end.name(n)),
                        || vec![c, end],
                    ));
                }
                let below = placed.iter().find(|&&(_, d)| d < x);
                let above = placed.iter().find(|&&(_, d)| d > x);
                if let (Some(&(c1, d1)), Some(&(c2, d2))) = (below, above) {
                    return Err(report.violation(
                        || {
                            format!(
                                "{} = {d1} and {} = {d2} lie on both sides of the circle {} = {x}",
                                c1.name(n),
                                c2.name(n),
                                end.name(n)
                            )
                        },
                        || vec![c1, c2, end],
                    ));
                }
            }
            (None, None) => {}
        }
        Ok(())
    }
}

impl Propagate for BetweenLine {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let Some((a, z, inner)) = self.parts() else {
            return Ok(());
        };
        let (ends_a, ends_z) = (cx.candidates(a), cx.candidates(z));
        let (mut floor, mut ceiling) = (0 as Digit, Digit::MAX);
        for &c in inner {
            let set = cx.candidates(c);
            let (Some(min), Some(max)) = (set.min(), set.max()) else {
                return Err(Contradiction::empty(c));
            };
            floor = floor.max(min);
            ceiling = ceiling.min(max);
        }
        let gap = self.gap();
        // a low and z high, or z low and a high.
        let up = orientation(ends_a, ends_z, floor, ceiling, gap);
        let down = orientation(ends_z, ends_a, floor, ceiling, gap);
        let mut keep_a = Digits::EMPTY;
        let mut keep_z = Digits::EMPTY;
        let mut inside = Digits::EMPTY;
        for (low_end, (low, high)) in [(a, up), (z, down)]
            .into_iter()
            .filter_map(|(end, o)| Some((end, o?)))
        {
            let (bottom, top) = (low.min().unwrap_or(0), high.max().unwrap_or(0));
            inside |= filter(cx.all_digits(), |d| d > bottom && d < top);
            if low_end == a {
                keep_a |= low;
                keep_z |= high;
            } else {
                keep_z |= low;
                keep_a |= high;
            }
        }
        if keep_a.is_empty() {
            return Err(Contradiction::rule(
                Some(a),
                "no pair of circle digits leaves room for every cell of the between line",
            ));
        }
        cx.because(|| {
            Reason::new("between line")
                .cells([a, z])
                .text(format!("the circles leave room for {} inner cells", inner.len()))
        });
        cx.restrict(a, keep_a)?;
        cx.restrict(z, keep_z)?;
        cx.because(|| {
            Reason::new("between line")
                .cells([a, z])
                .text("the inner cells lie between the circles")
        });
        for &c in inner {
            cx.restrict(c, inside)?;
        }
        Ok(())
    }
}

/// `between` in files: under the classic rules, inner cells of one unit
/// also differ.
pub(crate) static BETWEEN: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("betweenline", Shape::Lines),
    meaning: "every inner cell holds a digit strictly between the two end cells (the circles)",
    summary: "cells (a line, circles first and last)",
    example: r#"{ type = "between", cells = "r6c1 r6c2 r6c3 r6c4" }"#,
    ..RuleKind::on_cells("between", |rule, context| {
        let cells = rule.cells("cells");
        let line = BetweenLine::new(cells.iter().copied());
        Ok(Box::new(if context.classic {
            line.with_distinct_inner(BetweenLine::distinct_by_units(context.geometry, cells))
        } else {
            line
        }))
    })
};
