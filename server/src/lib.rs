//! The Warlord play server: an HTTP API and a WebSocket per game (docs/API.md), storing every
//! game as its settings plus an ordered log of accepted events in SQLite or PostgreSQL.
//!
//! The server owns the truth: clients propose actions, the rules engine decides, and an event
//! is committed to the database before anyone hears of it. Hidden setup stays hidden: every
//! state sent goes through `Ruleset::view` for its recipient.

pub mod access;
pub mod agent;
pub mod analysis;
#[cfg(test)]
mod api_types;
pub mod assets;
pub mod catalog;
pub mod challenge;
pub mod client;
pub mod client_ip;
mod computer_analysis;
pub mod connections;
pub mod delta;
pub mod digest;
pub mod error;
pub mod game;
pub(crate) mod group_commit;
pub mod guide;
pub mod heavy;
pub mod http;
pub mod hub;
pub mod limit;
pub mod limits;
pub mod loadtest;
pub mod notify;
pub mod protocol;
mod record_tree;
pub mod refusal;
pub mod render;
pub mod results;
pub mod router;
pub mod scheduler;
pub mod serve;
pub mod store;
pub mod storm;
pub mod token;
pub mod ws;

pub use error::{ApiError, ErrorCode};
pub use limits::Limits;
pub use loadtest::LoadtestArgs;
pub use serve::ServeArgs;
