//! Advancing turns: a cheap plan for positions where the armies stand apart and nothing is in
//! reach, so that the agents close in instead of idling.
//!
//! On a large board a full evaluation is dear (the features read every legal action; on a
//! 20x33 board with 69 pieces a side and 10 actions a turn, about a millisecond), so a search
//! at 100 ms a turn does not finish one step of a greedy turn, and an agent that ends its turn
//! when its budget is spent moves a piece or two a turn. An advancing turn is built without
//! evaluating anything: action after action, the move that brings its piece nearest to the
//! enemy (in walking steps, round water: [`Nearest`]), stopping at a distance. It is one candidate
//! among others (the champion's replies and OEP's fitness judge it with the full evaluation), a
//! seed for evolution, and how the greedy agent finishes a turn its budget did not cover. Where
//! the rules publish an objective (towns to hold), one more turn is built the same way, marching
//! on its squares instead ([`objective_turn`]).

use crate::budget::Meter;
use crate::turn::Line;
use crate::walking::Nearest;
use rand::Rng;
use warlord_rules::{Action, Objective, Position, Ruleset, Square};

/// How near an advancing piece may come to the nearest enemy piece, in walking steps, for each
/// of the advancing turns [`advancing_turns`] builds: right up to contact, or stopping short.
pub const STANDOFFS: [u32; 3] = [1, 3, 5];

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
    advancing_actions_by(pos, legal, standoff, rng, &mut Nearest::default())
}

/// [`advancing_actions`], measuring with `nearest` (kept from step to step of a turn).
fn advancing_actions_by(
    pos: &Position,
    legal: &[Action],
    standoff: u32,
    rng: &mut impl Rng,
    nearest: &mut Nearest,
) -> Vec<Action> {
    let enemies: Vec<Square> = pos.pieces(pos.to_move().opponent()).map(|(sq, _)| sq).collect();
    nearest.aim(pos.board(), &enemies);
    approaching_actions(pos, legal, nearest, standoff, &[], rng)
}

/// The legal moves and tows of the side to move that bring their piece nearer to one of the
/// squares of `objective` it does not hold (onto it, taking an enemy that holds it), best
/// first as [`advancing_actions`] orders them; a piece that holds one of them stays.
pub fn objective_actions(pos: &Position, legal: &[Action], objective: &Objective, rng: &mut impl Rng) -> Vec<Action> {
    objective_actions_by(pos, legal, objective, rng, &mut Nearest::default())
}

/// [`objective_actions`], measuring with `nearest` (kept from step to step of a turn).
fn objective_actions_by(
    pos: &Position,
    legal: &[Action],
    objective: &Objective,
    rng: &mut impl Rng,
    nearest: &mut Nearest,
) -> Vec<Action> {
    let me = pos.to_move();
    let (held, open): (Vec<Square>, Vec<Square>) =
        objective.squares.iter().partition(|&&sq| objective.holds(pos, sq, me));
    nearest.aim(pos.board(), &open);
    approaching_actions(pos, legal, nearest, 0, &held, rng)
}

/// The legal moves and tows (among `legal`) whose piece, not standing on one of `staying`, ends
/// nearer to the nearest of the targets `steps` measures to and no nearer than `standoff` steps
/// to every one of them, best first: the largest gain in steps, then the nearest end, then at
/// random.
fn approaching_actions(
    pos: &Position,
    legal: &[Action],
    steps: &mut Nearest,
    standoff: u32,
    staying: &[Square],
    rng: &mut impl Rng,
) -> Vec<Action> {
    let board = pos.board();
    let mut keyed: Vec<((u32, u32, u32), Action)> = Vec::new();
    for &action in legal {
        let Some((from, to)) = displacement(action) else { continue };
        if staying.contains(&from) {
            continue;
        }
        let (Some(before), Some(after)) = (steps.to(board, from), steps.to(board, to)) else {
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
    let mut nearest = Nearest::default();
    finish_by(rules, line, meter, false, |pos, legal| {
        advancing_actions_by(pos, legal, standoff, rng, &mut nearest).first().copied()
    });
}

/// The turn of the side to move that marches on the rules' objective (towns to hold), if they
/// publish one: action after action, the move that brings a piece nearest to a square of it the
/// side does not hold ([`objective_actions`]), until none does; then the turn is ended. Built
/// like an advancing turn, without evaluating anything: a candidate and a seed beside them.
pub fn objective_turn(rules: &dyn Ruleset, pos: &Position, rng: &mut impl Rng, meter: &mut Meter) -> Option<Line> {
    let objective = rules.objective()?;
    let mut line = Line::start(pos);
    let mut nearest = Nearest::default();
    finish_by(rules, &mut line, meter, false, |pos, legal| {
        objective_actions_by(pos, legal, objective, rng, &mut nearest).first().copied()
    });
    Some(line)
}

/// Goes on with a turn in progress as [`objective_turn`] plays one, where the rules publish an
/// objective, while `meter` lasts: once it is spent the turn is left unfinished, between two
/// actions. Returns whether the rules publish one (without one, `line` is left as it is).
pub fn march_while_meter_lasts(rules: &dyn Ruleset, line: &mut Line, rng: &mut impl Rng, meter: &mut Meter) -> bool {
    let Some(objective) = rules.objective() else { return false };
    let mut nearest = Nearest::default();
    finish_by(rules, line, meter, true, |pos, legal| {
        objective_actions_by(pos, legal, objective, rng, &mut nearest).first().copied()
    });
    true
}

/// Plays `choose`'s action at each step until the turn is over (or, with `stop_when_spent`,
/// until `meter` is spent); where it has none, the turn is ended (or, where a turn cannot be
/// ended early, finished with the first legal actions).
fn finish_by(
    rules: &dyn Ruleset,
    line: &mut Line,
    meter: &mut Meter,
    stop_when_spent: bool,
    mut choose: impl FnMut(&Position, &[Action]) -> Option<Action>,
) {
    let stopped = |meter: &Meter| stop_when_spent && meter.spent();
    while !line.done && !stopped(meter) {
        let legal = line.legal(rules);
        if legal.is_empty() {
            break;
        }
        let action = match choose(&line.pos, &legal) {
            Some(a) => a,
            None if legal.contains(&Action::EndTurn) => Action::EndTurn,
            None => legal[0],
        };
        line.push(rules, action, meter);
    }
}

/// The [`objective_turn`] where the rules publish an objective, then the advancing turns at
/// each of the [`STANDOFFS`], each distinct turn once, while `meter` lasts (the first always):
/// a turn lists the legal actions at each of its steps, which on the largest boards is not
/// free.
pub fn advancing_turns(rules: &dyn Ruleset, pos: &Position, rng: &mut impl Rng, meter: &mut Meter) -> Vec<Line> {
    let mut out: Vec<Line> = objective_turn(rules, pos, rng, meter).into_iter().collect();
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
