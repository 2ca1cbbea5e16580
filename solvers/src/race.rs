//! A portfolio: the propagation search races other complete strategies on
//! threads of their own, and the first decisive answer wins.
//!
//! Propagation is fast on most variant puzzles but can wander for minutes
//! in a search tree that clause learning cuts short (long killer chains,
//! renban, little killers); SAT pays an encoding on every puzzle but learns.
//! And propagation searches that order their digits or branch differently
//! (a random digit order; value iteration, ISS's k-way branching) each win
//! on puzzles where the others wander, by large factors. Setters ask one
//! puzzle at a time on a machine with several cores, so racing costs the
//! other cores for the hard puzzles only: each rival starts after its own
//! head start, so a puzzle that the main search settles quickly never
//! spends anything on it, and a puzzle settled within the first 2 ms (a
//! probe on the caller's thread) does not even start a thread.
//!
//! Rivals marked [`Rival::sliced`] share one core by time slices (see
//! `baton.rs`) instead of taking a thread's core each: on two cores the
//! main search keeps its own and two rivals take turns on the other.
//!
//! The answer stays the one the main (reference) search gives: a rival's
//! result is taken only when it is exhaustive with at most one solution (no
//! solution, or a unique one), which any complete strategy reports
//! identically. Anything else (several solutions, whose first ones depend
//! on the search order; a limit; an error) waits for the main search.

use std::cell::Cell;
use std::ops::ControlFlow;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

use sudokit_core::{Grid, Puzzle};

use crate::baton::Baton;
use crate::clock::Instant;
use crate::limits::{Cancel, Limits, Search, Stop};
use crate::nogoods::Exchange;
use crate::strategy::{SolveError, Strategy};

/// The most solutions a raced question may ask for: racing collects the
/// answer before handing it on, so it is for "solve" and "is it unique?",
/// not for enumerations.
pub(crate) const MAX_RACED_SOLUTIONS: u64 = 16;

/// How often the coordinator looks at the caller's cancel token.
const POLL: Duration = Duration::from_millis(5);

/// The first slice of the rivals that share a core: long beside a
/// switch's cost (a few microseconds) and the racers' polls (a few
/// milliseconds apart), short beside a hard puzzle's seconds.
const SLICE: Duration = Duration::from_millis(50);

/// How much longer each round of slices is than the last.
const SLICE_GROWTH: u32 = 2;

/// What one racer found: its search and the solutions it collected.
type Finish = Result<(Search, Vec<Grid>), SolveError>;

/// A complete strategy racing the main search, from `head_start` after the
/// call on. Its answer counts only when decisive (see the module's doc).
#[derive(Clone, Copy)]
pub(crate) struct Rival<'a> {
    /// The strategy: complete, so that "no solution" and "unique" are
    /// proofs.
    pub strategy: &'a dyn Strategy,
    /// How long the main search runs before this rival joins.
    pub head_start: Duration,
    /// Whether this rival shares one core with the race's other sliced
    /// rivals, by time slices ([`Baton`]), instead of a core of its own:
    /// two rivals on the one core beside the main search's.
    pub sliced: bool,
}

/// Which racer sent a result: the main search, or the rival at an index.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Racer {
    Main,
    Rival(usize),
}

thread_local! {
    /// The token that stops the losing racers: one per coordinating thread,
    /// reset before each race (a [`Cancel`] is never freed).
    static RACE_TOKEN: Cell<Option<Cancel>> = const { Cell::new(None) };
}

thread_local! {
    /// The race's nogood exchange and this racer's number in it (0: the
    /// main search), set on a racer's own thread for the time it runs.
    static EXCHANGE: std::cell::RefCell<Option<(Arc<Exchange>, usize)>> =
        const { std::cell::RefCell::new(None) };
}

/// The nogood exchange of the race this thread runs in, and this racer's
/// number there; `None` outside a race (a search alone, the probe).
pub(crate) fn exchange() -> Option<(Arc<Exchange>, usize)> {
    EXCHANGE.with(|slot| slot.borrow().clone())
}

/// Runs `f` as racer `me` of the race sharing `exchange`.
pub(crate) fn seated<R>(exchange: &Arc<Exchange>, me: usize, f: impl FnOnce() -> R) -> R {
    EXCHANGE.with(|slot| *slot.borrow_mut() = Some((Arc::clone(exchange), me)));
    let result = f();
    EXCHANGE.with(|slot| *slot.borrow_mut() = None);
    result
}

fn race_token() -> Cancel {
    RACE_TOKEN.with(|slot| {
        let token = slot.get().unwrap_or_default();
        slot.set(Some(token));
        token.reset();
        token
    })
}

/// How long the main search first runs alone on the caller's thread. Most
/// puzzles end within it and then no thread is started: a thread costs
/// about 60 µs, more than a small puzzle's whole search (20,000 6×6
/// puzzles took 25 times longer when each started one).
const PROBE: Duration = Duration::from_millis(2);

/// Runs `main` (the reference) and, while it has not finished, each of
/// `rivals` from its head start on; hands the winner's solutions to
/// `visitor`. `limits` must ask for at most [`MAX_RACED_SOLUTIONS`].
///
/// The main search first runs alone for [`PROBE`] on this thread; only if
/// that does not settle it does the race start (the main search over again
/// on a thread of its own, each rival at its head start from the call).
pub(crate) fn visit(
    main: &dyn Strategy,
    rivals: &[Rival<'_>],
    puzzle: &Puzzle,
    limits: &Limits,
    visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Result<Search, SolveError> {
    let began = Instant::now();
    let probe = Limits {
        time_limit: Some(limits.time_limit.map_or(PROBE, |t| t.min(PROBE))),
        ..*limits
    };
    let (mut search, found) = collect(main, puzzle, &probe)?;
    let settled = search.stop != Stop::TimeLimit || limits.time_limit.is_some_and(|t| t <= PROBE);
    if !settled {
        let spent = began.elapsed();
        let rivals: Vec<Rival<'_>> = rivals
            .iter()
            .map(|rival| Rival {
                head_start: rival.head_start.saturating_sub(spent),
                ..*rival
            })
            .collect();
        return race(main, &rivals, puzzle, &limits.after(began), visitor);
    }
    replay(&mut search, found, visitor);
    Ok(search)
}

/// Runs `strategy` on `puzzle` and keeps the solutions it reports.
fn collect(strategy: &dyn Strategy, puzzle: &Puzzle, limits: &Limits) -> Finish {
    let mut found = Vec::new();
    let search = strategy.visit(puzzle, limits, &mut |grid| {
        found.push(grid.clone());
        ControlFlow::Continue(())
    })?;
    Ok((search, found))
}

/// The race itself: `main` on a thread at once, each rival on another at
/// its head start; the first decisive answer goes to `visitor`.
fn race(
    main: &dyn Strategy,
    rivals: &[Rival<'_>],
    puzzle: &Puzzle,
    limits: &Limits,
    visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Result<Search, SolveError> {
    let token = race_token();
    let caller = limits.cancel;
    let racing = Limits {
        cancel: Some(token),
        ..*limits
    };
    let started = Instant::now();
    // A rival starts late: its time limit is what is left of the caller's.
    // A rival always asks for two solutions: one alone (the first of
    // several?) could differ from the main search's first.
    let rival_limits = Limits {
        max_solutions: limits.max_solutions.map(|k| k.max(2)),
        ..racing
    };
    let run = |strategy: &dyn Strategy, limits: &Limits| collect(strategy, puzzle, &limits.after(started));
    // The sliced rivals' seats at their shared core, in the rivals' order.
    let seats: Vec<Option<usize>> = rivals
        .iter()
        .scan(0, |next, rival| {
            Some(rival.sliced.then(|| {
                *next += 1;
                *next - 1
            }))
        })
        .collect();
    let sliced = seats.iter().flatten().count();
    let baton = Arc::new(Baton::new(sliced, SLICE, SLICE_GROWTH, token));
    let stop = || {
        token.cancel();
        baton.wake();
    };
    let exchange = Arc::new(Exchange::default());
    let winner = std::thread::scope(|scope| {
        let (sender, results) = mpsc::channel::<(Racer, Finish)>();
        let to_main = sender.clone();
        let for_main = Arc::clone(&exchange);
        scope.spawn(move || {
            let finish = seated(&for_main, 0, || run(main, &racing));
            let _ = to_main.send((Racer::Main, finish));
        });
        let mut waiting: Vec<usize> = (0..rivals.len()).collect();
        loop {
            if caller.is_some_and(|c| c.is_cancelled()) {
                stop();
            }
            if !token.is_cancelled() {
                let elapsed = started.elapsed();
                waiting.retain(|&index| {
                    let rival = rivals[index];
                    if elapsed < rival.head_start {
                        return true;
                    }
                    let to_rival = sender.clone();
                    let seat = seats[index].map(|seat| (Arc::clone(&baton), seat));
                    let exchange = Arc::clone(&exchange);
                    scope.spawn(move || {
                        let _seated = seat.map(|(baton, seat)| baton.sit(seat));
                        let finish = seated(&exchange, index + 1, || run(rival.strategy, &rival_limits));
                        let _ = to_rival.send((Racer::Rival(index), finish));
                    });
                    false
                });
            }
            match results.recv_timeout(POLL) {
                Ok((Racer::Main, finish)) => {
                    stop();
                    return finish;
                }
                Ok((Racer::Rival(_), finish)) if decisive(&finish) => {
                    stop();
                    return finish.map(|(search, found)| as_main_would_end(search, found, limits));
                }
                Ok((Racer::Rival(_), _)) => {}
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => unreachable!("the main racer always sends"),
            }
        }
    });
    let (mut search, found) = winner?;
    replay(&mut search, found, visitor);
    Ok(search)
}

/// A rival's answer is the answer when no strategy could report another:
/// the search space is exhausted and holds no solution or exactly one.
fn decisive(finish: &Finish) -> bool {
    matches!(finish, Ok((search, _)) if search.stop == Stop::Exhausted && search.count <= 1)
}

/// A decisive rival's answer as the main search would end under `limits`:
/// having found its `max_solutions`-th solution, it stops there.
pub(crate) fn as_main_would_end(
    mut search: Search,
    found: Vec<Grid>,
    limits: &Limits,
) -> (Search, Vec<Grid>) {
    if limits.max_solutions.is_some_and(|k| search.count >= k) {
        search.stop = Stop::SolutionLimit;
    }
    (search, found)
}

/// Hands the collected solutions to the visitor, which may stop early (the
/// search then ends as if it had stopped at that solution).
pub(crate) fn replay(
    search: &mut Search,
    found: Vec<Grid>,
    visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) {
    for (index, grid) in found.iter().enumerate() {
        if visitor(grid).is_break() {
            search.count = index as u64 + 1;
            search.stop = Stop::Visitor;
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use sudokit_core::{Geometry, Puzzle};

    use super::*;
    use crate::limits::Stats;
    use crate::strategy::Session;

    /// A strategy that reports `found` with `stop` after `delay`, or, with
    /// no delay, runs until its token is cancelled; it counts its calls.
    #[derive(Debug)]
    struct Scripted {
        found: Vec<Grid>,
        stop: Stop,
        delay: Option<Duration>,
        calls: AtomicUsize,
        /// The `max_solutions` of its last call.
        asked: std::sync::Mutex<Option<u64>>,
    }

    impl Scripted {
        fn new(found: usize, stop: Stop, delay: Option<u64>) -> Scripted {
            let grid = |i: usize| {
                let mut grid = Grid::empty(4);
                grid.set(sudokit_core::Cell(0), i as u8 + 1);
                grid
            };
            Scripted {
                found: (0..found).map(grid).collect(),
                stop,
                delay: delay.map(Duration::from_millis),
                calls: AtomicUsize::new(0),
                asked: std::sync::Mutex::new(None),
            }
        }

        fn calls(&self) -> usize {
            self.calls.load(Ordering::SeqCst)
        }

        fn asked(&self) -> Option<u64> {
            *self.asked.lock().unwrap()
        }
    }

    impl Strategy for Scripted {
        fn name(&self) -> &'static str {
            "scripted"
        }

        fn prepare<'p>(&self, _: &'p Puzzle) -> Result<Box<dyn Session + 'p>, SolveError> {
            unimplemented!("the race only visits")
        }

        fn visit(
            &self,
            _: &Puzzle,
            limits: &Limits,
            visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
        ) -> Result<Search, SolveError> {
            self.calls.fetch_add(1, Ordering::SeqCst);
            *self.asked.lock().unwrap() = limits.max_solutions;
            let started = Instant::now();
            let deadline = limits.deadline(started);
            loop {
                if let Some(stop) = limits.expired(deadline) {
                    return Ok(Search {
                        count: 0,
                        stop,
                        stats: Stats::default(),
                    });
                }
                if self.delay.is_some_and(|d| started.elapsed() >= d) {
                    break;
                }
                std::thread::sleep(Duration::from_millis(1));
                crate::baton::poll();
            }
            for grid in &self.found {
                let _ = visitor(grid);
            }
            let count = self.found.len() as u64;
            Ok(Search {
                count,
                stop: self.stop,
                stats: Stats::default(),
            })
        }
    }

    fn puzzle() -> Puzzle {
        Puzzle::new(Geometry::square(4).unwrap())
    }

    fn race(main: &Scripted, rival: &Scripted, limits: &Limits) -> (Search, Vec<Grid>) {
        race_all(main, &[(rival, 20)], limits)
    }

    /// The race of `main` against each rival with its head start in ms.
    fn race_all(main: &Scripted, rivals: &[(&Scripted, u64)], limits: &Limits) -> (Search, Vec<Grid>) {
        race_shared(main, rivals, false, limits)
    }

    /// [`race_all`], the rivals sharing one core by slices if `sliced`.
    fn race_shared(
        main: &Scripted,
        rivals: &[(&Scripted, u64)],
        sliced: bool,
        limits: &Limits,
    ) -> (Search, Vec<Grid>) {
        let rivals: Vec<Rival<'_>> = rivals
            .iter()
            .map(|&(strategy, ms)| Rival {
                strategy,
                head_start: Duration::from_millis(ms),
                sliced,
            })
            .collect();
        let mut seen = Vec::new();
        let search = visit(main, &rivals, &puzzle(), limits, &mut |grid| {
            seen.push(grid.clone());
            ControlFlow::Continue(())
        })
        .unwrap();
        (search, seen)
    }

    #[test]
    fn a_quick_main_answer_is_the_probe_alone() {
        let (main, rival) = (
            Scripted::new(1, Stop::Exhausted, Some(0)),
            Scripted::new(0, Stop::Exhausted, Some(0)),
        );
        let (search, seen) = race(&main, &rival, &Limits::solutions(2));
        assert_eq!((search.count, search.stop, seen.len()), (1, Stop::Exhausted, 1));
        assert_eq!((main.calls(), rival.calls()), (1, 0));
    }

    #[test]
    fn a_decisive_rival_wins_and_stops_the_main_search() {
        for found in [0, 1] {
            let main = Scripted::new(2, Stop::SolutionLimit, None);
            let rival = Scripted::new(found, Stop::Exhausted, Some(0));
            let (search, seen) = race(&main, &rival, &Limits::solutions(2));
            assert_eq!((search.count, search.stop), (found as u64, Stop::Exhausted));
            assert_eq!(seen, rival.found);
            // The probe, then the main search again in the race.
            assert_eq!((main.calls(), rival.calls()), (2, 1));
        }
    }

    #[test]
    fn for_one_solution_the_rival_proves_it_unique_before_it_wins() {
        let main = Scripted::new(1, Stop::SolutionLimit, None);
        let rival = Scripted::new(1, Stop::Exhausted, Some(0));
        let (search, seen) = race(&main, &rival, &Limits::solutions(1));
        assert_eq!((search.count, search.stop), (1, Stop::SolutionLimit));
        assert_eq!(seen, rival.found);
        assert_eq!(rival.asked(), Some(2));
    }

    #[test]
    fn an_answer_another_strategy_could_order_differently_waits_for_the_main_search() {
        // Two solutions (the limit) or an exhausted pair: not decisive.
        for (found, stop) in [
            (2, Stop::SolutionLimit),
            (2, Stop::Exhausted),
            (0, Stop::TimeLimit),
        ] {
            let main = Scripted::new(2, Stop::SolutionLimit, Some(60));
            let rival = Scripted::new(found, stop, Some(0));
            let (search, seen) = race(&main, &rival, &Limits::solutions(5));
            assert_eq!(
                (search.count, search.stop),
                (2, Stop::SolutionLimit),
                "{found} {stop:?}"
            );
            assert_eq!(seen, main.found);
            assert_eq!(rival.calls(), 1);
        }
    }

    #[test]
    fn a_probe_that_times_out_within_the_callers_limit_is_the_answer() {
        let (main, rival) = (
            Scripted::new(1, Stop::Exhausted, None),
            Scripted::new(1, Stop::Exhausted, Some(0)),
        );
        let limits = Limits::solutions(2).with_time(Duration::from_millis(1));
        let (search, seen) = race(&main, &rival, &limits);
        assert_eq!((search.stop, seen.len()), (Stop::TimeLimit, 0));
        assert_eq!((main.calls(), rival.calls()), (1, 0));
    }

    #[test]
    fn a_visitor_that_stops_early_ends_the_replay() {
        let (main, rival) = (
            Scripted::new(3, Stop::SolutionLimit, Some(0)),
            Scripted::new(0, Stop::Exhausted, None),
        );
        let mut seen = 0;
        let rivals = [Rival {
            strategy: &rival,
            head_start: Duration::from_millis(20),
            sliced: false,
        }];
        let search = visit(&main, &rivals, &puzzle(), &Limits::solutions(3), &mut |_| {
            seen += 1;
            if seen == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        assert_eq!((search.count, search.stop, seen), (2, Stop::Visitor, 2));
    }

    #[test]
    fn a_later_decisive_rival_wins_while_an_earlier_one_cannot() {
        // The first rival's answer (two solutions) is not decisive; the
        // second, started later, proves the solution unique and wins.
        let main = Scripted::new(2, Stop::SolutionLimit, None);
        let undecided = Scripted::new(2, Stop::SolutionLimit, Some(0));
        let decisive = Scripted::new(1, Stop::Exhausted, Some(10));
        let (search, seen) = race_all(&main, &[(&undecided, 10), (&decisive, 30)], &Limits::solutions(2));
        assert_eq!((search.count, search.stop), (1, Stop::Exhausted));
        assert_eq!(seen, decisive.found);
        assert_eq!((main.calls(), undecided.calls(), decisive.calls()), (2, 1, 1));
    }

    #[test]
    fn a_rival_not_yet_due_never_starts() {
        // The main search ends in the race, before the second head start.
        let main = Scripted::new(1, Stop::Exhausted, Some(40));
        let early = Scripted::new(0, Stop::TimeLimit, None);
        let late = Scripted::new(0, Stop::Exhausted, Some(0));
        let (search, seen) = race_all(&main, &[(&early, 5), (&late, 10_000)], &Limits::solutions(2));
        assert_eq!((search.count, search.stop, seen.len()), (1, Stop::Exhausted, 1));
        assert_eq!((early.calls(), late.calls()), (1, 0));
    }

    #[test]
    fn the_callers_token_stops_every_racer() {
        let racers: Vec<Scripted> = (0..3).map(|_| Scripted::new(1, Stop::Exhausted, None)).collect();
        let cancel = Cancel::new();
        let limits = Limits::solutions(2).with_cancel(cancel);
        let started = Instant::now();
        let (search, seen) = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(80));
                cancel.cancel();
            });
            race_all(&racers[0], &[(&racers[1], 10), (&racers[2], 20)], &limits)
        });
        assert_eq!((search.stop, seen.len()), (Stop::Cancelled, 0));
        assert!(racers.iter().all(|racer| racer.calls() >= 1));
        // The scope joined every racer: each saw the token.
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn a_sliced_rival_still_wins_when_decisive() {
        // The first seat never ends: the second runs only once the first
        // slice is over, and its proof still wins.
        let main = Scripted::new(2, Stop::SolutionLimit, None);
        let endless = Scripted::new(0, Stop::Exhausted, None);
        let decisive = Scripted::new(1, Stop::Exhausted, Some(10));
        let (search, seen) = race_shared(
            &main,
            &[(&endless, 5), (&decisive, 5)],
            true,
            &Limits::solutions(2),
        );
        assert_eq!((search.count, search.stop), (1, Stop::Exhausted));
        assert_eq!(seen, decisive.found);
        assert_eq!((endless.calls(), decisive.calls()), (1, 1));
    }

    #[test]
    fn a_sliced_rival_that_cannot_decide_leaves_the_core_to_the_other() {
        // The first seat's answer (two solutions) does not count; the
        // second seat then has the core alone and wins.
        let main = Scripted::new(2, Stop::SolutionLimit, None);
        let undecided = Scripted::new(2, Stop::Exhausted, Some(0));
        let decisive = Scripted::new(0, Stop::Exhausted, Some(20));
        let (search, seen) = race_shared(
            &main,
            &[(&undecided, 5), (&decisive, 5)],
            true,
            &Limits::solutions(2),
        );
        assert_eq!((search.count, search.stop, seen.len()), (0, Stop::Exhausted, 0));
        assert_eq!((undecided.calls(), decisive.calls()), (1, 1));
    }

    #[test]
    fn the_callers_token_wakes_the_sliced_rivals() {
        // Neither seat ends by itself: one waits for its turn when the
        // caller cancels, and the race still ends at once.
        let racers: Vec<Scripted> = (0..3).map(|_| Scripted::new(1, Stop::Exhausted, None)).collect();
        let cancel = Cancel::new();
        let limits = Limits::solutions(2).with_cancel(cancel);
        let (search, seen, late) = std::thread::scope(|scope| {
            let cancelled = scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(30));
                cancel.cancel();
                Instant::now()
            });
            let (search, seen) = race_shared(&racers[0], &[(&racers[1], 5), (&racers[2], 5)], true, &limits);
            let ended = Instant::now();
            (search, seen, ended.duration_since(cancelled.join().unwrap()))
        });
        assert_eq!((search.stop, seen.len()), (Stop::Cancelled, 0));
        // The scope joined every racer, the waiting one included.
        assert!(late < Duration::from_secs(2), "{late:?}");
    }

    /// A strategy that waits `delay` (or until cancelled) before running
    /// `inner`, and counts the searches it finished: a main search that a
    /// real rival can beat on a small puzzle.
    #[derive(Debug)]
    struct Delayed<'a> {
        inner: &'a dyn Strategy,
        delay: Duration,
        finished: AtomicUsize,
    }

    impl Strategy for Delayed<'_> {
        fn name(&self) -> &'static str {
            "delayed"
        }

        fn prepare<'p>(&self, _: &'p Puzzle) -> Result<Box<dyn Session + 'p>, SolveError> {
            unimplemented!("the race only visits")
        }

        fn visit(
            &self,
            puzzle: &Puzzle,
            limits: &Limits,
            visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
        ) -> Result<Search, SolveError> {
            let started = Instant::now();
            while started.elapsed() < self.delay {
                if let Some(stop) = limits.expired(None) {
                    let stats = Stats::default();
                    return Ok(Search {
                        count: 0,
                        stop,
                        stats,
                    });
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            let search = self.inner.visit(puzzle, limits, visitor)?;
            if search.stop != Stop::Cancelled {
                self.finished.fetch_add(1, Ordering::SeqCst);
            }
            Ok(search)
        }
    }

    #[test]
    fn whichever_racer_wins_the_answer_is_the_main_searchs() {
        // Real racers on random 6×6 killers (no solution, unique, several),
        // with no probe, the rivals at once and the main search a little
        // late, so that each side wins some races: the answer is always the
        // main search's own.
        use crate::sat::SatSearch;
        use crate::{PropagationSearch, ValueIteration, ValueOrder};
        let search = PropagationSearch::default();
        let shuffled = PropagationSearch {
            order: ValueOrder::Random { seed: 7 },
            ..search
        };
        let kway = PropagationSearch {
            value_iteration: ValueIteration::SameCell,
            ..search
        };
        let sat = SatSearch::default();
        let mut strategies: Vec<&dyn Strategy> = vec![&shuffled, &kway];
        if !crate::sat::SatSolver::available().is_empty() {
            strategies.push(&sat);
        }
        // Each rival on a core of its own, then all three sharing one.
        for sliced in [false, true] {
            let rivals: Vec<Rival<'_>> = strategies
                .iter()
                .map(|&strategy| Rival {
                    strategy,
                    head_start: Duration::ZERO,
                    sliced,
                })
                .collect();
            answers_are_the_main_searchs(&search, &rivals, sliced);
        }
    }

    /// Races `search`, 3 ms late, against `rivals` on random 6×6 killers:
    /// every answer is `search`'s own, and each side wins some races.
    fn answers_are_the_main_searchs(search: &dyn Strategy, rivals: &[Rival<'_>], sliced: bool) {
        use crate::propagation::tests::random_killer;
        let main = Delayed {
            inner: search,
            delay: Duration::from_millis(3),
            finished: AtomicUsize::new(0),
        };
        let mut rng = fastrand::Rng::with_seed(44);
        let (mut kinds, mut races) = ([0; 3], 0);
        for _ in 0..60 {
            let puzzle = random_killer(&mut rng);
            for wanted in [1, 2] {
                let limits = Limits::solutions(wanted);
                let (alone, alone_found) = collect(search, &puzzle, &limits).unwrap();
                let mut seen = Vec::new();
                let raced = super::race(&main, rivals, &puzzle, &limits, &mut |grid| {
                    seen.push(grid.clone());
                    ControlFlow::Continue(())
                })
                .unwrap();
                assert_eq!((raced.count, raced.stop), (alone.count, alone.stop));
                assert_eq!(seen, alone_found);
                races += 1;
                if wanted == 2 {
                    kinds[alone.count as usize] += 1;
                }
            }
        }
        assert!(
            kinds.iter().all(|&k| k > 0),
            "no solution / unique / several: {kinds:?}"
        );
        // Both sides won some: the main search finished only some races.
        let main_wins = main.finished.load(Ordering::SeqCst);
        assert!(
            0 < main_wins && main_wins < races,
            "{main_wins} of {races}, sliced: {sliced}"
        );
    }
}
