//! How a game ends.

use crate::side::Side;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a game ended.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// Every enemy leader was captured.
    AllLeadersCaptured,
    /// The shorter-game victory (rulings 7): enough leaders captured that the loser cannot
    /// capture back enough in its next turn.
    ShorterGame,
    /// Both sides passed, one after the other.
    DoublePass,
    /// The losing side has no pieces left.
    NoPieces,
    /// Neither side can ever capture again (Medieval War Chess).
    DeadPosition,
    /// The losing side's leaders can no longer activate the turn's required number of units.
    CommandCollapse,
    /// The winner held the required towns at the start of its turn.
    Towns,
    /// The winner killed the loser's banner (Command Post).
    BannerKilled,
    /// The winner planted its banner (Command Post) on an objective.
    BannerPlanted,
    /// The losing side lost the number of original leaders the option sets.
    LeaderLosses,
    /// The turn limit was reached and the game adjudicated.
    TurnLimit,
    /// A player resigned.
    Resignation,
    /// The players agreed a draw.
    Agreement,
    /// A player ran out of time.
    Timeout,
}

/// The result of a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why it ended.
    pub reason: EndReason,
}

impl Outcome {
    /// A win for `side`.
    #[must_use]
    pub fn win(side: Side, reason: EndReason) -> Outcome {
        Outcome { winner: Some(side), reason }
    }

    /// A draw.
    #[must_use]
    pub fn draw(reason: EndReason) -> Outcome {
        Outcome { winner: None, reason }
    }

    /// The score for White in the usual notation: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.reason {
            EndReason::AllLeadersCaptured => "all leaders captured",
            EndReason::ShorterGame => "shorter-game victory",
            EndReason::DoublePass => "both sides passed",
            EndReason::NoPieces => "no pieces left",
            EndReason::DeadPosition => "no capture possible for either side",
            EndReason::CommandCollapse => "too few leaders left to command",
            EndReason::Towns => "towns held",
            EndReason::BannerKilled => "banner killed",
            EndReason::BannerPlanted => "banner planted",
            EndReason::LeaderLosses => "too many leaders lost",
            EndReason::TurnLimit => "turn limit",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "draw agreed",
            EndReason::Timeout => "time forfeit",
        };
        match self.winner {
            Some(side) => write!(f, "{} ({side} wins: {why})", self.score()),
            None => write!(f, "{} (draw: {why})", self.score()),
        }
    }
}
