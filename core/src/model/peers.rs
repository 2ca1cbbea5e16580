//! The model's peers: the cells that must differ from each cell, from its
//! groups and its `≠` relations, as sorted lists and as bits.

use std::collections::HashMap;

use super::csr::Csr;
use super::groups::{cell_mask, Groups};
use crate::cell::Cell;
use crate::geometry::Geometry;
use crate::state::PLACES_MAX_CELLS;

/// Every cell's peers.
pub(super) struct Peers {
    /// Every cell's peers; `None` when they are exactly the geometry's (the
    /// classic rules and nothing that adds a peer), which are used instead.
    pub(super) lists: Option<Csr<Cell>>,
    /// On boards of at most [`PLACES_MAX_CELLS`] cells, every cell's peers
    /// as bits (cell `i` at bit `i`), to meet the state's digit-major view.
    pub(super) masks: Vec<u128>,
}

impl Peers {
    /// A cell's peers: its `≠` `partners` and the cells of its groups, as
    /// one sorted list merged from sorted lists. When the cell's row,
    /// column and region are all groups (the classic rules), the
    /// geometry's peer list stands for them: building ~300 peers for each
    /// of 10,000 cells was most of a 100×100 puzzle's setup.
    pub(super) fn compile(geometry: &Geometry, groups: &Groups, mut partners: Vec<Vec<Cell>>) -> Peers {
        let cells = geometry.cell_count();
        let unit_ids: HashMap<Vec<Cell>, usize> = geometry
            .units()
            .iter()
            .enumerate()
            .map(|(u, unit)| {
                let mut cells = unit.cells.to_vec();
                cells.sort_unstable();
                (cells, u)
            })
            .collect();
        let sorted_groups: Vec<Vec<Cell>> = groups
            .list
            .iter()
            .map(|g| {
                let mut cells = g.cells().to_vec();
                cells.sort_unstable();
                cells
            })
            .collect();
        let mut unit_declared = vec![false; geometry.units().len()];
        let is_unit: Vec<bool> = sorted_groups
            .iter()
            .map(|cells| match unit_ids.get(cells) {
                Some(&u) => {
                    unit_declared[u] = true;
                    true
                }
                None => false,
            })
            .collect();
        let units_declared: Vec<bool> = geometry
            .cells()
            .map(|cell| geometry.units_of(cell).iter().all(|&u| unit_declared[u]))
            .collect();
        let only_units = (0..cells).all(|i| {
            units_declared[i]
                && partners[i].is_empty()
                && groups.of.get(i).iter().all(|&g| is_unit[g as usize])
        });
        let mut lists = None;
        if !only_units {
            for (i, list) in partners.iter_mut().enumerate() {
                let cell = Cell(i as u16);
                list.sort_unstable();
                let own = std::mem::take(list);
                let groups_of = groups.of.get(i);
                let mut sources: Vec<&[Cell]> = Vec::with_capacity(groups_of.len() + 2);
                if units_declared[i] {
                    sources.push(geometry.peers(cell));
                }
                sources.extend(
                    groups_of
                        .iter()
                        .filter(|&&g| !(units_declared[i] && is_unit[g as usize]))
                        .map(|&g| sorted_groups[g as usize].as_slice()),
                );
                if !own.is_empty() {
                    sources.push(&own);
                }
                *list = match sources.as_slice() {
                    [only] => only.iter().copied().filter(|&c| c != cell).collect(),
                    _ => merge_sorted(&sources, cell),
                };
            }
            lists = Some(Csr::from_lists(partners));
        }
        let mut peers = Peers {
            lists,
            masks: Vec::new(),
        };
        if cells <= PLACES_MAX_CELLS {
            peers.masks = geometry
                .cells()
                .map(|cell| cell_mask(peers.of(geometry, cell)))
                .collect();
        }
        peers
    }

    /// The peers of `cell` (the geometry's when the lists are left out).
    #[inline(always)]
    pub(super) fn of<'a>(&'a self, geometry: &'a Geometry, cell: Cell) -> &'a [Cell] {
        match &self.lists {
            Some(lists) => lists.get(cell.index()),
            None => geometry.peers(cell),
        }
    }
}

/// The union of sorted lists, sorted, without repeats and without `skip`.
fn merge_sorted(lists: &[&[Cell]], skip: Cell) -> Vec<Cell> {
    let mut heads = vec![0usize; lists.len()];
    let mut out = Vec::with_capacity(lists.iter().map(|l| l.len()).sum());
    loop {
        let next = lists
            .iter()
            .zip(&heads)
            .filter_map(|(list, &h)| list.get(h).copied())
            .min();
        let Some(cell) = next else {
            return out;
        };
        for (list, head) in lists.iter().zip(heads.iter_mut()) {
            if list.get(*head) == Some(&cell) {
                *head += 1;
            }
        }
        if cell != skip && out.last() != Some(&cell) {
            out.push(cell);
        }
    }
}
