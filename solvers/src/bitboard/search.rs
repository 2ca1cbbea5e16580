//! Depth-first search over boards: branch on a cell, copy the board for
//! every option but the last, propagate, and honour the limits.

use crate::clock::Instant;
use std::ops::ControlFlow;

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
            count: 0,
            stats: Stats::default(),
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
    pub(super) fn explore(&mut self, board: &mut Board, lines: &Lines) -> Result<(), Stop> {
        if let Some(branch) = board.band_branch(lines, self.wide) {
            return self.try_each(board, branch.configurations, |board, p| {
                board.keep_configuration(branch.band, branch.digit, p)
            });
        }
        let Some(branch) = board.branch() else {
            return self.report(board);
        };
        self.try_each(board, branch.digits, |board, d| {
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
                    Ok(lines) => self.explore(board, &lines),
                    Err(Dead) => Ok(()),
                };
            }
            self.stats.guesses += 1;
            let mut child = *board;
            let dirty = apply(&mut child, option);
            if let Ok(lines) = self.propagate(&mut child, dirty) {
                self.explore(&mut child, &lines)?;
            }
        }
        Ok(())
    }

    /// Hands a solved board to the visitor.
    fn report(&mut self, board: &Board) -> Result<(), Stop> {
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
