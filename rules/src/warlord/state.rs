//! What a Warlord position keeps beyond the shared core: leaders captured and lost, the pieces
//! still to place in setup, and reinforcements that have arrived.

use crate::piece::KindId;
use crate::position::Position;
use crate::side::Side;

/// Reinforcements that have arrived and wait to be placed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arrival {
    /// Whose they are.
    pub side: Side,
    /// The wave they belong to (an index into the scenario's reinforcements).
    pub wave: u16,
    /// Their kind.
    pub kind: KindId,
    /// How many are still to place.
    pub count: u16,
}

/// The Warlord family's part of a position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct WarlordState {
    /// Enemy leaders captured by each side.
    pub(crate) leaders_captured: [u32; 2],
    /// Leaders that activate others each side has lost (for the leader-losses option).
    pub(crate) leaders_lost: [u32; 2],
    /// Pieces each side still has to place in setup, as a count per kind.
    pub(crate) reserve: [Vec<u16>; 2],
    /// Reinforcements waiting to be placed.
    pub(crate) arrivals: Vec<Arrival>,
}

impl WarlordState {
    /// An empty state for a game with `kinds` piece kinds.
    #[must_use]
    pub(crate) fn new(kinds: usize) -> WarlordState {
        WarlordState { reserve: [vec![0; kinds], vec![0; kinds]], ..WarlordState::default() }
    }

    /// Enemy leaders a side has captured.
    #[must_use]
    pub fn leaders_captured_by(&self, side: Side) -> u32 {
        self.leaders_captured[side.index()]
    }

    /// Leaders that activate others a side has lost.
    #[must_use]
    pub fn leaders_lost(&self, side: Side) -> u32 {
        self.leaders_lost[side.index()]
    }

    /// How many pieces of a kind a side has still to place in setup.
    #[must_use]
    pub fn in_reserve(&self, side: Side, kind: KindId) -> u16 {
        self.reserve[side.index()].get(usize::from(kind)).copied().unwrap_or(0)
    }

    /// The whole setup reserve of a side, as (kind, count) pairs with a count above zero.
    pub fn reserve(&self, side: Side) -> impl Iterator<Item = (KindId, u16)> + '_ {
        self.reserve[side.index()].iter().enumerate().filter(|(_, &n)| n > 0).map(|(k, &n)| (k as KindId, n))
    }

    /// Reinforcements waiting to be placed, of both sides.
    #[must_use]
    pub fn arrivals(&self) -> &[Arrival] {
        &self.arrivals
    }
}

/// The Warlord state of a position, for reading; an empty one if the position has none
/// (positions are built by the rules, so that happens only for a foreign position).
pub(crate) fn state(pos: &Position) -> &WarlordState {
    static EMPTY: WarlordState = WarlordState {
        leaders_captured: [0, 0],
        leaders_lost: [0, 0],
        reserve: [Vec::new(), Vec::new()],
        arrivals: Vec::new(),
    };
    pos.family.warlord().unwrap_or(&EMPTY)
}

/// The Warlord state of a position, for changing; made if the position has none.
pub(crate) fn state_mut(pos: &mut Position) -> &mut WarlordState {
    if !matches!(pos.family, crate::family_state::FamilyState::Warlord(_)) {
        pos.family = crate::family_state::FamilyState::Warlord(WarlordState::default());
    }
    match &mut pos.family {
        crate::family_state::FamilyState::Warlord(state) => state,
        _ => unreachable!("made just above"),
    }
}
