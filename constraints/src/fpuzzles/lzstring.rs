//! lz-string's `decompressFromBase64`, bounded: a payload of a few KB can
//! name many MB of text (each code repeats a longer earlier piece), so the
//! output stops at a limit instead of growing until memory runs out.
//!
//! Every dictionary entry lz-string builds is a piece of the output written
//! so far (a literal, or the previous piece plus the first unit of the
//! next), so entries are kept as ranges of the output rather than copies:
//! memory is the output plus 8 bytes per entry.

/// The 64 base64 digits in value order; `=` (padding) reads as zero bits.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why a payload did not decompress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum LzError {
    /// Not a valid stream: truncated, corrupted, or a code that names
    /// nothing.
    Malformed,
    /// The text would be longer than the limit (in UTF-16 units).
    TooLong,
}

/// Reads the stream's bits, lowest first within each 6-bit digit.
struct Bits<'a> {
    digits: &'a [u8],
    next: usize,
    value: u32,
    mask: u32,
}

impl Bits<'_> {
    /// `count` bits as a number, first bit lowest; `None` past the end.
    fn read(&mut self, count: u32) -> Option<u32> {
        let mut number = 0;
        for bit in 0..count {
            if self.mask == 0 {
                self.value = digit(*self.digits.get(self.next)?);
                self.next += 1;
                self.mask = 32;
            }
            if self.value & self.mask != 0 {
                number |= 1 << bit;
            }
            self.mask >>= 1;
        }
        Some(number)
    }
}

/// The value of one base64 digit (`=` and anything else: 0; callers check
/// the alphabet first).
fn digit(byte: u8) -> u32 {
    ALPHABET.iter().position(|&d| d == byte).unwrap_or(0) as u32
}

/// The UTF-16 text of an lz-string base64 payload, at most `limit` units.
pub(super) fn decompress_from_base64(payload: &str, limit: usize) -> Result<Vec<u16>, LzError> {
    let mut bits = Bits {
        digits: payload.as_bytes(),
        next: 0,
        value: 0,
        mask: 0,
    };
    let mut out: Vec<u16> = Vec::new();
    // A literal: code 0 (8 bits) or 1 (16 bits); `Ok(None)` for code 2, the end.
    let literal = |bits: &mut Bits, code: u32| match code {
        0 => bits.read(8).map(Some).ok_or(LzError::Malformed),
        1 => bits.read(16).map(Some).ok_or(LzError::Malformed),
        _ => Ok(None),
    };
    let first = bits.read(2).ok_or(LzError::Malformed)?;
    let Some(unit) = literal(&mut bits, first)? else {
        return Ok(out);
    };
    if limit == 0 {
        return Err(LzError::TooLong);
    }
    out.push(unit as u16);
    // Codes 0, 1 and 2 are instructions; entries start at 3, each a range
    // (start, length) of `out`.
    let mut entries: Vec<(u32, u32)> = vec![(0, 0), (0, 0), (0, 0), (0, 1)];
    let mut previous = (0u32, 1u32);
    let mut width = 3;
    // Entries left before codes need one more bit.
    let mut room = 4u32;
    let widen = |room: &mut u32, width: &mut u32| {
        *room -= 1;
        if *room == 0 {
            *room = 1 << *width;
            *width += 1;
        }
    };
    loop {
        let code = bits.read(width).ok_or(LzError::Malformed)?;
        let piece = if code <= 2 {
            let Some(unit) = literal(&mut bits, code)? else {
                return Ok(out);
            };
            if out.len() >= limit {
                return Err(LzError::TooLong);
            }
            let piece = (out.len() as u32, 1);
            out.push(unit as u16);
            entries.push(piece);
            widen(&mut room, &mut width);
            piece
        } else {
            let (start, len) = match entries.get(code as usize) {
                Some(&entry) => entry,
                // The entry being defined: the previous piece and its
                // first unit.
                None if code as usize == entries.len() => (previous.0, previous.1 + 1),
                None => return Err(LzError::Malformed),
            };
            if out.len() + len as usize > limit {
                return Err(LzError::TooLong);
            }
            let at = out.len() as u32;
            // Copied unit by unit: the entry being defined reads the unit
            // this copy writes.
            for i in start..start + len {
                out.push(out[i as usize]);
            }
            (at, len)
        };
        // The previous piece and this one's first unit, contiguous in `out`
        // since this piece follows it.
        entries.push((previous.0, previous.1 + 1));
        widen(&mut room, &mut width);
        previous = piece;
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Texts that exercise 8- and 16-bit literals, repeats, and the code
    /// that names the entry being defined.
    fn texts() -> Vec<String> {
        let mut pseudo = 7u32;
        let random: String = (0..3000)
            .map(|_| {
                pseudo = pseudo.wrapping_mul(1_103_515_245).wrapping_add(12345);
                char::from_u32(32 + (pseudo >> 16) % 0x2000).unwrap_or('?')
            })
            .collect();
        vec![
            "a".into(),
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".into(),
            "abababababcabcabcabc, ✓ çé 数独 🧩".into(),
            r#"{"size":9,"grid":[[{},{"value":3,"given":true}]],"killercage":[{"cells":["R1C1"],"value":"3"}]}"#
                .repeat(40),
            random,
        ]
    }

    /// Payloads written by the lz-str crate's compressor (an implementation
    /// independent of this one) decompress to their text.
    #[test]
    fn reads_what_lz_str_writes() {
        for text in texts() {
            let payload = lz_str::compress_to_base64(text.as_str());
            let units = decompress_from_base64(&payload, usize::MAX).unwrap();
            assert_eq!(String::from_utf16(&units).unwrap(), text);
        }
        assert_eq!(
            decompress_from_base64(&lz_str::compress_to_base64(""), 0),
            Ok(vec![])
        );
    }

    #[test]
    fn stops_at_the_limit() {
        let text = "killercage".repeat(1000);
        let payload = lz_str::compress_to_base64(text.as_str());
        assert_eq!(
            decompress_from_base64(&payload, text.len()).map(|u| u.len()),
            Ok(text.len())
        );
        assert_eq!(
            decompress_from_base64(&payload, text.len() - 1),
            Err(LzError::TooLong)
        );
        assert_eq!(decompress_from_base64(&payload, 5), Err(LzError::TooLong));
    }

    #[test]
    fn refuses_broken_streams() {
        let payload = lz_str::compress_to_base64("a longer text, a longer text");
        assert_eq!(
            decompress_from_base64(&payload[..payload.len() / 2], usize::MAX),
            Err(LzError::Malformed)
        );
        // Code 7 when only entries up to 4 exist: 2 bits literal, 8 bits 'a', then 3 bits 111.
        let mut writer = BitWriter::default();
        writer.write(0, 2);
        writer.write(u32::from(b'a'), 8);
        writer.write(7, 3);
        assert_eq!(
            decompress_from_base64(&writer.finish(), usize::MAX),
            Err(LzError::Malformed)
        );
        assert_eq!(decompress_from_base64("", usize::MAX), Err(LzError::Malformed));
    }

    /// Writes bits as the decoder reads them: lowest first, into base64
    /// digits from their high bit down.
    #[derive(Default)]
    pub(crate) struct BitWriter {
        digits: Vec<u8>,
        used: u32,
    }

    impl BitWriter {
        pub(crate) fn write(&mut self, number: u32, count: u32) {
            for bit in 0..count {
                if self.used % 6 == 0 {
                    self.digits.push(0);
                }
                if number >> bit & 1 == 1 {
                    *self.digits.last_mut().unwrap() |= 32 >> (self.used % 6);
                }
                self.used += 1;
            }
        }

        pub(crate) fn finish(self) -> String {
            self.digits
                .iter()
                .map(|&d| ALPHABET[d as usize] as char)
                .collect()
        }
    }

    /// A bomb: one literal, then `codes` codes each naming the entry being
    /// defined, so the text grows by one more unit each time (quadratic in
    /// the payload's length), then the end.
    pub(crate) fn bomb(codes: u32) -> String {
        let mut writer = BitWriter::default();
        writer.write(0, 2);
        writer.write(u32::from(b'a'), 8);
        let (mut entries, mut width, mut room) = (4u32, 3u32, 4u32);
        for _ in 0..codes {
            writer.write(entries, width);
            entries += 1;
            room -= 1;
            if room == 0 {
                room = 1 << width;
                width += 1;
            }
        }
        writer.write(2, width);
        writer.finish()
    }

    #[test]
    fn a_bomb_is_cut_off() {
        let payload = bomb(100);
        // 1 + (2 + 3 + … + 101) units of 'a'.
        let units = decompress_from_base64(&payload, usize::MAX).unwrap();
        assert_eq!(units.len(), 1 + (2..=101).sum::<usize>());
        assert!(units.iter().all(|&u| u == u16::from(b'a')));
        assert_eq!(decompress_from_base64(&payload, 1000), Err(LzError::TooLong));
    }
}
