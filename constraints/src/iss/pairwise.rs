//! ISS's pairwise relations (`.Pair`, `.PairX` and their legacy spellings
//! `.Binary`, `.BinaryX`) as sudokit's `custom-pairs`, and back.
//!
//! ISS writes a relation between two digits as a *key*: the allowed (a, b)
//! pairs as an n×n bit table in reading order (bit `(a-1)·n + (b-1)`), six
//! bits to a character of the URL-safe base64 alphabet, trailing zero
//! characters left out (ISS's `fnToBinaryKey`). The legacy types swap `-`
//! and `_` in the key. After the key come named groups of cells: `_name`
//! starts a group's name (percent-encoded), an empty argument ends a group.
//! `.Pair` relates each two consecutive cells of a group (the earlier cell
//! first), `.PairX` every two cells of it, with a relation that must be
//! symmetric.

use sudokit_core::{Cell, Digit};

/// URL-safe base64, in ISS's (RFC 4648 §5) order.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The allowed digit pairs of `key` on an `n`×`n` board, in (a, b) order.
/// `legacy` reads `.Binary`'s key, whose `-` and `_` are swapped.
pub(crate) fn decode_key(key: &str, n: usize, legacy: bool) -> Result<Vec<(Digit, Digit)>, String> {
    let mut sixes = Vec::with_capacity(key.len());
    for c in key.bytes() {
        let c = match (legacy, c) {
            (true, b'-') => b'_',
            (true, b'_') => b'-',
            _ => c,
        };
        match ALPHABET.iter().position(|&a| a == c) {
            Some(v) => sixes.push(v as u8),
            None => return Err(format!("key '{key}': '{}' is not a base64 character", c as char)),
        }
    }
    if sixes.len() > (n * n).div_ceil(6) {
        return Err(format!(
            "key '{key}' is longer than a relation between the digits 1 to {n}"
        ));
    }
    let bit = |k: usize| sixes.get(k / 6).is_some_and(|v| v >> (k % 6) & 1 == 1);
    Ok((0..n * n)
        .filter(|&k| bit(k))
        .map(|k| ((k / n + 1) as Digit, (k % n + 1) as Digit))
        .collect())
}

/// The key of the relation that allows exactly `allowed` on an `n`×`n`
/// board (ISS's form: no legacy swap, trailing zero characters dropped).
pub(crate) fn encode_key(allowed: &[(Digit, Digit)], n: usize) -> String {
    let mut sixes = vec![0u8; (n * n).div_ceil(6)];
    for &(a, b) in allowed {
        let k = (a as usize - 1) * n + (b as usize - 1);
        sixes[k / 6] |= 1 << (k % 6);
    }
    while sixes.last() == Some(&0) {
        sixes.pop();
    }
    sixes.iter().map(|&v| ALPHABET[v as usize] as char).collect()
}

/// Every digit pair of an `n`×`n` board that `forbidden` leaves.
pub(crate) fn complement(forbidden: &[(Digit, Digit)], n: usize) -> Vec<(Digit, Digit)> {
    let digits = 1..=n as Digit;
    digits
        .clone()
        .flat_map(|a| digits.clone().map(move |b| (a, b)))
        .filter(|pair| !forbidden.contains(pair))
        .collect()
}

/// True when the relation allows (a, b) exactly when it allows (b, a), as
/// `.PairX` requires.
pub(crate) fn symmetric(allowed: &[(Digit, Digit)]) -> bool {
    allowed.iter().all(|&(a, b)| allowed.contains(&(b, a)))
}

/// The named groups of cell ids after the key, in order: (name, ids).
pub(crate) fn groups<'a>(args: &[&'a str]) -> Vec<(String, Vec<&'a str>)> {
    let mut groups = Vec::new();
    let mut name = String::new();
    let mut cells: Vec<&str> = Vec::new();
    for &arg in args {
        if arg.is_empty() || arg.starts_with('_') {
            if !cells.is_empty() {
                groups.push((name.clone(), std::mem::take(&mut cells)));
            }
            if let Some(encoded) = arg.strip_prefix('_') {
                name = percent_encoding::percent_decode_str(encoded)
                    .decode_utf8_lossy()
                    .into_owned();
            }
        } else {
            cells.push(arg);
        }
    }
    if !cells.is_empty() {
        groups.push((name, cells));
    }
    groups
}

/// A group's name as ISS writes it: percent-encoded, with `.` and `~`
/// escaped too (they separate items and arguments).
pub(crate) fn encode_name(name: &str) -> String {
    const ESCAPED: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
        .remove(b'-')
        .remove(b'_')
        .remove(b'!')
        .remove(b'\'')
        .remove(b'(')
        .remove(b')')
        .remove(b'*');
    percent_encoding::utf8_percent_encode(name, ESCAPED).to_string()
}

/// The cell pairs a group relates: consecutive cells for `.Pair`, every two
/// for `.PairX` (`all`).
pub(crate) fn cell_pairs(cells: &[Cell], all: bool) -> Vec<(Cell, Cell)> {
    match all {
        false => cells.windows(2).map(|w| (w[0], w[1])).collect(),
        true => (0..cells.len())
            .flat_map(|i| (i + 1..cells.len()).map(move |j| (i, j)))
            .map(|(i, j)| (cells[i], cells[j]))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_and_match_iss_examples() {
        // ISS's own key for "differ by more than 1" on 9×9 (a nabner pair),
        // from its Cold Sauerkraut puzzle.
        let allowed = decode_key("8H_xf8H_xf8H_B", 9, false).unwrap();
        let expected: Vec<(Digit, Digit)> = (1..=9u8)
            .flat_map(|a| (1..=9u8).map(move |b| (a, b)))
            .filter(|&(a, b)| a.abs_diff(b) > 1)
            .collect();
        assert_eq!(allowed, expected);
        assert_eq!(encode_key(&allowed, 9), "8H_xf8H_xf8H_B");
        // The legacy spelling swaps '-' and '_'.
        assert_eq!(decode_key("8H-xf8H-xf8H-B", 9, true).unwrap(), expected);
        assert!(symmetric(&allowed));
        assert!(!symmetric(&[(1, 2)]));
    }

    #[test]
    fn bad_keys_are_refused() {
        assert!(decode_key("A*", 9, false).unwrap_err().contains("'*'"));
        assert!(decode_key("AAAAAAAAAAAAAAAAAAAA", 4, false)
            .unwrap_err()
            .contains("longer"));
    }

    #[test]
    fn groups_split_on_names_and_blanks() {
        let args = [
            "_green%20dot",
            "R1C2",
            "R1C3",
            "",
            "R3C1",
            "R4C1",
            "_b",
            "R5C5",
            "R5C6",
        ];
        let groups = groups(&args);
        assert_eq!(
            groups,
            [
                ("green dot".to_string(), vec!["R1C2", "R1C3"]),
                ("green dot".to_string(), vec!["R3C1", "R4C1"]),
                ("b".to_string(), vec!["R5C5", "R5C6"]),
            ]
        );
        assert_eq!(encode_name("green dot.~"), "green%20dot%2E%7E");
    }

    #[test]
    fn pairs_of_a_line_and_of_a_set() {
        let cells = [Cell(0), Cell(1), Cell(2)];
        assert_eq!(
            cell_pairs(&cells, false),
            [(Cell(0), Cell(1)), (Cell(1), Cell(2))]
        );
        assert_eq!(cell_pairs(&cells, true).len(), 3);
        assert_eq!(complement(&[(1, 1)], 2), [(1, 2), (2, 1), (2, 2)]);
    }
}
