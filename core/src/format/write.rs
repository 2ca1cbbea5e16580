//! Writing grids as text: one line, `n` rows, or Norvig's pretty grid.

use crate::format::display::display_table;
use crate::geometry::Geometry;
use crate::grid::Grid;

fn token(digit: u8) -> String {
    match digit {
        0 => ".".to_string(),
        d => d.to_string(),
    }
}

/// One line: `n²` characters for `n ≤ 9` (`.` for blanks), otherwise `n²`
/// space-separated tokens. Both read back with [`parse_grids`](super::parse_grids).
///
/// ```
/// use sudokit_core::{format::to_line, Grid};
/// let g = Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0]).unwrap();
/// assert_eq!(to_line(&g), "123434122143432.");
/// ```
pub fn to_line(grid: &Grid) -> String {
    if grid.size() <= 9 {
        grid.values()
            .iter()
            .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
            .collect()
    } else {
        grid.values()
            .iter()
            .map(|&d| token(d))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `n` lines of `n` cells: digits for `n ≤ 9` (Norvig's second layout),
/// otherwise tokens right-aligned to a common width (the `data/large` format).
pub fn to_rows(grid: &Grid) -> String {
    let n = grid.size();
    let width = n.to_string().len();
    let mut out = String::new();
    for row in grid.values().chunks(n) {
        if n <= 9 {
            out.extend(row.iter().map(|&d| if d == 0 { '.' } else { (b'0' + d) as char }));
        } else {
            let cells: Vec<String> = row.iter().map(|&d| format!("{:>width$}", token(d))).collect();
            out.push_str(&cells.join(" "));
        }
        out.push('\n');
    }
    out
}

/// Norvig's `display` of a grid: cells centred in a common width, `|` and
/// `-` between boxes, `.` for blanks.
///
/// ```
/// use sudokit_core::{format::to_pretty, Geometry, Grid};
/// let g = Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
/// let text = to_pretty(&g, &Geometry::square(4).unwrap());
/// assert_eq!(text, "1 2 |3 4 \n3 4 |1 2 \n----+----\n2 1 |4 3 \n4 3 |2 1 \n");
/// ```
pub fn to_pretty(grid: &Grid, geometry: &Geometry) -> String {
    let cells: Vec<String> = grid.values().iter().map(|&d| token(d)).collect();
    display_table(geometry, &cells)
}
