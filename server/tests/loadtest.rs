//! The load generator plays real games against an in-process server and measures them, and
//! never targets anything but loopback.

use warlord_server::loadtest::{loadtest, LoadtestArgs};

fn args(server: Option<&str>) -> LoadtestArgs {
    LoadtestArgs {
        games: 4,
        seconds: 3,
        think_ms: 20,
        scenario: "chieftain".into(),
        turn_limit: 2,
        server: server.map(str::to_string),
        warm_up: 0,
        ramp_up: 1,
        timeline: false,
        client_threads: 1,
        storm: Default::default(),
        limits: Default::default(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_load_test_plays_games_to_their_end() {
    let report = loadtest(&args(None)).await.unwrap();
    assert_eq!(report.errors, 0, "{report}");
    assert!(report.actions > 10, "{report}");
    assert!(report.games_finished > 4, "turn limit 2 ends games quickly, and new ones start: {report}");
    assert_eq!(report.latencies_us.len() as u64, report.actions);
    assert!(report.quantile_ms(0.5) <= report.quantile_ms(0.99));
    assert!(report.after_warm_up.is_none());
    assert!(report.timeline.is_empty(), "only asked for");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_timeline_gives_each_whole_second_after_the_first() {
    let report = loadtest(&LoadtestArgs { timeline: true, ..args(None) }).await.unwrap();
    let seconds: Vec<u64> = report.timeline.iter().map(|w| w.index).collect();
    assert_eq!(seconds, (1..report.elapsed.as_secs()).collect::<Vec<_>>(), "{report}");
    for w in &report.timeline {
        assert!(!w.storm, "a timeline has no storm: {report}");
        // Nothing is sent after the run's time (a second that ends after it may be empty).
        assert!(w.actions > 0 || w.index >= 3, "{report}");
        assert!(w.p50_ms <= w.p99_ms && w.p99_ms <= w.max_ms, "{report}");
    }
    let counted: usize = report.timeline.iter().map(|w| w.actions).sum();
    assert!(counted < report.actions as usize, "the first second is left out: {report}");
    assert!(report.to_string().contains("\nsecond    1: "), "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_warm_up_leaves_the_actions_sent_in_it_out_of_a_second_latency_line() {
    let mut args = args(None);
    args.warm_up = 2;
    let report = loadtest(&args).await.unwrap();
    let (warm_up, after) = report.after_warm_up.clone().expect("the latencies after the warm-up");
    assert_eq!(warm_up.as_secs(), 2);
    let sent_after = report.samples.iter().filter(|&&(at_ms, _)| at_ms >= 2000).count();
    assert!(sent_after > 0 && sent_after < report.latencies_us.len(), "{report}");
    assert_eq!(after.len(), sent_after, "{report}");
    assert!(after.windows(2).all(|w| w[0] <= w[1]), "sorted");
    assert!(report.to_string().contains("after the first 2 s:"), "{report}");
}

#[tokio::test]
async fn only_loopback_servers_are_targets() {
    for far in ["10.1.2.3:8080", "192.168.0.1:80", "8.8.8.8:53"] {
        let e = loadtest(&args(Some(far))).await.unwrap_err();
        assert!(e.to_string().contains("loopback"), "{e}");
    }
}

#[tokio::test]
async fn a_ramp_up_as_long_as_the_run_is_refused() {
    let e = loadtest(&LoadtestArgs { ramp_up: 3, ..args(None) }).await.unwrap_err();
    assert!(e.to_string().contains("--ramp-up"), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_thread_for_the_players_is_refused() {
    let e = loadtest(&LoadtestArgs { client_threads: 0, ..args(None) }).await.unwrap_err();
    assert!(e.to_string().contains("--client-threads"), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_several_threads_play_as_on_one() {
    let report = loadtest(&LoadtestArgs { client_threads: 2, ..args(None) }).await.unwrap();
    assert_eq!(report.errors, 0, "{report}");
    assert!(report.actions > 10, "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_abuse_mode_storms_in_every_other_window_and_reports_both_kinds() {
    let mut args = args(None);
    args.seconds = 5;
    args.storm = warlord_server::storm::StormArgs {
        abuse: true,
        window_seconds: 1,
        abuse_heavy: 2,
        abuse_line_actions: 300,
        abuse_ai_games: 2,
        abuse_silent: 5,
        abuse_burst: 3,
    };
    let report = loadtest(&args).await.unwrap();
    let storm = report.storm.clone().expect("the storm's counts");
    assert!(storm.heavy_done + storm.heavy_busy > 0, "{report}");
    assert!(storm.ai_games > 0 && storm.ai_resigned == storm.ai_games, "{report}");
    assert!(storm.silent > 0 && storm.burst_created > 0, "{report}");
    // Windows 1 to 4 are counted (0 is the warm-up): storm, calm, storm, calm.
    let kinds: Vec<bool> = report.windows.iter().map(|w| w.storm).collect();
    assert_eq!(kinds[..3], [true, false, true], "{report}");
    assert!(report.window_medians(true).2 >= 2 && report.window_medians(false).2 >= 1, "{report}");
    assert!(report.ai.is_some(), "{report}");
    assert!(report.to_string().contains("storm windows"), "{report}");
}
