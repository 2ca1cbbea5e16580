//! The DLX strategy: a puzzle as an exact-cover problem, searched by
//! [`DancingLinks`](crate::DancingLinks).
//!
//! # The model
//!
//! The options are the candidates: option "digit `d` in cell `c`" has the
//! dense id [`Cand::id`], `c * n + d - 1`. The items come from two places:
//!
//! * the model itself: every cell holds exactly one digit, one primary
//!   item per cell;
//! * every constraint, through [`Rule::exact_cover`]: the classic rules
//!   give "digit `d` once in row/column/box `u`", a complete all-different
//!   region a primary item per digit, a shorter one (a broken diagonal) or a
//!   pairwise exclusion a secondary item ("at most once").
//!
//! A constraint of [`Kind::Technique`] only speeds propagation up and is
//! skipped. A rule without an exact-cover form makes the whole puzzle
//! [`Unsupported`]: DLX never ignores a rule, so it never gives a wrong
//! answer.
//!
//! # Givens first
//!
//! The rules' items do not depend on the givens, and a thread keeps those
//! of the last puzzle it solved. A puzzle that shares that puzzle's rules
//! ([`Puzzle::same_rules`]: both cloned from one template, as
//! `read_classic` does for a file) uses them as they are. Otherwise its
//! rules are asked for their items (cheap, packed), and only when those
//! differ are they transposed and the matrix built again. A batch of
//! classic puzzles pays for that once; skipping the collection was 10% of
//! the time on 17-clue puzzles.
//!
//! On boards up to 25×25 the whole matrix is kept. The givens are selected
//! (their items covered) before the search, and afterwards the matrix is
//! copied back from the kept one: copying 45 KB (9×9) is cheaper than
//! dancing 17 givens out again. Larger boards would keep too much memory:
//! their matrix is built for each puzzle *without* the givens, leaving out
//! the items they cover and every candidate that meets those items. On
//! 17-clue puzzles, keeping the matrix measured 14% faster than building
//! the reduced one each time (`examples/dlx_bench.rs`; `--max-nodes 0`
//! leaves only this setup).
//!
//! Two givens that meet in an item (two 7s in a row) leave no solution.
//!
//! Every solution is also checked with [`Puzzle::check`]; a constraint
//! whose exact-cover form were looser than its rule could not slip a wrong
//! grid through.

use std::cell::Cell;
use std::ops::ControlFlow;
use std::time::Instant;

use sudokit_core::{Cand, CoverSink, Grid, Kind, Puzzle, Unsupported};

use crate::exact_cover::DancingLinks;
use crate::limits::{Limits, Search, Solutions, Stats, Stop};
use crate::strategy::{SolveError, Strategy};

/// Knuth's Algorithm X with dancing links on the puzzle's exact-cover form.
///
/// ```
/// use sudokit_core::{Geometry, Puzzle};
/// use sudokit_constraints::ClassicRules;
/// use sudokit_solvers::{Dlx, Limits, Strategy};
/// // The empty 4×4 board has 288 solutions.
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with(ClassicRules);
/// let outcome = Dlx.count(&puzzle, &Limits::all()).unwrap();
/// assert_eq!((outcome.count, outcome.exhaustive()), (288, true));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dlx;

/// Largest board side whose rule items and whole matrix are kept between
/// searches (a 25×25 board has 15,625 candidates; a 100×100 one would keep
/// 100 MB, and its givens rule most candidates out anyway).
const CACHE_MAX_SIZE: usize = 25;

thread_local! {
    /// The items of the rules last solved on this thread, with scratch
    /// space and the matrix. Taken out during a search, so a visitor that
    /// panics or searches again cannot see it half-danced.
    static CACHE: Cell<Option<Box<Cache>>> = const { Cell::new(None) };
}

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
        }
        emit_rules(puzzle, &mut Discard)
    }

    fn visit(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        let start = Instant::now();
        let mut cache = CACHE.take().unwrap_or_default();
        // A puzzle sharing the rules of the last one (a batch read from one
        // file) has its items: nothing to collect.
        if !matches!(&cache.items, Some(items) if items.puzzle.same_rules(puzzle)) {
            cache.raw.reset(puzzle.size());
            if let Err(unsupported) = emit_rules(puzzle, &mut cache.raw) {
                CACHE.set(Some(cache));
                return Err(unsupported.into());
            }
            match &mut cache.items {
                // Rules built apart that emit the same items: same matrix.
                Some(items) if items.raw == cache.raw => items.puzzle = puzzle.clone(),
                _ => {
                    cache.items = Some(Items::new(cache.raw.clone(), puzzle.clone()));
                    cache.full = None;
                }
            }
        }
        let n = puzzle.size();
        let Cache {
            items, scratch, full, ..
        } = &mut *cache;
        let items = items.as_ref().expect("just built");
        let search = if n <= CACHE_MAX_SIZE {
            // The whole matrix, kept: every candidate is an option, its id
            // is its number, and `scratch.links` equals `full` on entry.
            let full = full.get_or_insert_with(|| {
                scratch.place(items, &Grid::empty(n));
                scratch.links.clone()
            });
            let links = &mut scratch.links;
            let placed = puzzle
                .givens()
                .placed()
                .all(|(cell, digit)| links.select(Cand::new(cell, digit).id(n)).is_ok());
            let search = if placed {
                search(puzzle, limits, start, links, &scratch.rows, visitor)
            } else {
                unsolvable(start)
            };
            // Copying back is cheaper than dancing the givens out.
            links.clone_from(full);
            search
        } else if scratch.place(items, puzzle.givens()) {
            search(puzzle, limits, start, &mut scratch.links, &scratch.rows, visitor)
        } else {
            unsolvable(start)
        };
        if n > CACHE_MAX_SIZE {
            // Too big to keep.
            cache.items = None;
            cache.full = None;
            cache.scratch = Scratch::default();
        }
        CACHE.set(Some(cache));
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
/// `rows[option]` is the candidate id of every option of `links`.
fn search(
    puzzle: &Puzzle,
    limits: &Limits,
    start: Instant,
    links: &mut DancingLinks,
    rows: &[u32],
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
            let cand = Cand::from_id(rows[option] as usize, n);
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

/// Sends the exact-cover items of every rule of `puzzle` to `sink`; a rule
/// without an exact-cover form is an error naming it.
fn emit_rules(puzzle: &Puzzle, sink: &mut dyn CoverSink) -> Result<(), Unsupported> {
    for constraint in puzzle.constraints() {
        if constraint.kind() == Kind::Technique {
            continue;
        }
        if constraint.exact_cover(puzzle.geometry(), sink).is_err() {
            return Err(Unsupported::new("dlx", constraint.name()));
        }
    }
    Ok(())
}

/// What a thread keeps between searches.
#[derive(Debug, Default)]
struct Cache {
    /// The items the current puzzle's rules emit.
    raw: Raw,
    /// The items of the last rules seen, ready to use.
    items: Option<Items>,
    /// Buffers and the matrix of the current puzzle.
    scratch: Scratch,
    /// For boards up to [`CACHE_MAX_SIZE`]: the whole matrix of `items`,
    /// no givens placed.
    full: Option<DancingLinks>,
}

/// The items the rules emit, as they come: each candidate packed as
/// `cell << 8 | digit`, cheap to collect and to compare.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Raw {
    /// Board side.
    n: usize,
    /// Packed candidates of every item, item after item.
    cands: Vec<u32>,
    /// `ends[k]` is where item `k` ends in `cands`.
    ends: Vec<u32>,
    /// Whether item `k` is primary.
    primary: Vec<bool>,
}

impl Raw {
    /// Empties the lists for a board of side `n`, keeping their memory.
    fn reset(&mut self, n: usize) {
        self.n = n;
        self.cands.clear();
        self.ends.clear();
        self.primary.clear();
    }

    /// Appends an item.
    fn push(&mut self, candidates: &[Cand], primary: bool) {
        self.cands.extend(
            candidates
                .iter()
                .map(|c| u32::from(c.cell.0) << 8 | u32::from(c.digit)),
        );
        self.ends.push(self.cands.len() as u32);
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
}

/// The items of a rule set as lists of candidate ids, the cells' own items
/// first, without repeats or candidates off the board, and the same lists
/// transposed (the items of every candidate).
#[derive(Debug)]
struct Items {
    /// What the rules emitted: the same emission gives the same items.
    raw: Raw,
    /// The last puzzle solved with these items: another puzzle with the
    /// same rules ([`Puzzle::same_rules`]) has them too.
    puzzle: Puzzle,
    /// Board side.
    n: usize,
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
}

impl Items {
    /// The items of the model itself (every cell holds exactly one digit),
    /// then those of the rules.
    fn new(raw: Raw, puzzle: Puzzle) -> Items {
        let n = raw.n;
        let cells = n * n;
        let rows = cells * n;
        let mut ids = Vec::with_capacity(rows + raw.cands.len());
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
            for &packed in &raw.cands[start..end as usize] {
                let (cell, digit) = ((packed >> 8) as usize, (packed & 0xff) as usize);
                if cell >= cells || digit == 0 || digit > n {
                    // Off the board: such a candidate can never be chosen.
                    continue;
                }
                let id = cell * n + digit - 1;
                if seen[id] != stamp {
                    seen[id] = stamp;
                    ids.push(id as u32);
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
        Items {
            raw,
            puzzle,
            n,
            ids,
            ends,
            primary,
            of_row,
            row_ends,
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
    /// Builds in `links` the matrix left after placing `givens`: the
    /// items they cover and the candidates that meet those items are left
    /// out. False when two givens meet in an item (no solution).
    fn place(&mut self, items: &Items, givens: &Grid) -> bool {
        let rows = items.row_ends.len();
        let item_count = items.ends.len();
        self.dead.clear();
        self.dead.resize(rows, false);
        self.covered.clear();
        self.covered.resize(item_count, false);
        for (cell, digit) in givens.placed() {
            let r = Cand::new(cell, digit).id(items.n);
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
