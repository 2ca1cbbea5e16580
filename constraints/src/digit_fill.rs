//! Cells that take every digit of a small set once each: which digit each
//! cell can take in some such filling. The exact core of the digit sets
//! a sandwich's gap, an x-sum or a lunchbox may add up to
//! ([`sums_by_sets`]): a handful of sets, each filled by one pass over its
//! subsets, is cheaper than layering every set of digits the cells reach.

/// The most cells (and digits) a filling takes: `2^MAX_CELLS` flags a pass.
pub(crate) const MAX_CELLS: usize = 10;

/// The number of digits in each set of up to [`MAX_CELLS`] digits (the
/// renban's windows count their sets here too): `count_ones` is a dozen instructions on the baseline x86-64 the release builds for.
pub(crate) static SIZES: [u8; 1 << MAX_CELLS] = sizes();

/// Builds [`SIZES`] at compile time.
const fn sizes() -> [u8; 1 << MAX_CELLS] {
    let mut table = [0u8; 1 << MAX_CELLS];
    let mut set = 1;
    while set < 1 << MAX_CELLS {
        table[set] = table[set >> 1] + (set & 1) as u8;
        set += 1;
    }
    table
}

/// The digits each of `cells` keeps (masks over digits `0..len`, `len =
/// cells.len()`) in some filling that gives every cell a different digit
/// and uses them all, or `None` when there is none.
pub(crate) fn fill(cells: &[u32]) -> Option<[u32; MAX_CELLS]> {
    debug_assert!(cells.len() <= MAX_CELLS);
    match cells.len() {
        // Two and three cells, the most common renbans and short gaps:
        // their two and six orders, tried outright.
        2 => {
            let swap = |x: u32| (x & 1) << 1 | (x >> 1) & 1;
            let mut keep = [0; MAX_CELLS];
            keep[0] = cells[0] & swap(cells[1]);
            keep[1] = cells[1] & swap(cells[0]);
            (keep[0] != 0).then_some(keep)
        }
        3 => {
            let mut keep = [0; MAX_CELLS];
            for [a, b, c] in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
                if cells[0] >> a & cells[1] >> b & cells[2] >> c & 1 == 1 {
                    keep[0] |= 1 << a;
                    keep[1] |= 1 << b;
                    keep[2] |= 1 << c;
                }
            }
            (keep[0] != 0).then_some(keep)
        }
        // Flags on the stack, zeroed per call: 64 for the usual short lines.
        0..=6 => fill_with::<64>(cells),
        _ => fill_with::<{ 1 << MAX_CELLS }>(cells),
    }
}

/// [`fill`] with `SETS ≥ 2^len` flags per table.
///
/// `forward[S]`: the first `|S|` cells can take exactly the digits `S`;
/// `backward[S]`: the last `|S|` can. A digit `d` stays in cell `|S|` when
/// the cells before it take some `S` without `d` and those after it the
/// rest. A set comes after its subsets in numeric order, so one ascending
/// pass builds each table.
fn fill_with<const SETS: usize>(cells: &[u32]) -> Option<[u32; MAX_CELLS]> {
    let len = cells.len();
    let full = (1usize << len) - 1;
    let (mut forward, mut backward) = ([false; SETS], [false; SETS]);
    forward[0] = true;
    backward[0] = true;
    for set in 0..full {
        let size = SIZES[set] as usize;
        if forward[set] {
            let mut next = cells[size] as usize & !set;
            while next != 0 {
                forward[set | (next & next.wrapping_neg())] = true;
                next &= next - 1;
            }
        }
        if backward[set] {
            let mut next = cells[len - 1 - size] as usize & !set;
            while next != 0 {
                backward[set | (next & next.wrapping_neg())] = true;
                next &= next - 1;
            }
        }
    }
    if !forward[full] {
        return None;
    }
    let mut keep = [0u32; MAX_CELLS];
    for set in 0..full {
        if !forward[set] {
            continue;
        }
        let i = SIZES[set] as usize;
        let mut digits = cells[i] as usize & !set;
        while digits != 0 {
            let d = digits & digits.wrapping_neg();
            digits &= digits - 1;
            if backward[full ^ set ^ d] {
                keep[i] |= d as u32;
            }
        }
    }
    Some(keep)
}

/// The digits [`sums_by_sets`] takes: 1 to 9 (bits 0 to 8).
const DIGITS: usize = 9;

/// The largest sum of different digits up to [`DIGITS`].
const MAX_SUM: usize = DIGITS * (DIGITS + 1) / 2;

/// Every set of digits 1..=9 (a 9-bit mask), ordered by its size, then its
/// sum; `start[k * (MAX_SUM + 1) + s]` is where the sets of `k` digits
/// summing to `s` begin.
struct SetsBySum {
    sets: [u16; 1 << DIGITS],
    start: [u16; (DIGITS + 1) * (MAX_SUM + 1) + 1],
}

/// The sets of digits up to 9 by size and sum, built at compile time.
static SETS_BY_SUM: SetsBySum = sets_by_sum();

/// Where a 9-bit set sorts in [`SetsBySum`].
const fn key(set: usize) -> usize {
    let mut sum = 0;
    let mut d = 0;
    while d < DIGITS {
        if set >> d & 1 == 1 {
            sum += d + 1;
        }
        d += 1;
    }
    set.count_ones() as usize * (MAX_SUM + 1) + sum
}

/// Builds [`SETS_BY_SUM`]: a counting sort of the 512 sets by [`key`].
const fn sets_by_sum() -> SetsBySum {
    let mut start = [0u16; (DIGITS + 1) * (MAX_SUM + 1) + 1];
    let mut set = 0;
    while set < 1 << DIGITS {
        start[key(set) + 1] += 1;
        set += 1;
    }
    let mut i = 0;
    while i + 1 < start.len() {
        start[i + 1] += start[i];
        i += 1;
    }
    let mut next = start;
    let mut sets = [0u16; 1 << DIGITS];
    set = 0;
    while set < 1 << DIGITS {
        let k = key(set);
        sets[next[k] as usize] = set as u16;
        next[k] += 1;
        set += 1;
    }
    SetsBySum { sets, start }
}

/// The bits of `mask` that are in `set`, packed: the `i`-th digit of `set`
/// becomes bit `i`.
fn pack(mask: u32, set: u32) -> u32 {
    let (mut packed, mut rest, mut i) = (0, set, 0);
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        if mask & low != 0 {
            packed |= 1 << i;
        }
        rest &= rest - 1;
        i += 1;
    }
    packed
}

/// [`pack`] undone: bit `i` becomes the `i`-th digit of `set`.
fn unpack(packed: u32, set: u32) -> u32 {
    let (mut mask, mut rest, mut i) = (0, set, 0);
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        if packed >> i & 1 == 1 {
            mask |= low;
        }
        rest &= rest - 1;
        i += 1;
    }
    mask
}

/// The other cells of a line whose cells differ, beside cells that add up
/// to a sum: `cells` of them, holding different digits from `digits` and
/// none of the sum's. A set of digits for the sum leaves them room when at
/// least `cells` digits of `digits` are not in it (ISS's `Lunchbox` counts
/// the same); on a line that holds every digit, a digit none of them can
/// take is in the sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Others {
    /// The digits the other cells can take (bit `d − 1` for digit `d`).
    pub(crate) digits: u128,
    /// How many other cells there are.
    pub(crate) cells: u32,
}

impl Others {
    /// Whether the sum's digits `set` leave the other cells enough digits.
    pub(crate) fn leave_room(self, set: u128) -> bool {
        (self.digits & !set).count_ones() >= self.cells
    }
}

/// "The cells hold different digits, each from its mask (digit `d` at bit
/// `d − 1`), summing to `target` and leaving room for `others`", exactly,
/// set by set: ORs into `support[j]` the digits cell `j` takes in some such
/// filling, sets `common` to the digits every filling uses and says whether
/// there is one. `None` (nothing touched) when a mask holds a digit above 9
/// or there are more than 9 cells: the caller's general search takes those.
pub(crate) fn sums_by_sets(
    cands: &[u128],
    target: u32,
    others: Others,
    support: &mut [u128],
    common: &mut u128,
) -> Option<bool> {
    let k = cands.len();
    let all = cands.iter().fold(0u128, |all, &m| all | m);
    if k > DIGITS || all >> DIGITS != 0 {
        return None;
    }
    *common = 0;
    if target as usize > MAX_SUM || !others.leave_room(0) {
        return Some(false);
    }
    let all = all as u32;
    let at = k * (MAX_SUM + 1) + target as usize;
    let sets = &SETS_BY_SUM.sets[SETS_BY_SUM.start[at] as usize..SETS_BY_SUM.start[at + 1] as usize];
    let mut packed = [0u32; DIGITS];
    let mut every = u128::MAX;
    let mut found = false;
    'sets: for &set in sets {
        let set = u32::from(set);
        if all & set != set || !others.leave_room(u128::from(set)) {
            continue;
        }
        for (slot, &m) in packed.iter_mut().zip(cands) {
            *slot = pack(m as u32, set);
            if *slot == 0 {
                continue 'sets;
            }
        }
        if let Some(keep) = fill(&packed[..k]) {
            found = true;
            every &= u128::from(set);
            for (s, &kept) in support.iter_mut().zip(&keep) {
                *s |= u128::from(unpack(kept, set));
            }
        }
    }
    if found {
        *common = every;
    }
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sets_are_sorted_by_size_and_sum() {
        for k in 0..=DIGITS {
            for s in 0..=MAX_SUM {
                let at = k * (MAX_SUM + 1) + s;
                let listed: Vec<u16> = SETS_BY_SUM.sets
                    [SETS_BY_SUM.start[at] as usize..SETS_BY_SUM.start[at + 1] as usize]
                    .to_vec();
                let counted: Vec<u16> = (0u16..512)
                    .filter(|&m| {
                        let sum: usize = (0..9).filter(|d| m >> d & 1 == 1).map(|d| d + 1).sum();
                        m.count_ones() as usize == k && sum == s
                    })
                    .collect();
                assert_eq!(listed, counted, "{k} digits summing to {s}");
            }
        }
    }

    /// The orders of two and three cells tried outright agree with the
    /// subset passes.
    #[test]
    fn short_fills_are_the_passes() {
        for len in [2usize, 3] {
            let masks = 1u32 << len;
            for code in 0..masks.pow(len as u32) {
                let cells: Vec<u32> = (0..len).map(|i| code / masks.pow(i as u32) % masks).collect();
                assert_eq!(fill(&cells), fill_with::<64>(&cells), "{cells:?}");
            }
        }
    }

    #[test]
    fn sizes_are_counted_ones() {
        for (set, &size) in SIZES.iter().enumerate() {
            assert_eq!(u32::from(size), set.count_ones());
        }
    }

    #[test]
    fn packing_round_trips() {
        let set = 0b1_0110_1010;
        for mask in 0..512u32 {
            assert_eq!(unpack(pack(mask, set), set), mask & set);
        }
    }
}
