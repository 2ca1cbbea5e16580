//! What each group lost since the built-in singles last looked at it.
//!
//! A hidden single or a locked candidate can only appear in a group where a
//! digit lost a place: a digit's places that did not change were looked at
//! before, and what they allowed was done then (places only shrink along a
//! search path). So the engine notes, per group, the digits its cells lost
//! and the cells that lost them; a rescan looks at those digits only, and
//! the overlaps at the segments those changes can affect.
//!
//! Two sets of marks: one since the group's last hidden-single scan, one
//! since its last look at its overlaps (the scan hands its marks on). Both
//! are empty at every fixpoint the engine returns, and cleared with the
//! queue after a contradiction.

use crate::cell::Cell;
use crate::model::Model;

/// The digits lost in one group and the cells that lost them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Since {
    /// Digits that lost a place (digit `d` at bit `d − 1`).
    pub(crate) digits: u128,
    /// Cells of the group that lost a digit (cell `i` at bit `i`; boards of
    /// at most 128 cells, else unused).
    pub(crate) cells: u128,
}

impl Since {
    /// Everything: a group not looked at yet.
    pub(crate) const ALL: Since = Since {
        digits: u128::MAX,
        cells: u128::MAX,
    };

    /// Adds `other`'s marks.
    #[inline(always)]
    pub(crate) fn add(&mut self, other: Since) {
        self.digits |= other.digits;
        self.cells |= other.cells;
    }
}

/// Per group, the marks since the last hidden-single scan and since the last
/// look at the overlaps.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks {
    /// Since the last hidden-single scan, by group.
    pub(crate) scan: Vec<Since>,
    /// Since the last look at the overlaps, by group (handed on by scans).
    pub(crate) overlaps: Vec<Since>,
    /// Every group lost every digit (the first propagation, a restart).
    pub(crate) all: bool,
}

impl Marks {
    pub(crate) fn new(groups: usize) -> Marks {
        Marks {
            scan: vec![Since::default(); groups],
            overlaps: vec![Since::default(); groups],
            all: false,
        }
    }

    /// Notes that `cell` lost the digits `removed` (bits), in every group of
    /// the cell.
    #[inline(always)]
    pub(crate) fn lose(&mut self, model: &Model, cell: Cell, removed: u128) {
        let mark = Since {
            digits: removed,
            cells: 1u128.checked_shl(cell.index() as u32).unwrap_or(0),
        };
        for &g in model.groups_of(cell) {
            self.scan[g as usize].add(mark);
        }
    }

    /// Applies a pending "everything lost": every group is scanned whole,
    /// and hands on what it found to its overlaps.
    #[inline(always)]
    pub(crate) fn settle_all(&mut self) {
        if std::mem::take(&mut self.all) {
            self.scan.fill(Since::ALL);
            self.overlaps.fill(Since::default());
        }
    }

    /// Takes group `g`'s scan marks.
    #[inline(always)]
    pub(crate) fn take_scan(&mut self, g: usize) -> Since {
        std::mem::take(&mut self.scan[g])
    }

    /// Takes group `g`'s overlap marks.
    #[inline(always)]
    pub(crate) fn take_overlaps(&mut self, g: usize) -> Since {
        std::mem::take(&mut self.overlaps[g])
    }

    /// Forgets every mark (after a contradiction, or a solved board).
    pub(crate) fn clear(&mut self) {
        self.scan.fill(Since::default());
        self.overlaps.fill(Since::default());
        self.all = false;
    }

    /// True when no group has a mark: what every fixpoint leaves.
    #[cfg(test)]
    pub(crate) fn is_clear(&self) -> bool {
        !self.all
            && self.scan.iter().all(|m| *m == Since::default())
            && self.overlaps.iter().all(|m| *m == Since::default())
    }
}
