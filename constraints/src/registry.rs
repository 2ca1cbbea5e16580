//! Every rule sudokit reads from files, as one list: the [`Registry`].
//!
//! Each rule family declares its kinds next to the rule itself (a
//! [`RuleKind`] in `lines.rs`, `dots.rs`, …): the native name, the
//! f-puzzles key, what it means, its typed parameters with their defaults,
//! an example, and how to build it. Everything else derives from that
//! declaration: the native reader and writer, the f-puzzles reader and
//! writer (one translator organised by key, which takes its keys from here),
//! `sudokit rules`, the README's table and the tests that go through every
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

use std::fmt;
use std::ops::Range;

use sudokit_core::{Cell, Constraint, Digit, Geometry};

use crate::native::{NativeError, RuleFields};
use crate::outside::{Clue, ClueCell, Direction};
use crate::spec::{RuleSpec, SpecError};
use crate::{cells, chess, diagonal, dots, indexers, lines, outside, quadruple, regions, sums};

/// How a kind reads its `[[rules]]` table ([`RuleKind::read`]).
pub type ReadFn = fn(&RuleFields<'_>) -> Result<RuleSpec, NativeError>;

/// How a kind builds its constraint ([`RuleKind::build`]).
pub type BuildFn = fn(&RuleSpec, &BuildContext<'_>) -> Result<Box<dyn Constraint>, SpecError>;

/// One kind of rule, as files name it, with what the formats need to read,
/// write and build it. Declared as a `static` next to the rule.
pub struct RuleKind {
    /// The `type` in the native format (`thermometer`).
    pub name: &'static str,
    /// Where f-puzzles keeps it, when it has a place there.
    pub fpuzzles: Option<Fpuzzles>,
    /// The rule in one sentence.
    pub meaning: &'static str,
    /// Its parameters in a few words, for `sudokit rules`.
    pub summary: &'static str,
    /// Its parameters, in the order they are written.
    pub params: &'static [Param],
    /// A native rule table, inline: `{ type = "thermometer", cells = "r1c1 r2c2" }`
    /// (valid on 9×9; the README's table and the tests use it).
    pub example: &'static str,
    /// Reads a `[[rules]]` table when the declared parameters alone are not
    /// enough (checks between parameters); `None` reads each parameter in
    /// turn ([`RuleFields::read_all`]).
    pub read: Option<ReadFn>,
    /// The rule's constraint, with what only the whole puzzle knows.
    pub build: BuildFn,
    /// The mark it puts between two cells, which the negative rules exempt.
    pub mark: Mark,
}

impl fmt::Debug for RuleKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl RuleKind {
    /// A kind without parameters, f-puzzles key or mark, to complete with
    /// struct update syntax: `RuleKind { meaning: "…", ..RuleKind::new("x", build) }`.
    pub const fn new(name: &'static str, build: BuildFn) -> RuleKind {
        RuleKind {
            name,
            fpuzzles: None,
            meaning: "",
            summary: "none",
            params: &[],
            example: "",
            read: None,
            build,
            mark: Mark::None,
        }
    }

    /// A kind whose one parameter is `cells` (a list of distinct cells),
    /// to complete like [`RuleKind::new`].
    pub const fn on_cells(name: &'static str, build: BuildFn) -> RuleKind {
        RuleKind {
            summary: "cells",
            params: &[Param::CELLS],
            ..RuleKind::new(name, build)
        }
    }

    /// The declared parameter `name`, with its position.
    pub fn param(&self, name: &str) -> Option<(usize, &'static Param)> {
        self.params.iter().enumerate().find(|(_, p)| p.name == name)
    }
}

/// One parameter of a rule: its key in the native format, its type and
/// whether it may be left out.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// The key (`cells`).
    pub name: &'static str,
    /// What it holds.
    pub ty: ParamType,
    /// Required, optional, or a default.
    pub presence: Presence,
    /// How it looks, for "needs …" messages: `cells = ["r1c1", "r1c2"]`.
    pub example: &'static str,
}

impl Param {
    /// A required parameter.
    pub const fn required(name: &'static str, ty: ParamType, example: &'static str) -> Param {
        Param {
            name,
            ty,
            presence: Presence::Required,
            example,
        }
    }

    /// An optional parameter.
    pub const fn optional(name: &'static str, ty: ParamType, example: &'static str) -> Param {
        Param {
            presence: Presence::Optional,
            ..Param::required(name, ty, example)
        }
    }

    /// A parameter with a default.
    pub const fn with_default(name: &'static str, ty: ParamType, default: Presence) -> Param {
        Param {
            presence: default,
            ..Param::required(name, ty, "")
        }
    }

    /// The usual `cells`: a list of distinct cells.
    pub const CELLS: Param = Param::required("cells", ParamType::Cells, "cells = [\"r1c1\", \"r1c2\"]");
}

/// Whether a parameter must be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// It must be given.
    Required,
    /// It may be left out (the rule has no value then).
    Optional,
    /// A number that defaults to this; left out when written.
    Number(i64),
    /// A text that defaults to this; always written (names are for people).
    Text(&'static str),
}

/// What a parameter holds, which says how it is read and written.
#[derive(Clone, Copy, Debug)]
pub enum ParamType {
    /// A non-empty list of distinct cells (a line keeps its order).
    Cells,
    /// Exactly two different cells.
    TwoCells,
    /// One cell.
    Cell,
    /// A digit of the board.
    Digit,
    /// A non-empty list of digits.
    Digits,
    /// An integer in the range the function gives for the board side,
    /// called `what` in messages.
    Integer {
        /// What the number is (`sum`).
        what: &'static str,
        /// The allowed values on an `n`×`n` board.
        range: fn(usize) -> Range<i64>,
    },
    /// A non-empty list of integers, each in the range the function gives
    /// for the board side, called `what` in messages.
    Integers {
        /// What each number is (`sum`).
        what: &'static str,
        /// The allowed values on an `n`×`n` board.
        range: fn(usize) -> Range<i64>,
    },
    /// Free text.
    Text,
    /// An X or V mark: `"X"` (10), `"V"` (5), or the number.
    SumMark,
    /// A clue beside a row or column (`"left of r3"`).
    OutsideClue,
    /// A cell on or around the board (`"r0c4"`).
    ClueCell,
    /// A diagonal direction (`"DL"`).
    Direction,
    /// A non-empty list of lists of distinct cells (arrow shafts).
    Shafts,
    /// A non-empty list of `[rows, cols]` moves.
    Moves,
    /// A list of pairs of cells.
    CellPairs,
    /// A list of pairs of digits.
    DigitPairs,
}

/// A parameter's value, as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// Cells, in order (also two cells).
    Cells(Vec<Cell>),
    /// One cell.
    Cell(Cell),
    /// A number (digits, sums, X and V).
    Number(i64),
    /// Numbers, in order.
    Numbers(Vec<i64>),
    /// Digits, in order.
    Digits(Vec<Digit>),
    /// Text.
    Text(String),
    /// A clue beside a row or column.
    Clue(Clue),
    /// A cell on or around the board.
    ClueCell(ClueCell),
    /// A diagonal direction.
    Direction(Direction),
    /// Lists of cells.
    Shafts(Vec<Vec<Cell>>),
    /// Row and column offsets.
    Moves(Vec<(isize, isize)>),
    /// Pairs of cells.
    CellPairs(Vec<(Cell, Cell)>),
    /// Pairs of digits.
    DigitPairs(Vec<(Digit, Digit)>),
}

macro_rules! value_from {
    ($($t:ty => |$v:ident| $e:expr),* $(,)?) => {
        $(impl From<$t> for Value {
            fn from($v: $t) -> Value {
                $e
            }
        })*
    };
}

value_from! {
    Vec<Cell> => |v| Value::Cells(v),
    (Cell, Cell) => |v| Value::Cells(vec![v.0, v.1]),
    Cell => |v| Value::Cell(v),
    i64 => |v| Value::Number(v),
    i32 => |v| Value::Number(v.into()),
    u32 => |v| Value::Number(v.into()),
    u16 => |v| Value::Number(v.into()),
    u8 => |v| Value::Number(v.into()),
    usize => |v| Value::Number(v as i64),
    Vec<Digit> => |v| Value::Digits(v),
    &str => |v| Value::Text(v.to_string()),
    String => |v| Value::Text(v),
    Clue => |v| Value::Clue(v),
    ClueCell => |v| Value::ClueCell(v),
    Direction => |v| Value::Direction(v),
    Vec<Vec<Cell>> => |v| Value::Shafts(v),
    Vec<(isize, isize)> => |v| Value::Moves(v),
    Vec<(Cell, Cell)> => |v| Value::CellPairs(v),
    Vec<(Digit, Digit)> => |v| Value::DigitPairs(v),
}

/// The mark a rule puts between two cells, which the negative rules
/// (non-consecutive, negative black dots, negative XV) exempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// No mark.
    None,
    /// A white dot (its `cells`).
    Dot,
    /// A black dot (its `cells`; its `value` is a ratio of the puzzle).
    Ratio,
    /// An X, a V or a sum (its `cells`).
    Sum,
}

/// Where a rule sits in an f-puzzles puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fpuzzles {
    /// The key as people name it: the JSON key (`thermometer`), or where
    /// in it (`negative: ratio`, `cage: DR<k>`, `grid[].givenPencilMarks`).
    pub key: &'static str,
    /// How its entries look.
    pub shape: Shape,
}

impl Fpuzzles {
    /// The place `key` of `shape`, for a kind's declaration.
    pub const fn at(key: &'static str, shape: Shape) -> Option<Fpuzzles> {
        Some(Fpuzzles { key, shape })
    }

    /// The JSON key itself: `negative` for `negative: ratio`, `grid` for
    /// `grid[].givenPencilMarks`.
    pub fn json_key(&self) -> &'static str {
        self.key.split([':', '[']).next().unwrap_or(self.key)
    }
}

/// How a rule's f-puzzles entries look. The common shapes are read and
/// written from this alone; the others by the translator, by key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `"antiknight": true`.
    Flag,
    /// A word in the `negative` list (`"ratio"`).
    Negative(&'static str),
    /// `[{"cell": "R1C1"}, …]`: all of them one rule.
    Markers,
    /// `[{"cells": […]}, …]`: one rule per entry.
    CellLists,
    /// `[{"lines": [[…], …]}, …]`: one rule per line.
    Lines,
    /// Its own shape, read and written by the translator.
    Own,
}

/// What a rule's build knows of the whole puzzle.
#[derive(Debug)]
pub struct BuildContext<'a> {
    /// The board.
    pub geometry: &'a Geometry,
    /// Whether the classic rules are on.
    pub classic: bool,
    /// The pairs with a white or black dot, each as (smaller, larger).
    pub dotted: Vec<(Cell, Cell)>,
    /// The pairs with an X, a V or a sum, each as (smaller, larger).
    pub summed: Vec<(Cell, Cell)>,
    /// The ratios of the black dots, sorted (2 alone when there are none).
    pub ratios: Vec<Digit>,
}

impl BuildContext<'_> {
    /// The board side.
    pub fn size(&self) -> usize {
        self.geometry.size()
    }

    /// The whisper gap of the board when a line names none: half the side,
    /// rounded up.
    pub fn whisper_gap(&self) -> Digit {
        self.size().div_ceil(2) as Digit
    }
}

/// The built-in kinds, in the order `sudokit rules` lists them and the
/// f-puzzles reader reads them: global rules, cells, pairs, regions, lines,
/// sums, outside clues, and rules beyond f-puzzles.
pub static BUILT_IN: &[&RuleKind] = &[
    &diagonal::POSITIVE,
    &diagonal::NEGATIVE,
    &chess::ANTI_KNIGHT,
    &chess::ANTI_KING,
    &regions::DISJOINT_GROUPS,
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
    &quadruple::QUADRUPLE,
    &indexers::ROW_INDEXER,
    &indexers::COLUMN_INDEXER,
    &indexers::BOX_INDEXER,
    &lines::THERMOMETER,
    &lines::SLOW_THERMOMETER,
    &lines::PALINDROME,
    &lines::WHISPERS,
    &lines::NABNER,
    &sums::DOUBLE_ARROW,
    &sums::ZIPPER,
    &sums::REGION_SUM_LINE,
    &lines::RENBAN,
    &crate::between::BETWEEN,
    &lines::ENTROPIC,
    &lines::MODULAR,
    &sums::ARROW,
    &sums::DIGITAL_ROOT_CAGE,
    &sums::LITTLE_KILLER,
    &outside::SANDWICH,
    &outside::X_SUM,
    &outside::SKYSCRAPER,
    &chess::CHESS,
    &chess::TAXICAB,
    &chess::SELF_TAXICAB,
    &chess::CUSTOM_PAIRS,
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
];
