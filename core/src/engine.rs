//! The propagation engine: runs constraints until nothing changes.
//!
//! ```text
//!   Ctx::restrict ──▶ changed cells ──▶ watch lists (cell → constraints)
//!        ▲                                     │ pending cells per constraint,
//!        │                                     ▼ queued once (dedup bit)
//!   Constraint::propagate ◀── pop the cheapest tier: Cheap, Medium, Expensive
//! ```
//!
//! Each constraint is told which of its cells changed since it last ran, so
//! incremental rules (the classic units) do work proportional to the change,
//! while simple rules can ignore the list and look at their whole scope. The
//! engine stops at a fixpoint (`Ok`) or at the first [`Contradiction`], which
//! names the constraint that found it. It is built once per puzzle and reused
//! for every node of a search; states are passed in.

use std::collections::VecDeque;

use fixedbitset::FixedBitSet;

use crate::cell::{Cell, Digit};
use crate::constraint::{Constraint, Contradiction, Cost, Kind};
use crate::digits::{Digits, Width, Word};
use crate::geometry::Geometry;
use crate::puzzle::Puzzle;
use crate::state::{Changes, Ctx, State, Trail};

/// A branching decision of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Try `cell = digit`.
    Assign(Cell, Digit),
    /// `cell = digit` failed or was explored: continue with `cell ≠ digit`.
    Exclude(Cell, Digit),
}

/// Runs a puzzle's constraints to a fixpoint on a [`State`].
///
/// ```
/// use sudokit_core::{Cell, Digits, Engine, Geometry, Grid, State};
/// # use sudokit_core::{Constraint};
/// let g = Geometry::square(4).unwrap();
/// let constraints: Vec<Box<dyn Constraint>> = Vec::new(); // no rules: nothing to do
/// let mut engine = Engine::new(&g, &constraints);
/// let mut state = State::<u16>::with_givens(&g, &Grid::empty(4));
/// engine.schedule_all();
/// assert!(engine.propagate(&mut state, None).is_ok());
/// assert_eq!(state.candidates(Cell(0)), Digits::full(4));
/// ```
#[derive(Debug)]
pub struct Engine<'p> {
    geometry: &'p Geometry,
    constraints: &'p [Box<dyn Constraint>],
    active: Vec<bool>,
    idempotent: Vec<bool>,
    tier: Vec<u8>,
    scopes: Vec<Vec<Cell>>,
    watch_start: Vec<u32>,
    watchers: Vec<u32>,
    pending: Vec<Vec<Cell>>,
    queued: FixedBitSet,
    queues: [VecDeque<u32>; 3],
    changes: Changes,
    runs: u64,
}

impl<'p> Engine<'p> {
    /// An engine for `constraints` on `geometry`, running every constraint.
    pub fn new(geometry: &'p Geometry, constraints: &'p [Box<dyn Constraint>]) -> Engine<'p> {
        Engine::build(geometry, constraints, true)
    }

    /// An engine that skips [`Kind::Technique`] constraints (rules only).
    pub fn rules_only(geometry: &'p Geometry, constraints: &'p [Box<dyn Constraint>]) -> Engine<'p> {
        Engine::build(geometry, constraints, false)
    }

    fn build(geometry: &'p Geometry, constraints: &'p [Box<dyn Constraint>], techniques: bool) -> Engine<'p> {
        let cells = geometry.cell_count();
        let active: Vec<bool> = constraints
            .iter()
            .map(|c| techniques || c.kind() == Kind::Rule)
            .collect();
        let scopes: Vec<Vec<Cell>> = constraints
            .iter()
            .zip(&active)
            .map(|(c, &on)| {
                if on {
                    normalized_scope(c.scope(geometry))
                } else {
                    Vec::new()
                }
            })
            .collect();
        let mut counts = vec![0u32; cells + 1];
        for scope in &scopes {
            for cell in scope {
                counts[cell.index() + 1] += 1;
            }
        }
        for i in 0..cells {
            counts[i + 1] += counts[i];
        }
        let watch_start = counts.clone();
        let mut fill = counts;
        let mut watchers = vec![0u32; watch_start[cells] as usize];
        for (k, scope) in scopes.iter().enumerate() {
            for cell in scope {
                let slot = &mut fill[cell.index()];
                watchers[*slot as usize] = k as u32;
                *slot += 1;
            }
        }
        let idempotent = constraints.iter().map(|c| c.idempotent()).collect();
        let tier = constraints
            .iter()
            .map(|c| match c.cost() {
                Cost::Cheap => 0,
                Cost::Medium => 1,
                Cost::Expensive => 2,
            })
            .collect();
        Engine {
            geometry,
            constraints,
            active,
            idempotent,
            tier,
            scopes,
            watch_start,
            watchers,
            pending: vec![Vec::new(); constraints.len()],
            queued: FixedBitSet::with_capacity(constraints.len()),
            queues: Default::default(),
            changes: Changes::new(cells),
            runs: 0,
        }
    }

    /// The board.
    pub fn geometry(&self) -> &'p Geometry {
        self.geometry
    }

    /// How many times a constraint has run, over the engine's life.
    pub fn runs(&self) -> u64 {
        self.runs
    }

    /// Queues every active constraint with its whole scope as changed: the
    /// first propagation of a puzzle.
    pub fn schedule_all(&mut self) {
        for k in 0..self.constraints.len() {
            if self.active[k] {
                self.pending[k].clear();
                self.pending[k].extend_from_slice(&self.scopes[k]);
                self.enqueue(k);
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
        let mut cx = Ctx::new(self.geometry, state, &mut self.changes, trail.as_deref_mut());
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

    /// Runs queued constraints, and those woken by changes, to a fixpoint.
    ///
    /// On a contradiction the queue is cleared, the contradiction names the
    /// constraint that found it, and `state` is left part-way: discard it or
    /// restore the trail.
    pub fn propagate<W: Word>(
        &mut self,
        state: &mut State<W>,
        mut trail: Option<&mut Trail<W>>,
    ) -> Result<(), Contradiction> {
        let mut last = None;
        loop {
            self.flush_changes(last);
            let Some(k) = self.pop() else {
                return Ok(());
            };
            let changed = std::mem::take(&mut self.pending[k]);
            let result = {
                let mut cx = Ctx::new(self.geometry, state, &mut self.changes, trail.as_deref_mut());
                W::dispatch(self.constraints[k].as_ref(), &mut cx, &changed)
            };
            self.pending[k] = changed;
            self.pending[k].clear();
            self.runs += 1;
            last = self.idempotent[k].then_some(k);
            if let Err(mut contradiction) = result {
                contradiction.constraint = Some(k);
                self.reset();
                return Err(contradiction);
            }
        }
    }

    /// Forgets queued work (after a contradiction or an abandoned state).
    pub fn reset(&mut self) {
        self.changes.clear();
        for queue in &mut self.queues {
            for k in queue.drain(..) {
                self.queued.set(k as usize, false);
                self.pending[k as usize].clear();
            }
        }
    }

    #[inline]
    fn enqueue(&mut self, k: usize) {
        if !self.queued.put(k) {
            self.queues[self.tier[k] as usize].push_back(k as u32);
        }
    }

    /// Hands the changed cells to their watchers, except to `skip`, the
    /// idempotent constraint that made the changes.
    fn flush_changes(&mut self, skip: Option<usize>) {
        for i in 0..self.changes.list.len() {
            let cell = self.changes.list[i];
            self.changes.dirty.set(cell.index(), false);
            let (start, end) = (
                self.watch_start[cell.index()] as usize,
                self.watch_start[cell.index() + 1] as usize,
            );
            for w in start..end {
                let k = self.watchers[w] as usize;
                if Some(k) == skip {
                    continue;
                }
                self.pending[k].push(cell);
                self.enqueue(k);
            }
        }
        self.changes.list.clear();
    }

    #[inline]
    fn pop(&mut self) -> Option<usize> {
        for queue in &mut self.queues {
            if let Some(k) = queue.pop_front() {
                self.queued.set(k as usize, false);
                return Some(k as usize);
            }
        }
        None
    }
}

fn normalized_scope(mut scope: Vec<Cell>) -> Vec<Cell> {
    scope.sort_unstable();
    scope.dedup();
    scope
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
    /// Constraint runs.
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
        let geometry = puzzle.geometry();
        let mut engine = if techniques {
            Engine::new(geometry, puzzle.constraints())
        } else {
            Engine::rules_only(geometry, puzzle.constraints())
        };
        let mut state = State::<W>::with_givens(geometry, puzzle.givens());
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
    pub fn display(&self, geometry: &Geometry) -> String {
        crate::format::display_candidates(geometry, &self.candidates)
    }
}
