//! `warlord loadtest`: plays many concurrent games of random legal actions over WebSockets on
//! loopback, as two players per game would, and reports throughput and latency.
//!
//! Each player waits for its turn, "thinks" for a random time around `--think-ms`, picks one of
//! the legal actions the server sent, sends it and measures the time until the state that
//! includes it arrives (validation, commit, broadcast and rendering included). A game that ends
//! is replaced by a new one until the time is up, so `--games` games are always in progress.

use crate::client;
use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::net::{SocketAddr, ToSocketAddrs};
use std::time::{Duration, Instant};
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::Message;

/// The options of `warlord loadtest`.
#[derive(clap::Args, Clone, Debug)]
pub struct LoadtestArgs {
    /// Games in progress at once.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// How long to play, in seconds.
    #[arg(long, default_value_t = 30)]
    pub seconds: u64,
    /// Mean thinking time before each action, in milliseconds (uniform from half to 1.5x).
    #[arg(long, default_value_t = 1000)]
    pub think_ms: u64,
    /// The scenario to play.
    #[arg(long, default_value = "chieftain")]
    pub scenario: String,
    /// Each game's turn limit (a game that reaches it ends and a new one starts).
    #[arg(long, default_value_t = 40)]
    pub turn_limit: u32,
    /// A running server to test, like `127.0.0.1:8080` (loopback addresses only). Without it,
    /// a server is started in this process on a temporary SQLite database. A server started by
    /// `warlord serve` needs `--create-per-minute 0`, as every game comes from one address.
    #[arg(long)]
    pub server: Option<String>,
}

/// What a load test measured.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Games started.
    pub games_started: u64,
    /// Games that reached their end.
    pub games_finished: u64,
    /// Actions accepted and seen back in a state.
    pub actions: u64,
    /// Actions refused, failed connections and time-outs.
    pub errors: u64,
    /// How long it ran.
    pub elapsed: Duration,
    /// Latencies of accepted actions, sorted, in microseconds.
    pub latencies_us: Vec<u64>,
}

impl Report {
    /// The latency at a quantile (0..=1), in milliseconds.
    #[must_use]
    pub fn quantile_ms(&self, q: f64) -> f64 {
        if self.latencies_us.is_empty() {
            return 0.0;
        }
        let i = ((self.latencies_us.len() - 1) as f64 * q).round() as usize;
        self.latencies_us[i] as f64 / 1000.0
    }

    /// Accepted actions per second.
    #[must_use]
    pub fn throughput(&self) -> f64 {
        self.actions as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "games started {}, finished {}", self.games_started, self.games_finished)?;
        writeln!(
            f,
            "actions {} in {:.1} s: {:.1} actions/s",
            self.actions,
            self.elapsed.as_secs_f64(),
            self.throughput()
        )?;
        writeln!(
            f,
            "latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            self.quantile_ms(0.5),
            self.quantile_ms(0.99),
            self.quantile_ms(1.0)
        )?;
        write!(f, "errors {}", self.errors)
    }
}

/// The parts of a server message a player reads.
#[derive(serde::Deserialize)]
struct Seen {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    seq: u64,
    #[serde(default)]
    outcome: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    legal: Vec<LegalText>,
}

/// A legal action's notation.
#[derive(serde::Deserialize)]
struct LegalText {
    text: String,
}

/// Runs the load test on its own runtime.
pub fn measure(args: &LoadtestArgs) -> anyhow::Result<Report> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(loadtest(args))
}

/// Runs the load test.
pub async fn loadtest(args: &LoadtestArgs) -> anyhow::Result<Report> {
    anyhow::ensure!((1..=5000).contains(&args.games), "--games must be 1 to 5000");
    anyhow::ensure!((1..=3600).contains(&args.seconds), "--seconds must be 1 to 3600");
    let (addr, local) = match &args.server {
        Some(server) => (loopback(server)?, None),
        None => {
            let dir = std::env::temp_dir().join(format!("warlord-loadtest-{}", std::process::id()));
            std::fs::create_dir_all(&dir)?;
            let url = crate::store::Store::sqlite_url(&dir.join("games.db"));
            let running = crate::serve::start(&url, SocketAddr::from(([127, 0, 0, 1], 0))).await?;
            // Every slot creates its games from this one address.
            running.games.set_create_limit(0);
            (running.addr, Some((running, dir)))
        }
    };
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let started = Instant::now();
    let tasks: Vec<_> = (0..args.games)
        .map(|slot| {
            let args = args.clone();
            tokio::spawn(async move { keep_playing(addr, &args, slot as u64, deadline).await })
        })
        .collect();
    let mut report = Report::default();
    for task in tasks {
        let part = task.await?;
        report.games_started += part.games_started;
        report.games_finished += part.games_finished;
        report.actions += part.actions;
        report.errors += part.errors;
        report.latencies_us.extend(part.latencies_us);
    }
    report.elapsed = started.elapsed();
    report.latencies_us.sort_unstable();
    if let Some((running, dir)) = local {
        running.stop();
        let _ = std::fs::remove_dir_all(dir);
    }
    Ok(report)
}

/// The address of a loopback server; anything else is refused.
fn loopback(server: &str) -> anyhow::Result<SocketAddr> {
    let hostport = server.trim_start_matches("http://").trim_end_matches('/');
    let addrs: Vec<SocketAddr> = hostport.to_socket_addrs()?.collect();
    anyhow::ensure!(
        !addrs.is_empty() && addrs.iter().all(|a| a.ip().is_loopback()),
        "the load test only targets loopback addresses (127.0.0.1, [::1], localhost), not `{server}`"
    );
    Ok(addrs[0])
}

/// One game slot: plays games one after another until the deadline.
async fn keep_playing(addr: SocketAddr, args: &LoadtestArgs, slot: u64, deadline: Instant) -> Report {
    let mut report = Report::default();
    let mut game = 0u64;
    // Games start spread over the first second, as people arrive, not all in one instant.
    tokio::time::sleep(Duration::from_micros(slot * 1_000_000 / args.games as u64)).await;
    while Instant::now() < deadline {
        report.games_started += 1;
        let body = serde_json::json!({
            "scenario": args.scenario,
            "mode": "live",
            "options": { "turn-limit": args.turn_limit },
        })
        .to_string();
        let created = match client::request(addr, "POST", "/api/games", None, Some(&body)).await {
            Ok(r) if r.status == 201 => r.json(),
            _ => {
                report.errors += 1;
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
        };
        let id = created["id"].as_str().unwrap_or_default().to_string();
        let players = ["white", "black"].map(|side| {
            let url =
                format!("ws://{addr}/api/games/{id}/ws?token={}", created[side]["token"].as_str().unwrap_or_default());
            let seed = slot << 32 | game << 1 | u64::from(side == "black");
            let think = args.think_ms;
            tokio::spawn(async move { play(url, think, seed, deadline).await })
        });
        game += 1;
        let mut finished = 0;
        for player in players {
            match player.await {
                Ok(part) => {
                    report.actions += part.actions;
                    report.errors += part.errors;
                    finished = finished.max(part.games_finished);
                    report.latencies_us.extend(part.latencies_us);
                }
                Err(_) => report.errors += 1,
            }
        }
        // Each player saw the end of its own game: the game counts once.
        report.games_finished += finished;
    }
    report
}

/// One player of one game: acts on its turns until the game ends or the deadline passes.
async fn play(url: String, think_ms: u64, seed: u64, deadline: Instant) -> Report {
    let mut report = Report::default();
    let Ok(Ok((mut socket, _))) =
        timeout(Duration::from_secs(10), tokio_tungstenite::connect_async(url.as_str())).await
    else {
        report.errors += 1;
        return report;
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pending: Option<(u64, Instant)> = None;
    let mut next_ref = 0u64;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok(Some(Ok(message))) = timeout(left, socket.next()).await else {
            break;
        };
        let Message::Text(text) = message else {
            continue;
        };
        let Ok(mut seen) = serde_json::from_str::<Seen>(&text) else {
            continue;
        };
        match seen.kind.as_str() {
            "error" => {
                report.errors += 1;
                pending = None;
            }
            "state" => {
                let seq = seen.seq;
                if let Some((sent_seq, sent_at)) = pending {
                    if seq <= sent_seq {
                        continue;
                    }
                    report.actions += 1;
                    report.latencies_us.push(sent_at.elapsed().as_micros() as u64);
                    pending = None;
                }
                if seen.outcome.is_some() {
                    report.games_finished = 1;
                    break;
                }
                if seen.legal.is_empty() {
                    continue;
                }
                let choice = seen.legal.swap_remove(rng.gen_range(0..seen.legal.len())).text;
                let think = rng.gen_range(think_ms / 2..=think_ms + think_ms / 2);
                tokio::time::sleep(Duration::from_millis(think)).await;
                if Instant::now() >= deadline {
                    break;
                }
                next_ref += 1;
                let act = serde_json::json!({ "type": "act", "actions": [choice], "seq": seq, "ref": next_ref });
                pending = Some((seq, Instant::now()));
                if socket.send(Message::Text(act.to_string().into())).await.is_err() {
                    report.errors += 1;
                    break;
                }
            }
            _ => {}
        }
    }
    let _ = socket.close(None).await;
    report
}
