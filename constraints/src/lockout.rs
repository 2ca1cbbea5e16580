//! Lockout lines: the two diamonds at the ends differ by at least the
//! line's value, and every other cell of the line lies outside them.

use std::borrow::Cow;

use sudokit_core::cnf::{ClauseOptions, ClauseSink};
use sudokit_core::{
    Cell, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Propagate, Reason, Relation, Rule, Violation,
    Word,
};

use crate::rule::{fits, Fpuzzles, Param, ParamType, RuleKind, Shape};
use crate::units::{checks_through_verify, distinct, ends_decide_inner, mask, Report};

/// A lockout line (f-puzzles `lockout`, ISS `Lockout`): the first and last
/// cells are diamonds whose digits differ by at least `gap`; every cell
/// between them on the line holds a digit below both diamonds or above
/// both (never between or equal to them).
///
/// Declared: the diamonds are `gap` apart, and each inner cell differs from
/// both. The rest (the inner cells stay outside the diamonds' range) is a
/// propagator of its own, exact for each inner cell: it keeps the diamond
/// pairs that leave every inner cell a digit, and the inner digits outside
/// some such pair. SAT takes it as clauses; DLX has no form for it.
///
/// ```
/// use sudokit_constraints::LockoutLine;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let line = LockoutLine::new([Cell(0), Cell(1), Cell(2)], 4);
/// let mut grid = Grid::empty(9);
/// grid.set(Cell(0), 2);
/// grid.set(Cell(2), 7);
/// grid.set(Cell(1), 5);
/// assert_eq!(
///     line.check(&g, &grid).unwrap_err().message,
///     "r1c2 = 5 is locked out by the diamonds r1c1 = 2 and r1c3 = 7"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockoutLine {
    cells: Vec<Cell>,
    gap: Digit,
}

impl LockoutLine {
    /// The line through `cells` (diamonds first and last) whose diamonds
    /// differ by at least `gap`.
    pub fn new(cells: impl IntoIterator<Item = Cell>, gap: Digit) -> LockoutLine {
        LockoutLine {
            cells: cells.into_iter().collect(),
            gap,
        }
    }

    /// The default gap on an `n`×`n` board: half the side, rounded down (4
    /// on 9×9), as f-puzzles' lockout lines take it.
    pub fn default_gap(n: usize) -> Digit {
        (n / 2).max(1) as Digit
    }

    /// The diamonds and the inner cells.
    fn parts(&self) -> Option<(Cell, Cell, &[Cell])> {
        match self.cells.as_slice() {
            [a, inner @ .., z] => Some((*a, *z, inner)),
            _ => None,
        }
    }

    /// Whether the line fits an `n`×`n` board.
    fn fits(&self, n: usize) -> Result<(), String> {
        if self.cells.len() < 2 {
            return Err("a lockout line needs at least its two diamonds".into());
        }
        if self.gap == 0 || usize::from(self.gap) >= n {
            return Err(format!(
                "the diamonds cannot differ by {} or more on a {n}×{n} board",
                self.gap
            ));
        }
        Ok(())
    }
}

/// The digits (as a mask) outside `low..=high`.
fn outside(low: usize, high: usize, n: usize) -> u128 {
    let range = mask::full(high) & !mask::full(low - 1);
    mask::full(n) & !range
}

impl Rule for LockoutLine {
    fn name(&self) -> Cow<'_, str> {
        format!("lockout line {}", self.gap).into()
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        distinct(self.cells.iter().copied())
    }

    fn relations(&self, _: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        let Some((a, z, inner)) = self.parts() else {
            return Vec::new();
        };
        let mut out = vec![(a, z, Relation::DifferenceAtLeast(self.gap))];
        for &c in inner {
            out.push((a, c, Relation::Differ));
            out.push((c, z, Relation::Differ));
        }
        out
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
        // When the diamonds hold x and y (far enough apart: the relation
        // forbids the others), each inner cell holds a digit outside them.
        let gap = usize::from(self.gap);
        ends_decide_inner(sink, n, (a, z, inner), |x, y| {
            let (low, high) = (x.min(y), x.max(y));
            (high - low >= gap).then(|| (1..low).chain(high + 1..=n).collect())
        });
        Ok(())
    }
}

impl LockoutLine {
    /// `check`'s logic, described as `report` asks.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let Some((a, z, inner)) = self.parts() else {
            return Ok(());
        };
        for end in [a, z] {
            let Some(x) = grid.get(end) else { continue };
            if let Some(&c) = inner.iter().find(|&&c| grid.get(c) == Some(x)) {
                return Err(report.violation(
                    || format!("{} = {x} equals the diamond {}", c.name(n), end.name(n)),
                    || vec![c, end],
                ));
            }
        }
        let (Some(x), Some(y)) = (grid.get(a), grid.get(z)) else {
            return Ok(());
        };
        if x.abs_diff(y) < self.gap {
            return Err(report.violation(
                || {
                    format!(
                        "the diamonds {} = {x} and {} = {y} differ by less than {}",
                        a.name(n),
                        z.name(n),
                        self.gap
                    )
                },
                || vec![a, z],
            ));
        }
        let (low, high) = (x.min(y), x.max(y));
        let locked = inner
            .iter()
            .find_map(|&c| grid.get(c).filter(|d| (low..=high).contains(d)).map(|d| (c, d)));
        if let Some((c, d)) = locked {
            return Err(report.violation(
                || {
                    format!(
                        "{} = {d} is locked out by the diamonds {} = {x} and {} = {y}",
                        c.name(n),
                        a.name(n),
                        z.name(n)
                    )
                },
                || vec![c, a, z],
            ));
        }
        Ok(())
    }
}

impl Propagate for LockoutLine {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let Some((a, z, inner)) = self.parts() else {
            return Ok(());
        };
        let n = cx.size();
        let (ends_a, ends_z) = (cx.candidates(a).to_u128(), cx.candidates(z).to_u128());
        let inner_sets: Vec<u128> = inner.iter().map(|&c| cx.candidates(c).to_u128()).collect();
        let (mut keep_a, mut keep_z, mut keep_inner) = (0u128, 0u128, 0u128);
        for x in (1..=n).filter(|&x| ends_a & mask::bit(x) != 0) {
            for y in (1..=n).filter(|&y| ends_z & mask::bit(y) != 0) {
                if x.abs_diff(y) < usize::from(self.gap) {
                    continue;
                }
                let free = outside(x.min(y), x.max(y), n);
                if inner_sets.iter().all(|&set| set & free != 0) {
                    keep_a |= mask::bit(x);
                    keep_z |= mask::bit(y);
                    keep_inner |= free;
                }
            }
        }
        if keep_a == 0 {
            return Err(Contradiction::rule(
                Some(a),
                "no pair of diamond digits leaves room for every cell of the lockout line",
            ));
        }
        cx.because(|| {
            Reason::new("lockout line")
                .cells([a, z])
                .text("the inner cells lie outside the diamonds")
        });
        cx.restrict(a, Digits::from_u128(keep_a))?;
        cx.restrict(z, Digits::from_u128(keep_z))?;
        for &c in inner {
            cx.restrict(c, Digits::from_u128(keep_inner))?;
        }
        Ok(())
    }
}

/// `lockout` in files: the gap defaults to half the board side.
pub(crate) static LOCKOUT: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("lockout", Shape::Own),
    meaning: "the diamonds at the ends differ by at least the value (half the side, 4 on 9×9, by default); \
              the other cells of the line are below both diamonds or above both",
    summary: "cells (a line, diamonds first and last), value (optional)",
    params: &[
        Param::CELLS,
        Param::optional(
            "value",
            ParamType::Integer {
                what: "difference",
                range: |n| 1..(n as i64).max(2),
            },
            "value = 4",
        ),
    ],
    example: r#"{ type = "lockout", cells = "r1c1 r2c2 r3c3 r4c4", value = 5 }"#,
    ..RuleKind::on_cells("lockout", |rule, context| {
        let n = context.size();
        let gap = rule
            .number("value")
            .map_or(LockoutLine::default_gap(n), |v| v.clamp(0, 255) as Digit);
        let line = LockoutLine::new(rule.cells("cells").iter().copied(), gap);
        fits(line.name(), line.fits(n))?;
        Ok(Box::new(line))
    })
};
