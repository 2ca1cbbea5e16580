//! Throwaway timing of the propagation strategy variants (not the benchmark).
use std::time::Instant;
use sudokit::solvers::{Branching, Limits, PropagationSearch, Strategy, Undo};
fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        let puzzles: Vec<_> = sudokit::read_classic(&text, &Default::default()).into_iter().map(|p| p.unwrap().puzzle).collect();
        for branching in [Branching::Mrv, Branching::DomWdeg] {
            for undo in [Undo::Copy, Undo::Trail] {
                let s = PropagationSearch { undo, branching, ..Default::default() };
                let t = Instant::now();
                let (mut ok, mut nodes) = (0, 0);
                for p in &puzzles {
                    let o = s.solve(p, &Limits::solutions(2)).unwrap();
                    nodes += o.stats.nodes;
                    if o.count >= 1 && p.verify_solution(&o.solutions[0]).is_ok() { ok += 1; }
                }
                let e = t.elapsed().as_secs_f64();
                println!("{path} {branching:?} {undo:?}: {ok}/{} in {e:.3}s = {:.0}/s nodes/p {:.1}", puzzles.len(), puzzles.len() as f64 / e, nodes as f64 / puzzles.len() as f64);
            }
        }
    }
}
