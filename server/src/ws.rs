//! The WebSocket of a game: on connecting, the client gets the game's description and its
//! state; then what changed after every change (`delta`), and an answer to each message it
//! sends (an action's `accepted` in one write with the state it made).
//! A bad message gets an `error` and changes nothing; the connection stays open.

use crate::access::{self, TokenQuery};
use crate::client_ip::ClientIp;
use crate::delta::StateDelta;
use crate::error::ApiError;
use crate::game::Viewer;
use crate::hub::{Games, Hub, Update};
use crate::protocol::{self, Command};
use crate::render::{game_info, GameInfo, StateView};
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use serde::Serialize;
use std::sync::Arc;

/// Frames above this size close the connection (a protocol-level guard); messages between
/// [`protocol::MAX_MESSAGE_BYTES`] and this get a `too-large` error and the connection stays.
pub const MAX_FRAME_BYTES: usize = 1 << 20;

/// The bytes a WebSocket reads from its socket at a time. Clients send small messages (16 KiB
/// at most), so a small buffer is enough; tungstenite's default (128 KiB) was zeroed before
/// every read and held by every open connection (1.3 GB for 10,000 players).
pub const READ_BUFFER_BYTES: usize = 8 << 10;

/// What the server sends on a game's WebSocket.
#[derive(Serialize, ts_rs::TS)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ServerMessage {
    /// The game's fixed description (first message).
    Game(Box<GameInfo>),
    /// The game's state for this connection's viewer, whole (on connecting, and when asked
    /// by `sync`).
    State(Box<StateView>),
    /// What changed in the state since the one sent before on this connection (after each
    /// change).
    Delta(Box<StateDelta>),
    /// A message was carried out; `seq` is the game's event count after it.
    Accepted {
        /// The client's `ref`.
        #[serde(rename = "ref")]
        reference: Option<u64>,
        /// The number of events after it.
        seq: u64,
    },
    /// The answer to a `ping`.
    Pong {
        /// The client's `ref`.
        #[serde(rename = "ref")]
        reference: Option<u64>,
    },
    /// A message was refused; nothing changed.
    Error {
        /// The client's `ref`, if it could be read.
        #[serde(rename = "ref")]
        reference: Option<u64>,
        /// What is wrong.
        error: ApiError,
    },
}

/// The route of this module, to be merged into the API's router.
pub fn routes() -> Router<Games> {
    Router::new().route("/api/games/{id}/ws", get(upgrade))
}

/// `GET /api/games/{id}/ws`: checks the game and the token, then upgrades.
async fn upgrade(
    State(games): State<Games>,
    Path(id): Path<String>,
    Query(query): Query<TokenQuery>,
    headers: HeaderMap,
    ClientIp(client): ClientIp,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let (hub, viewer) = access::open(&games, &id, &headers, &query).await?;
    if matches!(viewer, Viewer::Seat(_)) {
        hub.note_player(crate::hub::user_key(client));
    }
    Ok(ws
        .max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .read_buffer_size(READ_BUFFER_BYTES)
        .on_upgrade(move |socket| connection(socket, hub, viewer)))
}

async fn connection(socket: WebSocket, hub: Arc<Hub>, viewer: Viewer) {
    let (mut sink, mut stream) = socket.split();
    let mut changes = hub.subscribe();
    let first = changes.borrow_and_update().clone();
    let mut sent = first.seq();
    let opening = [
        encode(&ServerMessage::Game(Box::new(game_info(&first)))),
        hub.state_text(&first, viewer, None, encode_update),
    ];
    if write(&mut sink, opening).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            changed = changes.changed() => {
                if changed.is_err() {
                    break;
                }
                let game = changes.borrow_and_update().clone();
                let text = hub.state_text(&game, viewer, Some(sent), encode_update);
                sent = game.seq();
                if write(&mut sink, [text]).await.is_err() {
                    break;
                }
            }
            incoming = stream.next() => {
                let reply = match incoming {
                    Some(Ok(Message::Text(text))) => answer(&hub, viewer, text.as_bytes()).await,
                    Some(Ok(Message::Binary(_))) => Reply::Message(ServerMessage::Error {
                        reference: None,
                        error: ApiError::bad_request("messages are JSON text, not binary"),
                    }),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                };
                let mut texts = Vec::with_capacity(2);
                let since = match reply {
                    Reply::Message(message) => {
                        texts.push(encode(&message));
                        Some(sent)
                    }
                    Reply::Sync => None,
                };
                // The state an action made goes in the same write as its `accepted`.
                if since.is_none() || changes.has_changed().unwrap_or(false) {
                    let game = changes.borrow_and_update().clone();
                    texts.push(hub.state_text(&game, viewer, since, encode_update));
                    sent = game.seq();
                }
                if write(&mut sink, texts).await.is_err() {
                    break;
                }
            }
        }
    }
}

/// What a client's message is answered with.
enum Reply {
    /// A message.
    Message(ServerMessage),
    /// The whole state (asked by `sync`).
    Sync,
}

async fn answer(hub: &Arc<Hub>, viewer: Viewer, bytes: &[u8]) -> Reply {
    Reply::Message(match protocol::parse_message(bytes) {
        Err((reference, error)) => ServerMessage::Error { reference, error },
        Ok(message) if message.command == Command::Sync {} => return Reply::Sync,
        Ok(message) if message.command == Command::Ping {} => ServerMessage::Pong { reference: message.reference },
        Ok(message) => match hub.command(viewer, message.command).await {
            Ok(seq) => ServerMessage::Accepted { reference: message.reference, seq },
            Err(error) => ServerMessage::Error { reference: message.reference, error },
        },
    })
}

/// Sends texts in one write to the socket (one system call and one wake-up of the peer for
/// an action's `accepted` and its state).
async fn write(
    sink: &mut futures_util::stream::SplitSink<WebSocket, Message>,
    texts: impl IntoIterator<Item = Utf8Bytes>,
) -> Result<(), axum::Error> {
    for text in texts {
        sink.feed(Message::Text(text)).await?;
    }
    sink.flush().await
}

/// A state as the JSON text sent: a `state` or a `delta`.
pub fn encode_update(update: Update) -> Utf8Bytes {
    encode(&match update {
        Update::Full(view) => ServerMessage::State(Box::new(view)),
        Update::Delta(changes) => ServerMessage::Delta(Box::new(changes)),
    })
}

/// A message as the JSON text sent.
fn encode(message: &ServerMessage) -> Utf8Bytes {
    serde_json::to_string(message)
        .unwrap_or_else(|_| {
            r#"{"type":"error","ref":null,"error":{"code":"internal","message":"could not encode"}}"#.into()
        })
        .into()
}
