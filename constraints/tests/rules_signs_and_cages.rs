//! Inequality signs, lockout lines, the cages beyond the killer cage
//! (digits that repeat, several sums, rellik), lunchboxes, knightmare and NC+ through
//! the testkit: sound propagation (brute force on 4×4 and 6×6 boards, alone
//! and with the classic rules), snapshots of what each removes and why,
//! `check` against an independent reading of each rule on random full
//! grids, and the solution count of a small board by propagation and search
//! against brute force through `check` alone.

mod common;

use sudokit_constraints::{
    Adjacency, Forbidden, GreaterThan, LockoutLine, Lunchbox, MultiSumCage, Negative, RellikCage,
    RepeatingCage, SumLine,
};
use sudokit_core::testkit::{count_solutions, propagate, Soundness};
use sudokit_core::{Cell, Constraint, Geometry, Grid};

/// Every rule of this file on an `n`×`n` board (n ≥ 4), by name.
fn every_rule(n: usize) -> Vec<(&'static str, Box<dyn Constraint>)> {
    let at = |r: usize, c: usize| Cell::at(r, c, n);
    let big = n as u32;
    vec![
        ("greater than", Box::new(GreaterThan::new(at(0, 0), at(0, 1)))),
        (
            "greater than across a box",
            Box::new(GreaterThan::new(at(1, 1), at(2, 1))),
        ),
        (
            "lockout line",
            Box::new(LockoutLine::new(
                [at(0, 0), at(1, 0), at(2, 1), at(3, 2)],
                LockoutLine::default_gap(n),
            )),
        ),
        (
            "lockout line of two",
            Box::new(LockoutLine::new([at(1, 2), at(1, 3)], 2)),
        ),
        (
            "repeating cage",
            Box::new(RepeatingCage::new([at(0, 0), at(1, 1), at(2, 2)], big + 1)),
        ),
        (
            "multi-sum cage",
            Box::new(MultiSumCage::new([at(0, 1), at(0, 2), at(1, 2)], [6, 2 * big])),
        ),
        (
            "rellik cage",
            Box::new(RellikCage::new([at(2, 0), at(3, 0), at(3, 1)], 2 * big)),
        ),
        (
            "sum line",
            Box::new(SumLine::new([at(0, 0), at(1, 1), at(2, 2), at(3, 3)], big + 1)),
        ),
        (
            // A stretch may wrap from the last cell into the first.
            "sum loop",
            Box::new(SumLine::closed(
                [at(0, 0), at(0, 1), at(1, 1), at(2, 1), at(2, 0), at(1, 0)],
                big + 1,
            )),
        ),
        (
            "lunchbox",
            Box::new(Lunchbox::new([at(0, 0), at(1, 1), at(2, 2), at(3, 3)], 2)),
        ),
        (
            "lunchbox of zero",
            Box::new(Lunchbox::new([at(0, 0), at(1, 2), at(3, 1)], 0)),
        ),
        (
            "knightmare",
            Box::new(Negative::new(
                "knightmare",
                Forbidden::Sums(vec![5, n as u16 + 1]),
                Adjacency::Knight,
            )),
        ),
        (
            "nonconsecutive plus",
            Box::new(Negative::new(
                "nonconsecutive plus",
                Forbidden::ConsecutiveWrapping(n as u8),
                Adjacency::Orthogonal,
            )),
        ),
    ]
}

fn sound_on_small_boards(classic: bool, options: &Soundness) {
    common::sound_on_small_boards(|g: &Geometry| every_rule(g.size()), classic, options);
}

#[test]
fn every_rule_propagates_soundly_with_the_classic_rules() {
    sound_on_small_boards(
        true,
        &Soundness {
            trials: 100,
            ..Soundness::default()
        },
    );
}

#[test]
fn every_rule_propagates_soundly_alone() {
    sound_on_small_boards(false, &common::alone(100));
}

/// Whether a full grid keeps the rule named `name` (as [`every_rule`]
/// builds it), read straight from the rule's statement.
fn keeps(name: &str, n: usize, grid: &Grid) -> bool {
    let at = |r: usize, c: usize| u32::from(grid.get(Cell::at(r, c, n)).unwrap());
    let big = n as u32;
    let distinct = |digits: &[u32]| {
        let mut sorted = digits.to_vec();
        sorted.sort_unstable();
        sorted.windows(2).all(|w| w[0] != w[1])
    };
    // Every sum of a non-empty subset.
    let subset_sums = |digits: &[u32]| -> Vec<u32> {
        (1..1u32 << digits.len())
            .map(|m| {
                (0..digits.len())
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| digits[i])
                    .sum()
            })
            .collect()
    };
    let pairs_apart = |moves: &[(isize, isize)]| {
        let mut out = Vec::new();
        for r in 0..n as isize {
            for c in 0..n as isize {
                for &(dr, dc) in moves {
                    let (r2, c2) = (r + dr, c + dc);
                    if (0..n as isize).contains(&r2) && (0..n as isize).contains(&c2) {
                        out.push((at(r as usize, c as usize), at(r2 as usize, c2 as usize)));
                    }
                }
            }
        }
        out
    };
    match name {
        "greater than" => at(0, 0) > at(0, 1),
        "greater than across a box" => at(1, 1) > at(2, 1),
        "lockout line" | "lockout line of two" => {
            let (line, gap) = if name == "lockout line" {
                (vec![at(0, 0), at(1, 0), at(2, 1), at(3, 2)], big / 2)
            } else {
                (vec![at(1, 2), at(1, 3)], 2)
            };
            let (a, z) = (line[0], line[line.len() - 1]);
            a.abs_diff(z) >= gap
                && line[1..line.len() - 1]
                    .iter()
                    .all(|&d| d < a.min(z) || d > a.max(z))
        }
        "repeating cage" => at(0, 0) + at(1, 1) + at(2, 2) == big + 1,
        "multi-sum cage" => {
            let digits = [at(0, 1), at(0, 2), at(1, 2)];
            let sum: u32 = digits.iter().sum();
            distinct(&digits) && (sum == 6 || sum == 2 * big)
        }
        "rellik cage" => {
            let digits = [at(2, 0), at(3, 0), at(3, 1)];
            distinct(&digits) && !subset_sums(&digits).contains(&(2 * big))
        }
        "sum line" => {
            // Some cut of the line into stretches of n + 1: try every set of cuts.
            let digits = [at(0, 0), at(1, 1), at(2, 2), at(3, 3)];
            (0..1u32 << (digits.len() - 1)).any(|cuts| {
                let mut sum = 0;
                digits.iter().enumerate().all(|(i, &d)| {
                    sum += d;
                    let cut = i == digits.len() - 1 || cuts >> i & 1 == 1;
                    if cut {
                        std::mem::take(&mut sum) == big + 1
                    } else {
                        true
                    }
                })
            })
        }
        "sum loop" => {
            // Some start around the loop and some cut of the line from it.
            let digits = [at(0, 0), at(0, 1), at(1, 1), at(2, 1), at(2, 0), at(1, 0)];
            (0..digits.len()).any(|start| {
                let line: Vec<u32> = (0..digits.len())
                    .map(|i| digits[(start + i) % digits.len()])
                    .collect();
                (0..1u32 << (line.len() - 1)).any(|cuts| {
                    let mut sum = 0;
                    line.iter().enumerate().all(|(i, &d)| {
                        sum += d;
                        let cut = i == line.len() - 1 || cuts >> i & 1 == 1;
                        !cut || std::mem::take(&mut sum) == big + 1
                    })
                })
            })
        }
        "lunchbox" | "lunchbox of zero" => {
            let (digits, sum) = if name == "lunchbox" {
                (vec![at(0, 0), at(1, 1), at(2, 2), at(3, 3)], 2)
            } else {
                (vec![at(0, 0), at(1, 2), at(3, 1)], 0)
            };
            if !distinct(&digits) {
                return false;
            }
            let place = |d: u32| digits.iter().position(|&x| x == d).unwrap();
            let (low, high) = (
                place(*digits.iter().min().unwrap()),
                place(*digits.iter().max().unwrap()),
            );
            let between: u32 = digits[low.min(high) + 1..low.max(high)].iter().sum();
            between == sum
        }
        "knightmare" => pairs_apart(&[(1, 2), (2, 1), (1, -2), (2, -1)])
            .iter()
            .all(|&(x, y)| x + y != 5 && x + y != big + 1),
        "nonconsecutive plus" => pairs_apart(&[(0, 1), (1, 0)]).iter().all(|&(x, y)| {
            let d = x.abs_diff(y);
            d != 1 && d != big - 1
        }),
        other => panic!("no reading of {other}"),
    }
}

/// `check` (and `accepts_placement`) on random full grids says what the
/// rule's statement says, and both verdicts turn up.
#[test]
fn check_agrees_with_the_statement_on_full_grids() {
    common::check_agrees_with_the_statement(every_rule, keeps, 28);
}

/// On the 4×4 board with the classic rules and each rule alone, the
/// engine's exhaustive search (every propagation watched against a
/// solution) counts what brute force through `check` counts, and the rule
/// rules something out.
#[test]
fn each_rule_counts_what_brute_force_counts_on_4x4() {
    // No classic 4×4 grid is non-consecutive, with or without the wrap
    // from 4 to 1.
    common::counts_match_brute_force_on_4x4(every_rule(4), &["nonconsecutive plus"]);
}

fn snapshot(rules: Vec<Box<dyn Constraint>>, n: usize, candidates: &str) -> String {
    let geometry = Geometry::square(n).unwrap();
    propagate(&geometry, rules, candidates).unwrap().to_string()
}

#[test]
fn snapshot_signs_and_lockout_lines() {
    let at = |r, c| Cell::at(r, c, 9);
    insta::assert_snapshot!(snapshot(
        vec![
            Box::new(GreaterThan::new(at(0, 0), at(0, 1))),
            Box::new(GreaterThan::new(at(0, 1), at(0, 2))),
            Box::new(LockoutLine::new([at(2, 0), at(2, 1), at(2, 2), at(3, 2)], 4)),
            Box::new(LockoutLine::new([at(5, 0), at(6, 0), at(7, 0)], 7)),
        ],
        9,
        ". . . . . . . . .
         . . . . . . . . .
         3 . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . ."
    ));
}

#[test]
fn snapshot_repeating_multi_sum_and_rellik_cages() {
    let at = |r, c| Cell::at(r, c, 9);
    insta::assert_snapshot!(snapshot(
        vec![
            Box::new(RepeatingCage::new([at(0, 0), at(1, 1)], 3)),
            Box::new(MultiSumCage::new([at(3, 0), at(3, 1)], [3, 17])),
            Box::new(RellikCage::new([at(5, 0), at(5, 1), at(5, 2)], 4)),
            Box::new(SumLine::new([at(7, 0), at(7, 1), at(7, 2), at(8, 2)], 6)),
        ],
        9,
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . 5 . . . . . . .
         . . . . . . . . .
         . . 4 . . . . . .
         . . . . . . . . ."
    ));
}

#[test]
fn snapshot_lunchboxes() {
    let at = |r, c| Cell::at(r, c, 9);
    insta::assert_snapshot!(snapshot(
        vec![
            // Three cells summing 8 inside: the crust is the two ends, the
            // middle is 8, so one end is 9.
            Box::new(Lunchbox::new([at(0, 0), at(0, 1), at(0, 2)], 8)),
            // Four cells, 5 at the second, nothing between the crust: the
            // crust is two neighbours, the other two lie between them.
            Box::new(Lunchbox::new([at(2, 0), at(2, 1), at(2, 2), at(2, 3)], 0)),
            // Eight cells of a row, 35 between the crust: the crust is 1
            // and 8, 1 and 9, or 2 and 9.
            Box::new(Lunchbox::new((0..8).map(|c| at(4, c)), 30)),
        ],
        9,
        ". . . . . . . . .
         . . . . . . . . .
         . 5 . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . ."
    ));
}

#[test]
fn snapshot_knightmare_and_nonconsecutive_plus() {
    insta::assert_snapshot!(snapshot(
        vec![
            Box::new(Negative::new(
                "knightmare",
                Forbidden::Sums(vec![5, 15]),
                Adjacency::Knight,
            )),
            Box::new(Negative::new(
                "nonconsecutive plus",
                Forbidden::ConsecutiveWrapping(9),
                Adjacency::Orthogonal,
            )),
        ],
        9,
        ". . . . . . . . .
         . . . . . . . . .
         . . 7 . . . . . .
         . . . . . . . . .
         . . . . . . 1 . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . ."
    ));
}

/// f-puzzles' `lockout` key: lines whose diamonds differ by half the side
/// (4 on 9×9) unless the entry gives its own value; written back the same.
#[test]
fn lockout_lines_are_read_from_f_puzzles() {
    use sudokit_constraints::fpuzzles;
    let grid = vec![vec![serde_json::json!({}); 9]; 9];
    let json = serde_json::json!({
        "size": 9,
        "grid": grid,
        "lockout": [
            { "lines": [["R1C1", "R2C2", "R3C3"]] },
            { "lines": [["R9C1", "R9C2"]], "value": "6" },
        ],
    })
    .to_string();
    let import = fpuzzles::read(&json).unwrap();
    let rules = &import.spec.rules;
    assert_eq!(rules.len(), 2, "{rules:?}");
    assert_eq!(rules[0].name(), "lockout");
    assert_eq!(rules[0].cells("cells"), [Cell(0), Cell(10), Cell(20)]);
    assert_eq!(rules[0].number("value"), None);
    assert_eq!(rules[1].number("value"), Some(6));
    let puzzle = import.spec.build().unwrap();
    let names: Vec<String> = puzzle
        .constraints()
        .iter()
        .map(|c| c.name().into_owned())
        .collect();
    assert!(names.contains(&"lockout line 4".to_string()), "{names:?}");
    assert!(names.contains(&"lockout line 6".to_string()), "{names:?}");
    let back = fpuzzles::read(&fpuzzles::to_json(&import.spec).unwrap()).unwrap();
    assert_eq!(back.spec.rules, import.spec.rules);
    // A value the board cannot hold is refused where it stands.
    let bad = json.replace("\"6\"", "\"9\"");
    let err = fpuzzles::read(&bad).unwrap_err();
    assert!(err.to_string().contains("lockout[1].value"), "{err}");
}

/// Published puzzles of these rules (each file names its source): the
/// rules' `check` accepts the published solution, and the engine's
/// exhaustive search (every propagation watched against that solution)
/// finds it and no other.
#[test]
fn published_puzzles_have_their_published_solution_alone() {
    let puzzles = [
        (
            include_str!("puzzles/lockout-lines.toml"),
            "563814729489752316271693548627189453148536297395427861934271685752968134816345972",
        ),
        (
            include_str!("puzzles/rellik-cages.toml"),
            "213564564321641235325146136452452613",
        ),
        (
            include_str!("puzzles/fortress.toml"),
            "437182596681795324295364718328576149164938275759241863843627951912453687576819432",
        ),
        (
            include_str!("puzzles/lunchbox.toml"),
            "812436597375912648964785213581243769437569821296871435648397152759124386123658974",
        ),
        (
            include_str!("puzzles/neighbour-sums.toml"),
            "439821756157693284862475139596738421278514693341962578623187945984256317715349862",
        ),
    ];
    for (text, solution) in puzzles {
        common::has_its_published_solution_alone(text, solution);
    }
}

/// Rules that cannot be read or built say what is wrong and where; a rule
/// that merely has no solution is an answer.
#[test]
fn bad_rules_get_clear_errors() {
    use sudokit_constraints::native;
    let read = |rule: &str| native::read(&format!("size = 4\nrules = [{rule}]\n"));
    let build = |rule: &str| {
        read(rule)
            .map_err(|e| e.to_string())?
            .build()
            .map_err(|e| e.to_string())
    };
    let err = build(r#"{ type = "lockout", cells = "r1c1" }"#).unwrap_err();
    assert!(err.contains("at least its two diamonds"), "{err}");
    let err = read(r#"{ type = "lockout", cells = "r1c1 r1c2", value = 4 }"#).unwrap_err();
    assert!(err.to_string().contains("rules[1].value"), "{err}");
    let err = read(r#"{ type = "greater-than", cells = "r1c1 r1c1" }"#).unwrap_err();
    assert!(err.to_string().contains("rules[1].cells"), "{err}");
    let err = read(r#"{ type = "multi-sum-cage", cells = "r1c1 r1c2", sums = [] }"#).unwrap_err();
    assert!(err.to_string().contains("rules[1].sums"), "{err}");
    let err = read(r#"{ type = "rellik-cage", cells = "r1c1 r1c2", sum = 0 }"#).unwrap_err();
    assert!(err.to_string().contains("rules[1].sum"), "{err}");
    let err = build(r#"{ type = "lunchbox", cells = "r1c1", sum = 0 }"#).unwrap_err();
    assert!(err.contains("a lunchbox needs at least 2"), "{err}");
    let err = read(r#"{ type = "lunchbox", cells = "r1c1 r1c2", sum = 11 }"#).unwrap_err();
    assert!(err.to_string().contains("rules[1].sum"), "{err}");
    // A sum line of 4 cells cannot reach 17 on 4×4: no solution, no error.
    let puzzle = build(r#"{ type = "sum-line", cells = "r1c1 r1c2 r1c3 r1c4", sum = 17 }"#).unwrap();
    let start = vec![sudokit_core::Digits::<u128>::full(4); 16];
    let report = sudokit_core::testkit::propagate_from(&puzzle, &start);
    let contradiction = report.contradiction.unwrap();
    assert!(contradiction.contains("sum line 17"), "{contradiction}");
    assert_eq!(count_solutions(&puzzle, 1_000_000, u64::MAX), Some(0));
}
