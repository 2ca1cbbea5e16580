//! No module of a crate imports, directly or through others, a module that
//! imports it: each crate's modules form layers (digits know nothing of
//! constraints, strategies nothing of the registry that names them).
//!
//! The graph is read from the sources: `use crate::…` and `use super::…`
//! (braces expanded), inline `crate::…` paths, items re-exported at the
//! crate root resolved to the module that defines them, and a parent module
//! depending on its children. Test modules are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module name (`engine::groups`) → its source, for one crate's `src`.
fn modules(src: &Path) -> BTreeMap<String, String> {
    let mut mods = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(src).unwrap().with_extension("");
                let name = rel.to_string_lossy().replace("/mod", "").replace('/', "::");
                let name = if name == "lib" || name == "main" {
                    "crate".to_string()
                } else {
                    name
                };
                let text = std::fs::read_to_string(&path).unwrap();
                let text = text.split("#[cfg(test)]\nmod tests").next().unwrap().to_string();
                mods.insert(name, text);
            }
        }
    }
    mods
}

/// The paths of a `use` tree, braces expanded: `a::{b, c::d}` → `a::b`, `a::c::d`.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        return vec![tree.to_string()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap()];
    let (mut parts, mut depth, mut current) = (Vec::new(), 0, String::new());
    for ch in inner.chars() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(ch);
    }
    parts.push(current);
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(p).into_iter().map(|e| format!("{prefix}{e}")))
        .collect()
}

fn graph(mods: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    // Public items by the module defining them, for paths through the root.
    let mut defined = BTreeMap::new();
    for (m, text) in mods {
        for word in ["struct ", "enum ", "trait ", "fn ", "type ", "const "] {
            for piece in text.split(&format!("pub {word}")).skip(1) {
                let item: String = piece
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                defined.entry(item).or_insert_with(|| m.clone());
            }
        }
    }
    let resolve = |segments: &[&str]| -> Option<String> {
        (1..=segments.len())
            .rev()
            .map(|k| segments[..k].join("::"))
            .find(|candidate| mods.contains_key(candidate))
            .or_else(|| segments.iter().find_map(|s| defined.get(*s).cloned()))
    };
    let mut graph = BTreeMap::new();
    for (m, text) in mods {
        let code: String = text
            .lines()
            .map(|l| l.split("//").next().unwrap())
            .collect::<Vec<_>>()
            .join("\n");
        let mut out = BTreeSet::new();
        let parent: Vec<&str> = m.split("::").collect::<Vec<_>>()[..m.matches("::").count()].to_vec();
        for statement in code.split(';') {
            let statement = statement.trim();
            let Some(rest) = statement
                .strip_prefix("use ")
                .or_else(|| statement.strip_prefix("pub use "))
            else {
                continue;
            };
            let (base, tree) = match rest.split_once("::") {
                Some((base @ ("crate" | "super"), tree)) => (base, tree),
                _ => continue,
            };
            for path in expand(tree) {
                let mut segments: Vec<&str> = if base == "super" {
                    parent.clone()
                } else {
                    Vec::new()
                };
                segments.extend(path.split("::").map(|s| s.split(" as ").next().unwrap().trim()));
                segments.retain(|s| !s.is_empty() && *s != "self");
                if let Some(target) = resolve(&segments) {
                    out.insert(target);
                }
            }
        }
        for (i, _) in code.match_indices("crate::") {
            let path: String = code[i + 7..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
            if let Some(target) = resolve(&segments) {
                out.insert(target);
            }
        }
        if m != "crate" {
            for line in code.lines() {
                let line = line.trim().trim_start_matches("pub ");
                if let Some(child) = line.strip_prefix("mod ").and_then(|c| c.strip_suffix(';')) {
                    out.insert(format!("{m}::{child}"));
                }
            }
        }
        out.retain(|t| t != m && t != "crate" && !m.starts_with(&format!("{t}::")));
        graph.insert(m.clone(), out);
    }
    graph
}

/// A cycle of the graph, if it has one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_string(), 1);
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next.as_str()) {
                Some(1) => {
                    let start = path.iter().position(|p| p == next).unwrap();
                    let mut found = path[start..].to_vec();
                    found.push(next.clone());
                    return Some(found);
                }
                Some(_) => {}
                None => {
                    if let Some(found) = visit(next, graph, state, path) {
                        return Some(found);
                    }
                }
            }
        }
        path.pop();
        state.insert(node.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if !state.contains_key(node) {
            if let Some(found) = visit(node, graph, &mut state, &mut Vec::new()) {
                return Some(found);
            }
        }
    }
    None
}

#[test]
fn no_crate_has_an_import_cycle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for krate in ["core/src", "constraints/src", "solvers/src", "logic/src", "src"] {
        let mods = modules(&root.join(krate));
        assert!(mods.len() > 3, "{krate}: read {} modules", mods.len());
        let graph = graph(&mods);
        if let Some(found) = cycle(&graph) {
            panic!("{krate}: import cycle {}", found.join(" → "));
        }
    }
}

/// The check finds a cycle where there is one.
#[test]
fn a_cycle_is_found() {
    let mods: BTreeMap<String, String> = [
        ("digits", "use crate::{cell::Cell, constraint::Constraint};"),
        ("constraint", "use crate::digits::Digits;"),
        ("cell", ""),
    ]
    .into_iter()
    .map(|(m, t)| (m.to_string(), t.to_string()))
    .collect();
    let found = cycle(&graph(&mods)).expect("digits and constraint import each other");
    assert_eq!(found.first(), found.last());
    assert_eq!(found.len(), 3);
}
