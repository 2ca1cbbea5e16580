//! # sudokit-logic
//!
//! Solving as people do: techniques that each make one kind of deduction,
//! a logical solver that applies the simplest one available at every step
//! and explains itself, and grades.
//!
//! * [`Technique`]: the plugin trait. A technique looks at a [`Board`] (the
//!   candidates, and every group and relation of the puzzle's rules) and
//!   reports one [`Deduction`]. [`techniques`] holds sudokit's own, from
//!   singles to chains.
//! * [`LogicalSolver`]: the simplest deduction available at every step,
//!   recorded with its reason ([`Explanation`]), until the puzzle is solved
//!   or no technique helps; the rules' own propagators (a thermometer, a
//!   killer cage) take part as one rung of its ladder, so variant puzzles
//!   are explained too. [`Grade`] rates the result.
//! * [`Accelerator`]: any technique as a constraint of the propagation
//!   engine, so searches can use it too.
//!
//! # Difficulty
//!
//! Every deduction has a difficulty on the scale of Sudoku Explainer, the
//! rating most puzzle collections quote (1.0 is trivial, around 4 needs
//! wings, 6.5 and up needs chains, 8.5 and up needs trial of a candidate):
//!
//! | technique | difficulty |
//! |---|---:|
//! | full house | 1.0 |
//! | hidden single (box, line) | 1.2, 1.5 |
//! | naked single | 2.3 |
//! | combinations (a sum's ways against its cells; a rule's sums at once) | 2.5, 2.7 |
//! | pointing, claiming | 2.6, 2.8 |
//! | relation chain (a few related cells filled at once) | 2.7 + 0.1 per cell past three, at most 3.1 |
//! | required digits (a digit every way of making a sum uses, pointed) | 2.9 |
//! | naked pair, triple, quad | 3.0, 3.6, 5.0 |
//! | hidden pair, triple, quad | 3.4, 4.0, 5.4 |
//! | X-wing, swordfish, jellyfish | 3.2, 3.8, 5.2 |
//! | finned X-wing, swordfish, jellyfish | 3.4, 4.0, 5.4 |
//! | XY-wing, XYZ-wing, W-wing | 4.2, 4.4, 4.4 |
//! | rule and house (a variant rule breaks with a house, depth 2 to 8) | 4.5 + 0.3 per deduction past two |
//! | simple colouring: trap, wrap | 6.5, 6.6 |
//! | X-chain (one digit) | 6.6 + length |
//! | XY-chain (strong links in bivalue cells) | 6.8 + length |
//! | AIC (any other alternating chain) | 7.0 + length |
//! | contradiction (one candidate tried, rules propagated) | 8.5; a variant break by depth, 6.6 + 0.3 per deduction past nine, at most 8.5 |
//! | cell and region forcing chains (every branch removes it) | 9.0 |
//! | nested trial (trials inside a trial) | 9.5 + 0.1 per inner trial past one, at most 10.0 |
//!
//! Fish rate the same whatever their houses (rows and columns, or boxes,
//! regions and diagonals mixed in: Franken and mutant fish). Sudoku
//! Explainer has no finned fish, W-wing or colouring: a fin costs 0.2 more
//! than the plain fish (as a hidden subset costs more than the naked one),
//! the W-wing rates as the XYZ-wing, and colouring as the chains Sudoku
//! Explainer finds the same eliminations with: a colour trap as an X-cycle
//! (6.5), a colour wrap as a forcing X-chain (6.6), with no bonus for
//! length.
//!
//! A chain's *length* bonus is 0.1 for every two links past four (rounded
//! up): a 5-link chain adds 0.1, a 7-link one 0.2, up to 0.6 for the
//! longest searched (15 links).
//!
//! The *rule and house* step is a candidate whose consequences break a
//! variant rule together with a house in a few deductions (a thermometer
//! that needs a 9 where the row has none): the short, named form of the
//! contradiction step, which setters read as logic. Its difficulty is its
//! *depth*, the deductions that led to the break (the break included):
//! 4.5 for two (as hard as a hidden triple's search, just above the
//! wings), 0.3 more for each further one, 6.3 at the longest accepted
//! (eight), below the chains a longer reasoning would be compared with.
//! It needs a rule beyond the houses, so classic grades do not change.
//! A longer variant break is a *contradiction* graded on the same scale
//! continued (6.6 for nine deductions, up to 8.5); one resting on the
//! houses alone stays 8.5, the classic rating. *Nested trials* (a trial
//! whose assumption breaks only after trials inside it) are the last rung,
//! above forcing chains.
//!
//! When a technique rates what it found above its own rung (a deep break,
//! a long chain), the solver asks the rungs after it that could offer
//! something easier, and takes the easiest deduction.
//!
//! Variant rules have no Sudoku Explainer rating; a deduction a rule's own
//! propagator makes (a thermometer, a killer cage's combinations) counts as
//! [`RULE_DIFFICULTY`].

mod accelerator;
mod board;
mod grade;
mod solver;
mod technique;
pub mod techniques;

pub use accelerator::{accelerate, Accelerate, Accelerator};
pub use board::{Board, Cells};
pub use grade::{Grade, Verdict};
pub use solver::{Ending, Explanation, LogicStep, LogicalSolver};
pub use technique::{Deduction, Technique};

/// The difficulty of a deduction made by a rule's own propagator (a
/// variant's basic logic: a thermometer's bounds, a cage's combinations).
pub const RULE_DIFFICULTY: f32 = 2.0;
