//! `sudokit serve`: the live link for setters.
//!
//! The f-puzzles userscript "Fpuzzles-SudokuSolver" talks to a solver on
//! `ws://localhost:4545/` while a setter edits: true candidates, checks,
//! counts, estimates, solutions and logical paths. This server speaks
//! that protocol ([`protocol`]) and answers `http://localhost:4545/` with
//! a page of its own ([`assets`]) that uses the same socket.
//!
//! Loopback only unless `--host` says otherwise; browsers' `Origin` is
//! checked ([`origin`]); frames are at most 4 MiB; each job has a time
//! limit, each connection one job, and all jobs together one core each.
//! No request touches the file system.

mod assets;
pub(crate) mod bench;
mod connection;
mod origin;

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{FromRequestParts, State};
use axum::http::{header, Method, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use clap::Args;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::Status;
use connection::Shared;
use origin::OriginPolicy;

/// The port the userscript connects to.
pub(crate) const DEFAULT_PORT: u16 = 4545;

/// The largest frame (and message) read: a generous f-puzzles payload.
const MAX_FRAME: usize = 4 << 20;

/// Options of `sudokit serve`.
#[derive(Debug, Args, Clone)]
pub(crate) struct ServeArgs {
    /// The port (0: any free one; the address is printed on stderr).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub(crate) port: u16,
    /// Listen on this address instead of 127.0.0.1 and ::1 (other
    /// machines can then use your cores: a warning says so).
    #[arg(long, value_name = "ADDR")]
    pub(crate) host: Option<IpAddr>,
    /// Also let browser pages from this origin connect
    /// (`https://example.org`); repeatable. f-puzzles, SudokuPad and
    /// pages on this machine are always let in.
    #[arg(long, value_name = "ORIGIN")]
    pub(crate) allow_origin: Vec<String>,
    /// Give up on a request after SECS seconds.
    /// `--timeout 0`: no limit, as everywhere.
    #[arg(long, value_name = "SECS", default_value = "60", value_parser = crate::cli::compare::parse_timeout)]
    pub(crate) timeout: crate::cli::compare::Timeout,
    /// No log line per request on stderr.
    #[arg(long)]
    pub(crate) quiet: bool,
}

/// Runs `sudokit serve` until Ctrl-C.
pub(crate) fn run(args: &ServeArgs) -> Status {
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("sudokit serve: cannot start: {e}");
            return Status::BadInput;
        }
    };
    let status = runtime.block_on(async {
        let server = match Server::bind(args).await {
            Ok(server) => server,
            Err(message) => {
                eprintln!("sudokit serve: {message}");
                return Status::BadInput;
            }
        };
        server.announce();
        server.spawn();
        let _ = tokio::signal::ctrl_c().await;
        eprintln!("sudokit serve: stopped");
        Status::Ok
    });
    // Running solvers see no more requests; do not wait for them.
    runtime.shutdown_timeout(Duration::from_millis(200));
    status
}

/// A bound server, not yet serving.
#[derive(Debug)]
pub(crate) struct Server {
    listeners: Vec<TcpListener>,
    app: Router,
}

impl Server {
    /// Binds the listeners `args` ask for: 127.0.0.1 and ::1 on one port
    /// by default (::1 is skipped with a note where IPv6 is off).
    pub(crate) async fn bind(args: &ServeArgs) -> Result<Server, String> {
        let cannot = |addr: SocketAddr, e: std::io::Error| format!("cannot listen on {addr}: {e}");
        let mut listeners = Vec::new();
        match args.host {
            Some(host) => {
                let addr = SocketAddr::new(host, args.port);
                listeners.push(TcpListener::bind(addr).await.map_err(|e| cannot(addr, e))?);
                if !host.is_loopback() {
                    eprintln!(
                        "sudokit serve: warning: listening on {host}, not loopback: other machines can send \
                         requests and use this machine's cores"
                    );
                }
            }
            None => {
                let v4 = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), args.port);
                let first = TcpListener::bind(v4).await.map_err(|e| cannot(v4, e))?;
                let port = first.local_addr().map_err(|e| cannot(v4, e))?.port();
                listeners.push(first);
                let v6 = SocketAddr::new(IpAddr::V6(Ipv6Addr::LOCALHOST), port);
                match TcpListener::bind(v6).await {
                    Ok(listener) => listeners.push(listener),
                    Err(e) => eprintln!("sudokit serve: note: not on {v6} ({e}); 127.0.0.1 only"),
                }
            }
        }
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let shared = Arc::new(Shared {
            permits: Arc::new(Semaphore::new(cores)),
            timeout: args.timeout.0,
            quiet: args.quiet,
            connections: Default::default(),
        });
        let app = Router::new()
            .fallback(answer)
            .with_state((shared, Arc::new(OriginPolicy::new(&args.allow_origin))));
        Ok(Server { listeners, app })
    }

    /// The addresses it listens on.
    pub(crate) fn addresses(&self) -> Vec<SocketAddr> {
        self.listeners
            .iter()
            .filter_map(|l| l.local_addr().ok())
            .collect()
    }

    /// Says where it listens, on stderr (tests and scripts read the first
    /// address from this line).
    fn announce(&self) {
        let urls: Vec<String> = self.addresses().iter().map(|a| format!("http://{a}/")).collect();
        eprintln!(
            "sudokit serve: listening on {} (the page; the websocket on any path); Ctrl-C stops",
            urls.join(" and ")
        );
    }

    /// Serves every listener on the current runtime.
    pub(crate) fn spawn(self) {
        for listener in self.listeners {
            tokio::spawn(axum::serve(listener, self.app.clone()).into_future());
        }
    }
}

type AppState = (Arc<Shared>, Arc<OriginPolicy>);

/// Every request: a websocket upgrade on any path, or one of the page's files.
async fn answer(State((shared, policy)): State<AppState>, request: Request<axum::body::Body>) -> Response {
    let (mut parts, _body) = request.into_parts();
    let origin = parts
        .headers
        .get(header::ORIGIN)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    if let Ok(upgrade) = WebSocketUpgrade::from_request_parts(&mut parts, &()).await {
        if !policy.allows(origin.as_deref()) {
            let origin = origin.unwrap_or_default();
            eprintln!(
                "sudokit serve: refused a websocket from the page of {origin} (start with --allow-origin {origin} to let it in)"
            );
            let body = format!("origin {origin} is not allowed (sudokit serve --allow-origin)\n");
            return (StatusCode::FORBIDDEN, body).into_response();
        }
        return upgrade
            .max_message_size(MAX_FRAME)
            .max_frame_size(MAX_FRAME)
            .on_upgrade(move |socket| connection::serve(socket, shared));
    }
    if parts.method != Method::GET && parts.method != Method::HEAD {
        return (StatusCode::METHOD_NOT_ALLOWED, "only GET, and websockets\n").into_response();
    }
    match assets::asset(parts.uri.path()) {
        Some(asset) => ([(header::CONTENT_TYPE, asset.content_type)], asset.body).into_response(),
        None => (StatusCode::NOT_FOUND, "not found\n").into_response(),
    }
}
