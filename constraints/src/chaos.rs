//! Chaos construction: the board's regions are not given, the solver finds
//! them. The rule declares one extra variable per cell, its region label
//! (`1..=n`), held by the engine beside the digits
//! ([`Rule::variables`]); the region clues in `chaos_clues.rs` read the
//! same variables.

use std::borrow::Cow;

use sudokit_core::{
    Cell, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Propagate, Rule, Violation, Word,
};

use smallvec::{smallvec, SmallVec};

use crate::chaos_board::{exactly_one, Board};
use crate::chaos_connectivity::{connectivity, label_bits, neighbours, one_bit, Labels, Layers, Shards};
use crate::rule::RuleKind;

/// The variable holding the region label of `cell`: the cells `n²…`, in
/// the cells' reading order. Every chaos rule and clue agrees on it.
///
/// ```
/// use sudokit_constraints::chaos_region;
/// use sudokit_core::{Cell, Geometry};
/// let g = Geometry::square(4).unwrap();
/// assert_eq!(chaos_region(&g, Cell(3)), Cell(19));
/// ```
pub fn chaos_region(geometry: &Geometry, cell: Cell) -> Cell {
    Cell((geometry.cell_count() + cell.index()) as u16)
}

/// The cells whose regions are labelled first, `1`, `2`, `3` in reading
/// order: r1c1, and two cells on the far edges, at least `n` steps from
/// each other and from r1c1, so always in three different regions (a
/// connected region of `n` cells spans at most `n − 1` steps). Fixing them
/// breaks the symmetry of the labels where it helps most, on three regions
/// at once; the other regions are labelled `4…` in order of first
/// appearance. Boards below 4×4 have r1c1 alone.
///
/// ```
/// use sudokit_constraints::chaos_anchors;
/// // 9×9: r1c1, r4c9 and r9c4.
/// assert_eq!(chaos_anchors(9), [0, 35, 75]);
/// assert_eq!(chaos_anchors(4), [0, 7, 13]);
/// assert_eq!(chaos_anchors(3), [0]);
/// ```
pub fn chaos_anchors(n: usize) -> Vec<usize> {
    if n < 4 {
        return vec![0];
    }
    // (0, 0), (b, n − 1), (n − 1, b): pairwise n − 1 + b ≥ n and 2(n − 1 − b) ≥ n.
    let b = (n - 2) / 2;
    vec![0, b * n + n - 1, (n - 1) * n + b]
}

/// Chaos construction (ISS `ChaosConstruction`): the board divides into
/// `n` regions of `n` orthogonally connected cells, each holding every
/// digit once; which cells form a region is part of the answer.
///
/// The region of every cell is an extra variable (values `1..=n`, see
/// [`chaos_region`]). Regions are interchangeable, so their labels are
/// numbered canonically: the regions of the anchors ([`chaos_anchors`]:
/// r1c1 and two far cells, always in different regions) are 1, 2, 3, the
/// others follow in order of first appearance in reading order. A count of
/// solutions counts divisions, not their numberings.
///
/// Propagation: the labels' canonical order; each (digit, region)
/// pair in one cell (a cell fixed to both removes the region from the
/// other cells with its digit and the digit from the other cells of its
/// region, and a pair with one possible cell is placed there); each region
/// `n` cells; and each region connected (`chaos_connectivity.rs`: inside
/// one component, of at least `n` cells, of the cells that may take it; no
/// cell farther from its fixed cells than `n` allows, a path into a
/// `same-region` group paying for all its open cells; a cell the region
/// cannot do without is in it).
///
/// `check` reads the region layer of the grid. A grid without one (digits
/// only) passes: with the rows and columns holding every digit once, the
/// rows are always such a division, so the rule alone rules out no grid;
/// the region clues are what make a chaos puzzle, and they need the layer.
///
/// ```
/// use sudokit_constraints::ChaosConstruction;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::irregular(2, &[0, 0, 1, 1]).unwrap();
/// let labelled = |labels: [u8; 4]| {
///     let mut grid = Grid::from_values(2, vec![1, 2, 2, 1]).unwrap().with_layer(4);
///     for (i, label) in labels.into_iter().enumerate() {
///         grid.set(Cell(4 + i as u16), label);
///     }
///     grid
/// };
/// // 1 2 / 2 1, the rows as regions, or the columns.
/// assert!(ChaosConstruction::default().check(&g, &labelled([1, 1, 2, 2])).is_ok());
/// assert!(ChaosConstruction::default().check(&g, &labelled([1, 2, 1, 2])).is_ok());
/// // The diagonals: two 1s in region 1, which is not connected either.
/// let err = ChaosConstruction::default().check(&g, &labelled([1, 2, 2, 1])).unwrap_err();
/// assert_eq!(err.message, "r1c1 and r2c2 both hold 1 in region 1");
/// // Digits only: the regions are unknown, nothing is broken yet.
/// assert!(ChaosConstruction::default().check(&g, &labelled([0, 0, 0, 0])).is_ok());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChaosConstruction {
    /// Cells known to share a region whatever the search decides (the
    /// puzzle's `same-region` groups, overlapping ones merged): the
    /// connectivity weighs each as one piece.
    shards: Shards,
    /// Per label, recent layers the connectivity left as it found them.
    settled: Settled,
}

/// Per label, recent (possible, fixed) cells on which the connectivity
/// pass removed and placed nothing ([`SETTLED_SLOTS`] a label, each layer
/// in one slot chosen by its bits). That pass reads its label's layer only
/// (and the shards, fixed at build), so on the same layer it would find
/// nothing again: skipping it changes no deduction and no order. Most runs
/// of the rule follow changes of digits or of a few labels, so most
/// labels' layers are as the last run left them. Behind a lock because
/// threads may share the rule; a thread that finds it taken runs every
/// pass. A copy starts empty; every construction equals every other.
#[derive(Debug, Default)]
struct Settled(std::sync::Mutex<Vec<Option<(u128, u128)>>>);

/// The layers [`Settled`] keeps per label: a few recent ones, so that the
/// layers of a node the search comes back to are still there.
const SETTLED_SLOTS: usize = 64;

/// Where [`Settled`] keeps `layer` of `label`.
fn settled_slot(label: Digit, (possible, fixed): (u128, u128)) -> usize {
    let fold = |x: u128| (x as u64) ^ ((x >> 64) as u64);
    let hash = (fold(possible) ^ fold(fixed).rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (label as usize - 1) * SETTLED_SLOTS + (hash >> 58) as usize
}

impl Clone for Settled {
    fn clone(&self) -> Settled {
        Settled::default()
    }
}

impl PartialEq for Settled {
    fn eq(&self, _: &Settled) -> bool {
        true
    }
}

impl Eq for Settled {}

impl ChaosConstruction {
    /// The construction whose regions keep each of `groups` (cell sets
    /// known to lie in one region) together: its distances count a group's
    /// cells all at once (ISS's shards). No groups: the plain rule.
    pub fn with_groups(groups: &[Vec<Cell>]) -> ChaosConstruction {
        ChaosConstruction {
            shards: Shards::new(groups),
            settled: Settled::default(),
        }
    }
}

impl Rule for ChaosConstruction {
    fn name(&self) -> Cow<'_, str> {
        "chaos construction".into()
    }

    fn variables(&self, geometry: &Geometry) -> usize {
        geometry.cell_count()
    }

    /// Each cell's digit with its region label: a cell half decided (its
    /// region known, or its digit) is worth finishing first.
    fn linked_variables(&self, geometry: &Geometry) -> Vec<(Cell, Cell)> {
        geometry
            .cells()
            .map(|cell| (cell, chaos_region(geometry, cell)))
            .collect()
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        (0..2 * geometry.cell_count()).map(|i| Cell(i as u16)).collect()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        let n = geometry.size();
        let cells = geometry.cell_count();
        let labels = grid.layer();
        if labels.len() != cells {
            return Ok(());
        }
        let region = |i: usize| Cell((cells + i) as u16);
        // Labels in canonical order: the anchors', then the others in order
        // of first appearance over the known prefix.
        let anchors = chaos_anchors(n);
        for (k, &a) in anchors.iter().enumerate() {
            let expected = k as Digit + 1;
            if labels[a] != 0 && labels[a] != expected {
                return Err(Violation::new(
                    format!(
                        "{} is in region {}, not {expected}: the regions of r1c1 and the far anchors \
                         are numbered first",
                        Cell(a as u16).name(n),
                        labels[a]
                    ),
                    vec![Cell(a as u16), region(a)],
                ));
            }
        }
        let mut highest = anchors.len() as Digit;
        for (i, &label) in labels.iter().enumerate() {
            if label == 0 {
                break;
            }
            if label > highest + 1 {
                return Err(Violation::new(
                    format!(
                        "{} is in region {label} before any cell is in region {}",
                        Cell(i as u16).name(n),
                        highest + 1
                    ),
                    vec![Cell(i as u16), region(i)],
                ));
            }
            highest = highest.max(label);
        }
        let complete = labels.iter().all(|&l| l != 0);
        for label in 1..=n as Digit {
            let members: Vec<usize> = (0..cells).filter(|&i| labels[i] == label).collect();
            let named = |members: &[usize]| members.iter().map(|&i| Cell(i as u16)).collect();
            if members.len() > n || (complete && members.len() != n) {
                return Err(Violation::new(
                    format!("region {label} has {} cells, not {n}", members.len()),
                    named(&members),
                ));
            }
            let mut seen: Vec<Option<usize>> = vec![None; n + 1];
            for &i in &members {
                let d = grid.values()[i] as usize;
                if d == 0 {
                    continue;
                }
                if let Some(j) = seen[d] {
                    return Err(Violation::new(
                        format!(
                            "{} and {} both hold {d} in region {label}",
                            Cell(j as u16).name(n),
                            Cell(i as u16).name(n)
                        ),
                        vec![Cell(j as u16), Cell(i as u16)],
                    ));
                }
                seen[d] = Some(i);
            }
            if members.len() == n && !connected(&members, n) {
                return Err(Violation::new(
                    format!("region {label} is not orthogonally connected"),
                    named(&members),
                ));
            }
        }
        Ok(())
    }
}

/// Whether `members` (cell indices, sorted) form one orthogonally connected
/// piece of an `n`×`n` board.
fn connected(members: &[usize], n: usize) -> bool {
    let Some(&first) = members.first() else {
        return true;
    };
    let mut reached = vec![first];
    let mut next = 0;
    while next < reached.len() {
        let i = reached[next];
        next += 1;
        for j in neighbours(i, n) {
            if members.binary_search(&j).is_ok() && !reached.contains(&j) {
                reached.push(j);
            }
        }
    }
    reached.len() == members.len()
}

impl Propagate for ChaosConstruction {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let n = cx.size();
        let cells = n * n;
        if cx.state().variables().len() < 2 * cells {
            return Ok(());
        }
        canonical_order(cx, cells)?;
        let (regions, index) = pairs(cx, cells)?;
        let mut labels = match index {
            Some(index) => Labels::with_layers(regions, index.layers()),
            None => Labels::new(regions, n),
        };
        sizes(cx, &mut labels)?;
        let board = Board::new(n);
        // Only on the bit-set board, where the layers are at hand.
        let mut settled = board.as_ref().and(self.settled.0.try_lock().ok());
        if let Some(settled) = settled.as_deref_mut() {
            settled.resize(n * SETTLED_SLOTS, None);
        }
        for label in 1..=n as Digit {
            let Some(settled) = settled.as_deref_mut() else {
                connectivity(cx, &mut labels, board.as_ref(), label, &self.shards)?;
                continue;
            };
            let layer = labels.layer(label);
            let at = settled_slot(label, layer);
            if settled[at] == Some(layer) {
                continue;
            }
            connectivity(cx, &mut labels, board.as_ref(), label, &self.shards)?;
            if labels.layer(label) == layer {
                settled[at] = Some(layer);
            }
        }
        Ok(())
    }
}

/// The labels in canonical order ([`chaos_anchors`]): each anchor takes its
/// own label; elsewhere, label `k + 1` (beyond the anchors') only after some
/// earlier cell may take label `k`.
fn canonical_order<W: Word>(cx: &mut Ctx<'_, W>, cells: usize) -> Result<(), Contradiction> {
    let n = cx.size();
    let anchors = chaos_anchors(n);
    for (k, &a) in anchors.iter().enumerate() {
        cx.restrict(Cell((cells + a) as u16), Digits::single(k as Digit + 1))?;
    }
    let mut allowed = Digits::<W>::full((anchors.len() + 1).min(n));
    let all = Digits::<W>::full(n);
    for i in 0..cells {
        if allowed == all {
            break;
        }
        let region = Cell((cells + i) as u16);
        cx.restrict(region, allowed)?;
        let highest = cx.candidates(region).max().unwrap_or(0) as usize;
        allowed = Digits::full((highest + 1).min(n).max(allowed.len()));
    }
    Ok(())
}

/// Each (digit, region) pair in exactly one cell: the eliminations of the
/// cells fixed to both, then the pairs with one possible cell. Returns the
/// cells' labels as left (what [`label_bits`] would read again: every
/// change made here is mirrored in them), with their [`Index`] when the
/// board has at most 128 cells.
///
/// On each cell's digits and labels as bits (digit d is bit d − 1), a few
/// word operations per cell rather than a scan of the board per fixed cell;
/// on a board of at most 128 cells, the cells a fixed pair changes, the
/// cells fixed to both and each digit's places in each label are read
/// from bit sets instead of a scan of the board. The removals come in the
/// same order either way.
fn pairs<W: Word>(cx: &mut Ctx<'_, W>, cells: usize) -> Result<(Vec<u128>, Option<Index>), Contradiction> {
    let n = cx.size();
    let region = |i: usize| Cell((cells + i) as u16);
    // Straight from the state's variables: the digits, then the labels.
    let (digit_vars, label_vars) = cx.state().variables()[..2 * cells].split_at(cells);
    let mut digits: Vec<u128> = digit_vars.iter().map(|d| d.to_u128()).collect();
    let mut regions: Vec<u128> = label_vars.iter().map(|r| r.to_u128()).collect();
    // The index from the state's view of digits and labels (kept on boards
    // of at most 128 cells).
    let view = cx.state().variable_places();
    let mut index = (view.len() == 2 * n).then(|| Index::new(view, n));
    // Per label (bit index), the digits of its cells fixed to both: their
    // pairs are placed already. Only kept with the index.
    let mut done: SmallVec<[u128; MAX_INDEX_SIDE]> = smallvec![0u128; n];
    match index.as_mut() {
        Some(index) => {
            // In reading order, as each cell is found fixed to both (a
            // removal may fix a later cell to both, which then counts too).
            let mut from = 0;
            while let Some(i) = index.fixed_to_both(from) {
                from = i + 1;
                let (d, r) = (digits[i], regions[i]);
                // The cells that lose r or d (each changes only when
                // visited, so the set holds to the end of the loop).
                let mut touched = index.separated(d, r) & !(1 << i);
                while touched != 0 {
                    let j = touched.trailing_zeros() as usize;
                    touched &= touched - 1;
                    separate(cx, cells, (j, d, r), &mut digits, &mut regions, Some(index))?;
                }
            }
            let mut both = index.fixed_to_both_cells();
            while both != 0 {
                let i = both.trailing_zeros() as usize;
                both &= both - 1;
                done[regions[i].trailing_zeros() as usize] |= digits[i];
            }
        }
        None => {
            // The same on a scan of the board: every cell fixed to both
            // against every other.
            for i in 0..cells {
                let (d, r) = (digits[i], regions[i]);
                if !(one_bit(d) && one_bit(r)) {
                    continue;
                }
                for j in (0..cells).filter(|&j| j != i) {
                    separate(cx, cells, (j, d, r), &mut digits, &mut regions, None)?;
                }
            }
        }
    }
    // Per label, its digits in order, each with no place in its region (a
    // contradiction) or one (placed there); those of a cell fixed to both
    // are skipped (their one place is that cell, already theirs). Each
    // digit's places are read when it comes, after the placements before
    // it: from the index's bit sets, or by a scan of the board.
    let all = u128::MAX >> (128 - n);
    for (r, &placed) in done.iter().enumerate() {
        let bit = 1u128 << r;
        let mut open = all & !placed;
        while open != 0 {
            let k = open.trailing_zeros();
            open &= open - 1;
            let d = 1u128 << k;
            // The digit's places in the label: several (most pairs, so
            // that test comes first: nothing to do), one, or none.
            let first = match &index {
                Some(index) => {
                    let here = index.places_of(k as usize, r);
                    if here & here.wrapping_sub(1) != 0 {
                        continue;
                    }
                    (here != 0).then(|| here.trailing_zeros() as usize)
                }
                None => {
                    let mut here = (0..cells).filter(|&i| regions[i] & bit != 0 && digits[i] & d != 0);
                    let first = here.next();
                    if here.next().is_some() {
                        continue;
                    }
                    first
                }
            };
            let Some(i) = first else {
                return Err(Contradiction::rule(None, "a region has no place for a digit"));
            };
            cx.assign(Cell(i as u16), k as Digit + 1)?;
            cx.assign(region(i), r as Digit + 1)?;
            if let Some(index) = index.as_mut() {
                index.digits_changed(i, digits[i], d);
                index.labels_changed(i, regions[i], bit);
            }
            digits[i] = d;
            regions[i] = bit;
        }
    }
    debug_assert_eq!(regions, label_bits(cx), "pairs mirrors its label changes");
    Ok((regions, index))
}

/// Cell `j` against a cell fixed to digit `d` and label `r` (as bits):
/// with digit d alone it cannot take label r, with label r alone it
/// cannot hold d. `digits`, `regions` and the index follow.
fn separate<W: Word>(
    cx: &mut Ctx<'_, W>,
    cells: usize,
    (j, d, r): (usize, u128, u128),
    digits: &mut [u128],
    regions: &mut [u128],
    mut index: Option<&mut Index>,
) -> Result<(), Contradiction> {
    if digits[j] == d && regions[j] & r != 0 {
        cx.remove(Cell((cells + j) as u16), r.trailing_zeros() as Digit + 1)?;
        if let Some(index) = index.as_deref_mut() {
            index.labels_changed(j, regions[j], regions[j] & !r);
        }
        regions[j] &= !r;
    }
    if regions[j] == r && digits[j] & d != 0 {
        cx.remove(Cell(j as u16), d.trailing_zeros() as Digit + 1)?;
        if let Some(index) = index {
            index.digits_changed(j, digits[j], digits[j] & !d);
        }
        digits[j] &= !d;
    }
    Ok(())
}

/// The largest side of a board of at most 128 cells, where [`Index`] is
/// kept: its sets are fixed arrays (the rule runs at almost every node, and
/// its heap vectors were a tenth of its instructions).
const MAX_INDEX_SIDE: usize = 11;

/// The cells of a board of at most 128 cells as bit sets per digit and per
/// label, kept in step with what [`pairs`] changes: which cells a fixed
/// pair can touch, each label's cells and each digit's places in it,
/// without a scan of the board.
struct Index {
    /// The board's side: the arrays' first `n` entries are used.
    n: usize,
    /// Per digit (bit index): the cells that may hold it.
    digit_places: [u128; MAX_INDEX_SIDE],
    /// Per digit (bit index): the cells holding it alone.
    digit_fixed: [u128; MAX_INDEX_SIDE],
    /// Per label (bit index): the cells that may take it.
    members: [u128; MAX_INDEX_SIDE],
    /// Per label (bit index): the cells fixed to it.
    label_fixed: [u128; MAX_INDEX_SIDE],
    /// The cells with one digit left (the union of `digit_fixed`).
    digit_one: u128,
    /// The cells with one label left (the union of `label_fixed`).
    label_one: u128,
}

impl Index {
    /// The index of a board of side `n` from the state's view
    /// ([`State::variable_places`](sudokit_core::State::variable_places):
    /// per digit its cells, then per label its cells): a cell holds one
    /// digit when it is in exactly one digit's set, so everything comes
    /// from `2n` words, with no pass over the cells.
    fn new(view: &[u128], n: usize) -> Index {
        let (digits, labels) = view.split_at(n);
        let (digit_one, label_one) = (exactly_one(digits), exactly_one(labels));
        let mut index = Index {
            n,
            digit_places: [0; MAX_INDEX_SIDE],
            digit_fixed: [0; MAX_INDEX_SIDE],
            members: [0; MAX_INDEX_SIDE],
            label_fixed: [0; MAX_INDEX_SIDE],
            digit_one,
            label_one,
        };
        for (k, (&digit, &label)) in digits.iter().zip(labels).enumerate() {
            index.digit_places[k] = digit;
            index.digit_fixed[k] = digit & digit_one;
            index.members[k] = label;
            index.label_fixed[k] = label & label_one;
        }
        index
    }

    /// The cells of label bit `r` that may hold digit bit `d`.
    fn places_of(&self, d: usize, r: usize) -> u128 {
        self.digit_places[d] & self.members[r]
    }

    /// The cells a cell fixed to digit `d` and label `r` (one-bit sets)
    /// separates from them: with digit d alone and label r possible (they
    /// lose r), or with label r alone and digit d possible (they lose d).
    fn separated(&self, d: u128, r: u128) -> u128 {
        let (d, r) = (d.trailing_zeros() as usize, r.trailing_zeros() as usize);
        self.digit_fixed[d] & self.members[r] | self.label_fixed[r] & self.digit_places[d]
    }

    /// The cells fixed to both a digit and a label.
    fn fixed_to_both_cells(&self) -> u128 {
        self.digit_one & self.label_one
    }

    /// The first cell from `from` on fixed to both a digit and a label.
    fn fixed_to_both(&self, from: usize) -> Option<usize> {
        let both = self.fixed_to_both_cells() & u128::MAX.checked_shl(from as u32).unwrap_or(0);
        (both != 0).then(|| both.trailing_zeros() as usize)
    }

    /// Cell `i`'s digits went from `before` to `after` (a subset).
    fn digits_changed(&mut self, i: usize, before: u128, after: u128) {
        let mut rest = before ^ after;
        while rest != 0 {
            self.digit_places[rest.trailing_zeros() as usize] &= !(1 << i);
            rest &= rest - 1;
        }
        if one_bit(before) {
            self.digit_fixed[before.trailing_zeros() as usize] &= !(1 << i);
            self.digit_one &= !(1 << i);
        }
        if one_bit(after) {
            self.digit_fixed[after.trailing_zeros() as usize] |= 1 << i;
            self.digit_one |= 1 << i;
        }
    }

    /// Cell `i`'s labels went from `before` to `after` (a subset).
    fn labels_changed(&mut self, i: usize, before: u128, after: u128) {
        if one_bit(before) {
            self.label_fixed[before.trailing_zeros() as usize] &= !(1 << i);
            self.label_one &= !(1 << i);
        }
        if one_bit(after) {
            self.label_fixed[after.trailing_zeros() as usize] |= 1 << i;
            self.label_one |= 1 << i;
        }
        let mut rest = before ^ after;
        while rest != 0 {
            self.members[rest.trailing_zeros() as usize] ^= 1 << i;
            rest &= rest - 1;
        }
    }

    /// Per label, its possible and its fixed cells (the layers of
    /// [`Labels`]).
    fn layers(&self) -> Layers {
        let mut layers = [(0u128, 0u128); MAX_INDEX_SIDE];
        for (k, layer) in layers.iter_mut().enumerate().take(self.n) {
            *layer = (self.members[k], self.label_fixed[k]);
        }
        Layers::from_buf_and_len(layers, self.n)
    }
}

/// Each region has `n` cells: no more fixed to it, no fewer possible.
/// `labels` is kept up to date.
fn sizes<W: Word>(cx: &mut Ctx<'_, W>, labels: &mut Labels) -> Result<(), Contradiction> {
    let n = cx.size();
    let cells = labels.cells.len();
    let region = |i: usize| Cell((cells + i) as u16);
    for label in 1..=n as Digit {
        let bit = 1u128 << (label - 1);
        let (possible, fixed) = (labels.possible_count(label), labels.fixed_count(label));
        if possible < n || fixed > n {
            let first = labels.cells.iter().position(|&l| l & bit != 0).map(region);
            return Err(Contradiction::rule(first, "a region cannot have n cells"));
        }
        if possible == n && fixed < n {
            for i in 0..cells {
                if labels.cells[i] & bit != 0 {
                    cx.assign(region(i), label)?;
                    labels.assign(i, label);
                }
            }
        } else if fixed == n && possible > n {
            for i in 0..cells {
                if labels.cells[i] & bit != 0 && labels.cells[i] != bit {
                    cx.remove(region(i), label)?;
                    labels.remove(i, label);
                }
            }
        }
    }
    Ok(())
}

/// `chaos-construction` in files.
pub(crate) static CHAOS_CONSTRUCTION: RuleKind = RuleKind {
    meaning:
        "the regions are unknown: n orthogonally connected regions of n cells, each with every digit once; \
              solutions show them with --json",
    example: r#"{ type = "chaos-construction" }"#,
    ..RuleKind::new("chaos-construction", |_, context| {
        Ok(Box::new(ChaosConstruction::with_groups(&context.same_regions)))
    })
};
