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
}

#[tokio::test]
async fn only_loopback_servers_are_targets() {
    for far in ["10.1.2.3:8080", "192.168.0.1:80", "8.8.8.8:53"] {
        let e = loadtest(&args(Some(far))).await.unwrap_err();
        assert!(e.to_string().contains("loopback"), "{e}");
    }
}
