//! Cells that pairwise obey one relation forbidding equal digits: a nabner
//! line, or a setter's pairwise rule over a group (ISS's `.PairX`, read as
//! `custom-pairs`). Between them the cells hold a *set* of digits every two
//! of which the relation allows. The pairs alone, arc by arc, see neither
//! which sets fit all the cells at once nor the digits every such set
//! needs; [`PairCliques`] keeps only candidates in fitting sets
//! ([`keep_digit_sets_pruned`]) and takes each needed digit out of the
//! cells that see every cell where it can still go, as ISS's pairwise
//! handler does with its required values. On ISS's "Nabner" puzzle the
//! propagation search took 1,122,811 nodes on the pairs alone.

use std::borrow::Cow;
use std::collections::HashSet;

use sudokit_core::cnf::{ClauseOptions, ClauseSink};
use sudokit_core::{
    keep_digit_sets_pruned, Cell, Constraint, Contradiction, CoverSink, Ctx, Digit, Digits, Geometry, Grid,
    Group, Propagate, Reason, Relation, Rule, Unsupported, Violation, Word,
};

use crate::required::remove_required_where_seen;

/// A rule whose relation holds between every two cells of some cliques,
/// with the clique propagator on top of the rule's own declarations.
///
/// ```
/// use sudokit_constraints::{Line, LineKind, PairCliques};
/// use sudokit_core::{Cell, Relation};
/// let line = [Cell(0), Cell(1), Cell(2)];
/// let nabner = Line::new(LineKind::Nabner, line);
/// let cliques = PairCliques::new(nabner, &Relation::DifferenceAtLeast(2), 9, vec![line.to_vec()]);
/// assert!(cliques.is_ok());
/// // Equal digits allowed: no clique propagator (the rule comes back).
/// let palindrome = Line::new(LineKind::Palindrome, line);
/// assert!(PairCliques::new(palindrome, &Relation::Equal, 9, vec![line.to_vec()]).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairCliques<R> {
    rule: R,
    cliques: Vec<Vec<Cell>>,
    /// Per digit `d` (at `d − 1`): the digits the relation allows beside it.
    partners: Vec<u128>,
}

impl<R: Rule> PairCliques<R> {
    /// `rule`, whose `relation` holds between every two cells of each of
    /// `cliques`, on digits `1..=n`. Gives the rule back when there is
    /// nothing for the propagator to do: the relation allows equal digits
    /// or is not symmetric, is plain "different" (a group's job), or no
    /// clique has three cells.
    pub fn new(rule: R, relation: &Relation, n: usize, cliques: Vec<Vec<Cell>>) -> Result<Self, R> {
        let table = relation.table(n);
        let digits = 1..=n as Digit;
        let symmetric = table.transpose() == table;
        let irreflexive = digits.clone().all(|d| !table.allows(d, d));
        let cliques: Vec<Vec<Cell>> = cliques.into_iter().filter(|c| c.len() >= 3).collect();
        if !symmetric || !irreflexive || table.is_differ() || cliques.is_empty() {
            return Err(rule);
        }
        let partners = digits.map(|d| table.partners(d)).collect();
        Ok(PairCliques {
            rule,
            cliques,
            partners,
        })
    }

    /// `rule` with the clique propagator where [`PairCliques::new`] finds
    /// work for it, else `rule` alone: what a rule's builder returns.
    pub fn boxed(rule: R, relation: &Relation, n: usize, cliques: Vec<Vec<Cell>>) -> Box<dyn Constraint>
    where
        R: Constraint + Clone + 'static,
    {
        match PairCliques::new(rule, relation, n, cliques) {
            Ok(cliques) => Box::new(cliques),
            Err(rule) => Box::new(rule),
        }
    }

    /// The rule underneath.
    pub fn rule(&self) -> &R {
        &self.rule
    }

    /// Whether the relation allows every two digits of `set` together.
    fn fits(&self, set: u128) -> bool {
        let mut rest = set;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // `rest` holds the larger digits: each pair is tested once.
            if rest & !self.partners[d] != 0 {
                return false;
            }
        }
        true
    }
}

/// The cliques of a set of cell pairs: its connected components in which
/// every two cells are paired (a group the pairs relate completely).
pub fn complete_components(pairs: &[(Cell, Cell)]) -> Vec<Vec<Cell>> {
    let mut components: Vec<Vec<Cell>> = Vec::new();
    for &(a, b) in pairs {
        let find = |cell: Cell, components: &[Vec<Cell>]| components.iter().position(|c| c.contains(&cell));
        match (find(a, &components), find(b, &components)) {
            (Some(i), Some(j)) if i != j => {
                let (low, high) = (i.min(j), i.max(j));
                let merged = components.swap_remove(high);
                components[low].extend(merged);
            }
            (Some(_), Some(_)) => {}
            (Some(i), None) => components[i].push(b),
            (None, Some(j)) => components[j].push(a),
            (None, None) => components.push(vec![a, b]),
        }
    }
    let ordered = |a: Cell, b: Cell| if a <= b { (a, b) } else { (b, a) };
    let paired_set: HashSet<(Cell, Cell)> = pairs.iter().map(|&(a, b)| ordered(a, b)).collect();
    components.retain(|cells| {
        let paired = |x: Cell, y: Cell| paired_set.contains(&ordered(x, y));
        cells
            .iter()
            .enumerate()
            .all(|(i, &x)| cells[i + 1..].iter().all(|&y| paired(x, y)))
    });
    components
}

impl<R: Rule + Clone + 'static> Rule for PairCliques<R> {
    fn name(&self) -> Cow<'_, str> {
        self.rule.name()
    }

    fn groups(&self, geometry: &Geometry) -> Vec<Group> {
        self.rule.groups(geometry)
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        self.rule.relations(geometry)
    }

    fn domains(&self, geometry: &Geometry) -> Vec<(Cell, Digits<u128>)> {
        self.rule.domains(geometry)
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        self.rule.scope(geometry)
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        self.rule.check(geometry, grid)
    }

    fn accepts_placement(&self, geometry: &Geometry, grid: &Grid, cell: Cell) -> bool {
        self.rule.accepts_placement(geometry, grid, cell)
    }

    fn exact_cover(&self, _: &Geometry, _: &mut dyn CoverSink) -> Result<(), Unsupported> {
        Ok(()) // the declarations say it all
    }

    fn clauses(&self, _: &Geometry, _: &ClauseOptions, _: &mut dyn ClauseSink) -> Result<(), Unsupported> {
        Ok(()) // the declarations say it all
    }
}

impl<R: Rule + Clone + 'static> Propagate for PairCliques<R> {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, changed: &[Cell]) -> Result<(), Contradiction> {
        // Only the cliques a change reached (a rule may hold many).
        for cells in self
            .cliques
            .iter()
            .filter(|c| changed.iter().any(|x| c.contains(x)))
        {
            cx.because(|| {
                Reason::new(format!("{}: every two of these cells", self.rule.name()))
                    .cells(cells.iter().copied())
            });
            let fits = |set: u128| self.fits(set);
            // Every subset of a fitting set fits: the walk may prune on it.
            let required = keep_digit_sets_pruned(cx, cells, fits, fits)?;
            remove_required_where_seen(cx, cells, required, |d| {
                format!("{}: {d} is in these cells", self.rule.name())
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complete_components_are_the_fully_paired_groups() {
        let c = |i: u16| Cell(i);
        // A triangle, a path of three (not complete) and a lone pair.
        let pairs = [
            (c(0), c(1)),
            (c(1), c(2)),
            (c(0), c(2)),
            (c(5), c(6)),
            (c(6), c(7)),
            (c(9), c(10)),
        ];
        let mut found = complete_components(&pairs);
        for cells in &mut found {
            cells.sort();
        }
        assert_eq!(found, [vec![c(0), c(1), c(2)], vec![c(9), c(10)]]);
    }

    #[test]
    fn sets_fit_when_every_two_digits_are_allowed() {
        let line = vec![Cell(0), Cell(1), Cell(2)];
        let nabner = crate::Line::new(crate::LineKind::Nabner, line.clone());
        let cliques = PairCliques::new(nabner, &Relation::DifferenceAtLeast(2), 9, vec![line]).unwrap();
        assert!(cliques.fits(0b1_0101)); // 1, 3, 5
        assert!(!cliques.fits(0b1_0110)); // 2, 3, 5
        assert!(!cliques.fits(0b1_1000_0001)); // 1, 8, 9
    }
}
