//! Contradictions and steps in words, with the names the model gives
//! groups and rules.

use std::fmt::Write as _;

use crate::cell::{Cand, Cell, Digit};
use crate::contradiction::{Contradiction, ContradictionKind};
use crate::explain::Step;
use crate::model::Model;

impl Contradiction {
    /// A sentence for people: `7 has no place left in main diagonal
    /// (diagonals)`, `r1c3 has no candidate left (classic rules)`.
    pub fn describe(&self, model: &Model) -> String {
        let n = model.size();
        let what = match self.kind {
            ContradictionKind::EmptyCell(cell) => format!("{} has no candidate left", cell.name(n)),
            ContradictionKind::NoPlace { digit, group } => {
                format!("{digit} has no place left in {}", model.group(group).name())
            }
            ContradictionKind::TooFewDigits { group } => {
                let group = model.group(group);
                format!(
                    "the {} cells of {} cannot all hold different digits",
                    group.len(),
                    group.name()
                )
            }
            ContradictionKind::Rule {
                cell: Some(cell),
                message,
            } => format!("{}: {message}", cell.name(n)),
            ContradictionKind::Rule { cell: None, message } => message.to_string(),
        };
        match self.constraint.and_then(|k| model.constraints().get(k)) {
            Some(constraint) => format!("{what} ({})", constraint.name()),
            None => what,
        }
    }
}

impl Step {
    /// One line for people: the reason, then what it did.
    ///
    /// * `naked single r1c1 = 5: removes 5 from r1c2, r1c3`
    /// * `hidden single 4 in negative diagonal: r3c3 = 4`
    /// * `black dot r9c8 ∈ {1,2}: removes 3,4,5,6 from r9c9`
    /// * `naked pair {2,6} in r1c5, r1c6 (box 2): removes 2 from r1c2, r1c3`
    ///
    /// Removals in a cell the step places are implied and left out; the
    /// others are grouped by digit or by cell, whichever is shorter.
    pub fn describe(&self, model: &Model) -> String {
        let n = model.size();
        let reason = &self.reason;
        let list = |digits: &[Digit]| digits.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(",");
        let mut line = reason.rule.to_string();
        let group = reason.group.filter(|&g| g < model.groups().len());
        match (reason.cells.as_slice(), reason.digits.as_slice(), group) {
            (cells @ [_, ..], digits, Some(g)) => {
                match digits {
                    [] => {}
                    [digit] => {
                        let _ = write!(line, " {digit}");
                    }
                    digits => {
                        let _ = write!(line, " {{{}}}", list(digits));
                    }
                }
                let names: Vec<String> = cells.iter().map(|c| c.name(n)).collect();
                let _ = write!(line, " in {} ({})", names.join(", "), model.group(g).name());
            }
            (_, digits, Some(g)) => {
                if !digits.is_empty() {
                    let _ = write!(line, " {}", list(digits));
                }
                let _ = write!(line, " in {}", model.group(g).name());
            }
            ([cell], [digit], None) => {
                let _ = write!(line, " {} = {digit}", cell.name(n));
            }
            ([cell], digits, None) if !digits.is_empty() => {
                let _ = write!(line, " {} ∈ {{{}}}", cell.name(n), list(digits));
            }
            (cells, digits, None) => {
                if !digits.is_empty() {
                    let _ = write!(line, " {}", list(digits));
                }
                if !cells.is_empty() {
                    let names: Vec<String> = cells.iter().map(|c| c.name(n)).collect();
                    let _ = write!(line, " ({})", names.join(", "));
                }
            }
        }
        if let Some(text) = &reason.text {
            let _ = write!(line, ", {text}");
        }
        line.push(':');
        let placed: Vec<String> = self
            .placed
            .iter()
            .map(|c| format!("{} = {}", c.cell.name(n), c.digit))
            .collect();
        if !placed.is_empty() {
            let _ = write!(line, " {}", placed.join(", "));
        }
        let removals: Vec<Cand> = self
            .removed
            .iter()
            .filter(|r| !self.placed.iter().any(|p| p.cell == r.cell))
            .copied()
            .collect();
        let parts = group_removals(&removals, n);
        match (parts.is_empty(), placed.is_empty()) {
            (false, false) => {
                let _ = write!(line, "; removes {}", parts.join("; "));
            }
            (false, true) => {
                let _ = write!(line, " removes {}", parts.join("; "));
            }
            (true, true) => line.push_str(" nothing removed"),
            (true, false) => {}
        }
        line
    }
}

/// Removals as people say them, grouped by digit ("7 from r1c5, r2c5") or by
/// cell ("2,3 from r1c5"), whichever takes fewer parts.
fn group_removals(removals: &[Cand], n: usize) -> Vec<String> {
    let mut by_digit: Vec<(Digit, Vec<Cell>)> = Vec::new();
    let mut by_cell: Vec<(Cell, Vec<Digit>)> = Vec::new();
    for r in removals {
        match by_digit.iter_mut().find(|(d, _)| *d == r.digit) {
            Some((_, cells)) => cells.push(r.cell),
            None => by_digit.push((r.digit, vec![r.cell])),
        }
        match by_cell.iter_mut().find(|(c, _)| *c == r.cell) {
            Some((_, digits)) => digits.push(r.digit),
            None => by_cell.push((r.cell, vec![r.digit])),
        }
    }
    if by_cell.len() < by_digit.len() {
        by_cell.sort();
        by_cell
            .into_iter()
            .map(|(cell, mut digits)| {
                digits.sort_unstable();
                let digits: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
                format!("{} from {}", digits.join(","), cell.name(n))
            })
            .collect()
    } else {
        by_digit.sort();
        by_digit
            .into_iter()
            .map(|(digit, mut cells)| {
                cells.sort_unstable();
                let cells: Vec<String> = cells.iter().map(|c| c.name(n)).collect();
                format!("{digit} from {}", cells.join(", "))
            })
            .collect()
    }
}
