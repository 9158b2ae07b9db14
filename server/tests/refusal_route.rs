//! `POST /api/games/{id}/refusal`: the rules' reason why what a player tried on the board (a
//! piece, a piece dragged to a square, a kind dropped on a square) is not legal, after the
//! turn so far; legal proposals are answered as such, and spectators may not ask.

mod common;

use common::{create, databases, server, state, token};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::net::SocketAddr;
use warlord_server::client;

async fn ask(addr: SocketAddr, id: &str, token: &str, body: &Value) -> client::Response {
    client::request(addr, "POST", &format!("/api/games/{id}/refusal"), Some(token), Some(&body.to_string()))
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_move_or_placement_is_explained_in_the_rules_words() {
    let db = &databases()[0];
    let server = server(db).await;
    let addr = server.addr;
    let created = create(addr, json!({"scenario": "chieftain", "mode": "correspondence"})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let white = token(&created, "white");
    let st = state(addr, &id, Some(&white)).await.json();
    let st = &st["state"];
    let legal = st["legal"].as_array().unwrap();
    let acting: HashSet<&str> = legal.iter().filter_map(|a| a["from"].as_str()).collect();

    // A white piece with no legal action: the rules say no leader can activate it.
    let idle = st["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["side"] == "white" && !acting.contains(p["square"].as_str().unwrap()))
        .expect("a white piece no Chieftain reaches at the start");
    let why = ask(addr, &id, &white, &json!({"from": idle["square"]})).await;
    assert_eq!(why.status, 200, "{}", why.body);
    let why = why.json();
    assert_eq!(why["legal"], false);
    assert_eq!(why["rule"], "no-command", "{why}");
    assert!(why["reason"].as_str().unwrap().contains("no leader within range"), "{why}");

    // A piece that may act, dragged somewhere it cannot go.
    let mover = legal.iter().find(|a| a["kind"] == "move").unwrap();
    let from = mover["from"].as_str().unwrap();
    let far = ask(addr, &id, &white, &json!({"from": from, "to": "p12"})).await.json();
    assert_eq!((far["legal"].clone(), far["rule"].clone()), (json!(false), json!("unreachable")), "{far}");
    assert!(far["reason"].as_str().unwrap().contains("cannot move to p12"), "{far}");
    // Asked about alone, a piece that may act has no reason against it.
    let alone = ask(addr, &id, &white, &json!({"from": from})).await.json();
    assert!(alone["reason"].is_null(), "{alone}");

    // A legal move is said to be legal; after it in the turn, the piece has acted.
    let ok = ask(addr, &id, &white, &json!({"from": from, "to": mover["to"]})).await.json();
    assert_eq!((ok["legal"].clone(), ok["reason"].clone()), (json!(true), Value::Null), "{ok}");
    let again = ask(addr, &id, &white, &json!({"actions": [mover["text"]], "from": mover["to"]})).await.json();
    assert_eq!(again["rule"], "turn-spent", "{again}");

    // Ending the turn is legal here.
    let end = ask(addr, &id, &white, &json!({"end": true})).await.json();
    assert_eq!(end["legal"], true, "{end}");

    // A malformed proposal and a spectator are refused.
    let bad = ask(addr, &id, &white, &json!({"to": "a1"})).await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    let spectator = token(&created, "spectator");
    assert_eq!(ask(addr, &id, &spectator, &json!({"from": from})).await.status, 403);
    let black = token(&created, "black");
    assert_eq!(ask(addr, &id, &black, &json!({"from": from})).await.status, 409);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_that_may_not_end_yet_is_explained() {
    let db = &databases()[0];
    let server = server(db).await;
    let addr = server.addr;
    let created = create(addr, json!({"scenario": "medieval", "mode": "correspondence"})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let white = token(&created, "white");
    let end = ask(addr, &id, &white, &json!({"end": true})).await.json();
    assert_eq!((end["legal"].clone(), end["rule"].clone()), (json!(false), json!("turn-spent")), "{end}");
    assert!(end["reason"].as_str().unwrap().contains("a turn is exactly 3 actions"), "{end}");
    let mixed = ask(addr, &id, &white, &json!({"end": true, "from": "a2"})).await;
    assert_eq!(mixed.status, 400, "{}", mixed.body);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arrival_dropped_outside_its_entry_region_is_explained() {
    let db = &databases()[0];
    let server = server(db).await;
    let addr = server.addr;
    let created = create(addr, json!({"scenario": "zigzag-16x36", "mode": "correspondence"})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let white = token(&created, "white");
    let st = state(addr, &id, Some(&white)).await.json();
    let place = st["state"]["legal"].as_array().unwrap().iter().find(|a| a["kind"] == "place").unwrap().clone();
    let kind = place["place"].clone();
    let ok = ask(addr, &id, &white, &json!({"place": kind, "to": place["to"]})).await.json();
    assert_eq!(ok["legal"], true, "{ok}");
    let far = ask(addr, &id, &white, &json!({"place": kind, "to": "h20"})).await.json();
    assert_eq!((far["legal"].clone(), far["rule"].clone()), (json!(false), json!("placement")), "{far}");
    assert!(far["reason"].as_str().unwrap().contains("may enter on h20"), "{far}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_piece_that_never_moves_by_itself_is_explained_when_clicked() {
    let db = &databases()[0];
    let server = server(db).await;
    let addr = server.addr;
    let created = create(addr, json!({"scenario": "wargame-1-skirmish", "mode": "correspondence"})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let white = token(&created, "white");
    let answer = state(addr, &id, Some(&white)).await.json();
    let post = answer["game"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Command Post")
        .expect("the skirmish has a Command Post")["kind"]
        .clone();
    let square = answer["state"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["side"] == "white" && p["kind"] == post)
        .expect("White's Command Post")["square"]
        .clone();
    let why = ask(addr, &id, &white, &json!({"from": square})).await.json();
    assert_eq!(why["rule"], "unreachable", "{why}");
    assert!(why["reason"].as_str().unwrap().contains("does not move by itself"), "{why}");
    server.stop();
}
