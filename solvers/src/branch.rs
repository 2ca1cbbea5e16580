//! The decisions the propagation search branches on, and how each side of
//! one is applied.
//!
//! A branch splits the solutions of a node in two disjoint parts: its first
//! side, and its refutation (taken once the first side failed or has been
//! explored). Besides the classic `cell = d` / `cell ≠ d`, a wide cell may be
//! **halved**: its value among the lower half of its candidates, or among
//! the upper half (the `x ≤ m` / `x > m` split a sum's bounds reason about);
//! and a house may **spread** a digit's places: the digit is among these of
//! its places, or among the others. Both sides of each are narrowings of
//! the state, and a solution lies in exactly one of them (a house holds each
//! digit once), so counting stays exact.

use sudokit_core::{Cell, Contradiction, Decision, Digit, Digits, Engine, State, Trail, Word};

use crate::house_pairs::{HousePairs, Spread};

/// One binary decision of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Branch {
    /// `cell = digit`, then `cell ≠ digit` (a house's proposal: the
    /// refutation puts the digit in the house's other place).
    Assign(Cell, Digit),
    /// `cell = digit` for a cell the search chose: as [`Branch::Assign`],
    /// but with value iteration (`PropagationSearch::value_iteration`) its
    /// refutation may instead remove the digit without propagating.
    Value(Cell, Digit),
    /// `cell`'s value among `low` (bits of a `u128`, digit `d` at bit
    /// `d − 1`), then among the cell's other candidates.
    Halve(Cell, u128),
    /// The spread's digit among its first side's places in its house,
    /// then among its other places.
    Spread(Spread),
}

impl Branch {
    /// The cell the branch decides on (a spread's first place).
    #[inline]
    pub(crate) fn cell(self, houses: Option<&HousePairs>) -> Cell {
        match self {
            Branch::Assign(cell, _) | Branch::Value(cell, _) | Branch::Halve(cell, _) => cell,
            Branch::Spread(Spread { house, side, .. }) => {
                let houses = houses.expect("a spread comes from the houses");
                houses.house(house)[side.trailing_zeros() as usize]
            }
        }
    }

    /// The halving of `set`: its lower half (the smaller digits, one more
    /// than half when the count is odd) first.
    pub(crate) fn halve<W: Word>(cell: Cell, set: Digits<W>) -> Branch {
        let keep = set.len().div_ceil(2);
        let low = set.iter().take(keep).fold(0u128, |bits, d| bits | 1 << (d - 1));
        Branch::Halve(cell, low)
    }

    /// Applies the first side (`first`) or the refutation of the branch to
    /// `state` and propagates (`houses`: where a spread's house is).
    #[inline]
    pub(crate) fn apply<W: Word>(
        self,
        first: bool,
        houses: Option<&HousePairs>,
        engine: &mut Engine<'_>,
        state: &mut State<W>,
        mut trail: Option<&mut Trail<W>>,
    ) -> Result<(), Contradiction> {
        match (self, first) {
            (Branch::Assign(cell, digit) | Branch::Value(cell, digit), true) => {
                engine.decide(state, trail, Decision::Assign(cell, digit))
            }
            (Branch::Assign(cell, digit) | Branch::Value(cell, digit), false) => {
                engine.decide(state, trail, Decision::Exclude(cell, digit))
            }
            (Branch::Halve(cell, low), _) => {
                let keep = if first { low } else { !low };
                engine.restrict_all(state, trail.as_deref_mut(), [(cell, keep)])?;
                engine.propagate(state, trail)
            }
            (Branch::Spread(Spread { house, digit, side }), _) => {
                let cells = houses.expect("a spread comes from the houses").house(house);
                let without = !(1u128 << (digit - 1));
                // The side that is not taken loses the digit.
                let off = if first { !side } else { side };
                let keep = cells
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| off >> i & 1 == 1)
                    .map(|(_, &c)| (c, without));
                engine.restrict_all(state, trail.as_deref_mut(), keep)?;
                engine.propagate(state, trail)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::tests::random_killer;
    use crate::{Backtracking, Limits, Strategy};
    use sudokit_core::testkit::count_solutions;
    use sudokit_core::{Grid, Puzzle};

    #[test]
    fn halving_keeps_the_smaller_digits_first() {
        let set = Digits::<u16>::from_digits([2, 3, 5, 7, 9]);
        assert_eq!(Branch::halve(Cell(4), set), Branch::Halve(Cell(4), 0b1_0110));
        let set = Digits::<u16>::from_digits([1, 8]);
        assert_eq!(Branch::halve(Cell(0), set), Branch::Halve(Cell(0), 0b1));
        assert_eq!(Branch::halve(Cell(3), set).cell(None), Cell(3));
    }

    /// Whether `state` still allows `solution` in every cell.
    fn allows<W: Word>(state: &State<W>, solution: &Grid) -> bool {
        state
            .cells()
            .iter()
            .zip(solution.all_values())
            .all(|(set, &d)| set.contains(d))
    }

    /// How many sides of `branch`, applied to `state` and propagated, still
    /// allow `solution`.
    fn sides_keeping(
        engine: &mut Engine<'_>,
        state: &State<u16>,
        branch: Branch,
        houses: &HousePairs,
        solution: &Grid,
    ) -> usize {
        [true, false]
            .into_iter()
            .filter(|&first| {
                let mut side = state.clone();
                branch.apply(first, Some(houses), engine, &mut side, None).is_ok() && allows(&side, solution)
            })
            .count()
    }

    /// Every branch of `branches(state)` at random states of random 6×6
    /// killers: each solution the state allows lies in exactly one side.
    /// Returns how many branches were checked and how many broke that.
    fn check_branches(
        seed: u64,
        houses_of: impl Fn(&Puzzle) -> HousePairs,
        branches: impl Fn(&State<u16>, &HousePairs) -> Vec<Branch>,
    ) -> (usize, usize) {
        let mut rng = fastrand::Rng::with_seed(seed);
        let (mut checked, mut broken, mut puzzles) = (0, 0, 0);
        while puzzles < 8 {
            let puzzle = random_killer(&mut rng);
            // The solutions, from another strategy, their number checked by
            // brute force through the rules' `check`.
            let Some(expected) = count_solutions(&puzzle, 2_000_000, 200) else {
                continue;
            };
            let solutions = Backtracking.solve(&puzzle, &Limits::all()).unwrap().solutions;
            assert_eq!(solutions.len() as u64, expected);
            if solutions.is_empty() {
                continue;
            }
            puzzles += 1;
            let houses = houses_of(&puzzle);
            let mut engine = Engine::rules_only(puzzle.model()).with_locked_candidates(true);
            let mut state = State::<u16>::with_givens(puzzle.geometry(), puzzle.givens());
            engine.schedule_all();
            engine.propagate(&mut state, None).unwrap();
            // Walk down towards a random solution, checking every branch on the way.
            let target = &solutions[rng.usize(..solutions.len())];
            loop {
                for branch in branches(&state, &houses) {
                    checked += 1;
                    for solution in solutions.iter().filter(|s| allows(&state, s)) {
                        if sides_keeping(&mut engine, &state, branch, &houses, solution) != 1 {
                            broken += 1;
                        }
                    }
                }
                let open: Vec<usize> = (0..36).filter(|&i| state.cells()[i].len() > 1).collect();
                let Some(&i) = open.get(rng.usize(..open.len().max(1))) else {
                    break;
                };
                let digit = target.all_values()[i];
                engine
                    .decide(&mut state, None, Decision::Assign(Cell(i as u16), digit))
                    .unwrap();
            }
        }
        (checked, broken)
    }

    /// Every halving and every spread of a digit with three or four places.
    fn every_split(state: &State<u16>, houses: &HousePairs) -> Vec<Branch> {
        let mut branches: Vec<Branch> = (0..36)
            .map(|i| (Cell(i), state.candidates(Cell(i))))
            .filter(|(_, set)| set.len() > 1)
            .map(|(cell, set)| Branch::halve(cell, set))
            .collect();
        for h in 0..houses.len() {
            let cells = houses.house(h as u32);
            for digit in 1..=6 {
                let places: Vec<usize> = (0..cells.len())
                    .filter(|&i| state.candidates(cells[i]).contains(digit))
                    .collect();
                if (2..=4).contains(&places.len()) {
                    let side = places[..places.len() / 2].iter().fold(0u128, |s, &i| s | 1 << i);
                    branches.push(Branch::Spread(Spread {
                        house: h as u32,
                        digit,
                        side,
                    }));
                }
            }
        }
        branches
    }

    #[test]
    fn every_solution_lies_in_exactly_one_side_of_a_split() {
        let (checked, broken) = check_branches(41, |p| HousePairs::new(p.model()), every_split);
        assert!(checked > 500, "only {checked} branches checked");
        assert_eq!(broken, 0);
    }

    #[test]
    fn a_spread_over_cells_that_are_no_house_is_caught() {
        // Planted: a "house" of r1c1..r1c3 and r2c4..r2c6, which holds a digit
        // twice or not at all: spreading over them keeps a solution in
        // both sides or in neither.
        let fake = |_: &Puzzle| HousePairs::from_houses(vec![(0..3).chain(9..12).map(Cell).collect()]);
        let (checked, broken) = check_branches(41, fake, every_split);
        assert!(checked > 0);
        assert!(broken > 0, "the unsound spread went unnoticed");
    }
}
