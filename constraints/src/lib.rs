//! # sudokit-constraints
//!
//! sudokit's rules, each a plugin of the one [`Constraint`](sudokit_core::Constraint)
//! trait, and the files that describe puzzles made of them.
//!
//! Rules, one family per module:
//!
//! * [`ClassicRules`]: every row, column and box (or jigsaw region) holds
//!   each digit once; [`AllDifferent`] and [`Cage`]: any list of cells
//!   (extra regions, killer cages without a sum);
//! * global: [`Diagonal`], [`AntiKnight`], [`AntiKing`], [`DisjointGroups`],
//!   and [`Negative`] rules over every unmarked pair (non-consecutive and
//!   NC+, negative ratio and XV, diagonal non-consecutive, knightmare);
//!   [`SquareClasses`] over every 2×2 square (global entropy and global
//!   modular);
//! * cells: [`ParityCells`] (odd, even), [`ExtremeCells`] (minimum,
//!   maximum), [`PencilMarks`];
//! * pairs: [`Dot`] (white and black kropki dots of any value, X and V),
//!   [`SumPair`], [`GreaterThan`] (inequality signs);
//! * regions: [`Clones`], [`Quadruple`] (listed digits around a circle, with a
//!   propagator of its own), [`LookAndSay`] cages (digits counted, exactly or
//!   at least), [`SameValues`] sets, [`EqualityCage`]s (as many even as odd,
//!   low as high),
//!   [`Indexer`] (row, column and box indexers), [`ValueIndexing`] arrows;
//! * lines: [`Line`] (thermometer, slow thermometer, palindrome, whispers,
//!   nabner, renban, entropic and modular lines), [`BetweenLine`] and
//!   [`LockoutLine`] (each with a propagator of its own);
//! * outside clues: [`Sandwich`], [`XSum`], [`Skyscraper`],
//!   [`NumberedRoom`], [`HiddenSkyscraper`], [`FullRank`] (with
//!   [`FullRankNoTies`] over every line; each beside a
//!   row or column, at a [`Clue`]); little killers ([`ClueCell`],
//!   [`Direction`]) are sums;
//! * sums: [`KillerCage`], [`Arrow`], [`DoubleArrow`], [`ZipperLine`],
//!   [`RegionSumLine`], [`LittleKiller`], [`RepeatingCage`] (digits may
//!   repeat), declared as linear sums the engine propagates exactly;
//!   [`MultiSumCage`] and [`RellikCage`], with propagators over the cage's
//!   sets of digits; [`SumLine`] (stretches of one total) and [`Lunchbox`]
//!   (a sandwich between its own smallest and largest digit), with their own;
//!   [`EqualSum`] (segments of one unstated total), declared as sums;
//! * counting and indexing: [`CountingCircles`] (with a propagator of its
//!   own) and [`NegativeIndexer`] ("broken 159", declared);
//! * chess and custom: [`ChessMoves`] (anti-camel, anti-zebra, … from a
//!   list of offsets, optionally for some digits), [`Taxicab`],
//!   [`CustomPairs`] (a setter's allowed or forbidden digit pairs);
//! * regex and state-machine lines: [`RegularLine`], the digits along a
//!   line read as a word that an [`Automaton`] accepts (a pattern's, or ISS's
//!   serialized NFA), with the regular constraint as its propagator.
//!
//! Nearly all of them are declarations (the between line, the lockout
//! line and the quadruple add a propagator; SAT takes their clauses, DLX
//! refuses them; the multi-sum and rellik cages add one that neither
//! takes): groups of cells that differ,
//! relations between two cells, or the digits a cell may hold. The engine
//! propagates them with its built-in singles and relation tables, DLX and
//! SAT encode them, and each rule's `check` scans a grid on its own,
//! without the declarations. The outside clues also declare their line as
//! a group but need propagators of their own (a sum or a count over the
//! line); SAT takes their clause forms, DLX refuses them with the typed
//! `Unsupported` error.
//!
//! Files: a [`spec::PuzzleSpec`] is a puzzle as a file describes it, built
//! into a [`Puzzle`](sudokit_core::Puzzle) in one place; [`native`] reads
//! and writes sudokit's TOML format, [`fpuzzles`] the f-puzzles JSON (plain,
//! compressed, or as a URL); the [`registry::Registry`] lists every rule, as
//! each family declares it, and both formats take their rules from it.
//!
//! [`classic_puzzle`] builds the usual puzzle from a grid of givens.
//!
//! ```
//! use sudokit_constraints::classic_puzzle;
//! use sudokit_core::format::{parse_grids, ParseOptions};
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let grid = parse_grids(text, &ParseOptions::default()).remove(0).unwrap().grid;
//! let puzzle = classic_puzzle(grid).unwrap();
//! assert_eq!(puzzle.constraints()[0].name(), "classic rules");
//! ```

mod all_different;
mod any_of;
mod automaton;
mod between;
mod cages;
mod cells;
mod chaos;
mod chaos_board;
mod chaos_clues;
mod chaos_connectivity;
mod chaos_cuts;
mod chess;
mod classic;
mod clues;
mod connected_digits;
mod count_distinct;
mod counting;
mod diagonal;
mod digit_fill;
mod digital_root_clauses;
mod dots;
mod equal_sums;
mod equality_cage;
pub mod fpuzzles;
mod full_rank;
mod indexers;
mod inequality;
pub mod iss;
mod lines;
mod lockout;
mod look_and_say;
mod lunchbox;
pub mod native;
mod negative_indexers;
mod outside;
mod outside_clauses;
mod outside_rooms;
mod pair_cliques;
mod quadruple;
mod regex;
mod regions;
pub mod registry;
mod regular;
mod regular_clauses;
mod regular_walk;
mod renban_windows;
mod required;
mod rule;
mod same_values;
pub mod spec;
mod squares;
pub mod sudokupad;
pub mod sukaku;
mod sum_lines;
mod sums;
mod units;
mod value_indexing;
mod weighted_sum;

pub use all_different::AllDifferent;
pub use any_of::AnyOf;
pub use automaton::{Automaton, MAX_STATES};
pub use between::BetweenLine;
pub use cages::{MultiSumCage, RellikCage, RepeatingCage};
pub use cells::{Extreme, ExtremeCells, Parity, ParityCells, PencilMarks};
pub use chaos::{chaos_anchors, chaos_region, ChaosConstruction};
pub use chaos_clues::{ChaosArrow, ChaosCount, DifferentRegions, SameRegion};
pub use chess::{AntiKing, AntiKnight, ChessMoves, CustomPairs, Taxicab};
pub use classic::{classic_puzzle, ClassicError, ClassicRules};
pub use clues::{Clue, ClueCell, Direction, Side};
pub use connected_digits::ConnectedDigits;
pub use count_distinct::CountDistinct;
pub use counting::CountingCircles;
pub use diagonal::Diagonal;
pub use dots::{Adjacency, Dot, DotKind, Forbidden, Negative, SumPair};
pub use equal_sums::EqualSum;
pub use equality_cage::EqualityCage;
pub use full_rank::{FullRank, FullRankNoTies};
pub use indexers::{Indexer, IndexerKind};
pub use inequality::GreaterThan;
pub use lines::{Line, LineKind, Renban};
pub use lockout::LockoutLine;
pub use look_and_say::LookAndSay;
pub use lunchbox::Lunchbox;
pub use negative_indexers::NegativeIndexer;
pub use outside::{Sandwich, Skyscraper, XSum};
pub use outside_rooms::{HiddenSkyscraper, NumberedRoom};
pub use pair_cliques::{complete_components, PairCliques};
pub use quadruple::Quadruple;
pub use regions::{Cage, Clones, DisjointGroups};
pub use regular::RegularLine;
pub use same_values::SameValues;
pub use squares::SquareClasses;
pub use sum_lines::SumLine;
pub use sums::{Arrow, DigitalRootCage, DoubleArrow, KillerCage, LittleKiller, RegionSumLine, ZipperLine};
pub use value_indexing::ValueIndexing;
pub use weighted_sum::WeightedSum;
