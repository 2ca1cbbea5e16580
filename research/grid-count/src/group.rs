//! The geometric symmetry group of a Sudoku shape as an algebra, and its
//! conjugacy classes: what Burnside's lemma needs for the 9×9 grid, whose
//! 3,359,232 maps cannot each be tried against each grid.
//!
//! An element is `(transpose, ρ, σ)` with `ρ` a row order and `σ` a column
//! order that keep bands and stacks together. It maps a grid `x` to `y`
//! with `y[r][c] = x[ρ[r]][σ[c]]`, or `x[σ[c]][ρ[r]]` when it transposes,
//! i.e. `y[i] = x[m[i]]` for its cell map `m` ([`Group::cell_map`]).
//!
//! Two conjugate maps `h` and `g h g⁻¹` fix equally many grids up to
//! relabelling (`g` carries the grids fixed by one onto those fixed by the
//! other), so Burnside's sum needs one representative per class and the
//! class sizes. The classes are found by joining every element with its
//! conjugates by a set of generators (union–find): 275 classes for 9×9, as
//! Russell and Jarvis found.

use crate::essentially::{line_orders, Shape};
use std::collections::HashMap;

/// An element of the geometric group of a [`Group`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Element {
    /// Transpose as part of the map (square boxes only).
    pub transpose: bool,
    /// Index of the row order in [`Group::rows`].
    pub rows: u32,
    /// Index of the column order in [`Group::cols`].
    pub cols: u32,
}

/// The geometric maps of a shape with their products precomputed.
pub struct Group {
    shape: Shape,
    /// The row orders keeping bands together (`order[r]` = source row).
    rows: Vec<Vec<usize>>,
    /// The column orders keeping stacks together.
    cols: Vec<Vec<usize>>,
    /// `row_product[a * R + b]`: the index of the order `r ↦ a[b[r]]`.
    row_product: Vec<u32>,
    /// The same for column orders.
    col_product: Vec<u32>,
}

impl std::fmt::Debug for Group {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Group")
            .field("shape", &self.shape)
            .field("order", &self.order())
            .finish_non_exhaustive()
    }
}

/// A conjugacy class: one representative and how many elements it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Class {
    /// The class's smallest element by index.
    pub representative: Element,
    /// The number of elements conjugate to it.
    pub size: u64,
}

/// `order` as a lookup key (at most 16 lines of 4 bits).
fn key(order: &[usize]) -> u64 {
    order.iter().fold(0, |k, &v| k << 4 | v as u64)
}

/// The products of the line orders `orders`: index of `a ∘ b`.
fn products(orders: &[Vec<usize>]) -> Vec<u32> {
    let index: HashMap<u64, u32> = orders
        .iter()
        .enumerate()
        .map(|(i, o)| (key(o), i as u32))
        .collect();
    let mut out = Vec::with_capacity(orders.len() * orders.len());
    let mut composed = vec![0usize; orders.first().map_or(0, Vec::len)];
    for a in orders {
        for b in orders {
            for (r, slot) in composed.iter_mut().enumerate() {
                *slot = a[b[r]];
            }
            out.push(index[&key(&composed)]);
        }
    }
    out
}

impl Group {
    /// The group of `shape`: transposition only when boxes are square.
    pub fn new(shape: Shape) -> Group {
        let rows = line_orders(shape.box_cols, shape.box_rows);
        let cols = line_orders(shape.box_rows, shape.box_cols);
        let row_product = products(&rows);
        let col_product = if rows == cols {
            row_product.clone()
        } else {
            products(&cols)
        };
        Group {
            shape,
            rows,
            cols,
            row_product,
            col_product,
        }
    }

    /// Whether transposition belongs to the group.
    fn transposes(&self) -> bool {
        self.shape.box_rows == self.shape.box_cols
    }

    /// How many maps the group holds: 3,359,232 for 9×9.
    pub fn order(&self) -> u64 {
        let t = if self.transposes() { 2 } else { 1 };
        t * (self.rows.len() * self.cols.len()) as u64
    }

    /// Element number `i` (`0..order()`).
    fn element(&self, i: usize) -> Element {
        let per = self.rows.len() * self.cols.len();
        let rest = i % per;
        Element {
            transpose: i >= per,
            rows: (rest / self.cols.len()) as u32,
            cols: (rest % self.cols.len()) as u32,
        }
    }

    /// The number of `e` (inverse of [`Self::element`]).
    fn index(&self, e: Element) -> usize {
        let per = self.rows.len() * self.cols.len();
        usize::from(e.transpose) * per + e.rows as usize * self.cols.len() + e.cols as usize
    }

    fn row(&self, a: u32, b: u32) -> u32 {
        self.row_product[a as usize * self.rows.len() + b as usize]
    }

    fn col(&self, a: u32, b: u32) -> u32 {
        self.col_product[a as usize * self.cols.len() + b as usize]
    }

    /// The element whose cell map is `m2 ∘ m1`: first `first`'s, then
    /// `second`'s (worked out from the definition of the maps; mixing rows
    /// and columns only happens when transposing, i.e. for square boxes).
    pub fn product(&self, first: Element, second: Element) -> Element {
        if !first.transpose {
            Element {
                transpose: second.transpose,
                rows: self.row(second.rows, first.rows),
                cols: self.col(second.cols, first.cols),
            }
        } else {
            Element {
                transpose: !second.transpose,
                rows: self.col(second.cols, first.rows),
                cols: self.row(second.rows, first.cols),
            }
        }
    }

    /// The row and column orders of `e` (`order[i]`: the source line of
    /// line `i`; with `e.transpose`, rows of the image come from columns).
    pub fn line_orders(&self, e: Element) -> (&[usize], &[usize]) {
        (&self.rows[e.rows as usize], &self.cols[e.cols as usize])
    }

    /// The cell map of `e`: the image `y` of a grid `x` is `y[i] = x[m[i]]`.
    pub fn cell_map(&self, e: Element) -> Vec<usize> {
        let n = self.shape.size();
        let (rho, sigma) = (&self.rows[e.rows as usize], &self.cols[e.cols as usize]);
        (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                if e.transpose {
                    sigma[c] * n + rho[r]
                } else {
                    rho[r] * n + sigma[c]
                }
            })
            .collect()
    }

    /// The elements that commute with `e` (its centraliser), found without
    /// trying all of the group (a few thousand products, where trying
    /// every element of the 9×9 group took a tenth of a second).
    ///
    /// In a product ([`Self::product`]) the rows of the result depend on
    /// the first factor's rows and one line order of the second, the
    /// columns on the first's columns and the other. So for `g = (t, a, b)`
    /// the rows of `g·e` depend on `a` alone, and the rows of `e·g` on `a`
    /// alone when `e` keeps rows as rows, on `b` alone when it transposes
    /// (the columns the other way round). Without transposition in `e` the
    /// conditions on `a` and on `b` are apart; with it, the rows condition
    /// gives the one `b` that can go with each `a`.
    pub fn centraliser(&self, e: Element) -> Vec<Element> {
        let transposes: &[bool] = if self.transposes() {
            &[false, true]
        } else {
            &[false]
        };
        let (rows, cols) = (self.rows.len() as u32, self.cols.len() as u32);
        let mut out = Vec::new();
        for &transpose in transposes {
            let g = |a: u32, b: u32| Element {
                transpose,
                rows: a,
                cols: b,
            };
            let commutes = |g: Element| self.product(g, e) == self.product(e, g);
            if e.transpose {
                let mut by_rows = vec![u32::MAX; rows as usize];
                for b in 0..cols {
                    by_rows[self.product(e, g(0, b)).rows as usize] = b;
                }
                for a in 0..rows {
                    let b = by_rows[self.product(g(a, 0), e).rows as usize];
                    if b != u32::MAX && commutes(g(a, b)) {
                        out.push(g(a, b));
                    }
                }
            } else {
                let rows_ok =
                    (0..rows).filter(|&a| self.product(g(a, 0), e).rows == self.product(e, g(a, 0)).rows);
                let cols_ok: Vec<u32> = (0..cols)
                    .filter(|&b| self.product(g(0, b), e).cols == self.product(e, g(0, b)).cols)
                    .collect();
                for a in rows_ok {
                    out.extend(cols_ok.iter().map(|&b| g(a, b)));
                }
            }
        }
        out
    }

    /// The element that moves lines (rows, or columns with `columns`) by
    /// `order` (`order[i]` = source line) and fixes the other direction.
    fn lines(&self, columns: bool, order: &[usize]) -> Element {
        let position = |list: &[Vec<usize>], wanted: &[usize]| {
            list.iter().position(|o| o == wanted).expect("a line order") as u32
        };
        let identity = |list: &[Vec<usize>]| position(list, &(0..list[0].len()).collect::<Vec<_>>());
        Element {
            transpose: false,
            rows: if columns {
                identity(&self.rows)
            } else {
                position(&self.rows, order)
            },
            cols: if columns {
                position(&self.cols, order)
            } else {
                identity(&self.cols)
            },
        }
    }

    /// Involutions that generate the group: the swaps of neighbouring lines
    /// inside the first band (stack), of neighbouring whole bands (stacks),
    /// and transposition.
    fn generators(&self) -> Vec<Element> {
        let mut out = Vec::new();
        let s = self.shape;
        let n = s.size();
        for (columns, inner, groups) in [(false, s.box_rows, s.box_cols), (true, s.box_cols, s.box_rows)] {
            for a in 0..inner - 1 {
                let mut order: Vec<usize> = (0..n).collect();
                order.swap(a, a + 1);
                out.push(self.lines(columns, &order));
            }
            for g in 0..groups - 1 {
                let mut order: Vec<usize> = (0..n).collect();
                for k in 0..inner {
                    order.swap(g * inner + k, (g + 1) * inner + k);
                }
                out.push(self.lines(columns, &order));
            }
        }
        if self.transposes() {
            let identity = self.lines(false, &(0..n).collect::<Vec<_>>());
            out.push(Element {
                transpose: true,
                ..identity
            });
        }
        out
    }

    /// The conjugacy classes, in order of their smallest element.
    pub fn conjugacy_classes(&self) -> Vec<Class> {
        let order = self.order() as usize;
        let generators = self.generators();
        let mut parent: Vec<u32> = (0..order as u32).collect();
        fn root(parent: &mut [u32], mut i: u32) -> u32 {
            while parent[i as usize] != i {
                parent[i as usize] = parent[parent[i as usize] as usize];
                i = parent[i as usize];
            }
            i
        }
        for i in 0..order {
            let h = self.element(i);
            for &g in &generators {
                // g is an involution: its conjugate is g h g.
                let j = self.index(self.product(self.product(g, h), g)) as u32;
                let (a, b) = (root(&mut parent, i as u32), root(&mut parent, j));
                parent[a.max(b) as usize] = a.min(b);
            }
        }
        let mut sizes: HashMap<u32, u64> = HashMap::new();
        for i in 0..order as u32 {
            *sizes.entry(root(&mut parent, i)).or_default() += 1;
        }
        let mut classes: Vec<Class> = sizes
            .into_iter()
            .map(|(r, size)| Class {
                representative: self.element(r as usize),
                size,
            })
            .collect();
        classes.sort_unstable_by_key(|c| self.index(c.representative));
        classes
    }
}
