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
        assert!(cells[6].ends_with('×'), "{strategy}: {cells:?}");
    }
    assert_eq!(row(&table, "grid2.txt", "alpha (peer)")[3], "1000");
    assert_eq!(
        row(&table, "grid2.txt", "alpha (peer)").len(),
        6,
        "no ratio against itself"
    );
    assert_eq!(row(&table, "grid2.txt", "beta (peer)")[6], "0.50×");
    // Each peer ran once a pass, asked to prove uniqueness, on the file.
    let log = std::fs::read_to_string(dir.join("alpha.log")).unwrap();
    assert_eq!(log, format!("--unique {GRID2}\n--unique {GRID2}\n"));
}

#[test]
fn a_peer_that_breaks_the_protocol_is_an_error() {
    let dir = scratch("broken");
    let broken = fake_peer(&dir, "broken", "hello");
    let (_, stderr, code) = bench(&["--runs", "1", "--peer", broken.to_str().unwrap(), GRID2]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not a protocol line: \"hello\""), "{stderr}");
}

#[test]
fn an_unknown_strategy_is_an_error() {
    let (_, stderr, code) = bench(&["--strategies", "magic", GRID2]);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown strategy 'magic'"), "{stderr}");
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
    let (_, err, code) = bench(&[
        GRID2,
        "--runs",
        "1",
        "--peer",
        hang.to_str().unwrap(),
        "--peer-timeout",
        "0.5",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("no answer within 0.5 s"), "{err}");
    let fail = script_peer(&dir, "fail", "echo 'cannot open the file' >&2; exit 3");
    let (_, err, code) = bench(&[GRID2, "--runs", "1", "--peer", fail.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("exited with exit status: 3") && err.contains("cannot open the file"),
        "{err}"
    );
    let inf = fake_peer(
        &dir,
        "inf",
        "inf FILE: solved 1/1 in 0 s, inf puzzles/s, 0 us/puzzle",
    );
    let (_, err, code) = bench(&[GRID2, "--runs", "1", "--peer", inf.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("implausible figures"), "{err}");
    let chatty = script_peer(&dir, "chatty", "yes 'noise noise noise' | head -c 10000000");
    let (_, err, code) = bench(&[GRID2, "--runs", "1", "--peer", chatty.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("not a protocol line"), "{err}");
    let (_, _, code) = bench(&[GRID2, "--runs", "0"]);
    assert_eq!(code, 2);
    let _ = std::fs::remove_dir_all(dir);
}
