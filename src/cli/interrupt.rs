//! Ctrl-C (SIGINT) for long runs: the first one asks the searches to stop
//! (a [`Cancel`] token every strategy honours), so a command can keep what
//! it finished, flush it and say what was not done; a second one ends the
//! program at once.

use std::sync::atomic::AtomicBool;
use std::sync::Once;

use sudokit::solvers::Cancel;

/// Set by the first Ctrl-C.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The token Ctrl-C cancels, with the handler installed (once per process).
pub(crate) fn cancel_on_ctrl_c() -> Cancel {
    static INSTALL: Once = Once::new();
    let cancel = Cancel::from_static(&INTERRUPTED);
    INSTALL.call_once(|| {
        if let Err(e) = ctrlc::set_handler(move || {
            if cancel.is_cancelled() {
                std::process::exit(130);
            }
            cancel.cancel();
        }) {
            eprintln!("sudokit: cannot catch Ctrl-C: {e}");
        }
    });
    cancel
}
