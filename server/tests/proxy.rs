//! Behind a reverse proxy: the per-client limits count the address a trusted proxy forwards
//! for (`--trusted-proxy`), and a forwarded address from anyone else is ignored.

mod common;

use common::{databases, server};
use serde_json::json;
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// `POST /api/games` from 127.0.0.1 with an `X-Forwarded-For` header; the status.
async fn create_forwarded_for(addr: SocketAddr, forwarded_for: &str) -> u16 {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let body = json!({"scenario": "chieftain", "mode": "correspondence"}).to_string();
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nX-Forwarded-For: {forwarded_for}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.unwrap();
    raw.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Uses up one client's allowance of new games (the header names it), then asks once more.
async fn exhaust(addr: SocketAddr, forwarded_for: &str) -> u16 {
    for _ in 0..warlord_server::limit::DEFAULT_PER_MINUTE {
        assert_eq!(create_forwarded_for(addr, forwarded_for).await, 201);
    }
    create_forwarded_for(addr, forwarded_for).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxy_s_clients_each_have_their_own_allowance() {
    let db = databases().remove(0);
    let server = server(&db).await;
    server.games.set_trusted_proxies(&["127.0.0.1".parse().unwrap()]);
    // The client wrote the first address itself; the proxy appended the real one.
    assert_eq!(exhaust(server.addr, "6.6.6.6, 203.0.113.1").await, 429);
    assert_eq!(create_forwarded_for(server.addr, "203.0.113.2").await, 201, "another client behind the proxy");
    assert_eq!(
        create_forwarded_for(server.addr, "203.0.113.2, 203.0.113.1").await,
        429,
        "an address the client wrote in front of its own changes nothing"
    );
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_trusted_proxy_the_forwarded_address_is_ignored() {
    let db = databases().remove(0);
    let server = server(&db).await;
    assert_eq!(exhaust(server.addr, "203.0.113.1").await, 429);
    assert_eq!(
        create_forwarded_for(server.addr, "203.0.113.2").await,
        429,
        "a client cannot pick its address by sending the header"
    );
    server.stop();
}
