//! The transport forms of an f-puzzles payload (spec §1): plain JSON, bare
//! lz-string, f-puzzles URLs and SudokuPad links.

use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

use sudokit_core::format::MAX_DOCUMENT_BYTES;

use super::lzstring::{self, LzError};
use super::FpuzzlesError;

/// What [`super::to_url`] puts before the payload.
pub(super) const URL_PREFIX: &str = "https://www.f-puzzles.com/?load=";

/// What JavaScript's `encodeURIComponent` escapes: all but letters, digits
/// and `-_.!~*'()`. Of the base64 alphabet, that is `+`, `/` and `=`.
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// Hosts whose links carry an f-puzzles payload after `fpuzzles`.
const SUDOKUPAD_HOSTS: &[&str] = &[
    "sudokupad.app",
    "beta.sudokupad.app",
    "sudokupad.svencodes.com",
    "app.crackingthecryptic.com",
];

/// The JSON text of a payload in any transport form, and whether it came
/// out of an lz-string (so that a JSON error can blame the compression).
pub(super) fn decode(text: &str) -> Result<(String, bool), FpuzzlesError> {
    let text = text.trim().trim_start_matches('\u{feff}').trim();
    if text.is_empty() {
        return Err(FpuzzlesError::general(
            "empty input: expected f-puzzles JSON, an lz-string payload or a link",
        ));
    }
    if text.starts_with(['{', '[', '"']) || serde_json::from_str::<serde_json::Value>(text).is_ok() {
        return Ok((text.to_owned(), false));
    }
    if let Some(payload) = link_payload(text)? {
        return decompress(&payload).map(|json| (json, true));
    }
    // A bare payload, perhaps wrapped over several lines.
    if text.chars().all(|c| is_base64(c) || matches!(c, '\n' | '\r')) {
        return decompress(text).map(|json| (json, true));
    }
    Err(FpuzzlesError::general(
        "not f-puzzles data: expected JSON, an lz-string payload (N4Ig…), an f-puzzles link \
         (f-puzzles.com/?load=…) or a SudokuPad link (sudokupad.app/fpuzzles…)",
    ))
}

/// The URL-decoded payload of a link, `None` when `text` is not a link.
fn link_payload(text: &str) -> Result<Option<String>, FpuzzlesError> {
    let lower = text.to_ascii_lowercase();
    let mut rest = text;
    let mut rest_lower = &lower[..];
    let mut had_scheme = false;
    for scheme in ["https://", "http://"] {
        if let Some(stripped) = rest_lower.strip_prefix(scheme) {
            rest = &rest[scheme.len()..];
            rest_lower = stripped;
            had_scheme = true;
            break;
        }
    }
    let host_end = rest_lower.find(['/', '?', '#']).unwrap_or(rest_lower.len());
    let host = rest_lower[..host_end].trim_start_matches("www.");
    let after_host = &rest[host_end..];
    let raw = if host == "f-puzzles.com" {
        let query = after_host.split_once('?').map(|(_, q)| q).unwrap_or("");
        let query = query.split('#').next().unwrap_or("");
        let load = query
            .split('&')
            .find_map(|param| param.strip_prefix("load="))
            .ok_or_else(|| {
                FpuzzlesError::general("the f-puzzles link has no `load=` parameter: it carries no puzzle")
            })?;
        load.to_owned()
    } else if SUDOKUPAD_HOSTS.contains(&host) {
        let lower_after = after_host.to_ascii_lowercase();
        let start = lower_after.find("fpuzzles").ok_or_else(|| {
            FpuzzlesError::general(
                "the SudokuPad link does not carry an f-puzzles payload (expected sudokupad.app/fpuzzles…); \
                 short links and SudokuPad's own format cannot be read offline",
            )
        })?;
        let data = &after_host[start + "fpuzzles".len()..];
        data.split(['?', '&', '#']).next().unwrap_or("").to_owned()
    } else if had_scheme {
        return Err(FpuzzlesError::general(format!(
            "unrecognised link to '{host}': expected an f-puzzles link (f-puzzles.com/?load=…) or a SudokuPad \
             link (sudokupad.app/fpuzzles…)"
        )));
    } else {
        return Ok(None);
    };
    let decoded = percent_decode_str(&raw)
        .decode_utf8()
        .map_err(|_| FpuzzlesError::general("the link's payload is not valid URL-encoded text"))?;
    // A `+` that a URL parser read as a space goes back to `+`.
    Ok(Some(decoded.replace(' ', "+")))
}

fn is_base64(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=')
}

/// lz-string `decompressFromBase64`, checked: only the base64 alphabet, a
/// result no longer than a document may be ([`MAX_DOCUMENT_BYTES`] UTF-16
/// units: the JSON text is at least as many bytes), and text.
pub(super) fn decompress(payload: &str) -> Result<String, FpuzzlesError> {
    let payload: String = payload.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    if payload.is_empty() {
        return Err(FpuzzlesError::general("malformed lz-string payload: it is empty"));
    }
    if let Some(bad) = payload.chars().find(|&c| !is_base64(c)) {
        return Err(FpuzzlesError::general(format!(
            "malformed lz-string payload: '{bad}' is not a base64 character (A-Z, a-z, 0-9, +, /, =)"
        )));
    }
    let units = match lzstring::decompress_from_base64(&payload, MAX_DOCUMENT_BYTES) {
        Ok(units) if !units.is_empty() => units,
        Err(LzError::TooLong) => {
            return Err(FpuzzlesError::general(format!(
                "the lz-string payload decompresses to more than {} MiB: too big for an f-puzzles puzzle",
                MAX_DOCUMENT_BYTES >> 20
            )));
        }
        _ => {
            return Err(FpuzzlesError::general(
                "malformed lz-string payload: it does not decompress (truncated or corrupted?)",
            ));
        }
    };
    String::from_utf16(&units).map_err(|_| {
        FpuzzlesError::general("malformed lz-string payload: it decompresses to invalid text (corrupted?)")
    })
}

/// lz-string `compressToBase64`, padded as the JavaScript library pads
/// (lz-str 0.2 adds one `=` too many), then URL-encoded.
pub(super) fn encode(json: &str) -> String {
    let mut payload = lz_str::compress_to_base64(json).trim_end_matches('=').to_owned();
    while payload.len() % 4 != 0 {
        payload.push('=');
    }
    utf8_percent_encode(&payload, COMPONENT).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The payloads of the shared puzzles, written by the Python port of
    /// lz-string: compressing their text again gives them back exactly, so
    /// links we write are the ones the JavaScript library writes.
    #[test]
    fn compression_matches_the_reference_library() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/data/variants/manifest.json"
        );
        let manifest: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        for entry in manifest.as_array().unwrap() {
            let lz = entry["fpuzzles_lz"].as_str().unwrap();
            let json = decompress(lz).unwrap();
            let encoded = encode(&json);
            assert_eq!(
                percent_decode_str(&encoded).decode_utf8().unwrap(),
                lz,
                "{}",
                entry["file"]
            );
        }
    }

    #[test]
    fn links_are_url_encoded() {
        assert_eq!(
            utf8_percent_encode("a+b/c==", COMPONENT).to_string(),
            "a%2Bb%2Fc%3D%3D"
        );
        assert_eq!(
            link_payload("https://www.f-puzzles.com/?a=1&load=x%2By z#top")
                .unwrap()
                .unwrap(),
            "x+y+z"
        );
        assert_eq!(
            link_payload("HTTPS://SudokuPad.app/?puzzleid=fpuzzlesN4Ig&setting=1")
                .unwrap()
                .unwrap(),
            "N4Ig"
        );
        assert_eq!(
            link_payload("sudokupad.app/fpuzzlesN4Ig/A+?setting-nogrid=1")
                .unwrap()
                .unwrap(),
            "N4Ig/A+"
        );
        assert_eq!(link_payload("N4Ig/abc").unwrap(), None);
    }

    /// A 13 KB payload that names 18 M units of text is refused at the
    /// document limit, and quickly.
    #[test]
    fn an_lz_string_bomb_stops_at_the_document_limit() {
        let payload = super::super::lzstring::tests::bomb(6000);
        assert!(payload.len() < 14_000);
        let error = decode(&payload).unwrap_err().to_string();
        assert!(error.contains("more than 16 MiB"), "{error}");
        let link = format!("https://www.f-puzzles.com/?load={payload}");
        assert!(decode(&link)
            .unwrap_err()
            .to_string()
            .contains("more than 16 MiB"));
    }
}
