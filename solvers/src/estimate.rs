//! Knuth's Monte-Carlo estimate of the number of solutions.
//!
//! Counting every solution of a loose puzzle can take hours; a setter
//! mostly wants to know "about how many". Knuth's estimator (*Estimating
//! the efficiency of backtrack programs*, 1975) answers that from random
//! probes down the search tree: from the root, propagate, pick the open
//! cell with the fewest candidates (`k` of them), follow one of them at
//! random and multiply a running product by `k`, until the probe reaches a
//! solution (the product is its estimate) or a dead end (its estimate is
//! 0). A leaf is reached with probability 1 / (product of the branching
//! factors on its path), so the expected value of a probe is exactly the
//! number of solution leaves: the mean of many probes converges to the
//! count, and their spread gives a standard error.

use sudokit_core::{Cell, Decision, Engine, Puzzle, State};

/// An estimate so far: the mean of the probes and how far it can be trusted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The estimated number of solutions (the probes' mean).
    pub mean: f64,
    /// The standard error of the mean.
    pub stderr: f64,
    /// Probes run.
    pub iterations: u64,
    /// The 95 % confidence interval, `mean ± 1.96 stderr`, its lower end
    /// clamped at 0.
    pub ci95: (f64, f64),
    /// `stderr` as a percentage of `mean` (0 when the mean is 0).
    pub rel_err_percent: f64,
}

/// Random probes of one puzzle's propagation search tree, added up.
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Puzzle};
/// use sudokit_solvers::Estimator;
/// // The empty 4×4 board has 288 solutions.
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with(ClassicRules).unwrap();
/// let mut estimator = Estimator::new(&puzzle, 7);
/// estimator.run(4000);
/// let estimate = estimator.estimate();
/// assert!((estimate.mean - 288.0).abs() < 4.0 * estimate.stderr + 1.0);
/// ```
#[derive(Debug)]
pub struct Estimator<'p> {
    puzzle: &'p Puzzle,
    engine: Engine<'p>,
    /// The root after propagation; `None` when the root already fails.
    root: Option<State<u128>>,
    scratch: State<u128>,
    rng: fastrand::Rng,
    probes: u64,
    mean: f64,
    /// Welford's running sum of squared deviations from the mean.
    m2: f64,
}

impl<'p> Estimator<'p> {
    /// An estimator for `puzzle`, its random choices drawn from `seed`.
    pub fn new(puzzle: &'p Puzzle, seed: u64) -> Estimator<'p> {
        let mut engine = Engine::rules_only(puzzle.model());
        let mut root = State::<u128>::with_givens(puzzle.geometry(), puzzle.givens());
        engine.schedule_all();
        let root = engine.propagate(&mut root, None).ok().map(|()| root);
        Estimator {
            puzzle,
            engine,
            scratch: State::<u128>::with_givens(puzzle.geometry(), puzzle.givens()),
            root,
            rng: fastrand::Rng::with_seed(seed),
            probes: 0,
            mean: 0.0,
            m2: 0.0,
        }
    }

    /// One probe from the root: the product of the branching factors on a
    /// random path if it ends in a solution, 0 if it ends in a dead end.
    pub fn probe(&mut self) -> f64 {
        let Some(root) = &self.root else {
            return 0.0;
        };
        self.scratch.copy_from(root);
        let mut product = 1.0;
        loop {
            let open = self
                .scratch
                .cells()
                .iter()
                .enumerate()
                .filter(|(_, set)| set.len() > 1)
                .min_by_key(|(_, set)| set.len());
            let Some((index, set)) = open else {
                let grid = self.scratch.to_grid();
                return match self.puzzle.check(&grid) {
                    Ok(()) => product,
                    Err(_) => 0.0,
                };
            };
            let choices: Vec<_> = set.iter().collect();
            product *= choices.len() as f64;
            let digit = choices[self.rng.usize(..choices.len())];
            let decision = Decision::Assign(Cell(index as u16), digit);
            if self.engine.decide(&mut self.scratch, None, decision).is_err() {
                return 0.0;
            }
        }
    }

    /// Runs `probes` more probes and adds them to the estimate.
    pub fn run(&mut self, probes: u64) {
        for _ in 0..probes {
            let x = self.probe();
            self.probes += 1;
            let delta = x - self.mean;
            self.mean += delta / self.probes as f64;
            self.m2 += delta * (x - self.mean);
        }
    }

    /// The estimate from every probe so far.
    pub fn estimate(&self) -> Estimate {
        let n = self.probes as f64;
        let variance = if self.probes > 1 { self.m2 / (n - 1.0) } else { 0.0 };
        let stderr = if self.probes > 0 {
            (variance / n).sqrt()
        } else {
            0.0
        };
        Estimate {
            mean: self.mean,
            stderr,
            iterations: self.probes,
            ci95: ((self.mean - 1.96 * stderr).max(0.0), self.mean + 1.96 * stderr),
            rel_err_percent: if self.mean > 0.0 {
                100.0 * stderr / self.mean
            } else {
                0.0
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use sudokit_constraints::ClassicRules;
    use sudokit_core::{Geometry, Grid, Puzzle};

    use super::*;
    use crate::count_exact;
    use crate::limits::Limits;

    fn puzzle(n: usize, givens: Vec<u8>) -> Puzzle {
        let givens = Grid::from_values(n, givens).unwrap();
        Puzzle::new(Geometry::square(n).unwrap())
            .with_givens(givens)
            .unwrap()
            .with(ClassicRules)
            .unwrap()
    }

    /// The estimate of many probes lands within a few standard errors of
    /// the exact count, for several seeds: the estimator is unbiased.
    fn assert_unbiased(puzzle: &Puzzle, probes: u64) {
        let exact = count_exact(puzzle, &Limits::all(), &mut |_| {}, None).unwrap();
        assert!(exact.exact);
        let exact = exact.count as f64;
        let mut means = Vec::new();
        for seed in 1..=5 {
            let mut estimator = Estimator::new(puzzle, seed);
            estimator.run(probes);
            let estimate = estimator.estimate();
            assert_eq!(estimate.iterations, probes);
            assert!(
                (estimate.mean - exact).abs() <= 4.0 * estimate.stderr,
                "seed {seed}: {estimate:?} against {exact}"
            );
            assert!(estimate.ci95.0 <= estimate.mean && estimate.mean <= estimate.ci95.1);
            means.push(estimate.mean);
        }
        // Pooled over seeds, the relative error is small.
        let pooled = means.iter().sum::<f64>() / means.len() as f64;
        assert!(
            (pooled - exact).abs() / exact < 0.05,
            "pooled {pooled} against {exact}"
        );
    }

    #[test]
    fn the_empty_4x4_board_estimates_288() {
        assert_unbiased(&puzzle(4, vec![0; 16]), 3000);
    }

    #[test]
    fn a_6x6_puzzle_with_hundreds_of_solutions() {
        // Seven givens leave a few hundred grids (338).
        let mut givens = vec![0; 36];
        for (cell, digit) in [(0, 1), (1, 2), (2, 3), (7, 4), (14, 5), (21, 6), (33, 2)] {
            givens[cell] = digit;
        }
        let puzzle = puzzle(6, givens);
        let exact = count_exact(&puzzle, &Limits::all(), &mut |_| {}, None)
            .unwrap()
            .count;
        assert!((100..1000).contains(&exact), "{exact} solutions");
        assert_unbiased(&puzzle, 4000);
    }

    #[test]
    fn a_puzzle_without_solution_estimates_zero() {
        let mut givens = vec![0; 16];
        givens[0] = 1;
        givens[1] = 1;
        let puzzle = puzzle(4, givens);
        let mut estimator = Estimator::new(&puzzle, 3);
        estimator.run(50);
        let estimate = estimator.estimate();
        assert_eq!(
            (estimate.mean, estimate.stderr, estimate.iterations),
            (0.0, 0.0, 50)
        );
    }
}
