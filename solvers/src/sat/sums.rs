//! Clauses of linear sums: partial sums as auxiliary variables.
//!
//! For `Σ kᵢ × xᵢ = total`, variable `s(i, v)` says "the first `i` terms add
//! up to `v`", for the values `v` from which the total can still be reached
//! (so nothing is created for partial sums no solution passes). Clauses:
//!
//! * forward, `s(i, v) ∧ xᵢ₊₁ = d → s(i + 1, v + kᵢ₊₁ d)`, or `¬s(i, v) ∨
//!   ¬(xᵢ₊₁ = d)` when that partial sum cannot reach the total (the last
//!   term must land exactly on it);
//! * backward, `s(i + 1, w) → ⋁ xᵢ₊₁ = d` over the digits that reach `w`
//!   from a viable `s(i, ·)`, which lets unit propagation narrow a cell from
//!   the partial sums as well as the other way round.
//!
//! Read as "the partial sum is `v`", every clause holds in every solution,
//! and a grid whose sum is wrong forces a false partial sum: the encoding is
//! exact. Derived sums (innies and outies) are implied and left out.

use std::collections::HashMap;

use sudokit_core::cnf::{ClauseSink, Lit, Var};
use sudokit_core::{Cand, Model};

/// Emits the clauses of every sum a rule declares.
pub(crate) fn emit_sums(model: &Model, sink: &mut dyn ClauseSink) {
    let n = model.size();
    for compiled in model.sums().iter().filter(|s| s.rule().is_some()) {
        let sum = compiled.sum();
        let terms: Vec<(i64, Vec<u8>)> = sum
            .terms()
            .iter()
            .map(|&(cell, k)| (i64::from(k), model.domain(cell).iter().collect()))
            .collect();
        let lit = |i: usize, d: u8| {
            let cell = sum.terms()[i].0;
            Lit::positive(Var::of_cand(Cand::new(cell, d), n))
        };
        let total = i64::from(sum.total());
        let len = terms.len();
        // suffix[i]: the sums the terms i.. can make.
        let mut suffix: Vec<Vec<i64>> = vec![Vec::new(); len + 1];
        suffix[len] = vec![0];
        for i in (0..len).rev() {
            let (k, digits) = &terms[i];
            let mut values: Vec<i64> = suffix[i + 1]
                .iter()
                .flat_map(|&v| digits.iter().map(move |&d| v + k * i64::from(d)))
                .collect();
            values.sort_unstable();
            values.dedup();
            suffix[i] = values;
        }
        if suffix[0].binary_search(&total).is_err() {
            sink.add_clause(&[]);
            continue;
        }
        // Partial sums after i terms that can still reach the total, each a
        // variable (none for i = 0: the empty sum is 0).
        let mut partial: Vec<HashMap<i64, Var>> = vec![HashMap::new(); len + 1];
        let viable = |i: usize, v: i64| suffix[i].binary_search(&(total - v)).is_ok();
        let mut current: Vec<i64> = vec![0];
        for i in 0..len {
            let (k, digits) = &terms[i];
            let mut next: Vec<i64> = Vec::new();
            // Which digits reach each next value, for the backward clauses.
            let mut reached_by: HashMap<i64, Vec<u8>> = HashMap::new();
            for &v in &current {
                let from = (i > 0).then(|| partial[i][&v]);
                for &d in digits {
                    let w = v + k * i64::from(d);
                    let mut clause: Vec<Lit> = Vec::with_capacity(3);
                    if let Some(var) = from {
                        clause.push(!Lit::positive(var));
                    }
                    clause.push(!lit(i, d));
                    if !viable(i + 1, w) {
                        sink.add_clause(&clause);
                        continue;
                    }
                    if i + 1 == len {
                        continue; // lands on the total
                    }
                    let var = *partial[i + 1].entry(w).or_insert_with(|| {
                        next.push(w);
                        sink.new_var()
                    });
                    clause.push(Lit::positive(var));
                    sink.add_clause(&clause);
                    reached_by.entry(w).or_default().push(d);
                }
            }
            for &w in &next {
                let mut clause = vec![!Lit::positive(partial[i + 1][&w])];
                let mut digits = reached_by.remove(&w).unwrap_or_default();
                digits.sort_unstable();
                digits.dedup();
                clause.extend(digits.into_iter().map(|d| lit(i, d)));
                sink.add_clause(&clause);
            }
            current = next;
        }
    }
}
