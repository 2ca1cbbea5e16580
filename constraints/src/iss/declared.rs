//! Rules ISS has no type for, written through what they declare.
//!
//! A rule without a propagator of its own means exactly its all-different
//! groups, its pair relations and its cell domains (that is what lets DLX
//! and SAT take it), and so does one whose only other declarations are
//! linear sums. ISS can say each of those: a group is `.AllDifferent`, a
//! relation is `.Pair` with the relation's table as its key, a sum is
//! `.Sum` (`.Sum~0_=_10_1_-1~…` with weights), and a domain is pencil marks. So odd and even cells, minimum and maximum cells, slow
//! thermometers and negative kropki rules, which ISS has no type for, still
//! reach it as the same puzzle. They read back as those generic forms, not
//! as the rule they came from.

use std::collections::BTreeMap;

use sudokit_core::{Cell, Constraint, Digit, Geometry};

use super::{cell_id, pairwise};

/// A relation's allowed digit pairs, (first cell's, second cell's).
type Table = Vec<(Digit, Digit)>;

/// What a declarative rule becomes in ISS: its items (groups and pair
/// relations) and its domains, which join the puzzle's givens.
#[derive(Debug, Default)]
pub(super) struct Declared {
    pub items: Vec<String>,
    pub domains: Vec<(Cell, u128)>,
}

/// The ISS form of `constraint` through its declarations, or why it has
/// none (a propagator or extra variables, which ISS's generic types cannot
/// carry). Its sums are ISS `Sum`s, weighted where a coefficient is not 1.
pub(super) fn declared(constraint: &dyn Constraint, geometry: &Geometry) -> Result<Declared, String> {
    let name = constraint.name();
    if constraint.has_propagator() || constraint.variables(geometry) > 0 {
        return Err(format!("{name}: it has no ISS form"));
    }
    let n = geometry.size();
    let ids = |cells: &[Cell]| cells.iter().map(|&c| cell_id(c, n)).collect::<Vec<_>>().join("~");
    let mut items: Vec<String> = constraint
        .groups(geometry)
        .iter()
        .map(|group| format!(".AllDifferent~{}", ids(group.cells())))
        .collect();
    // One `.Pair` item per distinct table, its cell pairs as groups.
    let mut tables: BTreeMap<Table, Vec<(Cell, Cell)>> = BTreeMap::new();
    for (a, b, relation) in constraint.relations(geometry) {
        let digits = 1..=n as Digit;
        let allowed: Table = digits
            .clone()
            .flat_map(|x| digits.clone().map(move |y| (x, y)))
            .filter(|&(x, y)| relation.allows(x, y))
            .collect();
        tables.entry(allowed).or_default().push((a, b));
    }
    // A sum is ISS's `Sum`, with its coefficients when one is not 1.
    for sum in constraint.sums(geometry) {
        if sum.terms().is_empty() {
            return Err(format!("{name}: a sum without cells has no ISS form"));
        }
        let cells: Vec<Cell> = sum.terms().iter().map(|&(c, _)| c).collect();
        let total = match sum.terms().iter().all(|&(_, k)| k == 1) {
            true => sum.total().to_string(),
            false => {
                let weights: Vec<String> = sum.terms().iter().map(|&(_, k)| k.to_string()).collect();
                format!("{}_=_{}", sum.total(), weights.join("_"))
            }
        };
        items.push(format!(".Sum~{total}~{}", ids(&cells)));
    }
    let label = pairwise::encode_name(&name);
    for (allowed, pairs) in tables {
        let groups: Vec<String> = pairs.iter().map(|&(a, b)| ids(&[a, b])).collect();
        items.push(format!(
            ".Pair~{}~_{label}~{}",
            pairwise::encode_key(&allowed, n),
            groups.join("~~")
        ));
    }
    let domains = constraint
        .domains(geometry)
        .into_iter()
        .map(|(cell, digits)| (cell, digits.to_u128()))
        .collect();
    Ok(Declared { items, domains })
}
