//! A puzzle's rules, compiled once: groups, peers, relation tables and the
//! engine's watch lists.
//!
//! ```text
//!   rules ──groups()────▶ groups (+ groups of each cell) ─┐
//!         ──relations()─▶ tables per cell pair ─ differ ──┴▶ peers of each cell
//!                                              └ others ───▶ links of each cell
//!         ──scope()─────▶ slots (groups, relations, each propagator) + watch lists
//! ```
//!
//! A [`Puzzle`](crate::Puzzle) compiles its model the first time it is asked
//! ([`Puzzle::model`](crate::Puzzle::model)) and shares it with its clones,
//! like the rule list: a file of classic puzzles compiles one model. Engines,
//! strategies and techniques read it; nothing in it depends on the givens.
//!
//! Strategies keep what they prepare for a set of rules (the DLX matrix, say)
//! in the model's cache, [`Model::prepared`], so it is shared by every puzzle
//! with those rules and dropped with them.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use crate::cell::{Cand, Cell};
use crate::constraint::{Constraint, Cost, Kind};
use crate::geometry::Geometry;
use crate::group::{Group, GroupId};
use crate::relation::PairTable;

/// Compressed rows: per index, a slice of items.
#[derive(Clone, Debug, Default)]
struct Csr<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T: Clone> Csr<T> {
    fn from_lists(lists: Vec<Vec<T>>) -> Csr<T> {
        let mut start = Vec::with_capacity(lists.len() + 1);
        let mut items = Vec::with_capacity(lists.iter().map(Vec::len).sum());
        start.push(0);
        for list in lists {
            items.extend(list);
            start.push(items.len() as u32);
        }
        Csr { start, items }
    }

    #[inline(always)]
    fn get(&self, i: usize) -> &[T] {
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

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

/// Who runs in an engine slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SlotKind {
    /// The built-in singles over every group.
    Groups,
    /// The built-in arc consistency over every relation.
    Relations,
    /// Constraint `k`'s own propagator.
    Plugin(usize),
}

/// One propagator of the engine.
#[derive(Clone, Debug)]
pub(crate) struct Slot {
    pub(crate) kind: SlotKind,
    pub(crate) tier: u8,
    pub(crate) idempotent: bool,
    pub(crate) technique: bool,
    /// The cells it reads, sorted, without repeats.
    pub(crate) scope: Vec<Cell>,
}

/// The compiled form of a puzzle's rules. See the [module docs](self).
pub struct Model {
    geometry: Arc<Geometry>,
    constraints: Arc<Vec<Box<dyn Constraint>>>,
    groups: Vec<Group>,
    group_rule: Vec<u32>,
    /// The cells of every group, flat, for the singles' inner loop.
    group_cells: Csr<Cell>,
    groups_of: Csr<u32>,
    /// With at most 64 groups: the groups of every cell as one bit mask.
    group_masks: Option<Vec<u64>>,
    peers: Csr<Cell>,
    links: Csr<Link>,
    tables: Vec<PairTable>,
    pairs: Vec<RelatedPair>,
    pub(crate) slots: Vec<Slot>,
    watchers: Csr<u32>,
    cache: Mutex<Vec<(TypeId, Arc<dyn Any + Send + Sync>)>>,
}

impl Model {
    /// Compiles the rules of `constraints` on `geometry`. Rules are expected
    /// to be valid (see [`Puzzle::push`](crate::Puzzle::push), which checks
    /// them); cells off the board are skipped here rather than trusted.
    pub fn compile(geometry: Arc<Geometry>, constraints: Arc<Vec<Box<dyn Constraint>>>) -> Model {
        let n = geometry.size();
        let cells = geometry.cell_count();
        let on_board = |c: &Cell| c.index() < cells;

        // Groups, in rule order; a group repeated by another rule is kept once.
        let mut groups: Vec<Group> = Vec::new();
        let mut group_rule = Vec::new();
        let mut seen: HashMap<Vec<Cell>, GroupId> = HashMap::new();
        for (k, constraint) in constraints.iter().enumerate() {
            if constraint.kind() != Kind::Rule {
                continue;
            }
            for group in constraint.groups(&geometry) {
                let mut key: Vec<Cell> = group.cells().iter().copied().filter(on_board).collect();
                key.sort_unstable();
                key.dedup();
                if key.is_empty() || seen.contains_key(&key) {
                    continue;
                }
                seen.insert(key, groups.len());
                let cells: Vec<Cell> = group.cells().iter().copied().filter(on_board).collect();
                groups.push(Group::new(group.name(), cells).with_kind(group.kind()));
                group_rule.push(k as u32);
            }
        }
        let mut groups_of = vec![Vec::new(); cells];
        for (g, group) in groups.iter().enumerate() {
            for &cell in group.cells() {
                groups_of[cell.index()].push(g as u32);
            }
        }
        for list in &mut groups_of {
            list.dedup();
        }

        // Relations: one table per unordered pair, the intersection of all.
        let mut by_pair: HashMap<(Cell, Cell), (PairTable, u32)> = HashMap::new();
        let mut pair_order: Vec<(Cell, Cell)> = Vec::new();
        for (k, constraint) in constraints.iter().enumerate() {
            if constraint.kind() != Kind::Rule {
                continue;
            }
            for (a, b, relation) in constraint.relations(&geometry) {
                if a == b || !on_board(&a) || !on_board(&b) {
                    continue;
                }
                let table = relation.table(n);
                let (key, table) = if a < b {
                    ((a, b), table)
                } else {
                    ((b, a), table.transpose())
                };
                match by_pair.get_mut(&key) {
                    Some((existing, _)) => *existing = existing.and(&table),
                    None => {
                        by_pair.insert(key, (table, k as u32));
                        pair_order.push(key);
                    }
                }
            }
        }
        let mut tables: Vec<PairTable> = Vec::new();
        let mut interned: HashMap<PairTable, u32> = HashMap::new();
        let mut intern = |table: PairTable| -> u32 {
            *interned.entry(table.clone()).or_insert_with(|| {
                tables.push(table);
                tables.len() as u32 - 1
            })
        };
        let share_group = |a: Cell, b: Cell| {
            let of_b = &groups_of[b.index()];
            groups_of[a.index()].iter().any(|g| of_b.contains(g))
        };
        let mut peers: Vec<Vec<Cell>> = vec![Vec::new(); cells];
        let mut links: Vec<Vec<Link>> = vec![Vec::new(); cells];
        let mut pairs = Vec::new();
        for key in pair_order {
            let (table, rule) = by_pair.remove(&key).expect("every key was inserted");
            if table.is_trivial() {
                continue;
            }
            let (a, b) = key;
            let differ = table.is_differ();
            let forward = intern(table.clone());
            pairs.push(RelatedPair {
                a,
                b,
                table: forward,
                differ,
                share_group: share_group(a, b),
                rule,
            });
            if differ {
                peers[a.index()].push(b);
                peers[b.index()].push(a);
            } else {
                let backward = intern(table.transpose());
                links[a.index()].push(Link {
                    other: b,
                    table: forward,
                    rule,
                });
                links[b.index()].push(Link {
                    other: a,
                    table: backward,
                    rule,
                });
            }
        }
        for group in &groups {
            for &cell in group.cells() {
                let list = &mut peers[cell.index()];
                list.extend(group.cells().iter().copied().filter(|&p| p != cell));
            }
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }

        // Engine slots: the built-in propagators, then every rule's own.
        let mut slots = Vec::new();
        if !groups.is_empty() {
            let mut scope: Vec<Cell> = groups.iter().flat_map(|g| g.cells().to_vec()).collect();
            scope.sort_unstable();
            scope.dedup();
            slots.push(Slot {
                kind: SlotKind::Groups,
                tier: 0,
                idempotent: true,
                technique: false,
                scope,
            });
        }
        if links.iter().any(|l| !l.is_empty()) {
            let scope = (0..cells)
                .filter(|&i| !links[i].is_empty())
                .map(|i| Cell(i as u16))
                .collect();
            slots.push(Slot {
                kind: SlotKind::Relations,
                tier: 0,
                idempotent: true,
                technique: false,
                scope,
            });
        }
        for (k, constraint) in constraints.iter().enumerate() {
            if !constraint.has_propagator() {
                continue;
            }
            let mut scope: Vec<Cell> = constraint.scope(&geometry).into_iter().filter(on_board).collect();
            scope.sort_unstable();
            scope.dedup();
            slots.push(Slot {
                kind: SlotKind::Plugin(k),
                tier: match constraint.cost() {
                    Cost::Cheap => 0,
                    Cost::Medium => 1,
                    Cost::Expensive => 2,
                },
                idempotent: constraint.idempotent(),
                technique: constraint.kind() == Kind::Technique,
                scope,
            });
        }
        let mut watchers = vec![Vec::new(); cells];
        for (s, slot) in slots.iter().enumerate() {
            for cell in &slot.scope {
                watchers[cell.index()].push(s as u32);
            }
        }

        let group_masks = (groups.len() <= 64).then(|| {
            groups_of
                .iter()
                .map(|list| list.iter().fold(0u64, |m, &g| m | 1 << g))
                .collect()
        });
        let group_cells = Csr::from_lists(groups.iter().map(|g| g.cells().to_vec()).collect());
        Model {
            geometry,
            constraints,
            groups,
            group_rule,
            group_cells,
            groups_of: Csr::from_lists(groups_of),
            group_masks,
            peers: Csr::from_lists(peers),
            links: Csr::from_lists(links),
            tables,
            pairs,
            slots,
            watchers: Csr::from_lists(watchers),
            cache: Mutex::new(Vec::new()),
        }
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
        &self.groups
    }

    /// One group.
    #[inline]
    pub fn group(&self, id: GroupId) -> &Group {
        &self.groups[id]
    }

    /// The rule that declared a group, in [`Model::constraints`].
    #[inline]
    pub fn group_rule(&self, id: GroupId) -> usize {
        self.group_rule[id] as usize
    }

    /// The groups a cell belongs to.
    #[inline(always)]
    pub fn groups_of(&self, cell: Cell) -> &[u32] {
        self.groups_of.get(cell.index())
    }

    /// The cells of a group (as [`Group::cells`], without the indirection).
    #[inline(always)]
    pub(crate) fn group_cells(&self, id: GroupId) -> &[Cell] {
        self.group_cells.get(id)
    }

    /// With at most 64 groups, the groups of each cell as bits.
    #[inline(always)]
    pub(crate) fn group_masks(&self) -> Option<&[u64]> {
        self.group_masks.as_deref()
    }

    /// The cells that must differ from `cell`: every other cell of its
    /// groups, and every cell related to it by a plain `≠`. Sorted.
    #[inline(always)]
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        self.peers.get(cell.index())
    }

    /// The relations of a cell other than plain `≠` (those are peers).
    #[inline(always)]
    pub fn links(&self, cell: Cell) -> &[Link] {
        self.links.get(cell.index())
    }

    /// A relation table.
    #[inline(always)]
    pub fn table(&self, id: u32) -> &PairTable {
        &self.tables[id as usize]
    }

    /// Every related pair of cells once, `≠` pairs included, in the order
    /// the rules declared them: what DLX and SAT encode.
    pub fn related_pairs(&self) -> &[RelatedPair] {
        &self.pairs
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
            .field("groups", &self.groups.len())
            .field("related_pairs", &self.pairs.len())
            .field("tables", &self.tables.len())
            .field("slots", &self.slots.len())
            .finish()
    }
}
