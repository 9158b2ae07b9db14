//! Custodial capture, "out of supply" (rulings 18): at the end of a turn, a unit of the side
//! that did not move is removed when none of its neighbours holds one of its own side's
//! units, every empty neighbour is next to an enemy unit, and at least 3 enemy units stand on
//! its neighbours or on the neighbours of its empty neighbours. Towed units are spared (only
//! distant fire may eliminate them directly). The enemies counted are the units that take
//! part in the removal (a prepared paratrooper among them loses its preparation).

use super::WarGameRules;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

impl WarGameRules {
    /// The squares of the units of `side` that are surrounded now (rulings 18).
    #[must_use]
    pub fn surrounded(&self, pos: &Position, side: Side) -> Vec<Square> {
        let state = self.state(pos);
        let mut out: Vec<Square> = pos
            .pieces(side)
            .map(|(sq, _)| sq)
            .filter(|&sq| !state.is_towed(sq) && self.encirclers(pos, sq, side).is_some())
            .collect();
        out.sort_by_key(|s| (s.rank, s.file));
        out
    }

    /// The enemy units surrounding the unit of `side` on `sq` (rulings 18): those on its
    /// neighbours and on the neighbours of its empty neighbours, or `None` if it is not
    /// surrounded (towing aside).
    pub(super) fn encirclers(&self, pos: &Position, sq: Square, side: Side) -> Option<Vec<Square>> {
        let mut enemies: Vec<Square> = Vec::new();
        for n in self.board.neighbours(sq) {
            match pos.piece_at(n) {
                Some(p) if p.side == side => return None,
                Some(_) => {
                    if !enemies.contains(&n) {
                        enemies.push(n);
                    }
                }
                None => {
                    let mut next_to_enemy = false;
                    for m in self.board.neighbours(n) {
                        if pos.piece_at(m).is_some_and(|p| p.side != side) {
                            next_to_enemy = true;
                            if !enemies.contains(&m) {
                                enemies.push(m);
                            }
                        }
                    }
                    if !next_to_enemy {
                        return None;
                    }
                }
            }
        }
        (enemies.len() >= 3).then_some(enemies)
    }
}
