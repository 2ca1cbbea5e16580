//! SudokuPad links: payloads built here the way SudokuPad writes them
//! (the puzzle JSON in its zipped form — short keys, unquoted keys, single
//! quotes, colours without `#`, empty cells left out — compressed with
//! lz-string), read into the same puzzle as the equivalent native file,
//! and every element sudokit cannot map named in the error.

use sudokit_constraints::native;
use sudokit_constraints::spec::PuzzleSpec;
use sudokit_constraints::sudokupad;

fn link(zipped: &str) -> String {
    format!("https://sudokupad.app/scl{}", lz_str::compress_to_base64(zipped))
}

fn read(zipped: &str) -> sudokupad::Import {
    sudokupad::read(&link(zipped)).unwrap_or_else(|e| panic!("{e} for {zipped}"))
}

fn toml(text: &str) -> PuzzleSpec {
    native::read(text).unwrap_or_else(|e| panic!("{e} in:\n{text}"))
}

/// A 4×4 grid of empty cells but for `r1c1`.
const CELLS: &str = "ce:[[{v:1},,,],[,,,],[,,,],[,,,]]";
/// The 2×2 boxes of a 4×4 grid, as SudokuPad lists regions.
const BOXES: &str = "re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]";

#[test]
fn drawings_map_to_rules_by_convention() {
    let zipped = format!(
        "{{{CELLS},{BOXES},\
         ca:[{{ce:[[0,2],[0,3]],v:'7'}}],\
         l:[{{wp:[[3.5,0.5],[2.5,0.5],[1.5,0.5]],c:'#CFCFCF',th:21}}],\
         a:[{{wp:[[3.5,3.5],[3.5,2.5],[3.5,1.5]],c:'#CFCFCF',th:2,hl:0.3}}],\
         u:[{{ct:[1.5,0.5],w:0.85,h:0.85,r:t,c2:'#CFCFCF'}}],\
         o:[{{ct:[3.5,3.5],w:0.8,h:0.8,r:t,c1:'#000000',c2:#F}},\
            {{ct:[1,2.5],w:0.3,h:0.3,r:t,c2:#F,c1:#0}},\
            {{ct:[2.5,3],w:0.3,h:0.3,r:t,c2:#0}},\
            {{ct:[2,3.5],w:0.3,h:0.3,te:'X'}},\
            {{ct:[3,1.5],w:0.3,h:0.3,te:'V'}}],\
         metadata:{{title:'Drawn',author:'a setter',rules:'Normal sudoku rules apply.'}}}}"
    );
    let import = read(&zipped);
    let expected = toml(
        r#"size = 4
title = "Drawn"
author = "a setter"
ruleset = "Normal sudoku rules apply."
givens = "1... .... .... ...."
rules = [
  { type = "killer-cage", cells = "r1c3 r1c4", sum = 7 },
  { type = "thermometer", cells = "r2c1 r3c1 r4c1" },
  { type = "arrow", circle = "r4c4", cells = "r4c3 r4c2" },
  { type = "difference", cells = "r1c3 r2c3" },
  { type = "ratio", cells = "r3c3 r3c4" },
  { type = "xv", cells = "r2c4 r3c4", value = "X" },
  { type = "xv", cells = "r3c2 r4c2", value = "V" },
]"#,
    );
    assert_eq!(import.spec, expected);
    // ctc is the same format under its older name; a payload alone reads too.
    let payload = lz_str::compress_to_base64(&zipped);
    assert_eq!(sudokupad::read(&format!("ctc{payload}")).unwrap().spec, expected);
    assert!(sudokupad::looks_like(&format!("ctc{payload}")));
}

#[test]
fn regions_other_than_boxes_are_a_jigsaw() {
    let zipped = format!(
        "{{{CELLS},re:[[[0,0],[0,1],[0,2],[1,0]],[[0,3],[1,1],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}}"
    );
    let expected = toml(
        "size = 4\ngivens = \"1... .... .... ....\"\nregions = \"\"\"\n0001\n0111\n2233\n2233\n\"\"\"\n",
    );
    assert_eq!(read(&zipped).spec, expected);
    // Regions that are the boxes leave the default layout.
    assert_eq!(
        read(&format!("{{{CELLS},{BOXES}}}")).spec,
        toml("size = 4\ngivens = \"1... .... .... ....\"\n")
    );
}

#[test]
fn what_has_no_convention_is_named_with_the_rules() {
    let zipped = format!(
        "{{{CELLS},\
         l:[{{wp:[[0.5,0.5],[0.5,1.5]],c:c54b8b,th:8}},{{wp:[[1.5,0.5],[1.5,1.5]],c:c54b8b,th:8}},\
            {{wp:[[2.5,0.5],[2.5,1.5]],c:c54b8b,th:8}}],\
         ca:[{{ce:[[3,3]]}}],\
         o:[{{ct:[0.5,3.5],w:0.7,h:0.7,r:t,c2:'#FFD700'}},{{ct:[1.5,3.5],w:0.7,h:0.7,r:t,c2:'#FFD700'}},{{ct:[2.5,2.5],w:0.6,te:'K'}}],\
         metadata:{{rules:'Lines of lavender are entropic. Circles hold a 1.'}}}}"
    );
    let err = sudokupad::read(&link(&zipped)).unwrap_err();
    assert_eq!(
        err.message,
        "SudokuPad elements sudokit cannot map to rules: 1 cage without a sum, 3 lines of colour #c54b8b, \
         2 × circle of colour #FFD700, 1 × text 'K'; rules: Lines of lavender are entropic. Circles hold a 1."
    );
}

#[test]
fn links_sudokit_cannot_read_offline_are_refused_by_name() {
    let short = sudokupad::read("https://sudokupad.app/4xq9sqyawl").unwrap_err();
    assert!(short.message.contains("is a short link"), "{short}");
    let broken = sudokupad::read("sclN4Ig!!").unwrap_err();
    assert!(broken.message.contains("base64"), "{broken}");
    assert!(sudokupad::looks_like("https://sudokupad.app/4xq9sqyawl"));
}

/// The scf code of a 9×9 grid written with `.` or `0` for empty cells,
/// built from the format's description (SudokuPad/sudokutools'
/// `decodeSCF`, ewenmcneill/testsudokupadathome's `bin/parsepuzzle`): each
/// character is a value `digit + 10 × empty cells after it` (at most 5),
/// written with `0-9A-Za-z` for 0…61.
fn scf_givens(grid: &str) -> String {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let digits: Vec<usize> = grid
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_digit(10).unwrap_or(0) as usize)
        .collect();
    assert_eq!(digits.len(), 81, "{grid}");
    let mut code = String::new();
    let mut at = 0;
    while at < 81 {
        let run = digits[at + 1..].iter().take(5).take_while(|&&d| d == 0).count();
        code.push(ALPHABET[digits[at] + 10 * run] as char);
        at += 1 + run;
    }
    code
}

fn grid(text: &str) -> sudokit_core::Grid {
    let values = text.chars().map(|c| c.to_digit(10).unwrap_or(0) as u8).collect();
    sudokit_core::Grid::from_values(9, values).unwrap()
}

/// The classic puzzle and its solution in SudokuPad/sudokutools'
/// `src/compression/testsudokupacking.js` (`TestData.puzzle`).
const TOOLS_PUZZLE: &str =
    "000001000064000280080003010907400000000010000000006305020500040046000820000700000";
const TOOLS_SOLUTION: &str =
    "379281654164975283285643719937452168658317492412896375723568941546139827891724536";

#[test]
fn scf_givens_read_back_and_keep_their_solution() {
    let code = scf_givens(TOOLS_PUZZLE);
    assert!(code.len() < 81, "runs of empty cells are compressed: {code}");
    let import = sudokupad::read(&format!("https://sudokupad.app/scf{code}")).unwrap();
    assert_eq!(
        import.spec,
        toml(&format!("size = 9\ngivens = \"{TOOLS_PUZZLE}\"\n"))
    );
    let puzzle = import.spec.build().unwrap();
    puzzle.verify_solution(&grid(TOOLS_SOLUTION)).unwrap();
    // Every cell pattern round-trips: a given in each cell alone, and runs
    // of every length up to the end of the grid.
    for cell in 0..81 {
        let mut cells = vec![b'0'; 81];
        cells[cell] = b'1' + (cell % 9) as u8;
        let text = String::from_utf8(cells).unwrap();
        let read = sudokupad::read(&format!("scf{}", scf_givens(&text))).unwrap();
        assert_eq!(read.spec.givens, grid(&text), "{text}");
    }
}

#[test]
fn scf_features_are_windoku_x_title_and_author() {
    let code = scf_givens(TOOLS_PUZZLE);
    let import = sudokupad::read(&format!("scf{code}*wxaSven%20**N**.*tA **title*")).unwrap();
    let expected = toml(&format!(
        r#"size = 9
title = "A *title"
author = "Sven *N*."
givens = "{TOOLS_PUZZLE}"
rules = [
  {{ type = "extra-region", cells = "r2c2 r2c3 r2c4 r3c2 r3c3 r3c4 r4c2 r4c3 r4c4" }},
  {{ type = "extra-region", cells = "r2c6 r2c7 r2c8 r3c6 r3c7 r3c8 r4c6 r4c7 r4c8" }},
  {{ type = "extra-region", cells = "r6c2 r6c3 r6c4 r7c2 r7c3 r7c4 r8c2 r8c3 r8c4" }},
  {{ type = "extra-region", cells = "r6c6 r6c7 r6c8 r7c6 r7c7 r7c8 r8c6 r8c7 r8c8" }},
  {{ type = "diagonal+" }},
  {{ type = "diagonal-" }},
]"#
    ));
    assert_eq!(import.spec, expected);
    // The classic solution breaks the windows: the rules are really there.
    let puzzle = import.spec.build().unwrap();
    assert!(puzzle.verify_solution(&grid(TOOLS_SOLUTION)).is_err());
    // SudokuPad's tools append the letters right after the givens, and
    // links may escape the `*`.
    let bare = sudokupad::read(&format!("scf{code}x")).unwrap().spec;
    assert_eq!(
        bare.rules,
        toml("size = 9\nrules = [{ type = \"diagonal+\" }, { type = \"diagonal-\" }]").rules
    );
    let escaped = sudokupad::read(&format!("scf{code}%2Awx")).unwrap().spec;
    assert_eq!(escaped.rules, expected.rules);
}

#[test]
fn scf_links_in_every_form_sudokupad_opens() {
    let code = scf_givens(TOOLS_PUZZLE);
    let expected = toml(&format!("size = 9\ngivens = \"{TOOLS_PUZZLE}\"\n"));
    for link in [
        format!("https://sudokupad.app/scf{code}"),
        format!("https://app.crackingthecryptic.com/sudoku/scf{code}?setting-nogrid=1"),
        format!("https://beta.sudokupad.app/puzzle/scf{code}#top"),
        format!("https://sudokupad.app/?puzzleid=scf{code}&setting=1"),
        format!("scf{code}"),
    ] {
        assert!(sudokupad::looks_like(&link), "{link}");
        assert_eq!(sudokupad::read(&link).unwrap().spec, expected, "{link}");
    }
    // An f-puzzles payload behind a SudokuPad link goes to that reader.
    let fpuzzles = sudokit_constraints::fpuzzles::to_url(&expected).unwrap();
    let payload = fpuzzles.rsplit_once("load=").unwrap().1;
    let link = format!("https://sudokupad.app/?puzzleid=fpuzzles{payload}");
    assert!(sudokupad::looks_like(&link));
    assert_eq!(sudokupad::read(&link).unwrap().spec, expected);
}

/// `sudokupad.app/scfoooooooooooook`, which SudokuPad/sudokutools'
/// `src/format/ctcpuzzle.js` gives as "a blank grid" to test with. By the
/// decoding rule both decoders implement, 13 × `o` (0 and 5 empty cells)
/// cover 78 cells and `k` (46: a 6, then 4 empty cells cut at the 81st)
/// puts a 6 in r9c7.
#[test]
fn scf_tools_test_link_decodes_by_the_rule() {
    let import = sudokupad::read("https://sudokupad.app/scfoooooooooooook").unwrap();
    let mut expected = "0".repeat(81);
    expected.replace_range(78..79, "6");
    assert_eq!(import.spec.givens, grid(&expected));
    assert!(import.spec.rules.is_empty());
    // Fourteen runs of six empty cells are a blank grid.
    let blank = sudokupad::read("scfoooooooooooooo").unwrap();
    assert_eq!(blank.spec.givens.filled(), 0);
}

#[test]
fn broken_scf_payloads_say_what_is_wrong() {
    let message = |payload: &str| sudokupad::read(&format!("scf{payload}")).unwrap_err().message;
    assert_eq!(
        message("oooo"),
        "the scf payload's givens cover 24 of the 81 cells: the payload is probably truncated"
    );
    assert_eq!(
        message("oo!o"),
        "the scf payload has '!' at character 3 where a givens character (0-9, A-Z, a-z) belongs: \
         after cell 12 of 81"
    );
    let code = scf_givens(TOOLS_PUZZLE);
    assert_eq!(
        message(&format!("{code}*wq")),
        "the scf payload has the feature 'q' after its givens, which sudokit does not know (scf's \
         features are w: windoku, x: X-sudoku, a…*: author, t…*: title)"
    );
}

/// SudokuPad's `classic…` ids, in both of its codes; the first two are the
/// test ids of SudokuPad/sudokutools' `src/puzzletools_lib.js` (`runTests`),
/// their givens decoded by hand from the codes' description.
#[test]
fn classic_ids_read_in_either_code() {
    let read = |id: &str| sudokupad::read(&format!("https://sudokupad.app/classic{id}"));
    assert_eq!(read("_M").unwrap().spec, toml("size = 9\n"));
    let puzzle = "_6_91___7__2____15_____4___9__3__________6___4_3___25___4_____8_____87_4__5_7__3_";
    assert_eq!(
        read("B6B91D7C2E15F4D9C3K6D4B3D25D4F8F87B4C5B7C3B").unwrap().spec,
        toml(&format!("size = 9\ngivens = \"{}\"\n", puzzle.replace('_', ".")))
    );
    // Code 2 is the scf givens code; a 4×4 grid in code 1.
    let code = scf_givens(TOOLS_PUZZLE);
    assert_eq!(read(&code).unwrap().spec.givens, grid(TOOLS_PUZZLE));
    assert_eq!(
        read("1D2D3D4D").unwrap().spec,
        toml("size = 4\ngivens = \"1... 2... 3... 4...\"\n")
    );
    assert_eq!(
        read("NOTVALID").unwrap_err().message,
        "the SudokuPad classic id is not a square grid up to 9×9 in either code: code 2 gives 22 cells; \
         code 1 gives 89 cells"
    );
    assert!(read("1%7C")
        .unwrap_err()
        .message
        .contains("neither of SudokuPad's classic codes"));
    // Only in a link: a line of text starting with "classic" is not a puzzle.
    assert!(!sudokupad::looks_like("classic puzzles of 2024"));
}
