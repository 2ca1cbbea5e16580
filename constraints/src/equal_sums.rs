//! Equal sums: several segments of cells, each adding up to the same
//! (unstated) total.

use std::borrow::Cow;

use sudokit_core::{Cell, Constraint, Geometry, Grid, Rule, Sum, Violation};

use crate::rule::{Param, ParamType, RuleKind};
use crate::units::{checks_through_verify, distinct, full_sum, names, Report};

/// Equal sums (ISS `EqualSum`): every segment adds up to what the first
/// one does. Segments may overlap and digits may repeat where no other
/// rule forbids it (a magic square is eight segments of one 3×3 block).
///
/// Declared as linear sums, `first segment − segment = 0` for every other
/// segment, which the engine propagates exactly and SAT encodes; DLX has
/// no form for a sum.
///
/// ```
/// use sudokit_constraints::EqualSum;
/// use sudokit_core::{Cell, Geometry, Rule};
/// let g = Geometry::square(4).unwrap();
/// let rule = EqualSum::new(vec![vec![Cell(0), Cell(1)], vec![Cell(4)]]);
/// assert_eq!(rule.sums(&g)[0].describe(4), "r1c1 + r1c2 − r2c1 = 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EqualSum {
    segments: Vec<Vec<Cell>>,
}

impl EqualSum {
    /// The rule over `segments`, each a list of cells.
    pub fn new(segments: Vec<Vec<Cell>>) -> EqualSum {
        EqualSum { segments }
    }

    /// The segments, in order.
    pub fn segments(&self) -> &[Vec<Cell>] {
        &self.segments
    }
}

impl Rule for EqualSum {
    fn name(&self) -> Cow<'_, str> {
        format!("equal sum of {} segments", self.segments.len()).into()
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        distinct(self.segments.iter().flatten().copied())
    }

    fn sums(&self, _: &Geometry) -> Vec<Sum> {
        equal_sums(&self.segments)
    }

    checks_through_verify!();
}

impl EqualSum {
    /// `check`'s logic: every full segment adds up to the first full one.
    fn verify(&self, geometry: &Geometry, grid: &Grid, report: Report) -> Result<(), Violation> {
        let Some(((segment, sum), (first, total))) = first_unequal(grid, &self.segments) else {
            return Ok(());
        };
        let n = geometry.size();
        Err(report.violation(
            || {
                format!(
                    "{}: {} = {sum}, but {} = {total}",
                    self.name(),
                    names(segment, n),
                    names(first, n)
                )
            },
            || segment.iter().chain(first).copied().collect(),
        ))
    }
}

/// The sums that make every segment add up to the first: `first − other
/// = 0` for each other segment.
pub(crate) fn equal_sums<S: AsRef<[Cell]>>(segments: &[S]) -> Vec<Sum> {
    let Some((first, rest)) = segments.split_first() else {
        return Vec::new();
    };
    rest.iter()
        .map(|other| {
            let terms = first
                .as_ref()
                .iter()
                .map(|&c| (c, 1))
                .chain(other.as_ref().iter().map(|&c| (c, -1)));
            Sum::from_terms(terms, 0)
        })
        .collect()
}

/// The first full segment whose sum differs from the first full one's,
/// with its sum, and that first one with its sum.
pub(crate) type Unequal<'a> = ((&'a [Cell], u32), (&'a [Cell], u32));

/// The first full segment of `segments` that does not add up to what the
/// first full one does, if any.
pub(crate) fn first_unequal<'a, S: AsRef<[Cell]>>(grid: &Grid, segments: &'a [S]) -> Option<Unequal<'a>> {
    let mut first: Option<(&[Cell], u32)> = None;
    for segment in segments {
        let segment = segment.as_ref();
        let Some(sum) = full_sum(grid, segment) else {
            continue;
        };
        match first {
            Some((cells, total)) if total != sum => return Some(((segment, sum), (cells, total))),
            Some(_) => {}
            None => first = Some((segment, sum)),
        }
    }
    None
}

impl Constraint for EqualSum {}

/// `equal-sum` in files.
pub(crate) static EQUAL_SUM: RuleKind = RuleKind {
    meaning: "every segment adds up to the same total (segments may overlap; digits may repeat)",
    summary: "segments (lists of cells)",
    params: &[Param::required(
        "segments",
        ParamType::Shafts,
        "segments = [[\"r1c1\", \"r1c2\"], [\"r2c1\", \"r2c2\"]]",
    )],
    example: r#"{ type = "equal-sum", segments = [["r1c1", "r1c2"], ["r2c1", "r2c2"]] }"#,
    ..RuleKind::new("equal-sum", |rule, _| {
        Ok(Box::new(EqualSum::new(rule.shafts("segments").to_vec())))
    })
};
