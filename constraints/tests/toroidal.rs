//! Toroidal boards (`toroidal = true`): every rule about neighbourhood
//! sees across the edges. Each rule is read from a native file on a
//! toroidal board and tested against its statement on a torus written
//! here with its own modular arithmetic: `check` on random full grids,
//! the count of the 5×5 board with the classic rules (the engine's
//! exhaustive search, brute force through `check`, and the Latin squares
//! enumerated here and filtered by the statement all agree, and the wrap
//! changes the count), and sound propagation on 4×4, 5×5 and 6×6 boards.

use sudokit_constraints::{fpuzzles, iss, native};
use sudokit_core::testkit::{assert_sound, check_search, count_solutions, Soundness};
use sudokit_core::{Cell, Grid, Puzzle};

/// The rules that wrap, as native rule tables, by name ([`tested_on`]
/// says on which board sides).
const RULES: &[(&str, &str)] = &[
    ("anti-king", r#"{ type = "anti-king" }"#),
    ("anti-knight", r#"{ type = "anti-knight" }"#),
    (
        "anti-camel",
        r#"{ type = "chess", name = "anti-camel", moves = [[1, 3]] }"#,
    ),
    ("taxicab 2", r#"{ type = "taxicab", value = 2 }"#),
    ("self-taxicab", r#"{ type = "self-taxicab" }"#),
    ("nonconsecutive", r#"{ type = "nonconsecutive" }"#),
    (
        "diagonal-nonconsecutive",
        r#"{ type = "diagonal-nonconsecutive" }"#,
    ),
    ("knightmare", r#"{ type = "knightmare", sums = [5, 7] }"#),
    ("nonconsecutive-plus", r#"{ type = "nonconsecutive-plus" }"#),
    ("minimum", r#"{ type = "minimum", cells = "r1c1" }"#),
    ("maximum", r#"{ type = "maximum", cells = "r1c2" }"#),
    ("global-modular", r#"{ type = "global-modular" }"#),
    ("global-entropy", r#"{ type = "global-entropy" }"#),
];

/// Whether rule `name` is tested on an `n`×`n` board: the 2×2 class rules
/// need a side divisible by 3.
fn tested_on(name: &str, n: usize) -> bool {
    match name {
        "global-modular" | "global-entropy" => n % 3 == 0,
        "minimum" | "maximum" => n >= 4,
        _ => true,
    }
}

/// The puzzle of rule `rule` on a toroidal `n`×`n` board.
fn puzzle(rule: &str, n: usize, classic: bool, toroidal: bool) -> Puzzle {
    let text = format!("size = {n}\nclassic = {classic}\ntoroidal = {toroidal}\nrules = [{rule}]\n");
    native::read(&text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
        .build()
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Whether the full `grid` keeps rule `name` on a torus, from the rule's
/// statement: neighbours are found by adding a step modulo `n`.
fn keeps(name: &str, n: usize, grid: &Grid) -> bool {
    let ni = n as isize;
    let at = |r: isize, c: isize| {
        let cell = Cell::at(r.rem_euclid(ni) as usize, c.rem_euclid(ni) as usize, n);
        i64::from(grid.get(cell).unwrap())
    };
    let cells = || (0..ni).flat_map(move |r| (0..ni).map(move |c| (r, c)));
    // Every pair of distinct cells a step of `steps` apart (either way).
    let all_pairs = |steps: &[(isize, isize)], ok: &dyn Fn(i64, i64) -> bool| {
        cells().all(|(r, c)| {
            steps.iter().all(|&(dr, dc)| {
                let same = (dr.rem_euclid(ni), dc.rem_euclid(ni)) == (0, 0);
                same || ok(at(r, c), at(r + dr, c + dc))
            })
        })
    };
    let reflections = |a: isize, b: isize| -> Vec<(isize, isize)> {
        let mut out = Vec::new();
        for (x, y) in [(a, b), (b, a)] {
            for sx in [-1, 1] {
                for sy in [-1, 1] {
                    out.push((sx * x, sy * y));
                }
            }
        }
        out
    };
    let king: Vec<(isize, isize)> = reflections(0, 1).into_iter().chain(reflections(1, 1)).collect();
    let orthogonal = reflections(0, 1);
    let diagonal = reflections(1, 1);
    let knight = reflections(1, 2);
    let differ = |x: i64, y: i64| x != y;
    let apart = |x: i64, y: i64| (x - y).abs() != 1;
    // The taxicab distance the shorter way round each direction.
    let ring = |d: isize| d.rem_euclid(ni).min((-d).rem_euclid(ni));
    let taxicab = |ok: &dyn Fn(i64, i64, isize) -> bool| {
        cells().all(|(r, c)| {
            cells()
                .all(|(r2, c2)| (r, c) == (r2, c2) || ok(at(r, c), at(r2, c2), ring(r2 - r) + ring(c2 - c)))
        })
    };
    // An extreme cell against its orthogonal neighbours.
    let extreme = |(r, c): (isize, isize), smaller: bool| {
        orthogonal.iter().all(|&(dr, dc)| {
            let (x, y) = (at(r, c), at(r + dr, c + dc));
            if smaller {
                x < y
            } else {
                x > y
            }
        })
    };
    // Every 2×2 square holds all three classes.
    let squares = |class: &dyn Fn(i64) -> i64| {
        cells().all(|(r, c)| {
            let mut seen = [false; 3];
            for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                seen[class(at(r + dr, c + dc)) as usize] = true;
            }
            seen.iter().all(|&s| s)
        })
    };
    let big = n as i64;
    match name {
        "anti-king" => all_pairs(&king, &differ),
        "anti-knight" => all_pairs(&knight, &differ),
        "anti-camel" => all_pairs(&reflections(1, 3), &differ),
        "taxicab 2" => taxicab(&|x, y, d| d != 2 || x != y),
        "self-taxicab" => taxicab(&|x, y, d| x != y || d != x as isize),
        "nonconsecutive" => all_pairs(&orthogonal, &apart),
        "diagonal-nonconsecutive" => all_pairs(&diagonal, &apart),
        "knightmare" => all_pairs(&knight, &|x, y| x + y != 5 && x + y != 7),
        "nonconsecutive-plus" => all_pairs(&orthogonal, &|x, y| apart(x, y) && (x - y).abs() != big - 1),
        "minimum" => extreme((0, 0), true),
        "maximum" => extreme((0, 1), false),
        "global-modular" => squares(&|d| d % 3),
        "global-entropy" => squares(&|d| (d - 1) * 3 / big),
        other => panic!("no statement of {other}"),
    }
}

/// Every Latin square of side 5 (the classic rules of a 5×5 board, whose
/// regions are its rows), enumerated here cell by cell.
fn latin_squares_of_5() -> Vec<Grid> {
    fn fill(cell: usize, digits: &mut [u8; 25], out: &mut Vec<Grid>) {
        if cell == 25 {
            out.push(Grid::from_values(5, digits.to_vec()).unwrap());
            return;
        }
        let (r, c) = (cell / 5, cell % 5);
        for d in 1..=5 {
            let clash = (0..cell).any(|other| digits[other] == d && (other / 5 == r || other % 5 == c));
            if !clash {
                digits[cell] = d;
                fill(cell + 1, digits, out);
                digits[cell] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(0, &mut [0; 25], &mut out);
    out
}

/// `check` on random full grids says what the statement on a torus says.
#[test]
fn check_agrees_with_the_statement_on_a_torus() {
    let mut rng = fastrand::Rng::with_seed(28);
    for n in [4, 6] {
        for &(name, rule) in RULES.iter().filter(|(name, _)| tested_on(name, n)) {
            let alone = puzzle(rule, n, false, true);
            let mut broken = 0;
            for _ in 0..400 {
                let grid = Grid::from_values(n, (0..n * n).map(|_| rng.u8(1..=n as u8)).collect()).unwrap();
                let expected = keeps(name, n, &grid);
                assert_eq!(
                    alone.check(&grid).is_ok(),
                    expected,
                    "{name} on {n}×{n}: {grid:?}"
                );
                broken += usize::from(!expected);
            }
            assert!(broken > 0, "{name} on {n}×{n}: every random grid keeps it");
        }
    }
}

/// On 5×5 with the classic rules (Latin squares): the engine's exhaustive
/// search (every propagation watched against a solution), brute force
/// through `check`, and the Latin squares enumerated here and filtered by
/// the statement count the same, and the wrap changes the count (but for
/// the rules of [`UNCHANGED_ON_5X5`]).
/// The rules whose 5×5 count the wrap leaves as it is.
/// (Their 5×5 Latin squares are all cyclic, and so keep them across the
/// edges too; [`each_rule_sees_across_the_edges`] tells the two apart.)
const UNCHANGED_ON_5X5: &[&str] = &[
    "anti-king",
    "anti-knight",
    "anti-camel",
    "taxicab 2",
    "nonconsecutive",
    "knightmare",
    "nonconsecutive-plus",
];

#[test]
fn counts_on_a_5x5_torus_match_the_statement() {
    let squares = latin_squares_of_5();
    assert_eq!(squares.len(), 161_280);
    let mut unchanged = Vec::new();
    for &(name, rule) in RULES.iter().filter(|(name, _)| tested_on(name, 5)) {
        let torus = puzzle(rule, 5, true, true);
        let kept: Vec<&Grid> = squares.iter().filter(|g| keeps(name, 5, g)).collect();
        let expected = kept.len() as u64;
        let brute = count_solutions(&torus, 50_000_000, u64::MAX).unwrap();
        assert_eq!(brute, expected, "{name}: brute force through check");
        if let Some(solution) = kept.first() {
            let search = check_search(&torus, solution, 5_000_000).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(search.solutions, expected, "{name}: the engine's search");
        }
        let flat = count_solutions(&puzzle(rule, 5, true, false), 50_000_000, u64::MAX).unwrap();
        println!("{name}: {expected} on the torus, {flat} flat");
        if flat == expected {
            unchanged.push(name);
        }
    }
    assert_eq!(unchanged, UNCHANGED_ON_5X5);
}

/// A rule's name, a board side, and digits placed by cell name.
type Probe = (&'static str, usize, &'static [(&'static str, u8)]);

/// Per rule, digits placed on both sides of an edge (7×7, or 6×6 for the
/// 2×2 class rules) that break it on the torus and not on the flat board.
#[test]
fn each_rule_sees_across_the_edges() {
    let probes: &[Probe] = &[
        ("anti-king", 7, &[("r1c1", 1), ("r7c7", 1)]),
        ("anti-knight", 7, &[("r1c1", 1), ("r2c6", 1)]),
        ("anti-camel", 7, &[("r1c1", 1), ("r2c5", 1)]),
        ("taxicab 2", 7, &[("r1c1", 1), ("r1c6", 1)]),
        ("self-taxicab", 7, &[("r1c1", 2), ("r1c6", 2)]),
        ("nonconsecutive", 7, &[("r1c1", 1), ("r1c7", 2)]),
        ("diagonal-nonconsecutive", 7, &[("r1c1", 1), ("r7c7", 2)]),
        ("knightmare", 7, &[("r1c1", 2), ("r2c6", 3)]),
        ("nonconsecutive-plus", 7, &[("r1c1", 1), ("r1c7", 7)]),
        ("minimum", 7, &[("r1c1", 3), ("r7c1", 2)]),
        ("maximum", 7, &[("r1c2", 3), ("r7c2", 4)]),
        (
            "global-modular",
            6,
            &[("r1c1", 3), ("r1c6", 3), ("r6c1", 3), ("r6c6", 3)],
        ),
        (
            "global-entropy",
            6,
            &[("r1c1", 1), ("r1c6", 1), ("r6c1", 1), ("r6c6", 1)],
        ),
    ];
    assert_eq!(probes.len(), RULES.len());
    for &(name, n, placed) in probes {
        let rule = RULES.iter().find(|(r, _)| *r == name).unwrap().1;
        let mut grid = Grid::empty(n);
        for &(cell, d) in placed {
            let (r, c) = cell[1..].split_once('c').unwrap();
            grid.set(
                Cell::at(
                    r.parse::<usize>().unwrap() - 1,
                    c.parse::<usize>().unwrap() - 1,
                    n,
                ),
                d,
            );
        }
        let flat = puzzle(rule, n, false, false).check(&grid);
        assert!(flat.is_ok(), "{name}: {flat:?}");
        let torus = puzzle(rule, n, false, true).check(&grid);
        assert!(torus.is_err(), "{name}: the torus keeps {grid:?}");
    }
}

#[test]
fn propagation_is_sound_on_a_torus() {
    for (n, classic) in [(4, false), (5, true), (6, true)] {
        for &(name, rule) in RULES.iter().filter(|(name, _)| tested_on(name, n)) {
            let report = assert_sound(
                &puzzle(rule, n, classic, true),
                &Soundness {
                    trials: 20,
                    given: if classic { 0.25 } else { 0.4 },
                    max_nodes: 100_000,
                    ..Soundness::default()
                },
            );
            assert!(report.checked * 4 >= 20 * 3, "{name} on {n}×{n}: {report:?}");
        }
    }
}

/// The flag goes through the native format and back; the formats without
/// a toroidal board refuse it by name rather than drop it.
#[test]
fn the_flag_round_trips_and_other_formats_refuse_it() {
    let text = "size = 4\ntoroidal = true\nrules = [{ type = \"anti-king\" }]\n";
    let spec = native::read(text).unwrap();
    assert!(spec.toroidal);
    let written = native::write(&spec);
    assert!(written.contains("toroidal = true\n"), "{written}");
    assert_eq!(native::read(&written).unwrap(), spec);
    assert!(spec.build().unwrap().geometry().is_toroidal());
    let flat = native::read("size = 4\n").unwrap();
    assert!(!native::write(&flat).contains("toroidal"));

    let err = fpuzzles::to_json(&spec).unwrap_err().to_string();
    assert!(err.contains("toroidal"), "{err}");
    let err = iss::write(&spec).unwrap_err().to_string();
    assert!(err.contains("toroidal"), "{err}");

    let err = native::read("size = 4\ntoroidal = \"yes\"\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("toroidal") && err.contains("true or false"), "{err}");
    let err = native::read("size = 4\nrules = [{ type = \"toroidal\" }]\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("top-level key toroidal = true"), "{err}");
}
