//! The measurements of `sudokit bench-sat` over a directory of large puzzles.
//!
//! For every `n{n}_{level}_k{k}_s{seed}.puzzle.txt` in the directory (the
//! layout of `shared/data/large`), every encoding and every solver: the
//! formula size, the encoding time, the solving time (one solution, with a
//! time limit) and whether the grid passed `verify_solution`. Puzzles are
//! not unique, so the answer is checked for validity, never compared with
//! the stored solution.
//!
//! The unreduced encodings (`minimal`, `efficient`, `extended`) grow as
//! `n⁴/2` clauses: 11 M at 49×49, 198 M at 100×100. They are only run up to
//! [`BenchOptions::full_max`].

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sudokit::core::cnf::AmoEncoding;
use sudokit::core::format::{parse_grids, ParseOptions};
use sudokit::solvers::sat::{encode, Encoding, SatSearch, SatSolver};
use sudokit::solvers::{Limits, Stop};

/// What to run.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BenchOptions {
    /// Encodings to compare.
    pub(crate) encodings: Vec<Encoding>,
    /// Solvers to compare.
    pub(crate) solvers: Vec<SatSolver>,
    /// Time limit per solver run (encoding not included).
    pub(crate) timeout: Option<Duration>,
    /// Largest `n` for the unreduced encodings.
    pub(crate) full_max: usize,
    /// Only puzzles whose file name contains this.
    pub(crate) filter: Option<String>,
    /// Overrides every encoding's at-most-one encoding.
    pub(crate) amo: Option<AmoEncoding>,
}

impl Default for BenchOptions {
    fn default() -> BenchOptions {
        BenchOptions {
            encodings: Encoding::ALL.to_vec(),
            solvers: vec![SatSolver::default()],
            timeout: Some(Duration::from_secs(30)),
            full_max: 36,
            filter: None,
            amo: None,
        }
    }
}

/// One measurement.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BenchRow {
    /// Board side.
    pub(crate) n: usize,
    /// Level from the file name (`paper`, `f45`, `f70` …).
    pub(crate) level: String,
    /// Seed from the file name.
    pub(crate) seed: u32,
    /// Number of givens.
    pub(crate) givens: usize,
    /// Encoding.
    pub(crate) encoding: Encoding,
    /// Solver.
    pub(crate) solver: SatSolver,
    /// Variables of the formula.
    pub(crate) vars: usize,
    /// Clauses of the formula.
    pub(crate) clauses: usize,
    /// Encoding time.
    pub(crate) encode: Duration,
    /// Solving time (loading the clauses into the solver included).
    pub(crate) solve: Duration,
    /// `ok` (verified solution), `timeout`, `unsat` or `INVALID: …`.
    pub(crate) result: String,
}

impl BenchRow {
    /// True when a verified solution was found.
    pub(crate) fn solved(&self) -> bool {
        self.result == "ok"
    }

    /// The table header matching [`BenchRow::line`].
    pub(crate) fn header() -> String {
        format!(
            "{:>4} {:>6} {:>4} {:>6} {:>10} {:>8} {:>9} {:>11} {:>10} {:>10}  result",
            "n", "level", "seed", "givens", "encoding", "solver", "vars", "clauses", "encode ms", "solve ms"
        )
    }

    /// One table line.
    pub(crate) fn line(&self) -> String {
        format!(
            "{:>4} {:>6} {:>4} {:>6} {:>10} {:>8} {:>9} {:>11} {:>10.1} {:>10.1}  {}",
            self.n,
            self.level,
            self.seed,
            self.givens,
            self.encoding.name(),
            self.solver.name(),
            self.vars,
            self.clauses,
            self.encode.as_secs_f64() * 1e3,
            self.solve.as_secs_f64() * 1e3,
            self.result
        )
    }
}

/// A puzzle file of the benchmark directory.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    n: usize,
    level: String,
    seed: u32,
    path: PathBuf,
}

fn entries(dir: &Path, filter: Option<&str>) -> std::io::Result<Vec<Entry>> {
    let mut out = Vec::new();
    for file in std::fs::read_dir(dir)? {
        let path = file?.path();
        let Some(name) = path.file_name().and_then(|s| s.to_str()) else {
            continue;
        };
        let Some(stem) = name.strip_suffix(".puzzle.txt") else {
            continue;
        };
        if filter.is_some_and(|f| !name.contains(f)) {
            continue;
        }
        // n{n}_{level}_k{k}_s{seed}
        let parts: Vec<&str> = stem.split('_').collect();
        let (Some(n), Some(seed)) = (
            parts.first().and_then(|p| p.strip_prefix('n')?.parse().ok()),
            parts.last().and_then(|p| p.strip_prefix('s')?.parse().ok()),
        ) else {
            continue;
        };
        let level = parts.get(1).copied().unwrap_or("?").to_string();
        out.push(Entry { n, level, seed, path });
    }
    out.sort();
    Ok(out)
}

/// Runs the benchmark, calling `on_row` as each measurement is made.
pub(crate) fn bench_sat(
    dir: &Path,
    options: &BenchOptions,
    on_row: &mut dyn FnMut(&BenchRow),
) -> Result<Vec<BenchRow>, String> {
    let mut rows = Vec::new();
    let files = entries(dir, options.filter.as_deref()).map_err(|e| format!("{}: {e}", dir.display()))?;
    if files.is_empty() {
        return Err(format!("{}: no *.puzzle.txt files", dir.display()));
    }
    for entry in files {
        let path = entry.path.display().to_string();
        let text = crate::cli::input::read_bounded(&entry.path)?;
        let grid = parse_grids(&text, &ParseOptions::default())
            .into_iter()
            .next()
            .ok_or_else(|| format!("{path}: no puzzle"))?
            .map_err(|e| format!("{path}: {e}"))?
            .grid;
        let givens = grid.filled();
        let puzzle = sudokit_constraints::classic_puzzle(grid).map_err(|e| format!("{path}: {e}"))?;
        for &encoding in &options.encodings {
            let unreduced = matches!(
                encoding,
                Encoding::Minimal | Encoding::Efficient | Encoding::Extended
            );
            if unreduced && entry.n > options.full_max {
                continue;
            }
            let t = Instant::now();
            let encoded = encode(&puzzle, encoding, options.amo).map_err(|e| e.to_string())?;
            let encode_time = t.elapsed();
            for &solver in &options.solvers {
                let strategy = SatSearch {
                    encoding,
                    solver,
                    ..SatSearch::default()
                };
                let limits = Limits {
                    time_limit: options.timeout,
                    ..Limits::solutions(1)
                };
                let mut found = None;
                let t = Instant::now();
                let search = strategy
                    .visit_encoded(&puzzle, &encoded, &limits, &mut |g| {
                        found = Some(g.clone());
                        std::ops::ControlFlow::Break(())
                    })
                    .map_err(|e| e.to_string())?;
                let solve_time = t.elapsed();
                let result = match (search.stop, found) {
                    (_, Some(grid)) => match puzzle.verify_solution(&grid) {
                        Ok(()) => "ok".to_string(),
                        Err(v) => format!("INVALID: {v}"),
                    },
                    (Stop::TimeLimit, None) => "timeout".to_string(),
                    (_, None) => "unsat".to_string(),
                };
                let row = BenchRow {
                    n: entry.n,
                    level: entry.level.clone(),
                    seed: entry.seed,
                    givens,
                    encoding,
                    solver,
                    vars: encoded.cnf.var_count(),
                    clauses: encoded.cnf.clause_count(),
                    encode: encode_time,
                    solve: solve_time,
                    result,
                };
                on_row(&row);
                rows.push(row);
            }
        }
    }
    Ok(rows)
}

/// Per (n, level, encoding, solver): puzzles solved, and the median and
/// maximum of encode + solve time over the solved ones, as table lines.
pub(crate) fn summary(rows: &[BenchRow]) -> Vec<String> {
    let mut keys: Vec<(usize, String, Encoding, SatSolver)> = Vec::new();
    for r in rows {
        let key = (r.n, r.level.clone(), r.encoding, r.solver);
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    let mut out = vec![format!(
        "{:>4} {:>6} {:>10} {:>8} {:>7} {:>9} {:>9} {:>13} {:>10}",
        "n", "level", "encoding", "solver", "solved", "vars~", "clauses~", "median ms", "max ms"
    )];
    for (n, level, encoding, solver) in keys {
        let group: Vec<&BenchRow> = rows
            .iter()
            .filter(|r| r.n == n && r.level == level && r.encoding == encoding && r.solver == solver)
            .collect();
        let mut times: Vec<f64> = group
            .iter()
            .filter(|r| r.solved())
            .map(|r| (r.encode + r.solve).as_secs_f64() * 1e3)
            .collect();
        times.sort_by(f64::total_cmp);
        let median = |v: &[usize]| {
            let mut v = v.to_vec();
            v.sort_unstable();
            v[v.len() / 2]
        };
        let vars = median(&group.iter().map(|r| r.vars).collect::<Vec<_>>());
        let clauses = median(&group.iter().map(|r| r.clauses).collect::<Vec<_>>());
        let (med, max) = match times.len() {
            0 => ("-".to_string(), "-".to_string()),
            k => (format!("{:.1}", times[k / 2]), format!("{:.1}", times[k - 1])),
        };
        out.push(format!(
            "{n:>4} {level:>6} {:>10} {:>8} {:>7} {vars:>9} {clauses:>9} {med:>13} {max:>10}",
            encoding.name(),
            solver.name(),
            format!("{}/{}", times.len(), group.len()),
        ));
    }
    out
}
