//! A [`PuzzleSpec`] as f-puzzles JSON.
//!
//! Written field by field rather than through a `serde_json::Map` (which
//! sorts keys) so that keys come out in the order f-puzzles writes them:
//! `{"size":…` first, which is why f-puzzles payloads start with `N4Ig`.

use serde_json::{json, Value};
use sudokit_core::{Cell, Digit};

use super::{FpuzzlesError, MAX_SIZE};
use crate::clues::Clue;
use crate::registry::{Presence, Shape, Value as ParamValue, BUILT_IN};
use crate::spec::{Layout, PuzzleSpec, RuleSpec};

type Result<T> = std::result::Result<T, FpuzzlesError>;

/// The keys that hold lists, in the order they are written: the
/// built-in rules' keys in registry order (a rule of another crate adds its
/// key after them).
fn list_keys() -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = Vec::new();
    for form in BUILT_IN.iter().filter_map(|kind| kind.fpuzzles) {
        let key = form.json_key();
        if form.shape != Shape::Flag && key != "grid" && !keys.contains(&key) {
            keys.push(key);
        }
    }
    keys
}

/// One JSON object, its fields in writing order, each already rendered.
#[derive(Default)]
struct Object(Vec<(&'static str, String)>);

impl Object {
    fn push(&mut self, key: &'static str, value: Value) {
        self.0.push((key, value.to_string()));
    }

    fn push_rendered(&mut self, key: &'static str, json: String) {
        self.0.push((key, json));
    }

    fn render(&self) -> String {
        let fields: Vec<String> = self
            .0
            .iter()
            .map(|(key, value)| format!("{}:{value}", Value::from(*key)))
            .collect();
        format!("{{{}}}", fields.join(","))
    }
}

/// The f-puzzles form of the rules, gathered rule by rule.
struct Writer<'a> {
    n: usize,
    /// The global rules set (`antiking`, …), in first-use order.
    flags: Vec<&'static str>,
    /// The items of each key of [`list_keys`], in that order.
    lists: Vec<(&'static str, Vec<Value>)>,
    /// Each cell's `givenPencilMarks`.
    marks: Vec<Option<&'a [Digit]>>,
}

pub(super) fn write(spec: &PuzzleSpec) -> Result<String> {
    let n = spec.size;
    if !(1..=MAX_SIZE).contains(&n) {
        return Err(FpuzzlesError::at(
            "size",
            format!("f-puzzles boards are 1×1 to {MAX_SIZE}×{MAX_SIZE}, this one is {n}×{n}"),
        ));
    }
    if !spec.classic {
        return Err(FpuzzlesError::at(
            "classic",
            "the puzzle has no classic rules (classic: false); f-puzzles puzzles always have them",
        ));
    }
    if spec.toroidal {
        return Err(FpuzzlesError::at(
            "toroidal",
            "the board wraps around its edges (toroidal = true); f-puzzles boards do not",
        ));
    }
    let found = spec.givens.size();
    if found != n {
        return Err(FpuzzlesError::at(
            "givens",
            format!("the givens are for a {found}×{found} board, the board is {n}×{n}"),
        ));
    }
    let regions = regions(spec)?;
    let mut writer = Writer {
        n,
        flags: Vec::new(),
        lists: list_keys().into_iter().map(|key| (key, Vec::new())).collect(),
        marks: vec![None; n * n],
    };
    for (i, rule) in spec.rules.iter().enumerate() {
        writer.rule(&format!("rules[{i}]"), rule)?;
    }

    let mut grid = Vec::with_capacity(n);
    for r in 0..n {
        let mut row = Vec::with_capacity(n);
        for c in 0..n {
            let cell = Cell::at(r, c, n);
            let mut fields = Object::default();
            if let Some(digit) = spec.givens.get(cell) {
                fields.push("value", Value::from(digit));
                fields.push("given", Value::from(true));
            }
            if let Some(regions) = &regions {
                fields.push("region", Value::from(regions[cell.index()]));
            }
            if let Some(digits) = writer.marks[cell.index()] {
                fields.push("givenPencilMarks", Value::from(digits));
            }
            row.push(fields.render());
        }
        grid.push(format!("[{}]", row.join(",")));
    }

    let mut out = Object::default();
    out.push("size", Value::from(n));
    for (key, text) in [
        ("title", &spec.title),
        ("author", &spec.author),
        ("ruleset", &spec.ruleset),
    ] {
        if let Some(text) = text {
            out.push(key, Value::from(text.as_str()));
        }
    }
    out.push_rendered("grid", format!("[{}]", grid.join(",")));
    for flag in writer.flags {
        out.push(flag, Value::from(true));
    }
    for (key, items) in writer.lists {
        if !items.is_empty() {
            out.push(key, Value::from(items));
        }
    }
    Ok(out.render())
}

impl<'a> Writer<'a> {
    /// Adds `item` to the list key `key` (a `negative` word once).
    fn add(&mut self, key: &'static str, item: Value) {
        let items = match self.lists.iter().position(|(k, _)| *k == key) {
            Some(i) => &mut self.lists[i].1,
            None => {
                self.lists.push((key, Vec::new()));
                &mut self.lists.last_mut().expect("just pushed").1
            }
        };
        if key != "negative" || !items.contains(&item) {
            items.push(item);
        }
    }

    fn flag(&mut self, key: &'static str) {
        if !self.flags.contains(&key) {
            self.flags.push(key);
        }
    }

    /// `R1C1`.
    fn name(&self, cell: Cell, path: &str) -> Result<Value> {
        let n = self.n;
        if cell.index() < n * n {
            Ok(Value::from(format!("R{}C{}", cell.row(n) + 1, cell.col(n) + 1)))
        } else {
            Err(FpuzzlesError::at(
                path,
                format!("cell #{} is off the {n}×{n} grid", cell.0),
            ))
        }
    }

    fn names(&self, cells: &[Cell], path: &str) -> Result<Value> {
        cells
            .iter()
            .map(|&cell| self.name(cell, path))
            .collect::<Result<Vec<_>>>()
            .map(Value::from)
    }

    /// `{"cells":[…]}`, with `value` (a string, as f-puzzles writes it)
    /// unless it is `default`.
    fn cells<T: PartialEq + ToString>(
        &self,
        cells: &[Cell],
        value: T,
        default: Option<T>,
        path: &str,
    ) -> Result<Value> {
        let mut entry = json!({ "cells": self.names(cells, path)? });
        if default.is_none_or(|d| d != value) {
            entry["value"] = Value::from(value.to_string());
        }
        Ok(entry)
    }

    /// `{"lines":[[…]]}`: f-puzzles writes one entry per polyline.
    fn line(&self, cells: &[Cell], path: &str) -> Result<Value> {
        Ok(json!({ "lines": [self.names(cells, path)?] }))
    }

    /// `{"cell":"R0C3","value":"17"}`: a clue beside a row or column.
    fn clue(&self, clue: Clue, value: usize, path: &str) -> Result<Value> {
        let n = self.n;
        if clue.index >= n {
            return Err(FpuzzlesError::at(
                path,
                format!("the clue {clue} is off the {n}×{n} grid"),
            ));
        }
        let (row, col) = clue.position(n);
        Ok(json!({ "cell": format!("R{row}C{col}"), "value": value.to_string() }))
    }

    fn markers(&mut self, key: &'static str, cells: &[Cell], path: &str) -> Result<()> {
        for &cell in cells {
            let item = json!({ "cell": self.name(cell, path)? });
            self.add(key, item);
        }
        Ok(())
    }

    fn rule(&mut self, path: &str, rule: &'a RuleSpec) -> Result<()> {
        let no_form = |what: &str| FpuzzlesError::at(path, format!("{what} has no f-puzzles form"));
        let cells = rule.cells("cells");
        let Some(form) = rule.kind().fpuzzles else {
            return match (rule.name(), rule.number("value")) {
                // A sum of 5 or 10 is an X or a V.
                ("sum", Some(value @ (5 | 10))) => {
                    let item = self.cells(cells, if value == 10 { "X" } else { "V" }, None, path)?;
                    self.add("xv", item);
                    Ok(())
                }
                ("sum", value) => Err(no_form(&format!(
                    "a sum of {} between two cells (only X = 10 and V = 5)",
                    value.unwrap_or(0)
                ))),
                (name, _) => Err(no_form(&match rule.text("name") {
                    Some(own) => format!("{name} ({own})"),
                    None => name.to_string(),
                })),
            };
        };
        let key = form.json_key();
        if form.shape != Shape::Own {
            if let Some(what) = beyond_the_cells(rule, form.key) {
                return Err(no_form(&what));
            }
        }
        match form.shape {
            Shape::Flag => self.flag(key),
            Shape::Negative(word) => self.add(key, Value::from(word)),
            Shape::Markers => self.markers(key, cells, path)?,
            Shape::CellLists => {
                let item = json!({ "cells": self.names(cells, path)? });
                self.add(key, item);
            }
            Shape::Lines => self.add(key, self.line(cells, path)?),
            Shape::Own => self.own(key, rule, path)?,
        }
        Ok(())
    }

    /// A rule whose entries have their own shape, by key.
    fn own(&mut self, key: &'static str, rule: &'a RuleSpec, path: &str) -> Result<()> {
        let n = self.n;
        let cells = rule.cells("cells");
        let digit_check = |digits: &[Digit]| match digits.iter().find(|&&d| d == 0 || d as usize > n) {
            Some(bad) => Err(FpuzzlesError::at(
                path,
                format!("{bad} is not a digit of a {n}×{n} puzzle"),
            )),
            None => Ok(()),
        };
        match key {
            "grid" => {
                let cell = rule.cells("cell").first().copied().unwrap_or(Cell(u16::MAX));
                self.name(cell, path)?;
                let digits = rule.digits("digits").unwrap_or(&[]);
                digit_check(digits)?;
                let slot = &mut self.marks[cell.index()];
                if slot.is_some() {
                    let what = format!(
                        "a second list of pencil marks for {}: f-puzzles holds one list per cell",
                        cell.name(n)
                    );
                    return Err(FpuzzlesError::at(path, what));
                }
                *slot = Some(digits);
            }
            "difference" | "ratio" => {
                let default = if key == "difference" { 1 } else { 2 };
                let value = rule.number("value").unwrap_or(default);
                let item = self.cells(cells, value, Some(default), path)?;
                self.add(key, item);
            }
            "xv" => {
                let mark = if rule.number("value") == Some(5) { "V" } else { "X" };
                let item = self.cells(cells, mark, None, path)?;
                self.add(key, item);
            }
            "killercage" => {
                let mut item = json!({ "cells": self.names(cells, path)? });
                if let Some(sum) = rule.number("sum") {
                    item["value"] = Value::from(sum.to_string());
                }
                self.add(key, item);
            }
            "clone" => {
                let clones = rule.cells("clones");
                if cells.len() != clones.len() {
                    let what = format!(
                        "a clone of {} cells has {} clone cells",
                        cells.len(),
                        clones.len()
                    );
                    return Err(FpuzzlesError::at(path, what));
                }
                let item =
                    json!({ "cells": self.names(cells, path)?, "cloneCells": self.names(clones, path)? });
                self.add(key, item);
            }
            "quadruple" => {
                let digits = rule.digits("digits").unwrap_or(&[]);
                digit_check(digits)?;
                let item = json!({ "cells": self.names(cells, path)?, "values": digits });
                self.add(key, item);
            }
            "whispers" | "lockout" => {
                let mut item = self.line(cells, path)?;
                if let Some(gap) = rule.number("value") {
                    item["value"] = Value::from(gap.to_string());
                }
                self.add(key, item);
            }
            "cage" => {
                let root = rule.number("root").unwrap_or(0);
                let item = json!({ "cells": self.names(cells, path)?, "value": format!("DR{root}") });
                self.add(key, item);
            }
            "arrow" => {
                // Each line starts in the circle; the rest of it is the shaft.
                let circle = rule.cells("circle");
                let Some(&start) = circle.first() else {
                    return Err(FpuzzlesError::at(path, "an arrow without a circle"));
                };
                let shafts = match cells {
                    [] => rule.shafts("shafts").to_vec(),
                    shaft => vec![shaft.to_vec()],
                };
                let lines = shafts
                    .iter()
                    .map(|shaft| {
                        let line: Vec<Cell> = std::iter::once(start).chain(shaft.iter().copied()).collect();
                        self.names(&line, path)
                    })
                    .collect::<Result<Vec<_>>>()?;
                let item = json!({ "lines": lines, "cells": self.names(circle, path)? });
                self.add(key, item);
            }
            "littlekillersum" => {
                let (Some(clue), Some(direction)) = (rule.clue_cell("clue"), rule.direction("direction"))
                else {
                    return Err(FpuzzlesError::at(path, "a little killer without its clue"));
                };
                let cells = clue
                    .diagonal(direction, n)
                    .map_err(|m| FpuzzlesError::at(path, m))?;
                let item = json!({
                    "cell": format!("R{}C{}", clue.row, clue.col),
                    "cells": self.names(&cells, path)?,
                    "direction": direction.code(),
                    "value": rule.number("sum").unwrap_or(0).to_string(),
                });
                self.add(key, item);
            }
            "sandwichsum" | "xsum" | "skyscraper" => {
                let value = rule.number("sum").or(rule.number("visible")).unwrap_or(0);
                let Some(clue) = rule.clue("clue") else {
                    return Err(FpuzzlesError::at(path, "an outside clue without its place"));
                };
                let item = self.clue(clue, value as usize, path)?;
                self.add(key, item);
            }
            _ => {
                return Err(FpuzzlesError::at(
                    path,
                    format!("{} has no f-puzzles form", rule.name()),
                ))
            }
        }
        Ok(())
    }
}

/// The region of every cell, when the layout is not f-puzzles' default
/// (which it writes as no `region` at all).
fn regions(spec: &PuzzleSpec) -> Result<Option<Vec<u16>>> {
    let n = spec.size;
    let geometry = spec.geometry().map_err(|e| FpuzzlesError::at("layout", e))?;
    let default_height = (1..=n).rev().find(|h| h * h <= n && n % h == 0).unwrap_or(1);
    let is_default = match &spec.layout {
        Layout::Default => true,
        Layout::Boxes { rows, cols } => *rows == default_height && *cols == n / default_height,
        Layout::Regions(_) => false,
    };
    Ok((!is_default).then(|| {
        geometry
            .cells()
            .map(|cell| geometry.region_of(cell) as u16)
            .collect()
    }))
}

/// What a rule of a common shape ([`Shape::Lines`], markers, cell lists,
/// flags) says beyond its cells, which those entries cannot hold: a
/// parameter set to other than its default (a modular line's modulus
/// other than 3), in words.
fn beyond_the_cells(rule: &RuleSpec, key: &str) -> Option<String> {
    rule.values()
        .find_map(|(param, value)| match (param.presence, value?) {
            _ if param.name == "cells" => None,
            (Presence::Number(default), ParamValue::Number(v)) if *v == default => None,
            (Presence::Number(default), ParamValue::Number(v)) => Some(format!(
                "{} with {} = {v} (f-puzzles' {key} is always {default})",
                rule.name(),
                param.name
            )),
            (Presence::Text(default), ParamValue::Text(t)) if t == default => None,
            _ => Some(format!(
                "{} with {} (f-puzzles' {key} has no place for it)",
                rule.name(),
                param.name
            )),
        })
}
