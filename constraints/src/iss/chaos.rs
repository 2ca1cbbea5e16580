//! ISS's chaos construction items, read and written: `.ChaosConstruction`,
//! `.ChaosArrow`, `.ChaosCount` and `.SameValues` over region cells
//! (`CC1`…, ISS's variable of each cell's region, in reading order), and
//! `.CountDistinct`, whose counted cells may be digit cells or region cells.

use sudokit_core::Cell;

use super::{cell_id, parse_cell};
use crate::registry::Registry;
use crate::spec::{PuzzleSpec, RuleSpec};
use crate::{ChaosArrow, ChaosCount};

/// The ISS types read here (`SameValues` only over region cells).
pub(super) const TYPES: &[&str] = &["ChaosConstruction", "ChaosArrow", "ChaosCount", "CountDistinct"];

/// Whether an item of type `ty` is read here: a chaos type, or
/// `SameValues` or `AllDifferent` whose cells are all region cells.
pub(super) fn reads(ty: &str, args: &[&str]) -> bool {
    TYPES.contains(&ty)
        || (ty == "SameValues" && args.len() > 1 && args[1..].iter().all(|a| is_region(a)))
        || (ty == "AllDifferent" && !args.is_empty() && args.iter().all(|a| is_region(a)))
}

fn is_region(id: &str) -> bool {
    id.len() > 2 && id[..2].eq_ignore_ascii_case("CC")
}

/// A grid cell (`R1C1`) or the cell of a region variable (`CC1` is r1c1's).
fn cell(id: &str, n: usize) -> Result<Cell, String> {
    if !is_region(id) {
        return parse_cell(id, n);
    }
    match id[2..].parse::<usize>() {
        Ok(k) if (1..=n * n).contains(&k) => Ok(Cell((k - 1) as u16)),
        _ => Err(format!(
            "'{id}' is not a region cell of the {n}×{n} board (CC1 to CC{})",
            n * n
        )),
    }
}

fn cells(ids: &[&str], n: usize) -> Result<Vec<Cell>, String> {
    ids.iter().map(|id| cell(id, n)).collect()
}

fn offset(arg: Option<&&str>) -> Result<u8, String> {
    match arg.copied().unwrap_or("") {
        "" | "0" => Ok(0),
        "1" => Ok(1),
        other => Err(format!("offset '{other}' is not 0 or 1")),
    }
}

/// The rule of one chaos item (`None` for `ChaosConstruction` itself when
/// `chaos` is false: the clues need it).
pub(super) fn read(registry: &Registry, ty: &str, args: &[&str], n: usize) -> Result<RuleSpec, String> {
    let kind = |name: &str| {
        registry
            .get(name)
            .ok_or_else(|| format!("the registry has no '{name}' rule"))
    };
    let control = || cell(args.first().copied().unwrap_or(""), n);
    match ty {
        "ChaosConstruction" => match args.is_empty() {
            true => Ok(RuleSpec::new(kind("chaos-construction")?)),
            false => Err(format!("takes no arguments, found '{}'", args.join("~"))),
        },
        "ChaosArrow" => {
            let control = control()?;
            let arms = match args.get(2..) {
                None | Some([]) => ChaosArrow::default_arms(n, control),
                Some(flat) => flat
                    .split(|a| *a == "-")
                    .map(|arm| cells(arm, n))
                    .collect::<Result<Vec<_>, _>>()?,
            };
            if arms.iter().any(Vec::is_empty) {
                return Err("an arm has no cell".to_string());
            }
            Ok(RuleSpec::new(kind("chaos-arrow")?)
                .with("cell", control)
                .with("arms", arms)
                .with("offset", offset(args.get(1))? as i64))
        }
        "CountDistinct" => {
            let control = parse_cell(args.first().copied().unwrap_or(""), n)?;
            let counted = args.get(1..).unwrap_or_default();
            if counted.is_empty() {
                return Err("no cells counted".to_string());
            }
            let (regions, digits): (Vec<&str>, Vec<&str>) = counted.iter().partition(|id| is_region(id));
            let mut spec = RuleSpec::new(kind("count-distinct")?).with("cell", control);
            if !digits.is_empty() {
                spec = spec.with("cells", cells(&digits, n)?);
            }
            if !regions.is_empty() {
                spec = spec.with("regions", cells(&regions, n)?);
            }
            Ok(spec)
        }
        "ChaosCount" => {
            let control = control()?;
            let counted = match args.get(2..) {
                None | Some([]) => ChaosCount::default_cells(n, control),
                Some(ids) => cells(ids, n)?,
            };
            Ok(RuleSpec::new(kind("chaos-count")?)
                .with("cell", control)
                .with("cells", counted)
                .with("offset", offset(args.get(1))? as i64))
        }
        "AllDifferent" => Ok(RuleSpec::new(kind("different-regions")?).with("cells", cells(args, n)?)),
        _ => {
            let ids = &args[1..];
            if args[0].parse::<usize>() != Ok(ids.len()) {
                return Err(format!(
                    "sets of several region cells ({} sets of {} cells) are not read; one cell per set is",
                    args[0],
                    ids.len()
                ));
            }
            Ok(RuleSpec::new(kind("same-region")?).with("cells", cells(ids, n)?))
        }
    }
}

/// A region cell's id, `CC1` for r1c1.
fn region_id(cell: Cell) -> String {
    format!("CC{}", cell.index() + 1)
}

/// The ISS item of a chaos rule, or `None` for other rules. A region clue
/// without the chaos rule has no ISS form (ISS's region cells come with it).
pub(super) fn write(spec: &PuzzleSpec, rule: &RuleSpec) -> Option<Result<String, String>> {
    let n = spec.size;
    let chaos = spec.rules.iter().any(|r| r.name() == "chaos-construction");
    let regions = rule.name() == "count-distinct" && !rule.cells("regions").is_empty();
    let clues = ["chaos-arrow", "chaos-count", "same-region", "different-regions"];
    if !chaos && (regions || clues.contains(&rule.name())) {
        return Some(Err(format!(
            "{} has no ISS form without chaos-construction",
            rule.name()
        )));
    }
    let ids = |cells: &[Cell]| cells.iter().map(|&c| region_id(c)).collect::<Vec<_>>().join("~");
    let control = || rule.cells("cell").first().map(|&c| cell_id(c, n));
    let offset = rule.number("offset").unwrap_or(0);
    Some(Ok(match rule.name() {
        "chaos-construction" => ".ChaosConstruction".to_string(),
        "chaos-arrow" => {
            let arms: Vec<String> = rule.shafts("arms").iter().map(|a| ids(a)).collect();
            format!(".ChaosArrow~{}~{offset}~{}", control()?, arms.join("~-~"))
        }
        "chaos-count" => format!(".ChaosCount~{}~{offset}~{}", control()?, ids(rule.cells("cells"))),
        "same-region" => {
            let cells = rule.cells("cells");
            format!(".SameValues~{}~{}", cells.len(), ids(cells))
        }
        "different-regions" => format!(".AllDifferent~{}", ids(rule.cells("cells"))),
        "count-distinct" => {
            let mut counted: Vec<String> = rule.cells("cells").iter().map(|&c| cell_id(c, n)).collect();
            counted.extend(rule.cells("regions").iter().map(|&c| region_id(c)));
            format!(".CountDistinct~{}~{}", control()?, counted.join("~"))
        }
        _ => return None,
    }))
}
