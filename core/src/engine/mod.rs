//! The propagation engine: runs propagators until nothing changes.
//!
//! ```text
//!   Ctx::restrict ──▶ changed cells ──▶ watch lists (cell → slots)
//!        ▲                                     │ pending cells per slot,
//!        │                                     ▼ queued once (dedup bit)
//!   slot runs ◀── pop the cheapest tier: Cheap, Medium, Expensive
//!     · groups:    naked and hidden singles over every group, then locked
//!                  candidates when on (built in)
//!     · relations: arc consistency over every pair relation (built in)
//!     · sum i:     generalised arc consistency of one linear sum (built in)
//!     · plugin k:  constraint k's own propagator
//! ```
//!
//! The [`Model`] says which slots exist and which cells each one reads. A
//! puzzle whose rules are all declarative (groups and relations, like the
//! classic rules, diagonals, anti-knight) has at most two slots, however
//! many rules it has.
//!
//! Each slot is told which of its cells changed since it last ran, so
//! incremental propagators do work proportional to the change. The engine
//! stops at a fixpoint (`Ok`) or at the first [`Contradiction`], which names
//! the constraint behind it. It is built once per search and reused at every
//! node; states are passed in.
//!
//! Besides [`propagate`](Engine::propagate), the engine can run **one
//! deduction at a time** ([`step`](Engine::step)), **record** every
//! deduction with its reason ([`record`](Engine::record)), and **check**
//! every removal against a known solution ([`watch_solution`](Engine::watch_solution)).

mod groups;
mod relations;
mod sums;
#[cfg(test)]
mod tests;

use std::collections::VecDeque;

use fixedbitset::FixedBitSet;

use crate::cell::{Cell, Digit};
use crate::constraint::Word;
use crate::contradiction::Contradiction;
use crate::digits::{Digits, Width};
use crate::explain::{Listener, Reason, Step, Unsound};
use crate::grid::Grid;
use crate::model::{Model, SlotKind};
use crate::puzzle::Puzzle;
use crate::state::{Changes, Ctx, State, Trail};

use groups::GroupScratch;
use relations::RelationScratch;
use sums::SumScratch;

/// A branching decision of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Try `cell = digit`.
    Assign(Cell, Digit),
    /// `cell = digit` failed or was explored: continue with `cell ≠ digit`.
    Exclude(Cell, Digit),
}

/// What one [`Engine::step`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// One deduction, applied to the state.
    Step(Step),
    /// Nothing left to deduce: the fixpoint.
    Fixpoint,
    /// The rules cannot hold; `step` is what was deduced on the way, if
    /// anything.
    Contradiction {
        /// The deduction that ran into the contradiction, if it removed
        /// anything first.
        step: Option<Step>,
        /// What went wrong.
        contradiction: Contradiction,
    },
}

/// Runs a puzzle's propagators to a fixpoint on a [`State`].
///
/// ```
/// use sudokit_core::{Cell, Digits, Engine, Geometry, Puzzle, State};
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap()); // no rules: nothing to do
/// let mut engine = Engine::new(puzzle.model());
/// let mut state = State::<u16>::with_givens(puzzle.geometry(), puzzle.givens());
/// engine.schedule_all();
/// assert!(engine.propagate(&mut state, None).is_ok());
/// assert_eq!(state.candidates(Cell(0)), Digits::full(4));
/// ```
#[derive(Debug)]
pub struct Engine<'p> {
    model: &'p Model,
    /// Whether exactly one propagator is active (the classic rules alone,
    /// any purely declarative puzzle).
    solitary: bool,
    /// Per slot, what waking it takes ([`Wake`]).
    wake: Vec<Wake>,
    /// Per cell, the active slots watching it with what waking each takes,
    /// flat (cell `i`'s at `watching[watch_start[i]..watch_start[i + 1]]`):
    /// handing a change over reads one list, not the model's and `wake`.
    watching: Vec<(u32, Wake)>,
    watch_start: Vec<u32>,
    pending: Vec<Vec<Cell>>,
    queued: FixedBitSet,
    queues: [VecDeque<u32>; 3],
    changes: Changes,
    runs: u64,
    groups: GroupScratch,
    relations: RelationScratch,
    sums: SumScratch,
    listener: Option<Box<Listener>>,
}

impl<'p> Engine<'p> {
    /// An engine for `model`'s rules, running every constraint.
    pub fn new(model: &'p Model) -> Engine<'p> {
        Engine::build(model, true)
    }

    /// An engine that skips [`Kind::Technique`](crate::Kind::Technique)
    /// constraints (rules only).
    pub fn rules_only(model: &'p Model) -> Engine<'p> {
        Engine::build(model, false)
    }

    fn build(model: &'p Model, techniques: bool) -> Engine<'p> {
        let slots = model.slots.len();
        let cells = model.variable_count();
        let active = model
            .slots
            .iter()
            .filter(|slot| techniques || !slot.technique)
            .count();
        let wake = model
            .slots
            .iter()
            .map(|slot| Wake {
                tier: slot.tier,
                active: techniques || !slot.technique,
                // The sums and the leftovers read their whole scope at
                // every run: no list of changed cells to keep for them.
                cells: !matches!(slot.kind, SlotKind::Sum(_) | SlotKind::Leftover(_)),
            })
            .collect::<Vec<Wake>>();
        let mut watching = Vec::new();
        let mut watch_start = vec![0];
        for cell in 0..cells {
            let watchers = model.watchers(Cell(cell as u16)).iter();
            watching.extend(watchers.map(|&s| (s, wake[s as usize])).filter(|(_, w)| w.active));
            watch_start.push(watching.len() as u32);
        }
        Engine {
            model,
            solitary: active == 1,
            wake,
            watching,
            watch_start,
            pending: vec![Vec::new(); slots],
            queued: FixedBitSet::with_capacity(slots),
            queues: Default::default(),
            changes: Changes::new(cells),
            runs: 0,
            groups: GroupScratch::new(model.groups().len(), cells),
            relations: RelationScratch::new(cells),
            sums: SumScratch::default(),
            listener: None,
        }
    }

    /// Turns the built-in locked candidates on or off (off by default):
    /// after the singles, a digit whose places in a complete group all lie
    /// in its overlap with another group (a box and a row, a jigsaw region
    /// and a column, a diagonal and a box) leaves the other group's cells
    /// outside the overlap, and an overlap whose open cells allow, or must
    /// hold, exactly as many digits as they are keeps them to itself (naked
    /// and hidden subsets on overlaps); and a digit every allowed pair of a
    /// relation uses leaves the cells that see both (see `relations.rs`).
    /// Searches turn it on; a logical
    /// solver, which grades locked candidates as a technique of their own,
    /// leaves it off.
    pub fn with_locked_candidates(mut self, on: bool) -> Engine<'p> {
        self.groups.intersections = on;
        self.relations.required = on;
        self
    }

    /// Lets derived sums of tier 2 (innies and outies) skip their runs while
    /// their cells are wide (off by default): at least five open cells
    /// holding five candidates each on average, where such a sum restates
    /// the cages and houses and almost never removes anything. Sound (the
    /// sum is implied by the rules that stay), and about 10 % cheaper
    /// killer nodes; but near the root it moves a plain search into heavy
    /// tails (MATHEMAGIC_KILLERS[12] 217,691 → 873,589 nodes), which only
    /// a restarting search cuts (docs/benchmarks.md, "(stop 46, lead)").
    pub fn with_wide_derived_sums_waiting(mut self, on: bool) -> Engine<'p> {
        self.sums.wide_derived_sums_wait = on;
        self
    }

    /// The compiled rules.
    pub fn model(&self) -> &'p Model {
        self.model
    }

    /// How many times a propagator has run, over the engine's life.
    pub fn runs(&self) -> u64 {
        self.runs
    }

    /// Queues every active propagator with its whole scope as changed: the
    /// first propagation of a puzzle.
    pub fn schedule_all(&mut self) {
        for s in 0..self.model.slots.len() {
            if self.wake[s].active {
                self.pending[s].clear();
                if self.wake[s].cells {
                    self.pending[s].extend_from_slice(&self.model.slots[s].scope);
                }
                self.enqueue(s);
            }
        }
    }

    /// Applies a search decision and propagates its consequences.
    pub fn decide<W: Word>(
        &mut self,
        state: &mut State<W>,
        mut trail: Option<&mut Trail<W>>,
        decision: Decision,
    ) -> Result<(), Contradiction> {
        // A decision is not a deduction: no listener sees it.
        let mut cx = Ctx::new(
            self.model.geometry(),
            state,
            Some(&mut self.changes),
            trail.as_deref_mut(),
            None,
        );
        let applied = match decision {
            Decision::Assign(cell, digit) => cx.assign(cell, digit),
            Decision::Exclude(cell, digit) => cx.remove(cell, digit),
        };
        if let Err(contradiction) = applied {
            self.reset();
            return Err(contradiction);
        }
        self.propagate(state, trail)
    }

    /// Narrows cells before propagating, as a search's starting point does
    /// (extra givens, excluded digits): `keep[cell]` holds the digits allowed
    /// there (bits of a `u128`, digit `d` at bit `d − 1`). The watchers of
    /// the cells that change are queued.
    pub fn restrict_all<W: Word>(
        &mut self,
        state: &mut State<W>,
        trail: Option<&mut Trail<W>>,
        keep: impl IntoIterator<Item = (Cell, u128)>,
    ) -> Result<(), Contradiction> {
        let mut cx = Ctx::new(self.model.geometry(), state, Some(&mut self.changes), trail, None);
        for (cell, bits) in keep {
            if let Err(contradiction) = cx.restrict(cell, Digits::from_u128(bits)) {
                self.reset();
                return Err(contradiction);
            }
        }
        Ok(())
    }

    /// Runs queued propagators, and those woken by changes, to a fixpoint.
    ///
    /// On a contradiction the queue is cleared, the contradiction names the
    /// constraint behind it (when known), and `state` is left part-way:
    /// discard it or restore the trail.
    pub fn propagate<W: Word>(
        &mut self,
        state: &mut State<W>,
        mut trail: Option<&mut Trail<W>>,
    ) -> Result<(), Contradiction> {
        self.arm_witness(state);
        let mut last = None;
        loop {
            self.flush_changes(last);
            let Some(s) = self.pop() else {
                return Ok(());
            };
            last = self.model.slots[s].idempotent.then_some(s);
            self.run_slot(s, state, trail.as_deref_mut())?;
        }
    }

    /// Runs slot `s` on its pending cells.
    fn run_slot<W: Word>(
        &mut self,
        s: usize,
        state: &mut State<W>,
        trail: Option<&mut Trail<W>>,
    ) -> Result<(), Contradiction> {
        let changed = std::mem::take(&mut self.pending[s]);
        let kind = self.model.slots[s].kind;
        if let Some(listener) = self.listener.as_deref_mut() {
            let (constraint, reason) = match kind {
                SlotKind::Plugin(k) => (
                    Some(k),
                    Reason::new(self.model.constraints()[k].name().into_owned()),
                ),
                SlotKind::Domains => (None, Reason::new("domains")),
                SlotKind::Groups => (None, Reason::new("singles")),
                SlotKind::Relations => (None, Reason::new("relations")),
                SlotKind::Sum(i) => {
                    let sum = &self.model.sums()[i];
                    (sum.rule(), Reason::new(sum.label().to_string()))
                }
                SlotKind::Leftover(i) => (None, Reason::new(self.model.leftovers()[i].label().to_string())),
            };
            listener.start_run(constraint, reason);
        }
        // The only propagator, idempotent: no one else to wake, and it
        // needs no waking by its own changes.
        let alone = self.solitary && self.model.slots[s].idempotent;
        let result = {
            let mut cx = Ctx::new(
                self.model.geometry(),
                state,
                (!alone).then_some(&mut self.changes),
                trail,
                self.listener.as_deref_mut(),
            )
            .with_peer_masks(self.model.peer_masks());
            match kind {
                SlotKind::Domains => apply_domains(self.model, &mut cx, &changed),
                SlotKind::Groups => groups::propagate(self.model, &mut self.groups, &mut cx, &changed),
                SlotKind::Relations => {
                    relations::propagate(self.model, &mut self.relations, &mut cx, &changed)
                }
                SlotKind::Sum(i) => sums::propagate(self.model, i, &mut self.sums, &mut cx),
                SlotKind::Leftover(i) => crate::leftovers::propagate(&self.model.leftovers()[i], &mut cx),
                SlotKind::Plugin(k) => W::dispatch(self.model.constraints()[k].as_ref(), &mut cx, &changed)
                    .map_err(|c| if c.constraint.is_none() { c.by(k) } else { c }),
            }
        };
        self.pending[s] = changed;
        self.pending[s].clear();
        self.runs += 1;
        if let Err(contradiction) = result {
            self.reset();
            return Err(contradiction);
        }
        if self.listener.as_deref().is_some_and(|l| l.frozen) {
            // A single step stopped the run part-way: run it all again next.
            self.pending[s].extend_from_slice(&self.model.slots[s].scope);
            self.enqueue(s);
        }
        Ok(())
    }

    /// Runs propagators until one deduction changes the state, and reports
    /// it with its reason. Call [`schedule_all`](Engine::schedule_all) first
    /// (or [`decide`](Engine::decide)), then `step` until
    /// [`Progress::Fixpoint`]: the state then equals what
    /// [`propagate`](Engine::propagate) reaches.
    ///
    /// ```
    /// use sudokit_core::{Cell, Engine, Geometry, Grid, Progress, Puzzle, State};
    /// # use sudokit_core::{Constraint, Group, Rule, Violation};
    /// # use std::borrow::Cow;
    /// # #[derive(Clone, Debug)]
    /// # struct Row1;
    /// # impl Rule for Row1 {
    /// #     fn name(&self) -> Cow<'_, str> { "row 1 differs".into() }
    /// #     fn groups(&self, _: &Geometry) -> Vec<Group> { vec![Group::new("row 1", (0..4).map(Cell))] }
    /// #     fn check(&self, _: &Geometry, _: &Grid) -> Result<(), Violation> { Ok(()) }
    /// # }
    /// # impl Constraint for Row1 {}
    /// let mut givens = Grid::empty(4);
    /// givens.set(Cell(0), 1);
    /// let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with_givens(givens).unwrap().with(Row1).unwrap();
    /// let mut engine = Engine::new(puzzle.model());
    /// let mut state = State::<u16>::with_givens(puzzle.geometry(), puzzle.givens());
    /// engine.schedule_all();
    /// let Progress::Step(step) = engine.step(&mut state, None) else { panic!() };
    /// assert_eq!(step.describe(puzzle.model()), "naked single r1c1 = 1: removes 1 from r1c2, r1c3, r1c4");
    /// assert_eq!(engine.step(&mut state, None), Progress::Fixpoint);
    /// ```
    pub fn step<W: Word>(&mut self, state: &mut State<W>, mut trail: Option<&mut Trail<W>>) -> Progress {
        self.arm_witness(state);
        let listener = self.listener.get_or_insert_with(Box::default);
        listener.recording = true;
        listener.one_step = true;
        listener.steps.clear();
        let mut last = None;
        let progress = loop {
            self.flush_changes(last);
            let Some(s) = self.pop() else {
                break Progress::Fixpoint;
            };
            last = self.model.slots[s].idempotent.then_some(s);
            let result = self.run_slot(s, state, trail.as_deref_mut());
            let listener = self.listener.as_deref_mut().expect("listening");
            let step = listener.take_steps().into_iter().next();
            match (result, step) {
                (Err(contradiction), step) => break Progress::Contradiction { step, contradiction },
                (Ok(()), Some(step)) => {
                    // Wake the watchers of what changed now. A slot that
                    // stopped part-way was queued again with its whole scope.
                    self.flush_changes(last);
                    break Progress::Step(step);
                }
                (Ok(()), None) => {}
            }
        };
        self.stop_recording();
        progress
    }

    /// Propagates to the fixpoint like [`propagate`](Engine::propagate), and
    /// returns every deduction made on the way with its reason.
    pub fn record<W: Word>(
        &mut self,
        state: &mut State<W>,
        trail: Option<&mut Trail<W>>,
    ) -> (Result<(), Contradiction>, Vec<Step>) {
        let listener = self.listener.get_or_insert_with(Box::default);
        listener.recording = true;
        listener.one_step = false;
        listener.steps.clear();
        let result = self.propagate(state, trail);
        let steps = self.listener.as_deref_mut().expect("listening").take_steps();
        self.stop_recording();
        (result, steps)
    }

    fn stop_recording(&mut self) {
        if let Some(listener) = self.listener.as_deref_mut() {
            listener.recording = false;
            listener.one_step = false;
            listener.frozen = false;
            if listener.witness.is_none() {
                self.listener = None;
            }
        }
    }

    /// Checks every removal from now on against `solution`: while the state
    /// still allows the whole solution, a propagator that removes one of its
    /// digits is unsound, and [`unsound`](Engine::unsound) names the first
    /// one. For tests (the `testkit` module, a feature); searches pay for a
    /// scan of the state per propagation.
    pub fn watch_solution(&mut self, solution: &Grid) {
        let listener = self.listener.get_or_insert_with(Box::default);
        listener.witness = Some(solution.all_values().to_vec());
    }

    /// The first removal of a digit of the watched solution, if any.
    pub fn unsound(&self) -> Option<&Unsound> {
        self.listener.as_deref().and_then(|l| l.unsound.as_ref())
    }

    /// Whether the state allows the watched solution: only then is removing
    /// one of its digits a propagator's fault.
    fn arm_witness<W: Word>(&mut self, state: &State<W>) {
        if let Some(listener) = self.listener.as_deref_mut() {
            if let Some(witness) = &listener.witness {
                listener.witness_live = witness
                    .iter()
                    .zip(state.variables())
                    .all(|(&d, set)| d == 0 || set.contains(d));
            }
        }
    }

    /// Forgets queued work (after a contradiction or an abandoned state).
    pub fn reset(&mut self) {
        self.changes.clear();
        for queue in &mut self.queues {
            for s in queue.drain(..) {
                self.queued.set(s as usize, false);
                self.pending[s as usize].clear();
            }
        }
    }

    #[inline]
    fn enqueue(&mut self, s: usize) {
        if !self.queued.put(s) {
            self.queues[self.wake[s].tier as usize].push_back(s as u32);
        }
    }

    /// Hands the changed cells to their watchers, except to `skip`, the
    /// idempotent slot that made the changes.
    fn flush_changes(&mut self, skip: Option<usize>) {
        // The list is taken for the loop (and given back, with its buffer):
        // read through `self`, its length and address were loaded again for
        // every cell, each read with a bounds check.
        let mut list = std::mem::take(&mut self.changes.list);
        let skip = skip.map_or(u32::MAX, |s| s as u32);
        for &cell in &list {
            self.changes.dirty.set(cell.index(), false);
            let bounds = &self.watch_start[cell.index()..cell.index() + 2];
            for &(s, wake) in &self.watching[bounds[0] as usize..bounds[1] as usize] {
                if s == skip {
                    continue;
                }
                let s = s as usize;
                if wake.cells {
                    self.pending[s].push(cell);
                }
                if !self.queued.put(s) {
                    self.queues[wake.tier as usize].push_back(s as u32);
                }
            }
        }
        list.clear();
        self.changes.list = list;
    }

    #[inline]
    fn pop(&mut self) -> Option<usize> {
        for queue in &mut self.queues {
            if let Some(s) = queue.pop_front() {
                self.queued.set(s as usize, false);
                return Some(s as usize);
            }
        }
        None
    }
}

/// What waking one slot takes, per slot in one small record: the changes
/// of a node wake a few slots per changed cell, and reading each one's whole
/// `Slot` of the model was a good part of handing them over.
#[derive(Clone, Copy, Debug)]
struct Wake {
    /// The queue it waits in.
    tier: u8,
    /// Whether this engine runs it (techniques may be off).
    active: bool,
    /// Whether it is told which cells changed (the sums and the leftovers
    /// are not: they read their whole scope).
    cells: bool,
}

/// Narrows each cell to the digits the rules' domains allow.
fn apply_domains<W: Word>(model: &Model, cx: &mut Ctx<'_, W>, cells: &[Cell]) -> Result<(), Contradiction> {
    for &cell in cells {
        let rule = model.domain_rule(cell);
        cx.because(|| {
            Reason::new(rule.map_or("domains".into(), |k| model.constraints()[k].name().into_owned()))
                .cells([cell])
        });
        if let Err(contradiction) = cx.restrict(cell, Digits::from_u128(model.domain(cell).to_u128())) {
            return Err(match rule {
                Some(k) => contradiction.by(k),
                None => contradiction,
            });
        }
    }
    Ok(())
}

/// The candidates of a puzzle after its first propagation: givens placed,
/// every constraint run to a fixpoint. What a setter asks as "what does logic
/// alone reach?", and what Norvig prints as `display(parse_grid(grid))`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootPropagation {
    /// Every cell's candidates (as 128-bit sets, whatever the board width).
    pub candidates: Vec<Digits<u128>>,
    /// Where propagation failed, if it did; the candidates are then those
    /// at the moment of failure.
    pub contradiction: Option<Contradiction>,
    /// Propagator runs.
    pub runs: u64,
}

impl RootPropagation {
    /// Runs the puzzle's constraints (techniques too, when `techniques`).
    pub fn of(puzzle: &Puzzle, techniques: bool) -> RootPropagation {
        match Width::for_size(puzzle.size()).expect("geometry sizes are at most 128") {
            Width::W16 => Self::run::<u16>(puzzle, techniques),
            Width::W32 => Self::run::<u32>(puzzle, techniques),
            Width::W64 => Self::run::<u64>(puzzle, techniques),
            Width::W128 => Self::run::<u128>(puzzle, techniques),
        }
    }

    fn run<W: Word>(puzzle: &Puzzle, techniques: bool) -> RootPropagation {
        let model = puzzle.model();
        let mut engine = if techniques {
            Engine::new(model)
        } else {
            Engine::rules_only(model)
        };
        let mut state = State::<W>::with_givens(puzzle.geometry(), puzzle.givens());
        engine.schedule_all();
        let contradiction = engine.propagate(&mut state, None).err();
        RootPropagation {
            candidates: state
                .cells()
                .iter()
                .map(|s| Digits::from_u128(s.to_u128()))
                .collect(),
            contradiction,
            runs: engine.runs(),
        }
    }

    /// True when every cell has exactly one candidate and nothing failed.
    pub fn is_solved(&self) -> bool {
        self.contradiction.is_none() && self.candidates.iter().all(|s| s.is_single())
    }

    /// Norvig's candidate table.
    pub fn display(&self, geometry: &crate::geometry::Geometry) -> String {
        crate::format::display_candidates(geometry, &self.candidates)
    }
}
