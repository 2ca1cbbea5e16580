//! A puzzle without a single given: anti-knight, anti-king, non-consecutive
//! and two thermometers.
//!
//! The three rules alone leave 72 grids (see `examples/miracle.rs`). Each
//! thermometer (digits increase from its bulb) rules some of them out; the
//! two below, r8c6 → r8c8 and r7c3 → r7c1, were chosen greedily from the
//! 72 grids so that exactly one survives. The program enumerates every
//! solution to show it.
//!
//! Run: `cargo run --release --example hintless`.

use std::ops::ControlFlow;

use sudokit::constraints::{
    Adjacency, AntiKing, AntiKnight, ClassicRules, Forbidden, Line, LineKind, Negative,
};
use sudokit::core::format::to_pretty;
use sudokit::core::{Cell, Geometry, Puzzle};
use sudokit::solvers::{Limits, PropagationSearch, Strategy};

/// The rules, with the thermometers when `thermometers` is true.
fn puzzle(thermometers: bool) -> Puzzle {
    let at = |r, c| Cell::at(r, c, 9);
    let mut puzzle = Puzzle::new(Geometry::square(9).unwrap())
        .with(ClassicRules)
        .unwrap()
        .with(AntiKnight)
        .unwrap()
        .with(AntiKing)
        .unwrap()
        .with(Negative::new(
            "nonconsecutive",
            Forbidden::Consecutive,
            Adjacency::Orthogonal,
        ))
        .unwrap();
    if thermometers {
        puzzle = puzzle
            .with(Line::new(LineKind::Thermometer, [at(7, 5), at(7, 6), at(7, 7)]))
            .unwrap()
            .with(Line::new(LineKind::Thermometer, [at(6, 2), at(6, 1), at(6, 0)]))
            .unwrap();
    }
    puzzle
}

fn main() {
    let search = PropagationSearch::default();
    let without = search.count(&puzzle(false), &Limits::all()).unwrap();
    println!("without the thermometers: {} solutions", without.count);
    let with = puzzle(true);
    let mut found = 0;
    let outcome = search
        .visit(&with, &Limits::all(), &mut |grid| {
            found += 1;
            println!("solution {found}:");
            print!("{}", to_pretty(grid, with.geometry()));
            ControlFlow::Continue(())
        })
        .unwrap();
    println!(
        "with them: {} solution(s), every one enumerated ({} nodes)",
        outcome.count, outcome.stats.nodes
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit::solvers::{strategy_by_name, STRATEGY_NAMES};

    #[test]
    fn the_thermometers_leave_one_of_seventy_two() {
        let search = PropagationSearch::default();
        assert_eq!(search.count(&puzzle(false), &Limits::all()).unwrap().count, 72);
        for name in STRATEGY_NAMES
            .iter()
            // bitboard takes the classic 9×9 rules alone.
            .filter(|&&n| n != "backtracking" && n != "bitboard")
        {
            let outcome = strategy_by_name(name)
                .unwrap()
                .solve(&puzzle(true), &Limits::all())
                .unwrap();
            assert!(outcome.is_unique(), "{name}: {}", outcome.count_label());
            let grid = &outcome.solutions[0];
            assert!(puzzle(true).verify_solution(grid).is_ok());
            // The thermometers, checked here: digits increase from the bulb.
            let v = |r: usize, c: usize| grid.values()[r * 9 + c];
            assert!(v(7, 5) < v(7, 6) && v(7, 6) < v(7, 7));
            assert!(v(6, 2) < v(6, 1) && v(6, 1) < v(6, 0));
        }
    }
}
