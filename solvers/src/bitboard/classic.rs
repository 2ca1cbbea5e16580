//! Which puzzles the bitboards can take: the classic 9×9 rules, and rules
//! that only narrow cells' domains (given pencil marks, odd and even
//! cells), recognised through what the rules declare.

use std::sync::Arc;

use sudokit_core::{Cell, Kind, Model, Puzzle, Unsupported};

use super::NAME;

/// The cells whose domains the rules narrow, each with the digits it keeps
/// (bit `d` for digit `d + 1`): the board clears the others before its
/// first propagation, as it does a start's masks. Empty for the classic
/// rules alone, so a plain classic puzzle pays nothing for them.
pub(super) type Domains = Arc<[(usize, u32)]>;

/// The verdict on a set of rules, kept in the model's cache so that a file
/// of puzzles with one set of rules is judged (and its domains read) once.
struct Verdict(Result<Domains, Unsupported>);

/// The rules' domains when `puzzle` carries only the classic 9×9 rules and
/// rules that narrow domains: its groups are exactly the 27 rows, columns
/// and 3×3 boxes, and no rule declares a relation, a sum, a variable of its
/// own or a propagator. Techniques (implied by the rules) are ignored. The
/// reason names the first rule that says more than that.
pub(super) fn classic_only(puzzle: &Puzzle) -> Result<Domains, Unsupported> {
    let n = puzzle.size();
    if n != 9 {
        return Err(Unsupported::new(NAME, format!("a {n}×{n} board (9×9 only)")));
    }
    let verdict: Arc<Verdict> = puzzle.model().prepared(|model| Verdict(judge(model)));
    verdict.0.clone()
}

fn judge(model: &Model) -> Result<Domains, Unsupported> {
    let geometry = model.geometry();
    for constraint in model.constraints() {
        if constraint.kind() != Kind::Rule {
            continue;
        }
        // Groups (checked below against the houses) and domains are all a
        // plain rule may declare, and it must declare one of them.
        let plain = !constraint.has_propagator()
            && constraint.relations(geometry).is_empty()
            && constraint.sums(geometry).is_empty()
            && constraint.variables(geometry) == 0
            && !(constraint.groups(geometry).is_empty() && constraint.domains(geometry).is_empty());
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
    let domains = (0..81)
        .map(|i| Cell(i as u16))
        .filter(|&cell| model.domain_rule(cell).is_some())
        .map(|cell| (cell.index(), (model.domain(cell).to_u128() & 0x1ff) as u32))
        .collect();
    Ok(domains)
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
