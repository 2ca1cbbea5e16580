//! The model's compilation: groups, relations, peers, slots.

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
