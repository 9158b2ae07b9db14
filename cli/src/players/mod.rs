//! Who plays a side in `warlord play`, and how each kind of player makes its turn.

mod human;
mod random;

pub use human::{read_turn, HumanTurn};
pub use random::random_turn;

use warlord_rules::{Action, Report};

/// The actions of one turn, each with what it did.
pub type Steps = Vec<(Action, Report)>;

/// A kind of player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PlayerKind {
    /// Someone typing turns at the terminal (or piping them in).
    Human,
    /// Uniformly random legal actions until the turn ends.
    Random,
}

impl PlayerKind {
    /// The name used on the command line and in record tags.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Human => "human",
            PlayerKind::Random => "random",
        }
    }
}
