//! Lookup tables built at compile time: the band and stack patterns, and
//! the masks that turn a few bits of a pattern back into cells.
//!
//! A band word holds one digit's candidates in three rows: bit `9·r + c`
//! for row `r` of the band and column `c`.

/// The six ways to give each of three lines one of three slots, no slot
/// twice: a digit's three rows in a band take one box each (and its three
/// bands in a stack one column each).
const PERMUTATIONS: [[u32; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// For a 3×3 pattern `m` (bit `3·line + slot`: that line may still use that
/// slot), the union of the permutations that fit inside `m`; 0 when none
/// does. This is box-line reduction (pointing and claiming) in one load:
/// a digit whose row is confined to one box leaves that box's other rows.
pub(super) static LOCK: [u16; 512] = lock_table();

const fn lock_table() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut union = 0u16;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let bits = (1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]));
            if m & bits == bits {
                union |= bits;
            }
            p += 1;
        }
        table[m as usize] = union;
        m += 1;
    }
    table
}

/// The mini-row pattern of each permutation in [`PERMUTATIONS`] (bit
/// `3·line + slot`).
pub(super) static PERMUTATION_BITS: [u16; 6] = permutation_bits();

const fn permutation_bits() -> [u16; 6] {
    let mut bits = [0u16; 6];
    let mut p = 0;
    while p < 6 {
        let perm = PERMUTATIONS[p];
        bits[p] = (1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]));
        p += 1;
    }
    bits
}

/// For a 3×3 pattern (as [`LOCK`] reads it), the permutations that fit in
/// it: bit `p` for [`PERMUTATION_BITS`]`[p]`. A digit's configurations in a
/// band, the choices a search can branch on.
pub(super) static FITS: [u8; 512] = fits_table();

const fn fits_table() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut fits = 0u8;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let bits = (1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]));
            if m & bits == bits {
                fits |= 1 << p;
            }
            p += 1;
        }
        table[m as usize] = fits;
        m += 1;
    }
    table
}

/// The number of permutations in [`FITS`]: how many configurations a
/// pattern leaves, in one load.
pub(super) static FIT_COUNT: [u8; 512] = fit_count_table();

const fn fit_count_table() -> [u8; 512] {
    let fits = fits_table();
    let mut table = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        table[m] = fits[m].count_ones() as u8;
        m += 1;
    }
    table
}

/// For a set of mini-rows (bit `3·r + k`: row `r` of the band in box `k`),
/// the cells they cover in a band word.
pub(super) static MINI_ROWS: [u32; 512] = mini_rows_table();

const fn mini_rows_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut cells = 0u32;
        let mut i = 0;
        while i < 9 {
            if m & (1 << i) != 0 {
                cells |= 0b111 << (9 * (i / 3) + 3 * (i % 3));
            }
            i += 1;
        }
        table[m] = cells;
        m += 1;
    }
    table
}

/// [`MINI_ROWS`] of [`LOCK`]: for the mini-rows a digit still has in a
/// band, the cells its rows may keep, in one load instead of two in a row.
pub(super) static LOCKED_CELLS: [u32; 512] = locked_cells_table();

const fn locked_cells_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        table[m] = MINI_ROWS[LOCK[m] as usize];
        m += 1;
    }
    table
}

/// For a set of columns (bit `c`), the cells of a band word in them.
pub(super) static COLUMNS: [u32; 512] = columns_table();

const fn columns_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let m32 = m as u32;
        table[m] = m32 | (m32 << 9) | (m32 << 18);
        m += 1;
    }
    table
}

/// For a set of digits (bit `d`), the bits of their words of band 0 in
/// the board's dirty set (bit `3·d`).
pub(super) static SPREAD: [u32; 512] = spread_table();

const fn spread_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut d = 0;
        while d < 9 {
            if m >> d & 1 != 0 {
                table[m] |= 1 << (3 * d);
            }
            d += 1;
        }
        m += 1;
    }
    table
}

/// For a cell of a band (0..27), the other cells of its row and box in the
/// band: where its digit goes once it is placed.
pub(super) static BAND_PEERS: [u32; 27] = band_peers_table();

const fn band_peers_table() -> [u32; 27] {
    let mut table = [0u32; 27];
    let mut pos = 0;
    while pos < 27 {
        let (row, col) = (pos / 9, pos % 9);
        let row_cells = 0x1ff << (9 * row);
        let box_cells = (0b111 << (3 * (col / 3))) * ROW_LOW;
        table[pos] = (row_cells | box_cells) & !(1 << pos);
        pos += 1;
    }
    table
}

/// One bit per row of a band word (the low bit of each 9-bit field).
pub(super) const ROW_LOW: u32 = 1 | 1 << 9 | 1 << 18;

/// Every cell of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// The mini-rows of a band word that hold a candidate, as a 9-bit pattern
/// (bit `3·r + k`), the index of [`LOCK`] and [`MINI_ROWS`].
#[inline(always)]
pub(super) fn mini_rows(word: u32) -> usize {
    // One bit per mini-row (its first cell) ...
    let any = (word | word >> 1 | word >> 2) & 0o111_111_111;
    // ... gathered into the low three bits of each row's field ...
    let rows = (any | any >> 2 | any >> 4) & 0o007_007_007;
    // ... and the three fields side by side.
    ((rows & 0o7) | (rows >> 6 & 0o70) | (rows >> 12 & 0o700)) as usize
}

/// The columns (bit `c`) of a band word that hold a candidate.
#[inline(always)]
pub(super) fn columns(word: u32) -> u32 {
    (word | word >> 9 | word >> 18) & 0x1ff
}

/// Transposes a 3×3 matrix of 3-bit chunks (chunk `(i, j)` at bit
/// `9·i + 3·j`): three bands' columns become three stacks' bands.
#[inline(always)]
pub(super) fn transpose_chunks(x: u32) -> u32 {
    const DIAGONAL: u32 = 0o007 | 0o070 << 9 | 0o700 << 18;
    const NEAR: u32 = 0o070 | 0o700 << 9; // (0,1) and (1,2)
    const FAR: u32 = 0o700; // (0,2)
    (x & DIAGONAL) | (x & NEAR) << 6 | (x >> 6 & NEAR) | (x & FAR) << 12 | (x >> 12 & FAR)
}

/// Box-line reduction along the stacks for one digit, without a table:
/// `cols` holds its columns band by band (bit `9·b + c`), and the result
/// keeps the columns that some way of giving each stack's three bands one
/// column each uses ([`LOCK`] on the transposed stacks, as arithmetic).
///
/// Column `(b, j)` of a stack is in such a way when the other two bands
/// can take its other two columns: `(b+1, j+1)` and `(b+2, j+2)`, or
/// `(b+1, j+2)` and `(b+2, j+1)` (mod 3). Rotating the bands by 9 bits and
/// the columns within each 3-bit chunk lines those up for all 27 at once:
/// about ten dependent operations, where transposing, three table loads
/// and transposing back were a longer chain.
#[inline(always)]
pub(super) fn lock_stacks(cols: u32) -> u32 {
    let next = (cols >> 9 | cols << 18) & BAND;
    let after = (cols >> 18 | cols << 9) & BAND;
    let column_1 = |x: u32| (x >> 1 & 0o333_333_333) | (x << 2 & 0o444_444_444);
    let column_2 = |x: u32| (x >> 2 & 0o111_111_111) | (x << 1 & 0o666_666_666);
    cols & ((column_1(next) & column_2(after)) | (column_2(next) & column_1(after)))
}

/// The cells of a band word in `columns` (bit `c`): [`COLUMNS`] as
/// arithmetic.
#[inline(always)]
pub(super) fn spread_columns(columns: u32) -> u32 {
    columns | columns << 9 | columns << 18
}

/// The cells of a band word that are alone in their row: each row of
/// `word` must hold at least one candidate.
#[inline(always)]
pub(super) fn row_singles(word: u32) -> u32 {
    const LOW8: u32 = 0xff | 0xff << 9 | 0xff << 18;
    const HIGH: u32 = 1 << 8 | 1 << 17 | 1 << 26;
    // Each row's lowest candidate removed (no borrow: no row is empty).
    let rest = word & word.wrapping_sub(ROW_LOW);
    let lowest = word ^ rest;
    // Bit 8 of a field is set when anything is left in that row.
    let more = (((rest & LOW8) + LOW8) | rest) & HIGH;
    let alone = ((!more & HIGH) >> 8) * 0x1ff;
    lowest & alone
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lock_keeps_only_permutations() {
        // Everything open: everything possible.
        assert_eq!(LOCK[0o777], 0o777);
        // Row 0 only in box 0: rows 1 and 2 leave box 0.
        assert_eq!(LOCK[0o771], 0o661);
        // A row with no box left: no permutation at all.
        assert_eq!(LOCK[0o770], 0);
    }

    #[test]
    fn fits_lists_the_permutations_lock_unites() {
        assert_eq!(FITS[0o777], 0b111_111);
        assert_eq!(FITS[0o770], 0);
        for m in 0..512 {
            let union = (0..6)
                .filter(|p| FITS[m] >> p & 1 != 0)
                .fold(0, |acc, p| acc | PERMUTATION_BITS[p]);
            assert_eq!(union, LOCK[m], "pattern {m:o}");
        }
    }

    #[test]
    fn mini_rows_and_columns_read_a_band_word() {
        // r0c4 and r2c8: row 0 in box 1, row 2 in box 2.
        let word = 1 << 4 | 1 << (18 + 8);
        assert_eq!(mini_rows(word), 0o402);
        assert_eq!(columns(word), 1 << 4 | 1 << 8);
        assert_eq!(MINI_ROWS[0o402] & word, word);
    }

    #[test]
    fn transposing_twice_is_the_identity() {
        for x in [0u32, 0o123_456_701, BAND, 0o7, 0o70 << 9] {
            assert_eq!(transpose_chunks(transpose_chunks(x)), x);
        }
        // Chunk (0, 1) moves to (1, 0).
        assert_eq!(transpose_chunks(0o5 << 3), 0o5 << 9);
    }

    #[test]
    fn spread_puts_digit_d_at_bit_3d() {
        assert_eq!(SPREAD[0], 0);
        assert_eq!(SPREAD[0b1_0000_0101], 1 | 1 << 6 | 1 << 24);
        for (m, &spread) in SPREAD.iter().enumerate() {
            assert_eq!(spread.count_ones(), m.count_ones());
            assert_eq!(spread & !0o111_111_111, 0);
        }
    }

    #[test]
    fn lock_stacks_is_lock_on_the_transposed_columns() {
        let mut rng = fastrand::Rng::with_seed(40);
        for k in 0..30_000u32 {
            // Every 3×3 pattern (bit `3·band + column`) in each stack, the
            // other stacks random; then random columns everywhere.
            let cols = if k < 3 * 512 {
                let (stack, pattern) = (k / 512, k % 512);
                let others = rng.u32(..) & BAND & !(0o007_007_007 << (3 * stack));
                (0..3).fold(others, |cols, band| {
                    cols | (pattern >> (3 * band) & 7) << (9 * band + 3 * stack)
                })
            } else {
                rng.u32(..) & rng.u32(..) & BAND
            };
            let stacks = transpose_chunks(cols);
            let expected = transpose_chunks(
                LOCK[(stacks & 0x1ff) as usize] as u32
                    | (LOCK[(stacks >> 9 & 0x1ff) as usize] as u32) << 9
                    | (LOCK[(stacks >> 18) as usize] as u32) << 18,
            );
            assert_eq!(lock_stacks(cols), expected, "{cols:o}");
        }
        for m in 0..512 {
            assert_eq!(spread_columns(m), COLUMNS[m as usize]);
        }
    }

    #[test]
    fn row_singles_finds_lonely_candidates() {
        // Row 0: c0 and c5; row 1: c3 alone; row 2: c8 alone.
        let word = 1 | 1 << 5 | 1 << (9 + 3) | 1 << (18 + 8);
        assert_eq!(row_singles(word), 1 << (9 + 3) | 1 << (18 + 8));
    }
}
