//! The clause form of a regex or state-machine line, for the SAT strategy:
//! the automaton unrolled along the line (Bacchus, "GAC via unit
//! propagation", 2007), so that `auto` can race clause learning on these
//! lines as it does on renban and sums.
//!
//! The states that lie on some accepting path over the full digits get a
//! variable per step ("the accepting path is in state q after step i"),
//! and each move between two of them a variable ("the path takes it"),
//! which implies its two states and one of its digits in the cell. The
//! clauses say: some state at the start and at the end, each state after
//! the first entered by a move and each before the last left by one, and
//! each digit of a cell read by a move that reads it. An accepted reading
//! gives an assignment (its path); an assignment holds a path, back from
//! an accepting state through moves whose digits are the cells' (the moves
//! imply them). So the clauses mean exactly the rule, twice-read cells
//! included.
//!
//! Nothing says the path is in one state per step: "at most one" per step
//! (sequential, as `AmoEncoding::Auto` picks for so many states) took
//! Factorial Cages from 1.5 s to 4.4 s of CaDiCaL (docs/benchmarks.md,
//! "(stop 51, tail51)").

use sudokit_core::cnf::{ClauseSink, Lit};
use sudokit_core::{Cell, Digit, Digits, Unsupported};

use crate::automaton::Automaton;
use crate::outside_clauses::holds;
use crate::units::mask::full;

/// The most auxiliary variables one line may take (states and moves over
/// every step) before SAT refuses it rather than build a huge formula.
const MAX_VARS: usize = 1 << 20;

/// The clauses of the line `name` reading `steps` (a cell, or `None` for a
/// segment break) through `automaton` on an `n`×`n` board. The empty
/// clause when no reading is accepted; refused past [`MAX_VARS`].
pub(crate) fn regular_line(
    name: &str,
    automaton: &Automaton,
    steps: &[Option<Cell>],
    n: usize,
    sink: &mut dyn ClauseSink,
) -> Result<(), Unsupported> {
    let live = live_states(automaton, steps, n);
    let size: usize = live
        .iter()
        .map(|layer| layer.iter().filter(|&&l| l).count())
        .sum();
    let moves: usize = size * automaton.states().min(n + 1);
    if size + moves > MAX_VARS {
        return Err(Unsupported::new("sat", name));
    }
    if !live[0].iter().any(|&l| l) {
        sink.add_clause(&[]);
        return Ok(());
    }
    // The state variables, per step.
    let state: Vec<Vec<Option<Lit>>> = live
        .iter()
        .map(|layer| {
            layer
                .iter()
                .map(|&l| l.then(|| Lit::positive(sink.new_var())))
                .collect()
        })
        .collect();
    let on = |i: usize| -> Vec<Lit> { state[i].iter().flatten().copied().collect() };
    sink.add_clause(&on(steps.len()));
    sink.add_clause(&on(0));
    let everything = full(n);
    for (i, step) in steps.iter().enumerate() {
        // Each move from a live state before the step to one after it.
        let mut entering: Vec<Vec<Lit>> = vec![Vec::new(); automaton.states()];
        let mut leaving: Vec<Vec<Lit>> = vec![Vec::new(); automaton.states()];
        let mut reading: Vec<Vec<Lit>> = vec![Vec::new(); n];
        for (from, &before) in state[i].iter().enumerate() {
            let Some(before) = before else { continue };
            let targets: Vec<(u128, u32)> = match step {
                Some(_) => automaton.moves(from).to_vec(),
                None => automaton.breaks(from).iter().map(|&t| (everything, t)).collect(),
            };
            for (digits, to) in targets {
                let (digits, to) = (digits & everything, to as usize);
                let Some(after) = state[i + 1][to] else { continue };
                if digits == 0 {
                    continue;
                }
                let taken = Lit::positive(sink.new_var());
                sink.add_clause(&[!taken, before]);
                sink.add_clause(&[!taken, after]);
                if let Some(cell) = step {
                    let read = Digits::<u128>::from_u128(digits);
                    if digits != everything {
                        let cell_holds: Vec<Lit> = read.iter().map(|d| holds(*cell, d, n)).collect();
                        implies_one_of(sink, taken, &cell_holds);
                    }
                    read.iter().for_each(|d| reading[d as usize - 1].push(taken));
                }
                entering[to].push(taken);
                leaving[from].push(taken);
            }
        }
        for (s, lits) in state[i].iter().zip(&leaving) {
            if let Some(s) = s {
                implies_one_of(sink, *s, lits);
            }
        }
        for (s, lits) in state[i + 1].iter().zip(&entering) {
            if let Some(s) = s {
                implies_one_of(sink, *s, lits);
            }
        }
        if let Some(cell) = step {
            for (d, lits) in (1..=n as Digit).zip(&reading) {
                implies_one_of(sink, holds(*cell, d, n), lits);
            }
        }
    }
    Ok(())
}

/// The clause `lit → one of lits`.
fn implies_one_of(sink: &mut dyn ClauseSink, lit: Lit, lits: &[Lit]) {
    let mut clause = Vec::with_capacity(lits.len() + 1);
    clause.push(!lit);
    clause.extend_from_slice(lits);
    sink.add_clause(&clause);
}

/// Per step boundary (`steps.len() + 1` of them), the states on some
/// accepting path when every cell may hold any digit of `1..=n`.
fn live_states(automaton: &Automaton, steps: &[Option<Cell>], n: usize) -> Vec<Vec<bool>> {
    let states = automaton.states();
    let everything = full(n);
    let next = |from: usize, step: &Option<Cell>| -> Vec<usize> {
        match step {
            Some(_) => automaton
                .moves(from)
                .iter()
                .filter(|(digits, _)| digits & everything != 0)
                .map(|&(_, to)| to as usize)
                .collect(),
            None => automaton.breaks(from).iter().map(|&t| t as usize).collect(),
        }
    };
    let mut reached = vec![vec![false; states]; steps.len() + 1];
    automaton
        .starts()
        .iter()
        .for_each(|&s| reached[0][s as usize] = true);
    for (i, step) in steps.iter().enumerate() {
        for from in 0..states {
            if reached[i][from] {
                for to in next(from, step) {
                    reached[i + 1][to] = true;
                }
            }
        }
    }
    let mut live = reached;
    let last = steps.len();
    (0..states).for_each(|s| live[last][s] &= automaton.accepting(s));
    for i in (0..last).rev() {
        for from in 0..states {
            if live[i][from] {
                live[i][from] = next(from, &steps[i]).into_iter().any(|to| live[i + 1][to]);
            }
        }
    }
    live
}
