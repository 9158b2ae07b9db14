//! The server under storage faults and abuse: the moves it makes itself are retried until the
//! store takes them, a game-ending event and its lobby status are stored together or not at
//! all, lobby rows written apart are repaired, creations are limited per client, and old games
//! leave the lobby. Faults are injected into the SQLite file with triggers that fail a write,
//! from a second connection, while the server runs.

mod common;

use common::{create, databases, server, token, Ws};
use serde_json::{json, Value};
use sqlx::{AnyConnection, Connection, Executor, Row};
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use warlord_server::client;

/// A second connection to the server's SQLite file (after the server has migrated it).
async fn open(db: &common::Db) -> AnyConnection {
    AnyConnection::connect(&db.url).await.expect("a second connection")
}

/// Makes every insert of events fail, as a full disk would.
const NO_EVENTS: &str =
    "CREATE TRIGGER fault BEFORE INSERT ON events BEGIN SELECT RAISE(FAIL, 'injected: disk full'); END";

/// Makes only the update that ends a game in the lobby fail.
const NO_GAME_OVER: &str = "CREATE TRIGGER fault BEFORE UPDATE OF status ON games WHEN NEW.status = 'over' \
     BEGIN SELECT RAISE(FAIL, 'injected: disk full'); END";

async fn kinds(conn: &mut AnyConnection, id: &str) -> Vec<String> {
    let rows = sqlx::query("SELECT kind FROM events WHERE game_id = $1 ORDER BY seq")
        .bind(id)
        .fetch_all(&mut *conn)
        .await
        .expect("events");
    rows.iter().map(|r| r.get::<String, _>("kind")).collect()
}

async fn lobby_status(conn: &mut AnyConnection, id: &str) -> String {
    let row = sqlx::query("SELECT status FROM games WHERE id = $1").bind(id).fetch_one(&mut *conn).await.unwrap();
    row.get("status")
}

/// Waits up to 15 s, with no client acting, until the game's log satisfies `pred`.
async fn until_stored(conn: &mut AnyConnection, id: &str, pred: impl Fn(&[String]) -> bool) -> Vec<String> {
    for _ in 0..150 {
        let kinds = kinds(conn, id).await;
        if pred(&kinds) {
            return kinds;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("not stored within 15 s: {:?}", kinds(conn, id).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ais_turn_is_committed_once_the_store_recovers() {
    let db = databases().remove(0);
    let server = server(&db).await;
    let mut faults = open(&db).await;
    faults.execute(NO_EVENTS).await.unwrap();
    let created =
        create(server.addr, json!({"scenario": "chieftain", "mode": "ai", "ai": {"side": "white", "level": 1}})).await;
    let id = created["id"].as_str().unwrap();
    let _black = Ws::connect(server.addr, id, Some(&token(&created, "black"))).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(kinds(&mut faults, id).await.is_empty(), "the store refused the AI's turn");
    faults.execute("DROP TRIGGER fault").await.unwrap();
    let kinds = until_stored(&mut faults, id, |k| !k.is_empty()).await;
    assert!(kinds.iter().all(|k| k == "action"), "{kinds:?}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_that_falls_while_the_store_fails_is_recorded_once_it_recovers() {
    let db = databases().remove(0);
    let server = server(&db).await;
    let mut faults = open(&db).await;
    let created = create(
        server.addr,
        json!({"scenario": "chieftain", "mode": "live", "clock": {"initial_seconds": 1, "increment_seconds": 0}}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let mut white = Ws::connect(server.addr, id, Some(&token(&created, "white"))).await;
    white.state_at(0).await;
    white.act(&["end"]).await;
    // Black's second runs out while nothing can be written.
    faults.execute(NO_EVENTS).await.unwrap();
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(kinds(&mut faults, id).await, ["action"], "the store refused the forfeit");
    faults.execute("DROP TRIGGER fault").await.unwrap();
    let kinds = until_stored(&mut faults, id, |k| k.len() == 2).await;
    assert_eq!(kinds, ["action", "timeout"]);
    assert_eq!(lobby_status(&mut faults, id).await, "over");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_ending_event_and_its_lobby_status_are_stored_together_or_not_at_all() {
    let db = databases().remove(0);
    let server = server(&db).await;
    let mut faults = open(&db).await;
    let created = create(server.addr, json!({"scenario": "chieftain", "mode": "correspondence"})).await;
    let id = created["id"].as_str().unwrap();
    let mut white = Ws::connect(server.addr, id, Some(&token(&created, "white"))).await;
    white.state_at(0).await;
    let before = lobby_status(&mut faults, id).await;
    faults.execute(NO_GAME_OVER).await.unwrap();
    let answer = white.ask(json!({"type": "resign"})).await;
    assert_eq!(answer["error"]["code"], "internal", "{answer}");
    assert!(answer["error"]["message"].as_str().unwrap().contains("nothing was changed"));
    assert!(kinds(&mut faults, id).await.is_empty(), "the answer said nothing was changed, and nothing was");
    assert_eq!(lobby_status(&mut faults, id).await, before);
    faults.execute("DROP TRIGGER fault").await.unwrap();
    assert_eq!(white.ask(json!({"type": "resign"})).await["type"], "accepted");
    assert_eq!(kinds(&mut faults, id).await, ["resign"]);
    assert_eq!(lobby_status(&mut faults, id).await, "over");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_row_written_apart_from_its_events_is_repaired_without_opening_the_game() {
    let db = databases().remove(0);
    let server = server(&db).await;
    let mut faults = open(&db).await;
    let created = create(server.addr, json!({"scenario": "chieftain", "mode": "correspondence"})).await;
    let id = created["id"].as_str().unwrap();
    let mut white = Ws::connect(server.addr, id, Some(&token(&created, "white"))).await;
    white.state_at(0).await;
    assert_eq!(white.ask(json!({"type": "resign"})).await["type"], "accepted");
    drop(white);
    common::evict(&server.games).await;
    // What an older server left on a full disk: the resignation stored, the row not updated
    // (its time a minute before: a row trailing by less than the lobby's step is not stale).
    sqlx::query("UPDATE games SET status = 'play', result = NULL, updated_ms = created_ms - 60000 WHERE id = $1")
        .bind(id)
        .execute(&mut faults)
        .await
        .unwrap();
    assert_eq!(server.games.repair_lobby(100).await, 1);
    assert_eq!(lobby_status(&mut faults, id).await, "over");
    assert_eq!(server.games.repair_lobby(100).await, 0, "nothing is left to repair");
    server.stop();
}

/// A game's lobby time (`updated_ms`) and the time of its last event, if any.
async fn lobby_times(conn: &mut AnyConnection, id: &str) -> (i64, Option<i64>) {
    let row = sqlx::query(
        "SELECT updated_ms, (SELECT MAX(at_ms) FROM events WHERE game_id = games.id) AS last FROM games WHERE id = $1",
    )
    .bind(id)
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    (row.get("updated_ms"), row.get("last"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_time_moves_by_steps_and_a_new_status_at_once() {
    for db in databases() {
        let server = server(&db).await;
        let mut conn = open(&db).await;
        let created = create(server.addr, json!({"scenario": "chieftain", "mode": "correspondence"})).await;
        let id = created["id"].as_str().unwrap();
        let created_ms = lobby_times(&mut conn, id).await.0;
        let mut white = Ws::connect(server.addr, id, Some(&token(&created, "white"))).await;
        let mut black = Ws::connect(server.addr, id, Some(&token(&created, "black"))).await;
        let state = white.state_at(0).await;
        let legal = state["legal"].as_array().unwrap();
        let first = legal.iter().find(|a| a["kind"] == "move").unwrap()["text"].as_str().unwrap();
        // Actions within the lobby's step (10 s) leave the row alone: its time trails them.
        white.act(&[first, "end"]).await;
        black.state_at(2).await;
        black.act(&["end"]).await;
        let (updated, last) = lobby_times(&mut conn, id).await;
        assert_eq!(updated, created_ms, "{}: the row is not written for each action", db.name);
        assert!(last.unwrap() >= updated, "{}", db.name);
        // Trailing by less than a step is not stale: the repair pass leaves it.
        drop((white, black));
        common::evict(&server.games).await;
        assert_eq!(server.games.repair_lobby(100).await, 0, "{}: a row within a step is not stale", db.name);
        // More than a step behind (as an older server could leave it), it is repaired.
        sqlx::query("UPDATE games SET updated_ms = updated_ms - 11000 WHERE id = $1")
            .bind(id)
            .execute(&mut conn)
            .await
            .unwrap();
        assert_eq!(server.games.repair_lobby(100).await, 1, "{}", db.name);
        let (updated, last) = lobby_times(&mut conn, id).await;
        assert_eq!(Some(updated), last, "{}: repaired to the time of the last event", db.name);
        // A new status is written with its action, and the time with it.
        let mut white = Ws::connect(server.addr, id, Some(&token(&created, "white"))).await;
        white.state_at(3).await;
        assert_eq!(white.ask(json!({"type": "resign"})).await["type"], "accepted");
        assert_eq!(lobby_status(&mut conn, id).await, "over", "{}", db.name);
        let (updated, last) = lobby_times(&mut conn, id).await;
        assert_eq!(Some(updated), last, "{}: the status's time is its event's", db.name);
        server.stop();
    }
}

/// `POST /api/games` from a given loopback address; the status and the response's head.
async fn create_from(from: IpAddr, addr: SocketAddr) -> (u16, String) {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(from, 0)).unwrap();
    let mut stream = socket.connect(addr).await.unwrap();
    let body = json!({"scenario": "chieftain", "mode": "correspondence", "public": true}).to_string();
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.unwrap();
    let status = raw.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, raw)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_creations_from_one_client_is_refused_past_its_limit_not_others() {
    let db = databases().remove(0);
    let server = server(&db).await;
    let (flood, other): (IpAddr, IpAddr) = ("127.0.0.1".parse().unwrap(), "127.0.0.2".parse().unwrap());
    let limit = warlord_server::limit::DEFAULT_PER_MINUTE;
    for _ in 0..limit {
        assert_eq!(create_from(flood, server.addr).await.0, 201);
    }
    let (status, raw) = create_from(flood, server.addr).await;
    assert_eq!(status, 429, "{raw}");
    let head = raw.to_ascii_lowercase();
    let retry_after = head.lines().find_map(|l| l.strip_prefix("retry-after: ")).expect("a Retry-After header");
    assert!((1..=60).contains(&retry_after.trim().parse::<u32>().unwrap()), "{raw}");
    let body: Value = serde_json::from_str(raw.split_once("\r\n\r\n").unwrap().1).unwrap();
    assert_eq!(body["error"]["code"], "rate-limited", "{raw}");
    assert_eq!(create_from(other, server.addr).await.0, 201, "another client still creates games");
    let lobby = client::request(server.addr, "GET", "/api/games", None, None).await.unwrap().json();
    assert_eq!(lobby.as_array().unwrap().len(), limit as usize + 1, "the refused creation stored nothing");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn old_idle_and_long_finished_public_games_leave_the_lobby() {
    for db in databases() {
        let server = server(&db).await;
        let public = json!({"scenario": "chieftain", "mode": "correspondence", "public": true});
        let (fresh, idle, over) = (
            create(server.addr, public.clone()).await,
            create(server.addr, public.clone()).await,
            create(server.addr, public.clone()).await,
        );
        let day: i64 = 24 * 3600 * 1000;
        let mut conn = AnyConnection::connect(&db.url).await.unwrap();
        let age = |id: &Value, status: &str, ms: i64| {
            sqlx::query("UPDATE games SET status = $1, updated_ms = updated_ms - $2 WHERE id = $3")
                .bind(status.to_string())
                .bind(ms)
                .bind(id.as_str().unwrap().to_string())
        };
        age(&idle["id"], "play", 8 * day).execute(&mut conn).await.unwrap();
        age(&over["id"], "over", 2 * day).execute(&mut conn).await.unwrap();
        let lobby = client::request(server.addr, "GET", "/api/games", None, None).await.unwrap().json();
        let ids: Vec<&Value> = lobby.as_array().unwrap().iter().map(|g| &g["id"]).collect();
        assert!(ids.contains(&&fresh["id"]), "{}: {lobby}", db.name);
        assert!(!ids.contains(&&idle["id"]), "{}: a game with no event for 8 days is gone: {lobby}", db.name);
        assert!(!ids.contains(&&over["id"]), "{}: a game over for 2 days is gone: {lobby}", db.name);
        let link = client::request(
            server.addr,
            "GET",
            &format!("/api/games/{}", idle["id"].as_str().unwrap()),
            Some(&token(&idle, "spectator")),
            None,
        )
        .await
        .unwrap();
        assert_eq!(link.status, 200, "its links still open it");
        server.stop();
    }
}
