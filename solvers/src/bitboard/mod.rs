//! The fast path for classic 9×9 puzzles: candidates as bitboards, one
//! 27-bit word per digit and band (three rows), in the spirit of JCZSolve
//! and tdoku.
//!
//! ```text
//!   givens ─▶ Board (27 words + open cells) ─▶ propagate ─▶ branch ─▶ copy, place, propagate …
//!   propagate, per changed digit:
//!     band rows take one box each (LOCK table), stack bands one   (box-line reduction)
//!     column each (the same rule by shifts on the columns)
//!     a digit alone in its row of a band                          (hidden singles)
//!   then, per band, bit-sliced candidate counts                    (naked singles, dead cells)
//!   at the fixpoint, bit-sliced digit counts per mini-row/column    (triads: three digits each)
//! ```
//!
//! Each digit's three rows in a band must take the three boxes in one of six
//! ways; a 512-entry table maps the mini-rows still open to the union of the
//! ways that fit, which removes pointing and claiming candidates in one
//! load. The same rule on the stacks' columns does the columns (as a dozen
//! shifts and masks on a digit's 27 columns: rotations line up each column
//! with the other bands' other columns, no table and no transpose), so
//! a digit alone in a box or a column ends up alone in its row, where one
//! subtraction per word finds it. Found after the digit's words were
//! settled, such a single only leaves its cell to the digit (the other
//! digits lose it): the digit's own words already hold. Every mini-row and
//! mini-column holds exactly three digits (tdoku's triads): when only three
//! can go in one they all must, and when three must, no other can —
//! bit-sliced counts over the nine digits find both for all 54 at once.
//!
//! The search branches the way tdoku's does: of the three bands and the
//! three stacks, in the one whose digits have the fewest ways left to take
//! its boxes, on the digit with the fewest (often two, and each way fixes
//! three mini-rows or mini-columns at once). Once every way is settled each
//! digit has one cell per box, so the board is solved; branching on a cell
//! (the first with two candidates, else three) is only a safety net. It
//! copies the 192-byte board for every option but the last, and never
//! allocates. Triads and band branching together more than halve the
//! guesses of plain cell branching (top1465: 18.8 → 8.9 per puzzle, forum
//! hardest: 140.7 → 61.7; tdoku's write-up reports 9.1 and 65).
//!
//! The propagation comes in two builds (`kernel.rs`): portable, and one
//! for x86-64 CPUs with BMI2, picked at run time; both run the same search.
//! A band's nine words are three 128-bit vectors (`lanes.rs`): which
//! digits hold a cell, and clearing cells from all of them, take a few
//! SSE2 instructions on x86-64. After each settle the hidden singles of all
//! three bands are computed without a branch per band: which bands have
//! some is a coin toss the CPU kept losing.
//!
//! [`Bitboard::supports`](crate::Strategy::supports) takes only puzzles
//! whose rules declare exactly the 27 rows, columns and boxes, and at most
//! cell domains besides (given pencil marks, odd and even cells: see
//! [`classic`]); the board starts with the digits the domains rule out
//! cleared, as with a start's masks. [`Auto`](crate::Auto) sends the others
//! to the propagation search. On ISS's ten pencil-mark puzzles, boards
//! nearly empty of givens, the band branching needs more nodes than the
//! propagation search's dom/wdeg cells (HARD_PENCILMARKS[3]: 1.42 M against
//! 414 k) but each costs a fraction, and it finishes all ten
//! (docs/benchmarks.md, "(stop 48, pencilmarks48)"). Their trees are large
//! and must be walked whole, so `auto` splits them between the cores
//! (`split.rs`: [`Bitboard::visit_split`]), with the same answer and nodes.

mod board;
mod classic;
mod kernel;
mod lanes;
mod search;
mod split;
mod tables;

use crate::clock::Instant;
use std::ops::ControlFlow;

use sudokit_core::{Grid, Puzzle, Unsupported};

use crate::limits::{Limits, Search, Stop};
use crate::strategy::{Session, SolveError, Start, Strategy};
use board::{Board, Dead, ALL_WORDS};
use classic::Domains;
use kernel::Kernel;
use search::Searcher;

/// The strategy's command-line name.
const NAME: &str = "bitboard";

/// Bit-parallel search for puzzles with the classic 9×9 rules only, and
/// cell domains (pencil marks) at most beside them.
///
/// Statistics follow tdoku: a *node* is a board propagated (the root
/// included), a *guess* an option tried while another is still open, a
/// *backtrack* a propagation that ended in a contradiction, and
/// *propagations* the propagation runs.
///
/// ```
/// use sudokit_constraints::classic_puzzle;
/// use sudokit_core::format::{parse_grids, ParseOptions};
/// use sudokit_solvers::{Bitboard, Limits, Strategy};
/// let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let grid = parse_grids(text, &ParseOptions::default()).remove(0).unwrap().grid;
/// let puzzle = classic_puzzle(grid).unwrap();
/// let outcome = Bitboard.solve(&puzzle, &Limits::default()).unwrap();
/// assert!(outcome.is_unique());
/// assert!(puzzle.verify_solution(&outcome.solutions[0]).is_ok());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bitboard;

impl Strategy for Bitboard {
    fn name(&self) -> &'static str {
        NAME
    }

    fn supports(&self, puzzle: &Puzzle) -> Result<(), Unsupported> {
        classic::classic_only(puzzle).map(drop)
    }

    fn prepare<'p>(&self, puzzle: &'p Puzzle) -> Result<Box<dyn Session + 'p>, SolveError> {
        let domains = classic::classic_only(puzzle)?;
        Ok(Box::new(BitboardSession { puzzle, domains }))
    }

    /// One search without boxing a session: the setup per puzzle is a few
    /// dozen word operations, so the box would show in a benchmark.
    fn visit(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        let started = Instant::now();
        let domains = classic::classic_only(puzzle)?;
        let wide = !domains.is_empty();
        let mut search = run(puzzle.givens().values(), &domains, wide, limits, started, visitor);
        search.stats.elapsed = started.elapsed();
        Ok(search)
    }
}

impl Bitboard {
    /// Searches the classic 9×9 puzzle whose givens are `digits` (reading
    /// order, 0 for a blank) without building a [`Puzzle`]: for research
    /// loops that test millions of clue sets of one grid (`sudokit clues`),
    /// where checking the rules and allocating the givens would cost more
    /// than the search.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use sudokit_solvers::{Bitboard, Limits};
    /// let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// let digits: [u8; 81] = std::array::from_fn(|i| text.as_bytes()[i].saturating_sub(b'0') % 10);
    /// let search = Bitboard.visit_digits(&digits, &Limits::solutions(2), &mut |_| ControlFlow::Continue(()));
    /// assert_eq!(search.count, 1);
    /// ```
    pub fn visit_digits(
        &self,
        digits: &[u8; 81],
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Search {
        let started = Instant::now();
        let mut search = run(digits, &[], false, limits, started, visitor);
        search.stats.elapsed = started.elapsed();
        search
    }
}

/// A classic puzzle prepared for the bitboards: nothing to keep but the
/// puzzle and its rules' domains, the board is built from the givens at
/// each visit.
struct BitboardSession<'p> {
    puzzle: &'p Puzzle,
    domains: Domains,
}

impl Session for BitboardSession<'_> {
    fn puzzle(&self) -> &Puzzle {
        self.puzzle
    }

    fn visit(
        &mut self,
        start: &Start,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        let started = Instant::now();
        let starts = start.checked_masks(9)?;
        let masks: Vec<(usize, u32)> = (self.domains.iter().copied())
            .chain(
                starts
                    .into_iter()
                    .map(|(cell, mask)| (cell.index(), (mask & 0x1ff) as u32)),
            )
            .collect();
        let wide = !self.domains.is_empty();
        let mut search = run(
            self.puzzle.givens().values(),
            &masks,
            wide,
            limits,
            started,
            visitor,
        );
        search.stats.elapsed = started.elapsed();
        Ok(search)
    }
}

/// Searches the puzzle with givens `values` (81 cells, 0 for a blank) and
/// the candidate masks of its domains and of a start, with the fastest
/// build of the propagation this CPU runs; `wide` when the rules' domains
/// leave a board of few givens (see [`Searcher::new`]).
fn run(
    values: &[u8],
    masks: &[(usize, u32)],
    wide: bool,
    limits: &Limits,
    started: Instant,
    visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Search {
    run_with(Kernel::detect(), values, masks, wide, limits, started, visitor)
}

/// [`run`] with the build `kernel`.
fn run_with(
    kernel: Kernel,
    values: &[u8],
    masks: &[(usize, u32)],
    wide: bool,
    limits: &Limits,
    started: Instant,
    visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Search {
    let mut searcher = Searcher::new(limits, started, kernel, wide, visitor);
    let stop = search(&mut searcher, values, masks);
    Search {
        count: searcher.count,
        stop,
        stats: searcher.stats,
    }
}

/// Runs `searcher` on the board of givens `values` and candidate `masks`
/// (see [`run`]), and says why it stopped.
fn search(searcher: &mut Searcher<'_>, values: &[u8], masks: &[(usize, u32)]) -> Stop {
    let mut board = Board::new();
    for &(cell, allowed) in masks {
        board.restrict(cell, allowed);
    }
    // A given that is not a candidate clashes with another given or with
    // the start: nothing to search.
    let alive = board.place_givens(values);
    match searcher.node() {
        Err(stop) => stop,
        Ok(()) if !alive => Stop::Exhausted,
        Ok(()) => match searcher.propagate(&mut board, ALL_WORDS) {
            Err(Dead) => Stop::Exhausted,
            Ok(lines) => match searcher.explore(&mut board, &lines, 0) {
                Ok(()) => Stop::Exhausted,
                Err(stop) => stop,
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `step`-th puzzle of a shared classic file, with its solution.
    fn sample(name: &str, step: usize) -> Vec<([u8; 81], String)> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/classic/");
        let read =
            |file: String| std::fs::read_to_string(dir.to_owned() + &file).expect("the shared classic data");
        let (puzzles, solutions) = (read(format!("{name}.txt")), read(format!("{name}.solutions.txt")));
        puzzles
            .lines()
            .zip(solutions.lines())
            .step_by(step)
            .map(|(puzzle, solution)| {
                let digits = std::array::from_fn(|i| puzzle.as_bytes()[i].saturating_sub(b'0') % 10);
                (digits, solution.to_owned())
            })
            .collect()
    }

    #[test]
    fn every_build_finds_the_files_solutions_with_the_same_search() {
        let kernels = Kernel::all();
        for (name, step) in [
            ("top1465", 3),
            ("17clue", 200),
            ("forum_hardest_1905_11plus", 400),
        ] {
            for (k, (digits, solution)) in sample(name, step).iter().enumerate() {
                let mut searches = kernels.iter().map(|&kernel| {
                    let mut found = Vec::new();
                    let search = run_with(
                        kernel,
                        digits,
                        &[],
                        false,
                        &Limits::solutions(2),
                        Instant::now(),
                        &mut |grid| {
                            found.push(
                                grid.values()
                                    .iter()
                                    .map(|&v| char::from(b'0' + v))
                                    .collect::<String>(),
                            );
                            ControlFlow::Continue(())
                        },
                    );
                    (
                        found,
                        search.count,
                        search.stats.nodes,
                        search.stats.guesses,
                        search.stats.backtracks,
                    )
                });
                let first = searches.next().expect("the portable build");
                assert_eq!((&first.0, first.1), (&vec![solution.clone()], 1), "{name} #{k}");
                for other in searches {
                    assert_eq!(other, first, "{name} #{k}: the builds differ");
                }
            }
        }
    }

    /// Whether `grid` is a solved classic grid that keeps `givens`.
    fn solves(grid: &[u8], givens: &[u8; 81]) -> bool {
        let house =
            |cells: &mut dyn Iterator<Item = usize>| cells.fold(0u32, |seen, c| seen | 1 << grid[c]) == 0x3fe;
        (0..9).all(|i| {
            house(&mut (0..9).map(|j| 9 * i + j))
                && house(&mut (0..9).map(|j| 9 * j + i))
                && house(&mut (0..9).map(|j| 27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3))
        }) && givens.iter().zip(grid).all(|(&g, &v)| g == 0 || g == v)
    }

    #[test]
    fn every_build_counts_puzzles_with_several_solutions_alike() {
        let kernels = Kernel::all();
        let mut rng = fastrand::Rng::with_seed(32);
        let mut several = 0;
        for (k, (mut digits, _)) in sample("top1465", 12).into_iter().enumerate() {
            // Without a few of its givens a puzzle has many solutions.
            for _ in 0..rng.usize(3..8) {
                digits[rng.usize(..81)] = 0;
            }
            let counts: Vec<(u64, u64)> = kernels
                .iter()
                .map(|&kernel| {
                    let mut found = std::collections::HashSet::new();
                    let limits = Limits::solutions(500);
                    let search = run_with(
                        kernel,
                        &digits,
                        &[],
                        false,
                        &limits,
                        Instant::now(),
                        &mut |grid| {
                            assert!(solves(grid.values(), &digits), "puzzle {k}: a wrong grid");
                            assert!(found.insert(grid.values().to_vec()), "puzzle {k}: a grid twice");
                            ControlFlow::Continue(())
                        },
                    );
                    assert_eq!(search.count, found.len() as u64);
                    (search.count, search.stats.nodes)
                })
                .collect();
            assert!(counts.iter().all(|&c| c == counts[0]), "puzzle {k}: {counts:?}");
            several += usize::from(counts[0].0 > 1);
        }
        assert!(several > 50, "only {several} puzzles with several solutions");
    }
}
