//! The candidates the propagation search starts from: every puzzle's state
//! after the engine's root propagation as the search runs it (rules only,
//! locked candidates on), which `solve --candidates` does not show (that is
//! the engine with its techniques, without locked candidates).
//!
//! ```text
//! cargo run --release --example root_candidates FILE...
//! ```
//!
//! Prints one line per file: `FILE ` then each cell's candidates as digits
//! separated by spaces (`0` for an empty cell), or `FILE contradiction`.
//! On boards above 9×9 a cell's digits are separated by commas (`1,12`), so
//! that two-digit values read back unambiguously.
//! With `--labels` first, the extra variables follow the cells (a chaos
//! construction's region labels).
//! `scripts/iss-deduction-diff.mjs` compares these lines with the
//! candidates ISS reaches after its own first propagation.

use sudokit::core::{Engine, State};
use sudokit::{read_puzzles, InputFormat, ReadOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let labels = args.first().is_some_and(|a| a == "--labels");
    for path in args.iter().skip(labels as usize) {
        let text = std::fs::read_to_string(path)?;
        let format = InputFormat::detect(Some(path), &text);
        for read in read_puzzles(&text, format, &ReadOptions::default()) {
            let puzzle = read?.puzzle;
            let mut engine = Engine::rules_only(puzzle.model()).with_locked_candidates(true);
            let mut state = State::<u128>::with_givens(puzzle.geometry(), puzzle.givens());
            engine.schedule_all();
            if engine.propagate(&mut state, None).is_err() {
                println!("{path} contradiction");
                continue;
            }
            let shown = match labels {
                true => state.variables(),
                false => state.cells(),
            };
            let separator = if puzzle.geometry().size() > 9 { "," } else { "" };
            let cells: Vec<String> = shown
                .iter()
                .map(|set| {
                    let digits = set
                        .iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(separator);
                    if digits.is_empty() {
                        "0".into()
                    } else {
                        digits
                    }
                })
                .collect();
            println!("{path} {}", cells.join(" "));
        }
    }
    Ok(())
}
