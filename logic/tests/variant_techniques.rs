//! Combinations and relation chains: sound against every solution of
//! small puzzles with random lines and cages, and exact on chains and sums
//! small enough to work out by hand.

mod common;

use common::{replay_true, start};
use sudokit_constraints::{Arrow, ClassicRules, Dot, DotKind, KillerCage, Line, LineKind, ZipperLine};
use sudokit_core::{Cand, Cell, Constraint, Digits, Geometry, Grid, Puzzle, Step};
use sudokit_logic::techniques::{Combinations, RelationChains};
use sudokit_logic::{Board, Deduction, Technique};
use sudokit_solvers::{Limits, PropagationSearch, Strategy};

/// A seeded stream of small numbers.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n
    }
}

/// A solved 6×6 grid (boxes of 2×3), its digits relabelled by `dice`.
fn solved(dice: &mut Dice) -> Grid {
    let mut labels: Vec<u8> = (1..=6).collect();
    for i in (1..6).rev() {
        labels.swap(i, dice.below(i + 1));
    }
    let offsets = [0, 3, 1, 4, 2, 5];
    let mut grid = Grid::empty(6);
    for r in 0..6 {
        for c in 0..6 {
            grid.set(Cell::at(r, c, 6), labels[(c + offsets[r]) % 6]);
        }
    }
    grid
}

/// A walk of king moves from a random cell, at most `len` cells long, each
/// step to a cell `next` accepts (given the last cell and its digit).
fn walk(dice: &mut Dice, grid: &Grid, len: usize, next: impl Fn(u8, u8) -> bool) -> Vec<Cell> {
    let mut cells = vec![Cell(dice.below(36) as u16)];
    while cells.len() < len {
        let last = *cells.last().unwrap();
        let (r, c) = (last.index() / 6, last.index() % 6);
        let options: Vec<Cell> = (0..36)
            .map(|i| Cell(i as u16))
            .filter(|o| {
                let (or, oc) = (o.index() / 6, o.index() % 6);
                r.abs_diff(or) <= 1 && c.abs_diff(oc) <= 1 && !cells.contains(o)
            })
            .filter(|&o| next(grid.get(last).unwrap(), grid.get(o).unwrap()))
            .collect();
        if options.is_empty() {
            break;
        }
        cells.push(options[dice.below(options.len())]);
    }
    cells
}

/// A rule the solved grid keeps: a whisper, a thermometer, a run of black
/// or white dots, a killer cage, an arrow or a zipper line along a walk.
fn random_rule(dice: &mut Dice, grid: &Grid) -> Option<Box<dyn Constraint>> {
    let len = 3 + dice.below(3);
    let digit = |c: Cell| u32::from(grid.get(c).unwrap());
    Some(match dice.below(7) {
        0 => Box::new(Line::whispers(
            6,
            walk(dice, grid, len, |a, b| a.abs_diff(b) >= 3),
        )),
        1 => Box::new(Line::new(
            LineKind::Thermometer,
            walk(dice, grid, len, |a, b| a < b),
        )),
        2 | 3 => {
            let (kind, holds): (DotKind, fn(u8, u8) -> bool) = if dice.below(2) == 0 {
                (DotKind::Ratio(2), |a, b| a == 2 * b || b == 2 * a)
            } else {
                (DotKind::Difference(1), |a, b| a.abs_diff(b) == 1)
            };
            let cells = walk(dice, grid, len, holds);
            if cells.len() < 3 {
                return None;
            }
            // The dots of the run as one rule; the chain is the
            // technique's to find either way.
            Box::new(DotRun(
                cells.windows(2).map(|w| Dot::new(kind, w[0], w[1])).collect(),
            ))
        }
        4 => {
            let mut used: Vec<u8> = Vec::new();
            let cells = walk(dice, grid, len, |_, _| true);
            let cells: Vec<Cell> = cells
                .into_iter()
                .filter(|&c| {
                    let d = grid.get(c).unwrap();
                    !used.contains(&d) && {
                        used.push(d);
                        true
                    }
                })
                .collect();
            let total = cells.iter().map(|&c| digit(c)).sum();
            Box::new(KillerCage::new(cells, total))
        }
        5 => {
            let cells = walk(dice, grid, 3, |_, _| true);
            let (circle, shaft) = (cells[0], cells[1..].to_vec());
            if shaft.iter().map(|&c| digit(c)).sum::<u32>() != digit(circle) {
                return None;
            }
            Box::new(Arrow::new([circle], [shaft]))
        }
        _ => {
            let cells = walk(dice, grid, 5, |_, _| true);
            if cells.len() != 5 || digit(cells[0]) + digit(cells[4]) != digit(cells[2]) {
                return None;
            }
            if digit(cells[1]) + digit(cells[3]) != digit(cells[2]) {
                return None;
            }
            Box::new(ZipperLine::new(cells))
        }
    })
}

/// Several dots as one rule (the union of their relations).
#[derive(Clone, Debug)]
struct DotRun(Vec<Dot>);

impl sudokit_core::Rule for DotRun {
    fn name(&self) -> std::borrow::Cow<'_, str> {
        self.0[0].name().into_owned().into()
    }

    fn relations(&self, geometry: &Geometry) -> Vec<(Cell, Cell, sudokit_core::Relation)> {
        self.0.iter().flat_map(|d| d.relations(geometry)).collect()
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), sudokit_core::Violation> {
        self.0.iter().try_for_each(|d| d.check(geometry, grid))
    }
}

impl Constraint for DotRun {}

/// Small puzzles whose rules the hidden grid keeps, with a few givens, and
/// the digits some solution puts in each cell (every solution counted).
fn puzzles(seed: u64, count: usize) -> Vec<(Puzzle, Vec<Digits<u128>>)> {
    let mut dice = Dice(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let grid = solved(&mut dice);
        let mut givens = Grid::empty(6);
        for _ in 0..dice.below(4) {
            let cell = Cell(dice.below(36) as u16);
            givens.set(cell, grid.get(cell).unwrap());
        }
        let mut puzzle = Puzzle::new(Geometry::square(6).unwrap())
            .with_givens(givens)
            .unwrap()
            .with(ClassicRules)
            .unwrap();
        for _ in 0..5 {
            if let Some(rule) = random_rule(&mut dice, &grid) {
                let mut with = puzzle.clone();
                if with.push(rule).is_ok() {
                    puzzle = with;
                }
            }
        }
        let limit = 3_000;
        let outcome = PropagationSearch::default()
            .solve(&puzzle, &Limits::solutions(limit))
            .unwrap();
        if outcome.solutions.len() as u64 >= limit {
            continue; // too many to know every digit some solution uses
        }
        assert!(!outcome.solutions.is_empty(), "the hidden grid solves it");
        let mut truth = vec![Digits::<u128>::default(); 36];
        for solution in &outcome.solutions {
            for (set, &d) in truth.iter_mut().zip(solution.values()) {
                set.insert(d);
            }
        }
        out.push((puzzle, truth));
    }
    out
}

/// Combinations never remove a digit some solution uses, on puzzles with
/// cages, arrows and zipper lines beside lines and dots, and they fire.
#[test]
fn combinations_are_sound_against_every_solution() {
    let made: usize = puzzles(0xC0B5, 40)
        .iter()
        .map(|(puzzle, truth)| replay_true(puzzle, truth, &Combinations))
        .sum();
    assert!(made >= 6, "only {made} combination steps");
}

/// Relation chains never remove a digit some solution uses, and they fire.
#[test]
fn relation_chains_are_sound_against_every_solution() {
    let made: usize = puzzles(0xC4A1, 40)
        .iter()
        .map(|(puzzle, truth)| replay_true(puzzle, truth, &RelationChains))
        .sum();
    assert!(made >= 30, "only {made} relation chain steps");
}

/// A 9×9 board with `rules`, no givens, propagated.
fn empty_with(rules: Vec<Box<dyn Constraint>>) -> (Puzzle, Vec<Digits<u128>>) {
    let mut puzzle = Puzzle::new(Geometry::square(9).unwrap())
        .with(ClassicRules)
        .unwrap();
    for rule in rules {
        puzzle.push(rule).unwrap();
    }
    let cands = start(&puzzle);
    (puzzle, cands)
}

/// What a deduction removes, sorted, as `r1c2 4`.
fn removed(puzzle: &Puzzle, found: &Deduction) -> Vec<String> {
    let mut out: Vec<(Cand, String)> = found
        .eliminations
        .iter()
        .map(|e| (*e, format!("{} {}", e.cell.name(puzzle.size()), e.digit)))
        .collect();
    out.sort_by_key(|(c, _)| (c.cell, c.digit));
    out.into_iter().map(|(_, s)| s).collect()
}

/// The step as the solver words it.
fn say(puzzle: &Puzzle, found: &Deduction) -> String {
    let step = Step {
        constraint: None,
        reason: found.reason.clone(),
        removed: found.eliminations.clone(),
        placed: Vec::new(),
    };
    format!("[{:.1}] {}", found.difficulty, step.describe(puzzle.model()))
}

/// A German whisper of three cells in row 1: a 6 in the middle needs a 1
/// on both sides, a 4 a 9 on both sides, and both sides share the row.
/// Each relation alone keeps them (the propagator already removed 5).
#[test]
fn a_whisper_middle_cannot_need_one_digit_twice_in_a_row() {
    let cells = [Cell(0), Cell(1), Cell(2)];
    let (puzzle, cands) = empty_with(vec![Box::new(Line::whispers(9, cells))]);
    let board = Board::new(puzzle.model(), &cands);
    assert!(!board.has(Cell(1), 5), "the propagator removes 5");
    let found = RelationChains.find(&board).unwrap();
    assert_eq!(removed(&puzzle, &found), ["r1c2 4", "r1c2 6"]);
    insta::assert_snapshot!(say(&puzzle, &found));
}

/// Two black dots in a row, r1c1–r1c2–r1c3: the middle has a partner on
/// each side, so it is 2 or 4 (1-2-4, 2-4-8 either way); 3 and 6 only
/// pair with each other, and would repeat in the row.
#[test]
fn a_black_dot_chain_reads_one_two_four_or_two_four_eight() {
    let dots: Vec<Box<dyn Constraint>> = vec![
        Box::new(Dot::new(DotKind::Ratio(2), Cell(0), Cell(1))),
        Box::new(Dot::new(DotKind::Ratio(2), Cell(1), Cell(2))),
    ];
    let (puzzle, cands) = empty_with(dots);
    let board = Board::new(puzzle.model(), &cands);
    let found = RelationChains.find(&board).unwrap();
    assert_eq!(
        removed(&puzzle, &found),
        ["r1c1 3", "r1c1 6", "r1c2 1", "r1c2 3", "r1c2 6", "r1c2 8", "r1c3 3", "r1c3 6"]
    );
    insta::assert_snapshot!(say(&puzzle, &found));
}

/// A zipper line of seven cells whose ends fold onto row 1 and columns 4
/// and 5 around its middle r2c2: three pairs each add up to the middle,
/// and their row-1 cells differ. A middle of 3 or 4 leaves only 1+2 or
/// 1+3 for every pair (2+2 would repeat in a box or a column): three
/// different digits in row 1 from two. Each sum alone allows it.
#[test]
fn a_zippers_sums_together_leave_its_middle() {
    let at = |r: usize, c: usize| Cell::at(r - 1, c - 1, 9);
    let line = [
        at(1, 5),
        at(1, 4),
        at(1, 3),
        at(2, 2),
        at(2, 3),
        at(3, 4),
        at(3, 5),
    ];
    let (puzzle, cands) = empty_with(vec![Box::new(ZipperLine::new(line))]);
    let board = Board::new(puzzle.model(), &cands);
    let found = Combinations.find(&board).unwrap();
    let middle: Vec<String> = removed(&puzzle, &found)
        .into_iter()
        .filter(|r| r.starts_with("r2c2 "))
        .collect();
    assert_eq!(middle, ["r2c2 3", "r2c2 4"]);
    insta::assert_snapshot!(say(&puzzle, &found));
}

/// Classic puzzles have no sums and no relations: neither technique looks.
#[test]
fn classic_boards_give_neither_step() {
    let (puzzle, cands) = empty_with(Vec::new());
    let board = Board::new(puzzle.model(), &cands);
    assert!(Combinations.find(&board).is_none());
    assert!(RelationChains.find(&board).is_none());
}
