//! Running a peer harness and trusting only the figures that hold together.
//!
//! A peer is a harness binary (`scripts/build-peer.sh` builds them) that
//! times itself on a file and prints one line,
//! `NAME FILE: solved N/M in S s, P puzzles/s, U us/puzzle`; `--unique`
//! asks it to prove uniqueness. The harnesses exit 1 when they solved fewer
//! than M, with the line printed all the same.

use std::io::Read;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What one run of a peer harness reported.
#[derive(Debug, PartialEq)]
pub(super) struct PeerRun {
    /// The solver's name, the first word of its line.
    pub(super) name: String,
    /// Puzzles it solved (and checked).
    pub(super) solved: usize,
    /// Puzzles per second.
    pub(super) rate: f64,
}

/// What a peer may print before it is cut off: its protocol line is short.
const PEER_OUTPUT_MAX: u64 = 64 * 1024;

/// Runs a peer harness on `file`, which holds `puzzles` puzzles: killed
/// after `timeout`, its output read up to [`PEER_OUTPUT_MAX`], its exit
/// status and stderr reported when it does not answer with a protocol
/// line, and its figures checked ([`parse_line`]).
pub(super) fn run_peer(
    bin: &Path,
    file: &Path,
    limit: u64,
    timeout: Duration,
    puzzles: usize,
) -> Result<PeerRun, String> {
    let mut cmd = Command::new(bin);
    if limit == 2 {
        cmd.arg("--unique");
    }
    let mut child = cmd
        .arg(file)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    let stdout = read_bounded(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let stderr = read_bounded(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "no answer within {} s (killed; --peer-timeout)",
                timeout.as_secs_f64()
            ));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let text = stdout.join().unwrap_or_default();
    let errors = stderr.join().unwrap_or_default();
    let line = text.lines().last().unwrap_or_default();
    match parse_line(line, puzzles) {
        // A harness that solved fewer than all exits 1: its line still counts.
        Ok(run) if status.success() || run.solved < puzzles => Ok(run),
        Ok(_) => Err(format!("{}; stdout: {line:?}", failure(status, &errors))),
        Err(Malformed::NotProtocol) if status.success() => Err(format!("not a protocol line: {line:?}")),
        Err(Malformed::NotProtocol) => Err(format!(
            "{}; not a protocol line: {line:?}",
            failure(status, &errors)
        )),
        Err(Malformed::Implausible(why)) => Err(format!("implausible figures ({why}): {line}")),
    }
}

/// Reads a pipe on its own thread, keeping the first [`PEER_OUTPUT_MAX`]
/// bytes and draining the rest so the peer is never blocked on a full pipe.
fn read_bounded(pipe: Option<Box<dyn Read + Send>>) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.by_ref().take(PEER_OUTPUT_MAX).read_to_end(&mut text);
            let _ = std::io::copy(&mut pipe, &mut std::io::sink());
        }
        String::from_utf8_lossy(&text).into_owned()
    })
}

/// "exited with STATUS; stderr: LAST LINES".
fn failure(status: ExitStatus, errors: &str) -> String {
    let tail: Vec<&str> = errors.lines().rev().take(5).collect();
    let tail: Vec<&str> = tail.into_iter().rev().collect();
    if tail.is_empty() {
        format!("exited with {status}, nothing on stderr")
    } else {
        format!("exited with {status}; stderr: {}", tail.join(" / "))
    }
}

/// Why a peer's last line was refused.
#[derive(Debug, PartialEq)]
pub(super) enum Malformed {
    /// Not of the form `NAME FILE: solved N/M in S s, P puzzles/s, U us/puzzle`.
    NotProtocol,
    /// Of that form, but with figures that cannot all be true.
    Implausible(String),
}

/// Reads a protocol line, `NAME FILE: solved N/M in S s, P puzzles/s,
/// U us/puzzle`, and checks its figures: M is the `puzzles` sudokit read,
/// N ≤ M, every figure finite, S > 0, and P and U agree with M and S to
/// the precision they are printed with.
pub(super) fn parse_line(line: &str, puzzles: usize) -> Result<PeerRun, Malformed> {
    let name = line.split_whitespace().next().ok_or(Malformed::NotProtocol)?;
    let (_, figures) = line.rsplit_once(": solved ").ok_or(Malformed::NotProtocol)?;
    let (counts, rest) = figures.split_once(" in ").ok_or(Malformed::NotProtocol)?;
    let (solved, total) = counts.split_once('/').ok_or(Malformed::NotProtocol)?;
    let parts: Vec<&str> = rest.split(", ").collect();
    let [secs, rate, micros] = parts[..] else {
        return Err(Malformed::NotProtocol);
    };
    let secs = Figure::parse(secs, " s")?;
    let rate = Figure::parse(rate, " puzzles/s")?;
    let micros = Figure::parse(micros, " us/puzzle")?;
    let count = |t: &str| t.trim().parse::<usize>().map_err(|_| Malformed::NotProtocol);
    let (solved, total) = (count(solved)?, count(total)?);
    let implausible = |why: String| Err(Malformed::Implausible(why));
    if total != puzzles {
        return implausible(format!("it read {total} puzzles where sudokit read {puzzles}"));
    }
    if solved > total {
        return implausible(format!("{solved} of {total} puzzles solved"));
    }
    if ![secs, rate, micros].iter().all(|f| f.value.is_finite()) || secs.value <= 0.0 || rate.value <= 0.0 {
        return implausible("a time or rate that is zero, negative, infinite or not a number".into());
    }
    let m = total as f64;
    if !rate.agrees(m / secs.high(), m / secs.low()) {
        return implausible(format!(
            "{} puzzles/s is not {total} puzzles in {} s",
            rate.value, secs.value
        ));
    }
    if !micros.agrees(secs.low() * 1e6 / m, secs.high() * 1e6 / m) {
        return implausible(format!(
            "{} us/puzzle is not {} s for {total} puzzles",
            micros.value, secs.value
        ));
    }
    Ok(PeerRun {
        name: name.to_string(),
        solved,
        rate: rate.value,
    })
}

/// A printed number and half its last printed digit: the value it stands
/// for lies within `value ± half_ulp`.
#[derive(Clone, Copy, Debug)]
struct Figure {
    value: f64,
    half_ulp: f64,
}

impl Figure {
    /// Reads `NUMBER` followed by `unit`.
    fn parse(text: &str, unit: &str) -> Result<Figure, Malformed> {
        let number = text
            .trim()
            .strip_suffix(unit)
            .ok_or(Malformed::NotProtocol)?
            .trim();
        let value = number.parse::<f64>().map_err(|_| Malformed::NotProtocol)?;
        let decimals = number
            .split_once('.')
            .map_or(0, |(_, f)| f.chars().take_while(char::is_ascii_digit).count());
        let half_ulp = 0.5 * 10f64.powi(-i32::try_from(decimals).unwrap_or(i32::MAX));
        Ok(Figure { value, half_ulp })
    }

    fn low(self) -> f64 {
        self.value - self.half_ulp
    }

    fn high(self) -> f64 {
        self.value + self.half_ulp
    }

    /// Whether this figure can be a number in `lo..=hi` (with a relative
    /// slack of 1e-6 for the float arithmetic on both sides).
    fn agrees(self, lo: f64, hi: f64) -> bool {
        let lo = if lo.is_nan() { 0.0 } else { lo };
        let hi = if hi.is_nan() || hi <= 0.0 {
            f64::INFINITY
        } else {
            hi
        };
        let slack = 1e-6 * self.value.abs();
        self.high() + slack >= lo && self.low() - slack <= hi
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn implausible(line: &str, puzzles: usize) -> bool {
        matches!(parse_line(line, puzzles), Err(Malformed::Implausible(_)))
    }

    #[test]
    fn harness_lines_as_the_peers_print_them_are_read() {
        // tdoku's harness: rate with no decimals.
        let run = parse_line(
            "tdoku /d/top1465.txt: solved 1465/1465 in 0.060617 s, 24168 puzzles/s, 41.377 us/puzzle",
            1465,
        )
        .unwrap();
        assert_eq!(run.name, "tdoku");
        assert_eq!(run.solved, 1465);
        assert_eq!(run.rate, 24168.0);
        // rust-sudoku's: one decimal; a file name with ": solved " in it.
        let run = parse_line(
            "rust-sudoku a: solved b.txt: solved 2/3 in 0.000100 s, 30000.0 puzzles/s, 33.333 us/puzzle",
            3,
        )
        .unwrap();
        assert_eq!((run.solved, run.rate), (2, 30000.0));
    }

    #[test]
    fn figures_that_cannot_all_be_true_are_refused() {
        let ok = "x f: solved 1/1 in 0.001 s, 1000.0 puzzles/s, 1000.000 us/puzzle";
        assert!(parse_line(ok, 1).is_ok());
        assert!(implausible(ok, 2), "another puzzle count");
        assert!(implausible(
            "x f: solved 2/1 in 0.001 s, 1000.0 puzzles/s, 1000.0 us/puzzle",
            1
        ));
        assert!(implausible(
            "x f: solved 1/1 in 0.001000 s, 2000.0 puzzles/s, 1000.0 us/puzzle",
            1
        ));
        assert!(implausible(
            "x f: solved 1/1 in 0.001 s, 1000.0 puzzles/s, 10.0 us/puzzle",
            1
        ));
        assert!(implausible(
            "x f: solved 1/1 in 0 s, inf puzzles/s, 0 us/puzzle",
            1
        ));
        assert!(implausible(
            "x f: solved 1/1 in 0.001 s, NaN puzzles/s, 1000 us/puzzle",
            1
        ));
        // A time printed as 0.000 may be anything below 0.0005 s.
        assert!(parse_line("x f: solved 1/1 in 0.000 s, 5000 puzzles/s, 200 us/puzzle", 1).is_err());
        assert!(parse_line("x f: solved 9/9 in 0.001 s, 9000 puzzles/s, 111.1 us/puzzle", 9).is_ok());
    }

    #[test]
    fn other_lines_are_not_protocol_lines() {
        for line in [
            "",
            "hello",
            "x f: solved 1/1 in 0.001 s, 1000.0 puzzles/s",
            "x f: solved one/1 in 0.001 s, 1000.0 puzzles/s, 1000 us/puzzle",
            "x f: solved 1/1 in 0.001 s, 1000.0 per second, 1000 us/puzzle",
        ] {
            assert_eq!(parse_line(line, 1), Err(Malformed::NotProtocol), "{line:?}");
        }
    }
}
