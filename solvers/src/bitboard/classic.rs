//! Which puzzles the bitboards can take: the classic 9×9 rules and nothing
//! else, recognised through what the rules declare.

use std::sync::Arc;

use sudokit_core::{Kind, Model, Puzzle, Unsupported};

use super::NAME;

/// The verdict on a set of rules, kept in the model's cache so that a file
/// of puzzles with one set of rules is judged once.
struct Verdict(Result<(), Unsupported>);

/// `Ok` when `puzzle` carries only the classic 9×9 rules: its groups are
/// exactly the 27 rows, columns and 3×3 boxes, and no rule declares a
/// relation, a domain, a sum or a propagator of its own. Techniques
/// (implied by the rules) are ignored. The reason names the first rule
/// that says more than the classic rules.
pub(super) fn classic_only(puzzle: &Puzzle) -> Result<(), Unsupported> {
    let n = puzzle.size();
    if n != 9 {
        return Err(Unsupported::new(NAME, format!("a {n}×{n} board (9×9 only)")));
    }
    let verdict: Arc<Verdict> = puzzle.model().prepared(|model| Verdict(judge(model)));
    verdict.0.clone()
}

fn judge(model: &Model) -> Result<(), Unsupported> {
    let geometry = model.geometry();
    for constraint in model.constraints() {
        if constraint.kind() != Kind::Rule {
            continue;
        }
        let plain = !constraint.has_propagator()
            && constraint.relations(geometry).is_empty()
            && constraint.domains(geometry).is_empty()
            && constraint.sums(geometry).is_empty()
            && !constraint.groups(geometry).is_empty();
        if !plain {
            return Err(Unsupported::new(NAME, constraint.name().into_owned()));
        }
    }
    let expected = classic_groups();
    let mut seen = [false; 27];
    for (id, group) in model.groups().iter().enumerate() {
        let mask = group.cells().iter().fold(0u128, |m, c| m | 1 << c.index());
        match expected.iter().position(|&e| e == mask) {
            Some(k) => seen[k] = true,
            None => {
                let rule = &model.constraints()[model.group_rule(id)];
                return Err(Unsupported::new(NAME, rule.name().into_owned()));
            }
        }
    }
    if seen.contains(&false) {
        return Err(Unsupported::new(
            NAME,
            "a board without every row, column and 3×3 box",
        ));
    }
    Ok(())
}

/// The cells of the 9 rows, 9 columns and 9 boxes as bit masks.
fn classic_groups() -> [u128; 27] {
    let mut groups = [0u128; 27];
    for cell in 0..81 {
        let (row, col) = (cell / 9, cell % 9);
        let bit = 1u128 << cell;
        groups[row] |= bit;
        groups[9 + col] |= bit;
        groups[18 + 3 * (row / 3) + col / 3] |= bit;
    }
    groups
}
