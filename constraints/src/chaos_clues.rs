//! The clues of a chaos construction, read on the region variables of
//! [`ChaosConstruction`](crate::ChaosConstruction): a run of one region
//! along arms (ISS `ChaosArrow`), a count of cells sharing a region (ISS
//! `ChaosCount`), and cells in one region (ISS `SameValues` on region
//! cells).

use std::borrow::Cow;
use std::ops::Shr;

use sudokit_core::{
    Bits, Cell, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Group, Propagate, Rule, Violation, Word,
};

use crate::chaos::chaos_region;
use crate::chaos_connectivity::{fitting_labels, neighbours};
use crate::rule::{fits, Param, ParamType, RuleKind};
use crate::units::{first_duplicate, stack_or_heap};

/// The region variables of `cells`.
fn regions(geometry: &Geometry, cells: &[Cell]) -> Vec<Cell> {
    cells.iter().map(|&c| chaos_region(geometry, c)).collect()
}

/// The region variables of `cells`, when the state holds them (a board
/// without the chaos construction's variables leaves region clues idle).
fn region_variables<W: Word>(cx: &Ctx<'_, W>, cells: &[Cell]) -> Option<Vec<Cell>> {
    let vars = regions(cx.geometry(), cells);
    let last = vars.iter().map(|v| v.index()).max().unwrap_or(0);
    (last < cx.state().variables().len()).then_some(vars)
}

/// The region label of `cell` in a grid's layer, when known.
fn label(geometry: &Geometry, grid: &Grid, cell: Cell) -> Option<Digit> {
    let value = *grid.layer().get(cell.index())?;
    let _ = geometry;
    (value != 0).then_some(value)
}

/// A chaos arrow (ISS `ChaosArrow`): the digit in the control cell is the
/// length of the run of cells in the start's region from the start along
/// the arms (every arm begins at the same start, counted once), minus one
/// when `offset` is 1.
///
/// Propagation: for each region the start may be in, the run lengths each
/// arm allows (its cells that may be in the region, then one that may not
/// or the arm's end) give the totals the control may show; once the start's
/// region is known, each arm's cells up to its shortest possible run join
/// it, and the cell past an arm's only possible run leaves it. With the
/// chaos construction, the sure run (the start and the cells every fitting
/// run covers) keeps its digits apart, and a label it cannot take whole
/// leaves the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChaosArrow {
    control: Cell,
    offset: u8,
    /// The arms, each from the start; all share the first cell.
    arms: Vec<Vec<Cell>>,
    /// Whether the chaos construction holds too ([`ChaosArrow::within_chaos`]).
    chaos: bool,
}

impl ChaosArrow {
    /// The arrow whose control cell is `control`, along `arms` (each a list
    /// of cells from the common start), counting the start unless `offset`
    /// is 1.
    pub fn new(control: Cell, offset: u8, arms: Vec<Vec<Cell>>) -> ChaosArrow {
        ChaosArrow {
            control,
            offset,
            arms,
            chaos: false,
        }
    }

    /// The arrow on a board with the chaos construction: its propagation
    /// may use that regions are connected (the start's has a neighbour of
    /// it) and hold every digit once (its sure run's digits differ).
    pub fn within_chaos(mut self, chaos: bool) -> ChaosArrow {
        self.chaos = chaos;
        self
    }

    /// The arms ISS gives an arrow without any: from the control cell to the
    /// board's edge, left, right, up and down.
    pub fn default_arms(n: usize, control: Cell) -> Vec<Vec<Cell>> {
        let (r, c) = (control.index() / n, control.index() % n);
        let at = |r: usize, c: usize| Cell((r * n + c) as u16);
        vec![
            (0..=c).rev().map(|c| at(r, c)).collect(),
            (c..n).map(|c| at(r, c)).collect(),
            (0..=r).rev().map(|r| at(r, c)).collect(),
            (r..n).map(|r| at(r, c)).collect(),
        ]
    }

    /// The control cell, the offset and the arms.
    pub fn parts(&self) -> (Cell, u8, &[Vec<Cell>]) {
        (self.control, self.offset, &self.arms)
    }

    fn start(&self) -> Option<Cell> {
        self.arms.first().and_then(|a| a.first()).copied()
    }
}

impl Rule for ChaosArrow {
    fn name(&self) -> Cow<'_, str> {
        "chaos arrow".into()
    }

    fn variables(&self, geometry: &Geometry) -> usize {
        geometry.cell_count()
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        let mut scope = vec![self.control];
        for arm in &self.arms {
            scope.extend(regions(geometry, arm));
        }
        scope.sort_unstable();
        scope.dedup();
        scope
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        let (Some(start), Some(shown)) = (self.start(), grid.get(self.control)) else {
            return Ok(());
        };
        let Some(home) = label(geometry, grid, start) else {
            return Ok(());
        };
        let mut length = 1usize;
        for arm in &self.arms {
            for &cell in &arm[1..] {
                match label(geometry, grid, cell) {
                    None => return Ok(()),
                    Some(l) if l == home => length += 1,
                    Some(_) => break,
                }
            }
        }
        let n = geometry.size();
        match length == shown as usize + self.offset as usize {
            true => Ok(()),
            false => Err(Violation::new(
                format!(
                    "{} shows {shown} but the run of region {home} from {} is {length} long{}",
                    self.control.name(n),
                    start.name(n),
                    if self.offset == 1 {
                        " (counting the start; offset 1)"
                    } else {
                        ""
                    }
                ),
                vec![self.control, start],
            )),
        }
    }
}

/// A set of run lengths or totals: bit `k` for `k`. A `u64` when every
/// total an arrow can reach (up to the side, and the control's digits
/// shifted by the offset) fits in one, which keeps the shifts of the sums
/// to one instruction; a `u128` on boards up to [`MAX_ARROW_SIZE`].
trait Totals: Bits + Shr<u32, Output = Self> {}

impl<T: Bits + Shr<u32, Output = T>> Totals for T {}

/// The largest board a chaos arrow is built on: its totals reach the side
/// and are bits of a `u128`.
const MAX_ARROW_SIZE: usize = 127;

/// The lengths an arm's run may have beyond the start in region `r`
/// (bit `k`: `k` cells after the start).
fn arm_lengths<W: Word, T: Totals>(cx: &Ctx<'_, W>, arm: &[Cell], r: Digit) -> T {
    let g = cx.geometry();
    let mut possible = T::ZERO;
    for k in 0..arm.len() {
        if k > 0 && !cx.candidates(chaos_region(g, arm[k])).contains(r) {
            break;
        }
        let stops = match arm.get(k + 1) {
            None => true,
            Some(&next) => cx.value(chaos_region(g, next)) != Some(r),
        };
        if stops {
            possible = possible | T::ONE << k as u32;
        }
    }
    possible
}

/// The totals up to `cap`, bits 0 to `cap`.
fn up_to<T: Totals>(cap: usize) -> T {
    match cap as u32 + 1 >= T::BITS {
        true => !T::ZERO,
        false => !(!T::ZERO << (cap as u32 + 1)),
    }
}

/// The totals `a + b`, one from each set, up to `cap`: `a` shifted by
/// each member of `b` (the sparser, when the caller knows which).
fn shifted_sums<T: Totals>(a: T, mut b: T, cap: usize) -> T {
    let mut out = T::ZERO;
    while b != T::ZERO {
        out = out | a << b.trailing_zeros();
        b = b.without_lowest();
    }
    out & up_to(cap)
}

/// The totals `a + b`, one from each set, up to `cap`.
fn sums<T: Totals>(a: T, b: T, cap: usize) -> T {
    // Shift the denser set by each member of the sparser.
    match a.count_ones() < b.count_ones() {
        true => shifted_sums(b, a, cap),
        false => shifted_sums(a, b, cap),
    }
}

impl Propagate for ChaosArrow {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        match cx.size() + 2 <= 64 {
            true => self.propagate_on::<W, u64>(cx),
            false => self.propagate_on::<W, u128>(cx),
        }
    }
}

impl ChaosArrow {
    /// The propagation with totals held in `T` (see [`Totals`]).
    fn propagate_on<W: Word, T: Totals>(&self, cx: &mut Ctx<'_, W>) -> Result<(), Contradiction> {
        let n = cx.size();
        let Some(start) = self.start() else {
            return Ok(());
        };
        let home = chaos_region(cx.geometry(), start);
        if cx.state().variables().len() <= home.index() {
            return Ok(());
        }
        let offset = self.offset as u32;
        // Total t shows digit t − offset (bit t − offset − 1), up to n.
        let shown = |totals: T| Digits::<W>::from_u128(((totals >> (offset + 1)) & up_to(n - 1)).to_u128());
        // Each region's run lengths per arm, and the totals of the arms
        // before each arm (from the start's 1; the last is every arm's):
        // the arms' cells other than the start do not change below, so they
        // serve both passes.
        let arms = self.arms.len();
        let block = 2 * arms + 1;
        // The buffers on the stack up to a 9×9 board's four arms: the
        // arrow runs at almost every node, and four heap vectors a run were
        // a tenth of its instructions.
        let (mut stack, mut heap) = ([T::ZERO; 96], Vec::new());
        let runs = stack_or_heap(&mut stack, &mut heap, (n + 1) * block);
        let mut supported = Digits::<W>::EMPTY;
        let first_step = |c: Cell| self.arms.iter().any(|arm| arm.get(1) == Some(&c));
        for r in cx.candidates(home) {
            let (lengths, before) = runs[r as usize * block..][..block].split_at_mut(arms);
            before[0] = T::ONE << 1.min(n) as u32;
            for (a, arm) in self.arms.iter().enumerate() {
                lengths[a] = arm_lengths(cx, arm, r);
                before[a + 1] = shifted_sums(before[a], lengths[a], n);
            }
            let mut reach = before[arms];
            // The start's region has a neighbour of the start: when every
            // neighbour that may be in it begins an arm, the run is longer
            // than the start alone.
            if self.chaos && neighbour_counted(cx, start, r, first_step) {
                reach = reach & !(T::ONE << 1);
            }
            let here = shown(reach);
            if (here & cx.candidates(self.control)).is_empty() {
                cx.remove(home, r)?;
            }
            supported |= here;
        }
        cx.restrict(self.control, supported)?;
        // Per arm, the cells every fitting run covers, whatever the start's
        // region: they share it (their region sets meet).
        let control = cx.candidates(self.control);
        // The totals that show a digit the control may hold.
        let wanted = T::from_u128(control.to_u128()) << (offset + 1);
        // Per arm: the shortest fitting run over the regions, and the only
        // one in the last region looked at, if it has one.
        let (mut stack, mut heap) = ([(usize::MAX, None); 4], Vec::new());
        let covered = stack_or_heap(&mut stack, &mut heap, arms);
        // Totals of the arms after each arm (from 0), and the fitting
        // lengths of each arm.
        let (mut stack, mut heap) = ([T::ZERO; 9], Vec::new());
        let after_fitting = stack_or_heap(&mut stack, &mut heap, 2 * arms + 1);
        let (after, fitting) = after_fitting.split_at_mut(arms + 1);
        for r in cx.candidates(home) {
            let (lengths, before) = runs[r as usize * block..][..block].split_at(arms);
            after[arms] = T::ONE;
            for a in (0..arms).rev() {
                after[a] = shifted_sums(after[a + 1], lengths[a], n);
            }
            for a in 0..arms {
                let others = sums(before[a], after[a + 1], n);
                let mut fits = T::ZERO;
                let mut open = lengths[a];
                while open != T::ZERO {
                    let k = open.trailing_zeros();
                    open = open.without_lowest();
                    if (wanted >> k) & others != T::ZERO {
                        fits = fits | T::ONE << k;
                    }
                }
                fitting[a] = fits;
            }
            if fitting.contains(&T::ZERO) {
                cx.remove(home, r)?;
                continue;
            }
            for (&fits, (shortest, only)) in fitting.iter().zip(covered.iter_mut()) {
                let least = fits.trailing_zeros() as usize;
                *shortest = (*shortest).min(least);
                *only = (fits.count_ones() == 1).then_some(least);
            }
        }
        let g = cx.geometry();
        let reach = |a: usize| covered[a].0.min(self.arms[a].len() - 1);
        let (mut stack, mut heap) = ([start; 32], Vec::new());
        let together = stack_or_heap(&mut stack, &mut heap, 1 + (0..arms).map(reach).sum::<usize>());
        let mut at = 1;
        for (a, arm) in self.arms.iter().enumerate() {
            let (reach, only) = (reach(a), covered[a].1);
            together[at..at + reach].copy_from_slice(&arm[1..=reach]);
            at += reach;
            for &cell in &arm[1..=reach] {
                let (other, shared) = (chaos_region(g, cell), cx.candidates(home));
                cx.restrict(other, shared)?;
                let back = cx.candidates(other);
                cx.restrict(home, back)?;
            }
            // The start's region known and one run left: the cell past it
            // is elsewhere.
            if let (Some(r), Some(k)) = (cx.value(home), only) {
                if let Some(&past) = arm.get(k + 1) {
                    cx.remove(chaos_region(g, past), r)?;
                }
            }
        }
        if self.chaos && together.len() > 1 && cx.candidates(home).len() > 1 {
            let possible = cx.candidates(home);
            for r in possible - fitting_labels(cx, together, possible) {
                cx.remove(home, r)?;
            }
        }
        match self.chaos {
            true => distinct_digits(cx, together),
            false => Ok(()),
        }
    }
}

/// Whether every orthogonal neighbour of `cell` that may be in region `r`
/// is `counted`: a region has `n ≥ 2` connected cells, so some neighbour is
/// in the cell's region, and then it is a counted one.
fn neighbour_counted<W: Word>(cx: &Ctx<'_, W>, cell: Cell, r: Digit, counted: impl Fn(Cell) -> bool) -> bool {
    let (n, g) = (cx.size(), cx.geometry());
    n >= 2
        && neighbours(cell.index(), n)
            .map(|i| Cell(i as u16))
            .filter(|&c| cx.candidates(chaos_region(g, c)).contains(r))
            .all(counted)
}

/// Cells known to share a region, before its label is known (ISS's
/// "shard"): a region holds every digit once, so a digit fixed in one of
/// them leaves the others.
fn distinct_digits<W: Word>(cx: &mut Ctx<'_, W>, cells: &[Cell]) -> Result<(), Contradiction> {
    let mut fixed = Digits::<W>::EMPTY;
    for &cell in cells {
        if let Some(d) = cx.value(cell) {
            if fixed.contains(d) {
                return Err(Contradiction::rule(
                    Some(cell),
                    "two cells of one region hold the same digit",
                ));
            }
            fixed |= Digits::single(d);
        }
    }
    if fixed.is_empty() {
        return Ok(());
    }
    for &cell in cells {
        if cx.value(cell).is_none() {
            cx.restrict(cell, cx.candidates(cell) - fixed)?;
        }
    }
    Ok(())
}

/// A chaos count (ISS `ChaosCount`): the digit in the control cell counts
/// the listed cells in the first listed cell's region (the first one
/// included), minus one when `offset` is 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChaosCount {
    control: Cell,
    offset: u8,
    cells: Vec<Cell>,
    /// Whether the chaos construction holds too ([`ChaosCount::within_chaos`]).
    chaos: bool,
}

impl ChaosCount {
    /// The count shown in `control` of the cells of `cells` in the region of
    /// `cells[0]`, the first one counted unless `offset` is 1.
    pub fn new(control: Cell, offset: u8, cells: Vec<Cell>) -> ChaosCount {
        ChaosCount {
            control,
            offset,
            cells,
            chaos: false,
        }
    }

    /// The count on a board with the chaos construction: its propagation
    /// may use that regions are connected (the first cell's has a neighbour
    /// of it).
    pub fn within_chaos(mut self, chaos: bool) -> ChaosCount {
        self.chaos = chaos;
        self
    }

    /// The cells ISS counts for a count without any: the control cell, then
    /// its orthogonal and diagonal neighbours on the board.
    pub fn default_cells(n: usize, control: Cell) -> Vec<Cell> {
        let (r, c) = ((control.index() / n) as isize, (control.index() % n) as isize);
        let steps = [
            (0, 0),
            (-1, 0),
            (1, 0),
            (0, -1),
            (0, 1),
            (-1, -1),
            (-1, 1),
            (1, -1),
            (1, 1),
        ];
        steps
            .iter()
            .map(|(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| (0..n as isize).contains(&r) && (0..n as isize).contains(&c))
            .map(|(r, c)| Cell((r as usize * n + c as usize) as u16))
            .collect()
    }

    /// The control cell, the offset and the counted cells.
    pub fn parts(&self) -> (Cell, u8, &[Cell]) {
        (self.control, self.offset, &self.cells)
    }
}

impl Rule for ChaosCount {
    fn name(&self) -> Cow<'_, str> {
        "chaos count".into()
    }

    fn variables(&self, geometry: &Geometry) -> usize {
        geometry.cell_count()
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        let mut scope = regions(geometry, &self.cells);
        scope.push(self.control);
        scope.sort_unstable();
        scope.dedup();
        scope
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        let (Some(&first), Some(shown)) = (self.cells.first(), grid.get(self.control)) else {
            return Ok(());
        };
        let Some(home) = label(geometry, grid, first) else {
            return Ok(());
        };
        let labels: Vec<Option<Digit>> = self.cells.iter().map(|&c| label(geometry, grid, c)).collect();
        let known = labels.iter().filter(|&&l| l == Some(home)).count();
        let open = labels.iter().filter(|l| l.is_none()).count();
        let target = shown as usize + self.offset as usize;
        if known > target || known + open < target {
            let n = geometry.size();
            return Err(Violation::new(
                format!(
                    "{} shows {shown} but {known}{} of its cells are in the region of {}",
                    self.control.name(n),
                    if open > 0 {
                        format!(" to {}", known + open)
                    } else {
                        String::new()
                    },
                    first.name(n)
                ),
                vec![self.control, first],
            ));
        }
        Ok(())
    }
}

impl Propagate for ChaosCount {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let n = cx.size();
        let g = cx.geometry();
        let Some(&first) = self.cells.first() else {
            return Ok(());
        };
        let Some(vars) = region_variables(cx, &self.cells) else {
            return Ok(());
        };
        let home = chaos_region(g, first);
        let offset = self.offset as usize;
        let others = &vars[1..];
        // Per counted cell: its labels, what it may be given some label of
        // the first cell the control allows (ISS's supports, written anew),
        // and whether every such label takes it in.
        let mut cells: Vec<(Digits<W>, Digits<W>, bool)> = others
            .iter()
            .map(|&v| (cx.candidates(v), Digits::EMPTY, true))
            .collect();
        let control = cx.candidates(self.control);
        let mut supported = Digits::<W>::EMPTY;
        let mut labels = Digits::<W>::EMPTY;
        for r in cx.candidates(home) {
            let only = Digits::<W>::single(r);
            let fixed = 1 + cells.iter().filter(|(c, _, _)| *c == only).count();
            let high = 1 + cells.iter().filter(|(c, _, _)| c.contains(r)).count();
            // A region has a neighbour of the first cell: when every
            // neighbour that may be in it is counted and none is in it
            // yet, one of them joins it.
            let low = match self.chaos
                && neighbour_counted(cx, first, r, |c| self.cells[1..].contains(&c))
                && !neighbours(first.index(), n).any(|i| cx.value(chaos_region(g, Cell(i as u16))) == Some(r))
            {
                true => fixed + 1,
                false => fixed,
            };
            // The counts the control allows, as its digits (count − offset).
            let lowest = low.max(offset + 1) - offset;
            let highest = (high - offset.min(high)).min(n);
            let here: Digits<W> = match lowest <= highest {
                true => control & (Digits::full(highest) - Digits::full(lowest - 1)),
                false => Digits::EMPTY,
            };
            let (Some(least), Some(most)) = (here.min(), here.max()) else {
                continue;
            };
            labels |= only;
            supported |= here;
            // An open cell may join when some count exceeds the fixed
            // ones, and stay out when some count leaves a possible cell out.
            let (least, most) = (least as usize + offset, most as usize + offset);
            let (join, stay_out) = (most > fixed, least < high);
            for (c, keep, sure) in cells.iter_mut() {
                let here = if *c == only {
                    only
                } else if !c.contains(r) {
                    *c
                } else {
                    match (join, stay_out) {
                        (true, true) => *c,
                        (true, false) => only,
                        (false, true) => *c - only,
                        (false, false) => Digits::EMPTY,
                    }
                };
                *sure &= here == only;
                *keep |= here;
            }
        }
        cx.restrict(home, labels)?;
        cx.restrict(self.control, supported)?;
        for (&v, &(_, keep, _)) in others.iter().zip(&cells) {
            cx.restrict(v, keep)?;
        }
        // The first cell and the cells every label takes in share a region:
        // their digits differ.
        if !self.chaos || !cells.iter().any(|&(_, _, sure)| sure) {
            return Ok(());
        }
        let shard: Vec<Cell> = std::iter::once(first)
            .chain(
                self.cells[1..]
                    .iter()
                    .zip(&cells)
                    .filter(|&(_, &(_, _, sure))| sure)
                    .map(|(&c, _)| c),
            )
            .collect();
        distinct_digits(cx, &shard)
    }
}

/// Cells in one region (ISS `SameValues` on region cells, one cell per
/// set): their region variables are equal, and, since a region holds every
/// digit once, their digits differ.
///
/// The digits are declared as an all-different group, so the engine's
/// singles see the cells as one house before their region is known (ISS's
/// "shard"): this is what lets a chaos killer place digits early. With the
/// chaos construction, a label the group cannot take whole (counted as
/// fixed to it, the region would exceed `n` cells or could not join them)
/// leaves every cell of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SameRegion {
    cells: Vec<Cell>,
    /// Whether the chaos construction holds too ([`SameRegion::within_chaos`]).
    chaos: bool,
}

impl SameRegion {
    /// `cells` (at least two) lie in one region.
    pub fn new(cells: Vec<Cell>) -> SameRegion {
        SameRegion { cells, chaos: false }
    }

    /// The cells in one region of the chaos construction, which holds
    /// every digit once: their digits differ too.
    pub fn within_chaos(mut self, chaos: bool) -> SameRegion {
        self.chaos = chaos;
        self
    }

    /// The cells.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
}

impl Rule for SameRegion {
    fn name(&self) -> Cow<'_, str> {
        "same region".into()
    }

    fn variables(&self, geometry: &Geometry) -> usize {
        geometry.cell_count()
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        let mut scope = regions(geometry, &self.cells);
        scope.sort_unstable();
        scope
    }

    fn groups(&self, _: &Geometry) -> Vec<Group> {
        match self.chaos {
            true => vec![Group::new("same region", self.cells.iter().copied())],
            false => Vec::new(),
        }
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        let n = geometry.size();
        if let Some((a, b, d)) = self.chaos.then(|| first_duplicate(grid, &self.cells)).flatten() {
            return Err(Violation::new(
                format!(
                    "{} and {} both hold {d} but lie in one region",
                    a.name(n),
                    b.name(n)
                ),
                vec![a, b],
            ));
        }
        let known: Vec<(Cell, Digit)> = self
            .cells
            .iter()
            .filter_map(|&c| label(geometry, grid, c).map(|l| (c, l)))
            .collect();
        match known.windows(2).find(|w| w[0].1 != w[1].1) {
            None => Ok(()),
            Some(w) => Err(Violation::new(
                format!(
                    "{} is in region {} but {} in region {}",
                    w[0].0.name(n),
                    w[0].1,
                    w[1].0.name(n),
                    w[1].1
                ),
                vec![w[0].0, w[1].0],
            )),
        }
    }
}

impl Propagate for SameRegion {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let Some(vars) = region_variables(cx, &self.cells) else {
            return Ok(());
        };
        let mut common = vars
            .iter()
            .fold(Digits::<W>::full(cx.size()), |m, &v| m & cx.candidates(v));
        if self.chaos && common.len() > 1 {
            common = fitting_labels(cx, &self.cells, common);
        }
        for &v in &vars {
            cx.restrict(v, common)?;
        }
        Ok(())
    }
}

/// Cells in pairwise different regions (ISS's `AllDifferent` over region
/// cells, `.AllDifferent~CC46~CC47`): their region labels differ. A label
/// fixed leaves the other cells' labels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DifferentRegions {
    cells: Vec<Cell>,
}

impl DifferentRegions {
    /// `cells` (at least two) lie in pairwise different regions.
    pub fn new(cells: Vec<Cell>) -> DifferentRegions {
        DifferentRegions { cells }
    }

    /// The cells.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
}

impl Rule for DifferentRegions {
    fn name(&self) -> Cow<'_, str> {
        "different regions".into()
    }

    fn variables(&self, geometry: &Geometry) -> usize {
        geometry.cell_count()
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        let mut scope = regions(geometry, &self.cells);
        scope.sort_unstable();
        scope
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        let n = geometry.size();
        let known: Vec<(Cell, Digit)> = self
            .cells
            .iter()
            .filter_map(|&c| label(geometry, grid, c).map(|l| (c, l)))
            .collect();
        for (i, &(a, la)) in known.iter().enumerate() {
            if let Some(&(b, _)) = known[i + 1..].iter().find(|&&(_, lb)| lb == la) {
                return Err(Violation::new(
                    format!("{} and {} are both in region {la}", a.name(n), b.name(n)),
                    vec![a, b],
                ));
            }
        }
        Ok(())
    }
}

impl Propagate for DifferentRegions {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let Some(vars) = region_variables(cx, &self.cells) else {
            return Ok(());
        };
        // Fixed labels leave the others, until nothing more is fixed.
        let mut done = vec![false; vars.len()];
        loop {
            let Some(i) = (0..vars.len()).find(|&i| !done[i] && cx.candidates(vars[i]).is_single()) else {
                return Ok(());
            };
            done[i] = true;
            let fixed = cx.candidates(vars[i]);
            for (j, &other) in vars.iter().enumerate() {
                if j != i {
                    cx.remove_all(other, fixed)?;
                }
            }
        }
    }
}

const OFFSET: Param = Param::optional(
    "offset",
    ParamType::Integer {
        what: "offset",
        range: |_| 0..2,
    },
    "offset = 1",
);

/// `chaos-arrow` in files.
pub(crate) static CHAOS_ARROW: RuleKind = RuleKind {
    meaning: "(chaos) the control digit is the length of the run of the start's region along the arms \
              (the start counted once; minus one with offset 1)",
    summary: "cell (control), arms (each from the common start), offset (0 or 1)",
    params: &[
        Param::required("cell", ParamType::Cell, "cell = \"r1c1\""),
        Param::required("arms", ParamType::Shafts, "arms = [[\"r1c1\", \"r2c1\"]]"),
        OFFSET,
    ],
    example: r#"{ type = "chaos-arrow", cell = "r1c1", arms = [["r1c1", "r2c1", "r3c1"], ["r1c1", "r1c2"]] }"#,
    ..RuleKind::new("chaos-arrow", |rule, context| {
        if context.size() > MAX_ARROW_SIZE {
            fits(
                "chaos-arrow",
                Err(format!("boards up to {MAX_ARROW_SIZE}×{MAX_ARROW_SIZE} only")),
            )?;
        }
        let arms = rule.shafts("arms").to_vec();
        let start = arms.first().and_then(|a| a.first());
        if arms.iter().any(|a| a.first() != start) {
            fits(
                "chaos-arrow",
                Err("every arm begins at the same start cell".to_string()),
            )?;
        }
        let control = rule.cells("cell").first().copied().unwrap_or(Cell(0));
        let offset = rule.number("offset").unwrap_or(0) as u8;
        Ok(Box::new(
            ChaosArrow::new(control, offset, arms).within_chaos(context.chaos),
        ))
    })
};

/// `chaos-count` in files.
pub(crate) static CHAOS_COUNT: RuleKind = RuleKind {
    meaning: "(chaos) the control digit counts the listed cells in the first listed cell's region \
              (the first counted; minus one with offset 1)",
    summary: "cell (control), cells (the first is the reference), offset (0 or 1)",
    params: &[
        Param::required("cell", ParamType::Cell, "cell = \"r1c1\""),
        Param::CELLS,
        OFFSET,
    ],
    example: r#"{ type = "chaos-count", cell = "r1c1", cells = "r1c1 r1c2 r2c1 r2c2" }"#,
    ..RuleKind::new("chaos-count", |rule, context| {
        let control = rule.cells("cell").first().copied().unwrap_or(Cell(0));
        let offset = rule.number("offset").unwrap_or(0) as u8;
        let cells = rule.cells("cells").to_vec();
        Ok(Box::new(
            ChaosCount::new(control, offset, cells).within_chaos(context.chaos),
        ))
    })
};

/// `different-regions` in files.
pub(crate) static DIFFERENT_REGIONS: RuleKind = RuleKind {
    meaning: "(chaos) the cells lie in pairwise different regions",
    example: r#"{ type = "different-regions", cells = "r1c1 r1c2" }"#,
    ..RuleKind::on_cells("different-regions", |rule, _| {
        let cells = rule.cells("cells");
        if cells.len() < 2 {
            fits(
                "different-regions",
                Err(format!("{} cell(s): name at least 2", cells.len())),
            )?;
        }
        Ok(Box::new(DifferentRegions::new(cells.to_vec())))
    })
};

/// `same-region` in files.
pub(crate) static SAME_REGION: RuleKind = RuleKind {
    meaning: "(chaos) the cells lie in one region (so their digits differ)",
    example: r#"{ type = "same-region", cells = "r1c1 r2c1" }"#,
    ..RuleKind::on_cells("same-region", |rule, context| {
        let cells = rule.cells("cells");
        if cells.len() < 2 {
            fits(
                "same-region",
                Err(format!("{} cell(s): name at least 2", cells.len())),
            )?;
        }
        Ok(Box::new(
            SameRegion::new(cells.to_vec()).within_chaos(context.chaos),
        ))
    })
};
