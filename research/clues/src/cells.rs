//! Sets of cells of a 9×9 grid as one 128-bit word: bit `i` is cell `i` in
//! reading order (row `i / 9`, column `i % 9`). Unions, intersections and
//! "does this clue set hit this unavoidable set" are then one instruction.

/// A set of cells, bit `i` for cell `i` (0 to 80).
pub type Cells = u128;

/// Every cell of the grid.
pub const ALL_CELLS: Cells = (1 << 81) - 1;

/// The cells of `set`, lowest first.
///
/// ```
/// use sudokit_clues::cells::cells_of;
/// assert_eq!(cells_of(0b1010).collect::<Vec<_>>(), vec![1, 3]);
/// ```
pub fn cells_of(mut set: Cells) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let cell = set.trailing_zeros() as usize;
            set &= set - 1;
            cell
        })
    })
}

/// The number of cells in `set`.
pub fn size(set: Cells) -> usize {
    set.count_ones() as usize
}

/// The grid's digits on the cells of `clues`, 0 elsewhere: the puzzle those
/// clues make.
pub fn puzzle_of(grid: &[u8; 81], clues: Cells) -> [u8; 81] {
    let mut digits = [0u8; 81];
    for cell in cells_of(clues) {
        digits[cell] = grid[cell];
    }
    digits
}

/// The cells where two grids differ.
pub fn difference(a: &[u8; 81], b: &[u8; 81]) -> Cells {
    (0..81).filter(|&i| a[i] != b[i]).fold(0, |set, i| set | 1 << i)
}

/// A puzzle as a line: the digits of `clues`, `.` elsewhere.
pub fn show_puzzle(grid: &[u8; 81], clues: Cells) -> String {
    puzzle_of(grid, clues)
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect()
}
