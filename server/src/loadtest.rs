//! `warlord loadtest`: plays many concurrent games of random legal actions over WebSockets on
//! loopback, as two players per game would, and reports throughput and latency.
//!
//! Each player waits for its turn, "thinks" for a random time around `--think-ms`, picks one of
//! the legal actions the server sent, sends it and measures the time until the state that
//! includes it arrives (validation, commit, broadcast and rendering included). A game that ends
//! is replaced by a new one until the time is up, so `--games` games are always in progress.
//!
//! With `--abuse`, the run alternates calm and storm windows (`crate::storm`): the normal
//! players go on playing while one abusive client floods the server in every other window, and
//! the report gives the normal players' latency in each kind of window, as medians over the
//! windows.

mod seen;

use crate::client;
use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use seen::{Kind, Legal, Seen};
use std::net::{SocketAddr, ToSocketAddrs};
use std::time::{Duration, Instant};
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
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
    /// Seconds at the start (while the games are created and their players connect) whose
    /// actions the report also gives apart from the rest: a second latency line, for the
    /// actions sent after them. 0 (the default) gives only the whole run's.
    #[arg(long, default_value_t = 0)]
    pub warm_up: u64,
    /// Seconds over which the games start, evenly spread (as people arrive), rather than all
    /// in the first second (the default, 1); 0 starts them all at once.
    #[arg(long, default_value_t = 1)]
    pub ramp_up: u64,
    /// Also print each second's actions and latency (p50, p99, max), to see when a slow
    /// action came: a steady load, or a pause of the whole server.
    #[arg(long)]
    pub timeline: bool,
    /// The threads the players run on, apart from the server's (an in-process server keeps
    /// its own). One thread plays some 12,000 actions a second and spends nothing on waking
    /// another: the load generator takes less of the cores it shares with the server.
    #[arg(long, default_value_t = 1)]
    pub client_threads: usize,
    /// The abuse mode: storms beside the normal players.
    #[command(flatten)]
    pub storm: crate::storm::StormArgs,
    /// The limits of the server started in this process (as `warlord serve` takes them).
    #[command(flatten)]
    pub limits: crate::Limits,
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
    /// With `--warm-up`: its length, and the latencies of the actions sent after it, sorted,
    /// in microseconds.
    pub after_warm_up: Option<(Duration, Vec<u64>)>,
    /// Each accepted action's sending time (milliseconds from the start) and latency
    /// (microseconds), in no order.
    pub samples: Vec<(u64, u64)>,
    /// With `--abuse`: the normal players' latency in each counted window, in order.
    pub windows: Vec<WindowReport>,
    /// With `--timeline`: each second's actions and latency, in order.
    pub timeline: Vec<WindowReport>,
    /// With `--abuse`: what the abuser did.
    pub storm: Option<crate::storm::StormCounts>,
    /// With `--abuse` and a server in this process: the AI scheduler's counts at the end.
    pub ai: Option<crate::scheduler::AiStats>,
}

/// The normal players' latency in one window of time (of an `--abuse` run, or a second of
/// `--timeline`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WindowReport {
    /// The window's index (0 is the uncounted warm-up).
    pub index: u64,
    /// Whether the storm blew in it (an `--abuse` window; false in a timeline).
    pub storm: bool,
    /// Actions sent in it and accepted.
    pub actions: usize,
    /// Their median latency, in milliseconds.
    pub p50_ms: f64,
    /// Their 99th percentile latency, in milliseconds.
    pub p99_ms: f64,
    /// Their longest latency, in milliseconds.
    pub max_ms: f64,
}

/// The latency at a quantile (0..=1) of sorted microseconds, in milliseconds.
fn quantile_ms(sorted_us: &[u64], q: f64) -> f64 {
    if sorted_us.is_empty() {
        return 0.0;
    }
    let i = ((sorted_us.len() - 1) as f64 * q).round() as usize;
    sorted_us[i] as f64 / 1000.0
}

/// The median of some figures (0 if none).
fn median(mut values: Vec<f64>) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

impl Report {
    /// The latency at a quantile (0..=1), in milliseconds.
    #[must_use]
    pub fn quantile_ms(&self, q: f64) -> f64 {
        quantile_ms(&self.latencies_us, q)
    }

    /// With `--abuse`: the medians over the calm windows (`storm` false) or the storm windows
    /// of the normal players' p50 and p99 latency, in milliseconds, and the windows counted.
    #[must_use]
    pub fn window_medians(&self, storm: bool) -> (f64, f64, usize) {
        let windows: Vec<&WindowReport> = self.windows.iter().filter(|w| w.storm == storm).collect();
        (
            median(windows.iter().map(|w| w.p50_ms).collect()),
            median(windows.iter().map(|w| w.p99_ms).collect()),
            windows.len(),
        )
    }

    /// `warm_up`, and the latencies of the actions sent after it, sorted.
    fn after(&self, warm_up: Duration) -> (Duration, Vec<u64>) {
        let from_ms = warm_up.as_millis() as u64;
        let mut latencies: Vec<u64> =
            self.samples.iter().filter(|&&(at_ms, _)| at_ms >= from_ms).map(|&(_, latency)| latency).collect();
        latencies.sort_unstable();
        (warm_up, latencies)
    }

    /// The samples in windows of `length`, in order: the first (a warm-up) and a last partial
    /// one left out; a window is a storm's if `storm` says so of its index.
    fn windows_of(&self, length: Duration, storm: impl Fn(u64) -> bool) -> Vec<WindowReport> {
        let length_ms = length.as_millis().max(1) as u64;
        let full = self.elapsed.as_millis() as u64 / length_ms;
        let mut by_window: Vec<Vec<u64>> = vec![Vec::new(); full as usize];
        for &(at_ms, latency_us) in &self.samples {
            let i = at_ms / length_ms;
            if (1..full).contains(&i) {
                by_window[i as usize].push(latency_us);
            }
        }
        by_window
            .into_iter()
            .enumerate()
            .skip(1)
            .map(|(i, mut latencies)| {
                latencies.sort_unstable();
                WindowReport {
                    index: i as u64,
                    storm: storm(i as u64),
                    actions: latencies.len(),
                    p50_ms: quantile_ms(&latencies, 0.5),
                    p99_ms: quantile_ms(&latencies, 0.99),
                    max_ms: quantile_ms(&latencies, 1.0),
                }
            })
            .collect()
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
        if let Some((warm_up, latencies)) = &self.after_warm_up {
            writeln!(
                f,
                "after the first {} s: {} actions, latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                warm_up.as_secs(),
                latencies.len(),
                quantile_ms(latencies, 0.5),
                quantile_ms(latencies, 0.99),
                quantile_ms(latencies, 1.0)
            )?;
        }
        write!(f, "errors {}", self.errors)?;
        for w in &self.timeline {
            write!(
                f,
                "\nsecond {:>4}: {:>5} actions, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                w.index, w.actions, w.p50_ms, w.p99_ms, w.max_ms
            )?;
        }
        if let Some(storm) = &self.storm {
            for w in &self.windows {
                write!(
                    f,
                    "\nwindow {:>2} {}: {:>5} actions, p50 {:.2} ms, p99 {:.2} ms",
                    w.index,
                    if w.storm { "storm" } else { "calm " },
                    w.actions,
                    w.p50_ms,
                    w.p99_ms
                )?;
            }
            for (name, is_storm) in [("calm ", false), ("storm", true)] {
                let (p50, p99, n) = self.window_medians(is_storm);
                write!(f, "\n{name} windows ({n}): median p50 {p50:.2} ms, median p99 {p99:.2} ms")?;
            }
            write!(f, "\n{storm}")?;
            if let Some(ai) = &self.ai {
                write!(
                    f,
                    "\nAI: {} turns played, {} dropped while queued, {} stopped while running",
                    ai.finished, ai.dropped, ai.stopped
                )?;
            }
        }
        Ok(())
    }
}

/// An action as a player sends it (the fields in the order `serde_json::json!` wrote them).
#[derive(serde::Serialize)]
struct Act<'a> {
    actions: [&'a str; 1],
    #[serde(rename = "ref")]
    reference: u64,
    seq: u64,
    #[serde(rename = "type")]
    kind: &'static str,
}

/// The bytes a player's WebSocket reads at a time: a state is 5 to 40 KiB.
const CLIENT_READ_BUFFER_BYTES: usize = 8 << 10;

/// Runs the load test on its own runtime.
pub fn measure(args: &LoadtestArgs) -> anyhow::Result<Report> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(loadtest(args))
}

/// Runs the load test.
pub async fn loadtest(args: &LoadtestArgs) -> anyhow::Result<Report> {
    anyhow::ensure!((1..=5000).contains(&args.games), "--games must be 1 to 5000");
    anyhow::ensure!((1..=3600).contains(&args.seconds), "--seconds must be 1 to 3600");
    anyhow::ensure!(args.ramp_up < args.seconds, "--ramp-up must be shorter than --seconds");
    anyhow::ensure!(args.client_threads >= 1, "--client-threads must be at least 1");
    let (addr, local) = match &args.server {
        Some(server) => (loopback(server)?, None),
        None => {
            // A directory of its own, even for two runs in one process at once.
            static RUNS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
            let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let dir = std::env::temp_dir().join(format!("warlord-loadtest-{}-{run}", std::process::id()));
            std::fs::create_dir_all(&dir)?;
            let url = crate::store::Store::sqlite_url(&dir.join("games.db"));
            // The players' own connections (two a game) come on top of the connection cap.
            let limits = crate::Limits { max_connections: args.limits.max_connections + 2 * args.games, ..args.limits };
            let running = crate::serve::start_with(&url, SocketAddr::from(([127, 0, 0, 1], 0)), limits).await?;
            // Every slot creates its games from this one address.
            running.games.set_create_limit(0);
            (running.addr, Some((running, dir)))
        }
    };
    let started = Instant::now();
    let deadline = started + Duration::from_secs(args.seconds);
    let windows = crate::storm::Windows { started, length: Duration::from_secs(args.storm.window_seconds.max(1)) };
    let storm = args.storm.abuse.then(|| tokio::spawn(crate::storm::run(addr, args.storm.clone(), windows, deadline)));
    let mut report = players(addr, args, started, deadline).await?;
    report.elapsed = started.elapsed();
    report.latencies_us.sort_unstable();
    if args.warm_up > 0 {
        report.after_warm_up = Some(report.after(Duration::from_secs(args.warm_up)));
    }
    if args.timeline {
        report.timeline = report.windows_of(Duration::from_secs(1), |_| false);
    }
    if let Some(storm) = storm {
        report.storm = Some(storm.await?);
        report.windows = report.windows_of(windows.length, crate::storm::Windows::is_storm);
        report.ai = local.as_ref().map(|(running, _)| running.games.ai_stats());
    }
    if let Some((running, dir)) = local {
        running.stop();
        let _ = std::fs::remove_dir_all(dir);
    }
    Ok(report)
}

/// Plays every game slot until `deadline` on a runtime of `args.client_threads` threads of
/// its own, and sums their reports.
async fn players(addr: SocketAddr, args: &LoadtestArgs, started: Instant, deadline: Instant) -> anyhow::Result<Report> {
    let runtime = match args.client_threads {
        1 => tokio::runtime::Builder::new_current_thread().enable_all().build()?,
        n => tokio::runtime::Builder::new_multi_thread().worker_threads(n).enable_all().build()?,
    };
    let (done, report) = tokio::sync::oneshot::channel();
    let args = args.clone();
    std::thread::Builder::new().name("loadtest-players".into()).spawn(move || {
        let report = runtime.block_on(async {
            let tasks: Vec<_> = (0..args.games)
                .map(|slot| {
                    let args = args.clone();
                    tokio::spawn(async move { keep_playing(addr, &args, slot as u64, started, deadline).await })
                })
                .collect();
            let mut report = Report::default();
            for task in tasks {
                let Ok(part) = task.await else {
                    report.errors += 1;
                    continue;
                };
                report.games_started += part.games_started;
                report.games_finished += part.games_finished;
                report.actions += part.actions;
                report.errors += part.errors;
                report.latencies_us.extend(part.latencies_us);
                report.samples.extend(part.samples);
            }
            report
        });
        let _ = done.send(report);
    })?;
    Ok(report.await?)
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
async fn keep_playing(addr: SocketAddr, args: &LoadtestArgs, slot: u64, started: Instant, deadline: Instant) -> Report {
    let mut report = Report::default();
    let mut game = 0u64;
    // Games start spread over the ramp-up, as people arrive, not all in one instant.
    tokio::time::sleep(Duration::from_micros(slot * args.ramp_up * 1_000_000 / args.games as u64)).await;
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
            tokio::spawn(async move { play(url, think, seed, started, deadline).await })
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
                    report.samples.extend(part.samples);
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
async fn play(url: String, think_ms: u64, seed: u64, started: Instant, deadline: Instant) -> Report {
    let mut report = Report::default();
    let config = WebSocketConfig::default().read_buffer_size(CLIENT_READ_BUFFER_BYTES);
    let Ok(Ok((mut socket, _))) = timeout(
        Duration::from_secs(10),
        tokio_tungstenite::connect_async_with_config(url.as_str(), Some(config), false),
    )
    .await
    else {
        report.errors += 1;
        return report;
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let mut legal = Legal::default();
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
        let Ok(seen) = Seen::read(&text, &mut legal) else {
            continue;
        };
        match seen.kind {
            Kind::Error => {
                report.errors += 1;
                pending = None;
            }
            Kind::State | Kind::Delta => {
                let seq = seen.seq;
                if let Some((sent_seq, sent_at)) = pending {
                    if seq <= sent_seq {
                        continue;
                    }
                    report.actions += 1;
                    let latency = sent_at.elapsed().as_micros() as u64;
                    report.latencies_us.push(latency);
                    report.samples.push(((sent_at - started).as_millis() as u64, latency));
                    pending = None;
                }
                if seen.over {
                    report.games_finished = 1;
                    break;
                }
                if legal.is_stale() {
                    // A delta of a state this player does not hold (the server never sends
                    // one): counted, and the whole state asked for.
                    report.errors += 1;
                    if socket.send(Message::Text(r#"{"type":"sync"}"#.into())).await.is_err() {
                        break;
                    }
                    continue;
                }
                let Ok(Some(choice)) = legal.choose(&mut rng) else {
                    continue;
                };
                let think = rng.gen_range(think_ms / 2..=think_ms + think_ms / 2);
                tokio::time::sleep(Duration::from_millis(think)).await;
                if Instant::now() >= deadline {
                    break;
                }
                next_ref += 1;
                let act = Act { actions: [&choice], reference: next_ref, seq, kind: "act" };
                let Ok(act) = serde_json::to_string(&act) else {
                    report.errors += 1;
                    break;
                };
                pending = Some((seq, Instant::now()));
                if socket.send(Message::Text(act.into())).await.is_err() {
                    report.errors += 1;
                    break;
                }
            }
            Kind::Other => {}
        }
    }
    let _ = socket.close(None).await;
    report
}
