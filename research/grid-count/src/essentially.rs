//! Essentially different grids of the small Sudoku shapes, counted by
//! Burnside's lemma: the classes are the orbits of the symmetry group
//! `G = H × S(n)` (geometric maps `H`, digit relabellings `S(n)`), and
//!
//! ```text
//! orbits = (1/|G|) Σ_{g ∈ G} |Fix(g)| = (1/|G|) Σ_{grid x} |Stab(x)|.
//! ```
//!
//! A grid uses every digit, so for each geometric map `h` at most one
//! relabelling `π` makes `π(h(x)) = x`: `|Stab(x)|` is the number of `h`
//! for which `h(x)` is a relabelling of `x`. That number does not change
//! when `x` is relabelled, so it is enough to visit the grids whose first
//! row reads `1 2 … n` (one in `n!`), and the `n!` cancels:
//! `orbits = Σ_{normalised x} |Stab(x)| / |H|`.
//!
//! The published figures this reproduces (Jarvis's "Sudoku enumeration
//! problems" pages; Felgenhauer and Jarvis, "Mathematics of Sudoku I"): the
//! 4×4 grid (2×2 boxes) has 288 grids in 2 classes, the 6×6 grid with 2×3
//! boxes 28,200,960 grids in 49 classes. The 9×9 figure, 5,472,730,538, needs
//! the fixed grids of each of the group's 275 conjugacy classes counted
//! without visiting grids (Russell and Jarvis); that is not done here.

/// The box shape of an `n × n` Sudoku, `n = box_rows × box_cols`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Rows per box (and rows per band).
    pub box_rows: usize,
    /// Columns per box (and columns per stack).
    pub box_cols: usize,
}

impl Shape {
    /// The side of the grid.
    pub fn size(self) -> usize {
        self.box_rows * self.box_cols
    }
}

/// What [`count`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Every grid of the shape (normalised grids × n!).
    pub grids: u64,
    /// The geometric maps `|H|` (transposition only for square boxes).
    pub geometric: u64,
    /// `Σ |Stab(x)|` over the normalised grids.
    pub stabiliser_sum: u64,
    /// The essentially different grids.
    pub classes: u64,
}

/// Every order of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for rest in permutations(n - 1) {
        for at in 0..n {
            let mut p = rest.clone();
            p.insert(at, n - 1);
            out.push(p);
        }
    }
    out
}

/// The line orders that keep groups of `inner` lines together: the groups
/// permuted, and the lines inside each group.
fn line_orders(groups: usize, inner: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let inner_perms = permutations(inner);
    for outer in permutations(groups) {
        let mut partial: Vec<Vec<usize>> = vec![Vec::new()];
        for &g in &outer {
            let mut grown = Vec::new();
            for prefix in &partial {
                for p in &inner_perms {
                    let mut line = prefix.clone();
                    line.extend(p.iter().map(|&i| g * inner + i));
                    grown.push(line);
                }
            }
            partial = grown;
        }
        out.extend(partial);
    }
    out
}

/// The geometric maps of a shape as cell permutations: the image of a grid
/// `x` under map `m` is `y[i] = x[m[i]]`.
pub fn geometric_maps(shape: Shape) -> Vec<Vec<usize>> {
    let mut maps = Vec::new();
    for_each_geometric_map(shape, |m| maps.push(m.to_vec()));
    maps
}

/// Calls `f` with each geometric map in turn, without keeping them (the
/// 9×9 group's 3,359,232 maps would take gigabytes as a list).
pub fn for_each_geometric_map(shape: Shape, mut f: impl FnMut(&[usize])) {
    let n = shape.size();
    let rows = line_orders(shape.box_cols, shape.box_rows);
    let cols = line_orders(shape.box_rows, shape.box_cols);
    let transposes: &[bool] = if shape.box_rows == shape.box_cols {
        &[false, true]
    } else {
        &[false]
    };
    let mut map = vec![0usize; n * n];
    for &t in transposes {
        for r in &rows {
            for c in &cols {
                for (i, cell) in map.iter_mut().enumerate() {
                    let (src_r, src_c) = (r[i / n], c[i % n]);
                    *cell = if t { src_c * n + src_r } else { src_r * n + src_c };
                }
                f(&map);
            }
        }
    }
}

/// Calls `f` with every grid of the shape whose first row is `1 2 … n`.
pub fn for_each_normalised_grid(shape: Shape, mut f: impl FnMut(&[u8])) {
    let n = shape.size();
    let mut cells = vec![0u8; n * n];
    for (c, cell) in cells.iter_mut().take(n).enumerate() {
        *cell = c as u8 + 1;
    }
    let mut used = vec![0u32; 3 * n];
    for c in 0..n {
        mark(shape, &mut used, c, c as u8 + 1);
    }
    fill(shape, &mut cells, &mut used, n, &mut f);
}

/// The row, column and box bits of cell `i` toggled for digit `d`.
fn mark(shape: Shape, used: &mut [u32], i: usize, d: u8) {
    let n = shape.size();
    let (r, c) = (i / n, i % n);
    let b = r / shape.box_rows * shape.box_rows + c / shape.box_cols;
    for unit in [r, n + c, 2 * n + b] {
        used[unit] ^= 1 << d;
    }
}

fn fill(shape: Shape, cells: &mut [u8], used: &mut [u32], i: usize, f: &mut impl FnMut(&[u8])) {
    let n = shape.size();
    if i == n * n {
        f(cells);
        return;
    }
    let (r, c) = (i / n, i % n);
    let b = r / shape.box_rows * shape.box_rows + c / shape.box_cols;
    let taken = used[r] | used[n + c] | used[2 * n + b];
    for d in 1..=n as u8 {
        if taken & (1 << d) == 0 {
            cells[i] = d;
            mark(shape, used, i, d);
            fill(shape, cells, used, i + 1, f);
            mark(shape, used, i, d);
        }
    }
    cells[i] = 0;
}

/// Whether the image of `x` under `map` is a relabelling of `x`.
pub fn fixed_up_to_relabelling(x: &[u8], map: &[usize]) -> bool {
    let mut relabel = [0u8; 33];
    for (i, &src) in map.iter().enumerate() {
        let (from, to) = (usize::from(x[src]), x[i]);
        if relabel[from] == 0 {
            relabel[from] = to;
        } else if relabel[from] != to {
            return false;
        }
    }
    true
}

/// Counts the essentially different grids of `shape` by Burnside's lemma
/// (see the [module](self)). Practical up to 6×6: it visits every
/// normalised grid with every geometric map.
pub fn count(shape: Shape) -> Count {
    let maps = geometric_maps(shape);
    let mut normalised = 0u64;
    let mut stabiliser_sum = 0u64;
    for_each_normalised_grid(shape, |x| {
        normalised += 1;
        stabiliser_sum += maps.iter().filter(|m| fixed_up_to_relabelling(x, m)).count() as u64;
    });
    let geometric = maps.len() as u64;
    let factorial: u64 = (1..=shape.size() as u64).product();
    Count {
        grids: normalised * factorial,
        geometric,
        stabiliser_sum,
        classes: stabiliser_sum / geometric,
    }
}
