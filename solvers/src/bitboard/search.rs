//! Depth-first search over boards: branch on a cell, copy the board for
//! every option but the last, propagate, and honour the limits.

use std::ops::ControlFlow;
use std::time::Instant;

use sudokit_core::Grid;

use super::board::{Board, Dead};
use crate::limits::{Limits, Stats, Stop};

/// How many nodes pass between two looks at the clock and the cancel flag.
const CLOCK_STRIDE: u64 = 256;

/// One search: limits, the visitor, and what it cost so far.
pub(super) struct Searcher<'a> {
    limits: &'a Limits,
    deadline: Option<Instant>,
    visitor: &'a mut dyn FnMut(&Grid) -> ControlFlow<()>,
    /// Solutions reported.
    pub(super) count: u64,
    /// Nodes, guesses, backtracks and propagations.
    pub(super) stats: Stats,
}

impl<'a> Searcher<'a> {
    pub(super) fn new(
        limits: &'a Limits,
        started: Instant,
        visitor: &'a mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Searcher<'a> {
        Searcher {
            limits,
            deadline: limits.deadline(started),
            visitor,
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
    pub(super) fn propagate(&mut self, board: &mut Board, dirty: u32) -> Result<(), Dead> {
        self.stats.propagations += 1;
        let result = board.propagate(dirty);
        if result.is_err() {
            self.stats.backtracks += 1;
        }
        result
    }

    /// Searches below a propagated board.
    pub(super) fn explore(&mut self, board: &mut Board) -> Result<(), Stop> {
        let Some(branch) = board.branch() else {
            return self.report(board);
        };
        let mut digits = branch.digits;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            self.node()?;
            let mut dirty = 0;
            if digits == 0 {
                // The last option: the board itself, no copy.
                board.place(branch.band, branch.pos, d, &mut dirty);
                if self.propagate(board, dirty).is_ok() {
                    return self.explore(board);
                }
                return Ok(());
            }
            self.stats.guesses += 1;
            let mut child = *board;
            child.place(branch.band, branch.pos, d, &mut dirty);
            if self.propagate(&mut child, dirty).is_ok() {
                self.explore(&mut child)?;
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
