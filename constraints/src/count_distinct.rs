//! Count distinct (ISS `CountDistinct`): a control cell shows how many
//! different values a list of cells holds. The list may hold digit cells,
//! and cells whose *regions* are counted (ISS's region cells `CC1`…, on a
//! chaos construction): then the control counts the regions the cells lie
//! in.

use std::borrow::Cow;

use sudokit_core::{
    Cell, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Propagate, Rule, Violation, Word,
};

use crate::chaos::chaos_region;
use crate::chaos_connectivity::neighbours;
use crate::rule::{fits, Param, ParamType, RuleKind};

/// The digit in the control cell is the number of different values among
/// the counted cells: the digits of `cells` and the region labels of
/// `regions` (the variables of [`ChaosConstruction`](crate::ChaosConstruction)).
///
/// Propagation: the counts the cells can still reach form an interval (one
/// cell changed at a time moves the count by at most one); its top is the
/// fixed values plus a largest matching of the open cells to the other
/// values, its bottom at least the fixed values plus a greedy set of open
/// cells with pairwise disjoint candidates (and at least `at_least`, from
/// cells that must differ). The control keeps that interval. A value whose
/// use would push the count above the control's largest digit goes from
/// every open cell; with the control pinned to the top, a value that no
/// largest matching can give a cell goes from that cell.
///
/// ```
/// use sudokit_constraints::CountDistinct;
/// use sudokit_core::{Cell, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let rule = CountDistinct::new(Cell(0), vec![Cell(5), Cell(6), Cell(9), Cell(10)], vec![]);
/// let grid = |control: u8| {
///     let mut values = vec![0; 16];
///     values[0] = control;
///     // r2c2 r2c3 r3c2 hold 1 2 1, r3c3 is open: two or three values.
///     values[5] = 1;
///     values[6] = 2;
///     values[9] = 1;
///     Grid::from_values(4, values).unwrap()
/// };
/// assert!(rule.check(&g, &grid(2)).is_ok());
/// assert!(rule.check(&g, &grid(3)).is_ok());
/// let err = rule.check(&g, &grid(4)).unwrap_err();
/// assert_eq!(err.message, "r1c1 shows 4 but its cells hold 2 to 3 different values");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountDistinct {
    control: Cell,
    cells: Vec<Cell>,
    regions: Vec<Cell>,
    /// A lower bound on the count known when the rule is built (counted
    /// digit cells that see each other).
    at_least: usize,
    /// An upper bound on the count known when the rule is built (counted
    /// regions that must coincide, [`CountDistinct::within_chaos`]).
    at_most: usize,
}

impl CountDistinct {
    /// The count in `control` of the different digits of `cells` and
    /// region labels of `regions`.
    pub fn new(control: Cell, cells: Vec<Cell>, regions: Vec<Cell>) -> CountDistinct {
        CountDistinct {
            control,
            cells,
            regions,
            at_least: 0,
            at_most: usize::MAX,
        }
    }

    /// The same rule on a board with the chaos construction, whose regions
    /// are connected and hold `n ≥ 2` cells: a counted region cell whose
    /// orthogonal neighbours are all counted shares its region with one of
    /// them, so the two count once. Such cells whose closed neighbourhoods
    /// do not overlap each lower the largest count by one (ISS's static
    /// cap; without it The Fountain's 3×3 counts allow 9 at the root).
    pub fn within_chaos(mut self, chaos: bool, n: usize) -> CountDistinct {
        if !chaos || n < 2 || self.regions.len() < 2 {
            return self;
        }
        let counted = |i: usize| self.regions.iter().any(|c| c.index() == i);
        let mut used: Vec<usize> = Vec::new();
        let mut merged = 0;
        for &cell in &self.regions {
            let i = cell.index();
            let mut closed: Vec<usize> = neighbours(i, n).collect();
            if !closed.iter().all(|&c| counted(c)) {
                continue;
            }
            closed.push(i);
            if closed.iter().any(|c| used.contains(c)) {
                continue;
            }
            used.extend(closed);
            merged += 1;
        }
        let mut distinct = self.regions.clone();
        distinct.sort_unstable();
        distinct.dedup();
        self.at_most = (self.cells.len() + distinct.len()).saturating_sub(merged);
        self
    }

    /// The same rule, knowing that the counted digit cells are all
    /// different wherever `differ` says two cells are (the classic rules'
    /// peers): the most such cells pairwise different is a lower bound.
    pub fn with_differing(mut self, differ: impl Fn(Cell, Cell) -> bool) -> CountDistinct {
        let mut group: Vec<Cell> = Vec::new();
        let mut best = 0;
        for &first in &self.cells {
            group.clear();
            group.push(first);
            for &c in &self.cells {
                if !group.contains(&c) && group.iter().all(|&g| differ(g, c)) {
                    group.push(c);
                }
            }
            best = best.max(group.len());
        }
        self.at_least = best;
        self
    }

    /// The control cell, the counted digit cells and the cells whose
    /// regions are counted.
    pub fn parts(&self) -> (Cell, &[Cell], &[Cell]) {
        (self.control, &self.cells, &self.regions)
    }

    /// The engine variables counted: the digit cells, then the region
    /// variables.
    fn counted(&self, geometry: &Geometry) -> Vec<Cell> {
        let regions = self.regions.iter().map(|&c| chaos_region(geometry, c));
        self.cells.iter().copied().chain(regions).collect()
    }
}

impl Rule for CountDistinct {
    fn name(&self) -> Cow<'_, str> {
        "count distinct".into()
    }

    fn variables(&self, geometry: &Geometry) -> usize {
        match self.regions.is_empty() {
            true => 0,
            false => geometry.cell_count(),
        }
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        let mut scope = self.counted(geometry);
        scope.push(self.control);
        scope.sort_unstable();
        scope.dedup();
        scope
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        let Some(shown) = grid.get(self.control) else {
            return Ok(());
        };
        let labels = grid.layer();
        let values = self.cells.iter().map(|&c| grid.get(c)).chain(
            self.regions
                .iter()
                .map(|c| labels.get(c.index()).copied().filter(|&l| l != 0)),
        );
        let mut seen: Vec<Digit> = Vec::new();
        let mut open = 0;
        for value in values {
            match value {
                Some(v) if !seen.contains(&v) => seen.push(v),
                Some(_) => {}
                None => open += 1,
            }
        }
        let shown = shown as usize;
        if shown >= seen.len() && shown <= seen.len() + open {
            return Ok(());
        }
        let n = geometry.size();
        let held = match open {
            0 => format!("{}", seen.len()),
            _ => format!("{} to {}", seen.len(), seen.len() + open),
        };
        Err(Violation::new(
            format!(
                "{} shows {shown} but its cells hold {held} different values",
                self.control.name(n)
            ),
            vec![self.control],
        ))
    }
}

/// The size of a largest matching of `domains` (bit sets of values) to
/// distinct values outside `excluded` (Kuhn's augmenting paths).
fn matching(domains: &[u128], excluded: u128) -> usize {
    fn augment(
        i: usize,
        domains: &[u128],
        excluded: u128,
        owner: &mut [usize; 128],
        seen: &mut u128,
    ) -> bool {
        let mut open = domains[i] & !excluded & !*seen;
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            *seen |= bit;
            let v = bit.trailing_zeros() as usize;
            if owner[v] == usize::MAX || augment(owner[v], domains, excluded, owner, seen) {
                owner[v] = i;
                return true;
            }
        }
        false
    }
    let mut owner = [usize::MAX; 128];
    (0..domains.len())
        .filter(|&i| augment(i, domains, excluded, &mut owner, &mut 0))
        .count()
}

/// How many of `domains` a greedy pass finds pairwise disjoint and
/// disjoint from `used`, smallest first: that many values beyond `used`
/// are needed.
fn packing(domains: &[u128], mut used: u128) -> usize {
    let mut order: Vec<u128> = domains.to_vec();
    order.sort_by_key(|d| d.count_ones());
    let mut count = 0;
    for d in order {
        if d & used == 0 {
            used |= d;
            count += 1;
        }
    }
    count
}

impl Propagate for CountDistinct {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let n = cx.size();
        let counted = self.counted(cx.geometry());
        let needed = counted.iter().map(|c| c.index() + 1).max().unwrap_or(0);
        if cx.state().variables().len() < needed {
            return Ok(()); // region cells without their layer: nothing known
        }
        let mut fixed = 0u128;
        let mut open: Vec<(Cell, u128)> = Vec::new();
        for &v in &counted {
            let c = cx.candidates(v);
            match c.is_single() {
                true => fixed |= c.to_u128(),
                false => open.push((v, c.to_u128())),
            }
        }
        let domains: Vec<u128> = open.iter().map(|&(_, d)| d).collect();
        let known = fixed.count_ones() as usize;
        let top = known + matching(&domains, fixed);
        let bottom = (known + packing(&domains, fixed)).max(self.at_least).max(1);
        let range: Digits<W> = (bottom..=top.min(n).min(self.at_most))
            .map(|k| k as Digit)
            .collect();
        cx.restrict(self.control, range)?;
        let control = cx.candidates(self.control);
        let highest = control.max().unwrap_or(0) as usize;
        // A value outside the fixed ones, used, joins the values of a set of
        // open cells with disjoint candidates that avoid it.
        let mut values = domains.iter().fold(0u128, |m, &d| m | d) & !fixed;
        while values != 0 {
            let bit = values & values.wrapping_neg();
            values ^= bit;
            if known + packing(&domains, fixed | bit) + 1 > highest {
                let digit = bit.trailing_zeros() as Digit + 1;
                for &(v, _) in &open {
                    cx.remove(v, digit)?;
                }
            }
        }
        if control.single_digit().map(usize::from) == Some(top) && top > known {
            at_the_top(cx, &open, fixed, top - known)?;
        }
        Ok(())
    }
}

/// With the count pinned to its largest reachable value, every open cell
/// keeps only the values some largest matching (of `size` beyond the
/// fixed values) allows it: a new value matched to it, or a fixed value
/// when the others reach the size without it.
fn at_the_top<W: Word>(
    cx: &mut Ctx<'_, W>,
    open: &[(Cell, u128)],
    fixed: u128,
    size: usize,
) -> Result<(), Contradiction> {
    for (j, &(cell, domain)) in open.iter().enumerate() {
        let others: Vec<u128> = open
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != j)
            .map(|(_, &(_, d))| d)
            .collect();
        let mut keep = 0u128;
        if domain & fixed != 0 && matching(&others, fixed) >= size {
            keep |= domain & fixed;
        }
        let mut new = domain & !fixed;
        while new != 0 {
            let bit = new & new.wrapping_neg();
            new ^= bit;
            if matching(&others, fixed | bit) + 1 >= size {
                keep |= bit;
            }
        }
        cx.restrict(cell, Digits::from_u128(keep))?;
    }
    Ok(())
}

/// `count-distinct` in files.
pub(crate) static COUNT_DISTINCT: RuleKind = RuleKind {
    meaning: "the control digit is the number of different values among the cells: the digits of \
              `cells`, and the regions of `regions` (with chaos-construction)",
    summary: "cell (control), cells (digits counted), regions (cells whose regions are counted)",
    params: &[
        Param::required("cell", ParamType::Cell, "cell = \"r1c1\""),
        Param::optional("cells", ParamType::Cells, "cells = [\"r1c2\", \"r2c2\"]"),
        Param::optional("regions", ParamType::Cells, "regions = [\"r2c1\", \"r2c2\"]"),
    ],
    example: r#"{ type = "count-distinct", cell = "r5c5", cells = "r4c4 r4c5 r4c6 r5c4 r5c6 r6c4 r6c5 r6c6" }"#,
    ..RuleKind::new("count-distinct", |rule, context| {
        let (cells, regions) = (rule.cells("cells"), rule.cells("regions"));
        if cells.is_empty() && regions.is_empty() {
            fits(
                "count-distinct",
                Err("no cells counted: give `cells`, `regions` or both".to_string()),
            )?;
        }
        let control = rule.cells("cell").first().copied().unwrap_or(Cell(0));
        let mut built = CountDistinct::new(control, cells.to_vec(), regions.to_vec());
        if context.classic {
            built = built.with_differing(|a, b| context.geometry.are_peers(a, b));
        }
        built = built.within_chaos(context.chaos, context.size());
        Ok(Box::new(built))
    })
};
