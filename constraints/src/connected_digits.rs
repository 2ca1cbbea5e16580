//! Connected digits (ISS's `ConnectedValues` on the grid): the cells holding
//! any of the listed digits form one orthogonally connected area, of an
//! exact size when one is given.

use std::borrow::Cow;

use sudokit_core::{
    Cell, Contradiction, Ctx, Digit, Digits, Geometry, Grid, Propagate, Rule, Violation, Word,
};

use crate::rule::{fits, Param, ParamType, RuleKind};
use crate::units::orthogonal_neighbours;

/// The cells whose digit is one of `digits` form a single, non-empty,
/// orthogonally connected area (of `size` cells when given).
///
/// Propagation: the cells that may hold a listed digit split into
/// connected components; cells certain to hold one must all lie in one
/// component (else a contradiction), and the cells of every other
/// component cannot hold any; a component smaller than the size, or more
/// certain cells than it, is a contradiction.
///
/// ```
/// use sudokit_constraints::ConnectedDigits;
/// use sudokit_core::{Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// let grid = Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
/// // 1, 2 and 3 cover all but the 4s, which cut no area off.
/// assert!(ConnectedDigits::new(vec![1, 2, 3], None).check(&g, &grid).is_ok());
/// let odd = ConnectedDigits::new(vec![1, 3], None);
/// assert_eq!(
///     odd.check(&g, &grid).unwrap_err().message,
///     "connected 1,3: the cells holding them form 4 separate areas"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectedDigits {
    digits: Vec<Digit>,
    size: Option<usize>,
}

impl ConnectedDigits {
    /// The cells holding one of `digits` are connected (and `size` many).
    pub fn new(digits: Vec<Digit>, size: Option<usize>) -> ConnectedDigits {
        ConnectedDigits { digits, size }
    }

    /// Connected components of the cells `inside` says are in: each cell's
    /// component number (`usize::MAX` outside), and the sizes.
    fn components(geometry: &Geometry, inside: &[bool]) -> (Vec<usize>, Vec<usize>) {
        let mut component = vec![usize::MAX; inside.len()];
        let mut sizes = Vec::new();
        for start in 0..inside.len() {
            if !inside[start] || component[start] != usize::MAX {
                continue;
            }
            let id = sizes.len();
            let mut stack = vec![Cell(start as u16)];
            component[start] = id;
            let mut size = 0;
            while let Some(cell) = stack.pop() {
                size += 1;
                for next in orthogonal_neighbours(cell, geometry) {
                    if inside[next.index()] && component[next.index()] == usize::MAX {
                        component[next.index()] = id;
                        stack.push(next);
                    }
                }
            }
            sizes.push(size);
        }
        (component, sizes)
    }
}

impl Rule for ConnectedDigits {
    fn name(&self) -> Cow<'_, str> {
        let digits: Vec<String> = self.digits.iter().map(|d| d.to_string()).collect();
        match self.size {
            Some(size) => format!("connected {} ({size} cells)", digits.join(",")).into(),
            None => format!("connected {}", digits.join(",")).into(),
        }
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        geometry.cells().collect()
    }

    /// Judged once every cell is filled: the listed digits' cells are one
    /// connected area of the right size.
    fn check(&self, geometry: &Geometry, grid: &Grid) -> Result<(), Violation> {
        if !geometry.cells().all(|c| grid.get(c).is_some()) {
            return Ok(());
        }
        let inside: Vec<bool> = geometry
            .cells()
            .map(|c| grid.get(c).is_some_and(|d| self.digits.contains(&d)))
            .collect();
        let (_, sizes) = Self::components(geometry, &inside);
        let total: usize = sizes.iter().sum();
        let message = match (sizes.len(), self.size) {
            (0, _) => "no cell holds one of the digits".to_string(),
            (1, Some(size)) if size != total => format!("the area has {total} cells, not {size}"),
            (1, _) => return Ok(()),
            (parts, _) => format!("the cells holding them form {parts} separate areas"),
        };
        let cells = geometry.cells().filter(|c| inside[c.index()]).collect();
        Err(Violation::new(format!("{}: {message}", self.name()), cells))
    }
}

impl Propagate for ConnectedDigits {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let geometry = cx.geometry();
        let listed: Digits<W> = Digits::from_digits(self.digits.iter().copied());
        let cells: Vec<Cell> = geometry.cells().collect();
        let possible: Vec<bool> = cells
            .iter()
            .map(|&c| !(cx.candidates(c) & listed).is_empty())
            .collect();
        let certain: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|&c| cx.candidates(c).is_subset(listed))
            .collect();
        let (component, sizes) = Self::components(geometry, &possible);
        if sizes.is_empty() {
            return Err(Contradiction::rule(None, "no cell can hold the connected digits"));
        }
        let Some(&first) = certain.first() else {
            if let Some(size) = self.size {
                if sizes.iter().all(|&s| s < size) {
                    return Err(Contradiction::rule(None, "no area is large enough"));
                }
            }
            return Ok(());
        };
        let home = component[first.index()];
        if certain.iter().any(|c| component[c.index()] != home) {
            return Err(Contradiction::rule(
                Some(first),
                "the connected digits' cells are cut apart",
            ));
        }
        if let Some(size) = self.size {
            if sizes[home] < size || certain.len() > size {
                return Err(Contradiction::rule(
                    Some(first),
                    "the connected area cannot have its size",
                ));
            }
        }
        for &cell in &cells {
            if possible[cell.index()] && component[cell.index()] != home {
                cx.remove_all(cell, listed)?;
            }
        }
        Ok(())
    }
}

/// `connected-digits` in files.
pub(crate) static CONNECTED_DIGITS: RuleKind = RuleKind {
    meaning:
        "the cells holding any of the digits form one orthogonally connected area (of size cells when given)",
    summary: "digits, size (optional)",
    params: &[
        Param::required("digits", ParamType::Digits, "digits = [1, 3, 5, 7, 9]"),
        Param::optional(
            "size",
            ParamType::Integer {
                what: "size",
                range: |n| 1..(n * n) as i64 + 1,
            },
            "size = 10",
        ),
    ],
    example: r#"{ type = "connected-digits", digits = [1, 3, 5, 7, 9] }"#,
    ..RuleKind::new("connected-digits", |rule, _| {
        let mut digits = rule.digits("digits").unwrap_or(&[]).to_vec();
        digits.sort_unstable();
        digits.dedup();
        if digits.is_empty() {
            fits("connected digits", Err("no digits listed".to_string()))?;
        }
        let size = rule.number("size").map(|s| s as usize);
        Ok(Box::new(ConnectedDigits::new(digits, size)))
    })
};
