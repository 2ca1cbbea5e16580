//! The order in which [`crate::fixed`] fills a grid fixed by a geometric
//! map: box by box, one orbit of boxes under the map at a time, with what a
//! memo key must hold between stages.
//!
//! A geometric map carries boxes to boxes, so its boxes fall into orbits.
//! Once the relabelling `π` is known, filling one box of an orbit fills the
//! whole orbit, so the search goes orbit by orbit. It starts with a box the
//! map keeps (or one of the shortest orbit): that box is the one whose
//! digits are fixed to `1 2 … n` (any box will do, see [`crate::fixed`]),
//! and filling its orbit settles most of `π` at once. The other orbits come
//! in the order that closes the most rows and columns first, so that the
//! state between stages (what a memo key holds) stays small: once a band is
//! full, the rest of the grid only sees its column sets, as in the band
//! method.

use crate::essentially::Shape;

/// One stage of the search: the cells it fills and how to read the memo
/// key when it starts.
pub(crate) struct Stage {
    /// The cells of this stage's orbit of boxes.
    pub cells: u128,
    /// The ways to read the key, the plain one first: each a symmetry of
    /// the count that keeps the filled cells filled (see [`View`]).
    pub views: Vec<View>,
}

/// What a memo key holds when a stage starts, read through a symmetry `g`
/// of the problem (a geometric map that commutes with the fixing map and
/// keeps the cells filled so far together): the key of the state `x ∘ g`,
/// which has as many completions as `x`. The smallest key over the views
/// is the one kept, so states that are images of each other share it.
pub(crate) struct View {
    /// Where each cell digit of the key is read: first the cells not
    /// filled by earlier stages (0 when empty), then the filled cells the
    /// map links to a cell outside them (what binds `π` later).
    pub cells: Vec<u8>,
    /// Where each unit's used digits are read: the rows, columns and boxes
    /// with a cell outside (rows 0.., columns 9.., boxes 18..).
    pub units: Vec<u8>,
}

/// The most views a stage keeps: each costs a key per stage start.
const VIEWS: usize = 4096;

/// The stages of the search for one map, and the box whose digits are fixed.
pub(crate) struct Plan {
    /// The cells of the normalised box, row by row (digits `1 2 … n`).
    pub first_box: Vec<usize>,
    /// The stages in order: the first box's orbit first.
    pub stages: Vec<Stage>,
}

/// The cells of a set, increasing.
pub(crate) fn cells(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

/// The box of cell `i`.
pub(crate) fn box_of(shape: Shape, i: usize) -> usize {
    let n = shape.size();
    let (r, c) = (i / n, i % n);
    r / shape.box_rows * shape.box_rows + c / shape.box_cols
}

/// The units of cell `i` in the search's numbering.
pub(crate) fn units_of(shape: Shape, i: usize) -> [u8; 3] {
    let n = shape.size();
    [(i / n) as u8, (9 + i % n) as u8, (18 + box_of(shape, i)) as u8]
}

impl Plan {
    /// The plan for the cell map `map` (`y[i] = x[map[i]]`).
    /// `symmetries`: cell maps that commute with `map` (any of them, or
    /// none): they let states that are images of each other share a key.
    pub(crate) fn new(shape: Shape, map: &[usize], symmetries: &[Vec<u8>]) -> Plan {
        let n = shape.size();
        let count = n * n;
        let box_cells: Vec<u128> = (0..n)
            .map(|b| {
                (0..count)
                    .filter(|&i| box_of(shape, i) == b)
                    .fold(0, |m, i| m | 1 << i)
            })
            .collect();
        let orbits = box_orbits(shape, map);
        let start = (0..orbits.len())
            .min_by_key(|&k| (orbits[k].len(), orbits[k][0]))
            .expect("a box");
        let first = orbits[start][0];
        let first_box: Vec<usize> = cells(box_cells[first]).collect();
        let lines: Vec<u128> = (0..n)
            .map(|r| (0..n).fold(0, |m, c| m | 1 << (r * n + c)))
            .chain((0..n).map(|c| (0..n).fold(0, |m, r| m | 1 << (r * n + c))))
            .collect();
        let orbit_cells = |k: usize| orbits[k].iter().fold(0, |m, &b| m | box_cells[b]);
        let mut order = vec![start];
        let mut region = orbit_cells(start);
        while order.len() < orbits.len() {
            // Close the most rows and columns, then touch the most, then
            // the first box.
            let next = (0..orbits.len())
                .filter(|k| !order.contains(k))
                .max_by_key(|&k| {
                    let grown = region | orbit_cells(k);
                    let closed = lines.iter().filter(|&&l| grown & l == l).count();
                    let touched = lines
                        .iter()
                        .filter(|&&l| region & l != 0 && orbit_cells(k) & l != 0)
                        .count();
                    (closed, touched, std::cmp::Reverse(orbits[k][0]))
                })
                .expect("an orbit left");
            order.push(next);
            region |= orbit_cells(next);
        }
        let mut filled = 0u128;
        let stages = order
            .iter()
            .map(|&k| {
                let stage = Stage::new(shape, map, orbit_cells(k), filled, symmetries);
                filled |= stage.cells;
                stage
            })
            .collect();
        Plan { first_box, stages }
    }
}

impl Stage {
    /// The stage filling `cells_here` after the cells `filled`, its key read
    /// through each of `symmetries` that keeps `filled` together.
    fn new(shape: Shape, map: &[usize], cells_here: u128, filled: u128, symmetries: &[Vec<u8>]) -> Stage {
        let count = map.len();
        let all: u128 = (1u128 << count) - 1;
        let outside = all & !filled;
        let inside = |i: usize| filled >> i & 1 == 1;
        let mut prev = vec![0usize; count];
        for (i, &m) in map.iter().enumerate() {
            prev[m] = i;
        }
        let linked = cells(filled).filter(|&i| !inside(map[i]) || !inside(prev[i]));
        let key_cells: Vec<usize> = cells(outside).chain(linked).collect();
        let mut open_units: Vec<usize> = cells(outside)
            .flat_map(|i| units_of(shape, i))
            .map(usize::from)
            .collect();
        open_units.sort_unstable();
        open_units.dedup();
        let witnesses: Vec<(usize, usize)> = open_units.iter().map(|&u| unit_witnesses(shape, u)).collect();
        let identity: Vec<u8> = (0..count as u8).collect();
        let mut seen = std::collections::HashSet::new();
        let views = std::iter::once(&identity)
            .chain(symmetries)
            .filter(|g| cells(filled).all(|i| inside(usize::from(g[i]))))
            .map(|g| View {
                cells: key_cells.iter().map(|&i| g[i]).collect(),
                units: witnesses.iter().map(|&w| unit_image(shape, g, w)).collect(),
            })
            .filter(|view| seen.insert((view.cells.clone(), view.units.clone())))
            .take(VIEWS)
            .collect();
        Stage {
            cells: cells_here,
            views,
        }
    }

    /// The bits of this stage's memo key (besides the stage number and `π`).
    pub(crate) fn key_bits(&self) -> usize {
        4 * self.views[0].cells.len() + 9 * self.views[0].units.len()
    }
}

/// Two cells of unit `u` (search numbering) that share no other unit: the
/// one unit their images share is the image of `u`.
fn unit_witnesses(shape: Shape, u: usize) -> (usize, usize) {
    let n = shape.size();
    let mut members = (0..n * n).filter(|&i| units_of(shape, i).contains(&(u as u8)));
    let first = members.next().expect("a cell");
    (first, members.next_back().expect("another cell"))
}

/// The unit that the cell map `g` carries onto the unit of `witnesses`.
fn unit_image(shape: Shape, g: &[u8], (a, b): (usize, usize)) -> u8 {
    let (ua, ub) = (
        units_of(shape, usize::from(g[a])),
        units_of(shape, usize::from(g[b])),
    );
    *ua.iter()
        .find(|v| ub.contains(v))
        .expect("a geometric map keeps units together")
}

/// The orbits of the boxes under `map`, each in the order the map visits
/// them.
fn box_orbits(shape: Shape, map: &[usize]) -> Vec<Vec<usize>> {
    let n = shape.size();
    // A geometric map carries whole boxes: the box a box's first cell goes
    // to is where the box goes.
    let first_cell: Vec<usize> = (0..n)
        .map(|b| (0..n * n).find(|&i| box_of(shape, i) == b).expect("a cell"))
        .collect();
    let image = |b: usize| box_of(shape, map[first_cell[b]]);
    let mut seen = vec![false; n];
    let mut orbits = Vec::new();
    for b in 0..n {
        if seen[b] {
            continue;
        }
        let mut orbit = vec![b];
        seen[b] = true;
        let mut at = image(b);
        while at != b {
            seen[at] = true;
            orbit.push(at);
            at = image(at);
        }
        orbits.push(orbit);
    }
    orbits
}
