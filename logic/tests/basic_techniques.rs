//! Singles, locked candidates and subsets: sound on real puzzles, and
//! each fires where it should.

mod common;

use common::{cells, classic_set, found, one_digit, replay_sound};
use sudokit_logic::techniques::by_name;

#[test]
fn basic_techniques_never_remove_a_solution_digit() {
    let mut sets = classic_set("top95", 40);
    sets.extend(classic_set("hardest", 11));
    for name in [
        "locked-candidates",
        "naked-pair",
        "naked-triple",
        "naked-quad",
        "hidden-pair",
        "hidden-triple",
        "hidden-quad",
    ] {
        let technique = by_name(name).unwrap();
        let made: usize = sets
            .iter()
            .map(|(p, s)| replay_sound(p, s, technique.as_ref()))
            .sum();
        assert!(made > 0, "{name} never fired on top95 and hardest");
    }
}

/// Forcing chains, which the contradiction step usually pre-empts, alone
/// after the rules: sound, and they fire.
#[test]
fn forcing_chains_never_remove_a_solution_digit() {
    let technique = by_name("forcing-chains").unwrap();
    let mut sets = classic_set("top95", 30);
    sets.extend(classic_set("hardest", 11));
    let made: usize = sets
        .iter()
        .map(|(p, s)| replay_sound(p, s, technique.as_ref()))
        .sum();
    assert!(made > 0, "forcing chains never fired");
}

/// Every cell of row 1 but the last holds one digit.
#[test]
fn full_house() {
    let row: Vec<(String, String)> = (1..=8).map(|c| (format!("r1c{c}"), c.to_string())).collect();
    let list: Vec<(&str, &str)> = row.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    insta::assert_snapshot!(found("full-house", &cells(&list)));
}

/// 5 has one place left in row 1, none in box 1 but r2c2.
#[test]
fn hidden_singles_in_a_line_and_in_a_box() {
    #[rustfmt::skip]
    let line = [".xxxxxxxx", "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx",
                "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx", "x........"];
    let in_line = found("hidden-single", &one_digit(5, line));
    #[rustfmt::skip]
    let boxed = ["...xxxxxx", ".x.xxxxxx", "...xxxxxx", "xxxxxxxxx", "xxxxxxxxx",
                 "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx"];
    let in_box = found("hidden-single", &one_digit(5, boxed));
    insta::assert_snapshot!(format!("{in_line}\n{in_box}"));
}

#[test]
fn naked_single() {
    insta::assert_snapshot!(found("naked-single", &cells(&[("r5c5", "7")])));
}

/// 7 in box 1 only in row 1 (pointing); 4 in row 9 only in box 9 (claiming).
#[test]
fn pointing_and_claiming() {
    #[rustfmt::skip]
    let pointing = ["x.xxxxxxx", "...xxxxxx", "...xxxxxx", "xxxxxxxxx", "xxxxxxxxx",
                    "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx"];
    #[rustfmt::skip]
    let claiming = ["xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx",
                    "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx", "......x.x"];
    let text = [
        found("locked", &one_digit(7, pointing)),
        found("locked", &one_digit(4, claiming)),
    ];
    insta::assert_snapshot!(text.join("\n"));
}

#[test]
fn naked_subsets() {
    let pair = found("naked-pair", &cells(&[("r1c5", "26"), ("r1c6", "26")]));
    let triple = found(
        "naked-triple",
        &cells(&[("r4c1", "12"), ("r5c1", "23"), ("r9c1", "13")]),
    );
    let quad = found(
        "naked-quad",
        &cells(&[("r7c7", "12"), ("r7c8", "34"), ("r8c8", "1234"), ("r9c9", "24")]),
    );
    insta::assert_snapshot!([pair, triple, quad].join("\n"));
}

#[test]
fn hidden_subsets() {
    // 1 and 2 only in r1c1 and r1c2 along row 1.
    let row1: Vec<String> = (3..=9).map(|c| format!("r1c{c}")).collect();
    let mut list: Vec<(&str, &str)> = row1.iter().map(|c| (c.as_str(), "3456789")).collect();
    let pair = found("hidden-pair", &cells(&list));
    // 1, 2 and 3 only in three cells of column 9.
    let col9: Vec<String> = (4..=9).map(|r| format!("r{r}c9")).collect();
    list = col9.iter().map(|c| (c.as_str(), "456789")).collect();
    let triple = found("hidden-triple", &cells(&list));
    // 6, 7, 8 and 9 only in the first row of box 5 and r6c6.
    let box5 = ["r5c4", "r5c5", "r5c6", "r6c4", "r6c5"];
    list = box5.iter().map(|&c| (c, "12345")).collect();
    let quad = found("hidden-quad", &cells(&list));
    insta::assert_snapshot!([pair, triple, quad].join("\n"));
}
