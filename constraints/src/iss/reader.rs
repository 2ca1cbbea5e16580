//! An ISS constraint string into a [`PuzzleSpec`]: the items are split,
//! every type is checked first (those sudokit does not read are refused
//! together, by name), then the board, the givens and the rules are read.

use std::collections::BTreeMap;

use sudokit_core::{Cell, Digit, Geometry, GeometryError};

use super::chaos;
use super::nfa;
use super::pairwise;
use super::table::{self, Form, IssRule};
use super::{little_killer_diagonals, neighbour_pairs, parse_cell, IssError, MAX_SIZE};
use crate::clues::{Clue, ClueCell, Direction, Side};
use crate::registry::Registry;
use crate::spec::{Layout, PuzzleSpec, RuleSpec};

type Result<T> = std::result::Result<T, IssError>;

/// One `.Type~arg~arg` item: its 1-based position, type and arguments.
#[derive(Clone)]
struct Item<'a> {
    number: usize,
    ty: &'a str,
    args: Vec<&'a str>,
}

impl Item<'_> {
    /// `.Thermo (item 3)`, for messages.
    fn name(&self) -> String {
        let ty = if self.ty.is_empty() { "~ (givens)" } else { self.ty };
        format!(".{ty} (item {})", self.number)
    }

    fn error(&self, what: impl std::fmt::Display) -> IssError {
        IssError::new(format!("{}: {what}", self.name()))
    }
}

pub(super) fn read(registry: &Registry, text: &str) -> Result<PuzzleSpec> {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(body) = text.strip_prefix('.') else {
        return Err(IssError::new("an ISS constraint string starts with '.'"));
    };
    let items: Vec<Item> = body
        .split('.')
        .enumerate()
        .map(|(i, item)| {
            let mut parts = item.split('~');
            let ty = parts.next().unwrap_or("");
            Item {
                number: i + 1,
                ty: if ty == "Given" { "" } else { ty },
                args: parts.collect(),
            }
        })
        .collect();
    if items.iter().any(|i| i.ty == "Replicate") {
        // Types sudokit does not read are named before any cell is shifted
        // (a replicated `.Var` cell is no cell id).
        let others: Vec<Item> = items.iter().filter(|i| i.ty != "Replicate").cloned().collect();
        check_types(&others)?;
        let n = shape(&items)?;
        let parts: Vec<&str> = body.split('.').collect();
        let expanded = super::replicate::expand(&parts, n).map_err(IssError::new)?;
        return read(registry, &format!(".{}", expanded.join(".")));
    }
    check_types(&items)?;
    let tree = nest(&items)?;
    // The board, the givens and the rules outside `.Or` (a top-level
    // `.And` only groups); the `.Or`s become `any-of` rules.
    let mut top: Vec<Item> = Vec::new();
    let mut choices: Vec<&[Node]> = Vec::new();
    flatten_top(&tree, &mut top, &mut choices);
    let items = top;
    let n = shape(&items)?;
    let mut spec = PuzzleSpec::new(n);
    let reader = Reader { registry, n };
    let (layout, pieces) = reader.layout(&items)?;
    spec.layout = layout;
    let (givens, marks) = reader.givens(&items)?;
    spec.givens = givens;
    spec.rules.extend(marks);
    spec.rules.extend(pieces);
    spec.rules.extend(reader.windoku(&items)?);
    for item in items
        .iter()
        .filter(|i| !table::BOARD_TYPES.contains(&i.ty) && !i.ty.is_empty())
    {
        reader.rules(item, &mut spec.rules)?;
    }
    for alternatives in choices {
        spec.rules.push(reader.any_of(alternatives)?);
    }
    reader.full_rank_ties(&items, &mut spec.rules)?;
    reader.dutch_flatmates(&items, &mut spec.rules)?;
    refuse_anticonsecutive_with_dots(&items)?;
    let chaos = |name: &str| spec.rules.iter().any(|r| r.name() == name);
    let counts_regions = spec
        .rules
        .iter()
        .any(|r| r.name() == "count-distinct" && !r.cells("regions").is_empty());
    if !chaos("chaos-construction")
        && (counts_regions
            || ["chaos-arrow", "chaos-count", "same-region", "different-regions"]
                .into_iter()
                .any(chaos))
    {
        return Err(IssError::new(
            "region clues (ChaosArrow, ChaosCount, SameValues, AllDifferent or CountDistinct on CC cells) need \
             .ChaosConstruction",
        ));
    }
    Ok(spec)
}

/// An item, or a group of them: ISS's `.Or … .End` (at least one child
/// holds) and `.And … .End` (all hold).
enum Node<'a> {
    Item(Item<'a>),
    Or(Vec<Node<'a>>),
    And(Vec<Node<'a>>),
}

/// The items as a tree of `.Or`/`.And` groups, each closed by `.End`.
fn nest<'a>(items: &[Item<'a>]) -> Result<Vec<Node<'a>>> {
    // The open groups: the opening item, whether it is an Or, the children.
    let mut open: Vec<(Item<'a>, bool, Vec<Node<'a>>)> = Vec::new();
    let mut top: Vec<Node<'a>> = Vec::new();
    for item in items {
        let node = match item.ty {
            "Or" | "And" => {
                if !item.args.is_empty() {
                    return Err(item.error(format!("takes no arguments, found '{}'", item.args.join("~"))));
                }
                open.push((item.clone(), item.ty == "Or", Vec::new()));
                continue;
            }
            "End" => {
                let Some((opening, or, children)) = open.pop() else {
                    return Err(item.error("closes no .Or or .And"));
                };
                if children.is_empty() {
                    return Err(opening.error("holds no constraints before its .End"));
                }
                match or {
                    true => Node::Or(children),
                    false => Node::And(children),
                }
            }
            ty if table::BOARD_TYPES.contains(&ty) && !open.is_empty() => {
                return Err(item.error("describes the board, which cannot be inside .Or or .And"));
            }
            _ => Node::Item(item.clone()),
        };
        match open.last_mut() {
            Some((_, _, children)) => children.push(node),
            None => top.push(node),
        }
    }
    match open.pop() {
        Some((opening, _, _)) => Err(opening.error("has no .End")),
        None => Ok(top),
    }
}

/// The items that hold at the top (a top-level `.And`'s too), and the
/// children of each `.Or` there.
fn flatten_top<'t, 'a>(nodes: &'t [Node<'a>], top: &mut Vec<Item<'a>>, choices: &mut Vec<&'t [Node<'a>]>) {
    for node in nodes {
        match node {
            Node::Item(item) => top.push(item.clone()),
            Node::And(children) => flatten_top(children, top, choices),
            Node::Or(children) => choices.push(children),
        }
    }
}

/// Refuses, in one message, every type sudokit does not read: ISS types
/// without a sudokit rule, then names ISS does not have.
fn check_types(items: &[Item]) -> Result<()> {
    let mut unmapped: Vec<String> = Vec::new();
    let mut unknown: Vec<&str> = Vec::new();
    for item in items {
        let ty = item.ty;
        if ty.is_empty()
            || matches!(ty, "Or" | "And" | "End")
            || table::BOARD_TYPES.contains(&ty)
            || table::COMBINED.iter().any(|c| c.0 == ty)
            || chaos::reads(ty, &item.args)
            || (ty == "ConnectedValues" && item.args.first().is_some_and(|p| p.is_empty()))
        {
            continue;
        }
        let mut rows = table::rows_of(ty).peekable();
        if rows.peek().is_some() {
            let tag = item.args.first().copied();
            let tagged: Vec<&IssRule> = table::rows_of(ty).filter(|r| r.tag.is_some()).collect();
            if !tagged.is_empty() && !tagged.iter().any(|r| r.tag == tag) {
                let name = format!("{ty}~{}", tag.unwrap_or(""));
                if !unmapped.contains(&name) {
                    unmapped.push(name);
                }
            }
            continue;
        }
        if table::ISS_TYPES.contains(&ty) {
            if !unmapped.iter().any(|u| u == ty) {
                unmapped.push(ty.to_string());
            }
        } else if !unknown.contains(&ty) {
            unknown.push(ty);
        }
    }
    let mut parts = Vec::new();
    if !unmapped.is_empty() {
        parts.push(format!(
            "ISS constraint types sudokit does not read: {}",
            unmapped.join(", ")
        ));
    }
    if !unknown.is_empty() {
        parts.push(format!("not ISS constraint types: {}", unknown.join(", ")));
    }
    match parts.is_empty() {
        true => Ok(()),
        false => Err(IssError::new(parts.join("; "))),
    }
}

/// The board side from `.Shape~NxN` (9 without one). Other value ranges
/// and grid types are refused.
fn shape(items: &[Item]) -> Result<usize> {
    let mut side = None;
    for item in items.iter().filter(|i| i.ty == "Shape") {
        let dims = item.args.first().copied().unwrap_or("");
        let n = match dims.split_once('x') {
            Some((rows, cols)) if rows == cols => rows.parse::<usize>().ok(),
            _ => None,
        };
        let Some(n) = n.filter(|n| (1..=MAX_SIZE).contains(n)) else {
            return Err(item.error(format!(
                "'{dims}' is not a square board of 1×1 to {MAX_SIZE}×{MAX_SIZE} (sudokit reads square boards)"
            )));
        };
        match item.args.get(1).copied().unwrap_or("") {
            "" => {}
            range if range == n.to_string() || range == format!("1-{n}") => {}
            range => {
                return Err(item.error(format!(
                    "digits '{range}': sudokit reads digits 1 to {n} on a {n}×{n} board"
                )))
            }
        }
        if let Some(kind) = item.args.get(2).filter(|t| **t != "Sudoku") {
            return Err(item.error(format!("grid type '{kind}': sudokit reads Sudoku grids")));
        }
        if side.is_some_and(|s| s != n) {
            return Err(item.error("a second, different shape"));
        }
        side = Some(n);
    }
    Ok(side.unwrap_or(9))
}

/// ISS allows `AntiConsecutive` beside dots and then holds it for dotted
/// pairs too; sudokit's `nonconsecutive` exempts them, so the two differ.
fn refuse_anticonsecutive_with_dots(items: &[Item]) -> Result<()> {
    let anti = items.iter().find(|i| i.ty == "AntiConsecutive");
    let dot = items.iter().find(|i| i.ty == "WhiteDot" || i.ty == "BlackDot");
    match (anti, dot) {
        (Some(anti), Some(dot)) => Err(anti.error(format!(
            "AntiConsecutive with kropki dots ({}) holds for the dotted pairs too in ISS; \
             sudokit's nonconsecutive exempts them, so this puzzle is not read",
            dot.name()
        ))),
        _ => Ok(()),
    }
}

struct Reader<'r> {
    registry: &'r Registry,
    n: usize,
}

impl Reader<'_> {
    fn cell(&self, item: &Item, id: &str) -> Result<Cell> {
        parse_cell(id, self.n).map_err(|e| item.error(e))
    }

    fn cells(&self, item: &Item, ids: &[&str]) -> Result<Vec<Cell>> {
        if ids.is_empty() {
            return Err(item.error("no cells"));
        }
        ids.iter().map(|id| self.cell(item, id)).collect()
    }

    /// The cells of a sum or a cage, each once ([`Reader::weighted`] has
    /// taken those that list a cell twice). (A line may pass through a cell
    /// twice: its neighbours are what count.)
    fn sum_cells(&self, item: &Item, ids: &[&str]) -> Result<Vec<Cell>> {
        let cells = self.cells(item, ids)?;
        for (i, cell) in cells.iter().enumerate() {
            if cells[..i].contains(cell) {
                return Err(item.error(format!("{} is listed twice", ids[i])));
            }
        }
        Ok(cells)
    }

    /// ISS's weighted sums: a `Sum` with coefficients
    /// (`.Sum~0_=_1_1_-10~R1C1~R1C2~R1C3`), or a `Sum` or `Cage` that lists
    /// a cell twice (it counts twice). Each becomes a `weighted-sum` over
    /// its distinct cells, a cage's a `killer-cage` without a sum beside it
    /// (its distinct cells differ). Returns whether `item` was one.
    fn weighted(&self, item: &Item, out: &mut Vec<RuleSpec>) -> Result<bool> {
        if !matches!(item.ty, "Sum" | "Cage") || item.args.len() < 2 {
            return Ok(false);
        }
        let (head, ids) = (item.args[0], &item.args[1..]);
        let (total, weights) = match head.split_once("_=_") {
            Some((total, weights)) if item.ty == "Sum" => {
                let weights = weights
                    .split('_')
                    .map(|w| match w.parse::<i64>() {
                        Ok(w) if w.abs() <= crate::weighted_sum::MAX_WEIGHT => Ok(w),
                        _ => Err(item.error(format!(
                            "coefficient '{w}' is not a whole number from -100 to 100"
                        ))),
                    })
                    .collect::<Result<Vec<i64>>>()?;
                (total, Some(weights))
            }
            _ => (head, None),
        };
        let cells = self.cells(item, ids)?;
        let weights = weights.unwrap_or_else(|| vec![1; cells.len()]);
        if weights.len() != cells.len() {
            return Err(item.error(format!(
                "{} coefficient(s) for {} cell(s)",
                weights.len(),
                cells.len()
            )));
        }
        let mut terms: Vec<(Cell, i64)> = Vec::new();
        for (&cell, &weight) in cells.iter().zip(&weights) {
            match terms.iter_mut().find(|(c, _)| *c == cell) {
                Some((_, w)) => *w += weight,
                None => terms.push((cell, weight)),
            }
        }
        if head == total && terms.len() == cells.len() {
            return Ok(false);
        }
        if let Some(&(_, w)) = terms
            .iter()
            .find(|(_, w)| w.abs() > crate::weighted_sum::MAX_WEIGHT)
        {
            return Err(item.error(format!("a cell weighs {w} in all, beyond -100 to 100")));
        }
        let distinct: Vec<Cell> = terms.iter().map(|&(c, _)| c).collect();
        let total = match (total.parse::<i64>(), item.ty) {
            (Ok(total), _) => total,
            (Err(_), "Cage") if total.is_empty() => 0,
            _ => return Err(item.error(format!("sum '{total}' is not a whole number"))),
        };
        if item.ty == "Cage" {
            let cage = RuleSpec::new(self.kind(item, "killer-cage")?).with("cells", distinct.clone());
            out.push(self.checked(item, cage)?);
            // ISS reads a cage sum of 0 as none.
            if total == 0 {
                return Ok(true);
            }
        }
        let rule = RuleSpec::new(self.kind(item, "weighted-sum")?)
            .with("cells", distinct)
            .with(
                "weights",
                crate::registry::Value::Numbers(terms.iter().map(|&(_, w)| w).collect()),
            )
            .with("sum", total);
        out.push(self.checked(item, rule)?);
        Ok(true)
    }

    /// `.ConnectedValues~~1_3_5~size` on the grid (an empty group prefix):
    /// `connected-digits` with the digits and the size, if given.
    fn connected(&self, item: &Item) -> Result<RuleSpec> {
        let (values, size) = match item.args[..] {
            ["", values] => (values, None),
            ["", values, ""] => (values, None),
            ["", values, size] => (values, Some(self.number(item, size, "size")?)),
            _ => return Err(item.error("takes a group (empty: the grid), the values and an optional size")),
        };
        let digits = values
            .split('_')
            .map(|d| self.digit(item, d))
            .collect::<Result<Vec<Digit>>>()?;
        let mut rule = RuleSpec::new(self.kind(item, "connected-digits")?).with("digits", digits);
        rule.set("size", size.map(Into::into));
        self.checked(item, rule)
    }

    /// `rule` through its kind's check, if it has one.
    fn checked(&self, item: &Item, rule: RuleSpec) -> Result<RuleSpec> {
        let Some(kind) = self.registry.get(rule.name()) else {
            return Ok(rule);
        };
        match kind.check {
            Some(check) => check(rule, self.n).map_err(|refusal| item.error(refusal.message)),
            None => Ok(rule),
        }
    }

    fn number(&self, item: &Item, text: &str, what: &str) -> Result<i64> {
        text.parse()
            .map_err(|_| item.error(format!("{what} '{text}' is not a whole number")))
    }

    fn digit(&self, item: &Item, text: &str) -> Result<Digit> {
        let n = self.n;
        match text.parse::<usize>() {
            Ok(d) if (1..=n).contains(&d) => Ok(d as Digit),
            _ => Err(item.error(format!("'{text}' is not a digit of the {n}×{n} board (1 to {n})"))),
        }
    }

    /// The regions: `.Jigsaw~layout` with `.NoBoxes` is a jigsaw;
    /// `.NoBoxes` alone leaves rows and columns; a jigsaw beside the boxes
    /// is one extra region per piece (returned as rules). A board with no
    /// box shape (a prime size, such as 7×7) has no boxes in ISS either, so
    /// its jigsaw is the board's regions: rules that read the regions (a
    /// region-sum line) then see the pieces, as ISS's do.
    fn layout(&self, items: &[Item]) -> Result<(Layout, Vec<RuleSpec>)> {
        let n = self.n;
        let no_boxes = items.iter().any(|i| i.ty == "NoBoxes")
            || matches!(Geometry::square(n), Err(GeometryError::NoBoxShape(_)));
        let Some(jigsaw) = items.iter().find(|i| i.ty == "Jigsaw") else {
            let layout = match no_boxes {
                true => Layout::Regions((0..n * n).map(|i| (i / n) as u16).collect()),
                false => Layout::Default,
            };
            return Ok((layout, Vec::new()));
        };
        let text = jigsaw.args.last().copied().unwrap_or("");
        if text.chars().count() != n * n {
            return Err(jigsaw.error(format!(
                "the layout has {} cells, the {n}×{n} board {}",
                text.chars().count(),
                n * n
            )));
        }
        // Region numbers as written when they are digits below n (as
        // sudokit writes them), else in order of first appearance.
        let mut symbols: Vec<char> = Vec::new();
        for c in text.chars() {
            if !symbols.contains(&c) {
                symbols.push(c);
            }
        }
        if symbols
            .iter()
            .all(|c| c.to_digit(36).is_some_and(|d| (d as usize) < n))
        {
            symbols.sort_by_key(|c| c.to_digit(36));
        }
        let regions: Vec<u16> = text
            .chars()
            .map(|c| symbols.iter().position(|&s| s == c).unwrap_or(0) as u16)
            .collect();
        for (index, symbol) in symbols.iter().enumerate() {
            let size = regions.iter().filter(|&&r| r as usize == index).count();
            if size != n {
                return Err(jigsaw.error(format!("region '{symbol}' has {size} cells, not {n}")));
            }
        }
        if no_boxes {
            return Ok((Layout::Regions(regions), Vec::new()));
        }
        let kind = self.kind(jigsaw, "extra-region")?;
        let pieces = (0..symbols.len())
            .map(|index| {
                let cells: Vec<Cell> = (0..n * n)
                    .filter(|&i| regions[i] as usize == index)
                    .map(|i| Cell(i as u16))
                    .collect();
                RuleSpec::new(kind).with("cells", cells)
            })
            .collect();
        Ok((Layout::Default, pieces))
    }

    /// `.Windoku`: one extra region per window, as ISS places them (a box's
    /// shape, the first one cell in from the top left, then one cell apart;
    /// four on 9×9, nine on 16×16, one on 6×6). A board without a box shape
    /// has none, as in ISS.
    fn windoku(&self, items: &[Item]) -> Result<Vec<RuleSpec>> {
        let Some(item) = items.iter().find(|i| i.ty == "Windoku") else {
            return Ok(Vec::new());
        };
        if !item.args.is_empty() {
            return Err(item.error(format!("takes no arguments, found '{}'", item.args.join("~"))));
        }
        let n = self.n;
        let Some((height, width)) = Geometry::square(n).ok().and_then(|g| g.box_shape()) else {
            return Ok(Vec::new());
        };
        let kind = self.kind(item, "extra-region")?;
        let starts = |size: usize| (1..n).step_by(size + 1).filter(move |&s| s + size < n);
        let mut windows = Vec::new();
        for left in starts(width) {
            for top in starts(height) {
                let cells: Vec<Cell> = (top..top + height)
                    .flat_map(|r| (left..left + width).map(move |c| Cell((r * n + c) as u16)))
                    .collect();
                windows.push(RuleSpec::new(kind).with("cells", cells));
            }
        }
        Ok(windows)
    }

    /// `.FullRankTies~mode`: `any` lets every full rank clue tie
    /// (`ties = 1`), `none` forbids ties between any two lines (a rule of
    /// its own), `only-unclued` (the default) is sudokit's full rank.
    fn full_rank_ties(&self, items: &[Item], rules: &mut Vec<RuleSpec>) -> Result<()> {
        let Some(item) = items.iter().find(|i| i.ty == "FullRankTies") else {
            return Ok(());
        };
        match item.args[..] {
            [] | ["only-unclued"] => {}
            ["any"] => {
                for rule in rules.iter_mut().filter(|r| r.name() == "full-rank") {
                    rule.set("ties", Some(1.into()));
                }
            }
            ["none"] => rules.push(RuleSpec::new(self.kind(item, "full-rank-no-ties")?)),
            _ => {
                return Err(item.error(format!(
                    "'{}' is not none, only-unclued or any",
                    item.args.join("~")
                )))
            }
        }
        Ok(())
    }

    /// `.DutchFlatmates` (9×9 only, as in ISS): every 5 has a 1 right
    /// above it or a 9 right below it. Read as one `any-of` per cell: the
    /// cell is no 5, or the cell above is a 1, or the cell below a 9.
    fn dutch_flatmates(&self, items: &[Item], rules: &mut Vec<RuleSpec>) -> Result<()> {
        let Some(item) = items.iter().find(|i| i.ty == "DutchFlatmates") else {
            return Ok(());
        };
        if !item.args.is_empty() {
            return Err(item.error(format!("takes no arguments, found '{}'", item.args.join("~"))));
        }
        let n = self.n;
        if n != 9 {
            return Err(item.error(format!("Dutch flatmates are for 9×9 boards (ISS), not {n}×{n}")));
        }
        let (marks, any_of) = (self.pencil_marks()?, self.kind(item, "any-of")?);
        let only = |cell: Cell, digits: Vec<Digit>| {
            vec![RuleSpec::new(marks).with("cell", cell).with("digits", digits)]
        };
        for cell in (0..n * n).map(|i| Cell(i as u16)) {
            let (row, col) = (cell.row(n), cell.col(n));
            let mut alternatives = vec![only(cell, (1..=9).filter(|&d| d != 5).collect())];
            if row > 0 {
                alternatives.push(only(Cell::at(row - 1, col, n), vec![1]));
            }
            if row + 1 < n {
                alternatives.push(only(Cell::at(row + 1, col, n), vec![9]));
            }
            rules.push(RuleSpec::new(any_of).with("alternatives", alternatives));
        }
        Ok(())
    }

    /// The values the given items (`.~R1C1_3_5`) allow each cell they
    /// name, in cell order; a cell listed twice keeps the values both lists
    /// allow, as in ISS.
    fn cell_values(&self, items: &[Item]) -> Result<BTreeMap<Cell, Vec<Digit>>> {
        let mut cells: BTreeMap<Cell, Vec<Digit>> = BTreeMap::new();
        for item in items.iter().filter(|i| i.ty.is_empty()) {
            for value_id in &item.args {
                let mut parts = value_id.split('_');
                let cell = self.cell(item, parts.next().unwrap_or(""))?;
                let mut values: Vec<Digit> = parts.map(|v| self.digit(item, v)).collect::<Result<_>>()?;
                values.sort_unstable();
                values.dedup();
                if values.is_empty() {
                    return Err(item.error(format!("'{value_id}' gives no value")));
                }
                cells
                    .entry(cell)
                    .and_modify(|old| old.retain(|d| values.contains(d)))
                    .or_insert(values);
            }
        }
        Ok(cells)
    }

    /// `pencil-marks`, from the registry.
    fn pencil_marks(&self) -> Result<&'static crate::registry::RuleKind> {
        self.registry
            .get("pencil-marks")
            .ok_or_else(|| IssError::new("the registry has no pencil-marks rule"))
    }

    /// The givens (cells with one value) and pencil marks (cells with
    /// several, as `pencil-marks` rules in cell order).
    fn givens(&self, items: &[Item]) -> Result<(sudokit_core::Grid, Vec<RuleSpec>)> {
        let mut givens = sudokit_core::Grid::empty(self.n);
        let mut marks = Vec::new();
        let kind = self.pencil_marks()?;
        for (cell, values) in self.cell_values(items)? {
            match values[..] {
                [digit] => givens.set(cell, digit),
                _ => marks.push(RuleSpec::new(kind).with("cell", cell).with("digits", values)),
            }
        }
        Ok((givens, marks))
    }

    /// An `.Or`'s children as an `any-of`: each child one alternative (an
    /// `.And` all its children's rules, a given its cell's values).
    fn any_of(&self, children: &[Node]) -> Result<RuleSpec> {
        let alternatives = children
            .iter()
            .map(|child| self.alternative(child))
            .collect::<Result<Vec<_>>>()?;
        let kind = self
            .registry
            .get("any-of")
            .ok_or_else(|| IssError::new("the registry has no any-of rule"))?;
        Ok(RuleSpec::new(kind).with("alternatives", alternatives))
    }

    /// The rules of one child of an `.Or`, all of which hold together.
    fn alternative(&self, node: &Node) -> Result<Vec<RuleSpec>> {
        match node {
            Node::Item(item) if item.ty.is_empty() => {
                let kind = self.pencil_marks()?;
                let values = self.cell_values(std::slice::from_ref(item))?;
                Ok(values
                    .into_iter()
                    .map(|(cell, digits)| RuleSpec::new(kind).with("cell", cell).with("digits", digits))
                    .collect())
            }
            Node::Item(item) => {
                let mut rules = Vec::new();
                self.rules(item, &mut rules)?;
                Ok(rules)
            }
            Node::And(children) => {
                let mut rules = Vec::new();
                for child in children {
                    rules.extend(self.alternative(child)?);
                }
                Ok(rules)
            }
            Node::Or(children) => Ok(vec![self.any_of(children)?]),
        }
    }

    fn kind(&self, item: &Item, name: &str) -> Result<&'static crate::registry::RuleKind> {
        self.registry
            .get(name)
            .ok_or_else(|| item.error(format!("the registry has no '{name}' rule")))
    }

    /// The rules of one item, checked by their kinds.
    fn rules(&self, item: &Item, out: &mut Vec<RuleSpec>) -> Result<()> {
        if chaos::reads(item.ty, &item.args) {
            out.push(chaos::read(self.registry, item.ty, &item.args, self.n).map_err(|e| item.error(e))?);
            return Ok(());
        }
        if let Some((_, kinds)) = table::COMBINED.iter().find(|c| c.0 == item.ty) {
            for kind in *kinds {
                out.push(RuleSpec::new(self.kind(item, kind)?));
            }
            return Ok(());
        }
        if self.weighted(item, out)? {
            return Ok(());
        }
        if item.ty == "ConnectedValues" {
            out.push(self.connected(item)?);
            return Ok(());
        }
        let tag = item.args.first().copied();
        // `Sum` is a two-cell `sum` or, on other counts, a repeating cage;
        // a `SumLine` ending in `LOOP` is a sum loop.
        let two_cell_sum = item.args.len() == 3;
        let closed = item.args.last() == Some(&"LOOP");
        let one_cell_sets = item.args.first().and_then(|k| k.parse::<usize>().ok())
            == Some(item.args.len().saturating_sub(1));
        let Some(row) = table::rows_of(item.ty)
            .filter(|r| match item.ty {
                "Sum" => (r.kind == "sum") == two_cell_sum,
                "SumLine" => (r.kind == "sum-loop") == closed,
                "SameValues" => (r.kind == "clone") == one_cell_sets,
                _ => true,
            })
            .find(|r| r.tag.is_none() || r.tag == tag)
        else {
            return Err(item.error("not read by sudokit"));
        };
        let args = match (row.tag, row.kind) {
            (Some(_), _) => &item.args[1..],
            (None, "sum-loop") => &item.args[..item.args.len() - 1],
            (None, _) => &item.args[..],
        };
        let kind = self.kind(item, row.kind)?;
        let rules = self.translate(item, row, kind, args)?;
        for rule in rules {
            for (param, value) in rule.values() {
                let two = matches!(param.ty, crate::registry::ParamType::TwoCells);
                if let (true, Some(crate::registry::Value::Cells(cells))) = (two, value) {
                    if cells.len() != 2 {
                        return Err(item.error(format!("takes two cells here, found {}", cells.len())));
                    }
                }
            }
            let rule = match kind.check {
                Some(check) => check(rule, self.n).map_err(|refusal| item.error(refusal.message))?,
                None => rule,
            };
            out.push(rule);
        }
        Ok(())
    }

    fn translate(
        &self,
        item: &Item,
        row: &IssRule,
        kind: &'static crate::registry::RuleKind,
        args: &[&str],
    ) -> Result<Vec<RuleSpec>> {
        let n = self.n;
        let rule = || RuleSpec::new(kind);
        Ok(match row.form {
            Form::Flag => {
                if !args.is_empty() {
                    return Err(item.error(format!("takes no arguments, found '{}'", args.join("~"))));
                }
                vec![rule()]
            }
            Form::Cells => vec![rule().with("cells", self.cells(item, args)?)],
            Form::Numbered(param) => {
                let first = args.first().copied().unwrap_or("");
                // German whispers leave the difference out (ISS: 5).
                let (value, cells) = match first.parse::<i64>() {
                    Ok(v) => (Some(v), &args[1..]),
                    Err(_) if first.is_empty() => (None, args.get(1..).unwrap_or(&[])),
                    Err(_) if row.kind == "whispers" => (Some(5), args),
                    Err(_) => return Err(item.error(format!("{param} '{first}' is not a whole number"))),
                };
                let value = match row.kind {
                    // The board's own gap is the rule without a value.
                    "whispers" => value.filter(|&v| v != n.div_ceil(2) as i64),
                    // A lunchbox's 0 is a sum (its crust touches), a
                    // repeating cage always has one, and a modulus of 0 is
                    // refused when built.
                    "lunchbox" | "repeating-cage" | "modular" => value,
                    // ISS reads a blank or zero cage sum as none.
                    _ => value.filter(|&v| v != 0),
                };
                let cells = match row.kind {
                    "killer-cage" | "repeating-cage" | "rellik-cage" | "sum" => {
                        self.sum_cells(item, cells)?
                    }
                    _ => self.cells(item, cells)?,
                };
                let mut rule = rule().with("cells", cells);
                rule.set(param, value.map(Into::into));
                vec![rule]
            }
            Form::Pairs(value) => {
                let cells = self.cells(item, args)?;
                let pairs = neighbour_pairs(&cells, n);
                if pairs.is_empty() {
                    return Err(item.error("no two of its cells are neighbours"));
                }
                pairs
                    .into_iter()
                    .map(|pair| match value {
                        Some(value) => rule().with("cells", pair).with("value", value),
                        // No such parameter (greater-than).
                        None => rule().with("cells", pair),
                    })
                    .collect()
            }
            Form::Arrow => vec![self.arrow(item, kind, args)?],
            Form::CountsAndDigits => {
                let Some((clue, cells)) = args.split_first() else {
                    return Err(item.error("no clue"));
                };
                let pairs: Vec<u32> = clue.chars().filter_map(|c| c.to_digit(10)).collect();
                if pairs.is_empty() || pairs.len() != clue.chars().count() || pairs.len() % 2 == 1 {
                    return Err(item.error(format!(
                        "clue '{clue}' is not (count, digit) pairs of decimal digits"
                    )));
                }
                let counts: Vec<i64> = pairs.iter().step_by(2).map(|&c| i64::from(c)).collect();
                let digits: Vec<Digit> = pairs[1..]
                    .iter()
                    .step_by(2)
                    .map(|d| self.digit(item, &d.to_string()))
                    .collect::<Result<_>>()?;
                vec![rule()
                    .with("cells", self.cells(item, cells)?)
                    .with("digits", digits)
                    .with("counts", crate::registry::Value::Numbers(counts))]
            }
            Form::Multiset => {
                let Some((values, cells)) = args.split_first() else {
                    return Err(item.error("no values"));
                };
                let mut digits: Vec<Digit> = values
                    .split('_')
                    .map(|d| self.digit(item, d))
                    .collect::<Result<_>>()?;
                let cells = self.cells(item, cells)?;
                if row.kind == "contain-at-least" {
                    return Ok(vec![rule().with("cells", cells).with("digits", digits)]);
                }
                digits.sort_unstable();
                let mut counts: Vec<i64> = Vec::new();
                let mut distinct: Vec<Digit> = Vec::new();
                for d in digits {
                    match distinct.last() {
                        Some(&last) if last == d => *counts.last_mut().unwrap_or(&mut 0) += 1,
                        _ => {
                            distinct.push(d);
                            counts.push(1);
                        }
                    }
                }
                vec![rule()
                    .with("cells", cells)
                    .with("digits", distinct)
                    .with("counts", crate::registry::Value::Numbers(counts))]
            }
            Form::Sets => {
                let Some((count, ids)) = args.split_first() else {
                    return Err(item.error("no number of sets"));
                };
                let cells = self.cells(item, ids)?;
                let sets = match count.parse::<usize>() {
                    Ok(k) if k >= 2 && cells.len() % k == 0 => k,
                    _ => {
                        return Err(item.error(format!(
                            "'{count}' sets: the number of sets must be at least 2 and divide the {} cells",
                            cells.len()
                        )))
                    }
                };
                if row.kind == "clone" {
                    // A chain: each cell the clone of the one before.
                    let (last, rest) = (cells.len() - 1, cells[1..].to_vec());
                    return Ok(vec![rule()
                        .with("cells", cells[..last].to_vec())
                        .with("clones", rest)]);
                }
                let size = cells.len() / sets;
                let sets: Vec<Vec<Cell>> = cells.chunks(size).map(<[Cell]>::to_vec).collect();
                vec![rule().with("sets", crate::registry::Value::Shafts(sets))]
            }
            Form::Segments => {
                let mut segments = Vec::new();
                for (index, segment) in args.split(|a| *a == "-").enumerate() {
                    if segment.is_empty() {
                        return Err(item.error(format!("segment {} has no cells", index + 1)));
                    }
                    segments.push(self.cells(item, segment)?);
                }
                vec![rule().with("segments", crate::registry::Value::Shafts(segments))]
            }
            Form::Regex => {
                let Some((token, lines)) = args.split_first() else {
                    return Err(item.error("no pattern"));
                };
                let pattern = nfa::decode_pattern(token).map_err(|e| item.error(e))?;
                let pattern: String = pattern.chars().filter(|c| !c.is_whitespace()).collect();
                let mut rules = Vec::new();
                for line in lines.split(|a| a.is_empty()).filter(|l| !l.is_empty()) {
                    rules.push(
                        rule()
                            .with("cells", self.cells(item, line)?)
                            .with("pattern", pattern.as_str()),
                    );
                }
                if rules.is_empty() {
                    return Err(item.error("no cells"));
                }
                rules
            }
            Form::Nfa => {
                let Some((encoded, rest)) = args.split_first() else {
                    return Err(item.error("no automaton"));
                };
                let groups = pairwise::groups(rest);
                if groups.is_empty() {
                    return Err(item.error("no cells"));
                }
                let mut rules = Vec::new();
                for (label, ids) in groups {
                    // A segment may be empty: the break beside it is read.
                    let mut segments = Vec::new();
                    for segment in ids.split(|a| *a == "-") {
                        match segment.is_empty() {
                            true => segments.push(Vec::new()),
                            false => segments.push(self.cells(item, segment)?),
                        }
                    }
                    let mut rule = rule()
                        .with("segments", crate::registry::Value::Shafts(segments))
                        .with("nfa", *encoded);
                    if !label.is_empty() {
                        rule = rule.with("label", label.as_str());
                    }
                    rules.push(rule);
                }
                rules
            }
            Form::Pairwise { all, legacy } => {
                let Some((key, rest)) = args.split_first() else {
                    return Err(item.error("no relation key"));
                };
                let allowed = pairwise::decode_key(key, n, legacy).map_err(|e| item.error(e))?;
                if all && !pairwise::symmetric(&allowed) {
                    return Err(item.error(format!(
                        "key '{key}' is not symmetric, as a relation between every two cells must be"
                    )));
                }
                let groups = pairwise::groups(rest);
                if groups.is_empty() {
                    return Err(item.error("no cells"));
                }
                // One rule per name: ISS's groups under one name are one
                // relation drawn several times.
                let mut named: Vec<(String, Vec<(Cell, Cell)>)> = Vec::new();
                for (name, ids) in groups {
                    let pairs = pairwise::cell_pairs(&self.cells(item, &ids)?, all);
                    if pairs.is_empty() {
                        return Err(item.error(format!("'{}' relates one cell to nothing", ids[0])));
                    }
                    match named.last_mut().filter(|(last, _)| *last == name) {
                        Some((_, all_pairs)) => all_pairs.extend(pairs),
                        None => named.push((name, pairs)),
                    }
                }
                // The shorter list of the two, as a setter would write it.
                let forbidden = pairwise::complement(&allowed, n);
                let (param, digit_pairs) = match forbidden.len() < allowed.len() {
                    true => ("forbidden", forbidden),
                    false => ("allowed", allowed),
                };
                named
                    .into_iter()
                    .map(|(name, pairs)| {
                        let rule = rule()
                            .with("pairs", crate::registry::Value::CellPairs(pairs))
                            .with(param, crate::registry::Value::DigitPairs(digit_pairs.clone()));
                        match name.is_empty() {
                            true => rule,
                            false => rule.with("name", name),
                        }
                    })
                    .collect()
            }
            Form::Quad => {
                let Some((corner, digits)) = args.split_first() else {
                    return Err(item.error("no cell"));
                };
                let corner = self.cell(item, corner)?;
                if corner.row(n) + 1 >= n || corner.col(n) + 1 >= n {
                    return Err(item.error("the 2×2 square runs off the grid"));
                }
                let i = corner.index();
                let cells: Vec<Cell> = [i, i + 1, i + n, i + n + 1]
                    .iter()
                    .map(|&c| Cell(c as u16))
                    .collect();
                let digits: Vec<Digit> = digits
                    .iter()
                    .map(|d| self.digit(item, d))
                    .collect::<Result<_>>()?;
                vec![rule().with("cells", cells).with("digits", digits)]
            }
            Form::Diagonal => {
                let [sum, id] = args else {
                    return Err(item.error("expects a sum and a cell"));
                };
                let sum = self.number(item, sum, "sum")?;
                let first = self.cell(item, id)?;
                let Some((_, direction, _)) = little_killer_diagonals(n).into_iter().find(|d| d.0 == first)
                else {
                    return Err(item.error(format!("no little killer diagonal starts at {id}")));
                };
                // The clue sits one step before the first cell, outside the grid.
                let (dr, dc) = match direction {
                    Direction::UpLeft => (-1, -1),
                    Direction::UpRight => (-1, 1),
                    Direction::DownLeft => (1, -1),
                    Direction::DownRight => (1, 1),
                };
                let clue = ClueCell {
                    row: (first.row(n) as isize + 1 - dr) as usize,
                    col: (first.col(n) as isize + 1 - dc) as usize,
                };
                vec![rule()
                    .with("clue", clue)
                    .with("direction", direction)
                    .with("sum", sum)]
            }
            Form::OneSided => {
                let [value, id] = args else {
                    return Err(item.error("expects a value and a row or column (R3, C5)"));
                };
                let value = self.number(item, value, "value")?;
                let clue = self.line(item, id, true)?;
                vec![rule().with("clue", clue).with("sum", value)]
            }
            Form::TwoSided(param) => {
                let (id, values) = args.split_first().ok_or_else(|| item.error("no row or column"))?;
                if values.len() > 2 {
                    return Err(item.error("expects a row or column and at most two values"));
                }
                let mut rules = Vec::new();
                for (forward, value) in [true, false].into_iter().zip(values) {
                    if value.is_empty() {
                        continue;
                    }
                    let value = self.number(item, value, param)?;
                    let clue = self.line(item, id, forward)?;
                    rules.push(rule().with("clue", clue).with(param, value));
                }
                rules
            }
        })
    }

    /// An arrow: `.Arrow~circle~shaft…` or `.PillArrow~size~pill…~shaft…`
    /// (a pill reads left to right, top to bottom).
    fn arrow(
        &self,
        item: &Item,
        kind: &'static crate::registry::RuleKind,
        args: &[&str],
    ) -> Result<RuleSpec> {
        let (pill, rest) = match item.ty {
            "PillArrow" => {
                let (size, rest) = args.split_first().ok_or_else(|| item.error("no pill size"))?;
                let size = match *size {
                    "2" => 2,
                    "3" => 3,
                    other => return Err(item.error(format!("pill size '{other}' is not 2 or 3"))),
                };
                (size, rest)
            }
            _ => (1, args),
        };
        if rest.len() <= pill {
            return Err(item.error("an arrow needs its circle and a shaft"));
        }
        let mut circle = self.cells(item, &rest[..pill])?;
        circle.sort_unstable();
        let shaft = self.cells(item, &rest[pill..])?;
        Ok(RuleSpec::new(kind).with("circle", circle).with("cells", shaft))
    }

    /// The clue of `R3` or `C5`: from the left or top when `forward`.
    fn line(&self, item: &Item, id: &str, forward: bool) -> Result<Clue> {
        let n = self.n;
        let index = id
            .get(1..)
            .and_then(|i| i.parse::<usize>().ok())
            .filter(|i| (1..=n).contains(i));
        let side = match (id.chars().next().map(|c| c.to_ascii_uppercase()), forward) {
            (Some('R'), true) => Side::Left,
            (Some('R'), false) => Side::Right,
            (Some('C'), true) => Side::Top,
            (Some('C'), false) => Side::Bottom,
            _ => return Err(item.error(format!("'{id}' is not a row or column (R3, C5)"))),
        };
        match index {
            Some(i) => Ok(Clue::new(side, i - 1)),
            None => Err(item.error(format!("'{id}' is not a row or column of the {n}×{n} board"))),
        }
    }
}
