//! True candidates: for each cell, the digits that some solution uses.
//!
//! Setters compare them with what propagation (or logic) alone reaches: a
//! digit that propagation keeps but no solution uses marks where the
//! puzzle needs a deeper idea. Computed on a prepared [`Session`]: one
//! enumeration first, which settles a puzzle with few solutions (a unique
//! one costs what `solve --count` costs); otherwise one search per
//! candidate not yet seen in a solution, each stopped at its first
//! solution, whose every digit is then known to be true (cspuz's
//! `irrefutable_facts` idea, turned around).

use std::ops::ControlFlow;

use sudokit_core::{Cell, Digit, Digits, RootPropagation};

use crate::limits::{Limits, Stop};
use crate::strategy::{Session, SolveError, Start};

/// The true candidates of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrueCandidates {
    /// Per cell, the digits used by at least one solution.
    pub candidates: Vec<Digits<u128>>,
    /// Per cell, the digits whose search was cut short by the limits: they
    /// may or may not be true. Empty sets when every search finished.
    pub unknown: Vec<Digits<u128>>,
    /// Searches run: the first enumeration, then one per candidate that no
    /// solution had shown yet.
    pub searches: usize,
}

impl TrueCandidates {
    /// True when every search finished, so `candidates` is exact.
    pub fn is_exact(&self) -> bool {
        self.unknown.iter().all(|s| s.is_empty())
    }

    /// True when the puzzle has no solution at all.
    pub fn is_unsolvable(&self) -> bool {
        self.is_exact() && self.candidates.iter().any(|s| s.is_empty())
    }
}

/// The true candidates of the session's puzzle; each search obeys `limits`
/// (its node and time limits; it stops at one solution anyway).
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Cell, Geometry, Grid, Puzzle};
/// use sudokit_solvers::{true_candidates, Limits, PropagationSearch, Strategy};
/// // A 4×4 with 1 2 / 3 4 in the first box leaves two ways to go on.
/// let givens = Grid::from_values(4, vec![1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with_givens(givens).unwrap().with(ClassicRules).unwrap();
/// let mut session = PropagationSearch::default().prepare(&puzzle).unwrap();
/// let truth = true_candidates(session.as_mut(), &Limits::all()).unwrap();
/// assert!(truth.is_exact());
/// assert_eq!(truth.candidates[2].iter().collect::<Vec<_>>(), vec![3, 4]); // r1c3
/// ```
pub fn true_candidates(session: &mut dyn Session, limits: &Limits) -> Result<TrueCandidates, SolveError> {
    let puzzle = session.puzzle().clone();
    let cells = puzzle.geometry().cell_count();
    let root = RootPropagation::of(&puzzle, false);
    let mut found = vec![Digits::<u128>::EMPTY; cells];
    let mut unknown = vec![Digits::<u128>::EMPTY; cells];
    let mut searches = 0;
    if root.contradiction.is_some() {
        return Ok(TrueCandidates {
            candidates: found,
            unknown,
            searches,
        });
    }
    if crate::pattern::applies_to(&puzzle) && crate::pattern::every_candidate_true(&puzzle) {
        let n = puzzle.size();
        return Ok(TrueCandidates {
            candidates: vec![(1..=n as Digit).collect(); cells],
            unknown,
            searches,
        });
    }
    // Enumerate up to as many solutions as there are candidates (about
    // what the searches below would cost): if that is all of them, their
    // digits are the answer.
    let budget = root.candidates.iter().map(|set| set.len() as u64).sum();
    let enumerating = Limits {
        max_solutions: Some(budget),
        ..*limits
    };
    searches += 1;
    let search = session.visit(&Start::new(), &enumerating, &mut |grid| {
        for (cell, d) in grid.placed() {
            found[cell.index()].insert(d);
        }
        ControlFlow::Continue(())
    })?;
    if search.stop == Stop::Exhausted {
        return Ok(TrueCandidates {
            candidates: found,
            unknown,
            searches,
        });
    }
    let first = Limits {
        max_solutions: Some(1),
        ..*limits
    };
    for index in 0..cells {
        let cell = Cell(index as u16);
        for digit in root.candidates[index] {
            if found[index].contains(digit) {
                continue;
            }
            searches += 1;
            let search = session.visit(&Start::new().place(cell, digit), &first, &mut |grid| {
                for (cell, d) in grid.placed() {
                    found[cell.index()].insert(d);
                }
                ControlFlow::Continue(())
            })?;
            if matches!(search.stop, Stop::NodeLimit | Stop::TimeLimit) && !found[index].contains(digit) {
                unknown[index].insert(digit);
            }
        }
    }
    Ok(TrueCandidates {
        candidates: found,
        unknown,
        searches,
    })
}

/// How many solutions use each true candidate, up to a cap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CandidateCounts {
    /// Per cell, `(digit, solutions, exact)`: `exact` is false when the
    /// count reached the cap (or a limit) before the search ended.
    pub cells: Vec<Vec<(Digit, u64, bool)>>,
}

/// Counts, for every true candidate of `truth`, the solutions that use it.
///
/// One pass first enumerates up to `cap` × cells solutions and tallies
/// every digit of each: when that is all of them, every count is exact,
/// whatever `cap`. That pass costs no more than the per-candidate counts
/// would (at most `cap` solutions for each of up to cells × n candidates),
/// and a setter's puzzle usually has few solutions. Otherwise each
/// candidate gets its own count, stopped at `cap` (and at `limits`' node
/// and time limits).
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Grid, Puzzle};
/// use sudokit_solvers::{candidate_counts, true_candidates, Limits, PropagationSearch, Strategy};
/// let givens = Grid::from_values(4, vec![1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with_givens(givens).unwrap().with(ClassicRules).unwrap();
/// let mut session = PropagationSearch::default().prepare(&puzzle).unwrap();
/// let truth = true_candidates(session.as_mut(), &Limits::all()).unwrap();
/// let counts = candidate_counts(session.as_mut(), &truth, 100, &Limits::all()).unwrap();
/// // 12 solutions (288 / 4!): r1c3 holds 3 in six of them, 4 in the other six.
/// assert_eq!(counts.cells[2], vec![(3, 6, true), (4, 6, true)]);
/// ```
pub fn candidate_counts(
    session: &mut dyn Session,
    truth: &TrueCandidates,
    cap: u64,
    limits: &Limits,
) -> Result<CandidateCounts, SolveError> {
    if let Some(counts) = tally_every_solution(session, truth, cap, limits)? {
        return Ok(counts);
    }
    let counting = Limits {
        max_solutions: Some(cap),
        ..*limits
    };
    let mut cells = Vec::with_capacity(truth.candidates.len());
    for (index, set) in truth.candidates.iter().enumerate() {
        let mut counts = Vec::with_capacity(set.len());
        for digit in *set {
            let outcome = session.count(&Start::new().place(Cell(index as u16), digit), &counting)?;
            counts.push((digit, outcome.count, outcome.exhaustive()));
        }
        cells.push(counts);
    }
    Ok(CandidateCounts { cells })
}

/// Exact counts from one enumeration of every solution, or `None` when
/// there are more than `cap` × cells of them (or a limit cut the pass).
fn tally_every_solution(
    session: &mut dyn Session,
    truth: &TrueCandidates,
    cap: u64,
    limits: &Limits,
) -> Result<Option<CandidateCounts>, SolveError> {
    let n = session.puzzle().size();
    let cells = truth.candidates.len();
    let mut tally = vec![0u64; cells * (n + 1)];
    let enumerating = Limits {
        max_solutions: Some(cap.saturating_mul(cells as u64)),
        ..*limits
    };
    let search = session.visit(&Start::new(), &enumerating, &mut |grid| {
        for (cell, digit) in grid.placed() {
            tally[cell.index() * (n + 1) + digit as usize] += 1;
        }
        ControlFlow::Continue(())
    })?;
    if search.stop != Stop::Exhausted {
        return Ok(None);
    }
    let cells = truth
        .candidates
        .iter()
        .enumerate()
        .map(|(index, set)| {
            set.iter()
                .map(|d| (d, tally[index * (n + 1) + d as usize], true))
                .collect()
        })
        .collect();
    Ok(Some(CandidateCounts { cells }))
}
