//! The cut cells of a region of a chaos construction: the open cells its
//! region cannot do without, found by one depth-first walk (Tarjan's
//! articulation points) over the cells that may take its label.
//!
//! An open cell `v` of the component holding the region's fixed cells is in
//! the region when leaving it out cuts a fixed cell off the side of the
//! root (the first fixed cell), or leaves that side below `n` cells: the
//! region is connected, holds the root and every fixed cell, and has `n`
//! cells. The walk finds, for every cell, the subtrees its removal cuts off
//! (those whose low point does not climb above it), their cells and their
//! fixed cells.
//!
//! The walk is iterative, its per-cell data in one stack frame per cell on
//! the path (a child's counts are added to its parent's frame when it is
//! left), so a call allocates at most the frames; only the visit numbers
//! are per cell. It visits the neighbours up, down, left, right, and lists
//! the forced cells as it leaves them: that order is the order in which
//! they are placed, and the order of the placements is the order in which
//! the other rules wake, so it is part of what the search does.
//!
//! On a board of at most 128 cells most walks are not needed: only a cell
//! whose neighbours in the component do not meet around it can cut it
//! ([`Board::thin`]), and a flood from the root without such a cell tells
//! whether leaving it out does harm (most stop after a few steps, once
//! they hold every fixed cell and `n` cells). The walk runs only to order two or
//! more forced cells, or when the component has no more than `n` cells.

use crate::chaos_board::Board;

/// What the walk knows of each cell of the region's side of the board:
/// whether it may take the label, and whether it is fixed to it.
pub(crate) trait Standings {
    /// Cell `i` may take the label (open or fixed).
    fn inside(&self, i: usize) -> bool;
    /// Cell `i` is fixed to the label.
    fn fixed(&self, i: usize) -> bool;
}

/// The label's possible and fixed cells as bit sets (a board of at most
/// 128 cells).
impl Standings for (u128, u128) {
    fn inside(&self, i: usize) -> bool {
        self.0 >> i & 1 != 0
    }

    fn fixed(&self, i: usize) -> bool {
        self.1 >> i & 1 != 0
    }
}

/// One cell on the walk's path: its place, where it came from, the next
/// neighbour to look at, and what its subtree has shown so far.
#[derive(Clone, Copy)]
struct Frame {
    cell: u16,
    /// The cell it was reached from (`u16::MAX`: the root).
    parent: u16,
    /// The next direction to look in (0 up, 1 down, 2 left, 3 right).
    dir: u8,
    /// The lowest visit number its subtree reaches by one back edge.
    low: u16,
    /// Its subtree's cells, and fixed cells.
    size: u16,
    fixed: u16,
    /// The cells, and fixed cells, of the subtrees cut off without it.
    cut_off: u16,
    cut_fixed: u16,
}

/// The neighbour of cell `i` (in column `col`) of an `n`×`n` board in
/// direction `dir` (0 up, 1 down, 2 left, 3 right), if there is one.
fn step(i: usize, col: usize, n: usize, dir: u8) -> Option<usize> {
    match dir {
        0 => i.checked_sub(n),
        1 => Some(i + n).filter(|&j| j < n * n),
        2 => (col > 0).then(|| i - 1),
        _ => (col + 1 < n).then(|| i + 1),
    }
}

/// The open cells of the component of `root` (a fixed cell; `total`
/// cells) that the region of `n` cells cannot do without, in the order the
/// walk leaves them.
pub(crate) fn forced_cells(
    n: usize,
    standing: &(impl Standings + ?Sized),
    root: usize,
    total: usize,
) -> Vec<usize> {
    let cells = n * n;
    // Visit numbers (0: not yet), on the stack for boards of 128 cells.
    let mut small = [0u16; 128];
    let mut large: Vec<u16>;
    let order: &mut [u16] = match cells <= small.len() {
        true => &mut small[..cells],
        false => {
            large = vec![0; cells];
            &mut large
        }
    };
    let frame = |cell: usize, parent: u16, number: u16| Frame {
        cell: cell as u16,
        parent,
        dir: 0,
        low: number,
        size: 1,
        fixed: u16::from(standing.fixed(cell)),
        cut_off: 0,
        cut_fixed: 0,
    };
    let mut next = 1u16;
    order[root] = next;
    let mut path = vec![frame(root, u16::MAX, next)];
    let mut forced = Vec::new();
    while let Some(top) = path.last_mut() {
        if top.dir < 4 {
            let i = top.cell as usize;
            let dir = top.dir;
            top.dir += 1;
            let Some(j) = step(i, i % n, n, dir).filter(|&j| standing.inside(j)) else {
                continue;
            };
            if order[j] == 0 {
                next += 1;
                order[j] = next;
                path.push(frame(j, i as u16, next));
            } else if j != top.parent as usize {
                top.low = top.low.min(order[j]);
            }
            continue;
        }
        // Leaving `done`: placed when it is open and a cut.
        let done = *top;
        path.pop();
        let root_side = total - 1 - done.cut_off as usize;
        let i = done.cell as usize;
        if done.parent != u16::MAX && !standing.fixed(i) && (done.cut_fixed > 0 || root_side < n) {
            forced.push(i);
        }
        if let Some(parent) = path.last_mut() {
            parent.size += done.size;
            parent.fixed += done.fixed;
            parent.low = parent.low.min(done.low);
            if done.low >= order[parent.cell as usize] {
                parent.cut_off += done.size;
                parent.cut_fixed += done.fixed;
            }
        }
    }
    forced
}

/// [`forced_cells`] of the region whose possible and fixed cells (some)
/// are `possible` and `fixed`, on a board of at most 128 cells: the same
/// cells in the same order, from a flood per cell that may cut the
/// component, the walk only to order two or more of them.
pub(crate) fn forced_on_board(board: &Board, possible: u128, fixed: u128) -> Vec<usize> {
    let n = board.side();
    let root = fixed & fixed.wrapping_neg();
    let component = board.flood(root, possible);
    let total = component.count_ones() as usize;
    let walk = || forced_cells(n, &(possible, fixed), root.trailing_zeros() as usize, total);
    if total <= n {
        // Every open cell is forced (the root's side without it is short).
        return walk();
    }
    let mut candidates = board.thin(component) & !fixed;
    let mut forced = 0u128;
    while candidates != 0 {
        let cell = candidates & candidates.wrapping_neg();
        candidates ^= cell;
        // Harmless once the root's side without it holds every fixed cell
        // and `n` cells: the flood stops there.
        let harmless = |side: u128| fixed & component & !side == 0 && side.count_ones() as usize >= n;
        if !board.reaches(root, component & !cell, harmless) {
            forced |= cell;
        }
    }
    match forced.count_ones() {
        0 => Vec::new(),
        1 => vec![forced.trailing_zeros() as usize],
        _ => walk(),
    }
}

/// [`forced_on_board`] through a per-thread table of recent answers: the
/// cells are a pure function of the board side and the two sets, and the
/// same layer comes back often (a pass that removed far cells runs on the
/// layer it left, and the next run of the rule finds that layer again; the
/// search returns to states it saw). A hit gives the same cells in the same
/// order. Lists of more than [`CutEntry::CELLS`] cells are not kept.
pub(crate) fn forced_remembered(board: &Board, possible: u128, fixed: u128) -> Vec<usize> {
    CUT_MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        let fold = |x: u128| (x as u64) ^ ((x >> 64) as u64);
        let hash = (fold(possible) ^ fold(fixed).rotate_left(29) ^ board.side() as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = &mut memo[(hash >> 56) as usize];
        if slot.side as usize == board.side() && slot.possible == possible && slot.fixed == fixed {
            return slot.cells[..slot.len as usize]
                .iter()
                .map(|&i| i as usize)
                .collect();
        }
        let forced = forced_on_board(board, possible, fixed);
        if forced.len() <= CutEntry::CELLS {
            let mut cells = [0u8; CutEntry::CELLS];
            cells.iter_mut().zip(&forced).for_each(|(c, &i)| *c = i as u8);
            *slot = CutEntry {
                side: board.side() as u8,
                len: forced.len() as u8,
                possible,
                fixed,
                cells,
            };
        }
        forced
    })
}

/// One answer of [`forced_remembered`] (side 0: empty).
#[derive(Clone, Copy, Default)]
struct CutEntry {
    side: u8,
    len: u8,
    possible: u128,
    fixed: u128,
    cells: [u8; CutEntry::CELLS],
}

impl CutEntry {
    /// The longest list kept.
    const CELLS: usize = 6;
}

thread_local! {
    static CUT_MEMO: std::cell::RefCell<Vec<CutEntry>> = std::cell::RefCell::new(vec![CutEntry::default(); 256]);
}
