//! Standard output for every command: buffered, and a closed pipe ends the
//! program quietly.
//!
//! `sudokit solve big.txt | head -1` should print one line and stop at once,
//! not solve the rest of the file nor panic in `println!`. Writes go through
//! [`Out`], which treats a closed pipe as the reader saying "enough" (exit
//! 0, as `rg` does) and any other write failure (a full disk) as an error
//! worth stopping for (exit 2, with the reason on stderr). Callers can then
//! ignore write results.

use std::io::{self, BufWriter, StdoutLock, Write};
use std::process;

/// Buffered standard output that exits on a write failure.
#[derive(Debug)]
pub(crate) struct Out {
    inner: BufWriter<StdoutLock<'static>>,
    /// Flush at every end of line.
    by_line: bool,
}

/// Standard output, locked and buffered for the whole command.
pub(crate) fn stdout() -> Out {
    Out {
        inner: BufWriter::new(io::stdout().lock()),
        by_line: false,
    }
}

/// Standard output for a command that answers puzzles as they come: when
/// it reads standard input (`reads_stdin`), every line is flushed as it is
/// written, because the program at the other end of the pipe may wait for
/// an answer before it sends the next puzzle; otherwise as [`stdout`].
pub(crate) fn answers(reads_stdin: bool) -> Out {
    Out {
        inner: BufWriter::new(io::stdout().lock()),
        by_line: reads_stdin,
    }
}

/// Ends the program on a failed write: quietly when the reader went away.
fn stop(error: io::Error) -> ! {
    if error.kind() == io::ErrorKind::BrokenPipe {
        process::exit(0);
    }
    eprintln!("sudokit: cannot write standard output: {error}");
    process::exit(2);
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = match self.inner.write(buf) {
            Ok(written) => written,
            Err(e) => stop(e),
        };
        if self.by_line && buf[..written].contains(&b'\n') {
            self.flush()?;
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().or_else(|e| stop(e))
    }
}

impl Drop for Out {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}
