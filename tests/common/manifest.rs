//! The manifest of `../shared/data/variants`: each f-puzzles file with its
//! rule types, expected count and solution (from the CP-SAT oracle).

use sudokit::core::{Grid, Puzzle};
use sudokit::{read_puzzles, InputFormat, ReadOptions};

/// One manifest entry.
pub(crate) struct Entry {
    pub(crate) file: String,
    pub(crate) types: Vec<String>,
    pub(crate) expect: String,
    pub(crate) solution: Option<String>,
}

pub(crate) fn manifest() -> Vec<Entry> {
    let text = std::fs::read_to_string(super::shared("variants/manifest.json")).expect("the manifest");
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    json.as_array()
        .expect("a list")
        .iter()
        .map(|e| Entry {
            file: e["file"].as_str().unwrap().to_string(),
            types: e["types"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap().to_string())
                .collect(),
            expect: e["expect"].as_str().unwrap().to_string(),
            solution: e["solution"].as_str().map(str::to_string),
        })
        .collect()
}

/// The puzzle of a manifest file, or why it could not be read.
pub(crate) fn read(file: &str) -> Result<Puzzle, String> {
    let text = std::fs::read_to_string(super::shared("variants").join(file)).unwrap();
    read_puzzles(&text, InputFormat::Fpuzzles, &ReadOptions::default())
        .remove(0)
        .map(|r| r.puzzle)
        .map_err(|e| e.to_string())
}

/// The manifest's solution as a grid: one character per cell up to 9×9,
/// two digits per cell above.
pub(crate) fn solution_grid(n: usize, text: &str) -> Grid {
    let values: Vec<u8> = if n <= 9 {
        text.bytes().map(|b| b - b'0').collect()
    } else {
        text.as_bytes()
            .chunks(2)
            .map(|pair| std::str::from_utf8(pair).unwrap().parse().unwrap())
            .collect()
    };
    Grid::from_values(n, values).expect("a full grid")
}
