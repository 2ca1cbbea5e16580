//! Counting circles: the digit in a circle says how many circles hold it.

use std::borrow::Cow;

use sudokit_core::{
    Cell, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Propagate, Reason, Rule, UnitKind, Violation,
    Word,
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
/// of circles. Beside the classic rules ([`CountingCircles::in_latin_houses`],
/// as files build it) the houses bound each digit's count too. SAT and DLX
/// have no form for it.
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
    latin: bool,
}

impl CountingCircles {
    /// The circles at `cells`.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> CountingCircles {
        CountingCircles {
            cells: cells.into_iter().collect(),
            latin: false,
        }
    }

    /// The same circles on a board whose houses hold every digit once (the
    /// classic rules): then a digit stands in at most as many circles as
    /// there are rows (and columns, and boxes) where a circle may hold it,
    /// and in at least as many as there are rows (…) where only circles
    /// may hold it. Sound only beside those rules.
    pub fn in_latin_houses(mut self) -> CountingCircles {
        self.latin = true;
        self
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
        let (mut fewest, mut most) = (placed.clone(), possible);
        let houses = self.latin.then(|| Houses::new(&self.cells, cx));
        if let Some(houses) = &houses {
            houses.bound(&mut fewest, &mut most);
        }
        let mut required = Vec::new();
        let mut optional = Vec::new();
        for d in 1..=n {
            if fewest[d] > 0 {
                if fewest[d] > d || most[d] < d {
                    return Err(Contradiction::rule(
                        first,
                        "counting circles: a placed digit cannot stand in as many circles as it says",
                    ));
                }
                required.push(d);
            } else if most[d] >= d {
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
        // The digits that stand in exactly as many circles as they say.
        let mut exact = required.clone();
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
                if !subset_reaches(&others, target) {
                    exact.push(d); // no way to count the circles without it
                }
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
        if let Some(houses) = &houses {
            for &d in &exact {
                houses.place(cx, d as Digit)?;
            }
        }
        Ok(())
    }
}

/// One house as the circles see it: the digits a circle of it may hold,
/// and those its other cells may.
struct HouseView<'g, W: Word> {
    kind: UnitKind,
    cells: &'g [Cell],
    in_circle: Digits<W>,
    outside: Digits<W>,
}

impl<W: Word> HouseView<'_, W> {
    /// The digits only a circle of this house may hold.
    fn only_in_circles(&self) -> Digits<W> {
        self.in_circle - self.outside
    }
}

/// Every house of a board whose houses hold each digit once, as the
/// circles see it, read once per propagation.
struct Houses<'g, W: Word> {
    /// Whether each cell is a circle.
    circle: Vec<bool>,
    views: Vec<HouseView<'g, W>>,
    /// Per kind of house on the board (each a partition of it), per digit:
    /// the houses where a circle may hold it, and where only circles may.
    counts: Vec<(UnitKind, Vec<usize>, Vec<usize>)>,
}

impl<'g, W: Word> Houses<'g, W> {
    fn new(circles: &[Cell], cx: &Ctx<'g, W>) -> Houses<'g, W> {
        let geometry = cx.geometry();
        let mut circle = vec![false; geometry.cell_count()];
        for &c in circles {
            circle[c.index()] = true;
        }
        let views: Vec<HouseView<'g, W>> = geometry
            .units()
            .iter()
            .map(|unit| {
                let (mut in_circle, mut outside) = (Digits::<W>::EMPTY, Digits::<W>::EMPTY);
                for &c in unit.cells.iter() {
                    if circle[c.index()] {
                        in_circle |= cx.candidates(c);
                    } else {
                        outside |= cx.candidates(c);
                    }
                }
                HouseView {
                    kind: unit.kind,
                    cells: &unit.cells,
                    in_circle,
                    outside,
                }
            })
            .collect();
        let digits = cx.size() + 1;
        let counts = KINDS
            .into_iter()
            .filter(|&kind| views.iter().any(|h| h.kind == kind))
            .map(|kind| {
                let (mut may, mut must) = (vec![0usize; digits], vec![0usize; digits]);
                for house in views.iter().filter(|h| h.kind == kind) {
                    for d in house.in_circle.iter() {
                        may[usize::from(d)] += 1;
                    }
                    for d in house.only_in_circles().iter() {
                        must[usize::from(d)] += 1;
                    }
                }
                (kind, may, must)
            })
            .collect();
        Houses {
            circle,
            views,
            counts,
        }
    }

    /// Narrows, per digit, the fewest and most circles that can hold it by
    /// the houses (each holds the digit exactly once): at most the number
    /// of rows (columns, boxes) with a circle that may hold it, at least
    /// the number of rows (…) where only circles may.
    fn bound(&self, fewest: &mut [usize], most: &mut [usize]) {
        for (_, may, must) in &self.counts {
            for d in 1..fewest.len() {
                most[d] = most[d].min(may[d]);
                fewest[d] = fewest[d].max(must[d]);
            }
        }
    }

    /// A digit `d` that stands in exactly `d` circles: when only `d` rows
    /// (columns, boxes) have a circle that may hold it, it is in a circle
    /// in each of them, so it leaves their other cells; when `d` of them
    /// already must hold it in a circle, it leaves the circles of the rest.
    fn place(&self, cx: &mut Ctx<'_, W>, d: Digit) -> Result<(), Contradiction> {
        let count = usize::from(d);
        for (kind, may, must) in &self.counts {
            for house in self.views.iter().filter(|h| h.kind == *kind) {
                let forced = house.only_in_circles().contains(d);
                for &c in house.cells {
                    let leaves = if self.circle[c.index()] {
                        must[count] == count && !forced
                    } else {
                        may[count] == count && house.in_circle.contains(d)
                    };
                    if leaves {
                        cx.remove(c, d)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// The kinds of house, each a partition of the board.
const KINDS: [UnitKind; 4] = [UnitKind::Row, UnitKind::Column, UnitKind::Box, UnitKind::Region];

/// `counting-circles` in files.
pub(crate) static COUNTING_CIRCLES: RuleKind = RuleKind {
    meaning: "the digit in a circle says how many circles hold it",
    example: r#"{ type = "counting-circles", cells = "r1c1 r2c3 r3c2 r5c5" }"#,
    ..RuleKind::on_cells("counting-circles", |rule, context| {
        let circles = CountingCircles::new(rule.cells("cells").iter().copied());
        Ok(Box::new(if context.classic {
            circles.in_latin_houses()
        } else {
            circles
        }))
    })
};
