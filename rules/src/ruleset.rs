//! The one interface every game family implements, so that the AI, the server, the CLI and the
//! UI never special-case a game.

use crate::action::Action;
use crate::board::Board;
use crate::outcome::Outcome;
use crate::piece::{Piece, PieceTable};
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;
use std::fmt;
use std::sync::Arc;

/// The game families the engine knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Warlord, Chieftain Chess and their scenarios: leaders activate pieces.
    Warlord,
    /// Medieval War Chess: three actions a turn, melee strength, rook cannons.
    Medieval,
}

impl Family {
    /// The name used in scenario files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Family::Warlord => "warlord",
            Family::Medieval => "medieval",
        }
    }
}

/// Why an action was refused. The position is unchanged when this is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct IllegalAction {
    /// A sentence saying what rule the action breaks.
    pub reason: String,
}

impl IllegalAction {
    /// An error with the given reason.
    pub fn new(reason: impl Into<String>) -> IllegalAction {
        IllegalAction { reason: reason.into() }
    }
}

/// The outcome of a melee attack, for reports and for the UI before an attack is made.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Combat {
    /// Total offence of the attackers.
    pub offence: u32,
    /// The defence of the target.
    pub defence: u32,
    /// Whether the attack succeeds (offence greater than defence).
    pub success: bool,
}

/// What an accepted action did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Pieces removed from the board, with the squares they stood on.
    pub captured: Vec<(Square, Piece)>,
    /// The melee or fire result, for attacks.
    pub combat: Option<Combat>,
    /// Whether the action ended the turn.
    pub turn_ended: bool,
    /// The result, if the action ended the game.
    pub outcome: Option<Outcome>,
}

/// A game family's rules, configured for one scenario and its options.
pub trait Ruleset: Send + Sync + fmt::Debug {
    /// Which family these rules belong to (for display; consumers must not branch on it).
    fn family(&self) -> Family;

    /// The board, with its terrain.
    fn board(&self) -> &Arc<Board>;

    /// The piece kinds of this game.
    fn pieces(&self) -> &PieceTable;

    /// The starting position (a setup phase if the scenario starts with free setup).
    fn start(&self) -> Position;

    /// Appends every legal action for the side to move to `out`.
    fn legal_actions(&self, pos: &Position, out: &mut Vec<Action>);

    /// Checks and plays an action; on error the position is unchanged.
    fn play(&self, pos: &mut Position, action: Action) -> Result<Report, IllegalAction>;

    /// Plays an action known to be legal (one from [`Ruleset::legal_actions`]) without checking
    /// it, for search. Playing anything else leaves the position meaningless.
    fn play_unchecked(&self, pos: &mut Position, action: Action) -> Report;

    /// What a player (or, with `None`, a spectator) may see of a position: everything, except
    /// the other side's placement while setup is not committed by both sides (rulings 10).
    fn view(&self, pos: &Position, viewer: Option<Side>) -> Position;

    /// The squares of the pieces that could activate the piece on `sq` now, for the UI. Empty
    /// in families without activation, or when the piece cannot act.
    fn activators(&self, pos: &Position, sq: Square) -> Vec<Square>;

    /// What a melee attack would do now, if the action is a legal attack (for the UI).
    fn preview(&self, pos: &Position, action: Action) -> Option<Combat>;

    /// Ends a game by resignation, agreement or time, outside the rules of play.
    fn conclude(&self, pos: &mut Position, outcome: Outcome) {
        pos.phase = crate::position::Phase::Over(outcome);
    }

    /// Every legal action, as a new vector.
    fn legal_action_list(&self, pos: &Position) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions(pos, &mut out);
        out
    }
}
