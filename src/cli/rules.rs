//! `sudokit rules`: every rule sudokit reads from files.

use clap::Args;
use serde_json::json;
use sudokit::constraints::registry::Registry;

use super::output;
use super::Status;
use std::io::Write;

/// Options of `sudokit rules`.
#[derive(Debug, Args)]
pub(crate) struct RulesArgs {
    /// Print the table as JSON.
    #[arg(long)]
    json: bool,
}

/// Prints the registry: native name, f-puzzles key, meaning, parameters.
pub(crate) fn run(args: &RulesArgs) -> Status {
    let mut out = output::stdout();
    let rules = Registry::default().table();
    if args.json {
        let rules: Vec<_> = rules
            .iter()
            .map(|r| json!({ "name": r.name, "fpuzzles": r.fpuzzles, "meaning": r.meaning, "parameters": r.parameters }))
            .collect();
        let _ = writeln!(out, "{}", serde_json::Value::Array(rules));
        return Status::Ok;
    }
    let name = rules.iter().map(|r| r.name.len()).max().unwrap_or(4).max(4);
    let key = rules
        .iter()
        .map(|r| r.fpuzzles.unwrap_or("-").chars().count())
        .max()
        .unwrap_or(13)
        .max(13);
    let _ = writeln!(
        out,
        "{:<name$}  {:<key$}  MEANING (PARAMETERS)",
        "NAME", "F-PUZZLES KEY"
    );
    for rule in &rules {
        let _ = writeln!(
            out,
            "{:<name$}  {:<key$}  {} ({})",
            rule.name,
            rule.fpuzzles.unwrap_or("-"),
            rule.meaning,
            rule.parameters
        );
    }
    Status::Ok
}
