//! The all-different logic shared by the classic rules and `AllDifferent`.

use sudokit_core::cnf::{ClauseOptions, ClauseSink, Lit, Var};
use sudokit_core::{Cand, Cell, Contradiction, CoverSink, Ctx, Digit, Digits, Grid, Violation, Word};

/// The first pair of cells in `cells` that hold the same digit.
pub(crate) fn first_duplicate(grid: &Grid, cells: &[Cell]) -> Option<(Cell, Cell, Digit)> {
    let mut seen = 0u128;
    for (i, &cell) in cells.iter().enumerate() {
        if let Some(d) = grid.get(cell) {
            let bit = 1u128 << (d - 1);
            if seen & bit != 0 {
                let first = cells[..i].iter().copied().find(|&c| grid.get(c) == Some(d))?;
                return Some((first, cell, d));
            }
            seen |= bit;
        }
    }
    None
}

/// "r1c1 and r1c5 both hold 7 in row 1".
pub(crate) fn duplicate_violation(n: usize, (a, b, d): (Cell, Cell, Digit), place: &str) -> Violation {
    Violation::new(
        format!("{} and {} both hold {d} in {place}", a.name(n), b.name(n)),
        vec![a, b],
    )
}

/// Hidden singles in one group of cells that must hold every digit of
/// `digits` (a complete unit): a digit with one place goes there, a digit
/// with none is a contradiction made by `no_place`.
#[inline]
pub(crate) fn hidden_singles<W: Word>(
    cx: &mut Ctx<'_, W>,
    cells: &[Cell],
    no_place: impl Fn(Digit) -> Contradiction,
    mut on_assign: impl FnMut(Cell),
) -> Result<(), Contradiction> {
    let mut once = Digits::<W>::EMPTY;
    let mut twice = Digits::<W>::EMPTY;
    let mut fixed = Digits::<W>::EMPTY;
    for &cell in cells {
        let set = cx.candidates(cell);
        twice |= once & set;
        once |= set;
        if set.is_single() {
            fixed |= set;
        }
    }
    let missing = cx.all_digits() - once;
    if let Some(d) = missing.min() {
        return Err(no_place(d));
    }
    let hidden = once - twice - fixed;
    for d in hidden {
        let cell = cells.iter().copied().find(|&c| cx.candidates(c).contains(d));
        // The cell may have lost `d` to an earlier assignment in this loop.
        match cell {
            Some(cell) => {
                cx.assign(cell, d)?;
                on_assign(cell);
            }
            None => return Err(no_place(d)),
        }
    }
    Ok(())
}

/// A set of unit ids on the stack: up to `3 × 128` units, no allocation.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct UnitSet([u64; 6]);

impl UnitSet {
    #[inline(always)]
    pub(crate) fn insert(&mut self, unit: usize) {
        self.0[unit / 64] |= 1 << (unit % 64);
    }

    #[inline(always)]
    pub(crate) fn insert_all(&mut self, units: [usize; 3]) {
        for u in units {
            self.insert(u);
        }
    }

    /// Removes and returns the smallest unit id.
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<usize> {
        for (i, word) in self.0.iter_mut().enumerate() {
            if *word != 0 {
                let bit = word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some(i * 64 + bit);
            }
        }
        None
    }
}

/// The exact-cover items of "the cells of `group` hold different digits":
/// per digit, a primary item (exactly once) when the group has all `n`
/// cells, a secondary one (at most once) otherwise.
pub(crate) fn group_cover(n: usize, group: &[Cell], sink: &mut dyn CoverSink) {
    let complete = group.len() == n;
    let mut item = Vec::with_capacity(group.len());
    for d in 1..=n as u8 {
        item.clear();
        item.extend(group.iter().map(|&c| Cand::new(c, d)));
        if complete {
            sink.primary(&item);
        } else {
            sink.secondary(&item);
        }
    }
}

/// The clauses of "the cells of `group` hold different digits": per digit,
/// at most once, and at least once when the group has all `n` cells and
/// [`ClauseOptions::unit_at_least_one`] asks.
pub(crate) fn group_clauses(n: usize, group: &[Cell], options: &ClauseOptions, sink: &mut dyn ClauseSink) {
    let complete = group.len() == n;
    let mut lits = Vec::with_capacity(group.len());
    for d in 1..=n as u8 {
        lits.clear();
        lits.extend(
            group
                .iter()
                .map(|&c| Lit::positive(Var::of_cand(Cand::new(c, d), n))),
        );
        if complete && options.unit_at_least_one {
            sink.add_clause(&lits);
        }
        sink.at_most_one(&lits, options.amo);
    }
}
