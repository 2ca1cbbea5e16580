//! The uniqueness test of the search: does the puzzle made of the grid's
//! digits on a clue set have the grid as its only solution? Prepared once
//! per grid, so a test is a clue mask in and, when the answer is no, the
//! other solution out (whose difference with the grid is a new unavoidable
//! set). The search is sudokit's bitboard fast path.

use std::ops::ControlFlow;

use sudokit_solvers::{Bitboard, Limits};

use crate::cells::{difference, puzzle_of, Cells};

/// The uniqueness test for one solution grid.
#[derive(Clone, Debug)]
pub struct Checker {
    grid: [u8; 81],
    limits: Limits,
}

impl Checker {
    /// Prepares the tests for `grid` (a valid solution grid).
    pub fn new(grid: [u8; 81]) -> Checker {
        Checker {
            grid,
            limits: Limits::solutions(2),
        }
    }

    /// The grid the clues are taken from.
    pub fn grid(&self) -> &[u8; 81] {
        &self.grid
    }

    /// A solution of the puzzle `clues` other than the grid, or `None` when
    /// the grid is its only solution.
    pub fn other_solution(&self, clues: Cells) -> Option<[u8; 81]> {
        let mut other = None;
        Bitboard.visit_digits(&puzzle_of(&self.grid, clues), &self.limits, &mut |solution| {
            if solution.values() != self.grid {
                other = solution.values().try_into().ok();
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        other
    }

    /// Whether the grid is the only solution of the puzzle `clues`.
    pub fn is_unique(&self, clues: Cells) -> bool {
        self.other_solution(clues).is_none()
    }

    /// Every solution of the puzzle `clues` other than the grid, as the
    /// cells where it differs from the grid; `None` when there are more than
    /// `limit` solutions.
    pub fn differences(&self, clues: Cells, limit: u64) -> Option<Vec<Cells>> {
        let mut found = Vec::new();
        let limits = Limits::solutions(limit + 1);
        let search = Bitboard.visit_digits(&puzzle_of(&self.grid, clues), &limits, &mut |solution| {
            let values: [u8; 81] = solution.values().try_into().expect("a 9×9 solution has 81 cells");
            let diff = difference(&values, &self.grid);
            if diff != 0 {
                found.push(diff);
            }
            ControlFlow::Continue(())
        });
        (search.count <= limit).then_some(found)
    }
}
