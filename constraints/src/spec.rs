//! Puzzles and rules as files describe them: plain data, built into a
//! [`Puzzle`] in one place.
//!
//! Readers (the f-puzzles importer, the native TOML format) produce a
//! [`PuzzleSpec`]; writers read one. [`PuzzleSpec::build`] turns it into a
//! puzzle, resolving what only the whole puzzle knows: which pairs carry a
//! dot (exempt from non-consecutive and the negative rules), the default
//! whisper gap of the board, the box layout.
//!
//! ```
//! use sudokit_constraints::registry::Registry;
//! use sudokit_constraints::spec::PuzzleSpec;
//! use sudokit_core::Cell;
//! let mut spec = PuzzleSpec::new(4);
//! let thermometer = Registry::default().rule("thermometer").unwrap();
//! spec.rules.push(thermometer.with("cells", vec![Cell(0), Cell(1), Cell(2), Cell(3)]));
//! let puzzle = spec.build().unwrap();
//! assert_eq!(puzzle.constraints().len(), 2); // the classic rules and the thermometer
//! ```

use std::fmt;

use sudokit_core::{Cell, Constraint, Digit, Geometry, GeometryError, Grid, Puzzle, RuleError};

use crate::classic::ClassicRules;
use crate::outside::{Clue, ClueCell, Direction};
use crate::registry::{BuildContext, Mark, Param, Presence, RuleKind, Value};
use crate::units::unordered;

/// Where a board's regions come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// The squarest boxes that tile the board (6×6: 2×3); a prime size has
    /// no boxes (each region is a row, which adds nothing).
    Default,
    /// Boxes `rows` high and `cols` wide.
    Boxes {
        /// Box height.
        rows: usize,
        /// Box width.
        cols: usize,
    },
    /// Jigsaw: the 0-based region of every cell, in reading order.
    Regions(Vec<u16>),
}

/// A whole puzzle as a file describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSpec {
    /// Board side.
    pub size: usize,
    /// Regions.
    pub layout: Layout,
    /// Every row, column and region holds each digit once (f-puzzles
    /// puzzles always have these rules).
    pub classic: bool,
    /// The givens.
    pub givens: Grid,
    /// The other rules, in file order.
    pub rules: Vec<RuleSpec>,
    /// Title, if the file names one.
    pub title: Option<String>,
    /// Author, if named.
    pub author: Option<String>,
    /// The rules as the setter wrote them, for people.
    pub ruleset: Option<String>,
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

impl PuzzleSpec {
    /// An empty `n`×`n` classic puzzle with the default layout.
    pub fn new(n: usize) -> PuzzleSpec {
        PuzzleSpec {
            size: n,
            layout: Layout::Default,
            classic: true,
            givens: Grid::empty(n),
            rules: Vec::new(),
            title: None,
            author: None,
            ruleset: None,
        }
    }

    /// The board this spec describes.
    pub fn geometry(&self) -> Result<Geometry, SpecError> {
        let n = self.size;
        Ok(match &self.layout {
            Layout::Boxes { rows, cols } => Geometry::with_boxes(n, *rows, *cols)?,
            Layout::Regions(regions) => Geometry::irregular(n, regions)?,
            Layout::Default => match Geometry::square(n) {
                Err(GeometryError::NoBoxShape(_)) => {
                    // A prime size has no boxes: each region is a row.
                    let rows: Vec<u16> = (0..n * n).map(|i| (i / n) as u16).collect();
                    Geometry::irregular(n, &rows)?
                }
                other => other?,
            },
        })
    }

    /// The puzzle: the board, the givens, the classic rules (when on), then
    /// every rule in order.
    pub fn build(&self) -> Result<Puzzle, SpecError> {
        let geometry = self.geometry()?;
        if self.givens.size() != self.size {
            return Err(SpecError::Givens {
                expected: self.size,
                found: self.givens.size(),
            });
        }
        let mut puzzle = Puzzle::new(geometry)
            .with_givens(self.givens.clone())
            .expect("sizes checked");
        if self.classic {
            puzzle.push(Box::new(ClassicRules))?;
        }
        for constraint in self.constraints()? {
            puzzle.push(constraint)?;
        }
        Ok(puzzle)
    }

    /// The pairs carrying a white or black dot, those carrying a sum (X,
    /// V), and the ratios of the black dots: the context of the negative
    /// rules.
    fn context<'g>(&self, geometry: &'g Geometry) -> BuildContext<'g> {
        let mut context = BuildContext {
            geometry,
            classic: self.classic,
            dotted: Vec::new(),
            summed: Vec::new(),
            ratios: Vec::new(),
        };
        for rule in &self.rules {
            let Some(pair) = rule.pair("cells") else { continue };
            match rule.kind().mark {
                Mark::None => {}
                Mark::Dot => context.dotted.push(unordered(pair)),
                Mark::Ratio => {
                    context.dotted.push(unordered(pair));
                    context.ratios.extend(rule.number("value").map(|v| v as Digit));
                }
                Mark::Sum => context.summed.push(unordered(pair)),
            }
        }
        context.ratios.sort_unstable();
        context.ratios.dedup();
        if context.ratios.is_empty() {
            context.ratios.push(2);
        }
        context
    }

    /// The constraints of the rules (the classic rules not included).
    pub fn constraints(&self) -> Result<Vec<Box<dyn Constraint>>, SpecError> {
        let geometry = self.geometry()?;
        let context = self.context(&geometry);
        self.rules
            .iter()
            .map(|rule| {
                // Files always give the required parameters; code may not.
                if let Some((param, _)) = rule
                    .values()
                    .find(|(p, v)| p.presence == Presence::Required && v.is_none())
                {
                    return Err(SpecError::Rule(RuleError {
                        rule: rule.name().to_string(),
                        message: format!("the {} needs '{}'", rule.name(), param.name),
                    }));
                }
                (rule.kind().build)(rule, &context)
            })
            .collect()
    }
}
