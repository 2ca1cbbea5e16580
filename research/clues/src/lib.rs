//! # sudokit-clues
//!
//! Research beside sudokit (`sudokit clues` prints it): every puzzle with
//! at most `K` clues whose unique solution is a given 9×9 grid, by the
//! method McGuire, Tugemann and Civario used to show that no 16-clue
//! Sudoku exists ("There is no 16-clue Sudoku: solving the Sudoku minimum
//! number of clues problem via hitting set enumeration", 2012):
//!
//! 1. **Unavoidable sets** ([`unavoidable`]): sets of cells that every
//!    puzzle of the grid must give a clue in, because another grid differs
//!    from this one exactly there. Every minimal one of up to 12 cells is
//!    found up front, from the ways to place each digit (templates).
//! 2. **Hitting sets** ([`search`]): every clue set of at most `K` cells
//!    that gives a clue in each of them, branching on the smallest unhit
//!    set and cutting with a lower bound; each one is tested for
//!    uniqueness with the bitboard fast path ([`Checker`]). A second
//!    solution found there is a new unavoidable set, added on the way.
//!
//! ```
//! use sudokit_clues::cells::show_puzzle;
//! use sudokit_clues::{find_puzzles, parse_grid, Options};
//! // The first puzzle of the 17-clue catalogue and its solution.
//! let puzzle = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
//! let grid = parse_grid("953168742862734951417952836746893125281645397395271468138529674574386219629417583").unwrap();
//! // Clues only where the puzzle has them (a pattern search, quick).
//! let within = puzzle.bytes().enumerate().filter(|(_, b)| *b != b'.').fold(0, |set, (i, _)| set | 1 << i);
//! let found = find_puzzles(&grid, &Options { max: 17, within, ..Options::default() });
//! assert_eq!(found.puzzles.iter().map(|&clues| show_puzzle(&grid, clues)).collect::<Vec<_>>(), [puzzle]);
//! // No puzzle with 16 of those clues.
//! assert!(find_puzzles(&grid, &Options { max: 16, within, ..Options::default() }).puzzles.is_empty());
//! ```

pub mod cells;
mod checker;
mod grid;
pub mod search;
mod templates;
pub mod unavoidable;

use sudokit_solvers::Cancel;

pub use checker::Checker;
pub use grid::{check_grid, parse_grid, GridError};
pub use search::Counts;

use cells::Cells;
use search::HittingSets;

/// How a search runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// The most clues a puzzle may have.
    pub max: usize,
    /// The largest initial unavoidable sets kept: bigger ones cost more to
    /// test at every node than they prune.
    pub max_set_size: usize,
    /// The cells clues may go in (every cell by default): a pattern search
    /// ("every puzzle of this grid on this pattern"), much quicker than a
    /// search over all 81 cells.
    pub within: Cells,
    /// Stops the search when cancelled; what was found is kept.
    pub cancel: Option<Cancel>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            max: 16,
            max_set_size: 12,
            within: cells::ALL_CELLS,
            cancel: None,
        }
    }
}

/// What a search over one grid found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The minimal puzzles with at most `max` clues, as clue sets, in the
    /// order found.
    pub puzzles: Vec<Cells>,
    /// The unavoidable sets the search used (initial and found on the way).
    pub unavoidable_sets: Vec<Cells>,
    /// Nodes, uniqueness tests and totals.
    pub counts: Counts,
    /// `false` when the search was cancelled before the end.
    pub complete: bool,
}

/// Every minimal puzzle with at most `options.max` clues, all in
/// `options.within`, whose unique solution is `grid` (a valid solution
/// grid, see [`parse_grid`]).
pub fn find_puzzles(grid: &[u8; 81], options: &Options) -> Found {
    find_puzzles_with(grid, options, &mut |_| {})
}

/// [`find_puzzles`], calling `progress` now and then during the search.
pub fn find_puzzles_with(grid: &[u8; 81], options: &Options, progress: &mut dyn FnMut(&Counts)) -> Found {
    let checker = Checker::new(*grid);
    let sets = unavoidable::small_sets(grid, options.max_set_size);
    let mut search = HittingSets::new(&checker, options.max, sets, options.cancel.as_ref(), progress);
    let counts = search.run(cells::ALL_CELLS & !options.within);
    Found {
        puzzles: search.puzzles.clone(),
        unavoidable_sets: search.sets(),
        counts,
        complete: !search.stopped,
    }
}
