//! A [`PuzzleSpec`] as f-puzzles JSON.
//!
//! Written field by field rather than through a `serde_json::Map` (which
//! sorts keys) so that keys come out in the order f-puzzles writes them:
//! `{"size":…` first, which is why f-puzzles payloads start with `N4Ig`.

use serde_json::{json, Value};
use sudokit_core::{Cell, Digit};

use super::{FpuzzlesError, MAX_SIZE};
use crate::outside::Clue;
use crate::spec::{Layout, PuzzleSpec, RuleSpec};

type Result<T> = std::result::Result<T, FpuzzlesError>;

/// The keys that hold lists, in the order they are written (and read).
const LIST_KEYS: [&str; 33] = [
    "negative",
    "odd",
    "even",
    "minimum",
    "maximum",
    "difference",
    "ratio",
    "xv",
    "killercage",
    "extraregion",
    "clone",
    "quadruple",
    "rowindexer",
    "columnindexer",
    "boxindexer",
    "thermometer",
    "slowthermometer",
    "palindrome",
    "whispers",
    "nabner",
    "doublearrow",
    "zipperline",
    "regionsumline",
    "arrow",
    "renban",
    "betweenline",
    "entropicline",
    "modularline",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "cage",
];

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
    /// The items of each key of [`LIST_KEYS`], in that order.
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
        lists: LIST_KEYS.iter().map(|&key| (key, Vec::new())).collect(),
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
    /// Adds `item` to the list key `key`, once.
    fn add(&mut self, key: &str, item: Value) {
        if let Some((_, items)) = self.lists.iter_mut().find(|(k, _)| *k == key) {
            if key != "negative" || !items.contains(&item) {
                items.push(item);
            }
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

    fn markers(&mut self, key: &str, cells: &[Cell], path: &str) -> Result<()> {
        for &cell in cells {
            let item = json!({ "cell": self.name(cell, path)? });
            self.add(key, item);
        }
        Ok(())
    }

    fn rule(&mut self, path: &str, rule: &'a RuleSpec) -> Result<()> {
        let n = self.n;
        let no_form = |what: &str| FpuzzlesError::at(path, format!("{what} has no f-puzzles form"));
        match rule {
            RuleSpec::DiagonalPositive => self.flag("diagonal+"),
            RuleSpec::DiagonalNegative => self.flag("diagonal-"),
            RuleSpec::AntiKnight => self.flag("antiknight"),
            RuleSpec::AntiKing => self.flag("antiking"),
            RuleSpec::DisjointGroups => self.flag("disjointgroups"),
            RuleSpec::NonConsecutive => self.flag("nonconsecutive"),
            RuleSpec::NegativeRatio => self.add("negative", Value::from("ratio")),
            RuleSpec::NegativeXv => self.add("negative", Value::from("xv")),
            RuleSpec::Odd(cells) => self.markers("odd", cells, path)?,
            RuleSpec::Even(cells) => self.markers("even", cells, path)?,
            RuleSpec::Minimum(cells) => self.markers("minimum", cells, path)?,
            RuleSpec::Maximum(cells) => self.markers("maximum", cells, path)?,
            RuleSpec::PencilMarks { cell, digits } => {
                self.name(*cell, path)?;
                if let Some(&bad) = digits.iter().find(|&&d| d == 0 || d as usize > n) {
                    return Err(FpuzzlesError::at(
                        path,
                        format!("{bad} is not a digit of a {n}×{n} puzzle"),
                    ));
                }
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
            RuleSpec::Difference { cells: (a, b), value } => {
                let item = self.cells(&[*a, *b], *value, Some(1), path)?;
                self.add("difference", item);
            }
            RuleSpec::Ratio { cells: (a, b), value } => {
                let item = self.cells(&[*a, *b], *value, Some(2), path)?;
                self.add("ratio", item);
            }
            RuleSpec::Sum { cells: (a, b), value } => {
                let mark = match value {
                    10 => "X",
                    5 => "V",
                    other => {
                        return Err(no_form(&format!(
                            "a sum of {other} between two cells (only X = 10 and V = 5)"
                        )))
                    }
                };
                let item = self.cells(&[*a, *b], mark, None, path)?;
                self.add("xv", item);
            }
            RuleSpec::KillerCage { cells, sum } => {
                let mut item = json!({ "cells": self.names(cells, path)? });
                if let Some(sum) = sum {
                    item["value"] = Value::from(sum.to_string());
                }
                self.add("killercage", item);
            }
            RuleSpec::ExtraRegion(cells) => {
                let item = json!({ "cells": self.names(cells, path)? });
                self.add("extraregion", item);
            }
            RuleSpec::Clone { cells, clones } => {
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
                self.add("clone", item);
            }
            RuleSpec::Thermometer(cells) => self.add("thermometer", self.line(cells, path)?),
            RuleSpec::SlowThermometer(cells) => self.add("slowthermometer", self.line(cells, path)?),
            RuleSpec::Palindrome(cells) => self.add("palindrome", self.line(cells, path)?),
            RuleSpec::Whispers { cells, gap } => {
                let mut item = self.line(cells, path)?;
                if let Some(gap) = gap {
                    item["value"] = Value::from(gap.to_string());
                }
                self.add("whispers", item);
            }
            RuleSpec::Nabner(cells) => self.add("nabner", self.line(cells, path)?),
            RuleSpec::DoubleArrow(cells) => self.add("doublearrow", self.line(cells, path)?),
            RuleSpec::ZipperLine(cells) => self.add("zipperline", self.line(cells, path)?),
            RuleSpec::RegionSumLine(cells) => self.add("regionsumline", self.line(cells, path)?),
            RuleSpec::DigitalRootCage { cells, root } => {
                let item = json!({ "cells": self.names(cells, path)?, "value": format!("DR{root}") });
                self.add("cage", item);
            }
            RuleSpec::Arrow { circle, shafts } => {
                // Each line starts in the circle; the rest of it is the shaft.
                let Some(&start) = circle.first() else {
                    return Err(FpuzzlesError::at(path, "an arrow without a circle"));
                };
                let lines = shafts
                    .iter()
                    .map(|shaft| {
                        let line: Vec<Cell> = std::iter::once(start).chain(shaft.iter().copied()).collect();
                        self.names(&line, path)
                    })
                    .collect::<Result<Vec<_>>>()?;
                let item = json!({ "lines": lines, "cells": self.names(circle, path)? });
                self.add("arrow", item);
            }
            RuleSpec::Renban(cells) => self.add("renban", self.line(cells, path)?),
            RuleSpec::BetweenLine(cells) => self.add("betweenline", self.line(cells, path)?),
            RuleSpec::EntropicLine(cells) => self.add("entropicline", self.line(cells, path)?),
            RuleSpec::ModularLine(cells) => self.add("modularline", self.line(cells, path)?),
            RuleSpec::Quadruple { cells, digits } => {
                if let Some(&bad) = digits.iter().find(|&&d| d == 0 || d as usize > n) {
                    return Err(FpuzzlesError::at(
                        path,
                        format!("{bad} is not a digit of a {n}×{n} puzzle"),
                    ));
                }
                let item = json!({ "cells": self.names(cells, path)?, "values": digits });
                self.add("quadruple", item);
            }
            RuleSpec::RowIndexer(cells) => {
                let item = json!({ "cells": self.names(cells, path)? });
                self.add("rowindexer", item);
            }
            RuleSpec::ColumnIndexer(cells) => {
                let item = json!({ "cells": self.names(cells, path)? });
                self.add("columnindexer", item);
            }
            RuleSpec::BoxIndexer(cells) => {
                let item = json!({ "cells": self.names(cells, path)? });
                self.add("boxindexer", item);
            }
            RuleSpec::Sandwich { clue, sum } => {
                let item = self.clue(*clue, *sum as usize, path)?;
                self.add("sandwichsum", item);
            }
            RuleSpec::XSum { clue, sum } => {
                let item = self.clue(*clue, *sum as usize, path)?;
                self.add("xsum", item);
            }
            RuleSpec::Skyscraper { clue, visible } => {
                let item = self.clue(*clue, *visible, path)?;
                self.add("skyscraper", item);
            }
            RuleSpec::LittleKiller { clue, direction, sum } => {
                let cells = clue
                    .diagonal(*direction, n)
                    .map_err(|m| FpuzzlesError::at(path, m))?;
                let item = json!({
                    "cell": format!("R{}C{}", clue.row, clue.col),
                    "cells": self.names(&cells, path)?,
                    "direction": direction.code(),
                    "value": sum.to_string(),
                });
                self.add("littlekillersum", item);
            }
            RuleSpec::DiagonalNonConsecutive => return Err(no_form("diagonal-nonconsecutive")),
            RuleSpec::Chess { name, .. } => return Err(no_form(&format!("chess ({name})"))),
            RuleSpec::Taxicab(_) => return Err(no_form("taxicab")),
            RuleSpec::SelfTaxicab => return Err(no_form("self-taxicab")),
            RuleSpec::CustomPairs { name, .. } => return Err(no_form(&format!("custom-pairs ({name})"))),
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
