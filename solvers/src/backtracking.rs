//! The textbook baseline: fill empty cells in reading order, try digits in
//! ascending order, keep a digit while the rules accept the partial grid.
//!
//! ```text
//!   cell k = next empty cell (reading order)
//!   for d in 1..=n:
//!       place d in cell k                      one node
//!       every rule whose scope holds k
//!       accepts the partial grid (Rule::check)? -> go to cell k+1
//!   no digit fits -> empty cell k, back to cell k-1 and its next digit
//! ```
//!
//! It knows nothing about candidates or propagation: the only question it
//! asks a constraint is [`Rule::check`](sudokit_core::Rule::check), the
//! independent verdict every plugin must give on a partial grid, in its
//! quick per-placement form [`Rule::accepts_placement`](sudokit_core::Rule::accepts_placement)
//! (which defaults to `check`). So it works for any plugin, even one whose
//! propagator is missing or wrong, and it is the yardstick `sudokit compare`
//! measures the other strategies against: its node count says how much
//! search propagation saves. Only the rules whose scope holds the new digit's
//! cell are asked; every complete grid is confirmed by
//! [`Puzzle::check`] before it is reported.
//!
//! It is also exponential: fine on easy puzzles, hopeless on hard 9×9
//! puzzles without a node or time limit (see the conformance suite for the
//! sets it finishes).
//!
//! Constraints of [`Kind::Technique`] are skipped: they are implied by the
//! rules, and their `check` accepts everything anyway.

use crate::clock::Instant;
use std::ops::ControlFlow;

use sudokit_core::{Cell, Grid, Kind, Puzzle, Unsupported};

use crate::limits::{Limits, Search, Solutions, Stats, Stop};
use crate::strategy::{digits_only, Session, SolveError, Start, Strategy};

/// How many nodes pass between two looks at the clock: reading it costs
/// about as much as a node, so the deadline is checked at this stride.
const CLOCK_STRIDE: u64 = 256;

/// Naive chronological backtracking that uses only the rules' `check`.
///
/// Statistics: a *node* is one digit placed and checked; a *guess* is a
/// placement the rules accepted (the baseline never knows whether another
/// digit would fit too, so every accepted placement is tentative); a
/// *backtrack* is a cell emptied after every digit failed there.
/// `propagations` counts the rule verdicts asked for.
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Puzzle};
/// use sudokit_solvers::{Backtracking, Limits, Strategy};
/// // The empty 4×4 board has 288 solutions.
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with(ClassicRules).unwrap();
/// let outcome = Backtracking.count(&puzzle, &Limits::all()).unwrap();
/// assert_eq!((outcome.count, outcome.exhaustive()), (288, true));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backtracking;

impl Strategy for Backtracking {
    fn name(&self) -> &'static str {
        "backtracking"
    }

    /// Not a puzzle with extra variables (chaos regions): it only places
    /// digits.
    fn supports(&self, puzzle: &Puzzle) -> Result<(), Unsupported> {
        digits_only(self.name(), puzzle)
    }

    fn prepare<'p>(&self, puzzle: &'p Puzzle) -> Result<Box<dyn Session + 'p>, SolveError> {
        self.supports(puzzle)?;
        Ok(Box::new(BacktrackingSession {
            puzzle,
            by_cell: rules_by_cell(puzzle),
        }))
    }
}

/// A puzzle prepared for backtracking: which rules read each cell.
struct BacktrackingSession<'p> {
    puzzle: &'p Puzzle,
    by_cell: Vec<Vec<u32>>,
}

impl Session for BacktrackingSession<'_> {
    fn puzzle(&self) -> &Puzzle {
        self.puzzle
    }

    fn visit(
        &mut self,
        start: &Start,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        let n = self.puzzle.size();
        let mut allowed = vec![full(n); n * n];
        for (cell, mask) in start.checked_masks(n)? {
            allowed[cell.index()] &= mask;
        }
        Ok(run(self.puzzle, &self.by_cell, &allowed, limits, visitor))
    }
}

fn full(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// For every cell, the indices of the rules whose scope contains it. A rule
/// with an empty scope is checked with the givens and on every solution.
fn rules_by_cell(puzzle: &Puzzle) -> Vec<Vec<u32>> {
    let geometry = puzzle.geometry();
    let mut by_cell = vec![Vec::new(); geometry.cell_count()];
    for (k, constraint) in puzzle.constraints().iter().enumerate() {
        if constraint.kind() == Kind::Technique {
            continue;
        }
        let mut scope = constraint.scope(geometry);
        scope.sort_unstable();
        scope.dedup();
        for cell in scope {
            by_cell[cell.index()].push(k as u32);
        }
    }
    by_cell
}

/// The search, with `allowed[cell]` the digits a start leaves each cell.
fn run(
    puzzle: &Puzzle,
    by_cell: &[Vec<u32>],
    allowed: &[u128],
    limits: &Limits,
    visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Search {
    let start = Instant::now();
    let deadline = limits.deadline(start);
    let geometry = puzzle.geometry();
    let constraints = puzzle.constraints();
    let n = puzzle.size() as u8;
    let mut grid = puzzle.givens().clone();
    // A start that leaves one digit in an empty cell places it, like a given.
    let mut fits = grid
        .placed()
        .all(|(cell, digit)| allowed[cell.index()] >> (digit - 1) & 1 == 1);
    for cell in geometry.cells() {
        let mask = allowed[cell.index()];
        if grid.get(cell).is_none() && mask.count_ones() == 1 {
            grid.set(cell, mask.trailing_zeros() as u8 + 1);
        }
        fits &= mask != 0;
    }
    let empties: Vec<Cell> = geometry.cells().filter(|&c| grid.get(c).is_none()).collect();
    let mut stats = Stats::default();
    let mut solutions = Solutions::new(puzzle, limits, visitor);

    // Givens that already break a rule leave nothing to search.
    let givens_ok = fits
        && constraints.iter().filter(|c| c.kind() == Kind::Rule).all(|c| {
            stats.propagations += 1;
            c.check(geometry, &grid).is_ok()
        });

    let stop = if !givens_ok {
        Stop::Exhausted
    } else {
        // `depth` is the index in `empties` of the cell being filled; the
        // digit currently in that cell (0 before the first try) says where
        // the loop over digits resumes after a return from deeper down.
        let mut depth = 0usize;
        'search: loop {
            if depth == empties.len() {
                // Every cell is filled and each placement was accepted by the
                // rules that see it; `Puzzle::check` gives the final verdict.
                if let Some(stop) = solutions.offer(&grid) {
                    break 'search stop;
                }
                if depth == 0 {
                    break 'search Stop::Exhausted;
                }
                depth -= 1;
                continue;
            }
            let cell = empties[depth];
            let first = grid.get(cell).unwrap_or(0) + 1;
            let mut accepted = false;
            for digit in first..=n {
                if allowed[cell.index()] >> (digit - 1) & 1 == 0 {
                    continue;
                }
                if limits.max_nodes.is_some_and(|max| stats.nodes >= max) {
                    break 'search Stop::NodeLimit;
                }
                if stats.nodes % CLOCK_STRIDE == 0 {
                    if let Some(stop) = limits.expired(deadline) {
                        break 'search stop;
                    }
                }
                stats.nodes += 1;
                grid.set(cell, digit);
                let rules = &by_cell[cell.index()];
                stats.propagations += rules.len() as u64;
                if rules
                    .iter()
                    .all(|&k| constraints[k as usize].accepts_placement(geometry, &grid, cell))
                {
                    accepted = true;
                    break;
                }
            }
            if accepted {
                stats.guesses += 1;
                depth += 1;
            } else {
                grid.set(cell, 0);
                stats.backtracks += 1;
                if depth == 0 {
                    break 'search Stop::Exhausted;
                }
                depth -= 1;
            }
        }
    };
    stats.elapsed = start.elapsed();
    Search {
        count: solutions.count(),
        stop,
        stats,
    }
}
