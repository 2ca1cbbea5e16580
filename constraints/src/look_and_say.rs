//! Look-and-say cages: the clue reads as (count, digit) pairs, "23" for
//! "two 3s" (ISS `LookAndSay`, and ISS's `ContainExact`, which lists each
//! digit as often as it appears); and cells that contain the listed digits
//! at least that often (ISS's `ContainAtLeast`), which the same counting
//! propagates.

use std::borrow::Cow;

use sudokit_core::{
    Cell, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Propagate, Reason, Rule, Violation, Word,
};

use crate::rule::{fits, Param, ParamType, Refusal, RuleKind, RuleSpec};
use crate::units::{checks_through_verify, distinct, Report};

/// The cage holds each listed digit exactly its count of times (a count of
/// 0: not at all); other digits are free, and digits may repeat.
///
/// The digits counted 0 are declared as the cells' domains. The propagator
/// takes each listed digit alone: when as many cells hold the digit as its
/// count, the other cells lose it; when only as many cells can hold it,
/// they take it; and the cells that may take it, split into cliques of
/// cells that must differ (a house's cells), hold it at most once a
/// clique, so as many cliques as missing digits put one in each. The
/// counts of different digits meet only through the cells (a relaxation). DLX and SAT refuse it
/// (`Unsupported`).
///
/// ```
/// use sudokit_constraints::LookAndSay;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let cage = LookAndSay::new([Cell(0), Cell(1), Cell(2)], [(2, 3)]); // "23": two 3s
/// assert_eq!(cage.name(), "look-and-say 23");
/// let grid = Grid::from_values(4, [3, 1, 3].into_iter().chain([0; 13]).collect()).unwrap();
/// assert!(cage.check(&g, &grid).is_ok());
/// let grid = Grid::from_values(4, [3, 1, 2].into_iter().chain([0; 13]).collect()).unwrap();
/// assert_eq!(cage.check(&g, &grid).unwrap_err().message, "look-and-say 23: 1 × 3 and 0 empty cells in r1c1, r1c2, r1c3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LookAndSay {
    cells: Vec<Cell>,
    /// (count, digit) pairs, as the clue reads.
    counts: Vec<(usize, Digit)>,
    /// Each digit at least its count of times, not exactly.
    at_least: bool,
}

impl LookAndSay {
    /// The cage `cells` with the clue `counts`, (count, digit) pairs.
    pub fn new(
        cells: impl IntoIterator<Item = Cell>,
        counts: impl IntoIterator<Item = (usize, Digit)>,
    ) -> LookAndSay {
        LookAndSay {
            cells: cells.into_iter().collect(),
            counts: counts.into_iter().collect(),
            at_least: false,
        }
    }

    /// The cells `cells` holding each digit of `digits` at least as many
    /// times as it is listed (ISS's `ContainAtLeast`: `1_1_2`, two 1s and
    /// a 2 at least); other digits are free. Unlike a quadruple it takes
    /// any number of digits, and propagates each digit on its own (as ISS's
    /// required-values handler does).
    ///
    /// ```
    /// use sudokit_constraints::LookAndSay;
    /// use sudokit_core::{Cell, Geometry, Grid, Rule};
    /// let g = Geometry::square(4).unwrap();
    /// let cells = LookAndSay::at_least([Cell(0), Cell(1), Cell(2)], [3, 3]);
    /// assert_eq!(cells.name(), "contain-at-least 3, 3");
    /// let grid = Grid::from_values(4, [3, 3, 3].into_iter().chain([0; 13]).collect()).unwrap();
    /// assert!(cells.check(&g, &grid).is_ok());
    /// let grid = Grid::from_values(4, [3, 1, 2].into_iter().chain([0; 13]).collect()).unwrap();
    /// assert!(cells.check(&g, &grid).is_err());
    /// ```
    pub fn at_least(
        cells: impl IntoIterator<Item = Cell>,
        digits: impl IntoIterator<Item = Digit>,
    ) -> LookAndSay {
        let mut digits: Vec<Digit> = digits.into_iter().collect();
        digits.sort_unstable();
        let mut counts: Vec<(usize, Digit)> = Vec::new();
        for d in digits {
            match counts.last_mut() {
                Some((count, last)) if *last == d => *count += 1,
                _ => counts.push((1, d)),
            }
        }
        LookAndSay {
            cells: cells.into_iter().collect(),
            counts,
            at_least: true,
        }
    }

    /// Whether the clue makes sense on an `n`×`n` board, in words when it
    /// does not: digits of the board, each listed once, and counts that fit
    /// in the cage together.
    ///
    /// ```
    /// use sudokit_constraints::LookAndSay;
    /// use sudokit_core::Cell;
    /// let cage = |counts: Vec<(usize, u8)>| LookAndSay::new([Cell(0), Cell(1)], counts);
    /// assert!(cage(vec![(1, 2), (1, 4)]).fits(4).is_ok());
    /// assert_eq!(cage(vec![(2, 2), (1, 4)]).fits(4).unwrap_err(), "the counts add up to 3, and the cage has 2 cells");
    /// assert!(cage(vec![(1, 5)]).fits(4).is_err());
    /// ```
    pub fn fits(&self, n: usize) -> Result<(), String> {
        for (i, &(_, d)) in self.counts.iter().enumerate() {
            if d == 0 || d as usize > n {
                return Err(format!("{d} is not a digit of a {n}×{n} board"));
            }
            if self.counts[..i].iter().any(|&(_, e)| e == d) {
                return Err(format!("{d} is counted twice"));
            }
        }
        let total: usize = self.counts.iter().map(|&(c, _)| c).sum();
        if total > self.cells.len() {
            return Err(format!(
                "the counts add up to {total}, and the cage has {} cells",
                self.cells.len()
            ));
        }
        Ok(())
    }

    /// `check`'s logic: no digit more often than its count, and room left
    /// for the missing ones.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        if let Err(why) = self.fits(n) {
            return Err(report.violation(|| why, || self.cells.clone()));
        }
        let empty = self.cells.iter().filter(|&&c| grid.get(c).is_none()).count();
        let mut missing = 0;
        for &(count, d) in &self.counts {
            let present = self.cells.iter().filter(|&&c| grid.get(c) == Some(d)).count();
            missing += count.saturating_sub(present);
            if (present > count && !self.at_least) || missing > empty {
                let cells: Vec<String> = self.cells.iter().map(|c| c.name(n)).collect();
                return Err(report.violation(
                    || {
                        format!(
                            "{}: {present} × {d} and {empty} empty cells in {}",
                            self.name(),
                            cells.join(", ")
                        )
                    },
                    || self.cells.clone(),
                ));
            }
        }
        Ok(())
    }
}

impl Rule for LookAndSay {
    fn name(&self) -> Cow<'_, str> {
        if self.at_least {
            let digits: Vec<String> = self
                .counts
                .iter()
                .flat_map(|&(c, d)| std::iter::repeat_n(d.to_string(), c))
                .collect();
            return format!("contain-at-least {}", digits.join(", ")).into();
        }
        let clue: String = self.counts.iter().map(|(c, d)| format!("{c}{d}")).collect();
        format!("look-and-say {clue}").into()
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        distinct(self.cells.iter().copied())
    }

    fn domains(&self, geometry: &Geometry) -> Vec<(Cell, Digits<u128>)> {
        let n = geometry.size();
        let mut allowed = Digits::<u128>::full(n);
        for &(count, d) in &self.counts {
            if count == 0 && !self.at_least && (1..=n).contains(&(d as usize)) {
                allowed.remove(d);
            }
        }
        if allowed == Digits::full(n) {
            return Vec::new();
        }
        self.cells.iter().map(|&c| (c, allowed)).collect()
    }

    checks_through_verify!();
}

impl Propagate for LookAndSay {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        if self.fits(cx.size()).is_err() {
            return Err(Contradiction::rule(
                self.cells.first().copied(),
                "the look-and-say clue does not fit",
            ));
        }
        for &(count, d) in &self.counts {
            if count > 0 {
                self.by_cliques(cx, count, d)?;
            }
            let possible: Vec<Cell> = self
                .cells
                .iter()
                .copied()
                .filter(|&c| cx.candidates(c).contains(d))
                .collect();
            let placed = possible.iter().filter(|&&c| cx.value(c) == Some(d)).count();
            if (placed > count && !self.at_least) || possible.len() < count {
                return Err(Contradiction::rule(
                    possible.first().copied(),
                    "a look-and-say digit cannot appear its count of times",
                ));
            }
            if placed == count && possible.len() > count && !self.at_least {
                cx.because(|| {
                    Reason::new(self.name().into_owned())
                        .cells(possible.iter().copied())
                        .digits([d])
                });
                for &c in &possible {
                    if cx.value(c) != Some(d) {
                        cx.remove(c, d)?;
                    }
                }
            } else if possible.len() == count && placed < count {
                cx.because(|| {
                    Reason::new(self.name().into_owned())
                        .cells(possible.iter().copied())
                        .digits([d])
                });
                for &c in &possible {
                    cx.assign(c, d)?;
                }
            }
        }
        Ok(())
    }
}

impl LookAndSay {
    /// The open cells that may still take `d`, split greedily into
    /// cliques of cells that must differ (a house's cells, as ISS's
    /// required-values handler groups them): each clique holds `d` at most
    /// once, so fewer cliques than the `d`s still missing is a
    /// contradiction, and exactly as many means each clique holds one `d`
    /// (a one-cell clique takes it; a cell that sees a whole clique loses
    /// it). A greedy cover has at least the fewest cliques, so both hold.
    fn by_cliques<W: Word>(&self, cx: &mut Ctx<'_, W>, count: usize, d: Digit) -> Result<(), Contradiction> {
        let mut placed = Vec::new();
        let mut cliques: Vec<Vec<Cell>> = Vec::new();
        for &c in &self.cells {
            let set = cx.candidates(c);
            if !set.contains(d) {
                continue;
            }
            if set.len() == 1 {
                placed.push(c);
                continue;
            }
            match cliques
                .iter_mut()
                .find(|q| q.iter().all(|&o| cx.must_differ(o, c)))
            {
                Some(clique) => clique.push(c),
                None => cliques.push(vec![c]),
            }
        }
        let missing = count.saturating_sub(placed.len());
        if missing == 0 || cliques.len() > missing {
            return Ok(());
        }
        let cells = || {
            placed
                .iter()
                .chain(cliques.iter().flatten())
                .copied()
                .collect::<Vec<_>>()
        };
        if cliques.len() < missing {
            return Err(Contradiction::rule(
                cliques.first().and_then(|q| q.first()).copied(),
                "a look-and-say digit has fewer places that may all hold it than its count",
            ));
        }
        cx.because(|| Reason::new(self.name().into_owned()).cells(cells()).digits([d]));
        for clique in &cliques {
            match clique[..] {
                [only] => {
                    cx.assign(only, d)?;
                }
                _ => cx.remove_where_all_seen(clique, Digits::single(d))?,
            }
        }
        Ok(())
    }
}

/// The clue of a look-and-say rule in files: `digits[i]` counted
/// `counts[i]` times.
fn counts_of(rule: &RuleSpec) -> Vec<(usize, Digit)> {
    let digits = rule.digits("digits").unwrap_or(&[]);
    let counts = rule.numbers("counts").unwrap_or(&[]);
    counts
        .iter()
        .zip(digits)
        .map(|(&c, &d)| (c.max(0) as usize, d))
        .collect()
}

/// `look-and-say` in files.
pub(crate) static LOOK_AND_SAY: RuleKind = RuleKind {
    meaning: "the cage holds each listed digit exactly its count of times (0: never); digits may repeat",
    summary: "cells, digits, counts (same length: \"23\" is digits = [3], counts = [2])",
    params: &[
        Param::CELLS,
        Param::required("digits", ParamType::Digits, "digits = [3, 5]"),
        Param::required(
            "counts",
            ParamType::Integers {
                what: "count",
                range: |_| 0..1 << 14,
            },
            "counts = [2, 1]",
        ),
    ],
    example: r#"{ type = "look-and-say", cells = "r1c1 r1c2 r2c1 r2c2", digits = [3, 5], counts = [2, 1] }"#,
    check: Some(check_look_and_say),
    ..RuleKind::new("look-and-say", |rule, context| {
        let cage = LookAndSay::new(rule.cells("cells").iter().copied(), counts_of(rule));
        fits("look-and-say", cage.fits(context.size()))?;
        Ok(Box::new(cage))
    })
};

fn check_look_and_say(rule: RuleSpec, n: usize) -> Result<RuleSpec, Refusal> {
    let digits = rule.digits("digits").map_or(0, <[_]>::len);
    let counts = rule.numbers("counts").map_or(0, <[_]>::len);
    if digits != counts {
        return Err(Refusal::at(
            "counts",
            format!("{digits} digits and {counts} counts: each digit takes one count, in order"),
        ));
    }
    let cage = LookAndSay::new(rule.cells("cells").iter().copied(), counts_of(&rule));
    cage.fits(n).map_err(|m| Refusal::at("counts", m))?;
    Ok(rule)
}

/// `contain-at-least` in files: ISS's `ContainAtLeast`, which f-puzzles
/// has only as a quadruple of at most 4 digits around a circle.
pub(crate) static CONTAIN_AT_LEAST: RuleKind = RuleKind {
    meaning: "every listed digit appears in the cells, a digit listed m times at least m times; other digits are free",
    summary: "cells, digits (repeats: that many times; no more than the cells)",
    params: &[
        Param::CELLS,
        Param::required("digits", ParamType::Digits, "digits = [1, 1, 2]"),
    ],
    example: r#"{ type = "contain-at-least", cells = "r1c1 r1c2 r1c3 r1c4 r1c5", digits = [1, 1, 2, 3, 9] }"#,
    check: Some(check_contain_at_least),
    ..RuleKind::new("contain-at-least", |rule, context| {
        let digits = rule.digits("digits").unwrap_or(&[]).iter().copied();
        let cells = LookAndSay::at_least(rule.cells("cells").iter().copied(), digits);
        fits("contain-at-least", cells.fits(context.size()))?;
        Ok(Box::new(cells))
    })
};

fn check_contain_at_least(rule: RuleSpec, n: usize) -> Result<RuleSpec, Refusal> {
    let digits = rule.digits("digits").unwrap_or(&[]).iter().copied();
    let cells = LookAndSay::at_least(rule.cells("cells").iter().copied(), digits);
    cells.fits(n).map_err(|m| Refusal::at("digits", m))?;
    Ok(rule)
}
