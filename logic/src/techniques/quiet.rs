//! What a technique already looked at and found nothing in: an item (a
//! sum, a chain) whose cells' candidates have not changed since gives
//! nothing again, so the walk over it is skipped.

use std::collections::HashMap;
use std::sync::Mutex;

use sudokit_core::Cell;

use crate::board::Board;

/// Per item, the candidates of its cells when it last gave nothing. Kept
/// in the model's cache ([`Model::prepared`](sudokit_core::Model::prepared)),
/// one per technique; an item's answer depends on its cells' candidates
/// only, so a hit is exact.
#[derive(Debug, Default)]
pub(super) struct Quiet {
    seen: Mutex<HashMap<usize, Vec<u128>>>,
}

impl Quiet {
    /// True when `item` gave nothing with the same candidates in `cells`.
    pub(super) fn unchanged(&self, board: &Board<'_>, item: usize, cells: &[Cell]) -> bool {
        let seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        seen.get(&item).is_some_and(|was| {
            was.len() == cells.len()
                && cells
                    .iter()
                    .zip(was)
                    .all(|(&c, &w)| board.candidates(c).to_u128() == w)
        })
    }

    /// Records that `item` gave nothing with the candidates of `cells`.
    pub(super) fn remember(&self, board: &Board<'_>, item: usize, cells: &[Cell]) {
        let now = cells.iter().map(|&c| board.candidates(c).to_u128()).collect();
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        seen.insert(item, now);
    }
}
