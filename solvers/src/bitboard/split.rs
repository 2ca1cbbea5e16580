//! One bitboard search split between threads, for the puzzles whose trees
//! are large: ISS's pencil-mark puzzles, boards of few givens whose search
//! must walk the whole tree to prove the solution unique (HARD_PENCILMARKS[6]:
//! 35 M nodes, 11.5 s on one core).
//!
//! No order of branching found so far shrinks those trees much (see
//! docs/benchmarks.md, "(stop 48, pencilmarks48)" and "(stop 49,
//! pencil49)"), but the tree is the same whichever core walks it: every
//! thread walks the boards down to a fixed depth, and the subtrees below
//! the boards at that depth are dealt out by tickets (see [`Split`]), so
//! each is searched once and the cores stay busy to the end.
//!
//! The answer is the one search alone gives: with no solution or one, the
//! threads walked the same tree (the nodes, guesses and backtracks add up
//! to the lone search's exactly). When they find a second solution, which
//! two come first would depend on the threads' timing, so the split stops
//! and the search runs again alone.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use sudokit_core::{Grid, Puzzle};

use super::kernel::Kernel;
use super::search::{Searcher, Split};
use super::{classic, search, Bitboard};
use crate::clock::Instant;
use crate::limits::{Limits, Search, Stats, Stop};
use crate::strategy::{SolveError, Strategy};

/// The depth (branches taken from the root) of the boards whose subtrees
/// the threads share.
const SPLIT_DEPTH: u32 = 10;

/// The most solutions a split question may ask for: the threads collect
/// their solutions before the caller sees them.
const MAX_SOLUTIONS: u64 = 16;

impl Bitboard {
    /// Whether [`visit_split`](Bitboard::visit_split) splits this question
    /// on this puzzle between threads: a puzzle the bitboards take whose
    /// rules narrow the cells' domains (pencil marks: the classics are
    /// settled in microseconds, too soon for a thread), at least two and
    /// at most a few solutions asked for, and no node limit (the threads'
    /// nodes add up only at the end).
    pub fn splits(&self, puzzle: &Puzzle, limits: &Limits) -> bool {
        let asks = limits
            .max_solutions
            .is_some_and(|k| (2..=MAX_SOLUTIONS).contains(&k));
        asks && limits.max_nodes.is_none()
            && classic::classic_only(puzzle).is_ok_and(|domains| !domains.is_empty())
    }

    /// [`visit`](Strategy::visit) with the search split between `threads`
    /// threads when [`splits`](Bitboard::splits) says so: the same answer
    /// and, with at most one solution, the same nodes, in about
    /// 1/`threads` of the time on as many cores.
    pub fn visit_split(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        threads: usize,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        if threads < 2 || cfg!(target_arch = "wasm32") || !self.splits(puzzle, limits) {
            return self.visit(puzzle, limits, visitor);
        }
        let started = Instant::now();
        let domains = classic::classic_only(puzzle)?;
        let values = puzzle.givens().values();
        let kernel = Kernel::detect();
        let (tickets, found, two) = (AtomicU64::new(0), AtomicU64::new(0), AtomicBool::new(false));
        // Each thread collects its solutions; the shared count stops them.
        let own = Limits {
            max_solutions: None,
            ..*limits
        };
        let walk = |thread: usize| -> (Stop, Stats, Vec<Grid>) {
            let mut grids = Vec::new();
            let mut keep = |grid: &Grid| {
                grids.push(grid.clone());
                ControlFlow::Continue(())
            };
            let split = Split {
                thread,
                tickets: &tickets,
                found: &found,
                stop: &two,
                ticket: tickets.fetch_add(1, Ordering::Relaxed),
                units: 0,
                below: Stats::default(),
            };
            let mut searcher =
                Searcher::new(&own, started, kernel, true, &mut keep).splitting(SPLIT_DEPTH, split);
            let stop = search(&mut searcher, values, &domains);
            let stats = searcher.own_stats();
            (stop, stats, grids)
        };
        let finishes: Vec<(Stop, Stats, Vec<Grid>)> = std::thread::scope(|scope| {
            let others: Vec<_> = (1..threads)
                .map(|thread| scope.spawn(move || walk(thread)))
                .collect();
            let mut finishes = vec![walk(0)];
            for other in others {
                match other.join() {
                    Ok(finish) => finishes.push(finish),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            finishes
        });
        if two.load(Ordering::Relaxed) {
            // Which two solutions come first is the lone search's order.
            let mut search = self.visit(puzzle, &limits.after(started), visitor)?;
            search.stats.elapsed = started.elapsed();
            return Ok(search);
        }
        let mut search = Search {
            count: 0,
            stop: Stop::Exhausted,
            stats: Stats::default(),
        };
        let mut grids = Vec::new();
        for (stop, stats, found) in finishes {
            search.stats += stats;
            grids.extend(found);
            if stop != Stop::Exhausted {
                search.stop = stop;
            }
        }
        for grid in &grids {
            search.count += 1;
            if visitor(grid).is_break() {
                search.stop = Stop::Visitor;
                break;
            }
        }
        search.stats.elapsed = started.elapsed();
        Ok(search)
    }
}
