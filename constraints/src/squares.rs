//! Rules over every 2×2 square of the board: global entropy (each square
//! holds a low, a middle and a high digit) and global modular (each square
//! holds digits of all three residues mod 3). ISS calls them
//! `GlobalEntropy` and `GlobalMod`.
//!
//! The digit classes are those of entropic and modular lines
//! ([`LineKind::Entropic`], [`LineKind::MODULAR`]): thirds of `1..=n`, or
//! residues mod 3.

use std::borrow::Cow;

use sudokit_core::cnf::{ClauseOptions, ClauseSink, Lit, Var};
use sudokit_core::{
    Cand, Cell, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Propagate, Reason, Rule, Unsupported,
    Violation, Word,
};

use crate::lines::{Line, LineKind};
use crate::rule::{fits, RuleKind};
use crate::units::Report;

/// Every 2×2 square of the board holds digits of all three classes of
/// `kind` (entropic: low, middle, high; modular: the residues mod 3).
///
/// A propagator of its own, exact for each square taken alone: it tries the
/// 81 ways to give the four cells a class each, keeps the ways that use all
/// three classes, and narrows each cell to the digits of the classes some
/// way gives it. SAT takes it as clauses ("some cell of the square holds a
/// digit of this class"); DLX has no form for "at least one" and refuses
/// it. Entropy needs a side divisible by 3, modular a side of 3 or more.
///
/// ```
/// use sudokit_constraints::{LineKind, SquareClasses};
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(6).unwrap();
/// let rule = SquareClasses::new(LineKind::Entropic);
/// assert_eq!(rule.name(), "global entropy");
/// let mut grid = Grid::empty(6);
/// for (cell, d) in [(Cell(0), 1), (Cell(1), 2), (Cell(6), 2), (Cell(7), 5)] {
///     grid.set(cell, d);
/// }
/// assert_eq!(
///     rule.check(&g, &grid).unwrap_err().message,
///     "global entropy: the 2×2 square r1c1, r1c2, r2c1, r2c2 holds no middle (3-4) digit"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareClasses {
    kind: LineKind,
}

impl SquareClasses {
    /// The rule for the classes of `kind`: [`LineKind::Entropic`] for
    /// global entropy, anything else for global modular.
    pub fn new(kind: LineKind) -> SquareClasses {
        let kind = match kind {
            LineKind::Entropic => LineKind::Entropic,
            _ => LineKind::MODULAR,
        };
        SquareClasses { kind }
    }

    /// Whether the rule can be met on an `n`×`n` board, in words when not.
    ///
    /// ```
    /// use sudokit_constraints::{LineKind, SquareClasses};
    /// assert!(SquareClasses::new(LineKind::Entropic).fits(9).is_ok());
    /// assert!(SquareClasses::new(LineKind::Entropic).fits(4).is_err());
    /// assert!(SquareClasses::new(LineKind::MODULAR).fits(4).is_ok());
    /// ```
    pub fn fits(&self, n: usize) -> Result<(), String> {
        match self.kind {
            LineKind::Entropic if n % 3 != 0 => Err(format!(
                "global entropy splits the digits into three equal thirds (low, middle, high): \
                 the board's side must be divisible by 3, and it is {n}"
            )),
            _ if n < 3 => Err(format!(
                "every 2×2 square holds three classes of digits: a {n}×{n} board has too few digits"
            )),
            _ => Ok(()),
        }
    }

    /// The four cells of every 2×2 square, top-left first (across the
    /// edges too on a toroidal board).
    fn squares(geometry: &Geometry) -> impl Iterator<Item = [Cell; 4]> + '_ {
        geometry
            .cells()
            .filter_map(|top_left| SquareClasses::square(geometry, top_left))
    }

    /// The class (0, 1 or 2) of digit `d`.
    fn class(&self, n: usize, d: Digit) -> usize {
        Line::class(self.kind, n, d)
    }

    /// The digits of class `k`, as a `u128` mask.
    fn class_mask(&self, n: usize, k: usize) -> u128 {
        (1..=n as Digit)
            .filter(|&d| self.class(n, d) == k)
            .fold(0, |mask, d| mask | 1u128 << (d - 1))
    }

    /// Class `k` in words: `middle (4-6)`, `≡ 2 mod 3`.
    fn class_name(&self, n: usize, k: usize) -> String {
        let first = (1..=n as Digit).find(|&d| self.class(n, d) == k).unwrap_or(1);
        Line::class_name(self.kind, n, first)
    }

    /// The squares that hold `cell`.
    fn squares_of(geometry: &Geometry, cell: Cell) -> impl Iterator<Item = [Cell; 4]> + '_ {
        [(0, 0), (0, -1), (-1, 0), (-1, -1)]
            .into_iter()
            .filter_map(move |step| {
                let top_left = if step == (0, 0) {
                    Some(cell)
                } else {
                    geometry.offset(cell, step)
                };
                SquareClasses::square(geometry, top_left?)
            })
    }

    /// The 2×2 square whose top-left cell is `top_left`, if it is on the
    /// board.
    fn square(geometry: &Geometry, top_left: Cell) -> Option<[Cell; 4]> {
        Some([
            top_left,
            geometry.offset(top_left, (0, 1))?,
            geometry.offset(top_left, (1, 0))?,
            geometry.offset(top_left, (1, 1))?,
        ])
    }

    /// `check`'s logic: in every square, the classes still missing fit in
    /// its empty cells.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        if let Err(why) = self.fits(n) {
            return Err(report.violation(|| why, Vec::new));
        }
        self.verify_squares(n, SquareClasses::squares(geometry), grid, report)
    }

    /// `check`'s logic on some of the squares.
    fn verify_squares(
        &self,
        n: usize,
        squares: impl Iterator<Item = [Cell; 4]>,
        grid: &Grid,
        report: Report,
    ) -> Result<(), Violation> {
        for square in squares {
            let mut present = [false; 3];
            let mut empty = 0;
            for &cell in &square {
                match grid.get(cell) {
                    Some(d) => present[self.class(n, d)] = true,
                    None => empty += 1,
                }
            }
            let missing: Vec<usize> = (0..3).filter(|&k| !present[k]).collect();
            if missing.len() > empty {
                return Err(report.violation(
                    || {
                        let names: Vec<String> = missing.iter().map(|&k| self.class_name(n, k)).collect();
                        let cells: Vec<String> = square.iter().map(|c| c.name(n)).collect();
                        format!(
                            "{}: the 2×2 square {} holds no {} digit",
                            self.name(),
                            cells.join(", "),
                            names.join(" or ")
                        )
                    },
                    || square.to_vec(),
                ));
            }
        }
        Ok(())
    }
}

impl Rule for SquareClasses {
    fn name(&self) -> Cow<'_, str> {
        match self.kind {
            LineKind::Entropic => "global entropy".into(),
            _ => "global modular".into(),
        }
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        geometry.cells().collect()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        self.verify(geometry, grid, Report::Describe)
    }

    /// Only the squares around the new digit can have changed.
    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        let n = geometry.size();
        self.fits(n).is_ok()
            && self
                .verify_squares(n, SquareClasses::squares_of(geometry, cell), grid, Report::Detect)
                .is_ok()
    }

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
        for square in SquareClasses::squares(geometry) {
            for k in 0..3 {
                let clause: Vec<Lit> = square
                    .iter()
                    .flat_map(|&cell| {
                        (1..=n as Digit)
                            .filter(move |&d| self.class(n, d) == k)
                            .map(move |d| Lit::positive(Var::of_cand(Cand::new(cell, d), n)))
                    })
                    .collect();
                sink.add_clause(&clause);
            }
        }
        Ok(())
    }
}

impl Propagate for SquareClasses {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, changed: &[Cell]) -> Result<(), Contradiction> {
        let n = cx.size();
        if self.fits(n).is_err() {
            return Err(Contradiction::rule(
                None,
                "the 2×2 squares cannot hold three classes",
            ));
        }
        let masks: [u128; 3] = std::array::from_fn(|k| self.class_mask(n, k));
        // Only the squares around a changed cell can have changed.
        let touched = |square: &[Cell; 4]| square.iter().any(|c| changed.contains(c));
        let squares: Vec<[Cell; 4]> = SquareClasses::squares(cx.geometry()).collect();
        let all = changed.len() * 4 >= squares.len();
        for square in squares.iter().filter(|s| all || touched(s)) {
            let classes: [u8; 4] = std::array::from_fn(|i| {
                let cands = cx.candidates(square[i]).to_u128();
                (0..3).fold(0, |set, k| set | u8::from(cands & masks[k] != 0) << k)
            });
            let support = class_support(classes);
            if support == [0; 4] {
                return Err(Contradiction::rule(
                    Some(square[0]),
                    "a 2×2 square can no longer hold all three classes",
                ));
            }
            if support != classes {
                cx.because(|| Reason::new(self.name().into_owned()).cells(square.iter().copied()));
                for (&cell, &keep) in square.iter().zip(&support) {
                    let digits = (0..3)
                        .filter(|&k| keep >> k & 1 == 1)
                        .fold(0u128, |mask, k| mask | masks[k]);
                    cx.restrict(cell, Digits::from_u128(digits))?;
                }
            }
            self.required_digits(cx, square, &masks)?;
        }
        Ok(())
    }
}

impl SquareClasses {
    /// A class that only one digit can stand for in `square` puts that digit
    /// in the square: it leaves every cell that sees all the square's cells
    /// that can hold it (a low 2 left only in r1c1 and r2c1 of a square
    /// clears 2 from the rest of column 1). ISS makes the same deduction
    /// (`_Squishable2x2._enforceRequiredValues`); without it sudokit kept
    /// 866 of the candidates ISS removes on "Miracle - skyscraper entropy"
    /// (`iss-deduction-diff.mjs --states 3`).
    fn required_digits<W: Word>(
        &self,
        cx: &mut Ctx<'_, W>,
        square: &[Cell; 4],
        masks: &[u128; 3],
    ) -> Result<(), Contradiction> {
        let sets = square.map(|cell| cx.candidates(cell).to_u128());
        let all = sets.iter().fold(0, |all, &set| all | set);
        for mask in masks {
            let digit = all & mask;
            if digit.count_ones() != 1 || sets.contains(&digit) {
                continue;
            }
            let mut holders = [square[0]; 4];
            let mut count = 0;
            for (&cell, &set) in square.iter().zip(&sets) {
                if set & digit != 0 {
                    holders[count] = cell;
                    count += 1;
                }
            }
            let holders = &holders[..count];
            cx.because(|| Reason::new(self.name().into_owned()).cells(holders.iter().copied()));
            cx.remove_where_all_seen(holders, Digits::from_u128(digit))?;
        }
        Ok(())
    }
}

/// The classes (bits 0 to 2) each of four cells takes in some way of
/// giving every cell one of its `classes` so that all three appear; all
/// empty when there is none.
fn class_support(classes: [u8; 4]) -> [u8; 4] {
    let mut support = [0u8; 4];
    for a in 0..3 {
        for b in 0..3 {
            for c in 0..3 {
                for d in 0..3 {
                    let ways = [a, b, c, d];
                    let fits = ways.iter().zip(&classes).all(|(&k, &set)| set >> k & 1 == 1);
                    let used = ways.iter().fold(0u8, |set, &k| set | 1 << k);
                    if fits && used == 0b111 {
                        for (slot, &k) in support.iter_mut().zip(&ways) {
                            *slot |= 1 << k;
                        }
                    }
                }
            }
        }
    }
    support
}

/// `global-entropy` in files.
pub(crate) static GLOBAL_ENTROPY: RuleKind = RuleKind {
    meaning: "every 2×2 square holds a low, a middle and a high digit (1-3, 4-6, 7-9; side divisible by 3)",
    example: r#"{ type = "global-entropy" }"#,
    ..RuleKind::new("global-entropy", |_, context| {
        let rule = SquareClasses::new(LineKind::Entropic);
        fits("global entropy", rule.fits(context.size()))?;
        Ok(Box::new(rule))
    })
};

/// `global-modular` in files.
pub(crate) static GLOBAL_MODULAR: RuleKind = RuleKind {
    meaning: "every 2×2 square holds digits of all three residues mod 3",
    example: r#"{ type = "global-modular" }"#,
    ..RuleKind::new("global-modular", |_, context| {
        let rule = SquareClasses::new(LineKind::MODULAR);
        fits("global modular", rule.fits(context.size()))?;
        Ok(Box::new(rule))
    })
};
