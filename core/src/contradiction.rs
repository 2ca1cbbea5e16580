//! Why propagation failed: small `Copy` values raised at every dead end.

use crate::cell::{Cell, Digit};
use crate::group::GroupId;

/// Why propagation failed: the rules cannot all hold in the current state.
///
/// Contradictions are small `Copy` values (no allocation): search raises and
/// drops them at every dead end. [`Puzzle::describe`](crate::Puzzle::describe)
/// renders them for people.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Contradiction {
    /// What went wrong.
    pub kind: ContradictionKind,
    /// Index of the constraint that found it in [`Puzzle::constraints`](crate::Puzzle::constraints)
    /// (for groups and relations, the rule that declared them), filled in by
    /// the engine.
    pub constraint: Option<usize>,
}

/// The kinds of [`Contradiction`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ContradictionKind {
    /// A cell lost its last candidate.
    EmptyCell(Cell),
    /// A digit has no place left in a complete group, which must hold it.
    NoPlace {
        /// The digit.
        digit: Digit,
        /// The group, in [`Model::groups`](crate::Model::groups).
        group: GroupId,
    },
    /// A group's cells have fewer digits left between them than cells.
    TooFewDigits {
        /// The group, in [`Model::groups`](crate::Model::groups).
        group: GroupId,
    },
    /// A rule-specific failure.
    Rule {
        /// The cell concerned, when one is.
        cell: Option<Cell>,
        /// A static explanation ("sum cannot reach 23").
        message: &'static str,
    },
}

impl Contradiction {
    /// `cell` has no candidate left.
    #[inline]
    pub fn empty(cell: Cell) -> Contradiction {
        Contradiction {
            kind: ContradictionKind::EmptyCell(cell),
            constraint: None,
        }
    }

    /// `digit` has no place left in `group`.
    #[inline]
    pub fn no_place(digit: Digit, group: GroupId) -> Contradiction {
        Contradiction {
            kind: ContradictionKind::NoPlace { digit, group },
            constraint: None,
        }
    }

    /// The cells of `group` cannot all differ any more.
    #[inline]
    pub fn too_few_digits(group: GroupId) -> Contradiction {
        Contradiction {
            kind: ContradictionKind::TooFewDigits { group },
            constraint: None,
        }
    }

    /// A rule-specific failure.
    #[inline]
    pub fn rule(cell: Option<Cell>, message: &'static str) -> Contradiction {
        Contradiction {
            kind: ContradictionKind::Rule { cell, message },
            constraint: None,
        }
    }

    /// The same contradiction, found by constraint `k`.
    #[inline]
    pub fn by(mut self, k: usize) -> Contradiction {
        self.constraint = Some(k);
        self
    }
}
