//! What the propagation search learns from its dead ends, to choose where
//! to branch next (on top of dom/wdeg's weights on the cells a
//! contradiction involves).
//!
//! * **Last conflict** (Lecoutre, Saïs, Tabary & Vidal, 2009): when a
//!   decision `cell = d` fails, the search branches on `cell` again, at
//!   every node, until a decision on it propagates. After the refutation
//!   `cell ≠ d` fails in turn, the search backs up to earlier decisions and
//!   tries `cell` first below each of them, which finds the decision that
//!   really caused the failure quickly.
//! * **Decision weight**: a failed decision adds weight to its own cell
//!   (ISS's conflict scores count exactly that), so that cells whose
//!   decisions fail are chosen earlier everywhere in the tree.
//! * **Failures per cell**: how many decisions on each cell failed, which
//!   gates the branches a house proposes (the `house_pairs` module): as in
//!   ISS, a house proposes only where the search has already met conflicts.
//! * **Failures per digit** (ISS's value scores): per cell, for the value
//!   order [`ValueOrder::FewestFailures`](crate::ValueOrder), and over the
//!   board, so that cells holding the digit that fails most often (the
//!   "hot digit") weigh more.
//!
//! Each only reorders the search: every branch is still explored or refuted,
//! so counts are exact. Measured in docs/benchmarks.md ("Branching from
//! conflicts"), with what did not pay (phase saving, decaying weights).

use sudokit_core::{Cell, Digit, State, Word};

/// What the search learns ([`PropagationSearch`](crate::PropagationSearch)'s
/// fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ConflictOptions {
    /// Branch on the cell of the last failed decision while it is open.
    pub last_conflict: bool,
    /// Weight a failed decision adds to its cell (0: none).
    pub decision_weight: u32,
    /// Whether cells holding the digit whose decisions failed most weigh
    /// more (ISS's value score).
    pub hot_digit: bool,
}

/// The search's memory of its conflicts.
pub(crate) struct Conflicts {
    options: ConflictOptions,
    /// The cell of the last failed decision, until a decision on it holds.
    last: Option<Cell>,
    /// How many decisions failed on each variable.
    failures: Vec<u32>,
    /// Whether any decision has failed yet.
    any_failure: bool,
    /// How many decisions `cell = d` failed, per variable and digit
    /// (`DIGITS` a variable; empty until the first failure).
    digit_failures: Vec<u16>,
    /// How many decisions on each digit failed, anywhere.
    failures_by_digit: [u32; DIGITS],
    /// Of `failures_by_digit`: the most failures and the first digit index
    /// with them, and the fewest above zero (kept at each failure, since
    /// the search asks at every node).
    extremes: (u32, usize, u32),
}

/// Digits a variable may hold, at most (the widest word).
const DIGITS: usize = 128;

impl Conflicts {
    /// An empty memory for a model of `variables` variables.
    pub(crate) fn new(options: ConflictOptions, variables: usize) -> Conflicts {
        Conflicts {
            options,
            last: None,
            failures: vec![0; variables],
            any_failure: false,
            digit_failures: Vec::new(),
            failures_by_digit: [0; DIGITS],
            extremes: (0, 0, u32::MAX),
        }
    }

    /// How many decisions `cell = digit` have failed in this search.
    #[inline]
    pub(crate) fn digit_failures(&self, cell: Cell, digit: Digit) -> u16 {
        self.digit_failures
            .get(cell.index() * DIGITS + usize::from(digit) - 1)
            .copied()
            .unwrap_or(0)
    }

    /// The digit whose decisions failed most often, with its failure count,
    /// when it stands out: at least `size` failures and more than 1.5 times
    /// the least-failed digit's (ISS's test; `None` otherwise).
    pub(crate) fn hot_digit(&self, size: usize) -> Option<(Digit, u32)> {
        if !self.options.hot_digit || !self.any_failure {
            return None;
        }
        let (max, at, min) = self.extremes;
        (max as usize >= size && u64::from(max) * 2 > u64::from(min) * 3).then_some((at as Digit + 1, max))
    }

    /// True once any decision has failed in this search (until then no
    /// cell [`has_failed`](Conflicts::has_failed), and the search need not
    /// ask).
    #[inline]
    pub(crate) fn any_failure(&self) -> bool {
        self.any_failure
    }

    /// True when a decision on `cell` has failed in this search.
    #[inline]
    pub(crate) fn has_failed(&self, cell: Cell) -> bool {
        self.failures[cell.index()] > 0
    }

    /// The cell to branch on before any heuristic is asked: the last
    /// conflict's, while it has a choice left.
    #[inline]
    pub(crate) fn pending<W: Word>(&mut self, state: &State<W>) -> Option<Cell> {
        let cell = self.last?;
        if state.candidates(cell).len() > 1 {
            return Some(cell);
        }
        self.last = None;
        None
    }

    /// The decision `cell = digit` propagated (`alive`) or failed: a
    /// failure also counts against the digit, there and anywhere.
    #[inline]
    pub(crate) fn assigned(&mut self, cell: Cell, digit: Digit, alive: bool, weights: &mut [u32]) {
        if !alive {
            if self.digit_failures.is_empty() {
                self.digit_failures = vec![0; self.failures.len() * DIGITS];
            }
            let at = cell.index() * DIGITS + usize::from(digit) - 1;
            self.digit_failures[at] = self.digit_failures[at].saturating_add(1);
            self.failures_by_digit[usize::from(digit) - 1] += 1;
            self.extremes = extremes(&self.failures_by_digit);
        }
        self.decided(cell, alive, weights);
    }

    /// A decision on `cell` propagated (`alive`) or failed; a failure
    /// weighs `cell` in `weights` (dom/wdeg's, empty under MRV).
    #[inline]
    pub(crate) fn decided(&mut self, cell: Cell, alive: bool, weights: &mut [u32]) {
        if alive {
            if self.last == Some(cell) {
                self.last = None;
            }
            return;
        }
        if self.options.last_conflict {
            self.last = Some(cell);
        }
        self.failures[cell.index()] += 1;
        self.any_failure = true;
        if let Some(w) = weights.get_mut(cell.index()) {
            *w += self.options.decision_weight;
        }
    }
}

/// The most failures with the first digit index that has them, and the
/// fewest failures above zero (`u32::MAX` when none).
fn extremes(failures_by_digit: &[u32]) -> (u32, usize, u32) {
    let (mut max, mut at, mut min) = (0u32, 0usize, u32::MAX);
    for (i, &n) in failures_by_digit.iter().enumerate() {
        if n > max {
            (max, at) = (n, i);
        }
        if n > 0 && n < min {
            min = n;
        }
    }
    (max, at, min)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::{Geometry, Grid};

    #[test]
    fn a_digit_is_hot_once_its_failures_stand_out() {
        let options = ConflictOptions {
            last_conflict: false,
            decision_weight: 4,
            hot_digit: true,
        };
        let mut conflicts = Conflicts::new(options, 16);
        let mut weights = vec![1; 16];
        assert_eq!(conflicts.hot_digit(4), None);
        for _ in 0..3 {
            conflicts.assigned(Cell(2), 3, false, &mut weights);
        }
        conflicts.assigned(Cell(7), 1, false, &mut weights);
        // Three failures: fewer than the board's size.
        assert_eq!(conflicts.hot_digit(4), None);
        conflicts.assigned(Cell(5), 3, false, &mut weights);
        assert_eq!(conflicts.hot_digit(4), Some((3, 4)));
        assert_eq!(
            (
                conflicts.digit_failures(Cell(2), 3),
                conflicts.digit_failures(Cell(2), 1)
            ),
            (3, 0)
        );
        // Digit 1 at three failures: 4 is not more than 1.5 times 3.
        for _ in 0..2 {
            conflicts.assigned(Cell(7), 1, false, &mut weights);
        }
        assert_eq!(conflicts.hot_digit(4), None);
        // Decisions that hold count nothing; off, nothing is ever hot.
        conflicts.assigned(Cell(7), 2, true, &mut weights);
        assert_eq!(conflicts.digit_failures(Cell(7), 2), 0);
        let mut off = Conflicts::new(
            ConflictOptions {
                hot_digit: false,
                ..options
            },
            16,
        );
        for _ in 0..9 {
            off.assigned(Cell(2), 3, false, &mut weights);
        }
        assert_eq!(off.hot_digit(4), None);
    }

    #[test]
    fn a_failed_decision_is_branched_on_until_one_on_it_holds() {
        let options = ConflictOptions {
            last_conflict: true,
            decision_weight: 4,
            hot_digit: false,
        };
        let mut conflicts = Conflicts::new(options, 16);
        let geometry = Geometry::square(4).unwrap();
        let mut state = State::<u16>::with_givens(&geometry, &Grid::empty(4));
        let mut weights = vec![1; 16];
        assert_eq!(conflicts.pending(&state), None);
        assert!(!conflicts.any_failure());
        conflicts.decided(Cell(5), false, &mut weights);
        assert_eq!(weights[5], 5, "the failed decision weighs its cell");
        assert!(conflicts.any_failure());
        assert!(conflicts.has_failed(Cell(5)) && !conflicts.has_failed(Cell(6)));
        assert_eq!(conflicts.pending(&state), Some(Cell(5)));
        // Another cell's decision holding changes nothing.
        conflicts.decided(Cell(6), true, &mut weights);
        assert_eq!(conflicts.pending(&state), Some(Cell(5)));
        // Once the cell is fixed it is no longer proposed, nor after.
        state.restrict_untracked(Cell(5), sudokit_core::Digits::single(2));
        assert_eq!(conflicts.pending(&state), None);
        // A decision on it that holds ends the memory too.
        conflicts.decided(Cell(9), false, &mut weights);
        conflicts.decided(Cell(9), true, &mut weights);
        assert_eq!(conflicts.pending(&state), None);
        // Without last conflict, only the weight.
        let mut weights_only = Conflicts::new(
            ConflictOptions {
                last_conflict: false,
                ..options
            },
            16,
        );
        weights_only.decided(Cell(1), false, &mut weights);
        assert_eq!((weights_only.pending(&state), weights[1]), (None, 5));
    }
}
