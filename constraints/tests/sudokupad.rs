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
    let scf = sudokupad::read("https://sudokupad.app/scfAAAA").unwrap_err();
    assert!(scf.message.starts_with("scf payloads"), "{scf}");
    let broken = sudokupad::read("sclN4Ig!!").unwrap_err();
    assert!(broken.message.contains("base64"), "{broken}");
    assert!(!sudokupad::looks_like("https://sudokupad.app/fpuzzlesN4IgzglgXg"));
    assert!(sudokupad::looks_like("https://sudokupad.app/4xq9sqyawl"));
}
