//! The README stays true: the table of rules it links to (docs/rules.md)
//! lists every registered rule with a working example, and the output it
//! quotes is what the program prints.

mod common;

use common::run_sudokit;
use sudokit::constraints::native;
use sudokit::constraints::registry::Registry;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

/// docs/rules.md, the table of every rule the README links to.
fn rules_page() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules.md")).unwrap()
}

/// The rows of the rules table: (name, f-puzzles key, example).
fn rules_table(readme: &str) -> Vec<(String, String, String)> {
    let start = readme.find("<!-- rules-table").expect("the rules table marker");
    readme[start..]
        .lines()
        .skip(3) // the marker, the header, the rule under it
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            let unquote = |s: &str| s.trim_matches('`').to_string();
            (unquote(cells[0]), unquote(cells[1]), unquote(cells[3]))
        })
        .collect()
}

#[test]
fn every_rule_has_a_row_with_an_example_that_builds() {
    assert!(
        readme().contains("(docs/rules.md)"),
        "the README links to the rules table"
    );
    let rows = rules_table(&rules_page());
    let names: Vec<&str> = rows.iter().map(|(name, _, _)| name.as_str()).collect();
    let registry = Registry::default();
    let registered: Vec<&str> = registry.kinds().map(|kind| kind.name).collect();
    assert_eq!(names, registered, "docs/rules.md follows `sudokit rules`");
    for (name, key, example) in &rows {
        let kind = registry.get(name).unwrap();
        assert_eq!(
            key.as_str(),
            kind.fpuzzles.map_or("", |f| f.key),
            "{name}: f-puzzles key"
        );
        assert_eq!(
            example, kind.example,
            "{name}: docs/rules.md shows the registry's example"
        );
        let text = format!("size = 9\nrules = [{example}]\n");
        let spec = native::read(&text).unwrap_or_else(|e| panic!("{name}: {example}: {e}"));
        assert_eq!(spec.rules.len(), 1, "{name}");
        spec.build().unwrap_or_else(|e| panic!("{name}: {example}: {e}"));
        assert!(
            example.starts_with(&format!("{{ type = \"{name}\"")),
            "{name}: the example is of another rule: {example}"
        );
    }
}

#[test]
fn the_quoted_several_solutions_output_is_what_solve_prints() {
    let readme = readme();
    let command = "$ sudokit solve --count examples/puzzles/kropki-two-solutions.toml";
    let start = readme.find(command).expect("the quoted command") + command.len() + 1;
    let quoted: Vec<&str> = readme[start..]
        .lines()
        .take_while(|l| !l.starts_with("```"))
        .collect();
    let args: Vec<&str> = command.split_whitespace().skip(2).collect();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/puzzles/kropki-two-solutions.toml"
    );
    let args: Vec<&str> = args
        .iter()
        .map(|&a| if a.ends_with(".toml") { path } else { a })
        .collect();
    let (stdout, stderr, code) = run_sudokit(&args, "");
    assert_eq!(code, 3);
    let printed: Vec<String> = stdout
        .lines()
        .chain(stderr.lines().filter(|l| !l.starts_with("Solved")))
        .map(|l| l.replace(path, "examples/puzzles/kropki-two-solutions.toml"))
        .collect();
    assert_eq!(printed, quoted);
}
