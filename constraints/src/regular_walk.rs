//! The regular constraint's two passes over a line, on the automaton laid
//! flat: each state's moves one after another in one array (digit masks of
//! 64 bits on boards up to 64×64, 128 above), so the inner loop reads
//! memory in order and tests a move with one `and`.

use std::ops::{BitAnd, BitOrAssign};

use crate::automaton::Automaton;

/// A set of digits as bits, of the width the board needs.
pub(crate) trait Mask: Copy + Eq + Default + BitAnd<Output = Self> + BitOrAssign {
    /// The mask of `bits` (which fit).
    fn from_bits(bits: u128) -> Self;
    /// The mask as 128 bits.
    fn bits(self) -> u128;
}

impl Mask for u64 {
    fn from_bits(bits: u128) -> u64 {
        bits as u64
    }
    fn bits(self) -> u128 {
        u128::from(self)
    }
}

impl Mask for u128 {
    fn from_bits(bits: u128) -> u128 {
        bits
    }
    fn bits(self) -> u128 {
        self
    }
}

/// An automaton laid flat, with masks of type `M`.
#[derive(Debug)]
pub(crate) struct Table<M> {
    states: usize,
    starts: Vec<u32>,
    accepting: Vec<bool>,
    /// The moves of state `s` are `first[s]..first[s + 1]`.
    first: Vec<u32>,
    masks: Vec<M>,
    targets: Vec<u32>,
    /// The breaks of state `s` are `break_first[s]..break_first[s + 1]`.
    break_first: Vec<u32>,
    break_targets: Vec<u32>,
}

impl<M: Mask> Table<M> {
    fn new(automaton: &Automaton) -> Table<M> {
        let states = automaton.states();
        let mut table = Table {
            states,
            starts: automaton.starts().to_vec(),
            accepting: (0..states).map(|s| automaton.accepting(s)).collect(),
            first: vec![0],
            masks: Vec::new(),
            targets: Vec::new(),
            break_first: vec![0],
            break_targets: Vec::new(),
        };
        for s in 0..states {
            for &(digits, t) in automaton.moves(s) {
                table.masks.push(M::from_bits(digits));
                table.targets.push(t);
            }
            table.first.push(table.targets.len() as u32);
            table.break_targets.extend_from_slice(automaton.breaks(s));
            table.break_first.push(table.break_targets.len() as u32);
        }
        table
    }

    /// The moves of state `s`: their digits and targets.
    #[inline]
    fn moves(&self, s: usize) -> (&[M], &[u32]) {
        let range = self.first[s] as usize..self.first[s + 1] as usize;
        (&self.masks[range.clone()], &self.targets[range])
    }

    /// The digits each step keeps (bits; 0 at a break), or `None` when no
    /// reading is accepted. `reads` holds each step's candidates, `None` at
    /// a segment break.
    fn supports(&self, reads: &[Option<u128>]) -> Option<Vec<u128>> {
        let words = self.states.div_ceil(64).max(1);
        let steps = reads.len();
        let reads: Vec<Option<M>> = reads.iter().map(|r| r.map(M::from_bits)).collect();
        // Layer `i`: the states after `i` steps, `words` words each.
        let mut bits = vec![0u64; words * (steps + 1)];
        for &s in &self.starts {
            bits[s as usize / 64] |= 1 << (s % 64);
        }
        // Forward: the states some reading of the candidates reaches.
        for (i, read) in reads.iter().enumerate() {
            let (done, next) = bits.split_at_mut((i + 1) * words);
            let (here, next) = (&done[i * words..], &mut next[..words]);
            let mut any = 0;
            each(here, |s| match read {
                Some(read) => {
                    let (masks, targets) = self.moves(s);
                    for (&mask, &t) in masks.iter().zip(targets) {
                        if mask & *read != M::default() {
                            next[t as usize / 64] |= 1 << (t % 64);
                            any = 1;
                        }
                    }
                }
                None => {
                    for &t in
                        &self.break_targets[self.break_first[s] as usize..self.break_first[s + 1] as usize]
                    {
                        next[t as usize / 64] |= 1 << (t % 64);
                        any = 1;
                    }
                }
            });
            if any == 0 {
                return None;
            }
        }
        let last = &mut bits[steps * words..];
        for s in (0..self.states).filter(|&s| !self.accepting[s]) {
            last[s / 64] &= !(1 << (s % 64));
        }
        if last.iter().all(|&w| w == 0) {
            return None;
        }
        // Backward: keep the states from which an accepting state is still
        // reached, and the digits read on the way.
        let mut supports = vec![0u128; steps];
        let mut keep = vec![0u64; words];
        for i in (0..steps).rev() {
            keep.iter_mut().for_each(|w| *w = 0);
            let (here, next) = bits.split_at_mut((i + 1) * words);
            let (here, next) = (&mut here[i * words..], &next[..words]);
            let has = |t: usize| next[t / 64] >> (t % 64) & 1 == 1;
            let mut support = M::default();
            each(here, |s| {
                let kept = match reads[i] {
                    Some(read) => {
                        let mut kept = false;
                        let (masks, targets) = self.moves(s);
                        for (&mask, &t) in masks.iter().zip(targets) {
                            let digits = mask & read;
                            if digits != M::default() && has(t as usize) {
                                support |= digits;
                                kept = true;
                            }
                        }
                        kept
                    }
                    None => self.break_targets
                        [self.break_first[s] as usize..self.break_first[s + 1] as usize]
                        .iter()
                        .any(|&t| has(t as usize)),
                };
                if kept {
                    keep[s / 64] |= 1 << (s % 64);
                }
            });
            here.copy_from_slice(&keep);
            if keep.iter().all(|&w| w == 0) {
                return None;
            }
            supports[i] = support.bits();
        }
        Some(supports)
    }
}

/// Each state of a layer, in order.
#[inline]
fn each(layer: &[u64], mut f: impl FnMut(usize)) {
    for (k, &word) in layer.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            f(k * 64 + word.trailing_zeros() as usize);
            word &= word - 1;
        }
    }
}

/// The automaton laid flat, with the narrowest masks its digits fit.
#[derive(Debug)]
pub(crate) enum Walker {
    /// Digits up to 64.
    Narrow(Table<u64>),
    /// Digits above 64.
    Wide(Table<u128>),
}

impl Walker {
    /// The walker of `automaton`.
    pub(crate) fn new(automaton: &Automaton) -> Walker {
        let wide = (0..automaton.states()).any(|s| automaton.moves(s).iter().any(|&(m, _)| m >> 64 != 0));
        match wide {
            true => Walker::Wide(Table::new(automaton)),
            false => Walker::Narrow(Table::new(automaton)),
        }
    }

    /// The digits each step keeps, or `None` when nothing is accepted: see
    /// [`Table::supports`].
    pub(crate) fn supports(&self, reads: &[Option<u128>]) -> Option<Vec<u128>> {
        match self {
            Walker::Narrow(table) => table.supports(reads),
            Walker::Wide(table) => table.supports(reads),
        }
    }
}
