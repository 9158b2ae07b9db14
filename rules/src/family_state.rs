//! What a position keeps that only one family needs, beside the shared core of
//! [`crate::Position`] (cells, units with stable ids, side to move, phase, the turn in
//! progress). A new family with state of its own adds a variant here and keeps the type in its
//! own folder; every other family is unaffected.

use crate::wargame::WarGameState;
use crate::warlord::WarlordState;

/// The family-specific part of a position. It takes part in equality and in the position key
/// ([`crate::Position::hash`]) like every other field.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum FamilyState {
    /// The family keeps nothing beyond the shared core (Medieval War Chess).
    #[default]
    None,
    /// Leaders captured and lost, setup reserves and reinforcements of the Warlord family.
    Warlord(WarlordState),
    /// The tows in progress of WarGame 1.
    WarGame(WarGameState),
}

impl FamilyState {
    /// The Warlord family's state, if this is one.
    #[must_use]
    pub fn warlord(&self) -> Option<&WarlordState> {
        match self {
            FamilyState::Warlord(state) => Some(state),
            FamilyState::None | FamilyState::WarGame(_) => None,
        }
    }

    /// The WarGame 1 state, if this is one.
    #[must_use]
    pub fn wargame(&self) -> Option<&WarGameState> {
        match self {
            FamilyState::WarGame(state) => Some(state),
            _ => None,
        }
    }
}
