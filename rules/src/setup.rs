//! What building a family's rules starts from: the scenario's board, pieces, placement and
//! deployment zones, with the family's fixed rules and the options chosen.

use crate::board::Board;
use crate::piece::{Piece, PieceTable};
use crate::square::Square;

/// Everything needed to build the rules of a game of one family: `C` is the family's fixed
/// rules (`[rules]` of the scenario), `O` its options.
#[derive(Clone, Debug)]
pub struct GameSetup<C, O> {
    /// The board with its terrain.
    pub board: Board,
    /// The piece kinds, before options change them.
    pub pieces: PieceTable,
    /// The starting placement.
    pub placement: Vec<(Square, Piece)>,
    /// Where each side may place its pieces in a free setup (White's, Black's); a family
    /// without setups ignores them.
    pub zones: [Vec<Square>; 2],
    /// The fixed rules.
    pub config: C,
    /// The options chosen.
    pub options: O,
}
