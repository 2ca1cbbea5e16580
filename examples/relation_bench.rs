//! What pair rules cost the propagation strategy: 144 two-cell rules (every
//! orthogonally adjacent pair of a 9×9 board, the layout of non-consecutive
//! or kropki puzzles) added to classic puzzles, in four forms, timed side by
//! side:
//!
//! * `none`: the classic rules alone;
//! * `propagators`: 144 rules with a propagator of their own that does
//!   nothing (the way pair rules were written before relations existed:
//!   each one is a queue entry and a dispatch);
//! * `relations`: 144 relations "not both 1", implied by the rows and
//!   columns (so the answers and the search do not change) but propagated
//!   for real by the engine's one table-driven relation propagator;
//! * `differ`: 144 `≠` relations, implied too, which join the peers.
//!
//! ```text
//! cargo run --release --example relation_bench -- ../shared/data/classic/top95.txt [RUNS]
//! ```
//!
//! Prints, per form, the median time per puzzle over RUNS interleaved
//! passes (default 7), the ratio to `none`, and propagator runs per puzzle.

use std::borrow::Cow;
use std::time::Instant;

use sudokit::core::{
    Cell, Constraint, Contradiction, Ctx, Geometry, Grid, Propagate, Puzzle, Relation, Rule, Violation, Word,
};
use sudokit::read_classic;
use sudokit::solvers::{Limits, PropagationSearch, Strategy};

/// A two-cell rule that propagates nothing and accepts every grid.
#[derive(Clone, Debug)]
struct DoNothing(Cell, Cell);

impl Rule for DoNothing {
    fn name(&self) -> Cow<'_, str> {
        "do nothing".into()
    }
    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        vec![self.0, self.1]
    }
    fn check(&self, _: &Geometry, _: &Grid) -> Result<(), Violation> {
        Ok(())
    }
}

impl Propagate for DoNothing {
    fn propagate<W: Word>(&self, _: &mut Ctx<'_, W>, _: &[Cell]) -> Result<(), Contradiction> {
        Ok(())
    }
}

/// Relations on every orthogonally adjacent pair.
#[derive(Clone, Debug)]
struct Adjacent(Relation);

impl Rule for Adjacent {
    fn name(&self) -> Cow<'_, str> {
        "adjacent pairs".into()
    }
    fn relations(&self, _: &Geometry) -> Vec<(Cell, Cell, Relation)> {
        pairs().into_iter().map(|(a, b)| (a, b, self.0.clone())).collect()
    }
    fn check(&self, _: &Geometry, grid: &Grid) -> Result<(), Violation> {
        for (a, b) in pairs() {
            if let (Some(x), Some(y)) = (grid.get(a), grid.get(b)) {
                if !self.0.allows(x, y) {
                    return Err(Violation::new("adjacent pair", vec![a, b]));
                }
            }
        }
        Ok(())
    }
}

impl Constraint for Adjacent {}

/// The 144 orthogonally adjacent pairs of a 9×9 board.
fn pairs() -> Vec<(Cell, Cell)> {
    let mut pairs = Vec::new();
    for r in 0..9 {
        for c in 0..9 {
            if c + 1 < 9 {
                pairs.push((Cell::at(r, c, 9), Cell::at(r, c + 1, 9)));
            }
            if r + 1 < 9 {
                pairs.push((Cell::at(r, c, 9), Cell::at(r + 1, c, 9)));
            }
        }
    }
    pairs
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| "examples/puzzles/top95.txt".to_string());
    let runs: usize = args.next().map_or(7, |r| r.parse().expect("RUNS is a number"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let puzzles: Vec<Puzzle> = read_classic(&text, &Default::default())
        .into_iter()
        .map(|r| r.expect("a classic puzzle").puzzle)
        .collect();
    assert_eq!(pairs().len(), 144);
    let forms: Vec<(&str, Vec<Puzzle>)> = vec![
        ("none", puzzles.clone()),
        (
            "propagators",
            with_each(&puzzles, |p| {
                for (a, b) in pairs() {
                    p.push(Box::new(DoNothing(a, b))).unwrap();
                }
            }),
        ),
        (
            "relations",
            with_each(&puzzles, |p| {
                p.push(Box::new(Adjacent(Relation::custom("not both 1", |a, b| {
                    a != 1 || b != 1
                }))))
                .unwrap();
            }),
        ),
        (
            "differ",
            with_each(&puzzles, |p| {
                p.push(Box::new(Adjacent(Relation::Differ))).unwrap()
            }),
        ),
    ];
    let strategy = PropagationSearch::default();
    let limits = Limits::solutions(2);
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); forms.len()];
    let mut runs_per_puzzle = vec![0.0; forms.len()];
    let mut counts: Vec<Vec<u64>> = vec![Vec::new(); forms.len()];
    for _ in 0..runs {
        for (k, (_, set)) in forms.iter().enumerate() {
            let started = Instant::now();
            let mut propagations = 0;
            counts[k].clear();
            for puzzle in set {
                let outcome = strategy.count(puzzle, &limits).unwrap();
                propagations += outcome.stats.propagations;
                counts[k].push(outcome.count);
            }
            times[k].push(started.elapsed().as_secs_f64() / set.len() as f64);
            runs_per_puzzle[k] = propagations as f64 / set.len() as f64;
        }
    }
    for k in 1..forms.len() {
        assert_eq!(
            counts[k], counts[0],
            "{}: the implied rules changed an answer",
            forms[k].0
        );
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let base = median(&mut times[0].clone());
    println!(
        "{path}: {} puzzles, limit 2, median of {runs} interleaved passes",
        puzzles.len()
    );
    println!(
        "{:<12} {:>12} {:>8} {:>16}",
        "form", "µs/puzzle", "ratio", "runs/puzzle"
    );
    for (k, (name, _)) in forms.iter().enumerate() {
        let t = median(&mut times[k]);
        println!(
            "{name:<12} {:>12.1} {:>7.2}× {:>16.1}",
            t * 1e6,
            t / base,
            runs_per_puzzle[k]
        );
    }
}

/// Each puzzle with `add` applied to it (the puzzles share one copy of the
/// new rules, as puzzles read from one file do).
fn with_each(puzzles: &[Puzzle], add: impl Fn(&mut Puzzle)) -> Vec<Puzzle> {
    let mut template = Puzzle::new(puzzles[0].geometry_arc().clone())
        .with(sudokit::constraints::ClassicRules)
        .unwrap();
    add(&mut template);
    puzzles
        .iter()
        .map(|p| template.clone().with_givens(p.givens().clone()).unwrap())
        .collect()
}
