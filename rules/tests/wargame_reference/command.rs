//! Command in the model (rulings 19, 2, 3 and 4): which leaders are in command, which leaders
//! could order a piece where it stands, and whether the actions of a turn can each be given a
//! different leader, by trying every assignment.

#![allow(dead_code)]

use super::game::Game;
use super::text::{Role, TOP_LEVEL};
use std::collections::{BTreeSet, HashSet};
use warlord_rules::{Side, Square};

impl Game {
    /// The leaders of `side` in command: the Supreme Commander, and, again and again until
    /// nothing changes, every leader within the communication range of an in-command leader
    /// of the same or a higher level.
    pub fn in_command(&self, side: Side) -> BTreeSet<usize> {
        let leaders: Vec<usize> = (0..self.units.len())
            .filter(|&u| self.units[u].alive && self.units[u].side == side && self.units[u].kind.role == Role::Leader)
            .collect();
        let mut inside: BTreeSet<usize> =
            leaders.iter().copied().filter(|&u| self.units[u].kind.level == TOP_LEVEL).collect();
        loop {
            let more: Vec<usize> = leaders
                .iter()
                .copied()
                .filter(|l| !inside.contains(l))
                .filter(|&l| {
                    inside.iter().any(|&r| {
                        let (relay, led) = (&self.units[r], &self.units[l]);
                        relay.kind.level >= led.kind.level
                            && self.distance(relay.at, led.at) <= relay.kind.communication
                    })
                })
                .collect();
            if more.is_empty() {
                return inside;
            }
            inside.extend(more);
        }
    }

    /// The leaders of the side to move within their activation range of `sq` (its own square
    /// included): those that could order the piece there now, in command or not.
    pub fn activators(&self, sq: Square) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&u| {
                let l = &self.units[u];
                l.alive
                    && l.side == self.to_move
                    && l.kind.role == Role::Leader
                    && self.distance(l.at, sq) <= l.kind.activation
            })
            .collect()
    }

    /// Whether every action of the turn, and one more ordered by one of `next`, can each have
    /// its own leader: every assignment is tried.
    /// (Failed searches are remembered by the actions left and the leaders used, so that a
    /// turn of ten actions among many leaders is searched quickly.)
    pub fn orders_suffice(&self, next: &[usize]) -> bool {
        let mut lists: Vec<&[usize]> = self.turn.iter().map(|(_, e)| e.as_slice()).collect();
        lists.push(next);
        // Leaders by bit.
        let leaders: Vec<usize> =
            lists.iter().flat_map(|l| l.iter().copied()).collect::<BTreeSet<_>>().into_iter().collect();
        assert!(leaders.len() <= 64, "at most 64 leaders");
        let bit = |l: usize| 1u64 << leaders.iter().position(|&x| x == l).expect("listed");
        let lists: Vec<Vec<u64>> = lists.iter().map(|l| l.iter().map(|&x| bit(x)).collect()).collect();
        fn search(lists: &[Vec<u64>], used: u64, failed: &mut HashSet<(usize, u64)>) -> bool {
            let Some((first, rest)) = lists.split_first() else { return true };
            if failed.contains(&(rest.len(), used)) {
                return false;
            }
            for &leader in first {
                if used & leader == 0 && search(rest, used | leader, failed) {
                    return true;
                }
            }
            failed.insert((rest.len(), used));
            false
        }
        search(&lists, 0, &mut HashSet::new())
    }
}
