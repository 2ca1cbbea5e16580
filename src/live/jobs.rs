//! The commands: one function each, run on a blocking thread.
//!
//! A job gets the request, the [`Limits`] of its run (the `--timeout` and
//! its connection's cancel token) and a way to send frames before its last
//! one (count progress, estimates). It returns its last answer, or `None`
//! once cancelled: a cancelled job sends nothing more.

use std::fmt;
use std::time::Duration;

use crate::solvers::clock::Instant;

use crate::constraints::native;
use crate::core::{Grid, Puzzle};
use crate::solvers::{
    candidate_counts, count_exact_with, true_candidates, Auto, CountProgress, Estimate, Estimator, Limits,
    Stop, Strategy,
};

use super::decode::{decode, Decoded, Marks};
use super::logical;
use super::protocol::{Reply, Request};

/// How often streaming commands report.
pub const REPORT_EVERY: Duration = Duration::from_millis(500);

/// The commands the server knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// True candidates, with solution counts up to a cap.
    TrueCandidates,
    /// Any solution.
    Solve,
    /// 0, 1 or 2+ solutions.
    Check,
    /// The exact count, with progress.
    Count,
    /// Knuth's estimate of the count, streamed until cancelled.
    Estimate,
    /// Logic until stuck.
    SolvePath,
    /// One logical step.
    Step,
    /// Stops the running job.
    Cancel,
    /// The page: the puzzle as sudokit reads it.
    Load,
    /// The page: none, one or several solutions, with two of them.
    Uniqueness,
    /// The page: the whole logical path, step by step.
    Steps,
}

impl Command {
    /// Every command, with its name in the protocol.
    pub const ALL: [(&'static str, Command); 11] = [
        ("truecandidates", Command::TrueCandidates),
        ("solve", Command::Solve),
        ("check", Command::Check),
        ("count", Command::Count),
        ("estimate", Command::Estimate),
        ("solvepath", Command::SolvePath),
        ("step", Command::Step),
        ("cancel", Command::Cancel),
        ("load", Command::Load),
        ("uniqueness", Command::Uniqueness),
        ("steps", Command::Steps),
    ];

    /// The command called `name`, or what the names are.
    pub fn parse(name: &str) -> Result<Command, String> {
        Command::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, c)| c)
            .ok_or_else(|| {
                let names: Vec<&str> = Command::ALL.iter().map(|(n, _)| *n).collect();
                format!("unknown command '{name}' (known: {})", names.join(", "))
            })
    }

    /// Which of the setter's entries the command honours.
    fn marks(self) -> Marks {
        match self {
            Command::SolvePath | Command::Step | Command::Estimate => Marks::Entered,
            _ => Marks::Givens,
        }
    }
}

/// The puzzle of a request, for the log: its size and rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    size: usize,
    rules: Vec<String>,
}

impl Summary {
    fn of(decoded: &Decoded) -> Summary {
        let spec = &decoded.spec;
        let mut rules: Vec<String> = Vec::new();
        if spec.classic {
            rules.push("classic".into());
        }
        for name in super::load::native_names(&native::write(spec)) {
            if !rules.contains(&name) {
                rules.push(name);
            }
        }
        Summary {
            size: spec.size,
            rules,
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{n}×{n} [{}]", self.rules.join(", "), n = self.size)
    }
}

/// Runs `command` on the request's puzzle. `send` takes the frames before
/// the last; the last is returned (`None` after a cancel), with the
/// puzzle's summary when it could be read.
pub fn run(
    command: Command,
    request: &Request,
    limits: &Limits,
    send: &mut dyn FnMut(Reply),
) -> (Option<Reply>, Option<Summary>) {
    let decoded = match decode(request, command.marks()) {
        Ok(decoded) => decoded,
        Err(message) => return (Some(Reply::invalid(message)), None),
    };
    let summary = Summary::of(&decoded);
    let reply = match command {
        Command::TrueCandidates => true_candidates_job(&decoded, limits),
        Command::Solve => solve(&decoded.puzzle, limits),
        Command::Check => check(&decoded.puzzle, limits),
        Command::Count => count(&decoded.puzzle, limits, send),
        Command::Estimate => estimate(&decoded.puzzle, limits, send),
        Command::SolvePath => logical::solve_path(&decoded),
        Command::Step => logical::step(&decoded),
        Command::Steps => logical::steps(&decoded),
        Command::Uniqueness => uniqueness(&decoded.puzzle, limits),
        Command::Load => super::load::load(&decoded),
        Command::Cancel => Reply::Canceled {},
    };
    ((!limits.cancelled()).then_some(reply), Some(summary))
}

/// A puzzle's lack of solutions, said with the reason when the givens
/// themselves break a rule.
fn no_solution(puzzle: &Puzzle) -> Reply {
    Reply::invalid(match puzzle.check_givens() {
        Err(violation) => format!("No solutions found: the givens break the {violation}."),
        Ok(()) => "No solutions found.".to_string(),
    })
}

fn time_limit(limits: &Limits) -> Reply {
    let secs = limits.time_limit.map_or(0.0, |t| t.as_secs_f64());
    Reply::invalid(format!(
        "Stopped by the time limit ({secs} s, see sudokit serve --timeout)."
    ))
}

fn search_error(e: impl std::fmt::Display) -> Reply {
    Reply::invalid(format!("cannot search this puzzle: {e}"))
}

/// `truecandidates`: per candidate, the solutions using it up to the cap.
fn true_candidates_job(decoded: &Decoded, limits: &Limits) -> Reply {
    let puzzle = &decoded.puzzle;
    let n = puzzle.size();
    let cap = decoded.options.cap;
    let strategy = Auto::default();
    let found = strategy.prepare(puzzle).and_then(|mut session| {
        let truth = true_candidates(session.as_mut(), limits)?;
        let counts = match cap > 1 && truth.is_exact() && !truth.is_unsolvable() {
            true => Some(candidate_counts(session.as_mut(), &truth, cap, limits)?),
            false => None,
        };
        Ok((truth, counts))
    });
    let (truth, counts) = match found {
        Ok(found) => found,
        Err(e) => return search_error(e),
    };
    if !truth.is_exact() {
        return time_limit(limits);
    }
    if truth.is_unsolvable() {
        return no_solution(puzzle);
    }
    let mut per_candidate = vec![0i64; n * n * n];
    for (cell, set) in truth.candidates.iter().enumerate() {
        for digit in set.iter() {
            per_candidate[cell * n + usize::from(digit) - 1] = 1;
        }
    }
    if let Some(counts) = counts {
        for (cell, list) in counts.cells.iter().enumerate() {
            for &(digit, solutions, _) in list {
                per_candidate[cell * n + usize::from(digit) - 1] = solutions.min(cap) as i64;
            }
        }
    }
    if decoded.options.logical {
        let end = logical::solver(&decoded.options.disabled_logic).solve(puzzle).end;
        for (cell, set) in end.iter().enumerate() {
            for digit in set.iter() {
                let slot = &mut per_candidate[cell * n + usize::from(digit) - 1];
                if *slot == 0 {
                    *slot = -1;
                }
            }
        }
    }
    Reply::TrueCandidates {
        solutions_per_candidate: per_candidate,
    }
}

/// `solve`: any solution.
fn solve(puzzle: &Puzzle, limits: &Limits) -> Reply {
    let limits = Limits {
        max_solutions: Some(1),
        ..*limits
    };
    match Auto::default().solve(puzzle, &limits) {
        Err(e) => search_error(e),
        Ok(outcome) => match outcome.solutions.first() {
            Some(grid) => Reply::Solved {
                solution: grid.values().to_vec(),
            },
            None if outcome.exhaustive() => no_solution(puzzle),
            None => time_limit(&limits),
        },
    }
}

/// Up to two solutions, as `check` and `uniqueness` need them; `Err` is
/// the answer when the search could not tell.
fn two_solutions(puzzle: &Puzzle, limits: &Limits) -> Result<Vec<Grid>, Reply> {
    let limits = Limits {
        max_solutions: Some(2),
        ..*limits
    };
    let outcome = Auto::default().solve(puzzle, &limits).map_err(search_error)?;
    match outcome.stop {
        Stop::Exhausted | Stop::SolutionLimit => Ok(outcome.solutions),
        _ => Err(time_limit(&limits)),
    }
}

/// `check`: 0, 1 or 2 (two or more) solutions.
fn check(puzzle: &Puzzle, limits: &Limits) -> Reply {
    match two_solutions(puzzle, limits) {
        Ok(solutions) => Reply::Count {
            count: solutions.len() as u128,
            in_progress: false,
        },
        Err(reply) => reply,
    }
}

/// The page's `uniqueness`: the count up to 2, the solutions, where they differ.
fn uniqueness(puzzle: &Puzzle, limits: &Limits) -> Reply {
    let solutions = match two_solutions(puzzle, limits) {
        Ok(solutions) => solutions,
        Err(reply) => return reply,
    };
    let differ = match solutions.as_slice() {
        [a, b] => a
            .values()
            .iter()
            .zip(b.values())
            .enumerate()
            .filter(|(_, (x, y))| x != y)
            .map(|(i, _)| i)
            .collect(),
        _ => Vec::new(),
    };
    Reply::Uniqueness {
        count: solutions.len() as u8,
        solutions: solutions.iter().map(|g| g.values().to_vec()).collect(),
        differ,
    }
}

/// `count`: the exact count, with the count so far every ~500 ms.
fn count(puzzle: &Puzzle, limits: &Limits, send: &mut dyn FnMut(Reply)) -> Reply {
    let mut last = Instant::now();
    let mut progress = |p: &CountProgress| {
        if last.elapsed() >= REPORT_EVERY && !limits.cancelled() {
            last = Instant::now();
            send(Reply::Count {
                count: p.count,
                in_progress: true,
            });
        }
    };
    match count_exact_with(&Auto::default(), puzzle, limits, &mut progress, None) {
        Err(e) => search_error(e),
        Ok(result) if result.exact => Reply::Count {
            count: result.count,
            in_progress: false,
        },
        Ok(result) if result.stop == Stop::Cancelled => Reply::Canceled {},
        Ok(result) => Reply::invalid(format!(
            "Stopped by the time limit after {} solutions (see sudokit serve --timeout).",
            result.count
        )),
    }
}

/// `estimate`: Knuth's estimate every ~500 ms, until cancelled (or the
/// time limit, whose last estimate is the answer).
fn estimate(puzzle: &Puzzle, limits: &Limits, send: &mut dyn FnMut(Reply)) -> Reply {
    let mut estimator = Estimator::new(puzzle, fastrand::u64(..));
    estimator.run_until(limits, None, REPORT_EVERY, &mut |e| send(estimate_reply(e)));
    estimate_reply(&estimator.estimate())
}

fn estimate_reply(e: &Estimate) -> Reply {
    Reply::Estimate {
        estimate: e.mean,
        stderr: e.stderr,
        iterations: e.iterations,
        ci95_lower: e.ci95.0,
        ci95_upper: e.ci95.1,
        rel_err_percent: e.rel_err_percent,
    }
}
