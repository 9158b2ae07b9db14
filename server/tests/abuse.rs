//! The server under abuse: heavy read-only requests run off the async runtime and, past a
//! bound, are refused at once (429 `busy`) while health checks and play stay fast; silent,
//! partial and idle connections are closed; connections over the cap are closed and the server
//! goes on; a wrong token on a private game is refused before the game is loaded.

mod common;

use common::{create, databases, token, Ws};
use serde_json::json;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use warlord_server::client;
use warlord_server::serve::{start_with, Running};
use warlord_server::Limits;

async fn server_with(limits: Limits) -> (Running, common::Db) {
    let db = databases().swap_remove(0);
    let running = start_with(&db.url, SocketAddr::from(([127, 0, 0, 1], 0)), limits).await.expect("starts");
    (running, db)
}

/// A record of some 3.8 MB (under the 4 MiB body limit once in JSON): many short turns, each
/// read by the parser; far more actions than a record may have.
fn huge_record() -> String {
    let mut text = String::from("[Scenario \"chieftain\"]\n");
    let mut n = 1;
    while text.len() < 3_800_000 {
        text.push_str(&format!("{n}. pass\n{n}... pass\n"));
        n += 1;
    }
    text
}

/// How long a request takes, and its response.
async fn timed(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> (Duration, client::Response) {
    let start = Instant::now();
    let response = client::request(addr, method, path, token, body).await.expect("an answer");
    (start.elapsed(), response)
}

/// Reads until the server closes the connection, within `within`; panics if it stays open.
async fn closed_within(stream: &mut TcpStream, within: Duration) {
    let mut buf = [0u8; 4096];
    let closed = tokio::time::timeout(within, async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the connection is still open after {within:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heavy_requests_neither_stall_health_nor_play_and_the_overflow_is_told_to_retry() {
    let (server, _db) = server_with(Limits { heavy_jobs: 2, ..Limits::default() }).await;
    let addr = server.addr;
    let created = create(addr, json!({"scenario": "chieftain", "mode": "correspondence"})).await;
    let (id, white) = (created["id"].as_str().unwrap().to_string(), token(&created, "white"));
    let body = json!({ "text": huge_record() }).to_string();
    let heavy: Vec<_> = (0..12)
        .map(|_| {
            let body = body.clone();
            tokio::spawn(async move { client::request(addr, "POST", "/api/records/parse", None, Some(&body)).await })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    for _ in 0..5 {
        let (took, health) = timed(addr, "GET", "/api/health", None, None).await;
        assert_eq!(health.status, 200);
        assert!(took < Duration::from_secs(1), "a health check took {took:?} under heavy load");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let act = json!({"type": "act", "actions": ["b1-a1"]}).to_string();
    let (took, played) = timed(addr, "POST", &format!("/api/games/{id}/commands"), Some(&white), Some(&act)).await;
    assert_eq!(played.status, 200, "{}", played.body);
    assert!(took < Duration::from_secs(1), "an action took {took:?} under heavy load");

    let mut busy = 0;
    for request in heavy {
        let answer = request.await.unwrap().expect("an answer");
        match answer.status {
            429 => {
                busy += 1;
                assert_eq!(answer.json()["error"]["code"], "busy", "{}", answer.body);
                assert_eq!(answer.header("retry-after"), Some("1"));
            }
            400 => assert!(answer.body.contains("at most 20000 are read"), "{}", answer.body),
            other => panic!("a heavy request answered {other}: {}", answer.body),
        }
    }
    assert!(busy > 0, "no heavy request was refused as busy");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_with_too_many_actions_is_refused_with_the_bound() {
    let (server, _db) = server_with(Limits::default()).await;
    let mut text = String::from("[Scenario \"chieftain\"]\n");
    for n in 1..=10_001 {
        text.push_str(&format!("{n}. pass\n"));
    }
    let (_, answer) =
        timed(server.addr, "POST", "/api/records/parse", None, Some(&json!({ "text": text }).to_string())).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    let message = answer.json()["error"]["message"].as_str().unwrap().to_string();
    assert_eq!(message, "the record has 20002 actions, each turn's end counted; at most 20000 are read");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_partial_and_idle_connections_are_closed_but_websockets_stay() {
    let (server, _db) = server_with(Limits { header_timeout_secs: 1, ..Limits::default() }).await;
    let addr = server.addr;
    let mut silent = TcpStream::connect(addr).await.unwrap();
    closed_within(&mut silent, Duration::from_secs(4)).await;

    let mut partial = TcpStream::connect(addr).await.unwrap();
    partial.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    closed_within(&mut partial, Duration::from_secs(4)).await;

    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let mut answer = [0u8; 512];
    let n = idle.read(&mut answer).await.unwrap();
    assert!(String::from_utf8_lossy(&answer[..n]).starts_with("HTTP/1.1 200"), "the first request is answered");
    closed_within(&mut idle, Duration::from_secs(4)).await;

    let created = create(addr, json!({"scenario": "chieftain", "mode": "correspondence", "public": true})).await;
    let mut ws = Ws::connect(addr, created["id"].as_str().unwrap(), None).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    ws.alive().await;
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_cap_are_closed_and_the_server_recovers() {
    let limits = Limits { max_connections: 3, header_timeout_secs: 30, ..Limits::default() };
    let (server, _db) = server_with(limits).await;
    let addr = server.addr;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(TcpStream::connect(addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut over = TcpStream::connect(addr).await.unwrap();
    // The server may close it before or after the request is written.
    let _ = over.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n").await;
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(3), over.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "a connection over the cap stays open");
    assert!(answer.is_empty(), "a connection over the cap was served: {}", String::from_utf8_lossy(&answer));

    drop(held);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let health = client::request(addr, "GET", "/api/health", None, None).await.unwrap();
    assert_eq!(health.status, 200, "the server serves again once connections go away");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_token_on_a_private_game_is_refused_before_the_game_is_loaded() {
    let (server, _db) = server_with(Limits::default()).await;
    let addr = server.addr;
    let created = create(addr, json!({"scenario": "chieftain", "mode": "correspondence"})).await;
    let id = created["id"].as_str().unwrap();
    assert!(server.games.loaded(id).is_none(), "a new game without AI is not loaded");
    for path in [format!("/api/games/{id}"), format!("/api/games/{id}/record")] {
        for wrong in [Some("not-a-token"), None] {
            let refused = client::request(addr, "GET", &path, wrong, None).await.unwrap();
            assert_eq!(refused.status, 403, "{}", refused.body);
            assert_eq!(refused.json()["error"]["code"], "forbidden");
        }
    }
    assert!(server.games.loaded(id).is_none(), "a refused token made the server load the game");
    let opened =
        client::request(addr, "GET", &format!("/api/games/{id}"), Some(&token(&created, "white")), None).await.unwrap();
    assert_eq!(opened.status, 200, "{}", opened.body);
    assert!(server.games.loaded(id).is_some());
    server.stop();
}
