//! The `sudokit` command line: solve, compare and benchmark puzzles.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
