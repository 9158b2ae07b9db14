//! Melee strength (\[004] Piece Strengths, Pawn Strength): fixed for most pieces, and for pawns
//! x times the per-neighbour strengths, x being the adjacent friends the formation rule counts.

use super::config::{FormationCount, Strength};
use super::MedievalRules;
use crate::position::Position;
use crate::square::Square;

impl MedievalRules {
    /// The neighbours of the piece in `slot` that make a pawn there strong: its adjacent
    /// friendly pawns (or friendly pieces, with `pawn-strength = "adjacent-pieces"`).
    fn formation_count(&self, pos: &Position, slot: u32) -> u32 {
        let s = pos.slots[slot as usize];
        let counted = |kind| {
            self.config.formation.counts == FormationCount::Pieces
                || self.config.strength_of(kind) == Strength::Formation
        };
        self.neighbours
            .iter()
            .filter_map(|&o| pos.slot_at((s.cell as isize + o) as usize))
            .filter(|&n| {
                let n = pos.slots[n as usize];
                n.side == s.side && counted(n.kind)
            })
            .count() as u32
    }

    /// The offence and defence of the piece in `slot`, where it stands now.
    pub(super) fn slot_strength(&self, pos: &Position, slot: u32) -> (u32, u32) {
        match self.config.strength_of(pos.slots[slot as usize].kind) {
            Strength::Fixed { offence, defence } => (offence, defence),
            Strength::Formation => {
                let x = self.formation_count(pos, slot);
                (x * self.config.formation.offence, x * self.config.formation.defence)
            }
        }
    }

    /// The offence and defence of the piece on `sq` where it stands now, if a piece stands
    /// there: what it adds to an attack it joins, and what an attack on it must exceed.
    #[must_use]
    pub fn strength_at(&self, pos: &Position, sq: Square) -> Option<(u32, u32)> {
        if !self.board.contains(sq) {
            return None;
        }
        pos.slot_at(self.board.index(sq)).map(|slot| self.slot_strength(pos, slot))
    }
}
