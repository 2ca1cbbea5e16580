//! What the rule test files share.

use sudokit_constraints::ClassicRules;
use sudokit_core::testkit::{assert_sound, Soundness, SoundnessReport};
use sudokit_core::{Cell, Constraint, Geometry, Grid, Puzzle};

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

/// `accepts_placement` is the quick form of `check` after one placement:
/// on random grids (from `seed`) filled one cell at a time, `fill(n)`
/// tries each, both must give the same verdict whenever the grid before the
/// placement was accepted, for every rule `rules` lists on 4×4, 6×6 and
/// 9×9 boards.
pub(crate) fn placements_agree_with_check(
    rules: impl Fn(&Geometry) -> RuleList,
    seed: u64,
    fill: impl Fn(usize) -> usize,
) {
    let mut rng = fastrand::Rng::with_seed(seed);
    for n in [4, 6, 9] {
        let geometry = Geometry::square(n).unwrap();
        for (name, rule) in rules(&geometry) {
            let mut disagreements = 0;
            for _ in 0..50 {
                let mut grid = Grid::empty(n);
                for _ in 0..fill(n) {
                    let cell = Cell(rng.u16(0..(n * n) as u16));
                    if grid.get(cell).is_some() {
                        continue;
                    }
                    grid.set(cell, rng.u8(1..=n as u8));
                    let quick = rule.accepts_placement(&geometry, &grid, cell);
                    let full = rule.check(&geometry, &grid).is_ok();
                    disagreements += usize::from(quick != full);
                    if !full {
                        grid.set(cell, 0);
                    }
                }
            }
            assert_eq!(disagreements, 0, "{name} on {n}×{n}");
        }
    }
}
