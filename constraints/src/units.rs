//! Checking helpers shared by the rules: duplicates, neighbours, and how a
//! check reports what it finds ([`Report`]).

use sudokit_core::cnf::{ClauseSink, Lit, Var};
use sudokit_core::{Cand, Cell, Digit, Geometry, Grid, Violation};

/// Digit sets as raw `u128` masks, bit `d − 1` for digit `d`: the form
/// [`keep_digit_sets`](sudokit_core::keep_digit_sets) hands a rule's test,
/// and the one the outside clues' searches run on (compiled once for every
/// board width).
pub(crate) mod mask {
    /// The mask of digit `d` (1 to 128).
    #[inline(always)]
    pub(crate) fn bit(d: usize) -> u128 {
        1u128 << (d - 1)
    }

    /// Digits `1..=n`.
    #[inline(always)]
    pub(crate) fn full(n: usize) -> u128 {
        if n >= 128 {
            !0
        } else {
            (1u128 << n) - 1
        }
    }

    /// The sum of the digits of `mask`.
    pub(crate) fn sum(mut mask: u128) -> u32 {
        let mut sum = 0;
        while mask != 0 {
            sum += mask.trailing_zeros() + 1;
            mask &= mask - 1;
        }
        sum
    }

    /// Whether the digits of a non-empty `mask` are consecutive.
    pub(crate) fn is_run(mask: u128) -> bool {
        let low = mask >> mask.trailing_zeros();
        low & (low + 1) == 0
    }
}

/// The first pair of cells in `cells` that hold the same digit.
pub(crate) fn first_duplicate(grid: &Grid, cells: &[Cell]) -> Option<(Cell, Cell, Digit)> {
    let mut seen = 0u128;
    for (i, &cell) in cells.iter().enumerate() {
        if let Some(d) = grid.get(cell) {
            let bit = mask::bit(d.into());
            if seen & bit != 0 {
                let first = cells[..i].iter().copied().find(|&c| grid.get(c) == Some(d))?;
                return Some((first, cell, d));
            }
            seen |= bit;
        }
    }
    None
}

/// "r1c1 and r1c5 both hold 7 in row 1" (`place` is asked only when the
/// report describes).
pub(crate) fn duplicate_violation<S: AsRef<str>>(
    report: Report,
    n: usize,
    (a, b, d): (Cell, Cell, Digit),
    place: impl FnOnce() -> S,
) -> Violation {
    report.violation(
        || {
            format!(
                "{} and {} both hold {d} in {}",
                a.name(n),
                b.name(n),
                place().as_ref()
            )
        },
        || vec![a, b],
    )
}

/// How a check reports a broken rule. `check` describes it for people;
/// `accepts_placement` only needs to know, and the testkit's brute-force
/// search asks it for every digit of every open cell at every node, where
/// formatting messages took most of the time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Report {
    /// Build the message and the cells (for `check`).
    Describe,
    /// Only say that the rule is broken (for `accepts_placement`).
    Detect,
}

impl Report {
    /// The violation: described when asked, empty (and free) otherwise.
    pub(crate) fn violation(
        self,
        message: impl FnOnce() -> String,
        cells: impl FnOnce() -> Vec<Cell>,
    ) -> Violation {
        match self {
            Report::Describe => Violation::new(message(), cells()),
            Report::Detect => Violation::new(String::new(), Vec::new()),
        }
    }
}

/// A rule's `check` and `accepts_placement`, both through its inherent
/// `verify(geometry, grid, report)`: one code path, so the two agree by
/// construction, and the quick form never formats a message.
macro_rules! checks_through_verify {
    () => {
        fn check(
            &self,
            geometry: &sudokit_core::Geometry,
            grid: &sudokit_core::Grid,
        ) -> Result<(), sudokit_core::Violation> {
            self.verify(geometry, grid, $crate::units::Report::Describe)
        }

        fn accepts_placement(
            &self,
            geometry: &sudokit_core::Geometry,
            grid: &sudokit_core::Grid,
            _: sudokit_core::Cell,
        ) -> bool {
            self.verify(geometry, grid, $crate::units::Report::Detect)
                .is_ok()
        }
    };
}
pub(crate) use checks_through_verify;

/// The sum of `cells` on `grid`, when all are filled.
pub(crate) fn full_sum(grid: &Grid, cells: &[Cell]) -> Option<u32> {
    cells.iter().map(|&c| grid.get(c).map(u32::from)).sum()
}

/// Whether the digit just placed in `cell` clashes with one of `cells`.
pub(crate) fn clashes(grid: &Grid, cells: &[Cell], cell: Cell) -> bool {
    match grid.get(cell) {
        Some(digit) => cells
            .iter()
            .any(|&other| other != cell && grid.get(other) == Some(digit)),
        None => false,
    }
}

/// The orthogonal neighbours of `cell` (across the edges on a toroidal
/// board), each once.
pub(crate) fn orthogonal_neighbours(cell: Cell, geometry: &Geometry) -> impl Iterator<Item = Cell> + '_ {
    let moves = [(0isize, 1isize), (1, 0), (0, -1), (-1, 0)];
    moves.into_iter().enumerate().filter_map(move |(i, m)| {
        let other = geometry.offset(cell, m)?;
        // On a toroidal board two sides or fewer wide, two moves may meet.
        let again = moves[..i]
            .iter()
            .any(|&earlier| geometry.offset(cell, earlier) == Some(other));
        (!again).then_some(other)
    })
}

/// Every pair of cells `(dr, dc)` apart for some move of `moves` (each move
/// with its opposite), once, the smaller cell first.
pub(crate) fn pairs_apart(geometry: &Geometry, moves: &[(isize, isize)]) -> Vec<(Cell, Cell)> {
    let mut pairs = Vec::new();
    for a in geometry.cells() {
        for &(dr, dc) in moves {
            for step in [(dr, dc), (-dr, -dc)] {
                if let Some(b) = geometry.offset(a, step) {
                    if a < b {
                        pairs.push((a, b));
                    }
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// How many pairs [`pairs_apart`] gives, counted without listing them, so
/// that a rule can be refused before it fills memory: each move and its
/// opposite once, and `(n − |dr|)·(n − |dc|)` cells a move `(dr, dc)`
/// stays on the board from.
pub(crate) fn count_pairs_apart(n: usize, moves: &[(isize, isize)]) -> usize {
    let mut canonical: Vec<(isize, isize)> = moves
        .iter()
        .filter(|&&m| m != (0, 0))
        .map(|&(dr, dc)| if (dr, dc) > (0, 0) { (dr, dc) } else { (-dr, -dc) })
        .collect();
    canonical.sort_unstable();
    canonical.dedup();
    canonical
        .iter()
        .map(|&(dr, dc)| n.saturating_sub(dr.unsigned_abs()) * n.saturating_sub(dc.unsigned_abs()))
        .sum()
}

/// A pair of cells in a fixed order (the smaller index first), so that a
/// pair can be looked up whichever way it was written.
pub(crate) fn unordered((a, b): (Cell, Cell)) -> (Cell, Cell) {
    (a.min(b), a.max(b))
}

/// The clauses of a line whose two ends decide its inner cells (between
/// and lockout lines): for every pair of end digits `x`, `y` for which
/// `inner_digits(x, y)` gives the digits an inner cell may then hold,
/// "the ends hold `x` and `y` ⇒ each inner cell holds one of them".
pub(crate) fn ends_decide_inner(
    sink: &mut dyn ClauseSink,
    n: usize,
    (a, z, inner): (Cell, Cell, &[Cell]),
    inner_digits: impl Fn(usize, usize) -> Option<Vec<usize>>,
) {
    let lit = |cell: Cell, d: usize| Lit::positive(Var::of_cand(Cand::new(cell, d as Digit), n));
    for x in 1..=n {
        for y in 1..=n {
            let Some(digits) = inner_digits(x, y) else {
                continue;
            };
            for &c in inner {
                let mut clause = vec![!lit(a, x), !lit(z, y)];
                clause.extend(digits.iter().map(|&d| lit(c, d)));
                sink.add_clause(&clause);
            }
        }
    }
}

/// `cells` sorted, each once: a rule's scope, or the set of cells a rule
/// keeps whatever order or repeats it was given them in.
pub(crate) fn distinct(cells: impl IntoIterator<Item = Cell>) -> Vec<Cell> {
    let mut cells: Vec<Cell> = cells.into_iter().collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// Cell names joined by `+`: `r1c1 + r1c2`.
pub(crate) fn names(cells: &[Cell], n: usize) -> String {
    cells.iter().map(|c| c.name(n)).collect::<Vec<_>>().join(" + ")
}

/// The first `len` entries of `stack` when they fit, else `heap` grown to
/// `len` copies of `stack`'s first entry (`stack` holds the fill value
/// throughout): a propagator's per-run buffer without an allocation on
/// the boards it meets.
pub(crate) fn stack_or_heap<'a, T: Copy, const N: usize>(
    stack: &'a mut [T; N],
    heap: &'a mut Vec<T>,
    len: usize,
) -> &'a mut [T] {
    match len <= N {
        true => &mut stack[..len],
        false => {
            heap.resize(len, stack[0]);
            heap
        }
    }
}
