//! The net: where the champion hunts the enemy's last leaders, a turn after which every reply
//! of the enemy's leaves one of its leaders to be taken. The replies judge a candidate by the
//! opponent's greedy turn and a few strong ones, and a leader that moves two squares a turn
//! finds the escape they leave out: hunts ended at the turn limit with a lone enemy leader
//! stepping back and forth beside the champion's pieces (docs/AI.md, "Round 43"). Where the
//! enemy has few leaders it has few turns, so every one of them can be played out.
//!
//! Turns are built by a beam over the champion's actions near the enemy leaders, kept by how
//! few squares the worst-placed enemy leader has left to flee to ([`Gap`]); the tightest are
//! then checked against every enemy turn ([`forces_capture`]). A turn is played only when
//! the check proves it.

use super::hunt::hunts;
use crate::budget::Meter;
use crate::turn::Line;
use std::collections::HashSet;
use warlord_rules::{Action, Position, Ruleset, Side, Square};

/// The net is looked for where the enemy has at most this many leaders: it moves no more
/// pieces a turn than it has leaders (rulings 5), so its turns can all be played out.
pub const NET_LEADERS: usize = 2;

/// The share of the turn's budget the net may take; the turn is planned as usual with the rest
/// when no net is proved within it.
pub const NET_SHARE: f64 = 0.25;

/// The partial turns kept at each action of the beam.
const NET_BEAM: usize = 8;

/// Only actions that end within this many board steps of an enemy leader build a net: a
/// leader's flight of two steps and a piece's reach of three, with a step to spare.
const NET_RADIUS: u32 = 6;

/// The most squares left to the worst-placed leader for a turn to be checked: the count
/// misjudges the squares a leader reaches only by taking a piece, which other pieces guard.
const NET_SLACK: usize = 1;

/// How loose a turn's net is: the squares the enemy leader with the fewest left can still
/// flee to (its own among them, where it stays) unattacked, then the same summed over the
/// enemy's leaders. Smaller is tighter.
type Gap = (usize, usize);

/// Whether the net is looked for from `pos`: its side to move hunts ([`hunts`]) and the enemy
/// has at most [`NET_LEADERS`] leaders.
pub(super) fn applies(rules: &dyn Ruleset, pos: &Position) -> bool {
    let me = pos.to_move();
    hunts(rules, pos, me) && leaders(rules, pos, me.opponent()).len() <= NET_LEADERS
}

/// A turn from `pos` after which every enemy turn leaves an enemy leader to be taken (or that
/// wins at once), ending with [`Action::EndTurn`] where its last action does not end it;
/// `None` when none is proved within `meter`.
pub(super) fn net_turn(rules: &dyn Ruleset, pos: &Position, meter: &mut Meter) -> Option<Vec<Action>> {
    let me = pos.to_move();
    let keep = leaders(rules, pos, me).len();
    let mut turns = tightest_turns(rules, pos, meter);
    // A turn that wins at once comes before every net.
    let won = |line: &Line| line.pos.outcome().is_some_and(|o| o.winner == Some(me));
    turns.sort_by_key(|(gap, line)| (!won(line), *gap));
    for (gap, line) in turns {
        if meter.spent() || gap.0 > NET_SLACK {
            break;
        }
        let mut actions = line.actions;
        let mut after = line.pos;
        if !line.done {
            rules.play(&mut after, Action::EndTurn).ok()?;
            actions.push(Action::EndTurn);
        }
        let proved = match after.outcome() {
            Some(outcome) => outcome.winner == Some(me),
            None => forces_capture(rules, &after, me, keep, meter) == Some(true),
        };
        if proved {
            return Some(actions);
        }
    }
    None
}

/// The squares of `side`'s leaders in `pos`.
fn leaders(rules: &dyn Ruleset, pos: &Position, side: Side) -> Vec<Square> {
    pos.pieces(side).filter(|(_, p)| rules.pieces().get(p.kind).is_leader()).map(|(sq, _)| sq).collect()
}

/// Every partial turn the beam reached from `pos` (each to be ended where it stands) with its
/// [`Gap`]: the actions that end near an enemy leader ([`NET_RADIUS`]), [`NET_BEAM`] of the
/// tightest partial turns extended at each step, while `meter` lasts.
fn tightest_turns(rules: &dyn Ruleset, pos: &Position, meter: &mut Meter) -> Vec<(Gap, Line)> {
    let me = pos.to_move();
    let targets = leaders(rules, pos, me.opponent());
    let near = |sq: Square| targets.iter().any(|&t| pos.board().distance(t, sq) <= NET_RADIUS);
    let mut seen = HashSet::new();
    let mut reached = Vec::new();
    let mut beam = vec![Line::start(pos)];
    while !beam.is_empty() && !meter.spent() {
        let mut next = Vec::new();
        for line in &beam {
            for action in line.legal(rules) {
                if meter.spent() {
                    break;
                }
                if !action.destination().is_some_and(near) {
                    continue;
                }
                let child = line.then(rules, action, meter);
                if !seen.insert(child.pos.hash()) {
                    continue;
                }
                let Some(gap) = gap(rules, &child, me, meter) else { continue };
                if !child.done {
                    next.push((gap, child.clone()));
                }
                reached.push((gap, child));
            }
        }
        next.sort_by_key(|(gap, _)| *gap);
        next.truncate(NET_BEAM);
        beam = next.into_iter().map(|(_, line)| line).collect();
    }
    reached
}

/// The [`Gap`] of `line`'s turn for `me`, ended where it stands, or `None` where it ends the
/// game otherwise than by `me`'s win or `meter` ran out. A square an enemy leader reaches by
/// taking one of `me`'s pieces counts as attacked when `me` could take the leader there
/// after the capture; an empty one when a piece of `me`'s could move there next turn were the
/// enemy to pass.
fn gap(rules: &dyn Ruleset, line: &Line, me: Side, meter: &mut Meter) -> Option<Gap> {
    let mut after = line.pos.clone();
    if !line.done {
        meter.tick();
        rules.play(&mut after, Action::EndTurn).ok()?;
    }
    if let Some(outcome) = after.outcome() {
        return (outcome.winner == Some(me)).then_some((0, 0));
    }
    let mut waited = after.clone();
    meter.tick();
    rules.play(&mut waited, Action::EndTurn).ok()?;
    if waited.outcome().is_some() || meter.spent() {
        return None;
    }
    let attacked: HashSet<Square> = rules.legal_action_list(&waited).iter().filter_map(Action::destination).collect();
    let flights = rules.legal_action_list(&after);
    let (mut least, mut total) = (usize::MAX, 0);
    for leader in leaders(rules, &after, me.opponent()) {
        let mut open = usize::from(!attacked.contains(&leader));
        for &flight in flights.iter().filter(|a| a.origin() == Some(leader)) {
            let Some(to) = flight.destination() else { continue };
            let safe = if after.piece_at(to).is_some() {
                !takes_back(rules, &after, flight, to, me, meter)
            } else {
                !attacked.contains(&to)
            };
            open += usize::from(safe);
        }
        least = least.min(open);
        total += open;
    }
    Some((least, total))
}

/// Whether `me` could take the enemy leader that `flight` (from `pos`, the enemy to move)
/// brings onto `to` by a capture, the enemy's turn ended there.
fn takes_back(rules: &dyn Ruleset, pos: &Position, flight: Action, to: Square, me: Side, meter: &mut Meter) -> bool {
    let mut next = pos.clone();
    meter.tick();
    let report = rules.play_unchecked(&mut next, flight);
    if !report.turn_ended && next.outcome().is_none() && rules.play(&mut next, Action::EndTurn).is_err() {
        return false;
    }
    next.outcome().is_none() && next.pieces(me).any(|(from, _)| rules.is_legal(&next, Action::Move { from, to }))
}

/// Whether every turn of the enemy from `pos` (the enemy to move) leaves `me` an enemy leader to
/// take next turn, without the enemy having taken one of `me`'s `keep` leaders first (unless
/// the leader left to take is the enemy's last); `None` when `meter` ran out first.
fn forces_capture(rules: &dyn Ruleset, pos: &Position, me: Side, keep: usize, meter: &mut Meter) -> Option<bool> {
    let mut seen = HashSet::new();
    escapes(rules, pos, me, keep, meter, &mut seen).map(|escaped| !escaped)
}

/// Whether some way to finish the enemy's turn in progress from `pos` escapes the net (see
/// [`forces_capture`]); positions in `seen` were already found caught.
fn escapes(
    rules: &dyn Ruleset,
    pos: &Position,
    me: Side,
    keep: usize,
    meter: &mut Meter,
    seen: &mut HashSet<u64>,
) -> Option<bool> {
    if meter.spent() {
        return None;
    }
    if let Some(outcome) = pos.outcome() {
        return Some(outcome.winner != Some(me));
    }
    if pos.to_move() == me {
        return Some(!caught(rules, pos, me, keep));
    }
    for action in rules.legal_action_list(pos) {
        let mut next = pos.clone();
        meter.tick();
        rules.play_unchecked(&mut next, action);
        if seen.insert(next.hash()) && escapes(rules, &next, me, keep, meter, seen)? {
            return Some(true);
        }
    }
    Some(false)
}

/// Whether `me`, to move in `pos`, can take an enemy leader, having kept its `keep` leaders or
/// taking the enemy's last.
fn caught(rules: &dyn Ruleset, pos: &Position, me: Side, keep: usize) -> bool {
    let targets = leaders(rules, pos, me.opponent());
    let legal = rules.legal_action_list(pos);
    let takes_leader = rules.capturing_actions(pos, &legal).iter().any(|(_, sq)| targets.contains(sq));
    takes_leader && (targets.len() == 1 || leaders(rules, pos, me).len() >= keep)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::skirmish;
    use super::super::Champion;
    use super::*;
    use crate::agent::Agent;
    use crate::budget::Budget;

    /// White's lone leader on h8, its corner; Black to move with two leaders (e6, a1) and two
    /// infantry (g6, h1): an infantry step to g7, guarded by the leader on e6, leaves the
    /// leader no square it can stand on or flee to unattacked.
    const CORNERED: &str = "7L/8/4l1i1/8/8/8/8/l6i";

    /// White's lone leader in the middle of the board, Black's pieces far off in a corner.
    const IN_THE_OPEN: &str = "8/8/8/3L4/8/8/8/l6i";

    /// Whether Black can take a White leader after each of White's turns from `pos` (White
    /// to move), counted the slow way: every legal action, each then the end of the turn.
    fn every_reply_loses_the_leader(rules: &dyn Ruleset, pos: &Position) -> bool {
        rules.legal_action_list(pos).into_iter().all(|reply| {
            let mut after = pos.clone();
            rules.play(&mut after, reply).expect("legal");
            if after.to_move() == Side::White {
                rules.play(&mut after, Action::EndTurn).expect("the turn ends");
            }
            let leader = leaders(rules, &after, Side::White)[0];
            let takes =
                after.pieces(Side::Black).any(|(from, _)| rules.is_legal(&after, Action::Move { from, to: leader }));
            takes
        })
    }

    /// The position after `turn` from `pos`.
    fn after(rules: &dyn Ruleset, pos: &Position, turn: &[Action]) -> Position {
        let mut after = pos.clone();
        for &action in turn {
            rules.play(&mut after, action).unwrap_or_else(|e| panic!("{action:?}: {e}"));
        }
        after
    }

    #[test]
    fn a_cornered_leader_is_netted_and_every_reply_loses_it() {
        let (rules, pos) = skirmish(CORNERED);
        assert!(applies(rules.as_ref(), &pos));
        // A turn far off nets nothing: the leader stays, or flees to h6 or f8.
        let far_off = Action::Move { from: Square::new(0, 0), to: Square::new(1, 0) };
        let waited = after(rules.as_ref(), &pos, &[far_off, Action::EndTurn]);
        assert!(!every_reply_loses_the_leader(rules.as_ref(), &waited));
        let turn = net_turn(rules.as_ref(), &pos, &mut Meter::start(Budget::Nodes(100_000))).expect("a net");
        let netted = after(rules.as_ref(), &pos, &turn);
        assert_eq!(netted.to_move(), Side::White, "{turn:?} ends the turn");
        assert!(every_reply_loses_the_leader(rules.as_ref(), &netted), "{turn:?}");
    }

    #[test]
    fn no_net_is_claimed_for_a_leader_in_the_open() {
        let (rules, pos) = skirmish(IN_THE_OPEN);
        assert!(applies(rules.as_ref(), &pos));
        assert_eq!(net_turn(rules.as_ref(), &pos, &mut Meter::start(Budget::Nodes(100_000))), None);
    }

    #[test]
    fn the_net_is_looked_for_only_against_few_leaders_where_the_champion_hunts() {
        let applies_to = |position: &str| {
            let (rules, pos) = skirmish(position);
            applies(rules.as_ref(), &pos)
        };
        // Three White leaders: too many turns to play out.
        assert!(!applies_to("5LLL/8/4l1i1/8/8/8/8/l6i"));
        // White's troops as many as Black's: no hunt.
        assert!(!applies_to("5IIL/8/4l1i1/8/8/8/8/l6i"));
        assert!(applies_to("6LL/8/4l1i1/8/8/8/8/l6i"));
    }

    #[test]
    fn the_champion_plays_the_net_it_proves() {
        let (rules, pos) = skirmish(CORNERED);
        let budget = Budget::Nodes(20_000);
        let proved = net_turn(rules.as_ref(), &pos, &mut Meter::start(budget.fraction(NET_SHARE))).expect("a net");
        for seed in 1..=3 {
            let turn = Champion::default().plan_turn(rules.as_ref(), &pos, budget, seed);
            assert_eq!(turn, proved, "seed {seed}");
        }
        // Without the net the champion plans the turn as usual: a different one here.
        let usual = Champion { net_to_hunt: false, ..Champion::default() }.plan_turn(rules.as_ref(), &pos, budget, 1);
        assert_ne!(usual, proved);
    }
}
