//! The command line on variant puzzles: every input route (native TOML,
//! f-puzzles JSON, URL and payload, standard input), `solve --count` and
//! `--json` with their exit codes, `candidates`, `rules`, `convert`, the
//! jigsaw grid, and the errors bad files get.
//!
//! Solutions are checked against the f-puzzles JSON of each puzzle by a
//! checker written here, independently of sudokit's rules.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

use common::{example, run_sudokit as run};
use serde_json::Value;

/// The bundled variant examples, each unique.
const EXAMPLES: [&str; 4] = [
    "miracle.toml",
    "hintless.toml",
    "kropki-jigsaw.toml",
    "kropki-jigsaw.json",
];

fn path(name: &str) -> String {
    example(name).to_str().unwrap().to_string()
}

/// The puzzle in a file as f-puzzles JSON, through `sudokit convert`.
fn fpuzzles_json(file: &str) -> Value {
    let (stdout, stderr, code) = run(&["convert", "--to", "fpuzzles", &path(file)], "");
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

/// A cell name `R3C4` as (row, column), 0-based.
fn cell(name: &Value) -> (usize, usize) {
    let name = name.as_str().unwrap().to_ascii_uppercase();
    let (r, c) = name[1..].split_once('C').unwrap();
    (r.parse::<usize>().unwrap() - 1, c.parse::<usize>().unwrap() - 1)
}

/// Checks `solution` (one digit per cell) against an f-puzzles puzzle using
/// the keys the examples use: givens, boxes or jigsaw regions, anti-knight,
/// anti-king, non-consecutive, negative ratio, white and black dots and
/// thermometers. Any other key fails the check, so a new example cannot
/// slip through unchecked.
fn check_fpuzzles(puzzle: &Value, solution: &str) -> Result<(), String> {
    let n = puzzle["size"].as_u64().unwrap() as usize;
    let grid: Vec<usize> = solution.bytes().map(|b| (b - b'0') as usize).collect();
    if grid.len() != n * n || grid.iter().any(|&d| d < 1 || d > n) {
        return Err(format!("not a full {n}×{n} grid: {solution}"));
    }
    let at = |(r, c): (usize, usize)| grid[r * n + c];
    let mut groups: Vec<Vec<(usize, usize)>> = Vec::new();
    let mut regions = vec![Vec::new(); n];
    for r in 0..n {
        groups.push((0..n).map(|c| (r, c)).collect());
        groups.push((0..n).map(|c| (c, r)).collect());
        for c in 0..n {
            let square = &puzzle["grid"][r][c];
            if let Some(given) = square["value"].as_u64() {
                if at((r, c)) != given as usize {
                    return Err(format!("r{}c{} changed its given {given}", r + 1, c + 1));
                }
            }
            let (box_rows, box_cols) = if n == 6 { (2, 3) } else { (3, 3) };
            let region = square["region"]
                .as_u64()
                .map_or((r / box_rows) * (n / box_cols) + c / box_cols, |k| k as usize);
            regions[region].push((r, c));
        }
    }
    groups.extend(regions);
    for group in &groups {
        let mut seen: Vec<usize> = group.iter().map(|&c| at(c)).collect();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != n {
            return Err(format!("a repeated digit in {group:?}"));
        }
    }
    let dots = |key: &str| -> Vec<((usize, usize), (usize, usize))> {
        puzzle[key]
            .as_array()
            .into_iter()
            .flatten()
            .map(|dot| (cell(&dot["cells"][0]), cell(&dot["cells"][1])))
            .collect()
    };
    let (white, black) = (dots("difference"), dots("ratio"));
    let ratio = |a: usize, b: usize| a == 2 * b || b == 2 * a;
    for &(a, b) in &white {
        if at(a).abs_diff(at(b)) != 1 {
            return Err(format!("white dot {a:?}-{b:?} holds {} and {}", at(a), at(b)));
        }
    }
    for &(a, b) in &black {
        if !ratio(at(a), at(b)) {
            return Err(format!("black dot {a:?}-{b:?} holds {} and {}", at(a), at(b)));
        }
    }
    let flag = |key: &str| puzzle[key].as_bool().unwrap_or(false);
    let negative_ratio = puzzle["negative"]
        .as_array()
        .is_some_and(|list| list.iter().any(|v| v == "ratio"));
    for r in 0..n {
        for c in 0..n {
            for (dr, dc) in [
                (0isize, 1isize),
                (1, 0),
                (1, 1),
                (1, -1),
                (1, 2),
                (2, 1),
                (1, -2),
                (2, -1),
            ] {
                let (r2, c2) = (r as isize + dr, c as isize + dc);
                if !(0..n as isize).contains(&r2) || !(0..n as isize).contains(&c2) {
                    continue;
                }
                let (a, b) = ((r, c), (r2 as usize, c2 as usize));
                let (x, y) = (at(a), at(b));
                let king = dr.abs() <= 1 && dc.abs() <= 1;
                let orthogonal = dr == 0 || dc == 0;
                let dotted = [&white, &black]
                    .iter()
                    .any(|list| list.contains(&(a, b)) || list.contains(&(b, a)));
                let chess_rule = if king { "antiking" } else { "antiknight" };
                let broken = (flag(chess_rule) && x == y)
                    || (flag("nonconsecutive") && orthogonal && !dotted && x.abs_diff(y) == 1)
                    || (negative_ratio && orthogonal && !dotted && ratio(x, y));
                if broken {
                    return Err(format!("{a:?} and {b:?} hold {x} and {y}"));
                }
            }
        }
    }
    for thermo in puzzle["thermometer"].as_array().into_iter().flatten() {
        for line in thermo["lines"].as_array().unwrap() {
            let digits: Vec<usize> = line.as_array().unwrap().iter().map(|c| at(cell(c))).collect();
            if digits.windows(2).any(|w| w[0] >= w[1]) {
                return Err(format!("thermometer {line} reads {digits:?}"));
            }
        }
    }
    let known = [
        "size",
        "title",
        "author",
        "ruleset",
        "grid",
        "antiking",
        "antiknight",
        "nonconsecutive",
        "negative",
        "difference",
        "ratio",
        "thermometer",
    ];
    match puzzle
        .as_object()
        .unwrap()
        .keys()
        .find(|k| !known.contains(&k.as_str()))
    {
        Some(key) => Err(format!("the checker does not know the key '{key}'")),
        None => Ok(()),
    }
}

#[test]
fn the_bundled_examples_are_unique_and_their_solutions_obey_the_rules() {
    for name in EXAMPLES {
        let puzzle = fpuzzles_json(name);
        let (stdout, stderr, code) = run(&["solve", "--count", &path(name)], "");
        assert_eq!((stdout.as_str(), code), ("1\n", 0), "{name}: {stderr}");
        // Naive backtracking takes seconds on the 9×9 ones: it is compared on the 6×6.
        let strategies: &[&str] = if name.starts_with("kropki") {
            &["propagation", "dlx", "sat", "backtracking"]
        } else {
            &["propagation", "dlx", "sat"]
        };
        for strategy in strategies {
            let (stdout, stderr, code) = run(&["solve", "--strategy", strategy, &path(name)], "");
            assert_eq!(code, 0, "{name} {strategy}: {stderr}");
            check_fpuzzles(&puzzle, stdout.trim()).unwrap_or_else(|e| panic!("{name} {strategy}: {e}"));
        }
    }
}

#[test]
fn the_checker_catches_a_broken_grid() {
    // Swap two digits of a real solution: some rule must complain.
    let puzzle = fpuzzles_json("kropki-jigsaw.toml");
    let (stdout, _, _) = run(&["solve", &path("kropki-jigsaw.toml")], "");
    let solution = stdout.trim().to_string();
    assert_eq!(check_fpuzzles(&puzzle, &solution), Ok(()));
    let mut swapped = solution.into_bytes();
    swapped.swap(0, 1);
    assert!(check_fpuzzles(&puzzle, std::str::from_utf8(&swapped).unwrap()).is_err());
}

#[test]
fn every_input_route_gives_the_same_answer() {
    let (expected, _, code) = run(&["solve", &path("hintless.toml")], "");
    assert_eq!(code, 0);
    let (url, _, _) = run(&["convert", "--to", "url", &path("hintless.toml")], "");
    let url = url.trim();
    let payload = url
        .split_once("load=")
        .unwrap()
        .1
        .replace("%2F", "/")
        .replace("%2B", "+")
        .replace("%3D", "=");
    let json = fpuzzles_json("hintless.toml").to_string();
    let toml = std::fs::read_to_string(example("hintless.toml")).unwrap();
    let routes: [(&str, Vec<&str>, &str); 5] = [
        ("URL", vec!["solve", "--fpuzzles", url], ""),
        ("payload", vec!["solve", "--fpuzzles", &payload], ""),
        ("JSON on the command line", vec!["solve", "--fpuzzles", &json], ""),
        ("JSON on stdin", vec!["solve"], &json),
        ("TOML on stdin", vec!["solve", "-"], &toml),
    ];
    for (route, args, stdin) in routes {
        let (stdout, stderr, code) = run(&args, stdin);
        assert_eq!(
            (stdout.as_str(), code),
            (expected.as_str(), 0),
            "{route}: {stderr}"
        );
    }
}

/// A native file's header and rules, the rules sorted: f-puzzles groups
/// rules by kind, so a round trip through it may reorder them.
fn blocks(native: &str) -> Vec<&str> {
    let mut blocks: Vec<&str> = native.split("\n\n").map(str::trim).collect();
    blocks[1..].sort_unstable();
    blocks
}

#[test]
fn convert_round_trips_through_every_format() {
    for name in ["miracle.toml", "kropki-jigsaw.toml"] {
        let (native, _, code) = run(&["convert", "--to", "native", &path(name)], "");
        assert_eq!(code, 0);
        for format in ["fpuzzles", "url"] {
            let (there, _, code) = run(&["convert", "--to", format, &path(name)], "");
            assert_eq!(code, 0);
            let args = ["convert", "--to", "native", "--fpuzzles", there.trim()];
            let (back, stderr, code) = run(&args, "");
            assert_eq!(code, 0, "{name} via {format}: {stderr}");
            assert_eq!(blocks(&back), blocks(&native), "{name} via {format}");
        }
        // And the native text reads back to itself.
        let (again, _, _) = run(&["convert", "--to", "native", "-"], &native);
        assert_eq!(again, native, "{name}");
    }
    // A classic line becomes a puzzle file and back.
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let (json, _, _) = run(&["convert", "--to", "fpuzzles"], line);
    let (back, _, code) = run(&["convert", "--to", "line", "--fpuzzles", json.trim()], "");
    assert_eq!((back.trim(), code), (line, 0));
    // Variant rules have no one-line form: said, not dropped silently.
    let (_, stderr, code) = run(&["convert", "--to", "line", &path("miracle.toml")], "");
    assert_eq!(code, 2);
    assert!(
        stderr.contains("anti-knight") || stderr.contains("rules"),
        "{stderr}"
    );
}

/// The Miracle rules without its two givens: 72 grids.
const MIRACLE_RULES: &str = "size = 9\n[[rules]]\ntype = \"anti-knight\"\n[[rules]]\ntype = \"anti-king\"\n[[rules]]\ntype = \"nonconsecutive\"\n";

#[test]
fn counting_says_several_with_exit_3_and_shows_where_two_solutions_differ() {
    let (stdout, stderr, code) = run(&["solve", "--count"], MIRACLE_RULES);
    assert_eq!((stdout.as_str(), code), ("2+\n", 3));
    assert!(stderr.contains("two of them differ in"), "{stderr}");
    let (stdout, _, code) = run(&["solve", "--count", "--all"], MIRACLE_RULES);
    assert_eq!((stdout.as_str(), code), ("72\n", 3));
    // --json names the differing cells, and the two solutions differ exactly there.
    let (stdout, _, code) = run(&["solve", "--json"], MIRACLE_RULES);
    assert_eq!(code, 3);
    let answer: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(answer["status"], "several");
    let [a, b] = [0, 1].map(|i| answer["solutions"][i].as_str().unwrap().as_bytes().to_vec());
    let differ: Vec<String> = (0..81)
        .filter(|&i| a[i] != b[i])
        .map(|i| format!("r{}c{}", i / 9 + 1, i % 9 + 1))
        .collect();
    let named: Vec<String> = answer["differ"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    assert!(!differ.is_empty());
    assert_eq!(named, differ);
    // A thermometer longer than the digits: no solution, exit 1.
    let too_long = "size = 4\n[[rules]]\ntype = \"thermometer\"\ncells = \"r1c1 r1c2 r1c3 r1c4 r2c4\"\n";
    let (stdout, _, code) = run(&["solve", "--count"], too_long);
    assert_eq!((stdout.as_str(), code), ("0\n", 1));
    // The worst answer of a batch wins: several (3) then none (1).
    let unique = std::fs::read_to_string(example("miracle.toml")).unwrap();
    let (_, _, code) = run(
        &["solve", "--count", "-", &path("kropki-jigsaw.json")],
        MIRACLE_RULES,
    );
    assert_eq!(code, 3);
    let (_, _, code) = run(&["solve", "--count", "-", &path("miracle.toml")], too_long);
    assert_eq!(code, 1);
    let (_, _, code) = run(&["solve", "--count", "-"], &unique);
    assert_eq!(code, 0);
}

#[test]
fn two_solutions_are_both_valid_and_differ_where_sudokit_says() {
    let name = "kropki-two-solutions.toml";
    let puzzle = fpuzzles_json(name);
    for strategy in ["propagation", "dlx", "sat", "backtracking"] {
        let (stdout, _, code) = run(
            &["solve", "--count", "--all", "--strategy", strategy, &path(name)],
            "",
        );
        assert_eq!((stdout.as_str(), code), ("2\n", 3), "{strategy}");
        let (stdout, stderr, code) = run(&["solve", "--json", "--strategy", strategy, &path(name)], "");
        assert_eq!(code, 3, "{strategy}: {stderr}");
        let answer: Value = serde_json::from_str(&stdout).unwrap();
        let [a, b] = [0, 1].map(|i| answer["solutions"][i].as_str().unwrap().to_string());
        assert_ne!(a, b);
        for solution in [&a, &b] {
            check_fpuzzles(&puzzle, solution).unwrap_or_else(|e| panic!("{strategy}: {e}"));
        }
        let differ: Vec<String> = (0..36)
            .filter(|&i| a.as_bytes()[i] != b.as_bytes()[i])
            .map(|i| format!("r{}c{}", i / 6 + 1, i % 6 + 1))
            .collect();
        assert_eq!(answer["differ"], serde_json::json!(differ), "{strategy}");
        // The text form names the same cells on stderr.
        let (_, stderr, _) = run(&["solve", "--count", "--strategy", strategy, &path(name)], "");
        assert!(
            stderr.contains(&format!("differ in {} cells: {}", differ.len(), differ[0])),
            "{stderr}"
        );
    }
}

#[test]
fn candidates_of_the_miracle_rules_with_solution_counts() {
    // One of the Miracle's two givens: 8 grids.
    let one_given = format!(
        "givens = \"{}1{}\"\n{MIRACLE_RULES}",
        ".".repeat(38),
        ".".repeat(42)
    );
    let (stdout, _, code) = run(&["solve", "--count", "--all"], &one_given);
    assert_eq!((stdout.as_str(), code), ("8\n", 3));
    let (stdout, stderr, code) = run(&["candidates", "--counts"], &one_given);
    assert_eq!(code, 3, "{stderr}");
    // Each open cell's counts add up to the 8 grids.
    let count_lines: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with('r') && l.contains('×'))
        .collect();
    assert_eq!(count_lines.len(), 80, "every cell but the given is open");
    for line in &count_lines {
        let total: u64 = line
            .split_whitespace()
            .skip(1)
            .map(|t| t.split_once('×').unwrap().1.parse::<u64>().unwrap())
            .sum();
        assert_eq!(total, 8, "{line}");
    }
    insta::assert_snapshot!("miracle_rules_candidates", stdout);
    assert!(
        stderr.contains("1 puzzle: 0 unique, 1 with several solutions, 0 without"),
        "{stderr}"
    );
    // JSON: the same sets.
    let (stdout, _, _) = run(&["candidates", "--json"], MIRACLE_RULES);
    let answer: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(answer["solvable"], true);
    assert_eq!(answer["candidates"].as_array().unwrap().len(), 81);
    assert!(answer["candidates"][0].as_array().unwrap().len() > 1);
    // A unique puzzle's candidates are its solution, exit 0.
    let (stdout, _, code) = run(&["candidates", "--json", &path("kropki-jigsaw.toml")], "");
    assert_eq!(code, 0);
    let answer: Value = serde_json::from_str(&stdout).unwrap();
    let (solution, _, _) = run(&["solve", &path("kropki-jigsaw.toml")], "");
    let digits: String = answer["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|set| set[0].to_string())
        .collect();
    assert_eq!(digits, solution.trim());
}

#[test]
fn rules_lists_every_rule_and_the_native_format_documents_each() {
    let (stdout, _, code) = run(&["rules"], "");
    assert_eq!(code, 0);
    insta::assert_snapshot!("rules_table", stdout);
    let (json, _, _) = run(&["rules", "--json"], "");
    let rules: Vec<Value> = serde_json::from_str(&json).unwrap();
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/constraints/src/native.rs")).unwrap();
    for rule in &rules {
        let name = rule["name"].as_str().unwrap();
        if matches!(name, "classic" | "jigsaw" | "toroidal") {
            continue; // top-level keys, not [[rules]]
        }
        assert!(
            docs.contains(&format!("type = \"{name}\"")),
            "the native format's reference has no example of '{name}'"
        );
    }
    assert!(
        docs.contains("//! | `toroidal` |"),
        "the native format documents toroidal"
    );
}

#[test]
fn a_jigsaw_grid_draws_its_region_borders() {
    let (stdout, _, code) = run(&["solve", "--pretty", &path("kropki-jigsaw.toml")], "");
    assert_eq!(code, 0);
    insta::assert_snapshot!("kropki_jigsaw_pretty", stdout);
}

#[test]
fn bad_files_get_errors_that_say_where_and_the_batch_goes_on() {
    let cases = [
        (
            "size = 4\n[[rules]]\ntype = \"thermometer\"\ncells = \"r1c1 r1c2\"\nlength = 3\n",
            "line 5, column 1: rules[1].length: the thermometer rule has no key 'length'",
        ),
        (
            "size = 4\n[[rules]]\ntype = \"thermometer\"\ncells = \"r1c1 r5c2\"\n",
            "rules[1].cells: 'r5c2' is off the 4×4 board",
        ),
        ("size = 4\n[[rules]]\ntype = \"arow\"\n", "unknown rule type 'arow'"),
        (
            "size = 4\n[[rules]]\ntype = \"arrow\"\ncircle = \"r1c1\"\n",
            "the arrow needs its shaft, such as cells = \"r2c2 r3c3\"",
        ),
        ("size = 4\ngivens = \"1234\"\n", "givens"),
        ("{\"size\": 4, \"grid\": [", "malformed JSON"),
        (
            "{\"size\": 4, \"grid\": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]], \"cage\": [{\"cells\": [\"R1C1\"], \"value\": \"DR10\"}]}",
            "cage[0].value: a digital root is DR1 to DR9, found \"DR10\"",
        ),
    ];
    for (text, message) in cases {
        let (stdout, stderr, code) = run(&["solve", "-"], text);
        assert_eq!(code, 2, "{text}\n{stderr}");
        assert!(stderr.contains(message), "expected '{message}' in: {stderr}");
        assert!(stdout.starts_with("error: "), "{stdout}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    let (_, stderr, code) = run(&["solve", "--fpuzzles", "N4IgzglgXgpiBcBOANCA!!"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("--fpuzzles"), "{stderr}");
    // A bad file does not stop the next one.
    let (stdout, _, code) = run(&["solve", "-", &path("kropki-jigsaw.json")], cases[1].0);
    assert_eq!(code, 2);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].starts_with("error: "));
    assert_eq!(lines[1].len(), 36);
}

#[test]
fn verbose_names_the_decoration_an_fpuzzles_file_carried() {
    let mut puzzle = fpuzzles_json("kropki-jigsaw.json");
    puzzle["line"] = serde_json::json!([{ "lines": [["R1C1", "R1C2"]], "outlineC": "#FFA0A0" }]);
    let (_, stderr, code) = run(&["solve", "--verbose"], &puzzle.to_string());
    assert_eq!(code, 0);
    assert!(stderr.contains("skipped line: 1 item (decoration)"), "{stderr}");
    let (_, stderr, _) = run(&["solve"], &puzzle.to_string());
    assert!(!stderr.contains("skipped"), "{stderr}");
}

/// Runs `sudokit ARGS`, reads one line of its output and closes the pipe:
/// the program must end at once, quietly and successfully.
fn read_one_line_and_hang_up(args: &[&str], stdin: &str) {
    let mut child = common::spawn_sudokit(args, Stdio::piped());
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty(), "{args:?} printed nothing");
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let many = std::fs::read_to_string(example("top95.txt")).unwrap().repeat(20);
    read_one_line_and_hang_up(&["solve"], &many);
    read_one_line_and_hang_up(&["candidates"], &many);
    read_one_line_and_hang_up(&["convert", "--to", "url"], &many);
    read_one_line_and_hang_up(&["rules"], "");
}

/// `convert --to iss` writes what ISS reads, and sudokit reads it back as
/// the same rules (title, author and rules text have no place in ISS
/// strings), solved
/// the same way.
#[test]
fn convert_to_iss_and_back() {
    let without_names = |native: &str| -> Vec<String> {
        let mut kept: Vec<String> = blocks(native)
            .iter()
            .map(|block| {
                block
                    .lines()
                    .filter(|l| {
                        !["title", "author", "ruleset", "#"]
                            .iter()
                            .any(|k| l.starts_with(k))
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .collect();
        kept.sort_unstable();
        kept
    };
    for name in ["miracle.toml", "hintless.toml", "kropki-jigsaw.toml"] {
        let (native, _, _) = run(&["convert", "--to", "native", &path(name)], "");
        let (iss, stderr, code) = run(&["convert", "--to", "iss", &path(name)], "");
        assert_eq!(code, 0, "{name}: {stderr}");
        assert!(iss.starts_with('.'), "{name}: {iss}");
        let (back, stderr, code) = run(&["convert", "--to", "native", "-"], &iss);
        assert_eq!(code, 0, "{name}: {stderr}");
        assert_eq!(without_names(&back), without_names(&native), "{name}");
        let (solved_there, _, _) = run(&["solve", "-"], &iss);
        let (solved_here, _, _) = run(&["solve", &path(name)], "");
        assert_eq!(solved_there, solved_here, "{name}");
    }
    // A classic line as a sukaku line (every cell's candidates) and back.
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let (sukaku, stderr, code) = run(&["convert", "--to", "sukaku", "-"], line);
    assert_eq!((sukaku.trim().len(), code), (729, 0), "{stderr}");
    let (back, _, code) = run(&["convert", "--to", "line", "-"], &sukaku);
    assert_eq!((back.trim(), code), (line, 0));
    let (_, stderr, code) = run(&["convert", "--to", "sukaku", &path("miracle.toml")], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("has no place in a sukaku line"), "{stderr}");
    // A rule ISS has no form for is named, not dropped.
    let (_, stderr, code) = run(
        &["convert", "--to", "iss", "-"],
        "size = 9\n[[rules]]\ntype = \"nabner\"\ncells = \"r1c1 r1c2 r1c3\"\n",
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("rules[1]: nabner has no ISS form"), "{stderr}");
    // One ISS has no type for, but which declares all it means, goes as
    // what it declares: an odd cell as its pencil marks.
    let (iss, stderr, code) = run(
        &["convert", "--to", "iss", "-"],
        "size = 9\n[[rules]]\ntype = \"odd\"\ncells = \"r1c1\"\n",
    );
    assert_eq!((iss.trim(), code), (".~R1C1_1_3_5_7_9", 0), "{stderr}");
    // ISS types sudokit does not read are refused together, by name.
    let (_, stderr, code) = run(&["solve", "-"], ".Doppelganger.ConnectedValues~1~R1C1~R1C2");
    assert_eq!(code, 2);
    assert!(
        stderr.contains("ISS constraint types sudokit does not read: Doppelganger, ConnectedValues"),
        "{stderr}"
    );
}

/// A SudokuPad link (built here: the zipped puzzle JSON, lz-string
/// compressed) is read in every command as the same puzzle as its native
/// file, directly or through `--fpuzzles`; an element with no convention
/// is named, with the rules text.
#[test]
fn sudokupad_links_read_as_their_native_puzzle() {
    let zipped = "{ce:[[{v:1},,,],[,,{v:4,c:'#FF0000'},],[,,,],[,,,]],\
                  l:[{wp:[[3.5,3.5],[3.5,2.5]],c:'#CFCFCF',th:21}],\
                  u:[{ct:[3.5,3.5],w:0.85,h:0.85,r:t,c2:'#CFCFCF'}]}";
    let link = format!("https://sudokupad.app/scl{}", lz_str::compress_to_base64(zipped));
    let native = "size = 4\ngivens = \"1... ..4. .... ....\"\n\
                  [[rules]]\ntype = \"thermometer\"\ncells = \"r4c4 r4c3\"\n";
    let (from_link, stderr, code) = run(&["solve", "--count", "--verbose", "-"], &link);
    assert!(code == 0 || code == 3, "{stderr}");
    assert!(
        stderr.contains("cells: marks or colours in 1 cells (decoration)"),
        "{stderr}"
    );
    let (from_native, _, _) = run(&["solve", "--count", "-"], native);
    assert_eq!(from_link, from_native);
    let (converted, _, code) = run(&["convert", "--to", "native", "--fpuzzles", &link], "");
    assert_eq!(code, 0);
    let (again, _, _) = run(&["convert", "--to", "native", "-"], native);
    assert_eq!(converted, again);
    let unmapped = format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64("{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0.5,0.5],[0.5,1.5]],c:c54b8b}],metadata:{rules:'Lines are lavender.'}}")
    );
    let (_, stderr, code) = run(&["solve", "-"], &unmapped);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("SudokuPad elements sudokit cannot map to rules: 1 line of colour #c54b8b; rules: Lines are lavender."),
        "{stderr}"
    );
}

/// SudokuPad's legacy `scf` links solve in every form SudokuPad opens, and
/// `classic…` ids read. The
/// puzzle and its solution are `TestData.puzzle` of SudokuPad/sudokutools'
/// `src/compression/testsudokupacking.js`; its scf code was written by
/// hand from the format's description (docs/formats.md).
#[test]
fn sudokupad_scf_links_solve() {
    let code = "ef6Y2ScDBJ7sUpU6DFCZO4a8gv";
    let solution = "379281654164975283285643719937452168658317492412896375723568941546139827891724536";
    for link in [
        format!("https://sudokupad.app/scf{code}"),
        format!("https://app.crackingthecryptic.com/sudoku/?puzzleid=scf{code}"),
    ] {
        let (stdout, stderr, code) = run(&["solve", "-"], &link);
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(stdout.lines().next(), Some(solution), "{link}");
    }
    let (native, stderr, exit) = run(
        &["convert", "--to", "native", "--fpuzzles", &format!("scf{code}*w")],
        "",
    );
    assert_eq!(exit, 0, "{stderr}");
    assert_eq!(native.matches("extra-region").count(), 4, "{native}");
    // The tools' classic test id (`runTests` in src/puzzletools_lib.js)
    // read in its first code is a puzzle with one solution.
    let classic = "https://sudokupad.app/classicB6B91D7C2E15F4D9C3K6D4B3D25D4F8F87B4C5B7C3B";
    let (count, stderr, exit) = run(&["count", "-"], classic);
    assert_eq!((count.trim(), exit), ("1", 0), "{stderr}");
    let (_, stderr, exit) = run(&["solve", "-"], &format!("scf{code}*q"));
    assert_eq!(exit, 2);
    assert!(stderr.contains("the scf payload has the feature 'q'"), "{stderr}");
}

/// `bench-variants` on a folder with a file it cannot read and a manifest
/// with a negative oracle time: each said on stderr, the good puzzle still
/// timed, exit 2 (issue 31, item 6); a manifest that is not JSON is warned
/// about, not ignored.
#[test]
fn bench_variants_reports_refused_files_and_a_broken_manifest() {
    let dir = std::env::temp_dir().join(format!("sudokit-bench-variants-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let row = r#"[{},{},{},{}]"#;
    let good = format!(r#"{{"size":4,"grid":[{row},{row},{row},{row}]}}"#);
    std::fs::write(dir.join("good.json"), &good).unwrap();
    std::fs::write(dir.join("broken.json"), r#"{"size":4,"grid":"#).unwrap();
    let manifest =
        r#"[{"file":"good.json","solutions":2,"solutions_is_lower_bound":true,"oracle_time_s":-1}]"#;
    std::fs::write(dir.join("manifest.json"), manifest).unwrap();
    let bench = || run(&["bench-variants", "--runs", "1", dir.to_str().unwrap()], "");
    let (out, err, code) = bench();
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("broken.json: not read: "), "{err}");
    assert!(
        err.contains("entry 1 (good.json): oracle_time_s -1 is not a time"),
        "{err}"
    );
    assert!(out.contains("1 puzzles read, 1 refused"), "{out}");
    std::fs::remove_file(dir.join("broken.json")).unwrap();
    std::fs::write(dir.join("manifest.json"), "[{").unwrap();
    let (_, err, code) = bench();
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("manifest.json: not JSON"), "{err}");
    let fixed = manifest.replace("-1", "0.5");
    std::fs::write(dir.join("manifest.json"), fixed).unwrap();
    let (out, err, code) = bench();
    assert_eq!(code, 0, "{err}\n{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
