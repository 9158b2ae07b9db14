//! The rules engine of the Warlord games.
//!
//! Data flows one way: a [`scenario`] file is read into a [`Scenario`], which builds a
//! [`Ruleset`] and its starting [`Position`]; [`Action`]s make up turns; turns make up a
//! [`notation::Record`]. Every game family implements [`Ruleset`], so that callers never
//! special-case a game. The crate is pure: no I/O, no async, no clocks.

pub mod action;
pub mod adjudication;
pub mod board;
pub mod clip;
pub mod family_state;
pub mod geometry;
pub mod guide;
pub mod medieval;
pub mod movement;
pub mod notation;
pub mod objective;
pub mod options;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod ruleset;
pub mod scenario;
pub mod setup;
pub mod side;
pub mod square;
pub mod terrain;
pub mod wargame;
pub mod warlord;

pub use action::{Action, Attackers};
pub use board::Board;
pub use clip::clip;
pub use family_state::FamilyState;
pub use geometry::{Geometry, Sight};
pub use objective::Objective;
pub use options::{OptionSpec, OptionType};
pub use outcome::{EndReason, Outcome};
pub use piece::{Command, KindId, Piece, PieceKind, PieceTable, UnitClass};
pub use position::{splitmix64, Phase, Position};
pub use ruleset::{
    described_captures, is_listed, ActionInfo, ActionKind, Appearance, Combat, Commander, Family, Hints, IllegalAction,
    IllegalKind, Report, Ruleset, Tally,
};
pub use scenario::Scenario;
pub use side::Side;
pub use square::Square;
pub use terrain::Terrain;
pub use warlord::{Arrival, WarlordState};

/// The version of the rules this engine plays. Raise it with any change that may make a
/// recorded action legal or illegal, or change what it leads to: the play server stores the
/// version each game was created under and names both when an old game's log no longer
/// replays.
pub const RULES_VERSION: u32 = 1;
