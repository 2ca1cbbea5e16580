//! `sudokit candidates`: the true candidates of a puzzle, the digits each
//! cell holds in at least one solution (what setters compare with what
//! logic reaches), optionally with how many solutions use each.

use std::io::Write;
use std::time::{Duration, Instant};

use clap::Args;
use serde_json::json;
use sudokit::core::format::display_candidates;
use sudokit::core::{Cell, Digits};
use sudokit::logic::Verdict;
use sudokit::solvers::{candidate_counts, pattern, true_candidates, Limits};

use super::compare::{parse_timeout, Timeout};
use super::explain::LadderArgs;
use super::input::{Echo, InputArgs};
use super::output;
use super::report::ms;
use super::strategies::strategy_names;
use super::Status;

/// Options of `sudokit candidates`.
#[derive(Debug, Args)]
pub(crate) struct CandidatesArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Also count the solutions that use each true candidate, up to --cap.
    #[arg(long)]
    counts: bool,
    /// Where --counts stops counting (shown as `100+`).
    #[arg(long, value_name = "N", default_value_t = 100)]
    cap: u64,
    /// One JSON object per puzzle and line instead of the grid.
    #[arg(long)]
    json: bool,
    /// Solving strategy (propagation, dlx, sat, backtracking).
    #[arg(long, value_name = "NAME", default_value = "propagation", value_parser = strategy_names())]
    strategy: String,
    /// Give up on each search after SECS seconds (its candidate is then unknown).
    /// `--timeout 0`: no limit, as everywhere.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    timeout: Option<Timeout>,
    /// What logic alone reaches instead (the logical solver's candidates
    /// when it is solved or stuck), to compare with the true candidates.
    /// Exit code 3 when some cell keeps several.
    #[arg(long, conflicts_with_all = ["counts", "strategy", "timeout"])]
    logical: bool,
    #[command(flatten)]
    ladder: LadderArgs,
    /// Per puzzle on stderr: the cells left open, the searches run, the
    /// time, and what an f-puzzles file held that is only decoration.
    #[arg(long)]
    verbose: bool,
}

/// Runs `sudokit candidates`.
pub(crate) fn run(args: &CandidatesArgs) -> Status {
    if args.logical {
        return run_logical(args);
    }
    let strategy = match super::strategies::strategy(&args.strategy) {
        Ok(strategy) => strategy,
        Err(message) => {
            eprintln!("sudokit: {message}");
            return Status::BadInput;
        }
    };
    let limits = Limits {
        time_limit: args.timeout.and_then(|Timeout(t)| t),
        ..Limits::all()
    };
    let mut out = output::answers(args.input.reads_stdin());
    let mut status = Status::Ok;
    let mut tally = Tally::default();
    for (index, entry) in args.input.entries().enumerate() {
        if index > 0 && !args.json {
            let _ = writeln!(out);
        }
        let echo = Echo::Line { json: args.json };
        let Some((origin, read)) = echo.take(entry, args.verbose, &mut out, &mut status) else {
            continue;
        };
        let puzzle = read.puzzle;
        let n = puzzle.size();
        let started = Instant::now();
        let result = strategy.prepare(&puzzle).and_then(|mut session| {
            let truth = true_candidates(session.as_mut(), &limits)?;
            let counts = if args.counts && !truth.is_unsolvable() {
                Some(candidate_counts(session.as_mut(), &truth, args.cap, &limits)?)
            } else {
                None
            };
            Ok((truth, counts))
        });
        let (truth, counts) = match result {
            Ok(found) => found,
            Err(e) => {
                eprintln!("sudokit: {}: {e}", origin);
                let _ = writeln!(out, "error: {e}");
                status = status.worst(Status::BadInput);
                continue;
            }
        };
        let elapsed = started.elapsed();
        let several = truth.candidates.iter().filter(|s| s.len() > 1).count();
        let unknown: Vec<(Cell, Digits<u128>)> = truth
            .unknown
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.is_empty())
            .map(|(i, s)| (Cell(i as u16), *s))
            .collect();
        let answer = if truth.is_unsolvable() {
            Status::NoSolution
        } else if several > 0 {
            Status::Several
        } else {
            Status::Ok
        };
        status = status.worst(answer);
        tally.add(answer, elapsed);
        let digits = |set: &Digits<u128>| set.iter().collect::<Vec<_>>();
        // Givens that break a rule are the reason to name, as `solve` does.
        let broken = match truth.is_unsolvable() {
            true => puzzle
                .check_givens()
                .err()
                .map(|v| format!("the givens break the {v}")),
            false => None,
        };
        if args.json {
            let counts_json = counts.as_ref().map(|c| {
                c.cells
                    .iter()
                    .map(|cell| {
                        cell.iter()
                            .map(|&(d, count, exact)| json!({ "digit": d, "solutions": count, "exact": exact }))
                            .collect::<Vec<_>>()
                    })
                    .collect::<Vec<_>>()
            });
            let line = json!({
                "input": origin,
                "size": n,
                "solvable": !truth.is_unsolvable(),
                "reason": broken,
                "exact": truth.is_exact(),
                "candidates": truth.candidates.iter().map(digits).collect::<Vec<_>>(),
                "unknown": unknown.iter().map(|(c, s)| json!({ "cell": c.name(n), "digits": digits(s) })).collect::<Vec<_>>(),
                "counts": counts_json,
                "searches": truth.searches,
                "ms": elapsed.as_secs_f64() * 1e3,
            });
            let _ = writeln!(out, "{line}");
            continue;
        }
        if truth.is_unsolvable() {
            match &broken {
                Some(reason) => writeln!(out, "no solution: {reason}"),
                None => writeln!(out, "no solution"),
            }
            .ok();
        } else {
            let _ = write!(
                out,
                "{}",
                display_candidates(puzzle.geometry(), &truth.candidates)
            );
        }
        if !unknown.is_empty() {
            let list: Vec<String> = unknown
                .iter()
                .map(|(c, s)| format!("{} {:?}", c.name(n), digits(s)))
                .collect();
            let _ = writeln!(
                out,
                "unknown (searches stopped by --timeout): {}",
                list.join(", ")
            );
        }
        if let Some(counts) = &counts {
            for (i, cell) in counts.cells.iter().enumerate().filter(|(_, c)| c.len() > 1) {
                let list: Vec<String> = cell
                    .iter()
                    .map(|&(d, count, exact)| format!("{d}×{count}{}", if exact { "" } else { "+" }))
                    .collect();
                let _ = writeln!(out, "{}: {}", Cell(i as u16).name(n), list.join(" "));
            }
        }
        if args.verbose && truth.searches == 0 && !truth.is_unsolvable() && pattern::applies_to(&puzzle) {
            eprintln!("{origin}: {}", pattern::HOW_CANDIDATES);
        }
        if args.verbose {
            eprintln!(
                "{}: {} cells with several true candidates, {} search{}, {} ms",
                origin,
                several,
                truth.searches,
                if truth.searches == 1 { "" } else { "es" },
                ms(elapsed)
            );
        }
    }
    let _ = out.flush();
    if tally.puzzles > 0 {
        eprintln!("{}", tally.summary());
    }
    status
}

/// What a batch's answers were, for the summary line on stderr.
#[derive(Debug, Default)]
struct Tally {
    puzzles: usize,
    unique: usize,
    several: usize,
    none: usize,
    total: Duration,
    longest: Duration,
}

impl Tally {
    fn add(&mut self, answer: Status, elapsed: Duration) {
        self.puzzles += 1;
        match answer {
            Status::Ok => self.unique += 1,
            Status::Several => self.several += 1,
            _ => self.none += 1,
        }
        self.total += elapsed;
        self.longest = self.longest.max(elapsed);
    }

    /// `3 puzzles: 1 unique, 1 with several solutions, 1 without (avg 2.1 ms, max 4.0 ms).`
    fn summary(&self) -> String {
        format!(
            "{} puzzle{}: {} unique, {} with several solutions, {} without (avg {} ms, max {} ms).",
            self.puzzles,
            if self.puzzles == 1 { "" } else { "s" },
            self.unique,
            self.several,
            self.none,
            ms(self.total / self.puzzles as u32),
            ms(self.longest)
        )
    }
}

/// `candidates --logical`: the candidates the logical solver reaches.
fn run_logical(args: &CandidatesArgs) -> Status {
    let solver = args.ladder.solver();
    let mut out = output::answers(args.input.reads_stdin());
    let mut status = Status::Ok;
    for (index, entry) in args.input.entries().enumerate() {
        if index > 0 && !args.json {
            let _ = writeln!(out);
        }
        let echo = Echo::Line { json: args.json };
        let Some((origin, read)) = echo.take(entry, false, &mut out, &mut status) else {
            continue;
        };
        let puzzle = read.puzzle;
        let explanation = solver.solve(&puzzle);
        let grade = explanation.grade();
        status = status.worst(match grade.verdict {
            Verdict::Solved => Status::Ok,
            Verdict::NeedsGuessing => Status::Several,
            Verdict::NoSolution => Status::NoSolution,
        });
        if args.json {
            let digits = |set: &Digits<u128>| set.iter().collect::<Vec<_>>();
            let line = json!({
                "input": origin,
                "logical": true,
                "verdict": grade.verdict.to_string(),
                "score": super::report::json_decimal(grade.score),
                "hardest": grade.hardest,
                "steps": grade.steps,
                "candidates": explanation.end.iter().map(digits).collect::<Vec<_>>(),
            });
            let _ = writeln!(out, "{line}");
            continue;
        }
        let _ = write!(out, "{}", display_candidates(puzzle.geometry(), &explanation.end));
        let _ = writeln!(out, "logic: {grade}");
    }
    status
}
