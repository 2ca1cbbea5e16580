//! The techniques sudokit knows, by name and in order of difficulty.

mod chains;
mod colouring;
mod combinations;
mod contradiction;
mod fish;
mod forcing;
mod locked;
mod nested;
mod pairwise;
mod quiet;
mod relation_chains;
mod required;
mod rule_house;
mod singles;
mod subsets;
mod trace;
mod ways;
mod wings;

pub use chains::Chains;
pub use colouring::SimpleColouring;
pub use combinations::Combinations;
pub use contradiction::Trial;
pub use fish::Fish;
pub use forcing::Forcing;
pub use locked::LockedCandidates;
pub use nested::NestedTrial;
pub use relation_chains::RelationChains;
pub use required::RequiredDigits;
pub use rule_house::RuleAndHouse;
pub use singles::{FullHouse, HiddenSingle, NakedSingle};
pub use subsets::{HiddenSubset, NakedSubset};
pub use wings::{WWing, XyWing, XyzWing};

use crate::technique::Technique;

/// Names accepted by [`by_name`], in the order of [`standard`].
pub const NAMES: &[&str] = &[
    "full-house",
    "hidden-single",
    "naked-single",
    "combinations",
    "locked-candidates",
    "relation-chains",
    "required-digits",
    "naked-pair",
    "x-wing",
    "hidden-pair",
    "finned-x-wing",
    "naked-triple",
    "swordfish",
    "hidden-triple",
    "finned-swordfish",
    "xy-wing",
    "xyz-wing",
    "w-wing",
    "rule-and-house",
    "naked-quad",
    "jellyfish",
    "hidden-quad",
    "finned-jellyfish",
    "simple-colouring",
    "aic",
    "contradiction",
    "forcing-chains",
    "nested-trial",
];

/// The technique called `name` (see [`NAMES`]; `locked` is short for
/// `locked-candidates`, `colouring` for `simple-colouring`, `chains` for
/// `aic`, `nishio` and `trial` for `contradiction`, `nested` for
/// `nested-trial`; American spelling and
/// plurals are accepted).
///
/// ```
/// use sudokit_logic::techniques::by_name;
/// assert_eq!(by_name("naked-pairs").unwrap().name(), "naked pair");
/// assert_eq!(by_name("locked").unwrap().name(), "locked candidates");
/// assert_eq!(by_name("X-wings").unwrap().name(), "X-wing");
/// assert_eq!(by_name("finned swordfish").unwrap().name(), "finned swordfish");
/// assert_eq!(by_name("coloring").unwrap().name(), "simple colouring");
/// assert_eq!(by_name("chains").unwrap().name(), "AIC");
/// assert!(by_name("magic").is_none());
/// ```
pub fn by_name(name: &str) -> Option<Box<dyn Technique>> {
    let name = name.trim().to_ascii_lowercase().replace([' ', '_'], "-");
    let name = name
        .strip_suffix('s')
        .filter(|n| *n != "locked-candidate")
        .unwrap_or(&name);
    Some(match name {
        "full-house" => Box::new(FullHouse),
        "hidden-single" => Box::new(HiddenSingle),
        "naked-single" => Box::new(NakedSingle),
        "locked" | "locked-candidates" | "locked-candidate" => Box::new(LockedCandidates),
        "required-digits" | "required-digit" | "required" => Box::new(RequiredDigits),
        "combinations" | "combination" | "cage-combinations" => Box::new(Combinations),
        "relation-chain" | "relation-chains" => Box::new(RelationChains),
        "naked-pair" => Box::new(NakedSubset::new(2)),
        "naked-triple" => Box::new(NakedSubset::new(3)),
        "naked-quad" => Box::new(NakedSubset::new(4)),
        "hidden-pair" => Box::new(HiddenSubset::new(2)),
        "hidden-triple" => Box::new(HiddenSubset::new(3)),
        "hidden-quad" => Box::new(HiddenSubset::new(4)),
        "x-wing" => Box::new(Fish::new(2)),
        "swordfish" => Box::new(Fish::new(3)),
        "jellyfish" => Box::new(Fish::new(4)),
        "finned-x-wing" => Box::new(Fish::finned(2)),
        "finned-swordfish" => Box::new(Fish::finned(3)),
        "finned-jellyfish" => Box::new(Fish::finned(4)),
        "xy-wing" => Box::new(XyWing),
        "xyz-wing" => Box::new(XyzWing),
        "w-wing" => Box::new(WWing),
        "rule-and-house" | "rule-house" | "rule+house" | "rule-+-house" => Box::new(RuleAndHouse),
        "simple-colouring" | "simple-coloring" | "colouring" | "coloring" => Box::new(SimpleColouring),
        "aic" | "chain" | "alternating-inference-chain" => Box::new(Chains),
        "contradiction" | "nishio" | "trial" => Box::new(Trial),
        "forcing" | "forcing-chain" => Box::new(Forcing),
        "nested-trial" | "nested" | "nested-forcing-chain" => Box::new(NestedTrial),
        _ => return None,
    })
}

/// Every technique, simplest first: the logical solver's ladder.
pub fn standard() -> Vec<Box<dyn Technique>> {
    let mut all: Vec<Box<dyn Technique>> = NAMES.iter().filter_map(|n| by_name(n)).collect();
    all.sort_by(|a, b| a.difficulty().total_cmp(&b.difficulty()));
    all
}
