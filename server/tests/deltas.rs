//! States sent as changes: after the first whole state of a connection, every change is sent
//! as a `delta`, which rebuilds exactly the state a fresh connection gets; a `sync` gets the
//! whole state again. Runs on SQLite, and on PostgreSQL when `WARLORD_TEST_POSTGRES_URL` is set.

mod common;

use common::{create, databases, server, token, Ws};
use serde_json::{json, Value};

/// A state without its clocks (which move with time).
fn timeless(mut state: Value) -> Value {
    state["clock"] = Value::Null;
    state
}

/// The whole state a new connection of the seat of `token` is sent.
async fn fresh_state(addr: std::net::SocketAddr, id: &str, token: &str) -> Value {
    let mut ws = Ws::connect(addr, id, Some(token)).await;
    assert_eq!(ws.next().await["type"], "game");
    let state = ws.next().await;
    assert_eq!(state["type"], "state", "a connection starts with a whole state");
    state
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deltas_rebuild_the_state_a_new_connection_gets() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let created = create(addr, json!({ "scenario": "chieftain", "mode": "live" })).await;
        let id = created["id"].as_str().unwrap();
        let tokens = ["white", "black", "spectator"].map(|seat| token(&created, seat));
        let mut sockets = Vec::new();
        for t in &tokens {
            let mut ws = Ws::connect(addr, id, Some(t)).await;
            ws.state_at(0).await;
            sockets.push(ws);
        }
        // Moves, captures and ends of turns alike: the n-th legal action, 30 times.
        for n in 0..30usize {
            let mover = if sockets[0].last_state["to_move"] == "white" { 0 } else { 1 };
            let legal = sockets[mover].last_state["legal"].as_array().unwrap().clone();
            if legal.is_empty() {
                break;
            }
            let action = legal[(n * 7) % legal.len()]["text"].as_str().unwrap().to_string();
            let seq = sockets[mover].act(&[&action]).await;
            for (ws, t) in sockets.iter_mut().zip(&tokens) {
                let rebuilt = ws.state_at(seq).await;
                assert_eq!(timeless(rebuilt), timeless(fresh_state(addr, id, t).await), "{} after {action}", db.name);
            }
        }
        // Offers too: every field of a state is rebuilt from the deltas, not only the board.
        let mover = if sockets[0].last_state["to_move"] == "white" { 0 } else { 1 };
        for offer in ["offer-draw", "offer-takeback"] {
            sockets[1 - mover].ask(json!({ "type": offer })).await;
            let seq = sockets[mover].last_state["seq"].as_u64().unwrap() + 1;
            for (ws, t) in sockets.iter_mut().zip(&tokens) {
                let rebuilt = ws.state_at(seq).await;
                assert_eq!(timeless(rebuilt), timeless(fresh_state(addr, id, t).await), "{} after {offer}", db.name);
            }
        }
        for ws in &sockets {
            let deltas = ws.log.iter().filter(|m| m.starts_with(r#"{"type":"delta""#)).count();
            let states = ws.log.iter().filter(|m| m.starts_with(r#"{"type":"state""#)).count();
            assert_eq!(states, 1, "{}: only the first state is whole", db.name);
            assert!(deltas >= 30, "{}: every change is a delta ({deltas})", db.name);
        }
        // A delta is much smaller than the state it makes.
        let spectator = &sockets[2];
        let last_delta = spectator.log.iter().rev().find(|m| m.starts_with(r#"{"type":"delta""#)).unwrap();
        assert!(last_delta.len() * 2 < spectator.last_state.to_string().len(), "{last_delta}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sync_is_answered_with_the_whole_state() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let created = create(addr, json!({ "scenario": "chieftain", "mode": "live" })).await;
        let id = created["id"].as_str().unwrap();
        let mut white = Ws::connect(addr, id, Some(&token(&created, "white"))).await;
        let start = white.state_at(0).await;
        let action = start["legal"][0]["text"].as_str().unwrap().to_string();
        let seq = white.act(&[&action]).await;
        let rebuilt = white.state_at(seq).await;
        white.send_text(r#"{"type":"sync"}"#).await;
        let whole = white.until(|v| v["type"] == "state").await;
        assert_eq!(white.log.last().map(|m| m.starts_with(r#"{"type":"state""#)), Some(true), "{}", db.name);
        assert_eq!(timeless(whole), timeless(rebuilt), "{}", db.name);
    }
}
