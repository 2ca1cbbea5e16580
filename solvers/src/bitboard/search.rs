//! Depth-first search over boards: branch on a cell, copy the board for
//! every option but the last, propagate, and honour the limits.

use crate::clock::Instant;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use sudokit_core::Grid;

use super::board::{Board, Dead, Dirty, Lines};
use super::kernel::Kernel;
use crate::limits::{Limits, Stats, Stop};

/// How many nodes pass between two looks at the clock and the cancel flag.
const CLOCK_STRIDE: u64 = 256;

/// One search: limits, the visitor, and what it cost so far.
pub(super) struct Searcher<'a> {
    limits: &'a Limits,
    deadline: Option<Instant>,
    visitor: &'a mut dyn FnMut(&Grid) -> ControlFlow<()>,
    /// The build of the propagation this search runs.
    kernel: Kernel,
    /// Whether band branching breaks ties between digits by their
    /// candidates (see [`Board::band_branch`]): on puzzles whose domains
    /// leave few givens.
    wide: bool,
    /// The depth whose subtrees the threads of a split search share
    /// (`u32::MAX`: alone).
    split_depth: u32,
    /// This thread's part in a split search, if any.
    split: Option<Split<'a>>,
    /// Solutions reported.
    pub(super) count: u64,
    /// Nodes, guesses, backtracks and propagations.
    pub(super) stats: Stats,
}

impl<'a> Searcher<'a> {
    pub(super) fn new(
        limits: &'a Limits,
        started: Instant,
        kernel: Kernel,
        wide: bool,
        visitor: &'a mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Searcher<'a> {
        Searcher {
            limits,
            deadline: limits.deadline(started),
            visitor,
            kernel,
            wide,
            split_depth: u32::MAX,
            split: None,
            count: 0,
            stats: Stats::default(),
        }
    }

    /// This searcher as one thread of a split search (see [`Split`]).
    pub(super) fn splitting(mut self, depth: u32, split: Split<'a>) -> Searcher<'a> {
        self.split_depth = depth;
        self.split = Some(split);
        self
    }

    /// What this thread searched below the split depth, which no other
    /// thread searched too (the whole search for the first thread).
    pub(super) fn own_stats(&self) -> Stats {
        match &self.split {
            Some(split) if split.thread != 0 => split.below,
            _ => self.stats,
        }
    }

    /// Counts one node, or says which limit ends the search.
    #[inline]
    pub(super) fn node(&mut self) -> Result<(), Stop> {
        if self.limits.max_nodes.is_some_and(|max| self.stats.nodes >= max) {
            return Err(Stop::NodeLimit);
        }
        if self.stats.nodes % CLOCK_STRIDE == 0 {
            if let Some(stop) = self.limits.expired(self.deadline) {
                return Err(stop);
            }
            if self
                .split
                .as_ref()
                .is_some_and(|split| split.stop.load(Ordering::Relaxed))
            {
                return Err(Stop::Visitor);
            }
        }
        self.stats.nodes += 1;
        Ok(())
    }

    /// Propagates `board` from the digits in `dirty`; a dead end counts as
    /// a backtrack.
    #[inline]
    pub(super) fn propagate(&mut self, board: &mut Board, dirty: u32) -> Result<Lines, Dead> {
        self.stats.propagations += 1;
        let result = board.propagate(self.kernel, dirty);
        if result.is_err() {
            self.stats.backtracks += 1;
        }
        result
    }

    /// Searches below a propagated board: on a digit's configurations in a
    /// band or stack while some are open, then (a safety net) on a cell's
    /// digits.
    pub(super) fn explore(&mut self, board: &mut Board, lines: &Lines, depth: u32) -> Result<(), Stop> {
        if depth == self.split_depth {
            return self.claim(board, lines, depth);
        }
        if let Some(branch) = board.band_branch(lines, self.wide) {
            return self.try_each(board, depth, branch.configurations, |board, p| {
                board.keep_configuration(branch.band, branch.digit, p)
            });
        }
        let Some(branch) = board.branch() else {
            return self.report(board);
        };
        self.try_each(board, depth, branch.digits, |board, d| {
            let mut dirty = 0;
            board.place(branch.band, branch.pos, d, &mut dirty);
            dirty
        })
    }

    /// Tries each option (bit `o` of `options`) that `apply` writes into a
    /// board: a copy for every option but the last, the board itself for
    /// the last.
    #[inline]
    fn try_each(
        &mut self,
        board: &mut Board,
        depth: u32,
        mut options: u32,
        apply: impl Fn(&mut Board, usize) -> Dirty,
    ) -> Result<(), Stop> {
        while options != 0 {
            let option = options.trailing_zeros() as usize;
            options &= options - 1;
            self.node()?;
            if options == 0 {
                let dirty = apply(board, option);
                return match self.propagate(board, dirty) {
                    Ok(lines) => self.explore(board, &lines, depth + 1),
                    Err(Dead) => Ok(()),
                };
            }
            self.stats.guesses += 1;
            let mut child = *board;
            let dirty = apply(&mut child, option);
            if let Ok(lines) = self.propagate(&mut child, dirty) {
                self.explore(&mut child, &lines, depth + 1)?;
            }
        }
        Ok(())
    }

    /// Searches below a board at the split depth if this thread holds its
    /// ticket, and skips it if another thread does.
    #[cold]
    fn claim(&mut self, board: &mut Board, lines: &Lines, depth: u32) -> Result<(), Stop> {
        if let Some(split) = self.split.as_mut() {
            let unit = split.units;
            split.units += 1;
            if unit != split.ticket {
                return Ok(());
            }
        }
        let before = self.stats;
        self.split_depth = u32::MAX;
        let result = self.explore(board, lines, depth);
        self.split_depth = depth;
        if let Some(split) = self.split.as_mut() {
            split.ticket = split.tickets.fetch_add(1, Ordering::Relaxed);
            split.below.nodes += self.stats.nodes - before.nodes;
            split.below.guesses += self.stats.guesses - before.guesses;
            split.below.backtracks += self.stats.backtracks - before.backtracks;
            split.below.propagations += self.stats.propagations - before.propagations;
        }
        result
    }

    /// Hands a solved board to the visitor.
    fn report(&mut self, board: &Board) -> Result<(), Stop> {
        if let Some(split) = &self.split {
            // Above the split depth every thread walks the same boards:
            // the first reports their solutions.
            if self.split_depth != u32::MAX && split.thread != 0 {
                return Ok(());
            }
            if split.found.fetch_add(1, Ordering::Relaxed) + 1 >= 2 {
                split.stop.store(true, Ordering::Relaxed);
            }
        }
        let grid = Grid::from_values(9, board.digits().to_vec()).expect("81 digits from 1 to 9");
        self.count += 1;
        if (self.visitor)(&grid).is_break() {
            return Err(Stop::Visitor);
        }
        match self.limits.max_solutions {
            Some(max) if self.count >= max => Err(Stop::SolutionLimit),
            _ => Ok(()),
        }
    }
}

/// One thread's part in a search split between threads: every thread walks
/// the same boards down to the split depth, and searches below a board
/// there only when it holds that board's ticket (the boards at the split
/// depth are numbered in the order all threads meet them, and each thread
/// takes the next free number when it has searched below its last one).
/// Deterministic boards make every thread meet the same numbers, so each
/// subtree is searched exactly once.
pub(super) struct Split<'a> {
    /// Which thread: the first counts the boards above the split depth.
    pub(super) thread: usize,
    /// The next free ticket.
    pub(super) tickets: &'a AtomicU64,
    /// Solutions found by all threads.
    pub(super) found: &'a AtomicU64,
    /// Set when the threads found two solutions: the split search stops
    /// and the caller searches alone (which two come first is the order's).
    pub(super) stop: &'a AtomicBool,
    /// The ticket this thread holds.
    pub(super) ticket: u64,
    /// The boards at the split depth this thread met.
    pub(super) units: u64,
    /// What this thread searched below the boards it held.
    pub(super) below: Stats,
}
