//! Norvig's `display`: a table of per-cell strings with box separators.

use crate::digits::{Bits, Digits};
use crate::geometry::Geometry;

/// Python's `str.center`: when the padding is odd, the extra space goes
/// left only if the width is odd too. Reproduced so our tables match
/// Norvig's essay character for character.
fn center(s: &str, width: usize) -> String {
    let len = s.chars().count();
    if len >= width {
        return s.to_string();
    }
    let margin = width - len;
    let left = margin / 2 + (margin & width & 1);
    format!("{}{s}{}", " ".repeat(left), " ".repeat(margin - left))
}

/// Lays out one string per cell as Norvig does: every cell centred in
/// `1 + longest` characters, `|` after each box column, a `-+-` rule after
/// each band. Jigsaw boards draw their region borders instead: a `|`
/// between two cells of different regions, `-` under a cell whose
/// neighbour below is in another region, `+` where borders meet.
///
/// ```
/// use sudokit_core::format::display_table;
/// use sudokit_core::Geometry;
/// let jigsaw = Geometry::irregular(4, &[0, 0, 1, 1, 0, 2, 2, 1, 0, 2, 3, 1, 2, 3, 3, 3]).unwrap();
/// let cells: Vec<String> = (1..=16).map(|i| (i % 4 + 1).to_string()).collect();
/// let expected = [
///     "2  3 |4  1 ",
///     "  +--+--+",
///     "2 |3  4 |1 ",
///     "  |  +--+",
///     "2 |3 |4 |1 ",
///     "--+--+  +--",
///     "2 |3  4  1 ",
/// ];
/// assert_eq!(display_table(&jigsaw, &cells).lines().collect::<Vec<_>>(), expected);
/// ```
pub fn display_table(geometry: &Geometry, cells: &[String]) -> String {
    let n = geometry.size();
    assert_eq!(cells.len(), n * n, "one string per cell");
    let width = 1 + cells.iter().map(|s| s.chars().count()).max().unwrap_or(0);
    let Some((box_rows, box_cols)) = geometry.box_shape() else {
        return jigsaw_table(geometry, cells, width);
    };
    let rule = vec!["-".repeat(width * box_cols); n / box_cols].join("+");
    let mut out = String::new();
    for r in 0..n {
        for c in 0..n {
            out.push_str(&center(&cells[r * n + c], width));
            if (c + 1) % box_cols == 0 && c + 1 < n {
                out.push('|');
            }
        }
        out.push('\n');
        if (r + 1) % box_rows == 0 && r + 1 < n {
            out.push_str(&rule);
            out.push('\n');
        }
    }
    out
}

/// The table of a jigsaw board: a separator column after every cell, a
/// rule line after every row, drawn where regions meet.
fn jigsaw_table(geometry: &Geometry, cells: &[String], width: usize) -> String {
    let n = geometry.size();
    let mut out = String::new();
    for r in 0..n {
        for c in 0..n {
            out.push_str(&center(&cells[r * n + c], width));
            if c + 1 < n {
                out.push(if geometry.border_right(r, c) { '|' } else { ' ' });
            }
        }
        out.push('\n');
        if r + 1 < n {
            let mut rule = String::new();
            for c in 0..n {
                let below = geometry.border_below(r, c);
                rule.push_str(&(if below { "-" } else { " " }).repeat(width));
                if c + 1 < n {
                    let corner = below
                        || geometry.border_below(r, c + 1)
                        || geometry.border_right(r, c)
                        || geometry.border_right(r + 1, c);
                    let line_through = geometry.border_right(r, c) && geometry.border_right(r + 1, c);
                    let across = below && geometry.border_below(r, c + 1);
                    rule.push(match (corner, line_through && !across && !below, across) {
                        (false, _, _) => ' ',
                        (true, true, _) => '|',
                        (true, false, true) => '+',
                        _ => '+',
                    });
                }
            }
            out.push_str(rule.trim_end());
            out.push('\n');
        }
    }
    out
}

/// Every cell's candidates, as in Norvig's `display(values)`: digits run
/// together for `n ≤ 9`, comma-separated numbers above. A state with more
/// variables than cells (chaos construction's region labels) gets the
/// extra ones on a line of their own below the table, so that a failing
/// case of such a puzzle can still be printed.
///
/// ```
/// use sudokit_core::format::display_candidates;
/// use sudokit_core::{Digits, Geometry};
/// let g = Geometry::square(4).unwrap();
/// let mut state = vec![Digits::<u16>::full(4); 16];
/// state.push(Digits::from_digits([1, 2, 4]));
/// assert!(display_candidates(&g, &state).ends_with("beyond the cells: #16 124\n"));
/// ```
pub fn display_candidates<W: Bits>(geometry: &Geometry, candidates: &[Digits<W>]) -> String {
    let n = geometry.size();
    let show = |set: &Digits<W>| {
        if set.is_empty() {
            "-".to_string()
        } else if n <= 9 {
            set.iter().map(|d| (b'0' + d) as char).collect()
        } else {
            set.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(",")
        }
    };
    let (cells, beyond) = candidates.split_at(candidates.len().min(n * n));
    let mut out = display_table(geometry, &cells.iter().map(show).collect::<Vec<_>>());
    if !beyond.is_empty() {
        let extra: Vec<String> = (n * n..)
            .zip(beyond)
            .map(|(index, set)| format!("#{index} {}", show(set)))
            .collect();
        out.push_str(&format!("beyond the cells: {}\n", extra.join(" ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::center;

    #[test]
    fn center_matches_python() {
        // Values checked against CPython's str.center.
        assert_eq!(center("4", 3), " 4 ");
        assert_eq!(center("12", 5), "  12 ");
        assert_eq!(center("12", 4), " 12 ");
        assert_eq!(center("4", 2), "4 ");
        assert_eq!(center("123", 8), "  123   ");
        assert_eq!(center("1234", 8), "  1234  ");
        assert_eq!(center("12345", 8), " 12345  ");
    }
}
