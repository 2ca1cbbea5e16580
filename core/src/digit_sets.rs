//! Exact filtering of cells that hold different digits by a property of
//! their *set* of digits: the tool behind rules like renban (the set is a
//! run of consecutive digits) or digital-root cages (the set's sum has a
//! given digital root), which no pairwise relation or linear sum states.

use std::cell::RefCell;

use crate::cell::Cell;
use crate::constraint::Word;
use crate::contradiction::Contradiction;
use crate::digits::Digits;
use crate::set_layers::{Built, SetLayers};
use crate::state::Ctx;

/// The most digit sets one layer may hold before the filter gives up (and
/// removes nothing, which is always sound).
const MAX_SETS: usize = 20_000;

/// Keeps the candidates of `cells`, which must hold different digits, that
/// some assignment uses whose set of digits `accept` allows (digit `d` at
/// bit `d − 1`). Returns the digits every such set contains: the digits the
/// cells must hold between them, which leave every cell that sees them all
/// ([`Ctx::remove_where_all_seen`]).
///
/// Cells are taken in order, layer by layer: layer `i` holds the digit sets
/// the first `i` cells can take; the accepted sets of the last layer are
/// walked back, and a digit of a cell stays when it leads from a set of one
/// layer to a kept set of the next. A contradiction when no set is
/// accepted.
///
/// ```
/// use sudokit_core::{keep_digit_sets, Cell, Ctx, Digits, Engine, Geometry, Puzzle, State};
/// # use sudokit_core::{Constraint, Contradiction, Grid, Propagate, Rule, Violation, Word};
/// # use std::borrow::Cow;
/// /// Three cells holding a run of consecutive digits.
/// # #[derive(Clone, Debug)]
/// struct Run;
/// # impl Rule for Run {
/// #     fn name(&self) -> Cow<'_, str> { "run".into() }
/// #     fn scope(&self, _: &Geometry) -> Vec<Cell> { vec![Cell(0), Cell(1), Cell(2)] }
/// #     fn check(&self, _: &Geometry, _: &Grid) -> Result<(), Violation> { Ok(()) }
/// # }
/// impl Propagate for Run {
///     fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _: &[Cell]) -> Result<(), Contradiction> {
///         let contiguous = |set: u128| (set >> set.trailing_zeros()) & ((set >> set.trailing_zeros()) + 1) == 0;
///         keep_digit_sets(cx, &[Cell(0), Cell(1), Cell(2)], contiguous).map(|_| ())
///     }
/// }
/// let puzzle = Puzzle::new(Geometry::square(9).unwrap()).with(Run).unwrap();
/// let mut state = State::<u16>::new(puzzle.geometry());
/// state.restrict_untracked(Cell(0), Digits::from_u128(1 << 4)); // r1c1 = 5
/// state.restrict_untracked(Cell(1), Digits::from_u128(0b1101000)); // r1c2 in {4, 6, 7}
/// let mut engine = Engine::new(puzzle.model());
/// engine.schedule_all();
/// engine.propagate(&mut state, None).unwrap();
/// // Runs through 5 with 4, 6 or 7: {3,4,5}, {4,5,6}, {5,6,7}.
/// assert_eq!(state.candidates(Cell(2)).iter().collect::<Vec<_>>(), [3, 4, 6, 7]);
/// ```
pub fn keep_digit_sets<W: Word>(
    cx: &mut Ctx<'_, W>,
    cells: &[Cell],
    accept: impl Fn(u128) -> bool,
) -> Result<u128, Contradiction> {
    keep_digit_sets_pruned(cx, cells, accept, |_| true)
}

/// As [`keep_digit_sets`], with the same result, faster when few sets of
/// the first cells can grow into one that `accept` allows: `viable` tests
/// those partial sets, and a set it refuses is not extended. It must
/// accept every subset of a set `accept` allows (a renban of four cells:
/// no two digits four or more apart).
///
/// ```
/// use sudokit_core::{keep_digit_sets_pruned, Cell, Digits, Engine, Geometry, Puzzle, State};
/// # use sudokit_core::{Constraint, Contradiction, Ctx, Grid, Propagate, Rule, Violation, Word};
/// # use std::borrow::Cow;
/// /// Three cells holding a run of consecutive digits.
/// # #[derive(Clone, Debug)]
/// struct Run;
/// # impl Rule for Run {
/// #     fn name(&self) -> Cow<'_, str> { "run".into() }
/// #     fn scope(&self, _: &Geometry) -> Vec<Cell> { vec![Cell(0), Cell(1), Cell(2)] }
/// #     fn check(&self, _: &Geometry, _: &Grid) -> Result<(), Violation> { Ok(()) }
/// # }
/// impl Propagate for Run {
///     fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _: &[Cell]) -> Result<(), Contradiction> {
///         let span = |set: u128| 128 - set.leading_zeros() - set.trailing_zeros();
///         let run = |set: u128| span(set) == 3;
///         keep_digit_sets_pruned(cx, &[Cell(0), Cell(1), Cell(2)], run, |set| span(set) <= 3).map(|_| ())
///     }
/// }
/// let puzzle = Puzzle::new(Geometry::square(9).unwrap()).with(Run).unwrap();
/// let mut state = State::<u16>::new(puzzle.geometry());
/// state.restrict_untracked(Cell(0), Digits::from_u128(1 << 4)); // r1c1 = 5
/// state.restrict_untracked(Cell(1), Digits::from_u128(0b1101000)); // r1c2 in {4, 6, 7}
/// let mut engine = Engine::new(puzzle.model());
/// engine.schedule_all();
/// engine.propagate(&mut state, None).unwrap();
/// assert_eq!(state.candidates(Cell(2)).iter().collect::<Vec<_>>(), [3, 4, 6, 7]);
/// ```
pub fn keep_digit_sets_pruned<W: Word>(
    cx: &mut Ctx<'_, W>,
    cells: &[Cell],
    accept: impl Fn(u128) -> bool,
    viable: impl Fn(u128) -> bool,
) -> Result<u128, Contradiction> {
    SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut layers) => keep_with(&mut layers, cx, cells, accept, viable),
        // Called again from `accept`: a fresh set of buffers.
        Err(_) => keep_with(&mut SetLayers::default(), cx, cells, accept, viable),
    })
}

thread_local! {
    /// The layers' buffers, kept between calls (one set per thread).
    static SCRATCH: RefCell<SetLayers> = RefCell::default();
}

/// [`keep_digit_sets_pruned`] with `layers` as buffers.
fn keep_with<W: Word>(
    layers: &mut SetLayers,
    cx: &mut Ctx<'_, W>,
    cells: &[Cell],
    accept: impl Fn(u128) -> bool,
    viable: impl Fn(u128) -> bool,
) -> Result<u128, Contradiction> {
    let candidates = cells.iter().map(|&cell| cx.candidates(cell).to_u128());
    let built = match layers.build(candidates.clone(), MAX_SETS, viable) {
        // Pruned empty: built again whole, to tell cells that cannot
        // differ from sets the rule refuses.
        Built::Empty(_) => layers.build(candidates, MAX_SETS, |_| true),
        built => built,
    };
    match built {
        Built::Done => {}
        Built::Empty(i) => return Err(Contradiction::rule(Some(cells[i]), "the cells cannot all differ")),
        Built::TooMany => return Ok(0),
    }
    let Some(required) = layers.start_walk(accept) else {
        return Err(Contradiction::rule(None, "no set of digits fits the rule"));
    };
    // The cells hold these digits between them: the cells that see them
    // all cannot.
    cx.remove_where_all_seen(cells, Digits::from_u128(required))?;
    for (i, &cell) in cells.iter().enumerate().rev() {
        let keep = layers.walk_back(i, cx.candidates(cell).to_u128());
        cx.restrict(cell, Digits::from_u128(keep))?;
    }
    Ok(required)
}
