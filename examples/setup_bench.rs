//! What preparing the plugin engine costs per puzzle, apart from the search:
//! for batches of small puzzles the set-up (session, engine buffers, root
//! state, the root fixpoint) can weigh as much as the search itself.
//!
//! Three passes per batch, interleaved, median of several rounds, in µs
//! per puzzle:
//! - `prepare`: `Strategy::prepare` alone (the session and its engine; the
//!   compiled model is shared by every puzzle of the batch);
//! - `root`: prepare, then a visit stopped at its first branch (node limit
//!   1): the root state and the givens' fixpoint on top of the set-up;
//! - `solve`: the whole `Strategy::solve` (limit 2), as `sudokit bench` runs it.
//!
//! The 4×4 and 6×6 batches are unique minimal puzzles generated here (not
//! timed); the 9×9 batches are read from `../shared/data/classic`.
//!
//! Run: `cargo run --release --example setup_bench`

use std::hint::black_box;
use std::time::Instant;

use sudokit::constraints::ClassicRules;
use sudokit::core::{Geometry, Puzzle};
use sudokit::read_classic;
use sudokit::solvers::generate::{random_solution, unique_minimal, Symmetry};
use sudokit::solvers::{Limits, PropagationSearch, Start, Strategy};

fn read(path: &str) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    read_classic(&text, &Default::default())
        .into_iter()
        .map(|r| r.unwrap().puzzle)
        .collect()
}

/// `count` unique minimal puzzles of side `n`, all sharing one compiled model.
fn generated(n: usize, count: usize) -> Vec<Puzzle> {
    let blank = Puzzle::new(Geometry::square(n).unwrap())
        .with(ClassicRules)
        .unwrap();
    let strategy = PropagationSearch::default();
    let mut session = strategy.prepare(&blank).unwrap();
    let mut rng = fastrand::Rng::with_seed(7);
    (0..count)
        .map(|_| {
            let solution = random_solution(&blank, &mut rng, &Limits::all()).unwrap();
            let givens = unique_minimal(session.as_mut(), &solution, Symmetry::None, &mut rng).unwrap();
            blank.clone().with_givens(givens).unwrap()
        })
        .collect()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// µs per puzzle of `work` over the batch.
fn time(puzzles: &[Puzzle], mut work: impl FnMut(&Puzzle)) -> f64 {
    let start = Instant::now();
    for p in puzzles {
        work(p);
    }
    start.elapsed().as_secs_f64() * 1e6 / puzzles.len() as f64
}

fn main() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/classic");
    let sets: Vec<(String, Vec<Puzzle>)> = vec![
        ("4×4 generated".into(), generated(4, 2000)),
        ("6×6 generated".into(), generated(6, 2000)),
        ("9×9 17clue, first 10,000".into(), {
            let mut all = read(&format!("{data}/17clue.txt"));
            all.truncate(10_000);
            all
        }),
        ("9×9 top1465".into(), read(&format!("{data}/top1465.txt"))),
    ];
    let strategy = PropagationSearch::default();
    let root_only = Limits {
        max_nodes: Some(1),
        ..Limits::all()
    };
    let limit2 = Limits::solutions(2);
    println!("| batch | puzzles | prepare µs | prepare + root µs | solve µs | set-up share |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (name, puzzles) in sets {
        let mut times = [Vec::new(), Vec::new(), Vec::new()];
        for _ in 0..7 {
            times[0].push(time(&puzzles, |p| {
                black_box(strategy.prepare(p).unwrap());
            }));
            times[1].push(time(&puzzles, |p| {
                let mut session = strategy.prepare(p).unwrap();
                black_box(session.count(&Start::default(), &root_only).unwrap());
            }));
            times[2].push(time(&puzzles, |p| {
                black_box(strategy.solve(p, &limit2).unwrap());
            }));
        }
        let [prepare, root, solve] = times.map(median);
        println!(
            "| {name} | {} | {prepare:.2} | {root:.2} | {solve:.2} | {:.0} % |",
            puzzles.len(),
            100.0 * root / solve
        );
    }
}
