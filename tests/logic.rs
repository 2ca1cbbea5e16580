//! The logical solver and the techniques through the facade: variant
//! puzzles explained and replayed against their solutions, techniques as
//! accelerators of the propagation search, and the command line.

mod common;

use common::manifest::{manifest, read, solution_grid};
use common::run_sudokit;
use sudokit::core::{Geometry, Grid, Puzzle};
use sudokit::logic::{accelerate, techniques, Ending, Explanation, LogicStep, LogicalSolver};
use sudokit::solvers::{Limits, PropagationSearch, Strategy};

/// Every removal of `explanation` leaves `solution`'s digit, every
/// placement is `solution`'s digit.
fn assert_consistent(puzzle: &Puzzle, solution: &Grid, explanation: &Explanation, what: &str) {
    for set in explanation.start.iter().zip(solution.values()) {
        assert!(set.0.contains(*set.1), "{what}: the start lost a solution digit");
    }
    for step in &explanation.steps {
        let text = step.describe(puzzle.model());
        for r in &step.step.removed {
            assert_ne!(solution.get(r.cell), Some(r.digit), "{what}: {text}");
        }
        for p in &step.step.placed {
            assert_eq!(solution.get(p.cell), Some(p.digit), "{what}: {text}");
        }
    }
}

/// The shared variant puzzles: no step of a logical solve contradicts the
/// oracle's solution, a solved one ends on it, and a puzzle without a
/// solution is never called solved. Most are set for people; how many logic
/// finishes is pinned so that a change shows.
#[test]
fn variant_puzzles_are_explained_soundly() {
    let solver = LogicalSolver::standard();
    let mut solved = Vec::new();
    for entry in manifest() {
        let puzzle = read(&entry.file).unwrap();
        let explanation = solver.solve(&puzzle);
        match entry.expect.as_str() {
            "unique" => {
                let solution = solution_grid(puzzle.size(), entry.solution.as_deref().unwrap());
                assert_consistent(&puzzle, &solution, &explanation, &entry.file);
                assert!(!matches!(explanation.ending, Ending::Broken(_)), "{}", entry.file);
                if explanation.is_solved() {
                    let end: Vec<u8> = explanation
                        .end
                        .iter()
                        .map(|s| s.single_digit().unwrap())
                        .collect();
                    assert_eq!(end, solution.values(), "{}", entry.file);
                    solved.push(entry.file.clone());
                }
            }
            _ => assert!(!explanation.is_solved(), "{}: {}", entry.file, entry.expect),
        }
    }
    eprintln!("solved by logic: {} {solved:?}", solved.len());
    // Every unique puzzle since nested trials (issue 26): 29 before.
    assert_eq!(solved.len(), 33, "{solved:?}");
}

/// `name`'s steps on every unique variant puzzle, with only the singles
/// before it: each keeps the oracle's solution (the replay), and its
/// steps (with the puzzle's model, to describe them) are returned per
/// puzzle where it fired.
fn replay_named(name: &str) -> Vec<(String, Puzzle, Vec<LogicStep>)> {
    let ladder = ["full-house", "hidden-single", "naked-single", name];
    let solver =
        LogicalSolver::with_techniques(ladder.iter().map(|n| techniques::by_name(n).unwrap()).collect());
    let technique = techniques::by_name(name).unwrap().name();
    let mut fired = Vec::new();
    for entry in manifest().into_iter().filter(|e| e.expect == "unique") {
        let puzzle = read(&entry.file).unwrap();
        let solution = solution_grid(puzzle.size(), entry.solution.as_deref().unwrap());
        let explanation = solver.solve(&puzzle);
        assert_consistent(&puzzle, &solution, &explanation, &entry.file);
        let ours: Vec<LogicStep> = explanation
            .steps
            .into_iter()
            .filter(|s| s.technique == technique)
            .collect();
        if !ours.is_empty() {
            fired.push((entry.file, puzzle, ours));
        }
    }
    fired
}

/// The first `n` steps `fired` holds for `file`, as the solver prints them.
fn first_steps(fired: &[(String, Puzzle, Vec<LogicStep>)], file: &str, n: usize) -> String {
    let (_, puzzle, steps) = fired
        .iter()
        .find(|f| f.0 == file)
        .unwrap_or_else(|| panic!("nothing fired on {file}"));
    let lines: Vec<String> = steps
        .iter()
        .take(n)
        .map(|s| format!("[{:.1}] {}", s.difficulty, s.describe(puzzle.model())))
        .collect();
    lines.join("\n")
}

/// The rule-and-house step on every unique variant puzzle: sound (the
/// replay), rated by its depth between 4.5 and 6.3, says what led to the
/// break, and fires on most of the puzzles, whatever their rules.
#[test]
fn rule_and_house_is_sound_on_variant_puzzles() {
    let fired = replay_named("rule-and-house");
    for (file, puzzle, steps) in &fired {
        for step in steps {
            assert!(
                (4.5..=6.3).contains(&step.difficulty),
                "{file}: {}",
                step.difficulty
            );
            let text = step.describe(puzzle.model());
            assert!(text.contains(", then ") && text.contains(": removes "), "{text}");
        }
    }
    assert!(fired.len() >= 20, "fired on {} puzzles", fired.len());
}

/// The required-digits step on every unique variant puzzle: sound (the
/// replay), and each step names a sum and what it removes. The sum
/// propagator removes a required digit from the cells that see all of its
/// block itself, so the step fires where the digit's places span several
/// blocks or houses (derived sums, arrows).
#[test]
fn required_digits_are_sound_on_variant_puzzles() {
    let fired = replay_named("required-digits");
    for (_, puzzle, steps) in &fired {
        for step in steps {
            let text = step.describe(puzzle.model());
            assert!(text.contains("every way of making "), "{text}");
        }
    }
    let names: Vec<&str> = fired.iter().map(|f| f.0.as_str()).collect();
    assert!(fired.len() >= 2, "fired on {names:?}");
    insta::assert_snapshot!(first_steps(&fired, "ss-159-arrows.json", 3));
}

/// Combinations on every unique variant puzzle: sound (the replay), each
/// names its sum, rated 2.5 for one sum and 2.7 for a rule's sums at once;
/// they fire on arrows, zipper and region sum lines and derived sums. The
/// first steps on the zipper-line puzzle, where the sums share a middle.
#[test]
fn combinations_are_sound_on_variant_puzzles() {
    let fired = replay_named("combinations");
    for (file, puzzle, steps) in &fired {
        for step in steps {
            let text = step.describe(puzzle.model());
            assert!(
                [2.5, 2.7].contains(&step.difficulty),
                "{file}: {:.1} {text}",
                step.difficulty
            );
            assert!(text.contains(" make") || text.contains("without them"), "{text}");
        }
    }
    let names: Vec<&str> = fired.iter().map(|f| f.0.as_str()).collect();
    assert!(fired.len() >= 5, "fired on {names:?}");
    insta::assert_snapshot!(first_steps(&fired, "ss-jumbled-joy.json", 3));
}

/// Relation chains on every unique variant puzzle: sound (the replay),
/// rated 2.7 to 3.1 by their cells, naming the rule and the chain; they
/// fire on whispers, thermometers, dots and entropic lines. The first
/// steps on the whisper puzzle.
#[test]
fn relation_chains_are_sound_on_variant_puzzles() {
    let fired = replay_named("relation-chains");
    for (file, puzzle, steps) in &fired {
        for step in steps {
            assert!(
                (2.7..=3.1).contains(&step.difficulty),
                "{file}: {}",
                step.difficulty
            );
            let text = step.describe(puzzle.model());
            assert!(text.starts_with("relation chain, "), "{text}");
        }
    }
    let names: Vec<&str> = fired.iter().map(|f| f.0.as_str()).collect();
    assert!(fired.len() >= 10, "fired on {names:?}");
    insta::assert_snapshot!(first_steps(&fired, "ss-alien.json", 3));
}

/// The ladder takes the simplest deduction: when a step is rated above its
/// rung (a deep rule-and-house break), no technique of the ladder could
/// have made an easier one on the same candidates. On the killer puzzle,
/// whose deep breaks used to hide a naked quad.
#[test]
fn a_deep_break_yields_to_an_easier_rung() {
    let puzzle = read("ss-killer-blister.json").unwrap();
    let explanation = LogicalSolver::standard().solve(&puzzle);
    assert!(explanation.is_solved());
    let ladder = techniques::standard();
    let before = std::iter::once(explanation.start.clone()).chain(explanation.states());
    let mut checked = 0;
    for (cands, step) in before.zip(&explanation.steps) {
        let Some(own) = techniques::by_name(&step.technique) else {
            continue; // a rule's own deduction
        };
        if step.difficulty <= own.difficulty() {
            continue;
        }
        checked += 1;
        let board = sudokit::logic::Board::new(puzzle.model(), &cands);
        for other in ladder.iter().filter(|t| t.difficulty() < step.difficulty) {
            if let Some(found) = other.find(&board).filter(|d| d.changes(&board)) {
                assert!(
                    found.difficulty >= step.difficulty,
                    "{} ({:.1}) was available before {}",
                    other.name(),
                    found.difficulty,
                    step.describe(puzzle.model())
                );
            }
        }
    }
    assert!(checked > 0, "no step rated above its rung");
}

/// What nested trials and depth-graded contradictions say, on a puzzle
/// that needs both: each contradiction gives its depth, and a variant one
/// is graded below the classic 8.5 when short; the nested trial names each
/// inner trial with its own break. Every step was replayed against the
/// solution by `variant_puzzles_are_explained_soundly`.
#[test]
fn nested_trials_and_contradictions_say_what_they_rest_on() {
    // Eddies (arrows): since the sums' digits leave the cells that see a
    // whole block (issue 32), equal-sums no longer needs a nested trial.
    let puzzle = read("ss-eddies.json").unwrap();
    let explanation = LogicalSolver::standard().solve(&puzzle);
    assert!(explanation.is_solved());
    let show = |s: &LogicStep| format!("[{:.1}] {}", s.difficulty, s.describe(puzzle.model()));
    let contradictions: Vec<&LogicStep> = explanation
        .steps
        .iter()
        .filter(|s| s.technique == "contradiction")
        .collect();
    for step in &contradictions {
        assert!(show(step).contains(", depth "), "{}", show(step));
        assert!((6.6..=8.5).contains(&step.difficulty), "{}", show(step));
    }
    let nested: Vec<&LogicStep> = explanation
        .steps
        .iter()
        .filter(|s| s.technique == "nested trial")
        .collect();
    assert!(!nested.is_empty());
    for step in &nested {
        assert!((9.5..=10.0).contains(&step.difficulty), "{}", show(step));
    }
    let lines: Vec<String> = contradictions
        .iter()
        .take(2)
        .chain(&nested[..1])
        .map(|s| show(s))
        .collect();
    insta::assert_snapshot!(lines.join("\n"));
}

/// What the rule-and-house step says on the slow thermometer puzzle (its
/// first three steps in a full logical solve).
#[test]
fn rule_and_house_names_the_rule_and_the_break() {
    let puzzle = read("ss-slow-thermo-sudoku.json").unwrap();
    let explanation = LogicalSolver::standard().solve(&puzzle);
    let lines: Vec<String> = explanation
        .steps
        .iter()
        .filter(|s| s.technique == "rule and house")
        .take(3)
        .map(|s| format!("[{:.1}] {}", s.difficulty, s.describe(puzzle.model())))
        .collect();
    insta::assert_snapshot!(lines.join("\n"));
}

/// Techniques run inside the search change nothing but speed: the same
/// counts, with every solution, on boards with many solutions, and fewer
/// nodes in all.
#[test]
fn accelerated_searches_count_the_same() {
    let chosen = || {
        ["locked", "naked-pair", "hidden-pair", "naked-triple"]
            .iter()
            .map(|n| techniques::by_name(n).unwrap())
            .collect()
    };
    let plain = PropagationSearch::default();
    let fast = PropagationSearch {
        techniques: true,
        ..PropagationSearch::default()
    };
    let limits = Limits::solutions(50_000);
    // Boards with many solutions: small ones with variant rules, and hard
    // 9×9 puzzles with three givens taken away.
    let mut boards = Vec::new();
    let four = Geometry::with_boxes(4, 2, 2).unwrap();
    let six = Geometry::with_boxes(6, 2, 3).unwrap();
    let classic = |g: &Geometry| {
        Puzzle::new(g.clone())
            .with(sudokit::constraints::ClassicRules)
            .unwrap()
    };
    boards.push(classic(&four));
    boards.push(
        classic(&four)
            .with(sudokit::constraints::Diagonal::Positive)
            .unwrap(),
    );
    boards.push(classic(&six).with(sudokit::constraints::AntiKnight).unwrap());
    for line in &common::lines("classic/top95.txt")[..8] {
        let mut givens = sudokit::core::format::parse_grids(line, &Default::default())
            .remove(0)
            .unwrap()
            .grid;
        let filled: Vec<_> = (0..81u16)
            .map(sudokit::core::Cell)
            .filter(|&c| givens.get(c).is_some())
            .collect();
        for &cell in &filled[..1] {
            givens.set(cell, 0);
        }
        boards.push(sudokit::constraints::classic_puzzle(givens).unwrap());
    }
    let mut compared = 0;
    // Nodes with and without techniques, over all boards.
    let mut nodes = (0, 0);
    for puzzle in boards {
        let expected = plain.count(&puzzle, &limits).unwrap();
        if !expected.exhaustive() {
            continue; // too many solutions to count in a test
        }
        compared += 1;
        let accelerated = accelerate(&puzzle, chosen());
        let outcome = fast.count(&accelerated, &limits).unwrap();
        assert_eq!(outcome.count, expected.count, "{:?}", puzzle.constraints());
        nodes.0 += outcome.stats.nodes;
        nodes.1 += expected.stats.nodes;
    }
    assert!(compared >= 6, "{compared} boards compared");
    // On one board a different propagation may steer dom/wdeg to a slightly
    // larger tree; over all of them the techniques cut it.
    assert!(
        nodes.0 < nodes.1,
        "nodes with techniques {} vs {} without",
        nodes.0,
        nodes.1
    );
}

/// Norvig's grid1, explained on the command line.
#[test]
fn explain_walks_norvigs_grid1_in_plain_language() {
    let grid1 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let (out, err, code) = run_sudokit(&["explain"], grid1);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

/// A puzzle that needs more than singles, step by step with the grid.
#[test]
fn explain_shows_candidates_and_json() {
    let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let (out, _, code) = run_sudokit(&["explain", "--techniques", "hidden-single,naked-single"], puzzle);
    assert_eq!(code, 1, "singles alone get stuck on this one");
    assert!(out.contains("stuck: needs guessing"), "{out}");
    let (out, _, _) = run_sudokit(&["explain", "--json"], puzzle);
    let json: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert!(json["steps"].as_array().unwrap().len() > 10);
    let (out, _, _) = run_sudokit(
        &["explain", "--candidates"],
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    );
    assert!(out.matches("---+---").count() > 50, "a grid per step");
}

/// `grade`: one line per puzzle and a histogram; unknown techniques are
/// bad input.
#[test]
fn grade_prints_lines_and_a_histogram() {
    let easy = common::lines("classic/easy50.txt")[..5].join("\n");
    let (out, err, code) = run_sudokit(&["grade"], &easy);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().filter(|l| l.ends_with(" steps")).count(), 5, "{out}");
    assert!(out.contains("hardest step of the solved ones"), "{out}");
    let (_, err, code) = run_sudokit(&["grade", "--techniques", "magic"], &easy);
    assert_eq!(code, 2);
    assert!(err.contains("unknown technique 'magic'"), "{err}");
    let (out, _, code) = run_sudokit(
        &["candidates", "--logical"],
        &common::lines("classic/easy50.txt")[0],
    );
    assert_eq!(code, 0);
    assert!(out.contains("logic: "), "{out}");
}

/// The Miracle Sudoku (two givens, anti-knight, anti-king, non-consecutive):
/// logic alone walks it, through the variant rules' own deductions and
/// locked candidates by a knight's or king's move.
#[test]
fn explain_walks_the_miracle_sudoku() {
    let path = common::example("miracle.toml");
    let (out, err, code) = run_sudokit(&["explain", path.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let out = out.replace(path.to_str().unwrap(), "miracle.toml");
    assert!(out.contains("solved: "), "{out}");
    insta::assert_snapshot!(out);
}
