//! Strikes that a commander's move opens: the captures (and steps onto the objective's squares)
//! of pieces that nothing may activate until a commander moves up to them.

use crate::budget::Meter;
use crate::turn::Line;
use warlord_rules::{Action, Command, Position, Ruleset, Square};

/// How near, in king steps, a piece must stand to an enemy piece or a square of the objective
/// for a commander's move up to it to be tried: about what a piece reaches in a move or two.
const STRIKING_STEPS: u32 = 3;

/// The actions among `legal` (the legal actions of the side to move in `pos`) that strike: a
/// capture, or an action onto a square of `objective` (towns to hold).
pub(super) fn strikes(rules: &dyn Ruleset, pos: &Position, legal: &[Action], objective: &[Square]) -> Vec<Action> {
    let captures = rules.capturing_actions(pos, legal);
    legal
        .iter()
        .copied()
        .filter(|a| captures.iter().any(|(c, _)| c == a) || a.destination().is_some_and(|to| objective.contains(&to)))
        .collect()
}

/// The pairs of a commander's move and a strike it opens, from the end of `line` (`legal` are
/// its legal actions, `struck` the strikes among them): the opponent's reply to a turn, played
/// one capture at a time, had missed every capture that needs a commander brought up first, as
/// when a leader steps within range of a cannon that then takes a town ("Round 16" of docs/AI.md).
///
/// The dormant pieces are those with no legal action now that stand within [`STRIKING_STEPS`] of
/// an enemy piece or a square of `objective`. Each piece that activates others
/// ([`warlord_rules::Command`]) tries one move: of its legal moves, the one that ends within its
/// command range of the most dormant pieces (the first of equals; none if no move reaches one).
/// Each move tried is played, and the strikes then legal that were not legal before are paired
/// with it. Nothing is evaluated; a move tried costs one node and one listing of the legal
/// actions. One move a commander, not every move that reaches a dormant piece: on the 120x120
/// boards a hundred such moves a step left the ranking these replies serve no time. Stops once
/// `meter` is spent.
pub(super) fn opened_strikes(
    rules: &dyn Ruleset,
    line: &Line,
    legal: &[Action],
    struck: &[Action],
    objective: &[Square],
    meter: &mut Meter,
) -> Vec<[Action; 2]> {
    let mut out = Vec::new();
    for action in commanders_moves_up(rules, &line.pos, legal, objective) {
        if meter.spent() {
            break;
        }
        let moved = line.then(rules, action, meter);
        if moved.done {
            continue;
        }
        let after = moved.legal(rules);
        for strike in strikes(rules, &moved.pos, &after, objective) {
            if !struck.contains(&strike) {
                out.push([action, strike]);
            }
        }
    }
    out
}

/// For each piece of the side to move in `pos` that activates others, its move (among `legal`)
/// that ends within its command range of the most dormant pieces, as [`opened_strikes`] tries
/// them: the commanders in the order their first moves are listed in `legal`.
fn commanders_moves_up(rules: &dyn Ruleset, pos: &Position, legal: &[Action], objective: &[Square]) -> Vec<Action> {
    let me = pos.to_move();
    let board = pos.board();
    let mut targets: Vec<Square> = pos.pieces(me.opponent()).map(|(sq, _)| sq).collect();
    targets.extend_from_slice(objective);
    // Sorted, for the search below: the largest boards list thousands of actions.
    let mut movers: Vec<Square> = legal.iter().filter_map(Action::origin).collect();
    movers.sort_unstable();
    movers.dedup();
    let dormant: Vec<Square> = pos
        .pieces(me)
        .map(|(sq, _)| sq)
        .filter(|sq| movers.binary_search(sq).is_err())
        .filter(|&sq| targets.iter().any(|&t| board.distance(sq, t) <= STRIKING_STEPS))
        .collect();
    if dormant.is_empty() {
        return Vec::new();
    }
    // Each commander's square, its best move so far and how many dormant pieces it reaches.
    let mut best: Vec<(Square, Action, usize)> = Vec::new();
    for &action in legal {
        let Action::Move { from, to } = action else { continue };
        let Some(piece) = pos.piece_at(from) else { continue };
        let Some(command) = rules.pieces().get(piece.kind).command.filter(Command::activates_others) else {
            continue;
        };
        let reached = dormant.iter().filter(|&&sq| board.distance(sq, to) <= u32::from(command.range)).count();
        if reached == 0 {
            continue;
        }
        match best.iter_mut().find(|(sq, _, _)| *sq == from) {
            Some(entry) if reached > entry.2 => *entry = (from, action, reached),
            Some(_) => {}
            None => best.push((from, action, reached)),
        }
    }
    best.into_iter().map(|(_, action, _)| action).collect()
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{skirmish, OUT_OF_COMMAND};
    use super::*;
    use crate::budget::Budget;

    #[test]
    fn a_leader_brought_up_opens_the_capture_of_a_piece_out_of_command() {
        let (rules, pos) = skirmish(OUT_OF_COMMAND);
        let line = Line::start(&pos);
        let legal = line.legal(rules.as_ref());
        let struck = strikes(rules.as_ref(), &pos, &legal, &[]);
        assert!(struck.is_empty(), "{struck:?}");
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let opened = opened_strikes(rules.as_ref(), &line, &legal, &struck, &[], &mut meter);
        let takes = Action::Move { from: Square::new(3, 3), to: Square::new(4, 2) };
        assert!(!opened.is_empty());
        assert!(opened.iter().all(|[_, strike]| *strike == takes), "{opened:?}");
        assert!(opened.iter().all(|[up, _]| matches!(up, Action::Move { from, .. } if from.rank == 7)));
    }
}
