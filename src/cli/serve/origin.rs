//! Which web pages may talk to the server.
//!
//! A page on any site could otherwise open `ws://localhost:4545` in a
//! visitor's browser and spend their cores. Browsers send the page's
//! `Origin` with the websocket upgrade; clients that are not browsers send
//! none and are let in (they could send anything anyway).

/// The sites let in by default: where the userscript and SudokuPad run.
const DEFAULT_ORIGINS: &[&str] = &[
    "https://www.f-puzzles.com",
    "https://f-puzzles.com",
    "https://sudokupad.app",
];

/// The origins let in: the defaults, any page on this machine, and those
/// added with `--allow-origin`.
#[derive(Clone, Debug, Default)]
pub(crate) struct OriginPolicy {
    extra: Vec<String>,
}

impl OriginPolicy {
    /// The default policy plus `extra` origins (`https://example.org`).
    pub(crate) fn new(extra: &[String]) -> OriginPolicy {
        OriginPolicy {
            extra: extra.iter().map(|o| normalise(o)).collect(),
        }
    }

    /// Whether a request with this `Origin` header (`None`: no header) may
    /// open a websocket.
    pub(crate) fn allows(&self, origin: Option<&str>) -> bool {
        let Some(origin) = origin else {
            return true;
        };
        let origin = normalise(origin);
        DEFAULT_ORIGINS.contains(&origin.as_str()) || self.extra.contains(&origin) || is_local(&origin)
    }
}

/// Lower case, without a trailing slash.
fn normalise(origin: &str) -> String {
    origin.trim().trim_end_matches('/').to_ascii_lowercase()
}

/// `http(s)://localhost`, `127.0.0.1` or `[::1]`, any port: a page of this
/// machine (the server's own page among them).
fn is_local(origin: &str) -> bool {
    let Some(rest) = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
    else {
        return false;
    };
    let host = if rest.starts_with('[') {
        rest.split_inclusive(']').next().unwrap_or(rest)
    } else {
        rest.split(':').next().unwrap_or(rest)
    };
    let port_ok = match rest.strip_prefix(host) {
        Some("") => true,
        Some(port) => port
            .strip_prefix(':')
            .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())),
        None => false,
    };
    port_ok && matches!(host, "localhost" | "127.0.0.1" | "[::1]")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_puzzle_sites_and_local_pages_are_let_in() {
        let policy = OriginPolicy::new(&[]);
        for origin in [
            "https://www.f-puzzles.com",
            "https://f-puzzles.com/",
            "https://SudokuPad.app",
            "http://localhost:4545",
            "http://127.0.0.1:8080",
            "http://[::1]:4545",
            "http://localhost",
        ] {
            assert!(policy.allows(Some(origin)), "{origin}");
        }
        assert!(policy.allows(None));
    }

    #[test]
    fn other_sites_are_refused_unless_added() {
        let policy = OriginPolicy::new(&[]);
        for origin in [
            "https://evil.example",
            "http://localhost.evil.example",
            "http://127.0.0.1.evil.example:80",
            "https://www.f-puzzles.com.evil.example",
            "null",
            "http://localhost:45x",
        ] {
            assert!(!policy.allows(Some(origin)), "{origin}");
        }
        let policy = OriginPolicy::new(&["https://Example.org/".to_string()]);
        assert!(policy.allows(Some("https://example.org")));
    }
}
