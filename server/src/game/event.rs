//! Events: the ordered log a game is stored as. Each accepted action, resignation, draw offer
//! or answer, takeback request or answer, and time forfeit is one event with the next sequence number.

use serde::Serialize;
use std::sync::Arc;
use warlord_rules::Side;

/// What an event does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    /// An action of the rules (its notation is the event's body).
    Action,
    /// The side resigns.
    Resign,
    /// The side offers a draw (or agrees to one already offered).
    DrawOffer,
    /// The side accepts the opponent's draw offer.
    DrawAccept,
    /// The side declines the opponent's draw offer.
    DrawDecline,
    /// The side ran out of time.
    Timeout,
    /// The side asks to take back its last turn (and the opponent's after it, if any).
    TakebackOffer,
    /// The side grants the opponent's takeback: replaying the log takes those turns back here
    /// (the stored events stay; the turns taken back no longer count).
    Takeback,
    /// The side refuses the opponent's takeback.
    TakebackDecline,
}

impl EventKind {
    /// Every kind.
    pub const ALL: [EventKind; 9] = [
        EventKind::Action,
        EventKind::Resign,
        EventKind::DrawOffer,
        EventKind::DrawAccept,
        EventKind::DrawDecline,
        EventKind::Timeout,
        EventKind::TakebackOffer,
        EventKind::Takeback,
        EventKind::TakebackDecline,
    ];

    /// The name stored in the database.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EventKind::Action => "action",
            EventKind::Resign => "resign",
            EventKind::DrawOffer => "draw-offer",
            EventKind::DrawAccept => "draw-accept",
            EventKind::DrawDecline => "draw-decline",
            EventKind::Timeout => "timeout",
            EventKind::TakebackOffer => "takeback-offer",
            EventKind::Takeback => "takeback",
            EventKind::TakebackDecline => "takeback-decline",
        }
    }

    /// The kind with a stored name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<EventKind> {
        EventKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// One accepted event. Its sequence number is its index in the game's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// What it does.
    pub kind: EventKind,
    /// The side it belongs to.
    pub side: Side,
    /// The action's notation, for actions; empty otherwise.
    pub body: Arc<str>,
    /// When it was accepted (Unix milliseconds).
    pub at_ms: i64,
}

impl Event {
    /// An event with no body.
    #[must_use]
    pub fn bare(kind: EventKind, side: Side, at_ms: i64) -> Event {
        Event { kind, side, body: Arc::from(""), at_ms }
    }
}
