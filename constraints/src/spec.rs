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

use sudokit_core::{Constraint, Digit, Geometry, GeometryError, Grid, Puzzle, RuleError};

use crate::classic::ClassicRules;
pub use crate::rule::{fits, RuleSpec, SpecError};
use crate::rule::{BuildContext, Mark, Presence};
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
    /// The board wraps around its edges (only the native format says so):
    /// the rules about neighbourhood see across them
    /// ([`Geometry::toroidal`]).
    pub toroidal: bool,
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

impl PuzzleSpec {
    /// An empty `n`×`n` classic puzzle with the default layout.
    pub fn new(n: usize) -> PuzzleSpec {
        PuzzleSpec {
            size: n,
            layout: Layout::Default,
            classic: true,
            toroidal: false,
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
        let flat = match &self.layout {
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
        };
        Ok(if self.toroidal { flat.toroidal() } else { flat })
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
            chaos: self.rules.iter().any(|r| r.name() == "chaos-construction"),
            same_regions: Vec::new(),
        };
        for rule in &self.rules {
            if rule.name() == "same-region" {
                context.same_regions.push(rule.cells("cells").to_vec());
            }
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
