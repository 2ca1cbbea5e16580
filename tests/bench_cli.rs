//! `sudokit bench`: our strategies timed side by side with peer harnesses,
//! which are stood in for here by scripts that speak the harness protocol.

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use common::run_sudokit;

const GRID2: &str = "examples/puzzles/grid2.txt";

/// A fake peer harness printing `line` (with `FILE` replaced by its last
/// argument), and logging its arguments next to it.
fn fake_peer(dir: &Path, name: &str, line: &str) -> PathBuf {
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\necho \"$@\" >> {log}\nfile=\"$(eval echo \\${{$#}})\"\necho \"{line}\" | sed \"s|FILE|$file|\"\n",
        log = dir.join(format!("{name}.log")).display(),
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudokit-bench-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn bench(args: &[&str]) -> (String, String, i32) {
    let args: Vec<&str> = std::iter::once("bench").chain(args.iter().copied()).collect();
    run_sudokit(&args, "")
}

/// Asserts that a run was refused (exit 2) with `message` on stderr.
fn refused((_, stderr, code): (String, String, i32), message: &str) {
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains(message), "{stderr}");
}

/// The cells of the table row whose first two cells are `file` and `solver`.
fn row<'a>(table: &'a str, file: &str, solver: &str) -> Vec<&'a str> {
    table
        .lines()
        .map(|l| {
            l.split('|')
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect::<Vec<_>>()
        })
        .find(|cells| cells.len() >= 2 && cells[0] == file && cells[1] == solver)
        .unwrap_or_else(|| panic!("no row {file} / {solver} in\n{table}"))
}

#[test]
fn strategies_and_peers_side_by_side() {
    let dir = scratch("peers");
    let alpha = fake_peer(
        &dir,
        "alpha",
        "alpha FILE: solved 1/1 in 0.001 s, 1000.0 puzzles/s, 1000.000 us/puzzle",
    );
    let beta = fake_peer(
        &dir,
        "beta",
        "beta FILE: solved 1/1 in 0.002 s, 500.0 puzzles/s, 2000.000 us/puzzle",
    );
    let (table, stderr, code) = bench(&[
        "--runs",
        "2",
        "--limit",
        "2",
        "--strategies",
        "propagation,dlx",
        "--peer",
        alpha.to_str().unwrap(),
        "--peer",
        beta.to_str().unwrap(),
        GRID2,
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        table.starts_with("limit 2 solution(s) per puzzle, median of 2 passes"),
        "{table}"
    );
    // Ratios are against the first peer, named in the header.
    assert!(table.lines().nth(1).unwrap().contains("vs alpha"), "{table}");
    for strategy in ["propagation", "dlx"] {
        let cells = row(&table, "grid2.txt", strategy);
        assert_eq!(cells[2], "1/1", "{strategy}");
        assert!(cells[8].ends_with('×'), "{strategy}: {cells:?}");
    }
    let alpha_row = row(&table, "grid2.txt", "alpha (peer)");
    assert_eq!(alpha_row[3], "1000");
    // Peers report no guesses; no ratio against itself.
    assert_eq!(alpha_row[6..], ["–", "–"], "{table}");
    assert_eq!(row(&table, "grid2.txt", "beta (peer)")[8], "0.50×");
    // Each peer ran once a pass, asked to prove uniqueness, on the file.
    let log = std::fs::read_to_string(dir.join("alpha.log")).unwrap();
    assert_eq!(log, format!("--unique {GRID2}\n--unique {GRID2}\n"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_peer_that_breaks_the_protocol_is_an_error() {
    let dir = scratch("broken");
    let broken = fake_peer(&dir, "broken", "hello");
    refused(
        bench(&["--runs", "1", "--peer", broken.to_str().unwrap(), GRID2]),
        "not a protocol line: \"hello\"",
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_unknown_strategy_is_an_error() {
    refused(
        bench(&["--strategies", "magic", GRID2]),
        "unknown strategy 'magic'",
    );
}

/// A script peer with any body.
fn script_peer(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Peers that hang, fail or claim the impossible are reported, not trusted
/// (issue 14, defect 10); `--runs 0` is refused.
#[test]
fn misbehaving_peers_are_reported() {
    let dir = scratch("misbehaving");
    let hang = script_peer(&dir, "hang", "sleep 30");
    refused(
        bench(&[
            GRID2,
            "--runs",
            "1",
            "--peer",
            hang.to_str().unwrap(),
            "--peer-timeout",
            "0.5",
        ]),
        "no answer within 0.5 s",
    );
    let fail = script_peer(&dir, "fail", "echo 'cannot open the file' >&2; exit 3");
    refused(
        bench(&[GRID2, "--runs", "1", "--peer", fail.to_str().unwrap()]),
        "exited with exit status: 3; stderr: cannot open the file",
    );
    let inf = fake_peer(
        &dir,
        "inf",
        "inf FILE: solved 1/1 in 0 s, inf puzzles/s, 0 us/puzzle",
    );
    refused(
        bench(&[GRID2, "--runs", "1", "--peer", inf.to_str().unwrap()]),
        "implausible figures",
    );
    let chatty = script_peer(&dir, "chatty", "yes 'noise noise noise' | head -c 10000000");
    refused(
        bench(&[GRID2, "--runs", "1", "--peer", chatty.to_str().unwrap()]),
        "not a protocol line",
    );
    refused(bench(&[GRID2, "--runs", "0"]), "--runs");
    let _ = std::fs::remove_dir_all(dir);
}

/// The JSON objects of `bench --json`, one a line.
fn json_records(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The record of `solver` among `records`.
fn record<'a>(records: &'a [serde_json::Value], solver: &str) -> &'a serde_json::Value {
    records
        .iter()
        .find(|r| r["solver"] == solver)
        .unwrap_or_else(|| panic!("no record for {solver} in {records:?}"))
}

fn number(value: &serde_json::Value) -> f64 {
    value.as_f64().unwrap_or_else(|| panic!("not a number: {value}"))
}

/// A file of an easy puzzle (singles solve it) and top95's seventh, which
/// needs guesses (grid2 no longer does since the engine finds locked
/// candidates).
fn easy_and_hard(dir: &Path) -> PathBuf {
    let easy = &common::lines("classic/easy50.txt")[0];
    let top95 = std::fs::read_to_string(common::example("top95.txt")).unwrap();
    let hard = top95.lines().nth(6).unwrap();
    let path = dir.join("two.txt");
    std::fs::write(&path, format!("{easy}\n{hard}")).unwrap();
    path
}

/// Guesses per puzzle are the searches' own counts (as `compare` reports
/// them), and the share solved without guessing counts the easy puzzle.
#[test]
fn guesses_and_the_share_solved_without_guessing() {
    let dir = scratch("guesses");
    let file = easy_and_hard(&dir);
    let file = file.to_str().unwrap();
    let args = [
        "--limit",
        "2",
        "--runs",
        "1",
        "--strategies",
        "propagation,dlx",
        file,
    ];
    let (table, err, code) = bench(&args);
    assert_eq!(code, 0, "{err}");
    let (json, err, code) = bench(&[&args[..], &["--json"]].concat());
    assert_eq!(code, 0, "{err}");
    let records = json_records(&json);
    let (compared, err, code) = run_sudokit(&["compare", "--strategies", "propagation,dlx", file], "");
    assert_eq!(code, 0, "{err}");
    for strategy in ["propagation", "dlx"] {
        let r = record(&records, strategy);
        assert_eq!(r["no_guess_pct"], 50.0, "{strategy}");
        let cells = row(&table, "two.txt", strategy);
        assert_eq!(cells[7], "50.0 %", "{table}");
        let guesses = number(&r["guesses_per_puzzle"]);
        assert!(guesses >= 1.0, "{strategy}: grid2 needs guesses");
        assert_eq!(cells[6], format!("{guesses:.1}"));
        // compare's last column: guesses per puzzle, the same searches.
        let line = compared
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(strategy))
            .unwrap_or_else(|| panic!("{compared}"));
        let theirs: f64 = line.split_whitespace().last().unwrap().parse().unwrap();
        assert!(
            (theirs - guesses).abs() < 0.051,
            "{strategy}: {theirs} vs {guesses}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// `--json` and `--csv` carry the same fields, every figure of every
/// (file, solver) pair, consistent with each other.
#[test]
fn json_and_csv_carry_every_figure() {
    let dir = scratch("json");
    let alpha = fake_peer(
        &dir,
        "alpha",
        "alpha FILE: solved 1/1 in 0.001 s, 1000.0 puzzles/s, 1000.000 us/puzzle",
    );
    let args = [
        "--runs",
        "3",
        "--limit",
        "2",
        "--strategies",
        "propagation",
        "--peer",
        alpha.to_str().unwrap(),
        GRID2,
    ];
    let (json, err, code) = bench(&[&args[..], &["--json"]].concat());
    assert_eq!(code, 0, "{err}");
    let records = json_records(&json);
    assert_eq!(records.len(), 2, "{json}");
    let ours = record(&records, "propagation");
    assert_eq!(ours["file"], "grid2.txt");
    assert_eq!(ours["peer"], false);
    assert_eq!(
        (&ours["limit"], &ours["puzzles"], &ours["solved"]),
        (&2.into(), &1.into(), &1.into())
    );
    assert_eq!(ours["timeouts"], 0);
    let mut runs: Vec<f64> = ours["runs_per_s"]
        .as_array()
        .unwrap()
        .iter()
        .map(number)
        .collect();
    assert_eq!(runs.len(), 3);
    runs.sort_by(f64::total_cmp);
    assert!(runs[0] > 0.0 && runs[2].is_finite());
    assert_eq!(
        [
            number(&ours["min_per_s"]),
            number(&ours["median_per_s"]),
            number(&ours["max_per_s"])
        ],
        [runs[0], runs[1], runs[2]]
    );
    let median = runs[1];
    assert!((number(&ours["us_per_puzzle"]) * median / 1e6 - 1.0).abs() < 1e-9);
    assert_eq!(ours["vs"], "alpha");
    assert!((number(&ours["ratio"]) - median / 1000.0).abs() < 1e-9);
    assert!(
        ours["threads"].is_null() && ours["speedup"].is_null(),
        "one thread by default"
    );
    let peer = record(&records, "alpha");
    assert_eq!(peer["peer"], true);
    assert_eq!(peer["median_per_s"], 1000.0);
    assert_eq!(peer["runs_per_s"], serde_json::json!([1000.0, 1000.0, 1000.0]));
    assert!(peer["guesses_per_puzzle"].is_null() && peer["ratio"].is_null());

    let (csv, err, code) = bench(&[&args[..], &["--csv"]].concat());
    assert_eq!(code, 0, "{err}");
    let lines: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(lines.len(), 3, "{csv}");
    let mut header = lines[0].clone();
    let mut keys: Vec<&str> = ours.as_object().unwrap().keys().map(String::as_str).collect();
    header.sort_unstable();
    keys.sort_unstable();
    assert_eq!(header, keys, "the same fields");
    let cell =
        |line: &[&str], name: &str| line[lines[0].iter().position(|h| *h == name).unwrap()].to_string();
    let peer_line = lines.iter().find(|l| l[1] == "alpha").unwrap();
    assert_eq!(cell(peer_line, "runs_per_s"), "1000.0 1000.0 1000.0");
    assert_eq!(cell(peer_line, "guesses_per_puzzle"), "");
    assert_eq!(cell(peer_line, "peer"), "true");
    let our_line = lines.iter().find(|l| l[1] == "propagation").unwrap();
    assert_eq!(cell(our_line, "solved"), "1");
    assert_eq!(cell(our_line, "runs_per_s").split(' ').count(), 3);

    refused(
        bench(&[&args[..], &["--json", "--csv"]].concat()),
        "cannot be used with",
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `-` reads standard input; peers get it saved to a file, removed after.
#[test]
fn standard_input_is_a_file() {
    let dir = scratch("stdin");
    // A peer that counts the puzzles of the file it is given.
    let counting = script_peer(
        &dir,
        "counting",
        &format!(
            "file=\"$(eval echo \\${{$#}})\"\necho \"$file\" >> {log}\nn=$(grep -c . \"$file\")\n\
             echo \"counting $file: solved $n/$n in 0.001 s, ${{n}}000.0 puzzles/s, 1000.000 us/puzzle\"",
            log = dir.join("counting.log").display()
        ),
    );
    let grid2 = std::fs::read_to_string(GRID2).unwrap();
    let args = ["bench", "--runs", "1", "--peer", counting.to_str().unwrap(), "-"];
    let (table, err, code) = run_sudokit(&args, &grid2);
    assert_eq!(code, 0, "{err}");
    assert_eq!(row(&table, "<stdin>", "auto")[2], "1/1");
    assert_eq!(row(&table, "<stdin>", "counting (peer)")[2], "1/1");
    let saved = std::fs::read_to_string(dir.join("counting.log")).unwrap();
    assert!(!Path::new(saved.trim()).exists(), "{saved} left behind");

    refused(run_sudokit(&["bench", "-", "-"], &grid2), "only once");
    refused(run_sudokit(&["bench", "-"], ""), "<stdin>: no puzzle found");
    let _ = std::fs::remove_dir_all(dir);
}

/// A puzzle past `--timeout` counts as unsolved and is named as timed out.
/// The naive backtracking needs about 200 M nodes on grid2: far beyond
/// 10 ms on any machine.
#[test]
fn a_puzzle_past_the_time_limit_is_unsolved() {
    let (table, err, code) = bench(&[
        "--runs",
        "1",
        "--strategies",
        "backtracking,propagation",
        "--timeout",
        "0.01",
        GRID2,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(row(&table, "grid2.txt", "backtracking")[2], "0/1 (1 timed out)");
    assert_eq!(row(&table, "grid2.txt", "propagation")[2], "1/1");
    assert!(!table.contains("vs "), "no ratio column without peers: {table}");
    // `--timeout 0` is no limit, as in every command (issue 31, item 6).
    let (table, err, code) = bench(&[
        "--runs",
        "1",
        "--strategies",
        "propagation",
        "--timeout",
        "0",
        GRID2,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(row(&table, "grid2.txt", "propagation")[2], "1/1");
    refused(
        bench(&["--timeout=-1", GRID2]),
        "expected a number of seconds (0 for none)",
    );
}

/// A harness that solved fewer than all exits 1 with its line: the line
/// counts. Any other failure, or figures that disagree, is reported.
#[test]
fn peer_exit_status_and_figures_are_checked() {
    let dir = scratch("status");
    let run = |name: &str, body: &str| {
        let peer = script_peer(&dir, name, body);
        bench(&["--runs", "1", "--peer", peer.to_str().unwrap(), GRID2])
    };
    let line = |figures: &str| format!("echo 'p f: solved {figures} us/puzzle'");
    let (table, err, code) = run(
        "partial",
        &format!("{}; exit 1", line("0/1 in 0.001 s, 1000.0 puzzles/s, 1000.000")),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(row(&table, "grid2.txt", "p (peer)")[2], "0/1");
    refused(
        run(
            "liar",
            &format!(
                "echo oops >&2; {}; exit 1",
                line("1/1 in 0.001 s, 1000.0 puzzles/s, 1000.000")
            ),
        ),
        "exited with exit status: 1; stderr: oops",
    );
    refused(
        run("fast", &line("1/1 in 0.001 s, 5000.0 puzzles/s, 1000.000")),
        "implausible figures (5000 puzzles/s is not 1 puzzles in 0.001 s)",
    );
    refused(
        run("more", &line("2/2 in 0.002 s, 1000.0 puzzles/s, 1000.000")),
        "it read 2 puzzles where sudokit read 1",
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `--jobs N` times our strategies again on N threads and reports the
/// speed-up against one thread in the same run; peers run as they are.
#[test]
fn jobs_add_a_multi_thread_rate_and_its_speedup() {
    let dir = scratch("jobs");
    let alpha = fake_peer(
        &dir,
        "alpha",
        "alpha FILE: solved 95/95 in 0.095 s, 1000.0 puzzles/s, 1000.000 us/puzzle",
    );
    let top95 = "examples/puzzles/top95.txt";
    let args = [
        "--runs",
        "2",
        "--jobs",
        "2",
        "--peer",
        alpha.to_str().unwrap(),
        top95,
    ];
    let (json, err, code) = bench(&[&args[..], &["--json"]].concat());
    assert_eq!(code, 0, "{err}");
    let records = json_records(&json);
    let ours = record(&records, "auto");
    assert_eq!(ours["threads"], 2);
    let rates: Vec<f64> = ours["threads_runs_per_s"]
        .as_array()
        .unwrap()
        .iter()
        .map(number)
        .collect();
    assert_eq!(rates.len(), 2);
    assert!(rates.iter().all(|r| r.is_finite() && *r > 0.0), "{rates:?}");
    let median = (rates[0] + rates[1]) / 2.0;
    assert!((number(&ours["threads_median_per_s"]) - median).abs() < 1e-6 * median);
    let speedup = number(&ours["speedup"]);
    assert!((speedup - median / number(&ours["median_per_s"])).abs() < 1e-9);
    // Its size depends on how busy the machine is (0.06 was seen on a loaded host): only its sign is ours.
    assert!(speedup.is_finite() && speedup > 0.0, "{speedup}");
    assert!(record(&records, "alpha")["threads"].is_null());

    let (table, err, code) = bench(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        table.starts_with("limit 1 solution(s) per puzzle, median of 2 passes, one thread (and 2 threads")
    );
    assert!(table.contains("| 2 threads/s | speed-up |"), "{table}");
    assert!(row(&table, "top95.txt", "auto")[10].ends_with('×'), "{table}");
    assert_eq!(
        row(&table, "top95.txt", "alpha (peer)")[7..],
        ["–", "–", "–"],
        "{table}"
    );
    refused(bench(&["--jobs", "0", GRID2]), "--jobs");
    let _ = std::fs::remove_dir_all(dir);
}

/// `scripts/build-peer.sh tdoku` and `kudoku` build the C/C++ harnesses and
/// print their paths; bench runs them (both check their own answers).
#[test]
fn build_peer_builds_tdoku_and_kudoku() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/build-peer.sh");
    let build = |name: &str| std::process::Command::new(script).arg(name).output().unwrap();
    let mut peers = Vec::new();
    for name in ["tdoku", "kudoku"] {
        let out = build(name);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let path = String::from_utf8(out.stdout).unwrap().trim().to_string();
        assert!(path.ends_with(&format!("/{name}-harness")), "{path}");
        peers.push(path);
    }
    let (table, err, code) = bench(&[
        "--runs",
        "1",
        "--limit",
        "2",
        "--peer",
        &peers[0],
        "--peer",
        &peers[1],
        "examples/puzzles/top95.txt",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(row(&table, "top95.txt", "tdoku (peer)")[2], "95/95");
    assert_eq!(row(&table, "top95.txt", "kudoku (peer)")[2], "95/95");
    let out = build("nonesuch");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("tdoku or kudoku"));
}
