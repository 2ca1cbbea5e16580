//! Timing harness for the `exact-covers` crate (0.3, a Knuth-faithful Rust
//! implementation of dancing links), used as a DLX peer by `sudokit bench`.
//!
//! Usage: exact-covers-harness [--unique] [--repeat K] FILE
//!
//! FILE holds one 9×9 puzzle per line (81 characters, `1`-`9` givens, `.` or
//! `0` blanks). Each puzzle becomes the usual exact-cover problem: 324
//! primary items (cell, row-digit, column-digit, box-digit) and one option
//! per candidate, leaving out the candidates the givens rule out (which is
//! how the crate is meant to be fed: it has no way to pre-select options).
//! Building the problem is part of the timed work, as it is for sudokit's
//! own DLX.
//!
//! Without `--unique` the search stops at the first solution; with it, at
//! the second, and a puzzle counts as solved only when it has exactly one.
//! After timing, every solution is checked: a complete grid that obeys the
//! rules and keeps the givens.
//!
//! Prints one final line, the protocol `sudokit bench --peer` reads:
//! `exact-covers FILE: solved N/M in S s, P puzzles/s, U us/puzzle`

use std::ops::ControlFlow;
use std::time::Instant;

use exact_covers::{DlSolver, Solver};

const USAGE: &str = "usage: exact-covers-harness [--unique] [--repeat K] FILE";

/// The four items of "digit `d` (0-based) in cell `cell`".
fn items_of(cell: usize, d: usize) -> [u16; 4] {
    let (r, c) = (cell / 9, cell % 9);
    let b = (r / 3) * 3 + c / 3;
    [cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d].map(|i| i as u16)
}

/// Searches `givens` for up to `limit` solutions; returns how many were
/// found and the first one.
fn solve(items: &[u16], givens: &[u8; 81], limit: usize) -> (usize, Option<[u8; 81]>) {
    let mut solver: DlSolver<u16, ()> = DlSolver::new(items, &[]);
    let mut used = [false; 324];
    for (cell, &g) in givens.iter().enumerate() {
        if g != 0 {
            for i in items_of(cell, usize::from(g) - 1) {
                used[usize::from(i)] = true;
            }
        }
    }
    for (cell, &g) in givens.iter().enumerate() {
        for d in 0..9 {
            let option = items_of(cell, d);
            let keep = if g != 0 {
                usize::from(g) - 1 == d
            } else {
                option.iter().all(|&i| !used[usize::from(i)])
            };
            if keep {
                solver.add_option(option, []);
            }
        }
    }
    let (mut found, mut first) = (0, None);
    let mut option = Vec::new();
    solver.solve(|mut solution| {
        found += 1;
        if first.is_none() {
            let mut grid = [0u8; 81];
            while solution.next(&mut option) {
                // Items come in any rotation: the one below 81 is the
                // cell, the one in 81..162 the row-digit.
                let items = option.iter().map(|&(&i, _)| usize::from(i));
                let cell = items.clone().find(|&i| i < 81);
                let digit = items
                    .clone()
                    .find(|i| (81..162).contains(i))
                    .map(|i| (i - 81) % 9 + 1);
                if let (Some(cell), Some(digit)) = (cell, digit) {
                    grid[cell] = digit as u8;
                }
                option.clear();
            }
            first = Some(grid);
        }
        if found >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    (found, first)
}

/// Whether `grid` is complete, obeys the rules and keeps `givens`.
fn is_solution(givens: &[u8; 81], grid: &[u8; 81]) -> bool {
    let mut seen = [false; 324];
    for (cell, &v) in grid.iter().enumerate() {
        if !(1..=9).contains(&v) || (givens[cell] != 0 && givens[cell] != v) {
            return false;
        }
        for i in items_of(cell, usize::from(v) - 1) {
            if std::mem::replace(&mut seen[usize::from(i)], true) {
                return false;
            }
        }
    }
    true
}

fn main() {
    let mut unique = false;
    let mut repeat: usize = 1;
    let mut file: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--unique" => unique = true,
            "--repeat" => {
                repeat = args
                    .next()
                    .and_then(|k| k.parse().ok())
                    .filter(|&k| k >= 1)
                    .unwrap_or_else(|| {
                        eprintln!("{USAGE}");
                        std::process::exit(2);
                    })
            }
            "-h" | "--help" => {
                eprintln!("{USAGE}");
                return;
            }
            _ => file = Some(arg),
        }
    }
    let Some(file) = file else {
        eprintln!("{USAGE}");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| {
        eprintln!("cannot read {file}: {e}");
        std::process::exit(2);
    });

    // Parse everything up front (not timed).
    let mut puzzles: Vec<[u8; 81]> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut grid = [0u8; 81];
        let mut ok = line.len() >= 81;
        for (cell, b) in line.bytes().take(81).enumerate() {
            match b {
                b'1'..=b'9' => grid[cell] = b - b'0',
                b'.' | b'0' => {}
                _ => ok = false,
            }
        }
        if !ok {
            eprintln!("{file}:{}: cannot parse puzzle", i + 1);
            std::process::exit(2);
        }
        puzzles.push(grid);
    }
    let m = puzzles.len();
    let limit = if unique { 2 } else { 1 };
    let items: Vec<u16> = (0..324).collect();

    // Timed solving loop (results of the last pass are kept for checking).
    let mut results = Vec::with_capacity(m);
    let start = Instant::now();
    for _ in 0..repeat {
        results.clear();
        for p in &puzzles {
            results.push(solve(&items, p, limit));
        }
    }
    let secs = start.elapsed().as_secs_f64() / repeat as f64;

    // Verify (not timed).
    let mut solved = 0usize;
    for (i, (p, (found, first))) in puzzles.iter().zip(&results).enumerate() {
        let ok = (!unique || *found == 1) && first.as_ref().is_some_and(|g| is_solution(p, g));
        if ok {
            solved += 1;
        } else {
            eprintln!("puzzle {} not solved correctly ({found} solutions found)", i + 1);
        }
    }

    let pps = if secs > 0.0 {
        m as f64 / secs
    } else {
        f64::INFINITY
    };
    let us = if m > 0 { secs * 1e6 / m as f64 } else { 0.0 };
    println!(
        "exact-covers {file}: solved {solved}/{m} in {secs:.6} s, {pps:.1} puzzles/s, {us:.3} us/puzzle"
    );
    if solved != m {
        std::process::exit(1);
    }
}
