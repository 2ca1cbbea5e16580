//! The board: one 27-bit word per digit and band, and the propagation that
//! runs on them (singles and box-line reduction, by word operations).

use super::kernel::{Gather, Kernel, Portable};
use super::lanes::{self, Band};
use super::tables::{
    columns, lock_stacks, row_singles, spread_columns, BAND, BAND_PEERS, COLUMNS, FITS, FIT_COUNT,
    LOCKED_CELLS, MINI_ROWS, PERMUTATION_BITS, SPREAD,
};

/// Words that changed and must be settled again: bit `3·d + b` for digit
/// `d + 1` in band `b`.
pub(super) type Dirty = u32;

/// Every word.
pub(super) const ALL_WORDS: Dirty = (1 << 27) - 1;

/// A band of the empty board: every digit everywhere, and the padding empty.
const FULL_BAND: Band = [BAND, BAND, BAND, BAND, BAND, BAND, BAND, BAND, BAND, 0, 0, 0];

/// A 9×9 board as candidate bitboards. Small and `Copy`: the search keeps
/// one per level of its stack and never allocates.
///
/// Cell `i` (reading order) lies in band `i / 27` at position `i % 27`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Board {
    /// `cand[b][d]`: the cells of band `b` that may hold digit `d + 1`.
    /// Lanes 9 to 11 stay empty: a band is three 128-bit vectors, which
    /// the compiler clears at once.
    cand: [Band; 3],
    /// The cells of each band that hold no digit yet.
    open: [u32; 3],
    /// Per digit, its columns in each band (bit `9·b + c`) when it was last
    /// settled: the mini-columns that triads read at the fixpoint.
    cols: [u32; 9],
}

/// A cell to branch on and its candidates (bit `d` for digit `d + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Branch {
    pub(super) band: usize,
    pub(super) pos: u32,
    pub(super) digits: u32,
}

/// A digit's configurations in a band or a stack to branch on: each way
/// its three rows can take the band's three boxes, or its three columns the
/// stack's (bit `p` for [`PERMUTATION_BITS`]`[p]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct BandBranch {
    /// 0 to 2: a band; 3 to 5: stack `band − 3`.
    pub(super) band: usize,
    pub(super) digit: usize,
    pub(super) configurations: u32,
}

/// Each digit's mini-line patterns at a fixpoint, as triad reasoning
/// reads them: mini-rows band by band in the low half (bit `9·b + 3·r + k`),
/// mini-columns stack by stack in the high half. Band branching reads them
/// again instead of recomputing.
pub(super) type Lines = [u64; 9];

/// The search reached a state with no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Dead;

impl Board {
    /// Every digit possible everywhere.
    pub(super) fn new() -> Board {
        Board {
            cand: [FULL_BAND; 3],
            open: [BAND; 3],
            cols: [BAND; 9],
        }
    }

    /// Forbids every digit outside `allowed` (bit `d` for digit `d + 1`) in
    /// `cell`.
    pub(super) fn restrict(&mut self, cell: usize, allowed: u32) {
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        for d in 0..9 {
            if allowed >> d & 1 == 0 {
                self.cand[band][d] &= !bit;
            }
        }
    }

    /// Places all the givens (`values[cell]`, 0 for none) at once, digit by
    /// digit: each given's peers lose its digit, and every given cell loses
    /// the other digits. `false` when a given is not a candidate (any more)
    /// or sees another given of its digit: the state is then dead.
    pub(super) fn place_givens(&mut self, values: &[u8]) -> bool {
        // Each value's cells, band by band; row 0 gathers the empty cells.
        // No branch on the value: a given's place is unpredictable.
        debug_assert_eq!(values.len(), 81);
        let mut by_value = [[0u32; 3]; 10];
        for (band, values) in values.chunks_exact(27).take(3).enumerate() {
            for (pos, &value) in values.iter().enumerate() {
                if value > 9 {
                    return false;
                }
                by_value[value as usize][band] |= 1 << pos;
            }
        }
        let filled = [0, 1, 2].map(|band| !by_value[0][band] & BAND);
        for (d, own) in by_value[1..].iter().enumerate() {
            // The cells the digit's givens see, and themselves.
            let mut seen = [0u32; 3];
            let mut columns = 0u32;
            for band in 0..3 {
                let mut given = own[band];
                while given != 0 {
                    let pos = given.trailing_zeros();
                    given &= given - 1;
                    let column = 1 << (pos % 9);
                    if columns & column != 0 || own[band] & BAND_PEERS[pos as usize] != 0 {
                        return false;
                    }
                    columns |= column;
                    seen[band] |= BAND_PEERS[pos as usize];
                }
            }
            for band in 0..3 {
                let (given, word) = (own[band], &mut self.cand[band][d]);
                if given & !*word != 0 {
                    return false;
                }
                *word = (*word & !filled[band] & !seen[band] & !COLUMNS[columns as usize]) | given;
            }
        }
        for (open, filled) in self.open.iter_mut().zip(filled) {
            *open &= !filled;
        }
        true
    }

    /// Places digit `d + 1` at `pos` of `band` if it is still a candidate
    /// there (`false` if not: the state is then dead), marking the words
    /// that change.
    #[inline]
    pub(super) fn place(&mut self, band: usize, pos: u32, d: usize, dirty: &mut Dirty) -> bool {
        let bit = 1u32 << pos;
        if self.cand[band][d] & bit == 0 {
            return false;
        }
        *dirty |= SPREAD[lanes::clear(&mut self.cand[band], bit) as usize] << band;
        // The column's cells in this band are in the cell's box: clearing the
        // column from all three bands, then the row and box, and putting
        // the cell back leaves the digit's word right.
        let column = COLUMNS[1 << (pos % 9)];
        for words in &mut self.cand {
            words[d] &= !column;
        }
        self.cand[band][d] = (self.cand[band][d] & !BAND_PEERS[pos as usize]) | bit;
        self.open[band] &= !bit;
        *dirty |= 0b111 << (3 * d);
        true
    }

    /// Fixes digit `d + 1` in `cells` of `band`, each alone in its row
    /// once the digit is settled. Its words are then closed under box-line
    /// reduction, which has already cleared those cells' rows, boxes and
    /// columns of the digit; only the other digits lose the cells.
    #[inline]
    /// The digit's own word is stored by the caller afterwards (the one
    /// here is stale and loses the cells too).
    fn fix_settled(&mut self, band: usize, d: usize, cells: u32, dirty: &mut Dirty) {
        let changed = lanes::clear(&mut self.cand[band], cells) & !(1 << d);
        *dirty |= SPREAD[changed as usize] << band;
        self.open[band] &= !cells;
    }

    /// The digits of a solved board, cell by cell (1 to 9).
    pub(super) fn digits(&self) -> [u8; 81] {
        let mut values = [0u8; 81];
        for d in 0..9 {
            for band in 0..3 {
                let mut word = self.cand[band][d];
                while word != 0 {
                    values[27 * band + word.trailing_zeros() as usize] = d as u8 + 1;
                    word &= word - 1;
                }
            }
        }
        values
    }

    /// Box-line reduction for one digit until nothing changes: in each
    /// band the rows take one box each ([`LOCKED_CELLS`] on the mini-rows),
    /// in each stack the bands take one column each ([`lock_stacks`], the
    /// same rule as arithmetic on the columns). Hidden singles in boxes and columns surface as
    /// singles in rows. Both steps are idempotent, so the loop ends as soon
    /// as the stacks remove nothing, or see the columns they saw last time.
    /// Returns the digit's settled words, which the caller stores, and the
    /// bands changed: `bands` (bit `b`, the words that changed since the
    /// digit was last settled) and those the stacks narrowed.
    #[inline(always)]
    fn settle<G: Gather>(&mut self, g: G, d: usize, bands: u32) -> Result<([u32; 3], u32), Dead> {
        let mut words = [self.cand[0][d], self.cand[1][d], self.cand[2][d]];
        let mut touched = bands;
        loop {
            // All three bands, with no branch on which changed: a band that
            // did not is closed under the table already, and the branch
            // mispredicted often (+3 % on top1465 and forum_hardest).
            let mut empty = false;
            for word in &mut words {
                *word &= LOCKED_CELLS[g.mini_rows(*word)];
                empty |= *word == 0;
            }
            if empty {
                return Err(Dead);
            }
            let cols = columns(words[0]) | columns(words[1]) << 9 | columns(words[2]) << 18;
            let allowed = lock_stacks(cols);
            if allowed == cols {
                self.cols[d] = cols;
                break;
            }
            let removed = cols ^ allowed;
            for (b, word) in words.iter_mut().enumerate() {
                *word &= spread_columns(allowed >> (9 * b) & 0x1ff);
                touched |= u32::from(removed >> (9 * b) & 0x1ff != 0) << b;
            }
        }
        Ok((words, touched))
    }

    /// Runs singles and box-line reduction to a fixpoint, starting from the
    /// words in `dirty`, with the build `kernel` names.
    /// Returns the digits' mini-line patterns at the fixpoint (all zero
    /// when the board is solved).
    #[inline]
    pub(super) fn propagate(&mut self, kernel: Kernel, dirty: Dirty) -> Result<Lines, Dead> {
        match kernel {
            Kernel::Portable => self.propagate_with(Portable, dirty),
            // SAFETY: the kernel holds the proof that the CPU has BMI2.
            #[cfg(target_arch = "x86_64")]
            Kernel::Bmi2(bmi2) => unsafe { self.propagate_bmi2(bmi2, dirty) },
        }
    }

    /// [`propagate_with`](Self::propagate_with) compiled for BMI2, so that
    /// its `pext` gathers are inlined.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,lzcnt,popcnt")]
    fn propagate_bmi2(&mut self, bmi2: super::kernel::Bmi2, dirty: Dirty) -> Result<Lines, Dead> {
        self.propagate_with(bmi2, dirty)
    }

    /// The propagation itself, for either build.
    #[inline(always)]
    fn propagate_with<G: Gather>(&mut self, g: G, mut dirty: Dirty) -> Result<Lines, Dead> {
        let mut lines = [0; 9];
        loop {
            while dirty != 0 {
                let d = dirty.trailing_zeros() as usize / 3;
                let bands = dirty >> (3 * d) & 0b111;
                dirty &= !(0b111 << (3 * d));
                let (words, touched) = self.settle(g, d, bands)?;
                // Hidden singles: a digit alone in its row of a band. The
                // digit is settled, so only the other digits lose the cells
                // (no `place`, and no new settling of this digit).
                // All three bands without a branch each: which bands have
                // singles is unpredictable, and fixing none is cheap.
                let hidden = [0, 1, 2].map(|band| {
                    let touched = 0u32.wrapping_sub(touched >> band & 1);
                    row_singles(words[band]) & self.open[band] & touched
                });
                if hidden != [0; 3] {
                    for (band, cells) in hidden.into_iter().enumerate() {
                        self.fix_settled(band, d, cells, &mut dirty);
                    }
                }
                // Stored after the vector loads of the fixing: a word
                // written just before its band is read as vectors stalls
                // the load (no store forwarding from a narrower store).
                for (band, word) in self.cand.iter_mut().zip(words) {
                    band[d] = word;
                }
            }
            // Naked singles: cells with one candidate left.
            for band in 0..3 {
                let (mut ones, mut twos) = (0u32, 0u32);
                for d in 0..9 {
                    let word = self.cand[band][d];
                    twos |= ones & word;
                    ones |= word;
                }
                let open = self.open[band];
                if open & !ones != 0 {
                    return Err(Dead);
                }
                let mut singles = open & !twos;
                while singles != 0 {
                    let pos = singles.trailing_zeros();
                    singles &= singles - 1;
                    let bit = 1 << pos;
                    // An earlier single of the band may have taken its last digit.
                    let digits = lanes::holding(&self.cand[band], bit);
                    if digits == 0 {
                        return Err(Dead);
                    }
                    self.place(band, pos, digits.trailing_zeros() as usize, &mut dirty);
                }
            }
            if dirty == 0 {
                if self.open == [0; 3] {
                    return Ok([0; 9]);
                }
                dirty = self.triads(g, &mut lines)?;
                if dirty == 0 {
                    return Ok(lines);
                }
            }
        }
    }

    /// Triad reasoning at a fixpoint: a mini-row (three cells of a row in
    /// one box) holds exactly three digits, and so does a mini-column. When
    /// only three digits can go in one, each of them must (it leaves the
    /// rest of its row and box); when three digits must go in one, no other
    /// can. Returns the words changed, and leaves the patterns it read in
    /// `patterns`.
    #[inline(always)]
    fn triads<G: Gather>(&mut self, g: G, patterns: &mut Lines) -> Result<Dirty, Dead> {
        const GROUP_LOW: u64 = 0o111_111_111 | 0o111_111_111 << 32;
        const VALID: u64 = BAND as u64 | (BAND as u64) << 32;
        let mut sure = [0u64; 9];
        let (mut can_1, mut can_2, mut can_3, mut can_4) = (0u64, 0u64, 0u64, 0u64);
        let (mut sure_1, mut sure_2, mut sure_3, mut sure_4) = (0u64, 0u64, 0u64, 0u64);
        for d in 0..9 {
            let rows = g.mini_rows(self.cand[0][d]) as u64
                | (g.mini_rows(self.cand[1][d]) as u64) << 9
                | (g.mini_rows(self.cand[2][d]) as u64) << 18;
            let x = rows | (g.transpose_chunks(self.cols[d]) as u64) << 32;
            patterns[d] = x;
            can_4 |= can_3 & x;
            can_3 |= can_2 & x;
            can_2 |= can_1 & x;
            can_1 |= x;
            // Both patterns are closed under box-line reduction, so a
            // digit's sure mini-lines are those alone in their line.
            let (a, b, c) = (x & GROUP_LOW, x >> 1 & GROUP_LOW, x >> 2 & GROUP_LOW);
            let alone = (a & !b & !c) | (b & !a & !c) << 1 | (c & !a & !b) << 2;
            sure[d] = alone;
            sure_4 |= sure_3 & alone;
            sure_3 |= sure_2 & alone;
            sure_2 |= sure_1 & alone;
            sure_1 |= alone;
        }
        if VALID & !can_3 != 0 || sure_4 != 0 {
            return Err(Dead);
        }
        let naked = can_3 & !can_4;
        let hidden = sure_3;
        let mut dirty = 0;
        for d in 0..9 {
            let x = patterns[d];
            let forced = x & naked;
            let line = ((forced | forced >> 1 | forced >> 2) & GROUP_LOW) * 7;
            let kept = x & !(line & !forced) & !(hidden & !sure[d]);
            if kept != x {
                dirty |= self.keep_patterns(g, d, kept);
            }
        }
        Ok(dirty)
    }

    /// Keeps digit `d + 1` to the mini-rows (low half of `kept`, band by
    /// band) and mini-columns (high half, stack by stack) given.
    #[inline(always)]
    fn keep_patterns<G: Gather>(&mut self, g: G, d: usize, kept: u64) -> Dirty {
        let allowed = g.transpose_chunks((kept >> 32) as u32);
        let mut dirty = 0;
        for b in 0..3 {
            let word = &mut self.cand[b][d];
            let new = *word
                & MINI_ROWS[(kept >> (9 * b) & 0x1ff) as usize]
                & COLUMNS[(allowed >> (9 * b) & 0x1ff) as usize];
            dirty |= u32::from(new != *word) << (3 * d + b);
            *word = new;
        }
        dirty
    }

    /// The cell to branch on: the first one with two candidates, else the
    /// first with three, else the first open cell. `None` when the board is solved.
    pub(super) fn branch(&self) -> Option<Branch> {
        let mut fallback = None;
        for band in 0..3 {
            let (mut ones, mut twos, mut threes, mut fours) = (0u32, 0u32, 0u32, 0u32);
            for d in 0..9 {
                let word = self.cand[band][d];
                fours |= threes & word;
                threes |= twos & word;
                twos |= ones & word;
                ones |= word;
            }
            let open = self.open[band];
            let pairs = open & twos & !threes;
            if pairs != 0 {
                return Some(self.branch_at(band, pairs.trailing_zeros()));
            }
            if fallback.is_none() && open != 0 {
                let triples = open & threes & !fours;
                let pos = if triples != 0 { triples } else { open }.trailing_zeros();
                fallback = Some(self.branch_at(band, pos));
            }
        }
        fallback
    }

    /// A digit's configurations in a band or stack to branch on, as tdoku
    /// does: of the three bands and three stacks, the one whose digits have
    /// the fewest configurations in all (more than nine: some digit still
    /// has a choice), and in it the digit with the fewest (more than one).
    /// `None` when every digit's mini-rows and mini-columns are settled,
    /// which places every digit in every box.
    ///
    /// With `by_cells`, digits with as few configurations are told apart by
    /// their candidate cells in the band or stack, fewest first: on boards
    /// of pencil marks and few givens, where many digits tie, that takes
    /// 3–23 % fewer nodes on ISS's pencil-mark puzzles, but costs 2.6 % more
    /// guesses on forum_hardest (61.7 → 63.3 a puzzle), so only pencil-mark
    /// puzzles ask for it (docs/benchmarks.md, "(stop 48, pencilmarks48)").
    pub(super) fn band_branch(&self, lines: &Lines, by_cells: bool) -> Option<BandBranch> {
        if self.open == [0; 3] {
            return None;
        }
        // Each band's and stack's configurations over all digits: the
        // patterns themselves are read again only for the one chosen.
        let mut totals = [0u32; 6];
        for &x in lines {
            for band in 0..3 {
                totals[band] += u32::from(FIT_COUNT[(x >> (9 * band) & 0x1ff) as usize]);
                totals[3 + band] += u32::from(FIT_COUNT[(x >> (32 + 9 * band) & 0x1ff) as usize]);
            }
        }
        let mut band = None;
        let mut fewest = u32::MAX;
        for (b, &total) in totals.iter().enumerate() {
            if total > 9 && total < fewest {
                (band, fewest) = (Some(b), total);
            }
        }
        let band = band?;
        let shift = if band < 3 { 9 * band } else { 32 + 9 * (band - 3) };
        let pattern = |d: usize| (lines[d] >> shift & 0x1ff) as usize;
        let cells = |d: usize| -> u32 {
            match band {
                0..=2 => self.cand[band][d].count_ones(),
                _ => (self.cand.iter())
                    .map(|words| (words[d] & COLUMNS[0o7 << (3 * (band - 3))]).count_ones())
                    .sum(),
            }
        };
        let (mut digit, mut fewest) = (None, u32::MAX);
        for d in 0..9 {
            let count = u32::from(FIT_COUNT[pattern(d)]);
            if count > 1 {
                let score = if by_cells { count << 8 | cells(d) } else { count };
                if score < fewest {
                    (digit, fewest) = (Some(d), score);
                }
            }
        }
        let digit = digit?;
        Some(BandBranch {
            band,
            digit,
            configurations: u32::from(FITS[pattern(digit)]),
        })
    }

    /// Keeps digit `d + 1` to permutation `p` in `band`: its mini-rows there
    /// for bands 0 to 2, its mini-columns in stack `band − 3` for 3 to 5.
    pub(super) fn keep_configuration(&mut self, band: usize, d: usize, p: usize) -> Dirty {
        let kept = PERMUTATION_BITS[p] as u32;
        if band < 3 {
            self.cand[band][d] &= MINI_ROWS[kept as usize];
            return 1 << (3 * d + band);
        }
        let stack = 9 * (band - 3);
        let columns = (BAND & !(0x1ff << stack)) | kept << stack;
        self.keep_patterns(Portable, d, BAND as u64 | (columns as u64) << 32)
    }

    fn branch_at(&self, band: usize, pos: u32) -> Branch {
        let digits = lanes::holding(&self.cand[band], 1 << pos);
        Branch { band, pos, digits }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placing_clears_row_column_box_and_cell() {
        let mut board = Board::new();
        let mut dirty = 0;
        // r5c5 (band 1, position 40 - 27 = 13) holds 7.
        assert!(board.place(1, 13, 6, &mut dirty));
        // Every digit's word of band 1, and the three words of the 7.
        let band_1: u32 = (0..9).map(|d| 1 << (3 * d + 1)).sum();
        assert_eq!(dirty, band_1 | 0b111 << 18);
        assert_eq!(board.cand[1][6] & 0x1ff << 9, 1 << 13);
        assert_eq!(board.cand[0][6] & COLUMNS[1 << 4], 0);
        assert_eq!(board.cand[1][2] >> 13 & 1, 0);
        assert!(!board.place(1, 14, 6, &mut dirty));
    }

    /// The digits (1 to 9) still possible in `cell`.
    fn candidates(board: &Board, cell: usize) -> Vec<usize> {
        let (band, pos) = (cell / 27, cell % 27);
        (0..9)
            .filter(|&d| board.cand[band][d] >> pos & 1 != 0)
            .map(|d| d + 1)
            .collect()
    }

    #[test]
    fn three_digits_that_only_fit_a_mini_row_leave_its_row_and_box() {
        // r1c1-r1c3 may hold only 1, 2 and 3: a naked triad, which singles
        // and box-line reduction alone do not see.
        let mut board = Board::new();
        for cell in 0..3 {
            board.restrict(cell, 0b111);
        }
        board.propagate(Kernel::Portable, ALL_WORDS).unwrap();
        for cell in [3, 8, 9, 20] {
            assert_eq!(
                candidates(&board, cell),
                (4..=9).collect::<Vec<_>>(),
                "cell {cell}"
            );
        }
        // The columns of the mini-row keep every digit below the band.
        assert_eq!(candidates(&board, 27), (1..=9).collect::<Vec<_>>());
    }

    #[test]
    fn three_digits_that_must_fill_a_mini_row_push_the_others_out() {
        // 1, 2 and 3 are out of the rest of row 1: they must take r1c1-r1c3,
        // a hidden triad, so no other digit can.
        let mut board = Board::new();
        for cell in 3..9 {
            board.restrict(cell, 0b111_111_000);
        }
        board.propagate(Kernel::Portable, ALL_WORDS).unwrap();
        for cell in 0..3 {
            assert_eq!(candidates(&board, cell), vec![1, 2, 3], "cell {cell}");
        }
    }

    #[test]
    fn four_digits_sure_of_one_mini_row_are_dead() {
        // 1 to 4 are out of the rest of row 1: four digits for three cells.
        let mut board = Board::new();
        for cell in 3..9 {
            board.restrict(cell, 0b111_110_000);
        }
        assert_eq!(board.propagate(Kernel::Portable, ALL_WORDS), Err(Dead));
    }

    #[test]
    fn band_branching_picks_a_digit_with_few_configurations() {
        let mut board = Board::new();
        // Digit 5 out of box 1 in rows 1 and 2: its rows in band 0 can take
        // the boxes in two ways only.
        for cell in [0, 1, 2, 9, 10, 11] {
            board.restrict(cell, !(1 << 4));
        }
        let lines = board.propagate(Kernel::Portable, ALL_WORDS).unwrap();
        let branch = board.band_branch(&lines, false).unwrap();
        assert_eq!(
            (branch.band, branch.digit, branch.configurations.count_ones()),
            (0, 4, 2)
        );
        // Each configuration puts the 5 of row 3 in box 1.
        for p in 0..6 {
            if branch.configurations >> p & 1 != 0 {
                let mut child = board;
                child.keep_configuration(0, 4, p);
                assert!((21..27).all(|pos| child.cand[0][4] >> pos & 1 == 0));
            }
        }
    }

    #[test]
    fn band_branching_can_break_ties_by_candidate_cells() {
        let mut board = Board::new();
        // Digits 3 and 5 out of box 1 in rows 1 and 2: two configurations
        // each in band 0.
        for cell in [0, 1, 2, 9, 10, 11] {
            board.restrict(cell, !(1 << 2 | 1 << 4));
        }
        // The 5 also out of r1c4: as many configurations, one cell fewer.
        board.restrict(3, !(1 << 4));
        let lines = board.propagate(Kernel::Portable, ALL_WORDS).unwrap();
        let digit = |by_cells| board.band_branch(&lines, by_cells).map(|b| (b.band, b.digit));
        assert_eq!(digit(false), Some((0, 2)));
        assert_eq!(digit(true), Some((0, 4)));
    }

    #[test]
    fn band_branching_also_looks_at_the_stacks() {
        let mut board = Board::new();
        // Digit 5 out of box 1 in columns 1 and 2: its columns in stack 0
        // can take the boxes in two ways only, and every band still has six.
        for cell in [0, 1, 9, 10, 18, 19] {
            board.restrict(cell, !(1 << 4));
        }
        let lines = board.propagate(Kernel::Portable, ALL_WORDS).unwrap();
        let branch = board.band_branch(&lines, false).unwrap();
        assert_eq!(
            (branch.band, branch.digit, branch.configurations.count_ones()),
            (3, 4, 2)
        );
        // Each configuration puts the 5 of column 3 in box 1.
        for p in 0..6 {
            if branch.configurations >> p & 1 != 0 {
                let mut child = board;
                let dirty = child.keep_configuration(3, 4, p);
                child.propagate(Kernel::Portable, dirty).unwrap();
                for band in 1..3 {
                    assert_eq!(child.cand[band][4] & COLUMNS[1 << 2], 0, "band {band}");
                }
            }
        }
    }

    #[test]
    fn a_hidden_single_takes_its_cell_and_leaves_its_peers() {
        // 5 is out of row 1 but for r1c5: it goes there.
        let mut board = Board::new();
        for cell in (0..9).filter(|&c| c != 4) {
            board.restrict(cell, !(1 << 4));
        }
        board.propagate(Kernel::Portable, ALL_WORDS).unwrap();
        assert_eq!(candidates(&board, 4), vec![5]);
        assert_eq!(board.open[0] & 1 << 4, 0);
        // Its box and its column lose the 5; other cells keep it.
        for cell in [12, 14, 22, 31, 76] {
            assert!(!candidates(&board, cell).contains(&5), "cell {cell}");
        }
        assert!(candidates(&board, 9).contains(&5));
    }

    #[test]
    fn a_cell_without_candidates_is_dead() {
        let mut board = Board::new();
        board.restrict(0, 0);
        assert_eq!(board.propagate(Kernel::Portable, ALL_WORDS), Err(Dead));
    }
}
