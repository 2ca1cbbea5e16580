//! The page's files, built into the binary (no CDN, works offline, and no
//! request reads the file system).

/// One file of the page: where it is served, its content type, its text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Asset {
    /// The request path (`/` is the page itself).
    pub(crate) path: &'static str,
    /// The `Content-Type` header.
    pub(crate) content_type: &'static str,
    /// The file, as it was in `web/` at build time.
    pub(crate) body: &'static str,
}

/// Every file of `web/` the page loads.
pub(crate) const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: "text/html; charset=utf-8",
        body: include_str!("../../../web/index.html"),
    },
    Asset {
        path: "/app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../../web/app.js"),
    },
    Asset {
        path: "/draw.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../../web/draw.js"),
    },
    Asset {
        path: "/style.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../../../web/style.css"),
    },
];

/// The asset served at `path` (`/index.html` is the page too).
pub(crate) fn asset(path: &str) -> Option<&'static Asset> {
    let path = if path == "/index.html" { "/" } else { path };
    ASSETS.iter().find(|a| a.path == path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_asset_is_found_by_its_path() {
        for a in ASSETS {
            assert_eq!(asset(a.path).unwrap().path, a.path);
        }
        assert_eq!(asset("/index.html").unwrap().path, "/");
        assert!(asset("/etc/passwd").is_none());
    }
}
