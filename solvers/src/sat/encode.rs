//! From a [`Puzzle`] to a [`Cnf`]: Kwon's encodings and a propagated one.
//!
//! The builder adds the board's own clauses (each cell holds at least one
//! digit, and for most encodings at most one), the clauses of the puzzle's
//! compiled groups and relations ([`emit_model`]), the clauses of every rule
//! with a propagator of its own ([`Rule::clauses`](sudokit_core::Rule::clauses)),
//! and the givens, and simplifies everything against the variables it
//! already knows:
//!
//! | encoding | families | variables fixed before emitting |
//! |---|---|---|
//! | `minimal` | Cell≥1, Row≤1, Col≤1, Block≤1, givens | none |
//! | `efficient` | minimal + Cell≤1 | none |
//! | `extended` | all eight (≥1 and ≤1 per cell, row, column, block) + givens | none |
//! | `optimized` | extended | givens (X⁺) and their direct consequences (X⁻) |
//! | `propagated` | extended, compact at-most-one | the propagation fixpoint |
//!
//! Simplifying is Kwon's reduction done once, generically: a clause with a
//! true literal is dropped, false literals are deleted, and the variables
//! that are fixed disappear from the formula (the rest are renumbered
//! densely, candidates first). X⁻ is computed by one pass over the rules'
//! at-most-one groups and binary clauses: a literal that shares a group with
//! a given is false. `propagated` goes further: it runs the propagation
//! engine (naked and hidden singles and every technique of the puzzle) to its
//! fixpoint, fixes every candidate that was removed or settled, and encodes
//! the at-most-one groups that remain with [`AmoEncoding::Auto`] (pairwise
//! up to 32 literals, Sinz's sequential counter above).
//!
//! Clause counts of the first three follow Kwon's formulas exactly, with
//! `k` givens: minimal `n² + 3·n²·n(n−1)/2 + k`, efficient
//! `n² + 4·n²·n(n−1)/2 + k`, extended `(n² + n²·n(n−1)/2)·4 + k`.
//!
//! Those grow as `n⁴`: extended on an empty 128×128 board is over 500
//! million clauses. The builder counts the literals it keeps and gives up
//! past [`MAX_LITERALS`] (an error, [`EncodeError::TooLarge`]), and looks at
//! the deadline and the cancel token of [`EncodeLimits`] as it goes.

use std::fmt;
use std::str::FromStr;

use crate::clock::Instant;
use crate::limits::{Cancel, Stop};
use sudokit_core::cnf::{encode_at_most_one, AmoEncoding, ClauseOptions, ClauseSink, Cnf, Lit, Var};
use sudokit_core::{Cand, Cell, Engine, Grid, Kind, Model, Puzzle, State, Unsupported, Width, Word};

/// The encodings, by name.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum Encoding {
    /// Lynce & Ouaknine's minimal encoding: Cell≥1 and the unit ≤1 families.
    Minimal,
    /// Weber's: minimal + Cell≤1.
    Efficient,
    /// Lynce & Ouaknine's extended encoding: all eight families.
    Extended,
    /// Kwon's: extended, reduced by the givens and their direct consequences.
    Optimized,
    /// Extended, reduced by the full propagation fixpoint, with compact
    /// at-most-one groups. The default: smallest formula, fastest solves.
    #[default]
    Propagated,
}

impl Encoding {
    /// Every encoding, in the order of the table in the module docs.
    pub const ALL: [Encoding; 5] = [
        Encoding::Minimal,
        Encoding::Efficient,
        Encoding::Extended,
        Encoding::Optimized,
        Encoding::Propagated,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Minimal => "minimal",
            Encoding::Efficient => "efficient",
            Encoding::Extended => "extended",
            Encoding::Optimized => "optimized",
            Encoding::Propagated => "propagated",
        }
    }

    /// The names of [`Encoding::ALL`], for help texts.
    pub fn names() -> Vec<&'static str> {
        Encoding::ALL.iter().map(|e| e.name()).collect()
    }

    fn cell_at_most_one(self) -> bool {
        self != Encoding::Minimal
    }

    fn unit_at_least_one(self) -> bool {
        !matches!(self, Encoding::Minimal | Encoding::Efficient)
    }

    /// The at-most-one encoding this encoding uses unless told otherwise.
    pub fn default_amo(self) -> AmoEncoding {
        match self {
            Encoding::Propagated => AmoEncoding::Auto,
            _ => AmoEncoding::Pairwise,
        }
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An encoding name that is not one of [`Encoding::names`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown encoding `{0}` (known: minimal, efficient, extended, optimized, propagated)")]
pub struct UnknownEncoding(pub String);

impl FromStr for Encoding {
    type Err = UnknownEncoding;
    fn from_str(s: &str) -> Result<Encoding, UnknownEncoding> {
        Encoding::ALL
            .into_iter()
            .find(|e| e.name() == s)
            .ok_or_else(|| UnknownEncoding(s.to_string()))
    }
}

/// What became of a candidate variable.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Slot {
    /// Known true before solving (a given, a single).
    True,
    /// Known false before solving.
    False,
    /// Left to the solver as this variable of [`Encoded::cnf`].
    Free(Var),
}

/// A puzzle as a formula, with what is needed to read a model back.
#[derive(Clone, Debug)]
pub struct Encoded {
    /// The formula, over [`Encoded::candidate_vars`] candidate variables
    /// followed by auxiliary ones.
    pub cnf: Cnf,
    /// The encoding used.
    pub encoding: Encoding,
    /// The at-most-one encoding used.
    pub amo: AmoEncoding,
    n: usize,
    slots: Vec<Slot>,
    givens: Grid,
    candidate_vars: usize,
}

impl Encoded {
    /// Board side.
    pub fn size(&self) -> usize {
        self.n
    }

    /// What became of each candidate, indexed by [`Cand::id`].
    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// Candidate variables left to the solver (the rest of
    /// [`Cnf::var_count`] are auxiliary).
    pub fn candidate_vars(&self) -> usize {
        self.candidate_vars
    }

    /// Candidates fixed true before solving.
    pub fn fixed_true(&self) -> usize {
        self.slots.iter().filter(|s| **s == Slot::True).count()
    }

    /// The grid of a model, given the value of each free variable: in each
    /// cell the smallest digit whose candidate is true (`0` if none).
    pub fn decode(&self, value: impl Fn(Var) -> bool) -> Grid {
        let n = self.n;
        let mut grid = Grid::empty(n);
        for cell in 0..n * n {
            let digit = (0..n).find(|&d| match self.slots[cell * n + d] {
                Slot::True => true,
                Slot::False => false,
                Slot::Free(v) => value(v),
            });
            if let Some(d) = digit {
                grid.set(Cell(cell as u16), d as u8 + 1);
            }
        }
        grid
    }

    /// The clause that forbids `grid` again: "some non-given cell holds
    /// another digit". Only candidate variables of non-given cells are
    /// used, so auxiliary variables never make one grid count twice. Empty
    /// when the grid is fully fixed by the encoding (it was the only one).
    pub fn blocking_clause(&self, grid: &Grid) -> Vec<Lit> {
        let n = self.n;
        grid.placed()
            .filter(|&(cell, _)| self.givens.get(cell).is_none())
            .filter_map(|(cell, d)| match self.slots[Cand::new(cell, d).id(n)] {
                Slot::Free(v) => Some(Lit::negative(v)),
                _ => None,
            })
            .collect()
    }

    /// The DIMACS comment header that maps variables back to cells, read by
    /// [`decode_dimacs_model`]: the encoding, the board, the cells fixed by
    /// the encoder, and `var <v> = r<r>c<c>#<d>` for every candidate
    /// variable (one line `vars identity` when variable = candidate id + 1).
    pub fn dimacs_comments(&self, title: &str) -> Vec<String> {
        let n = self.n;
        let mut lines = vec![
            format!("sudokit {title}"),
            format!("encoding {} amo {:?} size {n}", self.encoding, self.amo),
            format!(
                "{} variables ({} candidates, {} auxiliary), {} clauses",
                self.cnf.var_count(),
                self.candidate_vars,
                self.cnf.var_count() - self.candidate_vars,
                self.cnf.clause_count()
            ),
        ];
        for (id, slot) in self.slots.iter().enumerate() {
            if *slot == Slot::True {
                lines.push(format!("fixed {}", Cand::from_id(id, n).name(n)));
            }
        }
        let identity = self
            .slots
            .iter()
            .enumerate()
            .all(|(id, s)| *s == Slot::Free(Var(id as u32)));
        if identity {
            lines.push("vars identity".to_string());
        } else {
            for (id, slot) in self.slots.iter().enumerate() {
                if let Slot::Free(v) = slot {
                    lines.push(format!(
                        "var {} = {}",
                        v.to_dimacs(),
                        Cand::from_id(id, n).name(n)
                    ));
                }
            }
        }
        lines
    }
}

/// Reads a model (see [`sudokit_core::cnf::parse_model`]) back into a grid,
/// using the comment header that [`Encoded::dimacs_comments`] wrote into
/// the CNF file. Cells that are neither fixed nor true in the model stay
/// empty (`0`), so an incomplete model shows up in `verify_solution`.
pub fn decode_dimacs_model(cnf_text: &str, model: &[bool]) -> Result<Grid, String> {
    let mut size: Option<usize> = None;
    let mut grid: Option<Grid> = None;
    let cand = |name: &str, n: usize| -> Option<(Cell, u8)> {
        let rest = name.strip_prefix('r')?;
        let (r, rest) = rest.split_once('c')?;
        let (c, d) = rest.split_once('#')?;
        let (r, c, d): (usize, usize, usize) = (r.parse().ok()?, c.parse().ok()?, d.parse().ok()?);
        ((1..=n).contains(&r) && (1..=n).contains(&c) && (1..=n).contains(&d))
            .then(|| (Cell::at(r - 1, c - 1, n), d as u8))
    };
    let value = |v: usize| model.get(v).copied().unwrap_or(false);
    for (i, line) in cnf_text.lines().enumerate() {
        let Some(comment) = line.strip_prefix("c ") else {
            if line.starts_with('p') {
                break;
            }
            continue;
        };
        let bad = || format!("line {}: cannot read `{line}`", i + 1);
        let mut words = comment.split_whitespace();
        match (words.next(), size) {
            (Some("encoding"), _) => {
                let n = comment
                    .split_whitespace()
                    .skip_while(|w| *w != "size")
                    .nth(1)
                    .and_then(|w| w.parse::<usize>().ok())
                    .filter(|&n| (1..=sudokit_core::MAX_SIZE).contains(&n))
                    .ok_or_else(bad)?;
                size = Some(n);
                grid = Some(Grid::empty(n));
            }
            (Some("fixed"), Some(n)) => {
                let (cell, d) = words.next().and_then(|w| cand(w, n)).ok_or_else(bad)?;
                grid.as_mut().expect("set with size").set(cell, d);
            }
            (Some("var"), Some(n)) => {
                let v: usize = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
                let (cell, d) = words.nth(1).and_then(|w| cand(w, n)).ok_or_else(bad)?;
                let grid = grid.as_mut().expect("set with size");
                if v >= 1 && value(v - 1) && grid.get(cell).is_none() {
                    grid.set(cell, d);
                }
            }
            (Some("vars"), Some(n)) => {
                let grid = grid.as_mut().expect("set with size");
                for cell in 0..n * n {
                    if let Some(d) = (0..n).find(|&d| value(cell * n + d)) {
                        grid.set(Cell(cell as u16), d as u8 + 1);
                    }
                }
            }
            _ => {}
        }
    }
    grid.ok_or_else(|| "no `c encoding … size N` line: not a CNF written by `sudokit encode`".to_string())
}

/// The most literals a formula may hold: 32 Mi, 128 MB of formula and
/// about 1.5 GB once loaded into CaDiCaL. The default `propagated`
/// encoding of the largest shared puzzles (100×100) needs about a third of
/// it; an empty 128×128 board, or Kwon's unreduced encodings above 64×64,
/// need more.
pub const MAX_LITERALS: usize = 32 << 20;

/// How far building a formula may go.
#[derive(Clone, Copy, Debug)]
pub struct EncodeLimits {
    /// The most literals the formula may hold ([`MAX_LITERALS`] by default).
    pub max_literals: usize,
    /// Give up at this instant (a solve's time limit counts encoding).
    pub deadline: Option<Instant>,
    /// Give up once this is cancelled (Ctrl-C).
    pub cancel: Option<Cancel>,
}

impl Default for EncodeLimits {
    fn default() -> EncodeLimits {
        EncodeLimits {
            max_literals: MAX_LITERALS,
            deadline: None,
            cancel: None,
        }
    }
}

impl EncodeLimits {
    /// Why to stop now, if the deadline passed or the token was cancelled.
    pub(crate) fn stop(&self) -> Option<Stop> {
        if self.cancel.is_some_and(|c| c.is_cancelled()) {
            Some(Stop::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::TimeLimit)
        } else {
            None
        }
    }
}

/// Why no formula was built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    /// A rule has no clause form.
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
    /// The formula would hold more than `limit` literals.
    #[error(
        "the SAT formula of this {n}×{n} puzzle ({encoding} encoding) has more than {limit} \
         literals, the limit: {}",
        too_large_advice(*encoding)
    )]
    TooLarge {
        /// Board side.
        n: usize,
        /// The encoding asked for.
        encoding: Encoding,
        /// [`EncodeLimits::max_literals`].
        limit: usize,
    },
    /// The deadline passed or the token was cancelled while building
    /// ([`Stop::TimeLimit`] or [`Stop::Cancelled`]).
    #[error("stopped while encoding ({0:?})")]
    Stopped(Stop),
}

/// What to do about a formula too large in `encoding`.
fn too_large_advice(encoding: Encoding) -> &'static str {
    match encoding {
        Encoding::Propagated => "solve it with another strategy (propagation)",
        _ => "try the propagated encoding, which fixes what propagation deduces, or another strategy",
    }
}

/// Encodes `puzzle` within [`EncodeLimits::default`] (no deadline, at most
/// [`MAX_LITERALS`]); see [`encode_within`].
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Puzzle};
/// use sudokit_solvers::sat::{encode, Encoding};
/// let puzzle = Puzzle::new(Geometry::square(9).unwrap()).with(ClassicRules).unwrap();
/// let e = encode(&puzzle, Encoding::Extended, None).unwrap();
/// assert_eq!(e.cnf.clause_count(), (81 + 81 * 36) * 4);
/// ```
pub fn encode(puzzle: &Puzzle, encoding: Encoding, amo: Option<AmoEncoding>) -> Result<Encoded, EncodeError> {
    encode_within(puzzle, encoding, amo, &EncodeLimits::default())
}

/// Checks that every rule of `puzzle` has a clause form, without building
/// the formula (which can be huge).
pub(crate) fn check_rules(puzzle: &Puzzle) -> Result<(), Unsupported> {
    /// Takes clauses and forgets them.
    struct Discard(u32);
    impl ClauseSink for Discard {
        fn new_var(&mut self) -> Var {
            self.0 += 1;
            Var(self.0 - 1)
        }
        fn add_clause(&mut self, _clause: &[Lit]) {}
        fn at_most_one(&mut self, _lits: &[Lit], _amo: AmoEncoding) {}
    }
    let n = puzzle.size();
    let mut sink = Discard((n * n * n) as u32);
    emit_rules(puzzle.model(), &ClauseOptions::default(), &mut sink)
}

/// Encodes `puzzle`, giving up past `limits`. Techniques ([`Kind::Technique`])
/// are skipped: they are implied by the rules. A rule without a clause form
/// is an error.
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Puzzle};
/// let puzzle = Puzzle::new(Geometry::square(9).unwrap()).with(ClassicRules).unwrap();
/// use sudokit_solvers::sat::{encode_within, EncodeError, EncodeLimits, Encoding};
/// let too_small = EncodeLimits { max_literals: 1_000, ..EncodeLimits::default() };
/// let err = encode_within(&puzzle, Encoding::Extended, None, &too_small).unwrap_err();
/// assert!(matches!(err, EncodeError::TooLarge { limit: 1_000, .. }));
/// ```
pub fn encode_within(
    puzzle: &Puzzle,
    encoding: Encoding,
    amo: Option<AmoEncoding>,
    limits: &EncodeLimits,
) -> Result<Encoded, EncodeError> {
    let geometry = puzzle.geometry();
    let n = geometry.size();
    let total = n * n * n;
    let amo = amo.unwrap_or(encoding.default_amo());
    let options = ClauseOptions {
        unit_at_least_one: encoding.unit_at_least_one(),
        amo,
    };
    let model = puzzle.model();

    // 1. What is known before emitting: +1 true, -1 false, 0 free.
    let mut fixed = vec![0i8; total];
    let mut conflict = false;
    match encoding {
        Encoding::Minimal | Encoding::Efficient | Encoding::Extended => {}
        Encoding::Optimized => {
            for (cell, d) in puzzle.givens().placed() {
                for digit in 1..=n as u8 {
                    let id = Cand::new(cell, digit).id(n);
                    fixed[id] = if digit == d { 1 } else { -1 };
                }
            }
            // X⁻: one step from the givens through the rules' groups.
            let mut collector = Consequences {
                given: &fixed,
                derived: vec![0; total],
                next_aux: total as u32,
            };
            emit_model(model, &options, &mut collector);
            emit_rules(model, &options, &mut collector)?;
            let derived = collector.derived;
            for (slot, d) in fixed.iter_mut().zip(derived) {
                match (*slot, d) {
                    (_, 0) => {}
                    (0, d) => *slot = d,
                    (s, d) if s != d => conflict = true,
                    _ => {}
                }
            }
        }
        Encoding::Propagated => match propagate(puzzle) {
            Some(state) => fixed = state,
            None => conflict = true,
        },
    }
    if let Some(stop) = limits.stop() {
        return Err(EncodeError::Stopped(stop));
    }

    // The at-most-one groups are most of a large formula, and their size
    // is known now: refuse at once rather than after building the limit.
    if amo_literals(model, &fixed, amo, encoding.cell_at_most_one()) > limits.max_literals {
        return Err(EncodeError::TooLarge {
            n,
            encoding,
            limit: limits.max_literals,
        });
    }

    // 2. Dense numbering of the free candidates.
    let mut slots = Vec::with_capacity(total);
    let mut free = 0u32;
    for &f in &fixed {
        slots.push(match f {
            1 => Slot::True,
            -1 => Slot::False,
            _ => {
                free += 1;
                Slot::Free(Var(free - 1))
            }
        });
    }

    // 3. Emit and simplify.
    let mut builder = Builder {
        cnf: Cnf::new(free as usize),
        slots: &slots,
        total: total as u32,
        aux: Vec::new(),
        scratch: Vec::new(),
        limits,
        calls: 0,
        over: None,
    };
    if conflict {
        builder.cnf.add_clause(&[]);
    }
    let mut lits = Vec::with_capacity(n);
    for cell in geometry.cells() {
        lits.clear();
        lits.extend((1..=n as u8).map(|d| Lit::positive(Var::of_cand(Cand::new(cell, d), n))));
        builder.add_clause(&lits);
        if encoding.cell_at_most_one() {
            builder.at_most_one(&lits, amo);
        }
    }
    emit_model(model, &options, &mut builder);
    emit_rules(model, &options, &mut builder)?;
    for (cell, d) in puzzle.givens().placed() {
        builder.add_clause(&[Lit::positive(Var::of_cand(Cand::new(cell, d), n))]);
    }
    // The last clause may have crossed the limit: look once more.
    builder.going();
    match builder.over {
        Some(Over::Size) => {
            return Err(EncodeError::TooLarge {
                n,
                encoding,
                limit: limits.max_literals,
            })
        }
        Some(Over::Stopped(stop)) => return Err(EncodeError::Stopped(stop)),
        None => {}
    }
    let cnf = builder.cnf;
    Ok(Encoded {
        cnf,
        encoding,
        amo,
        n,
        slots,
        givens: puzzle.givens().clone(),
        candidate_vars: free as usize,
    })
}

/// The clauses of the model's domains, groups, relations and sums, declared
/// and derived (see the `sums` module for those):
///
/// * a unit clause `¬(c = d)` for every digit a rule's domain rules out;
/// * per group and digit, at most once, and at least once when the group is
///   complete and [`ClauseOptions::unit_at_least_one`] asks (Kwon's unit
///   families, for rows, columns and boxes);
/// * per related pair other than a `≠` inside a group, *support clauses*
///   (Gent 2002): `a = x` implies `b` holds a digit the relation allows with
///   `x`, and the same from `b`'s side, which unit propagation turns into arc
///   consistency; a candidate with one forbidden partner gets the binary
///   clause `¬(a = x) ∨ ¬(b = y)` instead, and one with no allowed partner
///   the unit clause `¬(a = x)`.
pub fn emit_model(model: &Model, options: &ClauseOptions, sink: &mut dyn ClauseSink) {
    let n = model.size();
    let lit = |cell: Cell, d: u8| Lit::positive(Var::of_cand(Cand::new(cell, d), n));
    for cell in model.geometry().cells() {
        let domain = model.domain(cell);
        for d in (1..=n as u8).filter(|&d| !domain.contains(d)) {
            sink.add_clause(&[!lit(cell, d)]);
        }
    }
    let mut lits = Vec::with_capacity(n + 1);
    for group in model.groups() {
        let complete = group.is_complete(n);
        for d in 1..=n as u8 {
            lits.clear();
            lits.extend(group.cells().iter().map(|&c| lit(c, d)));
            if complete && options.unit_at_least_one {
                sink.add_clause(&lits);
            }
            sink.at_most_one(&lits, options.amo);
        }
    }
    super::sums::emit_sums(model, sink);
    let full_count = n as u32;
    for pair in model.related_pairs() {
        if pair.differ {
            if !pair.share_group {
                for d in 1..=n as u8 {
                    sink.add_clause(&[!lit(pair.a, d), !lit(pair.b, d)]);
                }
            }
            continue;
        }
        let forward = model.table(pair.table);
        let backward = forward.transpose();
        for (from, to, table, other) in [
            (pair.a, pair.b, forward, None),
            (pair.b, pair.a, &backward, Some(forward)),
        ] {
            for x in 1..=n as u8 {
                let support = table.partners(x);
                let allowed = support.count_ones();
                if allowed == full_count {
                    continue;
                }
                if allowed + 1 == full_count {
                    let y = (!support).trailing_zeros() as u8 + 1;
                    // Seen from the other side already, when its row forbids one digit too.
                    let done = other.is_some_and(|t| t.partners(y).count_ones() + 1 == full_count);
                    if !done {
                        sink.add_clause(&[!lit(from, x), !lit(to, y)]);
                    }
                    continue;
                }
                lits.clear();
                lits.push(!lit(from, x));
                lits.extend(
                    (1..=n as u8)
                        .filter(|&y| support >> (y - 1) & 1 == 1)
                        .map(|y| lit(to, y)),
                );
                sink.add_clause(&lits);
            }
        }
    }
}

/// The literals the builder will write for the at-most-one groups (every
/// group of the model, digit by digit, and each cell's digits when
/// `cells_too`), counted from the candidates `fixed` leaves free as
/// [`Builder::at_most_one`] and [`encode_at_most_one`] write them: a lower
/// bound of the whole formula's literals, cheap to count.
fn amo_literals(model: &Model, fixed: &[i8], amo: AmoEncoding, cells_too: bool) -> usize {
    let n = model.size();
    let cost = |free: usize, trues: usize| -> usize {
        let pairwise = match amo {
            AmoEncoding::Pairwise => true,
            AmoEncoding::Sequential => free <= 2,
            AmoEncoding::Auto => free <= AmoEncoding::AUTO_PAIRWISE_MAX,
        };
        match trues {
            0 if pairwise => free * free.saturating_sub(1),
            // Sinz: 3m − 4 binary clauses.
            0 => 2 * (3 * free - 4),
            1 => free,
            _ => 0,
        }
    };
    let count = |cands: &mut dyn Iterator<Item = usize>| {
        let (mut free, mut trues) = (0, 0);
        for id in cands {
            match fixed[id] {
                0 => free += 1,
                1 => trues += 1,
                _ => {}
            }
        }
        cost(free, trues)
    };
    let mut literals = 0usize;
    for group in model.groups() {
        for d in 1..=n as u8 {
            literals += count(&mut group.cells().iter().map(|&c| Cand::new(c, d).id(n)));
        }
    }
    if cells_too {
        for cell in model.geometry().cells() {
            literals += count(&mut (1..=n as u8).map(|d| Cand::new(cell, d).id(n)));
        }
    }
    literals
}

/// The clauses of every rule's own propagator; a rule with a propagator
/// and no clause form is an error naming it.
fn emit_rules(model: &Model, options: &ClauseOptions, sink: &mut dyn ClauseSink) -> Result<(), Unsupported> {
    for constraint in model.constraints() {
        if constraint.kind() == Kind::Technique {
            continue;
        }
        match constraint.clauses(model.geometry(), options, sink) {
            Err(_) if constraint.has_propagator() => return Err(Unsupported::new("sat", constraint.name())),
            // A declarative rule says everything through its groups and relations.
            _ => {}
        }
    }
    Ok(())
}

/// The propagation fixpoint as fixed candidates, or `None` on a contradiction.
fn propagate(puzzle: &Puzzle) -> Option<Vec<i8>> {
    fn run<W: Word>(puzzle: &Puzzle) -> Option<Vec<i8>> {
        let geometry = puzzle.geometry();
        let n = geometry.size();
        let mut state = State::<W>::with_givens(geometry, puzzle.givens());
        let mut engine = Engine::new(puzzle.model());
        engine.schedule_all();
        engine.propagate(&mut state, None).ok()?;
        let mut fixed = vec![0i8; n * n * n];
        for (cell, set) in state.cells().iter().enumerate() {
            for d in 1..=n as u8 {
                fixed[cell * n + d as usize - 1] = match (set.contains(d), set.is_single()) {
                    (false, _) => -1,
                    (true, true) => 1,
                    (true, false) => 0,
                };
            }
        }
        Some(fixed)
    }
    match Width::for_size(puzzle.size()).expect("geometry sizes fit a word") {
        Width::W16 => run::<u16>(puzzle),
        Width::W32 => run::<u32>(puzzle),
        Width::W64 => run::<u64>(puzzle),
        Width::W128 => run::<u128>(puzzle),
    }
}

/// Pass one of `optimized`: collects X⁻, the literals made false in one step
/// by the givens (X⁺), through at-most-one groups and binary clauses.
struct Consequences<'a> {
    given: &'a [i8],
    derived: Vec<i8>,
    next_aux: u32,
}

impl Consequences<'_> {
    fn value(&self, lit: Lit) -> i8 {
        let v = lit.var().index();
        let f = if v < self.given.len() { self.given[v] } else { 0 };
        if lit.is_negative() {
            -f
        } else {
            f
        }
    }

    /// Records that `lit` must be true.
    fn imply(&mut self, lit: Lit) {
        let v = lit.var().index();
        if v < self.derived.len() && self.given[v] == 0 {
            let want = if lit.is_negative() { -1 } else { 1 };
            // Two opposite consequences: keep the literal's given-free state
            // and let the builder find the conflict through the clauses.
            self.derived[v] = if self.derived[v] == -want { 0 } else { want };
        }
    }
}

impl ClauseSink for Consequences<'_> {
    fn new_var(&mut self) -> Var {
        self.next_aux += 1;
        Var(self.next_aux - 1)
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        if let [a, b] = *clause {
            if self.value(a) < 0 {
                self.imply(b);
            } else if self.value(b) < 0 {
                self.imply(a);
            }
        }
    }

    fn at_most_one(&mut self, lits: &[Lit], _amo: AmoEncoding) {
        if let Some(t) = lits.iter().position(|&l| self.value(l) > 0) {
            for (i, &l) in lits.iter().enumerate() {
                if i != t && self.value(l) == 0 {
                    self.imply(!l);
                }
            }
        }
    }
}

/// Pass two: simplifies every clause against the fixed candidates and
/// renumbers variables (candidates `Var::of_cand` → dense, auxiliaries →
/// after them).
struct Builder<'a> {
    cnf: Cnf,
    slots: &'a [Slot],
    total: u32,
    /// Dense variable of auxiliary `total + i`.
    aux: Vec<Var>,
    scratch: Vec<Lit>,
    limits: &'a EncodeLimits,
    /// Clauses and groups taken so far, to look at the clock every so often.
    calls: u32,
    /// Why building gave up; everything after is ignored.
    over: Option<Over>,
}

/// Why a [`Builder`] gave up.
#[derive(Clone, Copy, Debug)]
enum Over {
    /// Past [`EncodeLimits::max_literals`].
    Size,
    /// Past the deadline, or cancelled.
    Stopped(Stop),
}

/// Clauses between two looks at the clock.
const CLOCK_EVERY: u32 = 1 << 12;

enum Mapped {
    True,
    False,
    Lit(Lit),
}

impl Builder<'_> {
    /// Whether to go on: not past the size limit, the deadline or Ctrl-C.
    fn going(&mut self) -> bool {
        if self.over.is_some() {
            return false;
        }
        if self.cnf.literal_count() > self.limits.max_literals {
            self.over = Some(Over::Size);
            return false;
        }
        self.calls = self.calls.wrapping_add(1);
        if self.calls % CLOCK_EVERY == 0 {
            self.over = self.limits.stop().map(Over::Stopped);
        }
        self.over.is_none()
    }

    fn map(&self, lit: Lit) -> Mapped {
        let v = lit.var().0;
        let var = if v < self.total {
            match self.slots[v as usize] {
                Slot::Free(var) => var,
                Slot::True if lit.is_negative() => return Mapped::False,
                Slot::True => return Mapped::True,
                Slot::False if lit.is_negative() => return Mapped::True,
                Slot::False => return Mapped::False,
            }
        } else {
            self.aux[(v - self.total) as usize]
        };
        Mapped::Lit(Lit::new(var, !lit.is_negative()))
    }
}

impl ClauseSink for Builder<'_> {
    fn new_var(&mut self) -> Var {
        self.aux.push(self.cnf.new_var());
        Var(self.total + self.aux.len() as u32 - 1)
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        if !self.going() {
            return;
        }
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        for &lit in clause {
            match self.map(lit) {
                Mapped::True => {
                    self.scratch = out;
                    return;
                }
                Mapped::False => {}
                Mapped::Lit(l) => out.push(l),
            }
        }
        self.cnf.add_clause(&out);
        self.scratch = out;
    }

    fn at_most_one(&mut self, lits: &[Lit], amo: AmoEncoding) {
        if !self.going() {
            return;
        }
        let mut trues = 0;
        let mut free = Vec::with_capacity(lits.len());
        for &lit in lits {
            match self.map(lit) {
                Mapped::True => trues += 1,
                Mapped::False => {}
                Mapped::Lit(l) => free.push(l),
            }
        }
        match trues {
            0 => encode_at_most_one(&mut self.cnf, &free, amo),
            1 => {
                for l in free {
                    self.cnf.add_clause(&[!l]);
                }
            }
            _ => self.cnf.add_clause(&[]),
        }
    }
}
