//! What a few cells say about each other (they see each other, or a
//! relation joins them), prepared once for a walk over their digits: the
//! walks of combinations and relation chains narrow the cells still to be
//! filled as each digit is chosen (forward checking).

use sudokit_core::{Cell, Digit};

use crate::board::Board;

/// The links among `cells`, by position: for each cell, the later cells it
/// must differ from or is related to.
pub(super) struct Pairwise {
    /// Per position `i`, the later positions `j` with what they say:
    /// `differ` when the cells see each other, `table` (from `i` to `j`)
    /// when a relation joins them.
    later: Vec<Vec<(usize, bool, Option<u32>)>>,
}

impl Pairwise {
    /// The links among `cells` on `board`.
    pub(super) fn new(board: &Board<'_>, cells: &[Cell]) -> Pairwise {
        let model = board.model();
        let later = cells
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                cells[i + 1..]
                    .iter()
                    .enumerate()
                    .filter_map(|(k, &b)| {
                        let differ = board.sees(a, b);
                        let table = model.links(a).iter().find(|l| l.other == b).map(|l| l.table);
                        (differ || table.is_some()).then_some((i + 1 + k, differ, table))
                    })
                    .collect()
            })
            .collect();
        Pairwise { later }
    }

    /// Narrows `row` (the digits, as bits, each position may still take)
    /// for the positions after `i` once `i` holds `digit`.
    pub(super) fn narrow(&self, board: &Board<'_>, i: usize, digit: Digit, row: &mut [u128]) {
        let model = board.model();
        for &(j, differ, table) in &self.later[i] {
            if differ {
                row[j] &= !(1u128 << (digit - 1));
            }
            if let Some(t) = table {
                row[j] &= model.table(t).partners(digit);
            }
        }
    }
}

/// The candidates of `cells` as bits, one row per depth of a walk: row `d`
/// holds what each position may take once the first `d` are chosen.
pub(super) fn rows(board: &Board<'_>, cells: &[Cell]) -> Vec<Vec<u128>> {
    let first: Vec<u128> = cells.iter().map(|&c| board.candidates(c).to_u128()).collect();
    vec![first; cells.len() + 1]
}

/// The digits of a set of bits, smallest first.
pub(super) fn each_digit(mut bits: u128) -> impl Iterator<Item = Digit> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let d = bits.trailing_zeros() as Digit + 1;
            bits &= bits - 1;
            d
        })
    })
}
