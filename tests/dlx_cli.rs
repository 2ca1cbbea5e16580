//! `sudokit solve --strategy dlx`: the same answers as the default
//! strategy, through the same output contract.

mod common;

use common::{assert_valid, digits81, example, lines, run_sudokit};

/// Runs `sudokit ARGS` with `stdin`, returning (stdout, exit code).
fn run(args: &[&str], stdin: &str) -> (String, i32) {
    let (stdout, _, code) = run_sudokit(args, stdin);
    (stdout, code)
}

#[test]
fn dlx_solves_top95_like_propagation() {
    let puzzles = lines("classic/top95.txt");
    let input = puzzles.join("\n");
    let (dlx, code) = run(&["solve", "--strategy", "dlx"], &input);
    assert_eq!(code, 0);
    let (propagation, _) = run(&["solve", "--strategy", "propagation"], &input);
    assert_eq!(dlx, propagation);
    for (line, (puzzle, solution)) in puzzles.iter().zip(dlx.lines()).enumerate() {
        let what = format!("top95 line {}", line + 1);
        assert_valid(9, 3, 3, &digits81(puzzle), &digits81(solution), &what);
    }
}

#[test]
fn dlx_counts_like_propagation() {
    let empty_4x4 = "................";
    for args in [
        &["--count", "--all"][..],
        &["--count"],
        &["--count", "--limit", "7"],
    ] {
        let mut dlx_args = vec!["solve", "--strategy", "dlx"];
        dlx_args.extend_from_slice(args);
        let mut propagation_args = vec!["solve", "--strategy", "propagation"];
        propagation_args.extend_from_slice(args);
        assert_eq!(run(&dlx_args, empty_4x4), run(&propagation_args, empty_4x4));
    }
    assert_eq!(
        run(&["solve", "--strategy", "dlx", "--count", "--all"], empty_4x4).0,
        "288\n"
    );
    let file = example("6x6.txt");
    let file = file.to_str().unwrap();
    assert_eq!(
        run(&["solve", "--strategy", "dlx", "--count", file], ""),
        run(&["solve", "--strategy", "propagation", "--count", file], "")
    );
}
