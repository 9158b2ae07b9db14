//! Actions: the plain-data steps a turn is made of, shared by every game family.

use crate::geometry::Geometry;
use crate::piece::KindId;
use crate::square::Square;

/// The (file, rank) offsets the bits of [`Attackers`] name, in bit order: the eight king steps,
/// which are the neighbours of a square board's cell (in its geometry's order) and include the
/// six neighbours of a hex in offset rows. Notation needs no geometry to read them; the family
/// checks that the named cells are really next to the target.
const ATTACKER_STEPS: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// The pieces joining a melee attack, as a set of cells around the target (bit `i` is the
/// offset `ATTACKER_STEPS[i]` from the target: on a square board, the geometry's `i`-th
/// neighbour).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Attackers {
    /// The neighbours named.
    pub mask: u8,
    /// Whether the named pieces must be exactly the attackers (`[f5, f6] attack g6`), or are
    /// only some of them (`b5 attack c4`, or `attack c4` with none named).
    pub exact: bool,
}

impl Attackers {
    /// The set naming the given squares around `target`; `None` if one is not a king step
    /// from it.
    #[must_use]
    pub fn from_squares(target: Square, squares: &[Square], exact: bool) -> Option<Attackers> {
        let mut mask = 0u8;
        for sq in squares {
            let d = (i32::from(sq.file) - i32::from(target.file), i32::from(sq.rank) - i32::from(target.rank));
            let bit = ATTACKER_STEPS.iter().position(|&n| n == d)?;
            mask |= 1 << bit;
        }
        Some(Attackers { mask, exact })
    }

    /// The named squares around `target` that lie on a board of any size (ascending order).
    #[must_use]
    pub fn squares(self, target: Square) -> Vec<Square> {
        let mut out: Vec<Square> = ATTACKER_STEPS
            .iter()
            .enumerate()
            .filter(|(i, _)| self.mask & (1 << i) != 0)
            .filter_map(|(_, &(df, dr))| {
                let f = i32::from(target.file) + df;
                let r = i32::from(target.rank) + dr;
                (f >= 0 && r >= 0).then(|| Square::new(f as u8, r as u8))
            })
            .collect();
        out.sort_by_key(|s| (s.rank, s.file));
        out
    }
}

/// One step of a turn. Each family uses the variants its rules have.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A piece moves (capturing by replacement if an enemy stands on `to`): `d2-d4`, `d2xd4`.
    Move {
        /// Where the piece stands.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// Two pieces exchange squares as one action (the cannon-leader swap): `c3<>c4`.
    Swap {
        /// The cannon's square.
        from: Square,
        /// The leader's square.
        to: Square,
    },
    /// A melee attack on an enemy piece by adjacent own pieces: `b5 attack c4`, `[f5, f6] attack g6`.
    Attack {
        /// The piece attacked.
        target: Square,
        /// The attackers named.
        attackers: Attackers,
    },
    /// A ranged attack from one piece at another: `g8 cannon a2`.
    Fire {
        /// The shooting piece.
        from: Square,
        /// The target.
        target: Square,
    },
    /// A piece moves in a straight line and tows an adjacent own piece behind it, which
    /// follows into the squares it leaves (WarGame 1): `e5-e7 tow d4`.
    Tow {
        /// Where the towing piece stands.
        from: Square,
        /// Where the towing piece ends.
        to: Square,
        /// The square of the piece towed (next to `from`).
        towed: Square,
    },
    /// A piece makes ready where it stands, spending its action and an order, for a later
    /// action it may take only when ready (WarGame 1's paratroops, option `paratroops`):
    /// `prep d4`.
    Prep {
        /// The piece's square.
        at: Square,
    },
    /// A ready piece leaps over anything to a square in its leap range and may then step one
    /// square more, capturing by replacement there (WarGame 1's paratroops): `d4 leap j9`.
    /// Only the end square is named: the landing square changes nothing else.
    Leap {
        /// Where the piece stands.
        from: Square,
        /// Where it ends.
        to: Square,
    },
    /// A unit moves with a leader going along for its whole move, which adds the leader's
    /// bonus to the unit's movement (WarGame 2): `c3-f5 with c2-e5`, the unit's move, `with`,
    /// the leader's move (it starts and ends next to the unit).
    Lead {
        /// Where the unit stands.
        from: Square,
        /// Where the unit ends.
        to: Square,
        /// Where the leader stands.
        leader: Square,
        /// Where the leader ends.
        leader_to: Square,
    },
    /// A piece placed during setup: `L@d2`.
    Place {
        /// The kind placed.
        kind: KindId,
        /// Where.
        to: Square,
    },
    /// Ends the turn (with no move before it in the turn, a pass); ends a side's setup.
    EndTurn,
}

impl Action {
    /// The square a piece acts from, if the action has one.
    #[must_use]
    pub fn origin(&self) -> Option<Square> {
        match *self {
            Action::Move { from, .. }
            | Action::Swap { from, .. }
            | Action::Tow { from, .. }
            | Action::Leap { from, .. }
            | Action::Lead { from, .. }
            | Action::Fire { from, .. } => Some(from),
            Action::Prep { at } => Some(at),
            Action::Attack { .. } | Action::Place { .. } | Action::EndTurn => None,
        }
    }

    /// The square the action goes to or aims at, if any (the piece's own square for a
    /// preparation, which acts where it stands).
    #[must_use]
    pub fn destination(&self) -> Option<Square> {
        match *self {
            Action::Move { to, .. }
            | Action::Swap { to, .. }
            | Action::Tow { to, .. }
            | Action::Leap { to, .. }
            | Action::Lead { to, .. }
            | Action::Place { to, .. } => Some(to),
            Action::Prep { at } => Some(at),
            Action::Attack { target, .. } | Action::Fire { target, .. } => Some(target),
            Action::EndTurn => None,
        }
    }

    /// The other pieces the action moves, each with the square it leaves and the square it
    /// ends on, read from the action alone on a board of `geometry` (for a UI to draw): a
    /// tow's towed piece, which follows into the cells the tower leaves and ends on the last
    /// of them (one step back from the tower's end along its straight line: the tower's
    /// starting cell after a tow of one step); a lead's leader. Empty for every other action.
    #[must_use]
    pub fn carried(&self, geometry: Geometry) -> Vec<(Square, Square)> {
        match *self {
            Action::Tow { from, to, towed } => {
                let (ax, ay) = geometry.to_lattice(from);
                let (bx, by) = geometry.to_lattice(to);
                let n = geometry.distance(from, to).max(1) as i32;
                let end = geometry.from_lattice((bx - (bx - ax) / n, by - (by - ay) / n)).unwrap_or(from);
                vec![(towed, end)]
            }
            Action::Lead { leader, leader_to, .. } => vec![(leader, leader_to)],
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;

    #[test]
    fn attacker_bits_follow_the_square_geometrys_neighbour_order() {
        assert_eq!(&ATTACKER_STEPS[..], Geometry::Square.neighbour_steps());
    }

    #[test]
    fn attackers_round_trip_through_squares() {
        let target = Square::new(4, 4);
        let named = [Square::new(3, 4), Square::new(5, 5)];
        let attackers = Attackers::from_squares(target, &named, true).unwrap();
        assert_eq!(attackers.squares(target), named);
        assert!(Attackers::from_squares(target, &[Square::new(6, 4)], true).is_none());
    }
}
