//! `GET /api/games/{id}/results`: what each action of a game's move list did (the pieces it
//! removed, an attack's success), from the engine's reports when the game is played again.

mod common;

use common::{create, databases, server, token};
use serde_json::json;
use warlord_server::client;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_results_route_says_what_each_capture_and_shot_did() {
    let db = &databases()[0];
    let server = server(db).await;
    let addr = server.addr;
    let created = create(addr, json!({"scenario": "wargame-1-skirmish", "mode": "correspondence"})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let white = token(&created, "white");
    let path = format!("/api/games/{id}/commands");
    let turn = json!({"type": "act", "actions": ["g3 cannon g6", "d4-d7", "end"], "seq": 0});
    let sent = client::request(addr, "POST", &path, Some(&white), Some(&turn.to_string())).await.unwrap();
    assert_eq!(sent.status, 200, "{}", sent.body);
    let spectator = token(&created, "spectator");
    let answer =
        client::request(addr, "GET", &format!("/api/games/{id}/results"), Some(&spectator), None).await.unwrap();
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = answer.json();
    assert_eq!(answer["seq"], 3);
    let results = answer["results"].as_array().unwrap();
    // The shot has no odds in WarGame 1: it takes its target.
    let shot = results.iter().find(|r| r["turn"] == 0 && r["action"] == 0).expect("the shot's result");
    assert_eq!(shot["captured"], json!(["g6"]), "{shot}");
    let overrun = results.iter().find(|r| r["turn"] == 0 && r["action"] == 1).expect("the overrun's result");
    assert_eq!(overrun["captured"], json!(["d6"]), "{overrun}");
    assert!(overrun["success"].is_null(), "{overrun}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_melee_attack_says_whether_it_succeeded() {
    let db = &databases()[0];
    let server = server(db).await;
    let addr = server.addr;
    let created = create(addr, json!({"scenario": "medieval", "mode": "correspondence"})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = [token(&created, "white"), token(&created, "black")];
    // Each side plays a legal attack if it has one, else its most forward move, until an attack is made.
    let mut attacks = 0;
    let rank = |sq: &serde_json::Value| -> i64 {
        sq.as_str().unwrap_or("").trim_start_matches(|c: char| c.is_ascii_alphabetic()).parse().unwrap_or(0)
    };
    for _ in 0..60 {
        let white = common::state(addr, &id, Some(&tokens[0])).await.json();
        let black_to_move = white["state"]["to_move"] == "black";
        let tok = &tokens[usize::from(black_to_move)];
        let st = common::state(addr, &id, Some(tok)).await.json();
        let st = &st["state"];
        if st["phase"] != "play" {
            break;
        }
        let legal = st["legal"].as_array().unwrap();
        // Forward: towards the other side.
        let ahead = |a: &&serde_json::Value| (rank(&a["to"]) - rank(&a["from"])) * if black_to_move { -1 } else { 1 };
        let pick = legal
            .iter()
            .find(|a| a["kind"] == "attack")
            .or_else(|| legal.iter().filter(|a| a["kind"] == "move").max_by_key(ahead));
        let Some(pick) = pick else { break };
        attacks += usize::from(pick["kind"] == "attack");
        let body = json!({"type": "act", "actions": [pick["text"]], "seq": st["seq"]});
        let sent =
            client::request(addr, "POST", &format!("/api/games/{id}/commands"), Some(tok), Some(&body.to_string()))
                .await
                .unwrap();
        assert_eq!(sent.status, 200, "{}", sent.body);
        if attacks > 0 {
            break;
        }
    }
    assert!(attacks > 0, "no attack came up");
    let answer =
        client::request(addr, "GET", &format!("/api/games/{id}/results"), Some(&tokens[0]), None).await.unwrap();
    let results = answer.json()["results"].as_array().unwrap().clone();
    let last = results.last().expect("the attack's result");
    assert!(last["success"].is_boolean(), "{last}");
    assert_eq!(last["captured"].as_array().unwrap().is_empty(), last["success"] == false, "{last}");
    server.stop();
}
