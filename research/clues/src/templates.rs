//! The small unavoidable sets of a grid from *templates*, without a solver.
//!
//! A template is one way to place a digit in a 9×9 grid: nine cells, one
//! in each row, column and box (46,656 of them). Another grid `H` differs
//! from ours `G` on a set `U` of cells; its digit set `D` (the digits of
//! `G` on `U`) is also the set of digits `H` moves, and each digit `d` of
//! `D` moves at least two cells: `H`'s template for `d` leaves `c_d ≥ 2`
//! cells of `G`'s and takes `c_d` cells of `U`, so `|U| = Σ c_d`. `H`'s
//! templates for the digits of `D` are pairwise disjoint and lie in the
//! cells of `D`'s digits; conversely, any such disjoint choice of one
//! template per digit of `D` is another grid. So the sets of at most `n`
//! cells are the choices where `Σ c_d ≤ n`, which needs `|D| ≤ n / 2` and
//! each `c_d ≤ n − 2(|D| − 1)`: a few candidate templates per digit.
//!
//! This lists every difference of at most `n` cells with another grid —
//! hence every *minimal* unavoidable set of at most `n` cells, whatever its
//! number of digits (McGuire, Tugemann and Civario used every set of up to
//! 12 cells). Blanking digits and listing the solutions with a solver, as
//! before, found only those with at most four digits, and took most of the
//! time of the quickest grids' searches.

use std::sync::OnceLock;

use crate::cells::{cells_of, Cells};

/// Every template: one cell per row, column and box, as a set of cells.
fn templates() -> &'static [Cells] {
    static TEMPLATES: OnceLock<Vec<Cells>> = OnceLock::new();
    TEMPLATES.get_or_init(|| {
        let mut found = Vec::with_capacity(46_656);
        place_row(0, 0, 0, 0, &mut found);
        found
    })
}

/// Extends a template placed on the rows before `row` (its cells `cells`,
/// its columns and boxes used) row by row.
fn place_row(row: usize, cells: Cells, columns: u16, boxes: u16, found: &mut Vec<Cells>) {
    if row == 9 {
        found.push(cells);
        return;
    }
    for column in 0..9 {
        let square = row / 3 * 3 + column / 3;
        if columns >> column & 1 == 0 && boxes >> square & 1 == 0 {
            place_row(
                row + 1,
                cells | 1 << (9 * row + column),
                columns | 1 << column,
                boxes | 1 << square,
                found,
            );
        }
    }
}

/// Every difference between `grid` and another valid grid that has at
/// most `max_size` cells (not only minimal ones), each once.
pub(crate) fn small_differences(grid: &[u8; 81], max_size: usize) -> Vec<Cells> {
    let max_digits = (max_size / 2).min(9);
    let mut digit_cells = [0 as Cells; 9];
    for (cell, &digit) in grid.iter().enumerate() {
        digit_cells[usize::from(digit - 1)] |= 1 << cell;
    }
    // The templates by the set of the grid's digits they cover (bit `d - 1`
    // for digit `d`): a template can only be another grid's template for a
    // digit of `D` if it covers digits of `D` alone.
    let mut by_digits: Vec<Vec<Cells>> = vec![Vec::new(); 512];
    for &template in templates() {
        let digits = cells_of(template).fold(0usize, |set, cell| set | 1 << (grid[cell] - 1));
        if digits.count_ones() as usize <= max_digits {
            by_digits[digits].push(template);
        }
    }
    let mut found = Vec::new();
    let mut candidates: Vec<Vec<Candidate>> = Vec::new();
    for digits in 0usize..512 {
        let count = digits.count_ones() as usize;
        if !(2..=max_digits).contains(&count) {
            continue;
        }
        // Each digit of `D` moves at least two cells, the others' too.
        let cap = max_size - 2 * (count - 1);
        candidates.clear();
        for digit in (0..9).filter(|d| digits >> d & 1 == 1) {
            let own = digit_cells[digit];
            let mut list = Vec::new();
            let mut subset = digits;
            // Every non-empty subset of `digits`.
            while subset != 0 {
                for &template in &by_digits[subset] {
                    let moved = (template & !own).count_ones() as usize;
                    if moved != 0 && moved <= cap {
                        list.push(Candidate {
                            template,
                            moved: template & !own,
                            count: moved,
                        });
                    }
                }
                subset = (subset - 1) & digits;
            }
            candidates.push(list);
        }
        choose(&candidates, 0, 0, 0, max_size, &mut found);
    }
    found
}

/// A template another grid may use for one digit of `D`.
struct Candidate {
    template: Cells,
    /// Its cells off the digit's own in our grid: where the grids differ.
    moved: Cells,
    /// Their number.
    count: usize,
}

/// Picks, for each digit from `next` on, a template disjoint from the
/// cells `taken`, while the moved cells stay within `budget`; records each
/// full choice's moved cells.
fn choose(
    candidates: &[Vec<Candidate>],
    next: usize,
    taken: Cells,
    moved: Cells,
    budget: usize,
    found: &mut Vec<Cells>,
) {
    let Some(list) = candidates.get(next) else {
        found.push(moved);
        return;
    };
    for candidate in list {
        if candidate.count <= budget && candidate.template & taken == 0 {
            choose(
                candidates,
                next + 1,
                taken | candidate.template,
                moved | candidate.moved,
                budget - candidate.count,
                found,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_46656_templates_each_one_cell_per_row_column_and_box() {
        let all = templates();
        assert_eq!(all.len(), 46_656, "9 · 6 · 3 · 6 · 4 · 2 · 3 · 2 · 1 placements");
        for &template in all {
            let (mut rows, mut columns, mut boxes) = (0u16, 0u16, 0u16);
            for cell in cells_of(template) {
                rows |= 1 << (cell / 9);
                columns |= 1 << (cell % 9);
                boxes |= 1 << (cell / 27 * 3 + cell % 9 / 3);
            }
            assert_eq!((rows, columns, boxes), (0x1ff, 0x1ff, 0x1ff), "{template:#x}");
        }
        let distinct: std::collections::BTreeSet<Cells> = all.iter().copied().collect();
        assert_eq!(distinct.len(), all.len());
    }
}
