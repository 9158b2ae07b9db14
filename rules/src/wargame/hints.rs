//! The chain of command as a UI draws it (rulings 19): which leader relays command to which.
//! The leaders in command are found by `command.rs`; this names, for each of them held in
//! command by another, the leader that holds it, so that the links can be drawn.

use super::WarGameRules;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

impl WarGameRules {
    /// For each leader in command that is not of the top level, of both sides: the square of
    /// a leader in command that holds it in command (of the same or a higher level, within
    /// that leader's communication range; the first found from the top leaders outwards,
    /// so that the links form a tree rooted at the top leaders), and its own square.
    pub(super) fn command_relays(&self, pos: &Position) -> Vec<(Square, Square)> {
        let level = |slot: u32| self.config.kind(pos.slots[slot as usize].kind).level;
        let reach = |slot: u32| u32::from(self.config.kind(pos.slots[slot as usize].kind).communication);
        let top = self.config.top_level();
        let mut out = Vec::new();
        for side in Side::BOTH {
            let inside = self.in_command(pos, side);
            for &leader in inside.iter().filter(|&&l| level(l) < top) {
                let at = self.square_of(pos, leader);
                let relay = inside.iter().copied().find(|&r| {
                    r != leader
                        && level(leader) <= level(r)
                        && self.board.distance(self.square_of(pos, r), at) <= reach(r)
                });
                if let Some(relay) = relay {
                    out.push((self.square_of(pos, relay), at));
                }
            }
        }
        out
    }
}
