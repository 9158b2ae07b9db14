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

/// The walking distance to the nearest of some squares (the targets), remembered square by
/// square: measured directly on a board without barriers ([`has_barriers`]), on first asking,
/// and by a breadth-first search ([`Steps`]) on one with them, at once. On the largest boards
/// the search over every cell costs more than the direct distances to a few targets, and they
/// are the same there.
///
/// A turn that marches or advances asks about the same squares at every step (each piece's
/// moves), so it keeps one `Nearest` for the whole turn and aims it at each step's targets
/// ([`Nearest::aim`]): what was found stays while the targets do. On the 120x120 boards,
/// measuring anew at every step took over a quarter of a game's time (docs/BENCHMARKS.md).
#[derive(Clone, Debug, Default)]
pub struct Nearest {
    /// The squares measured to.
    targets: Vec<Square>,
    /// The board's files, to index `dist`.
    files: usize,
    /// Per cell: the steps found, [`Nearest::UNKNOWN`] until asked, [`Nearest::NO_WALK`] where
    /// no walk reaches a target.
    dist: Vec<u32>,
}

impl Nearest {
    /// A cell not yet measured.
    const UNKNOWN: u32 = u32::MAX;
    /// A cell from which no walk reaches a target (water, or no target at all).
    const NO_WALK: u32 = u32::MAX - 1;

    /// The distances to the nearest of `targets` on `board`.
    #[must_use]
    pub fn new(board: &Board, targets: &[Square]) -> Nearest {
        let mut nearest = Nearest::default();
        nearest.aim(board, targets);
        nearest
    }

    /// Measures to `targets` from now on, on `board` (the board of every position asked about
    /// since this `Nearest` was made): what was found is kept if they are the targets already
    /// measured to, and forgotten otherwise.
    pub fn aim(&mut self, board: &Board, targets: &[Square]) {
        if !self.dist.is_empty() && self.targets == targets {
            return;
        }
        self.targets = targets.to_vec();
        self.files = usize::from(board.files());
        self.dist = if has_barriers(board) {
            let steps = Steps::from_squares(board, targets.iter().copied());
            steps.dist.into_iter().map(|d| if d == u32::MAX { Nearest::NO_WALK } else { d }).collect()
        } else {
            vec![Nearest::UNKNOWN; self.files * usize::from(board.ranks())]
        };
    }

    /// The steps from `sq` on `board` (the board aimed on) to the nearest target, or `None`
    /// where there is none (or no walk).
    pub fn to(&mut self, board: &Board, sq: Square) -> Option<u32> {
        let i = usize::from(sq.rank) * self.files + usize::from(sq.file);
        let cell = self.dist.get_mut(i)?;
        if *cell == Nearest::UNKNOWN {
            *cell = self.targets.iter().map(|t| board.distance(*t, sq)).min().unwrap_or(Nearest::NO_WALK);
        }
        Some(*cell).filter(|&d| d != Nearest::NO_WALK)
    }
}

/// The walking distance from a set of squares to every square of a board, by a breadth-first
/// search over neighbouring squares that can hold a piece. Pieces do not block the walk: they
/// move.
#[derive(Clone, Debug)]
pub struct Steps {
    grid: Grid,
    dist: Vec<u32>,
}

impl Steps {
    /// The walking distances from the nearest of `sources` on `board`.
    #[must_use]
    pub fn from_squares(board: &Board, sources: impl IntoIterator<Item = Square>) -> Steps {
        let grid = Grid::of(board);
        let mut dist = vec![u32::MAX; grid.files * grid.ranks];
        let mut queue = VecDeque::new();
        for sq in sources {
            let i = grid.index(sq);
            if dist[i] == u32::MAX {
                dist[i] = 0;
                queue.push_back(i);
            }
        }
        while let Some(i) = queue.pop_front() {
            let next = dist[i] + 1;
            for j in grid.neighbours(i) {
                if dist[j] == u32::MAX && grid.enterable(j) {
                    dist[j] = next;
                    queue.push_back(j);
                }
            }
        }
        Steps { grid, dist }
    }

    /// The walking distances from the nearest piece of `side` in `pos`.
    #[must_use]
    pub fn from_army(pos: &Position, side: Side) -> Steps {
        Steps::from_squares(pos.board(), pos.pieces(side).map(|(sq, _)| sq))
    }

    /// The steps from the nearest source to `sq`, or `None` where no walk reaches it.
    #[must_use]
    pub fn to(&self, sq: Square) -> Option<u32> {
        self.dist.get(self.grid.index(sq)).copied().filter(|&d| d != u32::MAX)
    }
}

/// How many cells of a board each of two armies walks to first: the cells nearer (in walking
/// steps, round water, whatever pieces stand between) to one of the first army's pieces than to
/// every piece of the second, and the reverse. Cells as near to both, and cells no walk
/// reaches (water), count for neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claims {
    /// The cells the first army reaches first.
    pub first: usize,
    /// The cells the second army reaches first.
    pub second: usize,
    /// The board's cells, water included.
    pub cells: usize,
}

impl Claims {
    /// The claims of the armies of `first` and of its opponent in `pos`.
    #[must_use]
    pub fn of(pos: &Position, first: Side) -> Claims {
        let squares = |side: Side| pos.pieces(side).map(|(sq, _)| sq).collect::<Vec<_>>();
        Claims::between(pos.board(), &squares(first), &squares(first.opponent()))
    }

    /// The claims of two armies standing on `first` and `second`, by one breadth-first search
    /// from both at once: a cell is marked with the armies of its neighbours one step nearer
    /// (at the same walking distance from the nearest piece of either army), so it is marked by
    /// an army exactly when that army's nearest piece is as near as any. The same counts as a
    /// [`Steps`] from each army compared cell by cell, for half the search.
    #[must_use]
    pub fn between(board: &Board, first: &[Square], second: &[Square]) -> Claims {
        const FIRST: u8 = 1;
        const SECOND: u8 = 2;
        let grid = Grid::of(board);
        let cells = grid.files * grid.ranks;
        let mut dist = vec![u32::MAX; cells];
        let mut marks = vec![0u8; cells];
        let mut queue: Vec<usize> = Vec::with_capacity(cells);
        for (army, mark) in [(first, FIRST), (second, SECOND)] {
            for &sq in army {
                let i = grid.index(sq);
                if dist[i] == u32::MAX {
                    dist[i] = 0;
                    queue.push(i);
                }
                marks[i] |= mark;
            }
        }
        let mut next = 0;
        while let Some(&i) = queue.get(next) {
            next += 1;
            let (step, mark) = (dist[i] + 1, marks[i]);
            for j in grid.neighbours(i) {
                if dist[j] == u32::MAX && grid.enterable(j) {
                    dist[j] = step;
                    marks[j] = mark;
                    queue.push(j);
                } else if dist[j] == step {
                    marks[j] |= mark;
                }
            }
        }
        Claims {
            first: marks.iter().filter(|&&m| m == FIRST).count(),
            second: marks.iter().filter(|&&m| m == SECOND).count(),
            cells,
        }
    }
}

/// A board's cells numbered rank by rank (`rank * files + file`, the order of
/// [`Board::squares`]), with each cell's neighbours found by arithmetic, for the walks of this
/// module: a search over every cell of the 120x120 boards at each evaluation ([`Claims`]) spent
/// most of its time turning squares into lattice coordinates and back.
#[derive(Clone, Debug)]
struct Grid {
    files: usize,
    ranks: usize,
    /// The cells no piece stands on (water), if the board has any: a walk never enters them.
    barred: Option<Vec<bool>>,
    /// The (file, rank) steps to a cell's neighbours, for cells on even and on odd ranks (hex
    /// rows are offset by rank; on squares both are the same).
    steps: [Vec<(isize, isize)>; 2],
}

impl Grid {
    fn of(board: &Board) -> Grid {
        let geometry = board.geometry();
        // The steps of a cell far from the lattice's edges, on an even rank and on an odd one.
        let steps = [10u8, 11].map(|rank| {
            let centre = Square::new(10, rank);
            let (x, y) = geometry.to_lattice(centre);
            geometry
                .neighbour_steps()
                .iter()
                .filter_map(|&(dx, dy)| geometry.from_lattice((x + dx, y + dy)))
                .map(|n| (isize::from(n.file) - 10, isize::from(n.rank) - isize::from(rank)))
                .collect()
        });
        let barred = has_barriers(board).then(|| board.squares().map(|sq| !board.terrain(sq).holds_pieces()).collect());
        Grid { files: usize::from(board.files()), ranks: usize::from(board.ranks()), barred, steps }
    }

    /// Whether a walk may enter cell `i`.
    fn enterable(&self, i: usize) -> bool {
        self.barred.as_ref().is_none_or(|barred| !barred[i])
    }

    fn index(&self, sq: Square) -> usize {
        usize::from(sq.rank) * self.files + usize::from(sq.file)
    }

    /// The numbers of the cells next to cell `i` that lie on the board.
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (file, rank) = ((i % self.files) as isize, (i / self.files) as isize);
        let (files, ranks) = (self.files as isize, self.ranks as isize);
        self.steps[(rank & 1) as usize].iter().filter_map(move |&(df, dr)| {
            let (f, r) = (file + df, rank + dr);
            (f >= 0 && r >= 0 && f < files && r < ranks).then(|| (r * files + f) as usize)
        })
    }
}

/// The fewest steps between a piece of the side to move and an enemy piece, walking round
/// water; `None` when either side has no piece or no walk joins them.
#[must_use]
pub fn contact(pos: &Position) -> Option<u32> {
    steps_to_enemy(pos).into_iter().flatten().min()
}

/// For each piece of the side to move, the walking steps to the nearest enemy piece (`None`
/// where no walk joins them, or the enemy has no piece).
#[must_use]
pub fn steps_to_enemy(pos: &Position) -> Vec<Option<u32>> {
    let me = pos.to_move();
    let enemies: Vec<Square> = pos.pieces(me.opponent()).map(|(sq, _)| sq).collect();
    let mut theirs = Nearest::new(pos.board(), &enemies);
    pos.pieces(me).map(|(sq, _)| theirs.to(pos.board(), sq)).collect()
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

    /// The claims the slow way: a walk from each army, compared cell by cell.
    fn claims_by_two_walks(board: &Board, first: &[Square], second: &[Square]) -> Claims {
        let (a, b) =
            (Steps::from_squares(board, first.iter().copied()), Steps::from_squares(board, second.iter().copied()));
        let nearer = |x: Option<u32>, y: Option<u32>| x.is_some_and(|x| y.is_none_or(|y| x < y));
        let all: Vec<Square> = board.squares().collect();
        Claims {
            first: all.iter().filter(|&&sq| nearer(a.to(sq), b.to(sq))).count(),
            second: all.iter().filter(|&&sq| nearer(b.to(sq), a.to(sq))).count(),
            cells: usize::from(board.files()) * usize::from(board.ranks()),
        }
    }

    proptest::proptest! {
        #[test]
        fn one_search_from_both_armies_claims_what_two_walks_do(
            hex in proptest::bool::ANY,
            files in 4u8..14,
            ranks in 4u8..14,
            water in proptest::collection::vec((0u8..14, 0u8..14), 0..30),
            first in proptest::collection::vec((0u8..14, 0u8..14), 0..6),
            second in proptest::collection::vec((0u8..14, 0u8..14), 0..6),
        ) {
            let geometry = if hex { Geometry::Hex } else { Geometry::Square };
            let mut board = Board::with_geometry(geometry, u32::from(files), u32::from(ranks), 1).expect("a board");
            let on_board = |cells: &[(u8, u8)]| -> Vec<Square> {
                cells.iter().map(|&(f, r)| Square::new(f % files, r % ranks)).collect()
            };
            for sq in on_board(&water) {
                board.set_terrain(sq, Terrain::Water).expect("on the board");
            }
            // Pieces stand on land, one to a cell: the first army's cells are not the second's.
            let first: Vec<Square> = on_board(&first).into_iter().filter(|&sq| board.terrain(sq).holds_pieces()).collect();
            let second: Vec<Square> = on_board(&second)
                .into_iter()
                .filter(|&sq| board.terrain(sq).holds_pieces() && !first.contains(&sq))
                .collect();
            proptest::prop_assert_eq!(Claims::between(&board, &first, &second), claims_by_two_walks(&board, &first, &second));
        }
    }

    proptest::proptest! {
        #[test]
        fn a_nearest_aimed_again_and_again_answers_as_a_fresh_walk_does(
            hex in proptest::bool::ANY,
            water in proptest::collection::vec((0u8..9, 0u8..7), 0..12),
            aims in proptest::collection::vec(proptest::collection::vec((0u8..9, 0u8..7), 0..4), 1..6),
            asked in proptest::collection::vec((0u8..9, 0u8..7), 1..20),
        ) {
            let geometry = if hex { Geometry::Hex } else { Geometry::Square };
            let mut board = Board::with_geometry(geometry, 9, 7, 1).expect("a board");
            for &(f, r) in &water {
                board.set_terrain(Square::new(f, r), Terrain::Water).expect("on the board");
            }
            let squares = |cells: &[(u8, u8)]| -> Vec<Square> { cells.iter().map(|&(f, r)| Square::new(f, r)).collect() };
            // One `Nearest` through every aim (the same targets twice in a row keep what was
            // found), each answer as a walk made afresh from that aim's targets.
            let mut nearest = Nearest::default();
            for aim in aims.iter().chain(aims.iter()).flat_map(|a| [a, a]) {
                let targets = squares(aim);
                nearest.aim(&board, &targets);
                let fresh = Steps::from_squares(&board, targets.iter().copied());
                for sq in squares(&asked) {
                    proptest::prop_assert_eq!(nearest.to(&board, sq), fresh.to(sq), "{} towards {:?}", sq, targets);
                }
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
        let mut nearest = Nearest::new(&board, &targets);
        assert_eq!(nearest.to(&board, sq("h5")), Some(14));
        assert_eq!(nearest.to(&board, sq("d4")), None);
        let open = Board::new(8, 8, 1).expect("a board");
        let mut direct = Nearest::new(&open, &targets);
        assert_eq!(direct.to(&open, sq("h5")), Some(2));
    }
}
