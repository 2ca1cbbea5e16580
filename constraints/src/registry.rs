//! Every rule sudokit reads from files, as one list: the [`Registry`].
//!
//! Each rule family declares its kinds next to the rule itself (a
//! [`RuleKind`] in `lines.rs`, `dots.rs`, …): the native name, the
//! f-puzzles key, what it means, its typed parameters with their defaults,
//! an example, and how to build it. Everything else derives from that
//! declaration: the native reader and writer, the f-puzzles reader and
//! writer (one translator organised by key, which takes its keys from here),
//! `sudokit rules`, the rules table (docs/rules.md) and the tests that go through every
//! rule.
//!
//! A rule from another crate joins the same way: declare a `static`
//! [`RuleKind`] and read with `Registry::default().with(&MY_RULE)`; its
//! parameters are read, checked and written like the built-ins'.
//!
//! ```
//! use sudokit_constraints::registry::Registry;
//! let registry = Registry::default();
//! let thermometer = registry.get("thermometer").unwrap();
//! assert_eq!(thermometer.fpuzzles.unwrap().key, "thermometer");
//! assert!(registry.get("thermo").is_none());
//! ```

use crate::rule::RuleSpec;
pub use crate::rule::{
    BuildContext, BuildFn, CheckFn, Fpuzzles, Mark, Param, ParamType, Presence, Refusal, RuleKind, Shape,
    Value, MAX_RULE_PREDICATE_RELATIONS, MAX_RULE_RELATIONS,
};
use crate::{
    any_of, between, cages, cells, chaos, chaos_clues, chess, connected_digits, count_distinct, counting,
    diagonal, dots, equal_sums, equality_cage, full_rank, indexers, inequality, lines, lockout, look_and_say,
    lunchbox, negative_indexers, outside, outside_rooms, quadruple, regions, regular, same_values, squares,
    sum_lines, sums, value_indexing, weighted_sum,
};

/// The built-in kinds, in the order `sudokit rules` lists them and the
/// f-puzzles reader reads them: global rules, cells, pairs, regions, lines,
/// sums, outside clues, and rules beyond f-puzzles.
pub static BUILT_IN: &[&RuleKind] = &[
    &diagonal::POSITIVE,
    &diagonal::NEGATIVE,
    &chess::ANTI_KNIGHT,
    &chess::ANTI_KING,
    &regions::DISJOINT_GROUPS,
    &squares::GLOBAL_ENTROPY,
    &squares::GLOBAL_MODULAR,
    &dots::NONCONSECUTIVE,
    &dots::NEGATIVE_RATIO,
    &dots::NEGATIVE_XV,
    &dots::DIAGONAL_NONCONSECUTIVE,
    &cells::PENCIL_MARKS,
    &cells::ODD,
    &cells::EVEN,
    &cells::MINIMUM,
    &cells::MAXIMUM,
    &dots::DIFFERENCE,
    &dots::RATIO,
    &dots::XV,
    &dots::SUM,
    &sums::KILLER_CAGE,
    &regions::EXTRA_REGION,
    &regions::CLONE,
    &same_values::SAME_VALUES,
    &quadruple::QUADRUPLE,
    &look_and_say::LOOK_AND_SAY,
    &look_and_say::CONTAIN_AT_LEAST,
    &indexers::ROW_INDEXER,
    &indexers::COLUMN_INDEXER,
    &indexers::BOX_INDEXER,
    &value_indexing::VALUE_INDEXING,
    &lines::THERMOMETER,
    &lines::SLOW_THERMOMETER,
    &lines::PALINDROME,
    &lines::WHISPERS,
    &lines::NABNER,
    &sums::DOUBLE_ARROW,
    &sums::ZIPPER,
    &sums::REGION_SUM_LINE,
    &lines::RENBAN,
    &between::BETWEEN,
    &lines::ENTROPIC,
    &lines::MODULAR,
    &sums::ARROW,
    &sums::DIGITAL_ROOT_CAGE,
    &sums::LITTLE_KILLER,
    &outside::SANDWICH,
    &outside::X_SUM,
    &outside::SKYSCRAPER,
    &outside_rooms::NUMBERED_ROOM,
    &outside_rooms::HIDDEN_SKYSCRAPER,
    &full_rank::FULL_RANK,
    &full_rank::FULL_RANK_NO_TIES,
    &chess::CHESS,
    &chess::TAXICAB,
    &chess::SELF_TAXICAB,
    &chess::CUSTOM_PAIRS,
    &inequality::GREATER_THAN,
    &lockout::LOCKOUT,
    &cages::REPEATING_CAGE,
    &weighted_sum::WEIGHTED_SUM,
    &cages::MULTI_SUM_CAGE,
    &cages::RELLIK_CAGE,
    &equality_cage::EQUALITY_CAGE,
    &connected_digits::CONNECTED_DIGITS,
    &dots::KNIGHTMARE,
    &dots::NONCONSECUTIVE_PLUS,
    &sum_lines::SUM_LINE,
    &sum_lines::SUM_LOOP,
    &lunchbox::LUNCHBOX,
    &equal_sums::EQUAL_SUM,
    &negative_indexers::NEGATIVE_INDEXER,
    &counting::COUNTING_CIRCLES,
    &chaos::CHAOS_CONSTRUCTION,
    &chaos_clues::CHAOS_ARROW,
    &chaos_clues::CHAOS_COUNT,
    &chaos_clues::SAME_REGION,
    &chaos_clues::DIFFERENT_REGIONS,
    &count_distinct::COUNT_DISTINCT,
    &regular::REGEX,
    &regular::AUTOMATON,
    &any_of::ANY_OF,
];

/// The rules the formats know, by native name and f-puzzles key: the
/// built-ins, and any a caller adds.
///
/// ```
/// use sudokit_constraints::registry::Registry;
/// let names: Vec<&str> = Registry::default().kinds().map(|k| k.name).collect();
/// assert_eq!(names[0], "diagonal+");
/// assert!(names.contains(&"renban"));
/// ```
#[derive(Clone, Debug)]
pub struct Registry {
    kinds: Vec<&'static RuleKind>,
}

impl Default for Registry {
    /// The built-in rules.
    fn default() -> Registry {
        Registry {
            kinds: BUILT_IN.to_vec(),
        }
    }
}

impl Registry {
    /// The registry with `kind` added (replacing a kind of the same name),
    /// so that files can name it.
    pub fn with(mut self, kind: &'static RuleKind) -> Registry {
        match self.kinds.iter_mut().find(|k| k.name == kind.name) {
            Some(slot) => *slot = kind,
            None => self.kinds.push(kind),
        }
        self
    }

    /// Every kind, in listing order.
    pub fn kinds(&self) -> impl Iterator<Item = &'static RuleKind> + Clone + '_ {
        self.kinds.iter().copied()
    }

    /// The kind called `name` in the native format.
    pub fn get(&self, name: &str) -> Option<&'static RuleKind> {
        self.kinds().find(|k| k.name == name)
    }

    /// A rule of kind `name` with its defaults, to fill in with
    /// [`RuleSpec::with`].
    pub fn rule(&self, name: &str) -> Option<RuleSpec> {
        self.get(name).map(RuleSpec::new)
    }

    /// The table `sudokit rules` prints: the board-level rules, then every
    /// kind.
    pub fn table(&self) -> Vec<RuleInfo> {
        BOARD
            .iter()
            .copied()
            .chain(self.kinds().map(|k| RuleInfo {
                name: k.name,
                fpuzzles: k.fpuzzles.map(|f| f.key),
                meaning: k.meaning,
                parameters: k.summary,
            }))
            .collect()
    }
}

/// One line of the rules table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleInfo {
    /// The `type` in the native format (`thermometer`).
    pub name: &'static str,
    /// The f-puzzles key that carries it, when f-puzzles has one.
    pub fpuzzles: Option<&'static str>,
    /// The rule in one sentence.
    pub meaning: &'static str,
    /// What the native format takes for it.
    pub parameters: &'static str,
}

/// The rules of the board itself, top-level keys rather than rule tables.
pub const BOARD: &[RuleInfo] = &[
    RuleInfo {
        name: "classic",
        fpuzzles: Some("(always)"),
        meaning: "every row, column and region holds each digit once",
        parameters: "top-level `classic = true` (the default)",
    },
    RuleInfo {
        name: "jigsaw",
        fpuzzles: Some("grid[].region"),
        meaning: "the regions are irregular shapes of n cells",
        parameters: "top-level `regions`: one symbol per cell, a row per line",
    },
    RuleInfo {
        name: "toroidal",
        fpuzzles: None,
        meaning: "the board wraps around its edges: rules about neighbours see across them",
        parameters: "top-level `toroidal = true`",
    },
];
