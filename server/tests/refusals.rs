//! Every refusal of the API is in the documented JSON shape, including those the framework
//! makes by itself, and echoes no outside input whole.

mod common;

use common::{databases, server};
use warlord_server::client;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_the_framework_makes_are_json_with_their_status_and_headers() {
    let db = &databases()[0];
    let server = server(db).await;
    let addr = server.addr;

    let put = client::request(addr, "PUT", "/api/games", None, Some("{}")).await.unwrap();
    assert_eq!(put.status, 405, "{}", put.body);
    assert_eq!(put.json()["error"]["code"], "method-not-allowed", "{}", put.body);

    let big = "a".repeat(5_000_000);
    let over = client::request(addr, "POST", "/api/records/parse", None, Some(&big)).await.unwrap();
    assert_eq!(over.status, 413);
    assert_eq!(over.json()["error"]["code"], "too-large", "{}", over.body);

    let no_upgrade = client::request(addr, "GET", "/api/games/0123456789abcdef/ws", None, None).await.unwrap();
    assert!((400..500).contains(&no_upgrade.status), "{}", no_upgrade.status);
    assert!(no_upgrade.json()["error"]["code"].is_string(), "{}", no_upgrade.body);

    let unknown = client::request(addr, "GET", "/api/nonsense", None, None).await.unwrap();
    assert_eq!((unknown.status, unknown.json()["error"]["code"].as_str()), (404, Some("not-found")));
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_huge_option_value_or_name_is_not_echoed_whole() {
    let db = &databases()[0];
    let server = server(db).await;
    let long = |n: usize| "x".repeat(n);
    let requests = [
        (
            "/api/games",
            serde_json::json!({"scenario": "chieftain", "mode": "correspondence", "options": {"turn-limit": long(12_000)}}),
        ),
        (
            "/api/games",
            serde_json::json!({"scenario": "chieftain", "mode": "correspondence", "options": {long(12_000): "1"}}),
        ),
        ("/api/analysis", serde_json::json!({"scenario": "chieftain", "options": {"turn-limit": long(1_000_000)}})),
        ("/api/analysis", serde_json::json!({"scenario": "chieftain", "options": {long(1_000_000): "1"}})),
        ("/api/analysis", serde_json::json!({"scenario": "chieftain", "actions": [long(1_000_000)]})),
    ];
    for (path, body) in requests {
        let answer = client::request(server.addr, "POST", path, None, Some(&body.to_string())).await.unwrap();
        assert_eq!(answer.status, 400, "{path}: {}", &answer.body[..answer.body.len().min(300)]);
        assert!(answer.body.len() < 2_000, "{path}: the answer echoes {} bytes", answer.body.len());
    }
    server.stop();
}
