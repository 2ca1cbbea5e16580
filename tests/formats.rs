//! Round trips of every text format, for several board sizes.

mod common;

use common::{lines, shared};
use sudokit::core::format::{parse_grids, to_line, to_pretty, to_rows, ParseOptions};
use sudokit::core::{Geometry, Grid};
use sudokit::read_classic;
use sudokit::solvers::{Limits, PropagationSearch, Strategy};

fn read_one(text: &str, size: Option<usize>) -> Grid {
    let mut all = parse_grids(text, &ParseOptions { size });
    assert_eq!(all.len(), 1, "one grid expected in:\n{text}");
    all.remove(0).unwrap_or_else(|e| panic!("{e} in:\n{text}")).grid
}

/// A solved grid of side `n` (so every symbol occurs) with some cells blanked.
fn sample(n: usize) -> (Grid, Geometry) {
    let geometry = Geometry::square(n).unwrap();
    let puzzle = sudokit::core::Puzzle::new(geometry.clone())
        .with(sudokit::constraints::ClassicRules)
        .unwrap();
    let solved = PropagationSearch::default()
        .solve(&puzzle, &Limits::solutions(1))
        .unwrap();
    let mut grid = solved.solutions[0].clone();
    for cell in geometry.cells().filter(|c| c.index() % 3 == 1) {
        grid.set(cell, 0);
    }
    (grid, geometry)
}

#[test]
fn every_layout_round_trips_for_every_size() {
    for n in [4, 6, 8, 9, 12, 16, 25, 36] {
        let (grid, geometry) = sample(n);
        assert_eq!(read_one(&to_line(&grid), None), grid, "one line, n = {n}");
        assert_eq!(read_one(&to_rows(&grid), None), grid, "rows, n = {n}");
        assert_eq!(
            read_one(&to_pretty(&grid, &geometry), None),
            grid,
            "pretty, n = {n}"
        );
    }
}

#[test]
fn large_token_grids_read_as_given() {
    let text = std::fs::read_to_string(shared("large/n100_f70_k7000_s1.puzzle.txt")).unwrap();
    let grid = read_one(&text, None);
    assert_eq!((grid.size(), grid.filled()), (100, 7000));
    assert_eq!(read_one(&to_rows(&grid), None), grid);
    assert_eq!(read_one(&to_line(&grid), None), grid);
}

#[test]
fn files_of_many_puzzles() {
    // One per line, as in the classic sets.
    let top95 = lines("classic/top95.txt").join("\n");
    assert_eq!(parse_grids(&top95, &ParseOptions::default()).len(), 95);
    // Project Euler 96: `Grid NN` headers, 9 lines of 9 digits with 0 blanks.
    let pe96 = std::fs::read_to_string(common::example("easy50-pe96.txt")).unwrap();
    let grids: Vec<Grid> = parse_grids(&pe96, &ParseOptions::default())
        .into_iter()
        .map(|g| g.unwrap().grid)
        .collect();
    let easy50: Vec<Grid> = lines("classic/easy50.txt")
        .iter()
        .map(|l| read_one(l, None))
        .collect();
    assert_eq!(grids, easy50);
    // Norvig's separators between stacked grids.
    let stacked = easy50.iter().map(to_rows).collect::<Vec<_>>().join("========\n");
    assert_eq!(parse_grids(&stacked, &ParseOptions::default()).len(), 49);
    // Stacked without any separator, nine lines per grid.
    let bare = easy50.iter().map(to_rows).collect::<String>();
    let read: Vec<Grid> = parse_grids(&bare, &ParseOptions::default())
        .into_iter()
        .map(|g| g.unwrap().grid)
        .collect();
    assert_eq!(read, easy50);
}

#[test]
fn windows_line_endings_and_comments() {
    let text = "# top95, first two\r\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\r\n\r\n52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\r\n";
    let all = read_classic(text, &Default::default());
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].as_ref().unwrap().line, 4);
}

/// Random and mutated text never panics the reader, and every error points
/// at a line that exists (and a column inside it).
#[test]
fn arbitrary_text_gives_puzzles_or_located_errors() {
    let mut rng = fastrand::Rng::with_seed(7);
    let alphabet: Vec<char> = "0123456789.ABCDEFGZ xy|-+=#\n\r\t?é".chars().collect();
    let seeds = [
        lines("classic/top95.txt")[..3].join("\n"),
        std::fs::read_to_string(common::example("easy50-pe96.txt")).unwrap()[..400].to_string(),
        std::fs::read_to_string(common::example("12x12.txt")).unwrap(),
    ];
    for round in 0..3000 {
        let text: String = if round % 3 == 0 {
            (0..rng.usize(0..400))
                .map(|_| alphabet[rng.usize(..alphabet.len())])
                .collect()
        } else {
            let mut chars: Vec<char> = seeds[round % seeds.len()].chars().collect();
            for _ in 0..rng.usize(1..6) {
                let at = rng.usize(..chars.len().max(1));
                let c = alphabet[rng.usize(..alphabet.len())];
                match rng.u8(..3) {
                    0 if !chars.is_empty() => {
                        chars.remove(at.min(chars.len() - 1));
                    }
                    1 => chars.insert(at.min(chars.len()), c),
                    _ if !chars.is_empty() => {
                        let last = chars.len() - 1;
                        chars[at.min(last)] = c;
                    }
                    _ => {}
                }
            }
            chars.into_iter().collect()
        };
        let line_count = text.lines().count();
        for read in read_classic(&text, &Default::default()) {
            if let Err(e) = read {
                assert!(e.line >= 1 && e.line <= line_count.max(1), "{e} for {text:?}");
                if let Some(col) = e.column {
                    let len = text.lines().nth(e.line - 1).map_or(0, |l| l.chars().count());
                    assert!(col >= 1 && col <= len, "{e} for {text:?}");
                }
            }
        }
    }
}

/// The puzzles bundled with sigh's Interactive Sudoku Solver whose
/// constraints sudokit reads (extracted to `tests/puzzles/iss.tsv`): each
/// is detected as an ISS string, read, solved, and the solution is the one
/// ISS lists, and the only one.
#[test]
fn iss_bundled_puzzles_solve_to_the_solutions_iss_lists() {
    use sudokit::{read_puzzles, InputFormat, ReadOptions};
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/puzzles/iss.tsv")).unwrap();
    let mut solved = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let [name, iss, solution] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("a fixture line of three fields expected: {line}")
        };
        assert_eq!(InputFormat::detect(None, iss), InputFormat::Iss, "{name}");
        let mut read = read_puzzles(iss, InputFormat::Iss, &ReadOptions::default());
        assert_eq!(read.len(), 1, "{name}");
        let puzzle = read.remove(0).unwrap_or_else(|e| panic!("{name}: {e}")).puzzle;
        let n = puzzle.size();
        // ISS writes 10 and up as letters from A (= 1) on boards above 9×9.
        let expected: Vec<u8> = solution
            .chars()
            .map(|c| match (n, c) {
                (10.., 'A'..='Z') => c as u8 - b'A' + 1,
                _ => c.to_digit(10).unwrap_or_else(|| panic!("{name}: digit {c}")) as u8,
            })
            .collect();
        let outcome = PropagationSearch::default()
            .solve(&puzzle, &Limits::solutions(2))
            .unwrap();
        assert_eq!(outcome.solutions.len(), 1, "{name}: not unique");
        let found: Vec<u8> = puzzle
            .geometry()
            .cells()
            .map(|c| outcome.solutions[0].get(c).unwrap_or(0))
            .collect();
        assert_eq!(found, expected, "{name}");
        solved += 1;
    }
    assert!(solved >= 60, "only {solved} puzzles in the fixture");
}

/// The sukaku line of a classic puzzle: its givens as single candidates,
/// every other cell with the digits no given among its peers holds (the
/// same puzzle, written as candidates). Built here from the geometry, not
/// by sudokit's writer.
fn sukaku_of(grid: &Grid, geometry: &Geometry) -> String {
    let n = grid.size();
    let symbol = |d: u8| sudokit::core::format::symbol_char(d).unwrap();
    geometry
        .cells()
        .flat_map(|cell| {
            let seen: Vec<u8> = geometry.peers(cell).iter().filter_map(|&p| grid.get(p)).collect();
            (1..=n as u8)
                .map(|d| match grid.get(cell) {
                    Some(given) if given == d => symbol(d),
                    None if !seen.contains(&d) => symbol(d),
                    _ => '.',
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Sukaku lines built from known puzzles (a 9×9 and a 16×16 of
/// `examples/puzzles`) are detected, read as pencil marks on an n×n board,
/// solve to the classic puzzle's solution, and `convert --to sukaku`'s
/// writer gives the line back.
#[test]
fn sukaku_lines_read_as_pencil_marks() {
    use sudokit::constraints::sukaku;
    use sudokit::{read_puzzles, InputFormat, ReadOptions};
    for (file, n) in [("top95.txt", 9), ("16x16.txt", 16)] {
        let text = std::fs::read_to_string(common::example(file)).unwrap();
        let classic = read_classic(&text, &Default::default()).remove(0).unwrap().puzzle;
        let geometry = classic.geometry().clone();
        let line = sukaku_of(classic.givens(), &geometry);
        assert_eq!(line.len(), n * n * n);
        assert_eq!(InputFormat::detect(None, &line), InputFormat::Sukaku, "{file}");
        let read = read_puzzles(
            &format!("# a comment\n{line}\n{line}\n"),
            InputFormat::Sukaku,
            &ReadOptions::default(),
        );
        assert_eq!(read.len(), 2, "{file}: one puzzle per line");
        let read = read.into_iter().next().unwrap().unwrap();
        assert_eq!((read.line, read.puzzle.size()), (2, n), "{file}");
        let rules = read.to_spec().rules;
        assert!(
            !rules.is_empty() && rules.iter().all(|r| r.name() == "pencil-marks"),
            "{file}"
        );
        let limits = Limits::solutions(2);
        let there = PropagationSearch::default().solve(&read.puzzle, &limits).unwrap();
        let here = PropagationSearch::default().solve(&classic, &limits).unwrap();
        let sorted = |mut grids: Vec<Grid>| {
            grids.sort_by(|a, b| a.values().cmp(b.values()));
            grids
        };
        // The same solutions (the 16×16 example has two, top95's first one).
        assert_eq!(sorted(there.solutions), sorted(here.solutions), "{file}");
        assert_eq!(sukaku::write(&read.to_spec()).unwrap(), line, "{file}");
    }
    // A 27×27 grid on one line is 729 characters too, and stays a grid.
    let (grid27, _) = sample(27);
    let compact: String = grid27
        .values()
        .iter()
        .map(|&d| sudokit::core::format::symbol_char(d).unwrap_or('.'))
        .collect();
    assert_eq!(compact.len(), 729);
    assert_eq!(InputFormat::detect(None, &compact), InputFormat::Text);
    assert_eq!(read_one(&compact, None).size(), 27);
    // A broken line says which cell is wrong.
    let mut broken = "123456789".repeat(81);
    broken.replace_range(9..10, "2");
    let error = sukaku::read(&broken).unwrap_err();
    assert_eq!(error.message, "r1c2: character 1 is '2', expected '1' or '.'");
}
