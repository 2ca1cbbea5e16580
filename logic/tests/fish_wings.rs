//! Fish, wings and simple colouring: sound on real puzzles and on
//! variants, and each fires where it should.

mod common;

use common::{cells, classic_set, found, one_digit, one_digit_text, propagate, replay_sound, replay_true};
use serde_json::Value;
use sudokit_constraints::{fpuzzles, AntiKing, AntiKnight, ClassicRules, Diagonal};
use sudokit_core::format::parse_candidates;
use sudokit_core::{Digit, Digits, Geometry, Grid, Puzzle};
use sudokit_logic::techniques::by_name;
use sudokit_solvers::{true_candidates, Limits, PropagationSearch, Strategy};

const TECHNIQUES: &[&str] = &[
    "x-wing",
    "swordfish",
    "jellyfish",
    "finned-x-wing",
    "finned-swordfish",
    "finned-jellyfish",
    "xy-wing",
    "xyz-wing",
    "w-wing",
    "simple-colouring",
];

#[test]
fn fish_wings_and_colouring_never_remove_a_solution_digit() {
    let mut sets = classic_set("top95", 95);
    sets.extend(classic_set("hardest", 11));
    for name in TECHNIQUES {
        let technique = by_name(name).unwrap();
        let made: usize = sets
            .iter()
            .map(|(p, s)| replay_sound(p, s, technique.as_ref()))
            .sum();
        println!("{name}: {made} deductions");
        assert!(made > 0, "{name} never fired on top95 and hardest");
    }
}

/// A tiny xorshift generator: the random boards are the same every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// `count` puzzles under `rules` with `givens` random givens each (kept
/// only while the rules' propagation finds no contradiction), with their
/// true candidates (the digits some solution uses: several solutions are
/// welcome, they only make the check stricter).
fn random_boards(
    rules: &dyn Fn(Puzzle) -> Puzzle,
    n: usize,
    givens: usize,
    count: usize,
    seed: u64,
) -> Vec<(Puzzle, Vec<Digits<u128>>)> {
    let mut rng = Rng(seed);
    let empty = rules(Puzzle::new(Geometry::square(n).unwrap()));
    let mut boards = Vec::new();
    while boards.len() < count {
        let mut cands = propagate(&empty, &vec![Digits::full(n); n * n]).unwrap();
        let mut values = vec![0; n * n];
        let mut placed = 0;
        for _ in 0..givens * 20 {
            if placed == givens {
                break;
            }
            let cell = rng.below(n * n);
            if values[cell] != 0 {
                continue;
            }
            let options: Vec<Digit> = cands[cell].iter().collect();
            let digit = options[rng.below(options.len())];
            let mut next = cands.clone();
            next[cell] = Digits::single(digit);
            if let Some(next) = propagate(&empty, &next) {
                cands = next;
                values[cell] = digit;
                placed += 1;
            }
        }
        let grid = Grid::from_values(n, values).unwrap();
        let puzzle = rules(
            Puzzle::new(Geometry::square(n).unwrap())
                .with_givens(grid)
                .unwrap(),
        );
        let truth = {
            let mut session = PropagationSearch::default().prepare(&puzzle).unwrap();
            true_candidates(session.as_mut(), &Limits::all()).unwrap()
        };
        if truth.is_exact() && !truth.is_unsolvable() {
            boards.push((puzzle, truth.candidates));
        }
    }
    boards
}

#[test]
fn sound_on_small_variant_boards() {
    let x_sudoku = |p: Puzzle| {
        p.with(ClassicRules)
            .unwrap()
            .with(Diagonal::Positive)
            .unwrap()
            .with(Diagonal::Negative)
            .unwrap()
    };
    let anti_knight = |p: Puzzle| p.with(ClassicRules).unwrap().with(AntiKnight).unwrap();
    let anti_king = |p: Puzzle| p.with(ClassicRules).unwrap().with(AntiKing).unwrap();
    let mut boards = random_boards(&x_sudoku, 6, 5, 40, 1);
    boards.extend(random_boards(&anti_knight, 6, 4, 40, 2));
    boards.extend(random_boards(&x_sudoku, 9, 16, 10, 3));
    boards.extend(random_boards(&anti_knight, 9, 12, 10, 4));
    boards.extend(random_boards(&anti_king, 9, 14, 10, 5));
    let mut total = 0;
    for name in TECHNIQUES {
        let technique = by_name(name).unwrap();
        let made: usize = boards
            .iter()
            .map(|(p, truth)| replay_true(p, truth, technique.as_ref()))
            .sum();
        println!("{name}: {made} deductions on variant boards");
        total += made;
    }
    assert!(total > 0);
}

const VARIANTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/variants");

/// The shared variant puzzles with one solution: cages as cover groups,
/// kropki dots, thermometers, arrows as weak links and rule propagation.
#[test]
fn sound_on_the_shared_variant_puzzles() {
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{VARIANTS}/manifest.json")).unwrap()).unwrap();
    let mut puzzles = Vec::new();
    for entry in manifest.as_array().unwrap() {
        let (Some(solution), Some(n)) = (entry["solution"].as_str(), entry["size"].as_u64()) else {
            continue;
        };
        let n = n as usize;
        let text =
            std::fs::read_to_string(format!("{VARIANTS}/{}", entry["file"].as_str().unwrap())).unwrap();
        let puzzle = fpuzzles::read(&text).unwrap().spec.build().unwrap();
        let width = if n <= 9 { 1 } else { 2 };
        let values: Vec<Digit> = (0..n * n)
            .map(|i| solution[i * width..(i + 1) * width].parse().unwrap())
            .collect();
        puzzles.push((puzzle, Grid::from_values(n, values).unwrap()));
    }
    assert!(puzzles.len() >= 30, "{} puzzles", puzzles.len());
    for name in TECHNIQUES {
        let technique = by_name(name).unwrap();
        let made: usize = puzzles
            .iter()
            .map(|(p, s)| replay_sound(p, s, technique.as_ref()))
            .sum();
        println!("{name}: {made} deductions on the shared variants");
    }
}

#[rustfmt::skip]
const X_WING: [&str; 9] = [
    ".x....x..",
    "xxxxxxxxx",
    "xxxxxxxxx",
    "xxxxxxxxx",
    ".x....x..",
    "xxxxxxxxx",
    "xxxxxxxxx",
    "xxxxxxxxx",
    "xxxxxxxxx",
];

#[test]
fn x_wing_on_rows() {
    insta::assert_snapshot!(found("x-wing", &one_digit(1, X_WING)));
}

#[test]
fn swordfish_on_columns() {
    // Columns 1, 4, 8 hold 3 only in rows 2 and 5, 5 and 9, 2 and 9.
    #[rustfmt::skip]
    let rows = [
        ".xx.xxx.x",
        "xxx.xxxxx",
        ".xx.xxx.x",
        ".xx.xxx.x",
        "xxxxxxx.x",
        ".xx.xxx.x",
        ".xx.xxx.x",
        ".xx.xxx.x",
        ".xxxxxxxx",
    ];
    insta::assert_snapshot!(found("swordfish", &one_digit(3, rows)));
}

#[rustfmt::skip]
const JELLYFISH: [&str; 9] = [
    ".x.x.....",
    "xxxxxxxxx",
    "...x.x..x",
    "xxxxxxxxx",
    "xxxxxxxxx",
    ".x......x",
    "xxxxxxxxx",
    ".....x..x",
    "xxxxxxxxx",
];

#[test]
fn jellyfish_on_rows() {
    insta::assert_snapshot!(found("jellyfish", &one_digit(5, JELLYFISH)));
}

#[test]
fn x_wing_on_the_diagonals_of_an_x_sudoku() {
    // Each diagonal holds 2 only at r2c2 and r8c8, r8c2 and r2c8.
    #[rustfmt::skip]
    let rows = [
        ".xxxxxxx.",
        "xxxxxxxxx",
        "xx.xxx.xx",
        "xxx.x.xxx",
        "xxxx.xxxx",
        "xxx.x.xxx",
        "xx.xxx.xx",
        "xxxxxxxxx",
        ".xxxxxxx.",
    ];
    let puzzle = Puzzle::new(Geometry::square(9).unwrap())
        .with(ClassicRules)
        .unwrap()
        .with(Diagonal::Positive)
        .unwrap()
        .with(Diagonal::Negative)
        .unwrap();
    let cands = parse_candidates(puzzle.geometry(), &one_digit_text(2, rows)).unwrap();
    insta::assert_snapshot!(found("x-wing", &(puzzle, cands)));
}

#[test]
fn finned_x_wing() {
    // Rows 1 and 5 hold 1 in columns 2 and 7, but for the fin r5c8.
    let mut rows = X_WING;
    rows[4] = ".x....xx.";
    insta::assert_snapshot!(found("finned-x-wing", &one_digit(1, rows)));
}

#[test]
fn finned_swordfish() {
    // Rows 2, 4, 8 hold 7 in columns 3, 6, 9, but for the fin r8c7.
    #[rustfmt::skip]
    let rows = [
        "xxxxxxxxx",
        "..x..x...",
        "xxxxxxxxx",
        "..x.....x",
        "xxxxxxxxx",
        "xxxxxxxxx",
        "xxxxxxxxx",
        ".....xx.x",
        "xxxxxxxxx",
    ];
    insta::assert_snapshot!(found("finned-swordfish", &one_digit(7, rows)));
}

#[test]
fn finned_jellyfish() {
    // The jellyfish with a fin at r8c5.
    let mut rows = JELLYFISH;
    rows[7] = "....xx..x";
    insta::assert_snapshot!(found("finned-jellyfish", &one_digit(5, rows)));
}

#[test]
fn xy_wing() {
    let board = cells(&[("r5c5", "12"), ("r5c1", "13"), ("r2c5", "23")]);
    insta::assert_snapshot!(found("xy-wing", &board));
}

#[test]
fn xyz_wing() {
    let board = cells(&[("r5c5", "123"), ("r5c2", "13"), ("r4c6", "23")]);
    insta::assert_snapshot!(found("xyz-wing", &board));
}

#[test]
fn w_wing() {
    // r1c1 and r5c6 hold 1 or 2; row 8 holds 1 only at r8c1 and r8c6.
    let no_one = "23456789";
    let mut list = vec![("r1c1", "12"), ("r5c6", "12")];
    let row8: Vec<String> = (1..=9)
        .filter(|c| ![1, 6].contains(c))
        .map(|c| format!("r8c{c}"))
        .collect();
    list.extend(row8.iter().map(|name| (name.as_str(), no_one)));
    insta::assert_snapshot!(found("w-wing", &cells(&list)));
}

#[test]
fn colour_trap() {
    // 4 in row 1 only at r1c2, r1c8; in column 8 only at r1c8, r7c8; in row
    // 7 only at r7c8, r7c3: r1c2 and r7c3 have different colours.
    #[rustfmt::skip]
    let rows = [
        ".x.....x.",
        "xxxxxxx.x",
        "xxxxxxx.x",
        "xxxxxxx.x",
        "xxxxxxx.x",
        "xxxxxxx.x",
        "..x....x.",
        "xxxxxxx.x",
        "xxxxxxx.x",
    ];
    insta::assert_snapshot!(found("simple-colouring", &one_digit(4, rows)));
}

#[test]
fn colour_wrap() {
    // The chain r1c1 - r1c5 - r7c5 - r7c2 - r2c2 puts r1c1 and r2c2, which
    // share box 1, in one colour; r3c3 keeps box 1 from being a pair.
    #[rustfmt::skip]
    let rows = [
        "x...x....",
        ".x.......",
        "..x......",
        ".........",
        ".........",
        ".........",
        ".x..x....",
        ".........",
        ".........",
    ];
    insta::assert_snapshot!(found("simple-colouring", &one_digit(6, rows)));
}

#[test]
fn group_names_in_fish_text() {
    // Cells of one kind of group read as `rows 1, 5`.
    let text = found("x-wing", &one_digit(1, X_WING));
    assert!(text.contains("rows 1, 5 / columns 2, 7"), "{text}");
}
