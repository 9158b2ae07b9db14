//! The room the enemy's leaders have to flee in. Where the champion hunts, a lone leader that
//! moves two squares a turn is taken only when it stands attacked on a turn it cannot flee:
//! a net that closes over several turns, which the values after the replies do not see until
//! its last move (docs/AI.md, "Round 6" and "Round 36"). Counting the squares a leader can
//! still flee to, turn by turn, measures the net while it closes, as the box that shrinks
//! round a lone king measures a chess ending (docs/AI.md, "Round 42").

use warlord_rules::{Position, Ruleset, Side, Square};

/// The enemy leaders' room to flee in from `pos`, `hunter` to move: for each enemy leader, the
/// squares it can stand on safely after each of its next `turns` moves, summed over the
/// leaders and the moves, over 100.
///
/// A leader moves up to its piece's reach (in board steps), from a safe square of the move
/// before (its own square the first time), to an empty square that holds pieces; only the
/// squares within that many moves of it are looked at, so the count costs the same on every
/// board. The square is safe after its t-th move when no leader of the hunter can have come
/// within its own reach of it by the hunter's turn that follows (t + 1 turns of walking, the
/// hunter moving first), and no other piece of the hunter lands on it by an action the hunter
/// could play now (a troop within command is counted where it stands, as a wall). A hunter that
/// has every square covered after some move has caught the leader, as far as this count sees:
/// its room stops there.
#[must_use]
pub fn escape_room(rules: &dyn Ruleset, pos: &Position, hunter: Side, turns: u32) -> f64 {
    let board = pos.board();
    let table = rules.pieces();
    let files = usize::from(board.files());
    let index = |sq: Square| usize::from(sq.rank) * files + usize::from(sq.file);
    let reach = |kind| u32::from(table.get(kind).reach()).max(1);
    let chasers: Vec<(Square, u32)> =
        pos.pieces(hunter).filter(|(_, p)| table.get(p.kind).is_leader()).map(|(sq, p)| (sq, reach(p.kind))).collect();
    let mut walled = vec![false; files * usize::from(board.ranks())];
    if pos.to_move() == hunter {
        for action in rules.legal_action_list(pos) {
            let (Some(from), Some(to)) = (action.origin(), action.destination()) else { continue };
            if pos.piece_at(from).is_some_and(|p| !table.get(p.kind).is_leader()) {
                walled[index(to)] = true;
            }
        }
    }
    let mut room = 0;
    for (start, leader) in pos.pieces(hunter.opponent()).filter(|(_, p)| table.get(p.kind).is_leader()) {
        let stride = reach(leader.kind);
        let mut safe = vec![start];
        for t in 1..=turns {
            let caught = |sq: Square| chasers.iter().any(|&(h, r)| board.distance(h, sq) <= (t + 1) * r);
            let radius = u8::try_from(stride * t).unwrap_or(u8::MAX);
            safe = board
                .geometry()
                .ball(radius)
                .into_iter()
                .filter_map(|offset| board.step(start, offset))
                .filter(|&sq| {
                    board.terrain(sq).holds_pieces()
                        && !walled[index(sq)]
                        && (sq == start || pos.piece_at(sq).is_none())
                        && !caught(sq)
                        && safe.iter().any(|&from| board.distance(from, sq) <= stride)
                })
                .collect();
            room += safe.len();
            if safe.is_empty() {
                break;
            }
        }
    }
    room as f64 / 100.0
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{skirmish, skirmish_with};
    use super::*;

    /// The room of White's leaders in a skirmish position, Black (the hunter) to move, over
    /// two moves.
    fn room(position: &str) -> f64 {
        let (rules, pos) = skirmish(position);
        escape_room(rules.as_ref(), &pos, Side::Black, 2)
    }

    #[test]
    fn a_leader_has_less_room_as_the_hunters_close_in_and_none_in_reach() {
        // White's lone leader on h8 (the skirmish leader moves 2); Black's leader far off on
        // a1, then on a4 (cutting off the back rank's escape to the west), then on f6, from
        // where it takes h8.
        let far = room("7L/8/8/8/8/8/8/l7");
        let nearer = room("7L/8/8/8/l7/8/8/8");
        let in_reach = room("7L/8/5l2/8/8/8/8/8");
        assert!(far > nearer, "far {far}, nearer {nearer}");
        assert!(nearer > 0.0, "{nearer}");
        assert_eq!(in_reach, 0.0);
    }

    #[test]
    fn troops_the_hunter_can_move_wall_off_the_squares_they_reach() {
        // Black's leader on a1 and an infantry on f6, next to the squares White's leader on h8
        // flees to; the infantry moves (and walls them off) only where the leader's command
        // reaches it, 5 squares off (the skirmish leader's own reach covers no more than 4
        // squares round it after one move: only a troop beyond that adds to the net).
        let room_with = |range: u8| {
            let (rules, pos) = skirmish_with("7L/8/5i2/8/8/8/8/l7", "", &format!("activation-range = {range}"));
            escape_room(rules.as_ref(), &pos, Side::Black, 2)
        };
        let (commanded, idle) = (room_with(5), room_with(4));
        assert!(commanded < idle, "commanded {commanded}, idle {idle}");
    }

    #[test]
    fn every_enemy_leader_counts() {
        let one = room("7L/8/8/8/8/8/8/l7");
        let two = room("L6L/8/8/8/8/8/8/l7");
        assert!(two > one, "one {one}, two {two}");
    }
}
