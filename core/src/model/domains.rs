//! The model's domains: the digits the rules allow in each cell.

use super::{on_board, rules};
use crate::cell::Cell;
use crate::constraint::Constraint;
use crate::digits::Digits;
use crate::geometry::Geometry;

/// Per cell, the digits every rule's domain allows, and which rule first
/// restricted it.
pub(super) struct Domains {
    /// Per cell, the digits the rules' domains allow (all when none says).
    pub(super) allowed: Vec<Digits<u128>>,
    /// Per cell, the first rule that restricts its domain (`u32::MAX`: none).
    pub(super) rule: Vec<u32>,
}

impl Domains {
    /// The rules' domains, intersected per cell.
    pub(super) fn compile(geometry: &Geometry, constraints: &[Box<dyn Constraint>]) -> Domains {
        let cells = geometry.cell_count();
        let on_board = on_board(geometry);
        let full = Digits::<u128>::full(geometry.size());
        let mut allowed = vec![full; cells];
        let mut rule = vec![u32::MAX; cells];
        for (k, constraint) in rules(constraints) {
            for (cell, digits) in constraint.domains(geometry) {
                if on_board(&cell) {
                    allowed[cell.index()] &= digits & full;
                    if rule[cell.index()] == u32::MAX {
                        rule[cell.index()] = k as u32;
                    }
                }
            }
        }
        Domains { allowed, rule }
    }

    /// The cells some rule restricts, in order.
    pub(super) fn restricted(&self) -> Vec<Cell> {
        (0..self.rule.len())
            .filter(|&i| self.rule[i] != u32::MAX)
            .map(|i| Cell(i as u16))
            .collect()
    }
}
