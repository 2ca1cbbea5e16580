//! The digits some cells must hold between them leave every cell that
//! sees all of the cells where each can still go: shared by the rules that
//! know such digits (renban windows, quadruples, pairwise cliques).

use sudokit_core::{Cell, Contradiction, Ctx, Digit, Digits, Reason, Word};

/// Removes each digit of `required` (digit `d` at bit `d − 1`), which
/// `cells` must hold between them, from every cell that sees all of the
/// cells that can still hold it: one of those is the digit. Stronger than
/// asking a cell to see the whole line (a renban through three boxes whose
/// 5 can only sit in its two cells of one box keeps 5 out of the rest of
/// that box), as ISS's pairwise handler does with its required values.
/// `why` words the reason for a digit (asked only when reasons are kept).
pub(crate) fn remove_required_where_seen<W: Word>(
    cx: &mut Ctx<'_, W>,
    cells: &[Cell],
    required: u128,
    why: impl Fn(Digit) -> String,
) -> Result<(), Contradiction> {
    // Peers are known as bits on boards of at most 128 cells, where no
    // renban is longer than 11 cells: longer lines have nothing to gain.
    const MAX: usize = 16;
    if cells.len() > MAX {
        return Ok(());
    }
    let mut digits = required;
    let mut holders = [Cell(0); MAX];
    while digits != 0 {
        let d = digits.trailing_zeros() as Digit + 1;
        digits &= digits - 1;
        let mut count = 0;
        for &cell in cells {
            if cx.candidates(cell).contains(d) {
                holders[count] = cell;
                count += 1;
            }
        }
        let holders = &holders[..count];
        cx.because(|| {
            Reason::new(format!("{}, in one of these cells", why(d))).cells(holders.iter().copied())
        });
        cx.remove_where_all_seen(holders, Digits::single(d))?;
    }
    Ok(())
}
