//! Full rank: every row and column, read from each end, is a number; a
//! clue gives its line's place when the 4n numbers are ranked (ISS
//! `FullRank`, with its default ties: unclued lines may tie, a clued one
//! may not).

use std::borrow::Cow;

use sudokit_core::{
    Cell, Constraint, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Propagate, Reason, Rule, Violation,
    Word,
};

use crate::clues::{Clue, Side};
use crate::outside::CLUE;
use crate::rule::{fits, BuildContext, Param, ParamType, Refusal, RuleKind, RuleSpec, SpecError};
use crate::units::{checks_through_verify, Report};

/// Read from the clue inward, the clue's line is a number; of the 4n lines
/// (every row from the left and from the right, every column from the top
/// and from the bottom), exactly `rank − 1` read smaller, and none reads
/// the same.
///
/// With the classic rules (`latin`), each digit starts exactly four lines
/// (it stands once in the first and last row and column), so the rank
/// fixes the line's first digit, ⌈rank / 4⌉: declared as that cell's
/// domain. The propagator keeps a first digit when the lines that surely
/// read smaller (their first digits all lower) and those that surely read
/// larger leave room for the rank; it is sound, not exact (later digits are
/// left to the search). DLX and SAT refuse it (`Unsupported`).
///
/// ```
/// use sudokit_constraints::{Clue, FullRank, Side};
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let first = FullRank::new(Clue::new(Side::Left, 0), 1, true);
/// let mut grid = Grid::empty(4);
/// grid.set(Cell(0), 2); // row 1 starts with a 2…
/// grid.set(Cell(4), 1); // … and row 2 with a 1: it reads smaller
/// assert_eq!(first.check(&g, &grid).unwrap_err().message, "full rank 1 left of r1: 1 smaller and 0 larger lines");
/// // Row 4 read from the right is 1234 too: a tie.
/// let grid = Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
/// assert_eq!(first.check(&g, &grid).unwrap_err().message, "full rank 1 left of r1: r4c4-r4c1 reads the same");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FullRank {
    clue: Clue,
    rank: usize,
    latin: bool,
}

/// How a line compares with the clued one so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    Smaller,
    Larger,
    Same,
    Open,
}

impl FullRank {
    /// The clue `rank` at `clue`; `latin` when the rows and columns hold
    /// each digit once (the classic rules).
    pub fn new(clue: Clue, rank: usize, latin: bool) -> FullRank {
        FullRank { clue, rank, latin }
    }

    /// Why the rule cannot be on an `n`×`n` board, if it cannot.
    pub fn validate(&self, n: usize) -> Result<(), String> {
        self.clue.fits(n)?;
        if !(1..=4 * n).contains(&self.rank) {
            return Err(format!(
                "a full rank clue on a {n}×{n} board is 1 to {} (4 lines per row and column pair)",
                4 * n
            ));
        }
        Ok(())
    }

    /// Every other line of the board, read from its clue inward.
    fn others(&self, n: usize) -> impl Iterator<Item = Vec<Cell>> + '_ {
        Side::ALL
            .into_iter()
            .flat_map(move |side| (0..n).map(move |i| Clue::new(side, i)))
            .filter(move |&c| c != self.clue)
            .map(move |c| c.cells(n))
    }

    /// How `other` reads against `line` on `grid`, as far as the filled
    /// cells tell.
    fn order(grid: &Grid, line: &[Cell], other: &[Cell]) -> Order {
        for (&a, &b) in line.iter().zip(other) {
            match (grid.get(a), grid.get(b)) {
                (Some(x), Some(y)) if x == y => continue,
                (Some(x), Some(y)) => return if y < x { Order::Smaller } else { Order::Larger },
                _ => return Order::Open,
            }
        }
        Order::Same
    }

    /// `check`'s logic (see the type's docs).
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let line = self.clue.cells(n);
        let (mut smaller, mut larger) = (0, 0);
        for other in self.others(n) {
            match FullRank::order(grid, &line, &other) {
                Order::Smaller => smaller += 1,
                Order::Larger => larger += 1,
                Order::Same => {
                    return Err(report.violation(
                        || format!("{}: {} reads the same", self.name(), names(&other, n)),
                        || other.clone(),
                    ))
                }
                Order::Open => {}
            }
        }
        if smaller > self.rank - 1 || larger > 4 * n - self.rank {
            return Err(report.violation(
                || format!("{}: {smaller} smaller and {larger} larger lines", self.name()),
                || line.clone(),
            ));
        }
        Ok(())
    }
}

/// "r1c1-r1c4": a line by its ends.
fn names(line: &[Cell], n: usize) -> String {
    format!("{}-{}", line[0].name(n), line[line.len() - 1].name(n))
}

impl Rule for FullRank {
    fn name(&self) -> Cow<'_, str> {
        format!("full rank {} {}", self.rank, self.clue).into()
    }

    fn cost(&self) -> sudokit_core::Cost {
        sudokit_core::Cost::Medium
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        geometry.cells().collect()
    }

    fn domains(&self, geometry: &Geometry) -> Vec<(Cell, Digits<u128>)> {
        let n = geometry.size();
        if !self.latin || self.validate(n).is_err() {
            return Vec::new();
        }
        let first = self.rank.div_ceil(4) as Digit;
        vec![(self.clue.cells(n)[0], Digits::single(first))]
    }

    checks_through_verify!();
}

impl Propagate for FullRank {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let n = cx.size();
        if self.validate(n).is_err() {
            return Err(Contradiction::rule(
                None,
                "the full rank clue does not fit the board",
            ));
        }
        let start = self.clue.cells(n)[0];
        let starts: Vec<Digits<W>> = self.others(n).map(|line| cx.candidates(line[0])).collect();
        let mut keep = Digits::EMPTY;
        for d in cx.candidates(start).iter() {
            let smaller = starts
                .iter()
                .filter(|&&s| Digits::max(s).is_some_and(|m| m < d))
                .count();
            let larger = starts
                .iter()
                .filter(|&&s| Digits::min(s).is_some_and(|m| m > d))
                .count();
            if smaller < self.rank && larger <= 4 * n - self.rank {
                keep.insert(d);
            }
        }
        cx.because(|| Reason::new(self.name().into_owned()).cells([start]));
        cx.restrict(start, keep)?;
        Ok(())
    }
}

fn full_rank(rule: &RuleSpec, latin: bool) -> FullRank {
    let clue = rule.clue("clue").unwrap_or(Clue::new(Side::Left, 0));
    let rank = rule.number("rank").unwrap_or(0).max(0) as usize;
    FullRank::new(clue, rank, latin)
}

fn check_full_rank(rule: RuleSpec, n: usize) -> Result<RuleSpec, Refusal> {
    full_rank(&rule, false)
        .validate(n)
        .map_err(|m| Refusal::at("rank", m))?;
    Ok(rule)
}

fn build_full_rank(rule: &RuleSpec, context: &BuildContext<'_>) -> Result<Box<dyn Constraint>, SpecError> {
    let constraint = full_rank(rule, context.classic);
    fits(constraint.name(), constraint.validate(context.size()))?;
    Ok(Box::new(constraint))
}

/// `full-rank` in files.
pub(crate) static FULL_RANK: RuleKind = RuleKind {
    meaning: "every row and column read from each end is a number: the clue's line ranks there among the 4n, with no tie",
    summary: "clue (\"left of r3\", …), rank (1 to 4n)",
    params: &[
        CLUE,
        Param::required(
            "rank",
            ParamType::Integer {
                what: "rank",
                range: |n| 1..4 * n as i64 + 1,
            },
            "rank = 12",
        ),
    ],
    example: r#"{ type = "full-rank", clue = "left of r3", rank = 12 }"#,
    check: Some(check_full_rank),
    ..RuleKind::new("full-rank", build_full_rank)
};
