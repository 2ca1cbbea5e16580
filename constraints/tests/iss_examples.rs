//! Real puzzles with the rules of issue 28 (second half), taken from the
//! example puzzles of sigh's Interactive Sudoku Solver (ISS,
//! `data/example_puzzles.js`, MIT licence): each ISS constraint string is
//! read here by a test-only translation of the few constraint types it
//! uses, the puzzle is solved by propagation and branching, and its one
//! solution must be the solution ISS lists (an answer found independently).
//! The sources of the puzzles are given with each.

use sudokit_constraints::registry::{Registry, Value};
use sudokit_constraints::spec::{PuzzleSpec, RuleSpec};
use sudokit_constraints::{Clue, Side};
use sudokit_core::testkit::propagate_from;
use sudokit_core::{Cell, Digit, Digits, Grid, Puzzle};

fn rule(name: &str) -> RuleSpec {
    Registry::default().rule(name).unwrap()
}

/// `R3C4` on an `n`×`n` board.
fn cell(name: &str, n: usize) -> Cell {
    let (r, c) = name[1..].split_once('C').unwrap();
    Cell::at(
        r.parse::<usize>().unwrap() - 1,
        c.parse::<usize>().unwrap() - 1,
        n,
    )
}

/// The puzzle an ISS constraint string describes, for the constraint types
/// these examples use (givens, `Shape`, `GlobalEntropy`, `GlobalMod`,
/// `NumberedRoom`, `FullRank`, `ValueIndexing`, `LookAndSay`, `Cage`, `X`,
/// `V`).
fn from_iss(input: &str) -> PuzzleSpec {
    let n = input
        .split(".Shape~")
        .nth(1)
        .map_or(9, |shape| shape.split('x').next().unwrap().parse().unwrap());
    let mut spec = PuzzleSpec::new(n);
    for part in input.split('.').filter(|p| !p.is_empty()) {
        let args: Vec<&str> = part.split('~').collect();
        let cells = |from: usize| args[from..].iter().map(|a| cell(a, n)).collect::<Vec<_>>();
        match args[0] {
            "" => {
                for given in &args[1..] {
                    let (at, d) = given.split_once('_').unwrap();
                    spec.givens.set(cell(at, n), d.parse().unwrap());
                }
            }
            "Shape" => {}
            "GlobalEntropy" => spec.rules.push(rule("global-entropy")),
            "GlobalMod" => spec.rules.push(rule("global-modular")),
            // A row or column, then the clue from its start and from its end.
            "NumberedRoom" | "FullRank" => {
                let (name, param) = match args[0] {
                    "NumberedRoom" => ("numbered-room", "digit"),
                    _ => ("full-rank", "rank"),
                };
                let index: usize = args[1][1..].parse::<usize>().unwrap() - 1;
                let sides = match &args[1][..1] {
                    "R" => [Side::Left, Side::Right],
                    _ => [Side::Top, Side::Bottom],
                };
                for (side, value) in sides.into_iter().zip(&args[2..]) {
                    if !value.is_empty() {
                        spec.rules.push(
                            rule(name)
                                .with("clue", Clue::new(side, index))
                                .with(param, value.parse::<i64>().unwrap()),
                        );
                    }
                }
            }
            "ValueIndexing" => spec.rules.push(rule("value-indexing").with("cells", cells(1))),
            "LookAndSay" => {
                let clue: Vec<u8> = args[1].bytes().map(|b| b - b'0').collect();
                let digits: Vec<Digit> = clue.chunks(2).map(|pair| pair[1]).collect();
                let counts: Vec<i64> = clue.chunks(2).map(|pair| pair[0].into()).collect();
                spec.rules.push(
                    rule("look-and-say")
                        .with("cells", cells(2))
                        .with("digits", digits)
                        .with("counts", Value::Numbers(counts)),
                );
            }
            "Cage" => spec.rules.push(
                rule("killer-cage")
                    .with("cells", cells(2))
                    .with("sum", args[1].parse::<i64>().unwrap()),
            ),
            "X" | "V" => spec.rules.push(
                rule("xv")
                    .with("cells", cells(1))
                    .with("value", if args[0] == "X" { 10 } else { 5 }),
            ),
            other => panic!("no translation of ISS '{other}'"),
        }
    }
    spec
}

/// Up to `limit` solutions of `puzzle` from `start`, by propagating and
/// branching on the cell with the fewest candidates.
fn solutions(puzzle: &Puzzle, start: &[Digits<u128>], limit: usize, found: &mut Vec<Grid>) {
    let report = propagate_from(puzzle, start);
    if report.contradiction.is_some() || found.len() >= limit {
        return;
    }
    let after = report.after;
    let open = after
        .iter()
        .enumerate()
        .filter(|(_, s)| s.len() > 1)
        .min_by_key(|(_, s)| s.len());
    let Some((cell, &set)) = open else {
        let values = after.iter().map(|&s| Digits::min(s).unwrap_or(0)).collect();
        let grid = Grid::from_values(puzzle.size(), values).unwrap();
        if puzzle.check(&grid).is_ok() {
            found.push(grid);
        }
        return;
    };
    for d in set.iter() {
        let mut next = after.clone();
        next[cell] = Digits::single(d);
        solutions(puzzle, &next, limit, found);
    }
}

/// The ISS puzzle `input` has one solution, `expected` (digits in reading
/// order), which its rules' `check` accepts.
#[track_caller]
fn solves_to(input: &str, expected: &str) {
    solves_to_from(input, expected, 0);
}

/// As [`solves_to`], with the first `given` digits of `expected` given
/// too (for a puzzle whose search is slow in a test build).
#[track_caller]
fn solves_to_from(input: &str, expected: &str, given: usize) {
    let mut spec = from_iss(input);
    for (i, d) in expected.bytes().take(given).enumerate() {
        spec.givens.set(Cell(i as u16), d - b'0');
    }
    let puzzle = spec.build().unwrap();
    let n = puzzle.size();
    let mut start: Vec<Digits<u128>> = vec![Digits::full(n); n * n];
    for (slot, &d) in start.iter_mut().zip(spec.givens.values()) {
        if d != 0 {
            *slot = Digits::single(d);
        }
    }
    let mut found = Vec::new();
    solutions(&puzzle, &start, 2, &mut found);
    let digits: Vec<String> = found
        .iter()
        .map(|g| g.values().iter().map(|d| d.to_string()).collect())
        .collect();
    assert_eq!(digits, [expected]);
    puzzle.verify_solution(&found[0]).unwrap();
}

/// "6x6: Numbered rooms", ISS example (from the Discord server of Cracking
/// the Cryptic).
#[test]
fn numbered_rooms_6x6() {
    solves_to(
        ".NumberedRoom~C1~1~6.NumberedRoom~R1~1~6.NumberedRoom~C2~6~1.NumberedRoom~C3~1~3\
         .NumberedRoom~C4~6~6.NumberedRoom~C5~3~1.NumberedRoom~C6~3~6.NumberedRoom~R2~3~1\
         .NumberedRoom~R4~3~6.NumberedRoom~R5~3~1.NumberedRoom~R6~3~6.NumberedRoom~R3~1~3..Shape~6x6",
        "143562625143351426462315234651516234",
    );
}

/// "Entropy Sudoku", logic-masters.de puzzle 0008G7, as ISS lists it.
#[test]
fn global_entropy() {
    solves_to(
        ".~R1C1_8~R1C9_7~R3C4_9~R3C6_5~R4C6_8~R4C4_6~R4C3_5~R6C3_6~R6C4_1~R7C4_7~R7C6_3~R6C6_9\
         ~R6C7_4~R4C7_9~R9C9_4~R9C1_2.GlobalEntropy",
        "891234567534867291672915348315648972948372615726159483459783126183426759267591834",
    );
}

/// "Global mod 3", sudokupad.app/l74hg3flzp, as ISS lists it.
#[test]
fn global_modular() {
    solves_to(
        ".GlobalMod.Cage~15~R1C1~R1C2.Cage~6~R1C4~R2C4.Cage~7~R3C1~R4C1.Cage~12~R8C6~R9C6\
         .Cage~8~R8C7~R8C8.X~R1C7~R2C7.X~R5C4~R6C4.X~R5C5~R6C5.X~R8C3~R9C3.V~R4C4~R4C5.V~R5C7~R6C7",
        "879162354621543798435987216387419562196235487254876139943621875518794623762358941",
    );
}

/// "Slingshot sudoku" (value indexing), reddit r/sudoku ueeocq, as ISS
/// lists it.
#[test]
fn value_indexing_slingshot() {
    solves_to(
        ".ValueIndexing~R1C4~R2C4~R2C3~R2C2~R2C1.ValueIndexing~R1C6~R2C6~R2C7~R2C8~R2C9\
         .ValueIndexing~R6C9~R7C9~R7C8~R7C7~R7C6~R7C5~R7C4~R7C3~R7C2~R7C1\
         .ValueIndexing~R5C7~R5C8~R6C8~R7C8~R8C8~R9C8.ValueIndexing~R4C7~R4C6~R5C6~R6C6~R7C6~R8C6~R9C6\
         .ValueIndexing~R4C3~R4C4~R5C4~R6C4~R7C4~R8C4~R9C4.ValueIndexing~R5C3~R5C2~R6C2~R7C2~R8C2~R9C2\
         .ValueIndexing~R6C1~R7C1~R7C2~R7C3~R7C4~R7C5~R7C6~R7C7~R7C8~R7C9\
         .~R2C4_3~R2C2_5~R3C3_6~R4C3_9~R6C3_1~R8C2_8~R9C1_2~R9C9_8~R8C8_1~R6C7_3~R4C7_2~R3C7_8~R2C8_2~R2C6_1\
         .V~R7C8~R7C9.V~R7C1~R7C2.V~R4C5~R5C5.X~R5C5~R6C5.X~R4C6~R5C6.X~R4C4~R5C4.X~R2C5~R3C5\
         .X~R1C6~R1C7.X~R1C9~R1C8.X~R1C4~R1C3.X~R1C2~R1C1",
        "372859164854361927916247853769134285538926741421785396147598632683472519295613478",
    );
}

/// "Look-and-Say Killer", logic-masters.de puzzle 0007CP, as ISS lists it.
/// Its search takes minutes in a test build (the clues only count digits,
/// which propagates little), so its first row is given.
#[test]
fn look_and_say_killer() {
    solves_to_from(
        ".LookAndSay~1617~R3C1~R2C1~R1C1.LookAndSay~1324~R1C3~R2C3~R2C4~R1C4.LookAndSay~11~R1C7~R1C8\
         .LookAndSay~1913~R2C9~R2C8~R3C8~R3C7~R3C6.LookAndSay~3518~R3C9~R4C9~R5C9~R5C8~R5C7~R6C7~R6C6\
         .LookAndSay~1112~R7C9~R7C8~R8C8~R8C7~R9C7.LookAndSay~2311~R7C4~R8C4~R8C3~R8C2~R7C2\
         .LookAndSay~26~R7C5~R6C5~R6C4~R5C4.LookAndSay~2113~R6C2~R6C1~R7C1.LookAndSay~28~R7C7~R7C6~R8C6~R9C6\
         .LookAndSay~1422~R5C5~R4C5~R4C4~R4C3.LookAndSay~39~R5C1~R6C2~R7C3~R8C4~R9C5\
         .LookAndSay~26~R6C9~R7C8~R8C7~R9C6.",
        "893456712654217983721839465562741398948623571317985246179362854435178629286594137",
        9,
    );
}

/// "DSM 2023 Leftover: Full Rank Sudoku", logic-masters.de puzzle 000EDA,
/// as ISS lists it. sudokit's full rank propagates first digits only, so
/// the search is long in a test build: the first four rows are given.
#[test]
fn full_rank() {
    solves_to_from(
        ".FullRank~C2~26~.FullRank~C4~32~.FullRank~C6~6~.FullRank~C8~35~.FullRank~R1~17~.FullRank~R3~13~\
         .FullRank~R5~10~.FullRank~R7~21~.FullRank~C3~~12.FullRank~C5~~19.FullRank~C7~~2.FullRank~C9~~14\
         .FullRank~R8~~23.FullRank~R6~~20.FullRank~R4~~34.FullRank~R2~~11.",
        "576832491829514763431769852768125349354698217192473685615347928247981536983256174",
        36,
    );
}
