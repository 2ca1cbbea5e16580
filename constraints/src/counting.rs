//! Counting circles: the digit in a circle says how many circles hold it.

use std::borrow::Cow;

use sudokit_core::{
    Cell, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Propagate, Reason, Rule, Violation, Word,
};

use crate::rule::RuleKind;
use crate::units::{checks_through_verify, distinct, Report};

/// Counting circles (ISS `CountingCircles`): every digit that stands in
/// one of the circles stands in exactly that many of them. So the digits
/// used, each counted once, add up to the number of circles.
///
/// A propagator of its own: a digit that fewer circles can hold than it
/// says leaves them all; a digit placed as often as it says leaves the
/// other circles; and a digit stays only if some set of usable digits
/// containing it (and every digit already placed) adds up to the number
/// of circles. SAT and DLX have no form for it.
///
/// ```
/// use sudokit_constraints::CountingCircles;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let circles = CountingCircles::new([Cell(0), Cell(5), Cell(10)]);
/// let mut grid = Grid::empty(4);
/// for (cell, d) in [(0, 3), (5, 3)] {
///     grid.set(Cell(cell), d);
/// }
/// // Two 3s and one empty circle left: the 3 needs one more.
/// assert!(circles.check(&g, &grid).is_ok());
/// grid.set(Cell(10), 1);
/// assert_eq!(
///     circles.check(&g, &grid).unwrap_err().message,
///     "counting circles: 3 stands in 2 circles (r1c1, r2c2)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountingCircles {
    cells: Vec<Cell>,
}

impl CountingCircles {
    /// The circles at `cells`.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> CountingCircles {
        CountingCircles {
            cells: cells.into_iter().collect(),
        }
    }

    /// The circles.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
}

impl Rule for CountingCircles {
    fn name(&self) -> Cow<'_, str> {
        "counting circles".into()
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        distinct(self.cells.iter().copied())
    }

    checks_through_verify!();
}

impl CountingCircles {
    /// `check`'s logic: no digit stands in more circles than it says,
    /// nor in fewer than it says when the empty circles cannot make up the
    /// difference.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let empty = self.cells.iter().filter(|&&c| grid.get(c).is_none()).count();
        for d in 1..=n as Digit {
            let holding: Vec<Cell> = self
                .cells
                .iter()
                .copied()
                .filter(|&c| grid.get(c) == Some(d))
                .collect();
            let count = holding.len();
            let wanted = usize::from(d);
            if count > wanted || (count > 0 && count + empty < wanted) {
                return Err(report.violation(
                    || {
                        let names: Vec<String> = holding.iter().map(|c| c.name(n)).collect();
                        let circles = if count == 1 { "circle" } else { "circles" };
                        let short = match empty {
                            _ if count > wanted => String::new(),
                            0 => String::new(),
                            1 => ", and 1 circle is empty".to_string(),
                            e => format!(", and {e} circles are empty"),
                        };
                        format!(
                            "{}: {d} stands in {count} {circles} ({}){short}",
                            self.name(),
                            names.join(", ")
                        )
                    },
                    || holding.clone(),
                ));
            }
        }
        Ok(())
    }
}

/// Whether some subset of `digits` adds up to `target`.
fn subset_reaches(digits: &[usize], target: usize) -> bool {
    let mut reachable = vec![false; target + 1];
    reachable[0] = true;
    for &d in digits {
        for s in (d..=target).rev() {
            reachable[s] |= reachable[s - d];
        }
    }
    reachable[target]
}

impl Propagate for CountingCircles {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _: &[Cell]) -> Result<(), Contradiction> {
        let n = cx.size();
        let circles = self.cells.len();
        let candidates: Vec<Digits<W>> = self.cells.iter().map(|&c| cx.candidates(c)).collect();
        let first = self.cells.first().copied();
        // Per digit: how many circles hold it for sure, how many may.
        let mut placed = vec![0usize; n + 1];
        let mut possible = vec![0usize; n + 1];
        for digits in &candidates {
            if let Some(d) = digits.single_digit() {
                placed[usize::from(d)] += 1;
            }
            for d in digits.iter() {
                possible[usize::from(d)] += 1;
            }
        }
        let mut required = Vec::new();
        let mut optional = Vec::new();
        for d in 1..=n {
            if placed[d] > 0 {
                if placed[d] > d || possible[d] < d {
                    return Err(Contradiction::rule(
                        first,
                        "counting circles: a placed digit cannot stand in as many circles as it says",
                    ));
                }
                required.push(d);
            } else if possible[d] >= d {
                optional.push(d);
            }
        }
        let target = circles.checked_sub(required.iter().sum()).ok_or_else(|| {
            Contradiction::rule(
                first,
                "counting circles: the placed digits need more circles than there are",
            )
        })?;
        if !subset_reaches(&optional, target) {
            return Err(Contradiction::rule(
                first,
                "counting circles: no set of digits counts the circles",
            ));
        }
        // The digits that may stand in a circle at all.
        let mut usable = Digits::<W>::EMPTY;
        for &d in &required {
            usable.insert(d as Digit);
        }
        for (i, &d) in optional.iter().enumerate() {
            let others: Vec<usize> = optional
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &x)| x)
                .collect();
            if d <= target && subset_reaches(&others, target - d) {
                usable.insert(d as Digit);
            }
        }
        cx.because(|| Reason::new(self.name().into_owned()).cells(self.cells.iter().copied()));
        for (&cell, digits) in self.cells.iter().zip(&candidates) {
            let mut keep = usable;
            // A digit already in as many circles as it says stays out of
            // the others.
            for d in required.iter().copied().filter(|&d| placed[d] == d) {
                if digits.single_digit() != Some(d as Digit) {
                    keep.remove(d as Digit);
                }
            }
            cx.restrict(cell, keep)?;
        }
        Ok(())
    }
}

/// `counting-circles` in files.
pub(crate) static COUNTING_CIRCLES: RuleKind = RuleKind {
    meaning: "the digit in a circle says how many circles hold it",
    example: r#"{ type = "counting-circles", cells = "r1c1 r2c3 r3c2 r5c5" }"#,
    ..RuleKind::on_cells("counting-circles", |rule, _| {
        Ok(Box::new(CountingCircles::new(
            rule.cells("cells").iter().copied(),
        )))
    })
};
