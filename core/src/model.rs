//! A puzzle's rules, compiled once: see [`Model`].

use std::any::{Any, TypeId};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::{Arc, Mutex};

use crate::cell::{Cand, Cell};
use crate::constraint::{Constraint, Cost, Kind};
use crate::digits::Digits;
use crate::geometry::Geometry;
use crate::group::{Group, GroupId};
use crate::intersection::{Family, Intersections};
use crate::relation::PairTable;
use crate::state::PLACES_MAX_CELLS;
use crate::sum::compile;
use crate::sum::{CompiledSum, Sum, SumOrigin};

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

/// Most words of a cell's group mask (so at most 256 groups get masks).
const MASK_WORDS_MAX: usize = 4;

/// Largest board whose relation tables get a support table per candidate
/// set (`2¹²` entries of 2 bytes: 8 KB per table).
const SUPPORT_TABLE_MAX: usize = 12;

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

/// Who runs in an engine slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SlotKind {
    /// The cells' domains, applied once at the root.
    Domains,
    /// The built-in singles over every group.
    Groups,
    /// The built-in arc consistency over every relation.
    Relations,
    /// The built-in propagator of sum `i` ([`Model::sums`]).
    Sum(usize),
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
    /// Whether changes of its cells wake it (domains never change: no).
    pub(crate) watched: bool,
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
    groups: Vec<Group>,
    group_rule: Vec<u32>,
    /// The cells of every group, flat, for the singles' inner loop.
    group_cells: Csr<Cell>,
    groups_of: Csr<u32>,
    /// Every cell's peers; `None` when they are exactly the geometry's (the
    /// classic rules and nothing that adds a peer), which are used instead.
    peers: Option<Csr<Cell>>,
    /// On boards of at most [`PLACES_MAX_CELLS`] cells, every cell's peers
    /// as bits (cell `i` at bit `i`), to meet the state's digit-major view.
    peer_masks: Vec<u128>,
    /// Likewise every group's cells as bits.
    cell_masks: Vec<u128>,
    /// With at most [`MASK_WORDS_MAX`]` × 64` groups: the groups of every
    /// cell as a bit mask of `words` words, cell after cell.
    group_masks: Option<(usize, Vec<u64>)>,
    /// Overlaps of complete groups with other groups (locked candidates).
    intersections: Intersections,
    links: Csr<Link>,
    tables: Vec<PairTable>,
    /// For boards up to [`SUPPORT_TABLE_MAX`]: per table, the partner digits
    /// of every set of digits (`2ⁿ` entries), so a revision is one load.
    supports: Vec<Box<[u16]>>,
    pairs: Vec<RelatedPair>,
    /// Per related pair, every rule that relates it (the table is their
    /// intersection).
    pair_rules: Vec<Vec<u32>>,
    /// Per cell, the digits the rules' domains allow (all when none says).
    domains: Vec<Digits<u128>>,
    /// Per cell, the first rule that restricts its domain.
    domain_rule: Vec<u32>,
    /// The declared sums, then the derived ones.
    sums: Vec<CompiledSum>,
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
        let mut by_pair: HashMap<(Cell, Cell), (PairTable, Vec<u32>)> = HashMap::new();
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
                    Some((existing, rules)) => {
                        *existing = existing.and(&table);
                        if !rules.contains(&(k as u32)) {
                            rules.push(k as u32);
                        }
                    }
                    None => {
                        by_pair.insert(key, (table, vec![k as u32]));
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
        let mut pair_rules = Vec::new();
        for key in pair_order {
            let (table, rules) = by_pair.remove(&key).expect("every key was inserted");
            if table.is_trivial() {
                continue;
            }
            let rule = rules[0];
            let pair = pairs.len() as u32;
            pair_rules.push(rules);
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
                    pair,
                });
                links[b.index()].push(Link {
                    other: a,
                    table: backward,
                    rule,
                    pair,
                });
            }
        }
        // A cell's peers: its `≠` partners and the cells of its groups, as
        // one sorted list merged from sorted lists. When the cell's row,
        // column and region are all groups (the classic rules), the
        // geometry's peer list stands for them: building ~300 peers for each
        // of 10,000 cells was most of a 100×100 puzzle's setup.
        let unit_ids: HashMap<Vec<Cell>, usize> = geometry
            .units()
            .iter()
            .enumerate()
            .map(|(u, unit)| {
                let mut cells = unit.cells.to_vec();
                cells.sort_unstable();
                (cells, u)
            })
            .collect();
        let sorted_groups: Vec<Vec<Cell>> = groups
            .iter()
            .map(|g| {
                let mut cells = g.cells().to_vec();
                cells.sort_unstable();
                cells
            })
            .collect();
        let mut unit_declared = vec![false; geometry.units().len()];
        let is_unit: Vec<bool> = sorted_groups
            .iter()
            .map(|cells| match unit_ids.get(cells) {
                Some(&u) => {
                    unit_declared[u] = true;
                    true
                }
                None => false,
            })
            .collect();
        let units_declared: Vec<bool> = geometry
            .cells()
            .map(|cell| geometry.units_of(cell).iter().all(|&u| unit_declared[u]))
            .collect();
        let only_units = (0..cells).all(|i| {
            units_declared[i] && peers[i].is_empty() && groups_of[i].iter().all(|&g| is_unit[g as usize])
        });
        // Cells the singles read: in a group, or related to a cell by `≠`.
        let has_peers: Vec<bool> = (0..cells)
            .map(|i| !peers[i].is_empty() || !groups_of[i].is_empty())
            .collect();
        let mut peer_lists = None;
        if !only_units {
            for (i, list) in peers.iter_mut().enumerate() {
                let cell = Cell(i as u16);
                list.sort_unstable();
                let own = std::mem::take(list);
                let mut sources: Vec<&[Cell]> = Vec::with_capacity(groups_of[i].len() + 2);
                if units_declared[i] {
                    sources.push(geometry.peers(cell));
                }
                sources.extend(
                    groups_of[i]
                        .iter()
                        .filter(|&&g| !(units_declared[i] && is_unit[g as usize]))
                        .map(|&g| sorted_groups[g as usize].as_slice()),
                );
                if !own.is_empty() {
                    sources.push(&own);
                }
                *list = match sources.as_slice() {
                    [only] => only.iter().copied().filter(|&c| c != cell).collect(),
                    _ => merge_sorted(&sources, cell),
                };
            }
            peer_lists = Some(Csr::from_lists(peers));
        }

        // Sums: declared, then derived from the cage-like ones; each split
        // into blocks of cells that must differ.
        let differ_pairs: HashSet<(Cell, Cell)> =
            pairs.iter().filter(|p| p.differ).map(|p| (p.a, p.b)).collect();
        let differ = |a: Cell, b: Cell| share_group(a, b) || differ_pairs.contains(&(a.min(b), a.max(b)));
        let mut declared: Vec<(Sum, usize)> = Vec::new();
        for (k, constraint) in constraints.iter().enumerate() {
            if constraint.kind() != Kind::Rule {
                continue;
            }
            for sum in constraint.sums(&geometry) {
                if sum.cells().all(|c| on_board(&c)) {
                    declared.push((sum, k));
                }
            }
        }
        let cages: Vec<&Sum> = declared.iter().map(|(s, _)| s).filter(|s| s.is_cage()).collect();
        let derived = compile::derive(n, cells, &groups, &cages);
        let mut sums: Vec<CompiledSum> = Vec::with_capacity(declared.len() + derived.len());
        for (sum, k) in declared {
            let blocks = compile::blocks(&sum, n, differ);
            let label = constraints[k].name().into_owned();
            sums.push(CompiledSum::new(sum, SumOrigin::Rule(k), label, blocks));
        }
        for (sum, origin) in derived {
            let blocks = compile::blocks(&sum, n, differ);
            let label = format!("{origin}: {}", sum.describe(n));
            sums.push(CompiledSum::new(sum, SumOrigin::Derived(origin), label, blocks));
        }

        // Domains: intersected per cell.
        let full = Digits::<u128>::full(n);
        let mut domains = vec![full; cells];
        let mut domain_rule = vec![u32::MAX; cells];
        for (k, constraint) in constraints.iter().enumerate() {
            if constraint.kind() != Kind::Rule {
                continue;
            }
            for (cell, digits) in constraint.domains(&geometry) {
                if on_board(&cell) {
                    domains[cell.index()] &= digits & full;
                    if domain_rule[cell.index()] == u32::MAX {
                        domain_rule[cell.index()] = k as u32;
                    }
                }
            }
        }

        // Engine slots: the built-in propagators, then every rule's own.
        let mut slots = Vec::new();
        let restricted: Vec<Cell> = (0..cells)
            .filter(|&i| domain_rule[i] != u32::MAX)
            .map(|i| Cell(i as u16))
            .collect();
        if !restricted.is_empty() {
            slots.push(Slot {
                kind: SlotKind::Domains,
                tier: 0,
                idempotent: true,
                technique: false,
                scope: restricted,
                watched: false,
            });
        }
        // The singles run over groups and over `≠` relations (peers without a group).
        if has_peers.iter().any(|&p| p) {
            let scope = (0..cells)
                .filter(|&i| has_peers[i])
                .map(|i| Cell(i as u16))
                .collect();
            slots.push(Slot {
                kind: SlotKind::Groups,
                tier: 0,
                idempotent: true,
                technique: false,
                scope,
                watched: true,
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
                watched: true,
            });
        }
        for (i, sum) in sums.iter().enumerate() {
            let mut scope: Vec<Cell> = sum.sum().cells().collect();
            scope.sort_unstable();
            slots.push(Slot {
                kind: SlotKind::Sum(i),
                tier: 1,
                idempotent: true,
                technique: false,
                scope,
                watched: true,
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
                watched: true,
            });
        }
        let mut watchers = vec![Vec::new(); cells];
        for (s, slot) in slots.iter().enumerate().filter(|(_, slot)| slot.watched) {
            for cell in &slot.scope {
                watchers[cell.index()].push(s as u32);
            }
        }

        let words = groups.len().div_ceil(64).max(1);
        let group_masks = (words <= MASK_WORDS_MAX).then(|| {
            let mut masks = vec![0u64; cells * words];
            for (i, list) in groups_of.iter().enumerate() {
                for &g in list {
                    masks[i * words + g as usize / 64] |= 1 << (g % 64);
                }
            }
            (words, masks)
        });
        let group_cells = Csr::from_lists(groups.iter().map(|g| g.cells().to_vec()).collect());
        let intersections = Intersections::compile(
            &groups.iter().map(Group::cells).collect::<Vec<_>>(),
            &groups_of,
            n,
        );
        let supports = if n <= SUPPORT_TABLE_MAX {
            tables
                .iter()
                .map(|table| {
                    let mut support = vec![0u16; 1 << n];
                    for set in 1..support.len() {
                        let low = set.trailing_zeros() as u8 + 1;
                        support[set] = support[set & (set - 1)] | table.partners(low) as u16;
                    }
                    support.into_boxed_slice()
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut model = Model {
            geometry,
            constraints,
            groups,
            group_rule,
            group_cells,
            groups_of: Csr::from_lists(groups_of),
            peers: peer_lists,
            group_masks,
            intersections,
            links: Csr::from_lists(links),
            tables,
            supports,
            pairs,
            pair_rules,
            domains,
            domain_rule,
            sums,
            slots,
            watchers: Csr::from_lists(watchers),
            cache: Mutex::new(Vec::new()),
            peer_masks: Vec::new(),
            cell_masks: Vec::new(),
        };
        if cells <= PLACES_MAX_CELLS {
            let mask = |list: &[Cell]| list.iter().fold(0, |mask, &cell| mask | 1 << cell.index());
            model.peer_masks = (0..cells).map(|i| mask(model.peers(Cell(i as u16)))).collect();
            model.cell_masks = model.groups.iter().map(|g| mask(g.cells())).collect();
        }
        model
    }

    /// Every sum: those the rules declare ([`Rule::sums`](crate::Rule::sums)),
    /// in rule order, then those derived from them (innies and outies: a
    /// complete group, or a band of consecutive rows or columns, minus the
    /// cage-like sums inside it and sticking out of it by a few cells).
    pub fn sums(&self) -> &[CompiledSum] {
        &self.sums
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

    /// With at most 256 groups, the groups of each cell as bits: the number
    /// of words per cell, and the masks cell after cell.
    #[inline(always)]
    pub(crate) fn group_masks(&self) -> Option<(usize, &[u64])> {
        self.group_masks.as_ref().map(|(w, m)| (*w, m.as_slice()))
    }

    /// The overlaps of group `id` with other groups, in families of
    /// disjoint segments (empty unless the group is complete).
    #[inline(always)]
    pub(crate) fn intersections(&self, id: GroupId) -> &[Family] {
        self.intersections.of(id)
    }

    /// True when some complete group overlaps another: locked candidates
    /// have something to look at.
    pub(crate) fn has_intersections(&self) -> bool {
        !self.intersections.is_empty()
    }

    /// The cells that must differ from `cell`: every other cell of its
    /// groups, and every cell related to it by a plain `≠`. Sorted.
    #[inline(always)]
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        match &self.peers {
            Some(peers) => peers.get(cell.index()),
            None => self.geometry.peers(cell),
        }
    }

    /// On boards of at most [`PLACES_MAX_CELLS`] cells, every cell's
    /// [`peers`](Model::peers) as bits; empty on larger boards.
    #[inline(always)]
    pub(crate) fn peer_masks(&self) -> &[u128] {
        &self.peer_masks
    }

    /// On boards of at most [`PLACES_MAX_CELLS`] cells, every group's cells
    /// as bits; empty on larger boards.
    #[inline(always)]
    pub(crate) fn cell_masks(&self) -> &[u128] {
        &self.cell_masks
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

    /// The digits a relation allows the other cell when this one holds any
    /// of `digits` (bits, digit `d` at bit `d − 1`): the union of the
    /// table's rows.
    #[inline(always)]
    pub fn support(&self, table: u32, digits: u128) -> u128 {
        match self.supports.get(table as usize) {
            Some(support) => u128::from(support[digits as usize]),
            None => {
                let table = &self.tables[table as usize];
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
        self.domains[cell.index()]
    }

    /// The first rule that restricts `cell`'s domain, if any.
    pub fn domain_rule(&self, cell: Cell) -> Option<usize> {
        let k = self.domain_rule[cell.index()];
        (k != u32::MAX).then_some(k as usize)
    }

    /// Every rule that relates pair `pair` of [`Model::related_pairs`], in
    /// rule order: its table is the intersection of theirs.
    pub fn pair_rules(&self, pair: u32) -> &[u32] {
        &self.pair_rules[pair as usize]
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

/// The union of sorted lists, sorted, without repeats and without `skip`.
fn merge_sorted(lists: &[&[Cell]], skip: Cell) -> Vec<Cell> {
    let mut heads = vec![0usize; lists.len()];
    let mut out = Vec::with_capacity(lists.iter().map(|l| l.len()).sum());
    loop {
        let next = lists
            .iter()
            .zip(&heads)
            .filter_map(|(list, &h)| list.get(h).copied())
            .min();
        let Some(cell) = next else {
            return out;
        };
        for (list, head) in lists.iter().zip(heads.iter_mut()) {
            if list.get(*head) == Some(&cell) {
                *head += 1;
            }
        }
        if cell != skip && out.last() != Some(&cell) {
            out.push(cell);
        }
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
            .field("sums", &self.sums.len())
            .field("slots", &self.slots.len())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;
    use crate::constraint::{Rule, Violation};
    use crate::grid::Grid;
    use crate::puzzle::Puzzle;
    use crate::relation::Relation;

    /// A declarative test rule: some groups and relations.
    #[derive(Clone, Debug)]
    struct Declares(Vec<Group>, Vec<(Cell, Cell, Relation)>);

    impl Rule for Declares {
        fn name(&self) -> Cow<'_, str> {
            "declares".into()
        }
        fn groups(&self, _: &Geometry) -> Vec<Group> {
            self.0.clone()
        }
        fn relations(&self, _: &Geometry) -> Vec<(Cell, Cell, Relation)> {
            self.1.clone()
        }
        fn check(&self, _: &Geometry, _: &Grid) -> Result<(), Violation> {
            Ok(())
        }
    }

    impl Constraint for Declares {}

    fn puzzle(rules: Vec<Declares>) -> Puzzle {
        let mut puzzle = Puzzle::new(Geometry::square(4).unwrap());
        for rule in rules {
            puzzle.push(Box::new(rule)).unwrap();
        }
        puzzle
    }

    #[test]
    fn groups_are_kept_once_in_rule_order_with_their_cells_peers() {
        let row = Group::new("top row", (0..4).map(Cell));
        let again = Group::new("same cells", [Cell(3), Cell(2), Cell(1), Cell(0)]);
        let pair = Group::new("pair", [Cell(0), Cell(5)]);
        let p = puzzle(vec![Declares(vec![row, again, pair], vec![])]);
        let model = p.model();
        assert_eq!(model.groups().len(), 2, "a repeated set of cells counts once");
        assert_eq!(model.group(1).name(), "pair");
        assert!(model.group(0).is_complete(4) && !model.group(1).is_complete(4));
        assert_eq!(model.groups_of(Cell(0)), &[0, 1]);
        assert_eq!(model.peers(Cell(0)), &[Cell(1), Cell(2), Cell(3), Cell(5)]);
        assert_eq!(model.peers(Cell(5)), &[Cell(0)]);
        assert!(model.peers(Cell(15)).is_empty());
    }

    #[test]
    fn relations_on_one_pair_are_intersected_and_differ_becomes_a_peer() {
        let p = puzzle(vec![
            Declares(vec![], vec![(Cell(1), Cell(0), Relation::Less)]),
            Declares(
                vec![],
                vec![
                    (Cell(0), Cell(1), Relation::Difference(1)),
                    (Cell(4), Cell(8), Relation::Differ),
                    (Cell(12), Cell(13), Relation::custom("anything", |_, _| true)),
                ],
            ),
        ]);
        let model = p.model();
        // r1c2 < r1c1 and |r1c1 − r1c2| = 1: r1c1 = r1c2 + 1.
        let link = model.links(Cell(0))[0];
        assert_eq!((link.other, link.rule), (Cell(1), 0));
        assert_eq!(model.table(link.table).partners(3), 0b0010);
        assert_eq!(model.table(model.links(Cell(1))[0].table).partners(3), 0b1000);
        // `≠` is a peer, not a link; a relation that allows everything is dropped.
        assert_eq!(model.peers(Cell(4)), &[Cell(8)]);
        assert!(model.links(Cell(4)).is_empty());
        assert_eq!(model.related_pairs().len(), 2);
        assert!(model.links(Cell(12)).is_empty() && model.peers(Cell(12)).is_empty());
        // Weak links: the pair relation, the peer, and a cell's own digits.
        assert!(model.weakly_linked(Cand::new(Cell(0), 3), Cand::new(Cell(1), 3)));
        assert!(!model.weakly_linked(Cand::new(Cell(0), 3), Cand::new(Cell(1), 2)));
        assert!(model.weakly_linked(Cand::new(Cell(8), 2), Cand::new(Cell(4), 2)));
        assert!(!model.weakly_linked(Cand::new(Cell(8), 2), Cand::new(Cell(4), 1)));
    }

    #[test]
    fn slots_exist_only_for_what_is_declared() {
        assert!(puzzle(vec![]).model().slots.is_empty());
        let only_differ = puzzle(vec![Declares(vec![], vec![(Cell(0), Cell(1), Relation::Differ)])]);
        assert_eq!(only_differ.model().slots.len(), 1, "a `≠` pair needs the singles");
        assert_eq!(only_differ.model().slots[0].scope, vec![Cell(0), Cell(1)]);
        let both = puzzle(vec![Declares(
            vec![Group::new("g", [Cell(0), Cell(1)])],
            vec![(Cell(2), Cell(3), Relation::Less)],
        )]);
        let kinds: Vec<SlotKind> = both.model().slots.iter().map(|s| s.kind).collect();
        assert_eq!(kinds, vec![SlotKind::Groups, SlotKind::Relations]);
        assert_eq!(both.model().watchers(Cell(3)), &[1]);
    }

    #[test]
    fn clones_share_one_model_and_a_new_rule_makes_another() {
        let p = puzzle(vec![Declares(vec![Group::new("g", [Cell(0), Cell(1)])], vec![])]);
        let q = p.clone();
        assert!(std::ptr::eq(p.model(), q.model()));
        let built = p.model().prepared(|m| m.groups().len());
        assert_eq!(*q.model().prepared(|_| 99usize), *built, "the cache is shared");
        let r = q.with(Declares(vec![], vec![])).unwrap();
        assert!(!std::ptr::eq(p.model(), r.model()));
    }

    #[test]
    fn rules_that_do_not_fit_the_board_are_refused() {
        let mut p = Puzzle::new(Geometry::square(4).unwrap());
        let cases = [
            (
                Declares(vec![Group::new("cage", [Cell(0), Cell(0)])], vec![]),
                "declares: group 'cage' lists r1c1 twice",
            ),
            (
                Declares(vec![Group::new("empty", [])], vec![]),
                "declares: group 'empty' has no cell",
            ),
            (
                Declares(vec![], vec![(Cell(3), Cell(3), Relation::Less)]),
                "declares: relation '<' ties r1c4 to itself",
            ),
            (
                Declares(vec![], vec![(Cell(3), Cell(99), Relation::Less)]),
                "declares: cell #99 is off the 4×4 board",
            ),
        ];
        for (rule, message) in cases {
            assert_eq!(p.push(Box::new(rule)).unwrap_err().to_string(), message);
        }
        assert!(p.constraints().is_empty());
    }
}
