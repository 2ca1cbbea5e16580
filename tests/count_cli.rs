//! `sudokit count`: exact counts, one line per puzzle, `at least N` with exit
//! code 1 at the time limit, and Ctrl-C for the count so far (exit 130).

mod common;

use common::{example, run_sudokit as run};

const EMPTY_9: &str = ".................................................................................";
const GRID2: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn empty_boards_have_their_known_counts() {
    let (stdout, stderr, code) = run(&["count"], "................\n");
    assert_eq!(stdout, "288\n");
    assert_eq!(code, 3, "several solutions, as for solve --count");
    assert!(stderr.contains("Counted 1 of 1 puzzle exactly"), "{stderr}");
    let (stdout, _, code) = run(&["count"], &format!("{}\n", ".".repeat(36)));
    assert_eq!((stdout.as_str(), code), ("28200960\n", 3));
}

#[test]
fn counts_agree_with_solve_count_all() {
    // grid2 (unique), then with givens removed: 794 and 47,688 solutions;
    // Project Euler's first grid without its 1s and 2s: digit symmetry.
    let puzzles = [
        GRID2,
        "4.....8.5.3..........7......2.....6.....8........1.......6.3.7.5..2.....1.4......",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........",
        "..3...6..9..3.5......8.64....8...9..7.......8..67.8......6.95..8....3..9..5...3..",
    ];
    let input = puzzles.join("\n");
    let (counted, _, code) = run(&["count"], &input);
    let (solved, _, _) = run(&["solve", "--count", "--all"], &input);
    // `--all` separates its answers by blank lines.
    assert_eq!(counted, solved.replace("\n\n", "\n"));
    assert_eq!(counted, "1\n794\n47688\n492\n");
    assert_eq!(code, 3);
    for strategy in ["dlx", "sat"] {
        let (other, _, _) = run(&["count", "--strategy", strategy], &input);
        assert_eq!(other, counted, "{strategy}");
    }
}

#[test]
fn unique_no_solution_and_bad_input_exit_as_solve_does() {
    let (stdout, _, code) = run(&["count"], GRID2);
    assert_eq!((stdout.as_str(), code), ("1\n", 0));
    let clash = format!("11{}", &EMPTY_9[2..]);
    let (stdout, _, code) = run(&["count"], &clash);
    assert_eq!((stdout.as_str(), code), ("0\n", 1));
    let (stdout, stderr, code) = run(&["count"], &format!("{GRID2}\n123\n"));
    assert!(stdout.starts_with("1\nerror: "), "{stdout}");
    assert!(stderr.contains("line 2"), "{stderr}");
    assert_eq!(code, 2);
    let (_, stderr, code) = run(&["count", "--strategy", "magic"], GRID2);
    assert!(stderr.contains("unknown strategy 'magic'"), "{stderr}");
    assert_eq!(code, 2);
}

#[test]
fn a_time_limit_prints_a_lower_bound_and_exits_1() {
    let started = std::time::Instant::now();
    let (stdout, _, code) = run(&["count", "--timeout", "0.3"], &format!("{EMPTY_9}\n{GRID2}\n"));
    assert!(started.elapsed().as_secs_f64() < 5.0);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    let bound = lines[0]
        .strip_prefix("at least ")
        .and_then(|rest| rest.strip_suffix(" (stopped: time limit)"))
        .unwrap_or_else(|| panic!("{stdout}"));
    let bound: u128 = bound.parse().unwrap();
    assert!(bound > 0 && bound % 362_880 == 0, "representatives × 9!: {bound}");
    assert_eq!(lines[1], "1", "the next puzzle is counted");
    assert_eq!(code, 1);
}

#[test]
fn json_has_one_object_per_puzzle() {
    let euler = "..3...6..9..3.5......8.64....8...9..7.......8..67.8......6.95..8....3..9..5...3..";
    let (stdout, _, code) = run(&["count", "--json"], &format!("{euler}\n{GRID2}\n"));
    let lines: Vec<serde_json::Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["count"], 492);
    assert_eq!(lines[0]["exact"], true);
    assert_eq!(lines[0]["stop"], "exhausted");
    assert_eq!(lines[0]["symmetry"]["factor"], 2);
    assert_eq!(lines[0]["symmetry"]["classes"], serde_json::json!([[1, 2]]));
    assert_eq!(lines[0]["symmetry"]["house"], "column 6");
    assert_eq!(lines[1]["count"], 1);
    assert!(lines[1]["symmetry"].is_null());
    assert_eq!(code, 3);
}

#[test]
fn variant_files_are_counted() {
    let (stdout, _, code) = run(&["count"], "");
    assert!(
        stdout.starts_with("error: <stdin>: no puzzle found"),
        "nothing to count: {stdout}"
    );
    assert_eq!(code, 2);
    let miracle = example("miracle.toml");
    let two = example("kropki-two-solutions.toml");
    let out = assert_cmd::Command::cargo_bin("sudokit")
        .unwrap()
        .args(["count", "--verbose"])
        .arg(&miracle)
        .arg(&two)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stdout, "1\n2\n");
    assert!(stderr.contains("no digit symmetry"), "{stderr}");
    assert_eq!(out.status.code(), Some(3));
}

/// Runs `sudokit args` on the empty 9×9 board then GRID2 (which would be
/// answered if the run went on), sends Ctrl-C after 700 ms, and returns
/// stdout and the exit code.
#[cfg(unix)]
fn interrupted(args: &[&str]) -> (String, Option<i32>) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = common::spawn_sudokit(args, Stdio::piped());
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{EMPTY_9}\n{GRID2}").unwrap();
    drop(stdin);
    std::thread::sleep(std::time::Duration::from_millis(700));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), out.status.code())
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_the_count_so_far_and_exits_130() {
    let (stdout, code) = interrupted(&["count"]);
    assert!(stdout.starts_with("at least "), "{stdout}");
    assert!(
        stdout.ends_with(" (stopped: interrupted)\n"),
        "only the interrupted puzzle: {stdout}"
    );
    assert_eq!(code, Some(130));
}

/// A 6×6 board (2×3 boxes) with a killer cage and a thermometer: sums
/// leave no digit symmetry, and a few givens keep the count small enough
/// to count exactly.
const VARIANT_6: &str = r#"
size = 6
givens = """
1.....
...2..
......
..3...
......
.....4
"""

[[rules]]
type = "killer-cage"
cells = ["r1c2", "r1c3", "r2c2"]
sum = 9

[[rules]]
type = "thermometer"
cells = ["r6c1", "r5c1", "r4c1"]
"#;

/// `count --estimate --json` on one input, parsed.
fn estimate_json(args: &[&str], input: &str) -> (serde_json::Value, i32) {
    let mut all = vec!["count", "--estimate", "--json"];
    all.extend_from_slice(args);
    let (stdout, stderr, code) = run(&all, input);
    let line = stdout.lines().next().unwrap_or_else(|| panic!("{stderr}"));
    (serde_json::from_str(line).unwrap(), code)
}

/// The exact count, from `count`, beside which an estimate is judged.
fn exact_count(input: &str, file: Option<&std::path::Path>) -> f64 {
    let out = match file {
        Some(path) => {
            assert_cmd::Command::cargo_bin("sudokit")
                .unwrap()
                .arg("count")
                .arg(path)
                .output()
                .unwrap()
                .stdout
        }
        None => run(&["count"], input).0.into_bytes(),
    };
    String::from_utf8(out).unwrap().trim().parse().unwrap()
}

#[test]
fn estimates_land_near_exact_counts() {
    let variant = std::env::temp_dir().join(format!("sudokit-estimate-{}.toml", std::process::id()));
    std::fs::write(&variant, VARIANT_6).unwrap();
    let empty_6 = format!("{}\n", ".".repeat(36));
    // The empty 6×6 board (28,200,960, also the exact `count`'s answer),
    // the empty 4×4 (288), and a variant board with sums.
    let cases = [
        (empty_6.clone(), None, 28_200_960.0),
        ("................\n".to_string(), None, 288.0),
        (
            String::new(),
            Some(variant.as_path()),
            exact_count("", Some(&variant)),
        ),
    ];
    assert_eq!(exact_count(&empty_6, None), 28_200_960.0);
    for (input, file, exact) in cases {
        assert!(exact > 1.0, "a board with several solutions: {exact}");
        let path = file.map(|p| p.to_str().unwrap());
        let mut args = vec!["--probes", "2000", "--seed", "5"];
        args.extend(path);
        let (e, code) = estimate_json(&args, &input);
        let (mean, stderr) = (e["estimate"].as_f64().unwrap(), e["stderr"].as_f64().unwrap());
        assert_eq!(e["probes"], 2000);
        assert_eq!(e["stop"], "probes");
        assert!(
            (mean - exact).abs() <= 4.0 * stderr + 1e-9 * exact,
            "{e} against {exact}"
        );
        assert!(stderr < 0.1 * exact, "2000 probes are within 10 %: {e}");
        let ci = e["ci95"].as_array().unwrap();
        assert!(ci[0].as_f64().unwrap() <= mean && mean <= ci[1].as_f64().unwrap());
        assert_eq!(code, 0);
        // The same seed gives the same estimate.
        assert_eq!(estimate_json(&args, &input).0["estimate"], e["estimate"]);
    }
    std::fs::remove_file(&variant).unwrap();
}

#[test]
fn estimate_lines_time_limits_and_no_solution() {
    let started = std::time::Instant::now();
    let clash = format!("11{}", &EMPTY_9[2..]);
    let (stdout, _, code) = run(
        &["count", "--estimate", "--time", "0.3"],
        &format!("{EMPTY_9}\n{clash}\n"),
    );
    assert!(started.elapsed().as_secs_f64() < 5.0);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(
        lines[0].starts_with("about ") && lines[0].contains("e21 ± "),
        "{stdout}"
    );
    assert!(
        lines[0].contains("(95 %: ") && lines[0].ends_with(" probes)"),
        "{stdout}"
    );
    assert!(lines[1].starts_with("about 0 ± 0.0 %"), "{stdout}");
    assert_eq!(code, 1, "no probe reached a solution of the second");
    // --time without --estimate, or --estimate with the count's --timeout: refused.
    let (_, stderr, code) = run(&["count", "--time", "1"], EMPTY_9);
    assert!(stderr.contains("--estimate"), "{stderr}");
    assert_eq!(code, 2);
    let (_, _, code) = run(&["count", "--estimate", "--timeout", "1"], EMPTY_9);
    assert_eq!(code, 2);
}

#[cfg(unix)]
#[test]
fn ctrl_c_keeps_the_estimate_and_exits_130() {
    let (stdout, code) = interrupted(&["count", "--estimate"]);
    assert!(stdout.starts_with("about "), "{stdout}");
    assert!(
        stdout.ends_with(" probes; interrupted)\n") && stdout.lines().count() == 1,
        "only the interrupted puzzle: {stdout}"
    );
    assert_eq!(code, Some(130));
}

#[test]
fn the_empty_9x9_estimate_is_within_10_percent() {
    // 6,670,903,752,021,072,936,960 grids (Felgenhauer and Jarvis, 2005).
    let exact = 6.670_903_752_021_073e21;
    for seed in ["1", "2"] {
        let (e, _) = estimate_json(&["--probes", "2000", "--seed", seed], EMPTY_9);
        let mean = e["estimate"].as_f64().unwrap();
        assert!((mean - exact).abs() < 0.1 * exact, "{e}");
        assert!((mean - exact).abs() <= 4.0 * e["stderr"].as_f64().unwrap(), "{e}");
    }
}
