//! Bound clauses of linear sums: an order-encoded ladder of partial sums.
//!
//! An encoding that names each partial sum by its value (the one this
//! replaced) lets unit propagation move along a sum only once a prefix of
//! its cells is fixed: a diagonal whose cells are merely narrowed (all high, say) tells
//! the solver nothing until the conflicts teach it. Here each partial sum
//! `pᵢ = t₁ + … + tᵢ` (`tᵢ = kᵢ × xᵢ`) is order-encoded instead, one variable
//! per bound, `pᵢ ≥ v`, and so is each term, `tᵢ ≥ v`, channelled to the
//! cell's digits. The clauses
//!
//! * `pᵢ ≥ a ∧ tᵢ₊₁ ≥ b → pᵢ₊₁ ≥ a + b` and
//! * `pᵢ ≤ a ∧ tᵢ₊₁ ≤ b → pᵢ₊₁ ≤ a + b`,
//!
//! with `pₙ = total`, let unit propagation carry bounds both ways along the
//! sum (bounds consistency), which is how a person reads a little killer:
//! "these three cells are at least 7 each, so the other two are at most 4".
//! Every clause holds in every solution (each variable read as the bound it
//! names), and the encoding is exact: once the cells are fixed, the
//! channelling fixes every term's bounds, the ladder every partial sum's,
//! and the last step admits only the total. Partial sums outside what both
//! ends of the sum allow are constants, not variables.

use sudokit_core::cnf::{ClauseSink, Lit, Var};
use sudokit_core::{Cand, Sum};

/// A literal that may be a constant: bounds outside a partial sum's range
/// are known before any variable is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bit {
    True,
    False,
    Var(Lit),
}

impl std::ops::Not for Bit {
    type Output = Bit;
    fn not(self) -> Bit {
        match self {
            Bit::True => Bit::False,
            Bit::False => Bit::True,
            Bit::Var(l) => Bit::Var(!l),
        }
    }
}

/// Adds `bits` as a clause, dropping it when one is true and the false ones
/// from it.
fn clause(sink: &mut dyn ClauseSink, bits: &[Bit], buf: &mut Vec<Lit>) {
    buf.clear();
    for &b in bits {
        match b {
            Bit::True => return,
            Bit::False => {}
            Bit::Var(l) => buf.push(l),
        }
    }
    sink.add_clause(buf);
}

/// An integer `x ≥ v` for `v` in `lo + 1 ..= hi` as variables; below is
/// true, above false.
struct Order {
    lo: i64,
    hi: i64,
    vars: Vec<Var>,
}

impl Order {
    fn new(lo: i64, hi: i64, sink: &mut dyn ClauseSink) -> Order {
        let vars: Vec<Var> = (lo + 1..=hi).map(|_| sink.new_var()).collect();
        // Monotone: x ≥ v + 1 → x ≥ v.
        for w in vars.windows(2) {
            sink.add_clause(&[!Lit::positive(w[1]), Lit::positive(w[0])]);
        }
        Order { lo, hi, vars }
    }

    /// `x ≥ v`.
    fn ge(&self, v: i64) -> Bit {
        if v <= self.lo {
            Bit::True
        } else if v > self.hi {
            Bit::False
        } else {
            Bit::Var(Lit::positive(self.vars[(v - self.lo - 1) as usize]))
        }
    }

    /// `x ≤ v`.
    fn le(&self, v: i64) -> Bit {
        !self.ge(v + 1)
    }
}

/// About how many clauses [`emit_ladder`] writes for `sum` over `domains`
/// (an upper bound: two per partial sum value and term value, partial sums
/// not narrowed by the total).
pub(crate) fn ladder_size(sum: &Sum, domains: &[Vec<u8>]) -> usize {
    let mut width = 1usize;
    let mut clauses = 0usize;
    for (&(_, k), digits) in sum.terms().iter().zip(domains) {
        clauses = clauses.saturating_add(2 * width * digits.len());
        let spread = digits.iter().max().map_or(0, |&d| usize::from(d)) * k.unsigned_abs() as usize;
        width = width.saturating_add(spread);
    }
    clauses
}

/// Emits the ladder of `sum` over cells whose digits are `domains` (one per
/// term, in order) on an `n`×`n` board. Returns false, having emitted
/// nothing, when the total is out of reach (the caller makes the formula
/// unsatisfiable).
pub(crate) fn emit_ladder(sum: &Sum, domains: &[Vec<u8>], n: usize, sink: &mut dyn ClauseSink) -> bool {
    let terms = sum.terms();
    let len = terms.len();
    let values: Vec<Vec<i64>> = terms
        .iter()
        .zip(domains)
        .map(|(&(_, k), digits)| {
            let mut v: Vec<i64> = digits.iter().map(|&d| i64::from(k) * i64::from(d)).collect();
            v.sort_unstable();
            v
        })
        .collect();
    if values.iter().any(|v| v.is_empty()) {
        return false;
    }
    let total = i64::from(sum.total());
    // Bounds of each prefix from both ends.
    let mut suffix_min = vec![0i64; len + 1];
    let mut suffix_max = vec![0i64; len + 1];
    for i in (0..len).rev() {
        suffix_min[i] = suffix_min[i + 1] + values[i][0];
        suffix_max[i] = suffix_max[i + 1] + values[i][values[i].len() - 1];
    }
    if total < suffix_min[0] || total > suffix_max[0] {
        return false;
    }
    let mut buf = Vec::new();
    // Terms: t ≥ v over the term's values, channelled to the digits.
    let term_orders: Vec<Order> = (0..len)
        .map(|i| {
            let v = &values[i];
            let order = Order::new(v[0], v[v.len() - 1], sink);
            let cell = terms[i].0;
            let k = i64::from(terms[i].1);
            for &d in &domains[i] {
                let x = Bit::Var(Lit::positive(Var::of_cand(Cand::new(cell, d), n)));
                let t = k * i64::from(d);
                // x = d → t ≥ kd and t ≤ kd.
                clause(sink, &[!x, order.ge(t)], &mut buf);
                clause(sink, &[!x, order.le(t)], &mut buf);
            }
            // t between two consecutive values is one of them: t ≥ v and
            // t ≤ v mean x = v / k; gaps (t ≥ v + 1 but not ≥ next) are
            // ruled out.
            for (j, &t) in v.iter().enumerate() {
                let next = v.get(j + 1).copied().unwrap_or(t + 1);
                let d = (t / k) as u8;
                let x = Bit::Var(Lit::positive(Var::of_cand(Cand::new(cell, d), n)));
                clause(sink, &[!order.ge(t), order.ge(next), x], &mut buf);
                for gap in t + 1..next {
                    clause(sink, &[!order.ge(gap), order.ge(next)], &mut buf);
                }
            }
            order
        })
        .collect();
    // Partial sums p₀ = 0, …, pₙ = total, each within what both ends allow.
    let mut prefix_min = 0i64;
    let mut prefix_max = 0i64;
    let mut prev = Order {
        lo: 0,
        hi: 0,
        vars: Vec::new(),
    };
    for i in 0..len {
        prefix_min += values[i][0];
        prefix_max += values[i][values[i].len() - 1];
        let lo = prefix_min.max(total - suffix_max[i + 1]);
        let hi = prefix_max.min(total - suffix_min[i + 1]);
        let next = if i + 1 == len {
            Order {
                lo: total,
                hi: total,
                vars: Vec::new(),
            }
        } else {
            Order::new(lo, hi, sink)
        };
        let t = &term_orders[i];
        let v = &values[i];
        for a in prev.lo..=prev.hi {
            for (j, &b) in v.iter().enumerate() {
                // p ≥ a ∧ t ≥ b → p' ≥ a + b.
                clause(sink, &[!prev.ge(a), !t.ge(b), next.ge(a + b)], &mut buf);
                // p ≤ a ∧ t ≤ b → p' ≤ a + b (t ≤ b: not t ≥ the next value).
                let above = v.get(j + 1).copied().unwrap_or(b + 1);
                clause(sink, &[!prev.le(a), t.ge(above), next.le(a + b)], &mut buf);
            }
        }
        prev = next;
    }
    true
}
