//! The browser UI's read-only routes: analysis lines, records read into actions, and a seat's
//! turn previewed on a copy of its game, which changes nothing and reveals no hidden setup.

mod common;

use common::{create, databases, server, state, token};
use serde_json::{json, Value};
use std::net::SocketAddr;
use warlord_server::client;

async fn post(addr: SocketAddr, path: &str, token: Option<&str>, body: &Value) -> client::Response {
    client::request(addr, "POST", path, token, Some(&body.to_string())).await.unwrap()
}

fn legal_texts(state: &Value, kind: &str) -> Vec<String> {
    state["legal"]
        .as_array()
        .expect("legal actions")
        .iter()
        .filter(|a| a["kind"] == kind)
        .map(|a| a["text"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_plays_a_line_and_names_the_first_illegal_action() {
    let db = &databases()[0];
    let server = server(db).await;
    let addr = server.addr;
    let start = post(addr, "/api/analysis", None, &json!({"scenario": "chieftain", "view": "spectator"})).await;
    assert_eq!(start.status, 200, "{}", start.body);
    let start = start.json();
    assert_eq!(start["game"]["board"]["files"], 16);
    assert_eq!(start["state"]["pieces"].as_array().unwrap().len(), 64);
    assert!(start["state"]["legal"].as_array().unwrap().is_empty(), "spectator views list no actions");

    let player = post(addr, "/api/analysis", None, &json!({"scenario": "chieftain"})).await.json();
    let first = legal_texts(&player["state"], "move")[0].clone();
    let line = post(addr, "/api/analysis", None, &json!({"scenario": "chieftain", "actions": [first, "end"]})).await;
    assert_eq!(line.status, 200, "{}", line.body);
    let line = line.json();
    assert_eq!(line["state"]["to_move"], "black");
    assert_eq!(line["state"]["you"], "black", "the side to move sees its actions");
    assert!(!legal_texts(&line["state"], "move").is_empty());

    let bad = post(addr, "/api/analysis", None, &json!({"scenario": "chieftain", "actions": [first, "a1-p12"]})).await;
    assert_eq!(bad.status, 422, "{}", bad.body);
    let message = bad.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(message.starts_with("action 2 (`a1-p12`)"), "{message}");
    let unknown = post(addr, "/api/analysis", None, &json!({"scenario": "nope"})).await;
    assert_eq!(unknown.status, 404);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_is_read_into_actions_that_analysis_replays() {
    let db = &databases()[0];
    let server = server(db).await;
    let addr = server.addr;
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../records/chieftain-free-setup.rec")).unwrap();
    let read = post(addr, "/api/records/parse", None, &json!({ "text": text })).await;
    assert_eq!(read.status, 200, "{}", read.body);
    let read = read.json();
    assert_eq!(read["scenario"], "chieftain");
    assert_eq!(read["options"]["free-setup"], "true");
    assert!(read["error"].is_null(), "{}", read["error"]);
    let actions = read["actions"].as_array().unwrap();
    let turns = read["turns"].as_array().unwrap();
    assert!(turns.len() >= 2);
    // The turns cover the actions in order, each ending where the next starts.
    assert_eq!(turns[0]["start"], 0);
    for pair in turns.windows(2) {
        assert_eq!(pair[0]["end"], pair[1]["start"]);
    }
    assert_eq!(turns.last().unwrap()["end"].as_u64(), Some(actions.len() as u64));
    assert_eq!(actions[turns[0]["end"].as_u64().unwrap() as usize - 1]["kind"], "end", "the setup line is committed");
    let texts: Vec<&str> = actions.iter().map(|a| a["text"].as_str().unwrap()).collect();
    let replayed = post(
        addr,
        "/api/analysis",
        None,
        &json!({"scenario": read["scenario"], "options": read["options"], "actions": texts, "view": "spectator"}),
    )
    .await;
    assert_eq!(replayed.status, 200, "{}", replayed.body);
    assert_eq!(replayed.json()["state"]["phase"], "over", "the record ends at the turn limit");

    let untagged = post(addr, "/api/records/parse", None, &json!({"text": "1. g2-f4"})).await;
    assert_eq!(untagged.status, 400);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_preview_shows_the_turn_so_far_and_stores_nothing() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let created = create(addr, json!({"scenario": "chieftain", "mode": "correspondence"})).await;
        let id = created["id"].as_str().unwrap();
        let (white, black, spectator) =
            (token(&created, "white"), token(&created, "black"), token(&created, "spectator"));
        let path = format!("/api/games/{id}/preview");
        let start = state(addr, id, Some(&white)).await.json()["state"].clone();
        let first = legal_texts(&start, "move")[0].clone();

        let one = post(addr, &path, Some(&white), &json!({ "actions": [first] })).await;
        assert_eq!(one.status, 200, "{}", one.body);
        let one = one.json();
        assert_eq!(one["turn_ended"], false);
        assert_eq!(one["state"]["turn"]["actions"][0]["text"], json!(first));
        assert!(!legal_texts(&one["state"], "move").contains(&first), "the moved piece cannot move again");
        let ended = post(addr, &path, Some(&white), &json!({ "actions": [first, "end"] })).await.json();
        assert_eq!(ended["turn_ended"], true);

        let after = state(addr, id, Some(&black)).await.json();
        assert_eq!(after["state"]["seq"], 0, "previews store nothing");
        assert_eq!(post(addr, &path, Some(&black), &json!({ "actions": [first] })).await.status, 409);
        assert_eq!(post(addr, &path, Some(&spectator), &json!({ "actions": [first] })).await.status, 403);
        assert_eq!(post(addr, &path, Some(&white), &json!({ "actions": ["a1-p12"] })).await.status, 422);
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_setup_preview_is_seen_by_its_seat_only() {
    let db = &databases()[0];
    let server = server(db).await;
    let addr = server.addr;
    let created =
        create(addr, json!({"scenario": "chieftain", "mode": "live", "options": {"free-setup": "true"}})).await;
    let id = created["id"].as_str().unwrap();
    let (white, black) = (token(&created, "white"), token(&created, "black"));
    let start = state(addr, id, Some(&white)).await.json()["state"].clone();
    assert_eq!(start["phase"], "setup");
    let place = legal_texts(&start, "place")[0].clone();
    let previewed =
        post(addr, &format!("/api/games/{id}/preview"), Some(&white), &json!({ "actions": [place] })).await.json();
    assert_eq!(previewed["state"]["pieces"].as_array().unwrap().len(), 1);
    let seen_by_black = state(addr, id, Some(&black)).await;
    let seen_by_black = seen_by_black.json()["state"].clone();
    assert_eq!((seen_by_black["seq"].clone(), seen_by_black["pieces"].clone()), (json!(0), json!([])));
    server.stop();
}

/// A rule with an action of its own kind and a lasting state reaches the browser through the
/// generic fields only: WarGame 1's paratroopers (option `paratroops`) are prepared by an
/// action of kind `prepare` whose `from` and `to` are the paratrooper's square (a click on the
/// selected piece), and a prepared one is named in `hints.marks` for both sides.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_prepared_paratrooper_is_an_action_kind_and_a_mark() {
    let db = &databases()[0];
    let server = server(db).await;
    let addr = server.addr;
    let options = json!({"paratroops": "2"});
    let start = post(addr, "/api/analysis", None, &json!({"scenario": "wargame-1-skirmish", "options": options})).await;
    assert_eq!(start.status, 200, "{}", start.body);
    let start = start.json();
    assert_eq!(legal_texts(&start["state"], "prepare"), ["prep a3", "prep i3"]);
    let prep = start["state"]["legal"].as_array().unwrap().iter().find(|a| a["text"] == "prep a3").unwrap().clone();
    assert_eq!((&prep["from"], &prep["to"]), (&json!("a3"), &json!("a3")));
    assert_eq!(start["state"]["hints"]["marks"], json!([]));
    let line = json!({"scenario": "wargame-1-skirmish", "options": options, "actions": ["prep a3", "end"]});
    let after = post(addr, "/api/analysis", None, &line).await;
    assert_eq!(after.status, 200, "{}", after.body);
    let after = after.json();
    assert_eq!(after["state"]["to_move"], "black");
    assert_eq!(after["state"]["hints"]["marks"], json!([{"square": "a3", "label": "prepared"}]));
    // On White's next turn the prepared paratrooper has leaps, noted apart from its moves.
    let line = json!({"scenario": "wargame-1-skirmish", "options": options, "actions": ["prep a3", "end", "pass"]});
    let next = post(addr, "/api/analysis", None, &line).await.json();
    let legal = next["state"]["legal"].as_array().unwrap();
    let to_a5: Vec<(&Value, &Value)> =
        legal.iter().filter(|a| a["from"] == "a3" && a["to"] == "a5").map(|a| (&a["text"], &a["note"])).collect();
    assert_eq!(to_a5, [(&json!("a3-a5"), &Value::Null), (&json!("a3 leap a5"), &json!("by a leap"))]);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_levels_are_listed_weakest_first_with_who_plays_them() {
    let db = &databases()[0];
    let server = server(db).await;
    let levels = client::request(server.addr, "GET", "/api/levels", None, None).await.unwrap();
    assert_eq!(levels.status, 200, "{}", levels.body);
    let levels = levels.json();
    let levels = levels.as_array().expect("a list");
    assert_eq!(levels.len(), 6);
    assert_eq!(levels[0]["agent"], "novice");
    assert_eq!((levels[5]["agent"].as_str(), levels[5]["millis"].as_u64()), (Some("champion"), Some(1000)));
    assert!(levels
        .iter()
        .enumerate()
        .all(|(i, l)| l["number"] == i + 1 && l["summary"].as_str().is_some_and(|s| !s.is_empty())));
}
