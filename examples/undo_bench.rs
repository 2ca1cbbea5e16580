//! Copy-on-branch against trail undo, per board size: the measurement
//! behind `Undo::COPY_MAX_SIZE`. Both undo methods run the same search (same
//! nodes), interleaved, median of several passes.
//!
//! Run: `cargo run --release --example undo_bench` (needs `../shared` beside the repo).

use std::time::Instant;

use sudokit::core::Puzzle;
use sudokit::read_classic;
use sudokit::solvers::{Limits, PropagationSearch, Strategy, Undo};

fn load(paths: &[String]) -> Vec<Puzzle> {
    paths
        .iter()
        .flat_map(|p| {
            let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{p}: {e}"));
            read_classic(&text, &Default::default())
                .into_iter()
                .map(|r| r.unwrap().puzzle)
                .collect::<Vec<_>>()
        })
        .collect()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data");
    let large = |pattern: &str| -> Vec<String> {
        let mut files: Vec<String> = std::fs::read_dir(format!("{data}/large"))
            .unwrap()
            .map(|e| e.unwrap().path().display().to_string())
            .filter(|p| p.contains(pattern) && p.ends_with(".puzzle.txt"))
            .collect();
        files.sort();
        files
    };
    let sets: Vec<(&str, Vec<String>)> = vec![
        ("9×9 top95", vec![format!("{data}/classic/top95.txt")]),
        ("16×16 (12)", large("/n16_")),
        ("25×25 (12)", large("/n25_")),
        ("49×49 f70", large("/n49_f70")),
        ("64×64 f70", large("/n64_f70")),
        ("81×81 f70", large("/n81_f70")),
        ("100×100 f70", large("/n100_f70")),
    ];
    println!("| board | puzzles | copy ms/puzzle | trail ms/puzzle | trail / copy |");
    println!("|---|---:|---:|---:|---:|");
    for (name, files) in sets {
        let puzzles = load(&files);
        let passes = if puzzles.len() > 50 { 5 } else { 3 };
        let mut times = [Vec::new(), Vec::new()];
        for _ in 0..passes {
            for (i, undo) in [Undo::Copy, Undo::Trail].into_iter().enumerate() {
                let strategy = PropagationSearch::with_undo(undo);
                let start = Instant::now();
                for p in &puzzles {
                    let outcome = strategy.solve(p, &Limits::solutions(1)).unwrap();
                    assert!(p.verify_solution(&outcome.solutions[0]).is_ok());
                }
                times[i].push(start.elapsed().as_secs_f64() * 1e3 / puzzles.len() as f64);
            }
        }
        let [copy, trail] = times;
        let (copy, trail) = (median(copy), median(trail));
        println!(
            "| {name} | {} | {copy:.3} | {trail:.3} | {:.2} |",
            puzzles.len(),
            trail / copy
        );
    }
}
