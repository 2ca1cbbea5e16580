//! CPU time of the bitboard strategy alone on a file of classic puzzles,
//! every solution checked against the file's `.solutions.txt`: a steadier
//! measure than `sudokit bench` on a busy host (process CPU time, not wall).
//!
//! `cargo run --release -p sudokit-solvers --example bitboard_times -- FILE [PASSES]`

use std::ops::ControlFlow;
use std::time::Duration;

use sudokit_solvers::{Bitboard, Limits};

/// The CPU time this process has used (Linux), else the wall time since
/// the first call.
fn cpu_time() -> Duration {
    #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
    {
        unsafe extern "C" {
            fn clock_gettime(clock: i32, tp: *mut [i64; 2]) -> i32;
        }
        /// Linux's `CLOCK_PROCESS_CPUTIME_ID`.
        const PROCESS_CPU_TIME: i32 = 2;
        let mut spec = [0i64; 2];
        // SAFETY: on 64-bit Linux a `timespec` is two i64 (seconds, nanoseconds).
        if unsafe { clock_gettime(PROCESS_CPU_TIME, &mut spec) } == 0 {
            return Duration::new(spec[0] as u64, spec[1] as u32);
        }
    }
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a puzzle file");
    let passes: usize = args.next().map_or(3, |p| p.parse().expect("a number of passes"));
    let text = std::fs::read_to_string(&path).expect("the puzzle file");
    let solutions = std::fs::read_to_string(path.replace(".txt", ".solutions.txt")).ok();
    let puzzles: Vec<[u8; 81]> = text
        .lines()
        .filter(|line| line.len() >= 81)
        .map(|line| std::array::from_fn(|i| line.as_bytes()[i].saturating_sub(b'0') % 10))
        .collect();
    let mut found = vec![[0u8; 81]; puzzles.len()];
    let mut times = Vec::new();
    let mut guesses = 0;
    for _ in 0..passes {
        guesses = 0;
        let start = cpu_time();
        for (digits, out) in puzzles.iter().zip(&mut found) {
            let search = Bitboard.visit_digits(digits, &Limits::solutions(2), &mut |grid| {
                out.copy_from_slice(grid.values());
                ControlFlow::Continue(())
            });
            assert_eq!(search.count, 1);
            guesses += search.stats.guesses;
        }
        times.push((cpu_time() - start).as_secs_f64() * 1e6 / puzzles.len() as f64);
    }
    if let Some(solutions) = solutions {
        for (k, (line, grid)) in solutions.lines().zip(&found).enumerate() {
            let digits: Vec<u8> = line.bytes().map(|b| b - b'0').collect();
            assert_eq!(&digits[..], &grid[..], "puzzle {k}");
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{path}: {} puzzles, best {:.3} µs, median {:.3} µs a puzzle, {:.2} guesses a puzzle",
        puzzles.len(),
        times[0],
        times[times.len() / 2],
        guesses as f64 / puzzles.len() as f64
    );
}
