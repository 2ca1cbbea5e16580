//! The `sudokit` command line: output contract, exit codes, error messages.

mod common;

use assert_cmd::Command;
use common::{example, run_sudokit as run, shared};
use predicates::prelude::*;

const GRID2: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const GRID2_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

fn sudokit() -> Command {
    Command::cargo_bin("sudokit").unwrap()
}

#[test]
fn solves_from_stdin_with_norvigs_summary() {
    let (stdout, stderr, code) = run(&["solve"], GRID2);
    assert_eq!(stdout, format!("{GRID2_SOLUTION}\n"));
    assert_eq!(code, 0);
    let summary = regex_lite_summary(&stderr);
    assert!(summary, "summary line missing: {stderr}");
}

fn regex_lite_summary(stderr: &str) -> bool {
    let last = stderr.lines().last().unwrap_or("");
    last.starts_with("Solved 1 of 1 puzzles (avg ")
        && last.contains(" ms, ")
        && last.contains(" Hz, max ")
        && last.ends_with(" ms).")
}

#[test]
fn one_line_per_puzzle_in_input_order_for_a_whole_file() {
    let out = sudokit()
        .args(["solve"])
        .arg(shared("classic/top95.txt"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let expected = std::fs::read_to_string(shared("classic/top95.solutions.txt")).unwrap();
    assert_eq!(stdout, expected);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("Solved 95 of 95 puzzles"), "{stderr}");
}

#[test]
fn a_malformed_puzzle_is_reported_and_the_batch_goes_on() {
    let input = format!("{GRID2}\n{}\n{GRID2}\n", &GRID2[..80]);
    let (stdout, stderr, code) = run(&["solve", "-"], &input);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0], GRID2_SOLUTION);
    assert!(lines[1].starts_with("error: "), "{}", lines[1]);
    assert_eq!(lines[2], GRID2_SOLUTION);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("sudokit: <stdin>: line 2: found 80 cells, expected 81 (one 9×9 puzzle per line)"),
        "{stderr}"
    );
}

#[test]
fn symbol_out_of_range_names_line_and_column() {
    let (stdout, stderr, code) = run(&["solve"], "12.4\n3...\n....\n..7.\n");
    assert_eq!(code, 2);
    assert!(stdout.starts_with("error: "));
    assert!(
        stderr.contains("line 4, column 3: symbol '7' (7) is out of range for a 4×4 board (1-4)"),
        "{stderr}"
    );
}

#[test]
fn unknown_token_in_a_token_grid() {
    let mut grid = std::fs::read_to_string(example("16x16.txt")).unwrap();
    grid = grid.replacen(" . ", " ? ", 1);
    let (_, stderr, code) = run(&["solve"], &grid);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown token '?' in a token grid"), "{stderr}");
}

#[test]
fn clashing_givens_are_no_solution_with_the_clash_named() {
    let clash = format!("77{}", &GRID2[2..]);
    let (stdout, _, code) = run(&["solve"], &clash);
    assert_eq!(
        stdout,
        "no solution: the givens break the classic rules: r1c1 and r1c2 both hold 7 in row 1\n"
    );
    assert_eq!(code, 1);
    // `candidates` names the clash too, in text and in JSON.
    let (stdout, _, code) = run(&["candidates"], &clash);
    assert_eq!(
        (stdout.as_str(), code),
        (
            "no solution: the givens break the classic rules: r1c1 and r1c2 both hold 7 in row 1\n",
            1
        )
    );
    let (stdout, _, _) = run(&["candidates", "--json"], &clash);
    let answer: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(answer["solvable"], false);
    assert_eq!(
        answer["reason"],
        "the givens break the classic rules: r1c1 and r1c2 both hold 7 in row 1"
    );
    // A solvable puzzle has no reason to give.
    let (stdout, _, _) = run(&["candidates", "--json"], GRID2);
    let answer: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(answer["reason"], serde_json::Value::Null);
}

#[test]
fn counting_with_limits() {
    // Unique, several, none, and the empty 4×4 with all its 288 solutions.
    let several = format!("{}{}", ".".repeat(9), &GRID2[9..]);
    // r1c2 is 1 in the unique solution; a 6 there clashes with no given.
    let unsolvable = format!("46{}", &GRID2[2..]);
    let input = format!("{GRID2}\n{several}\n");
    // Exit code 3 says some puzzle has several solutions.
    let (stdout, _, code) = run(&["solve", "--count"], &input);
    assert_eq!(stdout, "1\n2+\n");
    assert_eq!(code, 3);
    let (stdout, _, code) = run(&["solve", "--count"], GRID2);
    assert_eq!((stdout.as_str(), code), ("1\n", 0));
    let (stdout, _, _) = run(&["solve", "--count", "--limit", "5"], &several);
    assert_eq!(stdout, "5+\n");
    let (stdout, _, code) = run(&["solve", "--count", "--all"], &".".repeat(16));
    assert_eq!((stdout.as_str(), code), ("288\n", 3));
    let (stdout, _, code) = run(&["solve", "--count"], &unsolvable[..81]);
    assert_eq!((stdout.as_str(), code), ("0\n", 1));
    let (stdout, _, code) = run(&["solve"], &unsolvable[..81]);
    assert_eq!((stdout.as_str(), code), ("no solution\n", 1));
}

#[test]
fn all_prints_every_solution() {
    let (stdout, _, code) = run(&["solve", "--all"], "12..34..........");
    assert_eq!(code, 0);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.len() > 1);
    for line in &lines {
        assert!(line.starts_with("12") && line[4..6] == *"34", "{line}");
    }
    let mut unique = lines.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), lines.len());
}

#[test]
fn pretty_and_candidates_snapshots() {
    let (stdout, _, _) = run(&["solve", "--pretty"], GRID2);
    insta::assert_snapshot!("pretty_grid2", stdout);
    let (stdout, _, _) = run(&["solve", "--candidates"], GRID2);
    insta::assert_snapshot!("candidates_grid2", stdout);
    let (stdout, _, _) = run(
        &["solve", "--pretty"],
        &std::fs::read_to_string(example("6x6.txt")).unwrap(),
    );
    insta::assert_snapshot!("pretty_6x6", stdout);
}

#[test]
fn large_boards_print_tokens() {
    let out = sudokit().arg("solve").arg(example("16x16.txt")).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let tokens: Vec<&str> = stdout.split_whitespace().collect();
    assert_eq!(tokens.len(), 256);
    assert!(tokens
        .iter()
        .all(|t| t.parse::<u8>().is_ok_and(|v| (1..=16).contains(&v))));
}

#[test]
fn size_settles_ambiguous_layouts() {
    let sixteen = "1...............\n".repeat(16);
    let (stdout, _, _) = run(&["solve", "--size", "4", "--count"], &sixteen);
    assert_eq!(stdout.lines().count(), 16);
    let (stdout, stderr, _) = run(&["solve", "--count"], &sixteen);
    assert_eq!(
        stdout, "0\n",
        "read as one 16×16 grid, whose first column repeats 1"
    );
    assert!(
        stderr.contains("r1c1 and r2c1 both hold 1 in column 1"),
        "{stderr}"
    );
}

#[test]
fn boxes_option_changes_the_box_shape() {
    let six = std::fs::read_to_string(example("6x6.txt")).unwrap();
    let first = six.lines().next().unwrap();
    sudokit()
        .args(["solve", "--boxes", "2x3"])
        .write_stdin(first)
        .assert()
        .success();
    sudokit()
        .args(["solve", "--boxes", "4x3"])
        .write_stdin(first)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("boxes of 4×3 do not tile a 6×6 board"));
}

#[test]
fn bad_invocations_exit_2() {
    sudokit()
        .args(["solve", "--strategy", "magic"])
        .write_stdin(GRID2)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "invalid value 'magic' for '--strategy <NAME>'",
        ));
    sudokit()
        .args(["solve", "does-not-exist.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read does-not-exist.txt"));
}

#[test]
fn stats_go_to_stderr() {
    let (stdout, stderr, _) = run(&["solve", "--stats"], GRID2);
    assert_eq!(stdout.lines().count(), 1);
    assert!(stderr.contains("<stdin>:1: 1+ solution(s), "), "{stderr}");
    assert!(stderr.contains("Total: "), "{stderr}");
}

#[test]
fn a_bad_timeout_is_refused_not_a_panic() {
    for bad in ["--timeout=-1", "--timeout=NaN", "--timeout=abc"] {
        sudokit()
            .args(["solve", bad])
            .write_stdin(GRID2)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "expected a number of seconds (0 for none)",
            ));
    }
}

#[test]
fn every_registered_strategy_answers_through_solve() {
    let four = "12..34..........";
    for name in sudokit::solvers::STRATEGY_NAMES {
        let (one, _, code) = run(&["solve", "--strategy", name], GRID2);
        assert_eq!(
            (one.as_str(), code),
            (format!("{GRID2_SOLUTION}\n").as_str(), 0),
            "{name}"
        );
        let (count, err, _) = run(
            &["solve", "--strategy", name, "--count", "--all"],
            &".".repeat(16),
        );
        if *name == "bitboard" {
            // The classic 9×9 fast path refuses other boards, with a reason.
            assert!(err.contains("bitboard does not support a 4×4 board"), "{err}");
            continue;
        }
        assert_eq!(count, "288\n", "{name}");
        let (several, _, _) = run(&["solve", "--strategy", name, "--count"], four);
        assert_eq!(several, "2+\n", "{name}");
    }
}

/// `--size 0` used to loop for ever, allocating (issue 14, defect 1).
#[test]
fn a_board_side_of_zero_is_refused_at_once() {
    for command in ["solve", "encode"] {
        let (_, err, code) = run(&[command, "--size", "0"], "1234\n");
        assert_eq!(code, 2, "{command}: {err}");
        assert!(err.contains("boards go from 1×1 to 128×128"), "{err}");
    }
}

/// Input without any puzzle is an error, not a silent success (issue 14, defect 7).
#[test]
fn input_without_a_puzzle_is_an_error() {
    for input in ["hello\n", ""] {
        let (out, err, code) = run(&["solve"], input);
        assert_eq!(code, 2, "{input:?}: {err}");
        assert!(out.starts_with("error: <stdin>: no puzzle found"), "{out}");
    }
}

/// A line with bytes that are not UTF-8 fails alone, named by line and
/// column; the other puzzles of the file are answered (issue 14, defect 6).
#[test]
fn bytes_that_are_not_utf8_fail_only_their_puzzle() {
    let good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let mut input = good.as_bytes().to_vec();
    input.extend_from_slice(
        b"52...6.........7.13...........4..8..6......5...........418.........3..2...\xff7.....\n",
    );
    input.extend_from_slice(good.as_bytes());
    let out = Command::cargo_bin("sudokit")
        .unwrap()
        .arg("solve")
        .write_stdin(input)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(
        lines[1],
        "error: <stdin>: line 2, column 75: bytes that are not UTF-8 text"
    );
    assert_eq!(lines[0], lines[2]);
    assert_eq!(out.status.code(), Some(2));
    // One JSON document with a bad byte is refused whole, with its line.
    let json = b"{\n\"size\": 9,\n\"title\": \"\xff\"\n}".to_vec();
    let out = Command::cargo_bin("sudokit")
        .unwrap()
        .arg("solve")
        .write_stdin(json)
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("line 3: bytes that are not UTF-8 text"));
}

/// The output contract under limits (issue 14, defect 8): a count cut short
/// is an `unknown:` line with exit 1, not `?`; `--limit N` prints up to N
/// solutions; `--limit 0` is refused.
#[test]
fn limits_keep_the_output_contract() {
    let hard = &common::lines("classic/forum_hardest_1106.txt")[0];
    let (out, _, code) = run(&["solve", "--count", "--nodes", "3"], hard);
    assert_eq!(
        (out.as_str(), code),
        ("unknown: node limit reached before a solution\n", 1)
    );
    let empty = ".".repeat(81);
    let (out, _, code) = run(&["solve", "--count", "--all", "--nodes", "100"], &empty);
    assert!(
        out.starts_with("unknown: node limit reached after ") && out.ends_with(" solutions\n"),
        "{out}"
    );
    assert_eq!(code, 1);
    let (out, _, code) = run(&["solve", "--limit", "3"], &empty);
    assert_eq!((out.lines().count(), code), (3, 0), "{out}");
    let (_, err, code) = run(&["solve", "--limit", "0"], &empty);
    assert_eq!(code, 2, "{err}");
}

/// More of the output contract (issue 14, defect 8): counts of several
/// puzzles are one line each, `--timeout 0` means no limit as in `compare`,
/// and options that would be ignored are refused with a reason.
#[test]
fn options_are_honoured_or_refused() {
    let four = format!("{}\n{}\n", ".".repeat(16), ".".repeat(16));
    let (out, _, _) = run(&["solve", "--count", "--all"], &four);
    assert_eq!(out, "288\n288\n");
    let grid2 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let (out, _, code) = run(&["solve", "--timeout", "0"], grid2);
    assert_eq!((out.len(), code), (82, 0), "{out}");
    let (_, err, code) = run(&["solve", "--strategy", "propagaton"], grid2);
    assert_eq!(code, 2);
    assert!(
        err.contains("possible values: auto, bitboard, propagation, dlx, sat, backtracking"),
        "{err}"
    );
    let (_, err, code) = run(&["solve", "--strategy", "sat", "--nodes", "5"], grid2);
    assert_eq!(code, 2);
    assert!(
        err.contains("--nodes has no meaning for the sat strategy"),
        "{err}"
    );
    let (_, err, code) = run(&["solve", "--candidates", "--count"], grid2);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}

/// Ctrl-C keeps every answer already found, says what was not done, and
/// exits 130 (issue 14, defect 3: the answers used to be lost in the buffer).
#[test]
fn ctrl_c_keeps_the_answers_found_so_far() {
    use std::process::{Command as Process, Stdio};
    // The baseline strategy takes long on these: a few finish in a second.
    let top95 = shared("classic/top95.txt");
    let child = Process::new(env!("CARGO_BIN_EXE_sudokit"))
        .args([
            "solve",
            "--strategy",
            "backtracking",
            "--jobs",
            "2",
            top95.to_str().unwrap(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let sent = Process::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted: "), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(!lines.is_empty() && lines.len() < 95, "{} lines", lines.len());
    let solutions = common::lines("classic/top95.solutions.txt");
    for (line, solution) in lines.iter().zip(&solutions) {
        assert!(
            *line == solution || line.starts_with("unknown: interrupted"),
            "{line}"
        );
    }
    // Only the puzzles being solved, one per thread, are cut short: the
    // answers are an unbroken prefix of the input.
    let cut = lines
        .iter()
        .filter(|l| l.starts_with("unknown: interrupted"))
        .count();
    assert!(cut <= 2, "{cut} puzzles cut short:\n{stdout}");
}

/// Write errors are not ignored (issue 14, defect 4): a full disk exits 2
/// with the reason, and a reader that goes away after one line ends even an
/// endless `--all` at once, quietly.
#[test]
fn write_errors_end_the_run() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command as Process, Stdio};
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = Process::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["solve", example("top95.txt").to_str().unwrap()])
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("No space left on device"));
    let mut child = common::spawn_sudokit(&["solve", "--all"], Stdio::null());
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{}", ".".repeat(81)).unwrap();
    }
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first.trim().len(), 81);
    // The reader is gone: the next flush fails and the run ends quietly.
    let started = std::time::Instant::now();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

/// `--json` answers a malformed puzzle with where it went wrong as fields
/// (which reader, line, column, key), the same in every command that
/// answers in JSON, and the message as `error`.
#[test]
fn json_errors_carry_kind_line_column_and_key() {
    let native = "size = 4\n[[rules]]\ntype = \"thermometer\"\ncells = \"r1c1 r9c9\"\n";
    let native_column = native.lines().nth(3).unwrap().find("r9c9").unwrap() + 1;
    let grid = "12.4\n3...\n....\n..7.\n";
    let fpuzzles = "{\"size\": 4, \"grid\": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]], \"cage\": [{\"cells\": [\"R1C1\"], \"value\": \"DR10\"}]}";
    // Input, then the kind, line, column and key it must be reported with.
    type Case<'a> = (&'a str, &'a str, usize, Option<usize>, Option<&'a str>);
    let cases: [Case; 3] = [
        (native, "native", 4, Some(native_column), Some("rules[1].cells")),
        (
            grid,
            "grid",
            4,
            Some(grid.lines().nth(3).unwrap().find('7').unwrap() + 1),
            None,
        ),
        (fpuzzles, "fpuzzles", 1, None, Some("cage[0].value")),
    ];
    for command in ["solve", "explain", "grade", "count", "candidates"] {
        for (input, kind, line, column, key) in cases {
            let (stdout, stderr, code) = run(&[command, "--json", "-"], input);
            assert_eq!(code, 2, "{command} {kind}: {stderr}");
            let answer: serde_json::Value = serde_json::from_str(stdout.trim()).expect(&stdout);
            assert_eq!(answer["kind"], kind, "{command}: {answer}");
            assert_eq!(answer["file"], "<stdin>", "{command}: {answer}");
            assert_eq!(answer["line"], line, "{command}: {answer}");
            assert_eq!(
                answer["column"].as_u64(),
                column.map(|c| c as u64),
                "{command}: {answer}"
            );
            assert_eq!(answer["key"].as_str(), key, "{command}: {answer}");
            assert_eq!(answer["input"], format!("<stdin>:{line}"), "{command}: {answer}");
            // The message is the one standard error gives.
            let message = answer["error"].as_str().unwrap();
            assert!(
                stderr.contains(&format!("sudokit: {message}")),
                "{command}: {stderr}"
            );
        }
    }
}

/// `--timeout 0` means "no limit" in every command that takes a timeout,
/// as in `solve` and `compare` (issue 31, item 6): count, candidates and
/// bench used to refuse it.
#[test]
fn a_timeout_of_zero_is_no_limit_everywhere() {
    for command in [
        &["solve", "--timeout", "0"][..],
        &["count", "--timeout", "0"],
        &["candidates", "--timeout", "0"],
        &["compare", "--timeout", "0", "--strategies", "propagation"],
    ] {
        let (out, err, code) = run(command, GRID2);
        assert_eq!(code, 0, "{command:?}: {err}");
        assert!(!out.contains("unknown"), "{command:?}: {out}");
    }
    let (_, err, code) = run(&["count", "--timeout=-2"], GRID2);
    assert_eq!(code, 2);
    assert!(err.contains("expected a number of seconds (0 for none)"), "{err}");
}

/// A count cut short by a limit is an `unknown:` line, and the summary
/// does not count it as solved, whatever it found before (issue 31, item 6:
/// after Ctrl-C it said "Solved 2 of 2").
#[test]
fn a_count_cut_short_is_not_counted_as_solved() {
    let empty = ".".repeat(81);
    let (out, err, code) = run(
        &[
            "solve",
            "--count",
            "--all",
            "--timeout",
            "0.05",
            "--strategy",
            "propagation",
        ],
        &format!("{empty}\n{GRID2}\n"),
    );
    assert_eq!(code, 1, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("unknown: time limit reached"), "{out}");
    assert_eq!(lines[1], "1", "{out}");
    assert!(err.contains("Solved 1 of 2 puzzles"), "{err}");
}

/// `explain --techniques help` lists the techniques, as its help says,
/// and exits 0 (issue 31, item 6).
#[test]
fn techniques_help_lists_them() {
    for command in ["explain", "grade"] {
        let (out, err, code) = run(&[command, "--techniques", "help"], "");
        assert_eq!(code, 0, "{err}");
        for name in sudokit::logic::techniques::NAMES {
            assert!(out.contains(name), "{command}: {name} missing:\n{out}");
        }
    }
}

/// `grade --json` writes scores as the decimals they are (1.2, not
/// 1.2000000476837158): each score is the shortest decimal of its `f32`
/// (issue 31, item 6).
#[test]
fn json_scores_are_short_decimals() {
    let top95 = shared("classic/top95.txt");
    let text = std::fs::read_to_string(&top95).unwrap();
    let some: String = text.lines().take(10).map(|l| format!("{l}\n")).collect();
    let (out, err, code) = run(&["grade", "--json"], &some);
    assert!(code == 0 || code == 1, "{err}");
    for line in out.lines() {
        let score = line.split("\"score\":").nth(1).unwrap();
        let number: String = score
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let shortest = number.parse::<f32>().unwrap().to_string();
        assert!(number == shortest || number == format!("{shortest}.0"), "{line}");
    }
}
