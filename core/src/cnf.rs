//! Clauses: the SAT form of the rules, solver-independent.
//!
//! A Sudoku becomes a propositional formula over one variable per candidate,
//! `x(r,c,d)` = "cell `(r,c)` holds `d`". The variable of a [`Cand`] is its
//! dense id `cell * n + d - 1` ([`Var::of_cand`]), so the `n³` candidate
//! variables come first and auxiliary variables (counters of compact
//! at-most-one encodings, …) are numbered after them.
//!
//! * [`Var`] and [`Lit`] are 0-based inside the program; DIMACS, the text
//!   format of every SAT solver, is 1-based with negative numbers for negated
//!   literals ([`Lit::to_dimacs`], [`Lit::from_dimacs`]).
//! * A constraint emits its clauses into a [`ClauseSink`], in the style of
//!   varisat's `ExtendFormula`: `add_clause`, `new_var`, plus
//!   [`ClauseSink::at_most_one`] so that a sink can choose how to encode
//!   "at most one of these" ([`AmoEncoding`]) and simplify it first.
//! * [`Cnf`] is a flat formula (all literals in one vector plus offsets) with
//!   a DIMACS writer and reader; [`parse_model`] reads a solver's answer.
//!
//! Nothing here depends on a SAT solver: solving lives in `sudokit-solvers`.
//!
//! ```
//! use sudokit_core::cnf::{Cnf, ClauseSink, Lit, Var};
//! let mut cnf = Cnf::new(2);
//! let (a, b) = (Lit::positive(Var(0)), Lit::positive(Var(1)));
//! cnf.add_clause(&[a, b]);
//! cnf.add_clause(&[!a, !b]);
//! let mut text = Vec::new();
//! cnf.write_dimacs(&mut text, &[]).unwrap();
//! assert_eq!(String::from_utf8(text).unwrap(), "p cnf 2 2\n1 2 0\n-1 -2 0\n");
//! ```

use std::fmt;
use std::io::{self, Write};
use std::ops::Not;

use crate::cell::Cand;

/// A propositional variable, 0-based (DIMACS variable `index + 1`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Var(pub u32);

impl Var {
    /// The variable of a candidate on an `n`×`n` board: its dense id.
    #[inline]
    pub fn of_cand(cand: Cand, n: usize) -> Var {
        Var(cand.id(n) as u32)
    }

    /// The 0-based index, for indexing per-variable vectors.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The 1-based DIMACS number.
    #[inline]
    pub fn to_dimacs(self) -> i32 {
        self.0 as i32 + 1
    }
}

/// A variable or its negation, packed as `2 * var + negated`.
///
/// ```
/// use sudokit_core::cnf::{Lit, Var};
/// let l = Lit::negative(Var(4));
/// assert_eq!(l.to_dimacs(), -5);
/// assert_eq!(Lit::from_dimacs(-5), Some(l));
/// assert_eq!(!l, Lit::positive(Var(4)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lit(u32);

impl Lit {
    /// The literal `var` (true when `var` is).
    #[inline]
    pub fn positive(var: Var) -> Lit {
        Lit(var.0 << 1)
    }

    /// The literal `¬var`.
    #[inline]
    pub fn negative(var: Var) -> Lit {
        Lit(var.0 << 1 | 1)
    }

    /// `var` when `value`, `¬var` otherwise: the literal made true by `var = value`.
    #[inline]
    pub fn new(var: Var, value: bool) -> Lit {
        if value {
            Lit::positive(var)
        } else {
            Lit::negative(var)
        }
    }

    /// The variable.
    #[inline]
    pub fn var(self) -> Var {
        Var(self.0 >> 1)
    }

    /// True for `¬var`.
    #[inline]
    pub fn is_negative(self) -> bool {
        self.0 & 1 == 1
    }

    /// The signed 1-based DIMACS number.
    #[inline]
    pub fn to_dimacs(self) -> i32 {
        let v = self.var().to_dimacs();
        if self.is_negative() {
            -v
        } else {
            v
        }
    }

    /// The literal of a DIMACS number; `None` for `0` (the clause end).
    #[inline]
    pub fn from_dimacs(number: i32) -> Option<Lit> {
        let var = Var(number.unsigned_abs().checked_sub(1)?);
        Some(Lit::new(var, number > 0))
    }
}

impl Not for Lit {
    type Output = Lit;
    #[inline]
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Debug for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

/// How "at most one of these literals is true" becomes clauses.
///
/// For `m` literals (Sinz 2005; Klieber & Kwon 2007 survey the others):
///
/// | encoding | clauses | extra variables |
/// |---|---|---|
/// | pairwise | m(m−1)/2 | 0 |
/// | sequential counter | 3m − 4 | m − 1 |
///
/// Pairwise is what Kwon (2007) uses and what the clause-count formulas
/// assume; it propagates best but grows quadratically (a 100×100 unit has
/// 4,950 clauses per digit). The sequential counter is linear and still
/// arc-consistent under unit propagation.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum AmoEncoding {
    /// Every pair `¬a ∨ ¬b`.
    #[default]
    Pairwise,
    /// Sinz's sequential counter: `s_i` = "one of the first `i` is true".
    Sequential,
    /// Pairwise up to [`AmoEncoding::AUTO_PAIRWISE_MAX`] literals, sequential above.
    Auto,
}

impl AmoEncoding {
    /// Largest group that [`AmoEncoding::Auto`] encodes pairwise. Counting
    /// clauses alone would say 6 (15 vs 14), but CDCL solvers do better
    /// without auxiliary variables: on the 25×25 benchmark puzzles pairwise
    /// groups solve several times faster than sequential ones, so the
    /// counter is kept for the long groups of big boards (a 100×100 unit
    /// costs 4,950 pairwise clauses per digit, 296 with the counter).
    pub const AUTO_PAIRWISE_MAX: usize = 32;
}

/// Which clause families a constraint emits: the choices that tell Kwon's
/// encodings apart. Passed to [`Rule::clauses`](crate::Rule::clauses).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ClauseOptions {
    /// Also say that every digit appears at least once in every complete
    /// unit (the "positive" row/column/block families of the extended
    /// encoding). Redundant, but unit propagation cannot derive them.
    pub unit_at_least_one: bool,
    /// How at-most-one groups are encoded when a sink leaves it to
    /// [`encode_at_most_one`].
    pub amo: AmoEncoding,
}

/// Where clauses go: a formula in memory, a solver, a file.
///
/// Only [`add_clause`](ClauseSink::add_clause) and
/// [`new_var`](ClauseSink::new_var) are required. Constraints should say
/// "at most one" through [`at_most_one`](ClauseSink::at_most_one) rather
/// than emit pairs: a sink may then drop literals already known false and
/// pick a compact encoding for what is left.
pub trait ClauseSink {
    /// A fresh auxiliary variable, numbered after every variable in use.
    fn new_var(&mut self) -> Var;

    /// Adds the clause `l1 ∨ l2 ∨ …` (empty = the formula is unsatisfiable).
    fn add_clause(&mut self, clause: &[Lit]);

    /// At most one of `lits` is true, encoded as `amo` says by default.
    fn at_most_one(&mut self, lits: &[Lit], amo: AmoEncoding) {
        encode_at_most_one(self, lits, amo);
    }
}

/// Emits "at most one of `lits`" into `sink` with the chosen encoding.
///
/// ```
/// use sudokit_core::cnf::{encode_at_most_one, AmoEncoding, Cnf, Lit, Var};
/// let lits: Vec<Lit> = (0..5).map(|v| Lit::positive(Var(v))).collect();
/// let mut pairwise = Cnf::new(5);
/// encode_at_most_one(&mut pairwise, &lits, AmoEncoding::Pairwise);
/// assert_eq!((pairwise.var_count(), pairwise.clause_count()), (5, 10));
/// let mut sequential = Cnf::new(5);
/// encode_at_most_one(&mut sequential, &lits, AmoEncoding::Sequential);
/// assert_eq!((sequential.var_count(), sequential.clause_count()), (5 + 4, 3 * 5 - 4));
/// ```
pub fn encode_at_most_one<S: ClauseSink + ?Sized>(sink: &mut S, lits: &[Lit], amo: AmoEncoding) {
    let m = lits.len();
    let pairwise = match amo {
        AmoEncoding::Pairwise => true,
        AmoEncoding::Sequential => m <= 2,
        AmoEncoding::Auto => m <= AmoEncoding::AUTO_PAIRWISE_MAX,
    };
    if pairwise {
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                sink.add_clause(&[!a, !b]);
            }
        }
        return;
    }
    // Sinz: s_i ⇔ "some of x_1..x_i is true" (only ⇐ is needed).
    //   x_1 → s_1;  for 1 < i < m: x_i → s_i, s_{i-1} → s_i, x_i → ¬s_{i-1};  x_m → ¬s_{m-1}.
    let mut prev = sink.new_var();
    sink.add_clause(&[!lits[0], Lit::positive(prev)]);
    for &x in &lits[1..m - 1] {
        let s = sink.new_var();
        sink.add_clause(&[!x, Lit::positive(s)]);
        sink.add_clause(&[Lit::negative(prev), Lit::positive(s)]);
        sink.add_clause(&[!x, Lit::negative(prev)]);
        prev = s;
    }
    sink.add_clause(&[!lits[m - 1], Lit::negative(prev)]);
}

/// A formula in conjunctive normal form, stored flat: every literal in one
/// vector, and where each clause starts.
///
/// Flat storage keeps a 4-million-clause formula in two allocations
/// (cspuz's `ClauseSet` does the same).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    vars: usize,
    lits: Vec<Lit>,
    starts: Vec<usize>,
}

impl Cnf {
    /// An empty formula over `vars` variables (more may be added with
    /// [`ClauseSink::new_var`]).
    pub fn new(vars: usize) -> Cnf {
        Cnf {
            vars,
            lits: Vec::new(),
            starts: Vec::new(),
        }
    }

    /// Number of variables.
    pub fn var_count(&self) -> usize {
        self.vars
    }

    /// Number of clauses.
    pub fn clause_count(&self) -> usize {
        self.starts.len()
    }

    /// Number of literal occurrences in all clauses.
    pub fn literal_count(&self) -> usize {
        self.lits.len()
    }

    /// Makes room for `vars` variables (keeps a larger count).
    pub fn reserve_vars(&mut self, vars: usize) {
        self.vars = self.vars.max(vars);
    }

    /// Clause `i`.
    pub fn clause(&self, i: usize) -> &[Lit] {
        let end = self.starts.get(i + 1).copied().unwrap_or(self.lits.len());
        &self.lits[self.starts[i]..end]
    }

    /// The clauses in order.
    pub fn clauses(&self) -> impl ExactSizeIterator<Item = &[Lit]> + '_ {
        (0..self.starts.len()).map(|i| self.clause(i))
    }

    /// True when the formula contains the empty clause (unsatisfiable as written).
    pub fn has_empty_clause(&self) -> bool {
        self.clauses().any(|c| c.is_empty())
    }

    /// Writes DIMACS: `comments` as `c` lines (one per entry), the
    /// `p cnf V C` header, then one clause per line ending in `0`.
    pub fn write_dimacs<W: Write>(&self, out: &mut W, comments: &[String]) -> io::Result<()> {
        let mut out = io::BufWriter::with_capacity(1 << 16, out);
        for comment in comments {
            for line in comment.lines() {
                writeln!(out, "c {line}")?;
            }
        }
        writeln!(out, "p cnf {} {}", self.vars, self.clause_count())?;
        for clause in self.clauses() {
            for &lit in clause {
                write!(out, "{} ", lit.to_dimacs())?;
            }
            out.write_all(b"0\n")?;
        }
        out.flush()
    }

    /// Reads DIMACS CNF: `c` comment lines, a `p cnf V C` header, clauses
    /// ending in `0` (a clause may span lines). Errors name the line.
    ///
    /// ```
    /// use sudokit_core::cnf::Cnf;
    /// let cnf = Cnf::read_dimacs("c hi\np cnf 3 2\n1 -2 0\n3\n 2 0\n").unwrap();
    /// assert_eq!((cnf.var_count(), cnf.clause_count()), (3, 2));
    /// assert_eq!(cnf.clause(1).len(), 2);
    /// assert!(Cnf::read_dimacs("p cnf 1 1\n2 0\n").unwrap_err().to_string().contains("line 2"));
    /// ```
    pub fn read_dimacs(text: &str) -> Result<Cnf, DimacsError> {
        let mut header: Option<(usize, usize)> = None;
        let mut cnf = Cnf::new(0);
        let mut open = false;
        for (i, line) in text.lines().enumerate() {
            let line_no = i + 1;
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('c') || trimmed.starts_with('%') {
                continue;
            }
            if trimmed.starts_with('p') {
                let fields: Vec<&str> = trimmed.split_whitespace().collect();
                let parsed = match fields.as_slice() {
                    ["p", "cnf", v, c] => v.parse().ok().zip(c.parse().ok()),
                    _ => None,
                };
                let Some((v, c)) = parsed else {
                    return Err(DimacsError::new(line_no, format!("bad header `{trimmed}`")));
                };
                if header.is_some() {
                    return Err(DimacsError::new(line_no, "second `p cnf` header"));
                }
                header = Some((v, c));
                cnf.vars = v;
                continue;
            }
            let Some((vars, _)) = header else {
                return Err(DimacsError::new(line_no, "clause before the `p cnf` header"));
            };
            for token in trimmed.split_whitespace() {
                let number: i32 = token
                    .parse()
                    .map_err(|_| DimacsError::new(line_no, format!("`{token}` is not a literal")))?;
                if !open {
                    cnf.starts.push(cnf.lits.len());
                    open = true;
                }
                match Lit::from_dimacs(number) {
                    None => open = false,
                    Some(lit) if lit.var().index() >= vars => {
                        return Err(DimacsError::new(
                            line_no,
                            format!("literal {number} is above the {vars} declared variables"),
                        ))
                    }
                    Some(lit) => cnf.lits.push(lit),
                }
            }
        }
        let Some((_, clauses)) = header else {
            return Err(DimacsError::new(0, "no `p cnf` header"));
        };
        if open {
            return Err(DimacsError::new(
                text.lines().count(),
                "last clause does not end in 0",
            ));
        }
        if cnf.clause_count() != clauses {
            return Err(DimacsError::new(
                0,
                format!("header says {clauses} clauses, found {}", cnf.clause_count()),
            ));
        }
        Ok(cnf)
    }
}

impl ClauseSink for Cnf {
    fn new_var(&mut self) -> Var {
        self.vars += 1;
        Var(self.vars as u32 - 1)
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        debug_assert!(clause.iter().all(|l| l.var().index() < self.vars), "{clause:?}");
        self.starts.push(self.lits.len());
        self.lits.extend_from_slice(clause);
    }
}

/// A DIMACS file or solver answer that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", if *.line > 0 { format!("line {line}: ") } else { String::new() })]
pub struct DimacsError {
    /// 1-based line, `0` when the error concerns the whole text.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl DimacsError {
    /// An error at `line` (0 = the whole text).
    pub fn new(line: usize, message: impl Into<String>) -> DimacsError {
        DimacsError {
            line,
            message: message.into(),
        }
    }
}

/// A solver's answer, as [`parse_model`] reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Model {
    /// A satisfying assignment: `values[v]` for variable `v` (unmentioned
    /// variables are false).
    Sat(Vec<bool>),
    /// The solver proved the formula unsatisfiable.
    Unsat,
}

/// Reads a SAT solver's answer: the competition format (`s SATISFIABLE`
/// and `v` lines, as printed by cadical, kissat, `minisat -verb=0` … on
/// stdout), minisat's result file (`SAT` then the literals), or a bare
/// list of literals. `c` lines are skipped.
///
/// ```
/// use sudokit_core::cnf::{parse_model, Model};
/// let answer = "c cadical\ns SATISFIABLE\nv 1 -2\nv 3 0\n";
/// assert_eq!(parse_model(answer).unwrap(), Model::Sat(vec![true, false, true]));
/// assert_eq!(parse_model("UNSAT\n").unwrap(), Model::Unsat);
/// ```
pub fn parse_model(text: &str) -> Result<Model, DimacsError> {
    let mut values: Vec<bool> = Vec::new();
    let mut status: Option<bool> = None;
    let mut any_literal = false;
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let trimmed = line.trim();
        let body = match trimmed
            .split_once(char::is_whitespace)
            .map_or((trimmed, ""), |(a, b)| (a, b))
        {
            ("c", _) | ("", _) => continue,
            ("s", rest) | (rest, "") if is_status(rest) => {
                status = Some(rest.trim() == "SATISFIABLE" || rest.trim() == "SAT");
                continue;
            }
            ("v", rest) => rest,
            _ => trimmed,
        };
        for token in body.split_whitespace() {
            let number: i32 = token
                .parse()
                .map_err(|_| DimacsError::new(line_no, format!("`{token}` is not a literal")))?;
            if let Some(lit) = Lit::from_dimacs(number) {
                any_literal = true;
                let v = lit.var().index();
                if v >= values.len() {
                    values.resize(v + 1, false);
                }
                values[v] = !lit.is_negative();
            }
        }
    }
    match status {
        Some(false) => Ok(Model::Unsat),
        _ if any_literal => Ok(Model::Sat(values)),
        Some(true) => Err(DimacsError::new(0, "SATISFIABLE but no model (`v` lines) given")),
        None => Err(DimacsError::new(
            0,
            "no solver answer found (no `s` line, no literals)",
        )),
    }
}

fn is_status(word: &str) -> bool {
    matches!(
        word.trim(),
        "SATISFIABLE" | "UNSATISFIABLE" | "SAT" | "UNSAT" | "UNKNOWN" | "INDETERMINATE"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dimacs_round_trip() {
        let mut cnf = Cnf::new(3);
        let v = cnf.new_var();
        assert_eq!(v, Var(3));
        cnf.add_clause(&[Lit::positive(Var(0)), Lit::negative(v)]);
        cnf.add_clause(&[]);
        cnf.add_clause(&[Lit::negative(Var(2))]);
        let mut out = Vec::new();
        cnf.write_dimacs(&mut out, &["two\nlines".to_string()]).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("c two\nc lines\np cnf 4 3\n"), "{text}");
        assert_eq!(Cnf::read_dimacs(&text).unwrap(), cnf);
        assert!(cnf.has_empty_clause());
    }

    #[test]
    fn sequential_counter_is_at_most_one() {
        // Brute force: for every assignment of 5 literals, the formula with
        // the counter is satisfiable iff at most one is true.
        let lits: Vec<Lit> = (0..5).map(|v| Lit::positive(Var(v))).collect();
        let mut cnf = Cnf::new(5);
        encode_at_most_one(&mut cnf, &lits, AmoEncoding::Sequential);
        let aux = cnf.var_count() - 5;
        for x in 0u32..32 {
            let sat = (0u32..1 << aux).any(|s| {
                let value = |l: Lit| {
                    let v = l.var().index();
                    let bit = if v < 5 { x >> v & 1 } else { s >> (v - 5) & 1 };
                    (bit == 1) != l.is_negative()
                };
                cnf.clauses().all(|c| c.iter().any(|&l| value(l)))
            });
            assert_eq!(sat, x.count_ones() <= 1, "assignment {x:05b}");
        }
    }

    #[test]
    fn models_in_several_dialects() {
        assert_eq!(
            parse_model("SAT\n1 -2 0\n").unwrap(),
            Model::Sat(vec![true, false])
        );
        assert_eq!(parse_model("-1 2 0").unwrap(), Model::Sat(vec![false, true]));
        assert_eq!(parse_model("s UNSATISFIABLE\n").unwrap(), Model::Unsat);
        assert!(parse_model("s SATISFIABLE\n").is_err());
        assert!(parse_model("v 1 x 0").unwrap_err().to_string().contains("line 1"));
    }
}
