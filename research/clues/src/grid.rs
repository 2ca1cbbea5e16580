//! Reading a solution grid: 81 digits that fill the 9×9 board by the
//! classic rules. The clue search only makes sense on a valid grid, so a
//! wrong line is an error that says where it goes wrong.

use std::fmt;

/// What is wrong with a line that should be a solution grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// A character other than a digit 1-9 (blanks are not allowed: the
    /// search needs the whole grid).
    Character {
        /// The character found.
        found: char,
        /// Its position in the line, from 1.
        column: usize,
    },
    /// Not 81 digits.
    Length(usize),
    /// A digit twice in a row, column or box.
    Repeat {
        /// The digit repeated.
        digit: u8,
        /// The unit, e.g. `row 3`.
        unit: String,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::Character { found, column } => {
                write!(
                    f,
                    "unexpected '{found}' at character {column} (a solution grid is 81 digits 1-9)"
                )
            }
            GridError::Length(n) => write!(f, "found {n} digits, expected 81 (a full 9×9 solution grid)"),
            GridError::Repeat { digit, unit } => {
                write!(f, "{digit} appears twice in {unit}: not a solution grid")
            }
        }
    }
}

impl std::error::Error for GridError {}

/// Reads one line as a solution grid: 81 digits 1-9 (spaces ignored) that
/// satisfy the rows, columns and boxes.
///
/// ```
/// use sudokit_clues::parse_grid;
/// let line = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
/// assert_eq!(parse_grid(line).unwrap()[9], 4);
/// assert!(parse_grid(&line[1..]).is_err());
/// ```
pub fn parse_grid(line: &str) -> Result<[u8; 81], GridError> {
    let mut digits = Vec::with_capacity(81);
    for (index, ch) in line.chars().enumerate() {
        match ch {
            '1'..='9' => digits.push(ch as u8 - b'0'),
            ' ' | '\t' | '\r' => {}
            _ => {
                return Err(GridError::Character {
                    found: ch,
                    column: index + 1,
                })
            }
        }
    }
    let count = digits.len();
    let grid: [u8; 81] = digits.try_into().map_err(|_| GridError::Length(count))?;
    check_grid(&grid)?;
    Ok(grid)
}

/// Checks that every row, column and box of `grid` holds each digit once.
pub fn check_grid(grid: &[u8; 81]) -> Result<(), GridError> {
    for unit in 0..27 {
        let mut seen = 0u16;
        for k in 0..9 {
            let cell = match unit / 9 {
                0 => 9 * (unit % 9) + k,
                1 => 9 * k + unit % 9,
                _ => {
                    let b = unit % 9;
                    27 * (b / 3) + 3 * (b % 3) + 9 * (k / 3) + k % 3
                }
            };
            let digit = grid[cell];
            if seen >> digit & 1 == 1 {
                let kind = ["row", "column", "box"][unit / 9];
                return Err(GridError::Repeat {
                    digit,
                    unit: format!("{kind} {}", unit % 9 + 1),
                });
            }
            seen |= 1 << digit;
        }
    }
    Ok(())
}
