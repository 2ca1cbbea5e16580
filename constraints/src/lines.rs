//! Line rules: digits along a path of cells obey a pairwise rule.
//!
//! Every rule here is a set of pair relations, declared so that they grow
//! with the line, not with its square, wherever the rule allows (issue 27:
//! a 10,000-cell thermometer on 128×128 once declared 50 million pairs). A
//! thermometer relates neighbours only (`<`), and bounds each cell by its
//! position (the `k`-th cell is at least `k` and leaves room for the cells
//! above it): a line longer than the board's side then has an empty domain
//! and no solution, found at once. A slow thermometer relates every pair
//! (`≤`, which with the `≠` of a shared row is `<`) up to
//! [`MAX_RULE_RELATIONS`] pairs (724 cells), and neighbours only beyond.
//! Whispers relate neighbours, a palindrome its mirror cells,
//! entropic and modular lines cells one, two and three steps apart
//! (different, different, same class). Nabner and renban lines relate every
//! pair, and are refused above the longest line that can hold (⌈n/2⌉ and
//! `n` cells), so their pairs stay below `n²/2`. A renban line adds one
//! all-different group: distinct digits no two of which are `len` or more
//! apart are exactly a set of consecutive digits.

use std::borrow::Cow;

use sudokit_core::cnf::{ClauseOptions, ClauseSink};
use sudokit_core::{
    keep_digit_sets_pruned, Cell, Constraint, Contradiction, CoverSink, Ctx, Digit, Digits, Geometry, Grid,
    Group, Propagate, Reason, Relation, Rule, Unsupported, Violation, Word,
};

use crate::pair_cliques::PairCliques;
use crate::renban_windows;
use crate::required::remove_required_where_seen;
use crate::rule::{
    fits, BuildContext, Fpuzzles, Param, ParamType, Presence, RuleKind, RuleSpec, Shape, SpecError,
    MAX_RULE_RELATIONS,
};
use crate::units::{mask, Report};

/// What a line says about its digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// Strictly increasing from the first cell (the bulb): `thermometer`.
    Thermometer,
    /// Never decreasing from the bulb (digits may repeat): `slowthermometer`.
    SlowThermometer,
    /// The same read from either end: `palindrome`.
    Palindrome,
    /// Neighbours on the line differ by at least `gap` (5 on 9×9 for German
    /// whispers, 4 for Dutch): `whispers`.
    Whispers {
        /// The smallest difference between neighbours.
        gap: Digit,
    },
    /// No two digits on the line are equal or consecutive: `nabner`.
    Nabner,
    /// The line holds a set of distinct consecutive digits, in any order:
    /// `renban`. A line longer than the board's side cannot be filled.
    Renban,
    /// Any three consecutive cells hold one low, one middle and one high
    /// digit (the thirds of `1..=n`: 1-3, 4-6, 7-9 on 9×9); a two-cell line
    /// holds two different thirds: `entropic`. Only on boards whose side is
    /// divisible by 3.
    Entropic,
    /// Any `modulus` consecutive cells hold digits of `modulus` different
    /// residues mod `modulus`; a shorter line, different residues:
    /// `modular`. Mod 3 by default (f-puzzles' modular lines); mod 2 is a
    /// parity line (neighbours alternate odd and even). Boards whose side
    /// is at least the modulus.
    Modular {
        /// The modulus, at least 1.
        modulus: Digit,
    },
}

impl LineKind {
    /// A modular line mod 3, as f-puzzles draws them.
    pub const MODULAR: LineKind = LineKind::Modular { modulus: 3 };

    /// How many cells on an entropic or modular line the classes take to
    /// repeat: 3 (thirds), or the modulus; 1 for the other kinds.
    pub(crate) fn period(self) -> usize {
        match self {
            LineKind::Entropic => 3,
            LineKind::Modular { modulus } => usize::from(modulus).max(1),
            _ => 1,
        }
    }
}

/// A line of cells with a [`LineKind`] rule.
///
/// ```
/// use sudokit_constraints::{Line, LineKind};
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let thermo = Line::new(LineKind::Thermometer, [Cell(0), Cell(1), Cell(2)]);
/// // Neighbours only; each cell's position bounds its digits.
/// assert_eq!(thermo.relations(&g).len(), 2);
/// assert_eq!(thermo.domains(&g)[2].1.iter().collect::<Vec<_>>(), vec![3, 4, 5, 6, 7, 8, 9]);
/// let mut grid = Grid::empty(9);
/// grid.set(Cell(0), 5);
/// grid.set(Cell(2), 4);
/// assert_eq!(thermo.check(&g, &grid).unwrap_err().message, "thermometer: r1c3 = 4 is not above r1c1 = 5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    kind: LineKind,
    cells: Vec<Cell>,
}

impl Line {
    /// The line through `cells`, in order.
    pub fn new(kind: LineKind, cells: impl IntoIterator<Item = Cell>) -> Line {
        Line {
            kind,
            cells: cells.into_iter().collect(),
        }
    }

    /// German whispers on an `n`×`n` board: neighbours differ by ⌈n/2⌉.
    pub fn whispers(n: usize, cells: impl IntoIterator<Item = Cell>) -> Line {
        Line::new(
            LineKind::Whispers {
                gap: n.div_ceil(2) as Digit,
            },
            cells,
        )
    }

    /// The cells, in order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The rule.
    pub fn kind(&self) -> LineKind {
        self.kind
    }

    /// Whether the line can be filled on an `n`×`n` board at all, in words
    /// when it cannot: a renban line longer than `n`, a nabner line longer
    /// than `⌈n/2⌉` (both relate every pair of their cells, so this also
    /// bounds their size), an entropic line on a board whose side is not
    /// divisible by 3, a modular line whose modulus is 0 or above the
    /// board's side (mod 3 below 3×3). A thermometer longer than
    /// `n` fits: it is declared in a size that grows with it, and has no
    /// solution.
    /// [`PuzzleSpec::build`](crate::spec::PuzzleSpec::build) refuses such
    /// a line with this message.
    ///
    /// ```
    /// use sudokit_constraints::{Line, LineKind};
    /// use sudokit_core::Cell;
    /// let renban = Line::new(LineKind::Renban, (0..5).map(Cell));
    /// assert!(renban.fits(9).is_ok());
    /// assert_eq!(
    ///     renban.fits(4).unwrap_err(),
    ///     "a renban line of 5 cells needs 5 different consecutive digits, and a 4×4 board has 4"
    /// );
    /// assert!(Line::new(LineKind::Entropic, [Cell(0), Cell(1)]).fits(8).is_err());
    /// ```
    pub fn fits(&self, n: usize) -> Result<(), String> {
        let len = self.cells.len();
        match self.kind {
            LineKind::Renban if len > n => Err(format!(
                "a renban line of {len} cells needs {len} different consecutive digits, and a {n}×{n} board has {n}"
            )),
            LineKind::Nabner if len > n.div_ceil(2) => Err(format!(
                "a nabner line of {len} cells needs {len} digits no two of which are equal or consecutive, \
                 and a {n}×{n} board has {}",
                n.div_ceil(2)
            )),
            LineKind::Entropic if n % 3 != 0 || n == 0 => Err(format!(
                "entropic lines split the digits into three equal thirds (low, middle, high): \
                 the board's side must be divisible by 3, and it is {n}"
            )),
            LineKind::Modular { modulus: 0 } => Err("a modular line's modulus must be at least 1".into()),
            LineKind::Modular { modulus } if n < usize::from(modulus) => Err(format!(
                "modular lines mod {modulus} need digits of all {modulus} residues: a {n}×{n} board has too few"
            )),
            _ => Ok(()),
        }
    }

    /// The class of digit `d` on an entropic (third) or modular (residue)
    /// line of an `n`×`n` board the line fits.
    pub(crate) fn class(kind: LineKind, n: usize, d: Digit) -> usize {
        match kind {
            LineKind::Entropic => (d as usize - 1) / (n / 3).max(1),
            _ => d as usize % kind.period(),
        }
    }

    /// The class of a digit in words: `low (1-3)`, `≡ 2 mod 3`.
    pub(crate) fn class_name(kind: LineKind, n: usize, d: Digit) -> String {
        match kind {
            LineKind::Entropic => {
                let third = (n / 3).max(1);
                let k = Line::class(kind, n, d);
                let name = ["low", "middle", "high"]
                    .get(k)
                    .copied()
                    .unwrap_or("outside the thirds");
                format!("{name} ({}-{})", k * third + 1, (k + 1) * third)
            }
            _ => format!("≡ {} mod {}", Line::class(kind, n, d), kind.period()),
        }
    }

    /// The pairs `(i, j)` of positions the rule relates, `i < j`: at most
    /// three per cell (a modulus per cell on modular lines), but on the
    /// nabner and renban lines, whose length
    /// [`Line::fits`] bounds, and on slow thermometers up to
    /// [`MAX_RULE_RELATIONS`] pairs.
    fn position_pairs(&self) -> Vec<(usize, usize)> {
        let len = self.cells.len();
        match self.kind {
            LineKind::Nabner | LineKind::Renban => every_pair(len),
            // Every pair while a rule's bound allows: `≤` between cells that
            // also differ (one row) is `<`, which neighbours alone do not
            // carry (the 9×9 slow thermometers took 3 times the nodes).
            LineKind::SlowThermometer if len * len.saturating_sub(1) / 2 <= MAX_RULE_RELATIONS => {
                every_pair(len)
            }
            LineKind::Thermometer | LineKind::SlowThermometer | LineKind::Whispers { .. } => {
                (1..len).map(|j| (j - 1, j)).collect()
            }
            LineKind::Entropic | LineKind::Modular { .. } => {
                let period = self.kind.period();
                (0..len)
                    .flat_map(|i| (i + 1..len.min(i + period + 1)).map(move |j| (i, j)))
                    .collect()
            }
            LineKind::Palindrome => (0..len / 2).map(|i| (i, len - 1 - i)).collect(),
        }
    }

    /// What is wrong when positions `i < j` hold `x` and `y` (`None` when
    /// nothing is), described as `report` asks, for the pairs
    /// [`Line::checked_pairs`] gives.
    fn broken(
        &self,
        report: Report,
        n: usize,
        (i, j): (usize, usize),
        x: Digit,
        y: Digit,
    ) -> Option<Violation> {
        let (a, b) = (self.cells[i], self.cells[j]);
        let len = self.cells.len();
        // Given the names of a and b, what is wrong.
        let violation = |what: &dyn Fn(String, String) -> String| {
            Some(report.violation(
                || format!("{}: {}", self.name(), what(a.name(n), b.name(n))),
                || vec![a, b],
            ))
        };
        let says = |how: &'static str| violation(&move |a, b| format!("{b} = {y} {how} {a} = {x}"));
        match self.kind {
            LineKind::Thermometer if y <= x => says("is not above"),
            LineKind::SlowThermometer if y < x => says("is below"),
            LineKind::Palindrome if i + j == len - 1 && x != y => says("does not mirror"),
            LineKind::Whispers { gap } if j == i + 1 && x.abs_diff(y) < gap => says("is too close to"),
            LineKind::Nabner if x.abs_diff(y) <= 1 => says("is equal or consecutive to"),
            LineKind::Renban if x == y => says("repeats"),
            LineKind::Renban if x.abs_diff(y) as usize >= len => violation(&|a, b| {
                format!("{b} = {y} and {a} = {x} are too far apart for consecutive digits on {len} cells")
            }),
            LineKind::Entropic | LineKind::Modular { .. } => {
                let same = Line::class(self.kind, n, x) == Line::class(self.kind, n, y);
                let apart = j - i;
                let class = |d| Line::class_name(self.kind, n, d);
                let period = self.kind.period();
                if apart % period == 0 && !same {
                    violation(&|a, b| {
                        format!(
                            "{b} = {y} is {} but {apart} cells along the line from {a} = {x}, which is {}",
                            class(y),
                            class(x)
                        )
                    })
                } else if apart % period != 0 && same {
                    violation(&|a, b| {
                        format!(
                            "{b} = {y} and {a} = {x} are both {}, {apart} cell{} apart",
                            class(y),
                            if apart == 1 { "" } else { "s" }
                        )
                    })
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// `check`'s logic over the pairs `pairs` selects: the line fits the
    /// board, and no two placed digits break its rule.
    fn verify(
        &self,
        geometry: &Geometry,
        grid: &Grid,
        report: Report,
        pairs: impl Fn(Cell, Cell) -> bool,
    ) -> Result<(), Violation> {
        let n = geometry.size();
        if let Err(why) = self.fits(n) {
            return Err(report.violation(|| format!("{}: {why}", self.name()), || self.cells.clone()));
        }
        for (i, j) in self.checked_pairs(grid) {
            let (a, b) = (self.cells[i], self.cells[j]);
            if !pairs(a, b) {
                continue;
            }
            if let (Some(x), Some(y)) = (grid.get(a), grid.get(b)) {
                if let Some(violation) = self.broken(report, n, (i, j), x, y) {
                    return Err(violation);
                }
            }
        }
        Ok(())
    }

    /// The pairs of positions `check` compares on `grid`, as few as keep
    /// the check exact on a partial grid, so that a line across the whole
    /// board is checked in linear time: the related pairs, but on
    /// thermometers each placed digit against the next placed one (the
    /// order is transitive), and on entropic and modular lines each placed
    /// digit against the next placed one a period on (same class: 3 cells,
    /// or the modulus) and the first placed digits of the positions of each
    /// residue mod the period against each other (different classes): the
    /// classes repeat with that period along the line.
    fn checked_pairs(&self, grid: &Grid) -> Vec<(usize, usize)> {
        let placed = |i: &usize| grid.get(self.cells[*i]).is_some();
        match self.kind {
            LineKind::Thermometer | LineKind::SlowThermometer => {
                let placed: Vec<usize> = (0..self.cells.len()).filter(placed).collect();
                placed.windows(2).map(|w| (w[0], w[1])).collect()
            }
            LineKind::Entropic | LineKind::Modular { .. } => {
                let period = self.kind.period();
                let mut pairs = Vec::new();
                let mut firsts = Vec::new();
                for start in 0..period {
                    let placed: Vec<usize> =
                        (start..self.cells.len()).step_by(period).filter(placed).collect();
                    pairs.extend(placed.windows(2).map(|w| (w[0], w[1])));
                    firsts.extend(placed.first());
                }
                firsts.sort_unstable();
                for (k, &i) in firsts.iter().enumerate() {
                    pairs.extend(firsts[k + 1..].iter().map(|&j| (i, j)));
                }
                pairs
            }
            _ => self.position_pairs(),
        }
    }
}

impl Rule for Line {
    fn name(&self) -> Cow<'_, str> {
        match self.kind {
            LineKind::Thermometer => "thermometer".into(),
            LineKind::SlowThermometer => "slow thermometer".into(),
            LineKind::Palindrome => "palindrome".into(),
            LineKind::Whispers { gap } => format!("whispers {gap}").into(),
            LineKind::Nabner => "nabner".into(),
            LineKind::Renban => "renban".into(),
            LineKind::Entropic => "entropic line".into(),
            LineKind::Modular { modulus: 3 } => "modular line".into(),
            LineKind::Modular { modulus } => format!("modular line mod {modulus}").into(),
        }
    }

    fn groups(&self, _: &Geometry) -> Vec<Group> {
        match self.kind {
            LineKind::Renban => vec![Group::new("renban", self.cells.clone())],
            _ => Vec::new(),
        }
    }

    fn consecutive_runs(&self, _: &Geometry) -> Vec<Vec<Cell>> {
        match self.kind {
            LineKind::Renban => vec![self.cells.clone()],
            _ => Vec::new(),
        }
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        let n = geometry.size();
        let kind = self.kind;
        let fits = self.fits(n).is_ok();
        let len = self.cells.len();
        self.position_pairs()
            .into_iter()
            .map(|(i, j)| {
                let relation = match self.kind {
                    LineKind::Thermometer => Relation::Less,
                    LineKind::SlowThermometer => Relation::LessOrEqual,
                    LineKind::Palindrome => Relation::Equal,
                    LineKind::Whispers { gap } => Relation::DifferenceAtLeast(gap),
                    LineKind::Nabner => Relation::DifferenceAtLeast(2),
                    // Distinct (the group) and never `len` apart.
                    LineKind::Renban => Relation::DifferenceAtLeast(len.min(255) as Digit).negate(),
                    LineKind::Entropic | LineKind::Modular { .. } if !fits => {
                        Relation::custom("impossible on this board", |_, _| false)
                    }
                    LineKind::Entropic | LineKind::Modular { .. } if (j - i) % kind.period() == 0 => {
                        Relation::custom(
                            class_relation_name(kind, "same third", "same residue"),
                            move |a, b| Line::class(kind, n, a) == Line::class(kind, n, b),
                        )
                    }
                    LineKind::Entropic | LineKind::Modular { .. } => Relation::custom(
                        class_relation_name(kind, "different thirds", "different residues"),
                        move |a, b| Line::class(kind, n, a) != Line::class(kind, n, b),
                    ),
                };
                (self.cells[i], self.cells[j], relation)
            })
            .collect()
    }

    /// A thermometer's `k`-th cell (from 0) holds at least `k + 1`, and at
    /// most `n − (len − 1 − k)` so the cells above it still fit: empty
    /// domains when the line is longer than `n`, which has no solution.
    /// Neighbours only are related, and these bounds are what the pairs
    /// `k` apart added.
    fn domains(&self, geometry: &Geometry) -> Vec<(Cell, Digits<u128>)> {
        if self.kind != LineKind::Thermometer {
            return Vec::new();
        }
        let n = geometry.size();
        let len = self.cells.len();
        let bounded = |k: usize| -> Digits<u128> {
            let low = k + 1;
            let high = (n + k + 1).saturating_sub(len);
            (low..=high).map(|d| d as Digit).collect()
        };
        self.cells
            .iter()
            .enumerate()
            .map(|(k, &cell)| (cell, bounded(k)))
            .collect()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        self.verify(geometry, grid, Report::Describe, |_, _| true)
    }

    /// Only the pairs through the placed cell can break.
    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        self.verify(geometry, grid, Report::Detect, |a, b| a == cell || b == cell)
            .is_ok()
    }
}

impl Constraint for Line {}

/// The name of a relation between the classes of an entropic line
/// (`thirds`) or a modular one (`residues`, with its modulus).
fn class_relation_name(kind: LineKind, thirds: &str, residues: &str) -> String {
    match kind {
        LineKind::Entropic => thirds.to_string(),
        _ => format!("{residues} mod {}", kind.period()),
    }
}

/// Every pair `(i, j)` of positions of a line of `len` cells, `i < j`.
fn every_pair(len: usize) -> Vec<(usize, usize)> {
    (0..len).flat_map(|i| (i + 1..len).map(move |j| (i, j))).collect()
}

/// A renban line: its digits are different and form a run of consecutive
/// digits, in any order.
///
/// The rule is declared exactly (a group, and "less than `len` apart" on
/// every pair, which together mean a run): DLX and SAT take it from the
/// declarations. Pairs cannot see the window of digits, though: a 4-cell
/// renban through 5 and 7 holds 4…7 or 5…8, so a third cell can hold
/// neither 3 nor 9 even where every pair allows it. The propagator keeps
/// exactly the digits of some run that fits the cells (window by window on
/// lines up to 10 cells, [`keep_digit_sets_pruned`] beyond), and takes each
/// digit every such run holds out of the cells that see all of the line's
/// cells that can still hold it. It adds nothing the declarations do not
/// mean, so its exact-cover items and clauses are empty.
///
/// ```
/// use sudokit_constraints::Renban;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let renban = Renban::new([Cell(0), Cell(1), Cell(2)]);
/// let mut grid = Grid::empty(9);
/// grid.set(Cell(0), 2);
/// grid.set(Cell(1), 5);
/// assert!(renban.check(&g, &grid).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renban(Line);

impl Renban {
    /// The renban through `cells`.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> Renban {
        Renban(Line::new(LineKind::Renban, cells))
    }

    /// The line.
    pub fn line(&self) -> &Line {
        &self.0
    }
}

impl Rule for Renban {
    fn name(&self) -> Cow<'_, str> {
        self.0.name()
    }

    fn groups(&self, geometry: &Geometry) -> Vec<Group> {
        self.0.groups(geometry)
    }

    fn consecutive_runs(&self, geometry: &Geometry) -> Vec<Vec<Cell>> {
        self.0.consecutive_runs(geometry)
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        self.0.relations(geometry)
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        self.0.cells.clone()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        self.0.check(geometry, grid)
    }

    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        self.0.accepts_placement(geometry, grid, cell)
    }

    fn exact_cover(&self, _: &Geometry, _: &mut dyn CoverSink) -> Result<(), Unsupported> {
        Ok(()) // the declarations say it all
    }

    fn clauses(&self, _: &Geometry, _: &ClauseOptions, _: &mut dyn ClauseSink) -> Result<(), Unsupported> {
        Ok(()) // the declarations say it all
    }
}

impl Propagate for Renban {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, changed: &[Cell]) -> Result<(), Contradiction> {
        cx.because(|| Reason::new("renban: a run of consecutive digits").cells(self.0.cells.iter().copied()));
        let cells = &self.0.cells;
        let n = cx.size();
        let required = if cells.len() <= renban_windows::MAX_LEN && n <= renban_windows::MAX_SIZE {
            // The same digits as the layers below, window by window.
            let mut candidates = [0u32; renban_windows::MAX_LEN];
            for (slot, &cell) in candidates.iter_mut().zip(cells) {
                *slot = cx.candidates(cell).to_u128() as u32;
            }
            let Some(runs) = renban_windows::filter(&candidates[..cells.len()], n) else {
                // Named: the last cell whose change woke the line, which the
                // search's conflict weights then bump alone (naming none
                // bumps the whole line: Hard renban 1 and 2 took 4 and 7 %
                // more nodes).
                return Err(Contradiction::rule(
                    changed.last().copied(),
                    "no run of consecutive digits fits the cells",
                ));
            };
            // The line holds the required digits: first out of the cells
            // that see it all (the order the layers below use).
            cx.remove_where_all_seen(cells, Digits::from_u128(u128::from(runs.required)))?;
            for (&cell, &keep) in cells.iter().zip(&runs.keep) {
                cx.restrict(cell, Digits::from_u128(u128::from(keep)))?;
            }
            u128::from(runs.required)
        } else {
            // A set of the first cells spanning more digits than the line
            // has cells is in no run.
            let len = cells.len() as u32;
            let viable = |set: u128| 128 - set.leading_zeros() - set.trailing_zeros() <= len;
            keep_digit_sets_pruned(cx, cells, mask::is_run, viable)?
        };
        remove_required_where_seen(cx, cells, required, |d| format!("renban: {d} is on the line"))
    }
}

/// A line of `kind` through the rule's cells, refused when it cannot fit
/// the board.
fn build_line(kind: LineKind, rule: &RuleSpec, context: &BuildContext<'_>) -> Result<Line, SpecError> {
    let line = Line::new(kind, rule.cells("cells").iter().copied());
    fits(line.name(), line.fits(context.size()))?;
    Ok(line)
}

/// A line kind of this module in files: its name, key, meaning, example
/// and the line it builds.
macro_rules! line_kind {
    ($static:ident, $name:literal, $key:literal, $meaning:literal, $summary:literal, $example:literal, $kind:expr) => {
        #[doc = concat!("`", $name, "` in files.")]
        pub(crate) static $static: RuleKind = RuleKind {
            fpuzzles: Fpuzzles::at($key, Shape::Lines),
            meaning: $meaning,
            summary: $summary,
            example: $example,
            ..RuleKind::on_cells($name, |rule, context| {
                Ok(Box::new(build_line($kind, rule, context)?))
            })
        };
    };
}

line_kind!(
    THERMOMETER,
    "thermometer",
    "thermometer",
    "digits strictly increase from the bulb (the first cell)",
    "cells (a line)",
    r#"{ type = "thermometer", cells = "r1c1 r2c2 r3c3" }"#,
    LineKind::Thermometer
);
line_kind!(
    SLOW_THERMOMETER,
    "slow-thermometer",
    "slowthermometer",
    "digits never decrease from the bulb",
    "cells (a line)",
    r#"{ type = "slow-thermometer", cells = "r9c1 r8c2 r7c3" }"#,
    LineKind::SlowThermometer
);
line_kind!(
    PALINDROME,
    "palindrome",
    "palindrome",
    "the line reads the same from both ends",
    "cells (a line)",
    r#"{ type = "palindrome", cells = "r5c1 r5c2 r5c3" }"#,
    LineKind::Palindrome
);

/// `nabner` in files: the line's pairs, and the clique propagator over
/// the whole line ([`PairCliques`]) from three cells on.
pub(crate) static NABNER: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("nabner", Shape::Lines),
    meaning: "no two digits on the line are equal or consecutive",
    summary: "cells (a line)",
    example: r#"{ type = "nabner", cells = "r9c5 r9c6 r9c7" }"#,
    ..RuleKind::on_cells("nabner", |rule, context| {
        let line = build_line(LineKind::Nabner, rule, context)?; // refuses a line that cannot fit
        let cells = vec![line.cells().to_vec()];
        Ok(PairCliques::boxed(
            line,
            &Relation::DifferenceAtLeast(2),
            context.size(),
            cells,
        ))
    })
};
line_kind!(
    ENTROPIC,
    "entropic",
    "entropicline",
    "any three cells in a row on the line hold a low, a middle and a high digit (1-3, 4-6, 7-9)",
    "cells (a line; the board's side divisible by 3)",
    r#"{ type = "entropic", cells = "r8c1 r8c2 r8c3 r8c4" }"#,
    LineKind::Entropic
);
/// `modular` in files: mod 3 unless the file names a modulus (f-puzzles'
/// lines are mod 3; ISS's `Modular~m` and parity lines, mod 2, are not).
pub(crate) static MODULAR: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("modularline", Shape::Lines),
    meaning: "any m cells in a row on the line hold m different residues mod m (m = 3 by default; 2: parity)",
    summary: "cells (a line), modulus (3 by default)",
    params: &[
        Param::CELLS,
        Param::with_default("modulus", ParamType::Digit, Presence::Number(3)),
    ],
    example: r#"{ type = "modular", cells = "r4c7 r4c8 r4c9" }"#,
    ..RuleKind::new("modular", |rule, context| {
        let modulus = rule.number("modulus").map_or(3, |m| m as Digit);
        Ok(Box::new(build_line(
            LineKind::Modular { modulus },
            rule,
            context,
        )?))
    })
};

/// `whispers` in files: the gap defaults to the board's.
pub(crate) static WHISPERS: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("whispers", Shape::Own),
    meaning: "neighbours on the line differ by at least the value (half the size, rounded up, by default)",
    summary: "cells (a line), value (optional)",
    params: &[
        Param::CELLS,
        Param::optional("value", ParamType::Digit, "value = 10"),
    ],
    example: r#"{ type = "whispers", cells = "r1c9 r2c9 r3c9", value = 4 }"#,
    ..RuleKind::new("whispers", |rule, context| {
        let gap = rule.number("value").map_or(context.whisper_gap(), |g| g as Digit);
        Ok(Box::new(build_line(LineKind::Whispers { gap }, rule, context)?))
    })
};

/// `renban` in files: at most `n` cells.
pub(crate) static RENBAN: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("renban", Shape::Lines),
    meaning: "the line holds distinct consecutive digits in any order",
    summary: "cells (a line, at most n cells)",
    example: r#"{ type = "renban", cells = "r7c1 r7c2 r7c3" }"#,
    ..RuleKind::on_cells("renban", |rule, context| {
        let line = build_line(LineKind::Renban, rule, context)?; // refuses a line longer than the board
        Ok(Box::new(Renban::new(line.cells().iter().copied())))
    })
};
