//! Stored games are pinned to the scenario text and rules they were created with: a game whose
//! stored scenario differs from the shipped one still opens and plays under its own text, and
//! a game whose log no longer replays opens read-only with the reason, never failing.
//! Every test runs on SQLite, and on PostgreSQL when `WARLORD_TEST_POSTGRES_URL` is set.

mod common;

use common::{create, databases, evict, server, state, token, Db};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use warlord_rules::notation::format_action;
use warlord_rules::{Action, Scenario};
use warlord_server::client;
use warlord_server::token::Token;

/// A connection of the test's own to the server's database, to change stored rows as a
/// rule or scenario change would find them.
async fn database(db: &Db) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::AnyPool::connect(&db.url).await.expect("the test connects to the database")
}

async fn command(addr: std::net::SocketAddr, id: &str, token: &str, body: Value) -> client::Response {
    client::request(addr, "POST", &format!("/api/games/{id}/commands"), Some(token), Some(&body.to_string()))
        .await
        .unwrap()
}

/// The first legal action of a kind for the holder of `token`.
async fn first_legal(addr: std::net::SocketAddr, id: &str, token: &str, kind: &str) -> String {
    let view = state(addr, id, Some(token)).await.json();
    let legal = view["state"]["legal"].as_array().unwrap_or_else(|| panic!("no legal actions in {view}"));
    legal.iter().find(|a| a["kind"] == kind).unwrap_or_else(|| panic!("no {kind} in {view}"))["text"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Plays one action for the holder of `token`; panics unless it is accepted.
async fn play(addr: std::net::SocketAddr, id: &str, token: &str, action: &str) {
    let r = command(addr, id, token, json!({"type": "act", "actions": [action]})).await;
    assert_eq!(r.status, 200, "{action}: {}", r.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_opens_and_plays_under_its_stored_scenario_not_the_shipped_one() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let created = create(addr, json!({"scenario": "chieftain", "mode": "correspondence"})).await;
        let id = created["id"].as_str().unwrap();
        let white = token(&created, "white");
        let action = first_legal(addr, id, &white, "move").await;
        play(addr, id, &white, &action).await;

        // The game's stored scenario now differs from the shipped file of the same id (as if
        // the file had changed since): fewer moves a turn and another name.
        let shipped = warlord_scenarios::ALL.iter().find(|b| b.id == "chieftain").unwrap().text;
        let pinned = shipped
            .replace("name = \"Chieftain Chess\"", "name = \"Chieftain Chess as created\"")
            .replace("moves-per-turn = 4", "moves-per-turn = 2");
        assert_ne!(pinned, shipped);
        let hash: String = Sha256::digest(pinned.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
        let pool = database(&db).await;
        let updated = sqlx::query("UPDATE games SET scenario_text = $1, scenario_sha256 = $2 WHERE id = $3")
            .bind(&pinned)
            .bind(&hash)
            .bind(id)
            .execute(&pool)
            .await
            .expect("the stored scenario is replaced");
        assert_eq!(updated.rows_affected(), 1, "{}", db.name);
        assert_eq!(evict(&server.games).await, 1, "{}", db.name);

        let view = state(addr, id, Some(&white)).await;
        assert_eq!(view.status, 200, "{}: {}", db.name, view.body);
        let view = view.json();
        assert_eq!(view["game"]["scenario"]["name"], "Chieftain Chess as created", "{}", db.name);
        assert_eq!(view["game"]["read_only"], Value::Null, "{}", db.name);
        assert_eq!(view["state"]["seq"], 1, "{}", db.name);
        assert_eq!(view["state"]["turn"]["cap"], 2, "{}: the stored rules apply", db.name);
        // Two moves end the turn under the stored text (the shipped file allows four).
        let action = first_legal(addr, id, &white, "move").await;
        play(addr, id, &white, &action).await;
        let after = state(addr, id, Some(&white)).await.json();
        assert_eq!(after["state"]["to_move"], "black", "{}: {after}", db.name);
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_log_no_longer_replays_opens_read_only_with_the_reason() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let created = create(addr, json!({"scenario": "chieftain", "mode": "correspondence"})).await;
        let id = created["id"].as_str().unwrap();
        let white = token(&created, "white");
        for _ in 0..2 {
            let action = first_legal(addr, id, &white, "move").await;
            play(addr, id, &white, &action).await;
        }
        let before = state(addr, id, Some(&white)).await.json();

        // The second stored action is no longer legal (as after a rule change).
        let pool = database(&db).await;
        sqlx::query("UPDATE events SET body = $1 WHERE game_id = $2 AND seq = 1")
            .bind("a1-p12")
            .bind(id)
            .execute(&pool)
            .await
            .expect("the stored event is replaced");
        assert_eq!(evict(&server.games).await, 1, "{}", db.name);

        let view = state(addr, id, Some(&white)).await;
        assert_eq!(view.status, 200, "{}: {}", db.name, view.body);
        let view = view.json();
        let read_only = &view["game"]["read_only"];
        assert_eq!(read_only["seq"], 1, "{}: {view}", db.name);
        let reason = read_only["reason"].as_str().unwrap_or_else(|| panic!("a reason in {view}"));
        assert!(reason.contains("event 1") && reason.contains("a1-p12"), "{}: {reason}", db.name);
        assert_eq!(read_only["server_rules_version"], warlord_rules::RULES_VERSION, "{}", db.name);
        assert_eq!(read_only["game_rules_version"], warlord_rules::RULES_VERSION, "{}", db.name);
        // The game stands where its log stops replaying.
        assert_eq!(view["state"]["seq"], 1, "{}", db.name);
        assert_ne!(view["state"]["pieces"], before["state"]["pieces"], "{}", db.name);

        for message in [json!({"type": "act", "actions": ["end"]}), json!({"type": "resign"})] {
            let r = command(addr, id, &white, message).await;
            assert_eq!(r.status, 409, "{}: {}", db.name, r.body);
            assert_eq!(r.json()["error"]["code"], "read-only", "{}: {}", db.name, r.body);
        }
        let preview = client::request(
            addr,
            "POST",
            &format!("/api/games/{id}/preview"),
            Some(&white),
            Some(&json!({"actions": []}).to_string()),
        )
        .await
        .unwrap();
        assert_eq!(preview.json()["error"]["code"], "read-only", "{}: {}", db.name, preview.body);
        let mut ws = common::Ws::connect(addr, id, Some(&white)).await;
        let game = ws.until(|m| m["type"] == "game").await;
        assert_eq!(game["read_only"]["seq"], 1, "{}: {game}", db.name);
        assert_eq!(ws.refused(json!({"type": "offer-draw"})).await, "read-only", "{}", db.name);
        let record =
            client::request(addr, "GET", &format!("/api/games/{id}/record"), Some(&white), None).await.unwrap();
        assert_eq!(record.status, 200, "{}: {}", db.name, record.body);
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_stored_before_pins_opens_with_the_shipped_scenario() {
    for db in databases() {
        let server = server(&db).await;
        let addr = server.addr;
        let created = create(addr, json!({"scenario": "chieftain", "mode": "correspondence"})).await;
        let id = created["id"].as_str().unwrap();
        let white = token(&created, "white");
        let action = first_legal(addr, id, &white, "move").await;
        play(addr, id, &white, &action).await;
        // As the migration leaves the rows of games created before it.
        let pool = database(&db).await;
        sqlx::query(
            "UPDATE games SET scenario_text = NULL, scenario_sha256 = NULL, rules_version = NULL WHERE id = $1",
        )
        .bind(id)
        .execute(&pool)
        .await
        .expect("the pin is removed");
        assert_eq!(evict(&server.games).await, 1, "{}", db.name);

        let view = state(addr, id, Some(&white)).await;
        assert_eq!(view.status, 200, "{}: {}", db.name, view.body);
        let view = view.json();
        assert_eq!(view["game"]["scenario"]["name"], "Chieftain Chess", "{}", db.name);
        assert_eq!(view["game"]["read_only"], Value::Null, "{}", db.name);
        assert_eq!(view["state"]["seq"], 1, "{}", db.name);
        let action = first_legal(addr, id, &white, "move").await;
        play(addr, id, &white, &action).await;
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_from_before_pins_is_upgraded_and_its_games_still_open() {
    // A SQLite database with only the first migration, holding a game and one action as the
    // server stored them then.
    let dir = tempfile::tempdir().unwrap();
    let url = warlord_server::store::Store::sqlite_url(&dir.path().join("old.db"));
    let first = dir.path().join("migrations");
    std::fs::create_dir(&first).unwrap();
    let migration = concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/0001_games.sql");
    std::fs::copy(migration, first.join("0001_games.sql")).unwrap();
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    sqlx::migrate::Migrator::new(first.as_path()).await.unwrap().run(&pool).await.unwrap();
    let white = Token::generate();
    sqlx::query(
        "INSERT INTO games (id, scenario, options, mode, white_hash, black_hash, spectator_hash, public, \
         status, created_ms, updated_ms) VALUES ('00000000000000aa', 'chieftain', '{}', 'correspondence', \
         $1, $2, $3, 0, 'play', 1, 1)",
    )
    .bind(white.hash())
    .bind(Token::generate().hash())
    .bind(Token::generate().hash())
    .execute(&pool)
    .await
    .unwrap();
    let scenario = Scenario::parse(warlord_scenarios::get("chieftain").unwrap().text, "builtin:chieftain").unwrap();
    let rules = scenario.ruleset(&[]).unwrap();
    let mut legal = Vec::new();
    rules.legal_actions(&rules.start(), &mut legal);
    let first_move = legal.iter().find(|a| matches!(a, Action::Move { .. })).expect("a first move");
    sqlx::query("INSERT INTO events (game_id, seq, kind, side, body, at_ms) VALUES ('00000000000000aa', 0, 'action', 'white', $1, 2)")
        .bind(format_action(first_move, rules.pieces()))
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    // The server brings the schema up to date; the old game has no pin and opens with the
    // shipped scenario.
    let db = Db::prepared(url, "sqlite (from before pins)");
    let server = server(&db).await;
    let view = state(server.addr, "00000000000000aa", Some(white.secret())).await;
    assert_eq!(view.status, 200, "{}", view.body);
    let view = view.json();
    assert_eq!(view["game"]["scenario"]["id"], "chieftain");
    assert_eq!(view["game"]["read_only"], Value::Null);
    assert_eq!(view["state"]["seq"], 1);
    server.stop();
}
