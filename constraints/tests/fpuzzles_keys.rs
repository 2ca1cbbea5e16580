//! Every top-level key the f-puzzles format description
//! (`shared/formats/fpuzzles.md`, beside the repository) documents, walked
//! from the description itself: each is read (into the puzzle's metadata,
//! grid or a rule whose f-puzzles column in `docs/rules.md` names it) or
//! left out with its reason listed, as the README says. The keys issue 28
//! names beyond the description (fog of war, lockout) are walked too.

use std::collections::BTreeSet;

use serde_json::{json, Value};
use sudokit_constraints::registry::Registry;
use sudokit_constraints::{fpuzzles, native};

const DESCRIPTION: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/formats/fpuzzles.md");
const RULES_TABLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/rules.md");

/// Keys issue 28 names that the description leaves out.
const ISSUE_KEYS: &[&str] = &["fogofwar", "foglight", "lockout"];

/// Keys read into the puzzle itself rather than into a rule.
const PUZZLE_KEYS: &[&str] = &["size", "grid", "title", "author", "ruleset"];

/// The backticked words of `text` outside parentheses that look like keys.
fn keys_in(text: &str) -> Vec<String> {
    let mut keys = Vec::new();
    let mut depth = 0;
    let mut parts = text.split('`');
    let mut outside = parts.next().unwrap_or("");
    while let Some(quoted) = parts.next() {
        depth += outside.matches('(').count() as i32 - outside.matches(')').count() as i32;
        let is_key = quoted.starts_with(|c: char| c.is_ascii_lowercase())
            && quoted
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-".contains(c));
        if depth == 0 && is_key {
            keys.push(quoted.to_string());
        }
        outside = parts.next().unwrap_or("");
    }
    keys
}

/// The top-level keys the description documents: the first column of the
/// key tables of §3 (top-level object) and §5 (constraints), and the keys
/// that open a paragraph in §5 and §6 (`negative`, `arrow`, the solver
/// options, the decoration).
fn documented_keys() -> BTreeSet<String> {
    let text = std::fs::read_to_string(DESCRIPTION).unwrap();
    let mut keys = BTreeSet::new();
    let mut section = 0;
    for paragraph in text.split("\n\n") {
        let paragraph = paragraph.trim();
        if let Some(number) = paragraph.strip_prefix("## ") {
            section = number.split('.').next().unwrap().parse().unwrap_or(0);
        }
        if !matches!(section, 3 | 5 | 6) {
            continue;
        }
        for line in paragraph.lines().filter(|l| l.starts_with("| `")) {
            let first_cell = line.split('|').nth(1).unwrap();
            keys.extend(keys_in(first_cell));
        }
        if section != 3 && paragraph.starts_with('`') {
            // The paragraph's text, not the list of fields after it.
            let lines: Vec<&str> = paragraph.lines().take_while(|l| !l.starts_with("- ")).collect();
            keys.extend(keys_in(&lines.join(" ")));
        }
    }
    keys
}

/// The f-puzzles column of `docs/rules.md`'s rule table.
fn rules_table_keys() -> BTreeSet<String> {
    let text = std::fs::read_to_string(RULES_TABLE).unwrap();
    text.lines()
        .filter(|l| l.starts_with("| `"))
        .filter_map(|l| l.split('|').nth(2))
        .flat_map(|cell| keys_in(cell.split(':').next().unwrap()))
        .map(|key| key.split('[').next().unwrap().to_string())
        .collect()
}

/// An empty 9×9 f-puzzles object with `key` set to `value`.
fn with_key(key: &str, value: Value) -> String {
    let row: Vec<Value> = (0..9).map(|_| json!({})).collect();
    let mut object = json!({ "size": 9, "grid": vec![row; 9] });
    object[key] = value;
    object.to_string()
}

/// What a key that carries no rule holds in a typical file.
fn sample(key: &str) -> Value {
    match key {
        "highlightConflicts" => json!(true),
        "disabledlogic" => json!(["tuples"]),
        "truecandidatesoptions" => json!(["colored"]),
        "solution" => json!((0..81).map(|i| i % 9 + 1).collect::<Vec<_>>()),
        "fogofwar" | "foglight" => json!(["R1C1"]),
        "cage" => json!([{ "cells": ["R1C1", "R1C2"], "value": "5" }]),
        _ => json!([{ "cells": ["R1C1"], "value": "a" }]),
    }
}

#[test]
fn every_documented_key_is_read_or_left_out_with_its_reason() {
    let documented = documented_keys();
    // The walk found the description's keys, not an empty list.
    for key in [
        "size",
        "solution",
        "antiknight",
        "negative",
        "arrow",
        "skyscraper",
        "disabledlogic",
        "highlightConflicts",
    ] {
        assert!(documented.contains(key), "{key} not found in {documented:?}");
    }
    let registry = Registry::default();
    let rules_table = rules_table_keys();
    let keys = documented
        .iter()
        .map(String::as_str)
        .chain(ISSUE_KEYS.iter().copied());
    let mut rule_keys = 0;
    for key in keys {
        if PUZZLE_KEYS.contains(&key) {
            continue;
        }
        let kinds: Vec<_> = registry
            .kinds()
            .filter(|kind| kind.fpuzzles.is_some_and(|f| f.json_key() == key))
            .collect();
        for kind in &kinds {
            rule_keys += 1;
            assert!(
                rules_table.contains(key),
                "{key} is not in the f-puzzles column of docs/rules.md"
            );
            // The kind's own example, written as f-puzzles, carries the key
            // and reads back as the same rule.
            let spec = native::read(&format!("size = 9\nrules = [{}]\n", kind.example)).unwrap();
            let written = fpuzzles::to_json(&spec).unwrap_or_else(|e| panic!("{key}: {e}"));
            let object: Value = serde_json::from_str(&written).unwrap();
            assert!(
                object.get(key).is_some(),
                "{}'s example written without '{key}': {written}",
                kind.name
            );
            assert_eq!(fpuzzles::read(&written).unwrap().spec, spec, "{key}");
        }
        if kinds.is_empty() || key == "cage" {
            // No rule: read past and listed, with why, for `--verbose`.
            let import = fpuzzles::read(&with_key(key, sample(key)))
                .unwrap_or_else(|e| panic!("{key} is refused: {e}"));
            assert!(import.spec.rules.is_empty(), "{key}: {:?}", import.spec.rules);
            let line = import
                .skipped
                .iter()
                .find(|line| line.starts_with(&format!("{key}: ")))
                .unwrap_or_else(|| panic!("{key} is not listed as left out: {:?}", import.skipped));
            assert!(
                line.ends_with(')') && line.contains(" ("),
                "{key}: no reason in '{line}'"
            );
        }
    }
    assert!(rule_keys >= 40, "only {rule_keys} rule keys walked");
    // The puzzle's own keys.
    let mut object: Value = serde_json::from_str(&with_key("title", json!("T"))).unwrap();
    object["author"] = json!("A");
    object["ruleset"] = json!("R");
    object["size"] = json!(4);
    object["grid"] = json!([[{ "value": 2, "given": true }, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]);
    let spec = fpuzzles::read(&object.to_string()).unwrap().spec;
    assert_eq!(
        (
            spec.size,
            spec.title.as_deref(),
            spec.author.as_deref(),
            spec.ruleset.as_deref()
        ),
        (4, Some("T"), Some("A"), Some("R"))
    );
    assert_eq!(spec.givens.get(sudokit_core::Cell(0)), Some(2));
}

#[test]
fn the_walk_reads_keys_in_tables_and_paragraphs() {
    assert_eq!(keys_in("`a` (`b`, `c`), `dE+` and `[{x}]`"), ["a", "dE+"]);
    assert_eq!(keys_in("`C` for a cell"), Vec::<String>::new());
}
