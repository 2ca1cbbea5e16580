//! The page's `load`: the puzzle as sudokit reads it, in the forms the
//! page draws and exports.

use crate::constraints::spec::PuzzleSpec;
use crate::constraints::{fpuzzles, native};
use serde_json::Value;

use super::decode::Decoded;
use super::protocol::{Loaded, Reply};

/// Where f-puzzles links put the payload, and where SudokuPad's do.
const FPUZZLES_PREFIX: &str = "https://www.f-puzzles.com/?load=";
const SUDOKUPAD_PREFIX: &str = "https://sudokupad.app/fpuzzles";

/// The native names of a spec's rules, in order: the `type` of each
/// `[[rules]]` table the native writer writes (one per rule).
pub(crate) fn native_names(toml: &str) -> Vec<String> {
    toml.lines()
        .filter_map(|line| line.strip_prefix("type = \""))
        .filter_map(|rest| rest.strip_suffix('"'))
        .map(str::to_owned)
        .collect()
}

/// The spec without the rules f-puzzles cannot write, and the positions
/// of those rules; `None` when f-puzzles cannot write the rest either.
fn drawable(spec: &PuzzleSpec) -> (Option<(PuzzleSpec, String)>, Vec<usize>) {
    let mut kept = spec.clone();
    let mut positions: Vec<usize> = (0..spec.rules.len()).collect();
    let mut left_out = Vec::new();
    loop {
        match fpuzzles::to_json(&kept) {
            Ok(json) => return (Some((kept, json)), left_out),
            Err(e) => {
                let index = e
                    .path
                    .as_deref()
                    .and_then(|p| p.strip_prefix("rules["))
                    .and_then(|p| p.strip_suffix(']'))
                    .and_then(|i| i.parse::<usize>().ok())
                    .filter(|&i| i < kept.rules.len());
                let Some(index) = index else {
                    return (None, left_out);
                };
                kept.rules.remove(index);
                left_out.push(positions.remove(index));
            }
        }
    }
}

/// `load`.
pub(crate) fn load(decoded: &Decoded) -> Reply {
    let spec = &decoded.spec;
    let toml = native::write(spec);
    let rules = native_names(&toml);
    let (kept, left_out) = drawable(spec);
    let undrawn = left_out
        .iter()
        .filter_map(|&i| rules.get(i).cloned())
        .collect::<Vec<_>>();
    let (puzzle, links) = match kept {
        Some((kept, json)) => {
            let links = match (undrawn.is_empty(), fpuzzles::to_url(&kept)) {
                (true, Ok(url)) => {
                    let payload = url.strip_prefix(FPUZZLES_PREFIX).unwrap_or_default().to_owned();
                    Some((url, format!("{SUDOKUPAD_PREFIX}{payload}")))
                }
                _ => None,
            };
            (serde_json::from_str::<Value>(&json).ok(), links)
        }
        None => (None, None),
    };
    let (fpuzzles_link, sudokupad_link) = links.unzip();
    Reply::Loaded(Box::new(Loaded {
        size: spec.size,
        puzzle,
        undrawn,
        rules,
        title: spec.title.clone(),
        author: spec.author.clone(),
        ruleset: spec.ruleset.clone(),
        fpuzzles: fpuzzles_link,
        sudokupad: sudokupad_link,
        toml,
        skipped: decoded.skipped.clone(),
    }))
}

#[cfg(test)]
mod tests {
    use crate::constraints::registry::Registry;
    use crate::constraints::spec::RuleSpec;
    use crate::core::Cell;

    use super::*;

    #[test]
    fn rules_without_an_fpuzzles_form_are_left_out_and_named() {
        let registry = Registry::default();
        let rule = |name: &str| -> RuleSpec { registry.rule(name).unwrap() };
        let mut spec = PuzzleSpec::new(4);
        spec.rules.push(rule("anti-king"));
        spec.rules.push(rule("taxicab").with("value", 2));
        spec.rules
            .push(rule("thermometer").with("cells", vec![Cell(0), Cell(1)]));
        let toml = native::write(&spec);
        assert_eq!(native_names(&toml), ["anti-king", "taxicab", "thermometer"]);
        let (kept, left_out) = drawable(&spec);
        assert_eq!(left_out, [1]);
        let (kept, json) = kept.unwrap();
        assert_eq!(kept.rules.len(), 2);
        assert!(
            json.contains("antiking") && json.contains("thermometer"),
            "{json}"
        );
    }
}
