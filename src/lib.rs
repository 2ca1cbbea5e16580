//! # sudokit
//!
//! Sudoku and its variants as a pluggable constraint-solving framework. This
//! facade re-exports the three crates under one name and adds the glue the
//! command line uses:
//!
//! * [`core`](mod@crate::core) — geometry, digit sets, state, the
//!   `Constraint` trait, the propagation engine, puzzles and text formats;
//! * [`constraints`] — the rules as plugins;
//! * [`solvers`] — the strategies;
//!
//! and [`read_classic`], which reads a file of classic puzzles so that they
//! share one board and one compiled rule set.
//!
//! ```
//! use sudokit::{read_classic, solvers::{Limits, PropagationSearch, Strategy}};
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let puzzle = read_classic(text, &Default::default()).remove(0).unwrap().puzzle;
//! let outcome = PropagationSearch::default().solve(&puzzle, &Limits::default()).unwrap();
//! assert!(outcome.is_unique());
//! ```

pub use sudokit_constraints as constraints;
pub use sudokit_core as core;
pub use sudokit_solvers as solvers;

use std::collections::hash_map::{Entry, HashMap};
use sudokit_core::format::{parse_grids, ParseError, ParseOptions};
use sudokit_core::{Geometry, Puzzle};

/// How to read classic puzzles from text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Layout options (board size where ambiguous).
    pub parse: ParseOptions,
    /// Box shape `(rows, cols)`; default: the squarest that tiles the board.
    pub boxes: Option<(usize, usize)>,
}

/// A puzzle read from text, with the line where it started.
#[derive(Clone, Debug)]
pub struct ReadPuzzle {
    /// The puzzle with the classic rules.
    pub puzzle: Puzzle,
    /// 1-based line where it starts.
    pub line: usize,
}

/// Reads every classic puzzle in `text`: givens in any supported layout,
/// rectangular boxes, the classic rules. Malformed puzzles yield an error
/// in their place; the others are still read.
///
/// Puzzles of the same size share one [`Geometry`] and one list of rules
/// ([`Puzzle::same_rules`]), so strategies prepare them once.
pub fn read_classic(text: &str, options: &ReadOptions) -> Vec<Result<ReadPuzzle, ParseError>> {
    // One template per board size: its puzzles share the board and the
    // rules, which strategies recognise (`Puzzle::same_rules`).
    let mut templates: HashMap<usize, Puzzle> = HashMap::new();
    parse_grids(text, &options.parse)
        .into_iter()
        .map(|parsed| {
            let parsed = parsed?;
            let n = parsed.grid.size();
            let template = match templates.entry(n) {
                Entry::Occupied(entry) => entry.into_mut(),
                Entry::Vacant(entry) => {
                    let geometry = match options.boxes {
                        Some((rows, cols)) => Geometry::with_boxes(n, rows, cols),
                        None => Geometry::square(n),
                    }
                    .map_err(|e| ParseError {
                        line: parsed.line,
                        column: None,
                        message: e.to_string(),
                    })?;
                    let puzzle = Puzzle::new(geometry)
                        .with(constraints::ClassicRules)
                        .expect("the classic rules fit every board");
                    entry.insert(puzzle)
                }
            };
            let puzzle = template
                .clone()
                .with_givens(parsed.grid)
                .expect("template built for the grid's size");
            Ok(ReadPuzzle {
                puzzle,
                line: parsed.line,
            })
        })
        .collect()
}
