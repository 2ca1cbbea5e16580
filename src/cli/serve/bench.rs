//! `sudokit bench-serve`: how fast the server answers a setter, through
//! the socket as the userscript talks to it.
//!
//! Replays a folder of f-puzzles files (the shared variant puzzles by
//! default): each puzzle's `truecandidates` request several times, one
//! after the other, for its median and 95th percentile round trip; then a
//! setter's edit loop: quick edits, each sending a new request that
//! cancels the one before, and the time from the last edit to its answer.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use super::{ServeArgs, Server};
use crate::cli::Status;

/// Options of `sudokit bench-serve`.
#[derive(Debug, Args)]
pub(crate) struct BenchServeArgs {
    /// Folder of f-puzzles JSON files to replay.
    #[arg(long, value_name = "DIR", default_value = "../shared/data/variants")]
    dir: PathBuf,
    /// A running server to measure (`ws://127.0.0.1:4545/`); default: one
    /// started in this process on a free port.
    #[arg(long)]
    url: Option<String>,
    /// Requests per puzzle.
    #[arg(long, default_value_t = 20)]
    runs: usize,
    /// Edits in the edit loop.
    #[arg(long, default_value_t = 20)]
    edits: usize,
    /// Milliseconds between two edits (0: back to back, each cancelling
    /// the one before).
    #[arg(long, value_name = "MS", default_value_t = 0)]
    edit_gap: u64,
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Runs `sudokit bench-serve`.
pub(crate) fn run(args: &BenchServeArgs) -> Status {
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("sudokit bench-serve: {e}");
            return Status::BadInput;
        }
    };
    let status = runtime.block_on(async {
        match bench(args).await {
            Ok(()) => Status::Ok,
            Err(message) => {
                eprintln!("sudokit bench-serve: {message}");
                Status::BadInput
            }
        }
    });
    runtime.shutdown_timeout(Duration::from_millis(200));
    status
}

/// The files to replay: every `*.json` of the folder but the manifest, sorted.
fn puzzle_files(dir: &PathBuf) -> Result<Vec<(String, Value)>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| p.file_name().is_some_and(|n| n != "manifest.json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = crate::cli::input::read_bounded(&path)?;
            let json = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            Ok((name, json))
        })
        .collect()
}

/// The userscript's `truecandidates` request for `puzzle`.
fn request(nonce: u64, puzzle: &Value) -> String {
    let mut puzzle = puzzle.clone();
    if let Some(object) = puzzle.as_object_mut() {
        object.insert("disabledlogic".into(), json!([]));
        object.insert("truecandidatesoptions".into(), json!([]));
    }
    let data = lz_str::compress_to_base64(&puzzle.to_string());
    json!({"nonce": nonce, "command": "truecandidates", "dataType": "fpuzzles", "data": data}).to_string()
}

/// Waits for the answer to `nonce`; counts the others it skips.
async fn answer(socket: &mut Socket, nonce: u64, skipped: &mut usize) -> Result<Value, String> {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(120), socket.next())
            .await
            .map_err(|_| format!("no answer to request {nonce} within 120 s"))?;
        match frame {
            Some(Ok(Message::Text(text))) => {
                let value: Value = serde_json::from_str(&text).map_err(|e| format!("bad answer: {e}"))?;
                if value["nonce"] == nonce {
                    return Ok(value);
                }
                *skipped += 1;
            }
            Some(Ok(_)) => {}
            other => return Err(format!("the connection ended: {other:?}")),
        }
    }
}

/// The `q`-quantile of sorted times, in ms.
fn quantile(sorted: &[Duration], q: f64) -> f64 {
    let index = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[index.min(sorted.len() - 1)].as_secs_f64() * 1e3
}

async fn bench(args: &BenchServeArgs) -> Result<(), String> {
    let puzzles = puzzle_files(&args.dir)?;
    if puzzles.is_empty() {
        return Err(format!("no f-puzzles files in {}", args.dir.display()));
    }
    let url = match &args.url {
        Some(url) => url.clone(),
        None => {
            let serve = ServeArgs {
                port: 0,
                host: None,
                allow_origin: Vec::new(),
                timeout: crate::cli::compare::Timeout(Some(Duration::from_secs(60))),
                quiet: true,
            };
            let server = Server::bind(&serve).await?;
            let address = server.addresses()[0];
            server.spawn();
            format!("ws://{address}/")
        }
    };
    let (mut socket, _) = tokio_tungstenite::connect_async(url.as_str())
        .await
        .map_err(|e| format!("cannot connect to {url}: {e}"))?;
    println!(
        "true candidates through {url}, {} requests per puzzle (ms):",
        args.runs
    );
    println!(
        "{:<56} {:>5} {:>8} {:>8}  answer",
        "puzzle", "size", "median", "p95"
    );
    let mut nonce = 0u64;
    let mut skipped = 0;
    let mut medians_9 = Vec::new();
    for (name, puzzle) in &puzzles {
        let mut times = Vec::with_capacity(args.runs);
        let mut kind = String::new();
        for _ in 0..args.runs.max(1) {
            nonce += 1;
            let started = Instant::now();
            socket
                .send(Message::Text(request(nonce, puzzle).into()))
                .await
                .map_err(|e| e.to_string())?;
            let reply = answer(&mut socket, nonce, &mut skipped).await?;
            times.push(started.elapsed());
            kind = reply["type"].as_str().unwrap_or("?").to_string();
        }
        times.sort();
        let size = puzzle["size"].as_u64().unwrap_or(0);
        let median = quantile(&times, 0.5);
        if size == 9 && kind == "truecandidates" {
            medians_9.push(median);
        }
        println!(
            "{name:<56} {size:>5} {median:>8.2} {:>8.2}  {kind}",
            quantile(&times, 0.95)
        );
    }
    medians_9.sort_by(f64::total_cmp);
    if !medians_9.is_empty() {
        let mid = medians_9[medians_9.len() / 2];
        let worst = medians_9[medians_9.len() - 1];
        println!("9×9 puzzles: median of the medians {mid:.2} ms, largest median {worst:.2} ms");
    }
    edit_loop(args, &puzzles, &mut socket, &mut nonce).await
}

/// Quick edits on the first 9×9 puzzle: toggles givens, each edit a new
/// request sent without waiting, so that it cancels the previous one.
async fn edit_loop(
    args: &BenchServeArgs,
    puzzles: &[(String, Value)],
    socket: &mut Socket,
    nonce: &mut u64,
) -> Result<(), String> {
    let given_cells = |puzzle: &Value| -> Vec<(usize, usize)> {
        (0..81)
            .map(|i| (i / 9, i % 9))
            .filter(|&(r, c)| puzzle["grid"][r][c]["given"] == true)
            .collect()
    };
    let Some((name, puzzle)) = puzzles
        .iter()
        .find(|(_, p)| p["size"] == 9 && given_cells(p).len() >= 10)
    else {
        println!("edit loop: no 9×9 puzzle with givens to edit");
        return Ok(());
    };
    let givens = given_cells(puzzle);
    let mut edited = puzzle.clone();
    let started = Instant::now();
    let mut last_sent = started;
    for k in 0..args.edits.max(1) {
        // Clear a given, then put it back: the puzzle ends as it began.
        let (r, c) = givens[(k / 2) % givens.len()];
        let cell = &mut edited["grid"][r][c];
        if k % 2 == 0 {
            cell["given"] = json!(false);
        } else {
            cell["given"] = json!(true);
        }
        if k > 0 {
            tokio::time::sleep(Duration::from_millis(args.edit_gap)).await;
        }
        *nonce += 1;
        last_sent = Instant::now();
        socket
            .send(Message::Text(request(*nonce, &edited).into()))
            .await
            .map_err(|e| e.to_string())?;
    }
    let mut stale = 0;
    let reply = answer(socket, *nonce, &mut stale).await?;
    println!(
        "edit loop on {name}: {} edits {} ms apart; the last answer ({}) {:.1} ms after the last edit, {:.0} ms \
         in all; {stale} answers to earlier edits arrived before their replacement (a client drops them)",
        args.edits.max(1),
        args.edit_gap,
        reply["type"].as_str().unwrap_or("?"),
        last_sent.elapsed().as_secs_f64() * 1e3,
        started.elapsed().as_secs_f64() * 1e3,
    );
    Ok(())
}
