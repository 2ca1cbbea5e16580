//! Connected digits through the testkit: sound propagation (brute force on
//! 4×4 and 6×6 boards with the classic rules; alone, 6×6 starts are too
//! loose for brute force and rarely cut an area off), `check`
//! agreeing with `accepts_placement`, and the engine's search counting
//! what brute force counts on 4×4 (odd digits can never connect there).

mod common;

use sudokit_constraints::ConnectedDigits;
use sudokit_core::testkit::Soundness;
use sudokit_core::{Constraint, Digit, Geometry};

/// Connected-digit rules on an `n`×`n` board (n ≥ 4), by name: the low
/// digits 1 to n/2 + 1 (on 4×4 that is 1, 2 and 3, connected in 216 of the
/// 288 grids), with and without their size.
fn every_rule(n: usize) -> Vec<(&'static str, Box<dyn Constraint>)> {
    let low: Vec<Digit> = (1..=(n / 2 + 1) as Digit).collect();
    let size = n * low.len();
    vec![
        ("low digits", Box::new(ConnectedDigits::new(low.clone(), None))),
        (
            "low digits, sized",
            Box::new(ConnectedDigits::new(low, Some(size))),
        ),
    ]
}

fn sound_on_small_boards(options: &Soundness) {
    common::sound_on_small_boards(|g: &Geometry| every_rule(g.size()), true, options);
}

#[test]
fn connected_digits_propagate_soundly_with_the_classic_rules() {
    sound_on_small_boards(&Soundness {
        trials: 100,
        ..Soundness::default()
    });
}

#[test]
fn accepts_placement_agrees_with_check() {
    common::placements_agree_with_check(|g: &Geometry| every_rule(g.size()), 17, |n| n * n);
}

/// 216 of the 288 classic 4×4 grids keep 1, 2 and 3 connected; no grid
/// connects two digits (each row and box holds them apart), so the odd
/// rule has no solution.
#[test]
fn connected_digits_count_what_brute_force_counts_on_4x4() {
    let mut rules = every_rule(4);
    rules.push(("odd 1 and 3", Box::new(ConnectedDigits::new(vec![1, 3], None))));
    common::counts_match_brute_force_on_4x4(rules, &["odd 1 and 3"]);
}
