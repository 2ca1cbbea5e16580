//! Reading the research commands' inputs: one item per line from files or
//! standard input, with the file name and line number of each, so that a
//! bad line can be reported where it is and the rest still read.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::ops::ControlFlow;
use std::path::PathBuf;

use crate::cli::Status;

/// Where a line comes from: the file (`<stdin>` for `-`) and its number
/// from 1.
#[derive(Debug)]
pub(crate) struct Place<'a> {
    pub(crate) file: &'a str,
    pub(crate) line: usize,
}

impl std::fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// Calls `each` on every line of `files` (standard input for none or `-`)
/// that is not empty or a `#` comment, trimmed; stops when it breaks. A
/// file that cannot be read is reported and makes the status
/// [`Status::BadInput`].
pub(crate) fn for_each_line(
    files: &[PathBuf],
    mut each: impl FnMut(&Place<'_>, &str) -> ControlFlow<()>,
) -> Status {
    let mut status = Status::Ok;
    let dash = [PathBuf::from("-")];
    let files = if files.is_empty() { &dash[..] } else { files };
    for path in files {
        let (name, reader): (String, Box<dyn BufRead>) = if path.as_os_str() == "-" {
            ("<stdin>".into(), Box::new(BufReader::new(io::stdin().lock())))
        } else {
            match File::open(path) {
                Ok(file) => (path.display().to_string(), Box::new(BufReader::new(file))),
                Err(e) => {
                    eprintln!("sudokit: {}: {e}", path.display());
                    status = status.worst(Status::BadInput);
                    continue;
                }
            }
        };
        for (index, line) in crate::cli::input::bounded_lines(reader).enumerate() {
            let place = Place {
                file: &name,
                line: index + 1,
            };
            let text = match line {
                Ok(text) => text,
                Err(e) => {
                    eprintln!("sudokit: {place}: {e}");
                    status = status.worst(Status::BadInput);
                    break;
                }
            };
            let text = text.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            if each(&place, text).is_break() {
                return status;
            }
        }
    }
    status
}
