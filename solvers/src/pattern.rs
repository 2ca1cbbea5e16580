//! Solutions of an empty or nearly empty board without search (issue 27).
//!
//! An empty 128×128 board is how people ask for "any grid", and a search
//! through 16,384 cells of 128 candidates takes minutes. A board of boxes
//! `r` high and `c` wide has the pattern solution
//! `digit(row, col) = ((row mod r)·c + row div r + col) mod n + 1`, and
//! stays a solution when its digits are relabelled, its rows permuted
//! within a band, its bands permuted, and the same for columns and stacks.
//! A relabelling can also take the givens: the pattern's digit under each
//! given must always go to the same given digit.
//!
//! Nothing here is trusted: every grid is checked against the puzzle's own
//! rules ([`Puzzle::verify_solution`]) before it is reported, so variant
//! rules that the pattern breaks, jigsaw regions (no box shape) or givens
//! it cannot take simply make the shortcut not apply, and the strategies
//! search as before.

use std::ops::ControlFlow;

use sudokit_core::{Digit, Grid, Puzzle};

use crate::clock::Instant;
use crate::limits::{Limits, Search, Stats, Stop};

/// Boards below this side are searched as before: a search is instant
/// there, and its first solution is the one users have seen so far.
pub const MIN_PATTERN_SIZE: usize = 16;

/// The most solutions the shortcut hands out (a solve asks for 2, a count
/// for its cap); above, the strategies search.
pub const MAX_PATTERN_SOLUTIONS: u64 = 64;

/// How a solution found by [`pattern_solutions`] was found, for `--verbose`.
pub const HOW: &str = "found without search: the pattern grid of the board's boxes, its rows, columns and \
     digits permuted to keep the givens, and checked against every rule";

/// How [`every_candidate_true`] showed its answer, for `--verbose`.
pub const HOW_CANDIDATES: &str = "every digit is true in every cell, shown without search: the pattern grid \
     of the board's boxes and its n relabellings d → d + k are solutions (each checked against every rule) \
     and put every digit in every cell";

/// Bases (shuffled patterns) tried before giving up on the givens.
const BASES: u64 = 32;

/// The pattern solution of the puzzle's board when it has boxes, before
/// any rule but the classic ones is considered.
fn base(puzzle: &Puzzle) -> Option<Grid> {
    // A grid of digits says nothing of extra variables (chaos regions).
    if puzzle.variables() > 0 {
        return None;
    }
    let n = puzzle.size();
    let (rows, cols) = puzzle.geometry().box_shape()?;
    let values = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            (((r % rows) * cols + r / rows + c) % n + 1) as Digit
        })
        .collect();
    Grid::from_values(n, values)
}

/// A permutation of `0..count` in blocks of `block`: the blocks shuffled,
/// and the members of each block.
fn block_permutation(count: usize, block: usize, rng: &mut fastrand::Rng) -> Vec<usize> {
    let mut blocks: Vec<usize> = (0..count / block).collect();
    rng.shuffle(&mut blocks);
    blocks
        .into_iter()
        .flat_map(|b| {
            let mut members: Vec<usize> = (b * block..(b + 1) * block).collect();
            rng.shuffle(&mut members);
            members
        })
        .collect()
}

/// The pattern with its rows permuted within bands and bands permuted, and
/// the same for columns, by `rng`: still a solution of the classic rules.
fn shuffled(puzzle: &Puzzle, pattern: &Grid, rng: &mut fastrand::Rng) -> Option<Grid> {
    let n = puzzle.size();
    let (rows, cols) = puzzle.geometry().box_shape()?;
    let row_of = block_permutation(n, rows, rng);
    let col_of = block_permutation(n, cols, rng);
    let values = (0..n * n)
        .map(|i| pattern.values()[row_of[i / n] * n + col_of[i % n]])
        .collect();
    Grid::from_values(n, values)
}

/// The digits of `grid` relabelled so that it keeps the puzzle's givens,
/// the free digits assigned in the order of `free_shift` (each shift
/// gives another grid while two digits are free), or `None` when a
/// relabelling cannot take them (two givens under one pattern digit
/// differ, or one given digit sits on two pattern digits).
fn relabelled(puzzle: &Puzzle, grid: &Grid, free_shift: usize) -> Option<Grid> {
    let n = puzzle.size();
    let mut to: Vec<Digit> = vec![0; n + 1];
    let mut used = vec![false; n + 1];
    for (cell, given) in puzzle.givens().placed() {
        let from = grid.get(cell)? as usize;
        match to[from] {
            0 if !used[given as usize] => {
                to[from] = given;
                used[given as usize] = true;
            }
            d if d == given => {}
            _ => return None,
        }
    }
    let free_targets: Vec<Digit> = (1..=n as Digit).filter(|&d| !used[d as usize]).collect();
    let free_sources: Vec<usize> = (1..=n).filter(|&d| to[d] == 0).collect();
    for (k, &from) in free_sources.iter().enumerate() {
        to[from] = free_targets[(k + free_shift) % free_targets.len()];
    }
    let values = grid.values().iter().map(|&d| to[d as usize]).collect();
    Grid::from_values(n, values)
}

/// Up to `want` different solutions of `puzzle` found without search, each
/// checked against every rule; `seed` shuffles the pattern first (a random
/// solution for a generator), `None` starts from the pattern itself. Fewer
/// than `want` when the shortcut does not go that far (no box shape, rules
/// or givens the patterns break): the caller then searches.
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Puzzle};
/// use sudokit_solvers::pattern::pattern_solutions;
/// let puzzle = Puzzle::new(Geometry::square(25).unwrap()).with(ClassicRules).unwrap();
/// let two = pattern_solutions(&puzzle, 2, None);
/// assert_eq!(two.len(), 2);
/// assert!(two.iter().all(|grid| puzzle.verify_solution(grid).is_ok()));
/// ```
pub fn pattern_solutions(puzzle: &Puzzle, want: usize, seed: Option<u64>) -> Vec<Grid> {
    let mut found: Vec<Grid> = Vec::new();
    let Some(pattern) = base(puzzle) else {
        return found;
    };
    let n = puzzle.size();
    for attempt in 0..BASES {
        let grid = match (attempt, seed) {
            (0, None) => Some(pattern.clone()),
            (_, seed) => {
                let mut rng = fastrand::Rng::with_seed(seed.unwrap_or(0).wrapping_add(attempt));
                shuffled(puzzle, &pattern, &mut rng)
            }
        };
        let Some(grid) = grid else { break };
        for shift in 0..n {
            let Some(candidate) = relabelled(puzzle, &grid, shift) else {
                break;
            };
            if found.contains(&candidate) {
                break; // no free digits left to vary
            }
            if puzzle.verify_solution(&candidate).is_err() {
                break;
            }
            found.push(candidate);
            if found.len() >= want {
                return found;
            }
        }
    }
    found
}

/// Whether every digit is a true candidate of every cell, shown by
/// construction: the pattern and its `n` cyclic relabellings (`d → d + k`)
/// are solutions, checked against every rule, and between them put every
/// digit in every cell. Only on a board without givens that has boxes;
/// `false` means "not shown", and the caller searches.
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Puzzle};
/// use sudokit_solvers::pattern::every_candidate_true;
/// let puzzle = Puzzle::new(Geometry::square(16).unwrap()).with(ClassicRules).unwrap();
/// assert!(every_candidate_true(&puzzle));
/// ```
pub fn every_candidate_true(puzzle: &Puzzle) -> bool {
    let n = puzzle.size();
    if puzzle.givens().placed().next().is_some() {
        return false;
    }
    let Some(pattern) = base(puzzle) else {
        return false;
    };
    (0..n).all(|k| {
        let values = pattern
            .values()
            .iter()
            .map(|&d| ((d as usize - 1 + k) % n + 1) as Digit)
            .collect();
        Grid::from_values(n, values).is_some_and(|grid| puzzle.verify_solution(&grid).is_ok())
    })
}

/// Whether the shortcut is tried on this board at all.
pub fn applies_to(puzzle: &Puzzle) -> bool {
    puzzle.size() >= MIN_PATTERN_SIZE && puzzle.geometry().box_shape().is_some()
}

/// A session's search from the puzzle's own start, answered by patterns
/// when they give all the solutions `limits` asks for (then the search
/// would have stopped at its solution limit too); `None` otherwise, and
/// the session searches. `seed` is the random value order's, so that a
/// generator gets a different grid per seed.
pub(crate) fn visit(
    puzzle: &Puzzle,
    limits: &Limits,
    seed: Option<u64>,
    visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Option<Search> {
    let started = Instant::now();
    let want = limits
        .max_solutions
        .filter(|&k| (1..=MAX_PATTERN_SOLUTIONS).contains(&k))?;
    if !applies_to(puzzle) {
        return None;
    }
    let grids = pattern_solutions(puzzle, want as usize, seed);
    if (grids.len() as u64) < want {
        return None;
    }
    let mut count = 0;
    let mut stop = Stop::SolutionLimit;
    for grid in &grids {
        count += 1;
        if visitor(grid).is_break() {
            stop = Stop::Visitor;
            break;
        }
    }
    Some(Search {
        count,
        stop,
        stats: Stats {
            elapsed: started.elapsed(),
            ..Stats::default()
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_constraints::{ClassicRules, Line, LineKind};
    use sudokit_core::{Cell, Geometry};

    /// The cells of an `n`×`n` board.
    fn cells(n: usize) -> impl Iterator<Item = Cell> {
        (0..n * n).map(|i| Cell(i as u16))
    }

    fn blank(n: usize) -> Puzzle {
        Puzzle::new(Geometry::square(n).unwrap())
            .with(ClassicRules)
            .unwrap()
    }

    #[test]
    fn patterns_of_rectangular_boxes_are_solutions() {
        for n in [4, 6, 8, 12, 16, 20, 25, 36] {
            let puzzle = blank(n);
            let grids = pattern_solutions(&puzzle, 3, Some(7));
            assert_eq!(grids.len(), 3, "{n}×{n}");
            for grid in &grids {
                assert!(puzzle.verify_solution(grid).is_ok(), "{n}×{n}");
            }
        }
    }

    #[test]
    fn givens_are_kept_by_relabelling_or_the_shortcut_gives_up() {
        let n = 16;
        let mut givens = Grid::empty(n);
        givens.set(Cell::at(0, 0, n), 9);
        givens.set(Cell::at(5, 7, n), 2);
        let puzzle = blank(n).with_givens(givens.clone()).unwrap();
        let grids = pattern_solutions(&puzzle, 2, None);
        assert_eq!(grids.len(), 2);
        for grid in &grids {
            assert!(puzzle.verify_solution(grid).is_ok());
            assert!(cells(n).all(|c| givens.get(c).is_none() || grid.get(c) == givens.get(c)));
        }
        // Two givens in one row with the same digit: no grid, no answer.
        givens.set(Cell::at(0, 1, n), 9);
        let broken = blank(n).with_givens(givens).unwrap();
        assert!(pattern_solutions(&broken, 1, None).is_empty());
        assert!(!every_candidate_true(&broken));
    }

    #[test]
    fn a_rule_the_pattern_breaks_turns_the_shortcut_off() {
        let n = 16;
        // A thermometer down the first column: the pattern's column is not
        // increasing, and its relabellings keep that.
        let thermometer = Line::new(LineKind::Thermometer, (0..4).map(|r| Cell::at(r, 0, n)));
        let puzzle = blank(n).with(thermometer).unwrap();
        for grid in pattern_solutions(&puzzle, 2, None) {
            assert!(puzzle.verify_solution(&grid).is_ok());
        }
        assert!(!every_candidate_true(&puzzle));
    }
}
