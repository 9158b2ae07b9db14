//! `warlord loadtest --abuse`: the storms of one abusive client, run beside the normal players
//! in alternate windows of time (calm, storm, calm, storm...), so that the normal players'
//! latency with and without the storm is measured side by side in one run.
//!
//! A storm window runs at once: heavy read-only requests (4 MiB-class records to parse, a
//! large board's analysis with every legal action described), many games against the
//! strongest AI on the largest board, all by one user (resigned when the window ends, which
//! cancels their searches), silent connections that send nothing, and bursts of game
//! creations. All of it on loopback, bounded in time and count.

use crate::client;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;

/// How hard the storm blows (`warlord loadtest --abuse` options).
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct StormArgs {
    /// Alternate calm and storm windows beside the normal players, and report the normal
    /// players' latency in each kind (the first window, a calm warm-up, is not counted).
    #[arg(long)]
    pub abuse: bool,
    /// The length of each window, in seconds.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub window_seconds: u64,
    /// Heavy requests in flight at once during a storm (record parses and analyses, half each).
    #[arg(long, default_value_t = 8, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=256))]
    pub abuse_heavy: usize,
    /// Games against the level-8 AI on the 48x72 board that the abuser opens in each storm.
    #[arg(long, default_value_t = 15, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=200))]
    pub abuse_ai_games: usize,
    /// Silent connections held open during a storm.
    #[arg(long, default_value_t = 200, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=2000))]
    pub abuse_silent: usize,
    /// Games created at once, every second of a storm.
    #[arg(long, default_value_t = 50, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=500))]
    pub abuse_burst: usize,
}

impl Default for StormArgs {
    fn default() -> StormArgs {
        StormArgs {
            abuse: false,
            window_seconds: 5,
            abuse_heavy: 8,
            abuse_ai_games: 15,
            abuse_silent: 200,
            abuse_burst: 50,
        }
    }
}

/// What the abuser did and how it was answered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StormCounts {
    /// Heavy requests answered 200.
    pub heavy_done: u64,
    /// Heavy requests answered 429 `busy`.
    pub heavy_busy: u64,
    /// Heavy requests failed otherwise.
    pub heavy_failed: u64,
    /// AI games created.
    pub ai_games: u64,
    /// AI games refused (the per-user limit of waiting AI turns, or the creation limit).
    pub ai_refused: u64,
    /// AI games resigned at the end of their storm.
    pub ai_resigned: u64,
    /// Silent connections opened.
    pub silent: u64,
    /// Games created by the bursts.
    pub burst_created: u64,
    /// Burst creations refused.
    pub burst_refused: u64,
}

impl std::fmt::Display for StormCounts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "storm: heavy {} done, {} busy, {} failed; AI games {} created, {} refused, {} resigned; \
             {} silent connections; bursts {} created, {} refused",
            self.heavy_done,
            self.heavy_busy,
            self.heavy_failed,
            self.ai_games,
            self.ai_refused,
            self.ai_resigned,
            self.silent,
            self.burst_created,
            self.burst_refused
        )
    }
}

#[derive(Default)]
struct Counters {
    heavy_done: AtomicU64,
    heavy_busy: AtomicU64,
    heavy_failed: AtomicU64,
    ai_games: AtomicU64,
    ai_refused: AtomicU64,
    ai_resigned: AtomicU64,
    silent: AtomicU64,
    burst_created: AtomicU64,
    burst_refused: AtomicU64,
}

impl Counters {
    fn counts(&self) -> StormCounts {
        let get = |c: &AtomicU64| c.load(Ordering::Relaxed);
        StormCounts {
            heavy_done: get(&self.heavy_done),
            heavy_busy: get(&self.heavy_busy),
            heavy_failed: get(&self.heavy_failed),
            ai_games: get(&self.ai_games),
            ai_refused: get(&self.ai_refused),
            ai_resigned: get(&self.ai_resigned),
            silent: get(&self.silent),
            burst_created: get(&self.burst_created),
            burst_refused: get(&self.burst_refused),
        }
    }
}

/// The windows of a run: which one an instant falls in, and whether it is a storm's.
#[derive(Clone, Copy, Debug)]
pub struct Windows {
    /// When the run started.
    pub started: Instant,
    /// Each window's length.
    pub length: Duration,
}

impl Windows {
    /// The index of the window an offset from the start falls in.
    #[must_use]
    pub fn index(&self, offset: Duration) -> u64 {
        (offset.as_millis() / self.length.as_millis().max(1)) as u64
    }

    /// Whether window `i` is a storm's (the odd ones; window 0 is a calm warm-up).
    #[must_use]
    pub fn is_storm(i: u64) -> bool {
        i % 2 == 1
    }

    fn end_of(&self, i: u64) -> Instant {
        self.started + self.length * (i as u32 + 1)
    }
}

/// Runs the storms in the storm windows until `deadline`; returns what the abuser did.
pub async fn run(addr: SocketAddr, args: StormArgs, windows: Windows, deadline: Instant) -> StormCounts {
    let counters = Arc::new(Counters::default());
    let record = Arc::new(serde_json::json!({ "text": big_record() }).to_string());
    let analysis =
        Arc::new(serde_json::json!({ "scenario": "two-countries-48x72", "actions": [], "view": "player" }).to_string());
    let mut tasks = Vec::new();
    for i in 0..args.abuse_heavy {
        let (counters, body) = (counters.clone(), if i % 2 == 0 { record.clone() } else { analysis.clone() });
        let path = if i % 2 == 0 { "/api/records/parse" } else { "/api/analysis" };
        tasks.push(tokio::spawn(in_storms(windows, deadline, move |end| {
            heavy(addr, path, body.clone(), end, counters.clone())
        })));
    }
    let ai_games = args.abuse_ai_games;
    let c = counters.clone();
    tasks.push(tokio::spawn(in_storms(windows, deadline, move |end| ai(addr, ai_games, end, c.clone()))));
    let silent_n = args.abuse_silent;
    let c = counters.clone();
    tasks.push(tokio::spawn(in_storms(windows, deadline, move |end| silent(addr, silent_n, end, c.clone()))));
    let burst_n = args.abuse_burst;
    let c = counters.clone();
    tasks.push(tokio::spawn(in_storms(windows, deadline, move |end| burst(addr, burst_n, end, c.clone()))));
    for task in tasks {
        let _ = task.await;
    }
    counters.counts()
}

/// Calls `storm` once per storm window, with the window's end (or the deadline), and waits out
/// the calm windows.
async fn in_storms<F, Fut>(windows: Windows, deadline: Instant, storm: F)
where
    F: Fn(Instant) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    loop {
        let now = Instant::now();
        if now >= deadline {
            return;
        }
        let i = windows.index(now - windows.started);
        let end = windows.end_of(i).min(deadline);
        if Windows::is_storm(i) {
            storm(end).await;
        }
        tokio::time::sleep_until(end.into()).await;
    }
}

/// A record of some 1.6 MB: 9,000 turns of passing (18,000 actions, under the 20,000 a record
/// may have), every one replayed and described in the answer.
fn big_record() -> String {
    let mut text = String::from("[Scenario \"chieftain\"]\n");
    for n in 1..=9_000 {
        text.push_str(&format!("{n}. pass\n{n}... pass\n"));
    }
    text
}

/// Sends one heavy request after another until `end`.
async fn heavy(addr: SocketAddr, path: &'static str, body: Arc<String>, end: Instant, counters: Arc<Counters>) {
    while Instant::now() < end {
        let left = end.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, client::request(addr, "POST", path, None, Some(&body))).await {
            Ok(Ok(r)) if r.status == 200 => {
                counters.heavy_done.fetch_add(1, Ordering::Relaxed);
            }
            Ok(Ok(r)) if r.status == 429 => {
                counters.heavy_busy.fetch_add(1, Ordering::Relaxed);
                // An abuser retries at once; a short pause keeps this client's own CPU in check.
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            Ok(_) => {
                counters.heavy_failed.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            Err(_) => return,
        }
    }
}

/// Opens `n` games against the level-8 AI on the 48x72 board (the AI moves first, so each
/// starts a search at once), then resigns them all when the storm ends.
async fn ai(addr: SocketAddr, n: usize, end: Instant, counters: Arc<Counters>) {
    let body = serde_json::json!({
        "scenario": "two-countries-48x72",
        "mode": "ai",
        "ai": { "side": "white", "level": 8 },
    })
    .to_string();
    let mut games = Vec::new();
    for _ in 0..n {
        if Instant::now() >= end {
            break;
        }
        match client::request(addr, "POST", "/api/games", None, Some(&body)).await {
            Ok(r) if r.status == 201 => {
                let created = r.json();
                let id = created["id"].as_str().unwrap_or_default().to_string();
                let token = created["black"]["token"].as_str().unwrap_or_default().to_string();
                games.push((id, token));
                counters.ai_games.fetch_add(1, Ordering::Relaxed);
            }
            _ => {
                counters.ai_refused.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    tokio::time::sleep_until(end.into()).await;
    let resign = serde_json::json!({ "type": "resign" }).to_string();
    for (id, token) in games {
        let path = format!("/api/games/{id}/commands");
        if let Ok(r) = client::request(addr, "POST", &path, Some(&token), Some(&resign)).await {
            if r.status == 200 {
                counters.ai_resigned.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// Holds `n` connections that send nothing until the storm ends.
async fn silent(addr: SocketAddr, n: usize, end: Instant, counters: Arc<Counters>) {
    let mut open = Vec::with_capacity(n);
    for _ in 0..n {
        if let Ok(Ok(stream)) = tokio::time::timeout(Duration::from_secs(1), TcpStream::connect(addr)).await {
            open.push(stream);
            counters.silent.fetch_add(1, Ordering::Relaxed);
        }
    }
    tokio::time::sleep_until(end.into()).await;
    drop(open);
}

/// Creates `n` public games at once, every second, until the storm ends.
async fn burst(addr: SocketAddr, n: usize, end: Instant, counters: Arc<Counters>) {
    let body = Arc::new(serde_json::json!({ "scenario": "chieftain", "mode": "live", "public": true }).to_string());
    while Instant::now() < end {
        let next = Instant::now() + Duration::from_secs(1);
        let creations: Vec<_> = (0..n)
            .map(|_| {
                let body = body.clone();
                tokio::spawn(async move { client::request(addr, "POST", "/api/games", None, Some(&body)).await })
            })
            .collect();
        for creation in creations {
            match creation.await {
                Ok(Ok(r)) if r.status == 201 => counters.burst_created.fetch_add(1, Ordering::Relaxed),
                _ => counters.burst_refused.fetch_add(1, Ordering::Relaxed),
            };
        }
        tokio::time::sleep_until(next.min(end).into()).await;
    }
}
