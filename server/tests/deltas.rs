//! States sent as changes: after the first whole state of a connection, every change is sent
//! as a `delta`, which rebuilds exactly the state a fresh connection gets; a `sync` gets the
//! whole state again. Runs on SQLite, and on PostgreSQL when `WARLORD_TEST_POSTGRES_URL` is set.

mod common;

use common::{apply_delta, create, databases, server, token, Ws};
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

/// A new live game of `scenario` with a connection for each seat (White, Black, a spectator),
/// each past its first whole state: the game's id, the seats' tokens and their connections.
async fn watched_game(addr: std::net::SocketAddr, scenario: &str) -> (String, [String; 3], Vec<Ws>) {
    let created = create(addr, json!({ "scenario": scenario, "mode": "live" })).await;
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = ["white", "black", "spectator"].map(|seat| token(&created, seat));
    let mut sockets = Vec::new();
    for t in &tokens {
        let mut ws = Ws::connect(addr, &id, Some(t)).await;
        ws.state_at(0).await;
        sockets.push(ws);
    }
    (id, tokens, sockets)
}

/// Plays up to `count` actions in the game `id` (the `pick(n, number of legal actions)`-th
/// legal action of the side to move), checking after each that the state every seat (`tokens`,
/// `sockets`: White, Black, a spectator) rebuilt from its deltas is the whole state a new
/// connection of the seat gets.
async fn play_checking(
    addr: std::net::SocketAddr,
    id: &str,
    tokens: &[String],
    sockets: &mut [Ws],
    count: usize,
    name: &str,
    mut pick: impl FnMut(usize, usize) -> usize,
) {
    for n in 0..count {
        let mover = if sockets[0].last_state["to_move"] == "white" { 0 } else { 1 };
        let legal = sockets[mover].last_state["legal"].as_array().unwrap().clone();
        if legal.is_empty() {
            break;
        }
        let action = legal[pick(n, legal.len())]["text"].as_str().unwrap().to_string();
        let seq = sockets[mover].act(&[&action]).await;
        for (ws, t) in sockets.iter_mut().zip(tokens) {
            let rebuilt = ws.state_at(seq).await;
            assert_eq!(timeless(rebuilt), timeless(fresh_state(addr, id, t).await), "{name} after {action}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deltas_rebuild_the_state_a_new_connection_gets() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let (id, tokens, mut sockets) = watched_game(addr, "chieftain").await;
        let id = id.as_str();
        // Moves, captures and ends of turns alike: the n-th legal action, 30 times.
        play_checking(addr, id, &tokens, &mut sockets, 30, db.name, |n, count| (n * 7) % count).await;
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

/// Random games of a few scenarios: within a turn the mover's legal actions come as patches
/// of the list it holds, and at every state each seat's list rebuilt from them is, action for
/// action, the list a new connection gets.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_movers_legal_actions_come_as_patches_that_rebuild_the_list() {
    use rand::{Rng, SeedableRng};
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let (mut patches, mut sent, mut listed) = (0, 0, 0);
        for (seed, scenario) in ["chieftain", "test-of-wills", "hex-skirmish", "warlord-2"].into_iter().enumerate() {
            let (id, tokens, mut sockets) = watched_game(addr, scenario).await;
            let id = id.as_str();
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed as u64);
            let name = format!("{}, {scenario}", db.name);
            play_checking(addr, id, &tokens, &mut sockets, 25, &name, |_, count| rng.gen_range(0..count)).await;
            // The players' messages replayed: the actions sent in each patch, and in the list it made.
            for ws in &sockets[..2] {
                let mut state = Value::Null;
                for message in &ws.log {
                    let message: Value = serde_json::from_str(message).unwrap();
                    if message["type"] == "state" {
                        state = message;
                    } else if message["type"] == "delta" {
                        apply_delta(&mut state, &message);
                        if message["legal"].is_object() {
                            patches += 1;
                            sent += message["legal"]["add"].as_array().unwrap().len();
                            listed += state["legal"].as_array().unwrap().len();
                        }
                    }
                }
            }
        }
        assert!(patches >= 20, "{}: {patches} patches", db.name);
        assert!(sent * 4 < listed, "{}: {sent} actions sent in patches of lists of {listed}", db.name);
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
