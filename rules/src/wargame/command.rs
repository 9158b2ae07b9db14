//! Command in WarGame (rulings 19; WarGame 2 with its own ranges): the chain of command with relays, and which leaders may
//! order a piece now. Each leader gives one order a turn (to itself, a unit or another leader
//! within activation range); a turn is legal while some assignment of leaders to its actions
//! works (rulings 4), found by augmenting paths.

use super::config::Role;
use super::WarGameRules;
use crate::position::{ActivatedMove, Position};
use crate::side::Side;
use crate::square::Square;

impl WarGameRules {
    /// The role of the piece in a slot.
    pub(super) fn role_of_slot(&self, pos: &Position, slot: u32) -> Role {
        self.config.kind(pos.slots[slot as usize].kind).role
    }

    /// The square of a slot.
    pub(super) fn square_of(&self, pos: &Position, slot: u32) -> Square {
        self.board.square(pos.slots[slot as usize].cell as usize)
    }

    /// The leaders of a side that are in command (rulings 19): the top-level leaders (the
    /// Supreme Commander), and every leader within the communication range of an in-command
    /// leader of the same or a higher level (the same level is the relay). Slots, any order.
    pub(super) fn in_command(&self, pos: &Position, side: Side) -> Vec<u32> {
        let leaders: Vec<u32> =
            pos.slots_of(side).iter().copied().filter(|&s| self.role_of_slot(pos, s) == Role::Leader).collect();
        let top = self.config.top_level();
        let level = |s: u32| self.config.kind(pos.slots[s as usize].kind).level;
        let mut inside: Vec<u32> = leaders.iter().copied().filter(|&s| level(s) == top).collect();
        let mut next = 0;
        while next < inside.len() {
            let relay = inside[next];
            next += 1;
            let reach = u32::from(self.config.kind(pos.slots[relay as usize].kind).communication);
            let at = self.square_of(pos, relay);
            for &l in &leaders {
                if !inside.contains(&l)
                    && level(l) <= level(relay)
                    && self.board.distance(at, self.square_of(pos, l)) <= reach
                {
                    inside.push(l);
                }
            }
        }
        inside
    }

    /// How far the orders of the leader in a slot reach.
    pub(super) fn activation_of_slot(&self, pos: &Position, slot: u32) -> u32 {
        u32::from(self.config.kind(pos.slots[slot as usize].kind).activation)
    }

    /// The leaders of the side to move within their activation range of `sq` (its own square
    /// included, for a leader), as slots.
    pub(super) fn activators_near(&self, pos: &Position, sq: Square) -> Vec<u32> {
        pos.slots_of(pos.to_move)
            .iter()
            .copied()
            .filter(|&s| {
                self.role_of_slot(pos, s) == Role::Leader
                    && self.board.distance(self.square_of(pos, s), sq) <= self.activation_of_slot(pos, s)
            })
            .collect()
    }

    /// The leaders that could give one more order this turn: those some assignment of the
    /// turn's actions leaves free (an alternating path from a free leader, rulings 4).
    pub(super) fn free_leaders(&self, pos: &Position) -> Vec<u32> {
        let acts = &pos.turn.activated;
        let mut free: Vec<u32> = pos
            .slots_of(pos.to_move)
            .iter()
            .copied()
            .filter(|&s| self.role_of_slot(pos, s) == Role::Leader && !acts.iter().any(|a| a.assigned == s))
            .collect();
        loop {
            let mut grew = false;
            for a in acts {
                if !free.contains(&a.assigned) && a.eligible.iter().any(|e| *e != a.assigned && free.contains(e)) {
                    free.push(a.assigned);
                    grew = true;
                }
            }
            if !grew {
                return free;
            }
        }
    }

    /// Assigns a leader to every action of the turn (Kuhn's augmenting paths); `false` if no
    /// assignment exists (then the assignments are left as they were).
    pub(super) fn assign(acts: &mut [ActivatedMove]) -> bool {
        fn augment(i: usize, acts: &[ActivatedMove], owner: &mut Vec<(u32, usize)>, seen: &mut Vec<u32>) -> bool {
            for &leader in &acts[i].eligible {
                if seen.contains(&leader) {
                    continue;
                }
                seen.push(leader);
                let holder = owner.iter().position(|&(l, _)| l == leader);
                match holder {
                    None => {
                        owner.push((leader, i));
                        return true;
                    }
                    Some(h) => {
                        let other = owner[h].1;
                        if augment(other, acts, owner, seen) {
                            let h = owner.iter().position(|&(l, a)| l == leader && a == other).expect("still held");
                            owner[h].1 = i;
                            return true;
                        }
                    }
                }
            }
            false
        }
        let mut owner: Vec<(u32, usize)> = Vec::new();
        for i in 0..acts.len() {
            if !augment(i, acts, &mut owner, &mut Vec::new()) {
                return false;
            }
        }
        for (leader, i) in owner {
            acts[i].assigned = leader;
        }
        true
    }
}
