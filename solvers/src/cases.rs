//! The top of a search tree cut into cases: the walk that both the exact
//! count (`count.rs`) and the split search (`split.rs`) make.
//!
//! From a propagated state, a chooser picks a cell to branch on (and the
//! digits to try there) or calls the state a case; each digit is placed
//! with the puzzle's propagation, and a digit that fails there is a dead
//! part of the tree. Every solution below the state lies in exactly one
//! case, the cases come in the tree's order (the chooser's digits in the
//! order given), and each carries its share of the tree: its parent's
//! share over the number of digits tried there.

use std::ops::ControlFlow;

use sudokit_core::{Cell, Decision, Digit, Engine, State, Word};

use crate::strategy::Start;

/// What the chooser makes of a state in the walk.
pub(crate) enum Choice {
    /// Nothing below counts (a digit order a symmetry rules out).
    Dead,
    /// The state is a case of its own.
    Case,
    /// Branch on this cell, trying these digits in this order.
    Branch(Cell, Vec<Digit>),
}

/// What the walk reaches.
pub(crate) enum Reached<'a> {
    /// A case: the digits placed on the way (in order), its share of the
    /// tree.
    Case {
        placed: &'a [(Cell, Digit)],
        weight: f64,
    },
    /// A part of the tree with no solution (a digit that fails, a dead
    /// choice), with its share.
    Dead(f64),
}

/// The walk's two callbacks: `choose` decides at each state (or breaks off
/// the walk), `reach` hears of each case and dead part in the tree's order
/// (and may break off the walk).
pub(crate) trait Walker<W: Word> {
    /// Why a walk was broken off.
    type Break;

    /// What to do with a propagated, consistent state of this share.
    fn choose(&mut self, state: &State<W>, weight: f64) -> ControlFlow<Self::Break, Choice>;

    /// A case or a dead part, in the tree's order.
    fn reach(&mut self, reached: Reached<'_>) -> ControlFlow<Self::Break>;
}

/// Walks the tree below `state` (propagated and consistent, reached by
/// `placed`, of share `weight`) with `engine`, calling `walker` on the way.
pub(crate) fn walk<W: Word, K: Walker<W>>(
    engine: &mut Engine<'_>,
    walker: &mut K,
    placed: &mut Vec<(Cell, Digit)>,
    state: State<W>,
    weight: f64,
) -> ControlFlow<K::Break> {
    let (cell, digits) = match walker.choose(&state, weight)? {
        Choice::Dead => return walker.reach(Reached::Dead(weight)),
        Choice::Case => return walker.reach(Reached::Case { placed, weight }),
        Choice::Branch(cell, digits) => (cell, digits),
    };
    if digits.is_empty() {
        return walker.reach(Reached::Dead(weight));
    }
    let share = weight / digits.len() as f64;
    for digit in digits {
        let mut child = state.clone();
        if engine
            .decide(&mut child, None, Decision::Assign(cell, digit))
            .is_err()
        {
            walker.reach(Reached::Dead(share))?;
            continue;
        }
        placed.push((cell, digit));
        let walked = walk(engine, walker, placed, child, share);
        placed.pop();
        walked?;
    }
    ControlFlow::Continue(())
}

/// The start that places `placed`: a case as a sub-search begins it.
pub(crate) fn start_of(placed: &[(Cell, Digit)]) -> Start {
    placed
        .iter()
        .fold(Start::new(), |start, &(cell, digit)| start.place(cell, digit))
}
