//! `sudokit canon`: one form per input line, the same for isomorphic inputs,
//! with the transformation in `--json` (the library's tests check the forms
//! against brute force, in `research/grid-count`).

mod common;

use common::run_sudokit;

/// A grid and an image of it: rows 1↔2, stacks 1↔3, digits 1↔9.
const GRID: &str = "123456789456789123789123456231564897564897231897231564312645978645978312978312645";

/// The image of GRID described above, built here by hand.
fn image() -> String {
    let rows: Vec<Vec<u8>> = GRID.as_bytes().chunks(9).map(<[u8]>::to_vec).collect();
    let order = [1, 0, 2, 3, 4, 5, 6, 7, 8];
    let cols = [6, 7, 8, 3, 4, 5, 0, 1, 2];
    let rows = &rows;
    order
        .iter()
        .flat_map(|&r| cols.iter().map(move |&c| rows[r][c]))
        .map(|b| match b {
            b'1' => '9',
            b'9' => '1',
            other => char::from(other),
        })
        .collect()
}

#[test]
fn canon_gives_isomorphic_grids_one_form() {
    let input = format!("{GRID}\n# a comment\n\n{}\n", image());
    let (stdout, stderr, code) = run_sudokit(&["canon"], &input);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], lines[1]);
    assert!(lines[0].starts_with("123456789"));
}

#[test]
fn canon_json_gives_a_transformation_that_reaches_the_form() {
    let (stdout, stderr, code) = run_sudokit(&["canon", "--json"], &image());
    assert_eq!(code, 0, "{stderr}");
    let value: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    // The most symmetric grid: 648 automorphisms.
    assert_eq!(value["automorphisms"], 648);
    let t = &value["transformation"];
    let input: Vec<u8> = image().bytes().map(|b| b - b'0').collect();
    let at = |r: usize, c: usize| {
        if t["transpose"].as_bool().unwrap() {
            input[c * 9 + r]
        } else {
            input[r * 9 + c]
        }
    };
    let index = |key: &str, i: usize| t[key][i].as_u64().unwrap() as usize - 1;
    let mut applied = String::new();
    for r in 0..9 {
        for c in 0..9 {
            let d = at(index("rows", r), index("cols", c));
            applied.push_str(&t["labels"][d.to_string()].to_string());
        }
    }
    assert_eq!(applied, value["form"].as_str().unwrap());
}

#[test]
fn canon_reports_a_bad_line_and_answers_the_others() {
    let input = format!("12345\n{GRID}\n{}x\n", &GRID[..80]);
    let (stdout, stderr, code) = run_sudokit(&["canon"], &input);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("<stdin>:1: found 5 cells, expected 81"),
        "{stderr}"
    );
    assert!(stderr.contains("<stdin>:3: unexpected 'x'"), "{stderr}");
    assert_eq!(stdout.lines().count(), 1);
}
