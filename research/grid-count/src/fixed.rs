//! Counting the grids a geometric map fixes up to relabelling, by an exact
//! search over the grid and the relabelling together.
//!
//! A grid `x` is fixed by the map `m` (image `y[i] = x[m[i]]`) up to
//! relabelling when some digit permutation `π` has `x[m[i]] = π(x[i])` for
//! every cell `i`. The set of such grids is closed under relabelling, and
//! relabelling acts on it freely, so it is `n!` times the number of those
//! whose box `b` reads `1 2 … n` row by row, for any one box `b`:
//! [`count_fixed`] counts the latter (Russell and Jarvis's "invariants"
//! column, which they give for box 1), with `b` a box the map keeps when
//! there is one (see [`crate::stages`]).
//!
//! The search places a digit in the empty cell with the fewest candidates
//! and propagates through the map both ways: a cell's value and `π` of it
//! give the value of the cell it is carried to (`m[i]`), the values of two
//! linked cells give an entry of `π`, and each new entry of `π` gives the
//! partners of every cell already holding its digit. A map that fixes no
//! grid usually fails within a few placements.
//!
//! It fills the grid one orbit of boxes at a time ([`crate::stages`]) and
//! keeps, between stages, the number of completions of each state it has
//! seen ([`Memo`]): many ways to fill the first boxes leave the same
//! state for the rest (a full band only shows the rest its column sets),
//! so a map that fixes billions of grids is counted without visiting them.

use crate::essentially::Shape;
use crate::stages::{cells, units_of, Plan, View};

/// The most cells a shape may have (9×9).
const CELLS: usize = 81;

/// The map, its inverse, the units of each cell and the stages: what the
/// search reads.
struct Setting {
    /// `next[i]`: the cell whose value is `π(x[i])` (`m[i]`).
    next: [u8; CELLS],
    /// `prev[next[i]] = i`.
    prev: [u8; CELLS],
    /// Row, column and box of each cell (indices into the unit masks).
    units: [[u8; 3]; CELLS],
    /// Every digit of the shape, as bits `1..=n`.
    all: u16,
    /// The order of the search (see [`crate::stages`]).
    plan: Plan,
}

/// The completions of the states met at the start of a stage, by
/// everything a completion depends on ([`Setting::key`]).
///
/// When a stage starts, every cell of the earlier stages is filled. What
/// is left to count depends only on the stage, `π` so far, the digits of
/// the cells outside the earlier stages (0 when empty), the digits used in
/// each row, column and box with such a cell, and the digits of the filled
/// cells the map links to cells outside (a link between two filled cells
/// has already set its entry of `π`). The key holds these as read through
/// the stage's [`View`] that gives the smallest key, so that states which
/// a symmetry of the problem carries onto each other share one entry.
type Memo = std::collections::HashMap<Key, u64, std::hash::BuildHasherDefault<WordHasher>>;

/// Words in a memo key: 4 bits a digit, 9 a unit's used digits, packed
/// (607 bits at most for 9×9, at the first stage).
const KEY_WORDS: usize = 10;

/// A memo key.
type Key = [u64; KEY_WORDS];

/// A quick multiplicative hash of whole words (the keys are packed words;
/// no outside input reaches the memo, so flooding is no concern).
#[derive(Default)]
struct WordHasher(u64);

impl std::hash::Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Writes values of a few bits each into a [`Key`].
struct Packer {
    key: Key,
    bit: usize,
}

impl Packer {
    fn push(&mut self, value: u64, bits: usize) {
        let (word, at) = (self.bit / 64, self.bit % 64);
        self.key[word] |= value << at;
        if at + bits > 64 {
            self.key[word + 1] |= value >> (64 - at);
        }
        self.bit += bits;
    }
}

/// Keys kept at most before the memo starts over (memory stays bounded).
const MEMO_LIMIT: usize = 1 << 21;

/// A partial grid with a partial relabelling.
#[derive(Clone, Copy)]
struct State {
    /// Digits `1..=n`, `0` for empty.
    x: [u8; CELLS],
    /// Digits used in each row, column and box (bit `d`).
    used: [u16; 27],
    /// `pi[a]`: the digit `a` becomes (`0` unknown); `inv` the inverse.
    pi: [u8; 10],
    inv: [u8; 10],
    /// Bit `a`: `π(a)` is known; bit `b`: `π⁻¹(b)` is known.
    pi_known: u16,
    inv_known: u16,
    /// `cells_of[d]`: the cells holding `d`, one bit per cell.
    cells_of: [u128; 10],
    /// The empty cells, one bit per cell.
    empty: u128,
}

/// The number of digits in each set of digits `1..=9` (bits 1 to 9): a
/// table, because the portable build has no population-count instruction.
const SIZES: [u8; 1024] = {
    let mut table = [0u8; 1024];
    let mut set = 0;
    while set < 1024 {
        table[set] = (set as u16).count_ones() as u8;
        set += 1;
    }
    table
};

/// Room for what one placement can queue: the first cell, one partner per
/// placed cell, and at most 2 × 9 cells for each of the 9 entries of `π`.
const QUEUE: usize = 1 + CELLS + 2 * 9 * 9;

/// Cells whose values are to be placed, with the digit.
struct Queue {
    items: [(u8, u8); QUEUE],
    len: usize,
}

impl Queue {
    /// Queues a placement (always fits: see [`QUEUE`]).
    fn push(&mut self, cell: usize, digit: u8) {
        self.items[self.len] = (cell as u8, digit);
        self.len += 1;
    }
}

impl Setting {
    fn new(shape: Shape, map: &[usize], symmetries: &[Vec<u8>]) -> Setting {
        let n = shape.size();
        let count = n * n;
        assert!(n <= 9 && map.len() == count, "a map of a shape up to 9×9");
        let mut next = [0u8; CELLS];
        let mut prev = [0u8; CELLS];
        let mut units = [[0u8; 3]; CELLS];
        for i in 0..count {
            next[i] = map[i] as u8;
            prev[map[i]] = i as u8;
            units[i] = units_of(shape, i);
        }
        let plan = Plan::new(shape, map, symmetries);
        for stage in &plan.stages {
            assert!(4 + 36 + stage.key_bits() <= 64 * KEY_WORDS, "a memo key fits");
        }
        Setting {
            next,
            prev,
            units,
            all: ((1u16 << n) - 1) << 1,
            plan,
        }
    }

    /// The memo key of a state at the start of `stage` (see [`Memo`]):
    /// read through the view that gives the smallest sequence of unit
    /// masks then cell digits (compared without building every key).
    fn key(&self, s: &State, stage: usize) -> Key {
        let views = &self.plan.stages[stage].views;
        let mut best = &views[0];
        for view in &views[1..] {
            if Self::reads_less(s, view, best) {
                best = view;
            }
        }
        let mut packer = Packer {
            key: [0; KEY_WORDS],
            bit: 0,
        };
        packer.push(stage as u64, 4);
        for &p in &s.pi[1..] {
            packer.push(u64::from(p), 4);
        }
        for &u in &best.units {
            packer.push(u64::from(s.used[usize::from(u)] >> 1), 9);
        }
        for &i in &best.cells {
            packer.push(u64::from(s.x[usize::from(i)]), 4);
        }
        packer.key
    }

    /// Whether `s` read through `a` comes before `s` read through `b`.
    fn reads_less(s: &State, a: &View, b: &View) -> bool {
        let units = a.units.iter().zip(&b.units);
        let masks = units.map(|(&u, &v)| (s.used[usize::from(u)], s.used[usize::from(v)]));
        let cells = a.cells.iter().zip(&b.cells);
        let digits = cells.map(|(&i, &j)| (u16::from(s.x[usize::from(i)]), u16::from(s.x[usize::from(j)])));
        masks
            .chain(digits)
            .find(|(p, q)| p != q)
            .is_some_and(|(p, q)| p < q)
    }

    /// Records `π(a) = b` and queues what follows; false on a clash.
    fn bind(&self, s: &mut State, q: &mut Queue, a: u8, b: u8) -> bool {
        let (pa, ib) = (s.pi[usize::from(a)], s.inv[usize::from(b)]);
        if pa != 0 || ib != 0 {
            return pa == b && ib == a;
        }
        s.pi[usize::from(a)] = b;
        s.inv[usize::from(b)] = a;
        s.pi_known |= 1 << a;
        s.inv_known |= 1 << b;
        for i in cells(s.cells_of[usize::from(a)]) {
            q.push(usize::from(self.next[i]), b);
        }
        for i in cells(s.cells_of[usize::from(b)]) {
            q.push(usize::from(self.prev[i]), a);
        }
        true
    }

    /// Places `digit` in `cell` and everything it forces; false on a clash.
    fn place(&self, s: &mut State, q: &mut Queue, cell: usize, digit: u8) -> bool {
        q.len = 0;
        q.push(cell, digit);
        while q.len > 0 {
            q.len -= 1;
            let (i, v) = q.items[q.len];
            let (i, vi) = (usize::from(i), usize::from(v));
            if s.x[i] != 0 {
                if s.x[i] != v {
                    return false;
                }
                continue;
            }
            let bit = 1u16 << v;
            let [a, b, c] = self.units[i].map(usize::from);
            if (s.used[a] | s.used[b] | s.used[c]) & bit != 0 {
                return false;
            }
            s.x[i] = v;
            s.used[a] |= bit;
            s.used[b] |= bit;
            s.used[c] |= bit;
            s.cells_of[vi] |= 1 << i;
            s.empty &= !(1 << i);
            let j = usize::from(self.next[i]);
            if s.pi[vi] != 0 {
                q.push(j, s.pi[vi]);
            } else if s.x[j] != 0 && !self.bind(s, q, v, s.x[j]) {
                return false;
            }
            let p = usize::from(self.prev[i]);
            if s.x[p] != 0 && !self.bind(s, q, s.x[p], v) {
                return false;
            }
        }
        true
    }

    /// The digits cell `i` may still take.
    fn candidates(&self, s: &State, i: usize) -> u16 {
        let [a, b, c] = self.units[i].map(usize::from);
        let mut set = self.all & !(s.used[a] | s.used[b] | s.used[c]);
        // A filled neighbour through the map whose digit has no π entry
        // yet (else this cell would be filled) leaves only digits whose
        // entry is free too.
        if s.x[usize::from(self.prev[i])] != 0 {
            set &= !s.inv_known;
        }
        if s.x[usize::from(self.next[i])] != 0 {
            set &= !s.pi_known;
        }
        set
    }

    /// The number of completions of a state at the start of `stage`
    /// (every cell of the earlier stages filled), kept in `memo`.
    fn enter(&self, s: &State, stage: usize, q: &mut Queue, memo: &mut Memo) -> u64 {
        if stage == self.plan.stages.len() {
            return 1;
        }
        let key = self.key(s, stage);
        if let Some(&known) = memo.get(&key) {
            return known;
        }
        let total = self.count(s, stage, q, memo);
        if memo.len() >= MEMO_LIMIT {
            memo.clear();
        }
        memo.insert(key, total);
        total
    }

    /// The number of completions of `s` during `stage`. Each pass over the
    /// empty cells places every cell left with one candidate; when a pass
    /// places none, the search branches on a cell of the stage with the
    /// fewest candidates; when the stage is full, the next one starts.
    fn count(&self, s: &State, stage: usize, q: &mut Queue, memo: &mut Memo) -> u64 {
        let mut s = *s;
        let here = self.plan.stages[stage].cells;
        let (cell, mut set) = loop {
            if s.empty & here == 0 {
                return self.enter(&s, stage + 1, q, memo);
            }
            let mut best = (u32::MAX, 0usize, 0u16);
            let mut placed = false;
            for i in cells(s.empty) {
                if s.x[i] != 0 {
                    continue;
                }
                let set = self.candidates(&s, i);
                match SIZES[usize::from(set)] {
                    0 => return 0,
                    1 => {
                        if !self.place(&mut s, q, i, set.trailing_zeros() as u8) {
                            return 0;
                        }
                        placed = true;
                    }
                    k => {
                        if here >> i & 1 == 1 && u32::from(k) < best.0 {
                            best = (u32::from(k), i, set);
                        }
                    }
                }
            }
            if !placed {
                break (best.1, best.2);
            }
        };
        let mut total = 0;
        while set != 0 {
            let digit = set.trailing_zeros() as u8;
            set &= set - 1;
            let mut next = s;
            if self.place(&mut next, q, cell, digit) {
                total += self.count(&next, stage, q, memo);
            }
        }
        total
    }
}

/// The partitions of `n` into parts, largest first.
fn partitions(n: usize, largest: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for part in (1..=largest.min(n)).rev() {
        for mut rest in partitions(n - part, part) {
            rest.insert(0, part);
            out.push(rest);
        }
    }
    out
}

/// Whether some relabelling `π` could fix a grid under `map`, judged from
/// cycle lengths alone (a necessary condition, quick, so that most maps
/// that fix nothing need no search).
///
/// A cell `i` on a cycle of length `L` of the map has `π^L(x[i]) = x[i]`,
/// so `x[i]` lies on a cycle of `π` whose length `ℓ` divides `L`; and if
/// `map^j(i)` shares a row, column or box with `i`, their digits differ, so
/// `ℓ` does not divide `j`. For a cycle type of `π` (`c_ℓ` digits on cycles
/// of length `ℓ`) each unit must then match its cells to its digits: by
/// Hall's condition, for every set `S` of lengths at most `Σ_{ℓ∈S} c_ℓ`
/// of the unit's cells may allow only lengths in `S`.
fn some_relabelling_fits(shape: Shape, map: &[usize]) -> bool {
    let n = shape.size();
    let cells = n * n;
    let unit = |i: usize| units_of(shape, i).map(usize::from);
    // allowed[i]: bit ℓ set when x[i] may lie on a cycle of length ℓ.
    let allowed: Vec<u16> = (0..cells)
        .map(|i| {
            let mut orbit = vec![i];
            while map[*orbit.last().expect("non-empty")] != i {
                orbit.push(map[*orbit.last().expect("non-empty")]);
            }
            let length = orbit.len();
            let units = unit(i);
            (1..=n)
                .filter(|&l| length % l == 0)
                .filter(|&l| {
                    (1..length).all(|j| j % l != 0 || !unit(orbit[j]).iter().zip(&units).any(|(a, b)| a == b))
                })
                .fold(0, |set, l| set | 1 << l)
        })
        .collect();
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); 27];
    for i in 0..cells {
        for u in unit(i) {
            members[u].push(i);
        }
    }
    partitions(n, n).iter().any(|cycles| {
        let mut digits = [0usize; 10];
        for &l in cycles {
            digits[l] += l;
        }
        let lengths: Vec<usize> = (1..=n).filter(|&l| digits[l] > 0).collect();
        // Lengths this type lacks are no use to a cell: a cell allowed none
        // of the others is confined to every set, even the empty one.
        let present: u16 = lengths.iter().fold(0, |m, &l| m | 1 << l);
        members.iter().all(|cells_of_unit| {
            (0u32..1 << lengths.len()).all(|subset| {
                let set: u16 = (0..lengths.len())
                    .filter(|&k| subset >> k & 1 == 1)
                    .fold(0, |m, k| m | 1 << lengths[k]);
                let room: usize = (0..lengths.len())
                    .filter(|&k| subset >> k & 1 == 1)
                    .map(|k| digits[lengths[k]])
                    .sum();
                let confined = cells_of_unit
                    .iter()
                    .filter(|&&i| allowed[i] & present & !set == 0)
                    .count();
                confined <= room
            })
        })
    })
}

/// The number of grids of `shape` whose first box reads `1 2 … n` (row by
/// row) and whose image under the cell map `map` (`y[i] = x[map[i]]`) is a
/// relabelling of themselves. Times `n!`, every grid fixed up to relabelling.
///
/// The search fixes the digits of another box when that suits the map
/// better: the count is the same for every box (see the [module](self)).
/// Every map of 9×9 but the identity takes at most seconds; the identity
/// would take far longer (the band method counts its grids).
pub fn count_fixed(shape: Shape, map: &[usize]) -> u64 {
    count_fixed_with(shape, map, Vec::new)
}

/// [`count_fixed`], faster with `symmetries`: cell maps that commute with
/// `map`, one byte a cell (the largest set, for a 9×9 class of 16 maps,
/// holds 209,952), asked for only when the quick test finds that some
/// relabelling could fit. States of the search that such a map carries
/// onto each other have as many completions, so they share a memo entry.
pub fn count_fixed_with(shape: Shape, map: &[usize], symmetries: impl FnOnce() -> Vec<Vec<u8>>) -> u64 {
    if !some_relabelling_fits(shape, map) {
        return 0;
    }
    let setting = Setting::new(shape, map, &symmetries());
    let n = shape.size();
    let mut state = State {
        x: [0; CELLS],
        used: [0; 27],
        pi: [0; 10],
        inv: [0; 10],
        pi_known: 0,
        inv_known: 0,
        cells_of: [0; 10],
        empty: (1u128 << (n * n)) - 1,
    };
    let mut queue = Queue {
        items: [(0, 0); QUEUE],
        len: 0,
    };
    for (k, &cell) in setting.plan.first_box.iter().enumerate() {
        if !setting.place(&mut state, &mut queue, cell, k as u8 + 1) {
            return 0;
        }
    }
    setting.enter(&state, 0, &mut queue, &mut Memo::default())
}
