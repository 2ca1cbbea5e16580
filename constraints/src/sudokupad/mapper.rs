//! SudokuPad puzzle JSON into a [`PuzzleSpec`]: the grid, givens and
//! regions, and the drawings whose meaning is the common convention:
//!
//! * a cage with a number is a killer cage with that sum;
//! * a line with a circle on the cell at one end is a thermometer, bulb
//!   first;
//! * an arrow starting in a cell with a circle is an arrow of that circle;
//! * a small white or black circle on the edge of two cells is a kropki
//!   dot (difference 1, ratio 2);
//! * an `X` or `V` on the edge of two cells is an X or a V.
//!
//! Positions are `[row, column]` in cell units from the top-left corner
//! (a cell's centre is `r + 0.5, c + 0.5`). Anything else is named in the
//! error, grouped and counted, with the rules text.

use serde_json::{Map, Value};
use sudokit_core::{Cell, Digit, Grid};

use super::{error, Import, SudokuPadError};
use crate::registry::Registry;
use crate::spec::{Layout, PuzzleSpec};

type Result<T> = std::result::Result<T, SudokuPadError>;

/// Top-level keys that carry no rule.
const DECORATION: &[&str] = &[
    "id",
    "settings",
    "videos",
    "cellSize",
    "foglight",
    "fogofwar",
    "triggereffect",
];

/// A circle, text or shape drawn over or under the grid.
struct Shape<'a> {
    center: (f64, f64),
    width: f64,
    rounded: bool,
    fill: String,
    text: String,
    used: bool,
    fields: &'a Map<String, Value>,
}

pub(super) fn map(json: &Value) -> Result<Import> {
    let Value::Object(object) = json else {
        return Err(error(
            "SudokuPad's puzzle JSON is an object; this payload holds something else",
        ));
    };
    let rows = object
        .get("cells")
        .and_then(Value::as_array)
        .ok_or_else(|| error("the puzzle has no cells"))?;
    let n = rows.len();
    if n == 0 || n > sudokit_core::MAX_SIZE || rows.iter().any(|r| r.as_array().map(Vec::len) != Some(n)) {
        return Err(error(
            "sudokit reads square SudokuPad grids (every row as long as there are rows)",
        ));
    }
    let registry = Registry::default();
    let rule = |name: &str| {
        registry
            .rule(name)
            .ok_or_else(|| error(format!("no '{name}' rule")))
    };
    let mut spec = PuzzleSpec::new(n);
    let mut skipped = Vec::new();
    let mut unmapped: Vec<String> = Vec::new();
    spec.givens = givens(rows, n, &mut skipped)?;
    spec.layout = layout(object.get("regions"), n)?;
    metadata(object, &mut spec);

    let mut shapes: Vec<Shape> = ["overlays", "underlays"]
        .iter()
        .filter_map(|key| object.get(*key).and_then(Value::as_array))
        .flatten()
        .filter_map(|v| v.as_object().map(shape))
        .collect();

    // Cages: a number is a killer cage; the legacy metadata cages are not rules.
    let mut blank_cages = 0;
    for cage in items(object, "cages") {
        let value = cage.get("value").map(text).unwrap_or_default();
        if ["title:", "author:", "rules:", "solution:", "msgcorrect:"]
            .iter()
            .any(|k| value.starts_with(k))
        {
            continue;
        }
        let cells = cell_list(cage.get("cells"), n)?;
        match value.trim().parse::<i64>() {
            Ok(sum) if !cells.is_empty() => spec
                .rules
                .push(rule("killer-cage")?.with("cells", cells).with("sum", sum)),
            _ => blank_cages += 1,
        }
    }
    count(
        &mut unmapped,
        blank_cages,
        "cage without a sum",
        "cages without a sum",
    );

    // Lines with a circle on an end cell: thermometers.
    let mut other_lines: Vec<String> = Vec::new();
    for line in items(object, "lines") {
        let cells = path_cells(line.get("wayPoints"), n);
        let bulb = |cell: Option<&Cell>| cell.and_then(|&c| circle_at(&shapes, c, n));
        match (bulb(cells.first()), bulb(cells.last())) {
            (Some(i), _) if cells.len() > 1 => {
                shapes[i].used = true;
                spec.rules.push(rule("thermometer")?.with("cells", cells));
            }
            (None, Some(i)) if cells.len() > 1 => {
                shapes[i].used = true;
                spec.rules
                    .push(rule("thermometer")?.with("cells", cells.into_iter().rev().collect::<Vec<_>>()));
            }
            _ => other_lines.push(line.get("color").map(text).unwrap_or_else(|| "?".into())),
        }
    }
    grouped(&mut unmapped, &other_lines, "line");

    // Arrows from a circle.
    let mut loose_arrows = 0;
    for arrow in items(object, "arrows") {
        let cells = path_cells(arrow.get("wayPoints"), n);
        match cells.split_first() {
            Some((&circle, shaft)) if !shaft.is_empty() => match circle_at(&shapes, circle, n) {
                Some(i) => {
                    shapes[i].used = true;
                    spec.rules.push(
                        rule("arrow")?
                            .with("circle", vec![circle])
                            .with("cells", shaft.to_vec()),
                    );
                }
                None => loose_arrows += 1,
            },
            _ => loose_arrows += 1,
        }
    }
    count(
        &mut unmapped,
        loose_arrows,
        "arrow without a circle",
        "arrows without a circle",
    );

    // Dots and X/V on edges.
    for shape in shapes.iter_mut().filter(|s| !s.used) {
        let Some(pair) = edge_pair(shape.center, n) else {
            continue;
        };
        let mark = match (
            shape.text.as_str(),
            shape.rounded && shape.width < 0.5,
            shape.fill.as_str(),
        ) {
            ("X" | "x", _, _) => Some(rule("xv")?.with("value", 10)),
            ("V" | "v", _, _) => Some(rule("xv")?.with("value", 5)),
            ("", true, "#FFFFFF" | "#ffffff" | "#FFF" | "#fff" | "white") => Some(rule("difference")?),
            ("", true, "#000000" | "#000" | "black") => Some(rule("ratio")?),
            _ => None,
        };
        if let Some(mark) = mark {
            shape.used = true;
            spec.rules.push(mark.with("cells", pair));
        }
    }
    let leftover: Vec<String> = shapes.iter().filter(|s| !s.used).map(describe).collect();
    grouped(&mut unmapped, &leftover, "");

    for (key, value) in object {
        let known = [
            "cells",
            "regions",
            "cages",
            "lines",
            "arrows",
            "overlays",
            "underlays",
            "metadata",
        ];
        if known.contains(&key.as_str()) || empty(value) {
            continue;
        }
        if DECORATION.contains(&key.as_str()) {
            skipped.push(format!("{key}: left out (no rule)"));
        } else {
            unmapped.push(format!("'{key}'"));
        }
    }
    spec.rules = spec
        .rules
        .into_iter()
        .map(|rule| match rule.kind().check {
            Some(check) => check(rule, n).map_err(|refusal| error(refusal.message)),
            None => Ok(rule),
        })
        .collect::<Result<_>>()?;
    if !unmapped.is_empty() {
        let rules = spec.ruleset.as_deref().unwrap_or("(none given)");
        return Err(error(format!(
            "SudokuPad elements sudokit cannot map to rules: {}; rules: {rules}",
            unmapped.join(", ")
        )));
    }
    Ok(Import { spec, skipped })
}

/// The elements of the list at `key` (none when it is missing).
fn items<'a>(object: &'a Map<String, Value>, key: &str) -> impl Iterator<Item = &'a Value> {
    object.get(key).and_then(Value::as_array).into_iter().flatten()
}

fn empty(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        _ => false,
    }
}

/// A JSON value as text (numbers too).
fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn number(value: Option<&Value>) -> Option<f64> {
    match value? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

fn point(value: &Value) -> Option<(f64, f64)> {
    let pair = value.as_array()?;
    Some((number(pair.first())?, number(pair.get(1))?))
}

fn shape(fields: &Map<String, Value>) -> Shape<'_> {
    let center = fields.get("center").and_then(point).unwrap_or((-1.0, -1.0));
    Shape {
        center,
        width: number(fields.get("width")).unwrap_or(0.0),
        rounded: fields.get("rounded").and_then(Value::as_bool).unwrap_or(false),
        fill: fields.get("backgroundColor").map(text).unwrap_or_default(),
        text: fields
            .get("text")
            .map(text)
            .unwrap_or_default()
            .trim()
            .to_string(),
        used: false,
        fields,
    }
}

/// How a leftover shape is named: `circle`, `rectangle`, `text 'K'`.
fn describe(shape: &Shape) -> String {
    let kind = if shape.rounded { "circle" } else { "rectangle" };
    let colour = shape
        .fields
        .get("backgroundColor")
        .or(shape.fields.get("borderColor"))
        .map(text);
    match (shape.text.is_empty(), colour) {
        (false, _) => format!("text '{}'", shape.text),
        (true, Some(c)) => format!("{kind} of colour {c}"),
        (true, None) => kind.to_string(),
    }
}

/// Adds "`count` `what`" to the list when there are any.
fn count(list: &mut Vec<String>, count: usize, one: &str, many: &str) {
    match count {
        0 => {}
        1 => list.push(format!("1 {one}")),
        _ => list.push(format!("{count} {many}")),
    }
}

/// Adds the items grouped and counted: `3 lines of colour #c54b8b`.
fn grouped(list: &mut Vec<String>, items: &[String], noun: &str) {
    let mut groups: Vec<(&String, usize)> = Vec::new();
    for item in items {
        match groups.iter_mut().find(|(g, _)| *g == item) {
            Some(group) => group.1 += 1,
            None => groups.push((item, 1)),
        }
    }
    for (item, k) in groups {
        let s = if k == 1 { "" } else { "s" };
        list.push(match noun {
            "" => format!("{k} × {item}"),
            _ => format!("{k} {noun}{s} of colour {item}"),
        });
    }
}

/// The cell whose centre holds a big circle (a bulb or an arrow's circle).
fn circle_at(shapes: &[Shape], cell: Cell, n: usize) -> Option<usize> {
    let (r, c) = (cell.row(n) as f64 + 0.5, cell.col(n) as f64 + 0.5);
    shapes
        .iter()
        .position(|s| !s.used && s.rounded && s.width >= 0.5 && s.text.is_empty() && near(s.center, (r, c)))
}

fn near(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < 0.05 && (a.1 - b.1).abs() < 0.05
}

/// The two cells on either side of an edge midpoint.
fn edge_pair(center: (f64, f64), n: usize) -> Option<(Cell, Cell)> {
    let (r, c) = center;
    let half = |v: f64| (v - v.floor() - 0.5).abs() < 0.05;
    let whole = |v: f64| (v - v.round()).abs() < 0.05;
    let inside = |row: f64, col: f64| row >= 0.0 && col >= 0.0 && (row as usize) < n && (col as usize) < n;
    let at = |row: f64, col: f64| Cell::at(row as usize, col as usize, n);
    if half(r) && whole(c) && c >= 1.0 && inside(r, c - 1.0) && inside(r, c) {
        Some((at(r.floor(), c.round() - 1.0), at(r.floor(), c.round())))
    } else if whole(r) && half(c) && r >= 1.0 && inside(r - 1.0, c) && inside(r, c) {
        Some((at(r.round() - 1.0, c.floor()), at(r.round(), c.floor())))
    } else {
        None
    }
}

/// The cells a path passes through, by the cell holding each way point, in
/// order, without repeats.
fn path_cells(points: Option<&Value>, n: usize) -> Vec<Cell> {
    let mut cells: Vec<Cell> = Vec::new();
    for p in points
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(point)
    {
        let (r, c) = (p.0.floor(), p.1.floor());
        if r < 0.0 || c < 0.0 || r as usize >= n || c as usize >= n {
            continue;
        }
        let cell = Cell::at(r as usize, c as usize, n);
        if cells.last() != Some(&cell) && !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    cells
}

/// A list of cells as `[row, col]` pairs (0-based) or `"r1c1"` names.
fn cell_list(value: Option<&Value>, n: usize) -> Result<Vec<Cell>> {
    let mut cells = Vec::new();
    for item in value.and_then(Value::as_array).into_iter().flatten() {
        let (r, c) = match item {
            Value::String(name) => {
                let lower = name.to_ascii_lowercase();
                let parsed = lower
                    .strip_prefix('r')
                    .and_then(|rest| rest.split_once('c'))
                    .and_then(|(r, c)| {
                        Some((
                            r.parse::<usize>().ok()?.checked_sub(1)?,
                            c.parse::<usize>().ok()?.checked_sub(1)?,
                        ))
                    });
                parsed.ok_or_else(|| error(format!("'{name}' is not a cell")))?
            }
            other => {
                let (r, c) = point(other).ok_or_else(|| error(format!("{other} is not a cell")))?;
                (r as usize, c as usize)
            }
        };
        if r >= n || c >= n {
            return Err(error(format!("r{}c{} is off the {n}×{n} grid", r + 1, c + 1)));
        }
        let cell = Cell::at(r, c, n);
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    Ok(cells)
}

/// The cells' values are the givens; anything else about a cell (colours,
/// pencil marks) is left out.
fn givens(rows: &[Value], n: usize, skipped: &mut Vec<String>) -> Result<Grid> {
    let mut grid = Grid::empty(n);
    let mut decorated = 0;
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.as_array().into_iter().flatten().enumerate() {
            let Some(fields) = cell.as_object() else { continue };
            if fields.keys().any(|k| k != "value") {
                decorated += 1;
            }
            let Some(value) = fields.get("value").map(text).filter(|v| !v.trim().is_empty()) else {
                continue;
            };
            match value.trim().parse::<usize>() {
                Ok(d) if (1..=n).contains(&d) => grid.set(Cell::at(r, c, n), d as Digit),
                _ => {
                    return Err(error(format!(
                        "r{}c{}: given '{value}' is not a digit of the {n}×{n} grid",
                        r + 1,
                        c + 1
                    )))
                }
            }
        }
    }
    if decorated > 0 {
        skipped.push(format!(
            "cells: marks or colours in {decorated} cells (decoration)"
        ));
    }
    Ok(grid)
}

/// The regions: none or the boxes is the default layout; others a jigsaw.
fn layout(regions: Option<&Value>, n: usize) -> Result<Layout> {
    let Some(regions) = regions.and_then(Value::as_array).filter(|r| !r.is_empty()) else {
        return Ok(Layout::Default);
    };
    let mut region_of = vec![u16::MAX; n * n];
    for (index, region) in regions.iter().enumerate() {
        for cell in cell_list(Some(region), n)? {
            region_of[cell.index()] = index as u16;
        }
    }
    if region_of.contains(&u16::MAX) {
        return Err(error("the regions do not cover the grid"));
    }
    let boxes = PuzzleSpec::new(n).geometry().ok().map(|g| {
        (0..n * n)
            .map(|i| g.region_of(Cell(i as u16)) as u16)
            .collect::<Vec<_>>()
    });
    let same_partition =
        |a: &[u16], b: &[u16]| (0..a.len()).all(|i| (0..a.len()).all(|j| (a[i] == a[j]) == (b[i] == b[j])));
    match boxes {
        Some(boxes) if same_partition(&boxes, &region_of) => Ok(Layout::Default),
        _ => Ok(Layout::Regions(region_of)),
    }
}

/// Title, author and rules, from `metadata` or the legacy metadata cages.
fn metadata(object: &Map<String, Value>, spec: &mut PuzzleSpec) {
    let meta = object.get("metadata").and_then(Value::as_object);
    let field = |key: &str| meta.and_then(|m| m.get(key)).map(text).filter(|t| !t.is_empty());
    spec.title = field("title");
    spec.author = field("author");
    spec.ruleset = field("rules");
    for cage in items(object, "cages") {
        let value = cage.get("value").map(text).unwrap_or_default();
        let slot = match value.split_once(':') {
            Some(("title", v)) => (&mut spec.title, v),
            Some(("author", v)) => (&mut spec.author, v),
            Some(("rules", v)) => (&mut spec.ruleset, v),
            _ => continue,
        };
        slot.0.get_or_insert_with(|| slot.1.trim().to_string());
    }
}
