//! The default strategy: the bitboards when the puzzle has the classic 9×9
//! rules only (cell domains at most beside them: pencil marks), the
//! propagation search for everything else, raced against
//! SAT and differently ordered propagation searches when it takes long
//! (see `race.rs`).

use std::ops::ControlFlow;
use std::time::Duration;

use sudokit_core::{CompiledSum, Grid, Model, Puzzle, Sum, SumOrigin, Unsupported};

use crate::bitboard::Bitboard;
use crate::limits::{Limits, Search};
use crate::nogoods::Restarts;
use crate::propagation::PropagationSearch;
use crate::strategy::{Session, SolveError, Strategy};
use crate::symmetric;
#[cfg(not(target_arch = "wasm32"))]
use crate::{
    propagation::{Links, ValueIteration, ValueOrder},
    race,
    sat::{SatSearch, SatSolver},
    split,
};

/// Picks the fastest strategy that takes the puzzle: [`Bitboard`] for the
/// classic 9×9 rules (with pencil marks or not), [`PropagationSearch`] (which takes every plugin)
/// otherwise. The answers are the same either way; only the speed and the
/// statistics differ. On pencil-mark puzzles the bitboards' search is split
/// between [`race_threads`](Auto::race_threads) threads
/// ([`Bitboard::visit_split`]).
///
/// When the propagation search has not answered "solve" or "is it unique?"
/// after [`race`](Auto::race), rivals start on threads of their own, one
/// per core beside the main search's (at most
/// [`race_threads`](Auto::race_threads) threads in all), in this order:
///
/// 1. SAT: clause learning wins on renban, long chains.
/// 2. The same propagation search trying digits in a random order (seed
///    [`Auto::RIVAL_SEED`]): the large killers' searches have heavy tails,
///    and another order often ends two to four times sooner.
/// 3. The same search with value iteration ([`ValueIteration::SameCell`](crate::ValueIteration::SameCell),
///    ISS's k-way branching): a third shape of tree, which wins on other
///    killers than the random order does.
///
/// On a killer sudoku (cages and houses only), where SAT wins nothing worth
/// a thread, value iteration comes first and SAT last, and every search
/// restarts, keeping nogoods of what each run refuted
/// ([`Auto::killer_restarts`]). On puzzles of sums across the groups
/// alone (little killers, arrows), the random digit order comes first and
/// then SAT: there the default order (smallest digit first) is often the
/// unlucky one, and SAT won only The Barbed Cross, which the random order
/// takes in less than half SAT's time (docs/benchmarks.md, "(stop 47,
/// littlekillers47)"). On puzzles with renban lines (a rule declaring
/// consecutive runs) every search takes ISS's choice of branch with
/// decaying weights ([`PropagationSearch::on_runs`]), SAT first among the
/// rivals as elsewhere; so do puzzles with regex and state-machine lines (a
/// rule reading words, [`Rule::reads_words`](sudokit_core::Rule::reads_words)).
/// Where the rules link variables (a chaos construction, which SAT does
/// not take), the race's main search is ISS's
/// choice of branch ([`PropagationSearch::linked_together`]), restarting
/// where a rule declares sums ([`Auto::LEADER_RESTARTS`]), the search
/// without links takes SAT's thread and the fallback (labels first, the
/// smallest label first) comes next, or first where the boxes stay;
/// without a race the fallback searches alone. On killers and chaos
/// constructions the propagation racers share their short nogoods
/// ([`Auto::SHARED_NOGOODS`]); on chaos, ISS's choice takes them only
/// where it restarts.
///
/// The first decisive answer wins: a rival's only when it proves no
/// solution or a unique one (the first of several solutions depends on the
/// search order), so the answer is the one the main search would give; only
/// the statistics then come from the rival. A rival beyond the cores would
/// slow every racer down (three threads on two cores: each at two thirds),
/// which the race does not repay, so on two cores SAT alone races, and
/// nothing where SAT does not take the puzzle: there a propagation rival on
/// a busy machine halves the main search's share and rarely wins
/// (docs/benchmarks.md, "A portfolio of N racers (stop 44, portfolio33)").
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Puzzle};
/// use sudokit_solvers::{Auto, Limits, Strategy};
/// // A 4×4 board is not for the bitboards: the propagation search counts it.
/// let puzzle = Puzzle::new(Geometry::square(4).unwrap()).with(ClassicRules).unwrap();
/// assert_eq!(Auto::default().pick(&puzzle).name(), "propagation");
/// assert_eq!(Auto::default().count(&puzzle, &Limits::all()).unwrap().count, 288);
/// ```
#[derive(Clone, Debug)]
pub struct Auto {
    /// The strategy for puzzles the bitboards do not take.
    pub fallback: PropagationSearch,
    /// The head start of the propagation search before the rivals race it,
    /// or `None` for no race. [`Auto::RACE_HEAD_START`] by default, `None`
    /// on WebAssembly (no threads there).
    pub race: Option<Duration>,
    /// The most threads a race runs at once, the main search's included:
    /// by default the cores this process may use
    /// ([`std::thread::available_parallelism`], read once per process).
    pub race_threads: usize,
    /// The restarts of the searches on a killer sudoku (cages and houses
    /// only), when the fallback search has none of its own:
    /// [`Auto::KILLER_RESTARTS`] by default, [`Restarts::Off`] for none.
    pub killer_restarts: Restarts,
    /// How long the race runs on a proof (two solutions asked for or more)
    /// of a puzzle of sums across groups (little killers, arrows) before
    /// the propagation search is split between the cores instead
    /// ([`Split`](crate::Split)), or `None` for never: [`Auto::SPLIT_AFTER`]
    /// by default, `None` on WebAssembly. `Some(Duration::ZERO)`: the
    /// split at once, without a race.
    pub split: Option<Duration>,
}

impl Default for Auto {
    fn default() -> Auto {
        Auto {
            fallback: PropagationSearch::default(),
            race: (!cfg!(target_arch = "wasm32")).then_some(Auto::RACE_HEAD_START),
            race_threads: cores(),
            killer_restarts: Auto::KILLER_RESTARTS,
            split: (!cfg!(target_arch = "wasm32")).then_some(Auto::SPLIT_AFTER),
        }
    }
}

/// The cores this process may use, asked once: the answer reads the
/// scheduler's affinity and the cgroup's quota, too slow to ask per solve.
fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

impl Auto {
    /// Long enough that the usual variant puzzle (a few milliseconds to
    /// tens of them) is answered before SAT pays for its encoding; short
    /// beside the seconds a hard one takes.
    pub const RACE_HEAD_START: Duration = Duration::from_millis(50);

    /// How long the race (the main search, the random digit order) runs
    /// on a proof of sums across groups before the split takes over
    /// ([`Auto::split`]): long enough that the puzzles the race settles
    /// within a second keep its answer (The Barbed Cross, which the random
    /// order takes in 0.4 s and the split in 1.2 s), short beside the
    /// proofs the split halves (LITTLE_KILLER_SNIPES[9], [11], [13]: 30–70
    /// s on one core; docs/benchmarks.md, "(stop 52, split52)").
    pub const SPLIT_AFTER: Duration = Duration::from_secs(1);

    /// The head start of [`Auto::alone`]: a process asked one puzzle has no
    /// other puzzles to keep the cores free for, so a rival that wins (SAT
    /// on entropy and magic-square puzzles) answers 25–35 ms sooner. Not
    /// less: SAT takes up to about 10 ms to notice it lost, which 5 ms
    /// added to puzzles the main search settles in 5–20 ms (ss-eddies and
    /// ss-orbit, +11 ms; docs/benchmarks.md, stop 49).
    pub const ALONE_HEAD_START: Duration = Duration::from_millis(20);

    /// `auto` for a process that answers one puzzle (the command line on a
    /// file holding one, a page's request): the rivals race almost at once.
    ///
    /// ```
    /// use sudokit_solvers::Auto;
    /// assert!(Auto::alone().race < Auto::default().race);
    /// ```
    pub fn alone() -> Auto {
        let auto = Auto::default();
        Auto {
            race: auto.race.map(|_| Auto::ALONE_HEAD_START),
            ..auto
        }
    }

    /// The random digit order's seed of the second rival: any fixed seed
    /// (three measured alike), so that a race's statistics can be repeated.
    pub const RIVAL_SEED: u64 = 7;

    /// The chaos rival's labels alone while more than 5 % of them are open
    /// ([`PropagationSearch::labels_alone_above`]), then labels and digits
    /// together: it takes Chaos Construction: x-sums in 487,847 nodes
    /// (the main search 605,421; labels alone to the end, past 4 M) and
    /// the chaos killer in 222,599 (main 250,761), Calm Construction
    /// 589,989 → 606,103 (docs/benchmarks.md, "(stop 45, chaossearch34)").
    pub const RIVAL_LABELS_ALONE_ABOVE: u8 = 5;

    /// The restarts of the chaos rival (the search without links): Luby
    /// runs of 512 failed nodes, with nld-nogoods. Racing ISS's choice of
    /// branch, it takes Chaos Construction: x-sums in 223,807 nodes (one
    /// run: 487,847) and Let there be chaos in 7,467 (287,863), the chaos
    /// killer in 305,818 (222,599); Luby 256 and geometric 1,000 lose x-sums
    /// past 1 M (docs/benchmarks.md, "(stop 47, chaossearch47)").
    pub const RIVAL_RESTARTS: Restarts = Restarts::Luby {
        unit: 512,
        after_solution: true,
    };

    /// The restarts of the chaos race's leader (ISS's choice of branch,
    /// [`PropagationSearch::linked_together`]) where a rule declares sums
    /// (cages), the rival's Luby runs of 512 failed nodes; there the leader
    /// takes the rival's shared nogoods into each run's root. Chaos
    /// Construction: killer 306–323 k → 134–186 k nodes in 14 races, CPU
    /// about halved. Not elsewhere: on x-sums and Sunblock they add tails
    /// past 40 s, and The Fountain takes 50,746 nodes instead of 25,637
    /// (docs/benchmarks.md, "(stop 49, chaos49)").
    pub const LEADER_RESTARTS: Restarts = Auto::RIVAL_RESTARTS;

    /// The restarts of the searches on a killer sudoku by default
    /// ([`Auto::killer_restarts`]): the nld-nogoods make a restarted
    /// run no longer than the proof it replaces, and the 19 killers of
    /// ISS's slow list take 0.71× the CPU time (summed best of the main
    /// search and value iteration, docs/benchmarks.md "Restarts with
    /// nld-nogoods (stop 46, nogoods35)"); elsewhere (renban, little
    /// killers, sum lines) they lose.
    pub const KILLER_RESTARTS: Restarts = Restarts::Geometric {
        first: 100,
        after_solution: true,
    };

    /// The longest nogood the propagation racers of a killer or a chaos
    /// construction offer each other
    /// ([`PropagationSearch::shared_nogoods`]): the restarting ones learn
    /// many. Up to 4 literals, the 19 killers of ISS's slow list take
    /// 0.70–0.78× the nodes and 0.74–0.78× the CPU (three passes); 8
    /// literals win less and lose some (docs/benchmarks.md, "(stop 48,
    /// chaos48)"). On chaos only the chaos killer's leader takes them
    /// ([`Auto::LEADER_RESTARTS`]).
    pub const SHARED_NOGOODS: u8 = 4;

    /// The most cells of a board SAT races on: 16×16. Larger formulas take
    /// longer to build than the race is worth.
    #[cfg(not(target_arch = "wasm32"))]
    const MAX_RACED_CELLS: usize = 256;

    /// The strategy that searches `puzzle`.
    pub fn pick(&self, puzzle: &Puzzle) -> &dyn Strategy {
        if Bitboard.supports(puzzle).is_ok() {
            &Bitboard
        } else {
            &self.fallback
        }
    }

    /// Whether this question on this puzzle is raced at all: not the
    /// bitboards' puzzles, a few solutions asked for, and no node limit
    /// (SAT has no nodes, and another search's nodes are not the main's).
    #[cfg(not(target_arch = "wasm32"))]
    fn raced(&self, puzzle: &Puzzle, limits: &Limits) -> bool {
        let asks_few = limits
            .max_solutions
            .is_some_and(|k| k <= race::MAX_RACED_SOLUTIONS);
        asks_few && limits.max_nodes.is_none() && Bitboard.supports(puzzle).is_err()
    }

    /// Whether the race on this question is split between the cores
    /// after a while ([`split::after_race`]), and after how long: a proof (two
    /// solutions asked for or more) on a puzzle of sums across groups
    /// ([`SumRules::Across`]: little killers, arrows), where the long
    /// proofs are one propagation search that neither SAT nor another
    /// digit order shortens (LITTLE_KILLER_SNIPES[9], [11], [13]; see
    /// docs/benchmarks.md, "(stop 52, split52)"). Asked only of a race.
    #[cfg(not(target_arch = "wasm32"))]
    fn split_after(&self, puzzle: &Puzzle, limits: &Limits) -> Option<Duration> {
        let proof = limits.max_solutions.is_some_and(|k| k >= 2);
        self.split
            .filter(|_| proof && self.fallback.restarts == Restarts::Off)
            .filter(|_| !puzzle.model().has_extra_variables() && sum_rules(puzzle) == SumRules::Across)
    }

    /// SAT as a rival on `puzzle`: a board of at most 16×16, no variables
    /// beyond the cells, and a SAT solver compiled in. A rule SAT cannot
    /// encode is found by the rival itself (its error loses the race):
    /// checking it here would build the clauses on every call.
    #[cfg(not(target_arch = "wasm32"))]
    fn sat_rival(&self, puzzle: &Puzzle) -> Option<SatSearch> {
        let fits = puzzle.geometry().cell_count() <= Auto::MAX_RACED_CELLS
            && !puzzle.model().has_extra_variables()
            && !SatSolver::available().is_empty();
        fits.then(SatSearch::default)
    }

    /// The propagation search without the linked weighting, as SAT's
    /// stand-in on puzzles whose rules link variables (chaos construction,
    /// which SAT does not take), racing ISS's choice of branch
    /// ([`PropagationSearch::linked_together`], the main search there):
    /// labels first, then its last labels
    /// ([`Auto::RIVAL_LABELS_ALONE_ABOVE`]) competing with the digits, and
    /// restarting ([`Auto::RIVAL_RESTARTS`]), it takes the chaos killer
    /// and x-sums, whose trees are heavy under ISS's choice.
    #[cfg(not(target_arch = "wasm32"))]
    fn unlinked_rival(&self, puzzle: &Puzzle) -> Option<PropagationSearch> {
        let links = Links::new(puzzle.model(), self.fallback.linked_weight);
        (!links.is_empty()).then_some(PropagationSearch {
            linked_weight: 1,
            labels_alone_above: Auto::RIVAL_LABELS_ALONE_ABOVE,
            restarts: Auto::RIVAL_RESTARTS,
            shared_nogoods: Auto::SHARED_NOGOODS,
            ..self.fallback
        })
    }

    /// Calls `then` with the main search and the rivals of this question on
    /// `puzzle` (no rivals when it is not raced): of SAT (if it takes the
    /// puzzle; else the search without links, if the rules link
    /// variables), the propagation search in a random digit order and with
    /// value iteration, the first as many as the threads beside the main
    /// search's. Where the rules link variables and the race is on, the
    /// main search is ISS's choice of branch and the fallback (labels
    /// first, smallest label first) comes second among the rivals.
    #[cfg(not(target_arch = "wasm32"))]
    fn with_rivals<R>(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        then: impl FnOnce(&PropagationSearch, &[race::Rival<'_>]) -> R,
    ) -> R {
        let Some(head_start) = self
            .race
            .filter(|_| self.race_threads >= 2 && self.raced(puzzle, limits))
        else {
            return then(&self.fallback, &[]);
        };
        let sums = sum_rules(puzzle);
        let sat = self.sat_rival(puzzle);
        let unlinked = match sat {
            Some(_) => None,
            None => self.unlinked_rival(puzzle),
        };
        let shuffled = PropagationSearch {
            order: ValueOrder::Random {
                seed: Auto::RIVAL_SEED,
            },
            ..self.fallback
        };
        let kway = PropagationSearch {
            value_iteration: ValueIteration::SameCell,
            ..self.fallback
        };
        // Where the rules link variables, ISS's choice of branch leads and
        // the fallback (labels first) races it after the unlinked search.
        // Where a rule declares sums (the chaos killer), ISS's choice
        // restarts and takes the short nogoods the restarting unlinked
        // search offers into each run's root (its short runs give some
        // back). Elsewhere it neither restarts nor takes any: its path then
        // stays its own (the nogoods taken sent Sunblock past 12 s in about
        // one race of ten), and its restarts lose Sunblock and x-sums.
        let caged = declares_sums(puzzle);
        let main = match unlinked {
            Some(_) => PropagationSearch {
                shared_nogoods: if caged { Auto::SHARED_NOGOODS } else { 0 },
                restarts: if caged {
                    Auto::LEADER_RESTARTS
                } else {
                    Restarts::Off
                },
                ..self.fallback.linked_together()
            },
            None => self.fallback,
        };
        let other = |search: &PropagationSearch| *search != main;
        let first = (sat.as_ref().map(|sat| sat as &dyn Strategy))
            .or_else(|| unlinked.as_ref().map(|search| search as &dyn Strategy));
        // The fallback with the smallest label first: the one search that
        // finishes Calm Construction (497,671 nodes, stop 47), the one
        // chaos construction of ISS's set with boxes beside its regions.
        // It takes no nogoods: the leader's moved its path at random
        // (1.7–7.7 M nodes, 8–35 s on a quiet host, stop 48) where alone it
        // takes its 497,671 every time.
        let labels_first = PropagationSearch {
            order: ValueOrder::Ascending,
            ..self.fallback
        };
        let labels_first = unlinked.is_some().then_some(&labels_first as &dyn Strategy);
        let shuffled = other(&shuffled).then_some(&shuffled as &dyn Strategy);
        let kway = other(&kway).then_some(&kway as &dyn Strategy);
        // On killers value iteration takes SAT's place (SAT last), on sums
        // across groups (little killers, arrows) the random digit order
        // does; on linked rules the unlinked search and the labels-first
        // one come first, the labels-first one before where the boxes stay
        // (Calm Construction: it alone finishes it).
        let candidates = if sums == SumRules::Cages {
            [kway, shuffled, first, None]
        } else if sums == SumRules::Across {
            [shuffled, first, kway, None]
        } else if labels_first.is_some() && has_boxes(puzzle) {
            [labels_first, first, shuffled, kway]
        } else if labels_first.is_some() {
            [first, labels_first, shuffled, kway]
        } else {
            [first, shuffled, kway, None]
        };
        // SAT keeps its thread where it does not take the puzzle: on two
        // cores a propagation rival that differs only by chance costs more
        // than it wins.
        let rivals: Vec<race::Rival<'_>> = candidates
            .into_iter()
            .take(self.race_threads - 1)
            .flatten()
            .map(|strategy| race::Rival {
                strategy,
                head_start,
                sliced: false,
            })
            .collect();
        then(&main, &rivals)
    }
}

/// Whether a rule of `puzzle` declares a sum (a cage; not the sums the
/// model derives, nor rules that propagate their sums themselves, such as
/// x-sums): where the chaos race's leader restarts
/// ([`Auto::LEADER_RESTARTS`]).
#[cfg(not(target_arch = "wasm32"))]
fn declares_sums(puzzle: &Puzzle) -> bool {
    rule_sums(puzzle.model()).next().is_some()
}

/// The sums the rules declare, without those the model derives (innies,
/// outies, leftovers).
fn rule_sums(model: &Model) -> impl Iterator<Item = &CompiledSum> {
    model
        .sums()
        .iter()
        .filter(|sum| matches!(sum.origin(), SumOrigin::Rule(_)))
}

/// Whether `puzzle` keeps its boxes. A chaos construction with boxes
/// beside its regions (Calm Construction, ISS's only one) races the
/// labels-first search on its second core: neither ISS's choice nor the
/// unlinked search finishes it within 1 M nodes, the labels-first search
/// takes 497,671 (docs/benchmarks.md, "(stop 48, chaos48)").
#[cfg(not(target_arch = "wasm32"))]
fn has_boxes(puzzle: &Puzzle) -> bool {
    let model = puzzle.model();
    model
        .groups()
        .iter()
        .any(|group| group.kind() == sudokit_core::GroupKind::Box)
}

/// Which puzzles of sums the rules make, as `auto` picks rivals for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SumRules {
    /// Not a puzzle of sums alone: some rule has a propagator, pair
    /// relations, domains or variables of its own, or no sum is declared.
    Other,
    /// A killer sudoku: every declared sum a cage (its cells in one group,
    /// so they differ).
    Cages,
    /// Sums whose digits may repeat, beside the groups: little killers,
    /// arrows (and cages among them).
    Across,
}

/// What `puzzle`'s rules are, by [`SumRules`]: rules of groups and sums
/// only, and whether every declared sum lies in one group.
fn sum_rules(puzzle: &Puzzle) -> SumRules {
    let model = puzzle.model();
    let geometry = model.geometry();
    let declarative = model.constraints().iter().all(|rule| {
        !rule.has_propagator()
            && rule.relations(geometry).is_empty()
            && rule.domains(geometry).is_empty()
            && rule.variables(geometry) == 0
    });
    let mut declared = rule_sums(model).peekable();
    if !declarative || declared.peek().is_none() {
        return SumRules::Other;
    }
    let in_one_group = |sum: &Sum| {
        let mut cells = sum.cells();
        let Some(first) = cells.next() else {
            return false;
        };
        let mut shared = model.groups_of(first).to_vec();
        for cell in cells {
            shared.retain(|group| model.groups_of(cell).contains(group));
        }
        !shared.is_empty()
    };
    match declared.all(|sum| in_one_group(sum.sum())) {
        true => SumRules::Cages,
        false => SumRules::Across,
    }
}

/// Whether `puzzle` is a killer sudoku ([`SumRules::Cages`]). SAT's clauses
/// for cage sums settle none of the hard killers measured
/// (MATHEMAGIC_KILLERS past 7–10 s where the propagation search takes
/// 1–6 s), while value iteration's tree wins several of them outright
/// (docs/benchmarks.md, "Two rivals sharing one core by time slices (stop
/// 45, baton34)"), so there value iteration races first. Its searches
/// restart ([`Auto::killer_restarts`]), in the browser too, where no race
/// runs.
fn is_killer(puzzle: &Puzzle) -> bool {
    sum_rules(puzzle) == SumRules::Cages
}

/// Whether a rule of `puzzle` declares consecutive runs (a renban line):
/// there `auto` searches with [`PropagationSearch::on_runs`], ISS's choice
/// of branch, which takes Hard renban 2 in 210,566 nodes where dom/wdeg's
/// weights take 441,709 and Hard renban 1 in 84,938 (131,951)
/// (docs/benchmarks.md, "(stop 48, renban48)").
fn has_runs(puzzle: &Puzzle) -> bool {
    let geometry = puzzle.geometry();
    puzzle
        .model()
        .constraints()
        .iter()
        .any(|rule| !rule.consecutive_runs(geometry).is_empty())
}

/// Whether a rule of `puzzle` reads its cells as a word a state machine
/// judges (a regex or state-machine line, [`Rule::reads_words`]): there,
/// too, `auto` searches with [`PropagationSearch::on_runs`]. On ISS's 16
/// puzzles of these lines it takes How Shall We Split This? in 378 nodes
/// (dom/wdeg's weights: 90,837; seeds 1–8 321–798), Ambiguous Arrows in
/// 3,670 (5,245), Hit, Reveal, Solve in 260 (843) (docs/benchmarks.md,
/// "(stop 50, split50)").
///
/// [`Rule::reads_words`]: sudokit_core::Rule::reads_words
fn has_words(puzzle: &Puzzle) -> bool {
    puzzle.model().constraints().iter().any(|rule| rule.reads_words())
}

impl Strategy for Auto {
    fn name(&self) -> &'static str {
        "auto"
    }

    fn supports(&self, puzzle: &Puzzle) -> Result<(), Unsupported> {
        self.pick(puzzle).supports(puzzle)
    }

    fn prepare<'p>(&self, puzzle: &'p Puzzle) -> Result<Box<dyn Session + 'p>, SolveError> {
        self.pick(puzzle).prepare(puzzle)
    }

    fn visit(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Search, SolveError> {
        // Interchangeable digits (a bare jigsaw layout): one ordered
        // solution per orbit is searched, the rest are its relabellings.
        if let Some(search) = symmetric::visit(self, puzzle, limits, visitor)? {
            return Ok(search);
        }
        if self.killer_restarts != Restarts::Off
            && self.fallback.restarts == Restarts::Off
            && is_killer(puzzle)
        {
            // A killer's searches restart (the main one and the rivals
            // derived from it), and with restarts cutting the heavy tails,
            // the cheaper nodes of waiting derived sums pay (19 killers:
            // 28.8 → 24.6 s wall, docs/benchmarks.md "(stop 46, lead)").
            let restarting = Auto {
                fallback: PropagationSearch {
                    restarts: self.killer_restarts,
                    wide_derived_sums_wait: true,
                    shared_nogoods: Auto::SHARED_NOGOODS,
                    ..self.fallback
                },
                ..self.clone()
            };
            return restarting.visit(puzzle, limits, visitor);
        }
        let on_runs = self.fallback.on_runs();
        if self.fallback == PropagationSearch::default() && (has_runs(puzzle) || has_words(puzzle)) {
            // Renban, regex and state-machine lines: ISS's choice of branch
            // searches, the rivals (SAT first) race it as before.
            let runs = Auto {
                fallback: on_runs,
                ..self.clone()
            };
            return runs.visit(puzzle, limits, visitor);
        }
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(search) = self.with_rivals(puzzle, limits, |main, rivals| {
            (!rivals.is_empty()).then(|| match self.split_after(puzzle, limits) {
                Some(after) => split::after_race(
                    main,
                    rivals,
                    after,
                    self.race_threads,
                    puzzle,
                    limits,
                    &mut *visitor,
                ),
                None => race::visit(main, rivals, puzzle, limits, &mut *visitor),
            })
        }) {
            return search;
        }
        // Pencil marks: the bitboards' search split between the cores.
        #[cfg(not(target_arch = "wasm32"))]
        if self.race.is_some() && Bitboard.splits(puzzle, limits) {
            return Bitboard.visit_split(puzzle, limits, self.race_threads, visitor);
        }
        self.pick(puzzle).visit(puzzle, limits, visitor)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use sudokit_constraints::{AntiKing, ChaosConstruction, ClassicRules, KillerCage, LittleKiller};
    use sudokit_core::{Cell, Geometry};

    use super::*;

    #[test]
    fn renban_lines_are_searched_with_iss_choice_of_branch() {
        use sudokit_constraints::{Line, LineKind, Renban};
        use sudokit_core::testkit::count_solutions;
        use sudokit_core::Rule;
        let geometry = Geometry::square(4).unwrap();
        let cells = vec![Cell(0), Cell(5), Cell(10)];
        // A renban declares its cells as a run; other lines declare none.
        assert_eq!(
            Renban::new(cells.clone()).consecutive_runs(&geometry),
            vec![cells.clone()]
        );
        let thermo = Line::new(LineKind::Thermometer, cells.clone());
        assert!(thermo.consecutive_runs(&geometry).is_empty());
        let puzzle = Puzzle::new(geometry)
            .with(ClassicRules)
            .unwrap()
            .with(Renban::new(cells))
            .unwrap();
        assert!(has_runs(&puzzle));
        assert!(!has_runs(&little_killer()));
        // The same count as brute force through the rules' `check`.
        let expected = count_solutions(&puzzle, 2_000_000, 1_000).expect("a small board");
        assert!(expected > 0);
        assert_eq!(
            Auto::default().count(&puzzle, &Limits::all()).unwrap().count,
            expected
        );
    }

    #[test]
    fn regex_lines_are_searched_with_iss_choice_of_branch() {
        use sudokit_constraints::{Automaton, Line, LineKind, RegularLine};
        use sudokit_core::testkit::count_solutions;
        use sudokit_core::Rule;
        let geometry = Geometry::square(4).unwrap();
        let cells = vec![Cell(0), Cell(5), Cell(10), Cell(11)];
        let pattern = Automaton::from_regex("[12]*.(3|4)", 4).unwrap();
        let line = RegularLine::new("regex line", vec![cells.clone()], pattern);
        // A regex line reads words; other lines do not.
        assert!(line.reads_words());
        assert!(!Line::new(LineKind::Thermometer, cells).reads_words());
        let puzzle = Puzzle::new(geometry)
            .with(ClassicRules)
            .unwrap()
            .with(line)
            .unwrap();
        assert!(has_words(&puzzle));
        assert!(!has_words(&little_killer()));
        // The same count as brute force through the rules' `check`.
        let expected = count_solutions(&puzzle, 2_000_000, 1_000).expect("a small board");
        assert!(expected > 0);
        assert_eq!(
            Auto::default().count(&puzzle, &Limits::all()).unwrap().count,
            expected
        );
    }

    /// The rivals' names for `auto` on `puzzle`, solving with `limits`.
    fn rivals(auto: &Auto, puzzle: &Puzzle, limits: &Limits) -> Vec<&'static str> {
        auto.with_rivals(puzzle, limits, |_, rivals| {
            rivals.iter().map(|rival| rival.strategy.name()).collect()
        })
    }

    /// A 6×6 board with a cage and a little killer.
    fn little_killer() -> Puzzle {
        Puzzle::new(Geometry::square(6).unwrap())
            .with(ClassicRules)
            .unwrap()
            .with(KillerCage::new(vec![Cell(0), Cell(1)], 3))
            .unwrap()
            .with(LittleKiller::new(vec![Cell(6), Cell(13)], 5))
            .unwrap()
    }

    #[test]
    fn one_rival_per_spare_thread_sat_first() {
        // The anti-king's pairs make it no puzzle of sums alone.
        let puzzle = little_killer().with(AntiKing).unwrap();
        assert_eq!(sum_rules(&puzzle), SumRules::Other);
        let limits = Limits::solutions(2);
        // SAT's thread is its own even in a build without a SAT solver.
        let sat = (!SatSolver::available().is_empty()).then_some("sat");
        let slots = [sat, Some("propagation"), Some("propagation")];
        let expected =
            |threads: usize| -> Vec<&str> { slots.into_iter().take(threads - 1).flatten().collect() };
        for threads in [1, 2, 3, 4, 8] {
            let auto = Auto {
                race_threads: threads,
                ..Auto::default()
            };
            assert_eq!(
                rivals(&auto, &puzzle, &limits),
                expected(threads),
                "{threads} threads"
            );
        }
        let four = Auto {
            race_threads: 4,
            ..Auto::default()
        };
        // Not raced: a node limit, an enumeration, no race asked for.
        assert!(rivals(&four, &puzzle, &Limits::solutions(2).with_nodes(100)).is_empty());
        assert!(rivals(&four, &puzzle, &Limits::all()).is_empty());
        let off = Auto {
            race: None,
            ..four.clone()
        };
        assert!(rivals(&off, &puzzle, &limits).is_empty());
        // A main search that already iterates values has no twin racing it.
        let kway_main = Auto {
            fallback: PropagationSearch {
                value_iteration: ValueIteration::SameCell,
                ..PropagationSearch::default()
            },
            ..four
        };
        assert_eq!(rivals(&kway_main, &puzzle, &limits), expected(3));
    }

    #[test]
    fn on_sums_across_groups_the_random_order_takes_sats_thread() {
        let puzzle = little_killer();
        assert_eq!(
            sum_rules(&puzzle),
            SumRules::Across,
            "a little killer's cells may repeat a digit"
        );
        assert!(!is_killer(&puzzle));
        let limits = Limits::solutions(2);
        let orders = |threads: usize| {
            let auto = Auto {
                race_threads: threads,
                ..Auto::default()
            };
            auto.with_rivals(&puzzle, &limits, |_, rivals| {
                rivals
                    .iter()
                    .map(|rival| rival.strategy.name())
                    .collect::<Vec<_>>()
            })
        };
        // The random digit order alone on two cores; SAT next, then value
        // iteration.
        assert_eq!(orders(2), vec!["propagation"]);
        let sat = (!SatSolver::available().is_empty()).then_some("sat");
        let expected: Vec<&str> = [Some("propagation"), sat, Some("propagation")]
            .into_iter()
            .flatten()
            .collect();
        assert_eq!(orders(4), expected);
    }

    #[test]
    fn on_killers_value_iteration_takes_sats_thread() {
        let cage = |cells: &[u16], total| KillerCage::new(cells.iter().map(|&i| Cell(i)), total);
        let killer = Puzzle::new(Geometry::square(6).unwrap())
            .with(ClassicRules)
            .unwrap()
            .with(cage(&[0, 1], 3))
            .unwrap()
            .with(cage(&[2, 8, 14], 15))
            .unwrap();
        assert!(is_killer(&killer));
        let limits = Limits::solutions(2);
        let kway = |auto: &Auto| {
            auto.with_rivals(&killer, &limits, |_, rivals| {
                rivals
                    .iter()
                    .map(|rival| rival.strategy.name())
                    .collect::<Vec<_>>()
            })
        };
        let two = Auto {
            race_threads: 2,
            ..Auto::default()
        };
        assert_eq!(kway(&two), vec!["propagation"]);
        let sat = (!SatSolver::available().is_empty()).then_some("sat");
        let four = Auto {
            race_threads: 4,
            ..Auto::default()
        };
        let expected: Vec<&str> = [Some("propagation"), Some("propagation"), sat]
            .into_iter()
            .flatten()
            .collect();
        assert_eq!(kway(&four), expected);
        // Classic rules alone are no killer (no sum), nor is a cage beside a
        // rule with a propagator of its own or pair relations.
        let classic = Puzzle::new(Geometry::square(6).unwrap())
            .with(ClassicRules)
            .unwrap();
        assert!(!is_killer(&classic));
        let anti_king = killer.clone().with(AntiKing).unwrap();
        assert!(!is_killer(&anti_king));
    }

    #[test]
    fn where_rules_link_variables_iss_choice_leads_and_the_unlinked_search_races() {
        // SAT does not take chaos construction; its cell and label are linked.
        let puzzle = Puzzle::new(Geometry::square(4).unwrap())
            .with(ChaosConstruction::default())
            .unwrap();
        let limits = Limits::solutions(2);
        let two = Auto {
            race_threads: 2,
            ..Auto::default()
        };
        let unlinked = two.unlinked_rival(&puzzle).expect("chaos links variables");
        assert_eq!(
            (
                unlinked.linked_weight,
                unlinked.labels_alone_above,
                unlinked.restarts
            ),
            (1, Auto::RIVAL_LABELS_ALONE_ABOVE, Auto::RIVAL_RESTARTS)
        );
        // The main search and the rivals' (linked weight, labels alone
        // above), none sliced: ISS's choice leads, the unlinked search
        // races on the second core, the labels-first fallback on a third.
        let race = |auto: &Auto| {
            auto.with_rivals(&puzzle, &limits, |main, rivals| {
                assert!(rivals.iter().all(|rival| !rival.sliced));
                (*main, rivals.len())
            })
        };
        // The rival offers its short nogoods; without declared sums ISS's
        // choice takes none and does not restart.
        let together = PropagationSearch::default().linked_together();
        assert_eq!(unlinked.shared_nogoods, Auto::SHARED_NOGOODS);
        assert_eq!(race(&two), (together, 1));
        // With a cage, ISS's choice restarts as the rival does and takes
        // its nogoods.
        let caged = (puzzle.clone())
            .with(KillerCage::new(vec![Cell(0), Cell(1)], 3))
            .unwrap();
        let leader = two.with_rivals(&caged, &limits, |main, _| *main);
        let restarting = PropagationSearch {
            restarts: Auto::LEADER_RESTARTS,
            shared_nogoods: Auto::SHARED_NOGOODS,
            ..together
        };
        assert_eq!(leader, restarting);
        assert_eq!((together.linked_weight, together.labels_alone_above), (4, 100));
        for threads in [3, 4, 5] {
            let more = Auto {
                race_threads: threads,
                ..Auto::default()
            };
            assert_eq!(race(&more), (together, threads - 1), "{threads} threads");
        }
        // Not raced (one thread): the fallback searches alone.
        let one = Auto {
            race_threads: 1,
            ..Auto::default()
        };
        assert_eq!(race(&one), (PropagationSearch::default(), 0));
        // Without links in the main search there is nothing to race.
        let plain = Auto {
            fallback: PropagationSearch {
                linked_weight: 1,
                ..PropagationSearch::default()
            },
            ..two.clone()
        };
        assert!(rivals(&plain, &puzzle, &limits).is_empty());
        // Nor on rules without links.
        let classic = Puzzle::new(Geometry::square(25).unwrap())
            .with(ClassicRules)
            .unwrap();
        assert!(two.unlinked_rival(&classic).is_none());
        // A chaos construction that keeps its boxes (Calm Construction)
        // races the labels-first search first.
        let calm = Puzzle::new(Geometry::square(4).unwrap())
            .with(ClassicRules)
            .unwrap()
            .with(ChaosConstruction::default())
            .unwrap();
        assert!(has_boxes(&calm) && !has_boxes(&puzzle));
    }

    #[test]
    fn where_sat_does_not_race_its_thread_stays_unused() {
        // A 25×25 board is too large for SAT to race on.
        let puzzle = Puzzle::new(Geometry::square(25).unwrap())
            .with(ClassicRules)
            .unwrap();
        let limits = Limits::solutions(2);
        for (threads, expected) in [(2, 0), (3, 1), (4, 2), (8, 2)] {
            let auto = Auto {
                race_threads: threads,
                ..Auto::default()
            };
            assert_eq!(rivals(&auto, &puzzle, &limits), vec!["propagation"; expected]);
        }
    }
}
