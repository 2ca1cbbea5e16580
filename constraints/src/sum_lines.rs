//! Sum lines: the line divides into stretches that each add up to the
//! line's total; on a sum loop the last cell runs on into the first.

use std::borrow::Cow;
use std::ops::Shr;

use sudokit_core::{
    Bits, Cell, Contradiction, Ctx, Digits, Geometry, Grid, Propagate, Reason, Rule, Violation, Word,
};

use crate::rule::{Param, ParamType, RuleKind};
use crate::units::{checks_through_verify, distinct, stack_or_heap, Report};

/// A sum line (ISS `SumLine`): the line, read from its first cell, divides
/// into consecutive stretches that each add up to `total`. A sum loop
/// ([`SumLine::closed`], ISS's `LOOP`) runs from its last cell back into
/// its first, so a stretch may wrap around.
/// Digits may repeat. Digits being positive, the division is unique when
/// the line is full: cut each time the running sum reaches the total.
///
/// A propagator of its own, exact for the line alone: it walks the running
/// sums the line can reach from its start and those from which its end can
/// still be reached, and keeps the digits on some walk from one to the
/// other. SAT and DLX have no form for it.
///
/// ```
/// use sudokit_constraints::SumLine;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let line = SumLine::new([Cell(0), Cell(1), Cell(2), Cell(3)], 10);
/// let mut grid = Grid::empty(9);
/// for (cell, d) in [(0, 3), (1, 7), (2, 6), (3, 5)] {
///     grid.set(Cell(cell), d);
/// }
/// assert_eq!(
///     line.check(&g, &grid).unwrap_err().message,
///     "sum line 10: r1c3 + r1c4 = 11 passes 10"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumLine {
    cells: Vec<Cell>,
    total: u32,
    closed: bool,
}

impl SumLine {
    /// The line through `cells` whose stretches each add up to `total`.
    pub fn new(cells: impl IntoIterator<Item = Cell>, total: u32) -> SumLine {
        SumLine {
            cells: cells.into_iter().collect(),
            total,
            closed: false,
        }
    }

    /// The loop through `cells` (the last next to the first) whose
    /// stretches each add up to `total`.
    ///
    /// ```
    /// use sudokit_constraints::SumLine;
    /// use sudokit_core::{Cell, Geometry, Grid, Rule};
    /// let g = Geometry::square(9).unwrap();
    /// // r1c1, r1c2, r2c2, r2c1 around a square: 3 | 7 + 4 | 6 wraps around.
    /// let cells = [Cell(0), Cell(1), Cell(10), Cell(9)];
    /// let mut grid = Grid::empty(9);
    /// for (cell, d) in [(0, 3), (1, 7), (10, 4), (9, 6)] {
    ///     grid.set(Cell(cell), d);
    /// }
    /// assert!(SumLine::closed(cells, 10).check(&g, &grid).is_ok());
    /// grid.set(Cell(9), 5);
    /// assert!(SumLine::closed(cells, 10).check(&g, &grid).is_err());
    /// ```
    pub fn closed(cells: impl IntoIterator<Item = Cell>, total: u32) -> SumLine {
        SumLine {
            closed: true,
            ..SumLine::new(cells, total)
        }
    }

    /// The positions a stretch may start at after the loop is cut once
    /// before them: every division of a loop cuts before one of its first
    /// `total` cells (digits are at least 1). A line is cut before its
    /// first cell only.
    fn cuts(&self) -> std::ops::Range<usize> {
        match self.closed {
            false => 0..1,
            true => 0..self.cells.len().min(self.total as usize),
        }
    }

    /// The cells read from position `cut` on, around the loop.
    fn read_from(&self, cut: usize) -> impl DoubleEndedIterator<Item = &Cell> + Clone {
        self.cells[cut..].iter().chain(&self.cells[..cut])
    }

    /// The loop's walk: each way of cutting it is a line from the cut, so
    /// the digits of some division are those of some cut's [`walk`], put
    /// together in `keep`. When no cut has one, the dead end of the walk
    /// cut before the first cell.
    fn walk_around<W: Word>(
        &self,
        candidates: &[Digits<W>],
        total: usize,
        keep: &mut [Digits<W>],
    ) -> Result<(), usize> {
        let len = candidates.len();
        if len == 0 {
            return Ok(()); // nothing to divide
        }
        let mut from_cut = Vec::with_capacity(len);
        let mut cut_keep = vec![Digits::<W>::EMPTY; len];
        let mut found = Err(0);
        for cut in self.cuts() {
            from_cut.clear();
            from_cut.extend(candidates[cut..].iter().chain(&candidates[..cut]));
            cut_keep.fill(Digits::EMPTY);
            match walk(&from_cut, total, &mut cut_keep) {
                Ok(()) => {
                    for (i, &digits) in cut_keep.iter().enumerate() {
                        keep[(i + cut) % len] |= digits;
                    }
                    found = Ok(());
                }
                Err(dead) if cut == 0 => found = Err(dead),
                Err(_) => {}
            }
        }
        found
    }

    /// The stretch of placed cells, read from one end along `order`, that
    /// runs past the total or (`to_the_end` and complete) stops short of it.
    fn broken_stretch<'a>(
        &self,
        grid: &Grid,
        order: impl Iterator<Item = &'a Cell>,
        to_the_end: bool,
    ) -> Option<(Vec<Cell>, u32)> {
        let mut stretch = Vec::new();
        let mut sum = 0;
        for &cell in order {
            let Some(d) = grid.get(cell) else {
                return None; // what follows is not read from this end
            };
            stretch.push(cell);
            sum += u32::from(d);
            if sum > self.total {
                return Some((stretch, sum));
            }
            if sum == self.total {
                stretch.clear();
                sum = 0;
            }
        }
        (to_the_end && sum != 0).then_some((stretch, sum))
    }
}

impl Rule for SumLine {
    fn name(&self) -> Cow<'_, str> {
        match self.closed {
            false => format!("sum line {}", self.total).into(),
            true => format!("sum loop {}", self.total).into(),
        }
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        distinct(self.cells.iter().copied())
    }

    checks_through_verify!();
}

impl SumLine {
    /// `check`'s logic: read from either end, the placed cells cut into
    /// stretches of the total, none running past it, the last one (on a
    /// full line) not short of it.
    /// On a loop, the placed cells must break every way of cutting it.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let mut first = None;
        for cut in self.cuts() {
            let order = self.read_from(cut);
            let found = self
                .broken_stretch(grid, order.clone(), true)
                .or_else(|| self.broken_stretch(grid, order.rev(), false));
            match found {
                None => return Ok(()),
                Some(found) => {
                    first.get_or_insert(found);
                }
            }
        }
        let Some((mut stretch, sum)) = first else {
            return Ok(());
        };
        stretch.sort_by_key(|c| self.cells.iter().position(|x| x == c));
        Err(report.violation(
            || {
                let names: Vec<String> = stretch.iter().map(|c| c.name(n)).collect();
                let verdict = if sum > self.total {
                    "passes"
                } else {
                    "falls short of"
                };
                format!(
                    "{}: {} = {sum} {verdict} {}",
                    self.name(),
                    names.join(" + "),
                    self.total
                )
            },
            || stretch.clone(),
        ))
    }
}

impl Propagate for SumLine {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _: &[Cell]) -> Result<(), Contradiction> {
        let total = self.total as usize;
        let len = self.cells.len();
        // No stretch of positive digits adds up to 0, nor a line to more
        // than n per cell (which also bounds the walk's tables).
        if len > 0 && (total == 0 || total > len * cx.size()) {
            return Err(Contradiction::rule(
                self.cells.first().copied(),
                "no stretch of the sum line can add up to its total",
            ));
        }
        let candidates: Vec<Digits<W>> = self.cells.iter().map(|&c| cx.candidates(c)).collect();
        let mut keep = vec![Digits::<W>::EMPTY; len];
        let walk = match self.closed {
            false => walk(&candidates, total, &mut keep),
            true => self.walk_around(&candidates, total, &mut keep),
        };
        if let Err(dead) = walk {
            // Named: the cell the walk from the start cannot pass, which the
            // search's conflict weights bump (naming the first cell always:
            // Sum lines – single line took 14 % more nodes).
            return Err(Contradiction::rule(
                Some(self.cells[dead]),
                "the sum line cannot divide into stretches of its total",
            ));
        }
        cx.because(|| Reason::new(self.name().into_owned()).cells(self.cells.iter().copied()));
        for (&cell, &digits) in self.cells.iter().zip(&keep) {
            cx.restrict(cell, digits)?;
        }
        Ok(())
    }
}

/// The line's walk (see [`SumLine`]): by the bits of a `u64` for totals
/// below 64 (the common ones: shifts on one word), of a `u128` below 128,
/// by tables above.
fn walk<W: Word>(candidates: &[Digits<W>], total: usize, keep: &mut [Digits<W>]) -> Result<(), usize> {
    match total {
        1..=63 => walk_by_bits::<W, u64>(candidates, total, keep),
        64..=127 => walk_by_bits::<W, u128>(candidates, total, keep),
        _ => walk_by_tables(candidates, total, keep),
    }
}

/// The line's walk (see [`SumLine`]) with the running sums as the bits of
/// a mask `B` (totals below its width): a shift per digit instead of a
/// loop over the sums, and no table per cell. Puts in `keep` the digits on some
/// walk from the start to a closed end; when there is none, says where the
/// walk from the start dies (the position of the first cell it cannot
/// pass, the last cell when it only fails to close).
fn walk_by_bits<W: Word, B: Bits + Shr<u32, Output = B>>(
    candidates: &[Digits<W>],
    total: usize,
    keep: &mut [Digits<W>],
) -> Result<(), usize> {
    debug_assert!((1..B::BITS as usize).contains(&total));
    let total = total as u32;
    // The running sums 0..total.
    let below = !B::ZERO >> (B::BITS - total);
    // The running sums before each cell (and after the last): on the
    // stack for lines of up to 128 cells, the walk running at every node.
    let (mut stack, mut heap) = ([B::ZERO; 129], Vec::new());
    let forward = stack_or_heap(&mut stack, &mut heap, candidates.len() + 1);
    forward[0] = B::ONE;
    for (i, digits) in candidates.iter().enumerate() {
        // Every sum plus every digit: the bits below the total go on, the
        // total's bit closes a stretch (sum 0), the bits above it die.
        let sums = forward[i];
        let reached = digits
            .iter()
            .map(u32::from)
            .take_while(|&d| d <= total)
            .fold(B::ZERO, |reached, d| reached | sums << d);
        forward[i + 1] = (reached & below) | ((reached >> total) & B::ONE);
    }
    // The line ends on a closed stretch.
    if forward[candidates.len()] & B::ONE == B::ZERO {
        return Err(dead_end(
            forward[1..].iter().map(|&sums| sums == B::ZERO),
            candidates.len(),
        ));
    }
    let mut after = B::ONE;
    for (i, digits) in candidates.iter().enumerate().rev() {
        // The sums after the cell from which the end is reached, a closed
        // stretch (sum 0) also read as the total reached.
        let into = after | ((after & B::ONE) << total);
        let mut before_any = B::ZERO;
        for d in digits.iter().take_while(|&d| u32::from(d) <= total) {
            let before = (into >> u32::from(d)) & below;
            before_any = before_any | before;
            if before & forward[i] != B::ZERO {
                keep[i].insert(d);
            }
        }
        after = before_any;
    }
    Ok(())
}

/// Where a walk that does not close dies, from whether no running sum
/// follows each cell: the first such cell, else the last cell.
fn dead_end(mut empty_after: impl Iterator<Item = bool>, len: usize) -> usize {
    empty_after
        .position(|empty| empty)
        .unwrap_or(len.saturating_sub(1))
}

/// The line's walk (see [`SumLine`]) with a table of the running sums per
/// cell, for totals of 128 and above; as [`walk_by_bits`].
fn walk_by_tables<W: Word>(
    candidates: &[Digits<W>],
    total: usize,
    keep: &mut [Digits<W>],
) -> Result<(), usize> {
    let len = candidates.len();
    // The running sum after adding digit d to s, when it stays within
    // the total (0 again when a stretch closes).
    let step = |s: usize, d: usize| match s + d {
        next if next < total => Some(next),
        next if next == total => Some(0),
        _ => None,
    };
    // forward[i][s]: the running sum before cell i can be s.
    let mut forward = vec![vec![false; total]; len + 1];
    forward[0][0] = true;
    for i in 0..len {
        for s in 0..total {
            if !forward[i][s] {
                continue;
            }
            for d in candidates[i].iter() {
                if let Some(next) = step(s, usize::from(d)) {
                    forward[i + 1][next] = true;
                }
            }
        }
    }
    if !forward[len][0] {
        return Err(dead_end(
            forward[1..].iter().map(|sums| !sums.contains(&true)),
            len,
        ));
    }
    // backward[i][s]: from running sum s before cell i, the line can
    // end on a closed stretch.
    let mut backward = vec![vec![false; total]; len + 1];
    backward[len][0] = true;
    for i in (0..len).rev() {
        for s in 0..total {
            for d in candidates[i].iter() {
                if step(s, usize::from(d)).is_some_and(|next| backward[i + 1][next]) {
                    backward[i][s] = true;
                    if forward[i][s] {
                        keep[i].insert(d);
                    }
                }
            }
        }
    }
    debug_assert!(backward[0][0]);
    Ok(())
}

/// The cells and the total of a sum line or loop.
const PARAMS: &[Param] = &[
    Param::CELLS,
    Param::required(
        "sum",
        ParamType::Integer {
            what: "sum",
            range: |n| 1..(n * n * n) as i64 + 1,
        },
        "sum = 10",
    ),
];

/// `sum-line` in files.
pub(crate) static SUM_LINE: RuleKind = RuleKind {
    meaning: "the line divides into stretches that each add up to the sum; digits may repeat",
    summary: "cells (a line), sum",
    params: PARAMS,
    example: r#"{ type = "sum-line", cells = "r1c1 r1c2 r1c3 r1c4", sum = 10 }"#,
    ..RuleKind::on_cells("sum-line", |rule, _| {
        let total = rule.number("sum").unwrap_or(1).max(1) as u32;
        Ok(Box::new(SumLine::new(rule.cells("cells").iter().copied(), total)))
    })
};

/// `sum-loop` in files.
pub(crate) static SUM_LOOP: RuleKind = RuleKind {
    meaning:
        "the loop (its last cell next to its first) divides into stretches that each add up to the sum; \
              digits may repeat",
    summary: "cells (a loop), sum",
    params: PARAMS,
    example: r#"{ type = "sum-loop", cells = "r1c1 r1c2 r2c2 r2c1", sum = 10 }"#,
    ..RuleKind::on_cells("sum-loop", |rule, _| {
        let total = rule.number("sum").unwrap_or(1).max(1) as u32;
        Ok(Box::new(SumLine::closed(
            rule.cells("cells").iter().copied(),
            total,
        )))
    })
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk by bits (in a `u64` and in a `u128`) keeps what the walk by
    /// tables keeps, and dies at the same cell, on random lines of
    /// candidates and totals (the tables
    /// being the plain reading of the rule, checked against brute force by
    /// the rule's tests).
    #[test]
    fn the_walk_by_bits_is_the_walk_by_tables() {
        type Walk = fn(&[Digits<u32>], usize, &mut [Digits<u32>]) -> Result<(), usize>;
        let mut rng = fastrand::Rng::with_seed(41);
        let (mut closed, mut open) = (0, 0);
        for _ in 0..2000 {
            let n = rng.u8(4..=16);
            let candidates: Vec<Digits<u32>> = (0..rng.usize(1..=12))
                .map(|_| {
                    let mut digits = Digits::from_digits((1..=n).filter(|_| rng.f64() < 0.4));
                    digits.insert(rng.u8(1..=n));
                    digits
                })
                .collect();
            // Mostly totals of one word, some of two, some past both.
            let most = [40, 40, 100, 140][rng.usize(0..4)];
            let total = rng.usize(1..=most);
            let mut by_bits = vec![Digits::EMPTY; candidates.len()];
            let mut by_tables = by_bits.clone();
            let walk = walk_by_tables(&candidates, total, &mut by_tables);
            // Each mask the totals fit in (below its width) walks the same.
            let mut masks = Vec::new();
            if total < 64 {
                masks.push(walk_by_bits::<u32, u64> as Walk);
            }
            if total < 128 {
                masks.push(walk_by_bits::<u32, u128> as Walk);
            }
            for walk_by_bits in masks {
                by_bits.fill(Digits::EMPTY);
                assert_eq!(
                    walk,
                    walk_by_bits(&candidates, total, &mut by_bits),
                    "{candidates:?} {total}"
                );
                if walk.is_ok() {
                    assert_eq!(by_bits, by_tables, "{candidates:?} {total}");
                }
            }
            if walk.is_ok() {
                closed += 1;
            } else {
                open += 1;
            }
        }
        assert!(closed > 200 && open > 200, "{closed} / {open}");
    }
}
