//! What the Warlord rules tell callers about a position beyond its legal actions: actions
//! described (the piece acting, what it captures), commanders and command links for a UI, the
//! tallies shown per side and the pieces left to place.

use super::{state, WarlordRules};
use crate::action::Action;
use crate::piece::{Command, KindId, Piece};
use crate::position::{Phase, Position};
use crate::ruleset::{ActionInfo, Commander, Hints, Tally};
use crate::side::Side;
use crate::square::Square;

/// The enemy a Warlord action captures: the one standing where a move lands.
fn victim(pos: &Position, action: Action) -> Option<(Square, Piece)> {
    let Action::Move { to, .. } = action else { return None };
    pos.piece_at(to).filter(|p| p.side != pos.to_move()).map(|p| (to, p))
}

impl WarlordRules {
    /// A Warlord action described: a move captures whatever enemy stands where it lands; a
    /// swap names the leader it exchanges with.
    pub(super) fn describe_action(&self, pos: &Position, action: Action) -> ActionInfo {
        let mut info = ActionInfo::plain(pos, action);
        info.captures.extend(victim(pos, action));
        if let Action::Swap { to, .. } = action {
            info.with.push(to);
        }
        info
    }

    /// The actions among `legal` that capture, with their targets, as
    /// [`describe_action`](Self::describe_action) tells them, without building a description
    /// of every action.
    pub(super) fn capturing(&self, pos: &Position, legal: &[Action]) -> Vec<(Action, Square)> {
        legal.iter().filter_map(|&action| victim(pos, action).map(|(sq, _)| (action, sq))).collect()
    }

    /// The commanders of both sides and, on the side to move's turn, which of them could order
    /// each piece that may still act.
    pub(super) fn ui_hints(&self, pos: &Position) -> Hints {
        let board = pos.board();
        let mut commanders = Vec::new();
        for side in Side::BOTH {
            for &slot in pos.slots_of(side) {
                let Some(command) = self.command(pos, slot).filter(Command::activates_others) else { continue };
                let used = if side == pos.to_move() && pos.phase == Phase::Play {
                    pos.turn.activated.iter().filter(|m| m.assigned == slot).count()
                } else {
                    0
                };
                let square = board.square(pos.slots[slot as usize].cell as usize);
                let area =
                    self.ball_steps[usize::from(command.range)].iter().filter_map(|&step| board.step(square, step));
                commanders.push(Commander {
                    square,
                    side,
                    range: u32::from(command.range),
                    area: area.collect(),
                    left: command.capacity.saturating_sub(used.min(255) as u8),
                    capacity: command.capacity,
                });
            }
        }
        commanders.sort_by_key(|c| (c.square.rank, c.square.file));
        let links = if pos.phase == Phase::Play {
            let mut unmoved: Vec<_> =
                pos.pieces(pos.to_move()).map(|(sq, _)| sq).filter(|&sq| !pos.has_moved(sq)).collect();
            unmoved.sort_by_key(|s| (s.rank, s.file));
            let mut open = vec![None; pos.slots.len()];
            unmoved
                .into_iter()
                .map(|sq| (sq, self.activators_of(pos, sq, &mut open)))
                .filter(|(_, list)| !list.is_empty())
                .collect()
        } else {
            Vec::new()
        };
        Hints { commanders, links, relays: Vec::new(), marks: Vec::new() }
    }

    /// Leaders captured by each side, and leaders lost when the leader-losses rule is on.
    pub(super) fn tally(&self, pos: &Position) -> Vec<Tally> {
        let st = state(pos);
        let per_side = |f: &dyn Fn(Side) -> u32| [f(Side::White), f(Side::Black)];
        let mut out = vec![Tally {
            name: "leaders-captured",
            label: "Leaders captured",
            values: per_side(&|s| st.leaders_captured_by(s)),
        }];
        if self.options.leader_losses > 0 {
            out.push(Tally { name: "leaders-lost", label: "Leaders lost", values: per_side(&|s| st.leaders_lost(s)) });
        }
        if let Some(towns) = &self.objective {
            out.push(Tally { name: "towns-held", label: "Towns held", values: per_side(&|s| towns.held(pos, s)) });
        }
        out
    }

    /// The setup reserve of a side and its reinforcements waiting to enter, by kind.
    pub(super) fn pieces_to_place(&self, pos: &Position, side: Side) -> Vec<(KindId, u16)> {
        let st = state(pos);
        let mut counts = vec![0u16; self.pieces.len()];
        for (kind, n) in st.reserve(side) {
            counts[usize::from(kind)] += n;
        }
        for a in st.arrivals().iter().filter(|a| a.side == side) {
            if let Some(c) = counts.get_mut(usize::from(a.kind)) {
                *c += a.count;
            }
        }
        counts.into_iter().enumerate().filter(|(_, n)| *n > 0).map(|(k, n)| (k as KindId, n)).collect()
    }
}
