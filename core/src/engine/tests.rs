//! The engine's shortcuts against the plain computations they replace.

use std::borrow::Cow;

use super::*;
use crate::constraint::{Constraint, Rule, Violation};
use crate::geometry::Geometry;
use crate::group::Group;
use crate::sum::Sum;

/// A few cages of two to four cells, each a cell and some of its
/// neighbours to the right and below (so they often sit in one box).
fn random_cages(rng: &mut fastrand::Rng, n: usize) -> Vec<Group> {
    let mut taken = vec![false; n * n];
    let mut cages = Vec::new();
    for _ in 0..n {
        let (r, c) = (rng.usize(..n), rng.usize(..n));
        let mut cells = vec![(r, c)];
        for _ in 0..rng.usize(1..4) {
            let &(r, c) = rng.choice(&cells).expect("a cell");
            let next = if rng.bool() { (r + 1, c) } else { (r, c + 1) };
            if next.0 < n && next.1 < n && !cells.contains(&next) {
                cells.push(next);
            }
        }
        let cells: Vec<Cell> = cells.iter().map(|&(r, c)| Cell::at(r, c, n)).collect();
        if cells.len() < 2 || cells.iter().any(|c| taken[c.index()]) {
            continue;
        }
        cells.iter().for_each(|c| taken[c.index()] = true);
        cages.push(Group::new(format!("cage {}", cages.len()), cells));
    }
    cages
}

/// Narrows a random part of the board: some cells to one digit, some to a
/// few.
fn random_state(rng: &mut fastrand::Rng, geometry: &Geometry) -> State<u16> {
    let n = geometry.size();
    let mut state = State::<u16>::new(geometry);
    for i in 0..geometry.cell_count() {
        let keep = match rng.u8(0..12) {
            0 => Digits::single(rng.u8(1..=n as u8)),
            1..=3 => Digits(rng.u16(1..1 << n) | rng.u16(1..1 << n)),
            _ => continue,
        };
        state.restrict_untracked(Cell(i as u16), keep);
    }
    state
}

/// Killer cages on the houses (rows, columns, boxes): each cage a group and a sum (some with every
/// coefficient 2), the total of some digits there, moved by one now and
/// then; and a little killer's diagonal, whose sum has several blocks.
#[derive(Clone, Debug)]
struct Killer {
    cages: Vec<Group>,
    sums: Vec<Sum>,
}

impl Rule for Killer {
    fn name(&self) -> Cow<'_, str> {
        "killer".into()
    }
    fn groups(&self, geometry: &Geometry) -> Vec<Group> {
        let houses = geometry.units().iter().enumerate();
        let houses = houses.map(|(u, unit)| Group::new(format!("house {u}"), unit.cells.iter().copied()));
        houses.chain(self.cages.iter().cloned()).collect()
    }
    fn sums(&self, _: &Geometry) -> Vec<Sum> {
        self.sums.clone()
    }
    fn check(&self, _: &Geometry, _: &Grid) -> Result<(), Violation> {
        Ok(())
    }
}

impl Constraint for Killer {}

/// Random cages with their sums, and a diagonal's sum.
fn random_killer(rng: &mut fastrand::Rng, n: usize) -> Killer {
    let cages = random_cages(rng, n);
    let mut sums: Vec<Sum> = cages
        .iter()
        .map(|cage| {
            let mut digits: Vec<i32> = (1..=n as i32).collect();
            rng.shuffle(&mut digits);
            let total: i32 =
                digits[..cage.cells().len()].iter().sum::<i32>() + [0, 0, 0, 1, -1][rng.usize(..5)];
            if rng.u8(..4) == 0 {
                Sum::from_terms(cage.cells().iter().map(|&c| (c, 2)), 2 * total)
            } else {
                Sum::new(cage.cells().iter().copied(), total)
            }
        })
        .collect();
    // A little killer's diagonal: cells in one box must differ, so the sum
    // has blocks of one and of two or three cells.
    let length = rng.usize(2..=n);
    let start = rng.usize(..=n - length);
    let diagonal = (0..length).map(|i| Cell::at(start + i, i, n));
    let middle = (length * (n + 1) / 2) as i32;
    sums.push(Sum::new(diagonal, middle + rng.i32(-3..=3)));
    Killer { cages, sums }
}

/// A decision on the first open cell of `state`: its smallest digit,
/// assigned or excluded at random; `None` when every cell is fixed.
fn first_open_decision(rng: &mut fastrand::Rng, geometry: &Geometry, state: &State<u16>) -> Option<Decision> {
    let cell = (0..geometry.cell_count())
        .map(|i| Cell(i as u16))
        .find(|&cell| !state.candidates(cell).is_single())?;
    let digit = state.candidates(cell).min().expect("open");
    Some(if rng.bool() {
        Decision::Assign(cell, digit)
    } else {
        Decision::Exclude(cell, digit)
    })
}

/// Sums with their blocks' fixed cells left out of the layers reach the same
/// state and the same contradiction as with every cell in them, on random
/// killers (cages and a diagonal) of 4×4, 6×6 and 9×9 boards, at the first
/// propagation and after each decision of a few.
#[test]
fn sums_without_their_fixed_cells_propagate_as_whole_blocks() {
    let mut rng = fastrand::Rng::with_seed(39);
    let boards = [
        Geometry::square(4).unwrap(),
        Geometry::with_boxes(6, 2, 3).unwrap(),
        Geometry::square(9).unwrap(),
    ];
    let (mut runs, mut failed, mut half_fixed) = (0, 0, 0);
    for trial in 0..1500 {
        let geometry = &boards[trial % boards.len()];
        let killer = random_killer(&mut rng, geometry.size());
        let cages = killer.cages.clone();
        let puzzle = Puzzle::new(geometry.clone()).with(killer).unwrap();
        let model = puzzle.model();
        let mut split = Engine::new(model).with_locked_candidates(true);
        let mut whole = Engine::new(model).with_locked_candidates(true);
        whole.sums.whole_blocks = true;
        let mut a = random_state(&mut rng, geometry);
        let mut b = a.clone();
        split.schedule_all();
        whole.schedule_all();
        let mut result = Ok(());
        for step in 0..40 {
            let got = if step == 0 {
                split.propagate(&mut a, None)
            } else {
                let Some(decision) = first_open_decision(&mut rng, geometry, &a) else {
                    break;
                };
                result = whole.decide(&mut b, None, decision);
                split.decide(&mut a, None, decision)
            };
            if step == 0 {
                result = whole.propagate(&mut b, None);
            }
            assert_eq!(got, result, "trial {trial}, step {step}");
            assert_eq!(a, b, "trial {trial}, step {step}");
            runs += 1;
            half_fixed += usize::from(cages.iter().any(|cage| {
                let fixed = cage
                    .cells()
                    .iter()
                    .filter(|&&c| a.candidates(c).is_single())
                    .count();
                fixed > 0 && fixed < cage.cells().len()
            }));
            if result.is_err() {
                failed += 1;
                break;
            }
        }
    }
    assert!(
        runs > 3000 && failed > 500 && half_fixed > 1500,
        "{runs} runs, {failed} failed, {half_fixed} with a cage half fixed"
    );
}

/// Locked candidates that take a group's placed digits from its last
/// hidden-single scan reach the same fixpoint as those that read them from
/// the cells again (what they do while recording), and fail on the same
/// states: random killers (houses, cages as partial groups that overlap the
/// houses, sums) on 4×4, 6×6 and 9×9, at the first propagation and after
/// each decision of a few.
#[test]
fn overlaps_from_the_scans_placed_digits_reach_the_same_fixpoint() {
    let mut rng = fastrand::Rng::with_seed(46);
    let boards = [
        Geometry::square(4).unwrap(),
        Geometry::with_boxes(6, 2, 3).unwrap(),
        Geometry::square(9).unwrap(),
    ];
    let (mut runs, mut failed) = (0, 0);
    for trial in 0..1500 {
        let geometry = &boards[trial % boards.len()];
        let puzzle = Puzzle::new(geometry.clone())
            .with(random_killer(&mut rng, geometry.size()))
            .unwrap();
        let model = puzzle.model();
        let mut fast = Engine::new(model).with_locked_candidates(true);
        let mut read = Engine::new(model).with_locked_candidates(true);
        let mut a = random_state(&mut rng, geometry);
        let mut b = a.clone();
        fast.schedule_all();
        read.schedule_all();
        for step in 0..40 {
            let got = if step == 0 {
                fast.propagate(&mut a, None)
            } else {
                let Some(decision) = first_open_decision(&mut rng, geometry, &a) else {
                    break;
                };
                let (cell, keep) = match decision {
                    Decision::Assign(cell, digit) => (cell, 1u128 << (digit - 1)),
                    Decision::Exclude(cell, digit) => (cell, !(1u128 << (digit - 1))),
                };
                read.restrict_all(&mut b, None, [(cell, keep)])
                    .expect("an open cell's digit");
                fast.decide(&mut a, None, decision)
            };
            let (result, _) = read.record(&mut b, None);
            assert_eq!(got.is_ok(), result.is_ok(), "trial {trial}, step {step}");
            runs += 1;
            if result.is_err() {
                failed += 1;
                break;
            }
            assert_eq!(a, b, "trial {trial}, step {step}");
        }
    }
    assert!(runs > 3000 && failed > 500, "{runs} runs, {failed} failed");
}
