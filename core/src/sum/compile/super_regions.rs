//! Innies and outies of growing super-regions (ISS's idea, written anew):
//! the first k rows (from the top or the bottom), the first k columns (from
//! either side) and the first k boxes in box order, for k from 2 to n − 1.
//! As a super-region grows, every cage with more than half its cells inside
//! joins it for good, so the sum left over is the region's cells outside the
//! cages (innies) less the cages' cells outside the region (outies):
//! `Σ innies − Σ outies = k·n(n+1)/2 − Σ cage totals`.
//!
//! The bands of `derive` take the cages that fit (sticking out by at most a
//! few cells) at any start; these take the cages by majority, and reach
//! the unions of boxes (boxes 1–4: a band and a box) and bands wider than
//! half the board, which the bands never form.

use super::Region;
use crate::cell::Cell;
use crate::group::{Group, GroupKind};
use crate::sum::Sum;

/// The most cells of a super-region's leftover sum. ISS keeps up to six
/// (more where some cell is in no cage); here five- and six-cell ones made a
/// MATHEMAGIC killer's node a third dearer for nodes that moved both ways,
/// while up to four cost nothing measurable and took a few percent of the
/// nodes off the killers (docs/benchmarks.md, "(stop 51, killer51)").
const MAX_CELLS: usize = 4;

/// The leftover sums of the super-regions, each with its region and the
/// cages' total. `cages` are unit-coefficient sums; those that share a cell
/// with an earlier one are left out, so the cages taken never overlap.
/// `cell_count` sizes the scratch marks.
pub(super) fn super_region_sums(
    n: usize,
    cell_count: usize,
    groups: &[Group],
    cages: &[&Sum],
) -> Vec<(Region, Sum, i64)> {
    let mut out = Vec::new();
    if n < 3 || cages.is_empty() {
        return out;
    }
    // Cages that share no cell, in declaration order.
    let mut caged = vec![false; cell_count];
    let mut pieces: Vec<(&Sum, Vec<Cell>)> = Vec::new();
    for &cage in cages {
        let cells: Vec<Cell> = cage.cells().collect();
        if cells.iter().any(|c| caged[c.index()]) {
            continue;
        }
        for c in &cells {
            caged[c.index()] = true;
        }
        pieces.push((cage, cells));
    }
    let full = (n * (n + 1) / 2) as i64;
    let complete = |kind: GroupKind| -> Vec<&Group> {
        groups
            .iter()
            .filter(|g| g.kind() == kind && g.is_complete(n))
            .collect()
    };
    let mut orders: Vec<Vec<&Group>> = Vec::new();
    for kind in [GroupKind::Row, GroupKind::Column] {
        let lines = complete(kind);
        if lines.len() == n {
            let mut reversed = lines.clone();
            reversed.reverse();
            orders.push(lines);
            orders.push(reversed);
        }
    }
    let boxes = complete(GroupKind::Box);
    if boxes.len() == n {
        orders.push(boxes);
    }
    let mut inside = vec![false; cell_count];
    let mut in_piece = vec![false; cell_count];
    for houses in orders {
        inside.fill(false);
        in_piece.fill(false);
        let mut region: Vec<Cell> = Vec::new();
        let mut taken = vec![false; pieces.len()];
        let mut piece_cells: Vec<Cell> = Vec::new();
        let mut cages_total = 0i64;
        for (k, house) in houses.iter().enumerate().take(n - 1) {
            for &c in house.cells() {
                inside[c.index()] = true;
                region.push(c);
            }
            for (p, (cage, cells)) in pieces.iter().enumerate() {
                if taken[p] {
                    continue;
                }
                let within = cells.iter().filter(|c| inside[c.index()]).count();
                if 2 * within > cells.len() {
                    taken[p] = true;
                    cages_total += i64::from(cage.total());
                    for &c in cells {
                        in_piece[c.index()] = true;
                        piece_cells.push(c);
                    }
                }
            }
            // The first house alone is the single house's innies and
            // outies, which `derive` already has.
            if k == 0 {
                continue;
            }
            let innies: Vec<Cell> = region.iter().copied().filter(|c| !in_piece[c.index()]).collect();
            let outies: Vec<Cell> = piece_cells
                .iter()
                .copied()
                .filter(|c| !inside[c.index()])
                .collect();
            let cells = innies.len() + outies.len();
            if cells == 0 || cells > MAX_CELLS {
                continue;
            }
            let region_total = full * (k as i64 + 1);
            let Ok(total) = i32::try_from(region_total - cages_total) else {
                continue;
            };
            let sum = Sum::from_terms(
                innies
                    .iter()
                    .map(|&c| (c, 1))
                    .chain(outies.iter().map(|&c| (c, -1))),
                total,
            );
            let first = houses[0].name();
            let last = house.name();
            out.push((
                Region {
                    name: format!("{first} to {last}"),
                    cells: region.clone(),
                    total: region_total,
                },
                sum,
                cages_total,
            ));
        }
    }
    out
}
