//! What a technique looks at: the puzzle's compiled rules and one candidate
//! set per cell.

use smallvec::SmallVec;
use sudokit_core::{Cand, Cell, Digit, Digits, Group, GroupId, Model};

/// Cells of one group, on the stack for boards up to 16×16.
pub type Cells = SmallVec<[Cell; 16]>;

/// A read-only view of a puzzle in the middle of a logical solve.
///
/// Techniques read the *whole* puzzle through it: every group any rule
/// declares (rows, boxes, diagonals, cages, extra regions), the peers of a
/// cell, and the weak links the pair relations give (anti-knight,
/// non-consecutive, kropki dots …), so a technique written for the classic
/// rules works unchanged on every variant.
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Cell, Digits, Geometry, Puzzle};
/// use sudokit_logic::Board;
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with(ClassicRules).unwrap();
/// let mut cands = vec![Digits::full(4); 16];
/// cands[0] = Digits::single(3);
/// let board = Board::new(puzzle.model(), &cands);
/// assert_eq!(board.houses().count(), 12);
/// assert!(board.sees(Cell(0), Cell(5))); // same box
/// assert_eq!(board.places(0, 3).as_slice(), &[Cell(0), Cell(1), Cell(2), Cell(3)]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Board<'a> {
    model: &'a Model,
    cands: &'a [Digits<u128>],
}

impl<'a> Board<'a> {
    /// A view of `cands` (one set per cell) under `model`'s rules.
    pub fn new(model: &'a Model, cands: &'a [Digits<u128>]) -> Board<'a> {
        assert_eq!(cands.len(), model.geometry().cell_count(), "one set per cell");
        Board { model, cands }
    }

    /// The compiled rules.
    pub fn model(&self) -> &'a Model {
        self.model
    }

    /// Side of the board.
    pub fn size(&self) -> usize {
        self.model.size()
    }

    /// Every cell, in order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        (0..self.cands.len() as u16).map(Cell)
    }

    /// Every cell's candidates.
    pub fn all_candidates(&self) -> &'a [Digits<u128>] {
        self.cands
    }

    /// The candidates of `cell`.
    #[inline]
    pub fn candidates(&self, cell: Cell) -> Digits<u128> {
        self.cands[cell.index()]
    }

    /// True when `digit` is a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.cands[cell.index()].contains(digit)
    }

    /// The digit of `cell` when only one is left.
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.cands[cell.index()].single_digit()
    }

    /// Every group of every rule.
    pub fn groups(&self) -> &'a [Group] {
        self.model.groups()
    }

    /// One group.
    pub fn group(&self, id: GroupId) -> &'a Group {
        self.model.group(id)
    }

    /// The *houses*: groups of `n` cells, which hold every digit exactly
    /// once. Hidden singles, hidden subsets, the base sets of fish and
    /// conjugate pairs need one; naked subsets and cover sets take any group.
    pub fn houses(&self) -> impl Iterator<Item = GroupId> + 'a + use<'a> {
        let n = self.size();
        let groups = self.model.groups();
        (0..groups.len()).filter(move |&g| groups[g].is_complete(n))
    }

    /// The groups `cell` belongs to.
    pub fn groups_of(&self, cell: Cell) -> impl Iterator<Item = GroupId> + 'a + use<'a> {
        self.model.groups_of(cell).iter().map(|&g| g as GroupId)
    }

    /// The cells of `group` where `digit` is still a candidate, solved ones
    /// included.
    pub fn places(&self, group: GroupId, digit: Digit) -> Cells {
        self.group(group)
            .cells()
            .iter()
            .copied()
            .filter(|&c| self.has(c, digit))
            .collect()
    }

    /// The cells that must differ from `cell` (its groups and `≠` relations).
    pub fn peers(&self, cell: Cell) -> &'a [Cell] {
        self.model.peers(cell)
    }

    /// True when `a` and `b` are different cells that cannot hold the same
    /// digit.
    #[inline]
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        a != b && self.model.peers(a).binary_search(&b).is_ok()
    }

    /// True when two candidates cannot both be true: a weak link (one cell,
    /// one digit in two peers, or a pair a relation forbids).
    #[inline]
    pub fn weakly_linked(&self, x: Cand, y: Cand) -> bool {
        x != y && self.model.weakly_linked(x, y)
    }

    /// The cells that see every cell of `cells` (and are none of them).
    pub fn common_peers(&self, cells: &[Cell]) -> Vec<Cell> {
        let Some((&first, rest)) = cells.split_first() else {
            return Vec::new();
        };
        self.peers(first)
            .iter()
            .copied()
            .filter(|&c| !cells.contains(&c) && rest.iter().all(|&o| self.sees(o, c)))
            .collect()
    }

    /// `r1c5`, the name people use for a cell.
    pub fn name(&self, cell: Cell) -> String {
        cell.name(self.size())
    }
}
