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
//! The givens are selected before the search, but instead of building the
//! whole matrix and covering them, the matrix is built *without* them: the
//! items a given covers and every candidate that meets those items are left
//! out. A 17-clue 9×9 puzzle keeps about a third of its 729 options and
//! 2,916 nodes, which makes building and searching cheaper than building
//! everything and dancing the givens out (see `examples/dlx_bench.rs`).
//! Two givens that meet in an item (two 7s in a row) leave no solution.
//!
//! Every solution is also checked with [`Puzzle::check`]; a constraint
//! whose exact-cover form were looser than its rule could not slip a wrong
//! grid through.

use std::cell::Cell;
use std::ops::ControlFlow;
use std::time::Instant;

use sudokit_core::{Cand, CoverSink, Grid, Kind, Puzzle, Unsupported};

use crate::exact_cover::{DancingLinks, ExactCover};
use crate::limits::{Limits, Search, Stats, Stop};
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

/// Largest board side whose full matrix is kept between searches (a
/// 25×25 matrix has 62,500 options; a 100×100 one would keep 50 MB).
const CACHE_MAX_SIZE: usize = 25;

thread_local! {
    /// The matrix of the rules last solved on this thread, with scratch
    /// space. Taken out during a search, so a visitor that panics or
    /// searches again cannot see it half-danced.
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
        cache.raw.reset(puzzle.size());
        emit_rules(puzzle, &mut cache.raw)?;
        let search = if puzzle.size() <= CACHE_MAX_SIZE {
            // Same rules as last time (the usual case in a batch): reuse the matrix.
            if cache.skeleton.as_ref().is_none_or(|s| s.raw != cache.raw) {
                let items = Items::new(&cache.raw);
                let rows = (0..items.rows() as u32).collect();
                let problem = Model::build(&items, &Grid::empty(puzzle.size()))
                    .expect("no givens, no clash")
                    .problem;
                cache.skeleton = Some(Skeleton {
                    raw: cache.raw.clone(),
                    links: problem.links(),
                    rows,
                });
            }
            let skeleton = cache.skeleton.as_mut().expect("just built");
            let mut clash = false;
            for (cell, digit) in puzzle.givens().placed() {
                let id = Cand::new(cell, digit).id(puzzle.size());
                if skeleton.links.select(skeleton.rows[id] as usize).is_err() {
                    clash = true;
                    break;
                }
            }
            let search = if clash {
                unsolvable(start)
            } else {
                search(
                    puzzle,
                    limits,
                    start,
                    &mut skeleton.links,
                    &skeleton.rows,
                    visitor,
                )
            };
            skeleton.links.reset();
            search
        } else {
            // Big boards: build only what the givens leave open.
            let items = Items::new(&cache.raw);
            match Model::build(&items, puzzle.givens()) {
                None => unsolvable(start),
                Some(model) => search(
                    puzzle,
                    limits,
                    start,
                    &mut model.problem.links(),
                    &model.rows,
                    visitor,
                ),
            }
        };
        CACHE.set(Some(cache));
        Ok(search)
    }
}

/// The answer for givens that meet in an item: no solution, proven at the root.
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
        max_nodes: limits.max_nodes,
        time_limit: limits.time_limit.map(|t| t.saturating_sub(start.elapsed())),
    };
    let n = puzzle.size();
    let mut grid = puzzle.givens().clone();
    let mut count = 0u64;
    let mut user_stop = false;
    let mut search = links.solve(&inner, |options| {
        for &option in options {
            let cand = Cand::from_id(rows[option] as usize, n);
            grid.set(cand.cell, cand.digit);
        }
        if puzzle.check(&grid).is_err() {
            return ControlFlow::Continue(());
        }
        count += 1;
        if visitor(&grid).is_break() {
            user_stop = true;
            return ControlFlow::Break(());
        }
        if limits.max_solutions.is_some_and(|max| count >= max) {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if search.stop == Stop::Visitor && !user_stop {
        search.stop = Stop::SolutionLimit;
    }
    search.count = count;
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

/// Scratch space and the matrix last built on this thread.
#[derive(Debug, Default)]
struct Cache {
    /// The items the current puzzle's rules emit.
    raw: Raw,
    /// The full matrix of the last rules seen, givens not placed.
    skeleton: Option<Skeleton>,
}

/// The full matrix of one rule set.
#[derive(Debug)]
struct Skeleton {
    /// What the rules emitted: the same emission gives the same matrix.
    raw: Raw,
    /// The matrix; searches leave it as they found it.
    links: DancingLinks,
    /// Option of every candidate id, and candidate id of every option
    /// (the same here: every candidate is an option).
    rows: Vec<u32>,
}

/// The items the rules emit, as they come: candidate ids ([`GONE`] for a
/// candidate off the board), cheap to collect and to compare.
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
}

impl Raw {
    /// Empties the lists for a board of side `n`, keeping their memory.
    fn reset(&mut self, n: usize) {
        self.n = n;
        self.ids.clear();
        self.ends.clear();
        self.primary.clear();
    }

    /// The candidate ids of item `k`.
    fn item(&self, k: usize) -> &[u32] {
        let start = if k == 0 { 0 } else { self.ends[k - 1] as usize };
        &self.ids[start..self.ends[k] as usize]
    }

    fn push(&mut self, candidates: &[Cand], primary: bool) {
        let n = self.n;
        self.ids.extend(candidates.iter().map(|cand| {
            if cand.cell.index() < n * n && cand.digit != 0 && cand.digit as usize <= n {
                cand.id(n) as u32
            } else {
                GONE
            }
        }));
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
}

/// The items of a puzzle as lists of candidate ids, the cells' own items
/// first, without repeats or candidates off the board.
#[derive(Debug)]
struct Items {
    /// Board side.
    n: usize,
    /// Candidate ids of every item, item after item.
    ids: Vec<u32>,
    /// `ends[k]` is where item `k` ends in `ids`.
    ends: Vec<u32>,
    /// Whether item `k` is primary.
    primary: Vec<bool>,
}

impl Items {
    /// The items of the model itself (every cell holds exactly one digit),
    /// then those of the rules.
    fn new(raw: &Raw) -> Items {
        let n = raw.n;
        let cells = n * n;
        let rows = cells * n;
        let mut items = Items {
            n,
            ids: Vec::with_capacity(rows + raw.ids.len()),
            ends: Vec::with_capacity(cells + raw.ends.len()),
            primary: Vec::with_capacity(cells + raw.ends.len()),
        };
        for cell in 0..cells {
            items.ids.extend((cell * n..(cell + 1) * n).map(|id| id as u32));
            items.ends.push(items.ids.len() as u32);
            items.primary.push(true);
        }
        // `seen[id]` is 1 + the last item that listed candidate `id`.
        let mut seen = vec![0u32; rows];
        for k in 0..raw.ends.len() {
            let stamp = items.ends.len() as u32 + 1;
            for &id in raw.item(k) {
                if id != GONE && seen[id as usize] != stamp {
                    seen[id as usize] = stamp;
                    items.ids.push(id);
                }
            }
            items.ends.push(items.ids.len() as u32);
            items.primary.push(raw.primary[k]);
        }
        items
    }

    /// Number of candidates (options) of the board.
    fn rows(&self) -> usize {
        self.n * self.n * self.n
    }

    /// The candidate ids of item `k`.
    fn item(&self, k: usize) -> &[u32] {
        let start = if k == 0 { 0 } else { self.ends[k - 1] as usize };
        &self.ids[start..self.ends[k] as usize]
    }
}

/// Marks an item or candidate left out of the matrix.
const GONE: u32 = u32::MAX;

/// The exact-cover matrix of a puzzle once its givens are placed.
#[derive(Debug)]
struct Model {
    /// Items still open, candidates still possible.
    problem: ExactCover,
    /// The candidate id of every option of `problem`.
    rows: Vec<u32>,
}

impl Model {
    /// Builds the matrix left after placing `givens`, or `None` when two
    /// givens meet in an item.
    fn build(items: &Items, givens: &Grid) -> Option<Model> {
        let rows = items.rows();
        let item_count = items.ends.len();
        // Transpose: the items of every candidate.
        let mut start = vec![0u32; rows + 1];
        for &id in &items.ids {
            start[id as usize + 1] += 1;
        }
        for r in 0..rows {
            start[r + 1] += start[r];
        }
        let mut cursor = start.clone();
        let mut row_items = vec![0u32; items.ids.len()];
        for k in 0..item_count {
            for &id in items.item(k) {
                row_items[cursor[id as usize] as usize] = k as u32;
                cursor[id as usize] += 1;
            }
        }
        let of_row = |r: usize| &row_items[start[r] as usize..start[r + 1] as usize];

        // Place the givens: cover their items, drop every candidate that meets them.
        let mut covered = vec![false; item_count];
        let mut dead = vec![false; rows];
        for (cell, digit) in givens.placed() {
            let r = Cand::new(cell, digit).id(items.n);
            if dead[r] {
                return None;
            }
            for &k in of_row(r) {
                covered[k as usize] = true;
                for &other in items.item(k as usize) {
                    dead[other as usize] = true;
                }
            }
        }

        // Number the open items, primary first; a secondary item with
        // fewer than two candidates left constrains nothing and is dropped.
        let mut map = vec![GONE; item_count];
        let mut primary = 0usize;
        for k in 0..item_count {
            if items.primary[k] && !covered[k] {
                map[k] = primary as u32;
                primary += 1;
            }
        }
        let mut secondary = 0usize;
        for k in 0..item_count {
            if !items.primary[k]
                && !covered[k]
                && items
                    .item(k)
                    .iter()
                    .filter(|&&r| !dead[r as usize])
                    .nth(1)
                    .is_some()
            {
                map[k] = (primary + secondary) as u32;
                secondary += 1;
            }
        }

        let live = dead.iter().filter(|&&d| !d).count();
        let mut problem = ExactCover::new(primary, secondary);
        problem.reserve(live, live * 4);
        let mut option_rows = Vec::with_capacity(live);
        for r in (0..rows).filter(|&r| !dead[r]) {
            problem.add_option(
                of_row(r)
                    .iter()
                    .map(|&k| map[k as usize])
                    .filter(|&k| k != GONE)
                    .map(|k| k as usize),
            );
            option_rows.push(r as u32);
        }
        Some(Model {
            problem,
            rows: option_rows,
        })
    }
}
