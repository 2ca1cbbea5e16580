//! What the rule test files share.

use sudokit_constraints::ClassicRules;
use sudokit_core::testkit::{assert_sound, Soundness, SoundnessReport};
use sudokit_core::{Constraint, Geometry, Puzzle};

/// A list of rules, by name, for a board.
pub(crate) type RuleList = Vec<(&'static str, Box<dyn Constraint>)>;

/// Soundness of every rule that `rules` lists for the 6×6 board, on the
/// 4×4 (when it lists the rule there too) and 6×6 boards, with or without
/// the classic rules. Each run must check most starts and remove
/// something; over both boards, enough starts must have a solution (some
/// rules have none on one board: anti-king with the classic rules on 4×4).
pub(crate) fn sound_on_small_boards(
    rules: impl Fn(&Geometry) -> RuleList,
    classic: bool,
    options: &Soundness,
) {
    let six = Geometry::square(6).unwrap();
    let names: Vec<&str> = rules(&six).iter().map(|(name, _)| *name).collect();
    for (k, name) in names.iter().enumerate() {
        assert!(!names[..k].contains(name), "two rules are named {name}");
    }
    for name in names {
        let mut reports: Vec<SoundnessReport> = Vec::new();
        for n in [4, 6] {
            let geometry = Geometry::square(n).unwrap();
            let Some((_, rule)) = rules(&geometry).into_iter().find(|(r, _)| *r == name) else {
                continue;
            };
            let mut puzzle = Puzzle::new(geometry);
            if classic {
                puzzle.push(Box::new(ClassicRules)).unwrap();
            }
            puzzle.push(rule).unwrap();
            let report = assert_sound(&puzzle, options);
            println!("{name} (classic: {classic}) on {n}×{n}: {report:?}");
            assert!(
                report.checked * 4 >= options.trials * 3,
                "{name} on {n}×{n}: {report:?}"
            );
            assert!(report.removed > 0, "{name} on {n}×{n}: nothing was ever removed");
            reports.push(report);
        }
        let satisfiable: usize = reports.iter().map(|r| r.satisfiable).sum();
        assert!(satisfiable * 4 >= options.trials, "{name}: {reports:?}");
    }
}
