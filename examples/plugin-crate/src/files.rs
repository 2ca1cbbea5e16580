//! Knightmare in puzzle files: `type = "knightmare"`, with `sums`
//! optional (5 and 15 by default).
//!
//! ```toml
//! [[rules]]
//! type = "knightmare"
//! sums = [5, 15]
//! ```
//!
//! The rule needs only sudokit-core; this module needs sudokit-constraints
//! too, because the file formats and their registry of rules live there. A
//! program that reads such files adds the kind to its registry
//! (`Registry::default().with(&KNIGHTMARE)`) and reads with it
//! (`native::read_with`, or `sudokit::read_puzzles_with`): the parameters
//! are then checked, reported on and written like a built-in rule's.

use sudokit_constraints::registry::{Param, ParamType, RuleKind};

use crate::Knightmare;

/// The knightmare rule as puzzle files name it.
pub static KNIGHTMARE: RuleKind = RuleKind {
    meaning: "cells a chess knight's move apart do not add up to any of the sums (5 and 15 by default)",
    summary: "sums (optional)",
    params: &[Param::optional(
        "sums",
        ParamType::Integers {
            what: "sum",
            range: |n| 3..2 * n as i64,
        },
        "sums = [5, 15]",
    )],
    example: r#"{ type = "knightmare", sums = [5, 15] }"#,
    ..RuleKind::new("knightmare", |rule, _| {
        Ok(Box::new(match rule.numbers("sums") {
            Some(sums) => Knightmare::with_sums(sums.iter().map(|&s| s as u16)),
            None => Knightmare::default(),
        }))
    })
};
