//! Restarts that keep what they proved: nld-nogoods (Lecoutre, Saïs,
//! Tabary & Vidal 2007, "Recording and minimizing nogoods from restarts").
//!
//! A restart gives up the search tree and starts again from the root with
//! the conflict weights learnt, so that a search which committed early to
//! a bad order can choose again. Without more, every run but the last is
//! overhead (docs/benchmarks.md, "Randomized restarts (stop 44,
//! restarts33)"): a uniqueness proof must exhaust the tree once more.
//!
//! At a cut, the current branch is a sequence of decisions, positive
//! (`x = d`, still open) or negative (`x ≠ d`: the decision `x = d` below
//! the same prefix was refuted, failed or fully explored). Each negative
//! decision `¬δi` yields the nogood "the positive decisions above it and
//! `δi` never hold together" (the *reduced* nld-nogood: the negative
//! decisions above it are dropped, which is sound because what they
//! excluded was refuted by earlier nogoods of the same branch). Together
//! the nogoods of one cut exclude exactly what the run explored, so a later
//! run never explores it again and never meets a solution it counted:
//! counts stay exact with no memory of solutions.
//!
//! Nogoods are kept with two watched literals, checked against the state
//! at every node after propagation: a literal `x = d` holds once `x` is
//! fixed to `d`. A nogood whose literals all hold but one removes that
//! one's digit (through the engine, which then propagates again); one whose
//! literals all hold is a dead end. A nogood of one literal narrows the
//! root for good.
//!
//! Only value decisions are literals (`Branch::Value` and `Branch::Assign`
//! in the search); while a halving or a house split is on the branch, the
//! cut waits for the next failure.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use sudokit_core::{Cell, Digit, Engine, State, Trail, Word};

/// When the search gives up its tree and starts again from the root, with
/// the conflict weights and the nogoods of every cut kept (see the
/// `nogoods` module). The cut counts failed nodes of the run; each run's
/// allowance grows, and the last run is exhaustive.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Restarts {
    /// One run.
    #[default]
    Off,
    /// Luby's sequence (1, 1, 2, 1, 1, 2, 4, …) times `unit` failures.
    Luby {
        /// Failed nodes of a run of length 1.
        unit: u64,
        /// Whether the search still restarts once it has found a solution.
        after_solution: bool,
    },
    /// `first` failed nodes, then half as many again per run.
    Geometric {
        /// Failed nodes allowed to the first run.
        first: u64,
        /// Whether the search still restarts once it has found a solution.
        after_solution: bool,
    },
}

impl Restarts {
    /// Failed nodes allowed to run `run` (from 0); `None`: no cut.
    pub(crate) fn cap(self, run: u64) -> Option<u64> {
        match self {
            Restarts::Off => None,
            Restarts::Luby { unit, .. } => Some(unit.max(1).saturating_mul(luby(run + 1))),
            Restarts::Geometric { first, .. } => {
                let mut cap = first.max(1);
                for _ in 0..run.min(200) {
                    cap = cap.saturating_add(cap / 2).max(cap.saturating_add(1));
                }
                Some(cap)
            }
        }
    }

    /// Whether runs are still cut once a solution has been found.
    pub(crate) fn after_solution(self) -> bool {
        match self {
            Restarts::Off => false,
            Restarts::Luby { after_solution, .. } | Restarts::Geometric { after_solution, .. } => {
                after_solution
            }
        }
    }
}

/// The `i`-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, ….
fn luby(mut i: u64) -> u64 {
    loop {
        // The smallest k with 2^k - 1 >= i.
        let mut k = 1;
        while k < 63 && (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// A decision literal: variable `var` holds `digit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lit {
    /// The variable (a cell or an extra variable).
    pub var: Cell,
    /// Its value.
    pub digit: Digit,
}

impl Lit {
    /// Whether the literal holds in `state`: the variable is fixed to it.
    #[inline]
    fn holds<W: Word>(self, state: &State<W>) -> bool {
        state.candidates(self.var).single_digit() == Some(self.digit)
    }

    /// Whether the literal can no longer hold: the digit has left.
    #[inline]
    fn fails<W: Word>(self, state: &State<W>) -> bool {
        !state.candidates(self.var).contains(self.digit)
    }
}

/// One decision of the current branch, in order.
#[derive(Clone, Copy, Debug)]
struct Step {
    /// The decision's literal (`None`: a halving or a house split).
    lit: Option<Lit>,
    /// Taken (still open) or refuted.
    positive: bool,
}

/// The current branch of the search: its decisions in order, kept beside
/// the undo stack (one open decision there per positive step here).
#[derive(Debug, Default)]
pub(crate) struct Path {
    steps: Vec<Step>,
    /// Where each open (positive) step is.
    open: Vec<usize>,
}

impl Path {
    /// A new decision is taken (`lit`: its literal, if it is one).
    #[inline]
    pub(crate) fn decide(&mut self, lit: Option<Lit>) {
        self.open.push(self.steps.len());
        self.steps.push(Step { lit, positive: true });
    }

    /// The latest open decision is refuted: what followed it is closed.
    #[inline]
    pub(crate) fn refute(&mut self) {
        if let Some(at) = self.open.pop() {
            self.steps.truncate(at + 1);
            self.steps[at].positive = false;
        }
    }

    /// At a cut after a failure: refutes the latest open decision, as
    /// backtracking would, and returns the branch's nogoods; `None` (and
    /// nothing changes) when no decision is open or a decision that is
    /// not a literal is on the branch up to it.
    pub(crate) fn cut(&mut self) -> Option<Vec<Vec<Lit>>> {
        let &at = self.open.last()?;
        if self.steps[..=at].iter().any(|step| step.lit.is_none()) {
            return None;
        }
        self.refute();
        self.nogoods()
    }

    /// The nogood of the latest step when it is refuted: the positive
    /// decisions above it and it, when they are at most `max_len` literals
    /// (and all literals).
    pub(crate) fn last_nogood(&self, max_len: usize) -> Option<Vec<Lit>> {
        let last = self.steps.last()?;
        if last.positive || self.open.len() + 1 > max_len {
            return None;
        }
        let mut lits: Vec<Lit> = self
            .open
            .iter()
            .map(|&at| self.steps[at].lit)
            .collect::<Option<_>>()?;
        lits.push(last.lit?);
        Some(lits)
    }

    /// Forgets the branch (a new run starts at the root).
    pub(crate) fn clear(&mut self) {
        self.steps.clear();
        self.open.clear();
    }

    /// The reduced nld-nogoods of the branch, each as the positive
    /// decisions above a refuted one followed by the refuted one; `None`
    /// while a decision that is not a literal is on the branch.
    pub(crate) fn nogoods(&self) -> Option<Vec<Vec<Lit>>> {
        let mut positives = Vec::new();
        let mut nogoods = Vec::new();
        for step in &self.steps {
            let lit = step.lit?;
            if step.positive {
                positives.push(lit);
            } else {
                let mut nogood = positives.clone();
                nogood.push(lit);
                nogoods.push(nogood);
            }
        }
        Some(nogoods)
    }
}

/// Nogoods shared between the racers of one race (parallel SAT solvers
/// share their short learnt clauses the same way): every racer searches the
/// same puzzle from the same root, so a nogood one of them proved is a
/// consequence of the rules in the others' searches too. A racer offers
/// the short nogoods it refutes and takes the others' at its nodes. Once a
/// racer has found solutions, a decision it refuted may have been merely
/// explored: its nogood is offered only if no solution found holds all its
/// literals (what the refuted decision covered held no other solution).
#[derive(Debug, Default)]
pub(crate) struct Exchange {
    /// Each offered nogood with the racer that offered it, in order.
    entries: Mutex<Vec<(usize, Vec<Lit>)>>,
    /// How many entries there are: read at every node without the lock.
    len: AtomicUsize,
}

impl Exchange {
    /// The most nogoods one race shares: past it, offers are dropped (the
    /// short nogoods come from the top of the trees, a few thousand).
    const CAPACITY: usize = 100_000;

    /// Racer `from` offers `lits`.
    fn offer(&self, from: usize, lits: Vec<Lit>) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() < Exchange::CAPACITY {
            entries.push((from, lits));
            self.len.store(entries.len(), Ordering::Release);
        }
    }

    /// Racer `me`'s new entries since `cursor` (which moves on), others'
    /// only, into `out`.
    fn take(&self, me: usize, cursor: &mut usize, out: &mut Vec<Vec<Lit>>) {
        if self.len.load(Ordering::Acquire) <= *cursor {
            return;
        }
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        out.extend(
            entries[*cursor..]
                .iter()
                .filter(|(from, _)| *from != me)
                .map(|(_, lits)| lits.clone()),
        );
        *cursor = entries.len();
    }
}

/// One racer's seat at an [`Exchange`]: who it is, how far it has read,
/// and the longest nogood it offers.
#[derive(Debug)]
pub(crate) struct Seat {
    exchange: Arc<Exchange>,
    me: usize,
    cursor: usize,
    /// The most literals of a nogood offered.
    max_len: usize,
    /// The values of every variable in each solution found so far.
    solutions: Vec<Vec<Digit>>,
}

impl Seat {
    /// Racer `me`'s seat at `exchange`.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(crate) fn new(exchange: Arc<Exchange>, me: usize, max_len: usize) -> Seat {
        Seat {
            exchange,
            me,
            cursor: 0,
            max_len,
            solutions: Vec::new(),
        }
    }

    /// Offers the nogood of the branch's latest refuted decision, when it
    /// is short enough.
    pub(crate) fn offer(&self, path: &Path) {
        if let Some(lits) = path.last_nogood(self.max_len)
            && !self
                .solutions
                .iter()
                .any(|values| lits.iter().all(|lit| values[lit.var.index()] == lit.digit))
        {
            self.exchange.offer(self.me, lits);
        }
    }

    /// Remembers a solution this racer found (a solved `state`).
    pub(crate) fn solved<W: Word>(&mut self, state: &State<W>) {
        let values = state
            .variables()
            .iter()
            .map(|set| set.single_digit().unwrap_or(0));
        self.solutions.push(values.collect());
    }

    /// Whether the others offered anything new (one atomic read).
    #[inline]
    pub(crate) fn has_news(&self) -> bool {
        self.exchange.len.load(Ordering::Relaxed) > self.cursor
    }

    /// The others' nogoods offered since the last call.
    pub(crate) fn take(&mut self) -> Vec<Vec<Lit>> {
        let mut out = Vec::new();
        self.exchange.take(self.me, &mut self.cursor, &mut out);
        out
    }
}

/// A nogood's watched literals are its first two.
#[derive(Debug)]
struct Nogood {
    lits: Vec<Lit>,
}

/// Nogoods of two literals or more, with two watched literals each.
#[derive(Debug)]
pub(crate) struct Nogoods {
    /// Nogoods of one literal met during a run (imported from another
    /// racer): their digit leaves wherever it is still a candidate.
    units: Vec<Lit>,
    nogoods: Vec<Nogood>,
    /// Per variable: the nogoods watching one of its literals, with the
    /// literal's digit.
    watches: Vec<Vec<(Digit, u32)>>,
}

impl Nogoods {
    /// An empty store for a model of `variables` variables.
    pub(crate) fn new(variables: usize) -> Nogoods {
        Nogoods {
            units: Vec::new(),
            nogoods: Vec::new(),
            watches: vec![Vec::new(); variables],
        }
    }

    /// Whether no nogood is stored (then [`Nogoods::propagate`] is free).
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.nogoods.is_empty() && self.units.is_empty()
    }

    /// Stores a nogood of any length met during a run: one literal is kept
    /// as a unit (enforced at every check), longer ones are watched.
    pub(crate) fn add_any<W: Word>(&mut self, lits: Vec<Lit>, state: &State<W>) {
        match lits[..] {
            [] => {}
            [lit] => self.units.push(lit),
            _ => self.add(lits, state),
        }
    }

    /// How many nogoods are stored.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.nogoods.len()
    }

    /// Stores a nogood of two literals or more on distinct variables,
    /// watching the first two that do not hold in `state` (or any, when
    /// fewer do not hold: the next check settles it).
    pub(crate) fn add<W: Word>(&mut self, mut lits: Vec<Lit>, state: &State<W>) {
        debug_assert!(lits.len() >= 2);
        // Literals that do not hold first: they are the ones to watch.
        lits.sort_by_key(|lit| lit.holds(state));
        let id = self.nogoods.len() as u32;
        for lit in &lits[..2] {
            self.watches[lit.var.index()].push((lit.digit, id));
        }
        self.nogoods.push(Nogood { lits });
    }

    /// Enforces the nogoods on a propagated `state`: each nogood whose
    /// literals all hold but one removes that one's digit, and the engine
    /// propagates, until none fires. False on a dead end (a nogood whose
    /// literals all hold, or a contradiction of the propagation), after
    /// adding weight to the nogood's variables when `weights` are kept.
    pub(crate) fn propagate<W: Word>(
        &mut self,
        engine: &mut Engine<'_>,
        state: &mut State<W>,
        mut trail: Option<&mut Trail<W>>,
        weights: &mut [u32],
    ) -> bool {
        if self.is_empty() {
            return true;
        }
        let mut forced = Vec::new();
        for &unit in &self.units {
            if unit.holds(state) {
                return false;
            }
            if !unit.fails(state) {
                forced.push(unit);
            }
        }
        loop {
            match self.scan(state, &mut forced) {
                Err(conflict) => {
                    if !weights.is_empty() {
                        for lit in &self.nogoods[conflict as usize].lits {
                            weights[lit.var.index()] += 1;
                        }
                    }
                    return false;
                }
                Ok(()) if forced.is_empty() => return true,
                Ok(()) => {
                    let removals = forced
                        .drain(..)
                        .map(|lit: Lit| (lit.var, !(1u128 << (lit.digit - 1))));
                    let applied = engine
                        .restrict_all(state, trail.as_deref_mut(), removals)
                        .and_then(|()| engine.propagate(state, trail.as_deref_mut()));
                    if applied.is_err() {
                        return false;
                    }
                }
            }
        }
    }

    /// One pass over the watched literals that hold in `state`: moves each
    /// watch to a literal that does not hold, or else collects the other
    /// watched literal in `forced` (the nogood is unit); `Err` with the
    /// nogood whose literals all hold.
    fn scan<W: Word>(&mut self, state: &State<W>, forced: &mut Vec<Lit>) -> Result<(), u32> {
        for (var, set) in state.variables().iter().enumerate().take(self.watches.len()) {
            if self.watches[var].is_empty() {
                continue;
            }
            let Some(value) = set.single_digit() else {
                continue;
            };
            let mut list = std::mem::take(&mut self.watches[var]);
            let mut i = 0;
            let mut result = Ok(());
            while i < list.len() {
                let (digit, id) = list[i];
                if digit != value {
                    i += 1;
                    continue;
                }
                let lits = &mut self.nogoods[id as usize].lits;
                // The literal that holds goes second.
                if lits[0].var.index() == var {
                    lits.swap(0, 1);
                }
                let other = lits[0];
                if other.fails(state) {
                    i += 1;
                    continue;
                }
                match (2..lits.len()).find(|&k| !lits[k].holds(state)) {
                    Some(k) => {
                        lits.swap(1, k);
                        let moved = lits[1];
                        self.watches[moved.var.index()].push((moved.digit, id));
                        list.swap_remove(i);
                    }
                    None if other.holds(state) => {
                        result = Err(id);
                        break;
                    }
                    None => {
                        forced.push(other);
                        i += 1;
                    }
                }
            }
            self.watches[var] = list;
            result?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::tests::random_killer;
    use crate::{Auto, Limits, PropagationSearch, Strategy, Undo, ValueIteration, ValueOrder};
    use sudokit_constraints::ClassicRules;
    use sudokit_core::testkit::count_solutions;
    use sudokit_core::{Digits, Geometry, Grid, Puzzle};

    fn lit(var: u16, digit: Digit) -> Lit {
        Lit {
            var: Cell(var),
            digit,
        }
    }

    #[test]
    fn luby_and_geometric_schedules() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        let geometric = Restarts::Geometric {
            first: 2,
            after_solution: true,
        };
        assert_eq!(geometric.cap(3), Some(6));
        assert_eq!(Restarts::Off.cap(0), None);
        assert!(geometric.cap(10_000).is_some());
    }

    #[test]
    fn a_branch_yields_one_nogood_per_refuted_decision() {
        let mut path = Path::default();
        path.decide(Some(lit(0, 1)));
        path.refute(); // r1c1 ≠ 1
        path.decide(Some(lit(1, 2)));
        path.decide(Some(lit(2, 3)));
        path.decide(Some(lit(3, 4)));
        path.refute(); // r1c4 ≠ 4 below r1c2 = 2, r1c3 = 3
        assert_eq!(
            path.nogoods(),
            Some(vec![vec![lit(0, 1)], vec![lit(1, 2), lit(2, 3), lit(3, 4)]])
        );
        // Refuting r1c3 = 3 closes what followed it.
        path.refute();
        assert_eq!(
            path.nogoods(),
            Some(vec![vec![lit(0, 1)], vec![lit(1, 2), lit(2, 3)]])
        );
        // A decision that is not a literal blocks the nogoods.
        path.decide(None);
        assert_eq!(path.nogoods(), None);
        path.clear();
        assert_eq!(path.nogoods(), Some(vec![]));
    }

    #[test]
    fn a_nogood_fires_when_all_its_literals_but_one_hold() {
        let puzzle = Puzzle::new(Geometry::square(4).unwrap())
            .with(ClassicRules)
            .unwrap();
        let mut engine = Engine::rules_only(puzzle.model());
        let mut state = State::<u16>::new(puzzle.geometry());
        let mut nogoods = Nogoods::new(16);
        // r1c1 = 1, r2c3 = 3 and r4c2 = 2 never together.
        nogoods.add(vec![lit(0, 1), lit(6, 3), lit(13, 2)], &state);
        let mut weights = vec![1; 16];
        assert!(nogoods.propagate(&mut engine, &mut state, None, &mut weights));
        assert_eq!(state.candidates(Cell(13)).len(), 4);
        // One literal holds: nothing fires, the watch moves.
        state.restrict_untracked(Cell(0), Digits::single(1));
        assert!(nogoods.propagate(&mut engine, &mut state, None, &mut weights));
        assert_eq!(state.candidates(Cell(13)).len(), 4);
        // Two hold: the third leaves, and the engine propagates it.
        let mut second = state.clone();
        second.restrict_untracked(Cell(6), Digits::single(3));
        engine.schedule_all();
        assert!(nogoods.propagate(&mut engine, &mut second, None, &mut weights));
        assert!(!second.candidates(Cell(13)).contains(2));
        // All three hold: a dead end, whose variables gain weight.
        let mut third = state.clone();
        third.restrict_untracked(Cell(6), Digits::single(3));
        third.restrict_untracked(Cell(13), Digits::single(2));
        assert!(!nogoods.propagate(&mut engine, &mut third, None, &mut weights));
        assert_eq!((weights[0], weights[6], weights[13], weights[1]), (2, 2, 2, 1));
        // A literal that fails satisfies the nogood, whatever else holds.
        let mut fourth = state.clone();
        fourth.restrict_untracked(Cell(6), Digits::from_digits([1, 4]));
        fourth.restrict_untracked(Cell(13), Digits::single(2));
        assert!(nogoods.propagate(&mut engine, &mut fourth, None, &mut weights));
        assert_eq!(nogoods.len(), 1);
    }

    // Restarts keep counts exact: a restarted run never meets again a
    // solution an earlier run counted, nor misses one, whatever the
    // schedule (cuts after one or two failures, the most restarts there
    // can be), the undo method, the digit order or the value iteration.

    /// Every restarting search under test: both schedules at their tightest,
    /// with and without restarts after the first solution, over the undo
    /// methods, digit orders and value iterations.
    fn restarting() -> Vec<PropagationSearch> {
        let schedules = [
            Restarts::Luby {
                unit: 1,
                after_solution: true,
            },
            Restarts::Geometric {
                first: 2,
                after_solution: true,
            },
            Restarts::Geometric {
                first: 1,
                after_solution: false,
            },
        ];
        let variants = [
            (Undo::Copy, ValueOrder::FewestFailures, ValueIteration::Off, 0),
            (Undo::Trail, ValueOrder::Ascending, ValueIteration::Off, 0),
            (
                Undo::Copy,
                ValueOrder::Random { seed: 5 },
                ValueIteration::SameCell,
                0,
            ),
            (
                Undo::Trail,
                ValueOrder::FewestFailures,
                ValueIteration::Reselect,
                0,
            ),
            // Halvings on the branch hold the cuts back until they are closed.
            (Undo::Copy, ValueOrder::FewestFailures, ValueIteration::Off, 4),
        ];
        schedules
            .into_iter()
            .flat_map(|restarts| {
                variants.map(|(undo, order, value_iteration, halve_from)| PropagationSearch {
                    restarts,
                    undo,
                    order,
                    value_iteration,
                    halve_from,
                    ..PropagationSearch::default()
                })
            })
            .collect()
    }

    /// Checks every restarting search on `puzzle` against `expected`: the
    /// count, and the first two solutions found (valid and distinct). True
    /// when the default search restarted (its nodes differ from the plain
    /// search's).
    fn agrees(puzzle: &Puzzle, expected: u64) -> bool {
        let plain = PropagationSearch::default()
            .count(puzzle, &Limits::all())
            .unwrap();
        assert_eq!((plain.count, plain.exhaustive()), (expected, true));
        let mut restarted = false;
        for search in restarting() {
            let outcome = search.count(puzzle, &Limits::all()).unwrap();
            assert!(outcome.exhaustive(), "{search:?}");
            assert_eq!(outcome.count, expected, "{search:?}");
            let found = search.solve(puzzle, &Limits::solutions(2)).unwrap();
            assert_eq!(found.solutions.len() as u64, expected.min(2), "{search:?}");
            assert!(found.solutions.iter().all(|g| puzzle.verify_solution(g).is_ok()));
            assert!(found.solutions.len() < 2 || found.solutions[0] != found.solutions[1]);
            restarted |= search.undo == Undo::Copy
                && search.order == ValueOrder::FewestFailures
                && search.halve_from == 0
                && outcome.stats.nodes != plain.stats.nodes;
        }
        restarted
    }

    #[test]
    fn restarts_count_what_brute_force_counts_on_random_killers() {
        let mut rng = fastrand::Rng::with_seed(46);
        let (mut compared, mut restarted, mut several) = (0, 0, 0);
        let mut auto_restarted = false;
        while compared < 24 {
            let puzzle = random_killer(&mut rng);
            let Some(expected) = count_solutions(&puzzle, 2_000_000, 10_000) else {
                continue;
            };
            compared += 1;
            several += usize::from(expected > 1);
            restarted += usize::from(agrees(&puzzle, expected));
            // `auto` restarts its searches on killers (here after every
            // failure), with the same counts as without.
            let [plain, restarting] = [
                Restarts::Off,
                Restarts::Luby {
                    unit: 1,
                    after_solution: true,
                },
            ]
            .map(|restarts| {
                let auto = Auto {
                    killer_restarts: restarts,
                    ..Auto::default()
                };
                auto.count(&puzzle, &Limits::all()).unwrap()
            });
            for outcome in [&plain, &restarting] {
                assert_eq!((outcome.count, outcome.exhaustive()), (expected, true));
            }
            auto_restarted |= plain.stats.nodes != restarting.stats.nodes;
        }
        // The cuts did restart the default search, on puzzles with several
        // solutions too.
        assert!(
            restarted >= 5 && several >= 5,
            "{restarted} restarted, {several} with several"
        );
        assert!(auto_restarted);
    }

    #[test]
    fn the_latest_refuted_decision_gives_a_short_nogood() {
        let mut path = Path::default();
        path.decide(Some(lit(0, 1)));
        assert_eq!(path.last_nogood(4), None, "still open");
        path.decide(Some(lit(1, 2)));
        path.refute();
        assert_eq!(path.last_nogood(4), Some(vec![lit(0, 1), lit(1, 2)]));
        assert_eq!(path.last_nogood(1), None, "too long");
        path.decide(None);
        path.decide(Some(lit(2, 3)));
        path.refute();
        assert_eq!(path.last_nogood(4), None, "a halving above");
    }

    // Nogoods shared between racers keep counts exact: whatever one search
    // offers (what it refuted, no solution it found among it), another
    // search takes and still counts every solution once.

    /// Counts `puzzle` with a restarting search offering every nogood it
    /// may, then with two searches taking them all at their first node,
    /// against `expected`. True when something was offered.
    fn shares_exactly(puzzle: &Puzzle, expected: u64) -> bool {
        use std::sync::atomic::Ordering;
        let offering = PropagationSearch {
            restarts: Restarts::Luby {
                unit: 1,
                after_solution: true,
            },
            // Every refuted decision's nogood, however long.
            shared_nogoods: u8::MAX,
            ..PropagationSearch::default()
        };
        let takers = [
            PropagationSearch {
                shared_nogoods: 1,
                ..PropagationSearch::default()
            },
            PropagationSearch {
                shared_nogoods: 1,
                value_iteration: ValueIteration::SameCell,
                restarts: Restarts::Geometric {
                    first: 2,
                    after_solution: true,
                },
                ..PropagationSearch::default()
            },
        ];
        let exchange = Arc::new(Exchange::default());
        let first = crate::race::seated(&exchange, 1, || offering.count(puzzle, &Limits::all()).unwrap());
        assert_eq!((first.count, first.exhaustive()), (expected, true));
        for taker in takers {
            // Racer 0 takes everything racer 1 offered.
            let outcome = crate::race::seated(&exchange, 0, || taker.count(puzzle, &Limits::all()).unwrap());
            assert_eq!(
                (outcome.count, outcome.exhaustive()),
                (expected, true),
                "{taker:?}"
            );
        }
        exchange.len.load(Ordering::Relaxed) > 0
    }

    #[test]
    fn shared_nogoods_keep_counts_exact() {
        let mut rng = fastrand::Rng::with_seed(48);
        let (mut compared, mut shared, mut shared_several) = (0, 0, 0);
        while compared < 40 {
            let puzzle = random_killer(&mut rng);
            let Some(expected) = count_solutions(&puzzle, 2_000_000, 10_000) else {
                continue;
            };
            compared += 1;
            let offered = shares_exactly(&puzzle, expected);
            shared += usize::from(offered);
            shared_several += usize::from(offered && expected > 1);
        }
        // Nogoods were offered, on puzzles of several solutions too (where
        // the solutions found hold some of them back).
        assert!(
            shared >= 5 && shared_several >= 2,
            "{shared} shared, {shared_several} with several"
        );
    }

    #[test]
    fn restarts_count_the_classic_boards() {
        // The empty 4×4 (288 solutions) and a 6×6 with a few givens: many
        // solutions, each to be met once (these boards rarely fail, so they
        // may not restart: the killers above do).
        let empty = Puzzle::new(Geometry::square(4).unwrap())
            .with(ClassicRules)
            .unwrap();
        agrees(&empty, 288);
        let six = Puzzle::new(Geometry::square(6).unwrap())
            .with(ClassicRules)
            .unwrap();
        let mut givens = Grid::empty(6);
        for (cell, digit) in [(0, 1), (7, 3), (14, 5), (21, 2), (28, 4), (35, 6), (3, 4)] {
            givens.set(Cell(cell), digit);
        }
        let six = six.with_givens(givens).unwrap();
        let expected = count_solutions(&six, 50_000_000, 1_000_000).expect("small enough");
        assert!(expected > 100, "{expected}");
        agrees(&six, expected);
    }
}
