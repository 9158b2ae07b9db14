//! Live play over the API: seats, spectators, bad input, hidden setup, draws, resignation,
//! records, the AI and clocks. Every test runs on SQLite, and on PostgreSQL when
//! `WARLORD_TEST_POSTGRES_URL` is set.

mod common;

use common::{create, databases, evict, server, state, token, Ws};
use serde_json::{json, Value};
use warlord_rules::notation::{replay, Record};
use warlord_server::client;

fn live() -> Value {
    json!({ "scenario": "chieftain", "mode": "live" })
}

fn first_legal(state: &Value, kind: &str) -> String {
    let legal = state["legal"].as_array().expect("legal actions");
    legal.iter().find(|a| a["kind"] == kind).unwrap_or_else(|| panic!("no {kind} in {state}"))["text"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_seats_spectators_and_bad_input_are_refused_and_change_nothing() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let created = create(addr, live()).await;
        let id = created["id"].as_str().unwrap();
        let (white_token, black_token, spectator_token) =
            (token(&created, "white"), token(&created, "black"), token(&created, "spectator"));
        let mut white = Ws::connect(addr, id, Some(&white_token)).await;
        let mut black = Ws::connect(addr, id, Some(&black_token)).await;
        let mut spectator = Ws::connect(addr, id, Some(&spectator_token)).await;
        assert_eq!(white.next().await["type"], "game");
        let start = white.next().await;
        assert_eq!(
            (start["type"].as_str(), start["you"].as_str(), start["seq"].as_u64()),
            (Some("state"), Some("white"), Some(0))
        );
        let some_move = first_legal(&start, "move");

        assert_eq!(spectator.refused(json!({"type": "act", "actions": [some_move]})).await, "forbidden");
        assert_eq!(spectator.refused(json!({"type": "resign"})).await, "forbidden");
        assert_eq!(black.refused(json!({"type": "act", "actions": [some_move]})).await, "not-your-turn");
        assert_eq!(black.refused(json!({"type": "act", "actions": ["end"]})).await, "not-your-turn");
        assert_eq!(white.refused(json!({"type": "act", "actions": ["a1-p12"]})).await, "illegal-action");
        // The engine's kind of rule comes with the sentence.
        let refusal = white.ask(json!({"type": "act", "actions": ["a1-p12"]})).await;
        assert_eq!(refusal["error"]["rule"], "no-piece", "{refusal}");
        assert_eq!(white.refused(json!({"type": "act", "actions": ["zz"]})).await, "bad-request");
        assert_eq!(white.refused(json!({"type": "act", "actions": [some_move, "a1-p12"]})).await, "illegal-action");
        assert_eq!(white.refused(json!({"type": "act", "actions": [some_move], "seq": 5})).await, "stale");
        assert_eq!(white.refused(json!({"type": "accept-draw"})).await, "conflict");
        for junk in ["{", "[1,2]", "null", r#"{"type":"teleport"}"#, r#"{"type":"act","actions":[]}"#] {
            white.send_text(junk).await;
            let answer = white.until(|v| v["type"] == "error").await;
            assert_eq!(answer["error"]["code"], "bad-request", "{junk}");
            white.alive().await;
        }
        white.send_text(&format!(r#"{{"type":"act","actions":["{}"]}}"#, "x".repeat(40_000))).await;
        assert_eq!(white.until(|v| v["type"] == "error").await["error"]["code"], "too-large");
        white.send_binary(vec![0, 159, 146, 150]).await;
        assert_eq!(white.until(|v| v["type"] == "error").await["error"]["code"], "bad-request");
        white.alive().await;
        black.alive().await;
        spectator.alive().await;

        // Nothing changed, as every viewer sees it.
        for t in [&white_token, &black_token, &spectator_token] {
            let s = state(addr, id, Some(t)).await.json();
            assert_eq!(s["state"]["seq"], 0, "{}", db.name);
        }
        // HTTP: unknown game, wrong token, spectator acting.
        assert_eq!(state(addr, "feedfacefeedface", Some(&white_token)).await.status, 404);
        assert_eq!(state(addr, id, Some("0".repeat(64).as_str())).await.status, 403);
        assert_eq!(state(addr, id, None).await.status, 403, "private games need a link");
        let path = format!("/api/games/{id}/commands");
        let body = json!({"type": "resign"}).to_string();
        let r = client::request(addr, "POST", &path, Some(&spectator_token), Some(&body)).await.unwrap();
        assert_eq!((r.status, r.json()["error"]["code"].as_str()), (403, Some("forbidden")));
        let r = client::request(addr, "POST", &path, Some(&white_token), Some("{oops")).await.unwrap();
        assert_eq!((r.status, r.json()["error"]["code"].as_str()), (400, Some("bad-request")));

        // A legal move reaches everyone.
        assert_eq!(white.act(&[&some_move]).await, 1);
        for ws in [&mut black, &mut spectator] {
            let s = ws.state_at(1).await;
            assert_eq!(s["turn"]["actions"][0]["text"], json!(some_move));
            assert_eq!(s["turn"]["actions"][0]["kind"], "move");
            assert_eq!(s["legal"], json!([]), "only the side to move gets legal actions");
        }
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hidden_setup_is_never_sent_to_the_opponent_or_spectators() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let created = create(
            addr,
            json!({"scenario": "chieftain", "mode": "correspondence", "options": {"free-setup": true}, "public": true}),
        )
        .await;
        let id = created["id"].as_str().unwrap();
        let mut black = Ws::connect(addr, id, Some(&token(&created, "black"))).await;
        let mut spectator = Ws::connect(addr, id, Some(&token(&created, "spectator"))).await;
        let mut lobby_watcher = Ws::connect(addr, id, None).await;
        let mut white = Ws::connect(addr, id, Some(&token(&created, "white"))).await;

        // White places its whole army, one action per message, then commits.
        let mut placed = Vec::new();
        let mut s = white.state_at(0).await;
        while s["phase"] == "setup" && s["to_move"] == "white" {
            let action = s["legal"][0]["text"].as_str().unwrap().to_string();
            let seq = white.act(&[&action]).await;
            if action != "end" {
                placed.push(action);
            }
            s = white.state_at(seq).await;
        }
        let white_seq = s["seq"].as_u64().unwrap();
        assert!(placed.len() > 10);
        assert_eq!(s["pieces"].as_array().unwrap().len(), placed.len(), "White sees its own placement");

        for (who, ws) in [("black", &mut black), ("spectator", &mut spectator), ("public", &mut lobby_watcher)] {
            ws.state_at(white_seq).await;
            assert!(ws.log.len() >= 2);
            for message in &ws.log {
                for action in &placed {
                    assert!(!message.contains(&format!("\"{action}\"")), "{who} was sent {action}");
                }
                let v: Value = serde_json::from_str(message).unwrap();
                if v["type"] == "delta" {
                    let set = v["pieces"]["set"].as_array().unwrap();
                    assert!(set.iter().all(|entry| entry[1]["side"] != "white"), "{who}: {}", v["pieces"]);
                }
                if v["type"] == "state" {
                    assert!(
                        v["pieces"].as_array().unwrap().iter().all(|p| p["side"] != "white"),
                        "{who}: {}",
                        v["pieces"]
                    );
                    assert_eq!(v["turn"]["actions"], json!([]), "{who}");
                    assert!(
                        v["moves"].as_array().unwrap().iter().all(|t| t["side"] != "white"),
                        "{who}: {}",
                        v["moves"]
                    );
                }
            }
            let record = client::request(addr, "GET", &format!("/api/games/{id}/record"), None, None).await.unwrap();
            assert!(!record.body.contains('@'), "the record hides it: {}", record.body);
        }
        let over_http = state(addr, id, Some(&token(&created, "black"))).await.json();
        assert!(over_http["state"]["pieces"].as_array().unwrap().iter().all(|p| p["side"] != "white"));
        assert!(!placed.iter().any(|a| over_http.to_string().contains(&format!("\"{a}\""))));

        // Black sets up; once both have committed, everything is shown.
        let mut s = black.state_at(white_seq).await;
        while s["phase"] == "setup" {
            let action = s["legal"][0]["text"].as_str().unwrap().to_string();
            if action == "end" {
                // A preview of the commit shows nothing of White's setup either.
                let path = format!("/api/games/{id}/preview");
                let body = json!({"actions": ["end"]}).to_string();
                let preview =
                    client::request(addr, "POST", &path, Some(&token(&created, "black")), Some(&body)).await.unwrap();
                assert_eq!(preview.status, 200, "{}", preview.body);
                let preview = preview.json();
                assert_eq!(preview["turn_ended"], true);
                assert!(preview["state"]["pieces"].as_array().unwrap().iter().all(|p| p["side"] != "white"));
                assert!(!placed.iter().any(|a| preview.to_string().contains(&format!("\"{a}\""))));
            }
            let seq = black.act(&[&action]).await;
            s = black.state_at(seq).await;
        }
        assert_eq!(s["phase"], "play");
        let sides: Vec<_> = s["pieces"].as_array().unwrap().iter().map(|p| p["side"].as_str().unwrap()).collect();
        assert!(sides.contains(&"white") && sides.contains(&"black"));
        server.stop();
    }
}

fn chieftain_rules() -> std::sync::Arc<dyn warlord_rules::Ruleset> {
    let builtin = warlord_scenarios::get("chieftain").unwrap();
    warlord_rules::Scenario::parse(builtin.text, "builtin:chieftain").unwrap().ruleset(&[]).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_resignations_and_records() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let created = create(addr, live()).await;
        let id = created["id"].as_str().unwrap();
        let spectator_token = token(&created, "spectator");
        let mut white = Ws::connect(addr, id, Some(&token(&created, "white"))).await;
        let mut black = Ws::connect(addr, id, Some(&token(&created, "black"))).await;
        let s = white.state_at(0).await;
        let opening = first_legal(&s, "move");
        assert_eq!(white.act(&[&opening, "end"]).await, 2);
        assert_eq!(white.ask(json!({"type": "offer-draw"})).await["type"], "accepted");
        assert_eq!(black.state_at(3).await["draw_offer"], "white");
        assert_eq!(black.ask(json!({"type": "decline-draw"})).await["type"], "accepted");
        assert_eq!(white.state_at(4).await["draw_offer"], Value::Null);
        assert_eq!(black.ask(json!({"type": "offer-draw"})).await["type"], "accepted");
        assert_eq!(white.ask(json!({"type": "accept-draw"})).await["type"], "accepted");
        let over = black.state_at(6).await;
        assert_eq!(over["outcome"]["score"], "1/2-1/2");
        assert_eq!(over["outcome"]["reason"], "agreement");
        assert_eq!(black.refused(json!({"type": "act", "actions": ["end"]})).await, "game-over");

        let record = client::request(addr, "GET", &format!("/api/games/{id}/record"), Some(&spectator_token), None)
            .await
            .unwrap();
        assert_eq!(record.status, 200);
        assert!(record.body.contains("[Result \"1/2-1/2\"]"), "{}", record.body);
        let rules = chieftain_rules();
        let parsed = Record::parse(&record.body, rules.pieces()).unwrap();
        assert_eq!(parsed.turns.len(), 1);
        assert_eq!(parsed.turns[0].texts, vec![opening.clone()]);
        assert_eq!(replay(&*rules, &parsed).error, None);

        // A resignation, out of turn, ends the game for the other side.
        let created = create(addr, live()).await;
        let id = created["id"].as_str().unwrap();
        let mut black = Ws::connect(addr, id, Some(&token(&created, "black"))).await;
        assert_eq!(black.ask(json!({"type": "resign"})).await["type"], "accepted");
        let over = black.state_at(1).await;
        assert_eq!(
            (over["outcome"]["winner"].as_str(), over["outcome"]["reason"].as_str()),
            (Some("white"), Some("resignation"))
        );
        let record =
            client::request(addr, "GET", &format!("/api/games/{id}/record"), Some(&token(&created, "white")), None)
                .await
                .unwrap();
        assert!(record.body.contains("[Result \"1-0\"]"), "{}", record.body);
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ai_answers_each_turn() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let created =
            create(addr, json!({"scenario": "chieftain", "mode": "ai", "ai": {"side": "black", "level": 1}})).await;
        assert_eq!(created["black"], Value::Null, "nobody holds the AI's seat");
        let id = created["id"].as_str().unwrap();
        let mut white = Ws::connect(addr, id, Some(&token(&created, "white"))).await;
        for turn in 0..3u32 {
            let s = white
                .until(|v| v["type"] == "state" && v["to_move"] == "white" && v["turns_played"] == json!(2 * turn))
                .await;
            white.act(&[&first_legal(&s, "move"), "end"]).await;
        }
        let s = white.until(|v| v["type"] == "state" && v["turns_played"] == json!(6)).await;
        assert_eq!(s["moves"].as_array().unwrap().len(), 6);
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_that_runs_out_ends_the_game() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let created = create(
            addr,
            json!({"scenario": "chieftain", "mode": "live", "clock": {"initial_seconds": 1, "increment_seconds": 0}}),
        )
        .await;
        let id = created["id"].as_str().unwrap();
        let mut white = Ws::connect(addr, id, Some(&token(&created, "white"))).await;
        let s = white.state_at(0).await;
        assert_eq!(s["clock"]["running"], Value::Null, "the first turn is not timed");
        white.act(&["end"]).await;
        let s = white.state_at(1).await;
        assert_eq!(s["clock"]["running"], "black");
        let over = white.until(|v| v["type"] == "state" && !v["outcome"].is_null()).await;
        assert_eq!(
            (over["outcome"]["winner"].as_str(), over["outcome"]["reason"].as_str()),
            (Some("white"), Some("timeout"))
        );
        assert_eq!(over["clock"]["black_ms"], 0);
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_games_are_forgotten_and_reloaded_intact() {
    let db = databases().remove(0);
    let server = server(&db).await;
    let addr = server.addr;
    let created = create(addr, json!({"scenario": "chieftain", "mode": "correspondence"})).await;
    let id = created["id"].as_str().unwrap();
    let mut white = Ws::connect(addr, id, Some(&token(&created, "white"))).await;
    let s = white.state_at(0).await;
    let seq = white.act(&[&first_legal(&s, "move")]).await;
    let before = white.state_at(seq).await;
    assert_eq!(server.games.evict_idle(), 0, "a connected game stays loaded");
    drop(white);
    assert_eq!(evict(&server.games).await, 1);
    let after = state(addr, id, Some(&token(&created, "white"))).await.json();
    assert_eq!(after["state"]["pieces"], before["pieces"]);
    assert_eq!(after["state"]["turn"], before["turn"]);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ai_sets_up_after_a_hidden_setup() {
    let db = databases().remove(0);
    let server = server(&db).await;
    let addr = server.addr;
    let created = create(
        addr,
        json!({"scenario": "chieftain", "mode": "ai", "ai": {"side": "black", "level": 3}, "options": {"free-setup": true}}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let mut white = Ws::connect(addr, id, Some(&token(&created, "white"))).await;
    let mut s = white.state_at(0).await;
    while s["phase"] == "setup" && s["to_move"] == "white" {
        let action = s["legal"][0]["text"].as_str().unwrap().to_string();
        let seq = white.act(&[&action]).await;
        s = white.state_at(seq).await;
    }
    let s = white.until(|v| v["type"] == "state" && v["phase"] == "play").await;
    assert_eq!(s["to_move"], "white");
    assert_eq!(s["pieces"].as_array().unwrap().len(), 64, "both armies are on the board");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thinking_ai_does_not_hold_up_other_games() {
    let db = databases().remove(0);
    let server = server(&db).await;
    let addr = server.addr;
    // The strongest AI plays White, so it starts a 1 s search at once.
    let ai_game =
        create(addr, json!({"scenario": "chieftain", "mode": "ai", "ai": {"side": "white", "level": 6}})).await;
    let created = create(addr, live()).await;
    let id = created["id"].as_str().unwrap();
    let mut white = Ws::connect(addr, id, Some(&token(&created, "white"))).await;
    let mut black = Ws::connect(addr, id, Some(&token(&created, "black"))).await;
    let started = std::time::Instant::now();
    for turn in 0..4u64 {
        let mover = if turn % 2 == 0 { &mut white } else { &mut black };
        let s = mover.state_at(turn * 2).await;
        mover.act(&[&first_legal(&s, "move"), "end"]).await;
    }
    let elapsed = started.elapsed();
    let ai_state = state(addr, ai_game["id"].as_str().unwrap(), Some(&token(&ai_game, "black"))).await.json();
    assert_eq!(ai_state["state"]["seq"], 0, "the AI is still thinking");
    assert!(elapsed < std::time::Duration::from_millis(2500), "4 turns took {elapsed:?} while the AI thought");
    server.stop();
}
