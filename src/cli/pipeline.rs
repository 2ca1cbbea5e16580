//! Puzzles on `--jobs` threads, answers in input order.
//!
//! [`ordered`] runs one task per thread of the pool. Each task takes the
//! next few items from the shared input (read lazily, under a lock), works
//! them out, and sends the results to the calling thread, which hands them
//! on in input order as soon as they and every earlier one are finished.
//! Items are taken in chunks (one for a pipe, whose next line may be long in
//! coming; more for files, so that small puzzles cost one message per chunk,
//! not one each). At most a window of items is taken ahead of the last
//! result handed on, so memory does not depend on the input's length and
//! one slow puzzle does not let the others pile up. Ctrl-C stops the taking
//! and the starting: the puzzles being solved finish (the searches see the
//! same cancel token), and the results are handed on up to the first item
//! that was not started, so the answers stay an unbroken prefix of the input.

use std::collections::BTreeMap;
use std::sync::{mpsc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use sudokit::solvers::Cancel;

/// Chunks taken ahead of the last result handed on, per thread.
const CHUNKS_PER_THREAD: usize = 8;

/// How often a thread waiting for room in the window looks at the cancel token.
const TICK: Duration = Duration::from_millis(50);

/// What a run of [`ordered`] got through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Progress {
    /// Results handed on.
    pub(crate) answered: usize,
    /// Whether every item of the input was answered (no Ctrl-C).
    pub(crate) complete: bool,
}

/// The shared input.
struct Source<I> {
    items: I,
    /// Items taken so far.
    taken: usize,
    /// Whether the input has no more items.
    ended: bool,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `work` on every item on the threads of `pool`, taking `chunk` items
/// at a time, and calls `answer` with the results in input order (see the
/// module documentation).
pub(crate) fn ordered<T, R>(
    pool: &rayon::ThreadPool,
    items: impl Iterator<Item = T> + Send,
    chunk: usize,
    cancel: Cancel,
    work: impl Fn(T) -> R + Sync,
    mut answer: impl FnMut(R),
) -> Progress
where
    R: Send,
{
    let threads = pool.current_num_threads().max(1);
    let chunk = chunk.max(1);
    let window = CHUNKS_PER_THREAD * threads * chunk;
    let source = Mutex::new(Source {
        items,
        taken: 0,
        ended: false,
    });
    // Results handed on so far, and a signal when it grows.
    let answered = Mutex::new(0usize);
    let room = Condvar::new();
    // A chunk's first index, its results, and whether it was run whole.
    let (sender, results) = mpsc::channel::<(usize, Vec<R>, bool)>();
    let (work, source, answered, room) = (&work, &source, &answered, &room);
    pool.in_place_scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            scope.spawn(move |_| loop {
                let (start, batch) = {
                    let mut source = lock(source);
                    let mut done = lock(answered);
                    while source.taken - *done >= window && !cancel.is_cancelled() {
                        done = room.wait_timeout(done, TICK).unwrap_or_else(|e| e.into_inner()).0;
                    }
                    drop(done);
                    if source.ended || cancel.is_cancelled() {
                        return;
                    }
                    let batch: Vec<T> = source.items.by_ref().take(chunk).collect();
                    source.ended = batch.len() < chunk;
                    let start = source.taken;
                    source.taken += batch.len();
                    (start, batch)
                };
                if batch.is_empty() {
                    return;
                }
                let taken = batch.len();
                // After Ctrl-C, the rest of a chunk is not started.
                let done: Vec<R> = batch
                    .into_iter()
                    .map_while(|item| (!cancel.is_cancelled()).then(|| work(item)))
                    .collect();
                let whole = done.len() == taken;
                if sender.send((start, done, whole)).is_err() || !whole {
                    return;
                }
            });
        }
        drop(sender);
        let mut waiting: BTreeMap<usize, (Vec<R>, bool)> = BTreeMap::new();
        let mut next = 0;
        // Set at a chunk cut short: what follows it cannot go out in order.
        let mut cut = false;
        for (start, done, whole) in results {
            if cut {
                continue;
            }
            waiting.insert(start, (done, whole));
            while let Some((done, whole)) = waiting.remove(&next) {
                for result in done {
                    answer(result);
                    next += 1;
                }
                *lock(answered) = next;
                room.notify_all();
                if !whole {
                    cut = true;
                    break;
                }
            }
        }
    });
    let answered = *lock(answered);
    let source = lock(source);
    Progress {
        answered,
        complete: source.ended && source.taken == answered,
    }
}
