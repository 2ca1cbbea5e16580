//! Clause forms of the outside clues (sandwich, X-sum, skyscraper), for the
//! SAT strategy.
//!
//! The sandwich and X-sum say "when the line is arranged so (a 1 here and the top digit
//! there; the first digit is k), these cells hold digits adding up to the
//! clue". The cells lie in one row or column, so they differ: their digits
//! then add up to the clue exactly when they form one of the digit *sets*
//! of the right size and total. Each possible set gets an auxiliary
//! variable `y`: the arrangement implies some `y`, and each `y` keeps every
//! one of the cells to its digits. That is exact (sound and complete) with
//! no arithmetic in the clauses. The skyscraper counts instead: see
//! [`skyscraper`].

use std::ops::Not;

use sudokit_core::cnf::{ClauseSink, Lit, Var};
use sudokit_core::{Cand, Cell, Digit, Unsupported};

use crate::units::mask::{bit, full};

/// The most digit sets one clue may give the formula: past it (boards well
/// above 16×16) the encoding is refused rather than built.
const MAX_SETS: usize = 200_000;

/// Every subset of `allowed` (bit `d − 1` for digit `d`) with `size` digits
/// adding up to `total`.
pub(crate) fn digit_sets(allowed: u128, size: usize, total: u32) -> Vec<u128> {
    fn extend(rest: u128, size: usize, total: u32, chosen: u128, out: &mut Vec<u128>) {
        if size == 0 {
            if total == 0 {
                out.push(chosen);
            }
            return;
        }
        let mut rest = rest;
        while rest != 0 {
            let d = rest.trailing_zeros() + 1;
            rest &= rest - 1;
            // Digits are taken in increasing order: the smallest `size`
            // still to come already exceed what is left.
            if d * size as u32 > total {
                return;
            }
            extend(rest, size - 1, total - d, chosen | 1 << (d - 1), out);
        }
    }
    let mut out = Vec::new();
    extend(allowed, size, total, 0, &mut out);
    out
}

/// The literal "`cell` holds `d`".
pub(crate) fn holds(cell: Cell, d: Digit, n: usize) -> Lit {
    Lit::positive(Var::of_cand(Cand::new(cell, d), n))
}

/// Adds, for each guard (a conjunction of literals), "guard ⇒ the digits of
/// `cells` are one of `sets`". With no set the guards are forbidden.
pub(crate) fn guarded_sets(
    sink: &mut dyn ClauseSink,
    n: usize,
    guards: &[Vec<Lit>],
    cells: &[Cell],
    sets: &[u128],
) {
    let chosen: Vec<Lit> = sets
        .iter()
        .map(|&set| {
            let y = Lit::positive(sink.new_var());
            for &cell in cells {
                let mut clause = vec![!y];
                clause.extend(
                    (1..=n as Digit)
                        .filter(|&d| set & bit(d as usize) != 0)
                        .map(|d| holds(cell, d, n)),
                );
                sink.add_clause(&clause);
            }
            y
        })
        .collect();
    for guard in guards {
        let mut clause: Vec<Lit> = guard.iter().map(|&l| !l).collect();
        clause.extend(&chosen);
        sink.add_clause(&clause);
    }
}

/// Refuses a clue whose sets would pass [`MAX_SETS`].
pub(crate) fn within(name: &str, count: usize) -> Result<(), Unsupported> {
    match count <= MAX_SETS {
        true => Ok(()),
        false => Err(Unsupported::new("sat", name)),
    }
}

/// A clause form of one clue: its name, line, value and the sink.
pub(crate) type Form = fn(&str, &[Cell], u32, &mut dyn ClauseSink) -> Result<(), Unsupported>;

/// The clauses of a clue of value `sum` on `line` (read from the clue
/// inward) by `form`, or the empty clause when the clue cannot be on the
/// board (`line` is then the reason, which the rule's `check` reports).
pub(crate) fn encode(
    form: Form,
    name: &str,
    line: Result<Vec<Cell>, String>,
    sum: u32,
    sink: &mut dyn ClauseSink,
) -> Result<(), Unsupported> {
    match line {
        Ok(line) => form(name, &line, sum, sink),
        Err(_) => {
            sink.add_clause(&[]);
            Ok(())
        }
    }
}

/// A sandwich clue over `line` (read from the clue inward): for every pair
/// of places of the 1 and the top digit `n`, the cells between them hold
/// one of the sets of middle digits adding up to `sum`.
pub(crate) fn sandwich(
    name: &str,
    line: &[Cell],
    sum: u32,
    sink: &mut dyn ClauseSink,
) -> Result<(), Unsupported> {
    let n = line.len();
    let middle = full(n - 1) & !bit(1);
    let by_gap: Vec<Vec<u128>> = (0..n.saturating_sub(1))
        .map(|gap| digit_sets(middle, gap, sum))
        .collect();
    within(name, by_gap.iter().map(Vec::len).sum::<usize>() * n)?;
    for p in 0..n {
        for q in p + 1..n {
            let (a, b) = (line[p], line[q]);
            let guards = [
                vec![holds(a, 1, n), holds(b, n as Digit, n)],
                vec![holds(a, n as Digit, n), holds(b, 1, n)],
            ];
            guarded_sets(sink, n, &guards, &line[p + 1..q], &by_gap[q - p - 1]);
        }
    }
    Ok(())
}

/// An X-sum clue over `line`: when the first cell holds `k`, the other
/// `k − 1` of the first `k` cells hold a set adding up to `sum − k`.
pub(crate) fn x_sum(
    name: &str,
    line: &[Cell],
    sum: u32,
    sink: &mut dyn ClauseSink,
) -> Result<(), Unsupported> {
    let n = line.len();
    let by_first: Vec<Vec<u128>> = (1..=n)
        .map(|k| match (sum as usize).checked_sub(k) {
            Some(rest) => digit_sets(full(n) & !bit(k), k - 1, rest as u32),
            None => Vec::new(),
        })
        .collect();
    within(name, by_first.iter().map(Vec::len).sum())?;
    for (k, sets) in (1..=n).zip(&by_first) {
        let guards = [vec![holds(line[0], k as Digit, n)]];
        guarded_sets(sink, n, &guards, &line[1..k], sets);
    }
    Ok(())
}

/// A literal, or a value known when the clauses are written (the tallest
/// of no cell is below every digit; a count of zero is always reached).
/// Writing clauses over these drops what is decided instead of making a
/// variable for a constant.
#[derive(Clone, Copy, Debug)]
enum Bit {
    Known(bool),
    Free(Lit),
}

impl Not for Bit {
    type Output = Bit;
    fn not(self) -> Bit {
        match self {
            Bit::Known(value) => Bit::Known(!value),
            Bit::Free(lit) => Bit::Free(!lit),
        }
    }
}

/// Adds the clause `bits[0] ∨ bits[1] ∨ …`: nothing when one of them is
/// known true, the others when one is known false.
fn add(sink: &mut dyn ClauseSink, bits: &[Bit]) {
    let mut clause = Vec::with_capacity(bits.len());
    for &bit in bits {
        match bit {
            Bit::Known(true) => return,
            Bit::Known(false) => {}
            Bit::Free(lit) => clause.push(lit),
        }
    }
    sink.add_clause(&clause);
}

/// A fresh variable as a [`Bit`].
fn fresh(sink: &mut dyn ClauseSink) -> Bit {
    Bit::Free(Lit::positive(sink.new_var()))
}

/// The "seen" bit of each cell of `line`: the cell holds a digit above
/// every digit before it. `taller[m]` is "some cell so far holds `m` or
/// more", carried along the line (`n + 1` entries, 1-based).
fn seen_bits(line: &[Cell], sink: &mut dyn ClauseSink) -> Vec<Bit> {
    let n = line.len();
    let mut taller = vec![Bit::Known(false); n + 1];
    let mut seen = Vec::with_capacity(n);
    for (i, &cell) in line.iter().enumerate() {
        let x = |d: usize| Bit::Free(holds(cell, d as Digit, n));
        // seen ⇔ the cell holds some d with nothing d or taller before it.
        let s = if i == 0 { Bit::Known(true) } else { fresh(sink) };
        for (d, &before) in taller.iter().enumerate().skip(1) {
            add(sink, &[!x(d), before, s]);
            add(sink, &[!x(d), !before, !s]);
        }
        seen.push(s);
        if i + 1 == n {
            break;
        }
        // taller'[m] ⇔ taller[m] ∨ the cell holds m or more.
        // Every digit is 1 or more: `next[1]` is known.
        let mut next = vec![Bit::Known(true); n + 1];
        for m in 2..=n {
            let t = fresh(sink);
            add(sink, &[!taller[m], t]);
            let mut back = vec![!t, taller[m]];
            for d in m..=n {
                add(sink, &[!x(d), t]);
                back.push(x(d));
            }
            add(sink, &back);
            next[m] = t;
        }
        taller = next;
    }
    seen
}

/// "Exactly `k` of `bits` are true", by a sequential counter with both
/// directions: `count[j]` is "at least `j` so far", for `j` up to `k + 1`.
fn exactly(bits: &[Bit], k: usize, sink: &mut dyn ClauseSink) {
    let mut count = vec![Bit::Known(false); k + 2];
    count[0] = Bit::Known(true);
    for (i, &b) in bits.iter().enumerate() {
        let mut next = count.clone();
        // Past `i + 1` the count is known to be short.
        for j in 1..=(k + 1).min(i + 1) {
            let c = fresh(sink);
            // c ⇔ count[j] ∨ (count[j − 1] ∧ b)
            add(sink, &[!count[j], c]);
            add(sink, &[!count[j - 1], !b, c]);
            add(sink, &[!c, count[j], count[j - 1]]);
            add(sink, &[!c, count[j], b]);
            next[j] = c;
        }
        count = next;
    }
    add(sink, &[count[k]]);
    add(sink, &[!count[k + 1]]);
}

/// A skyscraper clue over `line`: each cell gets a "seen" variable (its
/// digit is above every digit before it, defined through "some cell so far
/// holds m or more"), and a counter says exactly `visible` are seen. Exact
/// for any digits, distinct or not; `n³` literals or so.
pub(crate) fn skyscraper(
    _name: &str,
    line: &[Cell],
    visible: u32,
    sink: &mut dyn ClauseSink,
) -> Result<(), Unsupported> {
    let seen = seen_bits(line, sink);
    exactly(&seen, visible as usize, sink);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_sets_are_every_subset_of_the_size_and_total() {
        // 9×9 sandwich middles: two digits of 2…8 adding up to 10.
        let middle = full(8) & !bit(1);
        let sets = digit_sets(middle, 2, 10);
        let pairs: Vec<(u32, u32)> = sets
            .iter()
            .map(|&s| (s.trailing_zeros() + 1, 128 - s.leading_zeros()))
            .collect();
        assert_eq!(pairs, [(2, 8), (3, 7), (4, 6)]);
        // Brute force over every mask of 1…6.
        for size in 0..=6 {
            for total in 0..=21 {
                let expected: Vec<u128> = (0..64u128)
                    .filter(|m| m.count_ones() as usize == size)
                    .filter(|m| (0..6).filter(|d| m >> d & 1 == 1).map(|d| d + 1).sum::<u32>() == total)
                    .collect();
                let mut found = digit_sets(full(6), size, total);
                found.sort_unstable();
                assert_eq!(found, expected, "{size} digits, total {total}");
            }
        }
    }
}
