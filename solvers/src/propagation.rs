//! Norvig's strategy: propagate to a fixpoint, then branch on the cell with
//! the fewest candidates.
//!
//! Branching is binary: try `cell = d`; when that fails (or has been fully
//! explored), continue in the parent with `cell ≠ d`, which propagates too.
//! Every solution lies in exactly one branch, so counting stays exact.
//! ISS's k-way branching (a refuted value leaves its cell unpropagated) is
//! an option, off: see [`ValueIteration`].
//!
//! Undo is either a copy of the state per decision (a 9×9 state is 162
//! bytes) or a trail of changed cells (a 100×100 state is 160 KB, a
//! decision changes a few hundred cells). [`Undo::Auto`] picks by size; the
//! threshold comes from `cargo run --release --example undo_bench`.

use crate::clock::Instant;
use std::ops::ControlFlow;

use sudokit_core::{
    Cell, Contradiction, ContradictionKind, Digit, Digits, Engine, Grid, Model, Puzzle, State, Trail, Width,
    Word,
};

use crate::branch::Branch;

use crate::conflicts::{ConflictOptions, Conflicts};
use crate::house_pairs::HousePairs;
use crate::limits::{Limits, Search, Solutions, Stats, Stop};
use crate::nogoods::{Lit, Nogoods, Path, Restarts, Seat};
use crate::strategy::{Session, SolveError, Start, Strategy};

/// How the search undoes a decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Undo {
    /// Copy for boards up to [`Undo::COPY_MAX_SIZE`], trail above.
    #[default]
    Auto,
    /// Keep a copy of the state at every decision.
    Copy,
    /// Record every change and roll back.
    Trail,
}

impl Undo {
    /// Largest board side for which [`Undo::Auto`] copies states. Measured
    /// (`examples/undo_bench.rs`): copying is 1.4× faster at 9×9 and 2× at
    /// 16×16, equal within noise from 49×49 to 81×81, and 5 % slower at
    /// 100×100, where a copy per open decision also costs 160 KB.
    pub const COPY_MAX_SIZE: usize = 64;

    fn resolve(self, n: usize) -> Undo {
        match self {
            Undo::Auto if n <= Undo::COPY_MAX_SIZE => Undo::Copy,
            Undo::Auto => Undo::Trail,
            other => other,
        }
    }
}

/// Which cell the search branches on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Branching {
    /// Fewest candidates first (minimum remaining values), first cell on ties.
    Mrv,
    /// Fewest candidates per conflict weight (dom/wdeg, Boussemart et al.
    /// 2004): every dead end adds weight to the cells it involves, so the
    /// search learns where the puzzle is hard. Much better on large
    /// random-hole boards, as good as MRV on 9×9.
    #[default]
    DomWdeg,
}

/// When a house may propose the branch instead of the dom/wdeg cell (a
/// digit with two places left in a complete group: see the `house_pairs`
/// module). Only with [`Branching::DomWdeg`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PairBranching {
    /// Never: always branch on the chosen cell.
    Off,
    /// Whenever a pair scores better than the chosen cell. Wins on ISS's
    /// thermo puzzles (Bicycle race 282 k → 23 k nodes) but loses on the
    /// shared variant set (6,678 → 8,137 nodes in all).
    Always,
    /// Only pairs one of whose two cells has already had a decision fail
    /// (ISS proposes a house's branch only where conflicts were scored).
    /// Wins on both: the shared set 6,678 → 6,254 nodes, ISS's slow
    /// puzzles 0.91× the nodes (geometric mean; docs/benchmarks.md, stop 39).
    #[default]
    AfterFailures,
}

/// Which digit of the chosen cell is tried first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ValueOrder {
    /// Smallest digit first.
    Ascending,
    /// A random digit, from a seeded generator (Norvig's heavy-tail experiment).
    Random {
        /// Seed of the generator; the same seed gives the same search.
        seed: u64,
    },
    /// The digit whose decisions in this cell failed least often in this
    /// search, smallest on ties (a failed `cell = d` is likely to fail again
    /// below another decision); the smallest digit until a decision on the
    /// cell fails. Deterministic. With [`PropagationSearch::hot_digit`], the
    /// default since stop 41 (docs/benchmarks.md).
    #[default]
    FewestFailures,
}

/// What the search does once a decision `cell = d` on a cell it chose has
/// been refuted (failed or explored) and the cell keeps at least two
/// candidates without `d` (a board cell: a chaos construction's region
/// variables always branch binary, where the refutation's propagation
/// breaks the labels' symmetry).
///
/// A refutation `cell ≠ d` is a cheap propagation (about a quarter of an
/// assignment's propagator runs on a killer), but it prunes: the quiet
/// modes skip it and so search more. Measured in docs/benchmarks.md
/// ("Value iteration", stop 43). Not the default, but a different tree:
/// [`Auto`](crate::Auto) races `SameCell` as its third rival where it has
/// the cores (stop 44).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ValueIteration {
    /// Binary branching: propagate `cell ≠ d`, then choose the next branch.
    #[default]
    Off,
    /// Remove `d` without propagating and try the cell's next value on
    /// that state at once; only the last value is propagated (as
    /// `cell ≠ d`). One propagation per value tried.
    SameCell,
    /// ISS's search: remove `d` without propagating and choose the next
    /// branch again on that state (usually the same cell, now with fewer
    /// candidates and more weight); the removal is propagated with the
    /// next decision.
    Reselect,
}

/// Constraint propagation + minimum-remaining-values search.
///
/// ```
/// use sudokit_core::{Geometry, Puzzle};
/// use sudokit_constraints::ClassicRules;
/// use sudokit_solvers::{Limits, PropagationSearch, Strategy};
/// // The empty 4×4 board has 288 solutions.
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with(ClassicRules).unwrap();
/// let outcome = PropagationSearch::default().count(&puzzle, &Limits::all()).unwrap();
/// assert_eq!((outcome.count, outcome.exhaustive()), (288, true));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PropagationSearch {
    /// Copy or trail.
    pub undo: Undo,
    /// Cell choice.
    pub branching: Branching,
    /// Digit order at a branch.
    pub order: ValueOrder,
    /// Run technique constraints too (they only speed things up).
    pub techniques: bool,
    /// Run the engine's built-in locked candidates after the singles (on by
    /// default): a digit confined to the overlap of a complete group with
    /// another group leaves the rest of the other group, and overlaps that
    /// form naked or hidden subsets keep their digits. On classic sets it
    /// cuts the nodes about threefold for a few word operations per
    /// changed group.
    pub locked_candidates: bool,
    /// With dom/wdeg, let a house propose the branch when its cell has more
    /// than two candidates: a digit with two places left in a complete
    /// group, when the heavier place, halved, outweighs the cell's weight
    /// per candidate (see the `house_pairs` module); by default only once a
    /// decision on one of the two places has failed.
    pub house_pairs: PairBranching,
    /// Branch again on the cell of the last failed decision until a
    /// decision on it holds (Lecoutre et al.'s last conflict; see the
    /// `conflicts` module).
    pub last_conflict: bool,
    /// Weight a failed decision adds to its own cell, on top of dom/wdeg's
    /// weights on the cells of the contradiction (0: none).
    pub decision_weight: u32,
    /// With dom/wdeg, cells holding the digit whose decisions failed most
    /// often weigh more (ISS's value score: a fifth of that digit's
    /// failures, times the decision weight), once that digit stands out.
    pub hot_digit: bool,
    /// Branch on a chosen cell of at least this many candidates by halving
    /// its candidates (lower half, then upper) instead of trying one digit
    /// (0: never; see the `branch` module).
    pub halve_from: usize,
    /// With dom/wdeg, let a house split a digit's three or four places in
    /// two halves (see the `branch` module) when no pair is proposed, only
    /// once a decision on one of them has failed.
    pub house_splits: bool,
    /// What follows a refuted decision `cell = d` on a cell the search
    /// chose, while the cell keeps two candidates or more without `d`:
    /// `cell ≠ d` propagated (binary), or `d` removed without propagating
    /// (ISS's k-way branching, see [`ValueIteration`]).
    pub value_iteration: ValueIteration,
    /// How many times its conflict weight a variable weighs once the
    /// variable a rule linked it with is fixed (`Rule::linked_variables`:
    /// a chaos cell's digit and its region label); 1 ignores the links.
    /// [`PropagationSearch::LINKED_WEIGHT`] by default.
    pub linked_weight: u64,
    /// With dom/wdeg and extra variables (a chaos construction's region
    /// labels): branch on the labels alone while more than this percent
    /// of them are open, then on labels and digits together (0, the
    /// default: labels alone while any is open). `auto`'s chaos rival
    /// uses 5 (docs/benchmarks.md, "(stop 45, chaossearch34)").
    pub labels_alone_above: u8,
    /// Let derived sums (innies and outies) wait while their cells are
    /// wide (off by default; `Engine::with_wide_derived_sums_waiting`):
    /// about 10 % cheaper killer nodes, worth it only with restarts, which
    /// cut the heavy tails it causes. `auto` turns it on with its killers'
    /// restarts.
    pub wide_derived_sums_wait: bool,
    /// Start again from the root after a growing number of failed nodes,
    /// with the conflict weights kept and the nogoods of what each run
    /// refuted (see [`Restarts`]). Off by default.
    pub restarts: Restarts,
    /// With dom/wdeg, add weight to the variables a contradiction involves
    /// (on by default). Off, only the failed decision's own variable gains
    /// ([`PropagationSearch::decision_weight`]), as ISS's conflict scores.
    pub weigh_contradictions: bool,
    /// With dom/wdeg, start each variable's weight at 1 + the sizes of the
    /// scopes of the rules reading it (rules reading every variable left
    /// out) instead of 1, as ISS's conflict scores start at its handlers'
    /// priorities: the variables many rules read are chosen first until
    /// the conflicts say otherwise. Off by default.
    pub scope_priorities: bool,
    /// With dom/wdeg, start each variable's weight at 1 + the sizes of the
    /// groups holding it + 2 per related pair outside them, as ISS's
    /// conflict scores start at its handlers' cell counts (every rule
    /// counted, houses too). Off by default; on in
    /// [`PropagationSearch::on_runs`].
    pub group_priorities: bool,
    /// With dom/wdeg, halve every variable's weight (down to 1) every this
    /// many failed nodes, so that recent conflicts count more (ISS halves
    /// its scores every 2¹⁴ failures); 0, the default: never.
    pub decay: u64,
    /// In a race (`auto`), the longest nogood this search offers the other
    /// racers that share nogoods, and takes theirs at its nodes (see
    /// `nogoods::Exchange`); 0 (the default): it neither offers nor takes.
    /// Alone it changes nothing.
    pub shared_nogoods: u8,
}

impl Default for PropagationSearch {
    fn default() -> PropagationSearch {
        PropagationSearch {
            undo: Undo::default(),
            branching: Branching::default(),
            order: ValueOrder::default(),
            techniques: false,
            locked_candidates: true,
            house_pairs: PairBranching::default(),
            last_conflict: false,
            decision_weight: 4,
            hot_digit: true,
            halve_from: 0,
            house_splits: false,
            value_iteration: ValueIteration::default(),
            linked_weight: PropagationSearch::LINKED_WEIGHT,
            labels_alone_above: 0,
            restarts: Restarts::Off,
            wide_derived_sums_wait: false,
            weigh_contradictions: true,
            scope_priorities: false,
            group_priorities: false,
            decay: 0,
            shared_nogoods: 0,
        }
    }
}

impl PropagationSearch {
    /// How much more a variable whose linked one is fixed weighs. ISS's
    /// factor is 4; here, where labels are chosen before digits, 2 is the
    /// one that paid on ISS's chaos puzzles (3 and 4 lost; 2 loses Calm
    /// Construction, which `auto` races against 1: docs/benchmarks.md,
    /// "Linked search variables (stop 44, chaos33)").
    pub const LINKED_WEIGHT: u64 = 2;

    /// This search with ISS's choice of branch, for puzzles whose rules
    /// link variables (a chaos construction's digits and region labels):
    /// labels and digits chosen together, a variable whose partner is
    /// fixed weighing 4 times its weight, only a failed decision's own
    /// variable gaining weight (1), the weights starting at the rules'
    /// scope sizes ([`PropagationSearch::scope_priorities`]), the smallest
    /// value first. `auto`'s main search on such puzzles when a rival
    /// covers its tails: it ends The Fountain in 25,637 nodes where the
    /// labels-first search runs past 1.5 M, and halves Cavernous
    /// Construction, but runs past 800,000 nodes on the chaos killer and
    /// x-sums (docs/benchmarks.md, "(stop 47, chaossearch47)").
    pub fn linked_together(self) -> PropagationSearch {
        PropagationSearch {
            order: ValueOrder::Ascending,
            decision_weight: 1,
            linked_weight: 4,
            // More than 100 % of the labels are never open.
            labels_alone_above: 100,
            weigh_contradictions: false,
            scope_priorities: true,
            ..self
        }
    }

    /// How often [`PropagationSearch::on_runs`] halves the weights: 1,024
    /// and 2,048 failures measured alike, 4,096 to 20,000 take up to 1.7×
    /// the nodes on Hard renban 2 (docs/benchmarks.md, "(stop 48,
    /// renban48)").
    pub const RUNS_DECAY: u64 = 2048;

    /// This search with ISS's choice of branch, for puzzles of renban
    /// lines: only a failed decision's own variable gains weight (1), the
    /// weights start at ISS's cell priorities
    /// ([`PropagationSearch::group_priorities`]) and are halved every
    /// [`PropagationSearch::RUNS_DECAY`] failures, the smallest digit
    /// first, reselecting after a refuted digit
    /// ([`ValueIteration::Reselect`]). `auto`'s search where a rule
    /// declares consecutive runs: Hard renban 2 441,709 → 210,566 nodes,
    /// Hard renban 1 131,951 → 84,938; dom/wdeg's own weights lose on
    /// most other puzzles (the shared set 4,378 → 6,902 nodes with a
    /// slower decay).
    pub fn on_runs(self) -> PropagationSearch {
        PropagationSearch {
            order: ValueOrder::Ascending,
            decision_weight: 1,
            weigh_contradictions: false,
            value_iteration: ValueIteration::Reselect,
            group_priorities: true,
            decay: PropagationSearch::RUNS_DECAY,
            ..self
        }
    }

    /// What the search learns from its conflicts (the `conflicts` module).
    fn conflict_options(&self) -> ConflictOptions {
        ConflictOptions {
            last_conflict: self.last_conflict,
            decision_weight: self.decision_weight,
            hot_digit: self.hot_digit,
        }
    }

    /// The default search with a given undo method.
    pub fn with_undo(undo: Undo) -> PropagationSearch {
        PropagationSearch {
            undo,
            ..PropagationSearch::default()
        }
    }
}

impl Strategy for PropagationSearch {
    fn name(&self) -> &'static str {
        "propagation"
    }

    fn prepare<'p>(&self, puzzle: &'p Puzzle) -> Result<Box<dyn Session + 'p>, SolveError> {
        let n = puzzle.size();
        let undo = self.undo.resolve(n);
        let width = Width::for_size(n).ok_or(SolveError::TooLarge(n))?;
        Ok(match (width, undo) {
            (Width::W16, Undo::Copy) => {
                Box::new(PropagationSession::<u16, CopyUndo<u16>>::new(*self, puzzle))
            }
            (Width::W16, _) => Box::new(PropagationSession::<u16, TrailUndo<u16>>::new(*self, puzzle)),
            (Width::W32, Undo::Copy) => {
                Box::new(PropagationSession::<u32, CopyUndo<u32>>::new(*self, puzzle))
            }
            (Width::W32, _) => Box::new(PropagationSession::<u32, TrailUndo<u32>>::new(*self, puzzle)),
            (Width::W64, Undo::Copy) => {
                Box::new(PropagationSession::<u64, CopyUndo<u64>>::new(*self, puzzle))
            }
            (Width::W64, _) => Box::new(PropagationSession::<u64, TrailUndo<u64>>::new(*self, puzzle)),
            (Width::W128, Undo::Copy) => {
                Box::new(PropagationSession::<u128, CopyUndo<u128>>::new(*self, puzzle))
            }
            (Width::W128, _) => Box::new(PropagationSession::<u128, TrailUndo<u128>>::new(*self, puzzle)),
        })
    }
}

/// Saves states at decisions and brings them back.
trait Undoer<W: Word> {
    fn new() -> Self;
    /// Forgets every open decision (a new search starts).
    fn clear(&mut self);
    fn trail(&mut self) -> Option<&mut Trail<W>>;
    /// Remembers `state` before taking `branch`.
    fn push(&mut self, state: &State<W>, branch: Branch);
    /// Restores the state of the latest open decision and returns it.
    fn pop(&mut self, state: &mut State<W>) -> Option<Branch>;
}

struct CopyUndo<W: Word> {
    saved: Vec<State<W>>,
    decisions: Vec<Branch>,
}

impl<W: Word> Undoer<W> for CopyUndo<W> {
    fn new() -> Self {
        CopyUndo {
            saved: Vec::new(),
            decisions: Vec::new(),
        }
    }
    fn clear(&mut self) {
        self.decisions.clear();
    }
    #[inline]
    fn trail(&mut self) -> Option<&mut Trail<W>> {
        None
    }
    #[inline]
    fn push(&mut self, state: &State<W>, branch: Branch) {
        let depth = self.decisions.len();
        if depth == self.saved.len() {
            self.saved.push(state.clone());
        } else {
            self.saved[depth].copy_from(state);
        }
        self.decisions.push(branch);
    }
    #[inline]
    fn pop(&mut self, state: &mut State<W>) -> Option<Branch> {
        let decision = self.decisions.pop()?;
        state.copy_from(&self.saved[self.decisions.len()]);
        Some(decision)
    }
}

struct TrailUndo<W: Word> {
    trail: Trail<W>,
    decisions: Vec<(sudokit_core::Level, Branch)>,
}

impl<W: Word> Undoer<W> for TrailUndo<W> {
    fn new() -> Self {
        TrailUndo {
            trail: Trail::new(),
            decisions: Vec::new(),
        }
    }
    fn clear(&mut self) {
        self.decisions.clear();
        self.trail = Trail::new();
    }
    #[inline]
    fn trail(&mut self) -> Option<&mut Trail<W>> {
        Some(&mut self.trail)
    }
    #[inline]
    fn push(&mut self, state: &State<W>, branch: Branch) {
        let level = self.trail.checkpoint(state);
        self.decisions.push((level, branch));
    }
    #[inline]
    fn pop(&mut self, state: &mut State<W>) -> Option<Branch> {
        let (level, branch) = self.decisions.pop()?;
        self.trail.restore(state, level);
        Some(branch)
    }
}

/// The unfixed cell (or extra variable) with the fewest candidates (first
/// found on ties; a two-candidate cell ends the scan).
#[inline]
pub(crate) fn most_constrained<W: Word>(state: &State<W>) -> Option<Cell> {
    let mut best: Option<(usize, usize)> = None;
    let first = branch_from(state);
    for (i, set) in state.variables().iter().enumerate().skip(first) {
        let len = set.len();
        if len > 1 && best.is_none_or(|(_, b)| len < b) {
            best = Some((i, len));
            if len == 2 {
                break;
            }
        }
    }
    best.map(|(i, _)| Cell(i as u16))
}

/// Where branching looks first: past the cells while an extra variable
/// (a chaos construction's region of a cell) is open, so regions are
/// decided before digits; 0 otherwise. Measured on ISS's 9×9 chaos
/// puzzles (issue 28): Sack Lunch finishes, most others take fewer nodes.
#[inline]
fn branch_from<W: Word>(state: &State<W>) -> usize {
    branch_from_above(state, 0)
}

/// [`branch_from`] once more than `percent` of the extra variables are
/// open: the last few then compete with the cells
/// ([`PropagationSearch::labels_alone_above`]).
#[inline]
fn branch_from_above<W: Word>(state: &State<W>, percent: u8) -> usize {
    let cells = state.cells().len();
    let extra = &state.variables()[cells..];
    let open = match percent {
        0 => extra.iter().any(|set| set.len() > 1) as usize,
        _ => extra.iter().filter(|set| set.len() > 1).count(),
    };
    match open * 100 > usize::from(percent) * extra.len() {
        true => cells,
        false => 0,
    }
}

/// The unfixed cell (or extra variable) minimising `candidates / weight`
/// (dom/wdeg), first on ties. A cell holding `hot.0`'s digits (bits of a
/// `u128`) weighs `hot.1` more; a variable whose linked variable is fixed
/// (`links`, see [`Links`]) weighs `links.factor` times its weight. Extra
/// variables alone while more than `labels_alone_above` percent of them
/// are open ([`branch_from_above`]).
///
/// Branch-free over the cells: a fixed cell weighs 0 and so never compares
/// better (a branch on "fixed?" was mispredicted on every other cell).
#[inline]
fn heaviest_constrained<W: Word>(
    state: &State<W>,
    weights: &[u32],
    hot: (u128, u64),
    links: &Links,
    labels_alone_above: u8,
) -> Option<Cell> {
    let first = branch_from_above(state, labels_alone_above);
    match links.is_empty() {
        true => heaviest_scaled(state, weights, hot, first, |_| 1),
        false => {
            let variables = state.variables();
            let factor = links.factor;
            heaviest_scaled(state, weights, hot, first, |i| {
                let partner = links.partner[i] as usize;
                match variables.get(partner) {
                    Some(set) if set.len() == 1 => factor,
                    _ => 1,
                }
            })
        }
    }
}

/// [`heaviest_constrained`] from variable `first` on, each conflict weight
/// multiplied by `scale(variable)`.
#[inline(always)]
fn heaviest_scaled<W: Word>(
    state: &State<W>,
    weights: &[u32],
    hot: (u128, u64),
    first: usize,
    scale: impl Fn(usize) -> u64,
) -> Option<Cell> {
    // `len / w < best_len / best_w`, without division; the start (1 / 0)
    // loses to any unfixed cell.
    let (mut best, mut best_len, mut best_w) = (usize::MAX, 1u64, 0u64);
    let (hot_bits, bonus) = hot;
    for (i, (set, &w)) in state.variables().iter().zip(weights).enumerate().skip(first) {
        let len = set.len() as u64;
        let heated = bonus * (set.to_u128() & hot_bits != 0) as u64;
        let w = (w as u64 * scale(i) + heated) * (len > 1) as u64;
        let better = len * best_w < best_len * w;
        best = if better { i } else { best };
        best_len = if better { len } else { best_len };
        best_w = if better { w } else { best_w };
    }
    (best != usize::MAX).then_some(Cell(best as u16))
}

/// The linked variables the rules declare
/// ([`Rule::linked_variables`](sudokit_core::Rule::linked_variables)), as
/// each variable's partner (`u16::MAX`: none; empty when no rule links any).
pub(crate) struct Links {
    partner: Vec<u16>,
    /// How many times its weight a variable whose partner is fixed weighs.
    factor: u64,
}

impl Links {
    /// No links (a model whose rules declare none).
    #[cfg(test)]
    fn none() -> Links {
        Links {
            partner: Vec::new(),
            factor: PropagationSearch::LINKED_WEIGHT,
        }
    }

    /// The links `model`'s rules declare, each partner weighing `factor`
    /// (none at all with a factor of 1: the plain dom/wdeg loop).
    pub(crate) fn new(model: &Model, factor: u64) -> Links {
        let geometry = model.geometry();
        let mut partner = Vec::new();
        let constraints = if factor > 1 { model.constraints() } else { &[] };
        for constraint in constraints {
            for (a, b) in constraint.linked_variables(geometry) {
                let (a, b) = (a.index(), b.index());
                if a.max(b) >= model.variable_count() {
                    continue;
                }
                if partner.is_empty() {
                    partner = vec![u16::MAX; model.variable_count()];
                }
                partner[a] = b as u16;
                partner[b] = a as u16;
            }
        }
        Links { partner, factor }
    }

    /// Whether no variable has a partner: the weighting changes nothing.
    pub(crate) fn is_empty(&self) -> bool {
        self.partner.is_empty()
    }
}

/// The branch a house proposes instead of `cell` under `mode`, if any: with
/// [`PairBranching::AfterFailures`], only pairs with a place where a
/// decision has failed (and no scan at all before the first failure).
#[inline]
fn house_branch<W: Word>(
    pairs: &HousePairs,
    mode: PairBranching,
    conflicts: &Conflicts,
    state: &State<W>,
    weights: &[u32],
    cell: Cell,
) -> Option<(Cell, Digit)> {
    match mode {
        PairBranching::Off => None,
        PairBranching::Always => pairs.propose(state, weights, cell, |_| true),
        PairBranching::AfterFailures if conflicts.any_failure() => {
            pairs.propose(state, weights, cell, |c| conflicts.has_failed(c))
        }
        PairBranching::AfterFailures => None,
    }
}

/// Applies one side of a branch (`first`, or its refutation) and
/// propagates, the nogoods too; on a dead end, adds weight to the cells the
/// contradiction involves (when `weights` are kept). True when the state
/// is still consistent.
#[allow(
    clippy::too_many_arguments,
    reason = "the search's context a propagation touches"
)]
#[inline]
fn step<W: Word>(
    engine: &mut Engine<'_>,
    state: &mut State<W>,
    trail: Option<&mut Trail<W>>,
    branch: Branch,
    first: bool,
    houses: Option<&HousePairs>,
    weights: &mut [u32],
    nogoods: &mut Nogoods,
    weigh_contradictions: bool,
) -> bool {
    let mut trail = trail;
    match branch.apply(first, houses, engine, state, trail.as_deref_mut()) {
        Ok(()) => nogoods.propagate(engine, state, trail, weights),
        Err(contradiction) => {
            if !weights.is_empty() && weigh_contradictions {
                bump(weights, engine.model(), &contradiction);
            }
            false
        }
    }
}

/// The starting weights of [`PropagationSearch::scope_priorities`]: per
/// variable, 1 + the scope sizes of the rules reading it, leaving out the
/// rules that read every variable (a chaos construction), which would
/// only add the same to all.
fn scope_priorities(model: &Model) -> Vec<u32> {
    let variables = model.variable_count();
    let mut weights = vec![1u32; variables];
    for k in 0..model.constraints().len() {
        let scope = model.scope_of(k);
        if scope.len() < variables {
            for cell in scope {
                weights[cell.index()] += scope.len() as u32;
            }
        }
    }
    weights
}

/// The starting weights of [`PropagationSearch::group_priorities`]: per
/// variable, 1 + the sizes of the groups holding it + 2 per related pair
/// (outside a shared group) it is in.
fn group_priorities(model: &Model) -> Vec<u32> {
    let mut weights = vec![1u32; model.variable_count()];
    for group in model.groups() {
        for cell in group.cells() {
            weights[cell.index()] += group.cells().len() as u32;
        }
    }
    for pair in model.related_pairs().iter().filter(|pair| !pair.share_group) {
        weights[pair.a.index()] += 2;
        weights[pair.b.index()] += 2;
    }
    weights
}

/// The conflict weights a search starts with (none without dom/wdeg;
/// extra variables too).
fn starting_weights(config: &PropagationSearch, model: &Model) -> Vec<u32> {
    let weighted = config.branching == Branching::DomWdeg;
    match (weighted, config.scope_priorities, config.group_priorities) {
        (false, _, _) => Vec::new(),
        (true, true, _) => scope_priorities(model),
        (true, false, true) => group_priorities(model),
        (true, false, false) => vec![1u32; model.variable_count()],
    }
}

/// Halves every weight, keeping each at least 1.
fn decay(weights: &mut [u32]) {
    for weight in weights {
        *weight = (*weight / 2).max(1);
    }
}

/// Adds weight to the cells a contradiction involves: an emptied cell and
/// its peers, a group's cells, a rule's cell, or (when a rule names no
/// cell) the cells its propagator reads.
fn bump(weights: &mut [u32], model: &Model, contradiction: &Contradiction) {
    let mut add = |cells: &[Cell]| {
        for cell in cells {
            weights[cell.index()] += 1;
        }
    };
    match contradiction.kind {
        ContradictionKind::EmptyCell(cell) => {
            add(&[cell]);
            if cell.index() < model.geometry().cell_count() {
                add(model.peers(cell));
            }
        }
        ContradictionKind::NoPlace { group, .. } | ContradictionKind::TooFewDigits { group } => {
            add(model.group(group).cells())
        }
        ContradictionKind::Rule { cell: Some(cell), .. } => add(&[cell]),
        ContradictionKind::Rule { cell: None, .. } => {
            if let Some(k) = contradiction.constraint {
                add(model.scope_of(k));
            }
        }
    }
}

/// A puzzle prepared for propagation search: the engine, and the state at
/// the root fixpoint of the givens, computed on the first visit. A visit
/// from a [`Start`] narrows a copy of that state and propagates only what
/// the narrowing woke.
struct PropagationSession<'p, W: Word, U: Undoer<W>> {
    config: PropagationSearch,
    puzzle: &'p Puzzle,
    engine: Engine<'p>,
    /// The root fixpoint: `None` before the first visit, `Some(None)` when
    /// the givens contradict the rules.
    root: Option<Option<State<W>>>,
    undo: U,
    /// The conflict weights the last visit ended with, for the next one
    /// ([`Session::keep_learning`]): `None` while each visit starts afresh.
    learnt: Option<Vec<u32>>,
    /// Set by [`Session::keep_learning`].
    keep: bool,
}

impl<'p, W: Word, U: Undoer<W>> PropagationSession<'p, W, U> {
    fn new(config: PropagationSearch, puzzle: &'p Puzzle) -> Self {
        let model = puzzle.model();
        let engine = if config.techniques {
            Engine::new(model)
        } else {
            Engine::rules_only(model)
        }
        .with_locked_candidates(config.locked_candidates)
        .with_wide_derived_sums_waiting(config.wide_derived_sums_wait);
        PropagationSession {
            config,
            puzzle,
            engine,
            root: None,
            undo: U::new(),
            learnt: None,
            keep: false,
        }
    }

    /// Whether each visit starts with the last one's weights.
    fn keeps_learning(&self) -> bool {
        self.keep
    }

    /// The state at the root fixpoint, computed once.
    fn root(&mut self) -> Option<&State<W>> {
        if self.root.is_none() {
            let mut state = State::<W>::with_givens(self.puzzle.geometry(), self.puzzle.givens());
            self.engine.schedule_all();
            let alive = self.engine.propagate(&mut state, self.undo.trail()).is_ok();
            self.undo.clear();
            self.root = Some(alive.then_some(state));
        }
        self.root.as_ref().expect("just computed").as_ref()
    }
}

impl<W: Word, U: Undoer<W>> Session for PropagationSession<'_, W, U> {
    fn puzzle(&self) -> &Puzzle {
        self.puzzle
    }

    fn visit(
        &mut self,
        start: &Start,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        let started = Instant::now();
        if start.is_empty() {
            let seed = match self.config.order {
                ValueOrder::Random { seed } => Some(seed),
                _ => None,
            };
            if let Some(search) = crate::pattern::visit(self.puzzle, limits, seed, visitor) {
                return Ok(search);
            }
        }
        let masks = start.checked_masks(self.puzzle.size())?;
        let runs_before = self.engine.runs();
        let mut stats = Stats {
            nodes: 1,
            ..Stats::default()
        };
        let mut solutions = Solutions::new(self.puzzle, limits, visitor);
        let stop = match self.root().cloned() {
            None => Stop::Exhausted,
            Some(mut state) => {
                self.undo.clear();
                let alive = self
                    .engine
                    .restrict_all(&mut state, self.undo.trail(), masks)
                    .and_then(|()| self.engine.propagate(&mut state, self.undo.trail()))
                    .is_ok();
                let mut weights = match self.learnt.take() {
                    Some(weights) => weights,
                    None => starting_weights(&self.config, self.engine.model()),
                };
                let stop = search(
                    &self.config,
                    &mut self.engine,
                    &mut self.undo,
                    state,
                    alive,
                    limits,
                    started,
                    &mut stats,
                    &mut solutions,
                    &mut weights,
                );
                if self.keeps_learning() {
                    self.learnt = Some(weights);
                }
                self.undo.clear();
                stop
            }
        };
        stats.propagations = self.engine.runs() - runs_before;
        stats.elapsed = started.elapsed();
        Ok(Search {
            count: solutions.count(),
            stop,
            stats,
        })
    }

    fn keep_learning(&mut self) {
        self.keep = true;
    }
}

/// The binary search tree below a propagated state (`alive` when it is
/// consistent), to the limits.
#[allow(
    clippy::too_many_arguments,
    reason = "the search's whole context, passed once"
)]
fn search<W: Word, U: Undoer<W>>(
    config: &PropagationSearch,
    engine: &mut Engine<'_>,
    undo: &mut U,
    mut state: State<W>,
    mut alive: bool,
    limits: &Limits,
    started: Instant,
    stats: &mut Stats,
    solutions: &mut Solutions<'_>,
    weights: &mut [u32],
) -> Stop {
    let deadline = limits.deadline(started);
    let model = engine.model();
    let mut rng = match config.order {
        ValueOrder::Random { seed } => Some(fastrand::Rng::with_seed(seed)),
        ValueOrder::Ascending | ValueOrder::FewestFailures => None,
    };
    let weighted = config.branching == Branching::DomWdeg;
    let pairs = (weighted && (config.house_pairs != PairBranching::Off || config.house_splits))
        .then(|| HousePairs::new(model));
    let mut conflicts = Conflicts::new(config.conflict_options(), model.variable_count());
    let links = Links::new(model, config.linked_weight);
    let size = model.geometry().size();
    let cells = model.geometry().cell_count();
    // Restarts: the root to start again from, the failures of this run and
    // its cut, the branch and the nogoods; the race's nogood exchange.
    let mut seat = seat(config.shared_nogoods).filter(|_| alive);
    let mut memory = Memory::new(
        (config.restarts != Restarts::Off || seat.is_some()) && alive,
        model.variable_count(),
    );
    let mut root = (config.restarts != Restarts::Off && memory.on).then(|| state.clone());
    let (mut run, mut failures) = (0u64, 0u64);
    let mut cut = if memory.on { config.restarts.cap(0) } else { None };
    loop {
        if alive
            && let Some(seat) = seat.as_mut()
            && seat.has_news()
        {
            // The other racers' nogoods: consequences of the rules here too.
            for lits in seat.take() {
                memory.nogoods.add_any(lits, &state);
            }
            alive = memory
                .nogoods
                .propagate(engine, &mut state, undo.trail(), weights);
        }
        if alive {
            let pending = conflicts.pending(&state);
            // A solved state has nothing to branch on: no need to look.
            let choice = if state.is_solved() {
                None
            } else if pending.is_some() {
                pending
            } else if weighted {
                let hot = conflicts.hot_digit(size).map_or((0, 0), |(digit, failures)| {
                    (
                        1u128 << (digit - 1),
                        u64::from(failures * config.decision_weight.max(1) / 5),
                    )
                });
                heaviest_constrained(&state, weights, hot, &links, config.labels_alone_above)
            } else {
                most_constrained(&state)
            };
            match choice {
                None => {
                    if !config.restarts.after_solution() {
                        cut = None;
                    }
                    // A refuted decision above it was only explored: the
                    // seat offers no nogood this solution holds.
                    if let Some(seat) = seat.as_mut() {
                        seat.solved(&state);
                    }
                    // Propagators prune; `check` decides. A plugin whose
                    // propagator misses a violation cannot yield a wrong answer.
                    if let Some(stop) = solutions.offer(&state.to_grid()) {
                        return stop;
                    }
                }
                Some(cell) => {
                    if let Some(stop) = out_of_budget(stats, limits, deadline) {
                        return stop;
                    }
                    let proposed = pairs.as_ref().and_then(|pairs| {
                        house_branch(pairs, config.house_pairs, &conflicts, &state, weights, cell)
                            .map(|(cell, digit)| Branch::Assign(cell, digit))
                            .or_else(|| {
                                (config.house_splits && conflicts.any_failure())
                                    .then(|| {
                                        pairs
                                            .propose_split(&state, weights, cell, |c| conflicts.has_failed(c))
                                            .map(Branch::Spread)
                                    })
                                    .flatten()
                            })
                    });
                    let set = state.candidates(cell);
                    let branch = match proposed {
                        Some(branch) => branch,
                        None if config.halve_from > 1 && set.len() >= config.halve_from => {
                            Branch::halve(cell, set)
                        }
                        None => {
                            Branch::Value(cell, pick_digit(config.order, &mut rng, &conflicts, cell, set))
                        }
                    };
                    let houses = pairs.as_ref();
                    alive = take(
                        engine,
                        undo,
                        &mut state,
                        branch,
                        stats,
                        houses,
                        &mut conflicts,
                        weights,
                        &mut memory,
                        config.weigh_contradictions,
                    );
                    continue;
                }
            }
        } else {
            stats.backtracks += 1;
            failures += 1;
            if config.decay > 0 && stats.backtracks % config.decay == 0 {
                decay(weights);
            }
            if cut.is_some_and(|cap| failures >= cap)
                && let Some(learnt) = memory.path.cut()
            {
                if let Some(seat) = &seat {
                    seat.offer(&memory.path);
                }
                // Start again from the root, with what this run refuted.
                undo.clear();
                memory.path.clear();
                let root = root.as_mut().expect("a root to restart from");
                if !memory.learn(engine, root, learnt, weights) {
                    // The nogoods refute the root: every solution is counted.
                    return Stop::Exhausted;
                }
                state.copy_from(root);
                alive = true;
                run += 1;
                failures = 0;
                cut = config.restarts.cap(run);
                continue;
            }
        }
        // Back to the latest decision, now refuted: its other side.
        let Some(branch) = undo.pop(&mut state) else {
            return Stop::Exhausted;
        };
        if memory.on {
            memory.path.refute();
            if let Some(seat) = &seat {
                seat.offer(&memory.path);
            }
        }
        if let Some(stop) = out_of_budget(stats, limits, deadline) {
            return stop;
        }
        if let Branch::Value(cell, digit) = branch
            && config.value_iteration != ValueIteration::Off
            && cell.index() < cells
            && state.candidates(cell).len() > 2
        {
            // Value iteration: the refuted digit leaves the cell without a
            // propagation (two candidates or more remain: nothing empties);
            // the engine keeps the cell as changed, so the next decision's
            // propagation wakes its watchers too.
            let quiet = engine.restrict_all(&mut state, undo.trail(), [(cell, !(1u128 << (digit - 1)))]);
            if quiet.is_ok() {
                if config.value_iteration == ValueIteration::Reselect {
                    alive = true;
                    continue;
                }
                let next = pick_digit(config.order, &mut rng, &conflicts, cell, state.candidates(cell));
                let houses = pairs.as_ref();
                alive = take(
                    engine,
                    undo,
                    &mut state,
                    Branch::Value(cell, next),
                    stats,
                    houses,
                    &mut conflicts,
                    weights,
                    &mut memory,
                    config.weigh_contradictions,
                );
                continue;
            }
        }
        stats.nodes += 1;
        alive = step(
            engine,
            &mut state,
            undo.trail(),
            branch,
            false,
            pairs.as_ref(),
            weights,
            &mut memory.nogoods,
            config.weigh_contradictions,
        );
    }
}

/// This thread's seat at its race's nogood exchange, if it races with
/// nogoods shared.
#[cfg(not(target_arch = "wasm32"))]
fn seat(max_len: u8) -> Option<Seat> {
    if max_len == 0 {
        return None;
    }
    let (exchange, me) = crate::race::exchange()?;
    Some(Seat::new(exchange, me, max_len.into()))
}

/// No race, no exchange.
#[cfg(target_arch = "wasm32")]
fn seat(_: u8) -> Option<Seat> {
    None
}

/// What restarts keep: the current branch and the nogoods of the runs cut
/// so far (see the `nogoods` module); in a race sharing nogoods, the
/// branch gives the nogoods offered and the store holds those taken;
/// unused otherwise.
struct Memory {
    on: bool,
    path: Path,
    nogoods: Nogoods,
}

impl Memory {
    fn new(on: bool, variables: usize) -> Memory {
        Memory {
            on,
            path: Path::default(),
            nogoods: Nogoods::new(if on { variables } else { 0 }),
        }
    }

    /// Stores the nogoods `learnt` at a cut: those of one literal narrow
    /// `root` for good, the others are watched; then brings `root` to a
    /// fixpoint of the rules and the nogoods. False when it dies.
    fn learn<W: Word>(
        &mut self,
        engine: &mut Engine<'_>,
        root: &mut State<W>,
        learnt: Vec<Vec<Lit>>,
        weights: &mut [u32],
    ) -> bool {
        let mut units = Vec::new();
        for nogood in learnt {
            match nogood[..] {
                [lit] => units.push((lit.var, !(1u128 << (lit.digit - 1)))),
                _ => self.nogoods.add(nogood, root),
            }
        }
        engine
            .restrict_all(root, None, units)
            .and_then(|()| engine.propagate(root, None))
            .is_ok()
            && self.nogoods.propagate(engine, root, None, weights)
    }
}

/// The literal of a value decision (`None` for a halving or a split).
#[inline]
fn literal(branch: Branch) -> Option<Lit> {
    match branch {
        Branch::Assign(var, digit) | Branch::Value(var, digit) => Some(Lit { var, digit }),
        Branch::Halve(..) | Branch::Spread(..) => None,
    }
}

/// Takes the first side of a new decision `branch`: remembers the state
/// for its refutation, counts a node and a guess, propagates, and tells the
/// conflict memory whether it held. True when the state is still
/// consistent.
#[allow(
    clippy::too_many_arguments,
    reason = "the search's context a decision touches"
)]
#[inline]
fn take<W: Word, U: Undoer<W>>(
    engine: &mut Engine<'_>,
    undo: &mut U,
    state: &mut State<W>,
    branch: Branch,
    stats: &mut Stats,
    houses: Option<&HousePairs>,
    conflicts: &mut Conflicts,
    weights: &mut [u32],
    memory: &mut Memory,
    weigh_contradictions: bool,
) -> bool {
    undo.push(state, branch);
    if memory.on {
        memory.path.decide(literal(branch));
    }
    stats.nodes += 1;
    stats.guesses += 1;
    let nogoods = &mut memory.nogoods;
    let alive = step(
        engine,
        state,
        undo.trail(),
        branch,
        true,
        houses,
        weights,
        nogoods,
        weigh_contradictions,
    );
    match branch {
        Branch::Assign(cell, digit) | Branch::Value(cell, digit) => {
            conflicts.assigned(cell, digit, alive, weights)
        }
        _ => conflicts.decided(branch.cell(houses), alive, weights),
    }
    alive
}

/// The digit of `set` (the candidates of `cell`) tried first under `order`.
#[inline]
fn pick_digit<W: Word>(
    order: ValueOrder,
    rng: &mut Option<fastrand::Rng>,
    conflicts: &Conflicts,
    cell: Cell,
    set: Digits<W>,
) -> Digit {
    match (order, rng.as_mut()) {
        (ValueOrder::Random { .. }, Some(rng)) => set.nth(rng.usize(..set.len())).expect("index below len"),
        (ValueOrder::FewestFailures, _) => set
            .iter()
            .min_by_key(|&d| conflicts.digit_failures(cell, d))
            .expect("unfixed cell has candidates"),
        _ => set.min().expect("unfixed cell has candidates"),
    }
}

#[inline]
fn out_of_budget(stats: &Stats, limits: &Limits, deadline: Option<Instant>) -> Option<Stop> {
    if limits.max_nodes.is_some_and(|max| stats.nodes >= max) {
        return Some(Stop::NodeLimit);
    }
    if stats.nodes % 256 == 0 {
        // A rival sharing a core waits here while another holds it.
        crate::baton::poll();
        return limits.expired(deadline);
    }
    None
}

#[cfg(test)]
pub(crate) mod tests {
    use std::borrow::Cow;

    use super::*;
    use sudokit_constraints::{ClassicRules, KillerCage};
    use sudokit_core::testkit::count_solutions;
    use sudokit_core::{Ctx, Geometry, Propagate, Rule, Violation};

    /// A rule that fails without naming a cell.
    #[derive(Clone, Debug)]
    struct Fails;

    impl Rule for Fails {
        fn name(&self) -> Cow<'_, str> {
            "fails".into()
        }
        fn scope(&self, _: &Geometry) -> Vec<Cell> {
            vec![Cell(1), Cell(6)]
        }
        fn check(&self, _: &Geometry, _: &Grid) -> Result<(), Violation> {
            Ok(())
        }
    }

    impl Propagate for Fails {
        fn propagate<W: Word>(&self, _: &mut Ctx<'_, W>, _: &[Cell]) -> Result<(), Contradiction> {
            Err(Contradiction::rule(None, "cannot hold"))
        }
    }

    #[test]
    fn a_contradiction_without_a_cell_weighs_the_rules_scope() {
        let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with(Fails).unwrap();
        let mut weights = vec![1u32; 16];
        bump(
            &mut weights,
            puzzle.model(),
            &Contradiction::rule(None, "cannot hold").by(0),
        );
        let heavier: Vec<usize> = (0..16).filter(|&i| weights[i] > 1).collect();
        assert_eq!(heavier, vec![1, 6]);
        // A cell named by the contradiction weighs alone.
        bump(
            &mut weights,
            puzzle.model(),
            &Contradiction::rule(Some(Cell(3)), "here").by(0),
        );
        assert_eq!(weights[3], 2);
    }

    /// A random 6×6 killer: classic rules, cages of two or three cells in a
    /// row or a column with their totals read off a random solution grid,
    /// and a few of its digits as givens; in one puzzle of two the first
    /// cage's total is then moved by one, which leaves the search dead ends
    /// to meet (often no solution at all).
    pub(crate) fn random_killer(rng: &mut fastrand::Rng) -> Puzzle {
        let geometry = Geometry::square(6).unwrap();
        let empty = Puzzle::new(geometry.clone()).with(ClassicRules).unwrap();
        let random = PropagationSearch {
            order: ValueOrder::Random { seed: rng.u64(..) },
            ..PropagationSearch::default()
        };
        let solution = random
            .solve(&empty, &Limits::default())
            .unwrap()
            .solutions
            .remove(0);
        let mut givens = Grid::empty(6);
        for _ in 0..rng.usize(0..3) {
            let cell = Cell(rng.u16(..36));
            givens.set(cell, solution.get(cell).unwrap());
        }
        let mut puzzle = empty.with_givens(givens).unwrap();
        let moved = rng.bool();
        for k in 0..rng.usize(6..11) {
            let (row, col, len) = (rng.usize(..6), rng.usize(..4), rng.usize(2..4));
            let across = rng.bool();
            let cells: Vec<Cell> = (0..len)
                .map(|i| if across { (row, col + i) } else { (col + i, row) })
                .map(|(r, c)| Cell((r * 6 + c) as u16))
                .collect();
            let total: u32 = cells.iter().map(|&c| u32::from(solution.get(c).unwrap())).sum();
            let total = if moved && k == 0 { total + 1 } else { total };
            puzzle = puzzle.with(KillerCage::new(cells, total)).unwrap();
        }
        puzzle
    }

    #[test]
    fn gated_pairs_wait_for_a_failure_on_one_of_their_places() {
        let puzzle = Puzzle::new(Geometry::square(4).unwrap())
            .with(ClassicRules)
            .unwrap();
        let pairs = HousePairs::new(puzzle.model());
        let mut state = State::<u16>::new(puzzle.geometry());
        // Row 1: 1 can go in r1c1 or r1c3 only (cells 0 and 2).
        state.restrict_untracked(Cell(1), sudokit_core::Digits::from_u128(0b1110));
        state.restrict_untracked(Cell(3), sudokit_core::Digits::from_u128(0b1110));
        let mut weights = vec![1u32; 16];
        let mut conflicts = Conflicts::new(PropagationSearch::default().conflict_options(), 16);
        let branch = |conflicts: &Conflicts, weights: &[u32], mode| {
            house_branch(&pairs, mode, conflicts, &state, weights, Cell(5))
        };
        assert_eq!(branch(&conflicts, &weights, PairBranching::Off), None);
        assert_eq!(
            branch(&conflicts, &weights, PairBranching::Always),
            Some((Cell(0), 1))
        );
        assert_eq!(branch(&conflicts, &weights, PairBranching::AfterFailures), None);
        // A failure elsewhere does not open the pair; one on a place does.
        conflicts.decided(Cell(9), false, &mut weights);
        assert_eq!(branch(&conflicts, &weights, PairBranching::AfterFailures), None);
        conflicts.decided(Cell(2), false, &mut weights);
        assert_eq!(
            branch(&conflicts, &weights, PairBranching::AfterFailures),
            Some((Cell(2), 1))
        );
    }

    #[test]
    fn a_hot_digit_heats_the_cells_that_hold_it() {
        let geometry = Geometry::square(4).unwrap();
        let mut state = State::<u16>::new(&geometry);
        // r1c1 {1,2,3} weighs 3, r1c2 {3,4} weighs 1: dom/wdeg takes r1c1
        // (1 per weight against 2).
        state.restrict_untracked(Cell(0), sudokit_core::Digits::from_digits([1, 2, 3]));
        state.restrict_untracked(Cell(1), sudokit_core::Digits::from_digits([3, 4]));
        for c in 2..16 {
            state.restrict_untracked(Cell(c), sudokit_core::Digits::single(1));
        }
        let weights = [3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
        let none = Links::none();
        assert_eq!(
            heaviest_constrained(&state, &weights, (0, 0), &none, 0),
            Some(Cell(0))
        );
        // Digit 4 hot by 6: r1c2 weighs 7 (2 / 7 beats 3 / 3).
        assert_eq!(
            heaviest_constrained(&state, &weights, (1 << 3, 6), &none, 0),
            Some(Cell(1))
        );
        // Digit 3 is in both: both heat by 6 (3 / 9 against 2 / 7).
        assert_eq!(
            heaviest_constrained(&state, &weights, (1 << 2, 6), &none, 0),
            Some(Cell(1))
        );
        // Digit 1 is in r1c1 only (the fixed cells weigh nothing).
        assert_eq!(
            heaviest_constrained(&state, &weights, (1, 60), &none, 0),
            Some(Cell(0))
        );
    }

    #[test]
    fn scope_priorities_start_from_the_scopes_of_rules_not_reading_everything() {
        // `Fails` reads r1c2 and r2c3: 1 + 2 each; classic rules read no
        // cell through a propagator scope, and an all-cell rule would
        // weigh every cell alike (left out).
        let puzzle = Puzzle::new(Geometry::square(4).unwrap())
            .with(ClassicRules)
            .unwrap()
            .with(Fails)
            .unwrap();
        let weights = scope_priorities(puzzle.model());
        let heavier: Vec<(usize, u32)> = (0..16)
            .filter(|&i| weights[i] > 1)
            .map(|i| (i, weights[i]))
            .collect();
        assert_eq!(heavier, vec![(1, 3), (6, 3)]);
        assert_eq!(weights.len(), 16);
    }

    #[test]
    fn group_priorities_count_every_group_and_the_pairs_outside_them() {
        use sudokit_constraints::{AntiKing, Renban};
        let classic = || {
            Puzzle::new(Geometry::square(4).unwrap())
                .with(ClassicRules)
                .unwrap()
        };
        // A row, a column and a box of 4 cells: 1 + 12 for every cell.
        assert!(group_priorities(classic().model()).iter().all(|&w| w == 13));
        // A renban of 2 is one more group of 2 (its own pair shares it).
        let renban = classic().with(Renban::new([Cell(0), Cell(5)])).unwrap();
        let weights = group_priorities(renban.model());
        assert_eq!((weights[0], weights[5], weights[15]), (15, 15, 13));
        // Anti-king: r1c2 and r2c3 touch diagonally across boxes 1 and 2,
        // a pair outside every group (r1c1–r2c2 shares box 1).
        let anti_king = classic().with(AntiKing).unwrap();
        let pairs_outside = |cell: usize| {
            anti_king
                .model()
                .related_pairs()
                .iter()
                .filter(|p| !p.share_group && (p.a.index() == cell || p.b.index() == cell))
                .count() as u32
        };
        let weights = group_priorities(anti_king.model());
        assert!(pairs_outside(1) > 0);
        assert!((0..16).all(|i| weights[i] == 13 + 2 * pairs_outside(i)));
    }

    #[test]
    fn decay_halves_the_weights_down_to_one() {
        let mut weights = [1, 2, 7, 100];
        decay(&mut weights);
        assert_eq!(weights, [1, 1, 3, 50]);
    }

    #[test]
    fn a_variable_whose_linked_one_is_fixed_weighs_more() {
        let geometry = Geometry::square(4).unwrap();
        let mut state = State::<u16>::new(&geometry);
        // r1c1 {1,2} and r1c2 {1,2,3} both weigh 2, the rest is fixed:
        // dom/wdeg takes r1c1 (2 / 2 against 3 / 2).
        state.restrict_untracked(Cell(0), sudokit_core::Digits::from_digits([1, 2]));
        state.restrict_untracked(Cell(1), sudokit_core::Digits::from_digits([1, 2, 3]));
        for c in 2..16 {
            state.restrict_untracked(Cell(c), sudokit_core::Digits::single(1));
        }
        let mut weights = [1; 16];
        (weights[0], weights[1]) = (2, 2);
        let pick = |state: &State<u16>, link: Option<(usize, usize)>| {
            let mut links = Links::none();
            if let Some((a, b)) = link {
                links.partner = vec![u16::MAX; 16];
                (links.partner[a], links.partner[b]) = (b as u16, a as u16);
            }
            heaviest_constrained(state, &weights, (0, 0), &links, 0)
        };
        assert_eq!(pick(&state, None), Some(Cell(0)));
        // r1c2 linked to the fixed r4c4: 2 × 2 = 4, and 3 / 4 beats 2 / 2.
        assert_eq!(pick(&state, Some((1, 15))), Some(Cell(1)));
        // Linked to an open cell instead (r1c1 itself): no bonus.
        assert_eq!(pick(&state, Some((0, 1))), Some(Cell(0)));
        // Once r1c2 is fixed, r1c1 has the bonus and r1c2 is not a choice.
        state.restrict_untracked(Cell(1), sudokit_core::Digits::single(3));
        assert_eq!(pick(&state, Some((0, 1))), Some(Cell(0)));
    }

    #[test]
    fn every_conflict_idea_counts_what_brute_force_counts() {
        // Stop 40's search, each idea alone on top of it, and all together.
        let base = PropagationSearch {
            order: ValueOrder::Ascending,
            hot_digit: false,
            value_iteration: ValueIteration::Off,
            ..PropagationSearch::default()
        };
        let searches = [
            PropagationSearch {
                hot_digit: true,
                ..base
            },
            PropagationSearch {
                order: ValueOrder::FewestFailures,
                ..base
            },
            PropagationSearch {
                halve_from: 3,
                ..base
            },
            PropagationSearch {
                house_splits: true,
                ..base
            },
            PropagationSearch {
                value_iteration: ValueIteration::SameCell,
                ..base
            },
            PropagationSearch {
                value_iteration: ValueIteration::Reselect,
                undo: Undo::Trail,
                ..base
            },
            PropagationSearch {
                undo: Undo::Trail,
                hot_digit: true,
                order: ValueOrder::FewestFailures,
                halve_from: 4,
                house_splits: true,
                value_iteration: ValueIteration::Reselect,
                ..base
            },
            PropagationSearch {
                weigh_contradictions: false,
                ..base
            },
            // ISS's choice (scope priorities: none on these killers, whose
            // cages the engine compiles into sums).
            base.linked_together(),
            // ISS's choice for renban, with a decay these boards reach.
            PropagationSearch {
                decay: 8,
                ..base.on_runs()
            },
        ];
        let mut rng = fastrand::Rng::with_seed(41);
        let mut compared = 0;
        let mut nodes_differ = [false; 10];
        while compared < 64 {
            let puzzle = random_killer(&mut rng);
            let Some(expected) = count_solutions(&puzzle, 2_000_000, 10_000) else {
                continue;
            };
            compared += 1;
            let base_nodes = base.count(&puzzle, &Limits::all()).unwrap().stats.nodes;
            for (i, search) in searches.iter().enumerate() {
                let outcome = search.count(&puzzle, &Limits::all()).unwrap();
                assert!(outcome.exhaustive(), "{search:?}");
                assert_eq!(outcome.count, expected, "{search:?} on puzzle {compared}");
                // And the first solutions it finds are solutions.
                let found = search.solve(&puzzle, &Limits::solutions(2)).unwrap();
                assert!(found.solutions.iter().all(|g| puzzle.verify_solution(g).is_ok()));
                nodes_differ[i] |= outcome.stats.nodes != base_nodes;
            }
        }
        // Each idea but the hot digit (which needs more failures than these
        // small boards make; see its own test) changed the search somewhere.
        // The digit order by failures needs a failure in a cell the search
        // comes back to: since the derived sums run in a later tier (stop
        // 44), the first 32 boards fail too rarely for it, so 64.
        assert!(nodes_differ[1..].iter().all(|&differ| differ), "{nodes_differ:?}");
    }

    #[test]
    fn value_iteration_propagates_once_per_value_tried() {
        // Binary branching propagates both sides of every decision: nodes =
        // 2 × guesses + 1 on an exhausted search. Value iteration leaves a
        // refuted value unpropagated whenever its cell keeps two candidates,
        // with the same counts, under both undo methods.
        let binary = PropagationSearch {
            value_iteration: ValueIteration::Off,
            ..PropagationSearch::default()
        };
        let mut rng = fastrand::Rng::with_seed(43);
        let (mut compared, mut skipped) = (0, [0; 2]);
        while compared < 12 {
            let puzzle = random_killer(&mut rng);
            let Some(expected) = count_solutions(&puzzle, 2_000_000, 10_000) else {
                continue;
            };
            compared += 1;
            let before = binary.count(&puzzle, &Limits::all()).unwrap();
            assert_eq!(before.stats.nodes, 2 * before.stats.guesses + 1);
            for (i, value_iteration) in [ValueIteration::SameCell, ValueIteration::Reselect]
                .into_iter()
                .enumerate()
            {
                for undo in [Undo::Copy, Undo::Trail] {
                    let search = PropagationSearch {
                        undo,
                        value_iteration,
                        ..binary
                    };
                    let after = search.count(&puzzle, &Limits::all()).unwrap();
                    assert_eq!((after.count, after.exhaustive()), (expected, true));
                    assert!(after.stats.nodes <= 2 * after.stats.guesses + 1);
                    skipped[i] += 2 * after.stats.guesses + 1 - after.stats.nodes;
                }
            }
        }
        assert!(skipped.iter().all(|&s| s > 0), "{skipped:?}");
    }

    #[test]
    fn every_pair_branching_counts_what_brute_force_counts() {
        let mut rng = fastrand::Rng::with_seed(39);
        let modes = [
            PairBranching::Off,
            PairBranching::Always,
            PairBranching::AfterFailures,
        ];
        let (mut compared, mut failed_decisions) = (0, 0);
        let mut nodes_differ = [false; 2];
        while compared < 12 {
            let puzzle = random_killer(&mut rng);
            let Some(expected) = count_solutions(&puzzle, 2_000_000, 10_000) else {
                continue;
            };
            compared += 1;
            let mut nodes = [0; 3];
            for (i, mode) in modes.into_iter().enumerate() {
                let search = PropagationSearch {
                    house_pairs: mode,
                    ..PropagationSearch::default()
                };
                let outcome = search.count(&puzzle, &Limits::all()).unwrap();
                assert!(outcome.exhaustive(), "{mode:?}");
                assert_eq!(outcome.count, expected, "{mode:?} on puzzle {compared}");
                nodes[i] = outcome.stats.nodes;
                if mode == PairBranching::AfterFailures {
                    failed_decisions += outcome.stats.backtracks;
                }
            }
            nodes_differ[0] |= nodes[2] != nodes[0];
            nodes_differ[1] |= nodes[2] != nodes[1];
        }
        // The gate was met and changed the search: against no pairs, and
        // against pairs everywhere.
        assert!(failed_decisions > 0);
        assert_eq!(nodes_differ, [true, true]);
    }
}
