//! The f-puzzles reader and writer on the shared variant puzzles
//! (`shared/data/variants`, beside the repository) and on broken input.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::Value;
use sudokit_constraints::fpuzzles::{self, FpuzzlesError, Import};
use sudokit_constraints::registry::Registry;
use sudokit_constraints::spec::{Layout, PuzzleSpec, RuleSpec};
use sudokit_constraints::{Clue, ClueCell, Direction, Side};
use sudokit_core::{Cell, Digit, Grid};

/// The built-in rule `name`, to fill in.
fn rule(name: &str) -> RuleSpec {
    Registry::default().rule(name).unwrap()
}

const VARIANTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/variants");

/// Manifest `types` sudokit reads (`killercage` only without sums).
const SUPPORTED_TYPES: &[&str] = &[
    "classic",
    "irregular",
    "givens",
    "antiknight",
    "antiking",
    "diagonal+",
    "diagonal-",
    "disjointgroups",
    "nonconsecutive",
    "negative-ratio",
    "negative-xv",
    "odd",
    "even",
    "minimum",
    "maximum",
    "difference",
    "ratio",
    "xv",
    "extraregion",
    "clone",
    "thermometer",
    "slowthermometer",
    "palindrome",
    "whispers",
    "nabner",
    "killercage",
    "arrow",
    "doublearrow",
    "zipperline",
    "regionsumline",
    "renban",
    "betweenline",
    "entropicline",
    "modularline",
    "quadruple",
    "rowindexer",
    "columnindexer",
    "boxindexer",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
];

struct Entry {
    file: String,
    types: Vec<String>,
    lz: String,
    json: String,
}

fn manifest() -> Vec<Entry> {
    let dir = Path::new(VARIANTS);
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    manifest
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let file = e["file"].as_str().unwrap().to_owned();
            Entry {
                json: std::fs::read_to_string(dir.join(&file)).unwrap(),
                types: e["types"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t.as_str().unwrap().to_owned())
                    .collect(),
                lz: e["fpuzzles_lz"].as_str().unwrap().to_owned(),
                file,
            }
        })
        .collect()
}

/// Every `*.json` of the folder but the manifest.
fn puzzle_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(VARIANTS)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json") && !p.ends_with("manifest.json"))
        .collect();
    files.sort();
    files
}

/// Whether sudokit should read the puzzle, from its manifest types.
fn should_import(entry: &Entry) -> bool {
    entry.types.iter().all(|t| SUPPORTED_TYPES.contains(&t.as_str()))
}

fn read_ok(text: &str) -> Import {
    fpuzzles::read(text).unwrap_or_else(|e| panic!("{e}"))
}

fn read_err(text: &str) -> FpuzzlesError {
    match fpuzzles::read(text) {
        Ok(import) => panic!("read should fail, got {:?}", import.spec),
        Err(e) => e,
    }
}

#[test]
fn every_shared_puzzle_imports_or_is_refused_as_unsupported() {
    let entries = manifest();
    let listed: BTreeSet<String> = entries.iter().map(|e| e.file.clone()).collect();
    let on_disk: BTreeSet<String> = puzzle_files()
        .iter()
        .map(|p| p.file_name().unwrap().to_str().unwrap().to_owned())
        .collect();
    assert_eq!(listed, on_disk, "the manifest lists every puzzle file");

    let mut expected = Vec::new();
    let mut imported = Vec::new();
    for entry in &entries {
        let result = fpuzzles::read(&entry.json);
        if should_import(entry) {
            expected.push(entry.file.clone());
        }
        match result {
            Ok(import) => {
                imported.push(entry.file.clone());
                if let Err(e) = import.spec.build() {
                    panic!("{}: imported but does not build: {e}", entry.file);
                }
            }
            Err(e) => {
                assert!(e.message.contains("not supported yet"), "{}: {e}", entry.file);
                let json: Value = serde_json::from_str(&entry.json).unwrap();
                let names_a_key = json
                    .as_object()
                    .unwrap()
                    .keys()
                    .any(|k| e.message.contains(&format!("'{k}'")));
                assert!(
                    names_a_key,
                    "{}: the error names none of its keys: {e}",
                    entry.file
                );
            }
        }
    }
    expected.sort();
    imported.sort();
    assert_eq!(imported, expected);
    // Every puzzle of the shared set is read today.
    assert_eq!(imported.len(), manifest().len());
}

#[test]
fn every_transport_form_reads_the_same() {
    for entry in manifest() {
        let plain = fpuzzles::read(&entry.json);
        let encoded = entry
            .lz
            .replace('+', "%2B")
            .replace('/', "%2F")
            .replace('=', "%3D");
        let forms = [
            entry.lz.clone(),
            format!("https://www.f-puzzles.com/?load={}", entry.lz),
            format!("https://www.f-puzzles.com/?load={encoded}"),
            format!("f-puzzles.com/?load={encoded}"),
            format!("http://f-puzzles.com/?load={}", entry.lz.replace('+', " ")),
            format!("https://sudokupad.app/fpuzzles{}", entry.lz),
            format!("sudokupad.app/fpuzzles{encoded}"),
        ];
        for form in forms {
            assert_eq!(fpuzzles::read(&form), plain, "{}: {form}", entry.file);
        }
    }
}

#[test]
fn imported_puzzles_survive_a_round_trip() {
    let mut count = 0;
    for entry in manifest() {
        let Ok(import) = fpuzzles::read(&entry.json) else {
            continue;
        };
        let json = fpuzzles::to_json(&import.spec).unwrap();
        assert!(json.starts_with(r#"{"size":"#), "{json}");
        let again = read_ok(&json);
        assert_eq!(again.spec, import.spec, "{}: {json}", entry.file);
        assert_eq!(again.skipped, Vec::<String>::new(), "{}", entry.file);
        let url = fpuzzles::to_url(&import.spec).unwrap();
        assert!(url.starts_with("https://www.f-puzzles.com/?load=N4Ig"), "{url}");
        assert!(!url.contains(['+', ' ']), "{url}");
        assert_eq!(read_ok(&url).spec, import.spec, "{}", entry.file);
        count += 1;
    }
    assert_eq!(count, manifest().len());
}

#[test]
fn what_the_reader_leaves_out_of_the_shared_puzzles() {
    let mut report = String::new();
    for entry in manifest() {
        if let Ok(import) = fpuzzles::read(&entry.json) {
            report.push_str(&format!("{}\n", entry.file));
            for line in &import.skipped {
                report.push_str(&format!("    {line}\n"));
            }
        }
    }
    insta::assert_snapshot!(report);
}

#[test]
fn jigsaw_regions_fill_in_the_default_boxes() {
    // f-puzzles writes `region` only where it differs from the default box.
    let json = std::fs::read_to_string(Path::new(VARIANTS).join("ss-irregular-7x7-kropki.json")).unwrap();
    let spec = read_ok(&json).spec;
    let Layout::Regions(regions) = &spec.layout else {
        panic!("{:?}", spec.layout)
    };
    let rows: Vec<String> = regions
        .chunks(7)
        .map(|row| row.iter().map(|r| r.to_string()).collect::<String>())
        .collect();
    assert_eq!(
        rows,
        ["0000000", "1111111", "2222222", "3334555", "3344455", "3644465", "3666665"]
    );
}

/// A small puzzle as f-puzzles JSON, with `extra` keys added.
fn four(extra: &str) -> String {
    let row = r#"[{},{},{},{}]"#;
    format!(r#"{{"size":4,"grid":[{row},{row},{row},{row}]{extra}}}"#)
}

#[test]
fn line_count_and_indexer_keys_become_rules() {
    let at = |r, c| Cell::at(r, c, 4);
    let json = four(
        r#","renban":[{"lines":[["R1C1","R1C2"],["R2C1","R3C1","R4C1"]]}],"betweenline":[{"lines":[["R1C3","R1C4","R2C4"]]}],
        "entropicline":[{"lines":[[]]}],"modularline":[{"lines":[["R4C2","R4C3","R4C4"]]}],
        "quadruple":[{"cells":["R2C2","R2C3","R3C2","R3C3"],"values":["1",3,3]},{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[]}],
        "rowindexer":[{"cells":["R1C1"]}],"columnindexer":[{"cells":["R1C1","R2C1","R3C1","R4C1"]}],"boxindexer":[{"cells":["R4C4"]}]"#,
    );
    let spec = read_ok(&json).spec;
    assert_eq!(
        spec.rules,
        [
            rule("quadruple")
                .with("cells", vec![at(1, 1), at(1, 2), at(2, 1), at(2, 2)])
                .with("digits", vec![1, 3, 3]),
            rule("row-indexer").with("cells", vec![at(0, 0)]),
            rule("column-indexer").with("cells", (0..4).map(|r| at(r, 0)).collect::<Vec<_>>()),
            rule("box-indexer").with("cells", vec![at(3, 3)]),
            rule("renban").with("cells", vec![at(0, 0), at(0, 1)]),
            rule("renban").with("cells", vec![at(1, 0), at(2, 0), at(3, 0)]),
            rule("between").with("cells", vec![at(0, 2), at(0, 3), at(1, 3)]),
            rule("modular").with("cells", vec![at(3, 1), at(3, 2), at(3, 3)]),
        ]
    );
    // Written back in the same order, read back the same.
    let written = fpuzzles::to_json(&spec).unwrap();
    assert!(
        written.contains(r#""quadruple":[{"cells":["R2C2","R2C3","R3C2","R3C3"],"values":[1,3,3]}]"#),
        "{written}"
    );
    assert_eq!(read_ok(&written).spec, spec);
    // An entropic line on 4×4 is read, and refused when built.
    let entropic = read_ok(&four(r#","entropicline":[{"lines":[["R1C1","R1C2"]]}]"#)).spec;
    assert!(entropic
        .build()
        .unwrap_err()
        .to_string()
        .contains("divisible by 3"));
}

#[test]
fn keys_become_rules() {
    let at = |r, c| Cell::at(r, c, 4);
    let json = four(
        r#","title":"T","author":"A","ruleset":"R","diagonal+":true,"diagonal-":false,"antiknight":null,
        "negative":["xv","ratio","xv"],"odd":[{"cell":"R1C1"},{"cell":""},{"cell":"r2c2"}],"even":[],
        "maximum":[{"cell":"R4C4"}],"difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R2C2"],"value":"2"}],
        "ratio":[{"cells":["R3C1","R3C2"],"value":3}],"xv":[{"cells":["R4C1","R4C2"],"value":"x"}],
        "killercage":[{"cells":["R1C3","","R1C4"],"value":""}],"extraregion":[{"cells":["R2C3","R2C4"]}],
        "clone":[{"cells":["R3C3"],"cloneCells":["R4C4"]}],
        "thermometer":[{"lines":[["R1C1","R2C1"],["R3C4","R4C4"]]}],"whispers":[{"lines":[["R1C4","R2C4"]],"value":"1"},
        {"lines":[["R3C3","R3C4"]]}],"nabner":[{"lines":[[]]}],"sandwichsum":[{"cell":"R0C1","value":""}],
        "cage":[{"cells":["R1C1"],"value":"4"}],"text":[{"cells":["R1C1"],"value":"!"}],"solution":[1,2]"#,
    );
    let import = read_ok(&json);
    let spec = import.spec;
    assert_eq!(spec.title.as_deref(), Some("T"));
    assert_eq!(spec.author.as_deref(), Some("A"));
    assert_eq!(spec.ruleset.as_deref(), Some("R"));
    assert!(spec.classic);
    assert_eq!(
        spec.rules,
        [
            rule("diagonal+"),
            rule("negative-xv"),
            rule("negative-ratio"),
            rule("odd").with("cells", vec![at(0, 0), at(1, 1)]),
            rule("maximum").with("cells", vec![at(3, 3)]),
            rule("difference")
                .with("cells", (at(0, 0), at(0, 1)))
                .with("value", 1),
            rule("difference")
                .with("cells", (at(1, 0), at(1, 1)))
                .with("value", 2),
            rule("ratio").with("cells", (at(2, 0), at(2, 1))).with("value", 3),
            rule("xv").with("cells", (at(3, 0), at(3, 1))).with("value", 10),
            rule("killer-cage").with("cells", vec![at(0, 2), at(0, 3)]),
            rule("extra-region").with("cells", vec![at(1, 2), at(1, 3)]),
            rule("clone")
                .with("cells", vec![at(2, 2)])
                .with("clones", vec![at(3, 3)]),
            rule("thermometer").with("cells", vec![at(0, 0), at(1, 0)]),
            rule("thermometer").with("cells", vec![at(2, 3), at(3, 3)]),
            rule("whispers")
                .with("cells", vec![at(0, 3), at(1, 3)])
                .with("value", 1),
            rule("whispers").with("cells", vec![at(2, 2), at(2, 3)]),
        ]
    );
    assert_eq!(
        import.skipped,
        [
            "sandwichsum: 1 blank clue (no value, ignored)",
            "cage: 1 item (decoration)",
            "solution: 2 digits (the setter's solution, not checked)",
            "text: 1 item (decoration)",
        ]
    );
    assert_eq!(read_ok(&fpuzzles::to_json(&spec).unwrap()).spec, spec);
}

#[test]
fn outside_clues_become_rules() {
    let json = four(
        r#","littlekillersum":[{"cell":"R0C5","cells":["R1C4","R2C3","R3C2","R4C1"],"direction":"DL","value":"14"},
        {"cell":"R2C2","direction":"dr","value":5},{"cell":"R0C0","direction":"DR","value":""}],
        "sandwichsum":[{"cell":"R0C3","value":"0"},{"cell":"R2C5","value":5},{"cell":"R5C1","value":"x"}],
        "xsum":[{"cell":"R3C0","value":"7"}],"skyscraper":[{"cell":"R5C4","value":"2"},{"cell":"R0C2"}]"#,
    );
    let import = read_ok(&json);
    let spec = &import.spec;
    assert_eq!(
        spec.rules,
        [
            rule("little-killer")
                .with("clue", ClueCell { row: 0, col: 5 })
                .with("direction", Direction::DownLeft)
                .with("sum", 14),
            rule("little-killer")
                .with("clue", ClueCell { row: 2, col: 2 })
                .with("direction", Direction::DownRight)
                .with("sum", 5),
            rule("sandwich")
                .with("clue", Clue::new(Side::Top, 2))
                .with("sum", 0),
            rule("sandwich")
                .with("clue", Clue::new(Side::Right, 1))
                .with("sum", 5),
            rule("x-sum")
                .with("clue", Clue::new(Side::Left, 2))
                .with("sum", 7),
            rule("skyscraper")
                .with("clue", Clue::new(Side::Bottom, 3))
                .with("visible", 2),
        ]
    );
    assert_eq!(
        import.skipped,
        [
            "littlekillersum: 1 blank clue (no value, ignored)",
            "sandwichsum: 1 blank clue (no value, ignored)",
            "skyscraper: 1 blank clue (no value, ignored)",
        ]
    );
    // The little killer's diagonal, as f-puzzles lists it.
    let cells = ClueCell { row: 0, col: 5 }
        .diagonal(Direction::DownLeft, 4)
        .unwrap();
    assert_eq!(cells, [Cell(3), Cell(6), Cell(9), Cell(12)]);
    // Written back the way f-puzzles writes them, and read back equal.
    let written = fpuzzles::to_json(spec).unwrap();
    assert!(
        written.contains(r#""littlekillersum":[{"cell":"R0C5","cells":["R1C4","R2C3","R3C2","R4C1"],"direction":"DL","value":"14"}"#),
        "{written}"
    );
    assert!(
        written.contains(r#""sandwichsum":[{"cell":"R0C3","value":"0"},{"cell":"R2C5","value":"5"}]"#),
        "{written}"
    );
    assert_eq!(read_ok(&written).spec, *spec);
    assert!(spec.build().is_ok());
}

#[test]
fn the_grid_gives_givens_pencil_marks_and_regions() {
    let json = r##"{"size":4,"grid":[
        [{"value":1,"given":true,"region":1},{"value":"2","given":true,"region":1},{"region":0},{"region":0}],
        [{"value":3},{"givenPencilMarks":[2,4]},{"centerPencilMarks":[1]},{"c":"#fff","cornerPencilMarks":[]}],
        [{},{},{},{}],
        [{},{},{},{"givenPencilMarks":null,"value":0,"given":true}]]}"##;
    let import = read_ok(json);
    let mut givens = Grid::empty(4);
    givens.set(Cell(0), 1);
    givens.set(Cell(1), 2);
    let spec = &import.spec;
    assert_eq!(spec.givens, givens);
    assert_eq!(
        spec.layout,
        Layout::Regions(vec![1, 1, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3])
    );
    assert_eq!(
        spec.rules,
        [rule("pencil-marks")
            .with("cell", Cell(5))
            .with("digits", vec![2, 4])]
    );
    assert_eq!(
        import.skipped,
        [
            "grid: values in 1 cell without given:true (solver's entries)",
            "grid: centre pencil marks in 1 cell (solver's marks)",
            "grid: colours in 1 cell (decoration)",
        ]
    );
    let json = fpuzzles::to_json(spec).unwrap();
    assert!(
        json.contains(r#"[{"value":1,"given":true,"region":1},"#),
        "{json}"
    );
    assert!(
        json.contains(r#"{"region":0,"givenPencilMarks":[2,4]}"#),
        "{json}"
    );
    assert_eq!(read_ok(&json).spec, *spec);
}

#[test]
fn a_spec_written_as_f_puzzles_json() {
    let n = 6;
    let at = |r, c| Cell::at(r, c, n);
    let mut spec = PuzzleSpec::new(n);
    spec.layout = Layout::Boxes { rows: 3, cols: 2 };
    spec.givens.set(at(0, 0), 6);
    spec.title = Some("Tall \"boxes\"".into());
    spec.rules = vec![
        rule("nonconsecutive"),
        rule("negative-ratio"),
        rule("even").with("cells", vec![at(5, 5)]),
        rule("ratio").with("cells", (at(0, 0), at(0, 1))).with("value", 2),
        rule("xv").with("cells", (at(1, 0), at(1, 1))).with("value", 5),
        rule("killer-cage")
            .with("cells", vec![at(2, 0), at(2, 1)])
            .with("sum", 7),
        rule("palindrome").with("cells", vec![at(4, 0), at(4, 1), at(4, 2)]),
        rule("whispers")
            .with("cells", vec![at(3, 0), at(3, 1)])
            .with("value", 2),
    ];
    let json = fpuzzles::to_json(&spec).unwrap();
    insta::assert_snapshot!(json);
    let back = read_ok(&fpuzzles::to_json(&spec).unwrap()).spec;
    let tall_boxes = (0..n * n)
        .map(|i| ((i / n) / 3 * 3 + (i % n) / 2) as u16)
        .collect();
    assert_eq!(back.layout, Layout::Regions(tall_boxes));
    assert_eq!(back.rules, spec.rules);
    // The default boxes are written as no regions.
    spec.layout = Layout::Boxes { rows: 2, cols: 3 };
    assert_eq!(
        read_ok(&fpuzzles::to_json(&spec).unwrap()).spec.layout,
        Layout::Default
    );
}

#[test]
fn specs_f_puzzles_cannot_express_are_refused() {
    let with = |other: RuleSpec| {
        let mut spec = PuzzleSpec::new(9);
        spec.rules.push(rule("anti-king"));
        spec.rules.push(other);
        fpuzzles::to_json(&spec).unwrap_err().message
    };
    assert_eq!(
        with(rule("taxicab").with("value", 3)),
        "rules[1]: taxicab has no f-puzzles form"
    );
    assert_eq!(
        with(rule("self-taxicab")),
        "rules[1]: self-taxicab has no f-puzzles form"
    );
    assert_eq!(
        with(rule("diagonal-nonconsecutive")),
        "rules[1]: diagonal-nonconsecutive has no f-puzzles form"
    );
    let chess = rule("chess")
        .with("name", "anti-camel")
        .with("moves", vec![(1isize, 3isize)]);
    assert_eq!(with(chess), "rules[1]: chess (anti-camel) has no f-puzzles form");
    let pairs = rule("custom-pairs")
        .with("name", "mine")
        .with("pairs", Vec::<(Cell, Cell)>::new())
        .with("allowed", Vec::<(Digit, Digit)>::new());
    assert_eq!(with(pairs), "rules[1]: custom-pairs (mine) has no f-puzzles form");
    let line = || rule("modular").with("cells", vec![Cell(0), Cell(1), Cell(2)]);
    assert_eq!(
        with(line().with("modulus", 2)),
        "rules[1]: modular with modulus = 2 (f-puzzles' modularline is always 3) has no f-puzzles form"
    );
    assert!(fpuzzles::to_json(&{
        let mut spec = PuzzleSpec::new(9);
        spec.rules.push(line().with("modulus", 3));
        spec
    })
    .is_ok());
    assert_eq!(
        with(rule("sum").with("cells", (Cell(0), Cell(1))).with("value", 7)),
        "rules[1]: a sum of 7 between two cells (only X = 10 and V = 5) has no f-puzzles form"
    );
    assert_eq!(
        with(rule("thermometer").with("cells", vec![Cell(0), Cell(81)])),
        "rules[1]: cell #81 is off the 9×9 grid"
    );
    let mut spec = PuzzleSpec::new(9);
    spec.classic = false;
    let err = fpuzzles::to_json(&spec).unwrap_err();
    assert_eq!(err.path.as_deref(), Some("classic"));
    assert!(err.message.contains("no classic rules"), "{err}");
    assert!(fpuzzles::to_url(&PuzzleSpec::new(32))
        .unwrap_err()
        .message
        .contains("1×1 to 31×31"));
    let mut spec = PuzzleSpec::new(4);
    spec.layout = Layout::Regions(vec![0; 16]);
    assert!(fpuzzles::to_json(&spec)
        .unwrap_err()
        .message
        .starts_with("layout: bad region map"));
}

#[test]
fn bad_input_says_what_and_where() {
    let cases: Vec<(String, &str)> = vec![
        // Transport.
        ("".into(), "empty input"),
        ("N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9".into(), "malformed lz-string payload: it does not decompress"),
        ("AAAAAAAA".into(), "malformed lz-string payload"),
        ("https://www.f-puzzles.com/?load=N4Ig%ZZ".into(), "malformed lz-string payload: '%'"),
        (
            lz_str::compress_to_base64("{size: 4}"),
            "the lz-string payload decompresses to text that is not JSON (key must be a string",
        ),
        ("https://www.f-puzzles.com/?id=3".into(), "the f-puzzles link has no `load=` parameter"),
        ("https://sudokupad.app/abc123".into(), "the SudokuPad link does not carry an f-puzzles payload"),
        ("https://example.com/?load=N4Ig".into(), "unrecognised link to 'example.com'"),
        ("not a puzzle".into(), "not f-puzzles data"),
        (r#"{"size": 9,"#.into(), "malformed JSON: EOF while parsing"),
        ("[1, 2]".into(), "expected a JSON object (an f-puzzles puzzle), found an array"),
        ("42".into(), "expected a JSON object (an f-puzzles puzzle), found 42"),
        // Size and grid.
        (r#"{"grid":[]}"#.into(), "size: missing: the board side (1 to 31)"),
        (r#"{"size":"nine","grid":[]}"#.into(), r#"size: expected the board side (1 to 31), found "nine""#),
        (r#"{"size":0,"grid":[]}"#.into(), "size: 0×0 is not a size f-puzzles takes (1 to 31)"),
        (r#"{"size":40,"grid":[]}"#.into(), "size: 40×40 is not a size f-puzzles takes (1 to 31)"),
        (r#"{"size":4}"#.into(), "grid: missing: expected 4 rows of 4 cells"),
        (r#"{"size":4,"grid":[[],[],[]]}"#.into(), "grid: expected 4 rows for a 4×4 puzzle, found 3"),
        (
            r#"{"size":2,"grid":[[{},{}],[{},{},{}]]}"#.into(),
            "grid[1]: expected 2 cells in a row, found 3",
        ),
        (r#"{"size":2,"grid":[[{},5],[{},{}]]}"#.into(), "grid[0][1]: expected a cell object, found 5"),
        (
            r#"{"size":2,"grid":[[{},{"value":3,"given":true}],[{},{}]]}"#.into(),
            "grid[0][1].value: 3 is not a digit of a 2×2 puzzle (1 to 2)",
        ),
        (
            r#"{"size":2,"grid":[[{},{}],[{"foo":1},{}]]}"#.into(),
            "grid[1][0].foo: unknown f-puzzles cell field 'foo'",
        ),
        (
            r#"{"size":2,"grid":[[{"region":null},{}],[{},{}]]}"#.into(),
            "grid[0][0].region: null (a cell in no region) is not supported",
        ),
        (
            r#"{"size":2,"grid":[[{"region":2},{}],[{},{}]]}"#.into(),
            "grid[0][0].region: region 2 does not exist on a 2×2 board (regions are 0 to 1)",
        ),
        (
            r#"{"size":2,"grid":[[{"givenPencilMarks":[1,5]},{}],[{},{}]]}"#.into(),
            "grid[0][0].givenPencilMarks[1]: 5 is not a digit of a 2×2 puzzle (1 to 2)",
        ),
        // A region map with a missing region: region 3 has no cell, region 0 has eight.
        (
            r#"{"size":4,"grid":[[{"region":0},{"region":0},{"region":1},{"region":1}],
            [{"region":0},{"region":0},{"region":1},{"region":1}],
            [{"region":2},{"region":2},{"region":0},{"region":0}],
            [{"region":2},{"region":2},{"region":0},{"region":0}]]}"#
                .into(),
            "grid: region 3 is missing: no cell is in it; a 4×4 board needs regions 0 to 3 of exactly 4 cells each",
        ),
        (
            r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"region":0}]]}"#.into(),
            "grid: region 0 has 5 cells; a 4×4 board needs",
        ),
        // Keys.
        (four(r#","foo":[1]"#), "unknown f-puzzles key 'foo'"),
        (four(r#","killercage":[{"cells":["R1C1"],"value":"ten"}]"#), r#"killercage[0].value: expected the cage's sum (a whole number), found "ten""#),
        (four(r#","arrow":[{"lines":"R1C2","cells":["R1C1"]}]"#), r#"arrow[0].lines: expected a list of lines, found "R1C2""#),
        // Outside clues.
        (
            four(r#","sandwichsum":[{"cell":"R0C1","value":""},{"cell":"R2C2","value":"5"}]"#),
            "sandwichsum[1].cell: a sandwich clue: R2C2 is inside the grid",
        ),
        (four(r#","xsum":[{"cell":"R0C0","value":"5"}]"#), "xsum[0].cell: a X-sum clue: R0C0 is a corner"),
        (
            four(r#","skyscraper":[{"cell":"R7C1","value":"2"}]"#),
            "skyscraper[0].cell: 'R7C1' is not on or next to the 4×4 grid",
        ),
        (four(r#","skyscraper":[{"value":"2"}]"#), "skyscraper[0].cell: missing: expected the clue's cell"),
        (
            four(r#","skyscraper":[{"cell":"R0C1","value":"5"}]"#),
            "skyscraper[0].value: 5: a skyscraper clue on a 4×4 board is 1 to 4",
        ),
        (
            four(r#","sandwichsum":[{"cell":"R1C5","value":"6"}]"#),
            "sandwichsum[0].value: 6: the digits between the 1 and the 4 sum to at most 5 on a 4×4 board",
        ),
        (four(r#","xsum":[{"cell":"RxC0","value":"3"}]"#), "xsum[0].cell: 'RxC0' is not a cell"),
        (
            four(r#","littlekillersum":[{"cell":"R0C1","direction":"UR","value":"3"}]"#),
            "littlekillersum[0].cell: the little killer clue r0c1 points up-right, away from the 4×4 grid",
        ),
        (
            four(r#","littlekillersum":[{"cell":"R0C1","direction":"N","value":"3"}]"#),
            r#"littlekillersum[0].direction: expected "UL", "UR", "DL" or "DR", found "N""#,
        ),
        (
            four(r#","cage":[{"cells":["R1C1"],"value":"DR0"}]"#),
            r#"cage[0].value: a digital root is DR1 to DR9, found "DR0""#,
        ),
        (four(r#","antiking":"yes""#), r#"antiking: expected true or false, found "yes""#),
        (four(r#","title":5"#), "title: expected text, found 5"),
        (four(r#","negative":["foo"]"#), r#"negative[0]: unknown negative constraint "foo": expected "ratio" or "xv""#),
        (four(r#","negative":"ratio""#), "negative: expected a list"),
        (
            four(r#","thermometer":[{"lines":[["R1C1","R5C1"]]}]"#),
            "thermometer[0].lines[0][1]: cell 'R5C1' is off the 4×4 grid",
        ),
        (
            four(r#","thermometer":[{"lines":[["R1C1","R0C1"]]}]"#),
            "thermometer[0].lines[0][1]: cell 'R0C1' is off the 4×4 grid",
        ),
        (
            four(r#","palindrome":[{"lines":[["R1C1"]]},{"lines":[["R1C1","R1C2"],["R2C1","R2C2","R2C1"]]}]"#),
            "palindrome[1].lines[1]: cell 'R2C1' appears twice",
        ),
        (four(r#","odd":[{"cell":"A1"}]"#), "odd[0].cell: 'A1' is not a cell (expected R<row>C<col>, as R1C1)"),
        (four(r#","odd":[{"cell":7}]"#), r#"odd[0].cell: expected a cell such as "R1C1", found 7"#),
        (four(r#","even":[5]"#), "even[0]: expected an object, found 5"),
        (four(r#","minimum":[{}]"#), "minimum[0].cell: missing: expected a cell"),
        (four(r#","difference":[{"cells":["R1C1"]}]"#), "difference[0].cells: expected the 2 cells of the dot, found 1"),
        (four(r#","ratio":[{"cells":["R1C1","R1C1"]}]"#), "ratio[0].cells: the two cells are the same"),
        (four(r#","ratio":[{"cells":["R1C1","R1C2"],"value":"?"}]"#), r#"ratio[0].value: expected a whole number of at least 2, found "?""#),
        (four(r#","xv":[{"cells":["R1C1","R1C2"],"value":"Y"}]"#), r#"xv[0].value: expected "X" or "V", found "Y""#),
        (four(r#","xv":[{"cells":["R1C1","R1C2"]}]"#), r#"xv[0].value: expected "X" or "V", found nothing"#),
        (
            four(r#","clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R2C1"]}]"#),
            "clone[0]: 2 cells but 1 clone cells (cloneCells): each cell needs exactly one clone",
        ),
        (
            four(r#","killercage":[{"cells":["R1C1","R1C2","R1C1"]}]"#),
            "killercage[0].cells: cell 'R1C1' appears twice",
        ),
        (four(r#","whispers":[{"lines":[["R1C1","R1C2"]],"value":"9"}]"#), "whispers[0].value: expected the smallest difference (1 to 3), found \"9\""),
        (four(r#","nabner":[{"lines":"R1C1"}]"#), r#"nabner[0].lines: expected a list of lines, found "R1C1""#),
        (
            four(r#","renban":[{"lines":[["R1C1","R1C2","R1C1"]]}]"#),
            "renban[0].lines[0]: cell 'R1C1' appears twice",
        ),
        (four(r#","betweenline":[{"lines":[["R1C1","R5C2"]]}]"#), "betweenline[0].lines[0][1]: cell 'R5C2' is off the 4×4 grid"),
        (four(r#","entropicline":[{}]"#), "entropicline[0].lines: missing: expected a list of lines"),
        (
            four(r#","quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,2,3,4,1]}]"#),
            "quadruple[0].values: 5 digits listed: a quadruple lists at most 4 (4, and no more than its 4 cells)",
        ),
        (
            four(r#","quadruple":[{"cells":["R1C1","R1C2"],"values":[1,2,3]}]"#),
            "quadruple[0].values: 3 digits listed: a quadruple lists at most 2",
        ),
        (
            four(r#","quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[7]}]"#),
            "quadruple[0].values[0]: 7 is not a digit of a 4×4 puzzle (1 to 4)",
        ),
        (
            four(r#","quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"]}]"#),
            "quadruple[0].values: missing: expected the listed digits",
        ),
        (four(r#","columnindexer":[{"cells":"R1C1"}]"#), r#"columnindexer[0].cells: expected a list of cells, found "R1C1""#),
        (four(r#","boxindexer":[{"cells":["R1C9"]}]"#), "boxindexer[0].cells[0]: cell 'R1C9' is off the 4×4 grid"),
    ];
    let mut wrong = Vec::new();
    for (input, expected) in cases {
        let err = read_err(&input);
        if !err.message.starts_with(expected) {
            wrong.push(format!(
                "input    {input}\nexpected {expected}\ngot      {}",
                err.message
            ));
        }
        if let Some(path) = &err.path {
            assert!(err.message.contains(path.as_str()), "{err:?}");
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn no_input_makes_the_reader_panic() {
    let entries = manifest();
    let mut rng = fastrand::Rng::with_seed(7);
    for entry in entries.iter().filter(|e| e.json.len() < 6000).take(6) {
        for text in [&entry.json, &entry.lz] {
            let chars: Vec<char> = text.chars().collect();
            for _ in 0..150 {
                let mut mutated = chars.clone();
                match rng.u8(0..3) {
                    0 => mutated.truncate(rng.usize(0..chars.len())),
                    1 => {
                        let i = rng.usize(0..chars.len());
                        mutated[i] = rng
                            .choice(['0', '9', 'A', 'z', '"', '{', ']', ',', '-', '/', '='])
                            .unwrap();
                    }
                    _ => {
                        let i = rng.usize(0..chars.len());
                        mutated.remove(i);
                    }
                }
                let mutated: String = mutated.into_iter().collect();
                if let Ok(import) = fpuzzles::read(&mutated) {
                    let _ = import.spec.build();
                    let _ = fpuzzles::to_json(&import.spec);
                }
            }
        }
    }
}

#[test]
fn fog_of_war_keys_are_read_and_left_out_of_the_rules() {
    let plain = four(r#","thermometer":[{"lines":[["R1C1","R1C2"]]}]"#);
    let fogged = four(concat!(
        r#","thermometer":[{"lines":[["R1C1","R1C2"]]}]"#,
        r#","fogofwar":["R1C1","R2C2","R3C3"],"foglight":["R4C4"]"#
    ));
    let import = read_ok(&fogged);
    assert_eq!(import.spec, read_ok(&plain).spec);
    assert_eq!(
        import.skipped,
        [
            "foglight: 1 item (fog of war: ignored for solving)",
            "fogofwar: 3 items (fog of war: ignored for solving)",
        ]
    );
}

/// A misspelt field of a known key is refused by name, with the closest
/// known field (issue 31, item 4: `"valeu"` used to drop the cage's sum);
/// the fields f-puzzles writes only to draw are still read past.
#[test]
fn misspelt_fields_are_refused_by_name() {
    let refused = [
        (
            r#","killercage":[{"cells":["R1C1","R1C2"],"valeu":"3"}]"#,
            "unknown field 'valeu' in killercage[0] (did you mean 'value'?)",
        ),
        (
            r#","thermometer":[{"lines":[["R1C1","R1C2"]]},{"line":[["R2C1","R2C2"]]}]"#,
            "unknown field 'line' in thermometer[1] (did you mean 'lines'?)",
        ),
        (
            r#","arrow":[{"lines":[["R1C1","R1C2"]],"cels":["R1C1"]}]"#,
            "unknown field 'cels' in arrow[0] (did you mean 'cells'?)",
        ),
        (
            r#","odd":[{"cel":"R1C1"}]"#,
            "unknown field 'cel' in odd[0] (did you mean 'cell'?)",
        ),
        (
            r#","extraregion":[{"cells":["R1C1"],"sparkle":true}]"#,
            "unknown field 'sparkle' in extraregion[0] (expected 'cells')",
        ),
        (
            r#","clone":[{"cells":["R1C1"],"clonecell":["R2C2"]}]"#,
            "unknown field 'clonecell' in clone[0] (did you mean 'cloneCells'?)",
        ),
        (
            r#","quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"value":[1]}]"#,
            "unknown field 'value' in quadruple[0] (did you mean 'values'?)",
        ),
    ];
    for (extra, expected) in refused {
        let err = read_err(&four(extra));
        assert_eq!(err.message, expected, "{extra}");
    }
    // Drawing fields and blank ones are not rules: read past.
    let drawn = four(
        r##","killercage":[{"cells":["R1C1","R1C2"],"value":"3","outlineC":"#000","fontC":"#000"}],
        "thermometer":[{"lines":[["R3C1","R3C2"]],"baseC":"#CFCFCF","outlineC":"#CFCFCF","width":0.5,"value":""}]"##,
    );
    let import = read_ok(&drawn);
    let sums: Vec<_> = import
        .spec
        .rules
        .iter()
        .filter_map(|r| r.get("sum").cloned())
        .collect();
    assert_eq!(sums.len(), 1, "the cage keeps its sum: {:?}", import.spec.rules);
}
