//! `--jobs N`: how many threads a command runs puzzles on, shared by every
//! command that takes it.

use clap::Args;

/// The `--jobs` option.
#[derive(Debug, Args, Clone, Copy, Default)]
pub(crate) struct JobsArgs {
    /// Threads (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub(crate) jobs: Option<u16>,
}

impl JobsArgs {
    /// A pool of `--jobs` threads (every core when not given), or `None`
    /// after saying why it could not start.
    pub(crate) fn pool(&self) -> Option<rayon::ThreadPool> {
        let threads = self.jobs.map_or(0, usize::from);
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => Some(pool),
            Err(e) => {
                eprintln!("sudokit: cannot start threads: {e}");
                None
            }
        }
    }
}
