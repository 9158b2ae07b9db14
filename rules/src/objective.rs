//! A victory by holding squares, as the rules publish it for the AI's plans and a UI.

use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

/// Squares whose holding wins the game: a side that has a piece on `needed` of `squares` (at
/// the moment its rules check: a Warlord side at the start of its turn) wins. The towns of a
/// Warlord scenario with `towns-to-win`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// The squares to hold.
    pub squares: Vec<Square>,
    /// How many of them a side must hold to win.
    pub needed: u32,
}

impl Objective {
    /// Whether `side` holds `sq` in `pos`: one of its pieces stands there. The one definition
    /// of holding, for the victory check and for every plan that reads the objective.
    #[must_use]
    pub fn holds(&self, pos: &Position, sq: Square, side: Side) -> bool {
        pos.piece_at(sq).is_some_and(|p| p.side == side)
    }

    /// How many of the squares `side` holds in `pos`.
    #[must_use]
    pub fn held(&self, pos: &Position, side: Side) -> u32 {
        self.squares.iter().filter(|&&sq| self.holds(pos, sq, side)).count() as u32
    }
}
