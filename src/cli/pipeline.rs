//! Puzzles on `--jobs` threads, answers in input order.
//!
//! [`ordered`] reads items lazily on a thread of its own, runs them on a
//! pool, and hands each answer back on the calling thread as soon as it and
//! every earlier one are finished. At most a window of items is read ahead
//! of the last answer given (solving, or finished and waiting for an earlier
//! one), so memory does not depend on the input's length and one slow puzzle
//! does not let the others pile up. Ctrl-C stops reading; what was started
//! finishes (the searches see the same cancel token) and is handed back.

use std::collections::BTreeMap;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use sudokit::solvers::Cancel;

/// Items read ahead of the last answer given, per thread.
const WINDOW_PER_THREAD: usize = 8;

/// How often a waiting thread looks at the cancel token.
const TICK: Duration = Duration::from_millis(50);

/// What a run of [`ordered`] got through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Progress {
    /// Answers handed back.
    pub(crate) answered: usize,
    /// Whether every item of the input was answered (no Ctrl-C).
    pub(crate) complete: bool,
}

enum Message<T, R> {
    Item(usize, T),
    Done(usize, R),
    End(usize),
}

/// Free places in the window.
struct Slots {
    free: Mutex<usize>,
    freed: Condvar,
}

impl Slots {
    /// Takes a place, waiting for one; `false` once cancelled.
    fn take(&self, cancel: &Cancel) -> bool {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        while *free == 0 {
            if cancel.is_cancelled() {
                return false;
            }
            free = self
                .freed
                .wait_timeout(free, TICK)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        *free -= 1;
        !cancel.is_cancelled()
    }

    fn give(&self) {
        *self.free.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.freed.notify_one();
    }
}

/// Runs `work` on every item on `pool`, calling `answer` with the results
/// in input order, as soon as each can go (see the module documentation).
pub(crate) fn ordered<T, R>(
    pool: &rayon::ThreadPool,
    items: impl Iterator<Item = T> + Send + 'static,
    cancel: Cancel,
    work: impl Fn(T) -> R + Sync,
    mut answer: impl FnMut(R),
) -> Progress
where
    T: Send + 'static,
    R: Send + 'static,
{
    let (sender, inbox) = mpsc::channel::<Message<T, R>>();
    let window = WINDOW_PER_THREAD * pool.current_num_threads().max(1);
    let slots = Arc::new(Slots {
        free: Mutex::new(window),
        freed: Condvar::new(),
    });
    {
        // The reader may wait on a pipe for ever: it is not joined, and the
        // program ends without it.
        let (sender, slots) = (sender.clone(), Arc::clone(&slots));
        std::thread::spawn(move || {
            let mut read = 0;
            for item in items {
                if !slots.take(&cancel) || sender.send(Message::Item(read, item)).is_err() {
                    return;
                }
                read += 1;
            }
            let _ = sender.send(Message::End(read));
        });
    }
    let mut waiting: BTreeMap<usize, R> = BTreeMap::new();
    let (mut next, mut started, mut finished) = (0, 0, 0);
    let mut end = None;
    let mut stopped = false;
    let work = &work;
    pool.in_place_scope(|scope| loop {
        match inbox.recv_timeout(TICK) {
            Ok(Message::Item(index, item)) if !stopped && !cancel.is_cancelled() => {
                started += 1;
                let sender = sender.clone();
                scope.spawn(move |_| {
                    let _ = sender.send(Message::Done(index, work(item)));
                });
            }
            Ok(Message::Item(..)) => {}
            Ok(Message::Done(index, result)) => {
                finished += 1;
                waiting.insert(index, result);
                while let Some(result) = waiting.remove(&next) {
                    answer(result);
                    next += 1;
                    slots.give();
                }
            }
            Ok(Message::End(total)) => end = Some(total),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => unreachable!("this thread holds a sender"),
        }
        stopped |= cancel.is_cancelled();
        if end == Some(next) || (stopped && finished == started) {
            break;
        }
    });
    Progress {
        answered: next,
        complete: end == Some(next) && !stopped,
    }
}
