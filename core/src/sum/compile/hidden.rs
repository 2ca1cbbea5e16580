//! Hidden cages: one outie at a time. A cage that sticks out of a house by
//! one cell ties that cell to the house's other cells: the house's total
//! less the cages wholly inside it and less this cage leaves
//! `Σ (the other cells of the house) − (the cell outside) = a known total`.
//!
//! Innies and outies take every cage of a house at once and give one sum
//! over what is left; when several cages stick out, that sum is long and
//! loose. Taken one outie at a time (as ISS's hidden cages are), each sum is
//! short and binds a cell outside the house to a few cells inside it: on the
//! MATHEMAGIC killers (five-cell cages winding across rows and boxes) the
//! rows' sums `r1c5 + … + r1c9 − r2c1 = 45 − 28` are what tightens once a
//! few digits are placed.

use super::{Region, MAX_DERIVED_CELLS};
use crate::cell::Cell;
use crate::sum::Sum;

/// For `house` (a complete group, its cells marked in `inside`): the sums of
/// `cages` that cross it, sharing no cell (first come, first taken); for each
/// one sticking out by exactly one cell, the sum over the house's cells in
/// no cage wholly inside and not in that cage, less the cell outside —
/// returned with the cages' totals taken out (the innies-and-outies
/// convention), when it has at most [`MAX_DERIVED_CELLS`] cells. `used` is
/// scratch (all false on entry and exit).
pub(super) fn one_outie_each(
    house: &Region,
    cages: &[&Sum],
    inside: &[bool],
    used: &mut [bool],
) -> Vec<(Sum, i64)> {
    let mut taken: Vec<&Sum> = Vec::new();
    for &cage in cages {
        let crosses = cage.cells().any(|c| inside[c.index()]);
        if !crosses || cage.cells().any(|c| used[c.index()]) {
            continue;
        }
        cage.cells().for_each(|c| used[c.index()] = true);
        taken.push(cage);
    }
    taken
        .iter()
        .flat_map(|s| s.cells())
        .for_each(|c| used[c.index()] = false);

    let contained: Vec<&Sum> = taken
        .iter()
        .copied()
        .filter(|s| s.cells().all(|c| inside[c.index()]))
        .collect();
    let contained_total: i64 = contained.iter().map(|s| i64::from(s.total())).sum();
    contained
        .iter()
        .flat_map(|s| s.cells())
        .for_each(|c| used[c.index()] = true);
    let mut found = Vec::new();
    for outie in &taken {
        let mut outside = outie.cells().filter(|c| !inside[c.index()]);
        let (Some(cell), None) = (outside.next(), outside.next()) else {
            continue;
        };
        let rest: Vec<Cell> = house
            .cells
            .iter()
            .copied()
            .filter(|&c| !used[c.index()] && !outie.cells().any(|o| o == c))
            .collect();
        if rest.len() + 1 > MAX_DERIVED_CELLS {
            continue;
        }
        let cages_total = contained_total + i64::from(outie.total());
        let Ok(total) = i32::try_from(house.total - cages_total) else {
            continue;
        };
        let terms = rest.into_iter().map(|c| (c, 1)).chain([(cell, -1)]);
        found.push((Sum::from_terms(terms, total), cages_total));
    }
    contained
        .iter()
        .flat_map(|s| s.cells())
        .for_each(|c| used[c.index()] = false);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Row 1 of a 4×4 board (cells 0–3) with a cage r1c1 + r1c2 + r2c1 = 7
    /// sticking out by one cell: r1c3 + r1c4 − r2c1 = 10 − 7 = 3.
    #[test]
    fn a_cage_sticking_out_by_one_cell_gives_its_hidden_cage() {
        let row = Region {
            name: "row 1".into(),
            cells: (0..4).map(Cell).collect(),
            total: 10,
        };
        let mut inside = vec![false; 16];
        (0..4).for_each(|c| inside[c] = true);
        let mut used = vec![false; 16];
        let cage = Sum::new([Cell(0), Cell(1), Cell(4)], 7);
        let far = Sum::new([Cell(3), Cell(7), Cell(11)], 12);
        let found = one_outie_each(&row, &[&cage, &far], &inside, &mut used);
        assert_eq!(
            found,
            vec![(Sum::from_terms([(Cell(2), 1), (Cell(3), 1), (Cell(4), -1)], 3), 7)]
        );
        assert!(used.iter().all(|&u| !u));
    }
}
