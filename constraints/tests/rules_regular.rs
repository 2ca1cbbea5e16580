//! Regex lines and state-machine lines through the testkit: sound
//! propagation (brute force on 4×4 and 6×6 boards, alone and with the
//! classic rules), `check` against the rule's meaning (the `regex` crate
//! for patterns, the statement for automata) on every filling of short
//! lines and on random grids, counts against brute force, and clear errors
//! for patterns and encodings sudokit does not take.

mod common;

use common::RuleList;
use sudokit_constraints::registry::Registry;
use sudokit_constraints::spec::PuzzleSpec;
use sudokit_constraints::{iss, native, Automaton, RegularLine};
use sudokit_core::testkit::Soundness;
use sudokit_core::{Cell, Geometry, Grid};

/// Patterns of the regex lines, valid on 4×4 and 6×6.
const PATTERNS: &[&str] = &["[12]*.(3|4)", "(1.|.2)+", "4?[^4]{2,3}", "(13|2)*[34]*"];

/// "Each digit one more than the one before" (state `d`: just read `d`).
fn rising(n: usize) -> Automaton {
    let moves: Vec<(usize, u8, usize)> = (1..=n)
        .map(|d| (0, d as u8, d))
        .chain((1..=n).flat_map(|d| (d + 1..=n).map(move |e| (d, e as u8, e))))
        .collect();
    let accepting: Vec<usize> = (0..=n).collect();
    Automaton::new(n + 1, &[0], &accepting, &moves, &[]).unwrap()
}

/// "Each segment sums to an even number": state 0 even so far, 1 odd; a
/// segment break only from an even sum.
fn even_segments(n: usize) -> Automaton {
    let moves: Vec<(usize, u8, usize)> = (0..2)
        .flat_map(|s| (1..=n).map(move |d| (s, d as u8, s ^ (d % 2))))
        .collect();
    Automaton::new(2, &[0], &[0], &moves, &[(0, 0)]).unwrap()
}

/// The lines of [`every_rule`], by name: segments of cells.
fn lines(name: &str, n: usize) -> Vec<Vec<Cell>> {
    let at = |r: usize, c: usize| Cell::at(r, c, n);
    match name {
        "regex 0" | "rising" => vec![vec![at(0, 0), at(0, 1), at(1, 1), at(2, 1)]],
        "regex 1" => vec![vec![at(1, 0), at(1, 1), at(1, 2), at(1, 3)]],
        "regex 2" => vec![vec![at(3, 3), at(2, 2), at(1, 1)]],
        "regex 3" => vec![vec![at(0, 3), at(1, 3), at(2, 3), at(3, 3), at(3, 2)]],
        "even segments" => vec![vec![at(0, 0), at(0, 1)], vec![at(2, 2), at(3, 2), at(3, 3)]],
        // A cell read twice, in two segments.
        "even segments, shared cell" => vec![vec![at(0, 0), at(0, 1)], vec![at(0, 1), at(2, 1)]],
        _ => unreachable!("{name}"),
    }
}

const NAMES: &[&str] = &[
    "regex 0",
    "regex 1",
    "regex 2",
    "regex 3",
    "rising",
    "even segments",
    "even segments, shared cell",
];

fn every_rule(n: usize) -> RuleList {
    NAMES
        .iter()
        .map(|&name| {
            let automaton = match name {
                "rising" => rising(n),
                "even segments" | "even segments, shared cell" => even_segments(n),
                _ => {
                    let k: usize = name[6..].parse().unwrap();
                    Automaton::from_regex(PATTERNS[k], n).unwrap()
                }
            };
            let line = RegularLine::new(name, lines(name, n), automaton);
            (name, Box::new(line) as Box<dyn sudokit_core::Constraint>)
        })
        .collect()
}

/// Whether the digits of `line` keep rule `name`, read from its statement.
fn keeps_line(name: &str, digits: &[Vec<u8>]) -> bool {
    match name {
        "rising" => digits[0].windows(2).all(|w| w[0] < w[1]),
        "even segments" | "even segments, shared cell" => digits
            .iter()
            .all(|s| s.iter().map(|&d| u32::from(d)).sum::<u32>() % 2 == 0),
        _ => {
            let k: usize = name[6..].parse().unwrap();
            let text: String = digits[0]
                .iter()
                .map(|&d| char::from_digit(u32::from(d), 36).unwrap())
                .collect();
            regex::Regex::new(&format!("^(?:{})$", PATTERNS[k]))
                .unwrap()
                .is_match(&text)
        }
    }
}

fn keeps(name: &str, n: usize, grid: &Grid) -> bool {
    let digits: Vec<Vec<u8>> = lines(name, n)
        .iter()
        .map(|s| s.iter().map(|&c| grid.get(c).unwrap()).collect())
        .collect();
    keeps_line(name, &digits)
}

#[test]
fn every_rule_propagates_soundly_with_the_classic_rules() {
    common::sound_on_small_boards(
        |g: &Geometry| every_rule(g.size()),
        true,
        &Soundness {
            trials: 100,
            ..Soundness::default()
        },
    );
}

#[test]
fn every_rule_propagates_soundly_alone() {
    common::sound_on_small_boards(|g: &Geometry| every_rule(g.size()), false, &common::alone(100));
}

#[test]
fn check_agrees_with_the_statement() {
    common::check_agrees_with_the_statement(every_rule, keeps, 49);
}

/// Every filling of a short line, full and partial: `check` passes exactly
/// when some completion of the placed digits keeps the rule.
#[test]
fn check_on_every_filling_of_a_short_line() {
    let n = 4;
    let geometry = Geometry::square(n).unwrap();
    for (name, rule) in every_rule(n) {
        let cells: Vec<Cell> = lines(name, n).concat();
        let mut distinct = cells.clone();
        distinct.sort_unstable();
        distinct.dedup();
        // Each cell empty (0) or a digit.
        let total = (n + 1).pow(distinct.len() as u32);
        let (mut passed, mut failed) = (0, 0);
        for code in 0..total {
            let mut grid = Grid::empty(n);
            let mut k = code;
            for &cell in &distinct {
                grid.set(cell, (k % (n + 1)) as u8);
                k /= n + 1;
            }
            let open: Vec<Cell> = distinct
                .iter()
                .copied()
                .filter(|&c| grid.get(c).is_none())
                .collect();
            let completable = (0..n.pow(open.len() as u32)).any(|fill| {
                let mut full = grid.clone();
                let mut f = fill;
                for &cell in &open {
                    full.set(cell, (f % n + 1) as u8);
                    f /= n;
                }
                keeps(name, n, &full)
            });
            // A cell read twice reads its digit once: `check` may let an
            // empty one pass where no completion keeps the rule.
            let exact = distinct.len() == cells.len() || open.is_empty();
            if exact || completable {
                assert_eq!(
                    rule.check(&geometry, &grid).is_ok(),
                    completable,
                    "{name}: {grid:?}"
                );
            }
            if completable {
                passed += 1;
            } else {
                failed += 1;
            }
        }
        assert!(
            passed > 0 && failed > 0,
            "{name}: {passed} passed, {failed} failed"
        );
    }
}

/// A line reading a cell twice (in a row, or with other cells between)
/// keeps exactly the digits some accepted reading puts in each of its
/// cells: the propagator tries the twice-read cell's digits one by one
/// (up to three).
/// Brute force over the line's cells on random candidates, against the
/// `regex` crate.
#[test]
fn a_cell_read_twice_keeps_exactly_the_supported_digits() {
    use sudokit_core::testkit::propagate_from;
    use sudokit_core::{Digits, Puzzle};
    let n = 4;
    let geometry = Geometry::square(n).unwrap();
    let at = |r: usize, c: usize| Cell::at(r, c, n);
    let lines = [
        vec![at(0, 0), at(0, 0), at(0, 1), at(1, 1)],
        vec![at(0, 0), at(0, 1), at(1, 1), at(0, 0)],
    ];
    let mut rng = fastrand::Rng::with_seed(50);
    let mut tested = 0;
    for pattern in PATTERNS.iter().chain(&["(.)1*", "[13]+[24]"]) {
        let regex = regex::Regex::new(&format!("^(?:{pattern})$")).unwrap();
        for line in &lines {
            let mut cells = line.clone();
            cells.sort_unstable();
            cells.dedup();
            for _ in 0..30 {
                let mut start: Vec<Digits<u128>> = (0..n * n)
                    .map(|_| loop {
                        let digits = Digits::from_u128(rng.u128(1..1 << n));
                        if digits.len() > 1 || rng.bool() {
                            break digits;
                        }
                    })
                    .collect();
                // Exact while the twice-read cell has at most three
                // candidates (a walk per digit); beyond, one walk.
                let twice = &mut start[at(0, 0).index()];
                if twice.len() > 3 {
                    let last = twice.iter().last().unwrap();
                    twice.remove(last);
                }
                // The digits each cell takes in some accepted reading.
                let mut supported = vec![Digits::<u128>::from_u128(0); n * n];
                for code in 0..n.pow(cells.len() as u32) {
                    let digit = |cell: Cell| {
                        let k = cells.iter().position(|&c| c == cell).unwrap();
                        (code / n.pow(k as u32) % n + 1) as u8
                    };
                    let fits = cells.iter().all(|&c| start[c.index()].contains(digit(c)));
                    let word: String = line.iter().map(|&c| char::from(b'0' + digit(c))).collect();
                    if fits && regex.is_match(&word) {
                        cells.iter().for_each(|&c| supported[c.index()].insert(digit(c)));
                    }
                }
                let automaton = Automaton::from_regex(pattern, n).unwrap();
                let rule = RegularLine::new("line", vec![line.clone()], automaton);
                let puzzle = Puzzle::new(geometry.clone()).with(rule).unwrap();
                let report = propagate_from(&puzzle, &start);
                if supported[cells[0].index()].is_empty() {
                    assert!(report.contradiction.is_some(), "{pattern} {line:?}\n{report}");
                    continue;
                }
                assert!(report.contradiction.is_none(), "{pattern} {line:?}\n{report}");
                for &cell in &cells {
                    assert_eq!(
                        report.after[cell.index()],
                        supported[cell.index()],
                        "{pattern} {line:?} at {}\n{report}",
                        cell.name(n)
                    );
                }
                tested += 1;
            }
        }
    }
    assert!(tested > 50, "only {tested} starts with an accepted reading");
}

#[test]
fn counts_match_brute_force_on_4x4() {
    common::counts_match_brute_force_on_4x4(every_rule(4), &[]);
}

/// Patterns the regex crate reads too agree with it on every word of
/// digits up to length 5 on a 4×4 board (1,364 words each).
#[test]
fn patterns_mean_what_the_regex_crate_says() {
    let patterns = [
        "1*",
        "(12)+3?",
        "[1-3]{2}",
        "[^2-3]{1,3}4",
        "(1|2|34)*",
        ".{3,}",
        "(1(2|3)?)+",
        "4{0}1",
        "",
        "((1|2)3|4)*(2|3)",
    ];
    let n = 4;
    for pattern in patterns {
        let automaton = Automaton::from_regex(pattern, n).unwrap();
        let oracle = regex::Regex::new(&format!("^(?:{pattern})$")).unwrap();
        for len in 0..=5u32 {
            for code in 0..(n as u32).pow(len) {
                let digits: Vec<u8> = (0..len)
                    .map(|i| (code / (n as u32).pow(i) % n as u32 + 1) as u8)
                    .collect();
                let text: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
                assert_eq!(
                    automaton.accepts(&digits),
                    oracle.is_match(&text),
                    "{pattern} on {text}"
                );
            }
        }
    }
}

/// Letters are the digits from 10 up, either case.
#[test]
fn letters_are_digits_above_nine() {
    let automaton = Automaton::from_regex("[9AB]a+g", 16).unwrap();
    assert!(automaton.accepts(&[11, 10, 10, 16]));
    assert!(!automaton.accepts(&[12, 10, 16]));
}

/// Patterns and encodings sudokit does not take are refused with the
/// reason, never a panic.
#[test]
fn bad_patterns_and_encodings_are_refused_clearly() {
    let refused = [
        ("0", "'0' at position 0 is not a digit of a 9×9 board (1 to 9)"),
        (
            "[1-9A]",
            "'A' at position 4 is not a digit of a 9×9 board (1 to 9)",
        ),
        // A range runs over the characters between (ISS's reading).
        (
            "[1-A]",
            "':' at position 1 is not a digit (0-9, then letters for 10 and up)",
        ),
        ("1 2 ?", ""),
        ("\\d", "a class such as \\d at position 0 is not supported"),
        ("^1", "an anchor or assertion at position 0 is not supported"),
        ("(?i)1", "a flag at position 0 is not supported"),
        (
            "[[:digit:]]",
            "a named class at position 1 is not supported (list the digits: [1-9])",
        ),
        (
            "[1-5&&3-9]",
            "a class operation (&&, --, ~~) at position 1 is not supported",
        ),
        ("(12", "unclosed group at position 0"),
        ("1{9999}", "it needs more than 4096 states"),
        (
            "1-",
            "'-' at position 1 is not a digit (0-9, then letters for 10 and up)",
        ),
    ];
    for (pattern, message) in refused {
        match Automaton::from_regex(pattern, 9) {
            Ok(_) if message.is_empty() => {}
            Ok(_) => panic!("{pattern} was taken"),
            Err(e) => assert_eq!(e, message, "{pattern}"),
        }
    }
    // Through the native format: the rule and parameter are named.
    let err = native::read(
        "size = 9\nrules = [{ type = \"regex\", cells = \"r1c1 r1c2\", pattern = \"\\\\d+\" }]\n",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("pattern") && err.contains("\\d"), "{err}");
    // ISS strings: a pattern that is not base64, NFAs that are not ISS's.
    for (text, part) in [
        (".Regex~*~R1C1~R1C2", "not a base64 character"),
        (".Regex~MA~R1C1", "'0' at position 0 is not a digit"),
        (
            ".NFA~!!~_~R1C1",
            "not an ISS-serialized NFA: '!' is not a base64 character",
        ),
        (".NFA~____~_~R1C1", "not an ISS-serialized NFA"),
        (
            ".NFA~TgZ~_~R1C1",
            "not an ISS-serialized NFA: it ends in the middle of a field",
        ),
        (
            ".NFA~TgZ_8SNFZ4n_EaKzxP8NFZ4n8IrPE_BWeJ8DPE8B4nARMAkAAA~_~R1C1~-~R2C1",
            "needs an automaton that reads the segment break",
        ),
    ] {
        let err = iss::read(text).unwrap_err().to_string();
        assert!(err.contains(part), "{text}: {err}");
    }
}

/// ISS's regex lines and state machines read into rules that solve like
/// ISS's, and go back to ISS strings that read the same.
#[test]
fn iss_items_read_and_write_back() {
    // Two lines of one pattern ("[1-5]*", base64), a line of a URL-encoded
    // pattern, and a rising state machine on one segment.
    let text = ".Regex~WzEtNV0q~R1C1~R1C2~~R2C1~R2C2.Regex~1%7C2~R3C3\
                .NFA~TgZ_8SNFZ4n_EaKzxP8NFZ4n8IrPE_BWeJ8DPE8B4nARMAkAAA~_up%20hill~R5C1~R5C2~R5C3";
    let spec = iss::read(text).unwrap();
    let names: Vec<&str> = spec.rules.iter().map(|r| r.name()).collect();
    assert_eq!(names, ["regex", "regex", "regex", "automaton"]);
    assert_eq!(spec.rules[2].text("pattern"), Some("1|2"));
    assert_eq!(spec.rules[3].text("label"), Some("up hill"));
    let written = iss::write(&spec).unwrap();
    assert_eq!(iss::read(&written).unwrap(), spec, "{written}");
    // The native format keeps them too.
    let back = native::read(&native::write(&spec)).unwrap();
    assert_eq!(back, spec);
    // The rising line: r5c1 < r5c2 < r5c3 in every solution.
    let puzzle = spec.build().unwrap();
    let g = puzzle.geometry().clone();
    let mut grid = Grid::empty(9);
    for (c, d) in [(36, 3), (37, 2)] {
        grid.set(Cell(c), d);
    }
    let line = &puzzle.constraints()[4];
    assert!(line.check(&g, &grid).is_err(), "{}", line.name());
}

/// A state machine over segments, some empty (a break at each end, as in
/// ISS's Between The Skyscrapers): read, written and read again in both
/// formats, and a break read where the segment is empty.
#[test]
fn segments_may_be_empty() {
    // Each segment's sum is even; ten symbols, the tenth the break.
    let text = ".NFA~Qm__VT_qoA~_~-~R1C1~R1C2~-~R2C1~-";
    let spec = iss::read(text).unwrap();
    let segments = spec.rules[0].shafts("segments");
    assert_eq!(segments.iter().map(Vec::len).collect::<Vec<_>>(), [0, 2, 1, 0]);
    assert_eq!(iss::read(&iss::write(&spec).unwrap()).unwrap(), spec);
    let native_text = native::write(&spec);
    assert!(
        native_text.contains("segments = [[], [\"r1c1\", \"r1c2\"], [\"r2c1\"], []]"),
        "{native_text}"
    );
    assert_eq!(native::read(&native_text).unwrap(), spec);
    let puzzle = spec.build().unwrap();
    let mut grid = Grid::empty(9);
    grid.set(Cell(0), 1);
    grid.set(Cell(1), 3);
    grid.set(Cell(9), 4);
    assert!(puzzle.verify_solution(&grid).is_err(), "not full");
    let line = &puzzle.constraints()[1];
    assert!(line.check(puzzle.geometry(), &grid).is_ok());
    grid.set(Cell(9), 5);
    assert!(line.check(puzzle.geometry(), &grid).is_err());
    // No segment with cells: refused.
    let err = native::read(
        "size = 9\nrules = [{ type = \"automaton\", segments = [[], []], nfa = \"Qm__VT_qoA\" }]\n",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("has no cells"), "{err}");
}

/// Rules built by name from the registry refuse what does not fit.
#[test]
fn the_registry_builds_and_refuses() {
    let registry = Registry::default();
    let mut spec = PuzzleSpec::new(4);
    spec.rules.push(
        registry
            .rule("regex")
            .unwrap()
            .with("cells", vec![Cell(0), Cell(1)])
            .with("pattern", "5"),
    );
    let err = spec.build().unwrap_err().to_string();
    assert!(
        err.contains("'5' at position 0 is not a digit of a 4×4 board"),
        "{err}"
    );
}

/// A state machine's reading after reduction: determinised and minimal
/// where small, the same words accepted.
#[test]
fn reduction_keeps_the_words() {
    let n = 4;
    let automaton = rising(n);
    // Every strictly rising word of 1..=4 and nothing else.
    for code in 0..4u32.pow(4) {
        let digits: Vec<u8> = (0..4).map(|i| (code / 4u32.pow(i) % 4 + 1) as u8).collect();
        assert_eq!(automaton.accepts(&digits), digits.windows(2).all(|w| w[0] < w[1]));
    }
    // "[12]*" has one state once minimal.
    assert_eq!(Automaton::from_regex("(1|2)*(1|2)*", 4).unwrap().states(), 1);
}
