//! What the model prepares from the declared sums: the blocks of cells that
//! must differ (so the propagator can reason about distinct digits), and the
//! sums the puzzle implies without declaring them: innies and outies, houses
//! crossed from end to end by sums (`crossing.rs`), and declared sums that
//! lie side by side added up (`combine.rs`).

mod combine;
mod crossing;

use std::collections::HashSet;

pub(crate) use combine::combine;

use crate::cell::Cell;
use crate::group::{Group, GroupKind};
use crate::sum::blocks::Block;
use crate::sum::Sum;

/// Where a sum of the model comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SumOrigin {
    /// Declared by constraint `k` of the puzzle.
    Rule(usize),
    /// Implied by the rules, found when the model was compiled: `innies and
    /// outies of row 3`.
    Derived(String),
}

/// How a derived sum was found, as setters write it: a region's known
/// total less the totals of the cages taken out of it ("innies of box 5:
/// r4c4 + r6c6 = 45 − 38 = 7").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derivation {
    /// The region: `box 5`, `rows 2-3`.
    pub region: String,
    /// What the region's digits add up to (45 for a 9×9 house).
    pub region_total: i64,
    /// The totals of the cages taken out of it (inside it, or sticking out).
    pub cages_total: i64,
    /// The totals of whole houses then taken out of what was left, each
    /// signed as its cells were (0 when none).
    pub houses_total: i64,
}

impl Derivation {
    /// `innies`, `outies` or `innies and outies`, by the signs of `sum`.
    fn kind(sum: &Sum) -> &'static str {
        let positive = sum.terms().iter().any(|&(_, k)| k > 0);
        let negative = sum.terms().iter().any(|&(_, k)| k < 0);
        match (positive, negative) {
            (true, false) => "innies",
            (false, true) => "outies",
            _ => "innies and outies",
        }
    }

    /// `innies of box 5: r4c4 + r6c6 = 45 − 38 = 7` on an `n`×`n` board:
    /// the leftover cells, then the arithmetic that gives their total.
    /// Outies alone are written positive (`r3c1 + r4c1 = 53 − 45 = 8`).
    pub fn describe(&self, sum: &Sum, n: usize) -> String {
        let outies = Derivation::kind(sum) == "outies";
        let (shown, terms) = if outies {
            let negated = Sum::from_terms(sum.terms().iter().map(|&(c, k)| (c, -k)), -sum.total());
            let terms = format!("{} − {}", self.cages_total, self.region_total);
            (negated, terms)
        } else {
            (
                sum.clone(),
                format!("{} − {}", self.region_total, self.cages_total),
            )
        };
        let houses = if outies {
            -self.houses_total
        } else {
            self.houses_total
        };
        let houses = match houses {
            0 => String::new(),
            h if h > 0 => format!(" − {h}"),
            h => format!(" + {}", -h),
        };
        let equation = shown.describe(n);
        let (cells, total) = equation.rsplit_once(" = ").unwrap_or((&equation, ""));
        format!(
            "{} of {}: {cells} = {terms}{houses} = {total}",
            Derivation::kind(sum),
            self.region
        )
    }
}

/// A sum as the model keeps it: what it says, where it comes from, and its
/// cells split into blocks that must differ.
#[derive(Clone, Debug)]
pub struct CompiledSum {
    sum: Sum,
    origin: SumOrigin,
    derivation: Option<Derivation>,
    pub(crate) blocks: Vec<Block>,
    /// How reasons and contradictions name it.
    pub(crate) label: String,
}

impl CompiledSum {
    pub(crate) fn new(sum: Sum, origin: SumOrigin, label: String, blocks: Vec<Block>) -> CompiledSum {
        CompiledSum {
            sum,
            origin,
            derivation: None,
            blocks,
            label,
        }
    }

    /// The same sum, found as `derivation` says.
    pub(crate) fn derived_by(mut self, derivation: Derivation) -> CompiledSum {
        self.derivation = Some(derivation);
        self
    }

    /// The engine tier its propagator runs in. A derived sum of at most
    /// [`MAX_DERIVED_CELLS`] cells (innies and outies, a house crossed by
    /// sums, sums added up) restates what the cages and the groups already
    /// say: it runs in tier 2, once on their fixpoint rather than after each
    /// of their changes, which reaches the same fixpoint with fewer runs
    /// (MATHEMAGIC_KILLERS[4]: 12.7 % fewer instructions a node). Declared
    /// sums, and the wide derived sums (kept only because they pin their
    /// cells down from the start), run in tier 1.
    pub(crate) fn tier(&self) -> u8 {
        match self.origin {
            SumOrigin::Derived(_) if self.sum.terms().len() <= MAX_DERIVED_CELLS => 2,
            _ => 1,
        }
    }

    /// What the sum says.
    pub fn sum(&self) -> &Sum {
        &self.sum
    }

    /// Where it comes from.
    pub fn origin(&self) -> &SumOrigin {
        &self.origin
    }

    /// The constraint that declared it; `None` for a derived sum.
    pub fn rule(&self) -> Option<usize> {
        match self.origin {
            SumOrigin::Rule(k) => Some(k),
            SumOrigin::Derived(_) => None,
        }
    }

    /// Its name in reasons: the rule's name, or what it was derived from.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// For a derived sum, the region and cage totals it comes from (for
    /// wording it as setters do); `None` for a declared sum.
    pub fn derivation(&self) -> Option<&Derivation> {
        self.derivation.as_ref()
    }
}

/// How far the derivation looks: a tight pass whose sums are always kept,
/// and a wide one whose sums are kept only when they pin their cells down
/// (see [`worth_keeping`]).
#[derive(Clone, Copy)]
struct Reach {
    /// The most cells a derived sum may have.
    cells: usize,
    /// The most cells a cage may stick out of a region and still be used
    /// for outies.
    outies_per_cage: usize,
}

/// The tight pass: small derived sums, cheap to propagate, always kept.
const TIGHT: Reach = Reach {
    cells: MAX_DERIVED_CELLS,
    outies_per_cage: 3,
};

/// The most cells a derived sum of the tight pass may have: beyond that a
/// sum is kept only when [`worth_keeping`] says so.
pub(crate) const MAX_DERIVED_CELLS: usize = 6;

/// The most cells of a derived sum kept whatever its total when it comes
/// from a house crossed by sums whose digits may repeat (see
/// [`worth_keeping`]): four blocks of three on 9×9.
pub(crate) const MAX_ACROSS_CELLS: usize = 12;

/// A set of cells whose digits are known to add up to `total`: a complete
/// group, or a band of consecutive complete rows or columns.
struct Region {
    name: String,
    cells: Vec<Cell>,
    total: i64,
}

/// Innies and outies: for every complete group (and band of consecutive
/// rows or columns), the cage-like sums inside it, and those that stick out
/// of it by a few cells, give a new sum over the cells left over:
/// `Σ innies − Σ outies = region total − Σ cage totals`.
///
/// Each single house is also tried whole: the sums crossing it (little
/// killers included) and houses filling its gaps, when they cover it, give
/// the sum of the cells they bring in from outside (see `crossing.rs`).
///
/// Returns each derived sum with what it came from (the region and the
/// totals taken out of it) and whether it crosses a sum whose digits may
/// repeat (see [`worth_keeping`]), leaving out sums already declared and
/// sums over too many cells.
/// The wide pass uses only `distinct_cages` (those whose cells all differ):
/// a sum whose digits may repeat, such as a little killer, bounds the
/// leftover cells too loosely to pay for a large derived sum.
pub(crate) fn derive(
    n: usize,
    cell_count: usize,
    groups: &[Group],
    cages: &[&Sum],
    distinct_cages: &[&Sum],
) -> Vec<(Sum, Derivation, bool)> {
    if cages.is_empty() {
        return Vec::new();
    }
    let full = (n * (n + 1) / 2) as i64;
    let mut regions: Vec<Region> = groups
        .iter()
        .filter(|g| g.is_complete(n))
        .map(|g| Region {
            name: g.name().to_string(),
            cells: g.cells().to_vec(),
            total: full,
        })
        .collect();
    for (kind, word) in [(GroupKind::Row, "rows"), (GroupKind::Column, "columns")] {
        let lines: Vec<&Group> = groups
            .iter()
            .filter(|g| g.kind() == kind && g.is_complete(n))
            .collect();
        if lines.len() != n {
            continue;
        }
        for width in 2..=n / 2 {
            for start in 0..=n - width {
                regions.push(Region {
                    name: format!("{word} {}-{}", start + 1, start + width),
                    cells: lines[start..start + width]
                        .iter()
                        .flat_map(|g| g.cells().to_vec())
                        .collect(),
                    total: full * width as i64,
                });
            }
        }
    }
    // The wide pass: cages sticking out by up to a whole line, sums of up
    // to two lines' worth of cells (for a 9×9 band of rows crossed by
    // diagonal cages, the outies of all of them).
    let wide = Reach {
        cells: 2 * n,
        outies_per_cage: n,
    };
    let houses: Vec<&[Cell]> = groups
        .iter()
        .filter(|g| g.is_complete(n))
        .map(|g| g.cells())
        .collect();
    let mut known: HashSet<Vec<(Cell, i32)>> = cages.iter().map(|s| sorted_terms(s)).collect();
    let mut derived = Vec::new();
    let mut inside = vec![false; cell_count];
    let mut used = vec![false; cell_count];
    for (r, region) in regions.iter().enumerate() {
        for &c in &region.cells {
            inside[c.index()] = true;
        }
        let mut found = Vec::new();
        for (reach, cages) in [(TIGHT, cages), (wide, distinct_cages)] {
            if let Some(sum) = innies_and_outies(region, cages, &inside, &mut used, reach) {
                let cages_total = region.total - i64::from(sum.total());
                found.push((sum, cages_total, false));
            }
        }
        // The single houses (listed first) crossed from end to end.
        if r < houses.len()
            && let Some(found_here) =
                crossing::covered(region, cages, distinct_cages, &houses, &inside, &mut used)
        {
            found.push(found_here);
        }
        for (sum, cages_total, across) in found {
            let sum = without_houses(sum, &houses, full, &mut used);
            if !sum.terms().is_empty() && known.insert(sorted_terms(&sum)) {
                let derivation = Derivation {
                    region: region.name.clone(),
                    region_total: region.total,
                    cages_total,
                    houses_total: region.total - cages_total - i64::from(sum.total()),
                };
                derived.push((sum, derivation, across));
            }
        }
        for &c in &region.cells {
            inside[c.index()] = false;
        }
    }
    derived
}

/// `sum` less every complete group (a house, holding each digit once) all of
/// whose cells it has with one sign: their digits add up to a known total,
/// so they leave the sum and the total changes by theirs. `used` is scratch
/// (all false on entry and exit).
fn without_houses(sum: Sum, houses: &[&[Cell]], house_total: i64, used: &mut [bool]) -> Sum {
    let mut terms = sum.terms().to_vec();
    let mut total = i64::from(sum.total());
    for house in houses {
        if terms.len() < house.len() {
            continue;
        }
        for sign in [1, -1] {
            for &(c, k) in &terms {
                used[c.index()] = k == sign;
            }
            if house.iter().all(|c| used[c.index()]) {
                terms.retain(|(c, _)| !house.contains(c));
                total -= i64::from(sign) * house_total;
            }
            for &(c, _) in sum.terms() {
                used[c.index()] = false;
            }
        }
    }
    match i32::try_from(total) {
        Ok(total) => Sum::from_terms(terms, total),
        Err(_) => sum,
    }
}

/// Whether a derived sum over more than [`MAX_DERIVED_CELLS`] cells is worth
/// its propagator: its total lies near the least or the most its `blocks`
/// (cells that must differ, with their coefficients) can make on a board of
/// `n` digits — within a quarter of that range — so it restricts its cells
/// from the start. A sum far from both ends only costs time. (ISS keeps its
/// inferred sums by the same test.) An impossible total is kept: it settles
/// the puzzle at once.
///
/// A house crossed by sums whose digits may repeat (`across`: little
/// killers) also keeps what it leaves when that is at most
/// [`MAX_ACROSS_CELLS`] cells of one sign, whatever its total: on
/// LITTLE_KILLER_SNIPES[10] the twelve cells box 3's diagonals bring in
/// (three in each of boxes 2, 4, 6 and 8, adding up to 50 of 24–96) take
/// the search from 151,177 nodes to 47,745, where ISS skips that sum as
/// mid-range; on killers (no such sums) the same rule costs 2–5×
/// (docs/benchmarks.md, "(stop 47, littlekillers47)").
pub(crate) fn worth_keeping(sum: &Sum, blocks: &[Block], n: usize, across: bool) -> bool {
    let cells = sum.terms().len();
    if cells <= MAX_DERIVED_CELLS {
        return true;
    }
    let one_sign = sum.terms().iter().all(|&(_, k)| k > 0) || sum.terms().iter().all(|&(_, k)| k < 0);
    if across && one_sign && cells <= MAX_ACROSS_CELLS {
        return true;
    }
    let (low, high) = bounds(blocks, n);
    match slack(i64::from(sum.total()), low, high) {
        None => true,
        Some(slack) => 4 * slack < high - low,
    }
}

/// The least and the most `blocks` (cells that must differ, with their
/// coefficients) can add up to on a board of `n` digits.
fn bounds(blocks: &[Block], n: usize) -> (i64, i64) {
    let (mut low, mut high) = (0i64, 0i64);
    for block in blocks {
        let k = block.cells.len() as i64;
        let n = n as i64;
        let smallest = k * (k + 1) / 2;
        let largest = k * (2 * n - k + 1) / 2;
        let (a, b) = (
            i64::from(block.coefficient) * smallest,
            i64::from(block.coefficient) * largest,
        );
        low += a.min(b);
        high += a.max(b);
    }
    (low, high)
}

/// How far `total` lies from the nearer end of `low..=high`; `None` when it
/// lies outside (no digits make it).
fn slack(total: i64, low: i64, high: i64) -> Option<i64> {
    (low..=high)
        .contains(&total)
        .then(|| (total - low).min(high - total))
}

/// The sum left over in `region` once the cages inside it, and those that
/// stick out of it by at most `reach`, are taken away; `inside` marks the
/// region's cells, `used` is scratch (all false on entry and exit).
fn innies_and_outies(
    region: &Region,
    cages: &[&Sum],
    inside: &[bool],
    used: &mut [bool],
    reach: Reach,
) -> Option<Sum> {
    let split = |cage: &Sum| cage.cells().partition::<Vec<Cell>, _>(|c| inside[c.index()]);
    // Cages wholly inside first, larger first; then cages sticking out the
    // least. A cage shares no cell with one taken before.
    let mut candidates: Vec<(usize, usize, &Sum)> = cages
        .iter()
        .filter_map(|&cage| {
            let (inner, outer) = split(cage);
            (!inner.is_empty() && outer.len() <= reach.outies_per_cage).then_some((
                outer.len(),
                inner.len(),
                cage,
            ))
        })
        .collect();
    candidates.sort_by_key(|&(outer, inner, _)| (outer, std::cmp::Reverse(inner)));
    let mut total = region.total;
    let mut outies = Vec::new();
    let mut taken = Vec::new();
    for (_, _, cage) in candidates {
        if cage.cells().any(|c| used[c.index()]) {
            continue;
        }
        let (_, outer) = split(cage);
        if outies.len() + outer.len() > reach.cells {
            continue;
        }
        for c in cage.cells() {
            used[c.index()] = true;
            taken.push(c);
        }
        total -= i64::from(cage.total());
        outies.extend(outer);
    }
    let innies: Vec<Cell> = region
        .cells
        .iter()
        .copied()
        .filter(|c| !used[c.index()])
        .collect();
    let nothing_taken = taken.is_empty();
    for c in taken {
        used[c.index()] = false;
    }
    let cells = innies.len() + outies.len();
    if nothing_taken || cells == 0 || cells > reach.cells {
        return None;
    }
    let total = i32::try_from(total).ok()?;
    Some(Sum::from_terms(
        innies
            .into_iter()
            .map(|c| (c, 1))
            .chain(outies.into_iter().map(|c| (c, -1))),
        total,
    ))
}

fn sorted_terms(sum: &Sum) -> Vec<(Cell, i32)> {
    let mut terms = sum.terms().to_vec();
    terms.sort_unstable();
    terms
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Declared sums run in tier 1, small derived ones after them in tier
    /// 2; a wide derived sum (more than six cells) runs with the declared.
    #[test]
    fn small_derived_sums_wait_for_the_declared_ones() {
        let sum = |cells: u16| Sum::new((0..cells).map(Cell), 3);
        let derived = |cells| {
            CompiledSum::new(
                sum(cells),
                SumOrigin::Derived("row 1".into()),
                "innies".into(),
                Vec::new(),
            )
        };
        let declared = CompiledSum::new(sum(2), SumOrigin::Rule(0), "cage".into(), Vec::new());
        assert_eq!(declared.tier(), 1);
        assert_eq!(derived(MAX_DERIVED_CELLS as u16).tier(), 2);
        assert_eq!(derived(MAX_DERIVED_CELLS as u16 + 1).tier(), 1);
    }

    #[test]
    fn a_row_with_two_cages_leaves_its_innies() {
        let n = 4;
        let row = Group::new("row 1", (0..4).map(Cell)).with_kind(GroupKind::Row);
        let a = Sum::new([Cell(0), Cell(1)], 3);
        // Sticks out of row 1 into r2c3.
        let b = Sum::new([Cell(2), Cell(6)], 5);
        let derived = derive(n, 16, &[row], &[&a, &b], &[&a, &b]);
        assert_eq!(derived.len(), 1);
        let (sum, derivation, _) = &derived[0];
        assert_eq!(derivation.region, "row 1");
        // r1c4 − r2c3 = 10 − 3 − 5.
        assert_eq!(sum.describe(4), "r1c4 − r2c3 = 2");
        assert_eq!(
            derivation.describe(sum, 4),
            "innies and outies of row 1: r1c4 − r2c3 = 10 − 8 = 2"
        );
    }

    #[test]
    fn outies_alone_read_positive_and_a_house_taken_out_is_said() {
        // Row 1 of a 4×4 board: a cage of 7 hanging into r2c1, a cage of 7
        // inside. r2c1 = 14 − 10.
        let row = Group::new("row 1", (0..4).map(Cell)).with_kind(GroupKind::Row);
        let a = Sum::new([Cell(0), Cell(1), Cell(4)], 7);
        let b = Sum::new([Cell(2), Cell(3)], 7);
        let derived = derive(4, 16, &[row], &[&a, &b], &[&a, &b]);
        let (sum, derivation, _) = &derived[0];
        assert_eq!(sum.describe(4), "−r2c1 = -4");
        assert_eq!(derivation.describe(sum, 4), "outies of row 1: r2c1 = 14 − 10 = 4");
        // A whole house (10) left the outies: its total comes back.
        let derivation = Derivation {
            region: "row 1".into(),
            region_total: 10,
            cages_total: 12,
            houses_total: -10,
        };
        let sum = Sum::new([Cell(0)], 8);
        assert_eq!(
            derivation.describe(&sum, 4),
            "innies of row 1: r1c1 = 10 − 12 + 10 = 8"
        );
    }

    #[test]
    fn a_house_inside_the_outies_leaves_them_with_its_total() {
        // Row 2 of a 4×4 board lies wholly among the outies: its 10 goes.
        let row: Vec<Cell> = (4..8).map(Cell).collect();
        let sum = Sum::from_terms(
            [
                (Cell(0), 1),
                (Cell(4), -1),
                (Cell(5), -1),
                (Cell(6), -1),
                (Cell(7), -1),
            ],
            -8,
        );
        let mut used = vec![false; 16];
        let left = without_houses(sum, &[&row], 10, &mut used);
        assert_eq!(left.describe(4), "r1c1 = 2");
        assert!(used.iter().all(|&u| !u));
    }

    #[test]
    fn a_wide_sum_is_kept_only_near_an_end_of_its_range() {
        // Seven cells of one row: 28 to 42 on 9×9.
        let cells: Vec<Cell> = (0..7).map(Cell).collect();
        let block = |cells: &[Cell]| Block {
            coefficient: 1,
            cells: cells.to_vec(),
            seen_by: Vec::new(),
        };
        let near_top = Sum::new(cells.iter().copied(), 41);
        let middle = Sum::new(cells.iter().copied(), 35);
        assert!(worth_keeping(&near_top, &[block(&cells)], 9, false));
        assert!(!worth_keeping(&middle, &[block(&cells)], 9, false));
        // Impossible totals settle the puzzle: kept.
        let impossible = Sum::new(cells.iter().copied(), 50);
        assert!(worth_keeping(&impossible, &[block(&cells)], 9, false));
        // Six cells or fewer: always kept.
        let small = Sum::new(cells[..6].iter().copied(), 30);
        assert!(worth_keeping(&small, &[block(&cells[..6])], 9, false));
        // Crossing sums whose digits may repeat: kept when of one sign and
        // at most twelve cells.
        assert!(worth_keeping(&middle, &[block(&cells)], 9, true));
        let mixed = Sum::from_terms(
            cells
                .iter()
                .enumerate()
                .map(|(i, &c)| (c, if i == 0 { -1 } else { 1 })),
            35,
        );
        assert!(!worth_keeping(
            &mixed,
            &[block(&cells[1..]), block(&cells[..1])],
            9,
            true
        ));
        let wide: Vec<Cell> = (0..13).map(Cell).collect();
        let thirteen = Sum::new(wide.iter().copied(), 65);
        assert!(!worth_keeping(
            &thirteen,
            &[block(&wide[..9]), block(&wide[9..])],
            9,
            true
        ));
    }

    #[test]
    fn the_wide_pass_takes_cages_sticking_out_by_more_than_three_cells() {
        // A 6×6 row 1 split by two cages that each hang four cells below it.
        let n = 6;
        let row = Group::new("row 1", (0..6).map(Cell)).with_kind(GroupKind::Row);
        let a = Sum::new(
            [Cell(0), Cell(1), Cell(2), Cell(6), Cell(7), Cell(8), Cell(12)],
            25,
        );
        let b = Sum::new(
            [Cell(3), Cell(4), Cell(5), Cell(9), Cell(10), Cell(11), Cell(15)],
            26,
        );
        let derived = derive(n, 36, &[row], &[&a, &b], &[&a, &b]);
        let described: Vec<String> = derived.iter().map(|(s, _, _)| s.describe(n)).collect();
        // 21 − 25 − 26 = −(the eight cells below row 1).
        assert_eq!(
            described,
            ["−r2c1 − r2c2 − r2c3 − r3c1 − r2c4 − r2c5 − r2c6 − r3c4 = -30"]
        );
    }
}
