//! Fish: X-wing, swordfish and jellyfish, plain or finned, over any houses.

use std::borrow::Cow;
use std::ops::{BitAnd, BitOr, Sub};

use smallvec::SmallVec;
use sudokit_core::{Cand, Cell, Digit, GroupId, GroupKind, Model, Reason};

use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// Fish for one digit: `k` *base* houses whose places of the digit lie in
/// `k` *cover* groups leave the digit out of the cover groups' other cells.
///
/// Why it is sound: the base houses share no place of the digit and each
/// holds it once, so they hold it `k` times, in `k` different cells. Each
/// of those cells lies in a cover group, and a group holds the digit at
/// most once, so the `k` cover groups each hold exactly one of them: no
/// other cell of a cover group holds the digit.
///
/// Bases are houses (complete groups: rows, columns, boxes, jigsaw regions,
/// diagonals) in which the digit is unsolved; covers are any groups (a cage
/// will do, since only "at most once" is used). Rows against columns are
/// the classic X-wing (2), swordfish (3) and jellyfish (4); the search
/// tries those first (every base of one kind, every cover of one kind) and
/// then mixes kinds (boxes, regions, diagonals: Franken and mutant fish),
/// under the same names. Fish that are a smaller fish plus locked
/// candidates (a cover meeting a single base, a base inside a single
/// cover) are left to those.
///
/// A *finned* fish has base places outside every cover, its *fins*: either
/// a fin holds the digit, or the fish stands. So only the cover cells that
/// also see every fin lose the digit ([`Board::sees`], so a variant's
/// peers count too). Sashimi fish are among them. The fins must lie in one
/// group (the box of the eliminations, in the classic case), and finned
/// fish are searched with bases of one kind and covers of one kind only:
/// finned Franken and mutant fish cost far more to find than they give.
///
/// The search enumerates disjoint base sets and covers their places cell
/// by cell, pruned by a greedy count of the places that need a cover each,
/// within a work budget: on boards above 32×32, or when the budget runs
/// out (never on 9×9), it may miss a fish, but it never reports a wrong
/// one. A 9×9 scan that finds nothing takes about a millisecond.
#[derive(Clone, Copy, Debug)]
pub struct Fish {
    size: usize,
    finned: bool,
}

const NAMES: [&str; 5] = ["", "", "X-wing", "swordfish", "jellyfish"];
const BASIC: [f32; 5] = [0.0, 0.0, 3.2, 3.8, 5.2];
const FINNED: [f32; 5] = [0.0, 0.0, 3.4, 4.0, 5.4];

/// Fins at most (they lie in one group).
const MAX_FINS: u32 = 6;
/// Search nodes per call: far more than a 9×9 board needs, a bound on big ones.
const BUDGET: usize = 1_000_000;

impl Fish {
    /// X-wing (2), swordfish (3) or jellyfish (4).
    pub fn new(size: usize) -> Fish {
        assert!((2..=4).contains(&size), "fish of 2 to 4 houses");
        Fish { size, finned: false }
    }

    /// Finned X-wing (2), swordfish (3) or jellyfish (4).
    pub fn finned(size: usize) -> Fish {
        Fish {
            finned: true,
            ..Fish::new(size)
        }
    }
}

impl Technique for Fish {
    fn name(&self) -> Cow<'static, str> {
        if self.finned {
            format!("finned {}", NAMES[self.size]).into()
        } else {
            NAMES[self.size].into()
        }
    }

    fn difficulty(&self) -> f32 {
        if self.finned {
            FINNED[self.size]
        } else {
            BASIC[self.size]
        }
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        match board.all_candidates().len() {
            0..=64 => self.find_in::<1>(board),
            65..=128 => self.find_in::<2>(board),
            129..=256 => self.find_in::<4>(board),
            257..=512 => self.find_in::<8>(board),
            513..=1024 => self.find_in::<16>(board),
            _ => None,
        }
    }
}

impl Fish {
    fn find_in<const W: usize>(&self, board: &Board<'_>) -> Option<Deduction> {
        let tables = board.model().prepared(Tables::<W>::build);
        let mut search = Search {
            board,
            tables: &tables,
            size: self.size,
            finned: self.finned,
            pure: true,
            digit: 0,
            places: Vec::new(),
            solved: Set::EMPTY,
            unsolved: Set::EMPTY,
            houses: Vec::new(),
            bases: SmallVec::new(),
            covers: SmallVec::new(),
            budget: BUDGET,
            found: None,
        };
        // Houses in order of kind: rows, columns, boxes, regions, others.
        let mut houses: Vec<GroupId> = board.houses().collect();
        houses.sort_by_key(|&h| kind_rank(board.group(h).kind()));
        let passes: &[bool] = if self.finned { &[true] } else { &[true, false] };
        for &pure in passes {
            search.pure = pure;
            for digit in 1..=board.size() as Digit {
                if search.prepare(digit, &houses) && search.bases(0, Set::EMPTY) {
                    return Some(self.deduction(board, &search));
                }
                if search.budget == 0 {
                    return None;
                }
            }
        }
        None
    }

    fn deduction<const W: usize>(&self, board: &Board<'_>, search: &Search<'_, '_, W>) -> Deduction {
        let found = search.found.as_ref().expect("a fish was found");
        let digit = search.digit;
        let cells = |set: Set<W>| set.iter().map(|i| Cell(i as u16));
        let mut covers = found.covers.clone();
        covers.sort_unstable();
        let mut text = format!(
            "{} / {}",
            group_list(board, &found.bases),
            group_list(board, &covers)
        );
        if !found.fins.is_empty() {
            let fins: Vec<String> = cells(found.fins).map(|c| board.name(c)).collect();
            let word = if fins.len() == 1 { "fin" } else { "fins" };
            text.push_str(&format!(" with {word} {}", fins.join(", ")));
        }
        let reason = Reason::new(self.name())
            .cells(cells(found.base_cells))
            .digits([digit])
            .text(text);
        let eliminations = cells(found.targets).map(|c| Cand::new(c, digit)).collect();
        Deduction::eliminate(reason, self.difficulty(), eliminations)
    }
}

fn kind_rank(kind: GroupKind) -> u8 {
    match kind {
        GroupKind::Row => 0,
        GroupKind::Column => 1,
        GroupKind::Box => 2,
        GroupKind::Region => 3,
        GroupKind::Extra => 4,
    }
}

/// `rows 1, 5` when the groups are numbered groups of one kind, otherwise
/// their names: `row 1, box 5`, `main diagonal, column 3`.
pub(crate) fn group_list(board: &Board<'_>, groups: &[GroupId]) -> String {
    let names: Vec<&str> = groups.iter().map(|&g| board.group(g).name()).collect();
    let numbered: Option<Vec<(&str, &str)>> = names
        .iter()
        .map(|name| {
            name.rsplit_once(' ')
                .filter(|(_, number)| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
        })
        .collect();
    match numbered {
        Some(parts) if parts.len() > 1 && parts.iter().all(|(kind, _)| *kind == parts[0].0) => {
            let kind = parts[0].0;
            let plural = if kind.ends_with('x') || kind.ends_with('s') {
                "es"
            } else {
                "s"
            };
            let numbers: Vec<&str> = parts.iter().map(|(_, number)| *number).collect();
            format!("{kind}{plural} {}", numbers.join(", "))
        }
        _ => names.join(", "),
    }
}

/// A set of cells of a board of at most `64·W` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Set<const W: usize>([u64; W]);

impl<const W: usize> Set<W> {
    const EMPTY: Set<W> = Set([0; W]);

    #[inline]
    fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    fn remove(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    fn intersects(&self, other: Set<W>) -> bool {
        self.0.iter().zip(other.0).any(|(&a, b)| a & b != 0)
    }

    #[inline]
    fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline]
    fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|&(_, &w)| w != 0)
            .map(|(k, w)| k * 64 + w.trailing_zeros() as usize)
    }

    fn iter(self) -> impl Iterator<Item = usize> {
        (0..W).flat_map(move |k| {
            let mut word = self.0[k];
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    k * 64 + bit
                })
            })
        })
    }
}

impl<const W: usize> BitAnd for Set<W> {
    type Output = Set<W>;
    #[inline]
    fn bitand(mut self, other: Set<W>) -> Set<W> {
        for k in 0..W {
            self.0[k] &= other.0[k];
        }
        self
    }
}

impl<const W: usize> BitOr for Set<W> {
    type Output = Set<W>;
    #[inline]
    fn bitor(mut self, other: Set<W>) -> Set<W> {
        for k in 0..W {
            self.0[k] |= other.0[k];
        }
        self
    }
}

impl<const W: usize> Sub for Set<W> {
    type Output = Set<W>;
    #[inline]
    fn sub(mut self, other: Set<W>) -> Set<W> {
        for k in 0..W {
            self.0[k] &= !other.0[k];
        }
        self
    }
}

/// Every group's and every cell's peers as sets, built once per model.
#[derive(Debug)]
struct Tables<const W: usize> {
    groups: Vec<Set<W>>,
    peers: Vec<Set<W>>,
}

impl<const W: usize> Tables<W> {
    fn build(model: &Model) -> Tables<W> {
        let set = |cells: &[Cell]| {
            let mut set = Set::EMPTY;
            for c in cells {
                set.insert(c.index());
            }
            set
        };
        Tables {
            groups: model.groups().iter().map(|g| set(g.cells())).collect(),
            peers: (0..model.geometry().cell_count())
                .map(|i| set(model.peers(Cell(i as u16))))
                .collect(),
        }
    }
}

/// A fish found: its sets, its fins and the cells that lose the digit.
#[derive(Debug)]
struct Found<const W: usize> {
    bases: Vec<GroupId>,
    covers: Vec<GroupId>,
    base_cells: Set<W>,
    fins: Set<W>,
    targets: Set<W>,
}

/// The search for one digit at a time.
struct Search<'b, 'a, const W: usize> {
    board: &'b Board<'a>,
    tables: &'b Tables<W>,
    size: usize,
    finned: bool,
    /// Bases all of one kind, covers all of one kind.
    pure: bool,
    digit: Digit,
    /// Per group: its cells where the digit is a candidate.
    places: Vec<Set<W>>,
    /// The cells where the digit is solved, where it is a candidate of an
    /// unsolved cell.
    solved: Set<W>,
    unsolved: Set<W>,
    /// The possible bases: houses with the digit unsolved and 2 places or more.
    houses: Vec<(GroupId, Set<W>)>,
    /// Chosen bases (indices in `houses`) and covers (group ids).
    bases: SmallVec<[usize; 4]>,
    covers: SmallVec<[GroupId; 4]>,
    budget: usize,
    found: Option<Found<W>>,
}

impl<const W: usize> Search<'_, '_, W> {
    /// Sets up the search for `digit`; false when it has too few bases.
    fn prepare(&mut self, digit: Digit, houses: &[GroupId]) -> bool {
        let board = self.board;
        self.digit = digit;
        let mut with = Set::EMPTY;
        self.solved = Set::EMPTY;
        for (i, set) in board.all_candidates().iter().enumerate() {
            if set.contains(digit) {
                with.insert(i);
                if set.is_single() {
                    self.solved.insert(i);
                }
            }
        }
        self.unsolved = with - self.solved;
        self.places.clear();
        self.places.extend(self.tables.groups.iter().map(|&g| g & with));
        self.houses.clear();
        for &h in houses {
            let places = self.places[h];
            if places.len() >= 2 && !places.intersects(self.solved) {
                self.houses.push((h, places));
            }
        }
        self.houses.len() >= self.size
    }

    fn kind(&self, g: GroupId) -> GroupKind {
        self.board.group(g).kind()
    }

    /// Chooses the bases from `houses[start..]`, disjoint from `union`.
    fn bases(&mut self, start: usize, union: Set<W>) -> bool {
        if self.bases.len() == self.size {
            let targets = self.unsolved - union;
            return self.cover(union, union, Set::EMPTY, Set::EMPTY, targets);
        }
        for i in start..self.houses.len() {
            if self.houses.len() - i < self.size - self.bases.len() || self.budget == 0 {
                break;
            }
            self.budget -= 1;
            let (g, places) = self.houses[i];
            if places.intersects(union) {
                continue;
            }
            if self.pure
                && self
                    .bases
                    .first()
                    .is_some_and(|&b| self.kind(self.houses[b].0) != self.kind(g))
            {
                continue;
            }
            self.bases.push(i);
            let union = union | places;
            if !self.hopeless(union, self.size, self.finned, self.unsolved - union)
                && self.bases(i + 1, union)
            {
                return true;
            }
            self.bases.pop();
        }
        false
    }

    /// Covers the base places `uncovered` with more cover groups, or makes
    /// them fins. `covered`: the chosen covers' places; `targets`: the cells
    /// outside the bases that see every fin so far (the cells a finned fish
    /// may eliminate from).
    fn cover(
        &mut self,
        base: Set<W>,
        uncovered: Set<W>,
        covered: Set<W>,
        fins: Set<W>,
        targets: Set<W>,
    ) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        if self.covers.len() == self.size {
            return self.complete(base, covered, fins | uncovered, targets);
        }
        // Fewer covers than bases already do: the position has no solution.
        let Some(c) = uncovered.first() else {
            return false;
        };
        let fins_left = MAX_FINS - fins.len();
        if !fins.is_empty() && !targets.intersects(covered) {
            // A cover still to choose must hold a target: it holds a cell
            // left to cover too, so the target sees that cell.
            let mut reach = Set::EMPTY;
            for u in uncovered.iter() {
                reach = reach | self.tables.peers[u];
            }
            if !targets.intersects(reach) {
                return false;
            }
        }
        let fin_left = self.finned && fins_left > 0;
        if self.hopeless(uncovered, self.size - self.covers.len(), fin_left, targets) {
            return false;
        }
        let board = self.board;
        for g in board.groups_of(Cell(c as u16)) {
            if self.bases.iter().any(|&b| self.houses[b].0 == g) {
                continue;
            }
            if self.pure && self.covers.first().is_some_and(|&f| self.kind(f) != self.kind(g)) {
                continue;
            }
            // A cover holds no solved digit, and no fin (that choice was
            // made when the fin was the first cell left to cover).
            let places = self.places[g];
            if places.intersects(self.solved) || places.intersects(fins) {
                continue;
            }
            self.covers.push(g);
            if self.cover(base, uncovered - places, covered | places, fins, targets) {
                return true;
            }
            self.covers.pop();
        }
        if fin_left {
            let targets = targets & self.tables.peers[c];
            let (mut uncovered, mut fins) = (uncovered, fins);
            uncovered.remove(c);
            fins.insert(c);
            if !targets.is_empty() && self.grouped(fins) {
                return self.cover(base, uncovered, covered, fins, targets);
            }
        }
        false
    }

    /// True when the fins lie in one group other than the bases.
    fn grouped(&self, fins: Set<W>) -> bool {
        let Some(first) = fins.first() else {
            return true;
        };
        self.board
            .groups_of(Cell(first as u16))
            .any(|g| !self.bases.iter().any(|&b| self.houses[b].0 == g) && (fins - self.places[g]).is_empty())
    }

    /// True when `covers` more cover groups (and one more fin if `fin`)
    /// cannot take in `uncovered`: a greedy set of its cells no two of
    /// which share a group other than the bases chosen so far needs a cover
    /// each, but for one that may be a fin (fins share a group) if it sees
    /// one of `targets`.
    fn hopeless(&self, mut uncovered: Set<W>, covers: usize, fin: bool, targets: Set<W>) -> bool {
        let covers = covers as u32;
        let fins = u32::from(fin);
        let mut spread = Set::EMPTY;
        let mut count = 0;
        while let Some(c) = uncovered.first() {
            count += 1;
            if count > covers + fins {
                return true;
            }
            spread.insert(c);
            uncovered.remove(c);
            for g in self.board.groups_of(Cell(c as u16)) {
                if !self.bases.iter().any(|&b| self.houses[b].0 == g) {
                    uncovered = uncovered - self.places[g];
                }
            }
        }
        count > covers
            && !targets
                .iter()
                .any(|t| (spread & self.tables.peers[t]).len() >= count - covers)
    }

    /// The covers are chosen: a fish if it eliminates something.
    fn complete(&mut self, base: Set<W>, covered: Set<W>, fins: Set<W>, mut targets: Set<W>) -> bool {
        if fins.is_empty() == self.finned || fins.len() > MAX_FINS || !self.grouped(fins) {
            return false;
        }
        for f in fins.iter() {
            targets = targets & self.tables.peers[f];
        }
        let targets = targets & covered;
        if targets.is_empty() {
            return false;
        }
        let bases: SmallVec<[Set<W>; 4]> = self.bases.iter().map(|&b| self.houses[b].1).collect();
        let covers: SmallVec<[Set<W>; 4]> = self.covers.iter().map(|&g| self.places[g]).collect();
        let meets = |a: &Set<W>, sets: &[Set<W>]| sets.iter().filter(|s| s.intersects(*a)).count();
        let sensible = if self.finned {
            // Every base keeps a place that is not a fin.
            bases.iter().all(|b| !(*b - fins).is_empty())
        } else {
            // Otherwise it is a smaller fish and locked candidates.
            bases.iter().all(|b| meets(b, &covers) >= 2) && covers.iter().all(|c| meets(c, &bases) >= 2)
        };
        if !sensible {
            return false;
        }
        self.found = Some(Found {
            bases: self.bases.iter().map(|&b| self.houses[b].0).collect(),
            covers: self.covers.to_vec(),
            base_cells: base,
            fins,
            targets,
        });
        true
    }
}
