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
use crate::rule::{fits, BuildContext, Param, ParamType, Presence, Refusal, RuleKind, RuleSpec, SpecError};
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
/// left to the search). With ties allowed ([`FullRank::with_ties`]) only
/// the first digits are compared: the digit-by-digit order of the rivals
/// assumes none ties. DLX and SAT refuse it (`Unsupported`).
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
    /// The clued line may read the same as others (ISS's
    /// `FullRankTies~any`): its rank is one more than the lines that read
    /// smaller.
    ties: bool,
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
        FullRank {
            clue,
            rank,
            latin,
            ties: false,
        }
    }

    /// The same clue with ties allowed (ISS's `FullRankTies~any`): the
    /// clued line may read the same as others, and exactly `rank − 1`
    /// lines read smaller.
    ///
    /// ```
    /// use sudokit_constraints::{Clue, FullRank, Side};
    /// use sudokit_core::{Geometry, Grid, Rule};
    /// let g = Geometry::square(4).unwrap();
    /// // Row 1 from the left and row 4 from the right both read 1234.
    /// let grid = Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
    /// assert!(FullRank::new(Clue::new(Side::Left, 0), 1, true).with_ties().check(&g, &grid).is_ok());
    /// assert!(FullRank::new(Clue::new(Side::Left, 0), 2, true).with_ties().check(&g, &grid).is_err());
    /// ```
    pub fn with_ties(mut self) -> FullRank {
        self.ties = true;
        self
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
        let (mut smaller, mut larger, mut open) = (0, 0, 0);
        for other in self.others(n) {
            match FullRank::order(grid, &line, &other) {
                Order::Smaller => smaller += 1,
                Order::Larger => larger += 1,
                Order::Same if self.ties => {}
                Order::Same => {
                    return Err(report.violation(
                        || format!("{}: {} reads the same", self.name(), names(&other, n)),
                        || other.clone(),
                    ))
                }
                Order::Open => open += 1,
            }
        }
        // Too many read smaller or larger, or too few can still read smaller.
        if smaller > self.rank - 1 || larger > 4 * n - self.rank || smaller + open < self.rank - 1 {
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
        let ties = if self.ties { " (ties allowed)" } else { "" };
        format!("full rank {} {}{ties}", self.rank, self.clue).into()
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
        // The rivals' digit-by-digit order assumes no tie: with ties, the
        // first digits only (the domain still fixes the line's own).
        if self.latin && !self.ties {
            self.propagate_latin(cx)
        } else {
            self.propagate_by_first_digits(cx)
        }
    }
}

impl FullRank {
    /// Without the classic rules: keeps a first digit when the lines that
    /// surely read smaller (their first digits all lower) and those that
    /// surely read larger leave room for the rank.
    fn propagate_by_first_digits<W: Word>(&self, cx: &mut Ctx<'_, W>) -> Result<(), Contradiction> {
        let n = cx.size();
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

    /// With the classic rules, each digit starts exactly four lines, one
    /// from each side, so the rank fixes the clued line's first digit `d`
    /// and how many of the three other lines starting with `d` read
    /// smaller: `(rank − 1) mod 4`. Each side's rival is any line whose
    /// first cell may hold `d`; comparing digit by digit from the second
    /// cell (both lines start with `d` when it is the rival) tells whether
    /// it can read smaller, larger, or neither (a tie, never allowed). When
    /// the sides that must read smaller (or larger) already make up the
    /// count, every open side must go the other way: its lines that cannot
    /// lose `d` as a first digit, and a side down to one line starts with
    /// `d` and is compared digit by digit (a lexicographic order).
    fn propagate_latin<W: Word>(&self, cx: &mut Ctx<'_, W>) -> Result<(), Contradiction> {
        let n = cx.size();
        let line = self.clue.cells(n);
        let first = self.rank.div_ceil(4) as Digit;
        let below = (self.rank - 1) % 4;
        cx.because(|| Reason::new(self.name().into_owned()).cells([line[0]]));
        cx.assign(line[0], first)?;
        let mut rivals: Vec<(Vec<Vec<Cell>>, Ways)> = Vec::with_capacity(3);
        for side in Side::ALL.into_iter().filter(|&s| s != self.clue.side) {
            let mut lines = Vec::new();
            let mut ways = Ways::default();
            for index in 0..n {
                let other = Clue::new(side, index).cells(n);
                if !cx.candidates(other[0]).contains(first) {
                    continue;
                }
                let way = Ways {
                    smaller: can_read_below(cx, &other, &line, first),
                    larger: can_read_below(cx, &line, &other, first),
                };
                if !way.smaller && !way.larger {
                    cx.because(|| Reason::new(self.name().into_owned()).cells(other.iter().copied()));
                    cx.remove(other[0], first)?;
                    continue;
                }
                ways.smaller |= way.smaller;
                ways.larger |= way.larger;
                lines.push(other);
            }
            if lines.is_empty() {
                return Err(Contradiction::rule(
                    Some(line[0]),
                    "no line on a side can start with the clued line's first digit",
                ));
            }
            rivals.push((lines, ways));
        }
        let surely_smaller = rivals.iter().filter(|(_, w)| !w.larger).count();
        let surely_larger = rivals.iter().filter(|(_, w)| !w.smaller).count();
        if surely_smaller > below || surely_larger > 3 - below {
            return Err(Contradiction::rule(
                Some(line[0]),
                "too many lines with the same first digit read smaller or larger",
            ));
        }
        let must_read_larger = surely_smaller == below;
        let must_read_smaller = surely_larger == 3 - below;
        for (lines, ways) in &rivals {
            if !(ways.smaller && ways.larger) {
                continue;
            }
            if must_read_larger {
                self.make_rival(cx, lines, &line, first, Direction::Larger)?;
            } else if must_read_smaller {
                self.make_rival(cx, lines, &line, first, Direction::Smaller)?;
            }
        }
        Ok(())
    }

    /// Makes one side's rival read `direction` against the clued `line`:
    /// lines that cannot lose their first digit `first`; a single line is
    /// ordered digit by digit.
    fn make_rival<W: Word>(
        &self,
        cx: &mut Ctx<'_, W>,
        lines: &[Vec<Cell>],
        line: &[Cell],
        first: Digit,
        direction: Direction,
    ) -> Result<(), Contradiction> {
        for other in lines {
            let (low, high) = direction.order(other, line);
            if !can_read_below(cx, low, high, first) {
                cx.because(|| Reason::new(self.name().into_owned()).cells(other.iter().copied()));
                cx.remove(other[0], first)?;
            }
        }
        let left: Vec<&Vec<Cell>> = lines
            .iter()
            .filter(|l| cx.candidates(l[0]).contains(first))
            .collect();
        if let [only] = left.as_slice() {
            let (low, high) = direction.order(only, line);
            cx.because(|| Reason::new(self.name().into_owned()).cells(only.iter().copied()));
            // The side's edge holds `first` once: here.
            cx.assign(only[0], first)?;
            read_below(cx, low, high)?;
        }
        Ok(())
    }
}

/// Whether a rival line can read smaller or larger than the clued one.
#[derive(Clone, Copy, Debug, Default)]
struct Ways {
    smaller: bool,
    larger: bool,
}

/// The way a rival must read against the clued line.
#[derive(Clone, Copy, Debug)]
enum Direction {
    Smaller,
    Larger,
}

impl Direction {
    /// The (lower, higher) pair for a `rival` read this way against `line`.
    fn order<'l>(self, rival: &'l [Cell], line: &'l [Cell]) -> (&'l [Cell], &'l [Cell]) {
        match self {
            Direction::Smaller => (rival, line),
            Direction::Larger => (line, rival),
        }
    }
}

/// Whether `low` can read strictly smaller than `high` when both start
/// with `first` (a rival is only a rival as the line of its side that
/// starts with the clued line's first digit: its other first digits say
/// nothing about the order), digit by digit, each pair of cells taken on
/// its own (so it may say yes when the board says no, never the other way
/// round). A cell both lines share holds the same digit in both; a digit
/// the two lines share at an earlier place cannot come again in either
/// (rows and columns repeat no digit).
fn can_read_below<W: Word>(cx: &Ctx<'_, W>, low: &[Cell], high: &[Cell], first: Digit) -> bool {
    let mut used = Digits::<W>::single(first);
    for (&a, &b) in low.iter().zip(high).skip(1) {
        if a == b {
            used |= cx.candidates(a).if_single();
            continue;
        }
        let (x, y) = (cx.candidates(a) - used, cx.candidates(b) - used);
        match (x.min(), y.max()) {
            (Some(lo), Some(hi)) if lo < hi => return true,
            // Equal here is the only way on: one digit, min of one and max of the other.
            _ if (x & y).is_empty() => return false,
            _ => used |= x & y,
        }
    }
    false
}

/// Orders `low` strictly below `high`: at the first pair of cells not
/// known to be equal, `low`'s digit is at most `high`'s (less when they
/// cannot be equal, or when it is the last pair); when that leaves the two
/// equal, the next pair is ordered the same way.
fn read_below<W: Word>(cx: &mut Ctx<'_, W>, low: &[Cell], high: &[Cell]) -> Result<(), Contradiction> {
    let n = cx.size() as Digit;
    let last = low.len() - 1;
    let mut used = Digits::<W>::EMPTY;
    for (k, (&a, &b)) in low.iter().zip(high).enumerate() {
        if a == b {
            used |= cx.candidates(a).if_single();
            continue;
        }
        let (x, y) = (cx.candidates(a) - used, cx.candidates(b) - used);
        if !(x.is_single() && x == y) {
            let strict = k == last || (x & y).is_empty();
            let (Some(top), Some(bottom)) = (y.max(), x.min()) else {
                return Err(Contradiction::rule(Some(a), "the lines repeat a digit"));
            };
            let (top, bottom) = if strict {
                (top - 1, bottom + 1)
            } else {
                (top, bottom)
            };
            cx.restrict(a, Digits::from_digits(1..=top) - used)?;
            cx.restrict(b, Digits::from_digits(bottom..=n) - used)?;
            let (x, y) = (cx.candidates(a), cx.candidates(b));
            if !(x.is_single() && x == y) {
                return Ok(());
            }
        }
        used |= cx.candidates(a);
    }
    Err(Contradiction::rule(
        None,
        "the clued line reads the same as another",
    ))
}

fn full_rank(rule: &RuleSpec, latin: bool) -> FullRank {
    let clue = rule.clue("clue").unwrap_or(Clue::new(Side::Left, 0));
    let rank = rule.number("rank").unwrap_or(0).max(0) as usize;
    let rank = FullRank::new(clue, rank, latin);
    match rule.number("ties") {
        Some(1) => rank.with_ties(),
        _ => rank,
    }
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
    meaning: "rows and columns read from each end are 4n numbers: the clue's line ranks there, tied with none (`ties = 1`: it may tie, and rank − 1 lines read smaller)",
    summary: "clue (\"left of r3\", …), rank (1 to 4n), ties (1: the line may tie, its rank one more than the lines below; ISS's FullRankTies~any)",
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
        Param::with_default(
            "ties",
            ParamType::Integer {
                what: "ties",
                range: |_| 0..2,
            },
            Presence::Number(0),
        ),
    ],
    example: r#"{ type = "full-rank", clue = "left of r3", rank = 12 }"#,
    check: Some(check_full_rank),
    ..RuleKind::new("full-rank", build_full_rank)
};

/// No two of the 4n lines (every row and column, read from each end) read
/// the same, clued or not (ISS's `FullRankTies~none`, which holds even on
/// a board without full rank clues).
///
/// The propagator compares every two lines: when all their places but one
/// hold the same digits (or are the same cell) and one line's cell at the
/// last place is known, the other's loses that digit; lines equal
/// everywhere are a contradiction. DLX and SAT refuse it (`Unsupported`).
///
/// ```
/// use sudokit_constraints::FullRankNoTies;
/// use sudokit_core::{Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// // Column 1 from the top and column 4 from the bottom both read 1324.
/// let grid = Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
/// assert_eq!(FullRankNoTies.check(&g, &grid).unwrap_err().message, "full rank without ties: r1c1-r4c1 and r4c4-r1c4 read the same");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FullRankNoTies;

/// Every line of an `n`×`n` board, read from its clue inward.
fn all_lines(n: usize) -> Vec<Vec<Cell>> {
    Side::ALL
        .into_iter()
        .flat_map(|side| (0..n).map(move |i| Clue::new(side, i).cells(n)))
        .collect()
}

impl FullRankNoTies {
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let lines = all_lines(n);
        for (i, a) in lines.iter().enumerate() {
            for b in &lines[i + 1..] {
                if FullRank::order(grid, a, b) == Order::Same {
                    return Err(report.violation(
                        || {
                            format!(
                                "full rank without ties: {} and {} read the same",
                                names(a, n),
                                names(b, n)
                            )
                        },
                        || a.iter().chain(b).copied().collect(),
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Rule for FullRankNoTies {
    fn name(&self) -> Cow<'_, str> {
        "full rank without ties".into()
    }

    fn cost(&self) -> sudokit_core::Cost {
        sudokit_core::Cost::Medium
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        geometry.cells().collect()
    }

    checks_through_verify!();
}

impl Propagate for FullRankNoTies {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let lines = all_lines(cx.size());
        for (i, a) in lines.iter().enumerate() {
            for b in &lines[i + 1..] {
                // The one place not yet known equal, if there is one.
                let mut open = None;
                // Places that surely differ, or two open ones: nothing to do.
                let mut skip = false;
                for (&x, &y) in a.iter().zip(b) {
                    let (sx, sy) = (cx.candidates(x), cx.candidates(y));
                    if x == y || (sx.is_single() && sx == sy) {
                        continue;
                    }
                    if (sx & sy).is_empty() || open.is_some() {
                        skip = true;
                        break;
                    }
                    open = Some((x, y));
                }
                if skip {
                    continue;
                }
                let Some((x, y)) = open else {
                    return Err(Contradiction::rule(Some(a[0]), "two lines read the same"));
                };
                let (sx, sy) = (cx.candidates(x), cx.candidates(y));
                cx.because(|| Reason::new("full rank without ties").cells(a.iter().chain(b).copied()));
                if sx.is_single() {
                    cx.restrict(y, sy - sx)?;
                } else if sy.is_single() {
                    cx.restrict(x, sx - sy)?;
                }
            }
        }
        Ok(())
    }
}

/// `full-rank-no-ties` in files.
pub(crate) static FULL_RANK_NO_TIES: RuleKind = RuleKind {
    meaning:
        "no two of the 4n lines (rows and columns read from each end) read the same (ISS's FullRankTies~none)",
    summary: "none",
    params: &[],
    example: r#"{ type = "full-rank-no-ties" }"#,
    ..RuleKind::new("full-rank-no-ties", |_, _| Ok(Box::new(FullRankNoTies)))
};
