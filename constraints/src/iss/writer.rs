//! A [`PuzzleSpec`] as an ISS constraint string, through the same table
//! the reader uses.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use sudokit_core::{Cell, Geometry};

use super::declared::declared;
use super::nfa;
use super::pairwise;
use super::table::{self, Form, IssRule};
use super::{cell_id, little_killer_diagonals, neighbour_pairs, IssError, MAX_SIZE};
use crate::clues::{Clue, Side};
use crate::spec::{Layout, PuzzleSpec, RuleSpec};

type Result<T> = std::result::Result<T, IssError>;

pub(super) fn write(spec: &PuzzleSpec) -> Result<String> {
    let n = spec.size;
    if n > MAX_SIZE {
        return Err(IssError::new(format!(
            "a {n}×{n} board: ISS boards go up to {MAX_SIZE}×{MAX_SIZE}"
        )));
    }
    if !spec.classic {
        return Err(IssError::new(
            "a puzzle without the classic rules: ISS always has them",
        ));
    }
    if spec.toroidal {
        return Err(IssError::new("a toroidal board: ISS boards do not wrap around"));
    }
    let mut out = String::new();
    if n != 9 {
        let _ = write!(out, ".Shape~{n}x{n}");
    }
    layout(spec, &mut out)?;
    let mut items: Vec<String> = Vec::new();
    // The domains of rules written through their declarations, and the
    // built rules they come from (built once, when the first is needed).
    let mut domains: Vec<(Cell, u128)> = Vec::new();
    let mut built = None;
    // Both ends of a row or column are one ISS item: (type, line, item, values).
    let mut two_sided: Vec<(&str, String, usize, [String; 2])> = Vec::new();
    let combined = combined(spec)?;
    for (index, rule) in spec.rules.iter().enumerate() {
        if let Some((iss, first)) = combined.iter().find(|c| c.2.contains(&index)).map(|c| (c.0, c.1)) {
            if first == index {
                items.push(format!(".{iss}"));
            }
            continue;
        }
        let here = |what: String| IssError::new(format!("rules[{}]: {what}", index + 1));
        if rule.name() == "any-of" {
            items.push(any_of(spec, rule).map_err(here)?);
            continue;
        }
        if rule.name() == "connected-digits" {
            let size = rule.number("size").map(|s| format!("~{s}")).unwrap_or_default();
            items.push(format!(".ConnectedValues~~{}{size}", digits(rule, "_")));
            continue;
        }
        if let Some(chaos) = super::chaos::write(spec, rule) {
            items.push(chaos.map_err(here)?);
            continue;
        }
        let row = match writable_row(rule) {
            Ok(row) => row,
            Err(why) => {
                let built = match &built {
                    Some(built) => built,
                    None => built.insert(
                        spec.geometry()
                            .and_then(|g| Ok((spec.constraints()?, g)))
                            .map_err(|e| IssError::new(e.to_string()))?,
                    ),
                };
                let found = declared(built.0[index].as_ref(), &built.1).map_err(|_| here(why))?;
                items.extend(found.items);
                domains.extend(found.domains);
                continue;
            }
        };
        if let Form::TwoSided(param) = row.form {
            let (id, end, value) = clue_end(rule, param).map_err(here)?;
            match two_sided
                .iter_mut()
                .find(|(iss, line, _, _)| *iss == row.iss && *line == id)
            {
                Some(entry) => entry.3[end] = value,
                None => {
                    let mut values = [String::new(), String::new()];
                    values[end] = value;
                    two_sided.push((row.iss, id, items.len(), values));
                    items.push(String::new());
                }
            }
            continue;
        }
        items.extend(item(spec, rule, row).map_err(here)?);
    }
    for (iss, id, at, [from_start, from_end]) in two_sided {
        items[at] = format!(".{iss}~{id}~{from_start}~{from_end}");
    }
    items.extend(full_rank_ties(spec)?);
    givens(spec, &domains, &mut out)?;
    out.extend(items);
    Ok(out)
}

/// `.FullRankTies~any` when the full rank clues may tie: ISS says it once
/// for the whole puzzle, so every clue must allow ties, and no
/// `full-rank-no-ties` beside them.
fn full_rank_ties(spec: &PuzzleSpec) -> Result<Option<String>> {
    let ranks: Vec<bool> = spec
        .rules
        .iter()
        .filter(|r| r.name() == "full-rank")
        .map(|r| r.number("ties") == Some(1))
        .collect();
    if !ranks.contains(&true) {
        return Ok(None);
    }
    if ranks.contains(&false) || spec.rules.iter().any(|r| r.name() == "full-rank-no-ties") {
        return Err(IssError::new(
            "full rank clues with and without ties: ISS allows ties for the whole puzzle or for none",
        ));
    }
    Ok(Some(".FullRankTies~any".to_string()))
}

/// The ISS types that stand for several of the puzzle's rules: each with
/// the index of its first rule and the indices of all of them. Refuses
/// `nonconsecutive` beside dots without `negative-ratio`: ISS's
/// `AntiConsecutive` would hold for the dotted pairs too.
fn combined(spec: &PuzzleSpec) -> Result<Vec<(&'static str, usize, Vec<usize>)>> {
    let position = |name: &str| spec.rules.iter().position(|r| r.name() == name);
    let dots = spec
        .rules
        .iter()
        .filter(|r| matches!(r.name(), "difference" | "ratio"));
    let only_doubles = spec
        .rules
        .iter()
        .filter(|r| r.name() == "ratio")
        .all(|r| r.number("value") == Some(2));
    let mut found = Vec::new();
    for (iss, kinds) in table::COMBINED {
        let indices: Option<Vec<usize>> = kinds.iter().map(|k| position(k)).collect();
        if let Some(indices) = indices.filter(|_| only_doubles) {
            let first = indices.iter().copied().min().unwrap_or(0);
            found.push((*iss, first, indices));
        }
    }
    let covered = |i: usize| found.iter().any(|c| c.2.contains(&i));
    if let Some(i) = position("nonconsecutive").filter(|&i| !covered(i)) {
        if dots.count() > 0 {
            return Err(IssError::new(format!(
                "rules[{}]: nonconsecutive beside kropki dots has no ISS form (ISS's AntiConsecutive \
                 holds for dotted pairs too; with negative-ratio it is ISS's StrictKropki)",
                i + 1
            )));
        }
    }
    Ok(found)
}

/// The board's regions: the default boxes need nothing; rows as regions
/// are `.NoBoxes`; a jigsaw is its layout and `.NoBoxes`.
fn layout(spec: &PuzzleSpec, out: &mut String) -> Result<()> {
    let n = spec.size;
    match &spec.layout {
        Layout::Default => {}
        Layout::Boxes { rows, cols } => {
            let default = Geometry::square(n).ok().and_then(|g| g.box_shape());
            if default != Some((*rows, *cols)) {
                return Err(IssError::new(format!(
                    "boxes {rows}×{cols}: ISS has only the default boxes of a {n}×{n} board"
                )));
            }
        }
        Layout::Regions(regions) => {
            let rows: Vec<u16> = (0..n * n).map(|i| (i / n) as u16).collect();
            if *regions != rows {
                let layout: String = regions
                    .iter()
                    .map(|&r| char::from_digit(u32::from(r), 36).unwrap_or('?'))
                    .collect();
                let _ = write!(out, ".Jigsaw~{layout}");
            }
            out.push_str(".NoBoxes");
        }
    }
    Ok(())
}

/// Givens and the domains of rules written through their declarations
/// (`domains`: pencil marks, odd cells, …), one `.~` item in cell order:
/// what several say of one cell is intersected into one item.
fn givens(spec: &PuzzleSpec, domains: &[(Cell, u128)], out: &mut String) -> Result<()> {
    let n = spec.size;
    let mut cells: BTreeMap<Cell, u128> = BTreeMap::new();
    let mut narrow = |cell: Cell, digits: u128| *cells.entry(cell).or_insert(u128::MAX) &= digits;
    for cell in (0..n * n).map(|i| Cell(i as u16)) {
        if let Some(d) = spec.givens.get(cell) {
            narrow(cell, 1 << (d - 1));
        }
    }
    for &(cell, digits) in domains {
        narrow(cell, digits);
    }
    if cells.is_empty() {
        return Ok(());
    }
    out.push('.');
    for (cell, digits) in cells {
        let id = cell_id(cell, n);
        if digits == 0 {
            return Err(IssError::new(format!(
                "{id}: its givens, pencil marks and domains leave no digit, which ISS cannot write"
            )));
        }
        let _ = write!(out, "~{id}");
        for d in (1..=n).filter(|&d| digits >> (d - 1) & 1 == 1) {
            let _ = write!(out, "_{d}");
        }
    }
    Ok(())
}

/// An `any-of` as ISS's `.Or … .End`: an alternative of one rule as that
/// rule's items, of several inside `.And … .End`.
fn any_of(spec: &PuzzleSpec, rule: &RuleSpec) -> std::result::Result<String, String> {
    let mut out = String::from(".Or");
    for alternative in rule.alternatives("alternatives") {
        let items = alternative
            .iter()
            .map(|rule| lone_items(spec, rule))
            .collect::<std::result::Result<Vec<Vec<String>>, String>>()?
            .concat();
        match items.len() {
            1 => out.push_str(&items[0]),
            _ => {
                out.push_str(".And");
                out.extend(items);
                out.push_str(".End");
            }
        }
    }
    out.push_str(".End");
    Ok(out)
}

/// The items of one rule written on its own (inside an `.Or`): pencil
/// marks as a given item, an outside clue as its line's item with the
/// other end blank.
fn lone_items(spec: &PuzzleSpec, rule: &RuleSpec) -> std::result::Result<Vec<String>, String> {
    let n = spec.size;
    match rule.name() {
        "pencil-marks" => {
            let cell = rule
                .cells("cell")
                .first()
                .copied()
                .ok_or("pencil marks without a cell")?;
            return Ok(vec![format!(".~{}_{}", cell_id(cell, n), digits(rule, "_"))]);
        }
        "any-of" => return Ok(vec![any_of(spec, rule)?]),
        _ => {}
    }
    let row = writable_row(rule)?;
    if let Form::TwoSided(param) = row.form {
        let (id, end, value) = clue_end(rule, param)?;
        let mut values = [String::new(), String::new()];
        values[end] = value;
        return Ok(vec![format!(".{}~{id}~{}~{}", row.iss, values[0], values[1])]);
    }
    item(spec, rule, row)
}

/// The table row that writes `rule`, or why there is none.
fn writable_row(rule: &RuleSpec) -> std::result::Result<&'static IssRule, String> {
    pick_row(rule).ok_or_else(|| {
        let detail = match table::rows_for(rule.name()).next() {
            Some(_) => " with these values",
            None => "",
        };
        format!("{}{detail} has no ISS form", rule.name())
    })
}

/// Where an outside clue goes in its line's two-sided item: the line
/// (`R3`, `C5`), the end (0 left or top, 1 right or bottom) and the value.
fn clue_end(rule: &RuleSpec, param: &str) -> std::result::Result<(String, usize, String), String> {
    let clue = rule.clue("clue").ok_or("an outside clue without its place")?;
    let end = usize::from(matches!(clue.side, Side::Right | Side::Bottom));
    Ok((line_id(clue), end, rule.number(param).unwrap_or(0).to_string()))
}

/// The table row that writes `rule`: for dots and X/V the one whose value
/// the rule has.
fn pick_row(rule: &RuleSpec) -> Option<&'static IssRule> {
    table::rows_for(rule.name()).find(|row| match row.form {
        Form::Pairs(Some(value)) => rule.number("value") == Some(value),
        // Read only: a clone is written through its pair relations.
        Form::Sets => rule.name() == "same-values",
        _ => true,
    })
}

/// The ISS items of one rule (an arrow with several shafts is several).
fn item(spec: &PuzzleSpec, rule: &RuleSpec, row: &IssRule) -> std::result::Result<Vec<String>, String> {
    let n = spec.size;
    let ids = |cells: &[Cell]| cells.iter().map(|&c| cell_id(c, n)).collect::<Vec<_>>().join("~");
    let mut out = format!(".{}", row.iss);
    if let Some(tag) = row.tag {
        let _ = write!(out, "~{tag}");
    }
    match row.form {
        Form::Flag => {}
        Form::Cells => {
            let _ = write!(out, "~{}", ids(rule.cells("cells")));
        }
        Form::Pairs(_) => {
            let cells = rule.cells("cells");
            if cells.len() != 2 || neighbour_pairs(cells, n).is_empty() {
                return Err(format!(
                    "a {} between cells that are not neighbours has no ISS form",
                    rule.name()
                ));
            }
            let _ = write!(out, "~{}", ids(cells));
        }
        Form::Numbered(param) => {
            let value = match (rule.number(param), rule.name()) {
                (Some(v), _) => v.to_string(),
                (None, "whispers") => n.div_ceil(2).to_string(),
                (None, _) => String::new(),
            };
            let _ = write!(out, "~{value}~{}", ids(rule.cells("cells")));
            if rule.name() == "sum-loop" {
                out.push_str("~LOOP");
            }
        }
        Form::Arrow => return arrow(rule, n),
        Form::Quad => {
            let mut cells = rule.cells("cells").to_vec();
            cells.sort_unstable();
            let square = match cells[..] {
                [a, b, c, d] => {
                    let i = a.index();
                    a.col(n) + 1 < n && [b, c, d].map(Cell::index) == [i + 1, i + n, i + n + 1]
                }
                _ => false,
            };
            if !square {
                return Err("a quadruple whose cells are not a 2×2 square has no ISS form".into());
            }
            let _ = write!(out, "~{}~{}", cell_id(cells[0], n), digits(rule, "~"));
        }
        Form::Diagonal => {
            let (Some(clue), Some(direction)) = (rule.clue_cell("clue"), rule.direction("direction")) else {
                return Err("a little killer without its clue".into());
            };
            let mut cells = clue.diagonal(direction, n)?;
            cells.sort_unstable();
            let first = little_killer_diagonals(n).into_iter().find(|(_, _, d)| {
                let mut d = d.clone();
                d.sort_unstable();
                d == cells
            });
            let Some((first, _, _)) = first else {
                return Err("a little killer along a one-cell diagonal has no ISS form".into());
            };
            let sum = rule.number("sum").unwrap_or(0);
            let _ = write!(out, "~{sum}~{}", cell_id(first, n));
        }
        Form::OneSided => {
            let clue = rule.clue("clue").ok_or("an outside clue without its place")?;
            let _ = write!(out, "~{}~{}", rule.number("sum").unwrap_or(0), line_id(clue));
        }
        Form::CountsAndDigits => {
            let digits = rule.digits("digits").unwrap_or(&[]);
            let counts = rule.numbers("counts").unwrap_or(&[]);
            let mut clue = String::new();
            for (count, digit) in counts.iter().zip(digits) {
                if !(0..=9).contains(count) || *digit > 9 {
                    return Err("a look-and-say count or digit above 9 has no ISS form".into());
                }
                let _ = write!(clue, "{count}{digit}");
            }
            let _ = write!(out, "~{clue}~{}", ids(rule.cells("cells")));
        }
        Form::Multiset => {
            let digits = rule.digits("digits").unwrap_or(&[]);
            let values: Vec<String> = match rule.numbers("counts") {
                Some(counts) if counts.contains(&0) => {
                    return Err("a digit counted 0 has no ContainExact form".into());
                }
                Some(counts) => counts
                    .iter()
                    .zip(digits)
                    .flat_map(|(&count, d)| std::iter::repeat_n(d.to_string(), count.max(0) as usize))
                    .collect(),
                None => digits.iter().map(|d| d.to_string()).collect(),
            };
            let _ = write!(out, "~{}~{}", values.join("_"), ids(rule.cells("cells")));
        }
        Form::Sets => {
            let sets = rule.shafts("sets");
            let _ = write!(out, "~{}~{}", sets.len(), ids(&sets.concat()));
        }
        Form::Segments => {
            let segments: Vec<String> = rule.shafts("segments").iter().map(|s| ids(s)).collect();
            let _ = write!(out, "~{}", segments.join("~-~"));
        }
        Form::Pairwise { .. } => {
            let allowed = match (rule.digit_pairs("allowed"), rule.digit_pairs("forbidden")) {
                (Some(allowed), _) => allowed.to_vec(),
                (None, forbidden) => pairwise::complement(forbidden.unwrap_or(&[]), n),
            };
            let name = pairwise::encode_name(rule.text("name").unwrap_or(""));
            let groups: Vec<String> = rule
                .cell_pairs("pairs")
                .iter()
                .map(|&(a, b)| ids(&[a, b]))
                .collect();
            let _ = write!(
                out,
                "~{}~_{name}~{}",
                pairwise::encode_key(&allowed, n),
                groups.join("~~")
            );
        }
        Form::Regex => {
            let pattern = rule.text("pattern").unwrap_or("");
            let encoded = nfa::encode_base64(pattern.as_bytes());
            let _ = write!(out, "~{encoded}~{}", ids(rule.cells("cells")));
        }
        Form::Nfa => {
            let label = pairwise::encode_name(rule.text("label").unwrap_or(""));
            // Segments apart by `-` (an empty segment is no cell id).
            let mut items: Vec<String> = Vec::new();
            for (i, segment) in rule.shafts("segments").iter().enumerate() {
                if i > 0 {
                    items.push("-".into());
                }
                items.extend(segment.iter().map(|&c| cell_id(c, n)));
            }
            let _ = write!(
                out,
                "~{}~_{label}~{}",
                rule.text("nfa").unwrap_or(""),
                items.join("~")
            );
        }
        Form::TwoSided(_) => unreachable!("written by `write`, which merges both ends of a line"),
    }
    Ok(vec![out])
}

/// `.Arrow~circle~shaft` per shaft, or `.PillArrow~k~pill~shaft` (the
/// pill's cells in reading order, as ISS reads it).
fn arrow(rule: &RuleSpec, n: usize) -> std::result::Result<Vec<String>, String> {
    let circle = rule.cells("circle");
    let shafts: Vec<Vec<Cell>> = match rule.cells("cells") {
        [] => rule.shafts("shafts").to_vec(),
        shaft => vec![shaft.to_vec()],
    };
    let ids = |cells: &[Cell]| cells.iter().map(|&c| cell_id(c, n)).collect::<Vec<_>>().join("~");
    let head =
        match circle.len() {
            1 => format!(".Arrow~{}", ids(circle)),
            2 | 3 if circle.windows(2).all(|w| w[0] < w[1]) => {
                format!(".PillArrow~{}~{}", circle.len(), ids(circle))
            }
            2 | 3 => return Err(
                "a pill not in reading order has no ISS form (ISS reads pills left to right, top to bottom)"
                    .into(),
            ),
            k => return Err(format!("a pill of {k} cells has no ISS form (2 or 3)")),
        };
    Ok(shafts
        .iter()
        .map(|shaft| format!("{head}~{}", ids(shaft)))
        .collect())
}

/// The rule's `digits`, joined by `separator`.
fn digits(rule: &RuleSpec, separator: &str) -> String {
    let digits: Vec<String> = rule
        .digits("digits")
        .unwrap_or(&[])
        .iter()
        .map(|d| d.to_string())
        .collect();
    digits.join(separator)
}

/// `R3` for a clue beside row 3, `C5` beside column 5.
fn line_id(clue: Clue) -> String {
    match clue.side {
        Side::Left | Side::Right => format!("R{}", clue.index + 1),
        Side::Top | Side::Bottom => format!("C{}", clue.index + 1),
    }
}
