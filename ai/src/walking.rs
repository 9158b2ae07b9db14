//! Walking distances: how many steps a piece needs to reach a square from the nearest of some
//! squares, going round what no piece can stand on (water, and the cells of a map that are not
//! squares). On a board without water this is the board's own distance; across a river it is
//! the way round by the crossings.

use std::collections::VecDeque;
use warlord_rules::{Board, Position, Side, Square, Terrain};

/// Whether some cell of `board` holds no piece (water): only then does a walk differ from the
/// board's distance.
#[must_use]
pub fn has_barriers(board: &Board) -> bool {
    Terrain::ALL.into_iter().any(|t| !t.holds_pieces() && board.has_terrain(t))
}

/// The walking distance to the nearest of some squares, measured directly on a board without
/// barriers ([`has_barriers`]) and by a breadth-first search ([`Steps`]) on one with them: on the
/// largest boards the search over every cell costs more than the direct distances to a few
/// targets, and they are the same there.
#[derive(Clone, Debug)]
pub enum Nearest<'a> {
    /// The board's distance to the nearest target.
    Direct {
        /// The board.
        board: &'a Board,
        /// The squares measured to.
        targets: &'a [Square],
    },
    /// The walk round the barriers.
    Walk(Steps),
}

impl<'a> Nearest<'a> {
    /// The distances to the nearest of `targets` on `board`.
    #[must_use]
    pub fn new(board: &'a Board, targets: &'a [Square]) -> Nearest<'a> {
        if has_barriers(board) {
            Nearest::Walk(Steps::from_squares(board, targets.iter().copied()))
        } else {
            Nearest::Direct { board, targets }
        }
    }

    /// The steps from `sq` to the nearest target, or `None` where there is none (or no walk).
    #[must_use]
    pub fn to(&self, sq: Square) -> Option<u32> {
        match self {
            Nearest::Direct { board, targets } => targets.iter().map(|t| board.distance(*t, sq)).min(),
            Nearest::Walk(steps) => steps.to(sq),
        }
    }
}

/// The walking distance from a set of squares to every square of a board, by a breadth-first
/// search over neighbouring squares that can hold a piece. Pieces do not block the walk: they
/// move.
#[derive(Clone, Debug)]
pub struct Steps {
    files: usize,
    dist: Vec<u32>,
}

impl Steps {
    /// The walking distances from the nearest of `sources` on `board`.
    #[must_use]
    pub fn from_squares(board: &Board, sources: impl IntoIterator<Item = Square>) -> Steps {
        let files = usize::from(board.files());
        let mut steps = Steps { files, dist: vec![u32::MAX; files * usize::from(board.ranks())] };
        let mut queue = VecDeque::new();
        let open = !has_barriers(board);
        for sq in sources {
            let i = steps.index(sq);
            if steps.dist[i] == u32::MAX {
                steps.dist[i] = 0;
                queue.push_back(sq);
            }
        }
        while let Some(sq) = queue.pop_front() {
            let next = steps.dist[steps.index(sq)] + 1;
            for n in board.neighbours(sq) {
                let i = steps.index(n);
                if steps.dist[i] == u32::MAX && (open || board.terrain(n).holds_pieces()) {
                    steps.dist[i] = next;
                    queue.push_back(n);
                }
            }
        }
        steps
    }

    /// The walking distances from the nearest piece of `side` in `pos`.
    #[must_use]
    pub fn from_army(pos: &Position, side: Side) -> Steps {
        Steps::from_squares(pos.board(), pos.pieces(side).map(|(sq, _)| sq))
    }

    /// The steps from the nearest source to `sq`, or `None` where no walk reaches it.
    #[must_use]
    pub fn to(&self, sq: Square) -> Option<u32> {
        self.dist.get(self.index(sq)).copied().filter(|&d| d != u32::MAX)
    }

    /// Every square's distance, rank by rank from rank 1 (`u32::MAX` where no walk reaches).
    #[must_use]
    pub fn all(&self) -> &[u32] {
        &self.dist
    }

    fn index(&self, sq: Square) -> usize {
        usize::from(sq.rank) * self.files + usize::from(sq.file)
    }
}

/// The fewest steps between a piece of the side to move and an enemy piece, walking round
/// water; `None` when either side has no piece or no walk joins them.
#[must_use]
pub fn contact(pos: &Position) -> Option<u32> {
    let me = pos.to_move();
    let enemies: Vec<Square> = pos.pieces(me.opponent()).map(|(sq, _)| sq).collect();
    let theirs = Nearest::new(pos.board(), &enemies);
    pos.pieces(me).filter_map(|(sq, _)| theirs.to(sq)).min()
}

#[cfg(test)]
mod tests {
    use super::*;
    use warlord_rules::{Geometry, Terrain};

    fn sq(name: &str) -> Square {
        name.parse().expect("a square")
    }

    #[test]
    fn on_open_ground_a_walk_is_the_board_distance() {
        for geometry in [Geometry::Square, Geometry::Hex] {
            let board = Board::with_geometry(geometry, 9, 7, 1).expect("a board");
            let sources = [sq("c3"), sq("g6")];
            let steps = Steps::from_squares(&board, sources);
            for target in board.squares() {
                let direct = sources.iter().map(|&s| board.distance(s, target)).min();
                assert_eq!(steps.to(target), direct, "{target} on {geometry:?}");
            }
        }
    }

    #[test]
    fn a_walk_goes_round_water_and_never_onto_it() {
        // A wall of water across rank 4, open only on file a.
        let mut board = Board::new(8, 8, 1).expect("a board");
        for file in 1..8 {
            board.set_terrain(Square::new(file, 3), Terrain::Water).expect("on the board");
        }
        let steps = Steps::from_squares(&board, [sq("h3")]);
        assert_eq!(board.distance(sq("h3"), sq("h5")), 2);
        // h3 to b3 (6), a4 (7), b5 (8), then along rank 5 to h5 (6 more).
        assert_eq!(steps.to(sq("h5")), Some(14));
        assert_eq!(steps.to(sq("d4")), None);
        let targets = [sq("h3")];
        let nearest = Nearest::new(&board, &targets);
        assert!(matches!(nearest, Nearest::Walk(_)));
        assert_eq!(nearest.to(sq("h5")), Some(14));
        let open = Board::new(8, 8, 1).expect("a board");
        let direct = Nearest::new(&open, &targets);
        assert!(matches!(direct, Nearest::Direct { .. }));
        assert_eq!(direct.to(sq("h5")), Some(2));
    }
}
