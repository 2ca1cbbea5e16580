//! The clause form of a digital-root cage, for the SAT strategy.
//!
//! The cage's digits differ (its group is declared, and encoded with the
//! rest), so their sum has the right digital root exactly when they form
//! one of the digit *sets* of the cage's size whose total is `root`,
//! `root + 9`, `root + 18` … as far as the board's digits reach. As for the
//! sandwich and X-sum clues (`outside_clauses.rs`), each such set gets an
//! auxiliary variable that keeps every cell of the cage to its digits, and
//! one clause says some set is chosen: exact, with no arithmetic in the
//! clauses, and as strong under unit propagation as the propagator's
//! "keep the digits of some set".

use sudokit_core::cnf::ClauseSink;
use sudokit_core::{Cell, Unsupported};

use crate::outside_clauses::{digit_sets, guarded_sets, within};
use crate::units::mask::{self, full};

/// The sets of `size` different digits of `1..=n` whose sum has digital
/// root `root` (1 to 9).
fn sets_with_root(n: usize, size: usize, root: u32) -> Vec<u128> {
    let most = mask::sum(full(n));
    (root..=most)
        .step_by(9)
        .flat_map(|total| digit_sets(full(n), size, total))
        .collect()
}

/// The clauses of the digital-root cage `name` over `cells` on an
/// `n`×`n` board: its digits are one of the sets whose sum has digital
/// root `root` (the empty clause when there is none). Refused past the
/// shared limit on digit sets (boards far above 16×16).
pub(crate) fn digital_root_cage(
    name: &str,
    cells: &[Cell],
    root: u32,
    n: usize,
    sink: &mut dyn ClauseSink,
) -> Result<(), Unsupported> {
    let sets = sets_with_root(n, cells.len(), root);
    within(name, sets.len() * cells.len())?;
    // One guard that always holds: some set is chosen.
    guarded_sets(sink, n, &[Vec::new()], cells, &sets);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sets_are_those_whose_sum_has_the_root() {
        // Brute force over every mask of 1…9.
        for size in 0..=9 {
            for root in 1..=9u32 {
                let expected: Vec<u128> = (0..512u128)
                    .filter(|m| m.count_ones() as usize == size)
                    .filter(|&m| {
                        let sum = mask::sum(m);
                        sum > 0 && 1 + (sum - 1) % 9 == root
                    })
                    .collect();
                let mut found = sets_with_root(9, size, root);
                found.sort_unstable();
                assert_eq!(found, expected, "{size} digits, root {root}");
            }
        }
    }
}
