//! A chaos board of at most 128 cells with its cell sets as the bits of a
//! `u128`: the word-parallel geometry (neighbours by shifts, distances by
//! dilation, the cells that may cut a region) that the connectivity pass
//! and the cut walk share.

#[cfg(test)]
use sudokit_core::Digit;
use sudokit_core::{Cell, Contradiction};

/// The cells of a bit set, in order.
pub(crate) fn bit_cells(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

/// The cells in exactly one of `sets`: of a cell's digit or label sets (the
/// state's view, per value its cells), the cells with one value left.
pub(crate) fn exactly_one(sets: &[u128]) -> u128 {
    let (mut once, mut twice) = (0u128, 0u128);
    for &set in sets {
        twice |= once & set;
        once |= set;
    }
    once & !twice
}

/// A board of at most 128 cells, its cell sets as the bits of a `u128`
/// (cell `i` is bit `i`): [`far_cells`] in a few word operations per step.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    pub(crate) n: usize,
    /// Every cell.
    all: u128,
    /// The cells with a neighbour on their left, and on their right.
    has_left: u128,
    has_right: u128,
}

/// The boards of sides 1 to 11 (index 0 unused), built at compile time:
/// the chaos rules ask for their board at every run, and building it (two
/// columns of bits) was about 1 % of a chaos node.
const BOARDS: [Board; 12] = {
    let mut boards = [Board {
        n: 0,
        all: 0,
        has_left: 0,
        has_right: 0,
    }; 12];
    let mut n = 1;
    while n < 12 {
        boards[n] = Board::build(n);
        n += 1;
    }
    boards
};

impl Board {
    /// The board of side `n`, if its cells fit in a `u128`.
    pub(crate) fn new(n: usize) -> Option<Board> {
        (n > 0 && n * n <= 128).then(|| BOARDS[n])
    }

    /// The board of side `n` (`1 ≤ n ≤ 11`) computed.
    const fn build(n: usize) -> Board {
        let cells = n * n;
        let all = if cells == 128 { u128::MAX } else { (1 << cells) - 1 };
        let (mut first, mut last) = (0u128, 0u128);
        let mut r = 0;
        while r < n {
            first |= 1 << (r * n);
            last |= 1 << (r * n + n - 1);
            r += 1;
        }
        Board {
            n,
            all,
            has_left: all & !first,
            has_right: all & !last,
        }
    }

    /// The side of the board.
    pub(crate) fn side(&self) -> usize {
        self.n
    }

    /// The cells of `set` whose orthogonal neighbours in `set` do not all
    /// meet around them (through the diagonal cells of `set` beside them):
    /// only such a cell can cut `set` apart (any path through another one
    /// goes round it).
    pub(crate) fn thin(&self, set: u128) -> u128 {
        // Bit v of each: the cell beside v in that direction is in `set`.
        let up = |s: u128| (s << self.n) & self.all;
        let down = |s: u128| s >> self.n;
        let left = |s: u128| (s << 1) & self.has_left;
        let right = |s: u128| (s >> 1) & self.has_right;
        let (north, south, west, east) = (up(set), down(set), left(set), right(set));
        // Two sides linked through the corner between them.
        let ne = north & east & up(right(set));
        let se = south & east & down(right(set));
        let sw = south & west & down(left(set));
        let nw = north & west & up(left(set));
        // Two sides apart both ways round.
        let apart = (north & south & !(ne & se) & !(nw & sw))
            | (east & west & !(ne & nw) & !(se & sw))
            | (north & east & !ne & !(nw & sw & se))
            | (east & south & !se & !(ne & nw & sw))
            | (south & west & !sw & !(se & ne & nw))
            | (west & north & !nw & !(sw & se & ne));
        apart & set
    }

    /// [`group_fits`] on the layer of the label (its possible and fixed
    /// cells).
    pub(crate) fn group_fits(&self, (possible, mut fixed): (u128, u128), group: &[Cell]) -> bool {
        for &c in group {
            if possible >> c.index() & 1 == 0 {
                return false;
            }
            fixed |= 1 << c.index();
        }
        // Out when the cells cannot be joined, or their component is too
        // small (then the fixed cells themselves are far).
        fixed.count_ones() as usize <= self.n
            && matches!(self.far_bits(possible, fixed), Ok(far) if far & fixed == 0)
    }

    /// `set` and the orthogonal neighbours of its cells.
    pub(crate) fn grow(&self, set: u128) -> u128 {
        let sideways = ((set & self.has_left) >> 1) | ((set & self.has_right) << 1);
        (set | sideways | (set >> self.n) | (set << self.n)) & self.all
    }

    /// Whether the cells of `within` connected to `seed` through `within`
    /// are `enough` at some stage of their flood (`enough` holding of a set
    /// holds of its supersets), stopping there.
    pub(crate) fn reaches(&self, seed: u128, within: u128, enough: impl Fn(u128) -> bool) -> bool {
        let mut reached = seed & within;
        loop {
            if enough(reached) {
                return true;
            }
            let next = self.grow(reached) & within;
            if next == reached {
                return false;
            }
            reached = next;
        }
    }

    /// The cells of `within` connected to `seed` through `within`.
    pub(crate) fn flood(&self, seed: u128, within: u128) -> u128 {
        let mut reached = seed & within;
        loop {
            let next = self.grow(reached) & within;
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// The cells that may take `label` and those fixed to it, as bit sets
    /// (`labels` from [`label_bits`]).
    #[cfg(test)]
    pub(crate) fn layer(&self, labels: &[u128], label: Digit) -> (u128, u128) {
        let bit = 1u128 << (label - 1);
        let (mut possible, mut fixed) = (0u128, 0u128);
        for (i, &l) in labels.iter().enumerate() {
            possible |= u128::from(l & bit != 0) << i;
            fixed |= u128::from(l == bit) << i;
        }
        (possible, fixed)
    }

    /// [`far_cells`] on bit sets: the same cells, the same contradictions.
    #[cfg(test)]
    pub(crate) fn far(&self, labels: &[u128], label: Digit) -> Result<Vec<usize>, Contradiction> {
        let (possible, fixed) = self.layer(labels, label);
        Ok(bit_cells(self.far_bits(possible, fixed)?).collect())
    }

    /// [`far_cells`] of the region whose possible and fixed cells are
    /// `possible` and `fixed`, as a bit set.
    pub(crate) fn far_bits(&self, possible: u128, fixed: u128) -> Result<u128, Contradiction> {
        let found = FAR_MEMO.with(|memo| {
            memo.borrow_mut()
                .get(self.n, possible, fixed, || self.far_uncached(possible, fixed))
        });
        found.map_err(|failure| self.contradiction(failure))
    }

    /// The contradiction of a [`Board::far_uncached`] failure.
    pub(crate) fn contradiction(&self, (cell, connected): (u32, bool)) -> Contradiction {
        let region = Some(Cell((self.n * self.n + cell as usize) as u16));
        match connected {
            false => Contradiction::rule(region, "a region's cells cannot be connected"),
            true => Contradiction::rule(region, "a region's fixed cells are too far apart"),
        }
    }

    /// [`Board::far_bits`] computed: the error names the cell, and whether
    /// the fixed cells were connected (then they are too far apart).
    pub(crate) fn far_uncached(&self, possible: u128, fixed: u128) -> Result<u128, (u32, bool)> {
        let n = self.n;
        let home = match fixed {
            0 => 0,
            _ => self.flood(fixed & fixed.wrapping_neg(), possible),
        };
        if fixed & !home != 0 {
            return Err((fixed.trailing_zeros(), false));
        }
        // Out: the cells of components that cannot hold the region. With
        // fixed cells that is every component but theirs (`home`, flooded
        // above), and theirs too when it is smaller than `n`: no other
        // component needs flooding.
        let mut far = 0u128;
        if fixed != 0 {
            far = possible & !home;
            if (home.count_ones() as usize) < n {
                far |= home;
            }
        }
        let mut rest = if fixed == 0 { possible } else { 0 };
        while rest != 0 {
            let component = self.flood(rest & rest.wrapping_neg(), possible);
            rest &= !component;
            if (component.count_ones() as usize) < n {
                far |= component;
            }
        }
        // Out: the cells too far from some piece of the fixed cells: those
        // not reached within the budget of open cells.
        let budget = n.saturating_sub(fixed.count_ones() as usize);
        let mut cores = fixed;
        while cores != 0 {
            let core = self.flood(cores & cores.wrapping_neg(), fixed);
            cores &= !core;
            let mut reached = core;
            for _ in 0..budget {
                // One more open cell, then any fixed cells beyond it.
                let step = self.grow(reached) & possible;
                let next = self.flood(step, step | fixed);
                if next == reached {
                    break;
                }
                reached = next;
            }
            let beyond = possible & !reached;
            if beyond & fixed != 0 {
                return Err(((beyond & fixed).trailing_zeros(), true));
            }
            far |= beyond;
        }
        Ok(far)
    }
}

/// What [`Board::far_bits`] found for a board side and a label's possible
/// and fixed cells: a pure function of the three, asked again and again
/// (each run of the construction for every label whose cells changed, each
/// chaos arrow for each label its start may take), mostly on layers it saw
/// a moment before. A direct-mapped table of recent answers per thread: a
/// hit returns the same cells or the same contradiction, so nothing
/// deduced and nothing of the search's order changes.
struct FarMemo {
    entries: Vec<FarEntry>,
}

/// One answer of [`FarMemo`] (`n` 0: empty).
#[derive(Clone, Copy)]
struct FarEntry {
    pub(crate) n: usize,
    possible: u128,
    fixed: u128,
    found: Result<u128, (u32, bool)>,
}

impl FarMemo {
    const SLOTS: usize = 256;

    pub(crate) fn new() -> FarMemo {
        let empty = FarEntry {
            n: 0,
            possible: 0,
            fixed: 0,
            found: Ok(0),
        };
        FarMemo {
            entries: vec![empty; Self::SLOTS],
        }
    }

    /// The answer for (`n`, `possible`, `fixed`), from the table or from
    /// `compute` (then kept).
    pub(crate) fn get(
        &mut self,
        n: usize,
        possible: u128,
        fixed: u128,
        compute: impl FnOnce() -> Result<u128, (u32, bool)>,
    ) -> Result<u128, (u32, bool)> {
        let fold = |x: u128| (x as u64) ^ ((x >> 64) as u64);
        let hash =
            (fold(possible) ^ fold(fixed).rotate_left(29) ^ n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = &mut self.entries[(hash >> 56) as usize % Self::SLOTS];
        if slot.n == n && slot.possible == possible && slot.fixed == fixed {
            return slot.found;
        }
        let found = compute();
        *slot = FarEntry {
            n,
            possible,
            fixed,
            found,
        };
        found
    }
}

thread_local! {
    static FAR_MEMO: std::cell::RefCell<FarMemo> = std::cell::RefCell::new(FarMemo::new());
}
