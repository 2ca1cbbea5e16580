//! The model's groups: every all-different set of cells once, the groups
//! of each cell, and what the singles and locked candidates read of them.

use std::collections::HashMap;

use super::csr::Csr;
use super::{on_board, rules};
use crate::cell::Cell;
use crate::constraint::Constraint;
use crate::geometry::Geometry;
use crate::group::{Group, GroupId};
use crate::intersection::Intersections;
use crate::state::PLACES_MAX_CELLS;

/// Most words of a cell's group mask (so at most 256 groups get masks).
const MASK_WORDS_MAX: usize = 4;

/// The groups of the rules and the views of them the engine reads.
pub(super) struct Groups {
    /// Every group, in rule order.
    pub(super) list: Vec<Group>,
    /// The rule that declared each group.
    pub(super) rule: Vec<u32>,
    /// The cells of every group, flat, for the singles' inner loop.
    pub(super) cells: Csr<Cell>,
    /// The groups of every cell.
    pub(super) of: Csr<u32>,
    /// With at most [`MASK_WORDS_MAX`]` × 64` groups: the groups of every
    /// cell as a bit mask of `words` words, cell after cell.
    pub(super) masks: Option<(usize, Vec<u64>)>,
    /// On boards of at most [`PLACES_MAX_CELLS`] cells, every group's cells
    /// as bits (cell `i` at bit `i`), to meet the state's digit-major view.
    pub(super) cell_masks: Vec<u128>,
    /// Overlaps of complete groups with other groups (locked candidates).
    pub(super) intersections: Intersections,
}

impl Groups {
    /// The groups of the rules, in rule order; a group repeated by another
    /// rule is kept once, and cells off the board are left out.
    pub(super) fn compile(geometry: &Geometry, constraints: &[Box<dyn Constraint>]) -> Groups {
        let cells = geometry.cell_count();
        let mut list: Vec<Group> = Vec::new();
        let mut rule = Vec::new();
        let mut seen: HashMap<Vec<Cell>, GroupId> = HashMap::new();
        for (k, constraint) in rules(constraints) {
            for group in constraint.groups(geometry) {
                let on_board = on_board(geometry);
                let mut key: Vec<Cell> = group.cells().iter().copied().filter(on_board).collect();
                key.sort_unstable();
                key.dedup();
                if key.is_empty() || seen.contains_key(&key) {
                    continue;
                }
                seen.insert(key, list.len());
                let cells: Vec<Cell> = group.cells().iter().copied().filter(on_board).collect();
                list.push(Group::new(group.name(), cells).with_kind(group.kind()));
                rule.push(k as u32);
            }
        }
        let mut of = vec![Vec::new(); cells];
        for (g, group) in list.iter().enumerate() {
            for &cell in group.cells() {
                of[cell.index()].push(g as u32);
            }
        }
        for groups in &mut of {
            groups.dedup();
        }
        let words = list.len().div_ceil(64).max(1);
        let masks = (words <= MASK_WORDS_MAX).then(|| {
            let mut masks = vec![0u64; cells * words];
            for (i, groups) in of.iter().enumerate() {
                for &g in groups {
                    masks[i * words + g as usize / 64] |= 1 << (g % 64);
                }
            }
            (words, masks)
        });
        let cell_masks = if cells <= PLACES_MAX_CELLS {
            list.iter().map(|g| cell_mask(g.cells())).collect()
        } else {
            Vec::new()
        };
        let intersections = Intersections::compile(
            &list.iter().map(Group::cells).collect::<Vec<_>>(),
            &of,
            geometry.size(),
        );
        Groups {
            cells: Csr::from_lists(list.iter().map(|g| g.cells().to_vec()).collect()),
            of: Csr::from_lists(of),
            list,
            rule,
            masks,
            cell_masks,
            intersections,
        }
    }

    /// True when the two cells are in one group.
    pub(super) fn share(&self, a: Cell, b: Cell) -> bool {
        let of_b = self.of.get(b.index());
        self.of.get(a.index()).iter().any(|g| of_b.contains(g))
    }
}

/// Cells as bits: cell `i` at bit `i` (boards of at most
/// [`PLACES_MAX_CELLS`] cells).
pub(super) fn cell_mask(cells: &[Cell]) -> u128 {
    cells.iter().fold(0, |mask, &cell| mask | 1 << cell.index())
}
