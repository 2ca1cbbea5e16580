//! Chains and the contradiction step: sound on real puzzles and on
//! variants (where chains use the rules' own weak links), and what they
//! say where they fire.

mod common;

use std::sync::{Arc, Mutex};

use common::{classic_set, hand_made, replay_sound, replay_true};
use sudokit_constraints::{Adjacency, AntiKnight, ClassicRules, Forbidden, Negative};
use sudokit_core::format::display_candidates;
use sudokit_core::{Cand, Cell, Digits, Geometry, Grid, Puzzle, Step};
use sudokit_logic::techniques::{by_name, Chains, NestedTrial, RuleAndHouse, Trial};
use sudokit_logic::{Board, Deduction, Technique};
use sudokit_solvers::{Limits, PropagationSearch, Strategy};

/// Deductions with the candidates they were found on.
type Seen = Vec<(Vec<Digits<u128>>, Deduction)>;

/// A technique that keeps every deduction it reports, with the candidates
/// it saw.
#[derive(Clone, Debug)]
struct Recording<T> {
    inner: T,
    seen: Arc<Mutex<Seen>>,
}

impl<T: Technique + Clone> Technique for Recording<T> {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        self.inner.name()
    }

    fn difficulty(&self) -> f32 {
        self.inner.difficulty()
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        let found = self.inner.find(board)?;
        let seen = (board.all_candidates().to_vec(), found.clone());
        self.seen.lock().unwrap().push(seen);
        Some(found)
    }
}

fn recording<T>(inner: T) -> Recording<T> {
    Recording {
        inner,
        seen: Arc::default(),
    }
}

/// A deduction as the logical solver will tell it, with its difficulty.
fn describe(puzzle: &Puzzle, found: &Deduction) -> String {
    let step = Step {
        constraint: None,
        reason: found.reason.clone(),
        removed: found.eliminations.clone(),
        placed: found.placements.clone(),
    };
    format!(
        "{}\ndifficulty {:.1}",
        step.describe(puzzle.model()),
        found.difficulty
    )
}

/// The candidates of a chain on an `n`×`n` board, from its Eureka text
/// (`(5)r1c1 = (5)r1c7 - (5=8)r2c8`).
fn chain_on(text: &str, n: usize) -> Vec<Cand> {
    let mut chain = Vec::new();
    for element in text.split_whitespace().filter(|t| t.starts_with('(')) {
        let (digits, cell) = element[1..].split_once(')').unwrap();
        let (row, col) = cell[1..].split_once('c').unwrap();
        let cell = Cell::at(
            row.parse::<usize>().unwrap() - 1,
            col.parse::<usize>().unwrap() - 1,
            n,
        );
        for digit in digits.split(['=', '-']) {
            chain.push(Cand::new(cell, digit.parse().unwrap()));
        }
    }
    chain
}

/// The weak links of a chain that only a variant relation gives (not one
/// cell, not one digit twice in a group), after checking every weak link
/// holds.
fn relation_links(board: &Board<'_>, chain: &[Cand]) -> Vec<(Cand, Cand)> {
    let mut found = Vec::new();
    for (k, pair) in chain.windows(2).enumerate() {
        let (x, y) = (pair[0], pair[1]);
        if k % 2 == 1 {
            assert!(board.weakly_linked(x, y), "{x:?} - {y:?} is no weak link");
            let share_group = board
                .groups_of(x.cell)
                .any(|g| board.groups_of(y.cell).any(|h| h == g));
            if x.cell != y.cell && !(x.digit == y.digit && share_group) {
                found.push((x, y));
            }
        }
    }
    found
}

#[test]
fn chains_never_remove_a_solution_digit() {
    let mut sets = classic_set("top95", 95);
    sets.extend(classic_set("hardest", 11));
    let chains = recording(Chains);
    let made: usize = sets.iter().map(|(p, s)| replay_sound(p, s, &chains)).sum();
    let seen = chains.seen.lock().unwrap();
    let count = |rule: &str| seen.iter().filter(|(_, d)| d.reason.rule == rule).count();
    assert!(made > 100, "only {made} chains");
    assert!(count("X-chain") > 0 && count("XY-chain") > 0 && count("AIC") > 0);
    // Every reported chain really alternates strong and weak links.
    let puzzle = &sets[0].0;
    for (cands, found) in seen.iter() {
        let board = Board::new(puzzle.model(), cands);
        let chain = chain_on(found.reason.text.as_deref().unwrap(), 9);
        assert_eq!(chain.len() % 2, 0, "{:?}", found.reason);
        assert!(relation_links(&board, &chain).is_empty());
        for pair in chain.chunks(2) {
            let (x, y) = (pair[0], pair[1]);
            let bivalue = x.cell == y.cell && board.candidates(x.cell).len() == 2;
            let conjugate = x.digit == y.digit
                && board.houses().any(|h| {
                    board.places(h, x.digit).as_slice() == [x.cell, y.cell]
                        || board.places(h, x.digit).as_slice() == [y.cell, x.cell]
                });
            assert!(
                bivalue || conjugate,
                "{x:?} = {y:?} is no strong link: {:?}",
                found.reason
            );
        }
        assert!(found.difficulty >= 6.6 && found.difficulty <= 7.6);
    }
}

#[test]
fn contradiction_never_removes_a_solution_digit() {
    let mut sets = classic_set("top95", 95);
    sets.extend(classic_set("hardest", 11));
    let trial = by_name("contradiction").unwrap();
    let made: usize = sets.iter().map(|(p, s)| replay_sound(p, s, trial.as_ref())).sum();
    assert!(made > 100, "only {made} contradictions");
}

/// A 6×6 puzzle under the classic rules and `rule`.
fn six_by_six(rule: usize, givens: Grid) -> Puzzle {
    let puzzle = Puzzle::new(Geometry::square(6).unwrap())
        .with_givens(givens)
        .unwrap()
        .with(ClassicRules)
        .unwrap();
    match rule {
        0 => puzzle
            .with(Negative::new(
                "nonconsecutive",
                Forbidden::Consecutive,
                Adjacency::Orthogonal,
            ))
            .unwrap(),
        _ => puzzle.with(AntiKnight).unwrap(),
    }
}

/// Small variant puzzles with a few random givens (a fixed seed), each with
/// (up to 40 of) its solutions.
fn variant_puzzles(rule: usize) -> Vec<(Puzzle, Vec<Grid>)> {
    let mut seed: u64 = 0x5eed + rule as u64;
    let mut next = |below: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % below
    };
    let mut out = Vec::new();
    while out.len() < 30 {
        let mut givens = Grid::empty(6);
        for _ in 0..4 + next(4) {
            givens.set(Cell(next(36) as u16), 1 + next(6) as u8);
        }
        let puzzle = six_by_six(rule, givens);
        let Ok(outcome) = PropagationSearch::default().solve(&puzzle, &Limits::solutions(40)) else {
            continue;
        };
        if !outcome.solutions.is_empty() {
            out.push((puzzle, outcome.solutions));
        }
    }
    out
}

/// Replays `technique` against every solution of every puzzle; returns
/// what it found (candidates seen, deduction) on each puzzle.
fn replay_variants<T: Technique + Clone>(puzzles: &[(Puzzle, Vec<Grid>)], technique: T) -> Vec<Seen> {
    puzzles
        .iter()
        .map(|(puzzle, solutions)| {
            let recorded = recording(technique.clone());
            replay_sound(puzzle, &solutions[0], &recorded);
            for solution in &solutions[1..] {
                replay_sound(puzzle, solution, &technique);
            }
            recorded.seen.lock().unwrap().clone()
        })
        .collect()
}

#[test]
fn chains_use_the_weak_links_of_variant_rules() {
    for (rule, name) in [(0, "nonconsecutive"), (1, "anti-knight")] {
        let puzzles = variant_puzzles(rule);
        let seen = replay_variants(&puzzles, Chains);
        let mut with_relation = Vec::new();
        for ((puzzle, _), seen) in puzzles.iter().zip(&seen) {
            for (cands, found) in seen {
                let board = Board::new(puzzle.model(), cands);
                let chain = chain_on(found.reason.text.as_deref().unwrap(), 6);
                if !relation_links(&board, &chain).is_empty() {
                    with_relation.push((puzzle, cands, found));
                }
            }
        }
        let chains: usize = seen.iter().map(Vec::len).sum();
        assert!(
            !with_relation.is_empty(),
            "no {name} chain used a {name} link ({chains} chains)"
        );
        let (puzzle, cands, found) = with_relation[0];
        insta::assert_snapshot!(
            format!("variant_chain_{}", name.replace('-', "_")),
            format!(
                "{}\n{}",
                display_candidates(puzzle.geometry(), cands),
                describe(puzzle, found)
            )
        );
    }
}

#[test]
fn contradiction_is_sound_on_variants() {
    for rule in [0, 1] {
        let puzzles = variant_puzzles(rule);
        let seen = replay_variants(&puzzles, Trial);
        assert!(seen.iter().any(|s| !s.is_empty()));
    }
}

/// Nested trials on small variant puzzles with several solutions: no
/// elimination removes a digit any of their solutions uses (the replay
/// runs against all of them at once), and the step fires.
#[test]
fn nested_trial_is_sound_on_variants() {
    let mut made = 0;
    for rule in [0, 1] {
        for (puzzle, solutions) in variant_puzzles(rule).into_iter().take(6) {
            let mut truth = vec![Digits::<u128>::default(); puzzle.geometry().cell_count()];
            for solution in &solutions {
                for (t, &d) in truth.iter_mut().zip(solution.values()) {
                    t.insert(d);
                }
            }
            made += replay_true(&puzzle, &truth, &NestedTrial);
        }
    }
    assert!(made > 0, "no nested trial fired");
}

/// A contradiction is graded by its depth only when a variant rule takes
/// part; the classic one stays 8.5 however deep. Nested trials grade by
/// their inner trials, above forcing chains.
#[test]
fn trials_grade_by_depth() {
    assert_eq!(Trial::difficulty_of(RuleAndHouse::MAX_DEPTH + 1, true), 6.6);
    assert_eq!(Trial::difficulty_of(12, true), 7.5);
    assert_eq!(Trial::difficulty_of(40, true), Trial::DIFFICULTY);
    assert_eq!(Trial::difficulty_of(2, false), 8.5);
    assert_eq!(Trial::difficulty_of(40, false), 8.5);
    let forcing = by_name("forcing-chains").unwrap().difficulty();
    assert!(NestedTrial::difficulty_of(1) > forcing);
    assert_eq!(NestedTrial::difficulty_of(1), 9.5);
    assert_eq!(NestedTrial::difficulty_of(3), 9.7);
    assert_eq!(NestedTrial::difficulty_of(30), NestedTrial::MAX);
}

/// Digit 5: two columns with two places each, whose lower ends share row 7.
const SKYSCRAPER: &str = "\
. . . . 12346789 . . . .
12346789 . . . . . . . .
12346789 . . . 12346789 . . . .
12346789 . . . 12346789 . . . .
12346789 . . . 12346789 . . . .
12346789 . . . 12346789 . . . .
. . . . . . . . .
12346789 . . . 12346789 . . . .
12346789 . . . 12346789 . . . .";

/// Three bivalue cells: 12, 23 and 13.
const XY_WING: &str = "\
12 . . . 23 . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . 13 . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .";

/// Two places for 5 in row 1, two for 8 in row 8, and a 58 cell between.
const MIXED: &str = "\
. 12346789 12346789 12346789 12346789 12346789 . 12346789 12346789
. . . . . . . 58 .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. 12345679 12345679 12345679 12345679 12345679 12345679 . 12345679
. . . . . . . . .";

fn first(technique: &dyn Technique, text: &str) -> String {
    let (puzzle, cands) = hand_made(text);
    let found = technique
        .find(&Board::new(puzzle.model(), &cands))
        .expect("it fires");
    describe(&puzzle, &found)
}

#[test]
fn x_chain_on_a_skyscraper() {
    insta::assert_snapshot!(first(&Chains, SKYSCRAPER));
}

#[test]
fn xy_chain_on_an_xy_wing() {
    insta::assert_snapshot!(first(&Chains, XY_WING));
}

#[test]
fn aic_mixes_conjugate_pairs_and_bivalue_cells() {
    insta::assert_snapshot!(first(&Chains, MIXED));
}

#[test]
fn contradiction_tries_a_candidate() {
    insta::assert_snapshot!(first(&Trial, XY_WING));
}

/// Forcing chains on the same grid: every branch of a cell (or of a digit
/// in a house) removes the same candidates.
#[test]
fn forcing_chains_follow_every_branch() {
    insta::assert_snapshot!(first(by_name("forcing-chains").unwrap().as_ref(), XY_WING));
}

/// The rule-and-house step needs a rule beyond the houses: on a classic
/// grid where a trial breaks, it finds nothing (the contradiction step
/// keeps it), and it makes no deduction on classic puzzles, so their grades
/// stay what they were.
#[test]
fn rule_and_house_leaves_classic_puzzles_alone() {
    let (puzzle, cands) = hand_made(XY_WING);
    let board = Board::new(puzzle.model(), &cands);
    assert!(Trial.find(&board).is_some(), "a trial breaks here");
    assert!(RuleAndHouse.find(&board).is_none());
    for (puzzle, solution) in classic_set("top95", 3) {
        assert_eq!(replay_sound(&puzzle, &solution, &RuleAndHouse), 0);
    }
}

/// The difficulty grows with the chain that led to the break.
#[test]
fn rule_and_house_difficulty_follows_depth() {
    assert_eq!(RuleAndHouse::difficulty_of(1), RuleAndHouse::BASE);
    assert_eq!(RuleAndHouse::difficulty_of(2), 4.5);
    assert_eq!(RuleAndHouse::difficulty_of(3), 4.8);
    assert_eq!(RuleAndHouse::difficulty_of(RuleAndHouse::MAX_DEPTH), 6.3);
    assert!(RuleAndHouse::difficulty_of(RuleAndHouse::MAX_DEPTH) < Trial.difficulty());
}

/// A solved `n`×`n` classic grid for `n = k²` (the shifted pattern).
fn pattern(n: usize) -> Grid {
    let k = (1..=n).find(|k| k * k == n).unwrap();
    let values = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((k * (r % k) + r / k + c) % n + 1) as u8
        })
        .collect();
    Grid::from_values(n, values).unwrap()
}

#[test]
fn big_boards_stay_bounded_and_sound() {
    for (n, empty) in [(16, false), (25, false), (100, false), (25, true), (100, true)] {
        let solution = pattern(n);
        let puzzle = Puzzle::new(Geometry::square(n).unwrap())
            .with(ClassicRules)
            .unwrap();
        // The solution's digit and one more in a quarter of the cells.
        let mut seed = n as u64;
        let cands: Vec<Digits<u128>> = (0..n * n)
            .map(|i| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let d = solution.get(Cell(i as u16)).unwrap();
                let other = 1 + (seed >> 33) as usize % n;
                if (seed >> 20) % 4 != 0 || empty {
                    Digits::full(n)
                } else {
                    Digits::from_digits([d, other as u8])
                }
            })
            .collect();
        let board = Board::new(puzzle.model(), &cands);
        for technique in [&Chains as &dyn Technique, &Trial] {
            let t = std::time::Instant::now();
            let found = technique.find(&board);
            eprintln!(
                "{n}×{n} {}: {:?} in {:?}",
                technique.name(),
                found.as_ref().map(|f| f.eliminations.len()),
                t.elapsed()
            );
            for e in found.iter().flat_map(|f| &f.eliminations) {
                assert_ne!(solution.get(e.cell), Some(e.digit));
            }
        }
    }
}
