//! A generic exact-cover engine: Knuth's Algorithm X with dancing links.
//!
//! # The problem
//!
//! An exact-cover problem has *items* and *options*; each option is a set of
//! items. A solution is a set of options that covers every **primary** item
//! exactly once and every **secondary** item at most once. Sudoku is one
//! (the options are "digit d in cell c", the primary items "cell c is
//! filled" and "digit d appears in row/column/box u"), and so are N-queens,
//! pentomino tilings and many other puzzles. Nothing in this module knows
//! about Sudoku.
//!
//! # The algorithm
//!
//! Algorithm X (Knuth, *The Art of Computer Programming* 4B, §7.2.2.1)
//! picks an uncovered primary item, tries each option that contains it in
//! turn, and *covers* the items of that option: it marks them covered and
//! removes every other option that meets them. After the subtree is
//! explored it *uncovers* them in exactly the reverse order.
//!
//! *Dancing links* make removal and reinsertion O(1) per node: a node taken
//! out of a doubly linked list keeps its own links, so
//! `dlink[ulink[x]] = x; ulink[dlink[x]] = x` puts it back. Undoing never
//! needs a copy or a trail, as long as undo is strictly last-in, first-out.
//!
//! The item to branch on is the primary item with the fewest options left
//! (the "minimum remaining values" heuristic, Knuth's MRV); an item with
//! none left is a dead end, one with a single option is a forced move.
//! Secondary items are never chosen, and a solution is found as soon as
//! every primary item is covered.
//!
//! Among items with equally few options, the one with the most weight wins
//! (the *weighted degree* of Boussemart et al., 2004, used only to break
//! MRV's ties). An item gains weight when it is found with no option left,
//! and when an option tried for it fails that way: both mark where the
//! problem is tight, and branching there finds contradictions sooner. On
//! Sudoku it halved the guesses (17-clue 9.5 → 4.9 a puzzle, top1465 89 →
//! 40), made top1465 about 1.6× faster and the random-hole 25×25 boards
//! of the benchmark data about 140× faster, for one counter per item.
//! (Weighing only the item left empty gave 2% more nodes on 17-clue
//! puzzles and 60% more on the 25×25 boards.)
//!
//! Two shortcuts, both measured on Sudoku, where most choices are forced:
//!
//! * finding the MRV item by scanning all items was half the search time,
//!   so the items whose `LEN` falls to 0 or 1 while options are hidden are
//!   remembered and tried first; the full scan runs only when none is left;
//! * trying an option stops covering its items as soon as another primary
//!   item is left with no option: that branch is dead, and the rest of the
//!   work would be undone at once.
//!
//! # Layout
//!
//! The matrix lives in an arena of `u32` indices, with Knuth's field names:
//!
//! * nodes `1..=N` are the item headers (item `k`, 0-based, is node `k + 1`),
//!   primary items first;
//! * `LEN[i]` counts the options still holding item `i`, with a high
//!   "covered" bit. Knuth keeps the open items in a list (`LLINK`/`RLINK`)
//!   and walks it to choose; scanning the dense `LEN` array is faster on
//!   Sudoku-sized problems (independent loads, and a forced item is usually
//!   met early), so this engine does that instead;
//! * after the headers come the options, node by node, separated by
//!   *spacer* nodes; `ULINK`/`DLINK` link each node into its item's vertical
//!   list, `TOP` names its item, and a spacer (`TOP` = a spacer flag plus
//!   the number of the option it ends) points up to the first node of the
//!   option before it and down to the last node of the option after it, so
//!   a walk around an option wraps without a modulo.
//!
//! All of it is safe Rust: links are `u32` indices into `Vec`s, never
//! pointers. (Unchecked indexing in the hot loops was measured at about 4%
//! faster on 17-clue Sudoku: not worth the `unsafe`.)
//!
//! ```
//! use std::ops::ControlFlow;
//! use sudokit_solvers::{ExactCover, Limits};
//!
//! // Knuth's example (TAOCP 7.2.2.1 (5)): items a..g, six options.
//! let (a, b, c, d, e, f, g) = (0, 1, 2, 3, 4, 5, 6);
//! let mut problem = ExactCover::new(7, 0);
//! for option in [&[c, e][..], &[a, d, g], &[b, c, f], &[a, d, f], &[b, g], &[d, e, g]] {
//!     problem.add_option(option.iter().copied());
//! }
//! let mut found = Vec::new();
//! let search = problem.links().solve(&Limits::all(), |options| {
//!     let mut options = options.to_vec();
//!     options.sort();
//!     found.push(options);
//!     ControlFlow::Continue(())
//! });
//! assert_eq!(found, vec![vec![0, 3, 4]]); // {c e}, {a d f}, {b g}
//! assert!(search.stop == sudokit_solvers::Stop::Exhausted);
//! ```

use crate::clock::Instant;
use std::ops::ControlFlow;

use crate::limits::{Limits, Search, Stats, Stop};

/// An exact-cover problem: primary items (covered exactly once), secondary
/// items (covered at most once) and options (sets of items).
///
/// Items are numbered `0..primary` for the primary ones and
/// `primary..primary + secondary` for the secondary ones; options are
/// numbered in the order they are added. [`ExactCover::links`] turns the
/// problem into a [`DancingLinks`] matrix that searches it.
///
/// ```
/// use sudokit_solvers::{ExactCover, Limits};
/// // Two primary items; {0}, {1} and {0, 1} cover them in two ways.
/// let mut problem = ExactCover::new(2, 0);
/// problem.add_option([0]);
/// problem.add_option([1]);
/// problem.add_option([0, 1]);
/// let search = problem.links().count(&Limits::all());
/// assert_eq!(search.count, 2);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExactCover {
    primary: usize,
    secondary: usize,
    /// The items of every option, one option after the other.
    items: Vec<u32>,
    /// `ends[k]` is where option `k` ends in `items`.
    ends: Vec<u32>,
}

impl ExactCover {
    /// A problem with `primary` primary and `secondary` secondary items and
    /// no options yet.
    ///
    /// # Panics
    ///
    /// When there are more than `u32::MAX - 2` items in all.
    pub fn new(primary: usize, secondary: usize) -> ExactCover {
        assert!(
            primary + secondary < u32::MAX as usize - 2,
            "too many items for a 32-bit arena"
        );
        ExactCover {
            primary,
            secondary,
            items: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// Room for `options` options of `nodes` items in all, to avoid
    /// reallocations when the size is known.
    pub fn reserve(&mut self, options: usize, nodes: usize) {
        self.ends.reserve(options);
        self.items.reserve(nodes);
    }

    /// Number of primary items.
    pub fn primary_items(&self) -> usize {
        self.primary
    }

    /// Number of secondary items.
    pub fn secondary_items(&self) -> usize {
        self.secondary
    }

    /// Number of options.
    pub fn options(&self) -> usize {
        self.ends.len()
    }

    /// The items of option `k`, in the order they were given.
    pub fn option(&self, k: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        let start = if k == 0 { 0 } else { self.ends[k - 1] as usize };
        self.items[start..self.ends[k] as usize]
            .iter()
            .map(|&i| i as usize)
    }

    /// Adds an option covering `items` and returns its number. An item
    /// listed twice counts once.
    ///
    /// # Panics
    ///
    /// When an item is not below `primary + secondary`.
    pub fn add_option(&mut self, items: impl IntoIterator<Item = usize>) -> usize {
        let total = self.primary + self.secondary;
        let start = self.items.len();
        for item in items {
            assert!(
                item < total,
                "item {item} out of range: the problem has {total} items"
            );
            let item = item as u32;
            // Options are short: a linear scan beats a hash set.
            if !self.items[start..].contains(&item) {
                self.items.push(item);
            }
        }
        self.ends.push(self.items.len() as u32);
        self.ends.len() - 1
    }

    /// The dancing-links matrix of this problem, ready to search.
    pub fn links(&self) -> DancingLinks {
        DancingLinks::new(self)
    }
}

/// An option passed to [`DancingLinks::select`] meets an item that an
/// earlier selection already covers, or was excluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("option {option} meets an item already covered by a selected option, or is excluded")]
pub struct Clash {
    /// The option that could not be selected.
    pub option: usize,
}

/// A node of the matrix: its neighbours in its item's vertical list and its
/// item (Knuth's `ULINK`, `DLINK`, `TOP`). A spacer's `TOP` is
/// [`SPACER`] plus the number of the option it ends (Knuth stores minus
/// the option number).
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    ulink: u32,
    dlink: u32,
    top: u32,
}

/// No option: the first node of an empty option.
const NONE: u32 = u32::MAX;

/// The flag of a spacer's `TOP`; items are numbered below it.
const SPACER: u32 = 1 << 31;

/// What the search remembers about one level (Knuth's `x_l`).
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The node of the option being tried.
    x: u32,
    /// The item chosen at this level.
    item: u32,
    /// Height of the hint stack when `x` was tried: hints pushed below
    /// that option are dropped when it is undone.
    height: u32,
    /// The last node of `x`'s option whose item was covered (`x` if none).
    last: u32,
    /// Whether the item had two options or more (a guess, not a forced move).
    wide: bool,
}

/// The flag of a covered item in `len`. It keeps covered items out of the
/// minimum without a separate test.
const COVERED: u32 = 1 << 31;

/// The dancing-links matrix of an [`ExactCover`] problem, and its search.
///
/// Some options may be chosen up front with [`select`](Self::select) (the
/// givens of a puzzle) and dropped again with [`reset`](Self::reset);
/// [`solve`](Self::solve) streams every completion to a visitor, selected
/// options included. A search leaves the matrix as it found it, so the same
/// matrix serves any number of searches.
///
/// ```
/// use std::ops::ControlFlow;
/// use sudokit_solvers::{ExactCover, Limits};
/// // 4-queens: rows and columns are primary, diagonals secondary.
/// let n = 4;
/// let mut problem = ExactCover::new(2 * n, 2 * (2 * n - 1));
/// for r in 0..n {
///     for c in 0..n {
///         problem.add_option([r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + (r + n - 1 - c)]);
///     }
/// }
/// let mut links = problem.links();
/// assert_eq!(links.count(&Limits::all()).count, 2);
/// // With a queen on row 1, column 2 (option 1), one solution is left.
/// links.select(1).unwrap();
/// let mut first = Vec::new();
/// links.solve(&Limits::all(), |options| {
///     first = options.to_vec();
///     ControlFlow::Continue(())
/// });
/// first.sort();
/// assert_eq!(first, vec![1, 7, 8, 14]);
/// links.reset();
/// assert_eq!(links.count(&Limits::all()).count, 2);
/// ```
#[derive(Debug)]
pub struct DancingLinks {
    /// Knuth's `LEN` of every item header `1..=N` (index `0` unused), with
    /// [`COVERED`] set while the item is covered.
    len: Vec<u32>,
    /// Header nodes `0..=N`, then the options with their spacers.
    nodes: Vec<Node>,
    /// The first node of every option (`NONE` for an empty option).
    first: Vec<u32>,
    /// Options chosen by `select`, in order.
    selected: Vec<u32>,
    /// Options taken out with `exclude`, in order.
    excluded: Vec<u32>,
    /// Number of primary items: headers `1..=primary`.
    primary: usize,
    /// Primary items not covered yet.
    open: usize,
    /// Primary items whose `LEN` fell to 1 while hiding: likely forced
    /// moves, checked (and discarded if stale) before a full scan.
    hints: Vec<u32>,
    /// The last primary item whose `LEN` fell to 0, a likely dead end.
    zero: u32,
    /// The search's levels, kept between searches.
    levels: Vec<Level>,
    /// How often each primary item was found with no option left, or had
    /// an option fail that way, in the current search: MRV's tie-breaker.
    weight: Vec<u32>,
}

impl Clone for DancingLinks {
    fn clone(&self) -> DancingLinks {
        let mut copy = DancingLinks::blank();
        copy.clone_from(self);
        copy
    }

    /// Copies `source` into the memory this matrix already holds: a
    /// strategy that searches one matrix per puzzle copies a kept one
    /// without allocating (the search's own buffers are kept as they are).
    fn clone_from(&mut self, source: &DancingLinks) {
        self.len.clone_from(&source.len);
        self.nodes.clone_from(&source.nodes);
        self.first.clone_from(&source.first);
        self.selected.clone_from(&source.selected);
        self.excluded.clone_from(&source.excluded);
        self.primary = source.primary;
        self.open = source.open;
        self.hints.clone_from(&source.hints);
        self.zero = source.zero;
    }
}

impl Default for DancingLinks {
    /// The matrix of the empty problem: one solution, choosing nothing.
    fn default() -> DancingLinks {
        DancingLinks::new(&ExactCover::default())
    }
}

impl DancingLinks {
    /// Builds the matrix of `problem`, in time linear in its size.
    pub fn new(problem: &ExactCover) -> DancingLinks {
        let mut links = DancingLinks {
            nodes: Vec::with_capacity(
                problem.primary + problem.secondary + problem.items.len() + problem.ends.len() + 2,
            ),
            first: Vec::with_capacity(problem.ends.len()),
            ..DancingLinks::blank()
        };
        links.clear(problem.primary, problem.secondary);
        let mut start = 0;
        for &end in &problem.ends {
            links.push_option(problem.items[start..end as usize].iter().copied());
            start = end as usize;
        }
        links
    }

    /// A matrix with nothing allocated, not even the root header: only
    /// to be built ([`new`](Self::new)) or copied into.
    fn blank() -> DancingLinks {
        DancingLinks {
            len: Vec::new(),
            nodes: Vec::new(),
            first: Vec::new(),
            selected: Vec::new(),
            excluded: Vec::new(),
            primary: 0,
            open: 0,
            hints: Vec::new(),
            zero: 0,
            levels: Vec::new(),
            weight: Vec::new(),
        }
    }

    /// Empties the matrix for `primary` + `secondary` items and no option,
    /// keeping its memory: rebuilding in place is cheaper than a new matrix
    /// when a strategy builds one per puzzle.
    pub(crate) fn clear(&mut self, primary: usize, secondary: usize) {
        let n = primary + secondary;
        self.len.clear();
        self.len.resize(n + 1, 0);
        self.nodes.clear();
        self.nodes.extend((0..=n as u32).map(|k| Node {
            ulink: k,
            dlink: k,
            top: 0,
        }));
        // The first spacer.
        self.nodes.push(Node {
            top: SPACER,
            ..Node::default()
        });
        self.first.clear();
        self.selected.clear();
        self.excluded.clear();
        self.primary = primary;
        self.open = primary;
    }

    /// Appends an option over `items` (0-based item numbers, each at most
    /// once and in range: [`ExactCover::add_option`] checks that).
    pub(crate) fn push_option(&mut self, items: impl IntoIterator<Item = u32>) {
        let option = self.first.len() as u32;
        let spacer = self.nodes.len() - 1;
        let head = self.nodes.len() as u32;
        for item in items {
            let header = item as usize + 1;
            let x = self.nodes.len() as u32;
            let last = self.nodes[header].ulink;
            self.nodes.push(Node {
                ulink: last,
                dlink: header as u32,
                top: header as u32,
            });
            self.nodes[last as usize].dlink = x;
            self.nodes[header].ulink = x;
            self.len[header] += 1;
        }
        if self.nodes.len() as u32 == head {
            // An empty option: nothing to link, no spacer.
            self.first.push(NONE);
            return;
        }
        self.first.push(head);
        self.nodes[spacer].dlink = self.nodes.len() as u32 - 1;
        self.nodes.push(Node {
            ulink: head,
            dlink: 0,
            top: SPACER | option,
        });
    }

    /// Number of options.
    pub fn options(&self) -> usize {
        self.first.len()
    }

    /// Chooses option `option` before the search, as a given: its items are
    /// covered and every option that meets them disappears. Every solution
    /// then contains it.
    ///
    /// # Errors
    ///
    /// [`Clash`] when the option meets an item that an earlier selection
    /// covers; the matrix is then left unchanged.
    pub fn select(&mut self, option: usize) -> Result<(), Clash> {
        let head = self.first[option];
        if head != NONE {
            let mut x = head as usize;
            while self.nodes[x].top & SPACER == 0 {
                if self.len[self.nodes[x].top as usize] & COVERED != 0 {
                    return Err(Clash { option });
                }
                x += 1;
            }
            if !self.linked(head) {
                return Err(Clash { option });
            }
            let mut x = head as usize;
            while self.nodes[x].top & SPACER == 0 {
                self.cover(self.nodes[x].top);
                x += 1;
            }
        }
        self.selected.push(option as u32);
        Ok(())
    }

    /// Takes option `option` out of the matrix before the search: no
    /// solution will contain it (a start that says `r1c1 ≠ 5`). Excluding
    /// an option twice is harmless.
    ///
    /// # Panics
    ///
    /// After a [`select`](Self::select): exclude first, then select, so that
    /// [`reset`](Self::reset) can undo both in reverse order.
    ///
    /// ```
    /// use sudokit_solvers::{ExactCover, Limits};
    /// let mut problem = ExactCover::new(2, 0);
    /// problem.add_option([0]);
    /// problem.add_option([1]);
    /// problem.add_option([0, 1]);
    /// let mut links = problem.links();
    /// links.exclude(2);
    /// assert_eq!(links.count(&Limits::all()).count, 1);
    /// links.reset();
    /// assert_eq!(links.count(&Limits::all()).count, 2);
    /// ```
    pub fn exclude(&mut self, option: usize) {
        assert!(self.selected.is_empty(), "exclude options before selecting any");
        let head = self.first[option];
        if head == NONE || !self.linked(head) {
            return;
        }
        let mut x = head as usize;
        while self.nodes[x].top & SPACER == 0 {
            let Node { ulink, dlink, top } = self.nodes[x];
            self.nodes[ulink as usize].dlink = dlink;
            self.nodes[dlink as usize].ulink = ulink;
            self.len[top as usize] -= 1;
            x += 1;
        }
        self.excluded.push(option as u32);
    }

    /// Whether node `x` is still in its item's list.
    fn linked(&self, x: u32) -> bool {
        self.nodes[self.nodes[x as usize].ulink as usize].dlink == x
    }

    /// Options chosen with [`select`](Self::select), in order.
    pub fn selected(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.selected.iter().map(|&o| o as usize)
    }

    /// Undoes every [`select`](Self::select) and [`exclude`](Self::exclude),
    /// latest first, which brings the matrix back exactly as
    /// [`new`](Self::new) built it.
    pub fn reset(&mut self) {
        self.unselect_all();
        while let Some(option) = self.excluded.pop() {
            let head = self.first[option as usize] as usize;
            let mut x = head;
            while self.nodes[x + 1].top & SPACER == 0 {
                x += 1;
            }
            while x >= head {
                let Node { ulink, dlink, top } = self.nodes[x];
                self.nodes[ulink as usize].dlink = x as u32;
                self.nodes[dlink as usize].ulink = x as u32;
                self.len[top as usize] += 1;
                x -= 1;
            }
        }
    }

    /// Undoes every [`select`](Self::select), latest first.
    fn unselect_all(&mut self) {
        while let Some(option) = self.selected.pop() {
            let head = self.first[option as usize];
            if head == NONE {
                continue;
            }
            let mut x = head as usize;
            while self.nodes[x + 1].top & SPACER == 0 {
                x += 1;
            }
            while x >= head as usize {
                self.uncover(self.nodes[x].top);
                x -= 1;
            }
        }
    }

    /// Counts solutions within `limits` without looking at them.
    pub fn count(&mut self, limits: &Limits) -> Search {
        self.solve(limits, |_| ControlFlow::Continue(()))
    }

    /// Streams every solution to `visitor`, as the list of its options
    /// (selected ones first, then the search's choices, in no useful order),
    /// until the search space or a limit is exhausted or the visitor breaks.
    ///
    /// `Stats::nodes` counts the partial solutions entered (the root
    /// included), `guesses` the options tried at an item that had two or
    /// more, `backtracks` the dead ends (a primary item with no option left).
    /// Node and time limits are checked on entering a node; the time every
    /// 256 nodes.
    pub fn solve(&mut self, limits: &Limits, mut visitor: impl FnMut(&[usize]) -> ControlFlow<()>) -> Search {
        let start = Instant::now();
        let deadline = limits.deadline(start);
        let mut stats = Stats::default();
        let mut count = 0u64;
        // Every level covers a primary item: the depth is at most `open`.
        let depth = self.open + 1;
        let mut levels = std::mem::take(&mut self.levels);
        levels.clear();
        levels.resize(depth, Level::default());
        self.hints.clear();
        self.zero = 0;
        self.weight.clear();
        self.weight.resize(self.primary + 1, 0);
        let mut solution: Vec<usize> = Vec::with_capacity(self.selected.len() + depth);
        let mut l = 0usize;
        let stop = 'search: loop {
            // X2: enter level l.
            if limits.max_nodes.is_some_and(|max| stats.nodes >= max) {
                break 'search Stop::NodeLimit;
            }
            if stats.nodes % 256 == 255 {
                if let Some(stop) = limits.expired(deadline) {
                    break 'search stop;
                }
            }
            stats.nodes += 1;
            let mut leave = false;
            if self.open == 0 {
                // Every primary item is covered.
                solution.clear();
                solution.extend(self.selected.iter().map(|&o| o as usize));
                solution.extend(levels[..l].iter().map(|level| self.option_of(level.x)));
                count += 1;
                if visitor(&solution).is_break() {
                    break 'search Stop::Visitor;
                }
                if limits.max_solutions.is_some_and(|max| count >= max) {
                    break 'search Stop::SolutionLimit;
                }
                leave = true;
            } else {
                // X3: the open primary item with the fewest options.
                let (i, len) = self.choose();
                if len == 0 {
                    self.weight[i as usize] += 1;
                    stats.backtracks += 1;
                    leave = true;
                } else {
                    // X4: cover it and start with its first option.
                    self.cover(i);
                    levels[l] = Level {
                        x: self.nodes[i as usize].dlink,
                        item: i,
                        height: 0,
                        last: 0,
                        wide: len >= 2,
                    };
                }
            }
            loop {
                if leave {
                    // X8: leave level l.
                    if l == 0 {
                        break 'search Stop::Exhausted;
                    }
                    l -= 1;
                    // X6: undo option x_l and move to the next one.
                    self.retreat(&mut levels[l]);
                }
                // X5: try x_l.
                let Level { x, item, wide, .. } = levels[l];
                if x != item {
                    stats.guesses += u64::from(wide);
                    levels[l].height = self.hints.len() as u32;
                    let (last, dead) = self.cover_others(x);
                    levels[l].last = last;
                    if !dead {
                        l += 1;
                        continue 'search;
                    }
                    // A primary item lost its last option: x_l fails, and
                    // both items weigh more.
                    self.weight[self.zero as usize] += 1;
                    self.weight[item as usize] += 1;
                    stats.backtracks += 1;
                    self.retreat(&mut levels[l]);
                    leave = false;
                    continue;
                }
                // X7: every option of the item was tried.
                self.uncover(item);
                leave = true;
            }
        };
        if stop != Stop::Exhausted {
            // Stopped inside the tree: undo levels l-1 .. 0.
            for level in levels[..l].iter().rev() {
                self.uncover_from(level.x, level.last);
                self.uncover(level.item);
            }
        }
        self.levels = levels;
        stats.elapsed = start.elapsed();
        Search { count, stop, stats }
    }

    /// The option of node `x`, from the spacer that ends it.
    fn option_of(&self, mut x: u32) -> usize {
        while self.nodes[x as usize].top & SPACER == 0 {
            x += 1;
        }
        (self.nodes[x as usize].top & !SPACER) as usize
    }

    /// An open primary item with the fewest options, and that number; of
    /// several, the one with the highest weight.
    ///
    /// Most choices in a puzzle are forced (one option left), and the scan
    /// for them was most of the search time: the items whose `LEN` fell to
    /// 0 or 1 while hiding are remembered and tried first. A remembered item
    /// may be stale (covered since, or uncovered options back); `LEN <= 1`
    /// is the whole test, because a covered item's `LEN` has its high bit
    /// set. Otherwise the dense `LEN` array is scanned, which beats Knuth's
    /// walk of the linked list of open items: the loads do not wait on each
    /// other.
    #[inline]
    fn choose(&mut self) -> (u32, u32) {
        if self.len[self.zero as usize] == 0 && self.zero != 0 {
            return (self.zero, 0);
        }
        while let Some(i) = self.hints.pop() {
            let len = self.len[i as usize];
            if len <= 1 {
                return (i, len);
            }
        }
        let mut best = 0;
        let mut min = COVERED;
        let mut heaviest = 0;
        for (i, &len) in self.len[1..=self.primary].iter().enumerate() {
            if len < min || (len == min && self.weight[i + 1] > heaviest) {
                min = len;
                best = i;
                heaviest = self.weight[i + 1];
                if len <= 1 {
                    break;
                }
            }
        }
        (best as u32 + 1, min)
    }

    /// Marks item `i` covered and takes every option that holds it out of
    /// the other items' lists.
    #[inline]
    fn cover(&mut self, i: u32) {
        let mut p = self.nodes[i as usize].dlink;
        while p != i {
            self.hide(p);
            p = self.nodes[p as usize].dlink;
        }
        self.len[i as usize] |= COVERED;
        self.open -= usize::from(i as usize <= self.primary);
    }

    /// Undoes [`cover`](Self::cover), in reverse order.
    #[inline]
    fn uncover(&mut self, i: u32) {
        self.len[i as usize] &= !COVERED;
        self.open += usize::from(i as usize <= self.primary);
        let mut p = self.nodes[i as usize].ulink;
        while p != i {
            self.unhide(p);
            p = self.nodes[p as usize].ulink;
        }
    }

    /// Takes the other nodes of `p`'s option out of their items' lists.
    #[inline]
    fn hide(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let Node { ulink, dlink, top } = self.nodes[q as usize];
            if top & SPACER != 0 {
                q = ulink;
            } else {
                self.nodes[ulink as usize].dlink = dlink;
                self.nodes[dlink as usize].ulink = ulink;
                let len = self.len[top as usize] - 1;
                self.len[top as usize] = len;
                if len <= 1 && top as usize <= self.primary {
                    if len == 0 {
                        self.zero = top;
                    } else {
                        self.hints.push(top);
                    }
                }
                q += 1;
            }
        }
    }

    /// Undoes [`hide`](Self::hide), in reverse order.
    #[inline]
    fn unhide(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let Node { ulink, dlink, top } = self.nodes[q as usize];
            if top & SPACER != 0 {
                q = dlink;
            } else {
                self.nodes[ulink as usize].dlink = q;
                self.nodes[dlink as usize].ulink = q;
                self.len[top as usize] += 1;
                q -= 1;
            }
        }
    }

    /// Covers the items of `x`'s option other than `x`'s own (X5), left
    /// to right, and returns the last node whose item it covered. Stops
    /// early, and says so, when another open primary item is left with no
    /// option: the rest of the work would be undone at once.
    #[inline]
    fn cover_others(&mut self, x: u32) -> (u32, bool) {
        self.zero = 0;
        let mut last = x;
        let mut p = x + 1;
        while p != x {
            let Node { ulink, top, .. } = self.nodes[p as usize];
            if top & SPACER != 0 {
                p = ulink;
            } else {
                self.cover(top);
                last = p;
                // `zero` may be one of x's own items, covered next: not a dead end.
                if self.zero != 0 && self.len[self.zero as usize] == 0 && !self.holds(x, self.zero) {
                    return (last, true);
                }
                p += 1;
            }
        }
        (last, false)
    }

    /// Whether the option of node `x` holds item `i`.
    fn holds(&self, x: u32, i: u32) -> bool {
        let mut p = x + 1;
        while p != x {
            let Node { ulink, top, .. } = self.nodes[p as usize];
            if top == i {
                return true;
            }
            p = if top & SPACER != 0 { ulink } else { p + 1 };
        }
        false
    }

    /// Undoes [`cover_others`](Self::cover_others) from its `last` node
    /// back to `x`, in reverse order (X6).
    #[inline]
    fn uncover_from(&mut self, x: u32, last: u32) {
        let mut p = last;
        while p != x {
            let Node { dlink, top, .. } = self.nodes[p as usize];
            if top & SPACER != 0 {
                p = dlink;
            } else {
                self.uncover(top);
                p -= 1;
            }
        }
    }

    /// X6: undoes the option tried at `level` and moves to the next one.
    #[inline]
    fn retreat(&mut self, level: &mut Level) {
        self.uncover_from(level.x, level.last);
        self.hints.truncate(level.height as usize);
        level.x = self.nodes[level.x as usize].dlink;
    }
}
