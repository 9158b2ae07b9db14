//! Open challenges and the lobby: a game created as a challenge is listed with its scenario's
//! name, its clock, who waits and the side offered; the first to join gets that seat (once);
//! its creator may cancel it. Every test runs on SQLite, and on PostgreSQL when
//! `WARLORD_TEST_POSTGRES_URL` is set.

mod common;

use common::{create, databases, server, token};
use serde_json::{json, Value};
use std::net::SocketAddr;
use warlord_server::client;

/// The open challenges of the player `name` (the tests share one PostgreSQL database and run
/// at once, so each looks only at its own player's).
async fn open_challenges(addr: SocketAddr, name: &str) -> Vec<Value> {
    let answer = client::request(addr, "GET", "/api/games?open=true", None, None).await.unwrap();
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json().as_array().unwrap().iter().filter(|e| e["challenger"] == name).cloned().collect()
}

fn challenge(name: &str, side: &str) -> Value {
    json!({ "scenario": "chieftain", "mode": "live", "clock": { "initial_seconds": 300, "increment_seconds": 5 },
            "challenge": { "name": name, "side": side } })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_is_listed_joined_once_and_leaves_the_open_list() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let plain = create(addr, json!({ "scenario": "medieval", "mode": "correspondence", "public": true })).await;
        let created = create(addr, challenge("Alice", "white")).await;
        let id = created["id"].as_str().unwrap();
        assert!(created["white"]["token"].is_string());
        assert_eq!(created["black"], Value::Null, "the offered seat is not the creator's");

        let open = open_challenges(addr, "Alice").await;
        assert_eq!(open.len(), 1, "Alice's one challenge: {open:?}");
        let all = client::request(addr, "GET", "/api/games?open=true", None, None).await.unwrap().json();
        assert!(
            all.as_array().unwrap().iter().all(|e| e["id"] != plain["id"]),
            "a plain public game is no challenge: {all}"
        );
        let entry = &open[0];
        assert_eq!(entry["id"], id);
        assert_eq!(entry["scenario_name"], "Chieftain Chess");
        assert_eq!(entry["clock"], json!({ "initial_ms": 300_000, "increment_ms": 5_000 }));
        assert_eq!((entry["challenger"].as_str(), entry["open_side"].as_str()), (Some("Alice"), Some("black")));
        let all = client::request(addr, "GET", "/api/games", None, None).await.unwrap().json();
        let lobby = all.as_array().unwrap();
        assert!(lobby.iter().any(|g| g["id"] == id), "the lobby lists the challenge too: {all}");
        assert!(
            lobby.iter().any(|g| g["id"] == plain["id"] && g["open_side"].is_null()),
            "the lobby still lists the plain public game, with no open side: {all}"
        );

        let joined = client::request(addr, "POST", &format!("/api/games/{id}/join"), None, None).await.unwrap();
        assert_eq!(joined.status, 200, "{}", joined.body);
        let joined = joined.json();
        assert_eq!(joined["side"], "black");
        let seat = joined["token"].as_str().unwrap();
        assert_eq!(joined["path"], format!("/play/{id}#{seat}"));
        let view = common::state(addr, id, Some(seat)).await.json();
        assert_eq!(view["state"]["you"], "black", "the token handed over opens Black's seat");

        let again = client::request(addr, "POST", &format!("/api/games/{id}/join"), None, None).await.unwrap();
        assert_eq!(again.status, 409, "the seat is handed over once: {}", again.body);
        assert!(open_challenges(addr, "Alice").await.is_empty());
        let missing = client::request(addr, "POST", "/api/games/0000/join", None, None).await.unwrap();
        assert_eq!(missing.status, 409);
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_its_creator_cancels_a_challenge() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let created = create(addr, challenge("Bob", "black")).await;
        let id = created["id"].as_str().unwrap();
        assert_eq!(open_challenges(addr, "Bob").await[0]["open_side"], "white");
        let path = format!("/api/games/{id}/challenge");
        let spectator = token(&created, "spectator");
        let refused = client::request(addr, "DELETE", &path, Some(&spectator), None).await.unwrap();
        assert_eq!(refused.status, 403, "{}", refused.body);
        let cancelled = client::request(addr, "DELETE", &path, Some(&token(&created, "black")), None).await.unwrap();
        assert_eq!(cancelled.status, 200, "{}", cancelled.body);
        assert!(open_challenges(addr, "Bob").await.is_empty());
        let join = client::request(addr, "POST", &format!("/api/games/{id}/join"), None, None).await.unwrap();
        assert_eq!(join.status, 409, "a cancelled challenge cannot be joined");

        let refused = client::request(
            addr,
            "POST",
            "/api/games",
            None,
            Some(&json!({"scenario": "chieftain", "mode": "ai", "ai": {"side": "black"}, "challenge": {"name": "C", "side": "white"}}).to_string()),
        )
        .await
        .unwrap();
        assert_eq!(refused.status, 400, "{}", refused.body);
        server.stop();
    }
}
