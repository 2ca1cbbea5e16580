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
//! use sudokit_constraints::spec::{Layout, PuzzleSpec, RuleSpec};
//! use sudokit_core::{Cell, Grid};
//! let mut spec = PuzzleSpec::new(4);
//! spec.rules.push(RuleSpec::Thermometer(vec![Cell(0), Cell(1), Cell(2), Cell(3)]));
//! let puzzle = spec.build().unwrap();
//! assert_eq!(puzzle.constraints().len(), 2); // the classic rules and the thermometer
//! ```

use sudokit_core::{Cell, Constraint, Digit, Geometry, GeometryError, Grid, Puzzle, Rule, RuleError};

use crate::between::BetweenLine;
use crate::cells::{Extreme, ExtremeCells, Parity, ParityCells, PencilMarks};
use crate::chess::{AntiKing, AntiKnight, ChessMoves, CustomPairs, Taxicab};
use crate::classic::ClassicRules;
use crate::diagonal::Diagonal;
use crate::dots::{Adjacency, Dot, DotKind, Forbidden, Negative, SumPair};
use crate::indexers::{Indexer, IndexerKind};
use crate::lines::{Line, LineKind, Renban};
use crate::outside::{Clue, ClueCell, Direction, Sandwich, Skyscraper, XSum};
use crate::quadruple::Quadruple;
use crate::regions::{Cage, Clones, DisjointGroups};
use crate::sums::{Arrow, DigitalRootCage, DoubleArrow, KillerCage, LittleKiller, RegionSumLine, ZipperLine};
use crate::units::unordered;

/// Cell pairs, each as (smaller cell, larger cell).
type Pairs = Vec<(Cell, Cell)>;

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

/// One rule as a file describes it. Cells are board cells; lines keep their
/// order (a thermometer starts at its bulb).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleSpec {
    /// `diagonal+`: the diagonal from bottom-left to top-right.
    DiagonalPositive,
    /// `diagonal-`: the diagonal from top-left to bottom-right.
    DiagonalNegative,
    /// `antiknight`.
    AntiKnight,
    /// `antiking`.
    AntiKing,
    /// `disjointgroups`.
    DisjointGroups,
    /// `nonconsecutive`: orthogonal neighbours are not consecutive, except
    /// across a white or black dot.
    NonConsecutive,
    /// Negative black dots: unmarked orthogonal pairs are not in any ratio a
    /// black dot of the puzzle uses (1:2 when none does).
    NegativeRatio,
    /// Negative XV: unmarked orthogonal pairs do not add up to 5 or 10.
    NegativeXv,
    /// Diagonal neighbours are not consecutive.
    DiagonalNonConsecutive,
    /// The cells hold odd digits.
    Odd(Vec<Cell>),
    /// The cells hold even digits.
    Even(Vec<Cell>),
    /// Each cell is smaller than its unmarked orthogonal neighbours.
    Minimum(Vec<Cell>),
    /// Each cell is larger than its unmarked orthogonal neighbours.
    Maximum(Vec<Cell>),
    /// The cell holds one of the digits.
    PencilMarks {
        /// The cell.
        cell: Cell,
        /// Its allowed digits.
        digits: Vec<Digit>,
    },
    /// A white dot: the digits differ by `value`.
    Difference {
        /// The two cells.
        cells: (Cell, Cell),
        /// The difference (1 on a plain white dot).
        value: Digit,
    },
    /// A black dot: one digit is `value` times the other.
    Ratio {
        /// The two cells.
        cells: (Cell, Cell),
        /// The ratio (2 on a plain black dot).
        value: Digit,
    },
    /// An X (10), a V (5) or any sum between two cells.
    Sum {
        /// The two cells.
        cells: (Cell, Cell),
        /// The sum.
        value: u16,
    },
    /// A killer cage: distinct digits, with a sum when `sum` is given.
    KillerCage {
        /// The cells.
        cells: Vec<Cell>,
        /// The sum, if the cage shows one.
        sum: Option<u32>,
    },
    /// An extra region: distinct digits.
    ExtraRegion(Vec<Cell>),
    /// `cells[i]` and `clones[i]` hold the same digit.
    Clone {
        /// The original cells.
        cells: Vec<Cell>,
        /// Their clones, in the same order.
        clones: Vec<Cell>,
    },
    /// Strictly increasing from the bulb (first cell).
    Thermometer(Vec<Cell>),
    /// Never decreasing from the bulb.
    SlowThermometer(Vec<Cell>),
    /// The same from both ends.
    Palindrome(Vec<Cell>),
    /// Neighbours on the line differ by at least `gap` (default ⌈n/2⌉).
    Whispers {
        /// The line.
        cells: Vec<Cell>,
        /// The smallest difference, if not the board's default.
        gap: Option<Digit>,
    },
    /// No two digits on the line equal or consecutive.
    Nabner(Vec<Cell>),
    /// A set of distinct consecutive digits in any order.
    Renban(Vec<Cell>),
    /// Every inner cell strictly between the two end cells (the circles).
    BetweenLine(Vec<Cell>),
    /// Any three consecutive cells hold a low, a middle and a high digit.
    EntropicLine(Vec<Cell>),
    /// Any three consecutive cells hold three different residues mod 3.
    ModularLine(Vec<Cell>),
    /// Every listed digit appears in the cells (as often as it is listed).
    Quadruple {
        /// The cells around the circle.
        cells: Vec<Cell>,
        /// The listed digits, repeats meaning "that many times".
        digits: Vec<Digit>,
    },
    /// `(r, c) = v` ⇒ `(v, c) = r` for each listed cell.
    RowIndexer(Vec<Cell>),
    /// `(r, c) = v` ⇒ `(r, v) = c` for each listed cell.
    ColumnIndexer(Vec<Cell>),
    /// The cell at position `i` of its region holds `v` ⇒ the cell at
    /// position `v` holds `i`, for each listed cell.
    BoxIndexer(Vec<Cell>),
    /// Cells some chess-like moves apart differ (for some digits only when
    /// `digits` is given).
    Chess {
        /// The rule's name (`anti-camel`).
        name: String,
        /// Row and column offsets; each stands for its reflections.
        moves: Vec<(isize, isize)>,
        /// The digits that may not repeat, if not all.
        digits: Option<Vec<Digit>>,
    },
    /// The digits along each shaft add up to the circle (a pill of several
    /// cells reads as a number, first cell first).
    Arrow {
        /// The circle, or the cells of the pill in reading order.
        circle: Vec<Cell>,
        /// The shafts, each in order from the circle.
        shafts: Vec<Vec<Cell>>,
    },
    /// The two ends add up to the digits between them.
    DoubleArrow(Vec<Cell>),
    /// Cells the same distance from the middle add up to the same total
    /// (the middle cell on an odd line).
    ZipperLine(Vec<Cell>),
    /// Every stretch of the line inside one region has the same sum.
    RegionSumLine(Vec<Cell>),
    /// A cage whose digits differ and whose sum has digital root `root`.
    DigitalRootCage {
        /// The cells.
        cells: Vec<Cell>,
        /// The digital root, 1 to 9.
        root: u32,
    },
    /// Cells `distance` apart (taxicab) differ.
    Taxicab(usize),
    /// A digit `d` does not repeat at taxicab distance `d`.
    SelfTaxicab,
    /// A sandwich clue: in the clue's row or column, the digits between the
    /// 1 and the `n` sum to `sum`.
    Sandwich {
        /// Where the clue is.
        clue: Clue,
        /// The sum (0 when the 1 and the `n` are neighbours).
        sum: u32,
    },
    /// An X-sum clue: the first X digits from the clue, X being the first,
    /// sum to `sum`.
    XSum {
        /// Where the clue is.
        clue: Clue,
        /// The sum.
        sum: u32,
    },
    /// A skyscraper clue: seen from the clue, `visible` buildings.
    Skyscraper {
        /// Where the clue is.
        clue: Clue,
        /// How many buildings are seen.
        visible: usize,
    },
    /// A little killer clue: the diagonal from `clue` in `direction` sums
    /// to `sum` (digits may repeat). [`ClueCell::diagonal`] gives its
    /// cells.
    LittleKiller {
        /// Where the clue is: outside the grid (the diagonal starts one
        /// step away) or on its first cell.
        clue: ClueCell,
        /// Where the diagonal goes.
        direction: Direction,
        /// The sum.
        sum: u32,
    },
    /// A setter's own pair rule.
    CustomPairs {
        /// The rule's name.
        name: String,
        /// The cell pairs it applies to.
        cells: Vec<(Cell, Cell)>,
        /// The digit pairs listed.
        digits: Vec<(Digit, Digit)>,
        /// Whether the listed digit pairs are the allowed ones (or the
        /// forbidden ones).
        allowed: bool,
    },
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

/// A rule's own verdict on the board, as a [`SpecError::Rule`].
fn fits(rule: std::borrow::Cow<'_, str>, verdict: Result<(), String>) -> Result<(), SpecError> {
    verdict.map_err(|message| {
        SpecError::Rule(RuleError {
            rule: rule.into_owned(),
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

    /// The pairs carrying a white or black dot, and those carrying a sum
    /// (X, V): the exemptions of the negative rules.
    fn marked_pairs(&self) -> (Pairs, Pairs) {
        let mut dots = Vec::new();
        let mut sums = Vec::new();
        for rule in &self.rules {
            match rule {
                RuleSpec::Difference { cells, .. } | RuleSpec::Ratio { cells, .. } => {
                    dots.push(unordered(*cells))
                }
                RuleSpec::Sum { cells, .. } => sums.push(unordered(*cells)),
                _ => {}
            }
        }
        (dots, sums)
    }

    /// The constraints of the rules (the classic rules not included).
    pub fn constraints(&self) -> Result<Vec<Box<dyn Constraint>>, SpecError> {
        let n = self.size;
        let (dotted, summed) = self.marked_pairs();
        let mut ratios: Vec<Digit> = self
            .rules
            .iter()
            .filter_map(|r| match r {
                RuleSpec::Ratio { value, .. } => Some(*value),
                _ => None,
            })
            .collect();
        ratios.sort_unstable();
        ratios.dedup();
        if ratios.is_empty() {
            ratios.push(2);
        }
        let geometry = self.geometry()?;
        let fitting = |name: &str, fits: Result<(), String>| {
            fits.map_err(|message| {
                SpecError::Rule(RuleError {
                    rule: name.to_string(),
                    message,
                })
            })
        };
        let line = |kind: LineKind, cells: &[Cell]| -> Result<Box<dyn Constraint>, SpecError> {
            let line = Line::new(kind, cells.iter().copied());
            fitting(&line.name(), line.fits(n))?;
            Ok(Box::new(line))
        };
        let mut out: Vec<Box<dyn Constraint>> = Vec::with_capacity(self.rules.len());
        for rule in &self.rules {
            out.push(match rule {
                RuleSpec::DiagonalPositive => Box::new(Diagonal::Positive),
                RuleSpec::DiagonalNegative => Box::new(Diagonal::Negative),
                RuleSpec::AntiKnight => Box::new(AntiKnight),
                RuleSpec::AntiKing => Box::new(AntiKing),
                RuleSpec::DisjointGroups => Box::new(DisjointGroups),
                RuleSpec::NonConsecutive => Box::new(
                    Negative::new("nonconsecutive", Forbidden::Consecutive, Adjacency::Orthogonal)
                        .except(dotted.iter().copied()),
                ),
                RuleSpec::NegativeRatio => Box::new(
                    Negative::new(
                        "negative black dots",
                        Forbidden::Ratios(ratios.clone()),
                        Adjacency::Orthogonal,
                    )
                    .except(dotted.iter().copied()),
                ),
                RuleSpec::NegativeXv => Box::new(
                    Negative::new("negative XV", Forbidden::Sums(vec![5, 10]), Adjacency::Orthogonal)
                        .except(summed.iter().copied()),
                ),
                RuleSpec::DiagonalNonConsecutive => Box::new(Negative::new(
                    "diagonal nonconsecutive",
                    Forbidden::Consecutive,
                    Adjacency::Diagonal,
                )),
                RuleSpec::Odd(cells) => Box::new(ParityCells::new(Parity::Odd, cells.iter().copied())),
                RuleSpec::Even(cells) => Box::new(ParityCells::new(Parity::Even, cells.iter().copied())),
                RuleSpec::Minimum(cells) => {
                    Box::new(ExtremeCells::new(Extreme::Minimum, cells.iter().copied()))
                }
                RuleSpec::Maximum(cells) => {
                    Box::new(ExtremeCells::new(Extreme::Maximum, cells.iter().copied()))
                }
                RuleSpec::PencilMarks { cell, digits } => {
                    Box::new(PencilMarks::new(*cell, digits.iter().copied()))
                }
                RuleSpec::Difference { cells, value } => {
                    Box::new(Dot::new(DotKind::Difference(*value), cells.0, cells.1))
                }
                RuleSpec::Ratio { cells, value } => {
                    Box::new(Dot::new(DotKind::Ratio(*value), cells.0, cells.1))
                }
                RuleSpec::Sum { cells, value } => Box::new(SumPair::new(*value, cells.0, cells.1)),
                RuleSpec::KillerCage { cells, sum: None } => Box::new(Cage::killer(cells.iter().copied())),
                RuleSpec::KillerCage {
                    cells,
                    sum: Some(sum),
                } => Box::new(KillerCage::new(cells.iter().copied(), *sum)),
                RuleSpec::Arrow { circle, shafts } => {
                    if circle.len() > 1 && n > 9 {
                        return Err(SpecError::NotSupported(format!(
                            "a pill arrow of {} cells on a {n}×{n} board (a pill reads as a decimal number, \
                             so its digits must be below 10)",
                            circle.len()
                        )));
                    }
                    Box::new(Arrow::new(circle.iter().copied(), shafts.iter().cloned()))
                }
                RuleSpec::DoubleArrow(cells) => Box::new(DoubleArrow::new(cells.iter().copied())),
                RuleSpec::ZipperLine(cells) => Box::new(ZipperLine::new(cells.iter().copied())),
                RuleSpec::RegionSumLine(cells) => Box::new(RegionSumLine::new(cells.iter().copied())),
                RuleSpec::DigitalRootCage { cells, root } => {
                    fits(
                        format!("digital root cage {root}").into(),
                        if (1..=9).contains(root) {
                            Ok(())
                        } else {
                            Err(format!("a digital root is 1 to 9, not {root}"))
                        },
                    )?;
                    Box::new(DigitalRootCage::new(cells.iter().copied(), *root))
                }
                RuleSpec::ExtraRegion(cells) => Box::new(Cage::extra_region(cells.iter().copied())),
                RuleSpec::Clone { cells, clones } => {
                    Box::new(Clones::new(cells.iter().copied(), clones.iter().copied()))
                }
                RuleSpec::Thermometer(cells) => {
                    Box::new(Line::new(LineKind::Thermometer, cells.iter().copied()))
                }
                RuleSpec::SlowThermometer(cells) => {
                    Box::new(Line::new(LineKind::SlowThermometer, cells.iter().copied()))
                }
                RuleSpec::Palindrome(cells) => {
                    Box::new(Line::new(LineKind::Palindrome, cells.iter().copied()))
                }
                RuleSpec::Whispers { cells, gap } => {
                    let gap = gap.unwrap_or(n.div_ceil(2) as Digit);
                    Box::new(Line::new(LineKind::Whispers { gap }, cells.iter().copied()))
                }
                RuleSpec::Nabner(cells) => Box::new(Line::new(LineKind::Nabner, cells.iter().copied())),
                RuleSpec::Renban(cells) => {
                    line(LineKind::Renban, cells)?; // refuses a line longer than the board
                    Box::new(Renban::new(cells.iter().copied()))
                }
                RuleSpec::EntropicLine(cells) => line(LineKind::Entropic, cells)?,
                RuleSpec::ModularLine(cells) => line(LineKind::Modular, cells)?,
                RuleSpec::BetweenLine(cells) => {
                    let line = BetweenLine::new(cells.iter().copied());
                    // Inner cells in one unit differ under the classic rules.
                    Box::new(if self.classic {
                        line.with_distinct_inner(BetweenLine::distinct_by_units(&geometry, cells))
                    } else {
                        line
                    })
                }
                RuleSpec::Quadruple { cells, digits } => {
                    let quadruple = Quadruple::new(cells.iter().copied(), digits.iter().copied());
                    fitting("quadruple", quadruple.fits(n))?;
                    Box::new(quadruple)
                }
                RuleSpec::RowIndexer(cells) => {
                    Box::new(Indexer::new(IndexerKind::Row, cells.iter().copied()))
                }
                RuleSpec::ColumnIndexer(cells) => {
                    Box::new(Indexer::new(IndexerKind::Column, cells.iter().copied()))
                }
                RuleSpec::BoxIndexer(cells) => {
                    Box::new(Indexer::new(IndexerKind::Box, cells.iter().copied()))
                }
                RuleSpec::Chess { name, moves, digits } => {
                    let rule = ChessMoves::new(name.clone(), moves.iter().copied());
                    Box::new(match digits {
                        Some(digits) => rule.for_digits(digits.iter().copied()),
                        None => rule,
                    })
                }
                RuleSpec::Sandwich { clue, sum } => {
                    let rule = Sandwich::new(*clue, *sum);
                    fits(rule.name(), rule.validate(n))?;
                    Box::new(rule)
                }
                RuleSpec::XSum { clue, sum } => {
                    let rule = XSum::new(*clue, *sum);
                    fits(rule.name(), rule.validate(n))?;
                    Box::new(rule)
                }
                RuleSpec::Skyscraper { clue, visible } => {
                    let rule = Skyscraper::new(*clue, *visible);
                    fits(rule.name(), rule.validate(n))?;
                    Box::new(rule)
                }
                RuleSpec::LittleKiller { clue, direction, sum } => {
                    let cells = clue.diagonal(*direction, n);
                    fits(
                        format!("little killer {clue} {}", direction.code()).into(),
                        cells.as_ref().map(drop).map_err(Clone::clone),
                    )?;
                    Box::new(LittleKiller::new(cells.unwrap_or_default(), *sum))
                }
                RuleSpec::Taxicab(d) => Box::new(Taxicab::Distance(*d)),
                RuleSpec::SelfTaxicab => Box::new(Taxicab::OwnDigit),
                RuleSpec::CustomPairs {
                    name,
                    cells,
                    digits,
                    allowed,
                } => Box::new(if *allowed {
                    CustomPairs::allowed(name.clone(), cells.iter().copied(), digits.iter().copied())
                } else {
                    CustomPairs::forbidden(name.clone(), cells.iter().copied(), digits.iter().copied())
                }),
            });
        }
        Ok(out)
    }
}
