//! Single-character digit symbols: `1-9`, then `A-Z` for 10 to 35.

use crate::cell::Digit;

/// The one-character symbol of `digit` (`1-9`, `A` = 10 … `Z` = 35).
///
/// ```
/// use sudokit_core::format::symbol_char;
/// assert_eq!(symbol_char(7), Some('7'));
/// assert_eq!(symbol_char(16), Some('G'));
/// assert_eq!(symbol_char(36), None);
/// ```
pub fn symbol_char(digit: Digit) -> Option<char> {
    match digit {
        1..=9 => Some((b'0' + digit) as char),
        10..=35 => Some((b'A' + digit - 10) as char),
        _ => None,
    }
}

/// The digit of a one-character symbol; `None` for blanks and other characters.
///
/// ```
/// use sudokit_core::format::symbol_value;
/// assert_eq!(symbol_value('9'), Some(9));
/// assert_eq!(symbol_value('A'), Some(10));
/// assert_eq!(symbol_value('.'), None);
/// ```
pub fn symbol_value(c: char) -> Option<Digit> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        'A'..='Z' => Some(c as u8 - b'A' + 10),
        _ => None,
    }
}
