//! The Warlord play server.
