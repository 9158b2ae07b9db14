//! The lab's throughput (docs/BENCHMARKS.md, lab section): games per core-minute at each level
//! of the committed studies (docs/lab/every-scenario-*.toml: the cheap level, greedy against
//! greedy at 200 nodes a turn, and the champion's, champion against champion at 3000), turn
//! limit 80, on Chieftain Chess and Border War, with one worker thread and with two, each game
//! stored in a SQLite database.
//! Core time is the process's user + system time (from /proc/self/stat), so that the figure
//! holds on a loaded machine; wall time is printed beside it.
//!
//! `cargo bench -p warlord-lab --bench throughput` (`LAB_BENCH_GAMES=N` games a run, default 12).

use std::time::{Duration, Instant};
use warlord_lab::{run_study, Lab, RunOptions, Study};

/// The seconds of CPU this process has used, all threads (Linux; `None` elsewhere).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok());
    // After the command name: state is field 0, utime 11 and stime 12, in clock ticks (100 a second).
    Some((ticks(11)? + ticks(12)?) / 100.0)
}

fn main() {
    let games: u32 = std::env::var("LAB_BENCH_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(12);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average at start: {}", load.split_whitespace().take(3).collect::<Vec<_>>().join(" "));
    println!(
        "{:<16} {:<12} {:>7} {:>6} {:>9} {:>9} {:>18} {:>16}",
        "level", "scenario", "threads", "games", "wall s", "core s", "games/core-minute", "games/minute"
    );
    let levels = [("greedy", "200n"), ("champion", "3000n")];
    for ((agent, budget), scenario) in levels.iter().flat_map(|l| ["chieftain", "border-war"].map(move |s| (l, s))) {
        for threads in [1usize, 2] {
            let text = format!(
                "name = \"throughput-{agent}-{scenario}-{threads}\"\nseed = 5\ngames = {games}\nturn-limit = 80\n\
                 scenarios = [\"{scenario}\"]\n[players]\nwhite = \"{agent}\"\nblack = \"{agent}\"\nbudget = \"{budget}\"\n"
            );
            let dir = match tempfile::tempdir() {
                Ok(d) => d,
                Err(e) => return eprintln!("no temporary folder: {e}"),
            };
            let study = match Study::parse(&text, &dir.path().join("bench.toml")) {
                Ok(s) => s,
                Err(e) => return eprintln!("{e}"),
            };
            let lab = match Lab::open(&Lab::sqlite_url(&dir.path().join("bench.sqlite"))) {
                Ok(l) => l,
                Err(e) => return eprintln!("{e}"),
            };
            let options =
                RunOptions { threads, batch: 1, reclaim_after: Duration::from_secs(600), worker: "bench".into() };
            let (cpu0, t0) = (cpu_seconds(), Instant::now());
            if let Err(e) = run_study(&lab, &study, &options, &|_| {}) {
                return eprintln!("{e}");
            }
            let wall = t0.elapsed().as_secs_f64();
            let core = cpu_seconds().zip(cpu0).map_or(wall, |(b, a)| b - a);
            println!(
                "{:<16} {scenario:<12} {threads:>7} {games:>6} {wall:>9.1} {core:>9.1} {:>18.1} {:>16.1}",
                format!("{agent} {budget}"),
                f64::from(games) * 60.0 / core.max(1e-9),
                f64::from(games) * 60.0 / wall.max(1e-9)
            );
        }
    }
}
