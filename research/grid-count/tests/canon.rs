//! Canonical forms checked against brute force and the 17-clue catalogue,
//! which is published in minlex form.

use sudokit_grid_count::canon::{self, Symmetry};
use sudokit_grid_count::essentially::{fixed_up_to_relabelling, for_each_geometric_map, Shape};

/// The 9×9 shape.
const NINE: Shape = Shape {
    box_rows: 3,
    box_cols: 3,
};

/// A random full grid: backtracking over cells with digits in random order.
fn random_grid(rng: &mut fastrand::Rng) -> [u8; 81] {
    fn fill(cells: &mut [u8; 81], i: usize, rng: &mut fastrand::Rng) -> bool {
        if i == 81 {
            return true;
        }
        let mut digits: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut digits);
        for d in digits {
            let (r, c) = (i / 9, i % 9);
            let clash = (0..9).any(|k| {
                cells[r * 9 + k] == d
                    || cells[k * 9 + c] == d
                    || cells[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == d
            });
            if !clash {
                cells[i] = d;
                if fill(cells, i + 1, rng) {
                    return true;
                }
                cells[i] = 0;
            }
        }
        false
    }
    let mut cells = [0u8; 81];
    assert!(fill(&mut cells, 0, rng));
    cells
}

/// A random symmetry of the whole group.
fn random_symmetry(rng: &mut fastrand::Rng) -> Symmetry {
    let lines = |rng: &mut fastrand::Rng| {
        let mut groups = [0u8, 1, 2];
        rng.shuffle(&mut groups);
        let mut out = [0u8; 9];
        for (g, &src) in groups.iter().enumerate() {
            let mut inner = [0u8, 1, 2];
            rng.shuffle(&mut inner);
            for k in 0..3 {
                out[g * 3 + k] = src * 3 + inner[k];
            }
        }
        out
    };
    let rows = lines(rng);
    let cols = lines(rng);
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let mut labels = [0u8; 10];
    labels[1..].copy_from_slice(&digits);
    Symmetry {
        transpose: rng.bool(),
        rows,
        cols,
        labels,
    }
}

fn parse(line: &str) -> [u8; 81] {
    let cells: Vec<u8> = line
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    cells.try_into().expect("81 cells")
}

/// Every geometric map (2 × 6⁸) that takes the grid to a relabelling of
/// itself, counted one by one.
fn brute_force_automorphisms(cells: &[u8; 81]) -> u32 {
    let (mut maps, mut fixed) = (0, 0);
    for_each_geometric_map(NINE, |m| {
        maps += 1;
        fixed += u32::from(fixed_up_to_relabelling(cells, m));
    });
    assert_eq!(maps, 3_359_232);
    fixed
}

#[test]
fn random_images_of_a_grid_share_its_form() {
    let mut rng = fastrand::Rng::with_seed(30);
    for _ in 0..3 {
        let grid = random_grid(&mut rng);
        let found = canon::canonical(&grid);
        assert_eq!(found.symmetry.apply(&grid), found.form);
        assert!(canon::is_solved_grid(&found.form));
        for _ in 0..100 {
            let image = random_symmetry(&mut rng).apply(&grid);
            let again = canon::canonical(&image);
            assert_eq!(again.form, found.form);
            assert_eq!(again.automorphisms, found.automorphisms);
            assert_eq!(again.symmetry.apply(&image), again.form);
        }
    }
}

#[test]
fn the_grid_search_agrees_with_the_row_by_row_beam() {
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..5 {
        let grid = random_grid(&mut rng);
        let fast = canon::canonical(&grid);
        let beam = canon::canonical_by_rows(&grid);
        assert_eq!(fast.form, beam.form);
        assert_eq!(fast.automorphisms, beam.automorphisms);
    }
}

/// Solution grids of the 17-clue catalogue, one for each kind of second
/// row the fast search tells apart by its start ranks (aligned rows with
/// `123`, `132`, `231` last; not aligned with `1` fourth; not aligned with
/// `2` fourth, rare: 2 of the 48,505), and a few of the common kinds more.
const EVERY_RANK: [(&str, &str); 10] = [
    (
        "456789123",
        "123478659768951423945326718691734582582619374374582961836295147417863295259147836",
    ),
    (
        "456789132",
        "123587964768491523945236718537649281496128357812753496651974832284365179379812645",
    ),
    (
        "456789231",
        "123758649876491523945263817617935482582174936394682175731549268469827351258316794",
    ),
    (
        "457189236",
        "123479658679581423845362917584627391937148562261935874492753186716894235358216749",
    ),
    (
        "457189263",
        "123587649786491523945236187569824371837915462214673958478359216691742835352168794",
    ),
    (
        "457189326",
        "123987645687451923945263871594328167738516294261794358812675439476139582359842716",
    ),
    (
        "457189623",
        "123798654687541923945263718459632187738419265216875349871924536592386471364157892",
    ),
    (
        "457189632",
        "132975864679481523845236719563819472284753196791624358456397281918542637327168945",
    ),
    (
        "457289163",
        "978621354564397812213845976385216497421789635697534128142958763856173249739462581",
    ),
    (
        "457289613",
        "978621345546398712213745986835216497421879653697534128354187269162953874789462531",
    ),
];

/// The fast search prunes whole starts by a rank of the best second row
/// they can give: on grids of every rank, and on a relabelled, shuffled
/// image of each, it finds the beam's form and automorphisms.
#[test]
fn the_grid_search_agrees_with_the_beam_on_every_rank() {
    let solutions = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/classic/17clue.solutions.txt"
    );
    let text = std::fs::read_to_string(solutions).expect("the catalogue's solutions in ../shared");
    let mut rng = fastrand::Rng::with_seed(5);
    for (row2, line) in EVERY_RANK {
        assert!(text.contains(line), "{line} is a catalogue solution");
        let grid = parse(line);
        let image = random_symmetry(&mut rng).apply(&grid);
        for cells in [grid, image] {
            let fast = canon::canonical(&cells);
            let beam = canon::canonical_by_rows(&cells);
            assert_eq!(fast.form, beam.form, "{line}");
            assert_eq!(fast.automorphisms, beam.automorphisms, "{line}");
            assert_eq!(fast.symmetry.apply(&cells), fast.form);
            let second: String = fast.form[9..18].iter().map(|d| char::from(b'0' + d)).collect();
            assert_eq!(second, row2, "{line}");
        }
    }
}

#[test]
fn automorphisms_match_brute_force_and_the_most_symmetric_grid_has_648() {
    let symmetric =
        parse("123456789456789123789123456231564897564897231897231564312645978645978312978312645");
    let plain = random_grid(&mut fastrand::Rng::with_seed(1));
    let most = canon::canonical(&symmetric);
    assert_eq!(brute_force_automorphisms(&symmetric), 648);
    assert_eq!(most.automorphisms, 648);
    let usual = canon::canonical(&plain);
    assert_eq!(usual.automorphisms, brute_force_automorphisms(&plain));
    // Different automorphism counts: not isomorphic, so the forms differ.
    assert_ne!(usual.automorphisms, most.automorphisms);
    assert_ne!(usual.form, most.form);
}

#[test]
fn distinct_random_grids_have_distinct_forms_each_reachable_from_its_grid() {
    let mut rng = fastrand::Rng::with_seed(99);
    let mut forms = std::collections::HashSet::new();
    for _ in 0..50 {
        let grid = random_grid(&mut rng);
        let found = canon::canonical(&grid);
        assert_eq!(found.symmetry.apply(&grid), found.form);
        forms.insert(found.form);
    }
    assert_eq!(forms.len(), 50);
}

fn catalogue() -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/classic/17clue.txt"
    );
    let text = std::fs::read_to_string(path).expect("the 17-clue catalogue in ../shared");
    text.lines().map(str::to_owned).collect()
}

/// The plain minlex form by brute force: every geometric map, digits of
/// each image numbered in order of first appearance, the smallest kept.
fn brute_force_form(cells: &[u8; 81]) -> [u8; 81] {
    let mut best = [u8::MAX; 81];
    for_each_geometric_map(NINE, |m| {
        let mut labels = [0u8; 10];
        let mut next = 1;
        let mut image = [0u8; 81];
        for (i, &src) in m.iter().enumerate() {
            let d = usize::from(cells[src]);
            if d != 0 && labels[d] == 0 {
                labels[d] = next;
                next += 1;
            }
            image[i] = labels[d];
        }
        best = best.min(image);
    });
    best
}

#[test]
fn puzzle_forms_match_brute_force() {
    // A catalogue line that is not written in plain minlex: brute force
    // finds an image with a smaller third row.
    let line = "..............1..2..2....3.........4..5.....1..637.....1..2.....4......68..7...9.";
    assert!(catalogue().iter().any(|l| l == line));
    {
        let puzzle = parse(line);
        assert_eq!(
            canon::canonical(&puzzle).form.to_vec(),
            brute_force_form(&puzzle),
            "{line}"
        );
    }
}

#[test]
fn random_images_of_catalogue_puzzles_share_their_form() {
    let lines = catalogue();
    let mut rng = fastrand::Rng::with_seed(17);
    let mut own_form = 0;
    let sample: Vec<&String> = lines.iter().step_by(lines.len() / 40).collect();
    for line in &sample {
        let puzzle = parse(line);
        let found = canon::canonical(&puzzle);
        assert_eq!(found.symmetry.apply(&puzzle), found.form);
        own_form += usize::from(found.form == puzzle);
        for _ in 0..3 {
            let image = random_symmetry(&mut rng).apply(&puzzle);
            let again = canon::canonical(&image);
            assert_eq!(again.form, found.form, "image of {line}");
            assert_eq!(again.symmetry.apply(&image), found.form);
            assert_eq!(again.automorphisms, found.automorphisms);
        }
    }
    // Most of the catalogue is written in this form.
    assert!(
        own_form * 10 >= sample.len() * 8,
        "{own_form} of {}",
        sample.len()
    );
}
