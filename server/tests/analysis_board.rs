//! The analysis board's routes: a record's variations read as a tree, the tree written back as
//! a record with its comments and variations, and the computer's analysis of a line a few turns
//! a request.

mod common;

use common::{databases, server};
use serde_json::{json, Value};
use std::net::SocketAddr;
use warlord_server::client;

async fn post(addr: SocketAddr, path: &str, body: &Value) -> client::Response {
    client::request(addr, "POST", path, None, Some(&body.to_string())).await.unwrap()
}

const RECORD: &str = "[Scenario \"chieftain\"]\n[White \"Ann\"]\n1. g2-f4, j2-k4 — two moves\n1... g11-f9\n(\n  1... j11-k9 — the other knight\n)\n2. f1-f3\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_with_variations_reads_as_a_tree_and_writes_back() {
    let db = &databases()[0];
    let server = server(db).await;
    let addr = server.addr;
    let read = post(addr, "/api/records/parse", &json!({ "text": RECORD })).await;
    assert_eq!(read.status, 200, "{}", read.body);
    let read = read.json();
    assert_eq!(read["errors"], json!([]));
    let actions = read["actions"].as_array().unwrap();
    assert_eq!(actions.len(), 7, "three turns, each with its end");
    let variations = read["variations"].as_array().unwrap();
    assert_eq!(variations.len(), 2, "{variations:?}");
    assert_eq!(variations[0]["parent"], 2, "after White's first turn");
    assert_eq!(variations[0]["action"]["text"], "j11-k9");
    assert_eq!(variations[1]["parent"], 7);
    assert_eq!(variations[1]["comment"], "the other knight");

    // The board's tree: the main line, each node after the one before, comments on turn ends.
    let mut nodes: Vec<Value> = Vec::new();
    for (i, action) in actions.iter().enumerate() {
        let comment =
            read["turns"].as_array().unwrap().iter().find(|t| t["end"] == i + 1).map(|t| t["comment"].clone());
        let parent = if i == 0 { Value::Null } else { json!(i - 1) };
        nodes.push(json!({"parent": parent, "action": action["text"], "comment": comment.unwrap_or(Value::Null)}));
    }
    for node in variations {
        nodes.push(json!({"parent": node["parent"], "action": node["action"]["text"], "comment": node["comment"]}));
    }
    let tags = read["tags"].clone();
    let written =
        post(addr, "/api/records/write", &json!({"scenario": "chieftain", "tags": tags, "nodes": nodes})).await;
    assert_eq!(written.status, 200, "{}", written.body);
    assert_eq!(written.json()["text"], RECORD, "the engine writes the record as it was read");

    let cycle = json!({"scenario": "chieftain", "nodes": [{"parent": 0, "action": "g2-f4"}]});
    let refused = post(addr, "/api/records/write", &cycle).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_analyses_a_line_turn_by_turn() {
    let db = &databases()[0];
    let server = server(db).await;
    let addr = server.addr;
    let line = json!(["g2-f4", "j2-k4", "end", "g11-f9", "end", "f1-f3", "end"]);
    let answer = post(addr, "/api/analysis/computer", &json!({"scenario": "chieftain", "actions": line})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = answer.json();
    assert_eq!(answer["total"], 3);
    assert_eq!(answer["next"], Value::Null, "three turns fit in one request");
    let turns = answer["turns"].as_array().unwrap();
    assert_eq!(turns.iter().map(|t| t["end"].as_u64().unwrap()).collect::<Vec<_>>(), vec![3, 5, 7]);
    assert!(turns.iter().all(|t| t["best"].as_array().is_some_and(|b| !b.is_empty())), "{turns:?}");
    let illegal = post(addr, "/api/analysis/computer", &json!({"scenario": "chieftain", "actions": ["a1-a9"]})).await;
    assert_eq!(illegal.status, 422, "{}", illegal.body);
    assert!(illegal.json()["error"]["message"].as_str().unwrap().starts_with("action 1 (`a1-a9`)"));
    server.stop();
}
