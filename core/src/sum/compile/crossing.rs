//! Houses crossed by sums from end to end: the cells the sums bring in from
//! outside the house add up to their totals less the house's.
//!
//! Little killers cross a box two or three cells at a time; where the
//! diagonals (and, for the cells they leave, rows or columns lying across
//! the box) cover the whole box, the box's 45 comes out of their totals and
//! what is left is a sum over the cells outside it ("Hailstone – little
//! killer": twelve cells adding up to 81, between 24 and 96). Innies and
//! outies take only cages that stick out a little; this takes any sum that
//! crosses the house, and houses to fill its gaps, as ISS's sum intersections
//! do. The model keeps a result only near an end of its range.

use super::Region;
use crate::cell::Cell;
use crate::sum::Sum;

/// For `house` (a complete group, its cells marked in `inside`): the sums
/// of `cages` that cross it, sharing no cell (those crossing the fewest
/// other crossing sums first), then the `houses` that meet its uncovered
/// cells in two cells or more and share no cell with what is taken. When
/// they cover the house, the cells they bring in from outside add up to
/// their totals less the house's: returned as outies (coefficient −1,
/// `house total − their totals`, the innies-and-outies convention) with
/// their totals, and whether a sum taken is not among `distinct` (its
/// digits may repeat: a little killer). `used` is scratch (all false on
/// entry and exit).
pub(super) fn covered(
    house: &Region,
    cages: &[&Sum],
    distinct: &[&Sum],
    houses: &[&[Cell]],
    inside: &[bool],
    used: &mut [bool],
) -> Option<(Sum, i64, bool)> {
    let crossing: Vec<&Sum> = cages
        .iter()
        .copied()
        .filter(|s| s.cells().any(|c| inside[c.index()]))
        .collect();
    if crossing.len() < 2 {
        return None;
    }
    let overlaps = |s: &Sum| {
        crossing
            .iter()
            .filter(|&&t| !std::ptr::eq(t, s) && t.cells().any(|c| s.cells().any(|d| d == c)))
            .count()
    };
    let mut order: Vec<(usize, &Sum)> = crossing.iter().map(|&s| (overlaps(s), s)).collect();
    order.sort_by_key(|&(k, _)| k);
    let mut taken: Vec<Cell> = Vec::new();
    let mut outies: Vec<Cell> = Vec::new();
    let mut cages_total = 0i64;
    let mut repeats = false;
    let take = |cells: &[Cell], used: &mut [bool], taken: &mut Vec<Cell>, outies: &mut Vec<Cell>| {
        for &c in cells {
            used[c.index()] = true;
            taken.push(c);
            if !inside[c.index()] {
                outies.push(c);
            }
        }
    };
    for (_, cage) in order {
        let cells: Vec<Cell> = cage.cells().collect();
        if cells.iter().any(|c| used[c.index()]) {
            continue;
        }
        take(&cells, used, &mut taken, &mut outies);
        cages_total += i64::from(cage.total());
        repeats |= !distinct.iter().any(|&d| std::ptr::eq(d, cage));
    }
    for &other in houses {
        if house.cells.iter().all(|c| used[c.index()]) {
            break;
        }
        let meet = other.iter().filter(|c| inside[c.index()]).count();
        if meet < 2 || meet == other.len() || other.iter().any(|c| used[c.index()]) {
            continue;
        }
        take(other, used, &mut taken, &mut outies);
        cages_total += house.total;
    }
    let covered = house.cells.iter().all(|c| used[c.index()]);
    for c in taken {
        used[c.index()] = false;
    }
    if !covered || outies.is_empty() {
        return None;
    }
    let total = i32::try_from(house.total - cages_total).ok()?;
    let sum = Sum::from_terms(outies.into_iter().map(|c| (c, -1)), total);
    Some((sum, cages_total, repeats))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_sums_and_a_box_cover_a_row_and_leave_what_they_bring_in() {
        // 4×4, row 1: r1c1 + r2c2 = 5 and r1c2 + r2c1 = 7 cross it; box 2
        // (r1c3, r1c4, r2c3, r2c4) fills the gap. The cells brought in
        // (row 2) add up to 5 + 7 + 10 − 10 = 12, written as outies:
        // −(r2c2 + r2c1 + r2c3 + r2c4) = 10 − 22.
        let at = |r: usize, c: usize| Cell::at(r, c, 4);
        let row = Region {
            name: "row 1".into(),
            cells: (0..4).map(|c| at(0, c)).collect(),
            total: 10,
        };
        let a = Sum::new([at(0, 0), at(1, 1)], 5);
        let b = Sum::new([at(0, 1), at(1, 0)], 7);
        let box2 = [at(0, 2), at(0, 3), at(1, 2), at(1, 3)];
        let column = [at(0, 2), at(1, 2), at(2, 2), at(3, 2)];
        let mut inside = vec![false; 16];
        for c in &row.cells {
            inside[c.index()] = true;
        }
        let mut used = vec![false; 16];
        let houses: Vec<&[Cell]> = vec![&row.cells, &column, &box2];
        let (sum, cages_total, repeats) =
            covered(&row, &[&a, &b], &[&a, &b], &houses, &inside, &mut used).unwrap();
        assert_eq!(sum.describe(4), "−r2c2 − r2c1 − r2c3 − r2c4 = -12");
        assert_eq!(cages_total, 22);
        assert!(!repeats, "both sums are distinct");
        assert!(used.iter().all(|&u| !u));
        // A sum whose digits may repeat is said.
        let (_, _, repeats) = covered(&row, &[&a, &b], &[&a], &houses, &inside, &mut used).unwrap();
        assert!(repeats);
        // One sum alone leaves the row to the innies and outies.
        assert!(covered(&row, &[&a], &[&a], &houses, &inside, &mut used).is_none());
        // Without the box the gap stays open (the column meets the row once).
        assert!(covered(&row, &[&a, &b], &[&a, &b], &houses[..2], &inside, &mut used).is_none());
    }
}
