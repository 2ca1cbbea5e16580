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
//!
//! **Digit symmetry** shrinks that spread, as [`count_exact`](crate::count_exact)
//! uses it: when digits are interchangeable ([`digit_symmetry`]), the
//! probes only walk the solutions whose interchangeable digits appear in
//! increasing order along one house, and each probe is multiplied by the
//! number of orderings. On the empty 9×9 board the whole first row is then
//! one path instead of 9! random ones. (Trying every candidate of the
//! chosen cell and following a surviving one cost more time than it saved
//! in spread: docs/benchmarks.md.)

use std::time::Duration;

use sudokit_core::{Decision, Digit, Engine, Grid, Puzzle, State, Width, Word};

use crate::clock::Instant;
use crate::count::{digit_symmetry, Order, ORBITS_CHECKED};
use crate::limits::{Limits, Stop};
use crate::propagation::most_constrained;

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
    prober: Prober<'p>,
    boards: Boards,
    /// What each probe is multiplied by: the symmetry's number of
    /// orderings, 1 without one.
    factor: f64,
    /// Solutions reached whose swapped twins were checked.
    orbits_checked: usize,
    probes: u64,
    mean: f64,
    /// Welford's running sum of squared deviations from the mean.
    m2: f64,
}

/// The boards of one probe, in the narrowest word that holds the digits.
#[derive(Debug)]
enum Boards {
    W16(Boards2<u16>),
    W32(Boards2<u32>),
    W64(Boards2<u64>),
    W128(Boards2<u128>),
}

/// The root after propagation (`None` when the root already fails) and
/// the probe's board.
#[derive(Debug)]
struct Boards2<W: Word> {
    root: Option<State<W>>,
    probe: State<W>,
}

impl<W: Word> Boards2<W> {
    fn new(puzzle: &Puzzle, engine: &mut Engine<'_>) -> Boards2<W> {
        let fresh = || State::<W>::with_givens(puzzle.geometry(), puzzle.givens());
        let mut root = fresh();
        engine.schedule_all();
        let root = engine.propagate(&mut root, None).ok().map(|()| root);
        Boards2 { root, probe: fresh() }
    }
}

/// What a probe needs besides its boards.
#[derive(Debug)]
struct Prober<'p> {
    puzzle: &'p Puzzle,
    engine: Engine<'p>,
    /// The digit symmetry's order along its house, while it holds.
    order: Option<Order>,
    rng: fastrand::Rng,
    choices: Vec<Digit>,
}

impl Prober<'_> {
    /// One probe down from the root: the product of the branching factors
    /// and the solution reached, or `None` at a dead end.
    fn probe<W: Word>(&mut self, boards: &mut Boards2<W>) -> Option<(f64, Grid)> {
        boards.probe.copy_from(boards.root.as_ref()?);
        let mut product = 1.0;
        let mut ordering = self.order.is_some();
        loop {
            self.choices.clear();
            let cell = if ordering {
                let order = self.order.as_ref().expect("ordering implies an order");
                match order.next(&boards.probe)? {
                    Some((cell, digits)) => {
                        self.choices.extend(digits);
                        cell
                    }
                    None => {
                        ordering = false;
                        continue;
                    }
                }
            } else {
                match most_constrained(&boards.probe) {
                    Some(cell) => {
                        self.choices.extend(boards.probe.candidates(cell).iter());
                        cell
                    }
                    None => break,
                }
            };
            if self.choices.is_empty() {
                return None;
            }
            let digit = self.choices[self.rng.usize(..self.choices.len())];
            product *= self.choices.len() as f64;
            let decision = Decision::Assign(cell, digit);
            self.engine.decide(&mut boards.probe, None, decision).ok()?;
        }
        let grid = boards.probe.to_grid();
        self.puzzle.check(&grid).ok()?;
        Some((product, grid))
    }
}

impl<'p> Estimator<'p> {
    /// An estimator for `puzzle`, its random choices drawn from `seed`.
    pub fn new(puzzle: &'p Puzzle, seed: u64) -> Estimator<'p> {
        let mut engine = Engine::rules_only(puzzle.model());
        // A puzzle is at most 128 digits wide (`MAX_SIZE`).
        let boards = match Width::for_size(puzzle.size()).unwrap_or(Width::W128) {
            Width::W16 => Boards::W16(Boards2::new(puzzle, &mut engine)),
            Width::W32 => Boards::W32(Boards2::new(puzzle, &mut engine)),
            Width::W64 => Boards::W64(Boards2::new(puzzle, &mut engine)),
            Width::W128 => Boards::W128(Boards2::new(puzzle, &mut engine)),
        };
        let symmetry = digit_symmetry(puzzle);
        Estimator {
            puzzle,
            factor: symmetry.as_ref().map_or(1.0, |s| s.factor as f64),
            prober: Prober {
                puzzle,
                engine,
                order: symmetry.as_ref().map(|s| Order::new(s, puzzle)),
                rng: fastrand::Rng::with_seed(seed),
                choices: Vec::new(),
            },
            boards,
            orbits_checked: 0,
            probes: 0,
            mean: 0.0,
            m2: 0.0,
        }
    }

    /// One probe from the root: its estimate of the count (the product of
    /// the branching factors on a random path, times the symmetry's
    /// orderings) if it ends in a solution, 0 if it ends in a dead end.
    ///
    /// The first solutions reached are checked to stay solutions when two
    /// interchangeable digits swap (as [`count_exact`](crate::count_exact)
    /// does): if one does not, a rule's `check` broke the symmetry, and the
    /// estimate starts again without it.
    pub fn probe(&mut self) -> f64 {
        let leaf = match &mut self.boards {
            Boards::W16(boards) => self.prober.probe(boards),
            Boards::W32(boards) => self.prober.probe(boards),
            Boards::W64(boards) => self.prober.probe(boards),
            Boards::W128(boards) => self.prober.probe(boards),
        };
        let Some((product, grid)) = leaf else {
            return 0.0;
        };
        if let Some(order) = &self.prober.order
            && self.orbits_checked < ORBITS_CHECKED
        {
            self.orbits_checked += 1;
            if !order.holds_for(self.puzzle, &grid) {
                self.prober.order = None;
                self.factor = 1.0;
                (self.probes, self.mean, self.m2) = (0, 0.0, 0.0);
                return self.probe();
            }
        }
        product * self.factor
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

    /// Probes until `limits` stop them (their time limit, counted from
    /// this call, or their cancel token: checked between probes) or, with
    /// `max_probes`, after that many more; `report` hears the estimate
    /// every `every`. Returns why it stopped: [`Stop::TimeLimit`],
    /// [`Stop::Cancelled`], or [`Stop::NodeLimit`] when the probes ran out.
    /// The estimate so far stays: [`estimate`](Self::estimate).
    pub fn run_until(
        &mut self,
        limits: &Limits,
        max_probes: Option<u64>,
        every: Duration,
        report: &mut dyn FnMut(&Estimate),
    ) -> Stop {
        let started = Instant::now();
        let deadline = limits.deadline(started);
        let last = max_probes.map(|m| self.probes.saturating_add(m));
        let mut reported = started;
        loop {
            if let Some(stop) = limits.expired(deadline) {
                return stop;
            }
            if last.is_some_and(|last| self.probes >= last) {
                return Stop::NodeLimit;
            }
            self.run(1);
            if reported.elapsed() >= every {
                reported = Instant::now();
                report(&self.estimate());
            }
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
    fn the_empty_6x6_board_estimates_28200960_through_its_symmetry() {
        // Its six digits are interchangeable: each probe walks row 1 in
        // order and counts × 720.
        let empty = puzzle(6, vec![0; 36]);
        assert_eq!(digit_symmetry(&empty).map(|s| s.factor), Some(720));
        assert_unbiased(&empty, 1500);
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
