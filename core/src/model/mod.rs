//! A puzzle's rules, compiled once: see [`Model`].

mod csr;
mod domains;
mod groups;
mod peers;
mod relations;
mod slots;
mod sums;

use std::any::{Any, TypeId};
use std::fmt;
use std::sync::{Arc, Mutex};

use crate::cell::{Cand, Cell};
use crate::constraint::{Constraint, Kind};
use crate::digits::Digits;
use crate::geometry::Geometry;
use crate::group::{Group, GroupId};
use crate::intersection::Family;
use crate::leftovers::{self, Leftover};
use crate::relation::PairTable;
use crate::sum::CompiledSum;
use csr::Csr;
use domains::Domains;
use groups::Groups;
use peers::Peers;
use relations::Relations;
pub(crate) use slots::{Slot, SlotKind};

/// A relation seen from one of its cells: the other cell, and the table
/// from this cell's digit to the other's allowed digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    /// The other cell.
    pub other: Cell,
    /// The table, in [`Model::table`]: this cell's digit → the other's.
    pub table: u32,
    /// The rule that declared it (the first, when several rules relate the
    /// same two cells), in [`Model::constraints`].
    pub rule: u32,
    /// The pair in [`Model::related_pairs`] (and [`Model::pair_rules`]).
    pub pair: u32,
}

/// Two related cells, once per pair, for encodings: `table` goes from `a`
/// to `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RelatedPair {
    /// The first cell (the smaller index).
    pub a: Cell,
    /// The second cell.
    pub b: Cell,
    /// The table from `a`'s digit to `b`'s allowed digits, in [`Model::table`].
    pub table: u32,
    /// True when the pair is a plain `≠` (the table [`PairTable::is_differ`]).
    pub differ: bool,
    /// True when the two cells already share a group, so a plain `≠` adds
    /// nothing an encoding needs.
    pub share_group: bool,
    /// The rule that declared it (the first, when several did), in
    /// [`Model::constraints`].
    pub rule: u32,
}

/// The compiled form of a puzzle's rules: groups, peers, relation tables and the
/// engine's watch lists.
///
/// ```text
///   rules ──groups()────▶ groups (+ groups of each cell) ─┐
///         ──relations()─▶ tables per cell pair ─ differ ──┴▶ peers of each cell
///                                              └ others ───▶ links of each cell
///         ──scope()─────▶ slots (groups, relations, each propagator) + watch lists
/// ```
///
/// A [`Puzzle`](crate::Puzzle) compiles its model the first time it is asked
/// ([`Puzzle::model`](crate::Puzzle::model)) and shares it with its clones,
/// like the rule list: a file of classic puzzles compiles one model. Engines,
/// strategies and techniques read it; nothing in it depends on the givens.
///
/// Strategies keep what they prepare for a set of rules (the DLX matrix, say)
/// in the model's cache, [`Model::prepared`], so it is shared by every puzzle
/// with those rules and dropped with them.
pub struct Model {
    geometry: Arc<Geometry>,
    constraints: Arc<Vec<Box<dyn Constraint>>>,
    groups: Groups,
    peers: Peers,
    relations: Relations,
    /// The declared sums, then the derived ones.
    sums: Vec<CompiledSum>,
    /// The law of leftovers' pairs, on boards with irregular regions.
    leftovers: Vec<Leftover>,
    domains: Domains,
    pub(crate) slots: Vec<Slot>,
    /// Per cell (and extra variable), the slots that read it and wake on
    /// its changes.
    watchers: Csr<u32>,
    /// The board's cells plus the extra variables the rules declare.
    variables: usize,
    cache: Mutex<Vec<(TypeId, Arc<dyn Any + Send + Sync>)>>,
}

impl Model {
    /// Compiles the rules of `constraints` on `geometry`. Rules are expected
    /// to be valid (see [`Puzzle::push`](crate::Puzzle::push), which checks
    /// them); cells off the board are skipped here rather than trusted.
    pub fn compile(geometry: Arc<Geometry>, constraints: Arc<Vec<Box<dyn Constraint>>>) -> Model {
        let groups = Groups::compile(&geometry, &constraints);
        let (relations, partners) = Relations::compile(&geometry, &constraints, &groups);
        // The singles read the cells in a group or related to another by `≠`.
        let singles = geometry
            .cells()
            .filter(|cell| !partners[cell.index()].is_empty() || !groups.of.get(cell.index()).is_empty())
            .collect();
        let peers = Peers::compile(&geometry, &groups, partners);
        let sums = sums::compile(&geometry, &constraints, &groups, &relations, &peers);
        let domains = Domains::compile(&geometry, &constraints);
        let leftovers = leftovers::derive(&geometry, &groups.list);
        let parts = slots::Parts {
            domains: &domains,
            singles,
            relations: &relations,
            sums: &sums,
            leftovers: &leftovers,
        };
        let extra = constraints
            .iter()
            .map(|c| c.variables(&geometry))
            .max()
            .unwrap_or(0);
        let variables = geometry.cell_count() + extra;
        let (slots, watchers) = slots::compile(&geometry, &constraints, parts, variables);
        Model {
            geometry,
            constraints,
            groups,
            peers,
            relations,
            sums,
            leftovers,
            domains,
            slots,
            watchers,
            variables,
            cache: Mutex::new(Vec::new()),
        }
    }

    /// The board's cells plus the extra variables the rules declare
    /// ([`Rule::variables`](crate::Rule::variables)): the length of a
    /// [`State`](crate::State) of this model. Equal to the cell count
    /// unless a rule such as chaos construction adds unknowns.
    #[inline]
    pub fn variable_count(&self) -> usize {
        self.variables
    }

    /// True when the rules declare extra variables beside the digits:
    /// strategies that only know digits refuse such a puzzle.
    #[inline]
    pub fn has_extra_variables(&self) -> bool {
        self.variables > self.geometry.cell_count()
    }

    /// Every sum: those the rules declare ([`Rule::sums`](crate::Rule::sums)),
    /// in rule order, then those derived from them (innies and outies: a
    /// complete group, or a band of consecutive rows or columns, minus the
    /// cage-like sums inside it and sticking out of it by a few cells).
    pub fn sums(&self) -> &[CompiledSum] {
        &self.sums
    }

    /// The law of leftovers' pairs (sets of cells that hold the same
    /// digits), derived from the groups when the board's regions do not fit
    /// its rows and columns: propagated by the engine, never checked (a
    /// solution satisfies them).
    pub fn leftovers(&self) -> &[Leftover] {
        &self.leftovers
    }

    /// The board.
    #[inline]
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Side of the board.
    #[inline]
    pub fn size(&self) -> usize {
        self.geometry.size()
    }

    /// The constraints, in the order they were added.
    #[inline]
    pub fn constraints(&self) -> &[Box<dyn Constraint>] {
        &self.constraints
    }

    /// Every all-different group the rules declare, in rule order (the
    /// classic rules' rows, columns and boxes first when they come first),
    /// each set of cells once.
    #[inline]
    pub fn groups(&self) -> &[Group] {
        &self.groups.list
    }

    /// One group.
    #[inline]
    pub fn group(&self, id: GroupId) -> &Group {
        &self.groups.list[id]
    }

    /// The rule that declared a group, in [`Model::constraints`].
    #[inline]
    pub fn group_rule(&self, id: GroupId) -> usize {
        self.groups.rule[id] as usize
    }

    /// The groups a cell belongs to.
    #[inline(always)]
    pub fn groups_of(&self, cell: Cell) -> &[u32] {
        self.groups.of.get(cell.index())
    }

    /// The cells of a group (as [`Group::cells`], without the indirection).
    #[inline(always)]
    pub(crate) fn group_cells(&self, id: GroupId) -> &[Cell] {
        self.groups.cells.get(id)
    }

    /// With at most 256 groups, the groups of each cell as bits: the number
    /// of words per cell, and the masks cell after cell.
    #[inline(always)]
    pub(crate) fn group_masks(&self) -> Option<(usize, &[u64])> {
        self.groups.masks.as_ref().map(|(w, m)| (*w, m.as_slice()))
    }

    /// The overlaps of group `id` with other groups, in families of
    /// disjoint segments (empty unless the group is complete).
    #[inline(always)]
    pub(crate) fn intersections(&self, id: GroupId) -> &[Family] {
        self.groups.intersections.of(id)
    }

    /// True when some complete group overlaps another: locked candidates
    /// have something to look at.
    pub(crate) fn has_intersections(&self) -> bool {
        !self.groups.intersections.is_empty()
    }

    /// The cells that must differ from `cell`: every other cell of its
    /// groups, and every cell related to it by a plain `≠`. Sorted.
    /// (Board cells only: an extra variable has no peers and no entry.)
    #[inline(always)]
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        self.peers.of(&self.geometry, cell)
    }

    /// On boards of at most [`PLACES_MAX_CELLS`](crate::state::PLACES_MAX_CELLS) cells, every cell's
    /// [`peers`](Model::peers) as bits; empty on larger boards.
    #[inline(always)]
    pub(crate) fn peer_masks(&self) -> &[u128] {
        &self.peers.masks
    }

    /// On boards of at most [`PLACES_MAX_CELLS`](crate::state::PLACES_MAX_CELLS) cells, every group's cells
    /// as bits; empty on larger boards.
    #[inline(always)]
    pub(crate) fn cell_masks(&self) -> &[u128] {
        &self.groups.cell_masks
    }

    /// The relations of a cell other than plain `≠` (those are peers).
    #[inline(always)]
    pub fn links(&self, cell: Cell) -> &[Link] {
        self.relations.links.get(cell.index())
    }

    /// A relation table.
    #[inline(always)]
    pub fn table(&self, id: u32) -> &PairTable {
        &self.relations.tables[id as usize]
    }

    /// The digits a relation allows the other cell when this one holds any
    /// of `digits` (bits, digit `d` at bit `d − 1`): the union of the
    /// table's rows.
    #[inline(always)]
    pub fn support(&self, table: u32, digits: u128) -> u128 {
        match self.relations.supports.get(table as usize) {
            Some(support) => u128::from(support[digits as usize]),
            None => {
                let table = &self.relations.tables[table as usize];
                let mut rest = digits;
                let mut union = 0;
                while rest != 0 {
                    union |= table.partners(rest.trailing_zeros() as u8 + 1);
                    rest &= rest - 1;
                }
                union
            }
        }
    }

    /// The digits the rules' domains allow in `cell` (every digit when no
    /// rule restricts it).
    #[inline]
    pub fn domain(&self, cell: Cell) -> Digits<u128> {
        self.domains.allowed[cell.index()]
    }

    /// The first rule that restricts `cell`'s domain, if any.
    pub fn domain_rule(&self, cell: Cell) -> Option<usize> {
        let k = self.domains.rule[cell.index()];
        (k != u32::MAX).then_some(k as usize)
    }

    /// Every rule that relates pair `pair` of [`Model::related_pairs`], in
    /// rule order: its table is the intersection of theirs.
    pub fn pair_rules(&self, pair: u32) -> &[u32] {
        &self.relations.pair_rules[pair as usize]
    }

    /// The names of the rules that relate a pair, for reasons: `anti-knight`,
    /// or `self taxicab + odd pairs` when several do.
    pub fn pair_name(&self, pair: u32) -> String {
        let mut names: Vec<String> = Vec::new();
        for &k in self.pair_rules(pair) {
            let name = self.constraints[k as usize].name().into_owned();
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names.join(" + ")
    }

    /// Every related pair of cells once, `≠` pairs included, in the order
    /// the rules declared them: what DLX and SAT encode.
    pub fn related_pairs(&self) -> &[RelatedPair] {
        &self.relations.pairs
    }

    /// True when the two candidates cannot both be true: one cell with two
    /// digits, one digit in two peers, or a pair a relation forbids. The
    /// weak links of logical chains.
    ///
    /// ```
    /// use sudokit_core::{Cand, Cell, Geometry, Model, Puzzle};
    /// # use std::sync::Arc;
    /// let puzzle = Puzzle::new(Geometry::square(4).unwrap());
    /// let model = puzzle.model();
    /// // No rules: only a cell's own candidates exclude each other.
    /// assert!(model.weakly_linked(Cand::new(Cell(0), 1), Cand::new(Cell(0), 2)));
    /// assert!(!model.weakly_linked(Cand::new(Cell(0), 1), Cand::new(Cell(1), 1)));
    /// ```
    pub fn weakly_linked(&self, x: Cand, y: Cand) -> bool {
        if x.cell == y.cell {
            return x.digit != y.digit;
        }
        if x.digit == y.digit && self.peers(x.cell).binary_search(&y.cell).is_ok() {
            return true;
        }
        self.links(x.cell)
            .iter()
            .any(|link| link.other == y.cell && !self.table(link.table).allows(x.digit, y.digit))
    }

    /// What a strategy prepared for these rules, built by `build` the first
    /// time it is asked for and shared afterwards by every puzzle with this
    /// model (one entry per type). The DLX matrix of a file of classic
    /// puzzles is built once this way.
    pub fn prepared<T: Any + Send + Sync>(&self, build: impl FnOnce(&Model) -> T) -> Arc<T> {
        let id = TypeId::of::<T>();
        let found = {
            let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
            cache.iter().find(|(t, _)| *t == id).map(|(_, v)| v.clone())
        };
        if let Some(found) = found {
            return found.downcast::<T>().expect("keyed by its type");
        }
        // Built without the lock: another thread may build it too, and the
        // first one stored wins.
        let built: Arc<T> = Arc::new(build(self));
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, v)) = cache.iter().find(|(t, _)| *t == id) {
            return v.clone().downcast::<T>().expect("keyed by its type");
        }
        cache.push((id, built.clone()));
        built
    }

    /// The slots watching a cell.
    #[inline(always)]
    pub(crate) fn watchers(&self, cell: Cell) -> &[u32] {
        self.watchers.get(cell.index())
    }

    /// The cells constraint `k`'s propagator reads (empty for a rule
    /// without one): what a contradiction it finds concerns, for conflict
    /// weights when it names no cell.
    pub fn scope_of(&self, k: usize) -> &[Cell] {
        self.slots
            .iter()
            .find(|s| s.kind == SlotKind::Plugin(k))
            .map(|s| s.scope.as_slice())
            .unwrap_or_default()
    }
}

impl fmt::Debug for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Model")
            .field("size", &self.size())
            .field("constraints", &self.constraints.len())
            .field("groups", &self.groups.list.len())
            .field("related_pairs", &self.relations.pairs.len())
            .field("tables", &self.relations.tables.len())
            .field("sums", &self.sums.len())
            .field("slots", &self.slots.len())
            .finish()
    }
}

/// Whether a cell is on the board: rules are trusted to be valid, but a
/// cell off the board is skipped rather than indexed.
fn on_board(geometry: &Geometry) -> impl Fn(&Cell) -> bool + Copy + use<> {
    let cells = geometry.cell_count();
    move |cell: &Cell| cell.index() < cells
}

/// The constraints that are rules (not techniques), with their index in
/// [`Model::constraints`]: only rules declare groups, relations, sums and
/// domains.
fn rules(constraints: &[Box<dyn Constraint>]) -> impl Iterator<Item = (usize, &dyn Constraint)> {
    constraints
        .iter()
        .enumerate()
        .filter(|(_, constraint)| constraint.kind() == Kind::Rule)
        .map(|(k, constraint)| (k, constraint.as_ref()))
}

#[cfg(test)]
mod tests;
