//! Chess-move rules: cells a knight's or a king's move apart differ, any set
//! of chess-like moves (anti-camel, anti-zebra), taxicab distances, and a
//! setter's own pair rule.

use std::borrow::Cow;

use sudokit_core::{Cell, Constraint, Digit, Geometry, Grid, Relation, Rule, Violation};

use crate::pair_cliques::{complete_components, PairCliques};
use crate::rule::{
    fits, within_relations, Fpuzzles, Param, ParamType, Presence, Refusal, RuleKind, RuleSpec, Shape,
    MAX_RULE_PREDICATE_RELATIONS, MAX_RULE_RELATIONS,
};
use crate::units::{checks_through_verify, count_pairs_apart, pairs_apart, Report};

/// The moves of a knight, one of each pair of opposite moves.
const KNIGHT: [(isize, isize); 4] = [(1, 2), (2, 1), (1, -2), (2, -1)];
/// The moves of a king, one of each pair of opposite moves.
const KING: [(isize, isize); 4] = [(0, 1), (1, -1), (1, 0), (1, 1)];

/// Cells a chess knight's move apart hold different digits (`antiknight`).
///
/// A relation rule: it declares a `≠` relation for every knight's-move pair,
/// which the engine turns into peers; it has no propagator, DLX and SAT take
/// it as it is, and its `check` scans the grid on its own.
///
/// ```
/// use sudokit_constraints::AntiKnight;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// assert_eq!(AntiKnight.relations(&g).len(), 4 * 7 * 8); // 112 pairs on 9×9
/// let mut grid = Grid::empty(9);
/// grid.set(Cell::at(0, 0, 9), 5);
/// grid.set(Cell::at(1, 2, 9), 5);
/// assert_eq!(AntiKnight.check(&g, &grid).unwrap_err().message,
///            "r1c1 and r2c3 both hold 5, a knight's move apart");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AntiKnight;

/// Cells a chess king's move apart (diagonal neighbours included) hold
/// different digits (`antiking`). A relation rule, like [`AntiKnight`].
///
/// ```
/// use sudokit_constraints::AntiKing;
/// use sudokit_core::{Geometry, Rule};
/// let g = Geometry::square(4).unwrap();
/// assert_eq!(AntiKing.relations(&g).len(), 12 + 12 + 9 + 9);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AntiKing;

/// Every pair of cells a move apart, once.
fn pairs(geometry: &Geometry, moves: &[(isize, isize)]) -> Vec<(Cell, Cell, Relation)> {
    geometry
        .cells()
        .flat_map(|cell| {
            moves
                .iter()
                .filter_map(move |&m| Some((cell, geometry.offset(cell, m)?)))
        })
        .map(|(a, b)| (a, b, Relation::Differ))
        .collect()
}

/// The first two placed cells a move apart with the same digit.
fn check_moves(
    geometry: &Geometry,
    grid: &Grid,
    moves: &[(isize, isize)],
    piece: &str,
) -> Result<(), Violation> {
    let n = geometry.size();
    for (cell, digit) in grid.placed() {
        for &m in moves {
            if let Some(other) = geometry.offset(cell, m) {
                if grid.get(other) == Some(digit) {
                    return Err(Violation::new(
                        format!(
                            "{} and {} both hold {digit}, a {piece}'s move apart",
                            cell.name(n),
                            other.name(n)
                        ),
                        vec![cell, other],
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Whether the digit placed in `cell` differs from every cell a move away.
fn accepts_moves(geometry: &Geometry, grid: &Grid, cell: Cell, moves: &[(isize, isize)]) -> bool {
    let Some(digit) = grid.get(cell) else {
        return true;
    };
    moves.iter().all(|&(dr, dc)| {
        [(dr, dc), (-dr, -dc)]
            .into_iter()
            .filter_map(|m| geometry.offset(cell, m))
            .all(|other| grid.get(other) != Some(digit))
    })
}

impl Rule for AntiKnight {
    fn name(&self) -> Cow<'_, str> {
        "anti-knight".into()
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        pairs(geometry, &KNIGHT)
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        check_moves(geometry, grid, &KNIGHT, "knight")
    }

    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        accepts_moves(geometry, grid, cell, &KNIGHT)
    }
}

impl Constraint for AntiKnight {}

impl Rule for AntiKing {
    fn name(&self) -> Cow<'_, str> {
        "anti-king".into()
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        pairs(geometry, &KING)
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        check_moves(geometry, grid, &KING, "king")
    }

    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        accepts_moves(geometry, grid, cell, &KING)
    }
}

impl Constraint for AntiKing {}

/// Cells a given set of moves apart hold different digits; with
/// [`ChessMoves::for_digits`], only those digits may not repeat. Anti-camel
/// is `ChessMoves::new("anti-camel", [(1, 3)])`; a move stands for its eight
/// reflections.
///
/// A relation rule: `≠` (or "not both d") for every pair a move apart.
///
/// ```
/// use sudokit_constraints::ChessMoves;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let camel = ChessMoves::new("anti-camel", [(1, 3)]).for_digits([1, 9]);
/// let mut grid = Grid::empty(9);
/// grid.set(Cell::at(0, 0, 9), 5);
/// grid.set(Cell::at(1, 3, 9), 5);
/// assert!(camel.check(&g, &grid).is_ok()); // 5 is free to repeat
/// grid.set(Cell::at(0, 0, 9), 9);
/// grid.set(Cell::at(1, 3, 9), 9);
/// assert!(camel.check(&g, &grid).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessMoves {
    name: String,
    moves: Vec<(isize, isize)>,
    digits: Option<Vec<Digit>>,
}

impl ChessMoves {
    /// The rule `name` over `moves` (row and column offsets; each stands for
    /// its reflections and rotations).
    pub fn new(name: impl Into<String>, moves: impl IntoIterator<Item = (isize, isize)>) -> ChessMoves {
        let mut all = Vec::new();
        for (dr, dc) in moves {
            for (a, b) in [(dr, dc), (dc, dr)] {
                for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let m = (a * sa, b * sb);
                    // One of each opposite pair is enough: pairs are unordered.
                    if (m.0, m.1) > (0, 0) || (m.0 == 0 && m.1 > 0) {
                        all.push(m);
                    }
                }
            }
        }
        all.sort_unstable();
        all.dedup();
        ChessMoves {
            name: name.into(),
            moves: all,
            digits: None,
        }
    }

    /// Whether the rule's pairs stay within a rule's bound on an `n`×`n`
    /// board, in words when they do not: each move relates about `n²`
    /// pairs, so a list of many long moves on a large board is refused
    /// above [`MAX_RULE_RELATIONS`], or above
    /// [`MAX_RULE_PREDICATE_RELATIONS`] for some digits only (a predicate).
    pub fn fits(&self, n: usize) -> Result<(), String> {
        let most = match self.digits {
            None => MAX_RULE_RELATIONS,
            Some(_) => MAX_RULE_PREDICATE_RELATIONS,
        };
        within_relations(count_pairs_apart(n, &self.moves), n, most)
    }

    /// Only these digits may not repeat a move apart.
    pub fn for_digits(mut self, digits: impl IntoIterator<Item = Digit>) -> ChessMoves {
        self.digits = Some(digits.into_iter().collect());
        self
    }

    fn applies(&self, digit: Digit) -> bool {
        self.digits.as_ref().is_none_or(|ds| ds.contains(&digit))
    }
}

impl Rule for ChessMoves {
    fn name(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.name)
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        let relation = match &self.digits {
            None => Relation::Differ,
            Some(digits) => {
                let digits = digits.clone();
                Relation::custom(format!("not both one of {digits:?}"), move |a, b| {
                    a != b || !digits.contains(&a)
                })
            }
        };
        pairs_apart(geometry, &self.moves)
            .into_iter()
            .map(|(a, b)| (a, b, relation.clone()))
            .collect()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        self.verify(geometry, grid, Report::Describe)
    }

    /// Only the new digit can clash, with a cell a move away either way.
    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        match grid.get(cell) {
            Some(digit) if self.applies(digit) => accepts_moves(geometry, grid, cell, &self.moves),
            _ => true,
        }
    }
}

impl ChessMoves {
    /// `check`'s logic, described as `report` asks.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        for (cell, digit) in grid.placed() {
            if !self.applies(digit) {
                continue;
            }
            for &m in &self.moves {
                if let Some(other) = geometry.offset(cell, m) {
                    if grid.get(other) == Some(digit) {
                        return Err(report.violation(
                            || {
                                format!(
                                    "{} and {} both hold {digit} ({})",
                                    cell.name(n),
                                    other.name(n),
                                    self.name
                                )
                            },
                            || vec![cell, other],
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

impl Constraint for ChessMoves {}

/// Taxicab rules: cells a taxicab (Manhattan) distance apart.
///
/// * `Taxicab::Distance(d)`: cells exactly `d` apart hold different digits;
/// * `Taxicab::OwnDigit`: a digit `d` never repeats at distance `d`.
///
/// A relation rule.
///
/// ```
/// use sudokit_constraints::Taxicab;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(9).unwrap();
/// let mut grid = Grid::empty(9);
/// grid.set(Cell::at(0, 0, 9), 3);
/// grid.set(Cell::at(1, 2, 9), 3); // three steps apart
/// assert!(Taxicab::OwnDigit.check(&g, &grid).is_err());
/// assert!(Taxicab::Distance(2).check(&g, &grid).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Taxicab {
    /// Cells `d` apart differ.
    Distance(usize),
    /// A digit `d` does not repeat `d` apart.
    OwnDigit,
}

impl Taxicab {
    /// The taxicab distance from `a` to `b`: on a toroidal board, the
    /// shorter way round in each direction.
    fn distance(a: Cell, b: Cell, geometry: &Geometry) -> usize {
        let n = geometry.size();
        let along = |x: usize, y: usize| {
            let d = x.abs_diff(y);
            if geometry.is_toroidal() {
                d.min(n - d)
            } else {
                d
            }
        };
        along(a.row(n), b.row(n)) + along(a.col(n), b.col(n))
    }

    /// The moves of taxicab distance `d`, each or its opposite.
    fn moves(d: usize) -> Vec<(isize, isize)> {
        let d = d as isize;
        (0..=d).flat_map(|dr| [(dr, d - dr), (dr, dr - d)]).collect()
    }

    /// Whether the rule's pairs stay within a rule's bound on an `n`×`n`
    /// board, in words when they do not: a self-taxicab rule relates every
    /// two cells up to `n` apart by a predicate, about `n⁴/3` pairs, so it
    /// is refused above [`MAX_RULE_PREDICATE_RELATIONS`] (above 16×16); a
    /// taxicab distance (`≠`, within [`MAX_RULE_RELATIONS`]) always fits.
    ///
    /// ```
    /// use sudokit_constraints::Taxicab;
    /// assert!(Taxicab::OwnDigit.fits(16).is_ok());
    /// assert!(Taxicab::OwnDigit.fits(25).unwrap_err().contains("more than the 32768"));
    /// assert!(Taxicab::Distance(254).fits(128).is_ok());
    /// ```
    pub fn fits(&self, n: usize) -> Result<(), String> {
        match *self {
            Taxicab::Distance(d) => {
                within_relations(count_pairs_apart(n, &Taxicab::moves(d)), n, MAX_RULE_RELATIONS)
            }
            Taxicab::OwnDigit => {
                let pairs = (1..=n).map(|d| count_pairs_apart(n, &Taxicab::moves(d))).sum();
                within_relations(pairs, n, MAX_RULE_PREDICATE_RELATIONS)
            }
        }
    }

    /// The pairs of cells at distance `d`.
    fn pairs(geometry: &Geometry, d: usize) -> Vec<(Cell, Cell)> {
        let moves: Vec<(isize, isize)> = (0..=d as isize).map(|dr| (dr, d as isize - dr)).collect();
        let mut pairs: Vec<(Cell, Cell)> = pairs_apart(geometry, &moves)
            .into_iter()
            .chain(pairs_apart(
                geometry,
                &moves.iter().map(|&(r, c)| (r, -c)).collect::<Vec<_>>(),
            ))
            .filter(|&(a, b)| Taxicab::distance(a, b, geometry) == d)
            .collect();
        // Both lists can reach one pair across the edges of a torus.
        if geometry.is_toroidal() {
            pairs.sort_unstable();
            pairs.dedup();
        }
        pairs
    }
}

impl Rule for Taxicab {
    fn name(&self) -> Cow<'_, str> {
        match self {
            Taxicab::Distance(d) => format!("taxicab {d}").into(),
            Taxicab::OwnDigit => "self taxicab".into(),
        }
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        let n = geometry.size();
        match *self {
            Taxicab::Distance(d) => Taxicab::pairs(geometry, d)
                .into_iter()
                .map(|(a, b)| (a, b, Relation::Differ))
                .collect(),
            Taxicab::OwnDigit => (1..=n.min(2 * n - 2))
                .flat_map(|d| {
                    let relation =
                        Relation::custom(format!("not both {d}"), move |a, b| a != b || usize::from(a) != d);
                    Taxicab::pairs(geometry, d)
                        .into_iter()
                        .map(move |(a, b)| (a, b, relation.clone()))
                })
                .collect(),
        }
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        self.verify(geometry, grid, Report::Describe)
    }

    /// Only the new digit can break the rule, with a cell holding the same.
    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        let Some(x) = grid.get(cell) else {
            return true;
        };
        let banned = match *self {
            Taxicab::Distance(k) => k,
            Taxicab::OwnDigit => usize::from(x),
        };
        grid.placed()
            .all(|(b, y)| y != x || b == cell || Taxicab::distance(cell, b, geometry) != banned)
    }
}

impl Taxicab {
    /// `check`'s logic, described as `report` asks.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        let placed: Vec<(Cell, Digit)> = grid.placed().collect();
        for (i, &(a, x)) in placed.iter().enumerate() {
            for &(b, y) in &placed[i + 1..] {
                let d = Taxicab::distance(a, b, geometry);
                let broken = x == y
                    && match *self {
                        Taxicab::Distance(k) => d == k,
                        Taxicab::OwnDigit => d == usize::from(x),
                    };
                if broken {
                    return Err(report.violation(
                        || format!("{} and {} both hold {x}, {d} apart", a.name(n), b.name(n)),
                        || vec![a, b],
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Constraint for Taxicab {}

/// A setter's own pair rule, without writing Rust: between each listed pair
/// of cells, only the allowed digit pairs (or every pair but the forbidden
/// ones). `(a, b)` pairs are read in the order the cells are listed.
///
/// ```
/// use sudokit_constraints::CustomPairs;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// // "Never 1 next to 2, in that order."
/// let rule = CustomPairs::forbidden("no 1-2", [(Cell(0), Cell(1))], [(1, 2)]);
/// let mut grid = Grid::empty(4);
/// grid.set(Cell(0), 1);
/// grid.set(Cell(1), 2);
/// assert!(rule.check(&g, &grid).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomPairs {
    name: String,
    cells: Vec<(Cell, Cell)>,
    digits: Vec<(Digit, Digit)>,
    allowed: bool,
}

impl CustomPairs {
    /// Between each pair of `cells`, only the digit pairs of `digits`.
    pub fn allowed(
        name: impl Into<String>,
        cells: impl IntoIterator<Item = (Cell, Cell)>,
        digits: impl IntoIterator<Item = (Digit, Digit)>,
    ) -> CustomPairs {
        CustomPairs {
            name: name.into(),
            cells: cells.into_iter().collect(),
            digits: digits.into_iter().collect(),
            allowed: true,
        }
    }

    /// Between each pair of `cells`, any digit pair but those of `digits`.
    pub fn forbidden(
        name: impl Into<String>,
        cells: impl IntoIterator<Item = (Cell, Cell)>,
        digits: impl IntoIterator<Item = (Digit, Digit)>,
    ) -> CustomPairs {
        CustomPairs {
            allowed: false,
            ..CustomPairs::allowed(name, cells, digits)
        }
    }

    /// The relation between the two cells of each pair.
    pub fn relation(&self) -> Relation {
        let pairs = Relation::Pairs(self.digits.clone().into());
        if self.allowed {
            pairs
        } else {
            pairs.negate()
        }
    }

    fn permits(&self, x: Digit, y: Digit) -> bool {
        self.digits.contains(&(x, y)) == self.allowed
    }
}

impl Rule for CustomPairs {
    fn name(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.name)
    }

    fn relations(&self, _: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        let relation = self.relation();
        self.cells
            .iter()
            .map(|&(a, b)| (a, b, relation.clone()))
            .collect()
    }

    checks_through_verify!();
}

impl CustomPairs {
    /// `check`'s logic, described as `report` asks.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let n = geometry.size();
        for &(a, b) in &self.cells {
            if let (Some(x), Some(y)) = (grid.get(a), grid.get(b)) {
                if !self.permits(x, y) {
                    return Err(report.violation(
                        || {
                            format!(
                                "{}: {} = {x} and {} = {y} is not allowed",
                                self.name,
                                a.name(n),
                                b.name(n)
                            )
                        },
                        || vec![a, b],
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Constraint for CustomPairs {}

/// `anti-knight` in files.
pub(crate) static ANTI_KNIGHT: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("antiknight", Shape::Flag),
    meaning: "cells a chess knight's move apart hold different digits",
    example: r#"{ type = "anti-knight" }"#,
    ..RuleKind::new("anti-knight", |_, _| Ok(Box::new(AntiKnight)))
};

/// `anti-king` in files.
pub(crate) static ANTI_KING: RuleKind = RuleKind {
    fpuzzles: Fpuzzles::at("antiking", Shape::Flag),
    meaning: "cells a chess king's move apart hold different digits",
    example: r#"{ type = "anti-king" }"#,
    ..RuleKind::new("anti-king", |_, _| Ok(Box::new(AntiKing)))
};

/// `name`: a rule's own name, `default` when the file gives none.
const fn name_param(default: &'static str) -> Param {
    Param::with_default("name", ParamType::Text, Presence::Text(default))
}

/// `chess` in files: any moves, optionally for some digits.
pub(crate) static CHESS: RuleKind = RuleKind {
    meaning: "cells some chess-like moves apart hold different digits (anti-camel: moves [[1, 3]])",
    summary: "moves ([[rows, cols], …]), digits (optional), name (optional)",
    params: &[
        name_param("chess"),
        Param::required("moves", ParamType::Moves, "moves = [[1, 3]]"),
        Param::optional("digits", ParamType::Digits, "digits = [1, 2]"),
    ],
    example: r#"{ type = "chess", name = "anti-camel", moves = [[1, 3]], digits = [1, 9] }"#,
    ..RuleKind::new("chess", |rule, context| {
        let moves = rule.moves("moves").iter().copied();
        let chess = ChessMoves::new(rule.text("name").unwrap_or("chess"), moves);
        let chess = match rule.digits("digits") {
            Some(digits) => chess.for_digits(digits.iter().copied()),
            None => chess,
        };
        fits(chess.name(), chess.fits(context.size()))?;
        Ok(Box::new(chess))
    })
};

/// A taxicab rule, refused when it relates too many pairs on an `n`×`n`
/// board ([`Taxicab::fits`]).
fn build_taxicab(taxicab: Taxicab, n: usize) -> Result<Box<dyn Constraint>, crate::rule::SpecError> {
    fits(taxicab.name(), taxicab.fits(n))?;
    Ok(Box::new(taxicab))
}

/// `taxicab` in files.
pub(crate) static TAXICAB: RuleKind = RuleKind {
    meaning: "cells at the given taxicab distance hold different digits",
    summary: "value (the distance)",
    params: &[Param::required(
        "value",
        ParamType::Integer {
            what: "distance",
            range: |n| 1..2 * (n as i64 - 1) + 1,
        },
        "value = 3",
    )],
    example: r#"{ type = "taxicab", value = 4 }"#,
    ..RuleKind::new("taxicab", |rule, context| {
        build_taxicab(
            Taxicab::Distance(rule.number("value").unwrap_or(1) as usize),
            context.size(),
        )
    })
};

/// `self-taxicab` in files.
pub(crate) static SELF_TAXICAB: RuleKind = RuleKind {
    meaning: "a digit d does not repeat at taxicab distance d",
    example: r#"{ type = "self-taxicab" }"#,
    ..RuleKind::new("self-taxicab", |_, context| {
        build_taxicab(Taxicab::OwnDigit, context.size())
    })
};

/// `custom-pairs` in files: exactly one of `allowed` and `forbidden`.
pub(crate) static CUSTOM_PAIRS: RuleKind = RuleKind {
    meaning:
        "between each listed pair of cells, only the allowed digit pairs (or any but the forbidden ones)",
    summary: "pairs ([[cell, cell], …]), allowed or forbidden ([[digit, digit], …]), name (optional)",
    params: &[
        name_param("custom pairs"),
        Param::required("pairs", ParamType::CellPairs, "pairs = [[\"r1c1\", \"r1c2\"]]"),
        Param::optional("allowed", ParamType::DigitPairs, "allowed = [[1, 2]]"),
        Param::optional("forbidden", ParamType::DigitPairs, "forbidden = [[1, 2]]"),
    ],
    example: r#"{ type = "custom-pairs", name = "no 1 left of 2", pairs = [["r1c1", "r1c2"]], forbidden = [[1, 2]] }"#,
    check: Some(check_custom_pairs),
    ..RuleKind::new("custom-pairs", build_custom_pairs)
};

fn check_custom_pairs(rule: RuleSpec, _: usize) -> Result<RuleSpec, Refusal> {
    match (rule.get("allowed").is_some(), rule.get("forbidden").is_some()) {
        (true, true) => Err(Refusal::at(
            "forbidden",
            "give either allowed or forbidden digit pairs, not both",
        )),
        (false, false) => Err(Refusal::rule(
            "the custom-pairs needs 'allowed' or 'forbidden' digit pairs, such as forbidden = [[1, 2]]",
        )),
        _ => Ok(rule),
    }
}

fn build_custom_pairs(
    rule: &RuleSpec,
    context: &crate::rule::BuildContext<'_>,
) -> Result<Box<dyn Constraint>, crate::rule::SpecError> {
    let cells = rule.cell_pairs("pairs");
    let name = rule.text("name").unwrap_or("custom pairs");
    let pairs = match (rule.digit_pairs("allowed"), rule.digit_pairs("forbidden")) {
        (Some(digits), _) => CustomPairs::allowed(name, cells.iter().copied(), digits.iter().copied()),
        (None, digits) => {
            CustomPairs::forbidden(name, cells.iter().copied(), digits.unwrap_or(&[]).iter().copied())
        }
    };
    // Groups the pairs relate completely (ISS's `.PairX`) get the clique
    // propagator when the relation keeps their digits apart.
    let relation = pairs.relation();
    Ok(PairCliques::boxed(
        pairs,
        &relation,
        context.size(),
        complete_components(cells),
    ))
}
