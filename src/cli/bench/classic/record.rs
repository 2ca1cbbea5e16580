//! The figures of one solver on one file, and the checks they must pass
//! before anything is printed.

/// Every figure of one (file, solver) pair: one table row, one JSON
/// object, one CSV record.
#[derive(Clone, Debug)]
pub(super) struct Record {
    /// The file's name (`<stdin>` for `-`).
    pub(super) file: String,
    /// The strategy's name, or the peer's (the first word of its line).
    pub(super) solver: String,
    /// Whether a peer harness measured this row.
    pub(super) peer: bool,
    /// Puzzles in the file.
    pub(super) puzzles: usize,
    /// Puzzles answered right (see `ours::Checked::solved`).
    pub(super) solved: usize,
    /// Puzzles that ran past `--timeout` (ours only).
    pub(super) timeouts: Option<usize>,
    /// Puzzles per second of each pass, on one thread, in pass order.
    pub(super) rates: Vec<f64>,
    /// Mean guesses per puzzle (ours only: peers report none).
    pub(super) guesses_per_puzzle: Option<f64>,
    /// Percentage of puzzles solved without a guess (ours only).
    pub(super) no_guess_pct: Option<f64>,
    /// The first peer's name and this row's median against its median
    /// (none on the first peer's own row, or without peers).
    pub(super) ratio: Option<(String, f64)>,
    /// With `--jobs N` (N > 1): N and the puzzles per second of each pass
    /// on N threads (ours only).
    pub(super) threads: Option<(usize, Vec<f64>)>,
}

/// The median of `values` (0 when empty).
pub(super) fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

impl Record {
    /// Median puzzles per second on one thread.
    pub(super) fn median(&self) -> f64 {
        median(&self.rates)
    }

    /// Slowest and fastest pass, puzzles per second.
    pub(super) fn range(&self) -> (f64, f64) {
        let lo = self.rates.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = self.rates.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        (lo, hi)
    }

    /// Mean microseconds per puzzle at the median rate.
    pub(super) fn micros(&self) -> f64 {
        1e6 / self.median()
    }

    /// Median puzzles per second on N threads.
    pub(super) fn threads_median(&self) -> Option<f64> {
        self.threads.as_ref().map(|(_, rates)| median(rates))
    }

    /// The N-thread median against the one-thread median of the same run.
    pub(super) fn speedup(&self) -> Option<f64> {
        self.threads_median().map(|m| m / self.median())
    }

    /// Checks that the figures can all be true: `runs` passes, each rate
    /// finite and positive, solved and timeouts at most the puzzles, guesses
    /// finite, percentages within 0–100, ratios finite and positive. A
    /// failure names the row and the figure: a bug, or a clock gone wrong,
    /// worth stopping for rather than printing.
    pub(super) fn check(&self, runs: usize) -> Result<(), String> {
        let fail = |what: String| {
            Err(format!(
                "implausible figures for {} on {}: {what}",
                self.solver, self.file
            ))
        };
        let rate_ok = |r: &f64| r.is_finite() && *r > 0.0;
        if self.puzzles == 0 {
            return fail("no puzzle".into());
        }
        if self.solved > self.puzzles || self.timeouts.is_some_and(|t| t > self.puzzles) {
            return fail(format!(
                "{} solved and {:?} timeouts of {} puzzles",
                self.solved, self.timeouts, self.puzzles
            ));
        }
        let threads = self.threads.as_ref().map_or(&[][..], |(_, r)| r);
        if self.rates.len() != runs || !(threads.is_empty() || threads.len() == runs) {
            return fail(format!(
                "{} and {} passes, not {runs}",
                self.rates.len(),
                threads.len()
            ));
        }
        if let Some(bad) = self.rates.iter().chain(threads).find(|r| !rate_ok(r)) {
            return fail(format!("a pass at {bad} puzzles/s"));
        }
        if self
            .guesses_per_puzzle
            .is_some_and(|g| !(g.is_finite() && g >= 0.0))
        {
            return fail(format!("{:?} guesses per puzzle", self.guesses_per_puzzle));
        }
        if self.no_guess_pct.is_some_and(|p| !(0.0..=100.0).contains(&p)) {
            return fail(format!("{:?} % without a guess", self.no_guess_pct));
        }
        let ratios = [self.ratio.as_ref().map(|r| r.1), self.speedup()];
        if let Some(bad) = ratios.into_iter().flatten().find(|r| !rate_ok(r)) {
            return fail(format!("a ratio of {bad}"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> Record {
        Record {
            file: "f".into(),
            solver: "s".into(),
            peer: false,
            puzzles: 4,
            solved: 4,
            timeouts: Some(0),
            rates: vec![100.0, 300.0, 200.0],
            guesses_per_puzzle: Some(1.5),
            no_guess_pct: Some(25.0),
            ratio: Some(("p".into(), 0.5)),
            threads: Some((2, vec![390.0, 400.0, 410.0])),
        }
    }

    #[test]
    fn figures_follow_from_the_passes() {
        let r = record();
        assert_eq!(r.median(), 200.0);
        assert_eq!(r.range(), (100.0, 300.0));
        assert_eq!(r.micros(), 5000.0);
        assert_eq!(r.speedup(), Some(2.0));
        assert_eq!(median(&[1.0, 4.0, 2.0, 3.0]), 2.5);
        assert!(r.check(3).is_ok());
    }

    #[test]
    fn impossible_figures_are_refused() {
        let cases: [fn(&mut Record); 7] = [
            |r| r.solved = 5,
            |r| r.rates[1] = f64::INFINITY,
            |r| r.rates[0] = f64::NAN,
            |r| r.rates.push(1.0),
            |r| r.no_guess_pct = Some(101.0),
            |r| r.guesses_per_puzzle = Some(f64::NAN),
            |r| r.threads = Some((2, vec![0.0, 1.0, 1.0])),
        ];
        for (i, spoil) in cases.iter().enumerate() {
            let mut r = record();
            spoil(&mut r);
            assert!(r.check(3).is_err(), "case {i}: {r:?}");
        }
        let mut r = record();
        r.puzzles = 0;
        r.solved = 0;
        assert!(r.check(3).is_err());
    }
}
