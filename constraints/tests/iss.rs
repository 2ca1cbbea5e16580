//! ISS constraint strings: every rule both formats know goes there and
//! back; strings written as ISS's own grammar shows them read into the same
//! puzzle as the equivalent native file; what sudokit does not read is
//! refused by name.

use sudokit_constraints::iss;
use sudokit_constraints::native;
use sudokit_constraints::registry::Registry;
use sudokit_constraints::spec::PuzzleSpec;
use sudokit_core::{Cell, Digit};

use std::collections::{BTreeMap, BTreeSet};

fn toml(text: &str) -> PuzzleSpec {
    native::read(text).unwrap_or_else(|e| panic!("{e} in:\n{text}"))
}

fn iss_read(text: &str) -> PuzzleSpec {
    iss::read(text).unwrap_or_else(|e| panic!("{e} in:\n{text}"))
}

fn iss_err(text: &str) -> String {
    match iss::read(text) {
        Ok(spec) => panic!("{text} should not read, got {spec:?}"),
        Err(e) => e.message,
    }
}

/// The rules whose registry example ISS can express (written down here,
/// not taken from the table, so that a row lost from it fails).
const EXPRESSIBLE: &[&str] = &[
    "diagonal+",
    "diagonal-",
    "anti-knight",
    "anti-king",
    "disjoint-groups",
    "global-entropy",
    "global-modular",
    "nonconsecutive",
    "negative-xv",
    "pencil-marks",
    "ratio",
    "xv",
    "sum",
    "killer-cage",
    "extra-region",
    "same-values",
    "quadruple",
    "look-and-say",
    "contain-at-least",
    "row-indexer",
    "column-indexer",
    "value-indexing",
    "thermometer",
    "palindrome",
    "whispers",
    "double-arrow",
    "zipper",
    "region-sum-line",
    "renban",
    "between",
    "entropic",
    "modular",
    "arrow",
    "little-killer",
    "sandwich",
    "x-sum",
    "skyscraper",
    "numbered-room",
    "hidden-skyscraper",
    "full-rank",
    "full-rank-no-ties",
    "self-taxicab",
    "custom-pairs",
    "greater-than",
    "lockout",
    "repeating-cage",
    "weighted-sum",
    "rellik-cage",
    "equality-cage",
    "connected-digits",
    "sum-line",
    "sum-loop",
    "lunchbox",
    "equal-sum",
    "counting-circles",
    "chaos-construction",
    "count-distinct",
    "regex",
    "automaton",
    "any-of",
];

#[test]
fn every_rule_both_formats_know_goes_there_and_back() {
    let mut written = Vec::new();
    let mut through_declarations = Vec::new();
    for kind in Registry::default().kinds() {
        let spec = toml(&format!("size = 9\nrules = [{}]\n", kind.example));
        match iss::write(&spec) {
            Ok(text) if EXPRESSIBLE.contains(&kind.name) => {
                assert_eq!(iss_read(&text), spec, "{}: {text}", kind.name);
                written.push(kind.name);
            }
            Ok(text) => {
                assert_eq!(
                    declarations(&iss_read(&text)),
                    declarations(&spec),
                    "{}: {text}",
                    kind.name
                );
                through_declarations.push(kind.name);
            }
            Err(e) => assert!(
                e.message.contains(&format!("{} has no ISS form", kind.name))
                    || e.message
                        .contains(&format!("{} with these values has no ISS form", kind.name)),
                "{}: {e}",
                kind.name
            ),
        }
    }
    assert_eq!(written, EXPRESSIBLE);
    assert_eq!(through_declarations, DECLARED);
}

/// The rules ISS has no type for that it gets as what they declare
/// (pencil marks, `.Pair` tables and `.AllDifferent`).
const DECLARED: &[&str] = &[
    "negative-ratio",
    "diagonal-nonconsecutive",
    "odd",
    "even",
    "minimum",
    "maximum",
    "difference",
    "clone",
    "box-indexer",
    "slow-thermometer",
    "chess",
    "taxicab",
    "knightmare",
    "nonconsecutive-plus",
    "negative-indexer",
];

/// Everything a puzzle declares, merged: each cell's domain, each cell
/// pair's allowed digit pairs (the earlier cell first) and the
/// all-different groups. Two puzzles that declare the same mean the same
/// when no rule has a propagator of its own.
#[derive(Debug, PartialEq)]
struct Declarations {
    domains: BTreeMap<Cell, u128>,
    relations: BTreeMap<(Cell, Cell), BTreeSet<(Digit, Digit)>>,
    groups: BTreeSet<Vec<Cell>>,
}

fn declarations(spec: &PuzzleSpec) -> Declarations {
    let puzzle = spec.build().expect("builds");
    let geometry = puzzle.geometry();
    let n = geometry.size() as Digit;
    let (mut domains, mut relations, mut groups) = (BTreeMap::new(), BTreeMap::new(), BTreeSet::new());
    for cell in geometry.cells() {
        if let Some(digit) = spec.givens.get(cell) {
            domains.insert(cell, 1u128 << (digit - 1));
        }
    }
    for constraint in puzzle.constraints() {
        assert!(
            !constraint.has_propagator(),
            "{} has a propagator",
            constraint.name()
        );
        for (cell, digits) in constraint.domains(geometry) {
            *domains.entry(cell).or_insert(u128::MAX) &= digits.to_u128();
        }
        for (a, b, relation) in constraint.relations(geometry) {
            let (first, second, swap) = if a < b { (a, b, false) } else { (b, a, true) };
            let allowed: BTreeSet<(Digit, Digit)> = (1..=n)
                .flat_map(|x| (1..=n).map(move |y| (x, y)))
                .filter(|&(x, y)| {
                    if swap {
                        relation.allows(y, x)
                    } else {
                        relation.allows(x, y)
                    }
                })
                .collect();
            relations
                .entry((first, second))
                .and_modify(|old: &mut BTreeSet<(Digit, Digit)>| {
                    *old = old.intersection(&allowed).copied().collect()
                })
                .or_insert(allowed);
        }
        for group in constraint.groups(geometry) {
            let mut cells = group.cells().to_vec();
            cells.sort_unstable();
            groups.insert(cells);
        }
    }
    Declarations {
        domains,
        relations,
        groups,
    }
}

#[test]
fn rule_values_and_boards_go_there_and_back() {
    let specs = [
        // The default dots and marks, the board's own whisper gap, a cage
        // without a sum, a pill arrow, clues at both ends of a line.
        r#"size = 9
givens = "5........ ......... ......... ......... ......... ......... ......... ......... ........9"
rules = [
  { type = "difference", cells = "r1c1 r1c2" },
  { type = "xv", cells = "r2c1 r2c2", value = "V" },
  { type = "whispers", cells = "r3c1 r3c2 r3c3" },
  { type = "killer-cage", cells = "r4c1 r4c2" },
  { type = "arrow", circle = "r5c1 r5c2", cells = "r6c3 r7c3" },
  { type = "x-sum", clue = "left of r8", sum = 20 },
  { type = "x-sum", clue = "right of r8", sum = 15 },
  { type = "skyscraper", clue = "below c2", visible = 4 },
  { type = "lunchbox", cells = "r9c1 r9c2 r9c3", sum = 0 },
]"#,
        // A 6×6 jigsaw with givens and pencil marks.
        r#"size = 6
regions = """
000011
002111
222213
423333
444553
445555
"""
givens = "1..... ...... ...... ...... ...... .....2"
rules = [
  { type = "pencil-marks", cell = "r2c2", digits = [3, 4] },
  { type = "thermometer", cells = "r3c1 r3c2 r3c3" },
]"#,
        // Strict kropki: the negative rules (one ISS item, so written
        // together) and the dots they exempt.
        r#"size = 9
rules = [
  { type = "ratio", cells = "r1c1 r1c2" },
  { type = "nonconsecutive" },
  { type = "negative-ratio" },
  { type = "difference", cells = "r2c1 r2c2" },
]"#,
        // A 16×16 board: cell ids in base 17.
        r#"size = 16
rules = [{ type = "renban", cells = "r10c11 r11c11 r16c16" }]"#,
    ];
    for text in specs {
        let spec = toml(text);
        let written = iss::write(&spec).unwrap_or_else(|e| panic!("{e} for:\n{text}"));
        assert_eq!(iss_read(&written), spec, "{written}");
    }
    let sixteen = iss::write(&toml(specs[3])).unwrap();
    assert_eq!(sixteen, ".Shape~16x16.Renban~RaCb~RbCb~RgCg");
}

/// Strings in ISS's own grammar (`js/sudoku_parser.js`, the forms its
/// constraints serialise to), each beside the native file of the same
/// puzzle.
#[test]
fn iss_strings_read_as_the_equivalent_native_puzzle() {
    let pairs: &[(&str, &str)] = &[
        (".~R1C1_5~R9C9_1", &format!("givens = \"5{}1\"", ".".repeat(79))),
        (
            ".Given~R1C1_1_2_3~R1C1_2_3_4",
            "rules = [{ type = \"pencil-marks\", cell = \"r1c1\", digits = [2, 3] }]",
        ),
        (".Thermo~R1C1~R1C2~R1C3", "rules = [{ type = \"thermometer\", cells = \"r1c1 r1c2 r1c3\" }]"),
        (
            ".Whisper~R1C1~R1C2",
            "rules = [{ type = \"whispers\", cells = \"r1c1 r1c2\" }]",
        ),
        (
            ".Whisper~4~R1C1~R1C2",
            "rules = [{ type = \"whispers\", cells = \"r1c1 r1c2\", value = 4 }]",
        ),
        (
            ".Cage~15~R1C1~R1C2~R2C1",
            "rules = [{ type = \"killer-cage\", cells = \"r1c1 r1c2 r2c1\", sum = 15 }]",
        ),
        (
            ".Cage~~R1C1~R1C2",
            "rules = [{ type = \"killer-cage\", cells = \"r1c1 r1c2\" }]",
        ),
        (
            ".WhiteDot~R1C1~R1C2~R2C2",
            "rules = [\n{ type = \"difference\", cells = \"r1c1 r1c2\" },\n{ type = \"difference\", cells = \"r1c2 r2c2\" }]",
        ),
        (".BlackDot~R1C1~R2C1", "rules = [{ type = \"ratio\", cells = \"r1c1 r2c1\" }]"),
        (".X~R1C1~R1C2", "rules = [{ type = \"xv\", cells = \"r1c1 r1c2\", value = \"X\" }]"),
        (".V~R1C1~R1C2", "rules = [{ type = \"xv\", cells = \"r1c1 r1c2\", value = \"V\" }]"),
        (
            ".Arrow~R1C1~R1C2~R1C3",
            "rules = [{ type = \"arrow\", circle = \"r1c1\", cells = \"r1c2 r1c3\" }]",
        ),
        (
            ".PillArrow~2~R1C2~R1C1~R2C1~R3C1",
            "rules = [{ type = \"arrow\", circle = \"r1c1 r1c2\", cells = \"r2c1 r3c1\" }]",
        ),
        (
            ".Quad~R4C4~1~3~3",
            "rules = [{ type = \"quadruple\", cells = \"r4c4 r4c5 r5c4 r5c5\", digits = [1, 3, 3] }]",
        ),
        (
            ".LittleKiller~17~R1C3",
            "rules = [{ type = \"little-killer\", clue = \"r0c4\", direction = \"DL\", sum = 17 }]",
        ),
        (
            ".LittleKiller~30~R2C9",
            "rules = [{ type = \"little-killer\", clue = \"r3c10\", direction = \"UL\", sum = 30 }]",
        ),
        (".Sandwich~15~R3", "rules = [{ type = \"sandwich\", clue = \"left of r3\", sum = 15 }]"),
        (
            ".XSum~C5~~20",
            "rules = [{ type = \"x-sum\", clue = \"below c5\", sum = 20 }]",
        ),
        (
            ".Skyscraper~R2~3~4",
            "rules = [\n{ type = \"skyscraper\", clue = \"left of r2\", visible = 3 },\n{ type = \"skyscraper\", clue = \"right of r2\", visible = 4 }]",
        ),
        (".Diagonal~1.Diagonal~-1", "rules = [{ type = \"diagonal+\" }, { type = \"diagonal-\" }]"),
        (
            ".AntiKnight.AntiKing.DisjointSets.AntiTaxicab.StrictXV",
            "rules = [{ type = \"anti-knight\" }, { type = \"anti-king\" }, { type = \"disjoint-groups\" }, \
             { type = \"self-taxicab\" }, { type = \"negative-xv\" }]",
        ),
        (
            ".Indexing~C~R1C1~R2C1.Indexing~R~R1C5",
            "rules = [{ type = \"column-indexer\", cells = \"r1c1 r2c1\" }, { type = \"row-indexer\", cells = \"r1c5\" }]",
        ),
        (
            ".Modular~3~R1C1~R1C2~R1C3.Entropic~R2C1~R2C2~R2C3",
            "rules = [{ type = \"modular\", cells = \"r1c1 r1c2 r1c3\" }, { type = \"entropic\", cells = \"r2c1 r2c2 r2c3\" }]",
        ),
        (
            ".Modular~2~R3C1~R3C2~R3C3.Modular~4~R4C1~R4C2",
            "rules = [{ type = \"modular\", cells = \"r3c1 r3c2 r3c3\", modulus = 2 }, \
             { type = \"modular\", cells = \"r4c1 r4c2\", modulus = 4 }]",
        ),
        (
            ".Sum~7~R7C4~R7C5.AllDifferent~R1C1~R5C5~R9C9",
            "rules = [{ type = \"sum\", cells = \"r7c4 r7c5\", value = 7 }, \
             { type = \"extra-region\", cells = \"r1c1 r5c5 r9c9\" }]",
        ),
        (
            ".StrictKropki.WhiteDot~R1C1~R1C2",
            "rules = [{ type = \"nonconsecutive\" }, { type = \"negative-ratio\" }, \
             { type = \"difference\", cells = \"r1c1 r1c2\" }]",
        ),
    ];
    for (iss_text, rules) in pairs {
        let native = toml(&format!("size = 9\n{rules}\n"));
        assert_eq!(iss_read(iss_text), native, "{iss_text}");
    }
    // Whitespace is ignored, and an ISS page address carries the string.
    let url = "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Thermo%7ER1C1%7ER1C2&mode=all";
    assert_eq!(iss_read(url), iss_read(" .Thermo~R1C1\n  ~R1C2 "));
}

/// `.Or` is an `any-of` of its children (a given is a pencil mark of one
/// digit; `.And` groups rules into one alternative; groups nest), a
/// top-level `.And` only groups; written back the same way.
#[test]
fn or_and_and_read_as_any_of() {
    let spec = iss_read(".Or.~R1C2_1.~R1C1_1.End.And.Thermo~R2C1~R2C2.End");
    let native = toml(
        r#"size = 9
rules = [{ type = "thermometer", cells = "r2c1 r2c2" },
{ type = "any-of", alternatives = [[{ type = "pencil-marks", cell = "r1c2", digits = [1] }], [{ type = "pencil-marks", cell = "r1c1", digits = [1] }]] }]"#,
    );
    assert_eq!(spec, native);
    let nested = ".Or.And.Cage~3~R1C1~R1C2.Renban~R2C1~R2C2.End.Or.Thermo~R3C1~R3C2.XSum~R4~~15.End.End";
    let spec = iss_read(nested);
    let alternatives = spec.rules[0].alternatives("alternatives");
    assert_eq!(alternatives.len(), 2);
    assert_eq!(alternatives[0].len(), 2);
    assert_eq!(alternatives[1][0].name(), "any-of");
    assert_eq!(iss::write(&spec).unwrap(), nested);
    assert_eq!(iss_read(&iss::write(&spec).unwrap()), spec);
}

#[test]
fn board_items_read_as_layouts() {
    let shape = iss_read(".Shape~4x4.~R1C1_1");
    assert_eq!(
        (shape.size, shape.givens.get(sudokit_core::Cell(0))),
        (4, Some(1))
    );
    let no_boxes = iss_read(".Shape~4x4.NoBoxes");
    assert_eq!(
        no_boxes,
        toml("size = 4\nregions = \"\"\"\n0000\n1111\n2222\n3333\n\"\"\"\n")
    );
    assert_eq!(iss::write(&no_boxes).unwrap(), ".Shape~4x4.NoBoxes");
    // A jigsaw beside the boxes adds its pieces as extra regions.
    let both = iss_read(".Shape~4x4.Jigsaw~0011001122332233");
    let pieces = toml(
        "size = 4\nrules = [\
         { type = \"extra-region\", cells = \"r1c1 r1c2 r2c1 r2c2\" },\
         { type = \"extra-region\", cells = \"r1c3 r1c4 r2c3 r2c4\" },\
         { type = \"extra-region\", cells = \"r3c1 r3c2 r4c1 r4c2\" },\
         { type = \"extra-region\", cells = \"r3c3 r3c4 r4c3 r4c4\" }]",
    );
    assert_eq!(both, pieces);
    // A prime board has no boxes, in ISS as in sudokit: its jigsaw is the
    // board's regions (what a region-sum line reads), not extra regions.
    let prime = iss_read(".Shape~5x5.Jigsaw~0001100111222223334433444");
    assert_eq!(
        prime,
        toml("size = 5\nregions = \"\"\"\n00011\n00111\n22222\n33344\n33444\n\"\"\"\n")
    );
    assert_eq!(
        iss::write(&prime).unwrap(),
        ".Shape~5x5.Jigsaw~0001100111222223334433444.NoBoxes"
    );
}

/// `.Windoku` places ISS's windows (one cell in from the top left, one
/// cell apart, a box's shape) as extra regions; a board with no box shape
/// has none.
#[test]
fn windoku_windows_read_as_extra_regions() {
    let nine = iss_read(".Windoku");
    let windows = toml(
        "size = 9\nrules = [\
         { type = \"extra-region\", cells = \"r2c2 r2c3 r2c4 r3c2 r3c3 r3c4 r4c2 r4c3 r4c4\" },\
         { type = \"extra-region\", cells = \"r6c2 r6c3 r6c4 r7c2 r7c3 r7c4 r8c2 r8c3 r8c4\" },\
         { type = \"extra-region\", cells = \"r2c6 r2c7 r2c8 r3c6 r3c7 r3c8 r4c6 r4c7 r4c8\" },\
         { type = \"extra-region\", cells = \"r6c6 r6c7 r6c8 r7c6 r7c7 r7c8 r8c6 r8c7 r8c8\" }]",
    );
    assert_eq!(nine, windows);
    // 6×6 boxes are two rows by three columns: one window fits.
    let six = iss_read(".Shape~6x6.Windoku");
    assert_eq!(
        six,
        toml("size = 6\nrules = [{ type = \"extra-region\", cells = \"r2c2 r2c3 r2c4 r3c2 r3c3 r3c4\" }]")
    );
    let sixteen = iss_read(".Shape~16x16.Windoku");
    assert_eq!(sixteen.rules.len(), 9);
    assert!(sixteen.rules.iter().all(|r| r.cells("cells").len() == 16));
    assert!(iss_read(".Shape~7x7.Windoku").rules.is_empty());
    assert!(iss_err(".Windoku~1").contains("takes no arguments"));
}

/// `.LookAndSay~clue~cells` reads its (count, digit) pairs as the native
/// rule's digits and counts; a clue that is not pairs, or names a digit
/// off the board, is refused.
#[test]
fn look_and_say_clues_read_as_counts_and_digits() {
    let spec = iss_read(".LookAndSay~1203~R1C1~R1C2~R1C3");
    assert_eq!(
        spec,
        toml(
            "size = 9\nrules = [{ type = \"look-and-say\", cells = \"r1c1 r1c2 r1c3\", digits = [2, 3], counts = [1, 0] }]"
        )
    );
    assert_eq!(iss::write(&spec).unwrap(), ".LookAndSay~1203~R1C1~R1C2~R1C3");
    assert!(iss_err(".LookAndSay~123~R1C1~R1C2").contains("not (count, digit) pairs"));
    assert!(iss_err(".LookAndSay~1x~R1C1~R1C2").contains("not (count, digit) pairs"));
    assert!(iss_err(".LookAndSay~10~R1C1~R1C2").contains("'0' is not a digit"));
}

/// `.ContainExact~1_1_2~cells` is a look-and-say of those counts (two 1s,
/// one 2), written back as `.LookAndSay`; `.ContainAtLeast` keeps its
/// digits with their repeats.
#[test]
fn contain_exact_and_at_least_read_their_digits() {
    let spec = iss_read(".ContainExact~2_1_1~R1C1~R1C2~R1C3~R1C4");
    assert_eq!(
        spec,
        toml(
            "size = 9\nrules = [{ type = \"look-and-say\", cells = \"r1c1 r1c2 r1c3 r1c4\", digits = [1, 2], counts = [2, 1] }]"
        )
    );
    assert_eq!(iss::write(&spec).unwrap(), ".LookAndSay~2112~R1C1~R1C2~R1C3~R1C4");
    let spec = iss_read(".ContainAtLeast~4_4_6~R2C1~R2C2~R2C3~R2C4");
    assert_eq!(
        spec,
        toml(
            "size = 9\nrules = [{ type = \"contain-at-least\", cells = \"r2c1 r2c2 r2c3 r2c4\", digits = [4, 4, 6] }]"
        )
    );
    assert_eq!(
        iss::write(&spec).unwrap(),
        ".ContainAtLeast~4_4_6~R2C1~R2C2~R2C3~R2C4"
    );
    assert!(iss_err(".ContainAtLeast~1_0~R1C1~R1C2").contains("'0' is not a digit"));
    assert!(iss_err(".ContainExact~1_1_1~R1C1~R1C2").contains("the counts add up to 3"));
}

/// `.SameValues~k~cells` splits the cells into k sets of one size:
/// `same-values`, or one `clone` rule chaining the cells when every set
/// is a single cell (all the cells hold one digit).
#[test]
fn same_values_read_as_sets_or_clones() {
    let spec = iss_read(".SameValues~2~R1C1~R1C2~R5C5~R5C6");
    assert_eq!(
        spec,
        toml("size = 9\nrules = [{ type = \"same-values\", sets = [[\"r1c1\", \"r1c2\"], [\"r5c5\", \"r5c6\"]] }]")
    );
    assert_eq!(iss::write(&spec).unwrap(), ".SameValues~2~R1C1~R1C2~R5C5~R5C6");
    assert_eq!(
        iss_read(".SameValues~3~R1C1~R5C5~R9C9"),
        toml("size = 9\nrules = [{ type = \"clone\", cells = \"r1c1 r5c5\", clones = \"r5c5 r9c9\" }]")
    );
    assert!(iss_err(".SameValues~2~R1C1~R1C2~R1C3").contains("must be at least 2 and divide the 3 cells"));
    assert!(iss_err(".SameValues~1~R1C1~R1C2").contains("must be at least 2"));
}

/// `.Replicate~targets … .End` stamps its items onto every target (ISS's
/// bitset: bit i is the cell i places after the origin), nested ones
/// first, as if each shifted copy were written out.
#[test]
fn replicate_reads_as_the_shifted_copies() {
    assert_eq!(
        iss_read(".Replicate~J.Thermo~R1C1~R2C1.~R1C2_3.End"),
        iss_read(".Thermo~R1C1~R2C1.~R1C2_3.Thermo~R1C4~R2C4.~R1C5_3")
    );
    assert_eq!(
        iss_read(".Replicate~B~R2C2.Replicate~J.Cage~10~R2C2~R2C3.End.End"),
        iss_read(".Cage~10~R2C2~R2C3.Cage~10~R2C5~R2C6")
    );
    assert_eq!(
        iss_err(".Replicate~J.Thermo~R1C7~R1C8"),
        ".Replicate (item 1) has no .End"
    );
    assert!(iss_err(".Replicate~J.Thermo~R1C8~R1C9.End").contains("R1C8 shifted by (0, 3) is off the board"));
    assert_eq!(
        iss_err(".Var~VL1.Replicate~B~VL1.Thermo~VL1~R1C1.End"),
        "ISS constraint types sudokit does not read: Var"
    );
}

/// `.FullRankTies~any` lets every full rank clue tie; `~none` forbids
/// ties between any two lines, a rule of its own; `~only-unclued` is the
/// default.
#[test]
fn full_rank_ties_read_as_ties_or_their_own_rule() {
    let spec = iss_read(".Shape~4x4.FullRank~C1~10~.FullRankTies~any");
    assert_eq!(
        spec,
        toml("size = 4\nrules = [{ type = \"full-rank\", clue = \"above c1\", rank = 10, ties = 1 }]")
    );
    assert_eq!(
        iss::write(&spec).unwrap(),
        ".Shape~4x4.FullRank~C1~10~.FullRankTies~any"
    );
    let spec = iss_read(".Shape~4x4.FullRank~C1~10~.FullRankTies~none");
    assert_eq!(
        spec,
        toml(
            "size = 4\nrules = [{ type = \"full-rank\", clue = \"above c1\", rank = 10 }, { type = \"full-rank-no-ties\" }]"
        )
    );
    assert_eq!(
        iss::write(&spec).unwrap(),
        ".Shape~4x4.FullRank~C1~10~.FullRankTies~none"
    );
    assert_eq!(
        iss_read(".Shape~4x4.FullRank~C1~10~.FullRankTies~only-unclued"),
        iss_read(".Shape~4x4.FullRank~C1~10~")
    );
    assert!(iss_err(".FullRankTies~some").contains("'some' is not none, only-unclued or any"));
    let mixed = toml(
        "size = 4\nrules = [{ type = \"full-rank\", clue = \"above c1\", rank = 10, ties = 1 }, { type = \"full-rank\", clue = \"above c2\", rank = 15 }]",
    );
    assert!(iss::write(&mixed)
        .unwrap_err()
        .to_string()
        .contains("with and without ties"));
}

/// `.DutchFlatmates` (9×9 only) is one `any-of` per cell: no 5 there, a 1
/// above it or a 9 below it.
#[test]
fn dutch_flatmates_read_as_one_choice_per_cell() {
    let spec = iss_read(".DutchFlatmates");
    assert_eq!(spec.rules.len(), 81);
    assert_eq!(
        spec.rules[10],
        toml(
            "size = 9\nrules = [{ type = \"any-of\", alternatives = [[{ type = \"pencil-marks\", cell = \"r2c2\", digits = [1, 2, 3, 4, 6, 7, 8, 9] }], [{ type = \"pencil-marks\", cell = \"r1c2\", digits = [1] }], [{ type = \"pencil-marks\", cell = \"r3c2\", digits = [9] }]] }]"
        )
        .rules[0]
    );
    // The top row has no cell above, the bottom row none below.
    assert_eq!(spec.rules[0].alternatives("alternatives").len(), 2);
    assert_eq!(spec.rules[80].alternatives("alternatives").len(), 2);
    assert!(iss_err(".Shape~4x4.DutchFlatmates").contains("for 9×9 boards"));
}

/// `.GreaterThan` over several cells is one inequality per pair of
/// orthogonal neighbours, the earlier cell larger (ISS's adjacent pairs);
/// an inequality between cells that are not neighbours has no ISS form.
#[test]
fn greater_than_reads_per_neighbour_pair() {
    assert_eq!(
        iss_read(".GreaterThan~R1C1~R1C2~R2C2"),
        toml(
            "size = 9\nrules = [\
             { type = \"greater-than\", cells = \"r1c1 r1c2\" },\
             { type = \"greater-than\", cells = \"r1c2 r2c2\" }]"
        )
    );
    assert!(iss_err(".GreaterThan~R1C1~R3C3").contains("no two of its cells are neighbours"));
    let far = toml("size = 9\nrules = [{ type = \"greater-than\", cells = \"r1c1 r3c3\" }]");
    let error = iss::write(&far).unwrap_err().message;
    assert!(error.contains("not neighbours"), "{error}");
}

/// ISS's pairwise relations read as `custom-pairs`: `.Pair` between
/// consecutive cells of each group, `.PairX` (symmetric keys only) between
/// every two, one rule per group name, with the shorter of the allowed and
/// forbidden lists; the legacy `.Binary` swaps `-` and `_` in the key.
#[test]
fn pairwise_relations_read_as_custom_pairs() {
    // "8H_xf8H_xf8H_B": digits more than 1 apart (ISS's nabner key), so the
    // forbidden list (equal or consecutive digits) is the shorter.
    let forbidden: Vec<String> = (1..=9)
        .flat_map(|a: i32| (1..=9).map(move |b: i32| (a, b)))
        .filter(|(a, b)| (a - b).abs() <= 1)
        .map(|(a, b)| format!("[{a}, {b}]"))
        .collect();
    let nabner = |pairs: &str| {
        toml(&format!(
            "size = 9\nrules = [{{ type = \"custom-pairs\", name = \"Nabner\", pairs = [{pairs}], \
             forbidden = [{}] }}]",
            forbidden.join(", ")
        ))
    };
    let every_two = r#"["r1c1", "r1c2"], ["r1c1", "r2c1"], ["r1c2", "r2c1"], ["r5c5", "r5c6"]"#;
    assert_eq!(
        iss_read(".PairX~8H_xf8H_xf8H_B~_Nabner~R1C1~R1C2~R2C1~~R5C5~R5C6"),
        nabner(every_two)
    );
    assert_eq!(
        iss_read(".BinaryX~8H-xf8H-xf8H-B~_Nabner~R1C1~R1C2~R2C1~~R5C5~R5C6"),
        nabner(every_two)
    );
    let consecutive = r#"["r1c1", "r1c2"], ["r1c2", "r2c1"]"#;
    let line = iss_read(".Pair~8H_xf8H_xf8H_B~_Nabner~R1C1~R1C2~R2C1");
    assert_eq!(line, nabner(consecutive));
    assert_eq!(
        iss::write(&line).unwrap(),
        ".Pair~8H_xf8H_xf8H_B~_Nabner~R1C1~R1C2~~R1C2~R2C1"
    );
    // A key allowing only (1, 2): a larger digit never comes first.
    assert_eq!(
        iss_read(".Shape~4x4.Pair~C~_~R1C1~R1C2"),
        toml("size = 4\nrules = [{ type = \"custom-pairs\", pairs = [[\"r1c1\", \"r1c2\"]], allowed = [[1, 2]] }]")
    );
    assert!(iss_err(".PairX~C~_~R1C1~R1C2").contains("not symmetric"));
    assert!(iss_err(".Pair~C*~R1C1~R1C2").contains("'*' is not a base64 character"));
    assert!(iss_err(".Pair~C~_a~R1C1").contains("relates one cell to nothing"));
}

/// ISS's `Sum` is a two-cell `sum`, or a `repeating-cage` on other counts
/// (a little killer written as a sum); written back the same way.
#[test]
fn iss_sums_read_by_their_cell_count() {
    let cage = iss_read(".Sum~12~R1C1~R2C2~R3C3");
    assert_eq!(
        cage,
        toml("size = 9\nrules = [{ type = \"repeating-cage\", cells = \"r1c1 r2c2 r3c3\", sum = 12 }]")
    );
    assert_eq!(iss::write(&cage).unwrap(), ".Sum~12~R1C1~R2C2~R3C3");
    assert_eq!(
        iss_read(".Sum~7~R1C1~R1C2"),
        toml("size = 9\nrules = [{ type = \"sum\", cells = \"r1c1 r1c2\", value = 7 }]")
    );
}

/// ISS's weighted sums: coefficients after `_=_`, or a cell listed twice
/// (it counts twice), read as `weighted-sum` over the distinct cells (a
/// cage's distinct cells still differ) and written back as `.Sum` with
/// coefficients; Event horizon's cages read so.
#[test]
fn iss_weighted_sums_read_as_weighted_sums() {
    let weighted = |cells: &str, weights: &str, sum: i64| {
        format!("{{ type = \"weighted-sum\", cells = \"{cells}\", weights = {weights}, sum = {sum} }}")
    };
    let spec = iss_read(".Sum~30~R1C9~R4C6~R4C6");
    assert_eq!(
        spec,
        toml(&format!(
            "size = 9\nrules = [{}]",
            weighted("r1c9 r4c6", "[1, 2]", 30)
        ))
    );
    assert_eq!(iss::write(&spec).unwrap(), ".Sum~30_=_1_2~R1C9~R4C6");
    let letter = iss_read(".Sum~0_=_1_1_-10_-1~R2C5~R3C5~R1C1~R1C2");
    assert_eq!(
        letter,
        toml(&format!(
            "size = 9\nrules = [{}]",
            weighted("r2c5 r3c5 r1c1 r1c2", "[1, 1, -10, -1]", 0)
        ))
    );
    assert_eq!(
        iss::write(&letter).unwrap(),
        ".Sum~0_=_1_1_-10_-1~R2C5~R3C5~R1C1~R1C2"
    );
    assert_eq!(
        iss_read(".Cage~20~R4C2~R4C3~R4C4~R4C4"),
        toml(&format!(
            "size = 9\nrules = [{{ type = \"killer-cage\", cells = \"r4c2 r4c3 r4c4\" }}, {}]",
            weighted("r4c2 r4c3 r4c4", "[1, 1, 2]", 20)
        ))
    );
    assert_eq!(
        iss_read(".Cage~0~R4C2~R4C2"),
        toml("size = 9\nrules = [{ type = \"killer-cage\", cells = \"r4c2\" }]")
    );
    assert_eq!(
        iss_err(".Sum~5_=_1_2_3~R1C1~R1C2"),
        ".Sum (item 1): 3 coefficient(s) for 2 cell(s)"
    );
    assert_eq!(
        iss_err(".Sum~5_=_1_101~R1C1~R1C2"),
        ".Sum (item 1): coefficient '101' is not a whole number from -100 to 100"
    );
}

/// `.ConnectedValues` on the grid (an empty group) is `connected-digits`,
/// its size kept, written back the same; a `Var` group is refused with the
/// `Var` it needs, and bad values by name.
#[test]
fn iss_connected_values_read_as_connected_digits() {
    let odd = iss_read(".ConnectedValues~~1_3_5_7_9");
    assert_eq!(
        odd,
        toml("size = 9\nrules = [{ type = \"connected-digits\", digits = [1, 3, 5, 7, 9] }]")
    );
    assert_eq!(iss::write(&odd).unwrap(), ".ConnectedValues~~1_3_5_7_9");
    let sized = iss_read(".Shape~6x6.ConnectedValues~~2_4~12");
    assert_eq!(
        sized,
        toml("size = 6\nrules = [{ type = \"connected-digits\", digits = [2, 4], size = 12 }]")
    );
    assert_eq!(iss::write(&sized).unwrap(), ".Shape~6x6.ConnectedValues~~2_4~12");
    assert_eq!(
        iss_err(".Var~L~loop~9x9.ConnectedValues~VL~1"),
        "ISS constraint types sudokit does not read: Var, ConnectedValues"
    );
    assert_eq!(
        iss_err(".ConnectedValues~~1_10"),
        ".ConnectedValues (item 1): '10' is not a digit of the 9×9 board (1 to 9)"
    );
}

/// A `.SumLine` whose cells end in `LOOP` is a `sum-loop`, written back
/// with the marker.
#[test]
fn sum_lines_ending_in_loop_read_as_sum_loops() {
    let spec = iss_read(".SumLine~10~R1C1~R1C2~R2C2~R2C1~LOOP");
    assert_eq!(
        spec,
        toml("size = 9\nrules = [{ type = \"sum-loop\", cells = \"r1c1 r1c2 r2c2 r2c1\", sum = 10 }]")
    );
    assert_eq!(iss::write(&spec).unwrap(), ".SumLine~10~R1C1~R1C2~R2C2~R2C1~LOOP");
}

/// `.EqualSum`'s segments, separated by `-`, are `equal-sum`'s.
#[test]
fn equal_sums_read_their_segments() {
    let spec = iss_read(".EqualSum~R1C1~R1C2~-~R2C1~-~R3C1~R3C2~R3C3");
    assert_eq!(
        spec,
        toml(
            "size = 9\nrules = [{ type = \"equal-sum\", segments = [[\"r1c1\", \"r1c2\"], [\"r2c1\"], \
             [\"r3c1\", \"r3c2\", \"r3c3\"]] }]"
        )
    );
    assert_eq!(
        iss::write(&spec).unwrap(),
        ".EqualSum~R1C1~R1C2~-~R2C1~-~R3C1~R3C2~R3C3"
    );
    assert!(iss_err(".EqualSum~R1C1~-~-~R2C1").contains("segment 2 has no cells"));
}

#[test]
fn what_sudokit_does_not_read_is_refused_by_name() {
    assert_eq!(
        iss_err(".ConnectedValues~1~R1C1.Thermo~R1C1~R1C2.Doppelganger.ConnectedValues.Frobnicate~1"),
        "ISS constraint types sudokit does not read: ConnectedValues, Doppelganger; not ISS constraint types: Frobnicate"
    );
    // What sudokit still refuses, by name: variables.
    assert_eq!(
        iss_err(".Var~R1C1.NFA~VgGv_wQg~R1C1~R1C2.CountDistinct~R1C1~R1C2"),
        "ISS constraint types sudokit does not read: Var"
    );
    // `.Or`/`.And` groups must close, hold something and not describe the board.
    assert_eq!(iss_err(".Or.Thermo~R1C1~R1C2"), ".Or (item 1): has no .End");
    assert_eq!(
        iss_err(".Thermo~R1C1~R1C2.End"),
        ".End (item 2): closes no .Or or .And"
    );
    assert_eq!(
        iss_err(".Or.And.End.End"),
        ".And (item 2): holds no constraints before its .End"
    );
    assert_eq!(
        iss_err(".Or.Shape~4x4.End"),
        ".Shape (item 2): describes the board, which cannot be inside .Or or .And"
    );
    // A modulus from 1 to the board's side (ISS: at least 1), said when built.
    let build_err = |text: &str| iss_read(text).build().unwrap_err().to_string();
    assert_eq!(
        build_err(".Modular~0~R1C1~R1C2"),
        "modular line mod 0: a modular line's modulus must be at least 1"
    );
    assert_eq!(
        build_err(".Modular~10~R1C1~R1C2"),
        "modular line mod 10: modular lines mod 10 need digits of all 10 residues: a 9×9 board has too few"
    );
    let errors = [
        (
            ".Thermo~R1C1~R0C2",
            ".Thermo (item 1): cell 'R0C2' is off the 9×9 grid",
        ),
        (
            ".Shape~4x4.Thermo~R1C1~R5C1",
            ".Thermo (item 2): cell 'R5C1' is off the 4×4 grid",
        ),
        (
            ".Shape~9x9~0-8",
            ".Shape (item 1): digits '0-8': sudokit reads digits 1 to 9 on a 9×9 board",
        ),
        (
            ".Shape~6x8",
            ".Shape (item 1): '6x8' is not a square board of 1×1 to 16×16 (sudokit reads square boards)",
        ),
        (
            ".~R1C1_10",
            ".~ (givens) (item 1): '10' is not a digit of the 9×9 board (1 to 9)",
        ),
        (".Cage~x~R1C1", ".Cage (item 1): sum 'x' is not a whole number"),
        (
            ".WhiteDot~R1C1~R3C3",
            ".WhiteDot (item 1): no two of its cells are neighbours",
        ),
        (".Thermo", ".Thermo (item 1): no cells"),
        ("Thermo~R1C1", "an ISS constraint string starts with '.'"),
    ];
    for (text, message) in errors {
        assert_eq!(iss_err(text), message, "{text}");
    }
    assert!(iss_err(".AntiConsecutive.WhiteDot~R1C1~R1C2").contains("sudokit's nonconsecutive exempts them"));
}

#[test]
fn what_iss_cannot_express_is_refused_by_rule() {
    let refused = [
        (
            "size = 9\nrules = [{ type = \"nabner\", cells = \"r1c1 r1c2 r1c3\" }]",
            "rules[1]: nabner has no ISS form",
        ),
        (
            "size = 9\nrules = [{ type = \"nonconsecutive\" }, { type = \"ratio\", cells = \"r1c1 r1c2\" }]",
            "rules[1]: nonconsecutive beside kropki dots has no ISS form (ISS's AntiConsecutive holds for \
             dotted pairs too; with negative-ratio it is ISS's StrictKropki)",
        ),
        ("size = 25\n", "a 25×25 board: ISS boards go up to 16×16"),
        ("size = 9\nclassic = false\n", "a puzzle without the classic rules: ISS always has them"),
        (
            "size = 9\nrules = [{ type = \"arrow\", circle = \"r1c2 r1c1\", cells = \"r2c1\" }]",
            "rules[1]: a pill not in reading order has no ISS form (ISS reads pills left to right, top to bottom)",
        ),
    ];
    for (text, message) in refused {
        assert_eq!(iss::write(&toml(text)).unwrap_err().message, message, "{text}");
    }
}

#[test]
fn looks_like_tells_iss_strings_from_grids() {
    for text in [".Thermo~R1C1~R1C2", ".~R1C1_5", " .AntiKnight", ".Shape~6x6"] {
        assert!(iss::looks_like(text), "{text}");
    }
    for text in [
        "..3.2.6..9..3.5..1",
        ".ABC..",
        "{\"size\":9}",
        "size = 9",
        ".Thermometer~R1C1",
    ] {
        assert!(!iss::looks_like(text), "{text}");
    }
}

/// The lunchbox puzzle of ISS's examples (logic-masters 0003H4), as ISS
/// writes it, reads into the puzzle written out by hand in native TOML.
#[test]
fn the_lunchbox_example_reads_as_its_native_file() {
    let native = include_str!("puzzles/lunchbox.toml");
    let iss = ".Lunchbox~11~R1C2~R1C1~R2C1~R3C1~R4C1.Lunchbox~7~R1C3~R1C4~R1C5~R1C6~R1C7.Lunchbox~4~R1C9~R2C9~R2C8~R3C8~R4C8.Lunchbox~8~R2C7~R2C6~R3C6~R4C6~R5C6.Lunchbox~23~R2C4~R2C3~R3C3~R3C2~R4C2~R5C2.Lunchbox~0~R6C1~R7C1~R7C2~R8C2.Lunchbox~0~R8C4~R8C3~R9C3.Lunchbox~7~R9C6~R9C5~R8C5~R7C5~R7C6~R7C7~R6C7~R6C8.Lunchbox~2~R5C7~R5C8~R5C9.Lunchbox~14~R6C2~R6C3~R6C4~R5C4.Lunchbox~17~R3C5~R4C5~R5C5~R6C5~R6C6.";
    assert_eq!(iss_read(iss), toml(native));
}

/// What several rules say of one cell becomes one given item: a given, its
/// pencil marks and an odd cell intersected; a cell they leave empty is an
/// error naming it, not an item ISS would misread.
#[test]
fn givens_pencil_marks_and_domains_of_one_cell_are_one_item() {
    let spec = toml(
        r#"size = 9
rules = [
  { type = "pencil-marks", cell = "r1c1", digits = [1, 2, 3, 4] },
  { type = "odd", cells = "r1c1 r2c2" },
  { type = "even", cells = "r9c9" },
]"#,
    );
    assert_eq!(
        iss::write(&spec).unwrap(),
        ".~R1C1_1_3~R2C2_1_3_5_7_9~R9C9_2_4_6_8"
    );
    let clash = toml(
        r#"size = 9
givens = "2........ ......... ......... ......... ......... ......... ......... ......... ........."
rules = [{ type = "odd", cells = "r1c1" }]"#,
    );
    assert_eq!(
        iss::write(&clash).unwrap_err().message,
        "R1C1: its givens, pencil marks and domains leave no digit, which ISS cannot write"
    );
}
