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
//!
//! Each only reorders the search: every branch is still explored or refuted,
//! so counts are exact. Measured in docs/benchmarks.md ("Branching from
//! conflicts"), with what did not pay (phase saving, decaying weights).

use sudokit_core::{Cell, State, Word};

/// Which of the two the search uses ([`PropagationSearch`](crate::PropagationSearch)'s
/// fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ConflictOptions {
    /// Branch on the cell of the last failed decision while it is open.
    pub last_conflict: bool,
    /// Weight a failed decision adds to its cell (0: none).
    pub decision_weight: u32,
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
}

impl Conflicts {
    /// An empty memory for a model of `variables` variables.
    pub(crate) fn new(options: ConflictOptions, variables: usize) -> Conflicts {
        Conflicts {
            options,
            last: None,
            failures: vec![0; variables],
            any_failure: false,
        }
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

    /// The decision `cell = d` propagated (`alive`) or failed; a failure
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

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::{Geometry, Grid};

    #[test]
    fn a_failed_decision_is_branched_on_until_one_on_it_holds() {
        let options = ConflictOptions {
            last_conflict: true,
            decision_weight: 4,
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
