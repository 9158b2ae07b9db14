//! Why a stored game may only be watched: its log no longer replays under this server's rules
//! (a rule changed since it was played), or its stored scenario no longer reads.

use super::{Event, GameMeta};
use crate::error::clip;
use serde::Serialize;
use warlord_rules::RULES_VERSION;

/// Why a game is read-only, as sent to clients in the game's description.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct ReadOnly {
    /// What went wrong, for people: the first stored event that fails and why, or what is
    /// wrong with the stored scenario, with the rules versions.
    pub reason: String,
    /// The sequence number of the first stored event that does not replay (the game stands
    /// just before it); `None` when the stored scenario is the problem.
    pub seq: Option<u64>,
    /// The rules version the game was created under; `None` for games stored before versions
    /// were recorded.
    pub game_rules_version: Option<u32>,
    /// The rules version of this server.
    pub server_rules_version: u32,
}

impl ReadOnly {
    /// The stored event at `seq` is refused by the rules (`why`).
    #[must_use]
    pub fn event_refused(meta: &GameMeta, seq: u64, event: &Event, why: &str) -> ReadOnly {
        let body = if event.body.is_empty() { String::new() } else { format!(" `{}`", clip(&event.body, 40)) };
        let reason = format!(
            "stored event {seq} ({} {}{body}) does not replay under {}: {why}",
            event.side,
            event.kind.name(),
            versions(meta)
        );
        ReadOnly::new(meta, reason, Some(seq))
    }

    /// The stored scenario cannot be used (`problem`); the game is shown with the shipped
    /// scenario of its id.
    #[must_use]
    pub fn scenario_unusable(meta: &GameMeta, problem: &str) -> ReadOnly {
        let reason = format!(
            "the scenario stored with this game {problem}; it is shown with the shipped `{}` under {}",
            clip(&meta.scenario, 40),
            versions(meta)
        );
        ReadOnly::new(meta, reason, None)
    }

    fn new(meta: &GameMeta, reason: String, seq: Option<u64>) -> ReadOnly {
        ReadOnly {
            reason,
            seq,
            game_rules_version: meta.pin.as_ref().map(|p| p.rules_version),
            server_rules_version: RULES_VERSION,
        }
    }
}

/// The server's rules version and the game's, as a phrase.
fn versions(meta: &GameMeta) -> String {
    let created = match &meta.pin {
        Some(pin) => format!("rules version {}", pin.rules_version),
        None => "a rules version that was not recorded".to_string(),
    };
    format!("rules version {RULES_VERSION} (the game was created under {created})")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{EventKind, Pin};
    use std::sync::Arc;
    use warlord_rules::Side;

    #[test]
    fn the_reason_names_the_event_why_and_both_versions() {
        let pin = Pin { scenario_text: Arc::from(""), scenario_sha256: String::new(), rules_version: 7 };
        let event = Event { kind: EventKind::Action, side: Side::Black, body: Arc::from("b5-d7"), at_ms: 0 };
        let r = ReadOnly::event_refused(&GameMeta::for_test(Some(pin)), 12, &event, "d7 is out of range");
        assert_eq!(
            r.reason,
            format!(
                "stored event 12 (black action `b5-d7`) does not replay under rules version {RULES_VERSION} \
                 (the game was created under rules version 7): d7 is out of range"
            )
        );
        assert_eq!((r.seq, r.game_rules_version, r.server_rules_version), (Some(12), Some(7), RULES_VERSION));

        let resign = Event::bare(EventKind::Resign, Side::White, 0);
        let r = ReadOnly::event_refused(&GameMeta::for_test(None), 3, &resign, "the game is over");
        assert!(r.reason.starts_with("stored event 3 (white resign) does not replay"), "{}", r.reason);
        assert!(r.reason.contains("a rules version that was not recorded"), "{}", r.reason);
        assert_eq!(r.game_rules_version, None);

        let r = ReadOnly::scenario_unusable(&GameMeta::for_test(None), "no longer reads: bad family");
        assert!(
            r.reason.starts_with("the scenario stored with this game no longer reads: bad family;"),
            "{}",
            r.reason
        );
        assert_eq!(r.seq, None);
    }
}
