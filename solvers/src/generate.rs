//! Making puzzles: Norvig's random puzzles, random full grids, and unique
//! minimal puzzles cut from them.
//!
//! Everything takes a *blank*: a puzzle with the rules and no givens (the
//! classic rules on an empty board, or a variant template), and a seeded
//! generator, so the same seed gives the same puzzles.

use std::fmt;

use sudokit_core::{Cell, Decision, Engine, Grid, Puzzle, State, Width, Word};

use crate::limits::Limits;
use crate::propagation::{PropagationSearch, ValueOrder};
use crate::strategy::{Session, SolveError, Start, Strategy};

/// How many filled cells Norvig's random puzzles stop at: 17 on 9×9 (the
/// fewest any unique 9×9 puzzle has), the same share of the cells on other
/// boards (4 on 4×4, 8 on 6×6, 54 on 16×16).
///
/// ```
/// use sudokit_solvers::generate::random_puzzle_clues;
/// assert_eq!(random_puzzle_clues(9), 17);
/// assert_eq!(random_puzzle_clues(4), 4);
/// ```
pub fn random_puzzle_clues(n: usize) -> usize {
    (17 * n * n).div_ceil(81)
}

/// The generator of item `i` of a batch made from `seed`: each item has
/// its own, so a batch comes out the same on any number of threads.
///
/// ```
/// use sudokit_solvers::generate::item_rng;
/// assert_eq!(item_rng(7, 3).u64(..), item_rng(7, 3).u64(..));
/// assert_ne!(item_rng(7, 3).u64(..), item_rng(7, 4).u64(..));
/// ```
pub fn item_rng(seed: u64, i: usize) -> fastrand::Rng {
    fastrand::Rng::with_seed(seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Norvig's `random_puzzle`: visit the cells in random order and give each
/// a random candidate, propagating after each; stop once at least `clues`
/// cells are decided holding at least `n − 1` different digits, and start
/// over on a contradiction. The puzzle is every decided cell.
///
/// As Norvig notes, such a puzzle may have several solutions, or none
/// (propagation does not see every contradiction). `None` when 1,000
/// starts all fail (rules that no grid meets).
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Puzzle};
/// use sudokit_solvers::generate::random_puzzle;
/// let blank = Puzzle::new(Geometry::square(9).unwrap()).with(ClassicRules).unwrap();
/// let mut rng = fastrand::Rng::with_seed(7);
/// let grid = random_puzzle(&blank, 17, &mut rng).unwrap();
/// assert!(grid.values().iter().filter(|&&d| d != 0).count() >= 17);
/// ```
pub fn random_puzzle(blank: &Puzzle, clues: usize, rng: &mut fastrand::Rng) -> Option<Grid> {
    match Width::for_size(blank.size())? {
        Width::W16 => random_puzzle_in::<u16>(blank, clues, rng),
        Width::W32 => random_puzzle_in::<u32>(blank, clues, rng),
        Width::W64 => random_puzzle_in::<u64>(blank, clues, rng),
        Width::W128 => random_puzzle_in::<u128>(blank, clues, rng),
    }
}

fn random_puzzle_in<W: Word>(blank: &Puzzle, clues: usize, rng: &mut fastrand::Rng) -> Option<Grid> {
    const STARTS: usize = 1_000;
    let n = blank.size();
    let mut engine = Engine::rules_only(blank.model());
    let mut cells: Vec<Cell> = (0..blank.geometry().cell_count() as u16).map(Cell).collect();
    let mut root = State::<W>::with_givens(blank.geometry(), blank.givens());
    engine.schedule_all();
    engine.propagate(&mut root, None).ok()?;
    let mut state = root.clone();
    for _ in 0..STARTS {
        state.copy_from(&root);
        rng.shuffle(&mut cells);
        for &cell in &cells {
            let candidates = state.candidates(cell);
            let digit = candidates.nth(rng.usize(..candidates.len()))?;
            if engine
                .decide(&mut state, None, Decision::Assign(cell, digit))
                .is_err()
            {
                break;
            }
            let decided = n * n - state.unsolved();
            if decided >= clues {
                let grid = decided_cells(&state, n);
                let mut seen = vec![false; n + 1];
                grid.values().iter().for_each(|&d| seen[d as usize] = true);
                if seen[1..].iter().filter(|&&s| s).count() + 1 >= n {
                    return Some(grid);
                }
            }
        }
    }
    None
}

/// The cells of `state` with one candidate left, as givens.
fn decided_cells<W: Word>(state: &State<W>, n: usize) -> Grid {
    let values = state
        .cells()
        .iter()
        .map(|s| s.single_digit().unwrap_or(0))
        .collect();
    Grid::from_values(n, values).expect("one value per cell")
}

/// A random complete grid of `blank`'s rules: the first solution of a
/// search that tries digits in a seeded random order. `None` when the
/// rules have no solution (or `limits` stopped the search).
pub fn random_solution(blank: &Puzzle, rng: &mut fastrand::Rng, limits: &Limits) -> Option<Grid> {
    let search = PropagationSearch {
        order: ValueOrder::Random { seed: rng.u64(..) },
        ..PropagationSearch::default()
    };
    let limits = Limits {
        max_solutions: Some(1),
        ..*limits
    };
    search.solve(blank, &limits).ok()?.solutions.pop()
}

/// Which cells a generator removes together, so that the givens keep a
/// symmetry of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symmetry {
    /// Any cells.
    #[default]
    None,
    /// A cell and its image by the half turn (r, c) → (n−1−r, n−1−c).
    Rotational,
    /// A cell and its mirror image (r, c) → (r, n−1−c).
    Mirror,
}

impl Symmetry {
    /// The names the command line takes.
    pub const NAMES: [&'static str; 3] = ["none", "rotational", "mirror"];

    /// The symmetry called `name`.
    pub fn by_name(name: &str) -> Option<Symmetry> {
        match name {
            "none" => Some(Symmetry::None),
            "rotational" | "rotation" | "180" => Some(Symmetry::Rotational),
            "mirror" => Some(Symmetry::Mirror),
            _ => None,
        }
    }

    /// The cells removed with `cell` (itself included), sorted.
    pub fn orbit(self, cell: Cell, n: usize) -> Vec<Cell> {
        let (r, c) = (cell.row(n), cell.col(n));
        let image = match self {
            Symmetry::None => cell,
            Symmetry::Rotational => Cell::at(n - 1 - r, n - 1 - c, n),
            Symmetry::Mirror => Cell::at(r, n - 1 - c, n),
        };
        let mut orbit = vec![cell, image];
        orbit.sort_unstable();
        orbit.dedup();
        orbit
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Mirror => "mirror",
        })
    }
}

/// Cuts a unique, minimal puzzle from `solution`: in random order, each
/// set of cells the symmetry ties together is emptied if the puzzle stays
/// unique. One pass is enough for minimality: a clue whose removal once
/// gave several solutions gives several with fewer clues too.
///
/// `session` is prepared once on the blank (the rules without givens) and
/// asked "one solution or two?" from each candidate set of givens: nothing
/// is rebuilt per test. The grid returned has exactly one solution, and
/// removing any of its symmetric sets of givens gives several.
pub fn unique_minimal(
    session: &mut dyn Session,
    solution: &Grid,
    symmetry: Symmetry,
    rng: &mut fastrand::Rng,
) -> Result<Grid, SolveError> {
    unique_minimal_within(session, solution, symmetry, rng, None).map(|cut| cut.givens)
}

/// What [`unique_minimal_within`] cut: a unique puzzle, minimal but for
/// the givens whose test ran out of nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut {
    /// The givens: exactly one solution, `solution`.
    pub givens: Grid,
    /// Sets of givens kept because their test passed the node budget: they
    /// may not be needed, so the puzzle is minimal only when this is 0.
    pub untested: usize,
}

/// [`unique_minimal`] with at most `max_nodes` search nodes per test. On
/// big boards a few tests can take a search far longer than all the others
/// together (a 25×25 board has 625 of them); a given whose test passes the
/// budget is kept, so the puzzle stays unique, and counted in
/// [`Cut::untested`]. `None` tests everything to the end.
pub fn unique_minimal_within(
    session: &mut dyn Session,
    solution: &Grid,
    symmetry: Symmetry,
    rng: &mut fastrand::Rng,
    max_nodes: Option<u64>,
) -> Result<Cut, SolveError> {
    let n = solution.size();
    let mut givens = solution.clone();
    let mut untested = 0;
    let mut cells: Vec<Cell> = (0..(n * n) as u16).map(Cell).collect();
    rng.shuffle(&mut cells);
    for cell in cells {
        if givens.get(cell).is_none() {
            continue;
        }
        let orbit = symmetry.orbit(cell, n);
        let mut trial = givens.clone();
        orbit.iter().for_each(|&c| trial.set(c, 0));
        match stays_unique(session, &trial, solution, &orbit, max_nodes)? {
            Some(true) => givens = trial,
            Some(false) => {}
            None => untested += 1,
        }
    }
    Ok(Cut { givens, untested })
}

/// Whether `givens`, which `solution` satisfies, still have that solution
/// only, knowing that they did with the `emptied` cells given too: any
/// other solution must differ from `solution` in an emptied cell (it
/// would otherwise have been a second solution before), so one search per
/// emptied cell with its digit excluded decides it. Each is asked for one
/// solution, not two: the exclusion prunes from the start, where a count
/// would find `solution` again and then prove there is no other. `None`
/// when a search passed `max_nodes` undecided.
fn stays_unique(
    session: &mut dyn Session,
    givens: &Grid,
    solution: &Grid,
    emptied: &[Cell],
    max_nodes: Option<u64>,
) -> Result<Option<bool>, SolveError> {
    let start = start_of(givens);
    let limits = Limits {
        max_nodes,
        ..Limits::solutions(1)
    };
    for &cell in emptied {
        let digit = solution.get(cell).expect("the solution is complete");
        let outcome = session.count(&start.clone().exclude(cell, digit), &limits)?;
        if outcome.count > 0 {
            return Ok(Some(false));
        }
        if !outcome.exhaustive() {
            return Ok(None);
        }
    }
    Ok(Some(true))
}

/// The search's start from a grid's givens.
fn start_of(givens: &Grid) -> Start {
    givens
        .values()
        .iter()
        .enumerate()
        .filter(|&(_, &d)| d != 0)
        .fold(Start::new(), |start, (i, &d)| start.place(Cell(i as u16), d))
}

/// Whether the rules with these givens have exactly one solution.
pub fn is_unique(session: &mut dyn Session, givens: &Grid) -> Result<bool, SolveError> {
    Ok(session.count(&start_of(givens), &Limits::solutions(2))?.count == 1)
}
