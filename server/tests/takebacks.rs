//! Takeback requests over the API: asked, declined, granted (the turns taken back leave the
//! move list, the record and the results, and the stored log replays to the same game after a
//! reload), and granted at once by the AI. Every test runs on SQLite, and on PostgreSQL when
//! `WARLORD_TEST_POSTGRES_URL` is set.

mod common;

use common::{create, databases, evict, server, state, token, Ws};
use serde_json::{json, Value};
use warlord_server::client;

fn first_move(state: &Value) -> String {
    let legal = state["legal"].as_array().expect("legal actions");
    legal.iter().find(|a| a["kind"] == "move").unwrap_or_else(|| panic!("no move in {state}"))["text"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_is_asked_declined_then_granted_and_survives_a_reload() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let created = create(addr, json!({ "scenario": "chieftain", "mode": "live" })).await;
        let id = created["id"].as_str().unwrap();
        let (white_token, black_token) = (token(&created, "white"), token(&created, "black"));
        let mut white = Ws::connect(addr, id, Some(&white_token)).await;
        let mut black = Ws::connect(addr, id, Some(&black_token)).await;
        let opening = first_move(&white.state_at(0).await);
        white.act(&[&opening, "end"]).await;
        let answer = first_move(&black.state_at(2).await);
        black.act(&[&answer, "end"]).await;
        let before_last = white.state_at(4).await;
        white.act(&[&first_move(&before_last), "end"]).await;

        assert_eq!(black.refused(json!({"type": "accept-takeback"})).await, "conflict", "nothing asked yet");
        assert_eq!(white.ask(json!({"type": "offer-takeback"})).await["type"], "accepted");
        assert_eq!(black.state_at(7).await["takeback_offer"], "white");
        assert_eq!(white.refused(json!({"type": "accept-takeback"})).await, "conflict", "one's own request");
        assert_eq!(black.ask(json!({"type": "decline-takeback"})).await["type"], "accepted");
        let declined = white.state_at(8).await;
        assert_eq!((declined["takeback_offer"].clone(), declined["moves"].as_array().unwrap().len()), (Value::Null, 3));

        assert_eq!(white.ask(json!({"type": "offer-takeback"})).await["type"], "accepted");
        assert_eq!(black.ask(json!({"type": "accept-takeback"})).await["type"], "accepted");
        let back = white.state_at(10).await;
        assert_eq!(back["seq"], 10, "the request and the takeback are appended, nothing deleted");
        assert_eq!(back["moves"].as_array().unwrap().len(), 2);
        assert_eq!(back["to_move"], "white");
        assert_eq!(back["pieces"], before_last["pieces"]);
        assert_eq!(back["legal"], before_last["legal"]);
        let spectator = Ws::connect(addr, id, Some(&token(&created, "spectator"))).await.state_at(10).await;
        assert_eq!(spectator["moves"].as_array().unwrap().len(), 2, "every viewer sees the takeback");

        let record =
            client::request(addr, "GET", &format!("/api/games/{id}/record"), Some(&white_token), None).await.unwrap();
        assert!(record.body.contains(&answer) && record.body.contains(&opening), "{}", record.body);
        let results =
            client::request(addr, "GET", &format!("/api/games/{id}/results"), Some(&white_token), None).await.unwrap();
        assert_eq!(results.status, 200, "{}", results.body);

        // Play goes on from there; the stored log, read again, reaches the same game.
        white.act(&[&first_move(&back), "end"]).await;
        let live = white.state_at(12).await;
        drop((white, black));
        assert_eq!(evict(&server.games).await, 1);
        let reloaded = state(addr, id, Some(&white_token)).await.json();
        assert_eq!(reloaded["state"]["pieces"], live["pieces"]);
        assert_eq!(reloaded["state"]["moves"], live["moves"]);
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ai_grants_a_takeback_at_once() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let created =
            create(addr, json!({"scenario": "chieftain", "mode": "ai", "ai": {"side": "black", "level": 1}})).await;
        let id = created["id"].as_str().unwrap();
        let mut white = Ws::connect(addr, id, Some(&token(&created, "white"))).await;
        let start = white.state_at(0).await;
        white.act(&[&first_move(&start), "end"]).await;
        let answered = white.until(|v| v["type"] == "state" && v["turns_played"] == json!(2)).await;
        let seq = answered["seq"].as_u64().unwrap();
        assert_eq!(white.ask(json!({"type": "offer-takeback"})).await["type"], "accepted");
        let back = white.state_at(seq + 2).await;
        assert_eq!(back["takeback_offer"], Value::Null);
        assert_eq!((back["turns_played"].clone(), back["to_move"].clone()), (json!(0), json!("white")));
        assert_eq!(back["pieces"], start["pieces"], "the AI's turn and White's are taken back");
        server.stop();
    }
}
