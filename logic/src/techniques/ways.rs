//! The ways of filling a few cells from their candidates so that some sums
//! hold: one walk shared by the techniques that read them (which digits
//! each cell can still take, which digits every way uses, the fillings of
//! a relation chain).

use sudokit_core::{Cell, Digit, Digits, Sum};

use super::pairwise::{each_digit, rows, Pairwise};
use crate::board::Board;

/// What the ways of filling some cells have in common, found by [`ways`]
/// or [`joint_ways`].
#[derive(Clone, Debug, Default)]
pub(super) struct Ways {
    /// Per cell, the digits some way gives it.
    pub(super) supported: Vec<Digits<u128>>,
    /// The digits every way uses.
    pub(super) required: Digits<u128>,
    /// The ways' digits as sorted lists, without repeats, the first
    /// [`SHOWN`] of them.
    pub(super) combinations: Vec<Vec<Digit>>,
    /// True when there were more combinations than those kept.
    pub(super) more: bool,
    /// The first ways, cell by cell (one more than [`SHOWN_FILLINGS`] at
    /// most, so that a list of them knows whether it is whole).
    pub(super) fillings: Vec<Vec<Digit>>,
    /// How many ways (cell by cell) were found.
    pub(super) count: usize,
}

/// The most combinations [`Ways::combinations`] keeps: enough to list
/// those of a killer cage.
pub(super) const SHOWN: usize = 12;

/// The most fillings a step lists.
pub(super) const SHOWN_FILLINGS: usize = 6;

/// What the walk looks for: a digit every way uses (it can stop when none
/// is left), or the candidates no way uses (it can stop when every one is
/// used; when some is not, the walk is complete and so are the
/// combinations and fillings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Goal {
    Required,
    Unused,
}

/// The ways of making `sum` from the board's candidates, two cells that
/// are weakly linked (peers, or a pair a relation forbids) never holding
/// the pair of digits that link forbids; `None` when the walk passes
/// `max_nodes` search nodes.
pub(super) fn ways(board: &Board<'_>, sum: &Sum, goal: Goal, max_nodes: usize) -> Option<Ways> {
    let cells: Vec<Cell> = sum.cells().collect();
    walk(board, &cells, &[sum], goal, max_nodes)
}

/// The ways of filling `cells` so that all of `sums` hold at once (their
/// cells among `cells`: a line's several sums sharing cells; none for a
/// relation chain), weakly linked cells never holding what the link
/// forbids; `None` when the walk passes `max_nodes` nodes or there is no
/// way (the rules report that).
pub(super) fn joint_ways(board: &Board<'_>, cells: &[Cell], sums: &[&Sum], max_nodes: usize) -> Option<Ways> {
    walk(board, cells, sums, Goal::Unused, max_nodes).filter(|w| w.count > 0)
}

fn walk(board: &Board<'_>, cells: &[Cell], sums: &[&Sum], goal: Goal, max_nodes: usize) -> Option<Ways> {
    let at = |c: Cell| cells.iter().position(|&x| x == c);
    let sums: Vec<(Vec<(usize, i32)>, i64)> = sums
        .iter()
        .map(|s| {
            let terms = s.terms().iter().filter_map(|&(c, k)| Some((at(c)?, k))).collect();
            (terms, i64::from(s.total()))
        })
        .collect();
    let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); cells.len()];
    for (i, (terms, _)) in sums.iter().enumerate() {
        for &(p, _) in terms {
            of_cell[p].push(i);
        }
    }
    let mut walk = Walk {
        board,
        pairs: Pairwise::new(board, cells),
        rows: rows(board, cells),
        sums,
        of_cell,
        goal,
        chosen: Vec::with_capacity(cells.len()),
        found: Ways {
            supported: vec![Digits::default(); cells.len()],
            ..Ways::default()
        },
        required: None,
        open: cells.iter().map(|&c| board.candidates(c).len()).sum(),
        nodes: 0,
        max_nodes,
    };
    if walk.sums.iter().all(|s| walk.reachable(s, 0)) {
        walk.step(0)?;
    }
    walk.found.required = walk.required.unwrap_or_default();
    Some(walk.found)
}

/// A depth-first walk filling cells one at a time, narrowing the cells
/// after each choice (forward checking) and cutting when a sum can no
/// longer hold.
struct Walk<'b, 'a> {
    board: &'b Board<'a>,
    pairs: Pairwise,
    /// Per depth, the digits each cell may still take.
    rows: Vec<Vec<u128>>,
    /// Each sum's terms, by position, and its total.
    sums: Vec<(Vec<(usize, i32)>, i64)>,
    /// Per position, the sums it is in.
    of_cell: Vec<Vec<usize>>,
    goal: Goal,
    /// The digits given to the cells before the current one.
    chosen: Vec<Digit>,
    found: Ways,
    /// The digits every way found so far uses; `None` before the first.
    required: Option<Digits<u128>>,
    /// Candidates no way has used yet.
    open: usize,
    nodes: usize,
    max_nodes: usize,
}

impl Walk<'_, '_> {
    /// Extends the first `at` cells in every way; `None` when the node
    /// budget runs out.
    fn step(&mut self, at: usize) -> Option<()> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return None;
        }
        if at == self.rows[0].len() {
            self.record();
            return Some(());
        }
        for digit in each_digit(self.rows[at][at]) {
            let (done, next) = self.rows.split_at_mut(at + 1);
            let next = &mut next[0];
            next[at + 1..].copy_from_slice(&done[at][at + 1..]);
            self.pairs.narrow(self.board, at, digit, next);
            if next[at + 1..].contains(&0) {
                continue;
            }
            self.chosen.push(digit);
            if self.of_cell[at]
                .iter()
                .all(|&s| self.reachable(&self.sums[s], at + 1))
            {
                self.step(at + 1)?;
            }
            self.chosen.pop();
            if self.done() {
                return Some(());
            }
        }
        Some(())
    }

    /// Whether `sum` can still hold once the first `filled` positions hold
    /// the chosen digits and the others one of their digits left.
    fn reachable(&self, (terms, total): &(Vec<(usize, i32)>, i64), filled: usize) -> bool {
        let row = &self.rows[filled];
        let (mut low, mut high) = (0i64, 0i64);
        for &(p, k) in terms {
            let (min, max) = if p < filled {
                let d = i64::from(self.chosen[p]);
                (d, d)
            } else {
                let set = row[p];
                (
                    i64::from(set.trailing_zeros()) + 1,
                    128 - i64::from(set.leading_zeros()),
                )
            };
            let (a, b) = (i64::from(k) * min, i64::from(k) * max);
            low += a.min(b);
            high += a.max(b);
        }
        (low..=high).contains(total)
    }

    /// Whether the walk has found what it looks for.
    fn done(&self) -> bool {
        match self.goal {
            Goal::Required => self.required.is_some_and(|r| r.is_empty()),
            Goal::Unused => self.open == 0,
        }
    }

    /// One way found: the chosen digits.
    fn record(&mut self) {
        let used: Digits<u128> = self.chosen.iter().copied().collect();
        self.required = Some(self.required.map_or(used, |r| r & used));
        self.found.count += 1;
        if self.goal == Goal::Required {
            return;
        }
        for (set, &d) in self.found.supported.iter_mut().zip(&self.chosen) {
            if !set.contains(d) {
                set.insert(d);
                self.open -= 1;
            }
        }
        if self.found.fillings.len() <= SHOWN_FILLINGS {
            self.found.fillings.push(self.chosen.clone());
        }
        if self.found.more {
            return;
        }
        let mut combination = self.chosen.clone();
        combination.sort_unstable();
        if !self.found.combinations.contains(&combination) {
            if self.found.combinations.len() < SHOWN {
                self.found.combinations.push(combination);
            } else {
                self.found.more = true;
            }
        }
    }
}
