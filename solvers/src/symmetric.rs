//! One solution of each orbit: `solve` on a puzzle whose digits are
//! interchangeable searches only the solutions with those digits in
//! increasing order along one house, then lists the rest of the orbit.
//!
//! A bare jigsaw layout ("does any filling exist?") is the extreme case:
//! every digit is interchangeable, so any solution can be relabelled to
//! put `1…n` along its first row. Searching with that row fixed is the
//! same question on a far smaller tree (ISS's layout check does the same):
//! e2e.layout[21] of ISS's tests, which has no solution, takes the
//! propagation search about 300,000 nodes on the bare layout and 203 with
//! its first row fixed (docs/benchmarks.md, "(stop 50, lead)").
//!
//! Why the answers are those of a plain search: with a [`DigitSymmetry`]
//! every permutation of a class's digits maps a solution to a different
//! solution (each class digit sits once in the house), so the puzzle has no
//! solution exactly when no ordered one exists, and once one exists it has
//! at least `factor` of them, which is at least 2. The first
//! `max_solutions` are then the ordered solution and its first
//! relabellings, each checked against every rule's `check` before any is
//! reported.

use std::ops::ControlFlow;

use sudokit_core::{Decision, Digit, Engine, Grid, Puzzle, State, Width, Word};

use crate::clock::Instant;
use crate::count::{digit_symmetry, relabelled, Order};
use crate::limits::{Limits, Search, Stats, Stop};
use crate::strategy::{SolveError, Strategy};

/// Answers a search with at most `limits.max_solutions` solutions of
/// `puzzle` through `strategy`'s sessions, one ordered case at a time, when
/// the puzzle's digits are interchangeable.
///
/// `None` when this does not apply, and nothing has been reported then:
/// no digit symmetry, no solution limit, a limit above the symmetry's
/// factor (more solutions than one orbit could be asked for), or a found
/// solution whose relabelling breaks a rule (a rule's `check` says more
/// than its declarations).
pub(crate) fn visit(
    strategy: &dyn Strategy,
    puzzle: &Puzzle,
    limits: &Limits,
    visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Result<Option<Search>, SolveError> {
    let Some(wanted) = limits.max_solutions.filter(|&k| k >= 1) else {
        return Ok(None);
    };
    let Some(symmetry) = digit_symmetry(puzzle) else {
        return Ok(None);
    };
    if u128::from(wanted) > symmetry.factor {
        return Ok(None);
    }
    let started = Instant::now();
    let order = Order::new(&symmetry, puzzle);
    let mut walk = Walk {
        strategy,
        puzzle,
        order: &order,
        limits: *limits,
        deadline: limits.deadline(started),
        started,
        stats: Stats::default(),
    };
    let n = puzzle.size();
    let (found, stop) = match Width::for_size(n).ok_or(SolveError::TooLarge(n))? {
        Width::W16 => walk.run::<u16>()?,
        Width::W32 => walk.run::<u32>()?,
        Width::W64 => walk.run::<u64>()?,
        Width::W128 => walk.run::<u128>()?,
    };
    let mut stats = walk.stats;
    let grids = match found {
        Some(grid) => match orbit(puzzle, &symmetry.classes, &grid, wanted as usize) {
            Some(grids) => grids,
            None => return Ok(None),
        },
        None => Vec::new(),
    };
    let mut search = Search {
        count: 0,
        stop: if grids.is_empty() {
            stop
        } else {
            Stop::SolutionLimit
        },
        stats: Stats::default(),
    };
    for grid in &grids {
        search.count += 1;
        if visitor(grid).is_break() {
            search.stop = Stop::Visitor;
            break;
        }
    }
    stats.elapsed = started.elapsed();
    search.stats = stats;
    Ok(Some(search))
}

/// `grid` and its relabellings by permutations of each class's digits, in
/// lexicographic order of the permutations, `wanted` in all; `None` when
/// one of them breaks a rule.
fn orbit(puzzle: &Puzzle, classes: &[Vec<Digit>], grid: &Grid, wanted: usize) -> Option<Vec<Grid>> {
    let n = puzzle.size();
    let mut images: Vec<Vec<Digit>> = classes.to_vec();
    let mut grids = vec![grid.clone()];
    while grids.len() < wanted && next_relabelling(&mut images) {
        let mut map: Vec<Digit> = (0..=n as Digit).collect();
        for (class, image) in classes.iter().zip(&images) {
            for (&from, &to) in class.iter().zip(image) {
                map[from as usize] = to;
            }
        }
        grids.push(relabelled(puzzle, grid, |v| map[v as usize])?);
    }
    Some(grids)
}

/// Steps `images` (one permutation per class) to the next combination,
/// the last class fastest; false after the last one.
fn next_relabelling(images: &mut [Vec<Digit>]) -> bool {
    for image in images.iter_mut().rev() {
        if next_permutation(image) {
            return true;
        }
        image.sort_unstable();
    }
    false
}

/// The next permutation in lexicographic order; false (and `items`
/// untouched) at the last one.
fn next_permutation(items: &mut [Digit]) -> bool {
    let Some(pivot) = (1..items.len()).rev().find(|&i| items[i - 1] < items[i]) else {
        return false;
    };
    let swap = (pivot..items.len())
        .rev()
        .find(|&j| items[j] > items[pivot - 1])
        .unwrap_or(pivot);
    items.swap(pivot - 1, swap);
    items[pivot..].reverse();
    true
}

/// The ordered cases in the house's order, each searched for one solution
/// as a puzzle of its own (the house's digits given), so that the strategy
/// answers it as it would any puzzle (`auto` races it).
struct Walk<'a> {
    strategy: &'a dyn Strategy,
    puzzle: &'a Puzzle,
    order: &'a Order,
    limits: Limits,
    deadline: Option<Instant>,
    started: Instant,
    /// The cases' searches added up, and one node per state of the walk.
    stats: Stats,
}

impl Walk<'_> {
    /// The first ordered solution, if any, and why the walk ended.
    fn run<W: Word>(&mut self) -> Result<(Option<Grid>, Stop), SolveError> {
        let mut engine = Engine::rules_only(self.puzzle.model());
        let mut root = State::<W>::with_givens(self.puzzle.geometry(), self.puzzle.givens());
        engine.schedule_all();
        self.stats.nodes += 1;
        if engine.propagate(&mut root, None).is_err() {
            return Ok((None, Stop::Exhausted));
        }
        self.case(&mut engine, root)
    }

    /// Walks the house's open cells from a propagated, consistent state.
    fn case<W: Word>(
        &mut self,
        engine: &mut Engine<'_>,
        state: State<W>,
    ) -> Result<(Option<Grid>, Stop), SolveError> {
        if let Some(stop) = self.limits.expired(self.deadline) {
            return Ok((None, stop));
        }
        let (cell, digits) = match self.order.next(&state) {
            None => return Ok((None, Stop::Exhausted)),
            Some(None) => return self.search_case(&state),
            Some(Some(open)) => open,
        };
        if digits.len() > 1 {
            self.stats.guesses += 1;
        }
        for digit in digits {
            let mut child = state.clone();
            self.stats.nodes += 1;
            if engine
                .decide(&mut child, None, Decision::Assign(cell, digit))
                .is_err()
            {
                self.stats.backtracks += 1;
                continue;
            }
            let (found, stop) = self.case(engine, child)?;
            if found.is_some() || stop != Stop::Exhausted {
                return Ok((found, stop));
            }
        }
        Ok((None, Stop::Exhausted))
    }

    /// One search of a case for one solution: the puzzle with the house's
    /// fixed cells given.
    fn search_case<W: Word>(&mut self, state: &State<W>) -> Result<(Option<Grid>, Stop), SolveError> {
        let mut limits = Limits {
            max_solutions: Some(1),
            ..self.limits.after(self.started)
        };
        if let Some(max) = limits.max_nodes {
            if self.stats.nodes >= max {
                return Ok((None, Stop::NodeLimit));
            }
            limits.max_nodes = Some(max - self.stats.nodes);
        }
        let mut givens = self.puzzle.givens().clone();
        for &cell in self.order.house() {
            if let Some(digit) = state.candidates(cell).single_digit() {
                givens.set(cell, digit);
            }
        }
        let case = self
            .puzzle
            .clone()
            .with_givens(givens)
            .expect("the givens are the puzzle's own grid, of its size");
        let mut found = None;
        let search = self.strategy.visit(&case, &limits, &mut |grid| {
            found = Some(grid.clone());
            ControlFlow::Break(())
        })?;
        self.stats += search.stats;
        match found {
            Some(grid) => Ok((Some(grid), Stop::SolutionLimit)),
            None => Ok((None, search.stop)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_step_in_lexicographic_order() {
        let mut items = vec![1, 2, 3];
        let mut seen = vec![items.clone()];
        while next_permutation(&mut items) {
            seen.push(items.clone());
        }
        assert_eq!(
            seen,
            vec![
                vec![1, 2, 3],
                vec![1, 3, 2],
                vec![2, 1, 3],
                vec![2, 3, 1],
                vec![3, 1, 2],
                vec![3, 2, 1]
            ]
        );
        let mut classes = vec![vec![1, 2], vec![3, 4]];
        let mut steps = 0;
        while next_relabelling(&mut classes) {
            steps += 1;
        }
        assert_eq!((steps, classes), (3, vec![vec![1, 2], vec![3, 4]]));
    }
}
