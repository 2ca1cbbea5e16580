//! Innies and outies with sums of any coefficients: a region's known total
//! less declared sums that are not cages, such as arrows.
//!
//! An arrow says `shaft − circle = 0`. When its shaft lies in a house, the
//! house's total less the arrow trades the shaft's cells for the circle:
//! a column holding two arrows whose shafts and circles are all in it reads
//! `2·r3c5 + 2·r7c5 + r4c5 + r5c5 + r6c5 = 45`. The derived sum has fewer
//! cells than the house, so the propagator bounds them more tightly than
//! the house and the arrows do one at a time.

use crate::cell::Cell;
use crate::sum::Sum;

/// Cells of one region, with what their digits add up to; `inside[c]` marks
/// the region's cells.
pub(super) struct RegionEquation<'a> {
    pub(super) cells: &'a [Cell],
    pub(super) total: i64,
    pub(super) inside: &'a [bool],
}

/// The region's equation less some of `sums` (each taken whole, no two
/// sharing a cell), when at least one of them is not a cage and what is
/// left has at most `max_cells` cells; with the totals of the sums taken.
///
/// A sum is taken when it removes more cells than it brings in: its cells of
/// coefficient 1 inside the region leave the equation, its cells outside
/// join it. Sums removing the most go first. `weight` is scratch (all zero
/// on entry and exit), one entry per cell of the board.
pub(super) fn region_less_sums(
    region: &RegionEquation<'_>,
    sums: &[&Sum],
    weight: &mut [i32],
    max_cells: usize,
) -> Option<(Sum, i64)> {
    let gain = |sum: &Sum| {
        let leaving = sum
            .terms()
            .iter()
            .filter(|&&(c, k)| k == 1 && region.inside[c.index()])
            .count() as i64;
        let joining = sum.cells().filter(|c| !region.inside[c.index()]).count() as i64;
        leaving - joining
    };
    let mut candidates: Vec<(i64, &Sum)> = sums
        .iter()
        .map(|&sum| (gain(sum), sum))
        .filter(|&(g, _)| g > 0)
        .collect();
    if !candidates.iter().any(|(_, s)| !s.is_cage()) {
        return None;
    }
    candidates.sort_by_key(|&(g, _)| std::cmp::Reverse(g));
    for &c in region.cells {
        weight[c.index()] = 1;
    }
    // Cells a taken sum touched (each at most once), and cells it brought in.
    let mut touched: Vec<Cell> = Vec::new();
    let mut joined: Vec<Cell> = Vec::new();
    let mut taken_total = 0i64;
    let mut took_other = false;
    for (_, sum) in candidates {
        if sum.cells().any(|c| touched.contains(&c)) {
            continue;
        }
        for &(c, k) in sum.terms() {
            touched.push(c);
            if !region.inside[c.index()] {
                joined.push(c);
            }
            weight[c.index()] -= k;
        }
        taken_total += i64::from(sum.total());
        took_other |= !sum.is_cage();
    }
    let terms: Vec<(Cell, i32)> = region
        .cells
        .iter()
        .chain(&joined)
        .map(|&c| (c, weight[c.index()]))
        .filter(|&(_, k)| k != 0)
        .collect();
    for &c in region.cells.iter().chain(&touched) {
        weight[c.index()] = 0;
    }
    let total = i32::try_from(region.total - taken_total).ok()?;
    (took_other && !terms.is_empty() && terms.len() <= max_cells)
        .then(|| (Sum::from_terms(terms, total), taken_total))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Column 1 of a 6×6 board (cells 0, 6, …, 30).
    fn column() -> (Vec<Cell>, Vec<bool>) {
        let cells: Vec<Cell> = (0..6).map(|r| Cell(r * 6)).collect();
        let mut inside = vec![false; 36];
        for c in &cells {
            inside[c.index()] = true;
        }
        (cells, inside)
    }

    #[test]
    fn two_arrows_in_a_column_trade_their_shafts_for_their_circles() {
        let (cells, inside) = column();
        let region = RegionEquation {
            cells: &cells,
            total: 21,
            inside: &inside,
        };
        // r1c1 = r2c1, and r4c1 + r6c1 = r5c1: both wholly inside.
        let a = Sum::from_terms([(Cell(0), 1), (Cell(6), -1)], 0);
        let b = Sum::from_terms([(Cell(18), 1), (Cell(30), 1), (Cell(24), -1)], 0);
        // r3c1 + r3c2 = r4c2 brings in more cells than it takes out.
        let c = Sum::from_terms([(Cell(12), 1), (Cell(13), 1), (Cell(19), -1)], 0);
        let mut weight = vec![0; 36];
        let (sum, taken) = region_less_sums(&region, &[&c, &a, &b], &mut weight, 6).unwrap();
        assert_eq!(sum.describe(6), "2×r2c1 + r3c1 + 2×r5c1 = 21");
        assert_eq!(taken, 0);
        assert!(weight.iter().all(|&w| w == 0));
        // Too many cells left for the limit.
        assert!(region_less_sums(&region, &[&a], &mut weight, 4).is_none());
        assert!(weight.iter().all(|&w| w == 0));
    }

    #[test]
    fn cages_alone_are_left_to_the_cage_passes() {
        let (cells, inside) = column();
        let region = RegionEquation {
            cells: &cells,
            total: 21,
            inside: &inside,
        };
        let cage = Sum::new([Cell(0), Cell(6)], 3);
        let mut weight = vec![0; 36];
        assert!(region_less_sums(&region, &[&cage], &mut weight, 6).is_none());
        // With an arrow beside it, the cage is taken too.
        let arrow = Sum::from_terms([(Cell(12), 1), (Cell(18), 1), (Cell(24), -1)], 0);
        let (sum, taken) = region_less_sums(&region, &[&cage, &arrow], &mut weight, 6).unwrap();
        assert_eq!(sum.describe(6), "2×r5c1 + r6c1 = 18");
        assert_eq!(taken, 3);
    }
}
