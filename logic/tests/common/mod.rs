//! What the technique tests share: classic puzzles with their solutions,
//! propagation to the singles' fixpoint, and a soundness replay.
#![allow(dead_code, reason = "each test file uses part of it")]

use std::path::PathBuf;

use sudokit_constraints::classic_puzzle;
use sudokit_core::format::{parse_grids, ParseOptions};
use sudokit_core::{Digit, Digits, Engine, Geometry, Grid, Puzzle, State, Step};
use sudokit_logic::techniques::by_name;
use sudokit_logic::{Board, Technique};

/// A classic 9×9 puzzle from its one-line form.
pub(crate) fn classic(line: &str) -> Puzzle {
    let grid = parse_grids(line, &ParseOptions::default())
        .remove(0)
        .unwrap()
        .grid;
    classic_puzzle(grid).unwrap()
}

/// A grid from its one-line form.
pub(crate) fn grid(line: &str) -> Grid {
    parse_grids(line, &ParseOptions::default())
        .remove(0)
        .unwrap()
        .grid
}

/// `../shared/data/classic/NAME`, which CI has beside the repository.
pub(crate) fn shared_classic(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data/classic")
        .join(name)
}

/// The first `limit` puzzles of a shared classic set with their solutions.
pub(crate) fn classic_set(name: &str, limit: usize) -> Vec<(Puzzle, Grid)> {
    let puzzles = std::fs::read_to_string(shared_classic(&format!("{name}.txt"))).unwrap();
    let solutions = std::fs::read_to_string(shared_classic(&format!("{name}.solutions.txt"))).unwrap();
    puzzles
        .lines()
        .zip(solutions.lines())
        .take(limit)
        .map(|(p, s)| (classic(p), grid(s)))
        .collect()
}

/// `cands` propagated by the rules to their fixpoint (singles, relations,
/// the rules' own propagators); `None` on a contradiction.
pub(crate) fn propagate(puzzle: &Puzzle, cands: &[Digits<u128>]) -> Option<Vec<Digits<u128>>> {
    let mut engine = Engine::rules_only(puzzle.model());
    let mut state = State::<u128>::from_candidates(puzzle.geometry(), cands);
    engine.schedule_all();
    engine.propagate(&mut state, None).ok()?;
    Some(state.cells().to_vec())
}

/// The puzzle's candidates once the rules reach their fixpoint.
pub(crate) fn start(puzzle: &Puzzle) -> Vec<Digits<u128>> {
    let n = puzzle.size();
    let cands: Vec<Digits<u128>> = puzzle
        .givens()
        .values()
        .iter()
        .map(|&d| {
            if d == 0 {
                Digits::full(n)
            } else {
                Digits::single(d)
            }
        })
        .collect();
    propagate(puzzle, &cands).expect("the puzzle has a solution")
}

/// Alternates propagation and `technique` until it finds nothing, checking
/// every deduction against `solution`: no elimination removes its digit,
/// every placement is its digit. Returns how many deductions it made.
pub(crate) fn replay_sound(puzzle: &Puzzle, solution: &Grid, technique: &dyn Technique) -> usize {
    let truth: Vec<Digits<u128>> = solution.values().iter().map(|&d| Digits::single(d)).collect();
    replay_true(puzzle, &truth, technique)
}

/// Alternates propagation and `technique` until it finds nothing; no
/// elimination may remove a true candidate (one some solution uses, in
/// `truth`), every placement must be the only true one. Returns how many
/// deductions it made.
pub(crate) fn replay_true(puzzle: &Puzzle, truth: &[Digits<u128>], technique: &dyn Technique) -> usize {
    let n = puzzle.size();
    let mut cands = start(puzzle);
    let mut made = 0;
    loop {
        let board = Board::new(puzzle.model(), &cands);
        let Some(found) = technique.find(&board) else {
            return made;
        };
        assert!(
            found.changes(&board),
            "{} reported a deduction that changes nothing: {found:?}",
            technique.name()
        );
        for e in &found.eliminations {
            assert!(
                !truth[e.cell.index()].contains(e.digit),
                "{} removed {} from {}, which a solution uses: {:?}",
                technique.name(),
                e.digit,
                e.cell.name(n),
                found.reason
            );
            cands[e.cell.index()].remove(e.digit);
        }
        for p in &found.placements {
            assert_eq!(
                truth[p.cell.index()],
                Digits::single(p.digit),
                "{} placed a digit not every solution has: {found:?}",
                technique.name()
            );
            cands[p.cell.index()] = Digits::single(p.digit);
        }
        made += 1;
        cands = propagate(puzzle, &cands).expect("a sound deduction keeps the solutions");
    }
}

/// A 9×9 board of hand-made candidates (the `display_candidates` layout)
/// under the classic rules.
pub(crate) fn hand_made(text: &str) -> (Puzzle, Vec<Digits<u128>>) {
    let puzzle = classic_puzzle(Grid::empty(9)).unwrap();
    let cands = sudokit_core::format::parse_candidates(&Geometry::square(9).unwrap(), text).unwrap();
    (puzzle, cands)
}

/// A 9×9 board where `digit` is a candidate exactly where `rows` has an
/// `x`; every other digit is a candidate everywhere.
pub(crate) fn one_digit(digit: Digit, rows: [&str; 9]) -> (Puzzle, Vec<Digits<u128>>) {
    hand_made(&one_digit_text(digit, rows))
}

/// The candidates of [`one_digit`] as text.
pub(crate) fn one_digit_text(digit: Digit, rows: [&str; 9]) -> String {
    let all = "123456789";
    let without: String = all.chars().filter(|&c| c != (b'0' + digit) as char).collect();
    let text: Vec<String> = rows
        .iter()
        .map(|row| {
            row.chars()
                .map(|c| if c == 'x' { all } else { without.as_str() })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    text.join("\n")
}

/// A 9×9 board with every digit everywhere but in `cells` (`r5c5`, its
/// candidates).
pub(crate) fn cells(cells: &[(&str, &str)]) -> (Puzzle, Vec<Digits<u128>>) {
    let mut grid = vec![vec!["123456789"; 9]; 9];
    for (name, cands) in cells {
        let (r, c) = name[1..].split_once('c').unwrap();
        grid[r.parse::<usize>().unwrap() - 1][c.parse::<usize>().unwrap() - 1] = cands;
    }
    let text: Vec<String> = grid.iter().map(|row| row.join(" ")).collect();
    hand_made(&text.join("\n"))
}

/// What `technique` finds on the board, as a line for people.
pub(crate) fn found(technique: &str, (puzzle, cands): &(Puzzle, Vec<Digits<u128>>)) -> String {
    let board = Board::new(puzzle.model(), cands);
    let technique = by_name(technique).unwrap();
    let found = technique.find(&board).expect("the technique fires");
    assert!(found.changes(&board));
    let step = Step {
        constraint: None,
        reason: found.reason,
        removed: found.eliminations,
        placed: found.placements,
    };
    format!(
        "{} (difficulty {:.1})",
        step.describe(puzzle.model()),
        found.difficulty
    )
}
