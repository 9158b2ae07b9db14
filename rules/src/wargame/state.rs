//! What a WarGame 1 position keeps beyond the shared core: the tows that are still in
//! progress (docs/RULES.md, "WarGame 1", being towed), the reserves of a free setup, and the
//! paratroopers prepared to leap (option `paratroops`).

use crate::side::Side;
use crate::square::Square;

/// A piece being towed: from its tow until its side's next turn begins.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tow {
    /// The side of both pieces.
    pub side: Side,
    /// The towing piece's square.
    pub tower: Square,
    /// The towed piece's square.
    pub towed: Square,
}

/// The family state of WarGame 1.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct WarGameState {
    /// The tows in progress, sorted.
    pub tows: Vec<Tow>,
    /// In a free setup, the pieces each side has still to place, by kind id.
    pub reserve: [Vec<u16>; 2],
    /// The squares of the paratroopers that are prepared to leap, sorted (rank-major); they
    /// follow their pieces as these move or are towed.
    pub prepped: Vec<Square>,
}

impl WarGameState {
    /// Whether the piece on `sq` is being towed.
    #[must_use]
    pub fn is_towed(&self, sq: Square) -> bool {
        self.tows.iter().any(|t| t.towed == sq)
    }

    /// Whether the piece on `sq` is a paratrooper prepared to leap.
    #[must_use]
    pub fn is_prepped(&self, sq: Square) -> bool {
        self.prepped.binary_search_by_key(&(sq.rank, sq.file), |s| (s.rank, s.file)).is_ok()
    }

    /// The square of the piece `sq` tows, if it is towing one.
    #[must_use]
    pub fn towed_by(&self, sq: Square) -> Option<Square> {
        self.tows.iter().find(|t| t.tower == sq).map(|t| t.towed)
    }
}
