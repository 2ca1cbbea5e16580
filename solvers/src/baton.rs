//! A baton: racers that share one core by time slices instead of each
//! taking a core of its own.
//!
//! On two cores the race has one core beside the main search's; a third
//! thread would slow the main search down (three threads on two cores run
//! at two thirds each), which no rival repays (docs/benchmarks.md, stop
//! 44). Two rivals can still share the second core: each runs only while
//! it holds the baton, and hands it on at the end of its slice. No search
//! is rewritten for it: every racer already polls its cancel token every
//! few milliseconds (the propagation search every 256 nodes, SAT in its
//! terminate callback); that poll calls [`poll`], which, on a thread seated
//! at a baton, passes the baton on when the slice is over and waits for
//! its next turn. On any other thread (the main search, a racer with a
//! core of its own, a search outside a race) [`poll`] returns at once.
//!
//! Slices are equal within a round (each seat once) and grow by a factor
//! from one round to the next, so that switches stay rare on long races
//! while the seats' shares stay even after every round. A waiting racer
//! wakes as soon as the race's token is cancelled ([`Baton::wake`]), and
//! at the latest every few milliseconds to look at it.

use std::cell::RefCell;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use crate::clock::Instant;
use crate::limits::Cancel;

/// The longest a waiting racer sleeps before it looks at the token again,
/// in case a cancellation came without [`Baton::wake`].
const RECHECK: Duration = Duration::from_millis(5);

/// One core shared by several racers ("seats"), one at a time.
#[derive(Debug)]
pub(crate) struct Baton {
    turns: Mutex<Turns>,
    changed: Condvar,
    /// The race's token: once cancelled, nobody waits any more.
    cancel: Cancel,
    /// How much longer each round's slices are than the last round's.
    growth: u32,
}

/// Who holds the baton, who else is there, and until when.
#[derive(Debug)]
struct Turns {
    /// The seats whose racer has started and not finished.
    present: Vec<bool>,
    /// The seat allowed to run, if any racer is present.
    holder: Option<usize>,
    /// The length of this round's slices.
    slice: Duration,
    /// When the holder's slice ends.
    until: Instant,
}

impl Turns {
    /// The next present seat after `seat`, round robin (`seat` itself if it
    /// is the only one present), and whether the round wrapped to get there.
    fn next_after(&self, seat: usize) -> Option<(usize, bool)> {
        let seats = self.present.len();
        (1..=seats)
            .map(|step| (seat + step) % seats)
            .find(|&next| self.present[next])
            .map(|next| (next, next <= seat))
    }
}

impl Baton {
    /// A baton for `seats` racers; the first slices last `slice`, each
    /// round's `growth` times the last's.
    pub(crate) fn new(seats: usize, slice: Duration, growth: u32, cancel: Cancel) -> Baton {
        Baton {
            turns: Mutex::new(Turns {
                present: vec![false; seats],
                holder: None,
                slice,
                until: Instant::now(),
            }),
            changed: Condvar::new(),
            cancel,
            growth: growth.max(1),
        }
    }

    /// Seats the calling thread at `seat` until the returned guard drops,
    /// and waits for its first turn (or the token's cancellation). The
    /// first racer to sit takes the baton at once.
    pub(crate) fn sit(self: &Arc<Baton>, seat: usize) -> Seated {
        let mut turns = self.lock();
        turns.present[seat] = true;
        if turns.holder.is_none() {
            turns.holder = Some(seat);
            turns.until = Instant::now() + turns.slice;
        }
        drop(self.wait_for_turn(turns, seat));
        SEAT.with_borrow_mut(|slot| *slot = Some((Arc::clone(self), seat)));
        Seated(())
    }

    /// Wakes every waiting racer: call it after cancelling the token.
    pub(crate) fn wake(&self) {
        self.changed.notify_all();
    }

    fn lock(&self) -> MutexGuard<'_, Turns> {
        // A racer that panicked while holding the lock leaves the turns
        // consistent (each change is one assignment): keep going.
        self.turns.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Blocks until `seat` holds the baton or the token is cancelled.
    fn wait_for_turn<'a>(&'a self, mut turns: MutexGuard<'a, Turns>, seat: usize) -> MutexGuard<'a, Turns> {
        while turns.holder != Some(seat) && !self.cancel.is_cancelled() {
            turns = match self.changed.wait_timeout(turns, RECHECK) {
                Ok((turns, _)) => turns,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
        turns
    }

    /// `seat`'s poll: if its slice is over, hands the baton to the next
    /// present seat and waits for its own next turn.
    fn pass_if_due(&self, seat: usize) {
        let now = Instant::now();
        let mut turns = self.lock();
        if turns.holder != Some(seat) || now < turns.until {
            return;
        }
        match turns.next_after(seat) {
            Some((next, wrapped)) if next != seat => {
                if wrapped {
                    turns.slice *= self.growth;
                }
                turns.holder = Some(next);
                turns.until = now + turns.slice;
                self.changed.notify_all();
                drop(self.wait_for_turn(turns, seat));
            }
            // Alone: another slice, at this round's length.
            _ => turns.until = now + turns.slice,
        }
    }

    /// `seat`'s racer finished: the baton goes to the next present seat.
    fn leave(&self, seat: usize) {
        let mut turns = self.lock();
        turns.present[seat] = false;
        if turns.holder == Some(seat) {
            turns.holder = turns.next_after(seat).map(|(next, _)| next);
            turns.until = Instant::now() + turns.slice;
            self.changed.notify_all();
        }
    }
}

thread_local! {
    /// The baton this thread's racer is seated at, and its seat.
    static SEAT: RefCell<Option<(Arc<Baton>, usize)>> = const { RefCell::new(None) };
}

/// A racer's seat at a baton: leaving it (dropping the guard, also on an
/// error or a panic) hands the baton on.
#[must_use = "the seat is left when the guard drops"]
pub(crate) struct Seated(());

impl Drop for Seated {
    fn drop(&mut self) {
        if let Some((baton, seat)) = SEAT.with_borrow_mut(Option::take) {
            baton.leave(seat);
        }
    }
}

/// The racers' poll: on a thread seated at a baton whose slice is over,
/// passes the baton on and waits for the next turn; anywhere else returns
/// at once. Searches call it where they look at their cancel token, and
/// look at the token after it (a wait ends on cancellation).
#[inline]
pub(crate) fn poll() {
    SEAT.with_borrow(|seat| {
        if let Some((baton, index)) = seat {
            baton.pass_if_due(*index);
        }
    });
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    /// Runs `seats` racers that each count their polls for `run`, polling
    /// every millisecond; returns each one's count.
    fn share(seats: usize, run: Duration, slice: Duration) -> Vec<usize> {
        let baton = Arc::new(Baton::new(seats, slice, 2, Cancel::new()));
        let counts: Vec<AtomicUsize> = (0..seats).map(|_| AtomicUsize::new(0)).collect();
        let running = AtomicUsize::new(0);
        let overlaps = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for (seat, count) in counts.iter().enumerate() {
                let (baton, running, overlaps) = (&baton, &running, &overlaps);
                scope.spawn(move || {
                    let _seat = baton.sit(seat);
                    let started = Instant::now();
                    while started.elapsed() < run {
                        if running.fetch_add(1, Ordering::SeqCst) > 0 {
                            overlaps.fetch_add(1, Ordering::SeqCst);
                        }
                        count.fetch_add(1, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_micros(200));
                        running.fetch_sub(1, Ordering::SeqCst);
                        poll();
                    }
                });
            }
        });
        assert_eq!(overlaps.load(Ordering::SeqCst), 0, "two seats ran at once");
        counts.iter().map(|c| c.load(Ordering::SeqCst)).collect()
    }

    #[test]
    fn seated_racers_take_turns_and_never_run_at_once() {
        let counts = share(2, Duration::from_millis(60), Duration::from_millis(5));
        assert!(counts.iter().all(|&c| c > 0), "{counts:?}");
    }

    #[test]
    fn a_racer_alone_is_never_paused() {
        let started = Instant::now();
        let counts = share(1, Duration::from_millis(30), Duration::from_millis(1));
        assert!(counts[0] > 0);
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn a_finished_racer_hands_the_baton_on() {
        // The second racer runs long after the first one is gone.
        let baton = Arc::new(Baton::new(2, Duration::from_millis(2), 1, Cancel::new()));
        std::thread::scope(|scope| {
            scope.spawn(|| {
                let _seat = baton.sit(0);
                std::thread::sleep(Duration::from_millis(5));
            });
            scope.spawn(|| {
                let _seat = baton.sit(1);
                let started = Instant::now();
                while started.elapsed() < Duration::from_millis(40) {
                    poll();
                    std::thread::sleep(Duration::from_millis(1));
                }
            });
        });
        assert_eq!(baton.lock().holder, None);
    }

    #[test]
    fn a_cancelled_token_wakes_a_waiting_racer_at_once() {
        // Seat 0 never polls, so seat 1 waits until the token is cancelled.
        let cancel = Cancel::new();
        let baton = Arc::new(Baton::new(2, Duration::from_secs(60), 1, cancel));
        let holding = std::sync::Barrier::new(2);
        let woke = std::thread::scope(|scope| {
            scope.spawn(|| {
                let _seat = baton.sit(0);
                holding.wait();
                while !cancel.is_cancelled() {
                    std::thread::sleep(Duration::from_millis(1));
                }
            });
            let waiter = scope.spawn(|| {
                holding.wait();
                let _seat = baton.sit(1);
                Instant::now()
            });
            std::thread::sleep(Duration::from_millis(20));
            let cancelled = Instant::now();
            cancel.cancel();
            baton.wake();
            waiter.join().unwrap().duration_since(cancelled)
        });
        assert!(woke < Duration::from_millis(500), "{woke:?}");
    }

    #[test]
    fn polls_outside_a_seat_return_at_once() {
        poll();
        SEAT.with_borrow(|seat| assert!(seat.is_none()));
    }
}
