//! Progress on stderr for the long-running commands: shown when a person
//! watches (stderr is a terminal), hidden in pipes, CI and tests, so what
//! those read stays exactly the command's output.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How often the line redraws on its own, so a slow puzzle still shows the
/// time passing.
pub(super) const TICK: Duration = Duration::from_millis(200);

/// A progress line drawn with `template` (indicatif's template language;
/// `{bar}` fills with `=> `), `len` steps long when the total is known, and
/// `prefix` as its `{prefix}`. Hidden, with the same length, when stderr is
/// not a terminal, so callers drive it the same way either way.
pub(super) fn on_terminal(len: Option<u64>, template: &str, prefix: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(len, ProgressDrawTarget::hidden());
    }
    let style = ProgressStyle::with_template(template)
        .expect("the progress templates are fixed and valid")
        .progress_chars("=> ");
    let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::stderr()).with_style(style);
    bar.set_prefix(prefix.to_string());
    bar.enable_steady_tick(TICK);
    bar
}
