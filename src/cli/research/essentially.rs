//! `sudokit count-grids --essentially-different`: the grids counted up to
//! symmetry and relabelling, by Burnside's lemma over the conjugacy classes
//! of the geometric maps (`sudokit_grid_count::essentially`), for 4×4, 6×6
//! (2×3 boxes) and 9×9.
//!
//! One line per size with the time; `--json` one object with, per size,
//! every conjugacy class: its size, a representative map, the grids that
//! map fixes up to relabelling (first box fixed) and the time its count
//! took. The classes are counted in parallel (`--jobs`).

use std::io::Write;
use std::time::Duration;

use rayon::prelude::*;
use serde_json::json;
use sudokit_grid_count::essentially::{self, ClassCount, ClassFigure, Shape};
use sudokit_grid_count::group::Group;

use super::figures::timed;
use crate::cli::jobs::JobsArgs;
use crate::cli::output;
use crate::cli::report::grouped;
use crate::cli::report::ms;
use crate::cli::Status;

/// The shape of a size this command counts, or why not.
fn shape(size: usize) -> Result<Shape, String> {
    let (box_rows, box_cols) = match size {
        4 => (2, 2),
        6 => (2, 3),
        9 => (3, 3),
        _ => {
            return Err(format!(
                "--sizes: {size} is not counted here (4, 6 with 2×3 boxes, or 9)"
            ))
        }
    };
    Ok(Shape { box_rows, box_cols })
}

/// One size's count with the group behind it.
struct Counted {
    shape: Shape,
    group: Group,
    count: ClassCount,
    time: Duration,
}

/// Counts one shape, the classes spread over `pool`.
fn count(shape: Shape, pool: &rayon::ThreadPool) -> Counted {
    let ((group, count), time) = timed(|| {
        let group = Group::new(shape);
        let classes = group.conjugacy_classes();
        let figures: Vec<ClassFigure> = pool.install(|| {
            classes
                .par_iter()
                .map(|&class| essentially::class_figure(shape, &group, class))
                .collect()
        });
        let count = ClassCount::new(group.order(), figures);
        (group, count)
    });
    Counted {
        shape,
        group,
        count,
        time,
    }
}

/// The JSON of one class: lines 1-based.
fn class_json(group: &Group, index: usize, figure: &ClassFigure) -> serde_json::Value {
    let (rows, cols) = group.line_orders(figure.representative);
    let one_based = |order: &[usize]| order.iter().map(|&v| v + 1).collect::<Vec<usize>>();
    json!({
        "class": index + 1,
        "size": figure.size,
        "transpose": figure.representative.transpose,
        "rows": one_based(rows),
        "cols": one_based(cols),
        "fixed": number(figure.fixed),
        "ms": (figure.time.as_secs_f64() * 1e6).round() / 1e3,
    })
}

/// A count as a JSON number: the sums and class counts of every size fit
/// in 64 bits (9×9's largest, Burnside's sum, is 1.8·10¹⁶).
fn number(count: u128) -> u64 {
    u64::try_from(count).expect("a count below 2⁶⁴")
}

/// The JSON of one size. `grids` is a string, as `count-grids --json`'s
/// `total`: 9×9's 6,670,903,752,021,072,936,960 does not fit in 64 bits.
fn size_json(counted: &Counted) -> serde_json::Value {
    let Counted {
        shape,
        group,
        count,
        time,
    } = counted;
    let classes: Vec<serde_json::Value> = count
        .classes
        .iter()
        .enumerate()
        .map(|(i, figure)| class_json(group, i, figure))
        .collect();
    json!({
        "boxes": format!("{}x{}", shape.box_rows, shape.box_cols),
        "grids": count.grids(*shape).to_string(),
        "geometric_maps": count.geometric,
        "conjugacy_classes": count.classes.len(),
        "classes_fixing_grids": count.classes.iter().filter(|c| c.fixed > 0).count(),
        "stabiliser_sum": number(count.sum),
        "classes": number(count.essentially_different),
        "ms": (time.as_secs_f64() * 1e6).round() / 1e3,
        "per_class": classes,
    })
}

/// Runs `sudokit count-grids --essentially-different`.
pub(super) fn run(sizes: &[usize], json_output: bool, jobs: &JobsArgs) -> Status {
    let shapes: Result<Vec<Shape>, String> = sizes.iter().map(|&s| shape(s)).collect();
    let shapes = match shapes {
        Ok(shapes) => shapes,
        Err(e) => {
            eprintln!("sudokit: {e}");
            return Status::BadInput;
        }
    };
    let Some(pool) = jobs.pool() else {
        return Status::BadInput;
    };
    let mut out = output::stdout();
    let mut all = Vec::new();
    for shape in shapes {
        let counted = count(shape, &pool);
        if !json_output {
            let n = shape.size();
            let count = &counted.count;
            let label = format!(
                "{n}×{n} ({}×{} boxes): grids / maps / classes",
                shape.box_rows, shape.box_cols
            );
            let value = format!(
                "{} / {} / {}",
                grouped(count.grids(shape)),
                grouped(u128::from(count.geometric)),
                grouped(count.essentially_different)
            );
            let _ = writeln!(out, "{label:<48} {value:>29}  ({} ms)", ms(counted.time));
            let fixing = count.classes.iter().filter(|c| c.fixed > 0).count();
            let _ = writeln!(
                out,
                "{:<48} {:>29}",
                "  conjugacy classes / those fixing grids",
                format!("{} / {fixing}", count.classes.len())
            );
        }
        all.push(counted);
    }
    if json_output {
        let sizes: Vec<serde_json::Value> = all.iter().map(size_json).collect();
        let _ = writeln!(out, "{}", json!({ "essentially_different": sizes }));
    }
    Status::Ok
}
