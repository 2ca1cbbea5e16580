//! Outside clues: numbers written beside a row or a column (sandwich sums,
//! X-sums, skyscrapers), and the positions files give them.
//!
//! A clue sits on one [`Side`] of the board, next to one row or column: a
//! [`Clue`] (`left of r3`, `above c5`). Each rule reads its line from the
//! clue's side inward ([`Clue::cells`]). The line of a clue is a row or a
//! column of a sudoku, so every rule here takes its digits to be different
//! and declares the line as an all-different group (the classic rules
//! declare it too; the engine keeps it once). On top of that, each rule has
//! a propagator of its own: no declaration expresses a sum or a count over
//! a line. SAT takes them through the clause forms of `outside_clauses.rs`;
//! DLX refuses them with the typed
//! [`Unsupported`](sudokit_core::Unsupported) error; the propagation and
//! backtracking strategies take them all.
//!
//! Little killer clues are positioned here too ([`ClueCell`],
//! [`Direction`]); the rule itself belongs with the sum rules.

use std::borrow::Cow;
use std::cell::RefCell;

use sudokit_core::cnf::{ClauseOptions, ClauseSink};
use sudokit_core::{
    Cell, Constraint, Contradiction, Ctx, Digit, Geometry, Grid, Group, Propagate, Reason, Rule, Unsupported,
    Violation, Word,
};

use crate::clues::{line_name, Clue, Side};
use crate::digit_fill::{self, Others};
use crate::outside_clauses;
use crate::rule::{
    fits, BuildContext, Fpuzzles, Param, ParamType, Refusal, RuleKind, RuleSpec, Shape, SpecError,
};
use crate::units::mask::{self, bit, full};
use crate::units::{checks_through_verify, duplicate_violation, first_duplicate, Report};

/// What the outside clue rules share: a constructor and accessors
/// for the clue and its value, and a `Rule` named `<word> <value> <clue>`
/// of medium cost over the clue's line (declared as a group), checked by
/// `verify`.
macro_rules! outside_clue_rule {
    ($rule:ident, $word:literal, $value:ident: $ty:ty, $new:literal, idempotent: $idempotent:expr
        $(, more: { $($more:item)* })?) => {
        impl $rule {
            #[doc = concat!("The rule of ", $new, ".")]
            pub fn new(clue: Clue, $value: $ty) -> $rule {
                $rule { clue, $value }
            }

            /// Where the clue is.
            pub fn clue(&self) -> Clue {
                self.clue
            }

            /// The clue's value.
            pub fn $value(&self) -> $ty {
                self.$value
            }
        }

        impl Rule for $rule {
            fn name(&self) -> Cow<'_, str> {
                format!(concat!($word, " {} {}"), self.$value, self.clue).into()
            }

            fn cost(&self) -> sudokit_core::Cost {
                sudokit_core::Cost::Medium
            }

            fn idempotent(&self) -> bool {
                $idempotent
            }

            fn groups(&self, geometry: &Geometry) -> Vec<Group> {
                vec![self.clue.group(geometry.size())]
            }

            fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
                self.clue.cells(geometry.size())
            }

            checks_through_verify!();

            $($($more)*)?
        }
    };
}
pub(crate) use outside_clue_rule;

// ---------------------------------------------------------------------------
// Shared machinery: digit masks as u128 (`units::mask`), so that the
// combinatorics below is compiled once for every board width.
// ---------------------------------------------------------------------------

/// The sum of the `k` smallest (or largest) digits of `mask`, `None` when
/// it holds fewer than `k`.
pub(crate) fn extreme_sum(mut mask: u128, k: usize, largest: bool) -> Option<u32> {
    if (mask.count_ones() as usize) < k {
        return None;
    }
    let mut sum = 0;
    for _ in 0..k {
        let d = if largest {
            128 - mask.leading_zeros()
        } else {
            mask.trailing_zeros() + 1
        };
        sum += d;
        mask &= !bit(d as usize);
    }
    Some(sum)
}

/// Gaps up to this many cells keep [`distinct_sum`]'s bounds on the stack.
const SHORT_GAP: usize = 16;

/// The least and the most that `k` different digits of `mask` add up to,
/// `None` when it holds fewer than `k`: read from [`SMALL_SUM_RANGES`] for
/// digits up to 9 (the inner loop of [`distinct_sum`]), else counted.
fn sum_range(mask: u128, k: usize) -> Option<(u32, u32)> {
    match SMALL_SUM_RANGES.get(mask as usize) {
        Some(ranges) if mask >> BITMAP_DIGITS == 0 => {
            let (low, high) = *ranges.get(k)?;
            (low != u8::MAX).then_some((low as u32, high as u32))
        }
        _ => Some((extreme_sum(mask, k, false)?, extreme_sum(mask, k, true)?)),
    }
}

/// For every set of digits up to 9 and every count `k`, the least and the
/// most `k` of them add up to (`u8::MAX` when the set is too small).
static SMALL_SUM_RANGES: [[(u8, u8); BITMAP_DIGITS as usize + 1]; 1 << BITMAP_DIGITS] = small_sum_ranges();

/// Builds [`SMALL_SUM_RANGES`] at compile time.
const fn small_sum_ranges() -> [[(u8, u8); BITMAP_DIGITS as usize + 1]; 1 << BITMAP_DIGITS] {
    let mut table = [[(u8::MAX, u8::MAX); BITMAP_DIGITS as usize + 1]; 1 << BITMAP_DIGITS];
    let mut mask = 0;
    while mask < 1 << BITMAP_DIGITS {
        // Digits in increasing order; the k smallest are a prefix, the k
        // largest a suffix.
        let mut digits = [0u8; BITMAP_DIGITS as usize];
        let mut count = 0;
        let mut d = 1;
        while d <= BITMAP_DIGITS {
            if mask & (1 << (d - 1)) != 0 {
                digits[count] = d as u8;
                count += 1;
            }
            d += 1;
        }
        let mut k = 0;
        while k <= count {
            let (mut low, mut high, mut i) = (0u8, 0u8, 0);
            while i < k {
                low += digits[i];
                high += digits[count - 1 - i];
                i += 1;
            }
            table[mask][k] = (low, high);
            k += 1;
        }
        mask += 1;
    }
    table
}

/// Above this many partial assignments in one layer, [`distinct_sum`]
/// gives up exactness for sum bounds (only ever on boards far above 9×9).
const MAX_STATES: usize = 1 << 13;

/// Reusable buffers, one set per thread, so that propagation does not
/// allocate once warmed up.
#[derive(Default)]
pub(crate) struct Scratch {
    /// Layers of the subset search: (digits used, their sum), sorted.
    pub(crate) layers: Vec<Vec<(u128, u32)>>,
    /// Per-cell masks: candidates, support, and a second support.
    pub(crate) masks: Vec<u128>,
    /// The skyscraper's forward and backward tables.
    table: Vec<u128>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Runs `f` with this thread's scratch buffers (fresh ones if they are in
/// use, which propagators never cause).
pub(crate) fn with_scratch<T>(f: impl FnOnce(&mut Scratch) -> T) -> T {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => f(&mut scratch),
        Err(_) => f(&mut Scratch::default()),
    })
}

/// "The cells hold different digits, each from its mask, summing to
/// `target` and leaving room for the line's `others`": ORs into
/// `support[j]` every digit that cell `j` takes in some such assignment,
/// sets `common` to the digits every such assignment uses (the other cells
/// of the line cannot hold them), and says whether there is one.
///
/// Digits up to 9 (boards up to 9×9): the sets of `k` digits with this sum,
/// each filled exactly ([`digit_fill::sums_by_sets`]). Larger digits: a
/// layered search over the *set* of digits used so far (the sum
/// is the set's), so assignments that reach one set the same way are
/// merged; sets that cannot reach `target` with the digits left are cut.
/// When a layer grows beyond [`MAX_STATES`] (large boards, loose sums), it
/// falls back to bounds: a digit stays when the other cells' smallest and
/// largest candidates leave room for it (a relaxation: sound, not exact).
pub(crate) fn distinct_sum(
    cands: &[u128],
    target: u32,
    others: Others,
    support: &mut [u128],
    common: &mut u128,
    layers: &mut Vec<Vec<(u128, u32)>>,
) -> bool {
    *common = 0;
    let k = cands.len();
    if k == 0 {
        return target == 0;
    }
    if cands.contains(&0) {
        return false;
    }
    // Digits up to 9: the few sets of k digits with this sum, filled one
    // by one, cost a fraction of the layers below.
    if let Some(found) = digit_fill::sums_by_sets(cands, target, others, support, common) {
        return found;
    }
    // Digits still available to cells j.. (for the bounds of a partial set);
    // on the stack for the usual short gaps (zeroing 129 masks on every
    // call was a tenth of a sandwich's time).
    let mut short = [0u128; SHORT_GAP + 1];
    let mut long = Vec::new();
    let rest: &mut [u128] = if k <= SHORT_GAP {
        &mut short[..=k]
    } else {
        long.resize(k + 1, 0);
        &mut long
    };
    for j in (0..k).rev() {
        rest[j] = rest[j + 1] | cands[j];
    }
    while layers.len() < k + 1 {
        layers.push(Vec::new());
    }
    layers[0].clear();
    layers[0].push((0, 0));
    for j in 0..k {
        let (done, todo) = layers.split_at_mut(j + 1);
        let (current, next) = (&done[j], &mut todo[0]);
        next.clear();
        let left = k - j - 1;
        for &(used, sum) in current.iter() {
            let mut options = cands[j] & !used;
            while options != 0 {
                let d = options.trailing_zeros() + 1;
                options &= options - 1;
                let (used, sum) = (used | bit(d as usize), sum + d);
                if sum > target {
                    break; // digits come in increasing order
                }
                if left == 0 {
                    if sum == target && others.leave_room(used) {
                        next.push((used, sum));
                    }
                    continue;
                }
                if !others.leave_room(used) {
                    continue; // more digits only leave less room
                }
                let Some((low, high)) = sum_range(rest[j + 1] & !used, left) else {
                    continue;
                };
                if sum + low <= target && sum + high >= target {
                    next.push((used, sum));
                }
            }
        }
        // A set's sum is its digits': the set alone is the key.
        next.sort_unstable_by_key(|&(used, _)| used);
        next.dedup_by_key(|&mut (used, _)| used);
        if next.len() > MAX_STATES {
            return sum_bounds(cands, target, support);
        }
        if next.is_empty() {
            return false;
        }
    }
    if layers[k].is_empty() {
        return false;
    }
    *common = layers[k].iter().fold(!0, |all, &(used, _)| all & used);
    // Backwards: keep the sets that reach a full one, and the digits that
    // lead there.
    for j in (0..k).rev() {
        let (done, after) = layers.split_at_mut(j + 1);
        let (current, next) = (&mut done[j], &after[0]);
        let mut used_digits = 0u128;
        current.retain(|&(used, _)| {
            let mut alive = false;
            let mut options = cands[j] & !used;
            while options != 0 {
                let d = options.trailing_zeros() + 1;
                options &= options - 1;
                if next
                    .binary_search_by_key(&(used | bit(d as usize)), |&(set, _)| set)
                    .is_ok()
                {
                    used_digits |= bit(d as usize);
                    alive = true;
                }
            }
            alive
        });
        support[j] |= used_digits;
    }
    true
}

/// The digits up to which [`SMALL_SUM_RANGES`] goes (512 sets of them).
const BITMAP_DIGITS: u32 = 9;

/// The relaxation of [`distinct_sum`]: cell `j` keeps digit `d` when the
/// other cells' smallest and largest candidates can make up `target − d`.
fn sum_bounds(cands: &[u128], target: u32, support: &mut [u128]) -> bool {
    let low: u32 = cands.iter().map(|&m| m.trailing_zeros() + 1).sum();
    let high: u32 = cands.iter().map(|&m| 128 - m.leading_zeros()).sum();
    if target < low || target > high {
        return false;
    }
    for (j, &m) in cands.iter().enumerate() {
        let (lo, hi) = (m.trailing_zeros() + 1, 128 - m.leading_zeros());
        let mut keep = 0;
        let mut options = m;
        while options != 0 {
            let d = options.trailing_zeros() + 1;
            options &= options - 1;
            if low - lo + d <= target && high - hi + d >= target {
                keep |= bit(d as usize);
            }
        }
        support[j] |= keep;
    }
    true
}

/// Narrows every cell of `cells` to its mask in `keep`, with `reason`.
pub(crate) fn restrict_all<W: Word>(
    cx: &mut Ctx<'_, W>,
    cells: &[Cell],
    keep: &[u128],
    reason: impl Fn() -> String,
) -> Result<(), Contradiction> {
    let mut explained = false;
    for (&cell, &mask) in cells.iter().zip(keep) {
        let old = cx.candidates(cell);
        let new = sudokit_core::Digits::<W>::from_u128(mask) & old;
        if new != old {
            if !explained {
                cx.because(|| Reason::new(reason()));
                explained = true;
            }
            cx.restrict(cell, new)?;
        }
    }
    Ok(())
}

/// The line's digits from the clue inward, `None` for empty cells.
pub(crate) fn line_values(grid: &Grid, cells: &[Cell]) -> Vec<Option<Digit>> {
    cells.iter().map(|&c| grid.get(c)).collect()
}

/// The repeated digit of a line, as a violation.
pub(crate) fn repeated(
    report: Report,
    n: usize,
    grid: &Grid,
    cells: &[Cell],
    clue: Clue,
) -> Result<(), Violation> {
    match first_duplicate(grid, cells) {
        Some(dup) => Err(duplicate_violation(report, n, dup, || line_name(clue))),
        None => Ok(()),
    }
}

/// "the r3c2, r3c3 …" list of cell names.
pub(crate) fn names(cells: &[Cell], n: usize) -> String {
    cells.iter().map(|c| c.name(n)).collect::<Vec<_>>().join(", ")
}

// ---------------------------------------------------------------------------
// Sandwich
// ---------------------------------------------------------------------------

/// In the clue's row or column, the digits strictly between the 1 and the
/// `n` sum to the clue (0 when the two are neighbours): f-puzzles'
/// `sandwichsum`.
///
/// The line's digits are different (a declared group). The propagator
/// tries every placement of the 1 and the `n` that the candidates allow and
/// whose gap can hold different digits from `2..n−1` summing to the clue
/// (bounds first, then an exact search over digit sets); a cell keeps the 1
/// or the `n` where some placement puts it, the digits the cells between
/// take in some way of making the sum, and, outside the crust, the middle
/// digits that not every way of making the sum uses. The row holds every
/// digit, so a middle digit no cell outside the crust can take is in the
/// gap: ways of making the sum without it are dropped (ISS's `Lunchbox`
/// counts the outside's digits the same way). Exact for each placement's
/// gap taken alone with that count; the rest of the interplay of the gap
/// with the cells outside it (they differ too) is a relaxation left to the
/// row's group. Board sizes from 3×3. SAT takes its clause form
/// (`outside_clauses.rs`); DLX refuses it (`Unsupported`).
///
/// ```
/// use sudokit_constraints::{Clue, Sandwich, Side};
/// use sudokit_core::{Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let rule = Sandwich::new(Clue::new(Side::Left, 0), 5);
/// assert_eq!(rule.name(), "sandwich 5 left of r1");
/// let grid = Grid::from_values(4, [1, 2, 3, 4].into_iter().chain([0; 12]).collect()).unwrap();
/// assert!(rule.check(&g, &grid).is_ok()); // 2 + 3 between the 1 and the 4
/// let grid = Grid::from_values(4, [1, 4, 3, 2].into_iter().chain([0; 12]).collect()).unwrap();
/// assert_eq!(
///     rule.check(&g, &grid).unwrap_err().message,
///     "sandwich 5 left of r1: the digits between r1c1 = 1 and r1c2 = 4 sum to 0"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sandwich {
    clue: Clue,
    sum: u32,
}

impl Sandwich {
    /// Why the rule cannot be on an `n`×`n` board, if it cannot: the clue
    /// is off the board, the board is below 3×3, or no digits make the sum.
    pub fn validate(&self, n: usize) -> Result<(), String> {
        self.clue.fits(n)?;
        if n < 3 {
            return Err(format!(
                "a sandwich needs a board of at least 3×3 (a 1, an {n} and room between), this one is {n}×{n}"
            ));
        }
        let most = mask::sum(full(n - 1) & !1);
        if self.sum > most {
            return Err(format!(
                "the digits between the 1 and the {n} sum to at most {most} on a {n}×{n} board"
            ));
        }
        Ok(())
    }
}

outside_clue_rule!(Sandwich, "sandwich", sum: u32, "the sandwich clue `sum` at `clue`",
// Not quite: the cells outside the crust are only kept to the
// middle digits, which a second run may tighten through the gap.
idempotent: false,
more: {
    fn clauses(&self, geometry: &Geometry, _: &ClauseOptions, sink: &mut dyn ClauseSink) -> Result<(), Unsupported> {
        let n = geometry.size();
        let line = self.validate(n).map(|()| self.clue.cells(n));
        outside_clauses::encode(outside_clauses::sandwich, &self.name(), line, self.sum, sink)
    }
});

impl Sandwich {
    /// `check`'s logic (see the type's docs).
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let cells = self.clue.cells(n);
        repeated(report, n, grid, &cells, self.clue)?;
        let values = line_values(grid, &cells);
        let one = values.iter().position(|&v| v == Some(1));
        let top = values.iter().position(|&v| v == Some(n as Digit));
        let (Some(a), Some(b)) = (one, top) else {
            return Ok(());
        };
        let (lo, hi) = (a.min(b), a.max(b));
        let between = &values[lo + 1..hi];
        let sum: u32 = between.iter().flatten().map(|&d| d as u32).sum();
        let complete = between.iter().all(Option::is_some);
        if (complete && sum != self.sum) || sum > self.sum {
            let what = if complete { "sum to" } else { "already sum to" };
            return Err(report.violation(
                || {
                    format!(
                        "{}: the digits between {} = {} and {} = {} {what} {sum}",
                        self.name(),
                        cells[lo].name(n),
                        values[lo].unwrap_or(0),
                        cells[hi].name(n),
                        values[hi].unwrap_or(0),
                    )
                },
                || cells[lo..=hi].to_vec(),
            ));
        }
        Ok(())
    }
}

impl Propagate for Sandwich {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, changed: &[Cell]) -> Result<(), Contradiction> {
        let n = cx.size();
        if self.clue.fits(n).is_err() || n < 3 {
            return Err(Contradiction::rule(
                None,
                "the sandwich clue does not fit the board",
            ));
        }
        let cells = self.clue.cells(n);
        let (one, top) = (bit(1), bit(n));
        let middle = full(n) & !one & !top;
        let target = self.sum;
        with_scratch(|scratch| {
            let Scratch { layers, masks, .. } = scratch;
            masks.clear();
            masks.resize(6 * n + 2, 0);
            let (cands, rest) = masks.split_at_mut(n);
            let (keep, rest) = rest.split_at_mut(n);
            let (gap, rest) = rest.split_at_mut(n);
            let (between, rest) = rest.split_at_mut(n);
            // The digits the cells before `i` hold, and from `i` on.
            let (before, from) = rest.split_at_mut(n + 1);
            for (slot, &cell) in cands.iter_mut().zip(&cells) {
                *slot = cx.candidates(cell).to_u128();
            }
            for i in 0..n {
                before[i + 1] = before[i] | cands[i];
                from[n - 1 - i] = from[n - i] | cands[n - 1 - i];
            }
            // The cells outside the crust hold middle digits: those that
            // cannot must be inside it.
            let cannot = |i: &usize| cands[*i] & middle == 0;
            let first_bad = (0..n).find(cannot).unwrap_or(n);
            let last_bad = (0..n).rev().find(cannot);
            let mut found = false;
            for lo in 0..n {
                let (lo_one, lo_top) = (cands[lo] & one != 0, cands[lo] & top != 0);
                if !lo_one && !lo_top {
                    continue;
                }
                for hi in lo + 1..n {
                    let forward = lo_one && cands[hi] & top != 0;
                    let backward = lo_top && cands[hi] & one != 0;
                    if !forward && !backward {
                        continue;
                    }
                    let k = hi - lo - 1;
                    // Bounds on k different digits of 2..n−1.
                    let (Some(low), Some(high)) =
                        (extreme_sum(middle, k, false), extreme_sum(middle, k, true))
                    else {
                        break; // longer gaps need even more digits
                    };
                    if target < low {
                        break; // longer gaps only sum to more
                    }
                    if target > high {
                        continue;
                    }
                    if first_bad < lo || last_bad.is_some_and(|i| i > hi) {
                        continue;
                    }
                    for (slot, &m) in between.iter_mut().zip(&cands[lo + 1..hi]) {
                        *slot = m & middle;
                    }
                    // The cells outside the crust take the other middle digits.
                    let others = Others {
                        digits: middle & (before[lo] | from[hi + 1]),
                        cells: (n - 2 - k) as u32,
                    };
                    gap[..k].fill(0);
                    let mut common = 0;
                    if !distinct_sum(&between[..k], target, others, &mut gap[..k], &mut common, layers) {
                        continue;
                    }
                    found = true;
                    keep[lo] |= if forward { one } else { 0 } | if backward { top } else { 0 };
                    keep[hi] |= if forward { top } else { 0 } | if backward { one } else { 0 };
                    for (slot, &g) in keep[lo + 1..hi].iter_mut().zip(&gap[..k]) {
                        *slot |= g;
                    }
                    for i in (0..lo).chain(hi + 1..n) {
                        keep[i] |= cands[i] & middle & !common;
                    }
                }
            }
            if !found {
                // Named: the last cell whose change woke the clue, which the
                // search's conflict weights bump alone (naming none bumps the
                // whole row: Sandwich snipe 18 took 3× the nodes).
                return Err(Contradiction::rule(
                    changed.last().copied(),
                    "no placement of the 1 and the n makes the sandwich sum",
                ));
            }
            restrict_all(cx, &cells, keep, || self.name().into_owned())
        })
    }
}

// ---------------------------------------------------------------------------
// X-sum
// ---------------------------------------------------------------------------

/// Counting from the clue, the first digit X says how many cells to add:
/// the first X digits (the X itself included) sum to the clue: `xsum`.
///
/// The line's digits are different (a declared group). The propagator
/// tries every X the first cell allows: the next X − 1 cells then hold
/// different digits other than X summing to the clue minus X, searched
/// exactly over digit sets (as for [`Sandwich`]); a cell keeps the digits
/// some X and some way of making the sum give it, and the cells past the
/// X-th keep anything but X and the digits every way of making the sum
/// uses; a digit no cell past the X-th can take is among the first X (the
/// row holds every digit). Exact for the first X cells taken alone with
/// that count; the cells past them are left to the row's group. Any board size. SAT takes
/// its clause form (`outside_clauses.rs`); DLX refuses it (`Unsupported`).
///
/// ```
/// use sudokit_constraints::{Clue, Side, XSum};
/// use sudokit_core::{Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let rule = XSum::new(Clue::new(Side::Top, 1), 6);
/// assert_eq!(rule.name(), "x-sum 6 above c2");
/// let column = |digits: [u8; 4]| {
///     let mut grid = Grid::empty(4);
///     for (r, d) in digits.into_iter().enumerate() {
///         grid.set(sudokit_core::Cell::at(r, 1, 4), d);
///     }
///     grid
/// };
/// assert!(rule.check(&g, &column([2, 4, 1, 3])).is_ok()); // 2 + 4
/// assert_eq!(
///     rule.check(&g, &column([3, 4, 1, 2])).unwrap_err().message,
///     "x-sum 6 above c2: the first 3 digits r1c2, r2c2, r3c2 sum to 8"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XSum {
    clue: Clue,
    sum: u32,
}

impl XSum {
    /// Why the rule cannot be on an `n`×`n` board, if it cannot: the clue
    /// is off the board, or the sum is out of reach (1 to n(n+1)/2).
    pub fn validate(&self, n: usize) -> Result<(), String> {
        self.clue.fits(n)?;
        let most = mask::sum(full(n));
        if self.sum == 0 || self.sum > most {
            return Err(format!("an X-sum on a {n}×{n} board is 1 to {most}"));
        }
        Ok(())
    }
}

outside_clue_rule!(XSum, "x-sum", sum: u32, "the X-sum clue `sum` at `clue`", idempotent: false,
more: {
    fn clauses(&self, geometry: &Geometry, _: &ClauseOptions, sink: &mut dyn ClauseSink) -> Result<(), Unsupported> {
        let n = geometry.size();
        let line = self.validate(n).map(|()| self.clue.cells(n));
        outside_clauses::encode(outside_clauses::x_sum, &self.name(), line, self.sum, sink)
    }
});

impl XSum {
    /// `check`'s logic (see the type's docs).
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let cells = self.clue.cells(n);
        repeated(report, n, grid, &cells, self.clue)?;
        let values = line_values(grid, &cells);
        let Some(Some(x)) = values.first().copied() else {
            return Ok(());
        };
        let x = (x as usize).min(n);
        let first = &values[..x];
        let sum: u32 = first.iter().flatten().map(|&d| d as u32).sum();
        let complete = first.iter().all(Option::is_some);
        if (complete && sum != self.sum) || sum > self.sum {
            let what = if complete { "sum to" } else { "already sum to" };
            return Err(report.violation(
                || {
                    format!(
                        "{}: the first {x} digits {} {what} {sum}",
                        self.name(),
                        names(&cells[..x], n)
                    )
                },
                || cells[..x].to_vec(),
            ));
        }
        Ok(())
    }
}

impl Propagate for XSum {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, changed: &[Cell]) -> Result<(), Contradiction> {
        let n = cx.size();
        if self.clue.fits(n).is_err() {
            return Err(Contradiction::rule(None, "the X-sum clue does not fit the board"));
        }
        let cells = self.clue.cells(n);
        let target = self.sum;
        with_scratch(|scratch| {
            let Scratch { layers, masks, .. } = scratch;
            masks.clear();
            masks.resize(5 * n + 1, 0);
            let (cands, rest) = masks.split_at_mut(n);
            let (keep, rest) = rest.split_at_mut(n);
            let (gap, rest) = rest.split_at_mut(n);
            // The digits the cells from `i` on hold.
            let (others, past) = rest.split_at_mut(n);
            for (slot, &cell) in cands.iter_mut().zip(&cells) {
                *slot = cx.candidates(cell).to_u128();
            }
            for i in (0..n).rev() {
                past[i] = past[i + 1] | cands[i];
            }
            let mut found = false;
            let mut xs = cands[0];
            while xs != 0 {
                let x = (xs.trailing_zeros() + 1) as usize;
                xs &= xs - 1;
                if x as u32 > target {
                    break;
                }
                for (slot, &m) in others.iter_mut().zip(&cands[1..x]) {
                    *slot = m & !bit(x);
                }
                // The cells past the X-th take the other digits.
                let beyond = Others {
                    digits: past[x] & !bit(x),
                    cells: (n - x) as u32,
                };
                gap[..x - 1].fill(0);
                let mut common = 0;
                if !distinct_sum(
                    &others[..x - 1],
                    target - x as u32,
                    beyond,
                    &mut gap[..x - 1],
                    &mut common,
                    layers,
                ) {
                    continue;
                }
                found = true;
                keep[0] |= bit(x);
                for (slot, &g) in keep[1..x].iter_mut().zip(&gap[..x - 1]) {
                    *slot |= g;
                }
                for i in x..n {
                    keep[i] |= cands[i] & !bit(x) & !common;
                }
            }
            if !found {
                // Named as for the sandwich.
                return Err(Contradiction::rule(
                    changed.last().copied(),
                    "no first digit X makes the X-sum",
                ));
            }
            restrict_all(cx, &cells, keep, || self.name().into_owned())
        })
    }
}

// ---------------------------------------------------------------------------
// Skyscraper
// ---------------------------------------------------------------------------

/// The largest board for skyscrapers: the counts seen, 0 to n, are the bits
/// of a `u128`.
const MAX_SKYSCRAPER: usize = 127;

/// Seen from the clue, digits are heights of buildings and a building
/// hides every lower one behind it: exactly `visible` buildings are seen
/// (`skyscraper`).
///
/// The line's digits are different (a declared group). The propagator runs
/// a dynamic programme along the line over (tallest so far, buildings seen
/// so far), forwards from the clue and backwards from the far end, and a
/// cell keeps a digit when some path through it ends with the `n` placed
/// and `visible` buildings seen. Of the line's distinctness it uses what is
/// cheap: a digit never equals the tallest so far, and after `i` cells the
/// tallest is at least `i` (so the `n` stands at position `visible` or
/// later, the first cell is at most `n − visible + 1`, a clue of 1 puts the
/// `n` first and a clue of `n` forces `1..n` in order). The rest of the
/// distinctness is left to the row's group, so it is exact only for that
/// relaxation. Boards up to 127×127. SAT counts the buildings seen in
/// clauses (`outside_clauses.rs`); DLX refuses it (`Unsupported`).
///
/// ```
/// use sudokit_constraints::{Clue, Side, Skyscraper};
/// use sudokit_core::{Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let rule = Skyscraper::new(Clue::new(Side::Right, 0), 2);
/// assert_eq!(rule.name(), "skyscraper 2 right of r1");
/// // Seen from the right: the 3, then the 4, which hides the 2 and the 1.
/// let grid = Grid::from_values(4, [1, 2, 4, 3].into_iter().chain([0; 12]).collect()).unwrap();
/// assert!(rule.check(&g, &grid).is_ok());
/// let grid = Grid::from_values(4, [1, 2, 3, 4].into_iter().chain([0; 12]).collect()).unwrap();
/// assert_eq!(rule.check(&g, &grid).unwrap_err().message, "skyscraper 2 right of r1: 1 seen (r1c4)");
/// let mut grid = Grid::empty(4);
/// grid.set(sudokit_core::Cell(3), 1);
/// grid.set(sudokit_core::Cell(2), 2);
/// assert_eq!(
///     rule.check(&g, &grid).unwrap_err().message,
///     "skyscraper 2 right of r1: 2 seen already (r1c4, r1c3) and the 4 still to come"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skyscraper {
    clue: Clue,
    visible: usize,
}

impl Skyscraper {
    /// Why the rule cannot be on an `n`×`n` board, if it cannot: the clue
    /// is off the board, or the count is not 1 to `n`.
    pub fn validate(&self, n: usize) -> Result<(), String> {
        self.clue.fits(n)?;
        if n > MAX_SKYSCRAPER {
            return Err(format!(
                "skyscrapers go up to {MAX_SKYSCRAPER}×{MAX_SKYSCRAPER} boards"
            ));
        }
        if !(1..=n).contains(&self.visible) {
            return Err(format!("a skyscraper clue on a {n}×{n} board is 1 to {n}"));
        }
        Ok(())
    }
}

outside_clue_rule!(Skyscraper, "skyscraper", visible: usize, "the skyscraper clue `visible` at `clue`",
    // Every digit kept lies on a path of kept digits: a second run keeps
    // them all.
    idempotent: true,
more: {
    fn clauses(&self, geometry: &Geometry, _: &ClauseOptions, sink: &mut dyn ClauseSink) -> Result<(), Unsupported> {
        let n = geometry.size();
        let line = self.validate(n).map(|()| self.clue.cells(n));
        outside_clauses::encode(outside_clauses::skyscraper, &self.name(), line, self.visible as u32, sink)
    }
});

impl Skyscraper {
    /// `check`'s logic (see the type's docs).
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let cells = self.clue.cells(n);
        repeated(report, n, grid, &cells, self.clue)?;
        // Only the filled cells next to the clue tell anything for sure.
        let mut tallest = 0;
        let mut seen = Vec::new();
        let mut complete = false;
        for (&cell, value) in cells.iter().zip(line_values(grid, &cells)) {
            let Some(d) = value else { break };
            if d > tallest {
                tallest = d;
                seen.push(cell);
            }
            if d as usize == n {
                complete = true;
                break;
            }
        }
        // Without its n yet, the line will show one building more at least.
        let least = seen.len() + usize::from(!complete);
        if (complete && seen.len() != self.visible) || least > self.visible {
            let describe = || {
                let list = names(&seen, n);
                let what = if complete {
                    format!("{} seen ({list})", seen.len())
                } else {
                    format!("{} seen already ({list}) and the {n} still to come", seen.len())
                };
                format!("{}: {what}", self.name())
            };
            return Err(report.violation(describe, || seen.clone()));
        }
        Ok(())
    }
}

impl Propagate for Skyscraper {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let n = cx.size();
        if self.clue.fits(n).is_err() || !(1..=n).contains(&self.visible) || n > MAX_SKYSCRAPER {
            return Err(Contradiction::rule(
                None,
                "the skyscraper clue does not fit the board",
            ));
        }
        let cells = self.clue.cells(n);
        let goal = self.visible;
        with_scratch(|scratch| {
            let Scratch { masks, table, .. } = scratch;
            masks.clear();
            masks.resize(2 * n, 0);
            let (cands, keep) = masks.split_at_mut(n);
            for (slot, &cell) in cands.iter_mut().zip(&cells) {
                *slot = cx.candidates(cell).to_u128();
            }
            // forward[i][m]: the counts seen (bit v) after i cells with the
            // tallest m; backward[i][m]: the counts seen before cell i from
            // which the line can end with n tallest and `goal` seen.
            let w = n + 1;
            table.clear();
            table.resize(2 * w * w, 0);
            let (forward, backward) = table.split_at_mut(w * w);
            forward[0] = 1;
            for i in 0..n {
                for m in i..=n {
                    let seen = forward[i * w + m];
                    if seen == 0 {
                        continue;
                    }
                    let mut digits = cands[i];
                    while digits != 0 {
                        let d = (digits.trailing_zeros() + 1) as usize;
                        digits &= digits - 1;
                        // After i + 1 different digits, the tallest is ≥ i + 1.
                        if d > m && d > i {
                            forward[(i + 1) * w + d] |= seen << 1;
                        } else if d < m && m > i {
                            forward[(i + 1) * w + m] |= seen;
                        }
                    }
                }
            }
            if forward[n * w + n] & (1u128 << goal) == 0 {
                return Err(Contradiction::rule(
                    None,
                    "no order of the line shows that many buildings",
                ));
            }
            backward[n * w + n] = 1u128 << goal;
            for i in (0..n).rev() {
                for m in i..=n {
                    let reach = forward[i * w + m];
                    let mut after = 0;
                    let mut digits = cands[i];
                    while digits != 0 {
                        let d = (digits.trailing_zeros() + 1) as usize;
                        digits &= digits - 1;
                        let ok = if d > m && d > i {
                            backward[(i + 1) * w + d] >> 1
                        } else if d < m && m > i {
                            backward[(i + 1) * w + m]
                        } else {
                            0
                        };
                        after |= ok;
                        if ok & reach != 0 {
                            keep[i] |= bit(d);
                        }
                    }
                    backward[i * w + m] = after;
                }
            }
            restrict_all(cx, &cells, keep, || self.name().into_owned())
        })
    }
}

// ---------------------------------------------------------------------------
// In files
// ---------------------------------------------------------------------------

/// Where an outside clue is, in files.
pub(crate) const CLUE: Param = Param::required("clue", ParamType::OutsideClue, "clue = \"left of r3\"");

/// The value of an outside clue, `what` in messages.
pub(crate) const fn clue_value(what: &'static str, example: &'static str) -> Param {
    Param::required(
        what,
        ParamType::Integer {
            what,
            range: |_| 0..u32::MAX as i64 + 1,
        },
        example,
    )
}

/// An outside clue rule of a rule file: its clue and value (present:
/// required parameters are checked before any build).
fn clue_of(rule: &RuleSpec, value: &str) -> (Clue, u32) {
    let clue = rule.clue("clue").unwrap_or(Clue::new(Side::Left, 0));
    (clue, rule.number(value).unwrap_or(0) as u32)
}

/// The outside clue rule `rule` stands for on an `n`×`n` board: its value
/// parameter's name, whether it fits the board, and the rule.
fn outside_rule(rule: &RuleSpec, n: usize) -> (&'static str, Result<(), String>, Box<dyn Constraint>) {
    match rule.name() {
        "skyscraper" => {
            let (clue, visible) = clue_of(rule, "visible");
            let rule = Skyscraper::new(clue, visible as usize);
            ("visible", rule.validate(n), Box::new(rule))
        }
        "x-sum" => {
            let (clue, sum) = clue_of(rule, "sum");
            let rule = XSum::new(clue, sum);
            ("sum", rule.validate(n), Box::new(rule))
        }
        _ => {
            let (clue, sum) = clue_of(rule, "sum");
            let rule = Sandwich::new(clue, sum);
            ("sum", rule.validate(n), Box::new(rule))
        }
    }
}

/// Whether the outside clue rule `rule` fits an `n`×`n` board (in words
/// when not), for the f-puzzles reader.
pub(crate) fn clue_fits(rule: &RuleSpec, n: usize) -> Result<(), String> {
    outside_rule(rule, n).1
}

fn check_outside(rule: RuleSpec, n: usize) -> Result<RuleSpec, Refusal> {
    let (value, verdict, _) = outside_rule(&rule, n);
    verdict.map_err(|m| Refusal::at(value, m))?;
    Ok(rule)
}

fn build_outside(rule: &RuleSpec, context: &BuildContext<'_>) -> Result<Box<dyn Constraint>, SpecError> {
    let (_, verdict, constraint) = outside_rule(rule, context.size());
    fits(constraint.name(), verdict)?;
    Ok(constraint)
}

/// `sandwich` in files.
pub(crate) static SANDWICH: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("sandwichsum", Shape::Own),
    meaning: "in the clue's row or column, the digits between the 1 and the largest digit sum to the clue",
    summary: "clue (\"left of r3\", \"right of r3\", \"above c5\", \"below c5\"), sum",
    params: &[CLUE, clue_value("sum", "sum = 15")],
    example: r#"{ type = "sandwich", clue = "left of r3", sum = 15 }"#,
    check: Some(check_outside),
    ..RuleKind::new("sandwich", build_outside)
};

/// `x-sum` in files.
pub(crate) static X_SUM: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("xsum", Shape::Own),
    meaning:
        "from the clue, the first digit X says how many digits to add: the first X digits sum to the clue",
    summary: "clue (\"left of r3\", …), sum",
    params: &[CLUE, clue_value("sum", "sum = 15")],
    example: r#"{ type = "x-sum", clue = "above c5", sum = 20 }"#,
    check: Some(check_outside),
    ..RuleKind::new("x-sum", build_outside)
};

/// `skyscraper` in files.
pub(crate) static SKYSCRAPER: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("skyscraper", Shape::Own),
    meaning:
        "seen from the clue, digits are heights and taller ones hide lower ones behind: that many are seen",
    summary: "clue (\"left of r3\", …), visible",
    params: &[CLUE, clue_value("visible", "visible = 3")],
    example: r#"{ type = "skyscraper", clue = "right of r2", visible = 3 }"#,
    check: Some(check_outside),
    ..RuleKind::new("skyscraper", build_outside)
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way of giving the cells different digits from their masks
    /// that sums to `target` and leaves `others` enough digits: the digits
    /// each cell takes in one, and the digits all of them use (`None` when
    /// there is none).
    fn brute_force(cands: &[u128], target: u32, others: Others) -> Option<(Vec<u128>, u128)> {
        fn go(
            cands: &[u128],
            (target, others): (u32, Others),
            used: u128,
            sum: u32,
            path: &mut Vec<u32>,
            out: &mut Vec<(Vec<u32>, u128)>,
        ) {
            let Some((&first, rest)) = cands.split_first() else {
                let room = (others.digits & !used).count_ones() >= others.cells;
                if sum == target && room {
                    out.push((path.clone(), used));
                }
                return;
            };
            for d in 1..=128u32 {
                if first & bit(d as usize) != 0 && used & bit(d as usize) == 0 {
                    path.push(d);
                    go(rest, (target, others), used | bit(d as usize), sum + d, path, out);
                    path.pop();
                }
            }
        }
        let mut ways = Vec::new();
        go(cands, (target, others), 0, 0, &mut Vec::new(), &mut ways);
        if ways.is_empty() {
            return None;
        }
        let mut support = vec![0; cands.len()];
        let mut common = !0;
        for (digits, used) in &ways {
            for (slot, &d) in support.iter_mut().zip(digits) {
                *slot |= bit(d as usize);
            }
            common &= used;
        }
        Some((support, common))
    }

    /// The table of sum ranges says what counting the digits says.
    #[test]
    fn sum_ranges_by_table_are_counted_ones() {
        for mask in 0u128..1 << BITMAP_DIGITS {
            for k in 0..=BITMAP_DIGITS as usize + 1 {
                let counted = extreme_sum(mask, k, false).zip(extreme_sum(mask, k, true));
                assert_eq!(sum_range(mask, k), counted, "{mask:b}, {k}");
            }
        }
    }

    /// `distinct_sum` is exact on random cells, both by sets (digits up
    /// to 9) and with sorted layers (digits up to 12), with and without
    /// other cells to leave digits for.
    #[test]
    fn distinct_sum_finds_what_brute_force_finds() {
        let mut rng = fastrand::Rng::with_seed(41);
        let mut layers = Vec::new();
        let (mut solvable, mut unsolvable) = (0, 0);
        for n in [6usize, 9, 12] {
            for _ in 0..400 {
                let k = rng.usize(1..=5.min(n));
                let cands: Vec<u128> = (0..k)
                    .map(|_| {
                        let m = (1..=n).filter(|_| rng.f64() < 0.5).fold(0, |m, d| m | bit(d));
                        if m == 0 {
                            bit(rng.usize(1..=n))
                        } else {
                            m
                        }
                    })
                    .collect();
                let target = rng.u32(1..=(k * n) as u32);
                // Half the time a few other cells to leave digits for.
                let others = if rng.bool() {
                    let digits = (1..=n).filter(|_| rng.f64() < 0.6).fold(0, |m, d| m | bit(d));
                    Others {
                        digits,
                        cells: rng.u32(1..=(n - k) as u32),
                    }
                } else {
                    Others { digits: 0, cells: 0 }
                };
                let mut support = vec![0; k];
                let mut common = 0;
                let found = distinct_sum(&cands, target, others, &mut support, &mut common, &mut layers);
                match brute_force(&cands, target, others) {
                    Some((truth, all_use)) => {
                        assert!(found, "{cands:?} → {target}, {others:?}");
                        assert_eq!(support, truth, "{cands:?} → {target}, {others:?}");
                        assert_eq!(common, all_use, "{cands:?} → {target}, {others:?}");
                        solvable += 1;
                    }
                    None => {
                        assert!(!found, "{cands:?} → {target}, {others:?}");
                        unsolvable += 1;
                    }
                }
            }
        }
        assert!(solvable > 100 && unsolvable > 100, "{solvable} / {unsolvable}");
    }
}
