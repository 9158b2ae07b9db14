//! Advancing turns: a cheap plan for positions where the armies stand apart and nothing is in
//! reach, so that the agents close in instead of idling.
//!
//! On a large board a full evaluation is dear (the features read every legal action; on a
//! 20x33 board with 69 pieces a side and 10 actions a turn, about a millisecond), so a search
//! at 100 ms a turn does not finish one step of a greedy turn, and an agent that ends its turn
//! when its budget is spent moves a piece or two a turn. An advancing turn is built without
//! evaluating anything: action after action, the move that brings its piece nearest to the
//! enemy, stopping at a distance. It is one candidate among others (the champion's replies and
//! OEP's fitness judge it with the full evaluation), a seed for evolution, and how the greedy
//! agent finishes a turn its budget did not cover.

use crate::budget::Meter;
use crate::turn::Line;
use rand::Rng;
use warlord_rules::{Action, Position, Ruleset, Square};

/// How near an advancing piece may come to the nearest enemy piece, in steps, for each of the
/// advancing turns [`advancing_turns`] builds: right up to contact, or stopping short.
pub const STANDOFFS: [u32; 3] = [1, 3, 5];

/// The distance in steps from `sq` to the nearest enemy piece of the side to move, or `None`
/// when the enemy has no piece.
fn nearest_enemy(pos: &Position, enemies: &[Square], sq: Square) -> Option<u32> {
    let geometry = pos.board().geometry();
    enemies.iter().map(|e| geometry.distance(*e, sq)).min()
}

/// Where the acting piece of an action starts and ends, for a move or a tow.
fn displacement(action: Action) -> Option<(Square, Square)> {
    match action {
        Action::Move { from, to } | Action::Tow { from, to, .. } => Some((from, to)),
        _ => None,
    }
}

/// The advancing turn of the side to move: action after action, of the legal moves and tows
/// whose piece ends no nearer than `standoff` steps to every enemy piece, the one that brings
/// its piece nearest to the enemy (the largest gain in steps, ties to the nearest end, then at
/// random), until none brings a piece nearer; then the turn is ended (or, where a turn cannot
/// be ended early, finished with the first legal actions). One node of work per action played;
/// the legal actions are listed once per step and nothing is evaluated.
pub fn advancing_turn(
    rules: &dyn Ruleset,
    pos: &Position,
    standoff: u32,
    rng: &mut impl Rng,
    meter: &mut Meter,
) -> Line {
    let mut line = Line::start(pos);
    finish_advancing(rules, &mut line, standoff, rng, meter);
    line
}

/// The legal moves and tows of the side to move in `pos` (among `legal`) that bring their piece
/// nearer to the nearest enemy piece and end no nearer than `standoff` steps to every enemy
/// piece, best first: the largest gain in steps, then the nearest end, then at random (one draw
/// of `rng` per such action, in the order of `legal`). Nothing is played or evaluated.
pub fn advancing_actions(pos: &Position, legal: &[Action], standoff: u32, rng: &mut impl Rng) -> Vec<Action> {
    let me = pos.to_move();
    let enemies: Vec<Square> = pos.pieces(me.opponent()).map(|(sq, _)| sq).collect();
    let mut keyed: Vec<((u32, u32, u32), Action)> = Vec::new();
    for &action in legal {
        let Some((from, to)) = displacement(action) else { continue };
        let (Some(before), Some(after)) = (nearest_enemy(pos, &enemies, from), nearest_enemy(pos, &enemies, to)) else {
            continue;
        };
        if after >= before || after < standoff {
            continue;
        }
        keyed.push(((before - after, u32::MAX - after, rng.gen::<u32>()), action));
    }
    // Stable: of equal keys, the first listed comes first.
    keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
    keyed.into_iter().map(|(_, action)| action).collect()
}

/// Finishes a turn in progress as [`advancing_turn`] plays one.
pub fn finish_advancing(rules: &dyn Ruleset, line: &mut Line, standoff: u32, rng: &mut impl Rng, meter: &mut Meter) {
    while !line.done {
        let legal = line.legal(rules);
        if legal.is_empty() {
            break;
        }
        let action = match advancing_actions(&line.pos, &legal, standoff, rng).first() {
            Some(&a) => a,
            None if legal.contains(&Action::EndTurn) => Action::EndTurn,
            None => legal[0],
        };
        line.push(rules, action, meter);
    }
}

/// The advancing turns at each of the [`STANDOFFS`], each distinct turn once (nearest first),
/// while `meter` lasts (the first always): a turn lists the legal actions at each of its steps,
/// which on the largest boards is not free.
pub fn advancing_turns(rules: &dyn Ruleset, pos: &Position, rng: &mut impl Rng, meter: &mut Meter) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::new();
    for standoff in STANDOFFS {
        if !out.is_empty() && meter.spent() {
            break;
        }
        let line = advancing_turn(rules, pos, standoff, rng, meter);
        if !out.iter().any(|l| l.actions == line.actions) {
            out.push(line);
        }
    }
    out
}
