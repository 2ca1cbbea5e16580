//! Regex and state-machine lines through every strategy: on small boards
//! with the classic rules, each strategy counts what brute force through
//! the rules' `check` counts, or refuses the line by name when it has no
//! form for it (DLX, and the bitboards, which take the classic 9×9 board
//! alone). SAT takes the automaton unrolled along the line
//! (`regular_clauses.rs`): lines of one segment, of several (a segment
//! break read between them), through a cell read twice, and lines no
//! reading of which is accepted.

use sudokit_constraints::{Automaton, ClassicRules, RegularLine};
use sudokit_core::testkit::count_solutions;
use sudokit_core::{Cell, Geometry, Grid, Puzzle};
use sudokit_solvers::{strategy_by_name, Limits, SolveError, STRATEGY_NAMES};

/// "Each segment sums to an even number": state 0 even so far, 1 odd; a
/// segment break only from an even sum.
fn even_segments(n: usize) -> Automaton {
    let moves: Vec<(usize, u8, usize)> = (0..2)
        .flat_map(|s| (1..=n).map(move |d| (s, d as u8, s ^ (d % 2))))
        .collect();
    Automaton::new(2, &[0], &[0], &moves, &[(0, 0)]).unwrap()
}

/// "The digits multiply to `target`" (ISS's factorial cages are such
/// machines): state `p` has read digits whose product is `p`.
fn product(n: usize, target: usize) -> Automaton {
    let moves: Vec<(usize, u8, usize)> = (1..=target)
        .flat_map(|p| (1..=n).map(move |d| (p, d as u8, p * d)))
        .filter(|&(_, _, q)| q <= target)
        .collect();
    Automaton::new(target + 1, &[1], &[target], &moves, &[]).unwrap()
}

/// A line: its title, its segments (as "r1c1 r1c2" strings) and its automaton.
type Line<'a> = (&'a str, Vec<&'a str>, Automaton);

/// A classic `n`×`n` puzzle with `givens` (row-major, `.` empty) and `lines`.
fn puzzle(n: usize, givens: &str, lines: Vec<Line<'_>>) -> Puzzle {
    let mut grid = Grid::empty(n);
    for (i, ch) in givens.chars().enumerate() {
        if let Some(d) = ch.to_digit(10) {
            grid.set(Cell(i as u16), d as u8);
        }
    }
    let mut puzzle = Puzzle::new(Geometry::square(n).unwrap())
        .with(ClassicRules)
        .unwrap()
        .with_givens(grid)
        .unwrap();
    for (title, segments, automaton) in lines {
        let segments: Vec<Vec<Cell>> = segments
            .iter()
            .map(|s| s.split_whitespace().map(|c| cell(c, n)).collect())
            .collect();
        puzzle = puzzle.with(RegularLine::new(title, segments, automaton)).unwrap();
    }
    puzzle
}

/// The cell named `rXcY` on an `n`×`n` board.
fn cell(name: &str, n: usize) -> Cell {
    let (r, c) = name[1..].split_once('c').unwrap();
    Cell::at(
        r.parse::<usize>().unwrap() - 1,
        c.parse::<usize>().unwrap() - 1,
        n,
    )
}

#[test]
fn every_strategy_counts_what_brute_force_counts() {
    let regex = |pattern: &str, n: usize| Automaton::from_regex(pattern, n).unwrap();
    let cases: Vec<(usize, &str, Vec<Line<'_>>)> = vec![
        (
            4,
            "",
            vec![("regex", vec!["r1c1 r1c2 r2c2 r3c2"], regex("[12]*.(3|4)", 4))],
        ),
        (
            4,
            "",
            vec![
                ("regex", vec!["r2c1 r2c2 r2c3 r2c4"], regex("(1.|.2)+", 4)),
                ("regex", vec!["r4c4 r3c3 r2c2"], regex("4?[^4]{2,3}", 4)),
            ],
        ),
        (
            4,
            "",
            vec![(
                "even segments",
                vec!["r1c1 r1c2", "r3c3 r4c3 r4c4"],
                even_segments(4),
            )],
        ),
        // r1c2 is read twice, at the end of one segment and the start of the next.
        (
            4,
            "",
            vec![("even segments", vec!["r1c1 r1c2", "r1c2 r3c2"], even_segments(4))],
        ),
        (
            6,
            "1.....",
            vec![
                ("product 24", vec!["r2c1 r2c2 r3c2"], product(6, 24)),
                ("product 30", vec!["r4c4 r5c5 r6c6 r6c5"], product(6, 30)),
            ],
        ),
        // No reading is accepted: no solution, on every strategy.
        (4, "", vec![("product 7", vec!["r1c1 r1c2"], product(4, 7))]),
    ];
    for (n, givens, lines) in cases {
        let titles: Vec<&str> = lines.iter().map(|l| l.0).collect();
        let puzzle = puzzle(n, givens, lines);
        let expected = count_solutions(&puzzle, 50_000_000, u64::MAX).expect("small enough");
        // One more than brute force: a strategy that finds too many stops soon.
        let limits = Limits::solutions(expected + 1);
        for name in STRATEGY_NAMES {
            match strategy_by_name(name).unwrap().count(&puzzle, &limits) {
                Ok(outcome) => {
                    assert!(outcome.exhaustive(), "{name} on {titles:?}");
                    assert_eq!(outcome.count, expected, "{name} on {titles:?}");
                }
                Err(SolveError::Unsupported(e)) => {
                    assert!(
                        ["dlx", "bitboard"].contains(name),
                        "{name} refused {}",
                        e.constraint
                    )
                }
                Err(e) => assert_eq!(name, &"bitboard", "{name} on {titles:?}: {e}"),
            }
        }
    }
}
