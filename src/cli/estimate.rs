//! `sudokit count --estimate`: about how many solutions, from Knuth's
//! random probes, when counting them all would take too long.
//!
//! Stdout has one line per input puzzle, in input order:
//! `about 6.671e21 ± 1.8 % (95 %: 6.43e21 to 6.91e21; 40,311 probes)`,
//! with `; interrupted` inside the brackets after Ctrl-C, or `error: …`.
//! A terminal sees the estimate update on stderr. Exit codes: 0 every
//! estimate is above 0, 1 some estimate is 0 (no probe reached a
//! solution: likely none), 2 some input could not be read, 130 after
//! Ctrl-C, which stops the current estimate, prints it and skips the
//! puzzles after it.

use std::io::Write;
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use serde_json::json;
use sudokit::solvers::{Cancel, Estimate, Estimator, Limits, Stop};

use super::input::{Echo, InputArgs};
use super::output;
use super::progress;
use super::report::{grouped, ms};
use super::Status;

/// How long each estimate probes without `--time` or `--probes`.
pub(crate) const DEFAULT_TIME: Duration = Duration::from_secs(10);

/// How often a terminal sees the estimate change.
const REDRAW: Duration = progress::TICK;

/// What `--estimate` was asked.
pub(crate) struct EstimateOptions {
    /// Probing time per puzzle (`None` with `--probes` alone: no limit).
    pub(crate) time: Option<Duration>,
    /// Probes per puzzle, if limited.
    pub(crate) probes: Option<u64>,
    /// The random seed of every puzzle's probes.
    pub(crate) seed: u64,
    pub(crate) json: bool,
    pub(crate) verbose: bool,
}

/// Estimates each puzzle of `input` in turn.
pub(crate) fn run(input: &InputArgs, options: &EstimateOptions, cancel: Cancel) -> Status {
    let limits = Limits {
        time_limit: options.time,
        cancel: Some(cancel),
        ..Limits::all()
    };
    let mut out = output::answers(input.reads_stdin());
    let mut status = Status::Ok;
    for entry in input.entries() {
        if cancel.is_cancelled() {
            break;
        }
        let echo = Echo::Line { json: options.json };
        let Some((origin, read)) = echo.take(entry, options.verbose, &mut out, &mut status) else {
            continue;
        };
        let _ = out.flush();
        let started = Instant::now();
        let mut estimator = Estimator::new(&read.puzzle, options.seed);
        let spinner = spinner(&origin);
        let stop = estimator.run_until(&limits, options.probes, REDRAW, &mut |e| {
            spinner.set_message(estimate_text(e));
        });
        spinner.finish_and_clear();
        let elapsed = started.elapsed();
        let estimate = estimator.estimate();
        status = status.worst(if estimate.mean > 0.0 {
            Status::Ok
        } else {
            Status::NoSolution
        });
        if options.json {
            let _ = writeln!(
                out,
                "{}",
                json_line(&origin, &estimate, stop, options.seed, elapsed)
            );
        } else {
            let _ = writeln!(out, "{}", estimate_line(&estimate, stop));
        }
        if options.verbose {
            eprintln!(
                "{origin}: {} probes in {} ms (seed {})",
                estimate.iterations,
                ms(elapsed),
                options.seed
            );
        }
    }
    let _ = out.flush();
    if cancel.is_cancelled() {
        return Status::Interrupted;
    }
    status
}

/// `6.671e21`, or `287.6` below a million.
fn number(x: f64) -> String {
    if x == 0.0 {
        "0".to_string()
    } else if x < 1e6 {
        format!("{x:.1}")
    } else {
        format!("{x:.3e}")
    }
}

/// `about 6.671e21 ± 1.8 %`.
fn estimate_text(e: &Estimate) -> String {
    format!("about {} ± {:.1} %", number(e.mean), e.rel_err_percent)
}

/// The answer line: `about 6.671e21 ± 1.8 % (95 %: 6.43e21 to 6.91e21; 40,311 probes)`.
fn estimate_line(e: &Estimate, stop: Stop) -> String {
    format!(
        "{} (95 %: {} to {}; {} probes{})",
        estimate_text(e),
        number(e.ci95.0),
        number(e.ci95.1),
        grouped(u128::from(e.iterations)),
        if stop == Stop::Cancelled {
            "; interrupted"
        } else {
            ""
        }
    )
}

fn json_line(origin: &str, e: &Estimate, stop: Stop, seed: u64, elapsed: Duration) -> serde_json::Value {
    json!({
        "input": origin,
        "estimate": e.mean,
        "stderr": e.stderr,
        "ci95": [e.ci95.0, e.ci95.1],
        "rel_err_percent": e.rel_err_percent,
        "probes": e.iterations,
        "stop": match stop {
            Stop::Cancelled => "interrupted",
            Stop::NodeLimit => "probes",
            _ => "time limit",
        },
        "seed": seed,
        "ms": elapsed.as_secs_f64() * 1e3,
    })
}

/// A line on stderr that follows the estimate when a person watches it,
/// nothing otherwise.
fn spinner(origin: &str) -> ProgressBar {
    let spinner = progress::on_terminal(None, "{elapsed:>4} {spinner} {prefix}  {msg}", origin);
    spinner.set_message("probing…");
    spinner
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_give_the_estimate_its_error_and_interval() {
        let e = Estimate {
            mean: 6.671e21,
            stderr: 1.2e20,
            iterations: 40_311,
            ci95: (6.43e21, 6.91e21),
            rel_err_percent: 1.8,
        };
        assert_eq!(
            estimate_line(&e, Stop::TimeLimit),
            "about 6.671e21 ± 1.8 % (95 %: 6.430e21 to 6.910e21; 40,311 probes)"
        );
        assert!(estimate_line(&e, Stop::Cancelled).ends_with("probes; interrupted)"));
        assert_eq!(number(287.64), "287.6");
        assert_eq!(number(0.0), "0");
    }
}
