//! The DLX strategy: a puzzle as an exact-cover problem, searched by
//! [`DancingLinks`](crate::DancingLinks).
//!
//! # The model
//!
//! The options are the candidates: option "digit `d` in cell `c`" has the
//! dense id [`Cand::id`], `c * n + d - 1`. The items come from the
//! puzzle's compiled [`Model`](sudokit_core::Model) and its rules:
//!
//! * every cell holds exactly one digit: one primary item per cell, and
//!   the candidates a rule's domain rules out are left out;
//! * every all-different group: per digit, a primary item when the group
//!   is complete (`n` cells: the digit appears exactly once), a secondary
//!   one otherwise (at most once);
//! * every pair relation: a secondary item per forbidden candidate pair
//!   (`r1c1 = 3` and `r2c3 = 4` exclude each other), or per digit for a
//!   plain `≠` between cells that share no group; a candidate no partner
//!   digit supports is left out;
//! * every rule with a propagator of its own, through [`Rule::exact_cover`]
//!   (a rule without that form makes the puzzle [`Unsupported`]: DLX never
//!   ignores a rule, so it never gives a wrong answer).
//!
//! A constraint of [`Kind::Technique`] only speeds propagation up and is
//! skipped.
//!
//! # Givens first, and what is kept
//!
//! The items do not depend on the givens, so they are collected once per
//! set of rules and kept in the model's cache ([`Model::prepared`](sudokit_core::Model::prepared)),
//! shared by every puzzle with those rules (a file of classic puzzles
//! collects them once; collecting them per puzzle cost 10% on 17-clue
//! puzzles). On boards up to 25×25 the whole matrix is kept there too: a
//! session copies it (45 KB on 9×9), excludes what its start rules out,
//! selects the givens (their items covered) and searches; the next visit
//! copies it again, which is cheaper than dancing 17 givens back out.
//! The copy goes into the working matrix the last session on the same
//! thread left behind, so a file of puzzles (one session each) allocates
//! it once per thread rather than once per puzzle.
//! Larger boards would keep too much memory: their matrix is built for
//! each visit *without* the givens, leaving out the items they cover and
//! every candidate that meets those items. On 17-clue puzzles keeping the
//! matrix measured 14% faster than building the reduced one each time
//! (`examples/dlx_bench.rs`; `--max-nodes 0` leaves only this setup).
//!
//! Two givens that meet in an item (two 7s in a row) leave no solution.
//!
//! Every solution is also checked with [`Puzzle::check`]; a constraint
//! whose exact-cover form were looser than its rule could not slip a wrong
//! grid through.

use crate::clock::Instant;
use std::cell::Cell;
use std::ops::ControlFlow;
use std::sync::Arc;

use sudokit_core::{Cand, Constraint, CoverSink, Grid, Kind, Model, Puzzle, Unsupported};

use crate::exact_cover::DancingLinks;
use crate::limits::{Limits, Search, Solutions, Stats, Stop};
use crate::strategy::{Session, SolveError, Start, Strategy};

/// Knuth's Algorithm X with dancing links on the puzzle's exact-cover form.
///
/// ```
/// use sudokit_core::{Geometry, Puzzle};
/// use sudokit_constraints::ClassicRules;
/// use sudokit_solvers::{Dlx, Limits, Strategy};
/// // The empty 4×4 board has 288 solutions.
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with(ClassicRules).unwrap();
/// let outcome = Dlx.count(&puzzle, &Limits::all()).unwrap();
/// assert_eq!((outcome.count, outcome.exhaustive()), (288, true));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dlx;

/// Largest board side whose whole matrix is kept with the rules (a 25×25
/// board has 15,625 candidates; a 100×100 one would keep 100 MB, and its
/// givens rule most candidates out anyway).
const KEEP_MAX_SIZE: usize = 25;

impl Strategy for Dlx {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn supports(&self, puzzle: &Puzzle) -> Result<(), Unsupported> {
        /// Throws the items away: only the answer matters.
        struct Discard;
        impl CoverSink for Discard {
            fn primary(&mut self, _: &[Cand]) {}
            fn secondary(&mut self, _: &[Cand]) {}
            fn exclude(&mut self, _: Cand) {}
        }
        emit_rules(puzzle.model(), &mut Discard)
    }

    fn prepare<'p>(&self, puzzle: &'p Puzzle) -> Result<Box<dyn Session + 'p>, SolveError> {
        let prepared = puzzle.model().prepared(Kept::new);
        if let Err(unsupported) = &*prepared {
            return Err(unsupported.clone().into());
        }
        let spare = SPARE.take();
        Ok(Box::new(DlxSession {
            puzzle,
            prepared,
            // A spare matrix is stale: copy the kept one into it first.
            used: spare.is_some(),
            links: spare,
            scratch: Scratch::default(),
        }))
    }
}

/// What DLX keeps with a set of rules: the items, and for boards up to
/// [`KEEP_MAX_SIZE`] the whole matrix with nothing selected.
#[derive(Debug)]
struct Kept {
    items: Items,
    full: Option<DancingLinks>,
}

/// The items of a model, or why DLX cannot take its rules.
type Prepared = Result<Kept, Unsupported>;

impl Kept {
    fn new(model: &Model) -> Prepared {
        let mut raw = Raw::new(model.size());
        emit_model(model, &mut raw);
        emit_rules(model, &mut raw)?;
        let items = Items::new(raw);
        let full = (model.size() <= KEEP_MAX_SIZE).then(|| {
            let mut links = Scratch::whole(&items);
            for (id, &dead) in items.dead.iter().enumerate() {
                if dead {
                    links.exclude(id);
                }
            }
            links
        });
        Ok(Kept { items, full })
    }
}

/// A puzzle prepared for DLX: the kept items and matrix, and a working copy.
struct DlxSession<'p> {
    puzzle: &'p Puzzle,
    prepared: Arc<Prepared>,
    /// The working matrix of boards up to [`KEEP_MAX_SIZE`], copied from
    /// the kept one on first use, and again before a later visit.
    links: Option<DancingLinks>,
    /// Whether `links` was searched since it was copied.
    used: bool,
    scratch: Scratch,
}

thread_local! {
    /// The working matrix the last session on this thread left behind. The
    /// next session copies the kept matrix into its memory rather than
    /// allocating its own: a file of puzzles, one session each, allocates
    /// the matrix once per thread.
    static SPARE: Cell<Option<DancingLinks>> = const { Cell::new(None) };
}

impl Drop for DlxSession<'_> {
    fn drop(&mut self) {
        if let Some(links) = self.links.take() {
            SPARE.set(Some(links));
        }
    }
}

impl Session for DlxSession<'_> {
    fn puzzle(&self) -> &Puzzle {
        self.puzzle
    }

    fn visit(
        &mut self,
        start: &Start,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        let started = Instant::now();
        let n = self.puzzle.size();
        let masks = start.checked_masks(n)?;
        let kept = self
            .prepared
            .as_ref()
            .as_ref()
            .expect("prepare refuses unsupported rules");
        let items = &kept.items;
        // What the givens and the start place, and what the start rules out.
        let mut placed: Vec<usize> = self
            .puzzle
            .givens()
            .placed()
            .map(|(cell, digit)| Cand::new(cell, digit).id(n))
            .collect();
        let mut excluded = Vec::new();
        let mut possible = !placed.iter().any(|&id| items.dead[id]);
        for &(cell, mask) in &masks {
            let given = self.puzzle.givens().get(cell);
            for d in 1..=n as u8 {
                let id = Cand::new(cell, d).id(n);
                if mask >> (d - 1) & 1 == 0 {
                    excluded.push(id);
                    possible &= given != Some(d);
                }
            }
            if given.is_none() && mask.count_ones() == 1 {
                let id = Cand::new(cell, mask.trailing_zeros() as u8 + 1).id(n);
                possible &= !items.dead[id];
                placed.push(id);
            }
            possible &= mask != 0;
        }
        if !possible {
            return Ok(unsolvable(started));
        }
        let search = match &kept.full {
            Some(full) => {
                let links = self.links.get_or_insert_with(|| full.clone());
                if std::mem::replace(&mut self.used, true) {
                    // Copying back is cheaper than dancing the givens out.
                    links.clone_from(full);
                }
                for &id in &excluded {
                    links.exclude(id);
                }
                let selected = placed.iter().all(|&id| links.select(id).is_ok());
                if selected {
                    search(self.puzzle, limits, started, links, None, visitor)
                } else {
                    unsolvable(started)
                }
            }
            None => {
                if self.scratch.place(items, &placed, &excluded) {
                    let Scratch { links, rows, .. } = &mut self.scratch;
                    search(self.puzzle, limits, started, links, Some(rows), visitor)
                } else {
                    unsolvable(started)
                }
            }
        };
        Ok(search)
    }
}

/// Two givens meet in an item: no solution, proven at the root.
fn unsolvable(start: Instant) -> Search {
    Search {
        count: 0,
        stop: Stop::Exhausted,
        stats: Stats {
            nodes: 1,
            elapsed: start.elapsed(),
            ..Stats::default()
        },
    }
}

/// Runs the matrix search and turns its solutions into checked grids.
/// `rows[option]` is the candidate id of every option of `links`, or the
/// option is the id itself (`None`: the whole matrix).
fn search(
    puzzle: &Puzzle,
    limits: &Limits,
    start: Instant,
    links: &mut DancingLinks,
    rows: Option<&[u32]>,
    visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Search {
    // The matrix search counts nothing itself: a grid is counted only
    // once it has passed `Puzzle::check`.
    let inner = Limits {
        max_solutions: None,
        ..limits.after(start)
    };
    let n = puzzle.size();
    let mut grid = puzzle.givens().clone();
    let mut solutions = Solutions::new(puzzle, limits, visitor);
    let mut ended = None;
    let mut search = links.solve(&inner, |options| {
        for &option in options {
            let id = rows.map_or(option, |rows| rows[option] as usize);
            let cand = Cand::from_id(id, n);
            grid.set(cand.cell, cand.digit);
        }
        ended = solutions.offer(&grid);
        match ended {
            Some(_) => ControlFlow::Break(()),
            None => ControlFlow::Continue(()),
        }
    });
    // The matrix stopped because `offer` said so: report why.
    if let Some(stop) = ended {
        search.stop = stop;
    }
    search.count = solutions.count();
    search.stats.elapsed = start.elapsed();
    search
}

/// The items of the model's domains, groups and relations.
fn emit_model(model: &Model, sink: &mut dyn CoverSink) {
    let n = model.size();
    for cell in model.geometry().cells() {
        let domain = model.domain(cell);
        for d in (1..=n as u8).filter(|&d| !domain.contains(d)) {
            sink.exclude(Cand::new(cell, d));
        }
    }
    let mut item = Vec::with_capacity(n);
    for group in model.groups() {
        let complete = group.is_complete(n);
        for d in 1..=n as u8 {
            item.clear();
            item.extend(group.cells().iter().map(|&c| Cand::new(c, d)));
            if complete {
                sink.primary(&item);
            } else {
                sink.secondary(&item);
            }
        }
    }
    for pair in model.related_pairs() {
        if pair.differ {
            if !pair.share_group {
                for d in 1..=n as u8 {
                    sink.secondary(&[Cand::new(pair.a, d), Cand::new(pair.b, d)]);
                }
            }
            continue;
        }
        let table = model.table(pair.table);
        for x in 1..=n as u8 {
            if table.partners(x) == 0 {
                sink.exclude(Cand::new(pair.a, x));
            }
        }
        let backward = table.transpose();
        for y in 1..=n as u8 {
            if backward.partners(y) == 0 {
                sink.exclude(Cand::new(pair.b, y));
            }
        }
        for (x, y) in table.forbidden() {
            if table.partners(x) != 0 && backward.partners(y) != 0 {
                sink.secondary(&[Cand::new(pair.a, x), Cand::new(pair.b, y)]);
            }
        }
    }
}

/// Sends the exact-cover items of every rule's own propagator to `sink`; a
/// rule with a propagator and no exact-cover form, or one that declares a
/// sum, is an error naming it.
fn emit_rules(model: &Model, sink: &mut dyn CoverSink) -> Result<(), Unsupported> {
    // A sum has no exact-cover form: its digits are not a set to cover.
    if let Some(k) = model.sums().iter().find_map(|s| s.rule()) {
        return Err(Unsupported::new("dlx", model.constraints()[k].name()));
    }
    for constraint in model.constraints() {
        emit_rule(model, constraint.as_ref(), sink)?;
    }
    Ok(())
}

fn emit_rule(
    model: &Model,
    constraint: &dyn Constraint,
    sink: &mut dyn CoverSink,
) -> Result<(), Unsupported> {
    if constraint.kind() == Kind::Technique {
        return Ok(());
    }
    match constraint.exact_cover(model.geometry(), sink) {
        Err(_) if constraint.has_propagator() => Err(Unsupported::new("dlx", constraint.name())),
        // A declarative rule says everything through its groups and relations.
        _ => Ok(()),
    }
}

/// The items as they are emitted: candidate ids of every item, and the
/// candidates no solution uses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Raw {
    /// Board side.
    n: usize,
    /// Candidate ids of every item, item after item.
    ids: Vec<u32>,
    /// `ends[k]` is where item `k` ends in `ids`.
    ends: Vec<u32>,
    /// Whether item `k` is primary.
    primary: Vec<bool>,
    /// Candidates excluded outright.
    dead: Vec<u32>,
}

impl Raw {
    fn new(n: usize) -> Raw {
        Raw { n, ..Raw::default() }
    }

    /// The dense id of a candidate on the board, or `None` off the board.
    fn id(&self, cand: &Cand) -> Option<u32> {
        let n = self.n;
        (cand.cell.index() < n * n && cand.digit >= 1 && cand.digit as usize <= n).then(|| cand.id(n) as u32)
    }

    /// Appends an item.
    fn push(&mut self, candidates: &[Cand], primary: bool) {
        for cand in candidates {
            if let Some(id) = self.id(cand) {
                self.ids.push(id);
            }
        }
        self.ends.push(self.ids.len() as u32);
        self.primary.push(primary);
    }
}

impl CoverSink for Raw {
    fn primary(&mut self, candidates: &[Cand]) {
        self.push(candidates, true);
    }

    fn secondary(&mut self, candidates: &[Cand]) {
        self.push(candidates, false);
    }

    fn exclude(&mut self, candidate: Cand) {
        if let Some(id) = self.id(&candidate) {
            self.dead.push(id);
        }
    }
}

/// The items of a rule set as lists of candidate ids, the cells' own items
/// first, without repeats, and the same lists transposed (the items of
/// every candidate).
#[derive(Debug)]
struct Items {
    /// Candidate ids of every item, item after item.
    ids: Vec<u32>,
    /// `ends[k]` is where item `k` ends in `ids`.
    ends: Vec<u32>,
    /// Whether item `k` is primary.
    primary: Vec<bool>,
    /// Items of every candidate, candidate after candidate.
    of_row: Vec<u32>,
    /// `row_ends[r]` is where candidate `r`'s items end in `of_row`.
    row_ends: Vec<u32>,
    /// Candidates no solution uses.
    dead: Vec<bool>,
}

impl Items {
    /// The items of the model itself (every cell holds exactly one digit),
    /// then the emitted ones.
    fn new(raw: Raw) -> Items {
        let n = raw.n;
        let cells = n * n;
        let rows = cells * n;
        let mut ids = Vec::with_capacity(rows + raw.ids.len());
        let mut ends = Vec::with_capacity(cells + raw.ends.len());
        let mut primary = Vec::with_capacity(cells + raw.ends.len());
        for cell in 0..cells {
            ids.extend((cell * n..(cell + 1) * n).map(|id| id as u32));
            ends.push(ids.len() as u32);
            primary.push(true);
        }
        // `seen[id]` is 1 + the last item that listed candidate `id`.
        let mut seen = vec![0u32; rows];
        let mut start = 0;
        for (&end, &is_primary) in raw.ends.iter().zip(&raw.primary) {
            let stamp = ends.len() as u32 + 1;
            for &id in &raw.ids[start..end as usize] {
                if seen[id as usize] != stamp {
                    seen[id as usize] = stamp;
                    ids.push(id);
                }
            }
            start = end as usize;
            ends.push(ids.len() as u32);
            primary.push(is_primary);
        }
        // Transpose.
        let mut row_ends = vec![0u32; rows];
        for &id in &ids {
            row_ends[id as usize] += 1;
        }
        let mut total = 0;
        for end in &mut row_ends {
            total += *end;
            *end = total;
        }
        let mut of_row = vec![0u32; ids.len()];
        let mut cursor: Vec<u32> = (0..rows)
            .map(|r| if r == 0 { 0 } else { row_ends[r - 1] })
            .collect();
        let mut start = 0;
        for (k, &end) in ends.iter().enumerate() {
            for &id in &ids[start..end as usize] {
                of_row[cursor[id as usize] as usize] = k as u32;
                cursor[id as usize] += 1;
            }
            start = end as usize;
        }
        let mut dead = vec![false; rows];
        for &id in &raw.dead {
            dead[id as usize] = true;
        }
        Items {
            ids,
            ends,
            primary,
            of_row,
            row_ends,
            dead,
        }
    }

    /// The candidate ids of item `k`.
    fn item(&self, k: usize) -> &[u32] {
        let start = if k == 0 { 0 } else { self.ends[k - 1] as usize };
        &self.ids[start..self.ends[k] as usize]
    }

    /// The items of candidate `r`.
    fn of_row(&self, r: usize) -> &[u32] {
        let start = if r == 0 { 0 } else { self.row_ends[r - 1] as usize };
        &self.of_row[start..self.row_ends[r] as usize]
    }
}

/// Marks an item left out of the matrix.
const GONE: u32 = u32::MAX;

/// Buffers for building a puzzle's matrix, kept to avoid allocations.
#[derive(Debug, Default)]
struct Scratch {
    /// The matrix of the current puzzle.
    links: DancingLinks,
    /// The candidate id of every option of `links`.
    rows: Vec<u32>,
    /// Candidates ruled out by the givens.
    dead: Vec<bool>,
    /// Items covered by the givens.
    covered: Vec<bool>,
    /// Number of every item in `links`, or [`GONE`].
    map: Vec<u32>,
}

impl Scratch {
    /// Builds in `links` the matrix left after placing the candidates
    /// `placed` and ruling out `excluded` (and the items' dead candidates):
    /// the items the placed ones cover and the candidates that meet those
    /// items are left out. False when two placed candidates meet in an item
    /// or one is ruled out (no solution).
    fn place(&mut self, items: &Items, placed: &[usize], excluded: &[usize]) -> bool {
        self.dead.clear();
        self.dead.extend_from_slice(&items.dead);
        self.build(items, placed, excluded)
    }

    /// The whole matrix: every candidate an option, numbered by its id.
    fn whole(items: &Items) -> DancingLinks {
        let mut scratch = Scratch::default();
        scratch.dead.resize(items.row_ends.len(), false);
        scratch.build(items, &[], &[]);
        scratch.links
    }

    fn build(&mut self, items: &Items, placed: &[usize], excluded: &[usize]) -> bool {
        let rows = items.row_ends.len();
        let item_count = items.ends.len();
        for &r in excluded {
            self.dead[r] = true;
        }
        self.covered.clear();
        self.covered.resize(item_count, false);
        for &r in placed {
            if self.dead[r] {
                return false;
            }
            for &k in items.of_row(r) {
                self.covered[k as usize] = true;
                for &other in items.item(k as usize) {
                    self.dead[other as usize] = true;
                }
            }
        }
        // Number the open items, primary first; a secondary item with
        // fewer than two candidates left constrains nothing and is dropped.
        self.map.clear();
        self.map.resize(item_count, GONE);
        let mut primary = 0u32;
        for k in 0..item_count {
            if items.primary[k] && !self.covered[k] {
                self.map[k] = primary;
                primary += 1;
            }
        }
        let mut next = primary;
        for k in 0..item_count {
            if !items.primary[k]
                && !self.covered[k]
                && items
                    .item(k)
                    .iter()
                    .filter(|&&r| !self.dead[r as usize])
                    .nth(1)
                    .is_some()
            {
                self.map[k] = next;
                next += 1;
            }
        }
        self.links.clear(primary as usize, (next - primary) as usize);
        self.rows.clear();
        for r in 0..rows {
            if !self.dead[r] {
                let map = &self.map;
                self.links.push_option(
                    items
                        .of_row(r)
                        .iter()
                        .map(|&k| map[k as usize])
                        .filter(|&k| k != GONE),
                );
                self.rows.push(r as u32);
            }
        }
        true
    }
}
