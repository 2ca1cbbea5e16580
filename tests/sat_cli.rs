//! The SAT parts of the command line: `solve --strategy sat`, `encode`, `decode`.

mod common;

use common::run_sudokit as run;

const GRID2: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const GRID2_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

#[test]
fn solves_and_counts_with_every_encoding() {
    for encoding in ["minimal", "efficient", "extended", "optimized", "propagated"] {
        let (stdout, _, code) = run(&["solve", "--strategy", "sat", "--encoding", encoding], GRID2);
        assert_eq!((stdout.trim(), code), (GRID2_SOLUTION, 0), "{encoding}");
        let (stdout, _, code) = run(
            &[
                "solve",
                "--strategy",
                "sat",
                "--encoding",
                encoding,
                "--count",
                "--all",
                "--size",
                "4",
            ],
            &".".repeat(16),
        );
        assert_eq!((stdout.trim(), code), ("288", 3), "{encoding}");
    }
}

#[test]
fn encoding_needs_the_sat_strategy_and_a_known_name() {
    let (_, stderr, code) = run(&["solve", "--encoding", "optimized"], GRID2);
    assert_eq!(code, 2);
    assert!(stderr.contains("--strategy sat only"), "{stderr}");
    let (_, stderr, code) = run(&["solve", "--strategy", "sat", "--encoding", "tiny"], GRID2);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown encoding `tiny`"), "{stderr}");
}

#[test]
fn encode_writes_a_header_and_decode_reads_a_model_back() {
    let (cnf, stderr, code) = run(&["encode", "--encoding", "optimized"], GRID2);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        cnf.starts_with("c sudokit puzzle <stdin>:1\nc encoding optimized"),
        "{cnf}"
    );
    assert!(cnf.contains("\nc fixed r1c1#4\n"), "{cnf}");
    // A model made from the known solution: every variable of the header
    // set as the solution says.
    let mut model = String::from("s SATISFIABLE\nv");
    for line in cnf.lines() {
        if let Some(rest) = line.strip_prefix("c var ") {
            let (var, cand) = rest.split_once(" = ").unwrap();
            let (cell, digit) = cand.split_once('#').unwrap();
            let (r, c) = cell[1..].split_once('c').unwrap();
            let index = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
            let truth = GRID2_SOLUTION.as_bytes()[index] - b'0' == digit.parse::<u8>().unwrap();
            model.push_str(&format!(" {}{var}", if truth { "" } else { "-" }));
        }
    }
    model.push_str(" 0\n");
    let dir = std::env::temp_dir().join(format!("sudokit-sat-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("grid2.cnf");
    std::fs::write(&path, &cnf).unwrap();
    let (stdout, stderr, code) = run(&["decode", path.to_str().unwrap(), "-"], &model);
    assert_eq!((stdout.trim(), code), (GRID2_SOLUTION, 0), "{stderr}");
    let (stdout, _, code) = run(&["decode", path.to_str().unwrap(), "-"], "s UNSATISFIABLE\n");
    assert_eq!((stdout.trim(), code), ("no solution", 1));
    // A second digit in a cell breaks the CNF's own clauses (issue 14, defect 9).
    let first_false = model
        .split_whitespace()
        .find(|w| w.starts_with('-'))
        .unwrap()
        .to_string();
    let broken = model.replacen(
        &format!(" {first_false} "),
        &format!(" {} ", &first_false[1..]),
        1,
    );
    let (stdout, stderr, code) = run(&["decode", path.to_str().unwrap(), "-"], &broken);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("the model is not a solution: it breaks clause "),
        "{stderr}"
    );
    // No grid is printed for it: it would read as an answer (issue 31, item 6).
    assert_eq!(stdout, "", "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A model of a board with 3×2 boxes decodes: the CNF is the puzzle, not
/// the squarest box shape (issue 14, defect 9).
#[test]
fn decode_checks_the_cnf_not_a_box_shape() {
    let six = "1.....\n......\n......\n......\n......\n......\n";
    let (cnf, stderr, code) = run(&["encode", "--boxes", "3x2", "--encoding", "optimized"], six);
    assert_eq!(code, 0, "{stderr}");
    let (solution, _, _) = run(&["solve", "--boxes", "3x2"], six);
    let solution = solution.trim();
    let mut model = String::from("v");
    for line in cnf.lines() {
        if let Some(rest) = line.strip_prefix("c var ") {
            let (var, cand) = rest.split_once(" = ").unwrap();
            let (cell, digit) = cand.split_once('#').unwrap();
            let (r, c) = cell[1..].split_once('c').unwrap();
            let index = (r.parse::<usize>().unwrap() - 1) * 6 + c.parse::<usize>().unwrap() - 1;
            let truth = solution.as_bytes()[index] - b'0' == digit.parse::<u8>().unwrap();
            model.push_str(&format!(" {}{var}", if truth { "" } else { "-" }));
        }
    }
    model.push_str(" 0\n");
    let path = std::env::temp_dir().join(format!("sudokit-six-{}.cnf", std::process::id()));
    std::fs::write(&path, &cnf).unwrap();
    let (stdout, stderr, code) = run(
        &[
            "decode",
            "--pretty",
            "--boxes",
            "3x2",
            path.to_str().unwrap(),
            "-",
        ],
        &model,
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout.lines().count(),
        6 + 1,
        "six rows and one rule between the boxes: {stdout}"
    );
    let _ = std::fs::remove_file(path);
}

/// `decode` reads its CNF and model under the document limit: `/dev/zero`
/// is refused at 16 MiB with its name, not read until memory runs out.
#[cfg(unix)]
#[test]
fn decode_refuses_endless_inputs_at_the_document_limit() {
    let (_, stderr, code) = run(&["decode", "/dev/zero", "-"], "s SATISFIABLE\n");
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("/dev/zero") && stderr.contains("16 MiB"),
        "{stderr}"
    );
    let cnf = std::env::temp_dir().join(format!("sudokit-bounded-{}.cnf", std::process::id()));
    std::fs::write(&cnf, "p cnf 1 1\n1 0\n").unwrap();
    let (_, stderr, code) = run(&["decode", cnf.to_str().unwrap(), "/dev/zero"], "");
    std::fs::remove_file(&cnf).unwrap();
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("/dev/zero") && stderr.contains("16 MiB"),
        "{stderr}"
    );
}
