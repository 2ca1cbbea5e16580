//! Connectivity of one region of a chaos construction, reasoned on the
//! cells that may still take its label: which cells are too far from the
//! cells already in it, and which cells every completion must pass through.
//!
//! Every deduction here holds for any region of `n` orthogonally connected
//! cells, whatever the other rules say:
//!
//! - the region lies inside one component of the cells that may take its
//!   label, of at least `n` cells (the one holding its fixed cells);
//! - a region holding `f` fixed cells and cell `c` holds, for each piece
//!   (connected group) of its fixed cells, every cell of some path from
//!   that piece to `c`: at least as many unfixed cells as the cheapest such
//!   path has. So `f + max over pieces of that cost ≤ n`, or `c` is not in it;
//! - an open cell without which the fixed cells come apart, or the side of
//!   the component holding them falls below `n` cells (a cut cell, found by
//!   one depth-first walk), is in the region. This covers a piece of fixed
//!   cells with a single way out (ISS's "doors").

use std::collections::VecDeque;

use smallvec::{smallvec, SmallVec};

use sudokit_core::{Cell, Contradiction, Ctx, Digit, Digits, Word};

use crate::chaos_board::{bit_cells, exactly_one, Board};

#[cfg(test)]
use crate::chaos_cuts::forced_on_board;
use crate::chaos_cuts::{forced_cells, forced_remembered, Standings};

/// The orthogonal neighbours of cell `i` on an `n`×`n` board (regions are
/// orthogonally connected on the flat board).
pub(crate) fn neighbours(i: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [
        (r > 0).then(|| i - n),
        (r + 1 < n).then(|| i + n),
        (c > 0).then(|| i - 1),
        (c + 1 < n).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

/// Whether `set` has exactly one bit: `is_power_of_two` counts the bits of
/// a `u128`, a few dozen instructions where the build has no popcount
/// instruction; this is four.
pub(crate) fn one_bit(set: u128) -> bool {
    set != 0 && set & set.wrapping_sub(1) == 0
}

/// What each cell is to one label: out (cannot take it), open (may), or
/// fixed to it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Standing {
    Out,
    Open,
    Fixed,
}

/// The standing of every cell towards `label`, from each cell's possible
/// labels as bits (label k is bit k − 1).
fn standing_in(labels: &[u128], label: Digit) -> Vec<Standing> {
    let bit = 1u128 << (label - 1);
    labels
        .iter()
        .map(|&l| match l {
            l if l & bit == 0 => Standing::Out,
            l if l == bit => Standing::Fixed,
            _ => Standing::Open,
        })
        .collect()
}

/// Groups the cells that are not `Out` (or, with `fixed_only`, the `Fixed`
/// ones) into orthogonally connected pieces: the piece number of every cell
/// (`usize::MAX` for cells left out) and each piece's cells.
fn pieces(standing: &[Standing], n: usize, fixed_only: bool) -> (Vec<usize>, Vec<Vec<usize>>) {
    let inside = |s: Standing| match fixed_only {
        true => s == Standing::Fixed,
        false => s != Standing::Out,
    };
    let mut piece = vec![usize::MAX; standing.len()];
    let mut members: Vec<Vec<usize>> = Vec::new();
    for start in 0..standing.len() {
        if piece[start] != usize::MAX || !inside(standing[start]) {
            continue;
        }
        let id = members.len();
        piece[start] = id;
        let mut cells = vec![start];
        let mut next = 0;
        while next < cells.len() {
            let i = cells[next];
            next += 1;
            for j in neighbours(i, n) {
                if piece[j] == usize::MAX && inside(standing[j]) {
                    piece[j] = id;
                    cells.push(j);
                }
            }
        }
        members.push(cells);
    }
    (piece, members)
}

/// The fewest unfixed cells on a path from `from` (fixed cells, cost 0) to
/// each cell through cells that may take the label (`usize::MAX`: none).
fn costs_from(standing: &[Standing], n: usize, from: &[usize]) -> Vec<usize> {
    let mut cost = vec![usize::MAX; standing.len()];
    let mut queue: VecDeque<usize> = VecDeque::new();
    for &i in from {
        cost[i] = 0;
        queue.push_back(i);
    }
    while let Some(i) = queue.pop_front() {
        for j in neighbours(i, n) {
            let step = match standing[j] {
                Standing::Out => continue,
                Standing::Fixed => 0,
                Standing::Open => 1,
            };
            if cost[i] + step < cost[j] {
                cost[j] = cost[i] + step;
                match step {
                    0 => queue.push_front(j),
                    _ => queue.push_back(j),
                }
            }
        }
    }
    cost
}

/// Narrows the cells that may take `label` to those a connected region of
/// `n` cells holding its fixed cells can reach, and places its cut cells.
/// `labels` (each cell's labels as bits, [`label_bits`]) is read instead of
/// the state and kept up to date with what this removes and places; `board`
/// is the bit-set board when the cells fit in one (the same deductions in a
/// few word operations per step).
pub(crate) fn connectivity<W: Word>(
    cx: &mut Ctx<'_, W>,
    labels: &mut Labels,
    board: Option<&Board>,
    label: Digit,
    shards: &Shards,
) -> Result<(), Contradiction> {
    let n = cx.size();
    let cells = n * n;
    // On the bit-set board the far cells stay bit sets (no list a run).
    let (far, through_shards, listed) = match board {
        Some(board) => {
            let (possible, fixed) = labels.layer(label);
            let far = board.far_bits(possible, fixed)?;
            // The plain distances' cells first, then those the shards add:
            // the order of the removals wakes the other rules in that order.
            let through_shards = match shards.is_empty() {
                true => 0,
                false => shards.far_bits(board, possible, fixed)? & !far,
            };
            (far, through_shards, Vec::new())
        }
        None => {
            let mut far = far_cells(&labels.cells, n, label)?;
            if !shards.is_empty() {
                far.extend(shards.far(&labels.cells, n, label)?);
            }
            (0, 0, far)
        }
    };
    for i in bit_cells(far).chain(bit_cells(through_shards)).chain(listed) {
        cx.remove(Cell((cells + i) as u16), label)?;
        labels.remove(i, label);
    }
    let fixed = labels.fixed_count(label);
    if fixed > 0 && fixed < n {
        cuts(cx, labels, board, label)?;
    }
    Ok(())
}

/// Each cell's possible region labels as bits (label k is bit k − 1), and,
/// on a board of at most 128 cells, each label's possible and fixed cells
/// as bit sets: built once per propagation and kept in step with what the
/// chaos passes remove and place, so that no pass reads the state or
/// transposes the labels again.
pub(crate) struct Labels {
    /// Each cell's labels, as bits.
    pub(crate) cells: Vec<u128>,
    /// Per label (index k − 1): its possible cells and its fixed cells;
    /// empty on a larger board.
    layers: Layers,
}

/// Per label its possible and its fixed cells ([`Labels`]), on the stack
/// for sides up to 11 (the boards where they are kept).
pub(crate) type Layers = SmallVec<[(u128, u128); 11]>;

impl Labels {
    /// The labels of the `n`×`n` board's cells (from [`label_bits`]).
    pub(crate) fn new(cells: Vec<u128>, n: usize) -> Labels {
        let mut layers = Layers::new();
        if cells.len() <= 128 {
            layers = smallvec![(0u128, 0u128); n];
            for (i, &l) in cells.iter().enumerate() {
                let mut rest = l;
                while rest != 0 {
                    layers[rest.trailing_zeros() as usize].0 |= 1 << i;
                    rest &= rest - 1;
                }
                if one_bit(l) {
                    layers[l.trailing_zeros() as usize].1 |= 1 << i;
                }
            }
        }
        Labels { cells, layers }
    }

    /// The labels of a board of at most 128 cells with their layers, per
    /// label its possible and its fixed cells, already at hand (equal to
    /// what [`Labels::new`] would build, checked in debug builds).
    pub(crate) fn with_layers(cells: Vec<u128>, layers: Layers) -> Labels {
        let labels = Labels { cells, layers };
        debug_assert!(labels.layers == Labels::new(labels.cells.clone(), labels.layers.len()).layers);
        labels
    }

    /// The possible and fixed cells of `label` (a board of at most 128
    /// cells).
    pub(crate) fn layer(&self, label: Digit) -> (u128, u128) {
        self.layers[label as usize - 1]
    }

    /// How many cells are fixed to `label`.
    pub(crate) fn fixed_count(&self, label: Digit) -> usize {
        match self.layers.get(label as usize - 1) {
            Some(&(_, fixed)) => fixed.count_ones() as usize,
            None => {
                let bit = 1u128 << (label - 1);
                self.cells.iter().filter(|&&l| l == bit).count()
            }
        }
    }

    /// How many cells may take `label`.
    pub(crate) fn possible_count(&self, label: Digit) -> usize {
        match self.layers.get(label as usize - 1) {
            Some(&(possible, _)) => possible.count_ones() as usize,
            None => {
                let bit = 1u128 << (label - 1);
                self.cells.iter().filter(|&&l| l & bit != 0).count()
            }
        }
    }

    /// Cell `i` can no longer take `label`.
    pub(crate) fn remove(&mut self, i: usize, label: Digit) {
        let l = &mut self.cells[i];
        if *l & 1 << (label - 1) == 0 {
            return;
        }
        *l &= !(1 << (label - 1));
        if !self.layers.is_empty() {
            self.layers[label as usize - 1].0 &= !(1 << i);
            if one_bit(*l) {
                self.layers[l.trailing_zeros() as usize].1 |= 1 << i;
            }
        }
    }

    /// Cell `i` takes `label`.
    pub(crate) fn assign(&mut self, i: usize, label: Digit) {
        let bit = 1u128 << (label - 1);
        let mut others = self.cells[i] & !bit;
        self.cells[i] = bit;
        if !self.layers.is_empty() {
            while others != 0 {
                self.layers[others.trailing_zeros() as usize].0 &= !(1 << i);
                others &= others - 1;
            }
            self.layers[label as usize - 1].1 |= 1 << i;
        }
    }
}

/// The cells too far for the region of `label`: in a component of the
/// cells that may take it other than the one with its fixed cells or
/// smaller than `n`, or farther from a piece of its fixed cells than its
/// open places allow.
fn far_cells(labels: &[u128], n: usize, label: Digit) -> Result<Vec<usize>, Contradiction> {
    let cells = n * n;
    let region = |i: usize| Cell((cells + i) as u16);
    let standing = standing_in(labels, label);
    let (component, members) = pieces(&standing, n, false);
    let fixed: Vec<usize> = (0..cells).filter(|&i| standing[i] == Standing::Fixed).collect();
    let home = fixed.first().map(|&i| component[i]);
    if fixed.iter().any(|&i| Some(component[i]) != home) {
        return Err(Contradiction::rule(
            Some(region(fixed[0])),
            "a region's cells cannot be connected",
        ));
    }
    // Out: the cells of components that cannot hold the region.
    let mut far = vec![false; cells];
    for (id, piece) in members.iter().enumerate() {
        let keep = piece.len() >= n && home.is_none_or(|h| h == id);
        if !keep {
            piece.iter().for_each(|&i| far[i] = true);
        }
    }
    if !fixed.is_empty() {
        // Out: the cells too far from some piece of the fixed cells.
        let budget = n.saturating_sub(fixed.len());
        let (_, cores) = pieces(&standing, n, true);
        for core in &cores {
            let cost = costs_from(&standing, n, core);
            for i in 0..cells {
                if standing[i] != Standing::Out && cost[i] > budget {
                    if standing[i] == Standing::Fixed {
                        return Err(Contradiction::rule(
                            Some(region(i)),
                            "a region's fixed cells are too far apart",
                        ));
                    }
                    far[i] = true;
                }
            }
        }
    }
    Ok((0..cells).filter(|&i| far[i]).collect())
}

/// Each cell's possible region labels as bits (label k is bit k − 1), the
/// input of the passes of the construction.
pub(crate) fn label_bits<W: Word>(cx: &Ctx<'_, W>) -> Vec<u128> {
    label_vars(cx).iter().map(|l| l.to_u128()).collect()
}

/// The cells' region variables, in reading order: one slice of the state
/// (reading them cell by cell through the context cost several times as
/// many instructions, on every run of the chaos rules).
pub(crate) fn label_vars<'a, W: Word>(cx: &'a Ctx<'_, W>) -> &'a [Digits<W>] {
    let cells = cx.size() * cx.size();
    &cx.state().variables()[cells..2 * cells]
}

/// The labels of `among` whose region `group` (cells known to share one
/// region) can lie in as far as connectivity goes: [`group_fits`] for each,
/// the labels read from the state once.
pub(crate) fn fitting_labels<W: Word>(cx: &Ctx<'_, W>, group: &[Cell], among: Digits<W>) -> Digits<W> {
    let n = cx.size();
    let labels = label_vars(cx);
    let label_of = |i: usize| labels[i].to_u128();
    // The layers straight from the state's view (per label its cells, kept
    // on boards of at most 128 cells): a cell is fixed to a label when no
    // other label's set holds it. No pass over the cells.
    let view = cx.state().variable_places();
    if let (Some(board), true) = (Board::new(n), view.len() == 2 * n) {
        let members = &view[n..];
        let alone = exactly_one(members);
        let fits = bit_cells(among.to_u128())
            .filter(|&k| board.group_fits((members[k], members[k] & alone), group))
            .fold(0, |set, k| set | 1 << k);
        debug_assert_eq!(fits, labels_fitting(n, label_of, group, among.to_u128()));
        return Digits::from_u128(fits);
    }
    Digits::from_u128(labels_fitting(n, label_of, group, among.to_u128()))
}

/// [`fitting_labels`] on each cell's labels as bits (`label_of`, label k
/// is bit k − 1; `among` likewise). On a board of at most 128 cells only
/// the layers of `among` are built, in one pass over the cells, rather
/// than every cell's labels and then one transposition per label.
fn labels_fitting(n: usize, label_of: impl Fn(usize) -> u128, group: &[Cell], among: u128) -> u128 {
    let cells = n * n;
    let Some(board) = Board::new(n) else {
        let labels: Vec<u128> = (0..cells).map(label_of).collect();
        return bit_cells(among)
            .filter(|&k| group_fits_per_cell(&labels, n, group, k as Digit + 1))
            .fold(0, |set, k| set | 1 << k);
    };
    // Per label of `among` (a side of at most 11): its possible and fixed
    // cells.
    let mut layers = [(0u128, 0u128); 11];
    for i in 0..cells {
        let labels = label_of(i);
        let fixed = u128::from(one_bit(labels)) << i;
        for k in bit_cells(labels & among) {
            layers[k].0 |= 1 << i;
            layers[k].1 |= fixed;
        }
    }
    bit_cells(among)
        .filter(|&k| board.group_fits(layers[k], group))
        .fold(0, |set, k| set | 1 << k)
}

/// Whether `group`, cells known to share one region, can lie in the region
/// of `label` as far as connectivity goes (`labels` from [`label_bits`]):
/// counted as fixed to it (each of its cells must still allow it), the
/// region's cells, fixed and these, are at most `n` and can be joined
/// within `n` cells (ISS's shards weigh a shard's whole size in its
/// distances; this is the same bound read from the group's side).
#[cfg(test)]
fn group_fits(labels: &[u128], n: usize, group: &[Cell], label: Digit) -> bool {
    match Board::new(n) {
        Some(board) => board.group_fits(board.layer(labels, label), group),
        None => group_fits_per_cell(labels, n, group, label),
    }
}

/// [`group_fits`] cell by cell, for boards over 128 cells.
fn group_fits_per_cell(labels: &[u128], n: usize, group: &[Cell], label: Digit) -> bool {
    let bit = 1u128 << (label - 1);
    let mut labels = labels.to_vec();
    for &c in group {
        let l = &mut labels[c.index()];
        if *l & bit == 0 {
            return false;
        }
        *l = bit;
    }
    if labels.iter().filter(|&&l| l == bit).count() > n {
        return false;
    }
    match far_cells(&labels, n, label) {
        Err(_) => false,
        Ok(far) => far.iter().all(|&i| labels[i] != bit),
    }
}

/// Cells known to share a region whatever the search decides (ISS's
/// shards, the part fixed when the puzzle is built: `same-region` groups,
/// overlapping ones merged). A region that holds one cell of a shard holds
/// all of them, so a path into a shard costs all its open cells at once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shards {
    /// The shard of each cell (`u32::MAX`: none), once built on a board.
    of: Vec<u32>,
    /// Each shard's cells.
    members: Vec<Vec<usize>>,
    /// Each shard's cells as a bit set, and all of them, when every cell
    /// fits in a `u128` (else empty).
    bits: Vec<u128>,
    any: u128,
}

impl Shards {
    /// The shards of `groups` (sets of cells known to share a region),
    /// groups with a cell in common merged.
    pub(crate) fn new(groups: &[Vec<Cell>]) -> Shards {
        let cells = groups.iter().flatten().map(|c| c.index() + 1).max().unwrap_or(0);
        let mut root: Vec<usize> = (0..cells).collect();
        fn find(root: &mut [usize], mut i: usize) -> usize {
            while root[i] != i {
                root[i] = root[root[i]];
                i = root[i];
            }
            i
        }
        let mut grouped = vec![false; cells];
        for group in groups {
            for pair in group.windows(2) {
                let (a, b) = (find(&mut root, pair[0].index()), find(&mut root, pair[1].index()));
                root[a.max(b)] = a.min(b);
            }
            if group.len() >= 2 {
                group.iter().for_each(|c| grouped[c.index()] = true);
            }
        }
        let mut of = vec![u32::MAX; cells];
        let mut members: Vec<Vec<usize>> = Vec::new();
        let mut id_of_root = vec![u32::MAX; cells];
        for i in (0..cells).filter(|&i| grouped[i]) {
            let r = find(&mut root, i);
            if id_of_root[r] == u32::MAX {
                id_of_root[r] = members.len() as u32;
                members.push(Vec::new());
            }
            of[i] = id_of_root[r];
            members[of[i] as usize].push(i);
        }
        let bits: Vec<u128> = match cells <= 128 {
            true => members
                .iter()
                .map(|m| m.iter().fold(0, |set, &i| set | 1 << i))
                .collect(),
            false => Vec::new(),
        };
        let any = bits.iter().fold(0, |set, &b| set | b);
        Shards {
            of,
            members,
            bits,
            any,
        }
    }

    /// True when there are no shards (every cell on its own).
    pub(crate) fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    fn shard(&self, i: usize) -> Option<usize> {
        self.of.get(i).filter(|&&s| s != u32::MAX).map(|&s| s as usize)
    }

    /// [`Shards::far`] on the bit-set board, from the region's possible and
    /// fixed cells: the cells with cost at most `d` grow level by level
    /// (a loose open cell next to level `d − 1`, a shard with `k` open cells
    /// next to level `d − k`), each level closed under the free steps (onto
    /// fixed cells, and from a shard's cell to all of it). The same cells,
    /// the same contradictions.
    fn far_bits(&self, board: &Board, possible: u128, fixed: u128) -> Result<u128, Contradiction> {
        let (n, cells) = (board.n, board.n * board.n);
        // A shard with a cell that cannot take the label is out whole.
        let possible = self
            .bits
            .iter()
            .filter(|&&b| b & !possible != 0)
            .fold(possible, |p, &b| p & !b);
        let fixed = fixed & possible;
        if fixed == 0 {
            return Ok(0);
        }
        // The shards left, each with what entering it costs (its open
        // cells), found once rather than at every level of every core.
        let live: SmallVec<[(u128, usize); 32]> = self
            .bits
            .iter()
            .filter(|&&b| b & !possible == 0)
            .map(|&b| (b, (b & !fixed).count_ones() as usize))
            .collect();
        let budget = n.saturating_sub(fixed.count_ones() as usize);
        let loose = possible & !self.any;
        let close = |mut set: u128| loop {
            let mut next = set | (board.grow(set) & fixed);
            for &(b, _) in &live {
                if next & b != 0 {
                    next |= b;
                }
            }
            if next == set {
                return set;
            }
            set = next;
        };
        let mut far = 0u128;
        let mut cores = fixed;
        // Per cost d (at most the side, 11 on a bit-set board): the cells
        // within d, and their neighbours.
        let (mut level, mut grown) = ([0u128; 12], [0u128; 12]);
        while cores != 0 {
            let core = board.flood(cores & cores.wrapping_neg(), fixed);
            cores &= !core;
            level[0] = close(core);
            grown[0] = board.grow(level[0]);
            for d in 1..=budget {
                let mut next = level[d - 1] | (grown[d - 1] & loose);
                for &(b, cost) in &live {
                    if (1..=d).contains(&cost) && grown[d - cost] & b != 0 {
                        next |= b;
                    }
                }
                level[d] = close(next);
                grown[d] = board.grow(level[d]);
            }
            let beyond = possible & !level[budget];
            if beyond & fixed != 0 {
                return Err(Contradiction::rule(
                    Some(Cell((cells + (beyond & fixed).trailing_zeros() as usize) as u16)),
                    "a region's fixed cells are too far apart",
                ));
            }
            far |= beyond;
        }
        Ok(far)
    }

    /// The cells too far from a piece of the fixed cells of `label` when a
    /// path into a shard pays for every open cell of it (a shard with a
    /// cell that cannot take the label is out whole): a lower bound on the
    /// open cells a region joining the piece to the cell holds, so those
    /// beyond `n − fixed` are not in it.
    fn far(&self, labels: &[u128], n: usize, label: Digit) -> Result<Vec<usize>, Contradiction> {
        let cells = n * n;
        let mut standing = standing_in(labels, label);
        // A shard's open cells (what entering it costs); out whole when one
        // of its cells is.
        let mut open = vec![0usize; self.members.len()];
        for (s, members) in self.members.iter().enumerate() {
            let members = members.iter().filter(|&&i| i < cells);
            if members.clone().any(|&i| standing[i] == Standing::Out) {
                members.for_each(|&i| standing[i] = Standing::Out);
            } else {
                open[s] = members.filter(|&&i| standing[i] == Standing::Open).count();
            }
        }
        let fixed = standing.iter().filter(|&&s| s == Standing::Fixed).count();
        if fixed == 0 {
            return Ok(Vec::new());
        }
        let budget = n.saturating_sub(fixed);
        let (_, cores) = pieces(&standing, n, true);
        let mut far = vec![false; cells];
        let mut cost = vec![usize::MAX; cells];
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); budget + 1];
        for core in &cores {
            cost.iter_mut().for_each(|c| *c = usize::MAX);
            for &i in core {
                cost[i] = 0;
                buckets[0].push(i);
            }
            for d in 0..=budget {
                while let Some(i) = buckets[d].pop() {
                    if cost[i] != d {
                        continue;
                    }
                    // Reaching a shard reaches all of it (its cost paid).
                    if let Some(s) = self.shard(i) {
                        for &j in &self.members[s] {
                            if j < cells && standing[j] != Standing::Out && cost[j] > d {
                                cost[j] = d;
                                buckets[d].push(j);
                            }
                        }
                    }
                    for j in neighbours(i, n) {
                        let step = match (standing[j], self.shard(j)) {
                            (Standing::Out, _) => continue,
                            (Standing::Fixed, _) => 0,
                            (Standing::Open, Some(s)) if self.shard(i) == Some(s) => 0,
                            (Standing::Open, Some(s)) => open[s],
                            (Standing::Open, None) => 1,
                        };
                        let c = d + step;
                        if c < cost[j] && c <= budget {
                            cost[j] = c;
                            buckets[c].push(j);
                        }
                    }
                }
            }
            for i in 0..cells {
                if standing[i] != Standing::Out && cost[i] > budget {
                    if standing[i] == Standing::Fixed {
                        return Err(Contradiction::rule(
                            Some(Cell((cells + i) as u16)),
                            "a region's fixed cells are too far apart",
                        ));
                    }
                    far[i] = true;
                }
            }
        }
        Ok((0..cells).filter(|&i| far[i]).collect())
    }
}

/// The standing of every cell towards a label, as [`standing_in`] gives
/// it: what the cut walk reads on a board of more than 128 cells.
impl Standings for [Standing] {
    fn inside(&self, i: usize) -> bool {
        self[i] != Standing::Out
    }

    fn fixed(&self, i: usize) -> bool {
        self[i] == Standing::Fixed
    }
}

/// The cut cells of the region's component: an open cell without which
/// the fixed cells come apart, or the side holding them falls below `n`
/// cells, is in the region (`chaos_cuts.rs`). `labels` as in
/// [`connectivity`].
fn cuts<W: Word>(
    cx: &mut Ctx<'_, W>,
    labels: &mut Labels,
    board: Option<&Board>,
    label: Digit,
) -> Result<(), Contradiction> {
    let n = cx.size();
    let cells = n * n;
    let forced = match board {
        Some(board) => {
            let (possible, fixed) = labels.layer(label);
            if fixed == 0 {
                return Ok(());
            }
            forced_remembered(board, possible, fixed)
        }
        None => {
            let standing = standing_in(&labels.cells, label);
            let Some(root) = (0..cells).find(|&i| standing[i] == Standing::Fixed) else {
                return Ok(());
            };
            let (component, members) = pieces(&standing, n, false);
            forced_cells(n, standing.as_slice(), root, members[component[root]].len())
        }
    };
    for i in forced {
        cx.assign(Cell((cells + i) as u16), label)?;
        labels.assign(i, label);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cut walk as it was before `chaos_cuts.rs` (recursive, four
    /// vectors): the reference the iterative walk is held to.
    struct Cuts<'s> {
        standing: &'s [Standing],
        n: usize,
        order: Vec<usize>,
        low: Vec<usize>,
        size: Vec<usize>,
        fixed: Vec<usize>,
        next: usize,
        forced: Vec<usize>,
        total: usize,
    }

    impl Cuts<'_> {
        fn visit(&mut self, i: usize, parent: usize) {
            self.next += 1;
            self.order[i] = self.next;
            self.low[i] = self.next;
            self.size[i] = 1;
            self.fixed[i] = usize::from(self.standing[i] == Standing::Fixed);
            let (mut cut_off, mut cut_fixed) = (0, 0);
            for j in neighbours(i, self.n) {
                if self.standing[j] == Standing::Out {
                    continue;
                }
                if self.order[j] == 0 {
                    self.visit(j, i);
                    self.size[i] += self.size[j];
                    self.fixed[i] += self.fixed[j];
                    self.low[i] = self.low[i].min(self.low[j]);
                    if self.low[j] >= self.order[i] {
                        cut_off += self.size[j];
                        cut_fixed += self.fixed[j];
                    }
                } else if j != parent {
                    self.low[i] = self.low[i].min(self.order[j]);
                }
            }
            let root_side = self.total - 1 - cut_off;
            if parent != usize::MAX
                && self.standing[i] == Standing::Open
                && (cut_fixed > 0 || root_side < self.n)
            {
                self.forced.push(i);
            }
        }
    }

    /// The iterative cut walk, and the bit-set search for cuts, find the
    /// cells the recursive walk found, in the same order, on random label states of 4×4, 6×6, 9×9 and 11×11
    /// boards (bit sets up to 128 cells, the per-cell standings beyond), with
    /// some walks forcing cells.
    #[test]
    fn iterative_cut_walk_forces_what_the_recursive_one_did_in_its_order() {
        let mut rng = fastrand::Rng::with_seed(47);
        let (mut walks, mut forcing) = (0, 0);
        for round in 0..1200 {
            let n = [4, 6, 9, 11][round % 4];
            let labels = random_labels(&mut rng, n, [0.1, 0.3][round / 4 % 2]);
            for label in 1..=n as Digit {
                let standing = standing_in(&labels, label);
                let Some(root) = standing.iter().position(|&s| s == Standing::Fixed) else {
                    continue;
                };
                let (component, members) = pieces(&standing, n, false);
                let total = members[component[root]].len();
                let mut walk = Cuts {
                    standing: &standing,
                    n,
                    order: vec![0; n * n],
                    low: vec![0; n * n],
                    size: vec![0; n * n],
                    fixed: vec![0; n * n],
                    next: 0,
                    forced: Vec::new(),
                    total,
                };
                walk.visit(root, usize::MAX);
                let iterative = forced_cells(n, standing.as_slice(), root, total);
                assert_eq!(iterative, walk.forced, "n = {n}, label {label}, {labels:?}");
                if let Some(board) = Board::new(n) {
                    let (possible, fixed) = board.layer(&labels, label);
                    let on_board = forced_on_board(&board, possible, fixed);
                    assert_eq!(on_board, walk.forced, "n = {n}, label {label}, {labels:?}");
                    // Asked twice: the second answer may come from the table.
                    for _ in 0..2 {
                        let remembered = forced_remembered(&board, possible, fixed);
                        assert_eq!(remembered, walk.forced, "n = {n}, label {label}, {labels:?}");
                    }
                }
                walks += 1;
                forcing += usize::from(!walk.forced.is_empty());
            }
        }
        assert!(walks > 2000 && forcing > 300, "{walks} walks, {forcing} forcing");
    }

    /// Every connected set of `k` cells of an `n`×`n` board, as bits.
    fn connected_sets(n: usize, k: usize) -> Vec<u128> {
        fn grow(n: usize, k: usize, set: u128, seen: &mut std::collections::HashSet<u128>) {
            if !seen.insert(set) || set.count_ones() as usize == k {
                return;
            }
            for i in (0..n * n).filter(|&i| set >> i & 1 == 1) {
                for j in neighbours(i, n) {
                    if set >> j & 1 == 0 {
                        grow(n, k, set | 1 << j, seen);
                    }
                }
            }
        }
        let mut out = std::collections::HashSet::new();
        for i in 0..n * n {
            grow(n, k, 1 << i, &mut out);
        }
        out.into_iter().filter(|s| s.count_ones() as usize == k).collect()
    }

    /// The distances through shards are sound: on random label states of
    /// 4×4 and 5×5 boards with random shards, no cell they put out of a
    /// region lies in a connected set of `n` possible cells that holds the
    /// region's fixed cells and every shard it touches whole; and a
    /// contradiction only when there is no such set.
    #[test]
    fn shard_distances_keep_every_region_that_fits() {
        let mut rng = fastrand::Rng::with_seed(42);
        let mut removed = 0;
        let boards = [(4, connected_sets(4, 4)), (5, connected_sets(5, 5))];
        for round in 0..400 {
            let (n, sets) = &boards[round % 2];
            let n = *n;
            let groups: Vec<Vec<Cell>> = (0..rng.usize(1..4)).map(|_| random_group(&mut rng, n)).collect();
            let shards = Shards::new(&groups);
            let keep = rng.f64() * 0.5 + 0.4;
            let labels: Vec<u128> = (0..n * n)
                .map(|_| match rng.f64() {
                    p if p < 0.1 => 1,
                    p if p < 0.25 => 2,
                    _ => (0..n).filter(|_| rng.f64() < keep).fold(0, |set, k| set | 1 << k),
                })
                .collect();
            let (possible, fixed) = labels.iter().enumerate().fold((0u128, 0u128), |(p, f), (i, &l)| {
                (p | u128::from(l & 1 != 0) << i, f | u128::from(l == 1) << i)
            });
            let fits = |set: u128| {
                set & !possible == 0
                    && set & fixed == fixed
                    && shards.members.iter().all(|m| {
                        let bits = m.iter().fold(0u128, |b, &i| b | 1 << i);
                        set & bits == 0 || set & bits == bits
                    })
            };
            let allowed = sets.iter().filter(|&&s| fits(s)).fold(0u128, |u, &s| u | s);
            match shards.far(&labels, n, 1) {
                Err(_) => assert_eq!(allowed, 0, "round {round}: a contradiction with a fitting region"),
                Ok(far) => {
                    for i in far {
                        assert_eq!(allowed >> i & 1, 0, "round {round}: cell {i} removed but fits");
                        removed += 1;
                    }
                }
            }
        }
        assert!(removed > 50, "only {removed} cells removed");
    }

    /// A cell and some of its neighbours, a random group of an `n`×`n` board.
    fn random_group(rng: &mut fastrand::Rng, n: usize) -> Vec<Cell> {
        let first = rng.usize(0..n * n);
        let mut group = vec![Cell(first as u16)];
        group.extend(
            neighbours(first, n)
                .filter(|_| rng.bool())
                .map(|j| Cell(j as u16)),
        );
        group
    }

    /// Random label sets of an `n`×`n` board's cells: a share `fixed` of
    /// them fixed, the others keeping each label with one chance per board.
    fn random_labels(rng: &mut fastrand::Rng, n: usize, fixed: f64) -> Vec<u128> {
        let keep = rng.f64() * 0.8 + 0.1;
        (0..n * n)
            .map(|_| match rng.f64() {
                p if p < fixed => 1 << rng.usize(0..n),
                _ => (0..n).filter(|_| rng.f64() < keep).fold(0, |set, k| set | 1 << k),
            })
            .collect()
    }

    /// The bit-set distances through shards are the per-cell ones: same
    /// cells, same contradiction, on random label states of 4×4, 6×6 and
    /// 9×9 boards with random shards.
    #[test]
    fn shard_bit_sets_find_the_same_far_cells() {
        let mut rng = fastrand::Rng::with_seed(43);
        let mut outcomes = [0usize; 3];
        for round in 0..600 {
            let n = [4, 6, 9][round % 3];
            let groups: Vec<Vec<Cell>> = (0..rng.usize(1..6)).map(|_| random_group(&mut rng, n)).collect();
            let shards = Shards::new(&groups);
            let labels = random_labels(&mut rng, n, 0.15);
            let board = Board::new(n).unwrap();
            for label in 1..=n as Digit {
                let (possible, fixed) = board.layer(&labels, label);
                let bits = shards
                    .far_bits(&board, possible, fixed)
                    .map(|far| bit_cells(far).collect::<Vec<_>>());
                let per_cell = shards.far(&labels, n, label);
                assert_eq!(
                    format!("{bits:?}"),
                    format!("{per_cell:?}"),
                    "n = {n}, label {label}, {labels:?} {groups:?}"
                );
                outcomes[match &per_cell {
                    Err(_) => 0,
                    Ok(far) if far.is_empty() => 1,
                    Ok(_) => 2,
                }] += 1;
            }
        }
        assert!(outcomes.iter().all(|&k| k > 50), "{outcomes:?}");
    }

    /// The bit-set reading of a group's fit is the per-cell one.
    #[test]
    fn group_fits_on_bit_sets_as_per_cell() {
        let mut rng = fastrand::Rng::with_seed(44);
        let mut outcomes = [0usize; 2];
        for round in 0..900 {
            let n = [4, 6, 9][round % 3];
            let group = random_group(&mut rng, n);
            let labels = random_labels(&mut rng, n, 0.3);
            for label in 1..=n as Digit {
                let fits = group_fits(&labels, n, &group, label);
                assert_eq!(
                    fits,
                    group_fits_per_cell(&labels, n, &group, label),
                    "{labels:?} {group:?} {label}"
                );
                outcomes[usize::from(fits)] += 1;
            }
            // All labels at once, and some of them, from the layers built
            // for them alone.
            let among = match rng.bool() {
                true => (1u128 << n) - 1,
                false => rng.u128(0..1 << n),
            };
            let each = (0..n)
                .filter(|&k| among >> k & 1 == 1 && group_fits(&labels, n, &group, k as Digit + 1))
                .fold(0, |set, k| set | 1 << k);
            assert_eq!(labels_fitting(n, |i| labels[i], &group, among), each);
        }
        assert!(outcomes.iter().all(|&k| k > 50), "{outcomes:?}");
    }

    /// The bit-set reading of the far cells is the per-cell one: same
    /// cells, same contradiction, on random region candidates (some cells
    /// fixed, some labels cut into pieces) of 4×4, 6×6 and 9×9 boards.
    #[test]
    fn bit_sets_find_the_same_far_cells() {
        let mut rng = fastrand::Rng::with_seed(28);
        let mut outcomes = [0usize; 3];
        for round in 0..600 {
            let n = [4, 6, 9][round % 3];
            let labels = random_labels(&mut rng, n, 0.15);
            let board = Board::new(n).unwrap();
            for label in 1..=n as Digit {
                let bits = board.far(&labels, label);
                let per_cell = far_cells(&labels, n, label);
                assert_eq!(
                    format!("{bits:?}"),
                    format!("{per_cell:?}"),
                    "n = {n}, label {label}"
                );
                let outcome = match &per_cell {
                    Err(_) => 0,
                    Ok(far) if far.is_empty() => 1,
                    Ok(_) => 2,
                };
                outcomes[outcome] += 1;
            }
        }
        // Contradictions, nothing far and some far cells all came up.
        assert!(outcomes.iter().all(|&k| k > 50), "{outcomes:?}");
    }

    /// The table of far-cell answers gives what the computation gives, for
    /// answers kept, overwritten and asked again on three board sides
    /// (more layers than the table has slots, asked forward then back).
    #[test]
    fn remembered_far_cells_are_the_computed_ones() {
        let mut rng = fastrand::Rng::with_seed(46);
        let mut asked = Vec::new();
        for round in 0..400 {
            let n = [4, 6, 9][round % 3];
            let labels = random_labels(&mut rng, n, 0.2);
            let board = Board::new(n).unwrap();
            let label = rng.u8(1..=n as u8) as Digit;
            let (possible, fixed) = board.layer(&labels, label);
            asked.push((board, possible, fixed));
        }
        for (board, possible, fixed) in asked.iter().chain(asked.iter().rev()) {
            let computed = board
                .far_uncached(*possible, *fixed)
                .map_err(|f| board.contradiction(f));
            let remembered = board.far_bits(*possible, *fixed);
            assert_eq!(format!("{computed:?}"), format!("{remembered:?}"));
        }
    }
}
