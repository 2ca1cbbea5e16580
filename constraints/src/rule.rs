//! One rule as files describe it: its kind ([`RuleKind`], declared by
//! each rule family next to the rule, with its typed parameters) and the
//! values of those parameters ([`RuleSpec`]). The [`registry`](crate::registry)
//! lists the kinds; the formats read and write rules through them;
//! [`PuzzleSpec::build`](crate::spec::PuzzleSpec::build) builds them.

use std::fmt;
use std::ops::Range;

use sudokit_core::{Cell, Constraint, Digit, Geometry, GeometryError, RuleError};

use crate::clues::{Clue, ClueCell, Direction};

/// What a kind's own check says of a rule just read ([`RuleKind::check`]):
/// the rule as files hold it, or why it cannot be.
pub type CheckFn = fn(RuleSpec, usize) -> Result<RuleSpec, Refusal>;

/// Why a rule's parameters do not go together, at one parameter or at the
/// whole rule; the reader turns it into an error at that place in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The parameter at fault, if one is.
    pub param: Option<&'static str>,
    /// What is wrong, for people.
    pub message: String,
}

impl Refusal {
    /// A problem with parameter `param`.
    pub fn at(param: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            param: Some(param),
            message: message.into(),
        }
    }

    /// A problem with the rule as a whole.
    pub fn rule(message: impl Into<String>) -> Refusal {
        Refusal {
            param: None,
            message: message.into(),
        }
    }
}

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
    /// (valid on 9×9; docs/rules.md and the tests use it).
    pub example: &'static str,
    /// Checks a rule once its parameters are read (each by its declared
    /// type): what they say together, and the form files keep it in.
    pub check: Option<CheckFn>,
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
            check: None,
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
    /// The segments of one line, in order: like [`ParamType::Shafts`], but
    /// a segment may be empty (ISS's state machines read a break between
    /// two segments, so an empty one at an end is a break there); some
    /// segment has cells.
    Segments,
    /// A non-empty list of `[rows, cols]` moves.
    Moves,
    /// A list of pairs of cells.
    CellPairs,
    /// A list of pairs of digits.
    DigitPairs,
    /// A non-empty list of alternatives, each a non-empty list of rule
    /// tables (`any-of`).
    Alternatives,
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
    /// Alternatives, each a list of rules.
    Alternatives(Vec<Vec<RuleSpec>>),
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
    Vec<Vec<RuleSpec>> => |v| Value::Alternatives(v),
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
    /// Whether the puzzle has the chaos construction: its region clues may
    /// then use what the rule guarantees (regions of connected cells, each
    /// digit once), which a clue on its own does not.
    pub chaos: bool,
    /// The cell sets of the puzzle's `same-region` rules: the chaos
    /// construction weighs them as one piece each in its distances.
    pub same_regions: Vec<Vec<Cell>>,
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

/// One rule as a file describes it: its kind and the values of its
/// parameters. Cells are board cells; lines keep their order (a thermometer
/// starts at its bulb).
///
/// ```
/// use sudokit_constraints::registry::Registry;
/// use sudokit_core::Cell;
/// let dot = Registry::default().rule("difference").unwrap().with("cells", (Cell(0), Cell(1)));
/// assert_eq!(dot.number("value"), Some(1)); // the default
/// assert_eq!(dot.cells("cells"), [Cell(0), Cell(1)]);
/// ```
#[derive(Clone)]
pub struct RuleSpec {
    kind: &'static RuleKind,
    /// One slot per declared parameter, in order.
    values: Vec<Option<Value>>,
}

impl PartialEq for RuleSpec {
    fn eq(&self, other: &RuleSpec) -> bool {
        self.kind.name == other.kind.name && self.values == other.values
    }
}

impl Eq for RuleSpec {}

impl fmt::Debug for RuleSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = f.debug_struct(self.kind.name);
        for (param, value) in self.kind.params.iter().zip(&self.values) {
            if let Some(value) = value {
                out.field(param.name, value);
            }
        }
        out.finish()
    }
}

impl RuleSpec {
    /// A rule of `kind` with its defaults and nothing else.
    pub fn new(kind: &'static RuleKind) -> RuleSpec {
        let values = kind
            .params
            .iter()
            .map(|p| match p.presence {
                Presence::Number(n) => Some(Value::Number(n)),
                Presence::Text(t) => Some(Value::Text(t.to_string())),
                Presence::Required | Presence::Optional => None,
            })
            .collect();
        RuleSpec { kind, values }
    }

    /// The rule with parameter `name` set to `value`.
    ///
    /// # Panics
    ///
    /// When the kind has no such parameter: a mistake in the calling code.
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> RuleSpec {
        self.set(name, Some(value.into()));
        self
    }

    /// Sets (or with `None` clears) parameter `name`.
    ///
    /// # Panics
    ///
    /// When the kind has no such parameter: a mistake in the calling code.
    pub fn set(&mut self, name: &str, value: Option<Value>) {
        let Some((i, _)) = self.kind.param(name) else {
            panic!("a {} rule has no parameter '{name}'", self.kind.name)
        };
        self.values[i] = value;
    }

    /// Its kind.
    pub fn kind(&self) -> &'static RuleKind {
        self.kind
    }

    /// Its native name (`thermometer`).
    pub fn name(&self) -> &'static str {
        self.kind.name
    }

    /// The value of parameter `name`, if set.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.kind.param(name).and_then(|(i, _)| self.values[i].as_ref())
    }

    /// The declared parameters with their values, in order.
    pub fn values(&self) -> impl Iterator<Item = (&'static Param, Option<&Value>)> {
        self.kind
            .params
            .iter()
            .zip(self.values.iter().map(Option::as_ref))
    }

    /// The cells of parameter `name` (none when unset).
    pub fn cells(&self, name: &str) -> &[Cell] {
        match self.get(name) {
            Some(Value::Cells(cells)) => cells,
            Some(Value::Cell(cell)) => std::slice::from_ref(cell),
            _ => &[],
        }
    }

    /// The two cells of parameter `name`, when it holds two.
    pub fn pair(&self, name: &str) -> Option<(Cell, Cell)> {
        match self.cells(name) {
            &[a, b] => Some((a, b)),
            _ => None,
        }
    }

    /// The number in parameter `name`, if set.
    pub fn number(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            Some(Value::Number(n)) => Some(*n),
            _ => None,
        }
    }

    /// The numbers of parameter `name`, if set.
    pub fn numbers(&self, name: &str) -> Option<&[i64]> {
        match self.get(name) {
            Some(Value::Numbers(numbers)) => Some(numbers),
            _ => None,
        }
    }

    /// The digits of parameter `name`, if set.
    pub fn digits(&self, name: &str) -> Option<&[Digit]> {
        match self.get(name) {
            Some(Value::Digits(digits)) => Some(digits),
            _ => None,
        }
    }

    /// The moves of parameter `name` (none when unset).
    pub fn moves(&self, name: &str) -> &[(isize, isize)] {
        match self.get(name) {
            Some(Value::Moves(moves)) => moves,
            _ => &[],
        }
    }

    /// The shafts (lists of cells) of parameter `name` (none when unset).
    pub fn shafts(&self, name: &str) -> &[Vec<Cell>] {
        match self.get(name) {
            Some(Value::Shafts(shafts)) => shafts,
            _ => &[],
        }
    }

    /// The cell pairs of parameter `name` (none when unset).
    pub fn cell_pairs(&self, name: &str) -> &[(Cell, Cell)] {
        match self.get(name) {
            Some(Value::CellPairs(pairs)) => pairs,
            _ => &[],
        }
    }

    /// The digit pairs of parameter `name`, if set.
    pub fn digit_pairs(&self, name: &str) -> Option<&[(Digit, Digit)]> {
        match self.get(name) {
            Some(Value::DigitPairs(pairs)) => Some(pairs),
            _ => None,
        }
    }

    /// The outside clue of parameter `name`, if set.
    pub fn clue(&self, name: &str) -> Option<Clue> {
        match self.get(name) {
            Some(Value::Clue(clue)) => Some(*clue),
            _ => None,
        }
    }

    /// The clue cell of parameter `name`, if set.
    pub fn clue_cell(&self, name: &str) -> Option<ClueCell> {
        match self.get(name) {
            Some(Value::ClueCell(cell)) => Some(*cell),
            _ => None,
        }
    }

    /// The direction of parameter `name`, if set.
    pub fn direction(&self, name: &str) -> Option<Direction> {
        match self.get(name) {
            Some(Value::Direction(direction)) => Some(*direction),
            _ => None,
        }
    }

    /// The alternatives of parameter `name` (`any-of`): none when unset.
    pub fn alternatives(&self, name: &str) -> &[Vec<RuleSpec>] {
        match self.get(name) {
            Some(Value::Alternatives(alternatives)) => alternatives,
            _ => &[],
        }
    }

    /// The text of parameter `name`, if set.
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(Value::Text(text)) => Some(text),
            _ => None,
        }
    }
}

/// Why a spec could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The board or its regions are not valid.
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    /// A rule does not fit the board.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The givens do not fit the board.
    #[error("the givens are for a {found}×{found} board, the board is {expected}×{expected}")]
    Givens {
        /// Board size.
        expected: usize,
        /// Size of the givens.
        found: usize,
    },
    /// A rule this version of sudokit cannot solve yet.
    #[error("{0} is not supported yet")]
    NotSupported(String),
}

/// The most related pairs of cells one rule may declare. The model holds
/// each pair in a few dozen bytes (its table once per distinct table), and
/// tabulates each pair's relation (`n²` digit pairs; `≠` once for all): at
/// 128×128 a rule at this bound takes about 30 MB. Rules whose pairs grow
/// faster than their cells (chess moves, a taxicab distance) are refused
/// above it, with this number in the message (issue 27); rules relating by
/// a predicate have the lower [`MAX_RULE_PREDICATE_RELATIONS`].
pub const MAX_RULE_RELATIONS: usize = 262_144;

/// The most related pairs one rule may declare when its relation is a
/// predicate ([`Relation::custom`](sudokit_core::Relation::custom): an
/// indexer's "v points to c", a self-taxicab's "not both d", chess moves for
/// some digits): the model tabulates each such pair by calling the
/// predicate on all `n²` digit pairs, which at 128×128 takes seconds per
/// 30,000 pairs.
pub const MAX_RULE_PREDICATE_RELATIONS: usize = 32_768;

/// Whether a rule declaring `pairs` related pairs stays within `most`
/// ([`MAX_RULE_RELATIONS`] or [`MAX_RULE_PREDICATE_RELATIONS`]), in words
/// when it does not.
pub(crate) fn within_relations(pairs: usize, n: usize, most: usize) -> Result<(), String> {
    if pairs <= most {
        return Ok(());
    }
    Err(format!(
        "it relates {pairs} pairs of cells on a {n}×{n} board, more than the {most} one rule may declare"
    ))
}

/// Whether `len` cells that must all differ (a cage, an extra region) fit
/// an `n`×`n` board, in words when they do not: more than `n` cannot hold,
/// and are refused rather than searched (issue 27: an extra region of the
/// whole 128×128 board took 600 MB and a minute).
pub(crate) fn distinct_fit(len: usize, n: usize) -> Result<(), String> {
    if len <= n {
        return Ok(());
    }
    Err(format!(
        "{len} cells that must all differ need {len} different digits, and a {n}×{n} board has {n}"
    ))
}

/// A rule's own verdict on the board, as a [`SpecError::Rule`]: how a
/// kind's build refuses a rule that does not fit.
pub fn fits(rule: impl Into<String>, verdict: Result<(), String>) -> Result<(), SpecError> {
    verdict.map_err(|message| {
        SpecError::Rule(RuleError {
            rule: rule.into(),
            message,
        })
    })
}
