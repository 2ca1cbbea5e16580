//! The model's sums: those the rules declare, then those derived from the
//! cage-like ones (innies and outies, houses crossed by sums, sums side by
//! side added up), each split into blocks of cells that must differ.

use std::collections::HashSet;

use super::groups::Groups;
use super::peers::Peers;
use super::relations::Relations;
use super::{on_board, rules};
use crate::cell::Cell;
use crate::constraint::Constraint;
use crate::geometry::Geometry;
use crate::sum::blocks::{blocks, Block};
use crate::sum::compile::{combine, derive, worth_keeping};
use crate::sum::{CompiledSum, Sum, SumOrigin};

/// Every sum of the rules on the board, declared then derived.
pub(super) fn compile(
    geometry: &Geometry,
    constraints: &[Box<dyn Constraint>],
    groups: &Groups,
    relations: &Relations,
    peers: &Peers,
) -> Vec<CompiledSum> {
    let n = geometry.size();
    let on_board = on_board(geometry);
    let differ_pairs: HashSet<(Cell, Cell)> = relations
        .pairs
        .iter()
        .filter(|p| p.differ)
        .map(|p| (p.a, p.b))
        .collect();
    let differ = |a: Cell, b: Cell| groups.share(a, b) || differ_pairs.contains(&(a.min(b), a.max(b)));
    let mut declared: Vec<(Sum, usize)> = Vec::new();
    for (k, constraint) in rules(constraints) {
        for sum in constraint.sums(geometry) {
            if sum.cells().all(|c| on_board(&c)) {
                declared.push((sum, k));
            }
        }
    }
    let cage_rules: Vec<usize> = declared
        .iter()
        .filter(|(s, _)| s.is_cage())
        .map(|&(_, k)| k)
        .collect();
    let cages: Vec<&Sum> = declared.iter().map(|(s, _)| s).filter(|s| s.is_cage()).collect();
    let distinct_cages: Vec<&Sum> = cages
        .iter()
        .copied()
        .filter(|s| {
            let cells: Vec<Cell> = s.cells().collect();
            cells
                .iter()
                .enumerate()
                .all(|(i, &a)| cells[i + 1..].iter().all(|&b| differ(a, b)))
        })
        .collect();
    let derived = derive(n, geometry.cell_count(), &groups.list, &cages, &distinct_cages);
    let combined = combine(n, &cages, differ);
    let mut sums: Vec<CompiledSum> = Vec::with_capacity(declared.len() + derived.len());
    // The cells seeing a whole block, outside the sum: the sum is not woken
    // by its own changes, so it must not change its own cells this way.
    let seen = |sum: &Sum, mut blocks: Vec<Block>| {
        for block in &mut blocks {
            block.seen_by = seen_by_all(geometry, peers, &block.cells);
            block.seen_by.retain(|c| !sum.cells().any(|s| s == *c));
        }
        blocks
    };
    for (sum, k) in declared {
        let blocks = seen(&sum, blocks(&sum, n, differ));
        let label = constraints[k].name().into_owned();
        sums.push(CompiledSum::new(sum, SumOrigin::Rule(k), label, blocks));
    }
    for (sum, derivation, across) in derived {
        let blocks = blocks(&sum, n, differ);
        if !worth_keeping(&sum, &blocks, n, across) {
            continue;
        }
        let blocks = seen(&sum, blocks);
        let label = derivation.describe(&sum, n);
        let origin = label
            .split_once(':')
            .map_or(label.as_str(), |(o, _)| o)
            .to_string();
        sums.push(CompiledSum::new(sum, SumOrigin::Derived(origin), label, blocks).derived_by(derivation));
    }
    for (sum, members) in combined {
        let names: Vec<String> = members
            .iter()
            .map(|&i| constraints[cage_rules[i]].name().into_owned())
            .collect();
        let label = format!("{} added up", names.join(" + "));
        let blocks = seen(&sum, blocks(&sum, n, differ));
        sums.push(CompiledSum::new(
            sum,
            SumOrigin::Derived("sums added up".into()),
            label,
            blocks,
        ));
    }
    sums
}

/// The cells outside `cells` that are peers of every one of them; none for
/// a single cell (its peers learn its digit from the singles).
fn seen_by_all(geometry: &Geometry, peers: &Peers, cells: &[Cell]) -> Vec<Cell> {
    let [first, rest @ ..] = cells else {
        return Vec::new();
    };
    if rest.is_empty() {
        return Vec::new();
    }
    let mut common: Vec<Cell> = peers.of(geometry, *first).to_vec();
    for &cell in rest {
        let theirs = peers.of(geometry, cell);
        common.retain(|c| theirs.binary_search(c).is_ok());
    }
    common.retain(|c| !cells.contains(c));
    common
}
