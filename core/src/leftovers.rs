//! The law of leftovers for irregular (jigsaw) regions, derived from the
//! groups alone and propagated by the engine.
//!
//! Take a run of `k` consecutive rows (or columns) and the `k` regions that
//! lie mostly inside it. Each holds every digit `k` times, so once the
//! cells they share are taken away, what is left of the rows (`A`: their
//! cells outside those regions) holds the same *multiset* of digits as what
//! is left of the regions (`B`: their cells outside those rows). When the
//! leftovers are small this is strong: one cell each are equal; a digit no
//! cell of `A` can hold leaves `B`; a digit `A` holds twice is held twice
//! by `B`.
//!
//! [`derive`] finds the pairs once per rule set (the model keeps them,
//! [`Model::leftovers`](crate::Model::leftovers)) from the complete groups
//! the rules declare: rows, columns and the board's regions, whoever
//! declares them. [`propagate`] keeps, on both sides, only the digits both
//! sides can hold, and bounds the count of each digit on each side (at
//! least the cells fixed to it, at most the number of the side's *cliques*
//! (cells of one group, found greedily) that still allow it). Nothing
//! here is a rule: a solution satisfies it whatever the propagator does,
//! and `check` never sees it.

use std::collections::HashSet;

use crate::cell::{Cell, Digit};
use crate::constraint::Word;
use crate::contradiction::Contradiction;
use crate::digits::Digits;
use crate::explain::Reason;
use crate::geometry::{Geometry, UnitKind};
use crate::group::Group;
use crate::state::Ctx;

/// Leftovers larger than this many cells are not kept (ISS keeps those of
/// fewer than `n` cells too; on 9×9 layouts the 7- and 8-cell pairs still
/// pay, see docs/benchmarks.md, stop 42).
fn max_cells(n: usize) -> usize {
    n.saturating_sub(1)
}

/// The cells of one side of a [`Leftover`] that share one group (the group
/// holding most of the side's cells not covered yet): they hold different
/// digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Clique {
    /// Where its cells are in [`Side::cells`].
    start: usize,
    end: usize,
    /// The other cells of its group: when the clique must hold a digit,
    /// they cannot.
    rest: Vec<Cell>,
}

/// One side of a [`Leftover`]: its cells, grouped by clique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    cells: Vec<Cell>,
    cliques: Vec<Clique>,
}

impl Side {
    /// The cells, clique after clique.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cells of each clique (cells of one group).
    pub fn cliques(&self) -> impl Iterator<Item = &[Cell]> {
        self.cliques.iter().map(|q| &self.cells[q.start..q.end])
    }

    /// The side from its cells, covered greedily by cliques: each time
    /// the group that holds most of the cells not covered yet.
    fn cover(mut open: Vec<Cell>, groups: &[Group]) -> Side {
        let mut cells = Vec::with_capacity(open.len());
        let mut cliques = Vec::new();
        while !open.is_empty() {
            let inside = |g: &Group| open.iter().filter(|c| g.cells().contains(c)).count();
            let best = groups.iter().max_by_key(|g| inside(g)).filter(|g| inside(g) > 1);
            let start = cells.len();
            let rest = match best {
                Some(group) => {
                    cells.extend(open.iter().copied().filter(|c| group.cells().contains(c)));
                    open.retain(|c| !group.cells().contains(c));
                    let taken = &cells[start..];
                    group
                        .cells()
                        .iter()
                        .copied()
                        .filter(|c| !taken.contains(c))
                        .collect()
                }
                None => {
                    cells.push(open.remove(0));
                    Vec::new()
                }
            };
            cliques.push(Clique {
                start,
                end: cells.len(),
                rest,
            });
        }
        Side { cells, cliques }
    }
}

/// Two sets of cells that hold the same multiset of digits in every
/// solution: the leftovers of a run of rows or columns and of the regions
/// mostly inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leftover {
    /// Where it comes from, for reasons: `law of leftovers, rows 1–3`.
    label: String,
    /// The run's cells outside the regions.
    a: Side,
    /// The regions' cells outside the run.
    b: Side,
    /// The most cells of one clique on either side: both sides need at
    /// least this many digits.
    widest: usize,
}

impl Leftover {
    /// Where it comes from: `law of leftovers, rows 1–3`.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The run's leftover cells (in its rows or columns, outside the regions).
    pub fn run_side(&self) -> &Side {
        &self.a
    }

    /// The regions' leftover cells (outside the run).
    pub fn region_side(&self) -> &Side {
        &self.b
    }

    /// Every cell of both sides: what the propagator reads.
    pub fn scope(&self) -> Vec<Cell> {
        let mut cells: Vec<Cell> = self.a.cells.iter().chain(&self.b.cells).copied().collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}

/// The leftover pairs of the board: for every run of 2 to `n − 1`
/// consecutive rows, then columns, whose lines are complete groups, the
/// regions (units of the geometry declared as complete groups) with more
/// than half of their cells in the run; when there are as many as lines,
/// and the leftovers are not empty and small enough, the pair is kept
/// (each pair once).
pub(crate) fn derive(geometry: &Geometry, groups: &[Group]) -> Vec<Leftover> {
    let n = geometry.size();
    let declared: HashSet<Vec<Cell>> = groups
        .iter()
        .filter(|g| g.len() == n)
        .map(|g| {
            let mut cells = g.cells().to_vec();
            cells.sort_unstable();
            cells
        })
        .collect();
    let is_declared = |cells: &[Cell]| {
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        declared.contains(&cells)
    };
    let units = geometry.units();
    let regions: Vec<Group> = units
        .iter()
        .filter(|u| matches!(u.kind, UnitKind::Box | UnitKind::Region) && is_declared(&u.cells))
        .map(Group::of_unit)
        .collect();
    // Pieces must partition the board for both sides to hold each digit k times.
    if n < 4 || regions.len() != n {
        return Vec::new();
    }
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for (kind, name) in [(UnitKind::Row, "rows"), (UnitKind::Column, "columns")] {
        let lines: Vec<Group> = units
            .iter()
            .filter(|u| u.kind == kind)
            .map(Group::of_unit)
            .collect();
        if lines.len() != n || !lines.iter().all(|l| is_declared(l.cells())) {
            continue;
        }
        // Each region's cells per line, so that a run's pieces and the size
        // of its leftover are counted without building its cell sets: most
        // runs (every one on a board of regular boxes) have no pair.
        let mut line_of = vec![0usize; n * n];
        for (i, line) in lines.iter().enumerate() {
            for &cell in line.cells() {
                line_of[cell.index()] = i;
            }
        }
        let mut per_line = vec![0usize; regions.len() * n];
        for (r, region) in regions.iter().enumerate() {
            for &cell in region.cells() {
                per_line[r * n + line_of[cell.index()]] += 1;
            }
        }
        for first in 0..n {
            let mut inside = vec![0usize; regions.len()];
            for last in first..(first + n - 1).min(n) {
                for (r, count) in inside.iter_mut().enumerate() {
                    *count += per_line[r * n + last];
                }
                if last == first {
                    continue;
                }
                let lines_in_run = last - first + 1;
                let pieces = (0..regions.len()).filter(|&r| 2 * inside[r] > regions[r].len());
                let (count, covered_inside) = pieces.fold((0, 0), |(k, sum), r| (k + 1, sum + inside[r]));
                let left = lines_in_run * n - covered_inside;
                if count != lines_in_run || left == 0 || left > max_cells(n) {
                    continue;
                }
                let run = &lines[first..=last];
                if let Some(pair) = leftover_of(run, &regions, n) {
                    let key = (pair.0.clone(), pair.1.clone());
                    let mirrored = (pair.1.clone(), pair.0.clone());
                    if seen.contains(&key) || seen.contains(&mirrored) {
                        continue;
                    }
                    seen.insert(key);
                    let label = format!("law of leftovers, {name} {}–{}", first + 1, last + 1);
                    let (a, b) = (Side::cover(pair.0, groups), Side::cover(pair.1, groups));
                    let widest = a
                        .cliques()
                        .chain(b.cliques())
                        .map(<[Cell]>::len)
                        .max()
                        .unwrap_or(0);
                    found.push(Leftover { label, a, b, widest });
                }
            }
        }
    }
    found
}

/// The two leftover sets of a run of lines (sorted cells), when the
/// regions mostly inside it are as many as its lines and the leftovers are
/// not empty and small enough.
fn leftover_of(run: &[Group], regions: &[Group], n: usize) -> Option<(Vec<Cell>, Vec<Cell>)> {
    let inside: HashSet<Cell> = run.iter().flat_map(|l| l.cells().iter().copied()).collect();
    let pieces: Vec<&Group> = regions
        .iter()
        .filter(|r| 2 * r.cells().iter().filter(|c| inside.contains(c)).count() > r.len())
        .collect();
    if pieces.len() != run.len() {
        return None;
    }
    let covered: HashSet<Cell> = pieces.iter().flat_map(|p| p.cells().iter().copied()).collect();
    let mut a: Vec<Cell> = inside.iter().copied().filter(|c| !covered.contains(c)).collect();
    let mut b: Vec<Cell> = covered.iter().copied().filter(|c| !inside.contains(c)).collect();
    if a.is_empty() || a.len() > max_cells(n) {
        return None;
    }
    a.sort_unstable();
    b.sort_unstable();
    Some((a, b))
}

/// What one side allows of one digit.
#[derive(Clone, Copy, Default)]
struct Count {
    /// Cells fixed to it: the side holds it at least this often.
    fixed: usize,
    /// Cliques with a cell that allows it: at most this often.
    cliques: usize,
}

/// Most cliques a side summarises on the stack; a side with more (boards
/// above 33×33) is only narrowed to the common digits.
const MAX_CLIQUES: usize = 32;

/// One side read once: the digits of each clique, and the digits fixed in
/// one cell and in more than one.
struct Summary<W: Word> {
    cliques: [Digits<W>; MAX_CLIQUES],
    len: usize,
    union: Digits<W>,
    fixed: Digits<W>,
    fixed_twice: Digits<W>,
}

impl<W: Word> Summary<W> {
    fn of(side: &Side, cx: &Ctx<'_, W>) -> Summary<W> {
        let mut summary = Summary {
            cliques: [Digits::EMPTY; MAX_CLIQUES],
            len: side.cliques.len().min(MAX_CLIQUES),
            union: Digits::EMPTY,
            fixed: Digits::EMPTY,
            fixed_twice: Digits::EMPTY,
        };
        for (q, clique) in side.cliques.iter().enumerate() {
            let mut union = Digits::EMPTY;
            for &cell in &side.cells[clique.start..clique.end] {
                let candidates = cx.candidates(cell);
                union |= candidates;
                if candidates.is_single() {
                    summary.fixed_twice |= summary.fixed & candidates;
                    summary.fixed |= candidates;
                }
            }
            if let Some(slot) = summary.cliques.get_mut(q) {
                *slot = union;
            }
            summary.union |= union;
        }
        summary
    }

    /// The counts of `digit`.
    fn count(&self, side: &Side, digit: Digit, cx: &Ctx<'_, W>) -> Count {
        let cliques = self.cliques[..self.len]
            .iter()
            .filter(|q| q.contains(digit))
            .count();
        let fixed = if !self.fixed.contains(digit) {
            0
        } else if !self.fixed_twice.contains(digit) {
            1
        } else {
            let only = Digits::single(digit);
            side.cells.iter().filter(|&&c| cx.candidates(c) == only).count()
        };
        Count { fixed, cliques }
    }
}

/// Enforces "`A` and `B` hold the same multiset of digits": both keep only
/// the digits both can hold; per digit, the count both sides allow (at
/// least the cells fixed to it on either side, at most the cliques that
/// allow it on either, and what the other digits leave of the side's size)
/// removes the digit from a side's open cells when its fixed cells reach
/// the most, and puts it in every clique of a side (placing it when one
/// cell of the clique allows it, and removing it from the rest of the
/// clique's group) when the least needs every clique that allows it.
pub(crate) fn propagate<W: Word>(leftover: &Leftover, cx: &mut Ctx<'_, W>) -> Result<(), Contradiction> {
    let (a, b) = (&leftover.a, &leftover.b);
    let fail = || Contradiction::rule(a.cells.first().copied(), "the law of leftovers cannot hold");
    let (mut sa, mut sb) = (Summary::of(a, cx), Summary::of(b, cx));
    let common = sa.union & sb.union;
    if common.len() < leftover.widest {
        return Err(fail());
    }
    if sa.union != common || sb.union != common {
        cx.because(|| reason(leftover, common.iter()));
        for &cell in a.cells.iter().chain(&b.cells) {
            cx.restrict(cell, common)?;
        }
        (sa, sb) = (Summary::of(a, cx), Summary::of(b, cx));
    }
    if a.cliques.len() > MAX_CLIQUES || b.cliques.len() > MAX_CLIQUES {
        return Ok(());
    }
    // Per digit, the bounds both sides share, summed: the other digits'
    // bounds narrow each digit's (sound though the state narrows as digits
    // are handled: bounds only tighten).
    let size = a.cells.len();
    let (mut lows, mut highs, mut widest_high) = (0usize, 0usize, 0usize);
    for digit in common.iter() {
        let (low, high) = bounds(sa.count(a, digit, cx), sb.count(b, digit, cx));
        if low > high {
            return Err(fail());
        }
        lows += low;
        highs += high;
        widest_high = widest_high.max(high);
    }
    if lows > size || highs < size {
        return Err(fail());
    }
    // Nothing fixed and slack enough that no digit is needed: nothing to do.
    if lows == 0 && highs - size >= widest_high {
        return Ok(());
    }
    for digit in common.iter() {
        let pair = (sa.count(a, digit, cx), sb.count(b, digit, cx));
        let (low0, high0) = bounds(pair.0, pair.1);
        let low = low0.max(size.saturating_sub(highs.saturating_sub(high0)));
        let high = high0.min(size.saturating_sub(lows.saturating_sub(low0)));
        if low > high {
            return Err(fail());
        }
        for (side, count) in [(a, pair.0), (b, pair.1)] {
            if count.cliques == count.fixed {
                continue;
            }
            if count.fixed >= high {
                cx.because(|| reason(leftover, [digit]));
                for &cell in &side.cells {
                    let candidates = cx.candidates(cell);
                    if candidates.contains(digit) && !candidates.is_single() {
                        cx.remove(cell, digit)?;
                    }
                }
            } else if low >= count.cliques {
                cx.because(|| reason(leftover, [digit]));
                for clique in &side.cliques {
                    let cells = &side.cells[clique.start..clique.end];
                    let mut places = cells.iter().filter(|&&c| cx.candidates(c).contains(digit));
                    let (Some(&first), second) = (places.next(), places.next()) else {
                        continue;
                    };
                    if second.is_none() {
                        cx.assign(first, digit)?;
                    }
                    for &cell in &clique.rest {
                        cx.remove(cell, digit)?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// The count of a digit both sides allow: at least the most fixed on
/// either, at most the fewest cliques on either.
fn bounds(a: Count, b: Count) -> (usize, usize) {
    (a.fixed.max(b.fixed), a.cliques.min(b.cliques))
}

/// Why: the pair's label, its cells and the digits concerned.
fn reason(leftover: &Leftover, digits: impl IntoIterator<Item = Digit>) -> Reason {
    Reason::new(leftover.label.clone())
        .cells(leftover.scope())
        .digits(digits)
}
