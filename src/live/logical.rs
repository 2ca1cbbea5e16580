//! The logical commands: `solvepath`, `step` and the page's `steps`, with
//! the techniques the setter left on.

use crate::core::{Cand, Cell, Digits, Model};
use crate::logic::{techniques, Ending, Explanation, LogicalSolver};

use super::decode::Decoded;
use super::protocol::{digits, GradeFrame, LogicalCell, Reply, StepFrame, Steps};

/// The userscript's technique families (`disabledlogic`) and sudokit's
/// techniques in each.
const FAMILIES: &[(&str, &[&str])] = &[
    (
        "tuples",
        &[
            "naked-pair",
            "naked-triple",
            "naked-quad",
            "hidden-pair",
            "hidden-triple",
            "hidden-quad",
        ],
    ),
    ("pointing", &["locked-candidates", "required-digits"]),
    (
        "fishes",
        &[
            "x-wing",
            "swordfish",
            "jellyfish",
            "finned-x-wing",
            "finned-swordfish",
            "finned-jellyfish",
        ],
    ),
    ("wings", &["xy-wing", "xyz-wing", "w-wing"]),
    ("aic", &["aic", "simple-colouring"]),
    (
        "contradictions",
        &[
            "contradiction",
            "forcing-chains",
            "rule-and-house",
            "nested-trial",
        ],
    ),
];

/// The logical solver without the families in `disabled` (unknown family
/// names are ignored, as SudokuSolver does).
pub(crate) fn solver(disabled: &[String]) -> LogicalSolver {
    if disabled.is_empty() {
        return LogicalSolver::standard();
    }
    let off: Vec<&str> = FAMILIES
        .iter()
        .filter(|(family, _)| disabled.iter().any(|d| d == family))
        .flat_map(|(_, names)| names.iter().copied())
        .collect();
    let on = techniques::NAMES
        .iter()
        .filter(|name| !off.contains(name))
        .filter_map(|name| techniques::by_name(name))
        .collect();
    LogicalSolver::with_techniques(on)
}

/// The cells of a `logical` answer: a digit where the cell is settled
/// (one candidate, which none of its peers still has: a given or a
/// placement), the candidates otherwise (a lone candidate whose peers
/// still hold it included, so that the setter's marks read back the same).
fn cells(model: &Model, candidates: &[Digits<u128>]) -> Vec<LogicalCell> {
    let settled = |cell: usize, digit| {
        let peers = model.peers(Cell(cell as u16));
        peers.iter().all(|p| !candidates[p.index()].contains(digit))
    };
    candidates
        .iter()
        .enumerate()
        .map(|(cell, set)| match set.single_digit() {
            Some(d) if settled(cell, d) => LogicalCell {
                value: d,
                candidates: None,
            },
            _ => LogicalCell {
                value: 0,
                candidates: Some(digits(set)),
            },
        })
        .collect()
}

/// How a path ended, as its last line.
fn ending_line(model: &Model, explanation: &Explanation) -> String {
    match &explanation.ending {
        Ending::Solved => format!("Solved! ({})", explanation.grade()),
        Ending::Stuck => "No more logical steps found.".to_string(),
        Ending::Broken(contradiction) => format!("No solution: {}.", contradiction.describe(model)),
    }
}

/// `solvepath`: logic until solved or stuck, every step on its own line.
pub(crate) fn solve_path(decoded: &Decoded) -> Reply {
    let puzzle = &decoded.puzzle;
    let model = puzzle.model();
    let explanation = solver(&decoded.options.disabled_logic).solve(puzzle);
    let mut lines: Vec<String> = explanation.steps.iter().map(|s| s.describe(model)).collect();
    lines.push(ending_line(model, &explanation));
    Reply::Logical {
        cells: cells(model, &explanation.end),
        message: lines.join("\r\n"),
        is_valid: !matches!(explanation.ending, Ending::Broken(_)),
    }
}

/// `step`: the initial candidates when the setter's grid shows other
/// marks, otherwise one step from what it shows.
pub(crate) fn step(decoded: &Decoded) -> Reply {
    let puzzle = &decoded.puzzle;
    let model = puzzle.model();
    let explanation = solver(&decoded.options.disabled_logic).max_steps(1).solve(puzzle);
    let is_valid = !matches!(explanation.ending, Ending::Broken(_));
    if let Some(shown) = &decoded.shown {
        let all = Digits::<u128>::full(puzzle.size());
        let differs = explanation
            .start
            .iter()
            .zip(shown.iter().chain(std::iter::repeat(&None)))
            .any(|(start, shown)| *start != shown.unwrap_or(all));
        if differs && is_valid {
            return Reply::Logical {
                cells: cells(model, &explanation.start),
                message: "Initial candidates.".to_string(),
                is_valid,
            };
        }
    }
    let message = match explanation.steps.first() {
        Some(step) => step.describe(model),
        None => ending_line(model, &explanation),
    };
    Reply::Logical {
        cells: cells(model, &explanation.end),
        message,
        is_valid,
    }
}

/// `[cell, digit]` pairs.
fn pairs(list: &[Cand]) -> Vec<(usize, u8)> {
    list.iter().map(|c| (c.cell.index(), c.digit)).collect()
}

/// The page's `steps`: the whole path with the candidates after each step.
pub(crate) fn steps(decoded: &Decoded) -> Reply {
    let puzzle = &decoded.puzzle;
    let model = puzzle.model();
    let explanation = solver(&decoded.options.disabled_logic).solve(puzzle);
    let grid = |state: &[Digits<u128>]| state.iter().map(digits).collect::<Vec<_>>();
    let steps = explanation
        .steps
        .iter()
        .zip(explanation.states())
        .map(|(step, state)| StepFrame {
            text: step.describe(model),
            technique: step.technique.clone(),
            difficulty: step.difficulty,
            placements: pairs(&step.step.placed),
            eliminations: pairs(&step.step.removed),
            candidates: grid(&state),
        })
        .collect();
    let grade = explanation.grade();
    Reply::Steps(Box::new(Steps {
        initial: grid(&explanation.start),
        steps,
        ending: match explanation.ending {
            Ending::Solved => "solved",
            Ending::Stuck => "stuck",
            Ending::Broken(_) => "contradiction",
        },
        grade: GradeFrame {
            score: grade.score,
            hardest: grade.hardest.clone(),
            label: grade.to_string(),
        },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_names_real_techniques() {
        for (family, names) in FAMILIES {
            for name in *names {
                assert!(techniques::NAMES.contains(name), "{family}: {name}");
            }
        }
    }

    #[test]
    fn a_disabled_family_is_never_used() {
        // Tuples off: a solver without them differs from the standard one.
        let all = format!("{:?}", solver(&[]));
        let without = format!("{:?}", solver(&["tuples".to_string()]));
        assert!(
            all.contains("NakedSubset") && !without.contains("NakedSubset"),
            "{without}"
        );
    }
}
