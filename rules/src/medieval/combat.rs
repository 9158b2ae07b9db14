//! Resolving attacks: melee (\[004] Melee Attacks, Resolving a Melee Attack) and cannon
//! (\[004] Cannon Attacks).
//!
//! A melee attack's offence is the sum of the offences of every own piece adjacent to the
//! target; it succeeds when the offence exceeds the target's defence. A cannon shot succeeds
//! when no piece but the target stands anywhere on the ray from the rook to the board's edge;
//! it is reported as a [`Combat`] of 1 against the number of other pieces on the ray, so that
//! success is again "offence greater than defence".

use super::MedievalRules;
use super::KING_STEPS;
use crate::action::Action;
use crate::position::Position;
use crate::ruleset::Combat;
use crate::side::Side;
use crate::square::Square;

impl MedievalRules {
    /// The pieces of `side` next to the padded `cell`, as an attackers mask (bit `i` is
    /// [`KING_STEPS`]`[i]` seen from the cell).
    pub(super) fn adjacent_mask(&self, pos: &Position, cell: usize, side: Side) -> u8 {
        let mut mask = 0;
        for (i, &o) in self.neighbours.iter().enumerate() {
            if let Some(n) = pos.slot_at((cell as isize + o) as usize) {
                if pos.slots[n as usize].side == side {
                    mask |= 1 << i;
                }
            }
        }
        mask
    }

    /// A melee attack by the side to move on the piece on the padded `cell`: every adjacent
    /// own piece joins; the target defends alone.
    fn melee(&self, pos: &Position, cell: usize) -> Combat {
        let target = pos.slot_at(cell).expect("a melee attack has a target");
        let offence = self
            .neighbours
            .iter()
            .filter_map(|&o| pos.slot_at((cell as isize + o) as usize))
            .filter(|&n| pos.slots[n as usize].side == pos.to_move)
            .map(|n| self.slot_strength(pos, n).0)
            .sum();
        let defence = self.slot_strength(pos, target).1;
        Combat { offence, defence, success: offence > defence }
    }

    /// A cannon shot from the padded cell `from` along ray `dir` (an index into
    /// [`KING_STEPS`]) at a piece on that ray: 1 against the other pieces on the ray, before or
    /// after the target.
    fn cannon(&self, pos: &Position, from: usize, dir: usize) -> Combat {
        let others = (ray(pos, from, self.neighbours[dir]).count() as u32).saturating_sub(1);
        Combat { offence: 1, defence: others, success: others == 0 }
    }

    /// What an attack does in `pos` (the action must be a legal attack); `None` for other
    /// actions.
    pub(super) fn combat(&self, pos: &Position, action: Action) -> Option<Combat> {
        match action {
            Action::Attack { target, .. } => Some(self.melee(pos, self.board.index(target))),
            Action::Fire { from, target } => {
                let dir = line_direction(from, target).expect("a legal cannon shot is along a line");
                Some(self.cannon(pos, self.board.index(from), dir))
            }
            _ => None,
        }
    }
}

impl MedievalRules {
    /// The cells a cannon shot from `from` at `target` crosses: the whole ray from the rook to
    /// the board's edge, since any piece on it, before or after the target, stops the shot
    /// (\[004] Cannon Attacks).
    pub(super) fn line_of_fire(&self, from: Square, target: Square) -> Vec<Square> {
        let Some(dir) = line_direction(from, target) else { return Vec::new() };
        std::iter::successors(self.board.step(from, KING_STEPS[dir]), |&sq| self.board.step(sq, KING_STEPS[dir]))
            .collect()
    }
}

/// The ray (an index into [`KING_STEPS`]) from `from` through `target` when they share a rank,
/// file or diagonal and differ.
pub(super) fn line_direction(from: Square, target: Square) -> Option<usize> {
    let df = i32::from(target.file) - i32::from(from.file);
    let dr = i32::from(target.rank) - i32::from(from.rank);
    if (df, dr) == (0, 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    KING_STEPS.iter().position(|&n| n == (df.signum(), dr.signum()))
}

/// The pieces (as slots) on the ray from the padded cell `from` (not included) in steps of
/// `step`, nearest first, up to the edge of the board.
pub(super) fn ray(pos: &Position, from: usize, step: isize) -> impl Iterator<Item = u32> + '_ {
    let mut cell = from as isize;
    std::iter::from_fn(move || {
        cell += step;
        (pos.cell(cell as usize) != u16::MAX).then_some(cell as usize)
    })
    .filter_map(|c| pos.slot_at(c))
}
