//! Relation chains: the cells a line's or a run of dots' pair relations
//! join, filled as a whole with the houses among them ("6 on a whisper
//! needs 1 on both sides, and its neighbours share row 2").

use std::borrow::Cow;
use std::collections::HashSet;

use sudokit_core::{Cand, Cell, Digit, Digits, Link, Model, Reason};

use super::quiet::Quiet;
use super::ways::{joint_ways, SHOWN_FILLINGS};
use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// A digit that no filling of a short chain of related cells gives a cell:
/// the cells a whisper, a thermometer, kropki dots or any other pair
/// relation join (a cell, the cells related to it, theirs …), filled all
/// at once from their candidates, with every relation among them and every
/// pair of them that sees each other holding different digits.
///
/// The rules' own propagator checks one relation at a time (2.0): it keeps
/// a 6 on a whisper while a 1 is left on each side, even when the two
/// sides share a row and cannot both hold 1. The chain shows it, and says
/// what shape the relations give: a whisper's cells alternate low and high
/// (every allowed pair has one digit on each side of a middle), a
/// thermometer's digits rise along it (every allowed pair is ordered).
///
/// It works from what rules declare, never from rule types: the chains
/// follow the relations of rules that relate a few cells (at most two
/// rows' worth: lines, dots, XV), not those that relate the whole board
/// (anti-knight, non-consecutive, negative dots), which still take part
/// between the chain's cells. The smallest chain that shows something is
/// taken: a cell and its neighbours first, then two steps out, up to
/// [`RelationChains::MAX_CELLS`] cells.
///
/// Sound because every solution fills the chain in one of the ways tried.
#[derive(Clone, Copy, Debug, Default)]
pub struct RelationChains;

impl RelationChains {
    /// Difficulty of the shortest chain (three cells): one rule read across
    /// two relations and the house its ends share, as hard as the pointing
    /// and claiming (2.6, 2.8) it sits between.
    pub const BASE: f32 = 2.7;
    /// Difficulty added per cell past three.
    pub const PER_CELL: f32 = 0.1;
    /// The most cells a chain may have (difficulty 3.1).
    pub const MAX_CELLS: usize = 7;
    /// How far from its middle cell a chain reaches.
    const MAX_RADIUS: usize = 3;
    /// Search nodes one chain's filling may visit.
    const MAX_NODES: usize = 5_000;

    /// The difficulty of a chain of `cells` cells.
    pub fn difficulty_of(cells: usize) -> f32 {
        let extra = cells.saturating_sub(3) as f32 * Self::PER_CELL;
        ((Self::BASE + extra) * 10.0).round() / 10.0
    }
}

impl Technique for RelationChains {
    fn name(&self) -> Cow<'static, str> {
        "relation chain".into()
    }

    fn difficulty(&self) -> f32 {
        Self::BASE
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        let model = board.model();
        let local = model.prepared(LocalPairs::of);
        if local.cells.is_empty() {
            return None;
        }
        let quiet = model.prepared(|_| ChainsLookedAt::default());
        let mut seen: HashSet<Vec<Cell>> = HashSet::new();
        for radius in 1..=Self::MAX_RADIUS {
            for &middle in &local.cells {
                let chain = Chain::around(board, &local, middle, radius);
                let item = radius * board.all_candidates().len() + middle.index();
                if chain.cells.len() < 3
                    || !seen.insert(chain.sorted())
                    || quiet.0.unchanged(board, item, &chain.cells)
                {
                    continue;
                }
                let found = chain.unfillable(board).filter(|(e, _)| !e.is_empty());
                let Some((eliminations, fillings)) = found else {
                    quiet.0.remember(board, item, &chain.cells);
                    continue;
                };
                let text = chain.wording(board, &local, &eliminations, &fillings);
                let reason = Reason::new("relation chain").text(text);
                return Some(Deduction::eliminate(
                    reason,
                    Self::difficulty_of(chain.cells.len()),
                    eliminations,
                ));
            }
        }
        None
    }
}

/// The chains [`RelationChains`] found nothing in, per model.
#[derive(Debug, Default)]
struct ChainsLookedAt(Quiet);

/// Which related pairs make chains: those of a rule that relates a few
/// cells. Prepared once per model.
struct LocalPairs {
    /// Per pair of [`Model::related_pairs`].
    local: Vec<bool>,
    /// Every cell with a local link, in order.
    cells: Vec<Cell>,
}

impl LocalPairs {
    fn of(model: &Model) -> LocalPairs {
        let limit = 2 * model.size();
        let mut cells_of_rule: Vec<HashSet<Cell>> = vec![HashSet::new(); model.constraints().len()];
        for (i, pair) in model.related_pairs().iter().enumerate() {
            if pair.differ {
                continue;
            }
            for &k in model.pair_rules(i as u32) {
                cells_of_rule[k as usize].extend([pair.a, pair.b]);
            }
        }
        let local: Vec<bool> = model
            .related_pairs()
            .iter()
            .enumerate()
            .map(|(i, pair)| {
                !pair.differ
                    && model
                        .pair_rules(i as u32)
                        .iter()
                        .any(|&k| cells_of_rule[k as usize].len() <= limit)
            })
            .collect();
        let mut cells: Vec<Cell> = model
            .related_pairs()
            .iter()
            .zip(&local)
            .filter(|(_, l)| **l)
            .flat_map(|(p, _)| [p.a, p.b])
            .collect();
        cells.sort();
        cells.dedup();
        LocalPairs { local, cells }
    }

    /// The local links of `cell`.
    fn links<'m>(&'m self, model: &'m Model, cell: Cell) -> impl Iterator<Item = &'m Link> + 'm {
        model
            .links(cell)
            .iter()
            .filter(|l| self.local.get(l.pair as usize) == Some(&true))
    }
}

/// Some cells joined by local links: a middle cell and those within a few
/// links of it, unsolved ones only beyond the middle.
struct Chain {
    /// In the order they were reached from the middle.
    cells: Vec<Cell>,
}

impl Chain {
    fn around(board: &Board<'_>, local: &LocalPairs, middle: Cell, radius: usize) -> Chain {
        let model = board.model();
        let mut cells = vec![middle];
        let mut frontier = vec![middle];
        for _ in 0..radius {
            let mut next = Vec::new();
            for &cell in &frontier {
                for link in local.links(model, cell) {
                    if cells.contains(&link.other) || cells.len() >= RelationChains::MAX_CELLS {
                        continue;
                    }
                    cells.push(link.other);
                    next.push(link.other);
                }
            }
            frontier = next;
        }
        Chain { cells }
    }

    fn sorted(&self) -> Vec<Cell> {
        let mut cells = self.cells.clone();
        cells.sort();
        cells
    }

    /// The candidates of the chain's cells that no filling uses, and the
    /// first fillings (all of them when there are at most
    /// [`SHOWN_FILLINGS`]); `None` when the filling is too large to try, or
    /// there is none (the rules report that).
    fn unfillable(&self, board: &Board<'_>) -> Option<(Vec<Cand>, Vec<Vec<Digit>>)> {
        let found = joint_ways(board, &self.cells, &[], RelationChains::MAX_NODES)?;
        let unused = self
            .cells
            .iter()
            .zip(&found.supported)
            .flat_map(|(&cell, &kept)| {
                (board.candidates(cell) - kept)
                    .iter()
                    .map(move |d| Cand::new(cell, d))
            })
            .collect();
        Some((unused, found.fillings))
    }

    /// "whispers 5 r2c2–r2c3–r2c4, its cells alternate low (1-4) and high
    /// (6-9): 6 in r2c3 would need 1 in both r2c2 and r2c4, which share
    /// row 2".
    fn wording(
        &self,
        board: &Board<'_>,
        local: &LocalPairs,
        eliminations: &[Cand],
        fillings: &[Vec<Digit>],
    ) -> String {
        let model = board.model();
        let links: Vec<(Cell, &Link)> = self
            .cells
            .iter()
            .flat_map(|&c| local.links(model, c).map(move |l| (c, l)))
            .filter(|(_, l)| self.cells.contains(&l.other))
            .collect();
        let mut names: Vec<String> = Vec::new();
        for (_, link) in &links {
            for &k in model.pair_rules(link.pair) {
                let name = model.constraints()[k as usize].name().into_owned();
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        let order = self.path(&links);
        let shape = shape(board, &links);
        let rising = matches!(shape, Shape::Rising(_));
        let mut listed = None;
        let cells = match order {
            Some(mut path) => {
                let falls = links
                    .iter()
                    .find(|(c, l)| *c == path[0] && l.other == path[1])
                    .is_some_and(|(_, l)| !ordered_up(model, l.table));
                if rising && falls {
                    path.reverse();
                }
                if fillings.len() <= SHOWN_FILLINGS {
                    listed = Some(self.read_along(&path, fillings));
                }
                let names: Vec<String> = path.iter().map(|&c| board.name(c)).collect();
                names.join("–")
            }
            None if rising => {
                let names: Vec<String> = self
                    .rising_order(&links, model)
                    .iter()
                    .map(|&c| board.name(c))
                    .collect();
                names.join("–")
            }
            None => {
                let around: Vec<String> = self.cells[1..].iter().map(|&c| board.name(c)).collect();
                format!("around {} ({})", board.name(self.cells[0]), around.join(", "))
            }
        };
        let mut text = format!("{} {cells}", names.join(" + "));
        match shape {
            Shape::Alternating(low, high) => {
                text += &format!(", its cells alternate low ({low}) and high ({high})");
            }
            Shape::Rising(true) => text += ", its digits rise along it",
            Shape::Rising(false) => text += ", its digits never fall along it",
            Shape::Other => {}
        }
        let each: Option<Vec<String>> = eliminations
            .iter()
            .map(|&e| self.both_sides(board, &links, e))
            .collect();
        let why = each.filter(|w| w.len() <= 3).map(|w| w.join("; "));
        let why = why
            .or(listed)
            .unwrap_or_else(|| "no way to fill the chain keeps them".into());
        text += &format!(": {why}");
        text
    }

    /// "it can only read 1-2-4, 2-4-8, 4-2-1 or 8-4-2": the fillings, each
    /// along `path`.
    fn read_along(&self, path: &[Cell], fillings: &[Vec<Digit>]) -> String {
        let at: Vec<usize> = path
            .iter()
            .filter_map(|c| self.cells.iter().position(|x| x == c))
            .collect();
        let mut read: Vec<String> = fillings
            .iter()
            .map(|f| at.iter().map(|&i| f[i].to_string()).collect::<Vec<_>>().join("-"))
            .collect();
        read.sort();
        match read.len() {
            1 => format!("it can only read {}", read[0]),
            _ => {
                let last = read.pop().unwrap_or_default();
                format!("it can only read {} or {last}", read.join(", "))
            }
        }
    }

    /// The cells of a chain whose links are all ordered, lowest first: by
    /// how many of the chain's cells each must be at least.
    fn rising_order(&self, links: &[(Cell, &Link)], model: &Model) -> Vec<Cell> {
        let mut cells = self.cells.clone();
        let below = |c: Cell| {
            links
                .iter()
                .filter(|(a, l)| l.other == c && ordered_up(model, l.table) && *a != c)
                .count()
        };
        cells.sort_by_key(|&c| below(c));
        cells
    }

    /// The cells in order along the chain, when its links form a path.
    fn path(&self, links: &[(Cell, &Link)]) -> Option<Vec<Cell>> {
        let degree = |c: Cell| links.iter().filter(|(a, _)| *a == c).count();
        if self.cells.iter().any(|&c| degree(c) > 2) {
            return None;
        }
        let start = *self.cells.iter().find(|&&c| degree(c) == 1)?;
        let mut path = vec![start];
        while let Some(&(_, next)) = links
            .iter()
            .find(|(a, l)| *a == *path.last().unwrap_or(&start) && !path.contains(&l.other))
        {
            path.push(next.other);
        }
        (path.len() == self.cells.len()).then_some(path)
    }

    /// "6 in r2c3 would need 1 in both r2c2 and r2c4, which share row 2":
    /// two neighbours of the candidate's cell that see each other and
    /// would both be left with one digit, the same.
    fn both_sides(&self, board: &Board<'_>, links: &[(Cell, &Link)], cand: Cand) -> Option<String> {
        let model = board.model();
        let forced: Vec<(Cell, Digit)> = links
            .iter()
            .filter(|(c, _)| *c == cand.cell)
            .filter_map(|(_, l)| {
                let left =
                    board.candidates(l.other) & Digits::from_u128(model.table(l.table).partners(cand.digit));
                left.single_digit().map(|d| (l.other, d))
            })
            .collect();
        for (i, &(a, x)) in forced.iter().enumerate() {
            for &(b, y) in &forced[i + 1..] {
                if x != y || !board.sees(a, b) {
                    continue;
                }
                let (a, b) = (a.min(b), a.max(b));
                let house = board
                    .groups_of(a)
                    .filter(|&g| board.group(g).is_complete(board.size()))
                    .find(|&g| board.group(g).cells().contains(&b));
                let share = house.map_or_else(
                    || "which see each other".to_string(),
                    |g| format!("which share {}", board.group(g).name()),
                );
                return Some(format!(
                    "{} in {} would need {x} in both {} and {}, {share}",
                    cand.digit,
                    board.name(cand.cell),
                    board.name(a),
                    board.name(b)
                ));
            }
        }
        None
    }
}

/// What the chain's relations say about its shape, when one thing does.
enum Shape {
    /// Every allowed pair has one digit low and one high (whispers): the
    /// digits of each side.
    Alternating(String, String),
    /// Every allowed pair is ordered one way; `true` when strictly.
    Rising(bool),
    Other,
}

/// The shape every link of the chain agrees on.
fn shape(board: &Board<'_>, links: &[(Cell, &Link)]) -> Shape {
    let model = board.model();
    let n = board.size() as Digit;
    let pairs = |table: u32| {
        let t = model.table(table);
        (1..=n).flat_map(move |a| (1..=n).filter(move |&b| t.allows(a, b)).map(move |b| (a, b)))
    };
    // A middle `m / 2` that every allowed pair straddles.
    let middles: Vec<u32> = (3..2 * u32::from(n))
        .filter(|&m| {
            links.iter().all(|(_, l)| {
                pairs(l.table).all(|(a, b)| {
                    let (lo, hi) = (2 * u32::from(a.min(b)), 2 * u32::from(a.max(b)));
                    lo < m && hi > m
                })
            })
        })
        .collect();
    let middle = middles.get(middles.len() / 2).copied();
    if let Some(m) = middle {
        let low = (1..=n).filter(|&d| 2 * u32::from(d) < m).collect::<Vec<_>>();
        let high = (1..=n).filter(|&d| 2 * u32::from(d) > m).collect::<Vec<_>>();
        let range = |v: &[Digit]| match (v.first(), v.last()) {
            (Some(a), Some(b)) if a != b => format!("{a}-{b}"),
            (Some(a), _) => a.to_string(),
            _ => String::new(),
        };
        return Shape::Alternating(range(&low), range(&high));
    }
    let ordered = links.iter().all(|(_, l)| {
        let t = model.table(l.table);
        let up = (1..=n).all(|a| (1..=n).all(|b| !t.allows(a, b) || a <= b));
        let down = (1..=n).all(|a| (1..=n).all(|b| !t.allows(a, b) || a >= b));
        up || down
    });
    if !ordered {
        return Shape::Other;
    }
    let strict = links.iter().all(|(_, l)| {
        let t = model.table(l.table);
        (1..=n).all(|a| !t.allows(a, a))
    });
    Shape::Rising(strict)
}

/// True when the table only allows pairs `(a, b)` with `a ≤ b`.
fn ordered_up(model: &Model, table: u32) -> bool {
    let t = model.table(table);
    let n = t.size() as Digit;
    (1..=n).all(|a| (1..=n).all(|b| !t.allows(a, b) || a <= b))
}
