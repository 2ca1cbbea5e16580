//! Subcommands of the `sudokit` binary, one module each.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod bench;
mod candidates;
mod compare;
mod convert;
mod count;
mod encode;
mod estimate;
mod explain;
mod generate;
mod grade;
mod input;
mod interrupt;
mod jobs;
mod output;
mod pipeline;
mod progress;
mod report;
mod research;
mod rules;
#[cfg(feature = "serve")]
mod serve;
mod solve;
mod strategies;

/// Sudoku and its variants as a pluggable constraint-solving framework.
#[derive(Debug, Parser)]
#[command(name = "sudokit", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve puzzles: one output line per input puzzle.
    Solve(solve::SolveArgs),
    /// The true candidates of puzzles: the digits each cell holds in some solution.
    Candidates(candidates::CandidatesArgs),
    /// The exact number of solutions of puzzles, however many (progress bar, --timeout, Ctrl-C), or an estimate (--estimate).
    Count(count::CountArgs),
    /// Solve by logic alone and say why, step by step (`Naked pair {2,6} in r1c5, r1c6 (box 2) …`).
    Explain(explain::ExplainArgs),
    /// How hard puzzles are for people: the hardest technique needed, a score, a histogram.
    Grade(grade::GradeArgs),
    /// Make puzzles: Norvig's random ones, or unique minimal ones (classic or from a variant template).
    Generate(generate::GenerateArgs),
    /// Experiments: Norvig's heavy tail of solve times on random puzzles.
    Experiment(research::experiment::ExperimentArgs),
    /// List every rule: native name, f-puzzles key, meaning.
    Rules(rules::RulesArgs),
    /// Write puzzles in another format: f-puzzles JSON or URL, native TOML, one line.
    Convert(convert::ConvertArgs),
    /// Time strategies (and a peer solver) over puzzle files: median puzzles/s.
    Bench(bench::classic::BenchArgs),
    /// Write one puzzle as DIMACS CNF for an external SAT solver.
    Encode(encode::EncodeArgs),
    /// Read a SAT solver's model of a `sudokit encode` CNF back into a grid.
    Decode(encode::DecodeArgs),
    /// Compare SAT encodings and solvers over the large puzzles (variables, clauses, times).
    BenchSat(bench::sat::BenchSatArgs),
    /// Time the variant puzzles of a folder (f-puzzles JSON) against the CP-SAT oracle's recorded times.
    BenchVariants(bench::variants::BenchVariantsArgs),
    /// Compare solving strategies: a table of file × strategy with solved
    /// counts, timings, nodes and guesses per puzzle (each puzzle timed on
    /// its own thread of --jobs; the footer gives the wall time).
    Compare(compare::CompareArgs),
    /// Count the 9×9 grids by Felgenhauer and Jarvis's band method: every
    /// figure of the method, with the time it took.
    CountGrids(research::count_grids::CountGridsArgs),
    /// The minlex canonical form of 9×9 grids and puzzles under the Sudoku
    /// symmetries (`--json`: the transformation and the automorphisms).
    Canon(research::canon::CanonArgs),
    /// Every puzzle with at most K clues of each solution grid (McGuire's
    /// unavoidable sets and hitting sets; `--json`: counts and time).
    Clues(research::clues::CluesArgs),
    /// The live link for setters: the f-puzzles userscript's websocket
    /// server (SudokuSolver's protocol) and a page, on localhost:4545.
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
    /// Time `serve` through its socket: true candidates of the variant
    /// puzzles (median, p95) and a setter's edit loop.
    #[cfg(feature = "serve")]
    BenchServe(serve::bench::BenchServeArgs),
}

/// How a run ended, as an exit code: 0 all answered, 1 some puzzle has no
/// solution (or none was found within the limits; for `compare`: some
/// strategy gave a wrong or contradicted answer), 2 some input was malformed
/// or could not be taken, 3 (`solve --count` and `--json`, `candidates`,
/// `count`) some puzzle has several solutions. The worst one wins, in the
/// order 2, 1, 3, 0. 130 (`count`, `solve`): interrupted by Ctrl-C, whatever else.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Status {
    #[default]
    Ok,
    Several,
    NoSolution,
    BadInput,
    Interrupted,
}

impl Status {
    pub(crate) fn worst(self, other: Status) -> Status {
        self.max(other)
    }

    fn code(self) -> ExitCode {
        match self {
            Status::Ok => ExitCode::SUCCESS,
            Status::Several => ExitCode::from(3),
            Status::NoSolution => ExitCode::from(1),
            Status::BadInput => ExitCode::from(2),
            Status::Interrupted => ExitCode::from(130),
        }
    }
}

pub(crate) fn run() -> ExitCode {
    let cli = Cli::parse();
    let status = match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Candidates(args) => candidates::run(&args),
        Command::Count(args) => count::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Grade(args) => grade::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Experiment(args) => research::experiment::run(&args),
        Command::Rules(args) => rules::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Bench(args) => bench::classic::run(&args),
        Command::Encode(args) => encode::run_encode(&args),
        Command::Decode(args) => encode::run_decode(&args),
        Command::BenchSat(args) => bench::sat::run(&args),
        Command::BenchVariants(args) => bench::variants::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::CountGrids(args) => research::count_grids::run(&args),
        Command::Canon(args) => research::canon::run(&args),
        Command::Clues(args) => research::clues::run(&args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(&args),
        #[cfg(feature = "serve")]
        Command::BenchServe(args) => serve::bench::run(&args),
    };
    status.code()
}
