//! Where a complete group overlaps another group: the compiled form behind
//! the engine's locked candidates.
//!
//! A complete group `G` (`n` cells) holds every digit. When the places left
//! for digit `d` in `G` all lie in its overlap `I` with another group `H`,
//! `d` is in `I`, so no other cell of `H` holds it. On a classic board that
//! is pointing (a box and a line) and claiming (a line and a box); the same
//! overlaps exist between a jigsaw region and a row, a diagonal and a box, a
//! box and a killer cage.
//!
//! A group's overlaps are kept in *families* of disjoint segments (a box's
//! three row segments, its three column segments), plus the cells of `G` no
//! segment of the family covers. One pass over the family's cells then finds
//! every digit confined to one part, as in a hidden single: digits seen in
//! exactly one part, and not yet placed.
//!
//! ```text
//!   box 1 ∩ row 1 = r1c1..r1c3  ┐ family 1 (rows)     box 1 ∩ col 1 = r1..r3c1 ┐ family 2
//!   box 1 ∩ row 2 = r2c1..r2c3  │                     box 1 ∩ col 2            │ (columns)
//!   box 1 ∩ row 3 = r3c1..r3c3  ┘                     box 1 ∩ col 3            ┘
//! ```

use crate::cell::Cell;
use crate::group::GroupId;

/// The overlap of a complete group with another group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Segment {
    /// The other group.
    pub(crate) other: GroupId,
    /// The cells of both groups (at least two).
    pub(crate) cells: Box<[Cell]>,
    /// The other group's cells outside the overlap: they lose the digits
    /// confined to it.
    pub(crate) outside: Box<[Cell]>,
    /// The same cells as bits (cell `i` at bit `i`) on boards of at most
    /// 128 cells, to meet the state's digit-major view; all bits set on
    /// larger boards.
    pub(crate) outside_mask: u128,
}

/// Disjoint segments of one complete group, and the group's cells none of
/// them covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Family {
    pub(crate) segments: Vec<Segment>,
    pub(crate) uncovered: Box<[Cell]>,
}

/// For every group, the families of its overlaps (none unless the group is
/// complete and overlaps another group in at least two cells, without
/// containing it).
#[derive(Clone, Debug, Default)]
pub(crate) struct Intersections {
    by_group: Vec<Vec<Family>>,
}

impl Intersections {
    /// Finds the overlaps of `groups` (their cells, by id) on a board of side
    /// `n`; `groups_of` lists the groups of each cell.
    pub(crate) fn compile(groups: &[&[Cell]], groups_of: &[Vec<u32>], n: usize) -> Intersections {
        let by_group = groups
            .iter()
            .enumerate()
            .map(|(g, &cells)| {
                if cells.len() != n {
                    return Vec::new();
                }
                families(g, cells, groups, groups_of)
            })
            .collect();
        Intersections { by_group }
    }

    /// The families of group `g`.
    #[inline(always)]
    pub(crate) fn of(&self, g: GroupId) -> &[Family] {
        &self.by_group[g]
    }

    /// True when no group has an overlap to propagate.
    pub(crate) fn is_empty(&self) -> bool {
        self.by_group.iter().all(Vec::is_empty)
    }
}

/// The overlaps of complete group `g`, sorted into families of disjoint
/// segments.
fn families(g: GroupId, cells: &[Cell], groups: &[&[Cell]], groups_of: &[Vec<u32>]) -> Vec<Family> {
    // The other groups meeting `g`, with the shared cells in `g`'s order.
    let mut shared: Vec<(GroupId, Vec<Cell>)> = Vec::new();
    for &cell in cells {
        for &h in &groups_of[cell.index()] {
            let h = h as usize;
            if h == g {
                continue;
            }
            match shared.iter_mut().find(|(other, _)| *other == h) {
                Some((_, overlap)) => overlap.push(cell),
                None => shared.push((h, vec![cell])),
            }
        }
    }
    shared.sort_by_key(|(h, _)| *h);
    let mut families: Vec<(Vec<Segment>, Vec<bool>)> = Vec::new();
    for (h, overlap) in shared {
        let other = groups[h];
        if overlap.len() < 2 || overlap.len() == other.len() {
            continue;
        }
        let outside: Box<[Cell]> = other.iter().copied().filter(|c| !overlap.contains(c)).collect();
        let positions: Vec<usize> = overlap
            .iter()
            .map(|c| cells.iter().position(|x| x == c).expect("overlap cells are in g"))
            .collect();
        let outside_mask = outside
            .iter()
            .try_fold(0u128, |mask, c| Some(mask | 1u128.checked_shl(c.index() as u32)?))
            .unwrap_or(u128::MAX);
        let segment = Segment {
            other: h,
            cells: overlap.into_boxed_slice(),
            outside,
            outside_mask,
        };
        // The first family whose segments this one does not meet.
        let family = match families
            .iter_mut()
            .find(|(_, covered)| positions.iter().all(|&p| !covered[p]))
        {
            Some(family) => family,
            None => {
                families.push((Vec::new(), vec![false; cells.len()]));
                families.last_mut().expect("just pushed")
            }
        };
        positions.iter().for_each(|&p| family.1[p] = true);
        family.0.push(segment);
    }
    families
        .into_iter()
        .map(|(segments, covered)| Family {
            segments,
            uncovered: cells
                .iter()
                .zip(covered)
                .filter(|(_, covered)| !covered)
                .map(|(&c, _)| c)
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;

    fn classic(n: usize) -> (Vec<Vec<Cell>>, Vec<Vec<u32>>) {
        let geometry = Geometry::square(n).unwrap();
        let groups: Vec<Vec<Cell>> = geometry.units().iter().map(|u| u.cells.to_vec()).collect();
        let mut groups_of = vec![Vec::new(); n * n];
        for (g, cells) in groups.iter().enumerate() {
            for c in cells {
                groups_of[c.index()].push(g as u32);
            }
        }
        (groups, groups_of)
    }

    #[test]
    fn a_box_has_a_family_of_row_segments_and_one_of_column_segments() {
        let (groups, groups_of) = classic(9);
        let refs: Vec<&[Cell]> = groups.iter().map(Vec::as_slice).collect();
        let found = Intersections::compile(&refs, &groups_of, 9);
        let box1 = found.of(18);
        assert_eq!(box1.len(), 2);
        let rows: Vec<GroupId> = box1[0].segments.iter().map(|s| s.other).collect();
        let columns: Vec<GroupId> = box1[1].segments.iter().map(|s| s.other).collect();
        assert_eq!((rows, columns), (vec![0, 1, 2], vec![9, 10, 11]));
        assert!(box1.iter().all(|f| f.uncovered.is_empty()));
        let row1 = &box1[0].segments[0];
        assert_eq!(&*row1.cells, &[Cell(0), Cell(1), Cell(2)]);
        assert_eq!(row1.outside.len(), 6);
        assert!(row1.outside.iter().all(|c| c.index() < 9 && c.index() >= 3));
        assert_eq!(row1.outside_mask, 0b1_1111_1000);
        // A row meets three boxes, in one family.
        let row1 = found.of(0);
        assert_eq!(row1.len(), 1);
        assert_eq!(row1[0].segments.len(), 3);
    }

    #[test]
    fn partial_groups_and_single_cell_overlaps_give_nothing() {
        // A diagonal meets each row in one cell: no segment for either.
        let (mut groups, mut groups_of) = classic(4);
        let diagonal: Vec<Cell> = (0..4).map(|i| Cell::at(i, i, 4)).collect();
        for c in &diagonal {
            groups_of[c.index()].push(groups.len() as u32);
        }
        groups.push(diagonal);
        // A two-cell cage inside box 1: the box confines digits to it, the
        // cage itself is partial.
        let cage = vec![Cell(0), Cell(1)];
        for c in &cage {
            groups_of[c.index()].push(groups.len() as u32);
        }
        groups.push(cage);
        let refs: Vec<&[Cell]> = groups.iter().map(Vec::as_slice).collect();
        let found = Intersections::compile(&refs, &groups_of, 4);
        assert!(found.of(13).is_empty(), "a partial group confines nothing");
        // The diagonal and box 1 share r1c1 and r2c2.
        let diagonal = found.of(12);
        assert_eq!(diagonal.len(), 1);
        let others: Vec<GroupId> = diagonal[0].segments.iter().map(|s| s.other).collect();
        assert_eq!(others, vec![8, 11]);
        // Box 1 contains the cage whole: nothing outside it to clear.
        assert!(found
            .of(8)
            .iter()
            .all(|f| f.segments.iter().all(|s| s.other != 13)));
    }
}
