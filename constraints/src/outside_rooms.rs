//! Outside clues that name one digit of the line: numbered rooms (the
//! first digit N says where the clue's digit stands) and hidden skyscrapers
//! (the clue is the first building hidden from view). ISS calls them
//! `NumberedRoom` and `HiddenSkyscraper`.
//!
//! As for the other outside clues (sandwiches, X-sums …), the clue's line
//! is a row or a column of a sudoku: each rule declares it as an
//! all-different group and reads its digits as different.

use std::borrow::Cow;

use sudokit_core::cnf::{ClauseOptions, ClauseSink, Lit, Var};
use sudokit_core::{
    Cand, Cell, Constraint, Contradiction, Ctx, Digit, Geometry, Grid, Group, Propagate, Rule, Unsupported,
    Violation, Word,
};

use crate::clues::Clue;
use crate::outside::{clue_value, line_values, names, outside_clue_rule, repeated, restrict_all, CLUE};
use crate::rule::{fits, BuildContext, RuleKind, RuleSpec, SpecError};
use crate::units::mask::bit;
use crate::units::{checks_through_verify, Report};

// ---------------------------------------------------------------------------
// Numbered room
// ---------------------------------------------------------------------------

/// Counting from the clue, the first digit N says which cell holds the
/// clue's digit: the N-th cell of the line holds `digit` (ISS
/// `NumberedRoom`).
///
/// The line's digits are different (a declared group), so the clue's digit
/// stands in the N-th cell and nowhere else. The propagator keeps an N in
/// the first cell when the N-th cell can still hold the digit, keeps the
/// digit in a later cell when the first can still point there, and places
/// it when only one N is left: exact for the rule given that the digit
/// stands once in the line, and one run reaches its fixpoint. SAT takes it as
/// clauses ("first cell N ⇒ N-th cell holds the digit"); DLX refuses it.
///
/// ```
/// use sudokit_constraints::{Clue, NumberedRoom, Side};
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let rule = NumberedRoom::new(Clue::new(Side::Left, 0), 4);
/// assert_eq!(rule.name(), "numbered room 4 left of r1");
/// let grid = Grid::from_values(4, [3, 1, 4, 2].into_iter().chain([0; 12]).collect()).unwrap();
/// assert!(rule.check(&g, &grid).is_ok()); // the 3 points at the third cell, a 4
/// let grid = Grid::from_values(4, [2, 1, 4, 3].into_iter().chain([0; 12]).collect()).unwrap();
/// assert_eq!(
///     rule.check(&g, &grid).unwrap_err().message,
///     "numbered room 4 left of r1: r1c1 = 2 points at r1c2, which holds 1"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberedRoom {
    clue: Clue,
    digit: Digit,
}

impl NumberedRoom {
    /// Why the rule cannot be on an `n`×`n` board, if it cannot: the clue
    /// is off the board, or its digit is not one of the board's.
    pub fn validate(&self, n: usize) -> Result<(), String> {
        self.clue.fits(n)?;
        if self.digit == 0 || self.digit as usize > n {
            return Err(format!(
                "a numbered room's clue on a {n}×{n} board is a digit, 1 to {n}"
            ));
        }
        Ok(())
    }

    /// Whether the first cell may hold `first`: the `first`-th cell must
    /// then hold the clue's digit, which stands once in the line.
    fn points_well(&self, first: usize, can_hold: impl Fn(usize) -> bool) -> bool {
        let x = self.digit as usize;
        if first == 1 {
            x == 1
        } else {
            first != x && can_hold(first - 1)
        }
    }

    /// `check`'s logic (see the type's docs).
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let cells = self.clue.cells(n);
        repeated(report, n, grid, &cells, self.clue)?;
        let values = line_values(grid, &cells);
        let Some(first) = values[0] else {
            return Ok(());
        };
        let target = cells[first as usize - 1];
        match grid.get(target) {
            Some(d) if d != self.digit => Err(report.violation(
                || {
                    format!(
                        "{}: {} = {first} points at {}, which holds {d}",
                        self.name(),
                        cells[0].name(n),
                        target.name(n)
                    )
                },
                || vec![cells[0], target],
            )),
            _ => Ok(()),
        }
    }
}

outside_clue_rule!(NumberedRoom, "numbered room", digit: Digit, "the numbered room clue `digit` at `clue`",
    // The first cell keeps the Ns whose cell can hold the digit, and only
    // cells some kept N points at keep the digit: a second run keeps all.
    idempotent: true,
    more: {
        fn clauses(
            &self,
            geometry: &Geometry,
            _: &ClauseOptions,
            sink: &mut dyn ClauseSink,
        ) -> Result<(), Unsupported> {
            let n = geometry.size();
            if self.validate(n).is_err() {
                sink.add_clause(&[]);
                return Ok(());
            }
            let cells = self.clue.cells(n);
            let lit = |cell: Cell, d: usize| Lit::positive(Var::of_cand(Cand::new(cell, d as Digit), n));
            for first in 1..=n {
                let mut clause = vec![!lit(cells[0], first)];
                if first > 1 {
                    clause.push(lit(cells[first - 1], self.digit as usize));
                } else if self.digit == 1 {
                    continue;
                }
                sink.add_clause(&clause);
            }
            Ok(())
        }
    }
);

impl Propagate for NumberedRoom {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let n = cx.size();
        if self.validate(n).is_err() {
            return Err(Contradiction::rule(
                None,
                "the numbered room clue does not fit the board",
            ));
        }
        let cells = self.clue.cells(n);
        let cands: Vec<u128> = cells.iter().map(|&c| cx.candidates(c).to_u128()).collect();
        let x = self.digit as usize;
        let mut keep = cands.clone();
        keep[0] = (1..=n)
            .filter(|&first| cands[0] & bit(first) != 0)
            .filter(|&first| self.points_well(first, |i| cands[i] & bit(x) != 0))
            .fold(0, |mask, first| mask | bit(first));
        if keep[0] == 0 {
            return Err(Contradiction::rule(
                Some(cells[0]),
                "no first digit points at a cell that can hold the numbered room's digit",
            ));
        }
        let firsts = keep[0];
        for (i, slot) in keep.iter_mut().enumerate().skip(1) {
            if firsts & bit(i + 1) == 0 {
                *slot &= !bit(x);
            }
        }
        if keep[0].count_ones() == 1 {
            let first = keep[0].trailing_zeros() as usize + 1;
            if first > 1 {
                keep[first - 1] &= bit(x);
            }
        }
        restrict_all(cx, &cells, &keep, || self.name().into_owned())
    }
}

// ---------------------------------------------------------------------------
// Hidden skyscraper
// ---------------------------------------------------------------------------

/// Seen from the clue, digits are heights of buildings and a building
/// hides every lower one behind it: the first building hidden from view
/// has the clue's height (ISS `HiddenSkyscraper`).
///
/// The line's digits are different (a declared group). The propagator runs
/// along the line over the tallest building so far while every building is
/// still seen (they then rise strictly), forwards from the clue and
/// backwards from the far end: a cell before the first hidden building
/// keeps a taller digit from which the clue's digit can still come hidden,
/// or the clue's digit when something taller stands before it; a cell
/// after a place where the clue's digit can hide keeps its other digits.
/// Exact for that relaxation of the line's distinctness (the rest is the
/// group's). Boards up to 127×127. DLX and SAT refuse it (`Unsupported`).
///
/// ```
/// use sudokit_constraints::{Clue, HiddenSkyscraper, Side};
/// use sudokit_core::{Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let rule = HiddenSkyscraper::new(Clue::new(Side::Left, 0), 2);
/// assert_eq!(rule.name(), "hidden skyscraper 2 left of r1");
/// let grid = Grid::from_values(4, [1, 3, 2, 4].into_iter().chain([0; 12]).collect()).unwrap();
/// assert!(rule.check(&g, &grid).is_ok()); // 1 and 3 seen, the 2 is the first hidden
/// let grid = Grid::from_values(4, [3, 1, 2, 4].into_iter().chain([0; 12]).collect()).unwrap();
/// assert_eq!(
///     rule.check(&g, &grid).unwrap_err().message,
///     "hidden skyscraper 2 left of r1: the first hidden building is r1c2 = 1"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenSkyscraper {
    clue: Clue,
    height: Digit,
}

/// The largest board for hidden skyscrapers: the heights 0 to n are the
/// bits of a `u128`.
const MAX_HIDDEN: usize = 127;

impl HiddenSkyscraper {
    /// Why the rule cannot be on an `n`×`n` board, if it cannot: the clue
    /// is off the board, or no building of that height can be hidden (the
    /// tallest never is).
    pub fn validate(&self, n: usize) -> Result<(), String> {
        self.clue.fits(n)?;
        if n > MAX_HIDDEN {
            return Err(format!(
                "hidden skyscrapers go up to {MAX_HIDDEN}×{MAX_HIDDEN} boards"
            ));
        }
        if self.height == 0 || self.height as usize >= n {
            return Err(format!(
                "the first hidden building on a {n}×{n} board is 1 to {} high (the {n} is always seen)",
                n.saturating_sub(1)
            ));
        }
        Ok(())
    }

    /// `check`'s logic (see the type's docs).
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let cells = self.clue.cells(n);
        repeated(report, n, grid, &cells, self.clue)?;
        let mut tallest = 0;
        let mut seen = Vec::new();
        for (&cell, value) in cells.iter().zip(line_values(grid, &cells)) {
            // Only the filled cells next to the clue tell anything for sure.
            let Some(d) = value else { return Ok(()) };
            if d > tallest {
                tallest = d;
                seen.push(cell);
                if d == self.height {
                    return Err(report.violation(
                        || {
                            format!(
                                "{}: {} = {d} is seen ({})",
                                self.name(),
                                cell.name(n),
                                names(&seen, n)
                            )
                        },
                        || seen.clone(),
                    ));
                }
            } else if d == self.height {
                return Ok(());
            } else {
                return Err(report.violation(
                    || {
                        format!(
                            "{}: the first hidden building is {} = {d}",
                            self.name(),
                            cell.name(n)
                        )
                    },
                    || vec![cell],
                ));
            }
        }
        Err(report.violation(
            || format!("{}: every building is seen", self.name()),
            || cells.clone(),
        ))
    }
}

outside_clue_rule!(HiddenSkyscraper, "hidden skyscraper", height: Digit,
    "the hidden skyscraper clue `height` at `clue`",
    // Every digit kept lies on a path of kept digits: a second run keeps
    // them all.
    idempotent: true);

impl Propagate for HiddenSkyscraper {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let n = cx.size();
        if self.validate(n).is_err() {
            return Err(Contradiction::rule(
                None,
                "the hidden skyscraper clue does not fit the board",
            ));
        }
        let cells = self.clue.cells(n);
        let cands: Vec<u128> = cells.iter().map(|&c| cx.candidates(c).to_u128()).collect();
        let x = self.height as usize;
        // seen[i]: bit m when the first i cells can all be seen with the
        // tallest m; hides[i]: bit m when, all seen so far with the tallest
        // m, the x can still come hidden from cell i on.
        let mut seen = vec![0u128; n + 1];
        seen[0] = 1;
        for i in 0..n {
            let tallest = seen[i];
            for m in (0..=n).filter(|&m| tallest >> m & 1 == 1) {
                for d in (m + 1..=n).filter(|&d| cands[i] & bit(d) != 0) {
                    seen[i + 1] |= 1 << d;
                }
            }
        }
        let mut hides = vec![0u128; n + 1];
        for i in (0..n).rev() {
            for m in 0..=n {
                let hidden_here = cands[i] & bit(x) != 0 && x < m;
                let taller = (m + 1..=n).any(|d| cands[i] & bit(d) != 0 && hides[i + 1] >> d & 1 == 1);
                if hidden_here || taller {
                    hides[i] |= 1 << m;
                }
            }
        }
        if hides[0] & 1 == 0 {
            return Err(Contradiction::rule(
                Some(cells[0]),
                "no order of the line hides that building first",
            ));
        }
        let mut keep = vec![0u128; n];
        let mut hidden_before = false;
        for i in 0..n {
            if hidden_before {
                keep[i] |= cands[i] & !bit(x);
            }
            for m in (0..=n).filter(|&m| seen[i] >> m & 1 == 1 && hides[i] >> m & 1 == 1) {
                for d in (m + 1..=n).filter(|&d| cands[i] & bit(d) != 0 && hides[i + 1] >> d & 1 == 1) {
                    keep[i] |= bit(d);
                }
                if cands[i] & bit(x) != 0 && x < m {
                    keep[i] |= bit(x);
                    hidden_before = true;
                }
            }
        }
        restrict_all(cx, &cells, &keep, || self.name().into_owned())
    }
}

// ---------------------------------------------------------------------------
// In files
// ---------------------------------------------------------------------------

/// The rule `rule` stands for on an `n`×`n` board, with whether it fits.
fn room_rule(rule: &RuleSpec, n: usize) -> (Result<(), String>, Box<dyn Constraint>) {
    let clue = rule.clue("clue").unwrap_or(Clue::new(crate::Side::Left, 0));
    let digit = rule.number("digit").unwrap_or(0).clamp(0, Digit::MAX.into()) as Digit;
    match rule.name() {
        "hidden-skyscraper" => {
            let rule = HiddenSkyscraper::new(clue, digit);
            (rule.validate(n), Box::new(rule))
        }
        _ => {
            let rule = NumberedRoom::new(clue, digit);
            (rule.validate(n), Box::new(rule))
        }
    }
}

fn check_room(rule: RuleSpec, n: usize) -> Result<RuleSpec, crate::rule::Refusal> {
    room_rule(&rule, n)
        .0
        .map_err(|m| crate::rule::Refusal::at("digit", m))?;
    Ok(rule)
}

fn build_room(rule: &RuleSpec, context: &BuildContext<'_>) -> Result<Box<dyn Constraint>, SpecError> {
    let (verdict, constraint) = room_rule(rule, context.size());
    fits(constraint.name(), verdict)?;
    Ok(constraint)
}

/// `numbered-room` in files.
pub(crate) static NUMBERED_ROOM: RuleKind = RuleKind {
    meaning: "from the clue, the first digit N says where the clue's digit is: in the N-th cell",
    summary: "clue (\"left of r3\", …), digit",
    params: &[CLUE, clue_value("digit", "digit = 7")],
    example: r#"{ type = "numbered-room", clue = "left of r3", digit = 7 }"#,
    check: Some(check_room),
    ..RuleKind::new("numbered-room", build_room)
};

/// `hidden-skyscraper` in files.
pub(crate) static HIDDEN_SKYSCRAPER: RuleKind = RuleKind {
    meaning: "seen from the clue, taller digits hide lower ones: the first hidden one is the clue",
    summary: "clue (\"left of r3\", …), digit",
    params: &[CLUE, clue_value("digit", "digit = 4")],
    example: r#"{ type = "hidden-skyscraper", clue = "above c2", digit = 4 }"#,
    check: Some(check_room),
    ..RuleKind::new("hidden-skyscraper", build_room)
};
