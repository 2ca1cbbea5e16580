//! Strategies as the command line names them, techniques included:
//! `propagation+locked+naked-pairs` is the propagation search running
//! locked candidates and naked pairs as accelerators.

use std::borrow::Cow;

use sudokit::core::Puzzle;
use sudokit::logic::{techniques, Accelerate, Technique};
use sudokit::solvers::{strategy_by_name, PropagationSearch, Strategy, STRATEGY_NAMES};

/// The registered strategy names, for clap: `--help` lists them and a typo
/// gets a suggestion (`did you mean 'propagation'?`).
pub(crate) fn strategy_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(STRATEGY_NAMES.iter().copied())
}

/// The strategy called `name` on the command line, or what the names are.
pub(crate) fn strategy(name: &str) -> Result<Box<dyn Strategy>, String> {
    strategy_by_name(name).ok_or_else(|| {
        format!(
            "unknown strategy '{name}' (available: {})",
            STRATEGY_NAMES.join(", ")
        )
    })
}

/// The technique called `name` on the command line, or what the names are.
pub(crate) fn technique(name: &str) -> Result<Box<dyn Technique>, String> {
    techniques::by_name(name).ok_or_else(|| {
        format!(
            "unknown technique '{name}' (available: {})",
            techniques::NAMES.join(", ")
        )
    })
}

/// A strategy picked on the command line.
#[derive(Debug)]
pub(crate) struct Pick {
    /// The name as given (`propagation+locked`), for tables.
    pub(crate) label: String,
    pub(crate) strategy: Box<dyn Strategy>,
    /// The techniques added to every puzzle, if any.
    accelerate: Option<Accelerate>,
}

impl Pick {
    /// `NAME[+TECHNIQUE…]`: a strategy, and techniques for the propagation
    /// search to run.
    pub(crate) fn parse(spec: &str) -> Result<Pick, String> {
        let mut parts = spec.split('+').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let strategy = strategy_by_name(name).ok_or_else(|| {
            format!(
                "unknown strategy '{name}' (available: {}; add techniques with +, e.g. propagation+locked)",
                STRATEGY_NAMES.join(", ")
            )
        })?;
        let chosen = parts.map(technique).collect::<Result<Vec<_>, String>>()?;
        if chosen.is_empty() {
            return Ok(Pick {
                label: spec.trim().to_string(),
                strategy,
                accelerate: None,
            });
        }
        if name != "propagation" {
            return Err(format!(
                "'{spec}': only the propagation strategy runs techniques (dlx, sat and backtracking skip them)"
            ));
        }
        Ok(Pick {
            label: spec.trim().to_string(),
            strategy: Box::new(PropagationSearch {
                techniques: true,
                ..PropagationSearch::default()
            }),
            accelerate: Some(Accelerate::new(chosen)),
        })
    }

    /// `puzzle` as this strategy solves it: with its techniques added.
    pub(crate) fn puzzle<'a>(&mut self, puzzle: &'a Puzzle) -> Cow<'a, Puzzle> {
        match &mut self.accelerate {
            Some(accelerate) => Cow::Owned(accelerate.apply(puzzle)),
            None => Cow::Borrowed(puzzle),
        }
    }
}
