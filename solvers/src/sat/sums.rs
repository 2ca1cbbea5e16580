//! Clauses of linear sums, declared and derived.
//!
//! Every sum the model holds is encoded as an order-encoded ladder of
//! partial sums (the `ladder` module): each partial sum and each term as
//! bound variables `p ≥ v`, with clauses that carry bounds both ways, so
//! unit propagation reasons about a sum as the propagation engine does
//! (bounds) instead of waiting for a prefix of its cells to be fixed.
//!
//! * Declared sums (cages, little killers, arrows…) make the formula exact:
//!   the ladder's last step pins the total, so no wrong grid satisfies it.
//! * Derived sums (innies and outies, houses crossed by little killers,
//!   unions of neighbouring cages: see the model's sums) hold in every
//!   solution; they add no answer and none is lost, but they give the solver
//!   the same shortcuts they give the propagation search.
//!
//! Measured against the exact encoding it replaced (partial sums named by
//! their value, see docs/benchmarks.md, stop 43): The Barbed Cross 0.75 →
//! 0.35 s, Hailstone – little killer 3.3 → 0.9 s, LITTLE_KILLER_SNIPES[10]
//! past 15 s → 3.5 s.

use sudokit_core::cnf::ClauseSink;
use sudokit_core::Model;

use super::ladder::{emit_ladder, ladder_size};

/// The most clauses a derived sum's ladder may take (about 67,000 for a
/// 30-cell sum on 9×9): a derived sum only helps, and a long one on a large
/// board would cost more to load than it saves.
const DERIVED_BUDGET: usize = 100_000;

/// Emits the clauses of every sum of `model`, declared or derived; a sum
/// whose total its cells cannot make leaves the formula unsatisfiable.
pub(crate) fn emit_sums(model: &Model, sink: &mut dyn ClauseSink) {
    let n = model.size();
    for compiled in model.sums() {
        let sum = compiled.sum();
        let domains: Vec<Vec<u8>> = sum
            .cells()
            .map(|cell| model.domain(cell).iter().collect())
            .collect();
        if compiled.rule().is_none() && ladder_size(sum, &domains) > DERIVED_BUDGET {
            continue;
        }
        if !emit_ladder(sum, &domains, n, sink) {
            sink.add_clause(&[]);
        }
    }
}
