//! Ending a game at a turn limit (rulings 16), the same way in every family.

use crate::outcome::{EndReason, Outcome};
use crate::piece::PieceTable;
use crate::position::Position;
use crate::side::Side;
use serde::{Deserialize, Serialize};

/// How a game that reaches the turn limit is decided (rulings 16).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Adjudication {
    /// A draw.
    #[default]
    Draw,
    /// The side with more material (sum of piece values) wins; equal material draws.
    Material,
}

/// The result when `limit` turns (0: no limit) have been played in `pos`, decided as `how` says;
/// `None` while the game goes on.
#[must_use]
pub fn turn_limit_outcome(pos: &Position, pieces: &PieceTable, limit: u32, how: Adjudication) -> Option<Outcome> {
    if limit == 0 || pos.turns_played() < limit {
        return None;
    }
    if how == Adjudication::Draw {
        return Some(Outcome::draw(EndReason::TurnLimit));
    }
    let material = |side| pos.pieces(side).map(|(_, p)| pieces.get(p.kind).value).sum::<u32>();
    Some(match material(Side::White).cmp(&material(Side::Black)) {
        std::cmp::Ordering::Greater => Outcome::win(Side::White, EndReason::TurnLimit),
        std::cmp::Ordering::Less => Outcome::win(Side::Black, EndReason::TurnLimit),
        std::cmp::Ordering::Equal => Outcome::draw(EndReason::TurnLimit),
    })
}
