//! `sudokit compare`: the table, its JSON form, timeouts and bad input.

mod common;

use assert_cmd::Command;
use common::{example, shared};
use predicates::prelude::*;

fn sudokit() -> Command {
    Command::cargo_bin("sudokit").unwrap()
}

/// Runs `sudokit compare ARGS`, returning (stdout, stderr, exit code).
fn compare(args: &[&str]) -> (String, String, i32) {
    let out = sudokit().arg("compare").args(args).output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

/// The table with its timing columns (puzzles/s, mean, median and max ms)
/// masked, one ` | ` between columns, so a snapshot holds only what is
/// deterministic: files, strategies, counts, nodes and guesses.
fn mask_timings(table: &str) -> String {
    table
        .lines()
        .map(|line| {
            if let Some(footer) = line
                .split_once(" (")
                .filter(|(start, _)| start.starts_with("Times:"))
            {
                // Thread count and wall time vary from run to run.
                return footer.0.to_string();
            }
            let cells: Vec<&str> = line
                .split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect();
            if cells.len() != 10 {
                return line.to_string();
            }
            cells
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    if (4..8).contains(&i) && !line.starts_with("file") {
                        "#"
                    } else {
                        c
                    }
                })
                .collect::<Vec<_>>()
                .join(" | ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn path(p: std::path::PathBuf) -> String {
    p.to_string_lossy().into_owned()
}

#[test]
fn table_of_files_by_strategies() {
    let four = path(example("4x4.txt"));
    let six = path(example("6x6.txt"));
    let (stdout, stderr, code) = compare(&[
        "--timeout",
        "0",
        "--strategies",
        "propagation,backtracking",
        &four,
        &six,
    ]);
    assert_eq!(code, 0, "{stderr}");
    // Not a terminal: no progress bar, nothing on stderr.
    assert_eq!(stderr, "");
    let masked = mask_timings(&stdout.replace(&four, "4x4.txt").replace(&six, "6x6.txt"));
    insta::assert_snapshot!("compare_table_4x4_6x6", masked);
}

#[test]
fn json_rows_for_machines() {
    let (stdout, _, code) = compare(&[
        "--json",
        "--strategies",
        "propagation,backtracking",
        &path(example("4x4.txt")),
    ]);
    assert_eq!(code, 0);
    let rows: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for (row, strategy) in rows.iter().zip(["propagation", "backtracking"]) {
        assert_eq!(row["strategy"], strategy);
        assert!(row["file"].as_str().unwrap().ends_with("4x4.txt"));
        assert_eq!(
            (row["total"].as_u64(), row["solved"].as_u64()),
            (Some(3), Some(3))
        );
        assert_eq!(
            (row["timeouts"].as_u64(), row["wrong"].as_u64()),
            (Some(0), Some(0))
        );
        for key in [
            "puzzles_per_second",
            "mean_ms",
            "median_ms",
            "max_ms",
            "nodes_per_puzzle",
            "guesses_per_puzzle",
        ] {
            assert!(row[key].as_f64().is_some_and(|x| x >= 0.0), "{key}: {}", row[key]);
        }
    }
    // Backtracking needs more nodes than propagation: that is the point.
    assert!(rows[1]["nodes_per_puzzle"].as_f64() > rows[0]["nodes_per_puzzle"].as_f64());
}

#[test]
fn a_runaway_puzzle_times_out_instead_of_hanging() {
    // top95 #71 takes the baseline over 100M nodes.
    let line = std::fs::read_to_string(shared("classic/top95.txt"))
        .unwrap()
        .lines()
        .nth(70)
        .unwrap()
        .to_string();
    let started = std::time::Instant::now();
    let out = sudokit()
        .args([
            "compare",
            "--json",
            "--timeout",
            "0.2",
            "--strategies",
            "backtracking,propagation",
            "-",
        ])
        .write_stdin(line)
        .output()
        .unwrap();
    assert!(
        started.elapsed().as_secs_f64() < 10.0,
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(out.status.code(), Some(0));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows[0]["file"], "<stdin>");
    assert_eq!(
        (rows[0]["timeouts"].as_u64(), rows[0]["solved"].as_u64()),
        (Some(1), Some(0))
    );
    assert!(rows[0]["max_ms"].as_f64().unwrap() < 2000.0);
    assert_eq!(
        (rows[1]["timeouts"].as_u64(), rows[1]["solved"].as_u64()),
        (Some(0), Some(1))
    );
}

#[test]
fn all_registered_strategies_by_default() {
    let (stdout, _, code) = compare(&[&path(example("4x4.txt"))]);
    assert_eq!(code, 0);
    // auto only repeats bitboard or propagation: not run by default.
    for name in sudokit::solvers::STRATEGY_NAMES {
        assert_eq!(
            stdout.lines().any(|l| l.split_whitespace().nth(1) == Some(name)),
            *name != "auto",
            "{name}:\n{stdout}"
        );
    }
}

#[test]
fn malformed_puzzles_are_counted_and_reported() {
    let grid2 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let input = format!("{grid2}\n{}\n", &grid2[..80]);
    let out = sudokit()
        .args(["compare", "--strategies", "propagation", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains(" 1/2 "), "{stdout}");
    assert!(stdout.contains("<stdin> · propagation: 1 malformed"), "{stdout}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("<stdin>: line 2: found 80 cells"), "{stderr}");
}

#[test]
fn bad_invocations_exit_2() {
    sudokit()
        .args(["compare", "--strategies", "propagation,magic"])
        .arg(example("4x4.txt"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown strategy 'magic' (available: auto, bitboard, propagation",
        ));
    for bad in ["--timeout=-1", "--timeout=NaN", "--timeout=abc"] {
        sudokit()
            .args(["compare", bad])
            .arg(example("4x4.txt"))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "expected a number of seconds (0 for none)",
            ));
    }
    sudokit()
        .args(["compare", "does-not-exist.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read does-not-exist.txt"));
}
