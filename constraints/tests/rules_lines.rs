//! The line, count and indexer rules through the testkit: renban,
//! entropic and modular lines, between lines, quadruples and the row,
//! column and box indexers. Sound propagation (brute force on 4×4 and 6×6
//! boards), a snapshot of what each removes and why on a hand-picked
//! candidate grid, `accepts_placement` agreeing with `check`, the SAT
//! clauses of the rules with a propagator against `check`, and the boards
//! each rule refuses.
//!
//! Modelled on `rules.rs`: a new rule joins [`new_rules`] and gets a
//! snapshot case of its own.

mod common;

use sudokit_constraints::registry::Registry;
use sudokit_constraints::spec::{PuzzleSpec, RuleSpec};
use sudokit_constraints::{
    complete_components, BetweenLine, ClassicRules, CustomPairs, Indexer, IndexerKind, Line, LineKind,
    PairCliques, Quadruple, Renban,
};
use sudokit_core::cnf::{ClauseOptions, Cnf, Var};
use sudokit_core::testkit::{assert_sound, propagate, Soundness};
use sudokit_core::{Cand, Cell, Constraint, Geometry, Grid, Kind, Puzzle, Relation, Rule};

/// The built-in rule `name`, to fill in.
fn rule(name: &str) -> RuleSpec {
    Registry::default().rule(name).unwrap()
}

/// The rules of this file on `geometry` (side n ≥ 4), by name; `classic`
/// says whether the classic rules are beside them (a between line then
/// knows which inner cells differ). An entropic line only where the side
/// is divisible by 3.
fn new_rules(geometry: &Geometry, classic: bool) -> Vec<(&'static str, Box<dyn Constraint>)> {
    let n = geometry.size();
    let at = |r: usize, c: usize| Cell::at(r, c, n);
    let between_cells = [at(0, 0), at(1, 0), at(2, 0), at(2, 1)];
    let between = BetweenLine::new(between_cells);
    let between = if classic {
        between.with_distinct_inner(BetweenLine::distinct_by_units(geometry, &between_cells))
    } else {
        between
    };
    let mut rules: Vec<(&'static str, Box<dyn Constraint>)> = vec![
        (
            "renban",
            Box::new(Line::new(LineKind::Renban, [at(0, 0), at(0, 1), at(1, 1)])),
        ),
        (
            "renban of two",
            Box::new(Line::new(LineKind::Renban, [at(2, 2), at(3, 2)])),
        ),
        (
            "renban with its window propagator",
            Box::new(Renban::new([at(1, 0), at(2, 0), at(2, 1), at(3, 1)])),
        ),
        (
            // Its required digits sit in a few cells of one box or another.
            "renban with its window propagator, along the diagonal",
            Box::new(Renban::new((0..n - 1).map(|i| at(i, i)))),
        ),
        (
            "modular line",
            Box::new(Line::new(
                LineKind::MODULAR,
                [at(0, 0), at(0, 1), at(1, 1), at(1, 2)],
            )),
        ),
        (
            "modular line of two",
            Box::new(Line::new(LineKind::MODULAR, [at(3, 0), at(3, 1)])),
        ),
        (
            "parity line (modular mod 2)",
            Box::new(Line::new(
                LineKind::Modular { modulus: 2 },
                [at(0, 2), at(0, 3), at(1, 3), at(2, 3), at(2, 2)],
            )),
        ),
        (
            "modular line mod 4",
            Box::new(Line::new(
                LineKind::Modular { modulus: 4 },
                [at(3, 3), at(2, 3), at(2, 2), at(1, 2), at(0, 2), at(0, 1)],
            )),
        ),
        ("between line", Box::new(between)),
        (
            "short between line",
            Box::new(BetweenLine::new([at(1, 1), at(1, 2), at(2, 2)])),
        ),
        (
            "quadruple",
            Box::new(Quadruple::new(
                [at(1, 1), at(1, 2), at(2, 1), at(2, 2)],
                [1, 3, 3],
            )),
        ),
        (
            "full quadruple",
            Box::new(Quadruple::new(
                [at(0, 2), at(0, 3), at(1, 2), at(1, 3)],
                [1, 2, 3, 4],
            )),
        ),
        (
            "quadruple of one digit",
            Box::new(Quadruple::new(
                [at(n - 3, 0), at(n - 3, 1), at(n - 2, 0), at(n - 2, 1)],
                [2],
            )),
        ),
        (
            "row indexer",
            Box::new(Indexer::new(IndexerKind::Row, [at(0, 0), at(0, 2)])),
        ),
        (
            "column indexer",
            Box::new(Indexer::new(IndexerKind::Column, (0..n).map(|r| at(r, 0)))),
        ),
        (
            "box indexer",
            Box::new(Indexer::new(
                IndexerKind::Box,
                [at(0, 0), at(1, 1), at(n - 1, n - 1)],
            )),
        ),
    ];
    // A setter's pairwise rule over a group (ISS's `.PairX`): equal digits
    // and 1 beside n forbidden, so {1, 2, 3} fits and {1, 2, n} does not.
    let group = [at(0, 0), at(0, 1), at(1, 0)];
    let mut forbidden: Vec<(u8, u8)> = (1..=n as u8).map(|d| (d, d)).collect();
    forbidden.extend([(1, n as u8), (n as u8, 1)]);
    let group_pairs = [(group[0], group[1]), (group[0], group[2]), (group[1], group[2])];
    let pairs = CustomPairs::forbidden("no 1 beside n", group_pairs, forbidden);
    let relation = pairs.relation();
    let clique = PairCliques::new(pairs, &relation, n, complete_components(&group_pairs)).unwrap();
    rules.push(("pairwise clique", Box::new(clique)));
    if n >= 6 {
        // Three cells, two of them in one box: the digit every fitting set
        // needs leaves the rest of that box.
        let line = [at(3, 0), at(4, 1), at(5, 1)];
        let nabner = Line::new(LineKind::Nabner, line);
        let clique =
            PairCliques::new(nabner, &Relation::DifferenceAtLeast(2), n, vec![line.to_vec()]).unwrap();
        rules.push(("nabner clique", Box::new(clique)));
    }
    if n % 3 == 0 {
        rules.push((
            "entropic line",
            Box::new(Line::new(
                LineKind::Entropic,
                [at(0, 0), at(0, 1), at(1, 1), at(1, 2), at(2, 2)],
            )),
        ));
    }
    rules
}

fn sound_on_small_boards(classic: bool, options: &Soundness) {
    common::sound_on_small_boards(|g: &Geometry| new_rules(g, classic), classic, options);
}

#[test]
fn every_rule_propagates_soundly_with_the_classic_rules() {
    sound_on_small_boards(
        true,
        &Soundness {
            trials: 120,
            ..Soundness::default()
        },
    );
}

#[test]
fn every_rule_propagates_soundly_alone() {
    let options = common::alone(120);
    sound_on_small_boards(false, &options);
}

/// All the rules together, on a jigsaw and on 6×6 with 3×2 boxes (the box
/// indexer follows the regions).
#[test]
fn the_rules_together_propagate_soundly_on_other_shapes() {
    let jigsaw: Vec<u16> = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3];
    let boards = [
        Geometry::irregular(4, &jigsaw).unwrap(),
        Geometry::with_boxes(6, 3, 2).unwrap(),
    ];
    for geometry in boards {
        let mut puzzle = Puzzle::new(geometry.clone()).with(ClassicRules).unwrap();
        for (_, rule) in new_rules(&geometry, true)
            .into_iter()
            .filter(|(name, _)| ["renban", "between line", "box indexer", "quadruple"].contains(name))
        {
            puzzle.push(rule).unwrap();
        }
        let report = assert_sound(&puzzle, &Soundness::default());
        assert!(report.removed > 0, "{report:?}");
    }
}

/// A 9×9 board: every rule, with the classic rules, from a few random
/// starts (slower brute force, so fewer trials).
#[test]
fn every_rule_propagates_soundly_on_nine_by_nine() {
    let geometry = Geometry::square(9).unwrap();
    for (name, rule) in new_rules(&geometry, true) {
        let puzzle = Puzzle::new(geometry.clone())
            .with(ClassicRules)
            .unwrap()
            .with_rule(rule);
        let report = assert_sound(
            &puzzle,
            &Soundness {
                trials: 12,
                given: 0.55,
                max_nodes: 50_000,
                ..Soundness::default()
            },
        );
        println!("{name} on 9×9: {report:?}");
    }
}

/// `Puzzle::push` as a builder, for the test above.
trait WithRule {
    fn with_rule(self, rule: Box<dyn Constraint>) -> Puzzle;
}

impl WithRule for Puzzle {
    fn with_rule(mut self, rule: Box<dyn Constraint>) -> Puzzle {
        self.push(rule).unwrap();
        self
    }
}

/// A renban of five cells on 9×9 holds a 5 (every run of five digits
/// does); when only its three cells in box 1 can, the rest of box 1 loses
/// the 5, though no cell sees the whole line.
#[test]
fn renban_required_digit_leaves_the_cells_that_see_where_it_can_be() {
    let geometry = Geometry::square(9).unwrap();
    let at = |r, c| Cell::at(r, c, 9);
    let line = [at(0, 0), at(1, 1), at(2, 2), at(3, 3), at(4, 4)];
    let puzzle = Puzzle::new(geometry.clone())
        .with(ClassicRules)
        .unwrap()
        .with_rule(Box::new(Renban::new(line)));
    let mut start = vec![sudokit_core::Digits::<u128>::full(9); 81];
    for cell in [at(3, 3), at(4, 4)] {
        start[cell.index()].remove(5);
    }
    let report = sudokit_core::testkit::propagate_from(&puzzle, &start);
    assert_eq!(report.contradiction, None);
    for r in 0..3 {
        for c in 0..3 {
            let cell = at(r, c);
            assert_eq!(report.after[cell.index()].contains(5), r == c, "{}", cell.name(9));
        }
    }
    // Outside box 1 nothing follows: the 5 may still be anywhere else.
    assert!(report.after[at(0, 5).index()].contains(5));
}

/// A quadruple of 4 on the corner of boxes 3 and 6 (r3c7 r3c8 r4c7 r4c8,
/// as in ss-quadiagonal): when its row 4 cells cannot hold the 4, the 4 is
/// in r3c7 or r3c8, so the rest of row 3 and of box 3 lose it; row 4 and
/// box 6 keep theirs.
#[test]
fn quadruple_digit_leaves_the_cells_that_see_where_it_can_be() {
    let geometry = Geometry::square(9).unwrap();
    let at = |r, c| Cell::at(r, c, 9);
    let quad = [at(2, 6), at(2, 7), at(3, 6), at(3, 7)];
    let puzzle = Puzzle::new(geometry.clone())
        .with(ClassicRules)
        .unwrap()
        .with_rule(Box::new(Quadruple::new(quad, [4])));
    let mut start = vec![sudokit_core::Digits::<u128>::full(9); 81];
    for cell in [at(3, 6), at(3, 7)] {
        start[cell.index()].remove(4);
    }
    let report = sudokit_core::testkit::propagate_from(&puzzle, &start);
    assert_eq!(report.contradiction, None);
    for cell in (0..81).map(Cell) {
        let (r, c) = (cell.row(9), cell.col(9));
        let sees_both = r == 2 || (r < 3 && c >= 6);
        let expected = !sees_both || quad[..2].contains(&cell);
        let expected = expected && !quad[2..].contains(&cell);
        assert_eq!(
            report.after[cell.index()].contains(4),
            expected,
            "{}",
            cell.name(9)
        );
    }
}

fn snapshot(rules: Vec<Box<dyn Constraint>>, n: usize, candidates: &str) -> String {
    let geometry = Geometry::square(n).unwrap();
    propagate(&geometry, rules, candidates).unwrap().to_string()
}

#[test]
fn snapshot_renban_entropic_and_modular_lines() {
    let at = |r, c| Cell::at(r, c, 9);
    insta::assert_snapshot!(snapshot(
        vec![
            Box::new(Line::new(
                LineKind::Renban,
                [at(0, 0), at(0, 1), at(0, 2), at(0, 3)]
            )),
            Box::new(Line::new(
                LineKind::Entropic,
                [at(1, 0), at(1, 1), at(1, 2), at(1, 3), at(1, 4)]
            )),
            Box::new(Line::new(LineKind::MODULAR, [at(2, 0), at(2, 1), at(2, 2)])),
        ],
        9,
        "5 7 . . . . . . .
         2 789 . . . . . . .
         3 14 . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . ."
    ));
}

#[test]
fn snapshot_between_line() {
    let at = |r, c| Cell::at(r, c, 9);
    insta::assert_snapshot!(snapshot(
        vec![
            // Three inner cells in one row: the circles are 4 or more apart.
            Box::new(
                BetweenLine::new([at(0, 0), at(0, 1), at(0, 2), at(0, 3), at(0, 4)]).with_distinct_inner(3)
            ),
            // r3c1 is 1 or 2: too small to be the high circle, so r3c3 is
            // the high one, 3 or more.
            Box::new(BetweenLine::new([at(2, 0), at(2, 1), at(2, 2)])),
        ],
        9,
        "3 . 7 . . . . . .
         . . . . . . . . .
         12 . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . ."
    ));
}

#[test]
fn snapshot_between_line_contradiction() {
    insta::assert_snapshot!(snapshot(
        vec![Box::new(
            BetweenLine::new([Cell(0), Cell(1), Cell(2), Cell(3)]).with_distinct_inner(2)
        )],
        4,
        "12 . . 23
         . . . .
         . . . .
         . . . ."
    ));
}

#[test]
fn snapshot_quadruples() {
    let at = |r, c| Cell::at(r, c, 9);
    insta::assert_snapshot!(snapshot(
        vec![
            // 3 twice and 7: r4c5 holds neither, so the other three hold them.
            Box::new(Quadruple::new(
                [at(3, 3), at(3, 4), at(4, 3), at(4, 4)],
                [3, 7, 3]
            )),
            // Four digits: the cells hold nothing else (declared domains).
            Box::new(Quadruple::new(
                [at(6, 6), at(6, 7), at(7, 6), at(7, 7)],
                [1, 2, 5, 9]
            )),
        ],
        9,
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . 39 12 . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . ."
    ));
}

#[test]
fn snapshot_indexers() {
    let at = |r, c| Cell::at(r, c, 4);
    insta::assert_snapshot!(snapshot(
        vec![
            Box::new(Indexer::new(IndexerKind::Column, (0..4).map(|r| at(r, 0)))),
            Box::new(Indexer::new(IndexerKind::Row, [at(0, 0)])),
            Box::new(Indexer::new(IndexerKind::Box, [at(3, 3)])),
        ],
        4,
        "3 . . .
         . 34 . .
         . . . .
         . . . 2"
    ));
}

/// `accepts_placement` is the quick form of `check` after one placement.
#[test]
fn accepts_placement_agrees_with_check() {
    common::placements_agree_with_check(|g: &Geometry| new_rules(g, true), 11, |n| n * n / 2);
}

/// The between line and the quadruple have a propagator and SAT clauses
/// (DLX refuses them); the renban's window propagator adds no clause (its
/// declarations say it all); every other rule here is a declaration.
#[test]
fn declarations_and_propagators() {
    let g = Geometry::square(9).unwrap();
    for (name, rule) in new_rules(&g, true) {
        assert_eq!(rule.kind(), Kind::Rule, "{name}");
        let own = name.contains("between")
            || name.contains("quadruple")
            || name.contains("window")
            || name.contains("clique");
        assert_eq!(rule.has_propagator(), own, "{name}");
        let mut cnf = Cnf::new(9 * 9 * 9);
        assert_eq!(
            rule.clauses(&g, &ClauseOptions::default(), &mut cnf).is_ok(),
            own,
            "{name}"
        );
        let declares =
            !rule.groups(&g).is_empty() || !rule.relations(&g).is_empty() || !rule.domains(&g).is_empty();
        // A quadruple of fewer digits than cells declares nothing.
        let short_quadruple = name == "quadruple" || name == "quadruple of one digit";
        assert_eq!(declares, !short_quadruple, "{name}");
    }
}

/// The clauses of the rules with a propagator say exactly what `check`
/// says on complete fillings of their cells: random fillings of a 4×4 and
/// a 6×6 board, every clause evaluated.
#[test]
fn clauses_agree_with_check() {
    let mut rng = fastrand::Rng::with_seed(5);
    for n in [4, 6] {
        let g = Geometry::square(n).unwrap();
        for (name, rule) in new_rules(&g, false) {
            if !rule.has_propagator() {
                continue;
            }
            let mut cnf = Cnf::new(n * n * n);
            rule.clauses(&g, &ClauseOptions::default(), &mut cnf).unwrap();
            let (mut accepted, mut refused) = (0, 0);
            for _ in 0..3000 {
                let values: Vec<u8> = (0..n * n).map(|_| rng.u8(1..=n as u8)).collect();
                let grid = Grid::from_values(n, values.clone()).unwrap();
                let holds = |var: Var| {
                    let cand = Cand::from_id(var.index(), n);
                    values[cand.cell.index()] == cand.digit
                };
                let satisfied = cnf
                    .clauses()
                    .all(|clause| clause.iter().any(|&lit| holds(lit.var()) != lit.is_negative()));
                // The declarations are part of the rule too: SAT encodes
                // them apart from the clauses.
                let declared = rule
                    .domains(&g)
                    .iter()
                    .all(|(c, d)| d.contains(values[c.index()]))
                    && rule
                        .relations(&g)
                        .iter()
                        .all(|(a, b, rel)| rel.allows(values[a.index()], values[b.index()]))
                    && rule.groups(&g).iter().all(|group| {
                        let mut digits: Vec<u8> = group.cells().iter().map(|c| values[c.index()]).collect();
                        digits.sort_unstable();
                        digits.windows(2).all(|w| w[0] != w[1])
                    });
                let ok = rule.check(&g, &grid).is_ok();
                assert_eq!(satisfied && declared, ok, "{name} on {n}×{n}: {grid:?}");
                if ok {
                    accepted += 1;
                } else {
                    refused += 1;
                }
            }
            assert!(
                accepted > 0 && refused > 0,
                "{name} on {n}×{n}: {accepted} / {refused}"
            );
        }
    }
}

/// The clauses alone (without the declarations) are the whole rule for
/// both: the declarations only help propagation.
#[test]
fn clauses_alone_are_the_rule() {
    let n = 4;
    let g = Geometry::square(n).unwrap();
    let rules: Vec<Box<dyn Constraint>> = vec![
        Box::new(BetweenLine::new([Cell(0), Cell(1), Cell(5)])),
        Box::new(Quadruple::new([Cell(0), Cell(1), Cell(4), Cell(5)], [2, 2, 4])),
    ];
    let mut rng = fastrand::Rng::with_seed(9);
    for rule in rules {
        let mut cnf = Cnf::new(n * n * n);
        rule.clauses(&g, &ClauseOptions::default(), &mut cnf).unwrap();
        for _ in 0..3000 {
            let values: Vec<u8> = (0..n * n).map(|_| rng.u8(1..=n as u8)).collect();
            let grid = Grid::from_values(n, values.clone()).unwrap();
            let satisfied = cnf.clauses().all(|clause| {
                clause.iter().any(|&lit| {
                    let cand = Cand::from_id(lit.var().index(), n);
                    (values[cand.cell.index()] == cand.digit) != lit.is_negative()
                })
            });
            assert_eq!(
                satisfied,
                rule.check(&g, &grid).is_ok(),
                "{}: {grid:?}",
                rule.name()
            );
        }
    }
}

/// Boards a rule makes no sense on are refused when the puzzle is built,
/// with the rule and the reason.
#[test]
fn boards_a_rule_does_not_fit_are_refused_at_build_time() {
    let build_error = |n: usize, rule: RuleSpec| {
        let mut spec = PuzzleSpec::new(n);
        spec.rules.push(rule);
        spec.build().unwrap_err().to_string()
    };
    let row = |n: usize, k: usize| (0..k).map(|c| Cell::at(0, c, n)).collect::<Vec<_>>();
    let mut long = row(9, 9);
    long.push(Cell::at(1, 8, 9));
    assert_eq!(
        build_error(9, rule("renban").with("cells", long)),
        "renban: a renban line of 10 cells needs 10 different consecutive digits, and a 9×9 board has 9"
    );
    assert_eq!(
        build_error(8, rule("entropic").with("cells", row(8, 3))),
        "entropic line: entropic lines split the digits into three equal thirds (low, middle, high): \
         the board's side must be divisible by 3, and it is 8"
    );
    assert!(build_error(4, rule("entropic").with("cells", row(4, 2))).contains("it is 4"));
    let quad = vec![Cell(0), Cell(1), Cell(9), Cell(10)];
    assert_eq!(
        build_error(
            9,
            rule("quadruple")
                .with("cells", quad.clone())
                .with("digits", vec![1, 2, 3, 4, 5])
        ),
        "quadruple: a quadruple lists at most 4 digits, this one lists 5"
    );
    // What fits builds: 6×6 entropic lines, 9-cell renbans, modular lines on 4×4.
    for (n, rule) in [
        (6, rule("entropic").with("cells", row(6, 6))),
        (9, rule("renban").with("cells", row(9, 9))),
        (4, rule("modular").with("cells", row(4, 4))),
        (16, rule("box-indexer").with("cells", row(16, 16))),
    ] {
        let mut spec = PuzzleSpec::new(n);
        spec.rules.push(rule.clone());
        assert!(spec.build().is_ok(), "{rule:?}");
    }
}

/// A renban is a set of consecutive digits, wherever they lie on the
/// line; an entropic line's classes repeat with period 3.
#[test]
fn check_reads_the_rules() {
    let g = Geometry::square(9).unwrap();
    let renban = Line::new(LineKind::Renban, (0..4).map(Cell));
    let grid = |values: &[u8]| {
        let mut grid = Grid::empty(9);
        for (i, &v) in values.iter().enumerate() {
            grid.set(Cell(i as u16), v);
        }
        grid
    };
    assert!(renban.check(&g, &grid(&[6, 4, 7, 5])).is_ok());
    assert!(renban.check(&g, &grid(&[6, 0, 3])).is_ok());
    assert_eq!(
        renban.check(&g, &grid(&[6, 0, 2])).unwrap_err().message,
        "renban: r1c3 = 2 and r1c1 = 6 are too far apart for consecutive digits on 4 cells"
    );
    assert_eq!(
        renban.check(&g, &grid(&[6, 0, 6])).unwrap_err().message,
        "renban: r1c3 = 6 repeats r1c1 = 6"
    );
    let entropic = Line::new(LineKind::Entropic, (0..5).map(Cell));
    assert!(entropic.check(&g, &grid(&[1, 5, 9, 3, 4])).is_ok());
    assert_eq!(
        entropic.check(&g, &grid(&[1, 0, 0, 4])).unwrap_err().message,
        "entropic line: r1c4 = 4 is middle (4-6) but 3 cells along the line from r1c1 = 1, which is low (1-3)"
    );
    assert_eq!(
        entropic.check(&g, &grid(&[1, 0, 2])).unwrap_err().message,
        "entropic line: r1c3 = 2 and r1c1 = 1 are both low (1-3), 2 cells apart"
    );
    let modular = Line::new(LineKind::MODULAR, (0..3).map(Cell));
    assert!(modular.check(&g, &grid(&[1, 5, 9])).is_ok());
    assert!(modular.check(&g, &grid(&[1, 4])).is_err());
}

/// A modular line's `check` on every filling of a 5-cell line is its
/// statement: any `m` cells in a row (all of a shorter line) hold
/// different residues mod `m`; and a modulus above the side is refused.
#[test]
fn modular_lines_of_any_modulus_check_their_statement() {
    let n = 6;
    let g = Geometry::square(n).unwrap();
    let len = 5;
    for modulus in 1..=n as u8 {
        let line = Line::new(LineKind::Modular { modulus }, (0..len as u16).map(Cell));
        let window = len.min(usize::from(modulus));
        let (mut kept, mut broken) = (0, 0);
        for code in 0..n.pow(len as u32) {
            let digits: Vec<u8> = (0..len).map(|i| (code / n.pow(i as u32) % n + 1) as u8).collect();
            let mut grid = Grid::empty(n);
            for (i, &d) in digits.iter().enumerate() {
                grid.set(Cell(i as u16), d);
            }
            let statement = digits.windows(window).all(|w| {
                let mut residues: Vec<u8> = w.iter().map(|d| d % modulus).collect();
                residues.sort_unstable();
                residues.windows(2).all(|p| p[0] != p[1])
            });
            assert_eq!(
                line.check(&g, &grid).is_ok(),
                statement,
                "mod {modulus}: {digits:?}"
            );
            if statement {
                kept += 1;
            } else {
                broken += 1;
            }
        }
        assert!(
            kept > 0 && (modulus == 1 || broken > 0),
            "mod {modulus}: both verdicts"
        );
    }
    let parity = Line::new(LineKind::Modular { modulus: 2 }, (0..3).map(Cell));
    let mut grid = Grid::empty(n);
    grid.set(Cell(0), 1);
    grid.set(Cell(1), 3);
    assert_eq!(
        parity.check(&g, &grid).unwrap_err().message,
        "modular line mod 2: r1c2 = 3 and r1c1 = 1 are both ≡ 1 mod 2, 1 cell apart"
    );
    let too_wide = Line::new(LineKind::Modular { modulus: 7 }, (0..3).map(Cell));
    assert_eq!(
        too_wide.fits(n).unwrap_err(),
        "modular lines mod 7 need digits of all 7 residues: a 6×6 board has too few"
    );
}

/// 16×16 (a wider digit word) and a 9×9 jigsaw: every rule builds and
/// propagates from a start with a few digits, without a contradiction the
/// start does not have (the start is part of a solution of the rules alone).
#[test]
fn sixteen_by_sixteen_and_jigsaw_boards() {
    let mut jigsaw: Vec<u16> = (0..81).map(|i| ((i / 9) / 3 * 3 + (i % 9) / 3) as u16).collect();
    // Swap two cells between the first two boxes: an irregular layout.
    jigsaw.swap(2, 3);
    for geometry in [
        Geometry::square(16).unwrap(),
        Geometry::irregular(9, &jigsaw).unwrap(),
    ] {
        let n = geometry.size();
        for (name, rule) in new_rules(&geometry, false) {
            let mut start = vec![".".to_string(); n * n];
            // A digit the rule allows in its first cell.
            let first = rule.scope(&geometry)[0];
            let digit = (1..=n as u8)
                .find(|&d| {
                    let mut grid = Grid::empty(n);
                    grid.set(first, d);
                    rule.check(&geometry, &grid).is_ok()
                })
                .unwrap();
            start[first.index()] = digit.to_string();
            let text = start
                .chunks(n)
                .map(|row| row.join(" "))
                .collect::<Vec<_>>()
                .join("\n");
            let report = propagate(&geometry, vec![rule], &text).unwrap();
            assert!(report.contradiction.is_none(), "{name} on {n}×{n}: {report}");
        }
    }
}
