//! The engine's slots: who propagates (the built-in domains, singles,
//! relations and sums, then every rule's own propagator), on which cells,
//! and which slots each cell wakes.

use super::csr::Csr;
use super::domains::Domains;
use super::relations::Relations;
use crate::cell::Cell;
use crate::constraint::{Constraint, Cost, Kind};
use crate::geometry::Geometry;
use crate::leftovers::Leftover;
use crate::sum::CompiledSum;

/// Who runs in an engine slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SlotKind {
    /// The cells' domains, applied once at the root.
    Domains,
    /// The built-in singles over every group.
    Groups,
    /// The built-in arc consistency over every relation.
    Relations,
    /// The built-in propagator of sum `i` ([`Model::sums`](super::Model::sums)).
    Sum(usize),
    /// The law of leftovers' pair `i` ([`Model::leftovers`](super::Model::leftovers)).
    Leftover(usize),
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

impl Slot {
    /// A built-in propagator (tier 0 to 2, idempotent, not a technique).
    fn built_in(kind: SlotKind, tier: u8, scope: Vec<Cell>, watched: bool) -> Slot {
        Slot {
            kind,
            tier,
            idempotent: true,
            technique: false,
            scope,
            watched,
        }
    }
}

/// What the slots are built from: the other parts of the model.
pub(super) struct Parts<'a> {
    pub(super) domains: &'a Domains,
    /// The cells the singles read: in a group, or related by `≠`.
    pub(super) singles: Vec<Cell>,
    pub(super) relations: &'a Relations,
    pub(super) sums: &'a [CompiledSum],
    pub(super) leftovers: &'a [Leftover],
}

/// The slots, built-in propagators first, then every rule's own; and per
/// cell (and each of the `variables − n²` extra variables), the watched
/// slots that read it.
pub(super) fn compile(
    geometry: &Geometry,
    constraints: &[Box<dyn Constraint>],
    parts: Parts<'_>,
    variables: usize,
) -> (Vec<Slot>, Csr<u32>) {
    let mut slots = Vec::new();
    let restricted = parts.domains.restricted();
    if !restricted.is_empty() {
        slots.push(Slot::built_in(SlotKind::Domains, 0, restricted, false));
    }
    // The singles run over groups and over `≠` relations (peers without a group).
    if !parts.singles.is_empty() {
        slots.push(Slot::built_in(SlotKind::Groups, 0, parts.singles, true));
    }
    let linked: Vec<Cell> = geometry
        .cells()
        .filter(|cell| !parts.relations.links.get(cell.index()).is_empty())
        .collect();
    if !linked.is_empty() {
        slots.push(Slot::built_in(SlotKind::Relations, 0, linked, true));
    }
    for (i, sum) in parts.sums.iter().enumerate() {
        let mut scope: Vec<Cell> = sum.sum().cells().collect();
        scope.sort_unstable();
        slots.push(Slot::built_in(SlotKind::Sum(i), sum.tier(), scope, true));
    }
    for (i, leftover) in parts.leftovers.iter().enumerate() {
        let mut slot = Slot::built_in(SlotKind::Leftover(i), 1, leftover.scope(), true);
        // Its own changes can feed it again (a placement fixes a count).
        slot.idempotent = false;
        slots.push(slot);
    }
    for (k, constraint) in constraints.iter().enumerate() {
        if !constraint.has_propagator() {
            continue;
        }
        let mut scope: Vec<Cell> = constraint
            .scope(geometry)
            .into_iter()
            .filter(|cell| cell.index() < variables)
            .collect();
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
    let mut watchers = vec![Vec::new(); variables];
    for (s, slot) in slots.iter().enumerate().filter(|(_, slot)| slot.watched) {
        for cell in &slot.scope {
            watchers[cell.index()].push(s as u32);
        }
    }
    (slots, Csr::from_lists(watchers))
}
