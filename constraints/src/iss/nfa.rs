//! ISS's encodings of the regex and state-machine lines: a regex pattern in
//! URL-safe base64 (older strings percent-encode it), and a serialized NFA
//! (ISS's `NFASerializer`), read into an [`Automaton`].
//!
//! The serialized NFA, as ISS's `js/nfa_builder.js` writes it: URL-safe
//! base64 without padding of a bit stream, most significant bit first.
//! Header: the format (2 bits: 0 plain, 1 packed), the bits of a state id
//! less one (4 bits), the symbol count less one (4 bits), the start count
//! and the accept count (a state id's bits each), which starts accept (one
//! bit per start, bit `i` for start `i`), and in the plain format the bits
//! of a transition count (4 bits). States are numbered starts first, then
//! the other accepting states, then the rest. Body, one state after another
//! while the bits last: packed, a mask of the symbols the state moves on
//! (symbol count bits, lowest bit first symbol) then a target per set bit;
//! plain, a transition count then (symbol, target) pairs. The rest must be
//! zero. Symbol `i` is the value `i + 1`; symbol `n` on an `n`×`n` board
//! is the segment break.

use crate::automaton::{Automaton, Builder};

/// URL-safe base64, in ISS's (RFC 4648 §5) order.
pub(crate) const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The bytes of URL-safe base64 `text` (padding `=` allowed, not needed).
pub(crate) fn decode_base64(text: &str) -> Result<Vec<u8>, String> {
    let mut bits = 0u32;
    let mut held = 0;
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for c in text.trim_end_matches('=').bytes() {
        let Some(v) = ALPHABET.iter().position(|&a| a == c) else {
            return Err(format!("'{}' is not a base64 character", c as char));
        };
        bits = bits << 6 | v as u32;
        held += 6;
        if held >= 8 {
            held -= 8;
            out.push((bits >> held) as u8);
            bits &= (1 << held) - 1;
        }
    }
    Ok(out)
}

/// `bytes` in URL-safe base64 without padding, as ISS writes it.
pub(crate) fn encode_base64(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u32, |w, (i, &b)| w | u32::from(b) << (16 - 8 * i));
        for k in 0..=chunk.len() {
            out.push(ALPHABET[(word >> (18 - 6 * k) & 63) as usize] as char);
        }
    }
    out
}

/// The pattern of a `.Regex` item: base64, or percent-encoded when the
/// token holds `%` or `.` (ISS's older form).
pub(crate) fn decode_pattern(token: &str) -> Result<String, String> {
    if token.contains('%') || token.contains('.') {
        return Ok(super::percent_decode(token));
    }
    let bytes = decode_base64(token).map_err(|e| format!("pattern '{token}': {e}"))?;
    String::from_utf8(bytes).map_err(|_| format!("pattern '{token}' is not text once decoded"))
}

/// A stream of bits, most significant first.
struct Bits<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Bits<'_> {
    fn remaining(&self) -> usize {
        self.bytes.len() * 8 - self.at
    }

    fn read(&mut self, count: usize) -> Result<usize, String> {
        if count > self.remaining() {
            return Err("it ends in the middle of a field".into());
        }
        let mut value = 0usize;
        for _ in 0..count {
            let bit = self.bytes[self.at / 8] >> (7 - self.at % 8) & 1;
            value = value << 1 | usize::from(bit);
            self.at += 1;
        }
        Ok(value)
    }
}

/// Bits needed to write `v` (0 for 0), ISS's `requiredBits`.
fn required_bits(v: usize) -> usize {
    (usize::BITS - v.leading_zeros()) as usize
}

/// The automaton of an ISS-serialized NFA on an `n`×`n` board. The empty
/// string is the automaton that accepts nothing.
pub(crate) fn read_nfa(encoded: &str, n: usize) -> Result<Automaton, String> {
    let mut builder = Builder::default();
    if encoded.is_empty() {
        return Ok(builder.finish());
    }
    let bytes = decode_base64(encoded)?;
    if bytes.is_empty() {
        return Err("it holds no automaton".into());
    }
    let mut bits = Bits { bytes: &bytes, at: 0 };
    let packed = match bits.read(2)? {
        0 => false,
        1 => true,
        other => return Err(format!("format {other} is not one ISS writes")),
    };
    let state_bits = bits.read(4)? + 1;
    let symbols = bits.read(4)? + 1;
    let symbol_bits = required_bits(symbols - 1);
    let starts = bits.read(state_bits)?;
    let accepts = bits.read(state_bits)?;
    let start_accepts = bits.read(starts)?;
    let count_bits = if packed { 0 } else { bits.read(4)? };
    // A move on symbol `s` (0-based): a digit, the break, or a value the
    // board does not have (never read).
    let add = |builder: &mut Builder, from: usize, symbol: usize, to: usize| -> Result<(), String> {
        builder.ensure(from.max(to) as u32)?;
        match symbol.cmp(&n) {
            std::cmp::Ordering::Less => builder.read(from as u32, 1u128 << symbol, to as u32),
            std::cmp::Ordering::Equal => builder.read_break(from as u32, to as u32),
            std::cmp::Ordering::Greater => {}
        }
        Ok(())
    };
    let mut state = 0;
    if packed {
        while bits.remaining() >= symbols {
            let mask = bits.read(symbols)?;
            for symbol in (0..symbols).filter(|s| mask >> s & 1 == 1) {
                let to = bits.read(state_bits)?;
                add(&mut builder, state, symbol, to)?;
            }
            state += 1;
        }
    } else if count_bits > 0 {
        while bits.remaining() >= count_bits {
            let count = bits.read(count_bits)?;
            for _ in 0..count {
                let symbol = bits.read(symbol_bits)?;
                let to = bits.read(state_bits)?;
                add(&mut builder, state, symbol, to)?;
            }
            state += 1;
        }
    }
    while bits.remaining() > 0 {
        if bits.read(bits.remaining().min(32))? != 0 {
            return Err("it has data past its last state".into());
        }
    }
    if starts == 0 {
        return Err("it has no start state".into());
    }
    builder.ensure((starts + accepts).max(1) as u32 - 1)?;
    for s in 0..starts {
        builder.start(s as u32);
        if start_accepts >> s & 1 == 1 {
            builder.accept(s as u32);
        }
    }
    for s in starts..starts + accepts {
        builder.accept(s as u32);
    }
    Ok(builder.finish())
}

/// Whether the NFA `encoded` has a symbol for the segment break on an
/// `n`×`n` board (ISS: at least `n + 1` symbols), which a line of several
/// segments needs.
pub(crate) fn reads_breaks(encoded: &str, n: usize) -> bool {
    let Ok(bytes) = decode_base64(encoded) else {
        return false;
    };
    let mut bits = Bits { bytes: &bytes, at: 0 };
    let symbols = (|| -> Result<usize, String> {
        bits.read(6)?;
        Ok(bits.read(4)? + 1)
    })();
    symbols.is_ok_and(|s| s > n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_goes_there_and_back() {
        for text in ["", "1", "12", "[1-5]*", "(1|23)+4?"] {
            let encoded = encode_base64(text.as_bytes());
            assert_eq!(decode_base64(&encoded).unwrap(), text.as_bytes(), "{encoded}");
        }
        // ISS's own: "[1-5]*", and padding left in.
        assert_eq!(encode_base64(b"[1-5]*"), "WzEtNV0q");
        assert_eq!(decode_pattern("WzEtNV0q=").unwrap(), "[1-5]*");
        assert_eq!(decode_pattern("%5B1-5%5D*").unwrap(), "[1-5]*");
    }

    /// NFAs serialized as ISS does (packed): digits that rise, and each
    /// segment's sum even (ten symbols: the tenth is the segment break).
    #[test]
    fn serialized_nfas_read_as_written() {
        let rising = read_nfa("TgZ_8SNFZ4n_EaKzxP8NFZ4n8IrPE_BWeJ8DPE8B4nARMAkAAA", 9).unwrap();
        assert!(rising.accepts(&[1, 5, 9]) && rising.accepts(&[]));
        assert!(!rising.accepts(&[5, 5]) && !rising.accepts(&[2, 1]));
        assert!(!reads_breaks(
            "TgZ_8SNFZ4n_EaKzxP8NFZ4n8IrPE_BWeJ8DPE8B4nARMAkAAA",
            9
        ));
        let even = read_nfa("Qm__VT_qoA", 9).unwrap();
        assert!(reads_breaks("Qm__VT_qoA", 9));
        assert_eq!(even.states(), 2);
        let word = |segments: &[&[u128]]| -> Vec<Option<u128>> {
            let mut out = Vec::new();
            for (i, s) in segments.iter().enumerate() {
                if i > 0 {
                    out.push(None);
                }
                out.extend(s.iter().map(|&d| Some(1u128 << (d - 1))));
            }
            out
        };
        assert!(even.accepts_some(&word(&[&[1, 3], &[], &[2]])));
        assert!(!even.accepts_some(&word(&[&[1, 2], &[2]])));
        // The empty string accepts nothing.
        assert_eq!(read_nfa("", 9).unwrap().states(), 0);
    }
}
