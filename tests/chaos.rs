//! Chaos construction (issue 28): the regions are extra variables of the
//! engine (one per cell), the region clues read them.
//!
//! * Every 4×4 answer (digits and regions) is enumerated here from scratch
//!   (Latin squares × divisions into connected regions, labelled the
//!   canonical way) and filtered through the rules' own `check`: the
//!   propagation search must count exactly as many, on the empty board and
//!   with random givens and random region clues.
//! * ISS's chaos puzzles (`tests/puzzles/iss_chaos.tsv`, from ISS's
//!   `data/collections.js` and `data/example_puzzles.js`, MIT licence)
//!   solve to the solution ISS lists, and only to it.
//! * ISS strings and the native format carry the rules both ways.
//! * Strategies that only place digits refuse a chaos puzzle by name, and
//!   `explain`/`grade` (logic on known houses) say they do not reason
//!   about unknown regions instead of misreading or failing.

mod common;

use sudokit::constraints::registry::Registry;
use sudokit::constraints::spec::{Layout, PuzzleSpec, RuleSpec};
use sudokit::constraints::{chaos_anchors, iss, native, ChaosArrow, ChaosCount, SameRegion};
use sudokit::core::{Cell, Digit, Engine, Geometry, Grid, Puzzle, Rule, State};
use sudokit::solvers::{strategy_by_name, Limits, PropagationSearch, SolveError, Strategy};

fn rule(name: &str) -> RuleSpec {
    Registry::default().rule(name).unwrap()
}

/// An `n`×`n` chaos board: rows and columns, no boxes, the chaos rule.
fn chaos_spec(n: usize) -> PuzzleSpec {
    let mut spec = PuzzleSpec::new(n);
    spec.layout = Layout::Regions((0..n * n).map(|i| (i / n) as u16).collect());
    spec.rules.push(rule("chaos-construction"));
    spec
}

/// Every Latin square of side `n` (rows and columns hold every digit once).
fn latin_squares(n: usize) -> Vec<Vec<Digit>> {
    fn fill(n: usize, at: usize, grid: &mut Vec<Digit>, out: &mut Vec<Vec<Digit>>) {
        if at == n * n {
            out.push(grid.clone());
            return;
        }
        let (r, c) = (at / n, at % n);
        for d in 1..=n as Digit {
            let clash = (0..c).any(|k| grid[r * n + k] == d) || (0..r).any(|k| grid[k * n + c] == d);
            if !clash {
                grid[at] = d;
                fill(n, at + 1, grid, out);
                grid[at] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(n, 0, &mut vec![0; n * n], &mut out);
    out
}

/// `labels` renumbered the chaos rule's canonical way: the anchors' regions
/// 1, 2, 3 (in the order of `chaos_anchors`), the others from 4 in order of
/// first appearance in reading order.
fn canonical(labels: &[Digit], n: usize) -> Vec<Digit> {
    let mut order: Vec<Digit> = chaos_anchors(n).iter().map(|&a| labels[a]).collect();
    for &l in labels {
        if !order.contains(&l) {
            order.push(l);
        }
    }
    assert_eq!(order.len(), n, "the anchors are in different regions");
    let rank = |l: Digit| order.iter().position(|&o| o == l).unwrap() as Digit + 1;
    labels.iter().map(|&l| rank(l)).collect()
}

/// Every division of the board into `n` orthogonally connected regions of
/// `n` cells, labelled canonically ([`canonical`]).
fn divisions(n: usize) -> Vec<Vec<Digit>> {
    fn connected(labels: &[Digit], n: usize, label: Digit) -> bool {
        let members: Vec<usize> = (0..n * n).filter(|&i| labels[i] == label).collect();
        let mut seen = vec![members[0]];
        let mut k = 0;
        while k < seen.len() {
            let i = seen[k];
            k += 1;
            let (r, c) = (i / n, i % n);
            let near = [
                (r > 0).then(|| i - n),
                (r + 1 < n).then(|| i + n),
                (c > 0).then(|| i - 1),
                (c + 1 < n).then(|| i + 1),
            ];
            for j in near.into_iter().flatten() {
                if labels[j] == label && !seen.contains(&j) {
                    seen.push(j);
                }
            }
        }
        seen.len() == members.len()
    }
    fn fill(n: usize, at: usize, labels: &mut Vec<Digit>, count: &mut Vec<usize>, out: &mut Vec<Vec<Digit>>) {
        if at == n * n {
            if (1..=n as Digit).all(|l| connected(labels, n, l)) {
                out.push(canonical(labels, n));
            }
            return;
        }
        let highest = labels[..at].iter().copied().max().unwrap_or(0);
        for l in 1..=(highest + 1).min(n as Digit) {
            if count[l as usize] < n {
                labels[at] = l;
                count[l as usize] += 1;
                fill(n, at + 1, labels, count, out);
                count[l as usize] -= 1;
            }
        }
        labels[at] = 0;
    }
    let mut out = Vec::new();
    fill(n, 0, &mut vec![0; n * n], &mut vec![0; n + 1], &mut out);
    out
}

/// Every answer of the chaos rule on an empty `n`×`n` board: a Latin square
/// and a division whose regions hold every digit once, as grids with the
/// regions as their layer.
fn answers(n: usize) -> Vec<Grid> {
    let squares = latin_squares(n);
    let mut out = Vec::new();
    for labels in divisions(n) {
        for square in &squares {
            let mut seen = vec![false; (n + 1) * (n + 1)];
            let fits = (0..n * n).all(|i| {
                !std::mem::replace(&mut seen[labels[i] as usize * (n + 1) + square[i] as usize], true)
            });
            if fits {
                let mut grid = Grid::from_values(n, square.clone()).unwrap().with_layer(n * n);
                for (i, &l) in labels.iter().enumerate() {
                    grid.set(Cell((n * n + i) as u16), l);
                }
                out.push(grid);
            }
        }
    }
    out
}

/// Gives `value` (a clue's digit; now and then another) in a cell where the
/// hidden answer has it, and returns that cell: the clue's control. `None`
/// when the value is no digit.
fn show(rng: &mut fastrand::Rng, spec: &mut PuzzleSpec, hidden: &Grid, value: usize) -> Option<Cell> {
    let n = spec.size;
    if !(1..=n).contains(&value) {
        return None;
    }
    let value = if rng.u8(0..8) == 0 {
        rng.usize(1..=n)
    } else {
        value
    };
    let places: Vec<Cell> = (0..(n * n) as u16)
        .map(Cell)
        .filter(|&c| hidden.get(c) == Some(value as Digit))
        .collect();
    let control = places[rng.usize(..places.len())];
    spec.givens.set(control, value as Digit);
    Some(control)
}

/// A hidden answer drawn from `all`, and a 4×4 chaos puzzle with fewer
/// than `most` of its digits given.
fn planted<'a>(rng: &mut fastrand::Rng, all: &'a [Grid], most: usize) -> (&'a Grid, PuzzleSpec) {
    let hidden = &all[rng.usize(..all.len())];
    let mut spec = chaos_spec(4);
    for _ in 0..rng.usize(0..most) {
        let c = Cell(rng.u16(0..16));
        spec.givens.set(c, hidden.get(c).unwrap());
    }
    (hidden, spec)
}

/// The solutions the default search counts, checked against the search
/// whose last labels compete with the digits (as `auto`'s chaos rival's;
/// here the last half of them: 5 % of 16 labels is under one) and ISS's
/// choice of branch: the order of the branches must not change what is
/// counted.
fn count(puzzle: &Puzzle) -> u64 {
    let outcome = PropagationSearch::default()
        .count(puzzle, &Limits::all())
        .unwrap();
    assert!(outcome.exhaustive());
    let rival = PropagationSearch {
        linked_weight: 1,
        labels_alone_above: 50,
        ..PropagationSearch::default()
    };
    assert_eq!(rival.count(puzzle, &Limits::all()).unwrap().count, outcome.count);
    // And `auto`'s main search on chaos (ISS's choice of branch).
    let together = PropagationSearch::default().linked_together();
    assert_eq!(
        together.count(puzzle, &Limits::all()).unwrap().count,
        outcome.count
    );
    outcome.count
}

/// The count of the empty 4×4 chaos board, and of random puzzles with
/// givens and region clues taken from a hidden answer, match brute force
/// through the rules' `check` over every answer enumerated above.
#[test]
fn counts_match_brute_force_over_every_answer_on_4x4() {
    let n = 4;
    let all = answers(n);
    assert_eq!(
        divisions(n).len(),
        117,
        "the tetromino tilings of 4×4, each labelled once"
    );
    let empty = chaos_spec(n).build().unwrap();
    assert!(all.iter().all(|a| empty.verify_solution(a).is_ok()));
    assert_eq!(count(&empty), all.len() as u64);
    let mut rng = fastrand::Rng::with_seed(28);
    let mut nonzero = 0;
    for trial in 0..120 {
        let (hidden, mut spec) = planted(&mut rng, &all, 3);
        let label = |c: Cell| hidden.layer()[c.index()];
        for _ in 0..rng.usize(1..4) {
            let start = Cell(rng.u16(0..16));
            let offset = rng.u8(0..2);
            let clue = match rng.u8(0..4) {
                0 => {
                    let mut arms: Vec<Vec<Cell>> = ChaosArrow::default_arms(n, start)
                        .into_iter()
                        .filter(|_| rng.bool())
                        .collect();
                    if arms.is_empty() {
                        arms.push(vec![start]);
                    }
                    let run: usize = 1 + arms
                        .iter()
                        .map(|arm| arm[1..].iter().take_while(|&&c| label(c) == label(start)).count())
                        .sum::<usize>();
                    let Some(control) = show(&mut rng, &mut spec, hidden, run - offset as usize) else {
                        continue;
                    };
                    rule("chaos-arrow").with("cell", control).with("arms", arms)
                }
                1 => {
                    let cells = ChaosCount::default_cells(n, start);
                    let same = cells.iter().filter(|&&c| label(c) == label(start)).count();
                    let Some(control) = show(&mut rng, &mut spec, hidden, same - offset as usize) else {
                        continue;
                    };
                    rule("chaos-count").with("cell", control).with("cells", cells)
                }
                2 => {
                    // The regions of a few cells around the start, counted
                    // (all of them half the time: cells whose neighbours are
                    // all counted cap the count).
                    let all_around = rng.bool();
                    let cells: Vec<Cell> = ChaosCount::default_cells(n, start)
                        .into_iter()
                        .filter(|_| all_around || rng.bool())
                        .collect();
                    if cells.is_empty() {
                        continue;
                    }
                    let mut labels: Vec<Digit> = cells.iter().map(|&c| label(c)).collect();
                    labels.sort_unstable();
                    labels.dedup();
                    let Some(control) = show(&mut rng, &mut spec, hidden, labels.len()) else {
                        continue;
                    };
                    spec.rules.push(
                        rule("count-distinct")
                            .with("cell", control)
                            .with("regions", cells),
                    );
                    continue;
                }
                _ => {
                    let other = Cell(rng.u16(0..16));
                    if other == start {
                        continue;
                    }
                    spec.rules
                        .push(rule("same-region").with("cells", vec![start, other]));
                    continue;
                }
            };
            spec.rules.push(clue.with("offset", offset as i64));
        }
        let Ok(puzzle) = spec.build() else { continue };
        let brute = all.iter().filter(|a| puzzle.verify_solution(a).is_ok()).count() as u64;
        assert_eq!(count(&puzzle), brute, "trial {trial}: {}", native::write(&spec));
        nonzero += (brute > 0) as u32;
    }
    assert!(nonzero >= 10, "only {nonzero} puzzles with answers");
}

/// `different-regions` (ISS's `AllDifferent` over region cells): two or
/// three cells, mostly in different regions of the hidden answer, now and
/// then two of one region (no answer then, unless others fit), beside a few
/// givens and a same-region pair; the count matches brute force through the
/// rules' `check` over every 4×4 answer.
#[test]
fn different_regions_counts_match_brute_force_over_every_answer_on_4x4() {
    let n = 4;
    let all = answers(n);
    let mut rng = fastrand::Rng::with_seed(51);
    let (mut nonzero, mut empty) = (0, 0);
    for trial in 0..120 {
        let (hidden, mut spec) = planted(&mut rng, &all, 3);
        let label = |c: Cell| hidden.layer()[c.index()];
        for _ in 0..rng.usize(1..3) {
            let first = Cell(rng.u16(0..16));
            let mut cells = vec![first];
            for _ in 0..rng.usize(1..3) {
                let same = rng.u8(0..5) == 0;
                let pick = (0..16u16)
                    .map(Cell)
                    .filter(|c| !cells.contains(c) && (label(*c) == label(first)) == same)
                    .nth(rng.usize(0..4));
                cells.extend(pick);
            }
            if cells.len() >= 2 {
                spec.rules.push(rule("different-regions").with("cells", cells));
            }
        }
        if rng.bool() {
            let a = Cell(rng.u16(0..16));
            let b = (0..16u16)
                .map(Cell)
                .find(|&c| c != a && label(c) == label(a))
                .unwrap();
            spec.rules.push(rule("same-region").with("cells", vec![a, b]));
        }
        let Ok(puzzle) = spec.build() else { continue };
        let brute = all.iter().filter(|a| puzzle.verify_solution(a).is_ok()).count() as u64;
        assert_eq!(count(&puzzle), brute, "trial {trial}: {}", native::write(&spec));
        nonzero += (brute > 0) as u32;
        empty += (brute == 0) as u32;
    }
    assert!(
        nonzero >= 40 && empty >= 5,
        "{nonzero} puzzles with answers, {empty} without"
    );
}

/// Cells known to share a region before its label is known (ISS's
/// "shards"): a `same-region` group of two to four cells (mostly of one
/// region of the hidden answer, now and then with a stranger) and a chaos
/// arrow from its first cell, with a few givens. Their digits are kept
/// apart during the search (the group as an all-different house, the cells
/// every run of the arrow covers likewise); the count still matches brute
/// force through the rules' `check` over every 4×4 answer.
#[test]
fn region_groups_and_arrow_runs_keep_every_answer_brute_force_finds() {
    let n = 4;
    let all = answers(n);
    let mut rng = fastrand::Rng::with_seed(41);
    let (mut nonzero, mut empty) = (0, 0);
    for trial in 0..150 {
        let (hidden, mut spec) = planted(&mut rng, &all, 4);
        let label = |c: Cell| hidden.layer()[c.index()];
        // `first` and some cells of its region in the hidden answer, one
        // time in `odds` with `extra` too (a stranger, or another group's).
        let group_of = |rng: &mut fastrand::Rng, first: Cell, extra: Cell, odds: u8| {
            let mut group: Vec<Cell> = (0..16u16)
                .map(Cell)
                .filter(|&c| c != first && label(c) == label(first) && rng.bool())
                .collect();
            group.insert(0, first);
            if rng.u8(0..odds) == 0 && !group.contains(&extra) {
                group.push(extra);
            }
            group
        };
        let start = Cell(rng.u16(0..16));
        let stranger = Cell(rng.u16(0..16));
        let group = group_of(&mut rng, start, stranger, 4);
        if group.len() >= 2 {
            spec.rules.push(rule("same-region").with("cells", group));
        }
        // Half the time a second group: of another region, or overlapping
        // the first (the construction merges the two into one shard).
        if rng.bool() {
            let other = Cell(rng.u16(0..16));
            let second = group_of(&mut rng, other, start, 3);
            if second.len() >= 2 {
                spec.rules.push(rule("same-region").with("cells", second));
            }
        }
        let arms: Vec<Vec<Cell>> = ChaosArrow::default_arms(n, start)
            .into_iter()
            .filter(|_| rng.bool())
            .collect();
        if !arms.is_empty() {
            let run: usize = 1 + arms
                .iter()
                .map(|arm| arm[1..].iter().take_while(|&&c| label(c) == label(start)).count())
                .sum::<usize>();
            if let Some(control) = show(&mut rng, &mut spec, hidden, run) {
                spec.rules
                    .push(rule("chaos-arrow").with("cell", control).with("arms", arms));
            }
        }
        let Ok(puzzle) = spec.build() else { continue };
        let brute = all.iter().filter(|a| puzzle.verify_solution(a).is_ok()).count() as u64;
        assert_eq!(count(&puzzle), brute, "trial {trial}: {}", native::write(&spec));
        nonzero += (brute > 0) as u32;
        empty += (brute == 0) as u32;
    }
    assert!(
        nonzero >= 60 && empty >= 8,
        "{nonzero} puzzles with answers, {empty} without"
    );
}

/// A region group's digits differ with the chaos construction: `check`
/// names the two cells holding the same digit, whatever their regions are
/// known to be.
#[test]
fn same_region_check_names_a_repeated_digit() {
    let g = Geometry::irregular(2, &[0, 0, 1, 1]).unwrap();
    let rule = SameRegion::new(vec![Cell(0), Cell(3)]).within_chaos(true);
    let grid = Grid::from_values(2, vec![1, 2, 2, 1]).unwrap().with_layer(4);
    let err = rule.check(&g, &grid).unwrap_err();
    assert_eq!(err.message, "r1c1 and r2c2 both hold 1 but lie in one region");
    let fine = Grid::from_values(2, vec![1, 2, 2, 1]).unwrap().with_layer(4);
    assert!(SameRegion::new(vec![Cell(0), Cell(1)])
        .within_chaos(true)
        .check(&g, &fine)
        .is_ok());
    // On its own (no chaos construction) the group is no house.
    assert!(SameRegion::new(vec![Cell(0), Cell(3)]).check(&g, &grid).is_ok());
}

/// ISS's chaos puzzles that sudokit reads: read, solved up to two
/// answers, and the one answer has the digits ISS lists.
#[test]
fn iss_chaos_puzzles_solve_to_the_solutions_iss_lists() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/puzzles/iss_chaos.tsv"
    ))
    .unwrap();
    let mut solved = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let [name, string, solution] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("a fixture line of three fields expected: {line}")
        };
        let puzzle = iss::read(string)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .build()
            .unwrap();
        let outcome = PropagationSearch::default()
            .solve(&puzzle, &Limits::solutions(2))
            .unwrap();
        assert_eq!(outcome.solutions.len(), 1, "{name}: not unique");
        let answer = &outcome.solutions[0];
        let digits: String = answer.values().iter().map(|d| d.to_string()).collect();
        assert_eq!(digits, solution, "{name}");
        assert_eq!(
            answer.layer().len(),
            puzzle.geometry().cell_count(),
            "{name}: regions"
        );
        assert!(puzzle.verify_solution(answer).is_ok(), "{name}");
        solved += 1;
    }
    assert!(solved >= 3, "only {solved} chaos puzzles in the fixture");
}

/// ISS → native → ISS gives the same string, and both read into the same
/// rules; a clue without `.ChaosConstruction` and sets of several region
/// cells are refused by name.
#[test]
fn chaos_rules_round_trip_between_iss_and_native() {
    let string = ".Shape~4x4.NoBoxes.~R1C1_2.ChaosConstruction.ChaosArrow~R1C2~0~CC1~CC2~-~CC1~CC5\
                  .ChaosCount~R4C4~1~CC16~CC15~CC12.SameValues~2~CC3~CC8.CountDistinct~R2C2~R1C1~CC5~CC6\
                  .AllDifferent~CC13~CC14~CC9";
    let spec = iss::read(string).unwrap();
    let names: Vec<&str> = spec.rules.iter().map(|r| r.name()).collect();
    assert_eq!(
        names,
        [
            "chaos-construction",
            "chaos-arrow",
            "chaos-count",
            "same-region",
            "count-distinct",
            "different-regions"
        ]
    );
    assert_eq!(spec.rules[5].cells("cells"), [Cell(12), Cell(13), Cell(8)]);
    assert_eq!(spec.rules[4].cells("cells"), [Cell(0)]);
    assert_eq!(spec.rules[4].cells("regions"), [Cell(4), Cell(5)]);
    let written = iss::write(&spec).unwrap();
    assert_eq!(iss::read(&written).unwrap(), spec);
    let toml = native::write(&spec);
    assert!(toml.contains("type = \"chaos-arrow\""), "{toml}");
    let back = native::read(&toml).unwrap();
    assert_eq!(back, spec);
    assert_eq!(iss::write(&back).unwrap(), written);
    // ISS's defaults: arms to the edges, the 3×3 around the control.
    let short = iss::read(".Shape~4x4.NoBoxes.ChaosConstruction.ChaosArrow~R2C2.ChaosCount~R1C1").unwrap();
    assert_eq!(short.rules[1].shafts("arms").len(), 4);
    assert_eq!(short.rules[2].cells("cells").len(), 4);
    for alone in [
        ".Shape~4x4.NoBoxes.ChaosArrow~R2C2",
        ".Shape~4x4.CountDistinct~R1C1~CC2~CC3",
        ".Shape~4x4.AllDifferent~CC2~CC3",
    ] {
        let err = iss::read(alone).unwrap_err().to_string();
        assert!(err.contains("need .ChaosConstruction"), "{err}");
    }
    let sets = iss::read(".Shape~4x4.ChaosConstruction.SameValues~2~CC1~CC2~CC3~CC4")
        .unwrap_err()
        .to_string();
    assert!(sets.contains("sets of several region cells"), "{sets}");
}

/// Strategies that only place digits refuse a chaos puzzle, naming the
/// rule; propagation search solves it.
#[test]
fn digit_only_strategies_refuse_chaos_by_name() {
    let puzzle = chaos_spec(4).build().unwrap();
    for name in ["backtracking", "dlx", "sat", "bitboard"] {
        let strategy = strategy_by_name(name).unwrap();
        match strategy.solve(&puzzle, &Limits::solutions(1)) {
            Err(SolveError::Unsupported(u)) => assert!(
                u.to_string().contains("chaos construction") || name == "bitboard",
                "{name}: {u}"
            ),
            other => panic!("{name}: {other:?}"),
        }
    }
    let auto = strategy_by_name("auto")
        .unwrap()
        .solve(&puzzle, &Limits::solutions(1))
        .unwrap();
    assert_eq!(auto.solutions.len(), 1);
}

/// `explain` and `grade` do not reason about regions that are unknowns:
/// they say so plainly (bad input, exit 2), in text and in JSON.
#[test]
fn explain_and_grade_say_they_do_not_reason_about_unknown_regions() {
    let chaos = ".Shape~4x4.NoBoxes.ChaosConstruction.~R1C1_1";
    for command in ["explain", "grade"] {
        let (out, err, code) = common::run_sudokit(&[command], &format!("{chaos}\n"));
        assert_eq!(code, 2, "{command}: {out}{err}");
        assert!(
            err.contains("regions are unknowns (chaos construction)"),
            "{command}: {err}"
        );
        let (out, _, code) = common::run_sudokit(&[command, "--json"], &format!("{chaos}\n"));
        assert_eq!(code, 2, "{command}: {out}");
        assert!(out.contains("\"error\""), "{command}: {out}");
    }
}

/// A count of regions over a 3×3 block on a chaos board is at most 8: its
/// centre's neighbours are all counted, and a region of `n ≥ 2` connected
/// cells gives the centre one of them (ISS's static cap; The Fountain's
/// counts). Off the chaos construction nothing is capped.
#[test]
fn count_distinct_regions_are_capped_by_cells_enclosed_by_counted_ones() {
    let block = ChaosCount::default_cells(9, Cell(40));
    let shown = |chaos: bool| {
        let mut spec = match chaos {
            true => chaos_spec(9),
            false => PuzzleSpec::new(9),
        };
        spec.rules.push(
            rule("count-distinct")
                .with("cell", Cell(0))
                .with("regions", block.clone()),
        );
        let puzzle = spec.build().unwrap();
        let mut engine = Engine::rules_only(puzzle.model());
        let mut state = State::<u128>::with_givens(puzzle.geometry(), puzzle.givens());
        engine.schedule_all();
        engine.propagate(&mut state, None).unwrap();
        state.cells()[0].iter().collect::<Vec<Digit>>()
    };
    assert_eq!(shown(true), (1..=8).collect::<Vec<Digit>>());
    assert_eq!(shown(false), (1..=9).collect::<Vec<Digit>>());
}
