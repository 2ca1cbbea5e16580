//! f-puzzles JSON (already parsed) into a [`PuzzleSpec`].
//!
//! Keys are read in one fixed order (the order of the spec's tables), not
//! file order: JSON objects have none, and a fixed order makes reading the
//! written form of a puzzle give the same spec back.

use serde_json::{Map, Value};
use sudokit_core::{Cell, Digit, Grid};

use super::{FpuzzlesError, MAX_SIZE};
use crate::clues::{Clue, ClueCell, Direction};
use crate::outside::clue_fits;
use crate::registry::{Registry, RuleKind, Shape};
use crate::spec::{Layout, PuzzleSpec, RuleSpec};
use crate::sums::arrow;

type Result<T> = std::result::Result<T, FpuzzlesError>;

/// Rules sudokit cannot solve yet, refused by name: key and what it is
/// (none today: every rule key of the format is read).
const UNSUPPORTED: &[(&str, &str)] = &[];

/// Outside clues beside a row or column: key and what one is called.
const LINE_CLUES: &[(&str, &str)] = &[
    ("sandwichsum", "sandwich"),
    ("xsum", "X-sum"),
    ("skyscraper", "skyscraper"),
];

/// Keys that carry no rule: key and why they are left out.
const IGNORED: &[(&str, &str)] = &[
    ("line", "decoration"),
    ("text", "decoration"),
    ("circle", "decoration"),
    ("rectangle", "decoration"),
    ("cage", "decoration"),
    ("highlightConflicts", "display option"),
    ("disabledlogic", "solver option"),
    ("truecandidatesoptions", "solver option"),
    ("solution", "the setter's solution, not checked"),
    // Fog of war hides cells while solving by hand; the rules are the same.
    ("fogofwar", "fog of war: ignored for solving"),
    ("foglight", "fog of war: ignored for solving"),
];

/// Keys read by this module besides the rules' (which the registry gives).
const READ: &[&str] = &["size", "grid", "title", "author", "ruleset"];

/// Fields of list entries that f-puzzles writes for drawing only (colours,
/// sizes, the editor's bookkeeping): accepted on any entry and not read.
const COSMETIC_FIELDS: &[&str] = &[
    "outlineC",
    "fontC",
    "baseC",
    "c",
    "width",
    "height",
    "angle",
    "size",
    "fromConstraint",
    "isNewConstraint",
    "fromRangskSolver",
];

/// The fields read from the entries of the keys whose shape is their own
/// ([`Shape::Own`]); the common shapes' fields follow from the shape (see
/// [`entry_fields`]). A key missing here is not checked.
const OWN_FIELDS: &[(&str, &[&str])] = &[
    ("difference", &["cells", "value"]),
    ("ratio", &["cells", "value"]),
    ("xv", &["cells", "value"]),
    ("killercage", &["cells", "value"]),
    ("clone", &["cells", "cloneCells"]),
    ("quadruple", &["cells", "values"]),
    ("whispers", &["lines", "value"]),
    ("arrow", &["cells", "lines"]),
    ("littlekillersum", &["cell", "cells", "direction", "value"]),
    ("sandwichsum", &["cell", "value"]),
    ("xsum", &["cell", "value"]),
    ("skyscraper", &["cell", "value"]),
];

/// Cell fields that are colours.
const CELL_COLOURS: &[&str] = &["c", "cArray", "highlight"];

/// The puzzle an f-puzzles object describes.
pub(super) fn read_value(registry: &Registry, value: &Value) -> Result<super::Import> {
    let Value::Object(object) = value else {
        return Err(FpuzzlesError::general(format!(
            "expected a JSON object (an f-puzzles puzzle), found {}",
            describe(value)
        )));
    };
    check_keys(registry, object)?;
    check_fields(registry, object)?;
    let n = read_size(object)?;
    let mut reader = Reader {
        n,
        skipped: Vec::new(),
    };
    let mut spec = PuzzleSpec::new(n);
    let grid = reader.grid(object.get("grid"))?;
    spec.givens = grid.givens;
    spec.layout = grid.layout;
    spec.title = reader.text(object, "title")?;
    spec.author = reader.text(object, "author")?;
    spec.ruleset = reader.text(object, "ruleset")?;
    let mut negative_read = false;
    for kind in registry.kinds() {
        let Some(form) = kind.fpuzzles else { continue };
        let key = form.json_key();
        let rules = &mut spec.rules;
        match form.shape {
            Shape::Flag => {
                if reader.flag(object, key)? {
                    rules.push(RuleSpec::new(kind));
                }
            }
            Shape::Negative(_) if negative_read => {}
            Shape::Negative(_) => {
                negative_read = true;
                reader.negative(registry, object.get(key), rules)?;
            }
            Shape::Markers => {
                let mut cells = reader.markers(key, object.get(key))?;
                cells.extend(
                    grid.parity
                        .iter()
                        .filter(|(p, _)| *p == key)
                        .map(|&(_, cell)| cell),
                );
                if !cells.is_empty() {
                    rules.push(RuleSpec::new(kind).with("cells", cells));
                }
            }
            Shape::CellLists => {
                for (path, fields) in reader.entries(key, object.get(key))? {
                    let cells = reader.distinct_cells(fields.get("cells"), &format!("{path}.cells"))?;
                    if !cells.is_empty() {
                        rules.push(RuleSpec::new(kind).with("cells", cells));
                    }
                }
            }
            Shape::Lines => {
                for (_, _, cells) in reader.lines(key, object)? {
                    rules.push(RuleSpec::new(kind).with("cells", cells));
                }
            }
            Shape::Own => reader.own(kind, key, object, &grid.pencil_marks, rules)?,
        }
    }
    reader.ignored(object);
    Ok(super::Import {
        spec,
        skipped: reader.skipped,
    })
}

/// Refuses what cannot be read, before anything else: rules not supported
/// yet (the most useful thing to say about such a puzzle), then unknown keys.
fn check_keys(registry: &Registry, object: &Map<String, Value>) -> Result<()> {
    for &(key, what) in UNSUPPORTED {
        let Some(value) = object.get(key) else { continue };
        if unused(value) {
            continue;
        }
        return Err(not_supported(key, what));
    }
    for (key, value) in object {
        let known = READ.contains(&key.as_str())
            || registry
                .kinds()
                .any(|k| k.fpuzzles.is_some_and(|f| f.json_key() == key))
            || IGNORED.iter().any(|(k, _)| k == key)
            || UNSUPPORTED.iter().any(|(k, _)| k == key);
        if !known && !unused(value) {
            return Err(FpuzzlesError::about(
                key.clone(),
                format!("unknown f-puzzles key '{key}'"),
            ));
        }
    }
    Ok(())
}

/// The fields the entries of a rule key may hold, or `None` when its
/// entries are not objects (flags, the `negative` list) or not checked.
fn entry_fields(key: &str, shape: Shape) -> Option<&'static [&'static str]> {
    match shape {
        Shape::Flag | Shape::Negative(_) => None,
        Shape::Markers => Some(&["cell"]),
        Shape::CellLists => Some(&["cells"]),
        Shape::Lines => Some(&["lines"]),
        Shape::Own => OWN_FIELDS.iter().find(|(k, _)| *k == key).map(|&(_, f)| f),
    }
}

/// Refuses a field no reader of its key knows (`"valeu"` for `"value"`),
/// by name and with the closest known one: dropping it would quietly lose
/// a rule's clue (a cage's sum). Fields that only draw (colours, widths)
/// and unused ones (`""`, `null`) are let through.
fn check_fields(registry: &Registry, object: &Map<String, Value>) -> Result<()> {
    for kind in registry.kinds() {
        let Some(form) = kind.fpuzzles else { continue };
        let key = form.json_key();
        if IGNORED.iter().any(|(k, _)| *k == key) {
            continue;
        }
        let (Some(known), Some(Value::Array(items))) = (entry_fields(key, form.shape), object.get(key))
        else {
            continue;
        };
        for (i, item) in items.iter().enumerate() {
            let Value::Object(fields) = item else { continue };
            for (field, value) in fields {
                if known.contains(&field.as_str())
                    || COSMETIC_FIELDS.contains(&field.as_str())
                    || unused(value)
                {
                    continue;
                }
                let path = format!("{key}[{i}]");
                let mut message = format!("unknown field '{field}' in {path}");
                if let Some(close) = crate::native::suggest(field, known.iter().copied()) {
                    message.push_str(&format!(" (did you mean '{close}'?)"));
                } else {
                    message.push_str(&format!(" (expected {})", quoted(known)));
                }
                return Err(FpuzzlesError::about(format!("{path}.{field}"), message));
            }
        }
    }
    Ok(())
}

/// `'cells', 'value'`.
fn quoted(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("'{n}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn not_supported(key: &str, what: &str) -> FpuzzlesError {
    FpuzzlesError::about(key, format!("key '{key}' ({what}) is not supported yet"))
}

/// `null`, `false`, `[]`, `{}` and `""`: "not used".
fn unused(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::Array(items) => items.is_empty(),
        Value::Object(fields) => fields.is_empty(),
        Value::String(s) => s.trim().is_empty(),
        _ => false,
    }
}

fn read_size(object: &Map<String, Value>) -> Result<usize> {
    let value = object
        .get("size")
        .ok_or_else(|| FpuzzlesError::at("size", format!("missing: the board side (1 to {MAX_SIZE})")))?;
    match number(Some(value)) {
        Num::Value(n) if (1..=MAX_SIZE as u64).contains(&n) => Ok(n as usize),
        Num::Value(n) => Err(FpuzzlesError::at(
            "size",
            format!("{n}×{n} is not a size f-puzzles takes (1 to {MAX_SIZE})"),
        )),
        _ => Err(FpuzzlesError::at(
            "size",
            format!(
                "expected the board side (1 to {MAX_SIZE}), found {}",
                describe(value)
            ),
        )),
    }
}

/// The `<k>` of a cage whose value is `DR<k>`.
fn digital_root_value(cage: &Value) -> Option<&str> {
    let Some(Value::String(v)) = cage.get("value") else {
        return None;
    };
    let v = v.trim();
    v.get(..2)
        .is_some_and(|p| p.eq_ignore_ascii_case("DR"))
        .then(|| &v[2..])
}

/// A number as f-puzzles stores it: a JSON number or a numeric string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Num {
    /// Absent, `null` or an empty string.
    Blank,
    /// A non-negative integer.
    Value(u64),
    /// Anything else.
    Invalid,
}

fn number(value: Option<&Value>) -> Num {
    match value {
        None | Some(Value::Null) => Num::Blank,
        Some(Value::Number(x)) => match x.as_u64() {
            Some(v) => Num::Value(v),
            None => match x.as_f64() {
                Some(f) if f >= 0.0 && f.fract() == 0.0 && f < 1e15 => Num::Value(f as u64),
                _ => Num::Invalid,
            },
        },
        Some(Value::String(s)) if s.trim().is_empty() => Num::Blank,
        Some(Value::String(s)) => s.trim().parse().map_or(Num::Invalid, Num::Value),
        Some(_) => Num::Invalid,
    }
}

/// A JSON value in a message: its text, shortened.
fn describe(value: &Value) -> String {
    match value {
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
        Value::Null => "null".into(),
        other => {
            let text = other.to_string();
            if text.chars().count() > 40 {
                format!("{}…", text.chars().take(40).collect::<String>())
            } else {
                text
            }
        }
    }
}

/// One polyline of a line key: its entry's path and fields, and its cells.
type Polyline<'a> = (String, &'a Map<String, Value>, Vec<Cell>);

/// What the grid says besides the rules.
struct GridData {
    givens: Grid,
    layout: Layout,
    /// Each cell's `givenPencilMarks`, when it has some.
    pencil_marks: Vec<(Cell, Vec<Digit>)>,
    /// Cells marked `odd` or `even` by a cell's `parity` field.
    parity: Vec<(&'static str, Cell)>,
}

/// The grid while it is read: its data, each cell's explicit region, and
/// counts of what is left out.
struct GridScan {
    data: GridData,
    regions: Vec<Option<u16>>,
    entered: usize,
    centre: usize,
    corner: usize,
    coloured: usize,
}

struct Reader {
    n: usize,
    skipped: Vec<String>,
}

impl Reader {
    fn grid(&mut self, grid: Option<&Value>) -> Result<GridData> {
        let n = self.n;
        let rows = match grid {
            Some(Value::Array(rows)) => rows,
            Some(other) => {
                let found = describe(other);
                return Err(FpuzzlesError::at(
                    "grid",
                    format!("expected {n} rows of {n} cells, found {found}"),
                ));
            }
            None => {
                return Err(FpuzzlesError::at(
                    "grid",
                    format!("missing: expected {n} rows of {n} cells"),
                ))
            }
        };
        if rows.len() != n {
            let found = rows.len();
            return Err(FpuzzlesError::at(
                "grid",
                format!("expected {n} rows for a {n}×{n} puzzle, found {found}"),
            ));
        }
        let mut scan = GridScan {
            data: GridData {
                givens: Grid::empty(n),
                layout: Layout::Default,
                pencil_marks: Vec::new(),
                parity: Vec::new(),
            },
            regions: vec![None; n * n],
            entered: 0,
            centre: 0,
            corner: 0,
            coloured: 0,
        };
        for (r, row) in rows.iter().enumerate() {
            let path = format!("grid[{r}]");
            let cells = match row {
                Value::Array(cells) if cells.len() == n => cells,
                Value::Array(cells) => {
                    let found = cells.len();
                    return Err(FpuzzlesError::at(
                        path,
                        format!("expected {n} cells in a row, found {found}"),
                    ));
                }
                other => {
                    let found = describe(other);
                    return Err(FpuzzlesError::at(
                        path,
                        format!("expected a row of {n} cells, found {found}"),
                    ));
                }
            };
            for (c, value) in cells.iter().enumerate() {
                let path = format!("grid[{r}][{c}]");
                match value {
                    Value::Object(fields) => self.grid_cell(&path, Cell::at(r, c, n), fields, &mut scan)?,
                    Value::Null => {}
                    other => {
                        let found = describe(other);
                        return Err(FpuzzlesError::at(
                            path,
                            format!("expected a cell object, found {found}"),
                        ));
                    }
                }
            }
        }
        if scan.regions.iter().any(Option::is_some) {
            scan.data.layout = Layout::Regions(self.region_map(&scan.regions)?);
        }
        for (count, what, why) in [
            (scan.entered, "values", "without given:true (solver's entries)"),
            (scan.centre, "centre pencil marks", "(solver's marks)"),
            (scan.corner, "corner pencil marks", "(solver's marks)"),
            (scan.coloured, "colours", "(decoration)"),
        ] {
            match count {
                0 => {}
                1 => self.skipped.push(format!("grid: {what} in 1 cell {why}")),
                _ => self.skipped.push(format!("grid: {what} in {count} cells {why}")),
            }
        }
        Ok(scan.data)
    }

    /// One cell object of the grid.
    fn grid_cell(
        &self,
        path: &str,
        cell: Cell,
        fields: &Map<String, Value>,
        scan: &mut GridScan,
    ) -> Result<()> {
        let n = self.n;
        let given = match fields.get("given") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                let found = describe(other);
                return Err(FpuzzlesError::at(
                    format!("{path}.given"),
                    format!("expected true or false, found {found}"),
                ));
            }
        };
        for (field, v) in fields {
            let at = format!("{path}.{field}");
            match field.as_str() {
                "given" => {}
                "value" => match number(Some(v)) {
                    Num::Blank | Num::Value(0) => {}
                    Num::Value(d) if given => scan.data.givens.set(cell, self.digit(d, &at)?),
                    Num::Invalid if given => {
                        return Err(FpuzzlesError::at(
                            at,
                            format!("expected a digit, found {}", describe(v)),
                        ))
                    }
                    _ => scan.entered += 1,
                },
                "region" => {
                    scan.regions[cell.index()] = Some(match (v, number(Some(v))) {
                        (Value::Null, _) => {
                            let what =
                                "null (a cell in no region) is not supported: every cell needs a region";
                            return Err(FpuzzlesError::at(at, what));
                        }
                        (_, Num::Value(k)) if k < n as u64 => k as u16,
                        (_, Num::Value(k)) => {
                            let what = format!(
                                "region {k} does not exist on a {n}×{n} board (regions are 0 to {})",
                                n - 1
                            );
                            return Err(FpuzzlesError::at(at, what));
                        }
                        _ => {
                            return Err(FpuzzlesError::at(
                                at,
                                format!("expected a region number, found {}", describe(v)),
                            ))
                        }
                    });
                }
                "givenPencilMarks" => {
                    let digits = self.digits(v, &at)?;
                    if !digits.is_empty() {
                        scan.data.pencil_marks.push((cell, digits));
                    }
                }
                "centerPencilMarks" => scan.centre += usize::from(!unused(v)),
                "cornerPencilMarks" => scan.corner += usize::from(!unused(v)),
                "parity" => match v {
                    Value::String(s) if s.eq_ignore_ascii_case("odd") => scan.data.parity.push(("odd", cell)),
                    Value::String(s) if s.eq_ignore_ascii_case("even") => {
                        scan.data.parity.push(("even", cell))
                    }
                    other if unused(other) => {}
                    other => {
                        let found = describe(other);
                        return Err(FpuzzlesError::at(
                            at,
                            format!("expected \"Odd\" or \"Even\", found {found}"),
                        ));
                    }
                },
                colour if CELL_COLOURS.contains(&colour) => scan.coloured += usize::from(!unused(v)),
                _ => {
                    return Err(FpuzzlesError::at(
                        at,
                        format!("unknown f-puzzles cell field '{field}'"),
                    ))
                }
            }
        }
        Ok(())
    }

    /// The region of every cell: f-puzzles writes `region` only on cells
    /// whose region differs from the default box layout, so a cell without
    /// one keeps its default box.
    fn region_map(&self, regions: &[Option<u16>]) -> Result<Vec<u16>> {
        let n = self.n;
        let height = (1..=n).rev().find(|h| h * h <= n && n % h == 0).unwrap_or(1);
        let width = n / height;
        let map: Vec<u16> = regions
            .iter()
            .enumerate()
            .map(|(i, region)| {
                let (r, c) = (i / n, i % n);
                region.unwrap_or(((r / height) * height + c / width) as u16)
            })
            .collect();
        let mut sizes = vec![0usize; n];
        for &region in &map {
            sizes[region as usize] += 1;
        }
        let wrong = sizes
            .iter()
            .position(|&size| size == 0)
            .or_else(|| sizes.iter().position(|&size| size != n));
        if let Some(region) = wrong {
            let problem = match sizes[region] {
                0 => format!("region {region} is missing: no cell is in it"),
                1 => format!("region {region} has 1 cell"),
                size => format!("region {region} has {size} cells"),
            };
            return Err(FpuzzlesError::at(
                "grid",
                format!(
                    "{problem}; a {n}×{n} board needs regions 0 to {} of exactly {n} cells each (a cell \
                     without `region` is in its default box)",
                    n - 1
                ),
            ));
        }
        Ok(map)
    }

    fn digit(&self, d: u64, path: &str) -> Result<Digit> {
        if d >= 1 && d <= self.n as u64 {
            Ok(d as Digit)
        } else {
            Err(FpuzzlesError::at(
                path,
                format!("{d} is not a digit of a {n}×{n} puzzle (1 to {n})", n = self.n),
            ))
        }
    }

    /// A list of digits (`givenPencilMarks`); `null` is none.
    fn digits(&self, value: &Value, path: &str) -> Result<Vec<Digit>> {
        match value {
            Value::Null => Ok(Vec::new()),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, item)| match number(Some(item)) {
                    Num::Value(d) => self.digit(d, &format!("{path}[{i}]")),
                    _ => Err(FpuzzlesError::at(
                        format!("{path}[{i}]"),
                        format!("expected a digit, found {}", describe(item)),
                    )),
                })
                .collect(),
            other => Err(FpuzzlesError::at(
                path,
                format!("expected a list of digits, found {}", describe(other)),
            )),
        }
    }

    /// `title`, `author`, `ruleset`: text, `None` when empty.
    fn text(&self, object: &Map<String, Value>, key: &str) -> Result<Option<String>> {
        match object.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(FpuzzlesError::at(
                key,
                format!("expected text, found {}", describe(other)),
            )),
        }
    }

    fn flag(&self, object: &Map<String, Value>, key: &str) -> Result<bool> {
        match object.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(FpuzzlesError::at(
                key,
                format!("expected true or false, found {}", describe(other)),
            )),
        }
    }

    /// `negative`: a list of words, each a rule of the registry.
    fn negative(&self, registry: &Registry, value: Option<&Value>, rules: &mut Vec<RuleSpec>) -> Result<()> {
        let items = match value {
            None | Some(Value::Null | Value::Bool(false)) => return Ok(()),
            Some(Value::Array(items)) => items,
            Some(other) => {
                return Err(FpuzzlesError::at(
                    "negative",
                    format!(
                        "expected a list such as [\"ratio\", \"xv\"], found {}",
                        describe(other)
                    ),
                ))
            }
        };
        let words: Vec<(&str, &'static RuleKind)> = registry
            .kinds()
            .filter_map(|kind| match kind.fpuzzles?.shape {
                Shape::Negative(word) => Some((word, kind)),
                _ => None,
            })
            .collect();
        for (i, item) in items.iter().enumerate() {
            let Some(&(_, kind)) = words.iter().find(|(word, _)| item.as_str() == Some(word)) else {
                let expected: Vec<String> = words.iter().map(|(word, _)| format!("\"{word}\"")).collect();
                return Err(FpuzzlesError::at(
                    format!("negative[{i}]"),
                    format!(
                        "unknown negative constraint {}: expected {}",
                        describe(item),
                        expected.join(" or ")
                    ),
                ));
            };
            let rule = RuleSpec::new(kind);
            if !rules.contains(&rule) {
                rules.push(rule);
            }
        }
        Ok(())
    }

    /// A cell name `R<row>C<col>`; `None` for an empty string (skipped).
    fn cell(&self, value: &Value, path: &str) -> Result<Option<Cell>> {
        let n = self.n;
        let Value::String(name) = value else {
            return Err(FpuzzlesError::at(
                path,
                format!("expected a cell such as \"R1C1\", found {}", describe(value)),
            ));
        };
        if name.is_empty() {
            return Ok(None);
        }
        let bad = || {
            FpuzzlesError::at(
                path,
                format!("'{name}' is not a cell (expected R<row>C<col>, as R1C1)"),
            )
        };
        let upper = name.to_ascii_uppercase();
        let (row, col) = upper
            .strip_prefix('R')
            .and_then(|rest| rest.split_once('C'))
            .ok_or_else(bad)?;
        let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(row) || !all_digits(col) {
            return Err(bad());
        }
        let row: usize = row.parse().unwrap_or(usize::MAX);
        let col: usize = col.parse().unwrap_or(usize::MAX);
        if !(1..=n).contains(&row) || !(1..=n).contains(&col) {
            return Err(FpuzzlesError::at(
                path,
                format!("cell '{name}' is off the {n}×{n} grid"),
            ));
        }
        Ok(Some(Cell::at(row - 1, col - 1, n)))
    }

    /// A list of cells; empty strings are skipped.
    fn cells(&self, value: Option<&Value>, path: &str) -> Result<Vec<Cell>> {
        match value {
            None => Err(FpuzzlesError::at(path, "missing: expected a list of cells")),
            Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(items)) => {
                let mut cells = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    cells.extend(self.cell(item, &format!("{path}[{i}]"))?);
                }
                Ok(cells)
            }
            Some(other) => Err(FpuzzlesError::at(
                path,
                format!("expected a list of cells, found {}", describe(other)),
            )),
        }
    }

    /// A list of cells that must not repeat one (cages, lines).
    fn distinct_cells(&self, value: Option<&Value>, path: &str) -> Result<Vec<Cell>> {
        let cells = self.cells(value, path)?;
        for (i, cell) in cells.iter().enumerate() {
            if cells[..i].contains(cell) {
                return Err(FpuzzlesError::at(
                    path,
                    format!("cell '{}' appears twice", cell.name(self.n).to_ascii_uppercase()),
                ));
            }
        }
        Ok(cells)
    }

    /// The entries of a list key (`[{…}, …]`), each with its path.
    fn entries<'a>(
        &self,
        key: &str,
        value: Option<&'a Value>,
    ) -> Result<Vec<(String, &'a Map<String, Value>)>> {
        let items = match value {
            None | Some(Value::Null | Value::Bool(false)) => return Ok(Vec::new()),
            Some(Value::Array(items)) => items,
            Some(other) => {
                return Err(FpuzzlesError::at(
                    key,
                    format!("expected a list, found {}", describe(other)),
                ))
            }
        };
        let mut entries = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            match item {
                Value::Object(fields) => entries.push((format!("{key}[{i}]"), fields)),
                Value::Null => {}
                other => {
                    return Err(FpuzzlesError::at(
                        format!("{key}[{i}]"),
                        format!("expected an object, found {}", describe(other)),
                    ))
                }
            }
        }
        Ok(entries)
    }

    /// `odd`, `even`, `minimum`, `maximum`: `[{cell}]`.
    fn markers(&self, key: &str, value: Option<&Value>) -> Result<Vec<Cell>> {
        let mut cells = Vec::new();
        for (path, fields) in self.entries(key, value)? {
            let cell_path = format!("{path}.cell");
            let cell = fields
                .get("cell")
                .ok_or_else(|| FpuzzlesError::at(&cell_path, "missing: expected a cell"))?;
            cells.extend(self.cell(cell, &cell_path)?);
        }
        Ok(cells)
    }

    /// The rules of a kind whose entries have their own shape, by key.
    fn own(
        &mut self,
        kind: &'static RuleKind,
        key: &str,
        object: &Map<String, Value>,
        pencil_marks: &[(Cell, Vec<Digit>)],
        rules: &mut Vec<RuleSpec>,
    ) -> Result<()> {
        let rule = || RuleSpec::new(kind);
        match key {
            "grid" => {
                for (cell, digits) in pencil_marks {
                    rules.push(rule().with("cell", *cell).with("digits", digits.clone()));
                }
            }
            "difference" | "ratio" | "xv" => {
                for (path, fields) in self.entries(key, object.get(key))? {
                    rules.push(self.dot(rule(), key, &path, fields)?);
                }
            }
            "killercage" => {
                for (path, fields) in self.entries(key, object.get(key))? {
                    let cells = self.distinct_cells(fields.get("cells"), &format!("{path}.cells"))?;
                    if cells.is_empty() {
                        continue;
                    }
                    let mut cage = rule().with("cells", cells);
                    match number(fields.get("value")) {
                        Num::Blank => {}
                        Num::Value(v) if (1..=u32::MAX as u64).contains(&v) => {
                            cage = cage.with("sum", v as i64)
                        }
                        _ => {
                            return Err(FpuzzlesError::at(
                                format!("{path}.value"),
                                format!(
                                    "expected the cage's sum (a whole number), found {}",
                                    fields.get("value").map_or("nothing".into(), describe)
                                ),
                            ))
                        }
                    }
                    rules.push(cage);
                }
            }
            "clone" => {
                for (path, fields) in self.entries(key, object.get(key))? {
                    let cells = self.cells(fields.get("cells"), &format!("{path}.cells"))?;
                    let clones = self.cells(fields.get("cloneCells"), &format!("{path}.cloneCells"))?;
                    if cells.len() != clones.len() {
                        return Err(FpuzzlesError::at(
                            path,
                            format!(
                                "{} cells but {} clone cells (cloneCells): each cell needs exactly one clone",
                                cells.len(),
                                clones.len()
                            ),
                        ));
                    }
                    if !cells.is_empty() {
                        rules.push(rule().with("cells", cells).with("clones", clones));
                    }
                }
            }
            "quadruple" => {
                for (path, fields) in self.entries(key, object.get(key))? {
                    if let Some(quadruple) = self.quadruple(rule(), &path, fields)? {
                        rules.push(quadruple);
                    }
                }
            }
            // A line with an optional smallest difference: the whispers'
            // gap, the lockout diamonds' (absent: the kind's default).
            "whispers" | "lockout" => {
                for (path, fields, cells) in self.lines(key, object)? {
                    let gap = match number(fields.get("value")) {
                        Num::Blank => None,
                        Num::Value(g) if g >= 1 && g < self.n as u64 => Some(g as Digit),
                        _ => {
                            return Err(FpuzzlesError::at(
                                format!("{path}.value"),
                                format!(
                                    "expected the smallest difference (1 to {}), found {}",
                                    self.n.saturating_sub(1),
                                    fields.get("value").map_or("nothing".into(), describe)
                                ),
                            ))
                        }
                    };
                    let mut line = rule().with("cells", cells);
                    line.set("value", gap.map(|g| g.into()));
                    rules.push(line);
                }
            }
            "arrow" => self.arrows(object, rules)?,
            "cage" => self.digital_root_cages(kind, object, rules)?,
            "littlekillersum" => self.little_killers(kind, object, rules)?,
            _ => match LINE_CLUES.iter().find(|(k, _)| *k == key) {
                Some(&(_, what)) => self.line_clues(kind, key, what, object, rules)?,
                None => return Err(not_supported(key, kind.name)),
            },
        }
        Ok(())
    }

    /// A `difference`, `ratio` or `xv` entry.
    fn dot(&self, rule: RuleSpec, key: &str, path: &str, fields: &Map<String, Value>) -> Result<RuleSpec> {
        let cells_path = format!("{path}.cells");
        let cells = self.cells(fields.get("cells"), &cells_path)?;
        let &[a, b] = cells.as_slice() else {
            return Err(FpuzzlesError::at(
                cells_path,
                format!("expected the 2 cells of the dot, found {}", cells.len()),
            ));
        };
        if a == b {
            return Err(FpuzzlesError::at(cells_path, "the two cells are the same"));
        }
        let value_path = format!("{path}.value");
        let value = fields.get("value");
        let value = match key {
            "xv" => match value.and_then(Value::as_str).map(str::trim) {
                Some("X" | "x") => 10,
                Some("V" | "v") => 5,
                _ => {
                    return Err(FpuzzlesError::at(
                        value_path,
                        format!(
                            "expected \"X\" or \"V\", found {}",
                            value.map_or("nothing".into(), describe)
                        ),
                    ))
                }
            },
            "difference" => self.dot_value(value, 1, 1, &value_path)?,
            _ => self.dot_value(value, 2, 2, &value_path)?,
        };
        Ok(rule.with("cells", (a, b)).with("value", value))
    }

    /// A dot's value: `default` when absent or blank, else at least `least`.
    fn dot_value(&self, value: Option<&Value>, default: Digit, least: Digit, path: &str) -> Result<Digit> {
        match number(value) {
            Num::Blank => Ok(default),
            Num::Value(v) if v >= least as u64 && v <= Digit::MAX as u64 => Ok(v as Digit),
            _ => Err(FpuzzlesError::at(
                path,
                format!(
                    "expected a whole number of at least {least}, found {}",
                    value.map_or("nothing".into(), describe)
                ),
            )),
        }
    }

    /// A `quadruple` entry; `None` for an empty circle.
    fn quadruple(&self, rule: RuleSpec, path: &str, fields: &Map<String, Value>) -> Result<Option<RuleSpec>> {
        let cells = self.distinct_cells(fields.get("cells"), &format!("{path}.cells"))?;
        let values_path = format!("{path}.values");
        let digits = match fields.get("values") {
            None => {
                return Err(FpuzzlesError::at(
                    values_path,
                    "missing: expected the listed digits",
                ))
            }
            Some(value) => self.digits(value, &values_path)?,
        };
        if digits.is_empty() {
            return Ok(None); // an empty circle: no rule
        }
        let most = cells.len().min(4);
        if digits.len() > most {
            return Err(FpuzzlesError::at(
                values_path,
                format!(
                    "{} digits listed: a quadruple lists at most {most} (4, and no more than its {} cells)",
                    digits.len(),
                    cells.len()
                ),
            ));
        }
        Ok(Some(rule.with("cells", cells).with("digits", digits)))
    }

    /// The polylines of a line key, each with its entry's path and fields:
    /// one rule per line, empty lines left out.
    fn lines<'a>(&self, key: &str, object: &'a Map<String, Value>) -> Result<Vec<Polyline<'a>>> {
        let mut out = Vec::new();
        for (path, fields) in self.entries(key, object.get(key))? {
            for (j, line) in self.polylines(&path, fields)?.iter().enumerate() {
                let cells = self.distinct_cells(Some(line), &format!("{path}.lines[{j}]"))?;
                if !cells.is_empty() {
                    out.push((path.clone(), fields, cells));
                }
            }
        }
        Ok(out)
    }

    /// An entry's `lines`.
    fn polylines<'a>(&self, path: &str, fields: &'a Map<String, Value>) -> Result<&'a [Value]> {
        let lines_path = format!("{path}.lines");
        match fields.get("lines") {
            Some(Value::Array(lines)) => Ok(lines),
            Some(other) => Err(FpuzzlesError::at(
                lines_path,
                format!("expected a list of lines, found {}", describe(other)),
            )),
            None => Err(FpuzzlesError::at(lines_path, "missing: expected a list of lines")),
        }
    }

    /// `arrow`: each line starts in the circle (or pill); the rest of it,
    /// without the circle's cells, is a shaft.
    fn arrows(&self, object: &Map<String, Value>, rules: &mut Vec<RuleSpec>) -> Result<()> {
        for (path, fields) in self.entries("arrow", object.get("arrow"))? {
            let circle = self.distinct_cells(fields.get("cells"), &format!("{path}.cells"))?;
            let mut shafts = Vec::new();
            for (j, line) in self.polylines(&path, fields)?.iter().enumerate() {
                let cells = self.cells(Some(line), &format!("{path}.lines[{j}]"))?;
                let shaft: Vec<Cell> = cells
                    .into_iter()
                    .skip(1)
                    .filter(|c| !circle.contains(c))
                    .collect();
                if !shaft.is_empty() {
                    shafts.push(shaft);
                }
            }
            if circle.is_empty() || shafts.is_empty() {
                continue;
            }
            if circle.len() > 1 && self.n > 9 {
                return Err(FpuzzlesError::at(
                    format!("{path}.cells"),
                    format!(
                        "a pill of {} cells reads as a decimal number, which needs digits below 10 (this is a {}×{} puzzle)",
                        circle.len(),
                        self.n,
                        self.n
                    ),
                ));
            }
            rules.push(arrow(circle, shafts));
        }
        Ok(())
    }

    /// `cage` entries whose value is `DR<k>` (SudokuSolver's digital-root
    /// cages); the other cages are decoration.
    fn digital_root_cages(
        &self,
        kind: &'static RuleKind,
        object: &Map<String, Value>,
        rules: &mut Vec<RuleSpec>,
    ) -> Result<()> {
        let Some(Value::Array(cages)) = object.get("cage") else {
            return Ok(());
        };
        for (i, cage) in cages.iter().enumerate() {
            let Some(root) = digital_root_value(cage) else {
                continue;
            };
            let path = format!("cage[{i}]");
            let root = match root.parse::<u32>() {
                Ok(k) if (1..=9).contains(&k) => k,
                _ => {
                    return Err(FpuzzlesError::at(
                        format!("{path}.value"),
                        format!("a digital root is DR1 to DR9, found \"DR{root}\""),
                    ))
                }
            };
            let cells = self.distinct_cells(cage.get("cells"), &format!("{path}.cells"))?;
            if !cells.is_empty() {
                rules.push(RuleSpec::new(kind).with("cells", cells).with("root", root));
            }
        }
        Ok(())
    }

    /// A clue's place (`R0C3`, `R4C10`): 1-based row and column, 0 and
    /// `n + 1` outside the grid.
    fn clue_place(&self, fields: &Map<String, Value>, path: &str) -> Result<ClueCell> {
        let n = self.n;
        let path = format!("{path}.cell");
        let name = match fields.get("cell") {
            Some(Value::String(s)) => s.trim(),
            Some(other) => {
                return Err(FpuzzlesError::at(
                    path,
                    format!("expected a cell such as \"R0C1\", found {}", describe(other)),
                ))
            }
            None => return Err(FpuzzlesError::at(path, "missing: expected the clue's cell")),
        };
        let bad = || {
            FpuzzlesError::at(
                &path,
                format!("'{name}' is not a cell (expected R<row>C<col>, as R0C1)"),
            )
        };
        let upper = name.to_ascii_uppercase();
        let (row, col) = upper
            .strip_prefix('R')
            .and_then(|rest| rest.split_once('C'))
            .ok_or_else(bad)?;
        let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(row) || !all_digits(col) {
            return Err(bad());
        }
        let place = ClueCell {
            row: row.parse().unwrap_or(usize::MAX),
            col: col.parse().unwrap_or(usize::MAX),
        };
        if place.row > n + 1 || place.col > n + 1 {
            return Err(FpuzzlesError::at(
                path,
                format!("'{name}' is not on or next to the {n}×{n} grid"),
            ));
        }
        Ok(place)
    }

    /// Counts a key's blank clues (markers without a value, spec §5.8) in
    /// `skipped`.
    fn blank_clues(&mut self, key: &str, count: usize) {
        match count {
            0 => {}
            1 => self
                .skipped
                .push(format!("{key}: 1 blank clue (no value, ignored)")),
            _ => self
                .skipped
                .push(format!("{key}: {count} blank clues (no value, ignored)")),
        }
    }

    /// `littlekillersum`: a clue with an empty or non-numeric value is a
    /// blank marker, skipped.
    fn little_killers(
        &mut self,
        kind: &'static RuleKind,
        object: &Map<String, Value>,
        rules: &mut Vec<RuleSpec>,
    ) -> Result<()> {
        let n = self.n;
        let key = "littlekillersum";
        let mut blanks = 0;
        for (path, fields) in self.entries(key, object.get(key))? {
            // A sum of 0 or less is no clue either (as the oracle reads it).
            let sum = match number(fields.get("value")) {
                Num::Value(v) if v > 0 => v,
                _ => {
                    blanks += 1;
                    continue;
                }
            };
            let clue = self.clue_place(fields, &path)?;
            let direction_path = format!("{path}.direction");
            let direction = match fields.get("direction") {
                Some(Value::String(s)) => Direction::parse(s),
                _ => None,
            }
            .ok_or_else(|| {
                FpuzzlesError::at(
                    &direction_path,
                    format!(
                        "expected \"UL\", \"UR\", \"DL\" or \"DR\", found {}",
                        fields.get("direction").map_or("nothing".into(), describe)
                    ),
                )
            })?;
            clue.diagonal(direction, n)
                .map_err(|m| FpuzzlesError::at(format!("{path}.cell"), m))?;
            let sum = u32::try_from(sum).map_err(|_| {
                FpuzzlesError::at(format!("{path}.value"), format!("the sum {sum} is too large"))
            })?;
            rules.push(
                RuleSpec::new(kind)
                    .with("clue", clue)
                    .with("direction", direction)
                    .with("sum", sum),
            );
        }
        self.blank_clues(key, blanks);
        Ok(())
    }

    /// A clue beside a row or column (`sandwichsum`, `xsum`,
    /// `skyscraper`), `what` by name; blank markers are skipped.
    fn line_clues(
        &mut self,
        kind: &'static RuleKind,
        key: &str,
        what: &str,
        object: &Map<String, Value>,
        rules: &mut Vec<RuleSpec>,
    ) -> Result<()> {
        let n = self.n;
        let mut blanks = 0;
        for (path, fields) in self.entries(key, object.get(key))? {
            let value = match number(fields.get("value")) {
                Num::Value(v) => v,
                Num::Blank | Num::Invalid => {
                    blanks += 1;
                    continue;
                }
            };
            let place = self.clue_place(fields, &path)?;
            let clue = Clue::at_position(place.row, place.col, n)
                .map_err(|m| FpuzzlesError::at(format!("{path}.cell"), format!("a {what} clue: {m}")))?;
            let v = u32::try_from(value).unwrap_or(u32::MAX);
            let param = if key == "skyscraper" { "visible" } else { "sum" };
            let rule = RuleSpec::new(kind).with("clue", clue).with(param, v);
            clue_fits(&rule, n)
                .map_err(|m| FpuzzlesError::at(format!("{path}.value"), format!("{value}: {m}")))?;
            rules.push(rule);
        }
        self.blank_clues(key, blanks);
        Ok(())
    }

    /// One line in `skipped` per key that carries no rule.
    fn ignored(&mut self, object: &Map<String, Value>) {
        for (key, value) in object {
            if unused(value) {
                continue;
            }
            let why = match IGNORED.iter().find(|(k, _)| k == key) {
                Some((_, why)) => *why,
                None => continue,
            };
            let decoration: Vec<&Value>;
            let value = match value {
                // Digital-root cages are rules, read above.
                Value::Array(items) if key == "cage" => {
                    decoration = items.iter().filter(|c| digital_root_value(c).is_none()).collect();
                    if decoration.is_empty() {
                        continue;
                    }
                    &Value::Array(decoration.iter().map(|&v| v.clone()).collect())
                }
                other => other,
            };
            let what = match value {
                Value::Array(items) if key == "solution" => format!("{} digits", items.len()),
                Value::Array(items) if items.len() == 1 => "1 item".to_owned(),
                Value::Array(items) => format!("{} items", items.len()),
                other => describe(other),
            };
            self.skipped.push(format!("{key}: {what} ({why})"));
        }
    }
}
