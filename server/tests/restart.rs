//! A game survives the server being killed (SIGKILL) between any two actions, on SQLite and
//! PostgreSQL, and more than one server process can serve one PostgreSQL database.

mod common;

use common::{create, databases, postgres, state, token, Process, Ws};
use serde_json::{json, Value};
use warlord_server::client;

async fn command(addr: std::net::SocketAddr, id: &str, token: &str, body: Value) -> client::Response {
    client::request(addr, "POST", &format!("/api/games/{id}/commands"), Some(token), Some(&body.to_string()))
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killing_the_server_between_actions_loses_nothing() {
    for db in databases() {
        let mut server = Process::start(&db);
        let created = create(server.addr, json!({"scenario": "chieftain", "mode": "correspondence"})).await;
        let id = created["id"].as_str().unwrap().to_string();
        let tokens = [token(&created, "white"), token(&created, "black")];
        let mut history: Vec<Value> = Vec::new();
        for step in 0..8 {
            let view = state(server.addr, &id, Some(&tokens[0])).await.json();
            let s = &view["state"];
            assert_eq!(s["seq"], json!(step), "{}: after restart {step}", db.name);
            if let Some(before) = history.last() {
                assert_eq!(s["pieces"], before["pieces"], "{}", db.name);
                assert_eq!(s["turn"], before["turn"], "{}", db.name);
                assert_eq!(s["moves"], before["moves"], "{}", db.name);
            }
            // The side to move plays one action (a move, or the end of its turn every third).
            let mover = if s["to_move"] == "white" { &tokens[0] } else { &tokens[1] };
            let mover_view = state(server.addr, &id, Some(mover)).await.json();
            let legal = mover_view["state"]["legal"].as_array().unwrap();
            let pick = legal.iter().find(|a| (step % 3 == 2) == (a["kind"] == "end")).unwrap_or(&legal[0]);
            let r = command(server.addr, &id, mover, json!({"type": "act", "actions": [pick["text"]]})).await;
            assert_eq!(r.status, 200, "{}", r.body);
            history.push(state(server.addr, &id, Some(&tokens[0])).await.json()["state"].clone());
            server.kill();
            server = Process::start(&db);
        }
        let record = client::request(server.addr, "GET", &format!("/api/games/{id}/record"), Some(&tokens[1]), None)
            .await
            .unwrap();
        assert!(record.body.contains("[Scenario \"chieftain\"]"), "{}", record.body);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_one_postgres_database() {
    let Some(db) = postgres() else {
        eprintln!("WARLORD_TEST_POSTGRES_URL is not set: the two-process test needs PostgreSQL");
        return;
    };
    let (a, b) = (Process::start(&db), Process::start(&db));
    let created = create(a.addr, json!({"scenario": "chieftain", "mode": "live"})).await;
    let id = created["id"].as_str().unwrap();
    let mut white = Ws::connect(a.addr, id, Some(&token(&created, "white"))).await;
    let mut black = Ws::connect(b.addr, id, Some(&token(&created, "black"))).await;
    let mut spectator = Ws::connect(b.addr, id, Some(&token(&created, "spectator"))).await;
    for turn in 0..4u64 {
        let (mover, other) = if turn % 2 == 0 { (&mut white, &mut black) } else { (&mut black, &mut white) };
        let s = mover.state_at(turn * 2).await;
        let action = s["legal"].as_array().unwrap().iter().find(|a| a["kind"] == "move").unwrap()["text"]
            .as_str()
            .unwrap()
            .to_string();
        let seq = mover.act(&[&action, "end"]).await;
        // The other process hears of it through NOTIFY and sends the new state.
        let seen = other.state_at(seq).await;
        assert_eq!(seen["moves"].as_array().unwrap().last().unwrap()["actions"][0]["text"], json!(action));
        assert_eq!(spectator.state_at(seq).await["seq"], json!(seq));
    }
    assert_eq!(black.refused(json!({"type": "act", "actions": ["end"]})).await, "not-your-turn");

    // White ends its turn through both processes at once: exactly one is accepted, the other
    // is refused (stale if it lost the race to the database, not-your-turn if it heard first).
    let mut white_on_b = Ws::connect(b.addr, id, Some(&token(&created, "white"))).await;
    white_on_b.state_at(8).await;
    let (first, second) = tokio::join!(
        white.ask(json!({"type": "act", "actions": ["end"], "seq": 8})),
        white_on_b.ask(json!({"type": "act", "actions": ["end"], "seq": 8}))
    );
    let answers = [first["type"].as_str().unwrap(), second["type"].as_str().unwrap()];
    assert_eq!(answers.iter().filter(|a| **a == "accepted").count(), 1, "{first} {second}");
    let refused = if first["type"] == "error" { &first } else { &second };
    assert!(["stale", "not-your-turn"].contains(&refused["error"]["code"].as_str().unwrap()), "{refused}");
    assert_eq!(spectator.state_at(9).await["to_move"], "black");
}
