//! `sudokit generate` and `sudokit experiment heavy-tail`: unique puzzles
//! checked by a second strategy, minimality, symmetry, templates, seeds.

mod common;

use common::run_sudokit;
use sudokit::constraints::classic_puzzle;
use sudokit::core::format::{parse_grids, ParseOptions};
use sudokit::core::{Cell, Grid, Puzzle};
use sudokit::solvers::generate::Symmetry;
use sudokit::solvers::{Dlx, Limits, Strategy};
use sudokit::{read_puzzles, InputFormat, ReadOptions};

fn grid(line: &str) -> Grid {
    parse_grids(line, &ParseOptions::default())
        .remove(0)
        .unwrap()
        .grid
}

/// Solutions counted by DLX, not the propagation search that generated.
fn dlx_count(puzzle: &Puzzle) -> u64 {
    Dlx.count(puzzle, &Limits::solutions(2)).unwrap().count
}

/// Every given is needed: taking any one away (with its symmetric partner)
/// leaves several solutions.
fn assert_minimal(puzzle: &Puzzle, symmetry: Symmetry) {
    let n = puzzle.size();
    for i in 0..n * n {
        let cell = Cell(i as u16);
        if puzzle.givens().get(cell).is_none() {
            continue;
        }
        let mut fewer = puzzle.givens().clone();
        symmetry.orbit(cell, n).iter().for_each(|&c| fewer.set(c, 0));
        let smaller = puzzle.clone().with_givens(fewer).unwrap();
        assert_eq!(dlx_count(&smaller), 2, "{} is not needed", cell.name(n));
    }
}

#[test]
fn unique_puzzles_are_unique_minimal_and_symmetric() {
    for symmetry in ["none", "rotational", "mirror"] {
        let (out, err, code) = run_sudokit(
            &[
                "generate",
                "unique",
                "--count",
                "3",
                "--seed",
                "5",
                "--symmetry",
                symmetry,
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        let symmetry = Symmetry::by_name(symmetry).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        for line in lines {
            let puzzle = classic_puzzle(grid(line)).unwrap();
            assert_eq!(dlx_count(&puzzle), 1, "{line}");
            assert_minimal(&puzzle, symmetry);
            for i in 0..81u16 {
                let given = puzzle.givens().get(Cell(i)).is_some();
                for &image in &symmetry.orbit(Cell(i), 9) {
                    assert_eq!(
                        puzzle.givens().get(image).is_some(),
                        given,
                        "{line}: not {symmetry}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles_on_any_number_of_threads() {
    let args = |jobs: &'static str| {
        [
            "generate", "unique", "--count", "6", "--size", "6", "--seed", "9", "--jobs", jobs,
        ]
    };
    let (one, _, _) = run_sudokit(&args("1"), "");
    let (two, _, _) = run_sudokit(&args("2"), "");
    assert_eq!(one, two);
    assert_eq!(one.lines().count(), 6);
    for line in one.lines() {
        let puzzle = classic_puzzle(
            parse_grids(line, &ParseOptions { size: Some(6) })
                .remove(0)
                .unwrap()
                .grid,
        )
        .unwrap();
        assert_eq!(dlx_count(&puzzle), 1, "{line}");
    }
}

/// Norvig's random puzzles, and what `--check` says about them, against DLX.
#[test]
fn random_puzzles_say_how_many_solutions_they_have() {
    let (out, err, code) = run_sudokit(
        &["generate", "random", "--count", "20", "--seed", "3", "--check"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    for line in out.lines() {
        let (givens, note) = line.split_once("  # ").unwrap();
        let puzzle = classic_puzzle(grid(givens)).unwrap();
        assert!(puzzle.givens().values().iter().filter(|&&d| d != 0).count() >= 17);
        let expected = match dlx_count(&puzzle) {
            0 => "no solution",
            1 => "unique",
            _ => "several solutions",
        };
        assert_eq!(note, expected, "{line}");
    }
}

/// A variant template keeps its rules; the Miracle Sudoku's rules need two
/// givens at least, and the generated ones are unique for DLX too.
#[test]
fn a_template_keeps_its_rules() {
    let template = common::example("miracle.toml");
    let (out, err, code) = run_sudokit(
        &["generate", "unique", "--seed", "4", template.to_str().unwrap()],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let read = read_puzzles(&out, InputFormat::Native, &ReadOptions::default())
        .remove(0)
        .unwrap();
    let names: Vec<String> = read
        .puzzle
        .constraints()
        .iter()
        .map(|c| c.name().into_owned())
        .collect();
    assert!(names.iter().any(|n| n == "anti-knight"), "{names:?}");
    assert_eq!(dlx_count(&read.puzzle), 1);
    assert_minimal(&read.puzzle, Symmetry::None);
}

#[test]
fn a_grade_range_is_honoured() {
    let (out, err, code) = run_sudokit(
        &[
            "generate", "unique", "--count", "2", "--seed", "8", "--grade", "..2.3",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let (graded, _, _) = run_sudokit(&["grade", "--json"], &out);
    for line in graded.lines() {
        let json: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(json["score"].as_f64().unwrap() <= 2.3, "{line}");
    }
    let (_, err, code) = run_sudokit(&["generate", "unique", "--grade", "5..3"], "");
    assert_eq!(code, 2);
    assert!(err.contains("empty range"), "{err}");
}

#[test]
fn heavy_tail_prints_norvigs_table_and_draws_the_histogram() {
    let svg = std::env::temp_dir().join(format!("sudokit-heavy-tail-{}.svg", std::process::id()));
    let (out, err, code) = run_sudokit(
        &[
            "experiment",
            "heavy-tail",
            "--count",
            "150",
            "--svg",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    for order in ["deterministic", "random order"] {
        let table: Vec<&str> = out
            .split(&format!("{order}: solve times in ms\n"))
            .nth(1)
            .unwrap()
            .lines()
            .take(4)
            .collect();
        let sizes: Vec<&str> = table[1..]
            .iter()
            .map(|l| l.split_whitespace().next().unwrap())
            .collect();
        assert_eq!(sizes, ["10", "100", "150"], "{out}");
    }
    assert!(out.contains("slowest (deterministic): "), "{out}");
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(
        drawn.starts_with("<svg") && drawn.contains("random order"),
        "{drawn}"
    );
    let _ = std::fs::remove_file(svg);
}

/// Rules strong enough for one solution need no givens, and say so.
#[test]
fn rules_alone_can_need_no_givens() {
    let template = common::example("hintless.toml");
    let (out, err, code) = run_sudokit(
        &["generate", "unique", "--seed", "1", template.to_str().unwrap()],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("no givens are needed"), "{err}");
    let read = read_puzzles(&out, InputFormat::Native, &ReadOptions::default())
        .remove(0)
        .unwrap();
    assert!(read.puzzle.givens().values().iter().all(|&d| d == 0), "{out}");
    assert_eq!(dlx_count(&read.puzzle), 1);
}

/// Starts `sudokit generate ARGS` with its output piped.
fn spawn_generate(args: &[&str]) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .arg("generate")
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// `generate` streams (issue 31, item 3): with a count no memory could
/// hold, the first puzzles come out at once and a reader that goes away
/// ends the run quietly; Ctrl-C keeps every puzzle printed, each whole and
/// unique, and exits 130.
#[cfg(unix)]
#[test]
fn generate_streams_any_count_and_keeps_its_output_on_ctrl_c() {
    use std::io::{BufRead, BufReader};
    let huge = u64::MAX.to_string();
    for kind in ["random", "unique"] {
        let mut child = spawn_generate(&[kind, "--count", &huge, "--seed", "5", "--jobs", "2"]);
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = lines.next().unwrap().unwrap();
        assert_eq!(grid(&first).size(), 9, "{first}");
        drop(lines);
        let status = child.wait().unwrap();
        assert_eq!(
            status.code(),
            Some(0),
            "{kind}: a closed pipe ends the run quietly"
        );
    }
    let mut child = spawn_generate(&["unique", "--count", "1000000", "--seed", "6", "--jobs", "2"]);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut printed = Vec::new();
    for _ in 0..3 {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        printed.push(line);
    }
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted: "), "{stderr}");
    printed.extend(rest.lines().map(|l| format!("{l}\n")));
    assert!(printed.len() < 1_000_000);
    for line in &printed {
        assert!(line.ends_with('\n'), "a whole line: {line:?}");
        let puzzle = classic_puzzle(grid(line.trim())).unwrap();
        assert_eq!(dlx_count(&puzzle), 1, "{line}");
    }
}

/// Failures are said on standard error, never among the puzzles on
/// standard output (issue 31, item 6); rules with no solution exit 1.
#[test]
fn generate_errors_go_to_standard_error() {
    let template = common::shared("variants/err-6x6-thermometer-too-long-no-solution.json");
    let (out, err, code) = run_sudokit(
        &[
            "generate",
            "unique",
            "--count",
            "3",
            "--seed",
            "1",
            template.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, "", "nothing but puzzles on standard output");
    assert!(err.contains("puzzle 1: the rules have no solution"), "{err}");
}

/// `--output-dir` does not overwrite the files of an earlier run unless
/// `--force` (issue 31, item 6).
#[test]
fn output_dir_keeps_existing_files_unless_forced() {
    let dir = std::env::temp_dir().join(format!("sudokit-output-dir-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let args = |seed: &'static str, force: bool| {
        let mut args = vec![
            "generate",
            "unique",
            "--count",
            "2",
            "--seed",
            seed,
            "--output-dir",
        ];
        args.push(dir.to_str().unwrap());
        if force {
            args.push("--force");
        }
        run_sudokit(&args, "")
    };
    let first = dir.join("puzzle-0001.txt");
    let (_, err, code) = args("1", false);
    assert_eq!(code, 0, "{err}");
    let kept = std::fs::read_to_string(&first).unwrap();
    let (_, err, code) = args("2", false);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("puzzle-0001.txt exists (--force replaces it)"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&first).unwrap(), kept);
    let (_, err, code) = args("2", true);
    assert_eq!(code, 0, "{err}");
    assert_ne!(std::fs::read_to_string(&first).unwrap(), kept);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `experiment heavy-tail` takes any count up to its documented bound
/// (it used to panic "capacity overflow"), and Ctrl-C prints the table of
/// the puzzles solved so far and exits 130 (issue 31, item 3).
#[cfg(unix)]
#[test]
fn heavy_tail_is_bounded_and_keeps_its_table_on_ctrl_c() {
    let (_, err, code) = run_sudokit(
        &["experiment", "heavy-tail", "--count", &u64::MAX.to_string()],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("from 1 to 10000000 puzzles"), "{err}");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["experiment", "heavy-tail", "--count", "10000000", "--jobs", "2"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("the table holds the "), "{stderr}");
    let last_n: usize = stdout
        .split("deterministic: solve times in ms\n")
        .nth(1)
        .unwrap()
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("slowest"))
        .last()
        .and_then(|l| l.split_whitespace().next())
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..10_000_000).contains(&last_n), "{stdout}");
    assert!(stdout.contains("slowest (random order): "), "{stdout}");
}
