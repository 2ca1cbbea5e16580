//! One websocket connection: requests in, answers out, one job at a time.
//!
//! Every new frame first cancels the job the connection is running (the
//! userscript sends a new request on every edit and keeps only the answer
//! to its latest). Jobs run on tokio's blocking threads, at most one per
//! core over all connections (the others wait for a permit). Answers go
//! out through one writer task; a frame of a job that a newer request has
//! replaced is dropped there, so nothing of a cancelled job reaches the
//! client after its `canceled`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use sudokit::solvers::{Cancel, Limits};
use tokio::sync::{mpsc, Semaphore};

use sudokit::live::{self as jobs, parse_request, Command, Reply, Request};

/// What every connection shares.
#[derive(Debug)]
pub(crate) struct Shared {
    /// One permit per core: a job holds one while it runs.
    pub(crate) permits: Arc<Semaphore>,
    /// The time limit of one job.
    pub(crate) timeout: Option<Duration>,
    /// No request log lines.
    pub(crate) quiet: bool,
    /// Connections so far, to tell them apart in the log.
    pub(crate) connections: AtomicU64,
}

impl Shared {
    /// A log line on stderr, unless `--quiet`.
    pub(crate) fn log(&self, line: impl FnOnce() -> String) {
        if !self.quiet {
            eprintln!("sudokit serve: {}", line());
        }
    }
}

/// An answer on its way out: from a job (dropped if the job was replaced
/// meanwhile) or from the connection itself (always sent).
#[derive(Debug)]
struct Outgoing {
    job: Option<u64>,
    text: String,
}

/// Cancel tokens of finished jobs, for the next jobs: [`Cancel::new`]
/// leaks its flag, so tokens are recycled rather than made per job (there
/// are never more than one per running job).
static POOL: Mutex<Vec<Cancel>> = Mutex::new(Vec::new());

fn take_token() -> Cancel {
    let token = POOL
        .lock()
        .ok()
        .and_then(|mut pool| pool.pop())
        .unwrap_or_default();
    token.reset();
    token
}

fn give_back(token: Cancel) {
    if let Ok(mut pool) = POOL.lock() {
        pool.push(token);
    }
}

/// A job's cancellation, safe against the token's reuse: the token is
/// only reachable here while its job runs.
#[derive(Debug, Default)]
struct JobControl {
    state: Mutex<(bool, Option<Cancel>)>,
}

impl JobControl {
    /// The token for the job's run; `None` when cancelled before it began.
    fn start(&self) -> Option<Cancel> {
        let mut state = self.state.lock().ok()?;
        if state.0 {
            return None;
        }
        let token = take_token();
        state.1 = Some(token);
        Some(token)
    }

    fn cancel(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.0 = true;
            if let Some(token) = state.1 {
                token.cancel();
            }
        }
    }

    /// The job has ended: its token goes back to the pool.
    fn finish(&self) {
        if let Ok(mut state) = self.state.lock() {
            if let Some(token) = state.1.take() {
                give_back(token);
            }
        }
    }
}

/// Serves one websocket until the client closes it.
pub(crate) async fn serve(socket: WebSocket, shared: Arc<Shared>) {
    let id = shared.connections.fetch_add(1, Ordering::Relaxed) + 1;
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Outgoing>();
    let current = Arc::new(AtomicU64::new(0));
    let writer = {
        let current = Arc::clone(&current);
        tokio::spawn(async move {
            while let Some(out) = rx.recv().await {
                if out.job.is_some_and(|job| job != current.load(Ordering::SeqCst)) {
                    continue;
                }
                if sink.send(Message::Text(out.text.into())).await.is_err() {
                    break;
                }
            }
        })
    };
    let mut connection = Connection {
        id,
        shared,
        tx,
        current,
        jobs: 0,
        running: None,
    };
    while let Some(message) = stream.next().await {
        match message {
            Ok(Message::Text(text)) => connection.on_text(text.as_str()),
            Ok(Message::Binary(bytes)) => {
                connection.replace_job();
                connection.reply(
                    None,
                    &Value::Null,
                    Reply::invalid("binary frames are not read: send JSON text"),
                );
                connection.log_line("binary", bytes.len(), None, "invalid: binary frame");
            }
            Ok(Message::Close(_)) | Err(_) => break,
            Ok(Message::Ping(_) | Message::Pong(_)) => {}
        }
    }
    connection.replace_job();
    drop(connection);
    let _ = writer.await;
}

/// The state of one connection.
#[derive(Debug)]
struct Connection {
    id: u64,
    shared: Arc<Shared>,
    tx: mpsc::UnboundedSender<Outgoing>,
    /// The job whose answers may go out (0: none).
    current: Arc<AtomicU64>,
    jobs: u64,
    running: Option<Arc<JobControl>>,
}

impl Connection {
    /// Cancels the running job, if any, and makes way for the next: from
    /// now on, frames of the old job are dropped.
    fn replace_job(&mut self) -> u64 {
        self.jobs += 1;
        self.current.store(self.jobs, Ordering::SeqCst);
        if let Some(job) = self.running.take() {
            job.cancel();
        }
        self.jobs
    }

    fn reply(&self, job: Option<u64>, nonce: &Value, reply: Reply) {
        let _ = self.tx.send(Outgoing {
            job,
            text: reply.to_text(nonce),
        });
    }

    fn log_line(&self, command: &str, bytes: usize, puzzle: Option<&jobs::Summary>, outcome: &str) {
        let id = self.id;
        self.shared.log(|| {
            let puzzle = puzzle.map_or(String::new(), |p| format!(" {p}"));
            format!("#{id} {command} ({bytes} B){puzzle}: {outcome}")
        });
    }

    fn on_text(&mut self, text: &str) {
        let job = self.replace_job();
        let request = match parse_request(text) {
            Ok(request) => request,
            Err((nonce, message)) => {
                self.log_line("?", text.len(), None, &format!("invalid: {message}"));
                self.reply(None, &nonce, Reply::invalid(message));
                return;
            }
        };
        let command = match Command::parse(&request.command) {
            Ok(command) => command,
            Err(message) => {
                self.log_line(&request.command, text.len(), None, &format!("invalid: {message}"));
                self.reply(None, &request.nonce, Reply::invalid(message));
                return;
            }
        };
        if command == Command::Cancel {
            self.log_line("cancel", text.len(), None, "canceled");
            self.reply(None, &request.nonce, Reply::Canceled {});
            return;
        }
        let control = Arc::new(JobControl::default());
        self.running = Some(Arc::clone(&control));
        let run = Run {
            connection: self.id,
            job,
            command,
            request,
            bytes: text.len(),
            shared: Arc::clone(&self.shared),
            tx: self.tx.clone(),
            control,
        };
        tokio::spawn(run.go());
    }
}

/// One job, from waiting for a permit to its last answer.
#[derive(Debug)]
struct Run {
    connection: u64,
    job: u64,
    command: Command,
    request: Request,
    bytes: usize,
    shared: Arc<Shared>,
    tx: mpsc::UnboundedSender<Outgoing>,
    control: Arc<JobControl>,
}

impl Run {
    async fn go(self) {
        let Ok(permit) = Arc::clone(&self.shared.permits).acquire_owned().await else {
            return;
        };
        let Some(token) = self.control.start() else {
            return;
        };
        let started = Instant::now();
        let limits = Limits {
            time_limit: self.shared.timeout,
            cancel: Some(token),
            ..Limits::all()
        };
        let (job, command, tx) = (self.job, self.command, self.tx.clone());
        let request = self.request;
        let nonce = request.nonce.clone();
        let done = tokio::task::spawn_blocking(move || {
            let mut send = |reply: Reply| {
                let _ = tx.send(Outgoing {
                    job: Some(job),
                    text: reply.to_text(&request.nonce),
                });
            };
            jobs::run(command, &request, &limits, &mut send)
        })
        .await;
        self.control.finish();
        drop(permit);
        let elapsed = started.elapsed();
        let (reply, summary) = match done {
            Ok(done) => done,
            Err(e) => (Some(Reply::invalid(format!("internal error: {e}"))), None),
        };
        let outcome = match &reply {
            Some(reply) => reply.outcome(),
            None => "canceled".to_string(),
        };
        let name = Command::ALL
            .iter()
            .find(|(_, c)| *c == command)
            .map_or("?", |(n, _)| n);
        let (connection, bytes) = (self.connection, self.bytes);
        self.shared.log(|| {
            let puzzle = summary.map_or(String::new(), |p| format!(" {p}"));
            let ms = elapsed.as_secs_f64() * 1e3;
            format!("#{connection} {name} ({bytes} B){puzzle}: {outcome} in {ms:.1} ms")
        });
        if let Some(reply) = reply {
            let _ = self.tx.send(Outgoing {
                job: Some(job),
                text: reply.to_text(&nonce),
            });
        }
    }
}
