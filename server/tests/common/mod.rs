//! Helpers of the server's integration tests: the databases to run on, a server, and a
//! WebSocket client that keeps every message it receives.
#![allow(dead_code, missing_docs)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use warlord_server::client;
use warlord_server::serve::{start, Running};

/// A database for one test: a fresh SQLite file, or the PostgreSQL server of
/// `WARLORD_TEST_POSTGRES_URL` (games have random ids, so tests share it safely).
pub struct Db {
    pub url: String,
    pub name: &'static str,
    _dir: Option<tempfile::TempDir>,
}

impl Db {
    /// A database prepared by the test itself (whose files the test keeps).
    pub fn prepared(url: String, name: &'static str) -> Db {
        Db { url, name, _dir: None }
    }
}

/// Every database the suite runs on: SQLite always, PostgreSQL when the variable is set.
pub fn databases() -> Vec<Db> {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let url = warlord_server::store::Store::sqlite_url(&dir.path().join("games.db"));
    let mut dbs = vec![Db { url, name: "sqlite", _dir: Some(dir) }];
    dbs.extend(postgres());
    dbs
}

/// The PostgreSQL database for tests, if `WARLORD_TEST_POSTGRES_URL` is set.
pub fn postgres() -> Option<Db> {
    postgres_url().map(|url| Db { url, name: "postgres", _dir: None })
}

/// The PostgreSQL URL for tests, if set.
pub fn postgres_url() -> Option<String> {
    std::env::var("WARLORD_TEST_POSTGRES_URL").ok().filter(|u| !u.is_empty())
}

/// A server on a loopback port.
pub async fn server(db: &Db) -> Running {
    start(&db.url, SocketAddr::from(([127, 0, 0, 1], 0))).await.expect("the server starts")
}

/// Creates a game; returns the response body.
pub async fn create(addr: SocketAddr, body: Value) -> Value {
    let r = client::request(addr, "POST", "/api/games", None, Some(&body.to_string())).await.unwrap();
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()
}

/// A seat's token from a creation response.
pub fn token(created: &Value, seat: &str) -> String {
    created[seat]["token"].as_str().expect("a token").to_string()
}

/// A WebSocket client that keeps a log of everything received.
pub struct Ws {
    socket: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    pub log: Vec<String>,
    /// The latest state received.
    pub last_state: Value,
    next_ref: u64,
}

impl Ws {
    pub async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Ws {
        let query = token.map(|t| format!("?token={t}")).unwrap_or_default();
        let (socket, _) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws{query}")).await.expect("connects");
        Ws { socket, log: Vec::new(), last_state: Value::Null, next_ref: 0 }
    }

    /// The next message, within 10 s.
    pub async fn next(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(10), self.socket.next())
                .await
                .expect("a message within 10 s")
                .expect("the connection is open")
                .expect("a readable message");
            if let Message::Text(text) = message {
                self.log.push(text.to_string());
                let value: Value = serde_json::from_str(&text).expect("JSON");
                if value["type"] == "state" {
                    self.last_state = value.clone();
                }
                if value["type"] == "delta" {
                    // Applied as the browser does; returned as the whole state it makes.
                    apply_delta(&mut self.last_state, &value);
                    return self.last_state.clone();
                }
                return value;
            }
        }
    }

    /// Reads messages until one satisfies `pred`; returns it.
    pub async fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next().await;
            if pred(&v) {
                return v;
            }
        }
    }

    /// The latest state if it has at least `seq` events, else the next one that has.
    pub async fn state_at(&mut self, seq: u64) -> Value {
        if self.last_state["seq"].as_u64() >= Some(seq) {
            return self.last_state.clone();
        }
        self.until(|v| v["type"] == "state" && v["seq"].as_u64() >= Some(seq)).await
    }

    pub async fn send_text(&mut self, text: &str) {
        self.socket.send(Message::Text(text.to_string().into())).await.expect("sent");
    }

    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.socket.send(Message::Binary(bytes.into())).await.expect("sent");
    }

    /// Sends a message with a fresh `ref` and returns the answer to it (`accepted`, `pong` or
    /// `error`).
    pub async fn ask(&mut self, mut message: Value) -> Value {
        self.next_ref += 1;
        let reference = self.next_ref;
        message["ref"] = json!(reference);
        self.send_text(&message.to_string()).await;
        self.until(|v| v["type"] != "state" && v["ref"] == json!(reference)).await
    }

    /// Plays actions; panics unless they are accepted. Returns the new event count.
    pub async fn act(&mut self, actions: &[&str]) -> u64 {
        let answer = self.ask(json!({ "type": "act", "actions": actions })).await;
        assert_eq!(answer["type"], "accepted", "{answer}");
        answer["seq"].as_u64().unwrap()
    }

    /// The error code of the answer to a message.
    pub async fn refused(&mut self, message: Value) -> String {
        let answer = self.ask(message).await;
        assert_eq!(answer["type"], "error", "{answer}");
        answer["error"]["code"].as_str().unwrap().to_string()
    }

    /// Checks that the connection still answers.
    pub async fn alive(&mut self) {
        assert_eq!(self.ask(json!({ "type": "ping" })).await["type"], "pong");
    }
}

/// A game's state over HTTP for a token.
pub async fn state(addr: SocketAddr, id: &str, token: Option<&str>) -> client::Response {
    client::request(addr, "GET", &format!("/api/games/{id}"), token, None).await.unwrap()
}

/// A `warlord-server` process.
pub struct Process {
    child: std::process::Child,
    pub addr: SocketAddr,
}

impl Process {
    /// Starts the server binary on a database and waits until it listens.
    pub fn start(db: &Db) -> Process {
        use std::io::BufRead;
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_warlord-server"));
        command.args(["--listen", "127.0.0.1:0"]);
        match db.url.strip_prefix("sqlite://") {
            Some(file) => command.args(["--db", file.trim_end_matches("?mode=rwc")]),
            None => command.args(["--database-url", &db.url]),
        };
        let mut child = command
            .env("RUST_LOG", "warn")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::inherit())
            .spawn()
            .expect("the server binary starts");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).expect("a first line");
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("no address in `{line}`"));
        Process { child, addr }
    }

    /// Kills the process with SIGKILL (no chance to flush or clean up) and reaps it.
    pub fn kill(mut self) {
        self.child.kill().expect("killed");
        self.child.wait().expect("reaped");
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Forgets a server's idle loaded games (waiting, up to a second, for the requests that still
/// hold them to finish), so that the next request loads them from the store again. Returns how
/// many were forgotten.
pub async fn evict(games: &warlord_server::hub::Games) -> usize {
    for _ in 0..50 {
        let evicted = games.evict_idle();
        if evicted > 0 {
            return evicted;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("no game was idle to evict");
}

/// Applies a `delta` message to the state it changes (docs/API.md); panics if it changes
/// another state than the one held.
pub fn apply_delta(state: &mut Value, delta: &Value) {
    assert_eq!(delta["from"], state["seq"], "a delta from another state than the one held: {delta}");
    for (field, value) in delta.as_object().expect("a delta is an object") {
        match field.as_str() {
            "type" | "from" | "moves_from" => {}
            "pieces" => apply_patch(&mut state["pieces"], value),
            "hints" => {
                for (part, value) in value.as_object().expect("hints are an object") {
                    if part == "commanders" {
                        apply_patch(&mut state["hints"]["commanders"], value);
                    } else {
                        state["hints"][part] = value.clone();
                    }
                }
            }
            "moves" => {
                let moves = state["moves"].as_array_mut().expect("a move list");
                moves.truncate(delta["moves_from"].as_u64().expect("moves_from") as usize);
                moves.extend(value.as_array().expect("turns").iter().cloned());
            }
            "legal" if value.is_object() => apply_legal_patch(&mut state["legal"], value),
            _ => state[field] = value.clone(),
        }
    }
}

/// Applies a legal-actions patch (`remove` by index, then `add` at each index).
fn apply_legal_patch(list: &mut Value, patch: &Value) {
    let items = list.as_array_mut().expect("a list");
    let gone = patch["remove"].as_array().expect("remove");
    let mut index = 0;
    items.retain(|_| {
        index += 1;
        !gone.contains(&Value::from(index - 1))
    });
    for entry in patch["add"].as_array().expect("add") {
        let at = entry[0].as_u64().expect("an index") as usize;
        assert!(at <= items.len(), "an action added past the list's end: {patch}");
        items.insert(at, entry[1].clone());
    }
}

/// Applies a list patch (`remove`, then `set`) to a list of items with a `square`.
fn apply_patch(list: &mut Value, patch: &Value) {
    let items = list.as_array_mut().expect("a list");
    let gone = patch["remove"].as_array().expect("remove");
    items.retain(|item| !gone.contains(&item["square"]));
    for entry in patch["set"].as_array().expect("set") {
        let (at, item) = (entry[0].as_u64().expect("an index") as usize, entry[1].clone());
        if items.get(at).is_some_and(|old| old["square"] == item["square"]) {
            items[at] = item;
        } else {
            items.insert(at.min(items.len()), item);
        }
    }
}
