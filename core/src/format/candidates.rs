//! Reading a candidate grid (pencil marks) back: the inverse of
//! [`display_candidates`](super::display_candidates).

use crate::digits::Digits;
use crate::format::parse::ParseError;
use crate::geometry::Geometry;

/// Reads `n²` cells of candidates in reading order, in the layout
/// [`display_candidates`](super::display_candidates) writes: whitespace
/// between cells, `|` and lines of `-`/`+` ignored. A cell is its digits run
/// together on boards up to 9×9 (`137`), comma-separated above (`3,12,16`),
/// or `.` for every digit. `-` alone is a cell with no candidate.
///
/// ```
/// use sudokit_core::format::{display_candidates, parse_candidates};
/// use sudokit_core::Geometry;
/// let g = Geometry::square(4).unwrap();
/// let err = parse_candidates(&g, "12 34 | . 4\n----+---\n1 2 | 3 4").unwrap_err();
/// assert_eq!(err.to_string(), "line 3: found 8 cells, expected 16 (4×4 candidates)");
/// let err = parse_candidates(&g, "12 35 . 4").unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 4: '35' is not a set of digits 1 to 4");
/// let cells = parse_candidates(&g, "12 34 . 4\n. . . .\n1 2 3 4\n. . . 1234").unwrap();
/// assert_eq!(cells[1].iter().collect::<Vec<_>>(), vec![3, 4]);
/// assert_eq!(parse_candidates(&g, &display_candidates(&g, &cells)).unwrap(), cells);
/// ```
pub fn parse_candidates(geometry: &Geometry, text: &str) -> Result<Vec<Digits<u128>>, ParseError> {
    let n = geometry.size();
    let mut cells = Vec::with_capacity(n * n);
    let mut last_line = 1;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        last_line = number;
        if line
            .trim()
            .chars()
            .all(|c| matches!(c, '-' | '+' | '|') || c.is_whitespace())
            && line.contains('-')
        {
            continue;
        }
        let mut column = 1;
        for token in line.split(|c: char| c.is_whitespace() || c == '|') {
            let at = column;
            column += token.chars().count() + 1;
            if token.is_empty() {
                continue;
            }
            let cell = read_cell(token, n).map_err(|message| ParseError {
                line: number,
                column: Some(at),
                message,
            })?;
            if cells.len() == n * n {
                return Err(ParseError {
                    line: number,
                    column: Some(at),
                    message: format!("more than {} cells ({n}×{n} candidates)", n * n),
                });
            }
            cells.push(cell);
        }
    }
    if cells.len() != n * n {
        return Err(ParseError {
            line: last_line,
            column: None,
            message: format!(
                "found {} cells, expected {} ({n}×{n} candidates)",
                cells.len(),
                n * n
            ),
        });
    }
    Ok(cells)
}

/// One cell's candidates.
fn read_cell(token: &str, n: usize) -> Result<Digits<u128>, String> {
    match token {
        "." => return Ok(Digits::full(n)),
        "-" => return Ok(Digits::EMPTY),
        _ => {}
    }
    let digits: Vec<&str> = if n <= 9 {
        token.split("").filter(|s| !s.is_empty()).collect()
    } else {
        token.split(',').collect()
    };
    let mut set = Digits::EMPTY;
    for digit in digits {
        match digit.parse::<usize>() {
            Ok(d) if (1..=n).contains(&d) => set.insert(d as u8),
            _ => return Err(format!("'{token}' is not a set of digits 1 to {n}")),
        }
    }
    Ok(set)
}
