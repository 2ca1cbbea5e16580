//! Finite automata over a board's digits: what a regex line's pattern and
//! ISS's state-machine lines compile to, and what the regular propagator
//! ([`crate::regular`]) walks.
//!
//! An [`Automaton`] reads one digit per cell, in order, and a *segment
//! break* between the segments of a line made of several (ISS's multi-segment
//! NFAs: one automaton judges, say, the four arms of a clue). It has no ε
//! moves. Whatever builds one (a pattern, an ISS string) goes through
//! [`Automaton::reduced`]: states that lie on no accepting path are dropped,
//! and when the subset construction stays small the automaton is made
//! deterministic and minimal, which bounds the propagator's work per cell.

use std::collections::HashMap;

use sudokit_core::Digit;

/// The most states an automaton may have, while it is built and once
/// reduced (ISS's own bound for a compiled pattern): past it, a pattern
/// such as `.{0,99999}` is refused rather than built.
pub const MAX_STATES: usize = 4096;

/// A nondeterministic automaton over the digits `1..=n` and the segment
/// break, without ε moves. States are numbered from 0.
///
/// ```
/// use sudokit_constraints::Automaton;
/// // Odd digits, then even ones: state 0 reads odd digits, state 1 even.
/// let moves = [(0, 1, 0), (0, 3, 0), (0, 2, 1), (0, 4, 1), (1, 2, 1), (1, 4, 1)];
/// let odd_then_even = Automaton::new(2, &[0], &[0, 1], &moves, &[]).unwrap();
/// assert!(odd_then_even.accepts(&[3, 1, 4, 2]));
/// assert!(!odd_then_even.accepts(&[2, 1]));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Automaton {
    /// The states it starts in.
    starts: Vec<u32>,
    /// Whether each state accepts.
    accepting: Vec<bool>,
    /// Each state's moves: the digits (bit `d - 1`) that lead to a target.
    moves: Vec<Vec<(u128, u32)>>,
    /// Each state's targets on a segment break.
    breaks: Vec<Vec<u32>>,
}

/// A state's signature while states are merged: its block, its moves by
/// target block, and its break's target block.
type Signature = (u32, Vec<(u32, u128)>, Option<u32>);

/// An automaton under construction, with ε moves (a pattern's Thompson
/// construction) and a bound on its states.
#[derive(Clone, Debug, Default)]
pub(crate) struct Builder {
    starts: Vec<u32>,
    accepting: Vec<bool>,
    moves: Vec<Vec<(u128, u32)>>,
    breaks: Vec<Vec<u32>>,
    epsilons: Vec<Vec<u32>>,
}

impl Builder {
    /// A new state, or why there can be none.
    pub(crate) fn state(&mut self) -> Result<u32, String> {
        if self.accepting.len() >= MAX_STATES {
            return Err(format!("it needs more than {MAX_STATES} states"));
        }
        self.accepting.push(false);
        self.moves.push(Vec::new());
        self.breaks.push(Vec::new());
        self.epsilons.push(Vec::new());
        Ok(self.accepting.len() as u32 - 1)
    }

    /// Makes states up to `state` exist.
    pub(crate) fn ensure(&mut self, state: u32) -> Result<(), String> {
        while self.accepting.len() <= state as usize {
            self.state()?;
        }
        Ok(())
    }

    /// `from` reads one of `digits` (bit `d - 1`) and goes to `to`.
    pub(crate) fn read(&mut self, from: u32, digits: u128, to: u32) {
        if digits != 0 {
            self.moves[from as usize].push((digits, to));
        }
    }

    /// `from` reads a segment break and goes to `to`.
    pub(crate) fn read_break(&mut self, from: u32, to: u32) {
        self.breaks[from as usize].push(to);
    }

    /// `from` goes to `to` without reading.
    pub(crate) fn epsilon(&mut self, from: u32, to: u32) {
        self.epsilons[from as usize].push(to);
    }

    /// `state` is a start state.
    pub(crate) fn start(&mut self, state: u32) {
        self.starts.push(state);
    }

    /// `state` accepts.
    pub(crate) fn accept(&mut self, state: u32) {
        self.accepting[state as usize] = true;
    }

    /// The automaton without ε moves, reduced.
    pub(crate) fn finish(self) -> Automaton {
        let count = self.accepting.len();
        let closures: Vec<Vec<u32>> = (0..count as u32).map(|s| closure(&self.epsilons, &[s])).collect();
        let mut automaton = Automaton {
            starts: closure(&self.epsilons, &self.starts),
            accepting: vec![false; count],
            moves: vec![Vec::new(); count],
            breaks: vec![Vec::new(); count],
        };
        for (s, reach) in closures.iter().enumerate() {
            for &u in reach {
                let u = u as usize;
                automaton.accepting[s] |= self.accepting[u];
                automaton.moves[s].extend_from_slice(&self.moves[u]);
                automaton.breaks[s].extend_from_slice(&self.breaks[u]);
            }
        }
        automaton.reduced()
    }
}

/// The states reachable from `from` by ε moves, sorted.
fn closure(epsilons: &[Vec<u32>], from: &[u32]) -> Vec<u32> {
    let mut seen = vec![false; epsilons.len()];
    let mut stack: Vec<u32> = from.to_vec();
    let mut out = Vec::new();
    while let Some(s) = stack.pop() {
        if std::mem::replace(&mut seen[s as usize], true) {
            continue;
        }
        out.push(s);
        stack.extend_from_slice(&epsilons[s as usize]);
    }
    out.sort_unstable();
    out
}

impl Automaton {
    /// The automaton with `states` states, starting in `starts`, accepting
    /// in `accepting`, moving on `moves` (`(from, digit, to)`) and on a
    /// segment break by `breaks` (`(from, to)`): the form for a plugin that
    /// builds its own state machine. Reduced as every automaton is.
    pub fn new(
        states: usize,
        starts: &[usize],
        accepting: &[usize],
        moves: &[(usize, Digit, usize)],
        breaks: &[(usize, usize)],
    ) -> Result<Automaton, String> {
        if states > MAX_STATES {
            return Err(format!(
                "{states} states, more than the {MAX_STATES} an automaton may have"
            ));
        }
        let known = |s: usize| match s < states {
            true => Ok(s as u32),
            false => Err(format!("state {s} is not one of the {states} states")),
        };
        let mut builder = Builder::default();
        if states > 0 {
            builder.ensure(states as u32 - 1)?;
        }
        for &s in starts {
            builder.start(known(s)?);
        }
        for &s in accepting {
            builder.accept(known(s)?);
        }
        for &(from, digit, to) in moves {
            if !(1..=128).contains(&digit) {
                return Err(format!("digit {digit} is not a digit of a board"));
            }
            builder.read(known(from)?, 1u128 << (digit - 1), known(to)?);
        }
        for &(from, to) in breaks {
            builder.read_break(known(from)?, known(to)?);
        }
        Ok(builder.finish())
    }

    /// How many states it has.
    pub fn states(&self) -> usize {
        self.accepting.len()
    }

    /// The start states.
    pub(crate) fn starts(&self) -> &[u32] {
        &self.starts
    }

    /// Whether `state` accepts.
    pub(crate) fn accepting(&self, state: usize) -> bool {
        self.accepting[state]
    }

    /// The moves of `state` on digits: (digits as bits, target).
    pub(crate) fn moves(&self, state: usize) -> &[(u128, u32)] {
        &self.moves[state]
    }

    /// The targets of `state` on a segment break.
    pub(crate) fn breaks(&self, state: usize) -> &[u32] {
        &self.breaks[state]
    }

    /// Whether it accepts `digits`, read in order (one segment).
    pub fn accepts(&self, digits: &[Digit]) -> bool {
        let reads: Vec<Option<u128>> = digits.iter().map(|&d| Some(1u128 << (d - 1))).collect();
        self.accepts_some(&reads)
    }

    /// Whether some reading it accepts matches `reads`: each item a set of
    /// digits (bits) one of which is read, or `None` for a segment break.
    pub(crate) fn accepts_some(&self, reads: &[Option<u128>]) -> bool {
        let mut current = vec![false; self.states()];
        for &s in &self.starts {
            current[s as usize] = true;
        }
        for read in reads {
            let mut next = vec![false; self.states()];
            for s in (0..self.states()).filter(|&s| current[s]) {
                match read {
                    Some(digits) => {
                        for &(m, t) in &self.moves[s] {
                            next[t as usize] |= m & digits != 0;
                        }
                    }
                    None => {
                        for &t in &self.breaks[s] {
                            next[t as usize] = true;
                        }
                    }
                }
            }
            current = next;
        }
        (0..self.states()).any(|s| current[s] && self.accepting[s])
    }

    /// The automaton without the states on no path from a start to an
    /// accepting state; then, when the subset construction stays within
    /// [`MAX_STATES`], deterministic and minimal.
    pub(crate) fn reduced(self) -> Automaton {
        let trimmed = self.trimmed();
        match trimmed.determinized() {
            Some(dfa) => dfa.minimized().trimmed(),
            None => trimmed,
        }
    }

    /// The states reachable from `from` along the moves `next` gives.
    fn reach(&self, from: impl IntoIterator<Item = u32>, next: &[Vec<u32>]) -> Vec<bool> {
        let mut seen = vec![false; self.states()];
        let mut stack: Vec<u32> = from.into_iter().collect();
        while let Some(s) = stack.pop() {
            if !std::mem::replace(&mut seen[s as usize], true) {
                stack.extend_from_slice(&next[s as usize]);
            }
        }
        seen
    }

    /// Only the states on some path from a start to an accepting state,
    /// renumbered in order; their moves merged by target.
    fn trimmed(&self) -> Automaton {
        let count = self.states();
        let mut forward: Vec<Vec<u32>> = vec![Vec::new(); count];
        let mut backward: Vec<Vec<u32>> = vec![Vec::new(); count];
        for (s, next) in forward.iter_mut().enumerate() {
            let targets = self.moves[s]
                .iter()
                .map(|&(_, t)| t)
                .chain(self.breaks[s].iter().copied());
            for t in targets {
                next.push(t);
                backward[t as usize].push(s as u32);
            }
        }
        let from_start = self.reach(self.starts.iter().copied(), &forward);
        let accepting = (0..count as u32).filter(|&s| self.accepting[s as usize]);
        let to_accept = self.reach(accepting, &backward);
        let mut renumber = vec![u32::MAX; count];
        let mut kept = 0u32;
        for s in 0..count {
            if from_start[s] && to_accept[s] {
                renumber[s] = kept;
                kept += 1;
            }
        }
        let live = |t: u32| renumber[t as usize] != u32::MAX;
        let mut out = Automaton::default();
        // The live ones of `ids`, renumbered, sorted, once each.
        let live_ids = |ids: &[u32]| {
            let mut out: Vec<u32> = ids
                .iter()
                .filter(|&&s| live(s))
                .map(|&s| renumber[s as usize])
                .collect();
            out.sort_unstable();
            out.dedup();
            out
        };
        out.starts = live_ids(&self.starts);
        for s in (0..count).filter(|&s| live(s as u32)) {
            out.accepting.push(self.accepting[s]);
            let mut moves: Vec<(u128, u32)> = Vec::new();
            for &(m, t) in self.moves[s].iter().filter(|&&(_, t)| live(t)) {
                let t = renumber[t as usize];
                match moves.iter_mut().find(|(_, u)| *u == t) {
                    Some((mask, _)) => *mask |= m,
                    None => moves.push((m, t)),
                }
            }
            moves.sort_unstable_by_key(|&(_, t)| t);
            out.moves.push(moves);
            out.breaks.push(live_ids(&self.breaks[s]));
        }
        out
    }

    /// The subset construction, or `None` past [`MAX_STATES`] states.
    fn determinized(&self) -> Option<Automaton> {
        let mut index: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut sets: Vec<Vec<u32>> = Vec::new();
        let mut out = Automaton::default();
        if self.starts.is_empty() {
            return Some(out);
        }
        index.insert(self.starts.clone(), 0);
        sets.push(self.starts.clone());
        out.starts.push(0);
        let mut next = 0;
        while next < sets.len() {
            let set = sets[next].clone();
            next += 1;
            let mut digits = 0u128;
            for &s in &set {
                digits |= self.moves[s as usize].iter().fold(0, |acc, &(m, _)| acc | m);
            }
            // The target set of each digit, then the digits by target set.
            let mut by_target: Vec<(Vec<u32>, u128)> = Vec::new();
            while digits != 0 {
                let bit = digits & digits.wrapping_neg();
                digits &= digits - 1;
                let mut target: Vec<u32> = set
                    .iter()
                    .flat_map(|&s| self.moves[s as usize].iter())
                    .filter(|&&(m, _)| m & bit != 0)
                    .map(|&(_, t)| t)
                    .collect();
                target.sort_unstable();
                target.dedup();
                match by_target.iter_mut().find(|(t, _)| *t == target) {
                    Some((_, mask)) => *mask |= bit,
                    None => by_target.push((target, bit)),
                }
            }
            let mut on_break: Vec<u32> = set
                .iter()
                .flat_map(|&s| self.breaks[s as usize].iter().copied())
                .collect();
            on_break.sort_unstable();
            on_break.dedup();
            let mut id = |target: Vec<u32>| -> Option<u32> {
                if let Some(&id) = index.get(&target) {
                    return Some(id);
                }
                if sets.len() >= MAX_STATES {
                    return None;
                }
                let id = sets.len() as u32;
                index.insert(target.clone(), id);
                sets.push(target);
                Some(id)
            };
            let mut moves = Vec::with_capacity(by_target.len());
            for (target, mask) in by_target {
                moves.push((mask, id(target)?));
            }
            let breaks = match on_break.is_empty() {
                true => Vec::new(),
                false => vec![id(on_break)?],
            };
            out.accepting
                .push(set.iter().any(|&s| self.accepting[s as usize]));
            out.moves.push(moves);
            out.breaks.push(breaks);
        }
        Some(out)
    }

    /// A deterministic automaton with its equivalent states merged (Moore's
    /// partition refinement): two states stay apart when one accepts and
    /// the other does not, or some digit or break leads them to states
    /// apart.
    fn minimized(&self) -> Automaton {
        let count = self.states();
        let mut block: Vec<u32> = self.accepting.iter().map(|&a| u32::from(a)).collect();
        let mut blocks = 0;
        loop {
            // A state's signature: its block, and its moves by target block.
            let mut index: HashMap<Signature, u32> = HashMap::new();
            let mut refined = Vec::with_capacity(count);
            for s in 0..count {
                let mut moves: Vec<(u32, u128)> = Vec::new();
                for &(m, t) in &self.moves[s] {
                    let b = block[t as usize];
                    match moves.iter_mut().find(|(u, _)| *u == b) {
                        Some((_, mask)) => *mask |= m,
                        None => moves.push((b, m)),
                    }
                }
                moves.sort_unstable();
                let on_break = self.breaks[s].first().map(|&t| block[t as usize]);
                let key = (block[s], moves, on_break);
                let next = index.len() as u32;
                refined.push(*index.entry(key).or_insert(next));
            }
            let now = index.len();
            block = refined;
            if now == blocks {
                break;
            }
            blocks = now;
        }
        let mut out = Automaton {
            starts: self.starts.iter().map(|&s| block[s as usize]).collect(),
            accepting: vec![false; blocks],
            moves: vec![Vec::new(); blocks],
            breaks: vec![Vec::new(); blocks],
        };
        let mut done = vec![false; blocks];
        for s in 0..count {
            let b = block[s] as usize;
            if std::mem::replace(&mut done[b], true) {
                continue;
            }
            out.accepting[b] = self.accepting[s];
            out.moves[b] = self.moves[s]
                .iter()
                .map(|&(m, t)| (m, block[t as usize]))
                .collect();
            out.breaks[b] = self.breaks[s].iter().map(|&t| block[t as usize]).collect();
        }
        out.starts.sort_unstable();
        out.starts.dedup();
        out
    }
}
