//! Same-value sets: several sets of cells hold the same digits, counted
//! with their repeats (ISS's `SameValues`, "Same Value Sets").

use std::borrow::Cow;

use sudokit_core::{
    Cell, Contradiction, Ctx, Digit, Geometry, Grid, Propagate, Reason, Rule, Violation, Word,
};

use crate::rule::{fits, Param, ParamType, Refusal, RuleKind, RuleSpec};
use crate::units::{checks_through_verify, distinct, Report};

/// Sets of cells, all of one size, that hold the same multiset of digits:
/// a digit appears in every set as many times (Copycat: a palindrome and a
/// zipper holding the same fifteen digits). One-cell sets are clones; the
/// ISS reader writes those as `clone` rules, whose pair relations are
/// exact.
///
/// The propagator takes each digit alone: every set holds it as often, so
/// at least as often as the set that already holds it most and at most as
/// often as the set with the fewest places for it. A set with only that
/// many places left takes it in all of them; a set that already holds it
/// that often loses it elsewhere (a digit no set can hold leaves them
/// all). The counts of different digits meet only through the cells (a
/// relaxation, like ISS's handler). DLX and SAT refuse it
/// (`Unsupported`).
///
/// ```
/// use sudokit_constraints::SameValues;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let sets = SameValues::new(vec![vec![Cell(0), Cell(1)], vec![Cell(4), Cell(5)]]);
/// let grid = Grid::from_values(4, [1, 2, 0, 0, 2, 1].into_iter().chain([0; 10]).collect()).unwrap();
/// assert!(sets.check(&g, &grid).is_ok());
/// let grid = Grid::from_values(4, [1, 2, 0, 0, 2, 3].into_iter().chain([0; 10]).collect()).unwrap();
/// assert_eq!(
///     sets.check(&g, &grid).unwrap_err().message,
///     "same values r1c1 r1c2 / r2c1 r2c2: the sets together need 3 digits in each set of 2 cells"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SameValues {
    sets: Vec<Vec<Cell>>,
}

impl SameValues {
    /// The sets `sets`, which must be of one size.
    pub fn new(sets: Vec<Vec<Cell>>) -> SameValues {
        SameValues { sets }
    }

    /// Whether the sets make sense, in words when they do not: at least
    /// two, none empty, all of one size.
    ///
    /// ```
    /// use sudokit_constraints::SameValues;
    /// use sudokit_core::Cell;
    /// let sets = SameValues::new(vec![vec![Cell(0), Cell(1)], vec![Cell(4)]]);
    /// assert_eq!(sets.fits().unwrap_err(), "set 2 has 1 cell, set 1 has 2: the sets must be of one size");
    /// ```
    pub fn fits(&self) -> Result<(), String> {
        let Some(first) = self.sets.first() else {
            return Err("no sets".into());
        };
        if self.sets.len() < 2 {
            return Err("one set alone: same values need at least two".into());
        }
        if first.is_empty() {
            return Err("set 1 has no cells".into());
        }
        if let Some((i, set)) = self.sets.iter().enumerate().find(|(_, s)| s.len() != first.len()) {
            return Err(format!(
                "set {} has {} cell{}, set 1 has {}: the sets must be of one size",
                i + 1,
                set.len(),
                if set.len() == 1 { "" } else { "s" },
                first.len()
            ));
        }
        Ok(())
    }

    fn cells(&self) -> Vec<Cell> {
        self.sets.iter().flatten().copied().collect()
    }

    /// `check`'s logic: a partial grid can still be completed (this rule
    /// alone) exactly when the digits each set needs, as many of each as
    /// the set holding it most, fit in a set.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        if let Err(why) = self.fits() {
            return Err(report.violation(|| why, || self.cells()));
        }
        let size = self.sets[0].len();
        let needed: usize = (1..=n as Digit)
            .map(|d| {
                self.sets
                    .iter()
                    .map(|set| set.iter().filter(|&&c| grid.get(c) == Some(d)).count())
                    .max()
                    .unwrap_or(0)
            })
            .sum();
        if needed > size {
            return Err(report.violation(
                || {
                    let sets: Vec<String> = self
                        .sets
                        .iter()
                        .map(|s| s.iter().map(|c| c.name(n)).collect::<Vec<_>>().join(" "))
                        .collect();
                    format!(
                        "same values {}: the sets together need {needed} digits in each set of {size} cells",
                        sets.join(" / ")
                    )
                },
                || self.cells(),
            ));
        }
        Ok(())
    }
}

impl Rule for SameValues {
    fn name(&self) -> Cow<'_, str> {
        format!(
            "same values ({} sets of {})",
            self.sets.len(),
            self.sets.first().map_or(0, Vec::len)
        )
        .into()
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        distinct(self.cells())
    }

    checks_through_verify!();
}

impl Propagate for SameValues {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        if self.fits().is_err() {
            return Err(Contradiction::rule(
                self.cells().first().copied(),
                "the same-value sets do not fit",
            ));
        }
        for d in 1..=cx.size() as Digit {
            // (placed, possible) per set, counting a listed cell each time.
            let counts: Vec<(usize, usize)> = self
                .sets
                .iter()
                .map(|set| {
                    set.iter().fold((0, 0), |(placed, possible), &c| {
                        let set = cx.candidates(c);
                        (
                            placed + usize::from(set.len() == 1 && set.contains(d)),
                            possible + usize::from(set.contains(d)),
                        )
                    })
                })
                .collect();
            let least = counts.iter().map(|c| c.0).max().unwrap_or(0);
            let most = counts.iter().map(|c| c.1).min().unwrap_or(0);
            if least > most {
                return Err(Contradiction::rule(
                    self.sets[0].first().copied(),
                    "a digit cannot appear as often in every same-value set",
                ));
            }
            for (set, &(placed, possible)) in self.sets.iter().zip(&counts) {
                let take = possible == least && placed < least;
                let lose = placed == most && possible > most;
                if !take && !lose {
                    continue;
                }
                cx.because(|| {
                    Reason::new(self.name().into_owned())
                        .cells(set.iter().copied())
                        .digits([d])
                });
                for &c in set {
                    if !cx.candidates(c).contains(d) {
                        continue;
                    }
                    if take {
                        cx.assign(c, d)?;
                    } else if cx.value(c) != Some(d) {
                        cx.remove(c, d)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// `same-values` in files.
pub(crate) static SAME_VALUES: RuleKind = RuleKind {
    meaning: "the sets (of one size) hold the same digits, each as many times (ISS's SameValues)",
    summary: "sets (lists of cells, all of one size)",
    params: &[Param::required(
        "sets",
        ParamType::Shafts,
        "sets = [[\"r1c1\", \"r1c2\"], [\"r2c3\", \"r2c4\"]]",
    )],
    example: r#"{ type = "same-values", sets = [["r1c1", "r1c2"], ["r2c3", "r2c4"]] }"#,
    check: Some(check_same_values),
    ..RuleKind::new("same-values", |rule, _| {
        let sets = SameValues::new(rule.shafts("sets").to_vec());
        fits("same-values", sets.fits())?;
        Ok(Box::new(sets))
    })
};

fn check_same_values(rule: RuleSpec, _: usize) -> Result<RuleSpec, Refusal> {
    SameValues::new(rule.shafts("sets").to_vec())
        .fits()
        .map_err(|m| Refusal::at("sets", m))?;
    Ok(rule)
}
