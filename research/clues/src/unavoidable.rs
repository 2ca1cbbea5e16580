//! Unavoidable sets: sets of cells every puzzle of the grid must give a
//! clue in. If another valid grid differs from ours exactly on a set of
//! cells, a puzzle with no clue there cannot tell the two apart.
//!
//! All the minimal unavoidable sets inside a set of cells `S` come from one
//! search: blank `S`, keep the grid's digits elsewhere, and list every
//! solution; each one differs from the grid on an unavoidable set inside
//! `S`, and each *minimal* unavoidable set `U ⊆ S` is such a difference
//! (the other grid that proves `U` unavoidable is a solution of that
//! puzzle). Keeping the differences that contain no other therefore gives
//! exactly the minimal unavoidable sets inside `S`.
//!
//! [`initial_sets`] blanks every choice of two, three and four digits
//! (246 searches): every minimal set with four digits or fewer — which
//! includes every minimal set of up to eight cells, since each digit of a
//! minimal set appears in it at least twice — and many larger ones.
//! [`minimal_inside`] does the same for one set found later (the
//! difference with a second solution met during the hitting-set search).
//!
//! The search starts from [`small_sets`] instead: every minimal set up to a
//! size, with any number of digits, from templates (`templates.rs`) and
//! about ten times quicker. Those with four digits or fewer are exactly
//! [`initial_sets`]' (a test checks it); the others, with five or six
//! digits, are a third of the sets of up to 12 cells.

use crate::cells::{size, Cells, ALL_CELLS};
use crate::checker::Checker;

/// More solutions than this when some digits are blanked, and that
/// choice is skipped (it does not happen on real grids with four digits).
const SOLUTION_LIMIT: u64 = 200_000;

/// How many digits [`initial_sets`] blanks at most.
pub const BLANKED_DIGITS: usize = 4;

/// The cells holding one of `digits` (bit `d` for digit `d`).
fn cells_with_digits(grid: &[u8; 81], digits: u16) -> Cells {
    (0..81)
        .filter(|&i| digits >> grid[i] & 1 == 1)
        .fold(0, |set, i| set | 1 << i)
}

/// The minimal unavoidable sets inside `region`, smallest first, or
/// `None` when blanking `region` leaves more than `limit` solutions.
pub fn minimal_inside(checker: &Checker, region: Cells, limit: u64) -> Option<Vec<Cells>> {
    checker.differences(ALL_CELLS & !region, limit).map(keep_minimal)
}

/// The minimal unavoidable sets with at most [`BLANKED_DIGITS`] digits,
/// and at most `max_size` cells, smallest first.
pub fn initial_sets(checker: &Checker, max_size: usize) -> Vec<Cells> {
    let mut found = Vec::new();
    for digits in 0u16..1 << 9 {
        let count = digits.count_ones() as usize;
        if !(2..=BLANKED_DIGITS).contains(&count) {
            continue;
        }
        let region = cells_with_digits(checker.grid(), digits << 1);
        if let Some(diffs) = checker.differences(ALL_CELLS & !region, SOLUTION_LIMIT) {
            found.extend(diffs.into_iter().filter(|&set| size(set) <= max_size));
        }
    }
    keep_minimal(found)
}

/// Every minimal unavoidable set of `grid` with at most `max_size` cells,
/// whatever its number of digits, smallest first: from templates, without
/// a solver (see `templates.rs`).
pub fn small_sets(grid: &[u8; 81], max_size: usize) -> Vec<Cells> {
    keep_minimal(crate::templates::small_differences(grid, max_size))
}

/// The sets of `sets` that contain no other, smallest first, each once.
///
/// ```
/// use sudokit_clues::unavoidable::keep_minimal;
/// assert_eq!(keep_minimal(vec![0b111, 0b011, 0b011, 0b100]), vec![0b100, 0b011]);
/// ```
pub fn keep_minimal(mut sets: Vec<Cells>) -> Vec<Cells> {
    sets.sort_unstable_by_key(|&set| (size(set), set));
    sets.dedup();
    let mut kept: Vec<Cells> = Vec::with_capacity(sets.len());
    for set in sets {
        if !kept.iter().any(|&smaller| smaller & !set == 0) {
            kept.push(set);
        }
    }
    kept
}
