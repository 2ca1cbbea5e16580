//! The model's relations: one table per related pair of cells (the
//! intersection of every rule's), the links of each cell, and the support
//! tables that make a revision one load.

use std::collections::HashMap;

use super::csr::Csr;
use super::groups::Groups;
use super::{on_board, rules, Link, RelatedPair};
use crate::cell::Cell;
use crate::constraint::Constraint;
use crate::geometry::Geometry;
use crate::relation::{PairTable, Relation};

/// Largest board whose relation tables get a support table per candidate
/// set (`2¹²` entries of 2 bytes: 8 KB per table).
const SUPPORT_TABLE_MAX: usize = 12;

/// The relations of the rules, but plain `≠`, which are peers.
pub(super) struct Relations {
    /// The relations of every cell other than plain `≠`.
    pub(super) links: Csr<Link>,
    /// The distinct tables, each once.
    pub(super) tables: Vec<PairTable>,
    /// For boards up to [`SUPPORT_TABLE_MAX`]: per table, the partner digits
    /// of every set of digits (`2ⁿ` entries), so a revision is one load.
    pub(super) supports: Vec<Box<[u16]>>,
    /// Every related pair once, `≠` pairs included, in declaration order.
    pub(super) pairs: Vec<RelatedPair>,
    /// Per related pair, every rule that relates it (the table is their
    /// intersection).
    pub(super) pair_rules: Vec<Vec<u32>>,
}

impl Relations {
    /// The relations of the rules, one table per unordered pair. Also
    /// returns every cell's `≠` partners, unsorted, for its peers.
    pub(super) fn compile(
        geometry: &Geometry,
        constraints: &[Box<dyn Constraint>],
        groups: &Groups,
    ) -> (Relations, Vec<Vec<Cell>>) {
        let n = geometry.size();
        let cells = geometry.cell_count();
        let on_board = on_board(geometry);
        // Each pair holds the id of its table among those read so far, not
        // the table: 2 KB per pair at 128×128 would make a rule relating
        // every cell to its row (an indexer) hold gigabytes (issue 27).
        let mut read = TableSet::default();
        let differ = Relation::Differ.table(n);
        let mut by_pair: HashMap<(Cell, Cell), (u32, Vec<u32>)> = HashMap::new();
        let mut pair_order: Vec<(Cell, Cell)> = Vec::new();
        for (k, constraint) in rules(constraints) {
            for (a, b, relation) in constraint.relations(geometry) {
                if a == b || !on_board(&a) || !on_board(&b) {
                    continue;
                }
                let table = match relation {
                    Relation::Differ => differ.clone(),
                    _ => relation.table(n),
                };
                let (key, table) = if a < b {
                    ((a, b), table)
                } else {
                    ((b, a), table.transpose())
                };
                match by_pair.get_mut(&key) {
                    Some((existing, rules)) => {
                        *existing = read.intern(read.get(*existing).and(&table));
                        if !rules.contains(&(k as u32)) {
                            rules.push(k as u32);
                        }
                    }
                    None => {
                        by_pair.insert(key, (read.intern(table), vec![k as u32]));
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
        let mut partners: Vec<Vec<Cell>> = vec![Vec::new(); cells];
        let mut links: Vec<Vec<Link>> = vec![Vec::new(); cells];
        let mut pairs = Vec::new();
        let mut pair_rules = Vec::new();
        for key in pair_order {
            let (table, rules) = by_pair.remove(&key).expect("every key was inserted");
            let table = read.get(table).clone();
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
                share_group: groups.share(a, b),
                rule,
            });
            if differ {
                partners[a.index()].push(b);
                partners[b.index()].push(a);
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
        let supports = if n <= SUPPORT_TABLE_MAX {
            tables.iter().map(|table| support(table, n)).collect()
        } else {
            Vec::new()
        };
        let relations = Relations {
            links: Csr::from_lists(links),
            tables,
            supports,
            pairs,
            pair_rules,
        };
        (relations, partners)
    }
}

/// Tables, each held once and known by its index.
#[derive(Default)]
struct TableSet {
    tables: Vec<PairTable>,
    index: HashMap<PairTable, u32>,
}

impl TableSet {
    /// The index of `table`, added if it is new.
    fn intern(&mut self, table: PairTable) -> u32 {
        if let Some(&id) = self.index.get(&table) {
            return id;
        }
        self.tables.push(table.clone());
        self.index.insert(table, self.tables.len() as u32 - 1);
        self.tables.len() as u32 - 1
    }

    /// The table of index `id`.
    fn get(&self, id: u32) -> &PairTable {
        &self.tables[id as usize]
    }
}

/// A table's partner digits of every set of digits (`2ⁿ` entries), each
/// set's the union of a smaller set's and one digit's.
fn support(table: &PairTable, n: usize) -> Box<[u16]> {
    let mut support = vec![0u16; 1 << n];
    for set in 1..support.len() {
        let low = set.trailing_zeros() as u8 + 1;
        support[set] = support[set & (set - 1)] | table.partners(low) as u16;
    }
    support.into_boxed_slice()
}
