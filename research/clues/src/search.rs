//! The hitting-set search: every clue set of at most `max` cells that gives
//! a clue in each unavoidable set, tested for uniqueness.
//!
//! The enumeration is the classic one (McGuire, Tugemann and Civario,
//! "There is no 16-clue Sudoku", 2012, section 5):
//!
//! * at each node, branch on the unhit set with the fewest cells still
//!   allowed, trying each of its cells as the next clue; once a cell has
//!   been tried it is *dead* in the later branches (they would only find
//!   the same clue sets again), so every clue set is met at most once;
//! * cut a node when more clues are needed than are left: the number of
//!   pairwise disjoint unhit sets (a *packing*, see `search/packing.rs`) is a
//!   lower bound, and an unhit set with every cell dead needs a clue that
//!   can no longer come;
//! * when the packing has exactly as many sets as clues left (a *tight*
//!   node), each clue to come goes in its own packed set: the other unhit
//!   sets narrow the cells each packed set can take its clue in, every
//!   other cell is dead below, and the branch is on the packed set with
//!   the fewest cells left. The children are tight with the other packed
//!   sets, so the packing is handed down rather than made again
//!   (`search/tight.rs`). With one clue left a node is always tight, and
//!   the candidates are the cells common to every unhit set;
//! * a node one set short of tight hands its packing to its children too:
//!   each keeps the packed sets its clue misses and tops them up from the
//!   few unhit sets that meet only the packed set the clue hits
//!   (`search/extend.rs`), so most of them are tight without a packing of
//!   their own;
//! * a node ruled out without testing anything names the sets that rule it
//!   out (those that cut it and those that narrowed or packed on the way):
//!   a later sibling whose clue misses them all, with the same clues left
//!   and one more dead cell (or, at a tight node, packed sets inside the
//!   same ones), is ruled out by the same sets and is skipped (`Failed`);
//! * the unhit sets are a bit vector, as in McGuire's program: each cell
//!   has the vector of the sets it hits, so a clue updates the unhit sets
//!   in a few word operations. The first [`ACTIVE`] sets (the smallest)
//!   are in the vectors; sets found later that do not fit are checked
//!   only before a uniqueness test;
//! * a clue set that hits every known set is tested with the fast path: a
//!   unique one is a puzzle; otherwise the second solution differs from the
//!   grid on a new unavoidable set, which the clue set does not hit, so the
//!   search adds its minimal subsets and goes on.
//!
//! A clue set is reported when it is unique and *minimal* (no clue can be
//! taken away), so the output is every minimal puzzle with at most `max`
//! clues: any unique puzzle with at most `max` clues contains one. The
//! search reaches every such puzzle: along the way to it every smaller clue
//! set is not unique, so no branch stops early, its cells are never dead
//! (a cell is dead only when a smaller-numbered choice of the same set was
//! taken instead), and the lower bound only counts clues it must have.

use sudokit_solvers::Cancel;

use crate::cells::{cells_of, difference, size, Cells};
use crate::checker::Checker;
use crate::unavoidable::minimal_inside;

mod extend;
mod packing;
mod tight;

/// How many solutions blanking a newly found set may leave before it is
/// kept as it is rather than split into its minimal subsets.
const MINIMIZE_LIMIT: u64 = 10_000;

/// The largest learned set that may join the bit vectors (while there is
/// room). The sets learned from a test are the minimal ones inside its
/// second solution's difference: with every set of up to 12 cells known
/// from the start, they are larger, and the first tests' sets of 20–46
/// cells used to fill every free place in the vectors, where they cost a
/// little at every node and cut almost nothing (grid 7 of seed 2026: 98 of
/// them; keeping them out, 1.70·10⁶ → 1.43·10⁶ nodes). Larger ones wait in
/// the reserve, which is checked before each uniqueness test.
const LEARNED_ACTIVE_SIZE: usize = 12;

/// How many nodes pass between two looks at the cancel flag and two
/// progress reports.
const STRIDE: u64 = 1 << 16;

/// Words of a bit vector of sets.
const WORDS: usize = 4;

/// Buckets of sets by live size for the greedy packing.
const BUCKETS: usize = 14;

/// How many sets the bit vectors hold.
pub const ACTIVE: usize = 64 * WORDS;

/// A bit vector of sets (bit `i` for set `i` of the active ones).
type SetBits = [u64; WORDS];

/// Counts of a search, for progress and the report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Nodes of the hitting-set tree visited.
    pub nodes: u64,
    /// Clue sets that hit every known set, tested for uniqueness.
    pub tested: u64,
    /// Unavoidable sets known (the initial ones and the ones found on the
    /// way).
    pub sets: usize,
    /// Minimal puzzles found so far.
    pub puzzles: usize,
}

/// The hitting-set search over one grid.
pub(crate) struct HittingSets<'a> {
    checker: &'a Checker,
    max: usize,
    /// The sets in the bit vectors, the initial ones smallest first.
    active: Vec<Cells>,
    /// The active sets again, in a table of fixed size that the hot loops
    /// index without a bounds check (`index % ACTIVE`).
    table: Box<[Cells; ACTIVE]>,
    /// The active sets by size: `classes[k]` those of `k + 1` cells (the
    /// last one, the larger sets), the buckets of the packing by live size
    /// for the sets without a dead cell.
    classes: [SetBits; BUCKETS],
    /// Per cell, the active sets it hits.
    hits: [SetBits; 81],
    /// Sets that did not fit in the bit vectors.
    reserve: Vec<Cells>,
    /// Scratch: the pairwise disjoint unhit sets of the current node's
    /// lower bound (live cells).
    packing: Vec<Cells>,
    /// The packings of the tight nodes on the current path, each after
    /// its parent's (see `search/tight.rs`).
    tight_stack: Vec<Cells>,
    /// For each packed set of [`Self::tight_stack`], the active sets that
    /// meet it (see `search/tight.rs`).
    tight_meets: Vec<SetBits>,
    /// Scratch: the unhit sets that meet at most one set of
    /// [`Self::packing`], by the one they meet, then those that meet none
    /// (see [`Self::list_singles`]).
    singles: Vec<SetBits>,
    /// Scratch: the live cells of the sets a swap may put in place of one
    /// packed set (see `search/packing.rs`).
    swap_candidates: Vec<Cells>,
    /// The packings of the nodes on the current path whose children derive
    /// theirs (see `search/extend.rs`), each after its parent's.
    parent_packs: Vec<Cells>,
    /// Their singles, likewise.
    parent_singles: Vec<SetBits>,
    /// The packings of the children cut below, along the path (see
    /// `search/extend.rs`).
    failed_packs: Vec<Cells>,
    /// The minimal puzzles found.
    pub(crate) puzzles: Vec<Cells>,
    counts: Counts,
    cancel: Option<&'a Cancel>,
    progress: &'a mut dyn FnMut(&Counts),
    /// Set when the cancel flag was seen: the search unwinds.
    pub(crate) stopped: bool,
    /// For the tests: when set, the uniqueness test only records the clue
    /// set here and answers "not unique" without learning new sets.
    #[cfg(test)]
    record_only: Option<Vec<Cells>>,
    /// For the tests: how many children came out tight from their
    /// parent's packing (`search/extend.rs`).
    #[cfg(test)]
    derived_tight: u64,
    /// For the tests: how many branches were skipped as ruled out by a
    /// sibling's sets (see [`Failed`]).
    #[cfg(test)]
    skipped: u64,
    /// For the tests: when set, what each ruled-out node (or skipped
    /// branch) claims, to be checked by brute force.
    #[cfg(test)]
    claims: Option<Vec<Claim>>,
}

/// What a node ruled out claims (for the tests): no clue set below it hits
/// every set of the cells `sets` that its clues miss.
#[cfg(test)]
#[derive(Clone, Debug)]
pub(crate) enum Claim {
    /// No `left` cells or fewer outside `dead` added to `clues` do.
    Node {
        /// The clues chosen.
        clues: Cells,
        /// The cells not to be chosen.
        dead: Cells,
        /// The cells of the sets.
        sets: Cells,
    },
    /// No choice of one cell in each non-empty packed set added to `clues`
    /// does.
    Tight {
        /// The clues chosen.
        clues: Cells,
        /// The packed sets (an empty one is already hit).
        packs: Vec<Cells>,
        /// The cells of the sets.
        sets: Cells,
    },
}

impl<'a> HittingSets<'a> {
    /// A search for clue sets of at most `max` cells that hit `sets`
    /// (smallest first).
    pub(crate) fn new(
        checker: &'a Checker,
        max: usize,
        sets: Vec<Cells>,
        cancel: Option<&'a Cancel>,
        progress: &'a mut dyn FnMut(&Counts),
    ) -> HittingSets<'a> {
        let mut search = HittingSets {
            checker,
            max,
            active: Vec::with_capacity(ACTIVE),
            table: Box::new([0; ACTIVE]),
            classes: [[0; WORDS]; BUCKETS],
            hits: [[0; WORDS]; 81],
            reserve: Vec::new(),
            packing: Vec::with_capacity(max + 1),
            tight_stack: Vec::new(),
            tight_meets: Vec::new(),
            singles: Vec::new(),
            swap_candidates: Vec::new(),
            parent_packs: Vec::new(),
            parent_singles: Vec::new(),
            failed_packs: Vec::new(),
            puzzles: Vec::new(),
            counts: Counts::default(),
            cancel,
            progress,
            stopped: false,
            #[cfg(test)]
            record_only: None,
            #[cfg(test)]
            derived_tight: 0,
            #[cfg(test)]
            skipped: 0,
            #[cfg(test)]
            claims: None,
        };
        search.add_sets(sets, usize::MAX);
        search
    }

    /// Runs the search from no clues, with the cells of `dead` never
    /// chosen.
    pub(crate) fn run(&mut self, dead: Cells) -> Counts {
        let unhit = self.unhit_since(0, 0);
        let _ = self.node(0, dead, self.meets(dead), unhit);
        self.counts()
    }

    /// The counts so far.
    pub(crate) fn counts(&self) -> Counts {
        Counts {
            sets: self.active.len() + self.reserve.len(),
            puzzles: self.puzzles.len(),
            ..self.counts
        }
    }

    /// The unavoidable sets known now: the active ones, then the reserve.
    pub(crate) fn sets(&self) -> Vec<Cells> {
        self.active.iter().chain(&self.reserve).copied().collect()
    }

    /// Adds sets: to the bit vectors while there is room and they have at
    /// most `max_size` cells, else to the reserve.
    fn add_sets(&mut self, sets: impl IntoIterator<Item = Cells>, max_size: usize) {
        for set in sets {
            if self.active.len() < ACTIVE && size(set) <= max_size {
                let index = self.active.len();
                for cell in cells_of(set) {
                    self.hits[cell][index / 64] |= 1 << (index % 64);
                }
                self.active.push(set);
                self.table[index] = set;
                let class = size(set).clamp(1, BUCKETS) - 1;
                self.classes[class][index / 64] |= 1 << (index % 64);
            } else {
                self.reserve.push(set);
            }
        }
    }

    /// The active sets learned (in an earlier branch) since there were
    /// `known` of them, that `clues` misses: the next branches miss them
    /// too. Moves `known` on.
    fn learned_since(&self, known: &mut usize, clues: Cells) -> SetBits {
        if self.active.len() == *known {
            return [0; WORDS];
        }
        let learned = self.unhit_since(*known, clues);
        *known = self.active.len();
        learned
    }

    /// The active sets from index `from` on that `clues` misses.
    fn unhit_since(&self, from: usize, clues: Cells) -> SetBits {
        let mut unhit = [0; WORDS];
        for (index, &set) in self.active.iter().enumerate().skip(from) {
            if set & clues == 0 {
                unhit[index / 64] |= 1 << (index % 64);
            }
        }
        unhit
    }

    /// One node: `clues` chosen, `dead` forbidden (`touched` the active
    /// sets with a dead cell), `unhit` the active sets the clues miss.
    /// Returns, when no clue set below was tested, the cells of the sets
    /// that ruled every branch out (see [`Failed`]).
    fn node(&mut self, clues: Cells, dead: Cells, touched: SetBits, mut unhit: SetBits) -> Option<Cells> {
        if !self.visit() {
            return None;
        }
        if unhit == [0; WORDS] {
            let known = self.active.len();
            if self.test(clues) {
                return None;
            }
            unhit = self.unhit_since(known, clues);
            if unhit == [0; WORDS] {
                // Every set it misses is in the reserve: branch on one.
                let missed = self.reserve.iter().find(|&&set| set & clues == 0).copied();
                if let Some(set) = missed.filter(|_| size(clues) < self.max) {
                    self.try_cells(clues, dead, self.meets(dead), unhit, set & !dead);
                }
                return None;
            }
            let left = self.max - size(clues);
            if left > 0 {
                // The sets learned have new bits: `touched` is made again.
                self.branch(clues, dead, self.meets(dead), unhit, left);
            }
            return None;
        }
        let left = self.max - size(clues);
        let ruled_out = if left > 0 {
            self.branch(clues, dead, touched, unhit, left)
        } else {
            set_bits(unhit).next().map(|index| self.table[index % ACTIVE])
        };
        if let Some(sets) = ruled_out {
            self.claim_node(clues, dead, sets);
        }
        ruled_out
    }

    /// Counts a node, reports progress and looks at the cancel flag now
    /// and then; `false` when the search is stopping.
    fn visit(&mut self) -> bool {
        self.counts.nodes += 1;
        if self.counts.nodes % STRIDE == 0 {
            let counts = self.counts();
            (self.progress)(&counts);
            if self.cancel.is_some_and(Cancel::is_cancelled) {
                self.stopped = true;
            }
        }
        !self.stopped
    }

    /// Tests a clue set that hits every active set: `true` when it is
    /// unique (recorded if minimal), `false` after adding the unavoidable
    /// sets its second solution reveals (or when it misses a reserve set).
    fn test(&mut self, clues: Cells) -> bool {
        if let Some(at) = self.reserve.iter().position(|&set| set & clues == 0) {
            // The next clue sets tested are much like this one: look at the
            // set that rules it out first next time.
            self.reserve.swap(0, at);
            return false;
        }
        self.counts.tested += 1;
        #[cfg(test)]
        if let Some(tested) = &mut self.record_only {
            tested.push(clues);
            return false;
        }
        match self.checker.other_solution(clues) {
            None => {
                if self.is_minimal(clues) {
                    self.puzzles.push(clues);
                }
                true
            }
            Some(other) => {
                let diff = difference(self.checker.grid(), &other);
                let found = minimal_inside(self.checker, diff, MINIMIZE_LIMIT).unwrap_or_else(|| vec![diff]);
                self.add_sets(found, LEARNED_ACTIVE_SIZE);
                false
            }
        }
    }

    /// Tests `clues` with each cell of `candidates` added (each hits every
    /// active set). A candidate that is not unique leaves its new sets to
    /// the sibling branches (no clue is left to hit them here), and the
    /// candidates after it that miss one of them are not unique either.
    fn last_clue(&mut self, clues: Cells, candidates: Cells) {
        let known = self.active.len();
        for cell in cells_of(candidates) {
            let clues = clues | 1 << cell;
            if self.active[known..].iter().all(|&set| set & clues != 0) {
                self.test(clues);
            }
        }
    }

    /// Whether no clue of the unique puzzle `clues` can be taken away.
    fn is_minimal(&self, clues: Cells) -> bool {
        cells_of(clues).all(|cell| !self.checker.is_unique(clues & !(1 << cell)))
    }

    /// Chooses the next clue among the cells of the smallest unhit set,
    /// after the lower bound allows the `left` clues still to come.
    /// Returns what [`Self::node`] does.
    ///
    /// The sets without a dead cell (most of them) are sorted by size with
    /// a few word operations per size, from vectors made once; only those
    /// with a dead cell (`touched`) are walked for their live size.
    fn branch(
        &mut self,
        clues: Cells,
        dead: Cells,
        touched: SetBits,
        unhit: SetBits,
        left: usize,
    ) -> Option<Cells> {
        let whole = and_not(unhit, touched);
        let mut by_size: [SetBits; BUCKETS] = std::array::from_fn(|k| and(whole, self.classes[k]));
        for index in set_bits(and(unhit, touched)) {
            let set = self.table[index % ACTIVE];
            let live = set & !dead;
            if live == 0 {
                return Some(set);
            }
            let bucket = (live.count_ones() as usize).min(BUCKETS) - 1;
            by_size[bucket][index / 64] |= 1 << (index % 64);
        }
        let first = by_size.iter().find_map(|&bucket| set_bits(bucket).next());
        let smallest = self.table[first.expect("a node that branches has an unhit set") % ACTIVE] & !dead;
        if self.pack_by_live_size(left, &by_size, dead) > left {
            return Some(self.packed_cells() | dead);
        }
        if self.packing.len() < left
            && left >= packing::SWAP_MIN_LEFT
            && self.improve_packing(unhit, dead, left) > left
        {
            return Some(self.packed_cells() | dead);
        }
        if self.packing.len() == left {
            // Tight: each clue to come goes in its own set of the packing.
            let packed = self.packed_cells();
            return self.tight_root(clues, unhit).map(|sets| sets | packed | dead);
        }
        if self.packing.len() + 1 == left && left >= 2 {
            if left < packing::SWAP_MIN_LEFT {
                self.list_singles(unhit);
            }
            return self
                .try_cells_extending(clues, dead, touched, unhit, smallest, left)
                .map(|sets| sets | smallest | dead);
        }
        self.try_cells(clues, dead, touched, unhit, smallest)
            .map(|sets| sets | smallest | dead)
    }

    /// Counts a branch skipped as ruled out by a sibling's sets, for the
    /// tests, with what that says (see `Claim`).
    fn skip_node(&mut self, clues: Cells, dead: Cells, sets: Cells) {
        self.count_skipped();
        self.claim_node(clues, dead, sets);
    }

    /// Counts a branch skipped, for the tests.
    fn count_skipped(&mut self) {
        #[cfg(test)]
        {
            self.skipped += 1;
        }
    }

    /// For the tests: records `Claim::Node`.
    #[cfg_attr(not(test), allow(unused_variables, reason = "only the tests record claims"))]
    fn claim_node(&mut self, clues: Cells, dead: Cells, sets: Cells) {
        #[cfg(test)]
        if let Some(claims) = &mut self.claims {
            claims.push(Claim::Node { clues, dead, sets });
        }
    }

    /// The active sets that meet `cells`: their cells' vectors, or'ed.
    fn meets(&self, cells: Cells) -> SetBits {
        cells_of(cells).fold([0; WORDS], |meets, cell| or(meets, self.hits[cell]))
    }

    /// The cells of [`Self::packing`].
    fn packed_cells(&self) -> Cells {
        self.packing.iter().fold(0, |all, &set| all | set)
    }

    /// Branches on each cell of `cells` as the next clue, the cells tried
    /// before it dead. Returns, when no clue set below was tested, the
    /// cells of the sets that ruled every branch out.
    fn try_cells(
        &mut self,
        clues: Cells,
        dead: Cells,
        touched: SetBits,
        mut unhit: SetBits,
        cells: Cells,
    ) -> Option<Cells> {
        let (mut tried, mut tried_sets) = (dead, touched);
        let mut known = self.active.len();
        let mut failed = Failed::default();
        for cell in cells_of(cells) {
            if let Some(sets) = failed.rules_out(cell) {
                self.skip_node(clues | 1 << cell, tried, sets);
            } else {
                let learned = self.learned_since(&mut known, clues);
                if learned != [0; WORDS] {
                    unhit = or(unhit, learned);
                    tried_sets = self.meets(tried);
                }
                let child = self.node(
                    clues | 1 << cell,
                    tried,
                    tried_sets,
                    and_not(unhit, self.hits[cell]),
                );
                failed.record(child);
            }
            tried |= 1 << cell;
            tried_sets = or(tried_sets, self.hits[cell]);
            if self.stopped {
                return None;
            }
        }
        failed.all
    }
}

/// What the branches of a node tried so far say, for the ones to come.
///
/// A node whose branches tested no clue set was ruled out by some sets it
/// cannot hit with the clues it has left (with one clue in each packed set,
/// at a tight node): those sets miss its clues, and a sibling (one more
/// dead cell, the same clues left, or packed sets inside these) whose clue
/// misses them too cannot hit them either. So a sibling whose clue is not
/// in the cells of the last one's sets is skipped; it still counts as tried.
#[derive(Clone, Copy)]
struct Failed {
    /// The cells of the sets that ruled out every branch so far, or `None`
    /// once one tested a clue set.
    all: Option<Cells>,
    /// Those of the last branch ruled out.
    last: Option<Cells>,
    /// Those of the branch ruled out by the fewest cells.
    fewest: Option<Cells>,
}

impl Default for Failed {
    fn default() -> Failed {
        Failed::after(0)
    }
}

impl Failed {
    /// Nothing tried yet, at a node that the sets of `cells` narrowed.
    fn after(cells: Cells) -> Failed {
        Failed {
            all: Some(cells),
            last: None,
            fewest: None,
        }
    }

    /// Records what a branch returned.
    fn record(&mut self, branch: Option<Cells>) {
        match branch {
            Some(sets) => {
                self.all = self.all.map(|all| all | sets);
                self.last = Some(sets);
                if self
                    .fewest
                    .is_none_or(|fewest| sets.count_ones() < fewest.count_ones())
                {
                    self.fewest = Some(sets);
                }
            }
            None => self.all = None,
        }
    }

    /// The sets of the last ruled-out branch, or of the one ruled out by
    /// the fewest cells, when they rule out the branch with clue `cell`
    /// too.
    fn rules_out(&self, cell: usize) -> Option<Cells> {
        self.last
            .filter(|sets| sets >> cell & 1 == 0)
            .or(self.fewest.filter(|sets| sets >> cell & 1 == 0))
    }
}

/// `a | b`, word by word.
fn or(a: SetBits, b: SetBits) -> SetBits {
    std::array::from_fn(|w| a[w] | b[w])
}

/// `a & b`, word by word.
fn and(a: SetBits, b: SetBits) -> SetBits {
    std::array::from_fn(|w| a[w] & b[w])
}

/// `a & !b`, word by word.
fn and_not(a: SetBits, b: SetBits) -> SetBits {
    std::array::from_fn(|w| a[w] & !b[w])
}

/// The indices of the set bits of `bits`, lowest first.
fn set_bits(bits: SetBits) -> SetIndices {
    SetIndices {
        bits,
        word: 0,
        current: bits[0],
    }
}

/// The iterator of [`set_bits`].
struct SetIndices {
    bits: SetBits,
    /// The word being read.
    word: usize,
    /// Its bits not yet returned.
    current: u64,
}

impl Iterator for SetIndices {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.current == 0 {
            self.word += 1;
            self.current = *self.bits.get(self.word)?;
        }
        let bit = self.current.trailing_zeros() as usize;
        self.current &= self.current - 1;
        Some(64 * self.word + bit)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::unavoidable::initial_sets;

    /// Every clue set of at most `max` cells of `within` that hits each of
    /// `sets`, by brute force.
    fn hitting_sets(within: Cells, max: usize, sets: &[Cells]) -> Vec<Cells> {
        let cells: Vec<usize> = cells_of(within).collect();
        let mut found = Vec::new();
        let mut stack = vec![(0usize, 0 as Cells)];
        while let Some((next, chosen)) = stack.pop() {
            if sets.iter().all(|&set| set & chosen != 0) {
                found.push(chosen);
            }
            if size(chosen) < max {
                for (i, &cell) in cells.iter().enumerate().skip(next) {
                    stack.push((i + 1, chosen | 1 << cell));
                }
            }
        }
        found
    }

    /// The grid of the unit tests.
    fn checker() -> Checker {
        let grid = crate::parse_grid(
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
        )
        .unwrap();
        Checker::new(grid)
    }

    /// Runs the search for clue sets of at most `max` cells of `within`
    /// that hit `sets`, with a uniqueness test that only records, and
    /// checks it against brute force: it tests each inclusion-minimal
    /// hitting set (from which no clue can go), only hitting sets, and
    /// each at most once. Returns how many minimal ones there are.
    fn matches_brute_force(checker: &Checker, sets: &[Cells], within: Cells, max: usize) -> usize {
        matches_brute_force_deriving(checker, sets, within, max).0
    }

    /// [`matches_brute_force`], how many children the search derived
    /// a tight packing for, and how many branches it skipped as ruled out
    /// by a sibling's sets.
    fn matches_brute_force_deriving(
        checker: &Checker,
        sets: &[Cells],
        within: Cells,
        max: usize,
    ) -> (usize, u64, u64) {
        let mut progress = |_: &Counts| {};
        let mut search = HittingSets::new(checker, max, sets.to_vec(), None, &mut progress);
        search.record_only = Some(Vec::new());
        search.run(crate::cells::ALL_CELLS & !within);
        let (derived, skipped) = (search.derived_tight, search.skipped);
        let tested = search.record_only.take().unwrap();
        let hitting = hitting_sets(within, max, sets);
        let distinct: BTreeSet<Cells> = tested.iter().copied().collect();
        assert_eq!(distinct.len(), tested.len(), "max {max}: a clue set tested twice");
        assert!(tested.iter().all(|clues| hitting.contains(clues)), "max {max}");
        let minimal: Vec<Cells> = hitting
            .into_iter()
            .filter(|&clues| cells_of(clues).all(|cell| sets.iter().any(|&set| set & clues == 1 << cell)))
            .collect();
        for clues in &minimal {
            assert!(distinct.contains(clues), "max {max}: {clues:#x} was not tested");
        }
        (minimal.len(), derived, skipped)
    }

    /// Checkers of `count` random grids, from `seed`.
    fn random_checkers(seed: u64, count: usize) -> Vec<Checker> {
        let blank = sudokit_core::Puzzle::new(sudokit_core::Geometry::square(9).unwrap())
            .with(sudokit_constraints::ClassicRules)
            .unwrap();
        let mut rng = fastrand::Rng::with_seed(seed);
        (0..count)
            .map(|_| {
                let solution =
                    sudokit_solvers::generate::random_solution(&blank, &mut rng, &Default::default());
                Checker::new(solution.unwrap().values().try_into().unwrap())
            })
            .collect()
    }

    /// The initial sets of `checker`'s grid inside a region of about
    /// `cells` cells (whole sets, smallest first), and that region.
    fn sets_in_region(checker: &Checker, cells: usize) -> (Vec<Cells>, Cells) {
        let all = initial_sets(checker, 12);
        let mut within: Cells = 0;
        for &set in &all {
            if size(within | set) <= cells {
                within |= set;
            }
        }
        (
            all.into_iter().filter(|&set| set & !within == 0).collect(),
            within,
        )
    }

    /// The set of the listed cells.
    fn cells(list: &[usize]) -> Cells {
        list.iter().fold(0, |set, &cell| set | 1 << cell)
    }

    #[test]
    fn every_hitting_set_is_tested_once() {
        // The initial sets inside a region of about 30 cells, clues only
        // there: the search, with its packings, swaps and tight nodes, must
        // test what brute force lists.
        let checker = checker();
        let (sets, within) = sets_in_region(&checker, 30);
        let seen: usize = (3..=6)
            .map(|max| matches_brute_force(&checker, &sets, within, max))
            .sum();
        assert!(seen > 100, "the instance has hitting sets to find ({seen})");
    }

    #[test]
    fn derived_packings_keep_every_hitting_set() {
        // Random grids, the sets inside about 30 cells: the children of the
        // nodes one set short of tight derive their packings from their
        // parent's, and the search still tests exactly what brute force
        // lists.
        let (mut derived, mut skipped) = (0, 0);
        for checker in random_checkers(30, 2) {
            let (sets, within) = sets_in_region(&checker, 30);
            for max in 5..=6 {
                let (_, derived_here, skipped_here) =
                    matches_brute_force_deriving(&checker, &sets, within, max);
                derived += derived_here;
                skipped += skipped_here;
            }
        }
        assert!(derived > 0, "no child derived its packing");
        // Siblings ruled out by the sets that ruled out an earlier one (see
        // `Failed`): skipping them loses no hitting set.
        assert!(skipped > 0, "no branch was skipped");
    }

    /// Whether some clue set made of `clues`, at most `left` cells of
    /// `allowed` and, when `packs` is given, exactly one cell of each
    /// non-empty packed set instead, hits every set of `targets`.
    fn some_clue_set_hits(
        clues: Cells,
        allowed: Cells,
        left: usize,
        packs: &[Cells],
        targets: &[Cells],
    ) -> bool {
        let Some(&missed) = targets.iter().find(|&&set| set & clues == 0) else {
            return true;
        };
        match packs.iter().position(|&pack| pack != 0) {
            _ if packs.is_empty() => {
                left > 0
                    && cells_of(missed & allowed)
                        .any(|cell| some_clue_set_hits(clues | 1 << cell, allowed, left - 1, packs, targets))
            }
            None => false,
            Some(next) => {
                let mut rest = packs.to_vec();
                rest[next] = 0;
                let reachable = rest.iter().fold(packs[next], |all, &pack| all | pack);
                targets.iter().all(|&set| set & (clues | reachable) != 0)
                    && cells_of(packs[next])
                        .any(|cell| some_clue_set_hits(clues | 1 << cell, allowed, left, &rest, targets))
            }
        }
    }

    /// Checks by brute force what a ruled-out node (or skipped branch)
    /// claims: no clue set below it hits every set of `sets` inside the
    /// claim's cells that its clues miss.
    fn check_claim(claim: &Claim, sets: &[Cells], within: Cells, max: usize) {
        let (clues, dead, packs, cells) = match claim {
            Claim::Node { clues, dead, sets } => (*clues, *dead, Vec::new(), *sets),
            Claim::Tight { clues, packs, sets } => (*clues, 0, packs.clone(), *sets),
        };
        let targets: Vec<Cells> = sets
            .iter()
            .copied()
            .filter(|&set| set & clues == 0 && set & !cells == 0)
            .collect();
        let allowed = within & !dead & !clues;
        let left = max - size(clues);
        assert!(
            !some_clue_set_hits(clues, allowed, left, &packs, &targets),
            "max {max}: {claim:x?} is wrong"
        );
    }

    #[test]
    fn ruled_out_branches_have_no_hitting_set() {
        // The whole search for 13 clues on the sets of random grids, each
        // clue set that hits them all only recorded: every node it rules
        // out without testing, and every branch it skips for a sibling's
        // sets, with at most four clues left, is checked by brute force:
        // no clue set below it hits all the sets inside the cells it names.
        let max = 13;
        let (mut nodes, mut tight) = (0, 0);
        for checker in random_checkers(3030, 2) {
            let sets = initial_sets(&checker, 12);
            let mut progress = |_: &Counts| {};
            let mut search = HittingSets::new(&checker, max, sets.clone(), None, &mut progress);
            search.record_only = Some(Vec::new());
            search.claims = Some(Vec::new());
            search.run(0);
            for claim in search.claims.take().unwrap() {
                let clues = match &claim {
                    Claim::Node { clues, .. } | Claim::Tight { clues, .. } => *clues,
                };
                if max - size(clues) > 4 {
                    continue;
                }
                match claim {
                    Claim::Node { .. } => nodes += 1,
                    Claim::Tight { .. } => tight += 1,
                }
                check_claim(&claim, &sets, crate::cells::ALL_CELLS, max);
            }
        }
        assert!(
            nodes > 100 && tight > 100,
            "claims checked: {nodes} nodes, {tight} tight"
        );
    }

    #[test]
    fn singles_are_the_sets_meeting_one_packed_set() {
        // A greedy packing of the grid's sets, some cells dead: the listed
        // sets are exactly those whose live cells meet at most one packed
        // set, under that set's place (the sets that meet none last).
        let checker = checker();
        let sets = initial_sets(&checker, 12);
        let mut progress = |_: &Counts| {};
        let mut search = HittingSets::new(&checker, 16, sets.clone(), None, &mut progress);
        for dead in [0, cells(&[0, 10, 20, 30, 40, 50, 60, 70, 80, 4, 13, 22])] {
            let mut covered: Cells = 0;
            search.packing.clear();
            for &set in &sets {
                let live = set & !dead;
                if live & covered == 0 {
                    covered |= live;
                    search.packing.push(live);
                }
            }
            let unhit = search.unhit_since(0, 0);
            search.list_singles(unhit);
            let mut listed: Vec<(usize, usize)> = search
                .singles
                .iter()
                .enumerate()
                .flat_map(|(member, &bits)| set_bits(bits).map(move |index| (member, index)))
                .collect();
            listed.sort_by_key(|&(_, index)| index);
            let none = search.packing.len();
            let expected: Vec<(usize, usize)> = sets
                .iter()
                .enumerate()
                .filter_map(|(index, &set)| {
                    let met: Vec<usize> = (0..search.packing.len())
                        .filter(|&member| search.packing[member] & set & !dead != 0)
                        .collect();
                    match met[..] {
                        [] => Some((none, index)),
                        [member] => Some((member, index)),
                        _ => None,
                    }
                })
                .collect();
            assert!(
                expected.len() > search.packing.len(),
                "sets beside the packed ones"
            );
            assert_eq!(listed, expected);
        }
    }

    #[test]
    fn a_tight_search_narrows_and_cuts_soundly() {
        // Three disjoint sets and three clues: the root is tight, and each
        // clue goes in its own packed set. The other sets narrow the packed
        // ones ({2, 9} can only get its clue from the first, at 2) or not
        // ({1, 2, 11} meets two), and brute force says which clue sets hit
        // them all.
        let checker = checker();
        let packed = [cells(&[0, 1, 2]), cells(&[10, 11, 12]), cells(&[20, 21, 22])];
        let within = cells(&[0, 1, 2, 9, 10, 11, 12, 20, 21, 22, 30]);
        let narrowing = [cells(&[2, 9]), cells(&[1, 2, 11]), cells(&[12, 21, 30])];
        let mut sets = packed.to_vec();
        sets.extend(narrowing);
        assert!(matches_brute_force(&checker, &sets, within, 3) > 0);
        // A set outside the packed sets: no clue is left for it at 3.
        sets.push(cells(&[9, 30]));
        assert_eq!(matches_brute_force(&checker, &sets, within, 3), 0);
        assert!(matches_brute_force(&checker, &sets, within, 4) > 0);
    }

    #[test]
    fn set_bits_lists_every_set_bit_in_order() {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            let bits: SetBits = std::array::from_fn(|_| {
                // A xorshift generator, with some words left empty.
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                if rng % 3 == 0 {
                    0
                } else {
                    rng
                }
            });
            let expected: Vec<usize> = (0..64 * WORDS)
                .filter(|&i| bits[i / 64] >> (i % 64) & 1 == 1)
                .collect();
            assert_eq!(set_bits(bits).collect::<Vec<_>>(), expected);
        }
    }
}
