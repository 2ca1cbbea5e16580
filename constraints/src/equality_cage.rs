//! Equality cages (ISS's `EqualityCage`): as many even digits as odd, and as
//! many low digits as high.

use std::borrow::Cow;

use sudokit_core::{
    Cell, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Group, Propagate, Reason, Rule, Violation, Word,
};

use crate::rule::{fits, Param, Refusal, RuleKind, RuleSpec};
use crate::units::{checks_through_verify, distinct, Report};

/// A cage of distinct digits, half of them even and half odd, half low and
/// half high: low is the lower half of `1..=n`, high the upper half, and on
/// an odd side the middle digit is neither, so it stays out (ISS: "if the
/// digit range is odd, the middle digit cannot be included").
///
/// The cage declares its cells as an all-different group and the middle
/// digit's absence as their domains. The propagator counts, for each of the
/// two splits, the cells already on one side: once half the cells are
/// even, the others lose the even digits (and so on for odd, low and
/// high); more than half on one side is a contradiction (ISS's
/// `EqualSizePartitions`). DLX and SAT refuse it (`Unsupported`).
///
/// ```
/// use sudokit_constraints::EqualityCage;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let cage = EqualityCage::new([Cell(0), Cell(1)]);
/// // 1 and 4: one odd and one even, one low and one high.
/// let grid = Grid::from_values(4, [1, 4].into_iter().chain([0; 14]).collect()).unwrap();
/// assert!(cage.check(&g, &grid).is_ok());
/// let grid = Grid::from_values(4, [1, 3].into_iter().chain([0; 14]).collect()).unwrap();
/// assert_eq!(cage.check(&g, &grid).unwrap_err().message, "equality cage r1c1 r1c2: 2 odd digits in 2 cells");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EqualityCage {
    cells: Vec<Cell>,
}

/// The two splits of the digits `1..=n`: (name of each side, each side's
/// digits).
fn splits(n: usize) -> [([&'static str; 2], [Digits<u128>; 2]); 2] {
    let digits = |f: &dyn Fn(usize) -> bool| {
        (1..=n)
            .filter(|&d| f(d))
            .map(|d| d as Digit)
            .collect::<Digits<u128>>()
    };
    let half = n / 2;
    [
        (
            ["even", "odd"],
            [digits(&|d| d % 2 == 0), digits(&|d| d % 2 == 1)],
        ),
        (
            ["low", "high"],
            [digits(&|d| d <= half), digits(&|d| d > n - half)],
        ),
    ]
}

impl EqualityCage {
    /// The cage `cells`.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> EqualityCage {
        EqualityCage {
            cells: cells.into_iter().collect(),
        }
    }

    /// Whether the cage can hold: an even number of cells (half on each
    /// side), and no more than the board has digits.
    ///
    /// ```
    /// use sudokit_constraints::EqualityCage;
    /// use sudokit_core::Cell;
    /// let cage = EqualityCage::new([Cell(0), Cell(1), Cell(2)]);
    /// assert_eq!(cage.fits(9).unwrap_err(), "an equality cage has an even number of cells, this one 3");
    /// ```
    pub fn fits(&self, n: usize) -> Result<(), String> {
        let k = self.cells.len();
        if k == 0 || k % 2 == 1 {
            return Err(format!(
                "an equality cage has an even number of cells, this one {k}"
            ));
        }
        if k > n - n % 2 {
            return Err(format!(
                "{k} distinct digits, half low and half high, do not fit a {n}×{n} board"
            ));
        }
        Ok(())
    }

    /// `check`'s logic: distinct digits, and no side of a split with more
    /// than half the cells (the middle digit of an odd side on no side of
    /// the low/high split, so it breaks the cage).
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let name = || {
            let cells: Vec<String> = self.cells.iter().map(|c| c.name(n)).collect();
            format!("equality cage {}", cells.join(" "))
        };
        if let Err(why) = self.fits(n) {
            return Err(report.violation(|| format!("{}: {why}", name()), || self.cells.clone()));
        }
        let values: Vec<Digit> = self.cells.iter().filter_map(|&c| grid.get(c)).collect();
        if let Some(d) = values
            .iter()
            .enumerate()
            .find(|(i, d)| values[..*i].contains(d))
            .map(|x| *x.1)
        {
            return Err(report.violation(|| format!("{}: {d} twice", name()), || self.cells.clone()));
        }
        let k = self.cells.len();
        if n % 2 == 1 && values.contains(&((n / 2 + 1) as Digit)) {
            return Err(report.violation(
                || {
                    format!(
                        "{}: the middle digit {} is neither low nor high",
                        name(),
                        n / 2 + 1
                    )
                },
                || self.cells.clone(),
            ));
        }
        for (names, sides) in splits(n) {
            for (side, digits) in names.iter().zip(sides) {
                let count = values.iter().filter(|&&d| digits.contains(d)).count();
                if count > k / 2 {
                    return Err(report.violation(
                        || format!("{}: {count} {side} digits in {k} cells", name()),
                        || self.cells.clone(),
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Rule for EqualityCage {
    fn name(&self) -> Cow<'_, str> {
        "equality cage".into()
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        distinct(self.cells.iter().copied())
    }

    fn groups(&self, _: &Geometry) -> Vec<Group> {
        vec![Group::new("equality cage", self.cells.iter().copied())]
    }

    fn domains(&self, geometry: &Geometry) -> Vec<(Cell, Digits<u128>)> {
        let n = geometry.size();
        if n % 2 == 0 {
            return Vec::new();
        }
        let mut allowed = Digits::<u128>::full(n);
        allowed.remove((n / 2 + 1) as Digit);
        self.cells.iter().map(|&c| (c, allowed)).collect()
    }

    checks_through_verify!();
}

impl Propagate for EqualityCage {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let n = cx.size();
        if self.fits(n).is_err() {
            return Err(Contradiction::rule(
                self.cells.first().copied(),
                "the equality cage does not fit",
            ));
        }
        let half = self.cells.len() / 2;
        for (names, sides) in splits(n) {
            let sides = sides.map(|s| Digits::<W>::from_u128(s.to_u128()));
            // Cells surely on each side.
            let on = sides.map(|side| {
                self.cells
                    .iter()
                    .filter(|&&c| {
                        let set = cx.candidates(c);
                        !set.is_empty() && (set - side).is_empty()
                    })
                    .count()
            });
            for (i, &count) in on.iter().enumerate() {
                if count > half {
                    return Err(Contradiction::rule(
                        self.cells.first().copied(),
                        "an equality cage with more than half its cells on one side",
                    ));
                }
                if count < half {
                    continue;
                }
                cx.because(|| {
                    Reason::new(format!("equality cage: half the cells {}", names[i]))
                        .cells(self.cells.iter().copied())
                });
                for &c in &self.cells {
                    let set = cx.candidates(c);
                    // A cell already on this side keeps its digits.
                    if !(set - sides[i]).is_empty() {
                        cx.restrict(c, set - sides[i])?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// `equality-cage` in files.
pub(crate) static EQUALITY_CAGE: RuleKind = RuleKind {
    meaning: "distinct digits, as many even as odd and as many low as high (an odd side's middle digit is neither, so never)",
    summary: "cells (an even number)",
    params: &[Param::CELLS],
    example: r#"{ type = "equality-cage", cells = "r1c1 r1c2 r2c1 r2c2" }"#,
    check: Some(check_equality_cage),
    ..RuleKind::new("equality-cage", |rule, context| {
        let cage = EqualityCage::new(rule.cells("cells").iter().copied());
        fits("equality-cage", cage.fits(context.size()))?;
        Ok(Box::new(cage))
    })
};

fn check_equality_cage(rule: RuleSpec, n: usize) -> Result<RuleSpec, Refusal> {
    EqualityCage::new(rule.cells("cells").iter().copied())
        .fits(n)
        .map_err(|m| Refusal::at("cells", m))?;
    Ok(rule)
}
