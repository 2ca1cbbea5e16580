//! Singles, locked candidates and subsets: sound on real puzzles, and
//! each fires where it should.

mod common;

use common::{classic_set, replay_sound};
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
