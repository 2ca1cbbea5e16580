//! ISS's `.Replicate~targets[~origin] … .End`: the items inside are a
//! template, stamped onto every target cell by shifting each of their cells
//! as far as the target lies from the origin (`R1C1` unless given). The
//! reader expands it into the shifted items before reading anything else,
//! so every type ISS can replicate reads as it does on its own.
//!
//! ISS shifts the cell arguments of each type (its `makeShifted`); here every
//! argument that is a cell id (`R3C4`) or a given (`R3C4_5`) is shifted, and
//! nothing else: values, keys and names are never cell ids.

use super::{cell_id, parse_cell};

/// ISS's base64 alphabet (its `Base64Codec`), six bits a character.
const BASE64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `text` (an ISS string without its leading `.`, split into items) with
/// every `.Replicate … .End` expanded, nested ones first, on an `n`×`n`
/// board; the items outside are kept as they are.
pub(super) fn expand(items: &[&str], n: usize) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < items.len() {
        let item = items[i];
        let (ty, header) = item.split_once('~').unwrap_or((item, ""));
        if ty != "Replicate" {
            out.push(item.to_string());
            i += 1;
            continue;
        }
        let end = matching_end(items, i).ok_or_else(|| format!(".Replicate (item {}) has no .End", i + 1))?;
        let template = expand(&items[i + 1..end], n)?;
        let mut args = header.split('~');
        let bitset = args.next().unwrap_or("");
        let origin = args.next().unwrap_or("R1C1");
        let origin = parse_cell(origin, n).map_err(|e| format!(".Replicate (item {}): {e}", i + 1))?;
        for target in
            targets(bitset, origin.index(), n).map_err(|e| format!(".Replicate (item {}): {e}", i + 1))?
        {
            let shift = (
                target.0 as isize - origin.row(n) as isize,
                target.1 as isize - origin.col(n) as isize,
            );
            for child in &template {
                out.push(shifted(child, shift, n).map_err(|e| format!(".Replicate (item {}): {e}", i + 1))?);
            }
        }
        i = end + 1;
    }
    Ok(out)
}

/// The index of the `.End` that closes the group opened at `open`
/// (`.Or`, `.And` and `.Replicate` open groups).
fn matching_end(items: &[&str], open: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, item) in items.iter().enumerate().skip(open) {
        let ty = item.split('~').next().unwrap_or("");
        match ty {
            "Or" | "And" | "Replicate" => depth += 1,
            "End" => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The target cells (row, column) of a bitset: bit `i` (six a character,
/// lowest first) is the cell `i` places after the origin in reading order.
fn targets(bitset: &str, origin: usize, n: usize) -> Result<Vec<(usize, usize)>, String> {
    let mut cells = Vec::new();
    for (word, c) in bitset.bytes().enumerate() {
        let Some(bits) = BASE64.iter().position(|&b| b == c) else {
            return Err(format!("'{}' is not a character of a target bitset", c as char));
        };
        for bit in (0..6).filter(|b| bits >> b & 1 == 1) {
            let index = origin + word * 6 + bit;
            if index >= n * n {
                return Err(format!("a target past the last cell of the {n}×{n} board"));
            }
            cells.push((index / n, index % n));
        }
    }
    Ok(cells)
}

/// One item with its cell ids (and the cells of its givens) moved by
/// `shift` (rows, columns).
fn shifted(item: &str, shift: (isize, isize), n: usize) -> Result<String, String> {
    let mut parts = item.split('~');
    let mut out = parts.next().unwrap_or("").to_string();
    for arg in parts {
        out.push('~');
        let (id, rest) = match arg.find('_') {
            Some(at) => arg.split_at(at),
            None => (arg, ""),
        };
        match parse_cell(id, n) {
            Ok(cell) if id.len() == 4 => {
                let row = cell.row(n) as isize + shift.0;
                let col = cell.col(n) as isize + shift.1;
                if !(0..n as isize).contains(&row) || !(0..n as isize).contains(&col) {
                    return Err(format!(
                        "{id} shifted by ({}, {}) is off the board",
                        shift.0, shift.1
                    ));
                }
                out.push_str(&cell_id(sudokit_core::Cell::at(row as usize, col as usize, n), n));
                out.push_str(rest);
            }
            _ => out.push_str(arg),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_read_six_bits_a_character_from_the_origin() {
        // 'J' = 9 = bits 0 and 3; 'B' = 1 = bit 0 (the seventh cell).
        assert_eq!(targets("JB", 0, 9).unwrap(), [(0, 0), (0, 3), (0, 6)]);
        assert_eq!(targets("B", 10, 9).unwrap(), [(1, 1)]);
        assert!(targets("*", 0, 9).is_err());
    }

    #[test]
    fn templates_shift_onto_every_target() {
        let items = ["Replicate~J", "Thermo~R1C1~R1C2", "End", "~R9C9_3"];
        assert_eq!(
            expand(&items, 9).unwrap(),
            ["Thermo~R1C1~R1C2", "Thermo~R1C4~R1C5", "~R9C9_3"]
        );
        let nested = ["Replicate~BAB", "Replicate~C", "~R1C1_2", "End", "End"];
        assert_eq!(
            expand(&nested, 9).unwrap(),
            ["~R1C2_2", "~R2C5_2"],
            "R1C1 and R2C4 (bit 12), each shifted one column by the inner target"
        );
        assert!(expand(&["Replicate~B", "Thermo~R1C1"], 9)
            .unwrap_err()
            .contains("no .End"));
        assert!(expand(&["Replicate~J", "Thermo~R1C8~R1C9", "End"], 9)
            .unwrap_err()
            .contains("off the board"));
    }
}
