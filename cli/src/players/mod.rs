//! Who plays a side in `warlord play`, and how each kind of player makes its turn.

mod computer;
mod human;
mod random;

pub use computer::computer_turn;
pub use human::{read_turn, HumanTurn};
pub use random::random_turn;

use std::fmt;
use std::str::FromStr;
use warlord_ai::Level;
use warlord_rules::{Action, Report};

/// The actions of one turn, each with what it did.
pub type Steps = Vec<(Action, Report)>;

/// A kind of player: `human`, `random`, or the computer at a level, `ai:N` (`ai` alone is
/// level [`DEFAULT_LEVEL`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// Someone typing turns at the terminal (or piping them in).
    Human,
    /// Uniformly random legal actions until the turn ends.
    Random,
    /// The computer at one of the levels of [`warlord_ai::LEVELS`].
    Computer(Level),
}

/// The level `ai` alone means: the server's default too.
pub const DEFAULT_LEVEL: u8 = 3;

impl FromStr for PlayerKind {
    type Err = String;

    fn from_str(s: &str) -> Result<PlayerKind, String> {
        let s = s.trim().to_ascii_lowercase();
        let level = |n: &str| {
            n.parse::<u8>()
                .map_err(|_| {
                    format!("`{n}` is not a level: write ai:N with N from 1 to {}", warlord_ai::levels::STRONGEST)
                })
                .and_then(Level::get)
        };
        match s.as_str() {
            "human" => Ok(PlayerKind::Human),
            "random" => Ok(PlayerKind::Random),
            "ai" | "computer" => level(&DEFAULT_LEVEL.to_string()).map(PlayerKind::Computer),
            other => match other.strip_prefix("ai:").or_else(|| other.strip_prefix("ai")) {
                Some(n) => level(n).map(PlayerKind::Computer),
                None => Err(format!(
                    "`{s}` is not a player: write human, random, ai or ai:N (the computer at level N, 1 to {})",
                    warlord_ai::levels::STRONGEST
                )),
            },
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Human => f.write_str("human"),
            PlayerKind::Random => f.write_str("random"),
            PlayerKind::Computer(level) => write!(f, "ai:{} ({}, {} ms)", level.number, level.agent, level.millis),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_are_read_with_their_levels_and_bad_ones_explained() {
        assert_eq!("Human".parse(), Ok(PlayerKind::Human));
        assert_eq!("random".parse(), Ok(PlayerKind::Random));
        let ai = |n| Level::get(n).map(PlayerKind::Computer);
        assert_eq!("ai".parse(), ai(DEFAULT_LEVEL));
        assert_eq!("ai:6".parse(), ai(6));
        assert_eq!("ai1".parse(), ai(1));
        assert!("ai:7".parse::<PlayerKind>().unwrap_err().contains("1 to 6"));
        assert!("ai:x".parse::<PlayerKind>().unwrap_err().contains("not a level"));
        assert!("robot".parse::<PlayerKind>().unwrap_err().contains("human, random, ai"));
    }
}
