//! `warlord loadtest --abuse`: the storms of one abusive client, run beside the normal players
//! in alternate windows of time (calm, storm, calm, storm...), so that the normal players'
//! latency with and without the storm is measured side by side in one run.
//!
//! A storm window runs at once: heavy read-only requests (records and analysis lines of
//! nearly the 20,000 actions a request may carry, each action replayed), many games against the
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
    /// Actions in each heavy request's line (a record to parse, an analysis line).
    #[arg(long, default_value_t = 19_500, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=20_000))]
    pub abuse_line_actions: usize,
    /// Games against the strongest level's AI on the 48x72 board that the abuser opens in each storm.
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
            abuse_line_actions: 19_500,
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
    // About the longest line a request may carry: every action replayed, checked and described.
    let line_actions = if args.abuse_heavy > 0 { args.abuse_line_actions } else { 0 };
    let (texts, record) = tokio::task::spawn_blocking(move || random_line(line_actions, 1)).await.unwrap_or_default();
    let options: serde_json::Map<String, serde_json::Value> =
        LINE_OPTIONS.iter().map(|(k, v)| (k.to_string(), serde_json::Value::from(*v))).collect();
    let record = Arc::new(serde_json::json!({ "text": record }).to_string());
    let analysis = Arc::new(
        serde_json::json!({ "scenario": LINE_SCENARIO, "options": options, "actions": texts, "view": "player" })
            .to_string(),
    );
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

/// The scenario and options of the heavy requests' line: no turn limit, so that random play
/// goes on for thousands of turns.
const LINE_SCENARIO: &str = "chieftain";
const LINE_OPTIONS: [(&str, &str); 1] = [("turn-limit", "0")];

/// A legal line of random play from the scenario's start, up to `max_actions` actions (each
/// turn's end counted) or the game's end: the texts of its actions, and its record.
#[must_use]
pub fn random_line(max_actions: usize, seed: u64) -> (Vec<String>, String) {
    use rand::{Rng, SeedableRng};
    use warlord_rules::notation::{format_action, Record};
    use warlord_rules::{Action, Phase};
    let options: Vec<(String, String)> = LINE_OPTIONS.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let Some(builtin) = warlord_scenarios::get(LINE_SCENARIO) else { return (Vec::new(), String::new()) };
    let Ok(rules) = warlord_rules::Scenario::parse(builtin.text, "builtin").and_then(|s| s.ruleset(&options)) else {
        return (Vec::new(), String::new());
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut pos = rules.start();
    let (mut texts, mut turns, mut turn) = (Vec::new(), Vec::new(), Vec::new());
    while texts.len() < max_actions && matches!(pos.phase(), Phase::Play) {
        let legal = rules.legal_action_list(&pos);
        if legal.is_empty() {
            break;
        }
        // End turns often enough that the line has many turns, and take nothing when there
        // is a choice, so that the game lasts.
        let quiet: Vec<Action> = legal.iter().copied().filter(|&a| !rules.describe(&pos, a).takes()).collect();
        let choices = if quiet.is_empty() { &legal } else { &quiet };
        let action = if turn.len() >= 3 && legal.contains(&Action::EndTurn) {
            Action::EndTurn
        } else {
            choices[rng.gen_range(0..choices.len())]
        };
        let side = pos.to_move();
        if rules.play(&mut pos, action).is_err() {
            break;
        }
        texts.push(format_action(&action, rules.pieces()));
        turn.push(action);
        if pos.to_move() != side || !matches!(pos.phase(), Phase::Play) {
            turns.push((side, std::mem::take(&mut turn)));
        }
    }
    let mut tags = vec![("Scenario".to_string(), LINE_SCENARIO.to_string())];
    tags.extend(options.iter().map(|(k, v)| ("Option".to_string(), format!("{k}={v}"))));
    let record = Record::from_history(tags, &turns, rules.pieces()).to_text(rules.pieces());
    (texts, record)
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

/// Opens `n` games against the strongest level's AI ([`warlord_ai::levels::STRONGEST`]) on the
/// 48x72 board (the AI moves first, so each starts a search at once), then resigns them all when
/// the storm ends.
async fn ai(addr: SocketAddr, n: usize, end: Instant, counters: Arc<Counters>) {
    let body = serde_json::json!({
        "scenario": "two-countries-48x72",
        "mode": "ai",
        "ai": { "side": "white", "level": warlord_ai::levels::STRONGEST },
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heavy_line_is_long_and_its_record_reads_back() {
        let (texts, record) = random_line(3_000, 1);
        assert_eq!(texts.len(), 3_000, "random play without a turn limit goes on");
        let pieces = warlord_rules::Scenario::parse(warlord_scenarios::get(LINE_SCENARIO).unwrap().text, "builtin")
            .unwrap()
            .ruleset(&[("turn-limit".into(), "0".into())])
            .unwrap();
        let read = warlord_rules::notation::Record::parse(&record, pieces.pieces()).unwrap();
        assert!(read.turns.len() > 500, "{} turns", read.turns.len());
    }
}
