//! N-queens as an exact-cover problem, with sudokit's DLX engine and no
//! Sudoku in sight.
//!
//! Place `n` queens on an `n`×`n` board so that no two attack each other.
//! Every row and every column holds exactly one queen: those `2n` items are
//! *primary*. A diagonal holds at most one queen, and most hold none: the
//! `2(2n - 1)` diagonals are *secondary* items. Each square is an option
//! covering its row, its column and its two diagonals.
//!
//! ```text
//! cargo run --example n_queens -- 8
//! ```
//!
//! prints the first solution and the number of solutions for `n = 1..=N`
//! (the known sequence 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, …), checked
//! against OEIS A000170 up to 12.

use std::ops::ControlFlow;

use sudokit::solvers::{ExactCover, Limits};

/// Solution counts from OEIS A000170, for n = 1..=12.
const KNOWN: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

/// The exact-cover problem of `n` queens; option `r * n + c` is the square
/// on row `r`, column `c`.
fn queens(n: usize) -> ExactCover {
    let diagonals = 2 * n - 1;
    let mut problem = ExactCover::new(2 * n, 2 * diagonals);
    for r in 0..n {
        for c in 0..n {
            let row = r;
            let column = n + c;
            let diagonal = 2 * n + (r + c);
            let anti_diagonal = 2 * n + diagonals + (r + n - 1 - c);
            problem.add_option([row, column, diagonal, anti_diagonal]);
        }
    }
    problem
}

fn main() {
    let max: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(8);
    let mut links = queens(max).links();
    let mut first = Vec::new();
    links.solve(&Limits::solutions(1), |options| {
        first = options.to_vec();
        ControlFlow::Break(())
    });
    first.sort_unstable();
    println!("a solution for {max} queens:");
    for &square in &first {
        let column = square % max;
        println!(
            "{}",
            (0..max)
                .map(|c| if c == column { " Q" } else { " ." })
                .collect::<String>()
        );
    }
    for n in 1..=max {
        let search = queens(n).links().count(&Limits::all());
        let check = match KNOWN.get(n - 1) {
            Some(&known) if known == search.count => "ok",
            Some(_) => "WRONG",
            None => "",
        };
        println!(
            "{n:>2} queens: {:>8} solutions, {:>9} nodes {check}",
            search.count, search.stats.nodes
        );
        assert!(check != "WRONG", "{n} queens: expected {:?}", KNOWN.get(n - 1));
    }
}
