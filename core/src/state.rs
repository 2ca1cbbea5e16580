//! Solving state: the candidates of every cell, and the one narrow API that
//! changes them.
//!
//! [`State`] is a plain vector of [`Digits`], cheap to copy on small boards.
//! Large boards undo with a [`Trail`] instead: every change records the old
//! value, and [`Trail::restore`] rolls back to a checkpoint. Propagators never
//! touch a `State` directly: they get a [`Ctx`], which checks for empty cells,
//! records which cells changed (so the engine can wake their watchers),
//! writes the trail, and tells a listener (single steps, soundness checks)
//! when one is attached.
//!
//! Boards of at most [`PLACES_MAX_CELLS`] cells also keep the digit-major
//! view, per digit the cells that still allow it, as one `u128`: a naked
//! single then finds the peers that still hold its digit with one `AND`
//! instead of reading every peer.

use fixedbitset::FixedBitSet;

use crate::cell::{Cell, Digit};
use crate::contradiction::Contradiction;
use crate::digits::{Bits, Digits};
use crate::explain::{Listener, Reason};
use crate::geometry::Geometry;
use crate::grid::Grid;

/// Boards with at most this many cells (11×11) keep, per digit, the cells
/// that allow it.
pub(crate) const PLACES_MAX_CELLS: usize = 128;

/// The most digits of a board with the digit-major view (11 × 11 ≤ 128).
const MAX_VIEW_DIGITS: usize = 11;

/// `1 << i` for every cell `i` of a digit-major word: a load is cheaper than
/// a variable 128-bit shift (a double shift and a select on x86-64).
static CELL_BIT: [u128; PLACES_MAX_CELLS] = {
    let mut bits = [0; PLACES_MAX_CELLS];
    let mut i = 0;
    while i < PLACES_MAX_CELLS {
        bits[i] = 1 << i;
        i += 1;
    }
    bits
};

/// The cells of a digit-major word (bit `i` for cell `i`), lowest first:
/// one 64-bit half at a time, cheaper than 128-bit arithmetic per cell.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CellBits {
    low: u64,
    high: u64,
}

impl CellBits {
    #[inline(always)]
    pub(crate) fn new(cells: u128) -> CellBits {
        CellBits {
            low: cells as u64,
            high: (cells >> 64) as u64,
        }
    }
}

impl Iterator for CellBits {
    type Item = Cell;

    #[inline(always)]
    fn next(&mut self) -> Option<Cell> {
        if self.low != 0 {
            let i = self.low.trailing_zeros();
            self.low &= self.low - 1;
            Some(Cell(i as u16))
        } else if self.high != 0 {
            let i = self.high.trailing_zeros();
            self.high &= self.high - 1;
            Some(Cell(i as u16 + 64))
        } else {
            None
        }
    }
}

/// The candidates of every cell of a board, then of the extra variables the
/// rules declare ([`Rule::variables`](crate::Rule::variables): a chaos
/// construction's region of every cell), which are addressed as the cells
/// `n²…`: the trail, the copies of a search and [`Ctx`] treat them as cells.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State<W: Bits> {
    /// The board's cells, then the extra variables.
    cells: Vec<Digits<W>>,
    /// How many of `cells` are the board's (`n²`).
    board: usize,
    /// Variables (cells and extra ones) with more than one candidate.
    unsolved: usize,
    /// On small boards, per digit (`d − 1`), the cells allowing it as bits
    /// (cell `i` at bit `i`); empty on larger boards and when there are
    /// extra variables (the view is of the board's digits).
    places: Vec<u128>,
    /// With extra variables, the same view of the digits and then of the
    /// extra variables' values ([`State::variable_places`]); empty without
    /// extra variables or when the board or they exceed 128.
    variable_places: Vec<u128>,
}

impl<W: Bits> State<W> {
    /// Every digit possible in every cell.
    pub fn new(geometry: &Geometry) -> State<W> {
        let n = geometry.size();
        let cells = n * n;
        let places = if cells <= PLACES_MAX_CELLS {
            vec![u128::MAX >> (128 - cells.max(1)); n]
        } else {
            Vec::new()
        };
        State {
            cells: vec![Digits::full(n); cells],
            board: cells,
            unsolved: if n > 1 { cells } else { 0 },
            places,
            variable_places: Vec::new(),
        }
    }

    /// Every digit possible except in the cells of `givens`, which are fixed.
    /// No propagation is done. The givens' layer of extra variables (a
    /// puzzle's [`givens`](crate::Puzzle::givens) carry the one its rules
    /// declare) follows the cells, each fixed where the layer has a value.
    pub fn with_givens(geometry: &Geometry, givens: &Grid) -> State<W> {
        let mut state = State::new(geometry);
        if !givens.layer().is_empty() {
            state.add_variables(geometry.size(), givens.layer());
        }
        // The digit-major view in one pass: a given leaves every digit's
        // places but its own.
        let (mut given, mut own) = (0u128, [0u128; MAX_VIEW_DIGITS]);
        let view = !state.places.is_empty() || !state.variable_places.is_empty();
        for (cell, digit) in givens.placed() {
            let slot = &mut state.cells[cell.index()];
            if !slot.is_single() {
                state.unsolved -= 1;
            }
            *slot = Digits::single(digit);
            if view {
                given |= CELL_BIT[cell.index()];
                own[digit as usize - 1] |= CELL_BIT[cell.index()];
            }
        }
        let digit_view = match state.places.is_empty() {
            true => &mut state.variable_places,
            false => &mut state.places,
        };
        // The digits' words only (the extra variables' follow them).
        for (places, own) in digit_view.iter_mut().take(geometry.size()).zip(own) {
            *places = *places & !given | own;
        }
        state
    }

    /// A state with the given candidates of every cell (128-bit sets, as
    /// [`RootPropagation`](crate::RootPropagation) and
    /// [`parse_candidates`](crate::format::parse_candidates) give them),
    /// then of every extra variable when there are more sets than cells.
    /// No propagation is done.
    pub fn from_candidates(geometry: &Geometry, candidates: &[Digits<u128>]) -> State<W> {
        assert!(candidates.len() >= geometry.cell_count(), "one set per cell");
        let full = Digits::<W>::full(geometry.size());
        let cells: Vec<Digits<W>> = candidates
            .iter()
            .map(|set| Digits::<W>::from_u128(set.to_u128()) & full)
            .collect();
        let unsolved = cells.iter().filter(|s| s.len() > 1).count();
        let (board, n) = (geometry.cell_count(), geometry.size());
        let view = |sets: &[Digits<W>]| {
            let mut places = vec![0; n];
            for (i, set) in sets.iter().enumerate() {
                for d in *set {
                    places[d as usize - 1] |= CELL_BIT[i];
                }
            }
            places
        };
        let (mut places, mut variable_places) = (Vec::new(), Vec::new());
        if cells.len() == board && board <= PLACES_MAX_CELLS {
            places = view(&cells);
        } else if board <= PLACES_MAX_CELLS && cells.len() - board <= PLACES_MAX_CELLS {
            variable_places = view(&cells[..board]);
            variable_places.extend(view(&cells[board..]));
        }
        State {
            cells,
            board,
            unsolved,
            places,
            variable_places,
        }
    }

    /// Appends the extra variables, values `1..=n`, each fixed where
    /// `values` has one (`0` = unknown), and drops the digit-major view.
    fn add_variables(&mut self, n: usize, values: &[Digit]) {
        let digits = std::mem::take(&mut self.places);
        if !digits.is_empty() && self.cells.len() == self.board && values.len() <= PLACES_MAX_CELLS {
            self.variable_places = digits;
            for v in 1..=n as Digit {
                let allowing = values
                    .iter()
                    .enumerate()
                    .filter(|&(_, &value)| value == 0 || value == v);
                self.variable_places
                    .push(allowing.fold(0, |bits, (i, _)| bits | CELL_BIT[i]));
            }
        }
        for &value in values {
            self.cells.push(match value {
                0 => Digits::full(n),
                v => Digits::single(v),
            });
            if value == 0 && n > 1 {
                self.unsolved += 1;
            }
        }
    }

    /// The candidates of `cell`.
    #[inline(always)]
    pub fn candidates(&self, cell: Cell) -> Digits<W> {
        self.cells[cell.index()]
    }

    /// All cells' candidates in reading order (without extra variables).
    #[inline]
    pub fn cells(&self) -> &[Digits<W>] {
        &self.cells[..self.board]
    }

    /// The candidates of every variable: the cells in reading order, then
    /// the extra variables. What a search branches over.
    #[inline]
    pub fn variables(&self) -> &[Digits<W>] {
        &self.cells
    }

    /// On boards of at most [`PLACES_MAX_CELLS`] cells, per digit `d` (at
    /// `d − 1`) the cells that allow it as bits; empty on larger boards.
    #[inline(always)]
    pub(crate) fn places(&self) -> &[u128] {
        &self.places
    }

    /// With extra variables (a chaos construction's region labels), per
    /// digit `d` (at `d − 1`) the board cells that allow it, then per value
    /// `v` (at `n + v − 1`) the extra variables that allow it (variable
    /// `n² + i` at bit `i`); empty without extra variables, or when the
    /// board or the extra variables exceed 128. Kept in step with every
    /// change as [`places`](State::places) is, so that a rule reading digits
    /// and extra variables together (the places of a digit in a region)
    /// needs no pass over the cells.
    #[inline(always)]
    pub fn variable_places(&self) -> &[u128] {
        &self.variable_places
    }

    /// Variable `i` (a board cell or an extra variable) lost the values
    /// `values` (bit `v − 1` for value `v`), or got them back: its bit in
    /// their words of [`variable_places`](State::variable_places). Out of
    /// line, so that `narrow` and `widen`, inlined into every propagator,
    /// stay as small as they are without extra variables.
    #[inline(never)]
    fn variable_view_update(&mut self, i: usize, mut values: u128, back: bool) {
        let (base, bit) = match i < self.board {
            true => (0, CELL_BIT[i]),
            false => (self.variable_places.len() / 2, CELL_BIT[i - self.board]),
        };
        while values != 0 {
            let word = &mut self.variable_places[base + values.trailing_zeros() as usize];
            *word = if back { *word | bit } else { *word & !bit };
            values &= values - 1;
        }
    }

    /// Narrows `cell` to `new` (a subset of its candidates), keeping the
    /// digit-major view in step.
    #[inline(always)]
    fn narrow(&mut self, cell: Cell, new: Digits<W>) {
        let i = cell.index();
        if !self.places.is_empty() {
            let bit = !CELL_BIT[i];
            let mut gone = self.cells[i].0 & !new.0;
            while gone != W::ZERO {
                self.places[gone.trailing_zeros() as usize] &= bit;
                gone = gone.without_lowest();
            }
        } else if !self.variable_places.is_empty() {
            self.variable_view_update(i, (self.cells[i].0 & !new.0).to_u128(), false);
        }
        self.cells[i] = new;
    }

    /// Gives `cell` back its candidates `old` (a superset), as an undo does.
    fn widen(&mut self, cell: Cell, old: Digits<W>) {
        let i = cell.index();
        if !self.places.is_empty() {
            let mut back = old.0 & !self.cells[i].0;
            while back != W::ZERO {
                self.places[back.trailing_zeros() as usize] |= CELL_BIT[i];
                back = back.without_lowest();
            }
        } else if !self.variable_places.is_empty() {
            self.variable_view_update(i, (old.0 & !self.cells[i].0).to_u128(), true);
        }
        self.cells[i] = old;
    }

    /// Number of variables (cells and extra ones) with more than one
    /// candidate.
    #[inline]
    pub fn unsolved(&self) -> usize {
        self.unsolved
    }

    /// True when every cell (and extra variable) has exactly one candidate.
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.unsolved == 0
    }

    /// The fixed cells as a grid (cells with several candidates are empty),
    /// with the extra variables as its layer.
    pub fn to_grid(&self) -> Grid {
        let n = (self.board as f64).sqrt() as usize;
        let value = |s: &Digits<W>| s.single_digit().unwrap_or(0);
        let values = self.cells[..self.board].iter().map(value).collect();
        let mut grid = Grid::from_values(n, values)
            .expect("state cells hold digits 1..=n")
            .with_layer(self.cells.len() - self.board);
        for (i, set) in self.cells.iter().enumerate().skip(self.board) {
            grid.set(Cell(i as u16), value(set));
        }
        grid
    }

    /// Copies `other` into `self`, reusing the allocation.
    #[inline]
    pub fn copy_from(&mut self, other: &State<W>) {
        self.cells.copy_from_slice(&other.cells);
        self.places.copy_from_slice(&other.places);
        self.variable_places.copy_from_slice(&other.variable_places);
        self.unsolved = other.unsolved;
    }

    /// Narrows a cell without recording the change anywhere: for tests and
    /// for building states by hand. Solvers go through [`Ctx`].
    pub fn restrict_untracked(&mut self, cell: Cell, keep: Digits<W>) {
        let old = self.cells[cell.index()];
        let new = old & keep;
        if old.len() > 1 && new.len() <= 1 {
            self.unsolved -= 1;
        }
        self.narrow(cell, new);
    }
}

/// An undo log: old values of changed cells, with checkpoints.
#[derive(Clone, Debug, Default)]
pub struct Trail<W: Bits> {
    entries: Vec<(Cell, Digits<W>)>,
    marks: Vec<(usize, usize)>,
}

/// A checkpoint returned by [`Trail::checkpoint`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Level(usize);

impl<W: Bits> Trail<W> {
    /// An empty trail.
    pub fn new() -> Trail<W> {
        Trail {
            entries: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// Marks the current state; [`Trail::restore`] comes back to it.
    pub fn checkpoint(&mut self, state: &State<W>) -> Level {
        self.marks.push((self.entries.len(), state.unsolved));
        Level(self.marks.len() - 1)
    }

    /// Undoes every change made since `level` was taken, and drops `level`
    /// and every later checkpoint.
    pub fn restore(&mut self, state: &mut State<W>, level: Level) {
        let (len, unsolved) = self.marks[level.0];
        for (cell, old) in self.entries.drain(len..).rev() {
            state.widen(cell, old);
        }
        state.unsolved = unsolved;
        self.marks.truncate(level.0);
    }

    /// Number of recorded changes.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Which cells changed since the engine last looked, without duplicates.
#[derive(Clone, Debug, Default)]
pub(crate) struct Changes {
    pub(crate) list: Vec<Cell>,
    pub(crate) dirty: FixedBitSet,
}

impl Changes {
    pub(crate) fn new(cells: usize) -> Changes {
        Changes {
            list: Vec::new(),
            dirty: FixedBitSet::with_capacity(cells),
        }
    }

    #[inline(always)]
    fn mark(&mut self, cell: Cell) {
        if !self.dirty.put(cell.index()) {
            self.list.push(cell);
        }
    }

    pub(crate) fn clear(&mut self) {
        for cell in self.list.drain(..) {
            self.dirty.set(cell.index(), false);
        }
    }
}

/// What a propagator sees: the current candidates and the only ways to
/// narrow them.
///
/// Every narrowing returns `Ok(true)` when something changed, `Ok(false)`
/// when nothing did, and `Err` when a cell would be left without candidates.
#[derive(Debug)]
pub struct Ctx<'a, W: Bits> {
    geometry: &'a Geometry,
    state: &'a mut State<W>,
    /// Where changed cells are noted for other propagators; `None` when no
    /// other propagator could be woken by them.
    changes: Option<&'a mut Changes>,
    trail: Option<&'a mut Trail<W>>,
    listener: Option<&'a mut Listener>,
    /// Every cell's peers as bits, when the engine knows them (boards of
    /// at most [`PLACES_MAX_CELLS`] cells); empty otherwise.
    peer_masks: &'a [u128],
}

impl<'a, W: Bits> Ctx<'a, W> {
    pub(crate) fn new(
        geometry: &'a Geometry,
        state: &'a mut State<W>,
        changes: Option<&'a mut Changes>,
        trail: Option<&'a mut Trail<W>>,
        listener: Option<&'a mut Listener>,
    ) -> Self {
        Ctx {
            geometry,
            state,
            changes,
            trail,
            listener,
            peer_masks: &[],
        }
    }

    /// The same context, told every cell's peers as bits (the model's):
    /// [`Ctx::remove_where_all_seen`] needs them.
    pub(crate) fn with_peer_masks(mut self, peer_masks: &'a [u128]) -> Self {
        self.peer_masks = peer_masks;
        self
    }

    /// Removes `digits` from every cell that must differ from each of
    /// `cells` (a peer of them all, outside them): when `cells` hold those
    /// digits between them, no such cell can. Does nothing where the peers
    /// are not known as bits (boards above 128 cells, or a context built
    /// outside the engine), which is always sound.
    pub fn remove_where_all_seen(&mut self, cells: &[Cell], digits: Digits<W>) -> Result<(), Contradiction> {
        if self.peer_masks.is_empty() || cells.len() < 2 || digits.is_empty() {
            return Ok(());
        }
        let mut seen = u128::MAX;
        for &cell in cells {
            seen &= self.peer_masks[cell.index()];
        }
        for &cell in cells {
            seen &= !(1u128 << cell.index());
        }
        while seen != 0 {
            let cell = Cell(seen.trailing_zeros() as u16);
            seen &= seen - 1;
            self.remove_all(cell, digits)?;
        }
        Ok(())
    }

    /// Whether `a` and `b` must hold different digits (they share a group,
    /// or a rule relates them by `≠`). False where the peers are not known
    /// as bits (boards above 128 cells, or a context built outside the
    /// engine): a propagator that treats "not known to differ" as "may be
    /// equal" stays sound.
    #[inline]
    pub fn must_differ(&self, a: Cell, b: Cell) -> bool {
        !self.peer_masks.is_empty() && a != b && self.peer_masks[a.index()] >> b.index() & 1 == 1
    }

    /// Says why the changes that follow are made. `reason` runs only when
    /// someone listens (single steps, `explain`, soundness checks), so a
    /// search pays nothing for it; call it before each deduction.
    ///
    /// In single-step mode, the changes after the first complete deduction
    /// are not applied (and `restrict` reports `Ok(false)`): the engine runs
    /// the propagator again for the next step. That is always sound: what a
    /// propagator deduces stays true whether or not it is applied.
    #[inline(always)]
    pub fn because(&mut self, reason: impl FnOnce() -> Reason) {
        if let Some(listener) = self.listener.as_deref_mut() {
            listener.because(reason());
        }
    }

    /// True when someone records reasons: a propagator may then take the
    /// time to compute details it would otherwise skip.
    #[inline(always)]
    pub fn is_explaining(&self) -> bool {
        self.listener.as_deref().is_some_and(|l| l.recording)
    }

    /// The board.
    #[inline(always)]
    pub fn geometry(&self) -> &'a Geometry {
        self.geometry
    }

    /// Side of the board.
    #[inline(always)]
    pub fn size(&self) -> usize {
        self.geometry.size()
    }

    /// All digits of this board, `1..=n`.
    #[inline(always)]
    pub fn all_digits(&self) -> Digits<W> {
        Digits::full(self.geometry.size())
    }

    /// The candidates of `cell`.
    #[inline(always)]
    pub fn candidates(&self, cell: Cell) -> Digits<W> {
        self.state.cells[cell.index()]
    }

    /// The digit of `cell` when only one candidate is left.
    #[inline(always)]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.candidates(cell).single_digit()
    }

    /// Read access to the whole state.
    #[inline(always)]
    pub fn state(&self) -> &State<W> {
        self.state
    }

    /// Keeps only the candidates of `cell` that are in `keep`.
    #[inline(always)]
    pub fn restrict(&mut self, cell: Cell, keep: Digits<W>) -> Result<bool, Contradiction> {
        let old = self.state.cells[cell.index()];
        let new = old & keep;
        if new == old {
            return Ok(false);
        }
        if new.is_empty() {
            return Err(Contradiction::empty(cell));
        }
        if let Some(listener) = self.listener.as_deref_mut() {
            if !listener.change(cell, old.to_u128(), new.to_u128()) {
                return Ok(false);
            }
        }
        self.state.narrow(cell, new);
        self.record(cell, old, new);
        Ok(true)
    }

    /// Counts, logs and notes a change of `cell` from `old` to `new`, already
    /// written to the state.
    #[inline(always)]
    fn record(&mut self, cell: Cell, old: Digits<W>, new: Digits<W>) {
        if new.is_single() {
            self.state.unsolved -= 1;
        }
        if let Some(trail) = self.trail.as_deref_mut() {
            trail.entries.push((cell, old));
        }
        if let Some(changes) = self.changes.as_deref_mut() {
            changes.mark(cell);
        }
    }

    /// On a board with the digit-major view, removes `digit` from each cell
    /// of `cells` (as bits; each allows `digit`), and calls `changed` with
    /// each cell and its new candidates. The view is updated once for all of
    /// them. On a contradiction, the cells before the emptied one have
    /// changed.
    #[inline(always)]
    pub(crate) fn remove_from_cells(
        &mut self,
        cells: u128,
        digit: Digit,
        mut changed: impl FnMut(Cell, Digits<W>),
    ) -> Result<(), (Cell, Contradiction)> {
        if self.listener.is_some() {
            // One by one: a listener may stop the changes part-way.
            for cell in CellBits::new(cells) {
                if self.remove(cell, digit).map_err(|c| (cell, c))? {
                    changed(cell, self.candidates(cell));
                }
            }
            return Ok(());
        }
        let gone = Digits::<W>::single(digit);
        let slot = digit as usize - 1;
        for cell in CellBits::new(cells) {
            let old = self.state.cells[cell.index()];
            let new = old - gone;
            if new.is_empty() {
                // The cells before this one have lost the digit.
                self.state.places[slot] &= !(cells & (CELL_BIT[cell.index()] - 1));
                return Err((cell, Contradiction::empty(cell)));
            }
            self.state.cells[cell.index()] = new;
            self.record(cell, old, new);
            changed(cell, new);
        }
        self.state.places[slot] &= !cells;
        Ok(())
    }

    /// On a board with the digit-major view, takes the digit of each cell
    /// of `fixed` (each has one candidate) from its peers (`peers[cell]`, as
    /// bits), for all of them in one sweep: per digit, one `AND` of the view
    /// and one clear per cell that loses it. What a run does with many
    /// cells fixed at once, the givens of a puzzle, at a fraction of the
    /// cost of one batch per cell. Returns the cells that changed.
    ///
    /// Does nothing and returns `None` when someone listens or a trail
    /// records (they see changes one by one), or when the sweep would meet
    /// a contradiction (two fixed cells with one digit see each other, or a
    /// cell would be left empty): the caller then goes cell by cell, which
    /// names it.
    pub(crate) fn remove_fixed_from_peers(&mut self, fixed: &[Cell], peers: &[u128]) -> Option<u128> {
        let n = self.state.places.len();
        if n == 0 || self.listener.is_some() || self.trail.is_some() {
            return None;
        }
        // Per digit: the cells that see a fixed cell of it, and those cells.
        let (mut seen, mut own) = ([0u128; MAX_VIEW_DIGITS], [0u128; MAX_VIEW_DIGITS]);
        for &cell in fixed {
            let slot = self.state.cells[cell.index()].single_digit()? as usize - 1;
            seen[slot] |= peers[cell.index()];
            own[slot] |= CELL_BIT[cell.index()];
        }
        let mut gone = [0u128; MAX_VIEW_DIGITS];
        let mut touched = 0;
        for slot in 0..n {
            if seen[slot] & own[slot] != 0 {
                return None;
            }
            gone[slot] = self.state.places[slot] & seen[slot];
            touched |= gone[slot];
        }
        let cells = &mut self.state.cells;
        let clear = |cells: &mut [Digits<W>], keep: bool| {
            for (slot, &gone) in gone[..n].iter().enumerate() {
                let digit = Digits::<W>::single(slot as u8 + 1);
                for cell in CellBits::new(gone) {
                    let set = &mut cells[cell.index()];
                    *set = if keep { *set | digit } else { *set - digit };
                }
            }
        };
        clear(cells, false);
        if CellBits::new(touched).any(|cell| cells[cell.index()].is_empty()) {
            // Put every digit back: the caller goes one by one.
            clear(cells, true);
            return None;
        }
        for (places, gone) in self.state.places.iter_mut().zip(gone) {
            *places &= !gone;
        }
        for cell in CellBits::new(touched) {
            if self.state.cells[cell.index()].is_single() {
                self.state.unsolved -= 1;
            }
            if let Some(changes) = self.changes.as_deref_mut() {
                changes.mark(cell);
            }
        }
        Some(touched)
    }

    /// Removes the digits of `remove` from `cell`.
    #[inline(always)]
    pub fn remove_all(&mut self, cell: Cell, remove: Digits<W>) -> Result<bool, Contradiction> {
        self.restrict(cell, Digits(!remove.0))
    }

    /// Removes `digit` from `cell`.
    #[inline(always)]
    pub fn remove(&mut self, cell: Cell, digit: Digit) -> Result<bool, Contradiction> {
        self.remove_all(cell, Digits::single(digit))
    }

    /// Fixes `cell` to `digit`; a contradiction if `digit` is not a candidate.
    #[inline(always)]
    pub fn assign(&mut self, cell: Cell, digit: Digit) -> Result<bool, Contradiction> {
        self.restrict(cell, Digits::single(digit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trail_restores_values_and_unsolved_count() {
        let g = Geometry::square(4).unwrap();
        let mut state = State::<u16>::new(&g);
        let mut trail = Trail::new();
        let mut changes = Changes::new(16);
        let before = state.clone();
        let level = trail.checkpoint(&state);
        {
            let mut cx = Ctx::new(&g, &mut state, Some(&mut changes), Some(&mut trail), None);
            assert_eq!(cx.assign(Cell(0), 2), Ok(true));
            assert_eq!(cx.remove(Cell(1), 2), Ok(true));
            assert_eq!(cx.remove(Cell(1), 2), Ok(false));
            assert_eq!(cx.assign(Cell(0), 3), Err(Contradiction::empty(Cell(0))));
        }
        assert_eq!(state.unsolved(), 15);
        assert_eq!(changes.list, vec![Cell(0), Cell(1)]);
        trail.restore(&mut state, level);
        assert_eq!(state, before);
        assert!(trail.is_empty());
    }

    /// Extra variables (a layer of the givens) follow the cells: fixed where
    /// the layer has a value, counted as unsolved otherwise, narrowed and
    /// restored by the same trail, copied, and returned as the layer of
    /// `to_grid`; the digit-major view is dropped (it is of digits only)
    /// and `cells()` stays the board's.
    #[test]
    fn extra_variables_are_narrowed_and_restored_like_cells() {
        let g = Geometry::square(4).unwrap();
        let mut givens = Grid::empty(4).with_layer(16);
        givens.set(Cell(0), 3);
        givens.set(Cell(16), 1);
        let mut state = State::<u16>::with_givens(&g, &givens);
        assert_eq!((state.cells().len(), state.variables().len()), (16, 32));
        assert!(state.places.is_empty());
        assert_eq!(state.unsolved(), 15 + 15);
        assert_eq!(state.candidates(Cell(16)), Digits::single(1));
        assert_eq!(state.candidates(Cell(31)), Digits::full(4));
        let before = state.clone();
        let (mut trail, mut changes) = (Trail::new(), Changes::new(32));
        let level = trail.checkpoint(&state);
        {
            let mut cx = Ctx::new(&g, &mut state, Some(&mut changes), Some(&mut trail), None);
            assert_eq!(cx.assign(Cell(31), 2), Ok(true));
            assert_eq!(cx.remove(Cell(30), 4), Ok(true));
            assert_eq!(cx.assign(Cell(16), 2), Err(Contradiction::empty(Cell(16))));
        }
        assert_eq!(changes.list, vec![Cell(31), Cell(30)]);
        assert_eq!(state.unsolved(), 29);
        let grid = state.to_grid();
        assert_eq!(grid.values()[0], 3);
        assert_eq!(grid.layer().len(), 16);
        assert_eq!((grid.layer()[0], grid.layer()[15], grid.layer()[14]), (1, 2, 0));
        let mut copy = State::<u16>::with_givens(&g, &givens);
        copy.copy_from(&state);
        assert_eq!(copy, state);
        trail.restore(&mut state, level);
        assert_eq!(state, before);
        // Candidates past the cells are extra variables too.
        let sets: Vec<Digits<u128>> = before.variables().iter().map(|s| Digits(s.0 as u128)).collect();
        assert_eq!(State::<u16>::from_candidates(&g, &sets), before);
    }

    /// The digit-major view, rebuilt from the cells.
    fn places_of(state: &State<u16>) -> Vec<u128> {
        let n = (state.cells.len() as f64).sqrt() as usize;
        (1..=n as u8)
            .map(|d| {
                let cells = state.cells.iter().enumerate();
                cells
                    .filter(|(_, set)| set.contains(d))
                    .fold(0, |m, (i, _)| m | 1 << i)
            })
            .collect()
    }

    /// One sweep for many fixed cells ends where one batch per fixed cell
    /// ends (cells, view, unsolved count, changes), and when the batches
    /// meet a contradiction the sweep leaves the state as it was. With a
    /// trail or a listener it leaves the work to the batches.
    #[test]
    fn one_sweep_removes_what_one_batch_per_fixed_cell_removes() {
        let mut rng = fastrand::Rng::with_seed(23);
        let boards = [
            Geometry::square(4).unwrap(),
            Geometry::with_boxes(6, 2, 3).unwrap(),
            Geometry::square(9).unwrap(),
            Geometry::with_boxes(10, 2, 5).unwrap(),
        ];
        let (mut swept, mut refused) = (0, 0);
        for trial in 0..600 {
            let g = &boards[trial % boards.len()];
            let (n, cells) = (g.size(), g.cell_count());
            let peers: Vec<u128> = (0..cells)
                .map(|i| g.peers(Cell(i as u16)).iter().fold(0, |m, p| m | 1 << p.index()))
                .collect();
            let mut state = State::<u16>::new(g);
            for i in 0..cells {
                let keep = match rng.u8(0..10) {
                    0 => Digits::single(rng.u8(1..=n as u8)),
                    1 => Digits(rng.u16(1..1 << n)),
                    _ => continue,
                };
                state.restrict_untracked(Cell(i as u16), keep);
            }
            let fixed: Vec<Cell> = (0..cells as u16)
                .map(Cell)
                .filter(|&c| state.candidates(c).is_single() && rng.bool())
                .collect();
            // One batch per fixed cell.
            let mut batches = state.clone();
            let mut batch_changes = Changes::new(cells);
            let mut cx = Ctx::new(g, &mut batches, Some(&mut batch_changes), None, None);
            let batched = fixed.iter().try_for_each(|&c| {
                let d = cx.value(c).expect("fixed");
                let hits = cx.state().places[d as usize - 1] & peers[c.index()];
                cx.remove_from_cells(hits, d, |_, _| {}).map_err(|_| ())
            });
            // One sweep.
            let mut sweep = state.clone();
            let mut changes = Changes::new(cells);
            let mut cx = Ctx::new(g, &mut sweep, Some(&mut changes), None, None);
            let touched = cx.remove_fixed_from_peers(&fixed, &peers);
            match (batched, touched) {
                (Ok(()), Some(touched)) => {
                    swept += 1;
                    assert_eq!(sweep, batches, "trial {trial}");
                    assert_eq!(sweep.places, places_of(&sweep));
                    let changed = (0..cells).filter(|&i| sweep.cells[i] != state.cells[i]);
                    assert_eq!(touched, changed.fold(0, |m, i| m | 1 << i));
                    let (mut marked, mut by_batches) = (changes.list.clone(), batch_changes.list.clone());
                    marked.sort();
                    by_batches.sort();
                    assert_eq!(marked, by_batches);
                }
                (Err(()), None) => {
                    refused += 1;
                    assert_eq!(sweep, state, "trial {trial}: untouched");
                    assert!(changes.list.is_empty());
                }
                (batched, touched) => panic!("trial {trial}: batches {batched:?}, sweep {touched:?}"),
            }
            // Someone who sees every change gets the batches.
            let mut trail = Trail::new();
            let mut copy = state.clone();
            let mut cx = Ctx::new(g, &mut copy, None, Some(&mut trail), None);
            assert_eq!(cx.remove_fixed_from_peers(&fixed, &peers), None);
            assert_eq!(copy, state);
        }
        assert!(swept > 100 && refused > 100, "{swept} swept, {refused} refused");
    }

    /// With extra variables the digit-major view moves to
    /// `variable_places`, the digits then the extra variables' values, and
    /// follows narrowing, the trail, copies and the constructors as the
    /// plain view does.
    #[test]
    fn variable_places_follow_digits_and_extra_variables() {
        let g = Geometry::square(4).unwrap();
        let view_of = |state: &State<u16>| {
            let mut view = vec![0u128; 8];
            for (i, set) in state.variables().iter().enumerate() {
                let (base, bit) = if i < 16 { (0, i) } else { (4, i - 16) };
                for d in *set {
                    view[base + d as usize - 1] |= 1 << bit;
                }
            }
            view
        };
        let mut givens = Grid::empty(4).with_layer(16);
        givens.set(Cell(0), 3);
        givens.set(Cell(17), 2);
        let mut state = State::<u16>::with_givens(&g, &givens);
        assert!(state.places().is_empty());
        assert_eq!(state.variable_places(), view_of(&state));
        let mut rng = fastrand::Rng::with_seed(5);
        let (mut trail, mut changes) = (Trail::new(), Changes::new(32));
        let mut levels = Vec::new();
        for round in 0..300 {
            if round % 5 == 0 {
                levels.push((trail.checkpoint(&state), state.clone()));
            }
            let mut cx = Ctx::new(&g, &mut state, Some(&mut changes), Some(&mut trail), None);
            let _ = cx.restrict(Cell(rng.u16(0..32)), Digits(rng.u16(1..16) | rng.u16(1..16)));
            assert_eq!(state.variable_places(), view_of(&state), "round {round}");
            if round % 9 == 8 {
                let (level, saved) = levels.swap_remove(rng.usize(..levels.len()));
                levels.retain(|(l, _)| l.0 < level.0);
                trail.restore(&mut state, level);
                assert_eq!(state, saved, "the trail restores cells and the view");
            }
        }
        let mut copy = State::<u16>::with_givens(&g, &Grid::empty(4).with_layer(16));
        copy.copy_from(&state);
        assert_eq!(copy, state);
        let candidates: Vec<Digits<u128>> = state.variables().iter().map(|s| Digits(s.0 as u128)).collect();
        assert_eq!(State::<u16>::from_candidates(&g, &candidates), state);
    }

    /// Every way a state changes keeps the digit-major view in step with the
    /// cells: narrowing through a context (one cell, or one digit from many
    /// cells, emptying one part-way or not), undoing with a trail, copying,
    /// and the constructors; boards above 128 cells keep none.
    #[test]
    fn places_follow_every_change_of_the_cells() {
        let g = Geometry::square(9).unwrap();
        let mut rng = fastrand::Rng::with_seed(11);
        let mut givens = Grid::empty(9);
        givens.set(Cell(3), 7);
        givens.set(Cell(80), 1);
        let mut state = State::<u16>::with_givens(&g, &givens);
        assert_eq!(state.places, places_of(&state));
        let (mut trail, mut changes) = (Trail::new(), Changes::new(81));
        let mut levels = Vec::new();
        for round in 0..400 {
            if round % 7 == 0 {
                levels.push((trail.checkpoint(&state), state.clone()));
            }
            let cell = Cell(rng.u16(0..81));
            let keep = Digits(rng.u16(1..512) | rng.u16(1..512));
            let mut cx = Ctx::new(&g, &mut state, Some(&mut changes), Some(&mut trail), None);
            let _ = cx.restrict(cell, keep);
            // A batch removal, which may empty a cell part-way.
            let digit = rng.u8(1..10);
            let cells = cx.state().places[digit as usize - 1] & (rng.u128(..) | rng.u128(..));
            let mut seen = 0u128;
            let result = cx.remove_from_cells(cells, digit, |cell, left| {
                assert!(!left.contains(digit) && !left.is_empty());
                seen |= 1 << cell.index();
            });
            match result {
                Ok(()) => assert_eq!(seen, cells),
                Err((cell, _)) => {
                    assert_eq!(state.candidates(cell), Digits::single(digit));
                    assert_eq!(seen, cells & ((1 << cell.index()) - 1), "cells before {cell:?}");
                }
            }
            assert_eq!(state.places, places_of(&state), "after narrowing {cell:?}");
            if round % 11 == 10 {
                let (level, saved) = levels.swap_remove(rng.usize(..levels.len()));
                levels.retain(|(l, _)| l.0 < level.0);
                trail.restore(&mut state, level);
                assert_eq!(state, saved, "the trail restores cells and places");
            }
        }
        let mut copy = State::<u16>::new(&g);
        copy.copy_from(&state);
        assert_eq!(copy, state);
        let candidates: Vec<Digits<u128>> = state.cells.iter().map(|s| Digits(s.0 as u128)).collect();
        assert_eq!(State::<u16>::from_candidates(&g, &candidates), state);
        copy.restrict_untracked(Cell(40), Digits(0b10));
        assert_eq!(copy.places, places_of(&copy));
        assert!(State::<u16>::new(&Geometry::square(12).unwrap())
            .places
            .is_empty());
        assert_eq!(
            State::<u16>::new(&Geometry::with_boxes(10, 2, 5).unwrap())
                .places
                .len(),
            10
        );
    }
}
