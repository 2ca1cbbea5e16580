//! The built-in arc consistency over every pair relation.
//!
//! Every relation of the puzzle (other than a plain `≠`, which is a peer)
//! is a table: for each digit of one cell, the digits its partner may hold.
//! When a cell's candidates change, each partner keeps only the digits that
//! some remaining candidate allows (AC-3, revising from the changed side).
//! A partner that changes is revised in turn, so one run reaches the
//! fixpoint of all relations: 144 relations cost one propagator run, not
//! 144.
//!
//! With locked candidates on (searches), each pair a run touched whose
//! table allows each digit at most two partners (dots, X and V) is then
//! asked for its **required digits**: a digit every pair the table allows
//! uses, in one cell or the other, is in the pair, so it leaves every cell
//! that sees both (a white dot between r1c1 = {1,2} and r1c2 = {2,3} puts
//! a 2 in row 1 there). ISS makes the same deduction in its
//! `BinaryConstraint` (`removeRequiredValueExclusions`).

use crate::cell::Cell;
use crate::constraint::Word;
use crate::contradiction::Contradiction;
use crate::digits::Digits;
use crate::explain::Reason;
use crate::model::Model;
use crate::state::Ctx;

/// Buffers kept by the engine between runs.
#[derive(Clone, Debug, Default)]
pub(crate) struct RelationScratch {
    /// Cells whose partners must be revised.
    work: Vec<Cell>,
    /// Which cells are in `work`.
    queued: Vec<bool>,
    /// Cells revised this run, whose pairs are asked for required digits.
    touched: Vec<Cell>,
    /// Which cells are in `touched`.
    in_touched: Vec<bool>,
    /// Whether pairs are asked for required digits (with locked candidates).
    pub(crate) required: bool,
    /// Per table, learnt on first use: 1 when it allows each digit at most
    /// two partners (dots, X and V, clones), 2 when wider, 0 not yet known.
    narrow: Vec<u8>,
}

impl RelationScratch {
    pub(crate) fn new(cells: usize) -> RelationScratch {
        RelationScratch {
            work: Vec::new(),
            queued: vec![false; cells],
            touched: Vec::new(),
            in_touched: vec![false; cells],
            required: false,
            narrow: Vec::new(),
        }
    }

    /// Whether `table` allows each of the `n` digits at most two partners.
    /// Only such pairs are asked for required digits: on wide ones (the
    /// negated pairs of anti-consecutive and renban, whispers, thermometers)
    /// the question cost 30 % more per node for nothing (Anti-consecutive
    /// hard 399 → 589 ms CPU, 234,207 → 266,651 nodes).
    #[inline(always)]
    fn is_narrow(&mut self, model: &Model, table: u32, n: usize) -> bool {
        let id = table as usize;
        if id >= self.narrow.len() {
            self.narrow.resize(id + 1, 0);
        }
        if self.narrow[id] == 0 {
            let table = model.table(table);
            let narrow = (1..=n as u8).all(|d| table.partners(d).count_ones() <= 2);
            self.narrow[id] = if narrow { 1 } else { 2 };
        }
        self.narrow[id] == 1
    }

    #[inline(always)]
    fn touch(&mut self, cell: Cell) {
        if self.required && !std::mem::replace(&mut self.in_touched[cell.index()], true) {
            self.touched.push(cell);
        }
    }

    #[inline(always)]
    fn push(&mut self, cell: Cell) {
        if !std::mem::replace(&mut self.queued[cell.index()], true) {
            self.work.push(cell);
        }
    }

    fn clear(&mut self) {
        for cell in self.work.drain(..) {
            self.queued[cell.index()] = false;
        }
        for cell in self.touched.drain(..) {
            self.in_touched[cell.index()] = false;
        }
    }
}

/// Revises the partners of every changed cell, to the fixpoint.
#[inline]
pub(crate) fn propagate<W: Word>(
    model: &Model,
    scratch: &mut RelationScratch,
    cx: &mut Ctx<'_, W>,
    changed: &[Cell],
) -> Result<(), Contradiction> {
    // The cells handed in first, then those this run changes itself.
    for &cell in changed {
        scratch.touch(cell);
        revise(model, scratch, cx, cell)?;
    }
    loop {
        while let Some(cell) = scratch.work.pop() {
            scratch.queued[cell.index()] = false;
            scratch.touch(cell);
            revise(model, scratch, cx, cell)?;
        }
        if scratch.touched.is_empty() {
            return Ok(());
        }
        // At the fixpoint of the arcs: the required digits of the pairs of
        // the cells revised; what they remove is revised in turn.
        while let Some(cell) = scratch.touched.pop() {
            scratch.in_touched[cell.index()] = false;
            required_digits(model, scratch, cx, cell)?;
        }
        if scratch.work.is_empty() {
            return Ok(());
        }
    }
}

/// Takes the required digits of each pair of `cell` out of the cells that
/// see both of its cells.
#[inline]
fn required_digits<W: Word>(
    model: &Model,
    scratch: &mut RelationScratch,
    cx: &mut Ctx<'_, W>,
    cell: Cell,
) -> Result<(), Contradiction> {
    let masks = model.peer_masks();
    if masks.is_empty() {
        return Ok(());
    }
    let a = cx.candidates(cell).to_u128();
    if !several(a) {
        return Ok(());
    }
    let n = cx.size();
    for link in model.links(cell) {
        if !scratch.is_narrow(model, link.table, n) {
            continue;
        }
        let seen = masks[cell.index()]
            & masks[link.other.index()]
            & !(1u128 << cell.index() | 1u128 << link.other.index());
        let b = cx.candidates(link.other).to_u128();
        if seen == 0 || !several(b) || a & b == 0 {
            continue;
        }
        // A required digit d leaves no allowed pair without it: each x of
        // `a` other than d allows at most d in `b`. The two lowest digits
        // of `a` narrow the candidates to at most two, each then checked.
        let only = |x: u128| {
            let partners = model.support(link.table, x) & b;
            x | if several(partners) { 0 } else { partners }
        };
        let first = a & a.wrapping_neg();
        let rest = a ^ first;
        let second = rest & rest.wrapping_neg();
        let mut candidates = a & b & only(first) & only(second);
        let mut required = 0u128;
        while candidates != 0 {
            let d = candidates & candidates.wrapping_neg();
            candidates ^= d;
            if model.support(link.table, a & !d) & b & !d == 0 {
                required |= d;
            }
        }
        if required == 0 {
            continue;
        }
        cx.because(|| {
            Reason::new(model.pair_name(link.pair))
                .cells([cell, link.other])
                .digits(Digits::<u128>::from_u128(required).iter())
        });
        let remove = Digits::<W>::from_u128(required);
        let mut rest = seen;
        while rest != 0 {
            let other = Cell(rest.trailing_zeros() as u16);
            rest &= rest - 1;
            match cx.remove_all(other, remove) {
                Ok(true) => scratch.push(other),
                Ok(false) => {}
                Err(contradiction) => {
                    scratch.clear();
                    return Err(contradiction.by(link.rule as usize));
                }
            }
        }
    }
    Ok(())
}

/// Whether `bits` holds two digits or more.
#[inline(always)]
fn several(bits: u128) -> bool {
    bits & bits.wrapping_sub(1) != 0
}

/// Narrows the partners of `cell` to what its candidates allow.
#[inline(always)]
fn revise<W: Word>(
    model: &Model,
    scratch: &mut RelationScratch,
    cx: &mut Ctx<'_, W>,
    cell: Cell,
) -> Result<(), Contradiction> {
    let bits = cx.candidates(cell).to_u128();
    for link in model.links(cell) {
        let support = Digits::<W>::from_u128(model.support(link.table, bits));
        let current = cx.candidates(link.other);
        if current & support == current {
            continue;
        }
        cx.because(|| {
            Reason::new(model.pair_name(link.pair))
                .cells([cell])
                .digits(Digits::<u128>::from_u128(bits).iter())
        });
        match cx.restrict(link.other, support) {
            Ok(true) => scratch.push(link.other),
            Ok(false) => {}
            Err(contradiction) => {
                scratch.clear();
                return Err(contradiction.by(link.rule as usize));
            }
        }
    }
    Ok(())
}
