//! Quadruples: digits written in a circle on the corner of four cells must
//! all appear in those cells.

use std::borrow::Cow;

use sudokit_core::cnf::{ClauseOptions, ClauseSink, Lit, Var};
use sudokit_core::{
    Cand, Cell, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Propagate, Reason, Rule, Unsupported,
    Violation, Word,
};

use crate::required::remove_required_where_seen;
use crate::rule::{fits, Fpuzzles, Param, ParamType, Refusal, RuleKind, RuleSpec, Shape};
use crate::units::{checks_through_verify, distinct, Report};

/// A quadruple (f-puzzles `quadruple`): every listed digit appears in the
/// cells around the circle, a digit listed `m` times in at least `m` of
/// them. At most 4 digits, and no more digits than cells.
///
/// A propagator of its own, exact for the rule alone: it tries every way to
/// put the listed digits into distinct cells that still hold them, and
/// keeps what some way uses (a cell left out of some way keeps all its
/// candidates). So a digit with as many possible cells as copies is
/// placed, and four listed digits leave the cells nothing else (this case
/// is also declared as the cells' domains). Each listed digit then leaves
/// every cell that sees all of the quadruple's cells still holding it, as
/// on a renban (a quadruple of 4 across two boxes whose 4 can only sit in
/// its row 3 cells keeps 4 out of the rest of row 3). SAT takes it as clauses ("any
/// `k − m + 1` of the `k` cells hold `d`"); DLX has no form for "at least"
/// and refuses it ([`Unsupported`]).
///
/// ```
/// use sudokit_constraints::Quadruple;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let quad = Quadruple::new([Cell(0), Cell(1), Cell(9), Cell(10)], [3, 3, 7]);
/// assert!(quad.fits(9).is_ok());
/// let mut grid = Grid::empty(9);
/// grid.set(Cell(0), 1);
/// grid.set(Cell(1), 2);
/// grid.set(Cell(9), 3);
/// assert_eq!(
///     quad.check(&g, &grid).unwrap_err().message,
///     "quadruple r1c1, r1c2, r2c1, r2c2 needs 3, 3, 7: 2 still missing and 1 cell empty"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quadruple {
    cells: Vec<Cell>,
    /// The listed digits, sorted, with repeats.
    digits: Vec<Digit>,
}

impl Quadruple {
    /// The digits `digits` (repeats mean "that many times") in `cells`.
    pub fn new(cells: impl IntoIterator<Item = Cell>, digits: impl IntoIterator<Item = Digit>) -> Quadruple {
        let mut digits: Vec<Digit> = digits.into_iter().collect();
        digits.sort_unstable();
        Quadruple {
            cells: cells.into_iter().collect(),
            digits,
        }
    }

    /// The cells.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The listed digits, sorted, with repeats.
    pub fn digits(&self) -> &[Digit] {
        &self.digits
    }

    /// Whether the quadruple makes sense on an `n`×`n` board, in words when
    /// it does not: at most 4 digits, no more than its cells, each `1..=n`.
    /// [`PuzzleSpec::build`](crate::spec::PuzzleSpec::build) refuses it with
    /// this message.
    ///
    /// ```
    /// use sudokit_constraints::Quadruple;
    /// use sudokit_core::Cell;
    /// let cells = [Cell(0), Cell(1), Cell(9), Cell(10)];
    /// assert_eq!(
    ///     Quadruple::new(cells, [1, 2, 3, 4, 5]).fits(9).unwrap_err(),
    ///     "a quadruple lists at most 4 digits, this one lists 5"
    /// );
    /// assert!(Quadruple::new(cells, [5]).fits(4).is_err());
    /// ```
    pub fn fits(&self, n: usize) -> Result<(), String> {
        let count = self.digits.len();
        if self.cells.is_empty() {
            return Err("a quadruple needs its cells".to_string());
        }
        if count > 4 {
            return Err(format!(
                "a quadruple lists at most 4 digits, this one lists {count}"
            ));
        }
        if count > self.cells.len() {
            return Err(format!(
                "{count} digits do not fit in the quadruple's {} cells",
                self.cells.len()
            ));
        }
        if let Some(d) = self.digits.iter().find(|&&d| d == 0 || d as usize > n) {
            return Err(format!("{d} is not a digit of a {n}×{n} board"));
        }
        Ok(())
    }

    /// Each listed digit once, with how many times it is listed.
    fn needs(&self) -> Vec<(Digit, usize)> {
        let mut needs: Vec<(Digit, usize)> = Vec::new();
        for &d in &self.digits {
            match needs.last_mut() {
                Some((last, m)) if *last == d => *m += 1,
                _ => needs.push((d, 1)),
            }
        }
        needs
    }

    fn describe(&self, n: usize) -> String {
        let cells: Vec<String> = self.cells.iter().map(|c| c.name(n)).collect();
        let digits: Vec<String> = self.digits.iter().map(|d| d.to_string()).collect();
        format!("quadruple {} needs {}", cells.join(", "), digits.join(", "))
    }
}

/// Puts the listed copies `copies` into distinct cells that hold them, in
/// every way, and adds to `support` what each way uses: the copy's digit
/// in its cell, every candidate in a cell left out. `placed[i]` is the
/// digit put in cell `i` so far (0: none). True when some way exists.
fn place<W: Word>(
    copies: &[Digit],
    candidates: &[Digits<W>],
    placed: &mut [Digit],
    first: usize,
    support: &mut [Digits<W>],
) -> bool {
    let Some((&digit, rest)) = copies.split_first() else {
        for (i, &d) in placed.iter().enumerate() {
            if d == 0 {
                support[i] |= candidates[i];
            } else {
                support[i].insert(d);
            }
        }
        return true;
    };
    let mut any = false;
    for i in first..candidates.len() {
        if placed[i] == 0 && candidates[i].contains(digit) {
            placed[i] = digit;
            // A second copy of the same digit goes to a later cell only.
            let next = if rest.first() == Some(&digit) { i + 1 } else { 0 };
            any |= place(rest, candidates, placed, next, support);
            placed[i] = 0;
        }
    }
    any
}

impl Rule for Quadruple {
    fn name(&self) -> Cow<'_, str> {
        "quadruple".into()
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        distinct(self.cells.iter().copied())
    }

    fn domains(&self, geometry: &Geometry) -> Vec<(Cell, Digits<u128>)> {
        if self.fits(geometry.size()).is_err() || self.digits.len() < self.cells.len() {
            return Vec::new();
        }
        let listed: Digits<u128> = self.digits.iter().copied().collect();
        self.cells.iter().map(|&c| (c, listed)).collect()
    }

    checks_through_verify!();

    fn clauses(
        &self,
        geometry: &Geometry,
        _: &ClauseOptions,
        sink: &mut dyn ClauseSink,
    ) -> Result<(), Unsupported> {
        let n = geometry.size();
        if self.fits(n).is_err() {
            sink.add_clause(&[]);
            return Ok(());
        }
        let k = self.cells.len();
        // At least m of the k cells hold d: every k − m + 1 of them hold one.
        for (d, m) in self.needs() {
            let size = k + 1 - m;
            for subset in 0u64..1 << k.min(63) {
                if subset.count_ones() as usize != size {
                    continue;
                }
                let clause: Vec<Lit> = (0..k)
                    .filter(|i| subset >> i & 1 == 1)
                    .map(|i| Lit::positive(Var::of_cand(Cand::new(self.cells[i], d), n)))
                    .collect();
                sink.add_clause(&clause);
            }
        }
        Ok(())
    }
}

impl Quadruple {
    /// `check`'s logic, described as `report` asks.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        if let Err(why) = self.fits(n) {
            return Err(report.violation(|| why, || self.cells.clone()));
        }
        let empty = self.cells.iter().filter(|&&c| grid.get(c).is_none()).count();
        let missing: usize = self
            .needs()
            .into_iter()
            .map(|(d, m)| {
                let present = self.cells.iter().filter(|&&c| grid.get(c) == Some(d)).count();
                m.saturating_sub(present)
            })
            .sum();
        if missing > empty {
            return Err(report.violation(
                || {
                    format!(
                        "{}: {missing} still missing and {empty} cell{} empty",
                        self.describe(n),
                        if empty == 1 { "" } else { "s" }
                    )
                },
                || self.cells.clone(),
            ));
        }
        Ok(())
    }
}

impl Propagate for Quadruple {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        if self.fits(cx.size()).is_err() {
            return Err(Contradiction::rule(
                self.cells.first().copied(),
                "the quadruple does not fit the board",
            ));
        }
        let candidates: Vec<Digits<W>> = self.cells.iter().map(|&c| cx.candidates(c)).collect();
        let mut support = vec![Digits::EMPTY; self.cells.len()];
        let mut placed = vec![0; self.cells.len()];
        if !place(&self.digits, &candidates, &mut placed, 0, &mut support) {
            return Err(Contradiction::rule(
                self.cells.first().copied(),
                "the quadruple's digits no longer fit in its cells",
            ));
        }
        cx.because(|| {
            Reason::new("quadruple")
                .cells(self.cells.iter().copied())
                .digits(self.digits.iter().copied())
        });
        for (&cell, &keep) in self.cells.iter().zip(&support) {
            cx.restrict(cell, keep)?;
        }
        let required = self.digits.iter().fold(0u128, |all, &d| all | 1 << (d - 1));
        remove_required_where_seen(cx, &self.cells, required, |d| {
            format!("quadruple: {d} is around the circle")
        })
    }
}

/// `quadruple` in files.
pub(crate) static QUADRUPLE: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("quadruple", Shape::Own),
    meaning: "every listed digit appears in the cells around the circle (a digit listed twice, twice)",
    summary: "cells, digits (at most 4)",
    params: &[
        Param::CELLS,
        Param::required("digits", ParamType::Digits, "digits = [1, 2]"),
    ],
    example: r#"{ type = "quadruple", cells = "r4c4 r4c5 r5c4 r5c5", digits = [1, 3, 3] }"#,
    check: Some(check_quadruple),
    ..RuleKind::new("quadruple", |rule, context| {
        let digits = rule.digits("digits").unwrap_or(&[]).iter().copied();
        let quadruple = Quadruple::new(rule.cells("cells").iter().copied(), digits);
        fits("quadruple", quadruple.fits(context.size()))?;
        Ok(Box::new(quadruple))
    })
};

fn check_quadruple(rule: RuleSpec, _: usize) -> Result<RuleSpec, Refusal> {
    let cells = rule.cells("cells").len();
    let digits = rule.digits("digits").map_or(0, <[_]>::len);
    let most = cells.min(4);
    if digits > most {
        return Err(Refusal::at(
            "digits",
            format!(
                "a quadruple lists at most {most} digits (4, and no more than its {cells} cells), found {digits}"
            ),
        ));
    }
    Ok(rule)
}
