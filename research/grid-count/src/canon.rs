//! Canonical forms of 9×9 grids and puzzles: the *minlex* representative
//! people exchange, the transformation that reaches it, and the number of
//! automorphisms.
//!
//! # The convention
//!
//! The symmetries are the 3,359,232 = 2 × 6⁸ geometric maps (transposition,
//! the order of the bands, of the rows inside each band, of the stacks, of
//! the columns inside each stack) together with the 9! relabellings of the
//! digits. A grid or puzzle is written row by row as 81 digits, a blank as
//! `0`; its canonical form is the lexicographically smallest string among
//! all its images, each image's digits numbered `1, 2, 3, …` in the order
//! they first appear (the smallest numbering of that image). Because a
//! blank is `0`, the form puts blanks before givens wherever it can (the
//! form of a 17-clue puzzle starts with a row of blanks). This is the plain
//! minlex of the exchanged puzzle lists: most lines of the published
//! 17-clue catalogue are their own form (not all: the tests count them and
//! check the others against brute force). A solved grid has no blanks; its
//! form starts `123456789`.
//!
//! [`Canonical::symmetry`] maps the input to the form:
//! `form[r][c] = labels[input'[rows[r]][cols[c]]]`, where `input'` is the
//! input transposed if [`Symmetry::transpose`] is set, and `labels[0] = 0`
//! keeps blanks blank.
//!
//! [`Canonical::automorphisms`] counts the geometric maps `h` for which
//! `h(input)` is a relabelling of the input (the digit map being then unique
//! for a grid); the most symmetric grid has 648, most grids 1.
//!
//! # How
//!
//! Solved grids ([`canonical`] on a grid without blanks) go through a
//! search over the column order that fixes the form's second row digit by
//! digit: once the first row is relabelled to `123456789`, the second row
//! is the first row's permutation `f` (column → column of the same digit)
//! conjugated by the column order, and each digit of it is the smallest
//! position still free for the image of the current column, so only ties
//! branch. Before any search, each of the 36 starts (transposition, first
//! and second row of one band) gets a rank from `f` alone that orders the
//! best second rows the starts can reach (see `grid::rank`): only the
//! starts of the lowest rank are searched, and for "aligned" starts (each
//! stack of row 1 going whole to one other stack) the best column orders
//! are listed directly. The candidates left after row 2 (one per
//! automorphism, usually one) fix the remaining rows, since two rows of a
//! grid never agree in a column; they are compared row by row, stopping at
//! the first larger row. Puzzles go through a row-by-row beam: every (transposition, row,
//! column order) start is scored on the form's first row, only the smallest
//! survive, and each following row extends the survivors the same way.

/// A transformation of a 9×9 grid: see the [module](self) for how it maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// Transpose the input first.
    pub transpose: bool,
    /// `rows[r]`: the (transposed) input row that becomes row `r`.
    pub rows: [u8; 9],
    /// `cols[c]`: the (transposed) input column that becomes column `c`.
    pub cols: [u8; 9],
    /// `labels[d]`: the digit that input digit `d` becomes (`labels[0] = 0`).
    pub labels: [u8; 10],
}

impl Symmetry {
    /// The image of `cells` (81 digits, `0` blank) under this map.
    pub fn apply(&self, cells: &[u8; 81]) -> [u8; 81] {
        let source = oriented(cells, self.transpose);
        let mut out = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let v = source[usize::from(self.rows[r]) * 9 + usize::from(self.cols[c])];
                out[r * 9 + c] = self.labels[usize::from(v)];
            }
        }
        out
    }
}

/// The canonical form of a grid or puzzle with the map that reaches it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The minlex form: 81 digits, `0` for a blank.
    pub form: [u8; 81],
    /// One map taking the input to [`form`](Self::form).
    pub symmetry: Symmetry,
    /// How many geometric maps take the input to a relabelling of itself.
    pub automorphisms: u32,
}

/// The input, or its transpose.
fn oriented(cells: &[u8; 81], transpose: bool) -> [u8; 81] {
    if !transpose {
        return *cells;
    }
    let mut out = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            out[r * 9 + c] = cells[c * 9 + r];
        }
    }
    out
}

/// The canonical form of `cells` (81 digits `0..=9`, `0` blank). A grid
/// without blanks takes the fast search for solved grids.
///
/// The cells need not hold a valid Sudoku: a puzzle with a contradiction
/// still has a form. Digits above 9 are a caller's error (they panic).
///
/// ```
/// use sudokit_grid_count::canon;
/// let grid: Vec<u8> = "123456789456789123789123456231564897564897231897231564312645978645978312978312645"
///     .bytes().map(|b| b - b'0').collect();
/// let found = canon::canonical(&grid.try_into().unwrap());
/// assert_eq!(found.form[..9], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
/// ```
pub fn canonical(cells: &[u8; 81]) -> Canonical {
    assert!(cells.iter().all(|&v| v <= 9), "cells hold 0..=9");
    if is_solved_grid(cells) {
        grid::canonical(cells)
    } else {
        puzzle::canonical(cells)
    }
}

/// The canonical form by the row-by-row beam alone, whatever the cells:
/// slower on solved grids than [`canonical`], and a second, independent
/// way to the same answer (the tests compare them).
pub fn canonical_by_rows(cells: &[u8; 81]) -> Canonical {
    assert!(cells.iter().all(|&v| v <= 9), "cells hold 0..=9");
    puzzle::canonical(cells)
}

/// Whether `cells` is a full, valid Sudoku grid.
pub fn is_solved_grid(cells: &[u8; 81]) -> bool {
    let mut rows = [0u16; 9];
    let mut cols = [0u16; 9];
    let mut boxes = [0u16; 9];
    for (i, &v) in cells.iter().enumerate() {
        if v == 0 {
            return false;
        }
        let bit = 1u16 << v;
        let (r, c) = (i / 9, i % 9);
        let b = r / 3 * 3 + c / 3;
        if rows[r] & bit != 0 || cols[c] & bit != 0 || boxes[b] & bit != 0 {
            return false;
        }
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
    }
    true
}

/// The 1296 column orders that keep stacks together (`cols[c]` = source).
fn column_orders() -> Vec<[u8; 9]> {
    const PERMS: [[u8; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = Vec::with_capacity(1296);
    for stacks in PERMS {
        for a in PERMS {
            for b in PERMS {
                for c in PERMS {
                    let inner = [a, b, c];
                    let mut cols = [0u8; 9];
                    for (s, &stack) in stacks.iter().enumerate() {
                        for k in 0..3 {
                            cols[s * 3 + k] = stack * 3 + inner[s][k];
                        }
                    }
                    out.push(cols);
                }
            }
        }
    }
    out
}

mod grid {
    //! The search for solved grids (see the module text above).

    use super::{oriented, Canonical, Symmetry};

    /// No value yet.
    const FREE: u8 = u8::MAX;

    /// A partial column order: position → column, column → position, and
    /// which column stack each position stack took.
    #[derive(Clone, Copy)]
    struct Order {
        sigma: [u8; 9],
        inverse: [u8; 9],
        stack_of: [u8; 3],
        stack_taken: [bool; 3],
    }

    impl Order {
        const EMPTY: Order = Order {
            sigma: [FREE; 9],
            inverse: [FREE; 9],
            stack_of: [FREE; 3],
            stack_taken: [false; 3],
        };

        /// Whether column `col` may go to position `pos`.
        fn fits(&self, pos: usize, col: usize) -> bool {
            if self.sigma[pos] != FREE || self.inverse[col] != FREE {
                return false;
            }
            match self.stack_of[pos / 3] {
                FREE => !self.stack_taken[col / 3],
                s => usize::from(s) == col / 3,
            }
        }

        fn place(&mut self, pos: usize, col: usize) {
            self.sigma[pos] = col as u8;
            self.inverse[col] = pos as u8;
            if self.stack_of[pos / 3] == FREE {
                self.stack_of[pos / 3] = (col / 3) as u8;
                self.stack_taken[col / 3] = true;
            }
        }
    }

    /// The search's shared state: the smallest row 2 so far and the column
    /// orders (with their start) that reach it.
    struct Best {
        row: [u8; 9],
        found: Vec<(usize, [u8; 9])>,
    }

    /// Extends `order` from position `k`, the second row's image so far
    /// being equal to `best.row[..k]`.
    fn search(f: &[u8; 9], order: Order, k: usize, start: usize, best: &mut Best) {
        if k == 9 {
            best.found.push((start, order.sigma));
            return;
        }
        if order.sigma[k] != FREE {
            step(f, order, k, start, best);
            return;
        }
        for col in 0..9 {
            if order.fits(k, col) {
                let mut next = order;
                next.place(k, col);
                step(f, next, k, start, best);
            }
        }
    }

    /// Position `k` has its column: its row-2 value is the position of the
    /// image column, placed as early as possible if it has none yet.
    fn step(f: &[u8; 9], mut order: Order, k: usize, start: usize, best: &mut Best) {
        let target = usize::from(f[usize::from(order.sigma[k])]);
        let value = if order.inverse[target] != FREE {
            order.inverse[target]
        } else {
            let Some(pos) = (k + 1..9).find(|&p| order.fits(p, target)) else {
                return;
            };
            order.place(pos, target);
            pos as u8
        };
        if value > best.row[k] {
            return;
        }
        if value < best.row[k] {
            best.row[k] = value;
            best.row[k + 1..].fill(FREE);
            best.found.clear();
        }
        search(f, order, k + 1, start, best);
    }

    /// The 36 starts: transposition, band, first row, second row.
    fn starts_iter() -> impl Iterator<Item = (bool, u8, u8)> {
        (0..2).flat_map(|t| {
            (0..3u8).flat_map(move |band| {
                (0..3u8).flat_map(move |a| {
                    (0..3u8)
                        .filter(move |&b| b != a)
                        .map(move |b| (t == 1, band * 3 + a, band * 3 + b))
                })
            })
        })
    }

    /// The column map of a start: row `r1`'s column holding the digit that
    /// row `r2` has in column `c`.
    fn column_map(view: &[u8; 81], r1: u8, r2: u8) -> [u8; 9] {
        let row = |r: u8| &view[usize::from(r) * 9..usize::from(r) * 9 + 9];
        let mut column_of = [0u8; 10];
        for (c, &d) in row(r1).iter().enumerate() {
            column_of[usize::from(d)] = c as u8;
        }
        std::array::from_fn(|c| column_of[usize::from(row(r2)[c])])
    }

    /// A rank of the best second row a start can give, from its column map
    /// alone: starts of a smaller rank give a smaller row, so only the
    /// starts of the smallest rank need a search.
    ///
    /// `f` sends each column to another stack (two rows of a band share no
    /// digit within a box). Either every stack goes whole to one other stack
    /// ("aligned": row 2 can read `456789…`, and its last three digits are
    /// `123`, `132` or `231` as `f³` on a stack is the identity, a swap or
    /// a 3-cycle: ranks 0, 1, 2), or each stack sends two columns one way
    /// and one the other, and row 2 reads at best `457…` (ranks 3, 4). Then
    /// the fourth digit is `1` exactly when some column `c` that goes the
    /// way of two has `f(f(c)) = c` (put first: rank 3), else larger (4).
    fn rank(f: &[u8; 9]) -> u8 {
        let forward = |c: usize| usize::from(f[c]) / 3 == (c / 3 + 1) % 3;
        // forwards[s]: how many columns of stack s go to stack s + 1.
        let mut forwards = [0u8; 3];
        for c in 0..9 {
            forwards[c / 3] += u8::from(forward(c));
        }
        if forwards[0] % 3 == 0 {
            let f3 = |c: usize| f[usize::from(f[usize::from(f[c])])];
            return match (0..3).filter(|&c| usize::from(f3(c)) == c).count() {
                3 => 0,
                1 => 1,
                _ => 2,
            };
        }
        let returns = (0..9).any(|c| {
            let with_two = (forwards[c / 3] == 2) == forward(c);
            with_two && usize::from(f[usize::from(f[c])]) == c
        });
        if returns {
            3
        } else {
            4
        }
    }

    pub(super) fn canonical(cells: &[u8; 81]) -> Canonical {
        let views = [oriented(cells, false), oriented(cells, true)];
        let mut starts = [(false, 0u8, 0u8); 36];
        let mut maps = [[0u8; 9]; 36];
        let mut ranks = [0u8; 36];
        for (index, (t, r1, r2)) in starts_iter().enumerate() {
            starts[index] = (t, r1, r2);
            maps[index] = column_map(&views[usize::from(t)], r1, r2);
            ranks[index] = rank(&maps[index]);
        }
        let lowest = ranks.iter().copied().min().unwrap_or(0);
        let mut best = Best {
            row: [FREE; 9],
            found: Vec::new(),
        };
        for index in (0..36).filter(|&i| ranks[i] == lowest) {
            if lowest <= 2 {
                aligned_orders(&maps[index], lowest, index, &mut best.found);
            } else {
                search(&maps[index], Order::EMPTY, 0, index, &mut best);
            }
        }
        let mut form = [u8::MAX; 81];
        let mut symmetry = None;
        let mut automorphisms = 0;
        for &(index, sigma) in &best.found {
            let (t, r1, r2) = starts[index];
            let view = &views[usize::from(t)];
            let candidate = arrangement(view, t, r1, r2, &sigma);
            match improve(view, &candidate, &mut form) {
                std::cmp::Ordering::Less => {
                    symmetry = Some(candidate);
                    automorphisms = 1;
                }
                std::cmp::Ordering::Equal => automorphisms += 1,
                std::cmp::Ordering::Greater => {}
            }
        }
        Canonical {
            form,
            symmetry: symmetry.expect("a grid has at least one candidate"),
            automorphisms,
        }
    }

    /// The column orders of an aligned start (rank 0, 1 or 2) that give the
    /// smallest row 2: any stack first, in an order for which `f³` reads as
    /// the rank says (`123`, `132`, `231`), the other stacks following `f`.
    fn aligned_orders(f: &[u8; 9], rank: u8, index: usize, found: &mut Vec<(usize, [u8; 9])>) {
        const PERMS: [[u8; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let wanted: [u8; 3] = match rank {
            0 => [0, 1, 2],
            1 => [0, 2, 1],
            _ => [1, 2, 0],
        };
        for stack in 0..3 {
            for within in PERMS {
                let mut sigma = [0u8; 9];
                for k in 0..3 {
                    sigma[k] = stack * 3 + within[k];
                    sigma[3 + k] = f[usize::from(sigma[k])];
                    sigma[6 + k] = f[usize::from(sigma[3 + k])];
                }
                let last: [u8; 3] = std::array::from_fn(|k| {
                    let back = f[usize::from(sigma[6 + k])];
                    sigma[..3].iter().position(|&c| c == back).unwrap_or(3) as u8
                });
                if last == wanted {
                    found.push((index, sigma));
                }
            }
        }
    }

    /// The map of a start and column order: rows 1 and 2 as chosen, the
    /// rest of band 1, then the other bands in the order of their smallest
    /// first cell, rows inside by first cell; digits numbered along row 1.
    fn arrangement(view: &[u8; 81], t: bool, r1: u8, r2: u8, sigma: &[u8; 9]) -> Symmetry {
        let mut labels = [0u8; 10];
        for (pos, &col) in sigma.iter().enumerate() {
            labels[usize::from(view[usize::from(r1) * 9 + usize::from(col)])] = pos as u8 + 1;
        }
        let first = |r: u8| labels[usize::from(view[usize::from(r) * 9 + usize::from(sigma[0])])];
        let band = r1 / 3;
        let r3 = band * 3 + 3 - (r1 % 3) - (r2 % 3);
        let sorted_band = |b: u8| {
            let mut rows = [b * 3, b * 3 + 1, b * 3 + 2];
            rows.sort_unstable_by_key(|&r| first(r));
            rows
        };
        let (mut second, mut third) = (sorted_band((band + 1) % 3), sorted_band((band + 2) % 3));
        if first(third[0]) < first(second[0]) {
            std::mem::swap(&mut second, &mut third);
        }
        let mut rows = [r1, r2, r3, 0, 0, 0, 0, 0, 0];
        rows[3..6].copy_from_slice(&second);
        rows[6..9].copy_from_slice(&third);
        Symmetry {
            transpose: t,
            rows,
            cols: *sigma,
            labels,
        }
    }

    /// Compares the image of `view` under `map` with `form` row by row,
    /// stopping at the first larger row; when the image is smaller it
    /// replaces `form`.
    fn improve(view: &[u8; 81], map: &Symmetry, form: &mut [u8; 81]) -> std::cmp::Ordering {
        let mut smaller = false;
        for (r, &src) in map.rows.iter().enumerate() {
            let row: [u8; 9] = std::array::from_fn(|c| {
                map.labels[usize::from(view[usize::from(src) * 9 + usize::from(map.cols[c])])]
            });
            let target = &mut form[r * 9..r * 9 + 9];
            if !smaller {
                match row.as_slice().cmp(target) {
                    std::cmp::Ordering::Greater => return std::cmp::Ordering::Greater,
                    std::cmp::Ordering::Equal => continue,
                    std::cmp::Ordering::Less => smaller = true,
                }
            }
            target.copy_from_slice(&row);
        }
        if smaller {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Equal
        }
    }
}

mod puzzle {
    //! The row-by-row beam for puzzles (see the module text above).

    use super::{column_orders, oriented, Canonical, Symmetry};

    /// A partial image: the start, the rows taken so far, the labels given.
    #[derive(Clone, Copy)]
    struct Partial {
        transpose: bool,
        cols: [u8; 9],
        rows: [u8; 9],
        labels: [u8; 10],
        next_label: u8,
    }

    /// `row` of `view` under the columns and labels of `partial`, new
    /// digits numbered on first sight; `None` as soon as it exceeds `bound`.
    fn image_row(view: &[u8; 81], row: u8, partial: &mut Partial, bound: &[u8; 9]) -> Option<[u8; 9]> {
        let mut out = [0u8; 9];
        let mut tight = true;
        for c in 0..9 {
            let v = usize::from(view[usize::from(row) * 9 + usize::from(partial.cols[c])]);
            if v != 0 && partial.labels[v] == 0 {
                partial.labels[v] = partial.next_label;
                partial.next_label += 1;
            }
            let label = partial.labels[v];
            if tight {
                if label > bound[c] {
                    return None;
                }
                tight = label == bound[c];
            }
            out[c] = label;
        }
        Some(out)
    }

    /// The rows that may come at position `k` after `partial`'s rows.
    fn next_rows(partial: &Partial, k: usize) -> Vec<u8> {
        let used = &partial.rows[..k];
        if k % 3 == 0 {
            (0..9u8)
                .filter(|r| used.iter().all(|&u| u / 3 != r / 3))
                .collect()
        } else {
            let band = partial.rows[k - 1] / 3;
            (band * 3..band * 3 + 3).filter(|r| !used.contains(r)).collect()
        }
    }

    pub(super) fn canonical(cells: &[u8; 81]) -> Canonical {
        let views = [oriented(cells, false), oriented(cells, true)];
        let mut beam: Vec<Partial> = Vec::new();
        for transpose in [false, true] {
            for cols in column_orders() {
                beam.push(Partial {
                    transpose,
                    cols,
                    rows: [0; 9],
                    labels: [0; 10],
                    next_label: 1,
                });
            }
        }
        let mut form = [0u8; 81];
        for k in 0..9 {
            let mut best = [u8::MAX; 9];
            let mut next: Vec<Partial> = Vec::new();
            for partial in &beam {
                let view = &views[usize::from(partial.transpose)];
                for row in next_rows(partial, k) {
                    let mut extended = *partial;
                    let Some(image) = image_row(view, row, &mut extended, &best) else {
                        continue;
                    };
                    if image < best {
                        best = image;
                        next.clear();
                    }
                    extended.rows[k] = row;
                    next.push(extended);
                }
            }
            form[k * 9..k * 9 + 9].copy_from_slice(&best);
            beam = next;
        }
        let automorphisms = beam.len() as u32;
        let mut found = beam[0];
        for d in 1..10 {
            if found.labels[d] == 0 {
                found.labels[d] = found.next_label;
                found.next_label += 1;
            }
        }
        let symmetry = Symmetry {
            transpose: found.transpose,
            rows: found.rows,
            cols: found.cols,
            labels: found.labels,
        };
        Canonical {
            form,
            symmetry,
            automorphisms,
        }
    }
}
