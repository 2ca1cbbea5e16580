//! Essentially different grids, counted by Burnside's lemma: the classes
//! are the orbits of the symmetry group `G = H × S(n)` (geometric maps
//! `H`, digit relabellings `S(n)`), and
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
//! boxes 28,200,960 grids in 49 classes ([`count`] visits every grid). The
//! 9×9 figure, 5,472,730,538 (Russell and Jarvis), cannot be had that way:
//! [`count_by_classes`] sums over the 275 conjugacy classes of the 9×9
//! group instead, counting one representative's fixed grids per class by
//! an exact search ([`count_fixed_with`], which the maps commuting with the
//! representative speed up): about 15 s of one core for all 275.

use crate::fixed::count_fixed_with;
use crate::group::{Class, Element, Group};
use crate::total;

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
pub(crate) fn line_orders(groups: usize, inner: usize) -> Vec<Vec<usize>> {
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

/// One conjugacy class of the geometric group with the grids its maps fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassFigure {
    /// A representative map of the class.
    pub representative: Element,
    /// How many maps the class holds.
    pub size: u64,
    /// The grids with first box `1 2 … n` that a map of the class fixes up
    /// to relabelling (Russell and Jarvis's "invariants"); times `n!`, all
    /// grids it fixes up to relabelling.
    pub fixed: u128,
    /// Whether the representative is the identity (it fixes every grid).
    pub identity: bool,
    /// How long counting them took.
    pub time: std::time::Duration,
}

/// What [`count_by_classes`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassCount {
    /// The geometric maps `|H|`.
    pub geometric: u64,
    /// Every conjugacy class, in the group's order, including those whose
    /// maps fix no grid.
    pub classes: Vec<ClassFigure>,
    /// `Σ size × fixed`: the same figure as [`Count::stabiliser_sum`]
    /// (both are Burnside's sum divided by `n!`).
    pub sum: u128,
    /// The essentially different grids: `sum / |H|`.
    pub essentially_different: u128,
}

/// The grids a map of `class` fixes up to relabelling, counted for its
/// representative (see [`count_by_classes`]), with the time it took.
pub fn class_figure(shape: Shape, group: &Group, class: Class) -> ClassFigure {
    let start = std::time::Instant::now();
    let map = group.cell_map(class.representative);
    let identity = map.iter().enumerate().all(|(i, &m)| i == m);
    let fixed = if identity && shape.size() == 9 {
        let factorial: u128 = (1..=9).product();
        total() / factorial
    } else {
        let symmetries = || {
            group
                .centraliser(class.representative)
                .into_iter()
                .map(|g| group.cell_map(g).into_iter().map(|i| i as u8).collect())
                .collect()
        };
        u128::from(count_fixed_with(shape, &map, symmetries))
    };
    ClassFigure {
        representative: class.representative,
        size: class.size,
        fixed,
        identity,
        time: start.elapsed(),
    }
}

impl ClassCount {
    /// Burnside's sum over `classes`, the conjugacy classes of a group of
    /// `geometric` maps with their fixed grids.
    pub fn new(geometric: u64, classes: Vec<ClassFigure>) -> ClassCount {
        let sum: u128 = classes.iter().map(|c| u128::from(c.size) * c.fixed).sum();
        ClassCount {
            geometric,
            classes,
            sum,
            essentially_different: sum / u128::from(geometric),
        }
    }

    /// Every grid of the shape: the identity's fixed grids times `n!`.
    pub fn grids(&self, shape: Shape) -> u128 {
        let factorial: u128 = (1..=shape.size() as u128).product();
        self.classes
            .iter()
            .find(|c| c.identity)
            .map_or(0, |c| c.fixed * factorial)
    }
}

/// Counts the essentially different grids of `shape` by Burnside's lemma
/// over the conjugacy classes of the geometric group, as Russell and Jarvis
/// did for 9×9: one representative per class ([`Group::conjugacy_classes`]),
/// its fixed grids counted by [`count_fixed_with`], weighted by the class
/// size.
///
/// `orbits = Σ_classes size × fixed × n! / (|H| × n!)`. The identity fixes
/// every grid: for 9×9 that count comes from the band method ([`total`]),
/// for smaller shapes from the same search as the other classes. `progress`
/// is called after each class (the 9×9 count takes about 15 s of one core
/// in release: see docs/research.md).
pub fn count_by_classes(shape: Shape, mut progress: impl FnMut(&ClassFigure)) -> ClassCount {
    let group = Group::new(shape);
    let classes = group
        .conjugacy_classes()
        .into_iter()
        .map(|class| {
            let figure = class_figure(shape, &group, class);
            progress(&figure);
            figure
        })
        .collect();
    ClassCount::new(group.order(), classes)
}
