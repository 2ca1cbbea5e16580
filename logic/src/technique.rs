//! The technique plugin trait and what a technique finds.

use std::borrow::Cow;
use std::fmt::Debug;

use dyn_clone::DynClone;
use sudokit_core::{Cand, Reason};

use crate::board::Board;

/// One deduction a technique found, not yet applied.
#[derive(Clone, Debug, PartialEq)]
pub struct Deduction {
    /// Why: the technique's name as the rule, the cells and digits it rests
    /// on, the group it is about.
    pub reason: Reason,
    /// How hard this deduction is, on the [scale](crate#difficulty) (a
    /// technique may rate a long chain above a short one).
    pub difficulty: f32,
    /// Candidates that no solution uses.
    pub eliminations: Vec<Cand>,
    /// Candidates that every solution uses (the cell's other digits go).
    pub placements: Vec<Cand>,
}

impl Deduction {
    /// A deduction that removes `eliminations`.
    pub fn eliminate(reason: Reason, difficulty: f32, eliminations: Vec<Cand>) -> Deduction {
        Deduction {
            reason,
            difficulty,
            eliminations,
            placements: Vec::new(),
        }
    }

    /// A deduction that places `placement`.
    pub fn place(reason: Reason, difficulty: f32, placement: Cand) -> Deduction {
        Deduction {
            reason,
            difficulty,
            eliminations: Vec::new(),
            placements: vec![placement],
        }
    }

    /// True when the deduction changes `board`: it removes a candidate
    /// still there, or places a digit in a cell that has others.
    pub fn changes(&self, board: &Board<'_>) -> bool {
        self.eliminations.iter().any(|c| board.has(c.cell, c.digit))
            || self
                .placements
                .iter()
                .any(|c| board.candidates(c.cell).len() > 1 || !board.has(c.cell, c.digit))
    }
}

/// A human solving technique: naked pairs, X-wing, XY-wing, chains.
///
/// A technique looks at a [`Board`] and reports **one** deduction without
/// applying it. That is why it is a sibling of
/// [`Constraint`](sudokit_core::Constraint) rather than one: the logical
/// solver asks every technique in order of difficulty and applies only the
/// simplest deduction available, so its explanation has one step per
/// deduction and its grade is the hardest step needed. The same code also
/// speeds up searches: [`Accelerator`](crate::Accelerator) wraps any
/// technique as a [`Kind::Technique`](sudokit_core::Kind::Technique)
/// constraint that the propagation engine runs.
///
/// A technique must be sound: it may remove only what no solution of the
/// rules uses, whatever the candidates it is shown (they are always a
/// superset of the solutions' digits).
///
/// ```
/// use std::borrow::Cow;
/// use sudokit_core::{Cand, Reason};
/// use sudokit_logic::{Board, Deduction, Technique};
///
/// /// A cell with one candidate left holds it (what the engine does anyway).
/// #[derive(Clone, Debug)]
/// struct LoneDigit;
///
/// impl Technique for LoneDigit {
///     fn name(&self) -> Cow<'static, str> { "lone digit".into() }
///     fn difficulty(&self) -> f32 { 2.3 }
///     fn find(&self, board: &Board<'_>) -> Option<Deduction> {
///         board.cells().find_map(|cell| {
///             let d = board.value(cell)?;
///             let peers: Vec<Cand> = board.peers(cell).iter()
///                 .filter(|&&p| board.has(p, d)).map(|&p| Cand::new(p, d)).collect();
///             (!peers.is_empty()).then(|| Deduction::eliminate(
///                 Reason::new("lone digit").cells([cell]).digits([d]), 2.3, peers))
///         })
///     }
/// }
/// ```
pub trait Technique: DynClone + Debug + Send + Sync {
    /// The name in explanations: `naked pair`, `X-wing`.
    fn name(&self) -> Cow<'static, str>;

    /// The difficulty of its simplest deduction on the
    /// [scale](crate#difficulty); the logical solver tries techniques in
    /// this order.
    fn difficulty(&self) -> f32;

    /// One deduction that changes `board`, if the technique sees one.
    fn find(&self, board: &Board<'_>) -> Option<Deduction>;
}

dyn_clone::clone_trait_object!(Technique);
