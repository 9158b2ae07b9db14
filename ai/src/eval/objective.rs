//! Progress towards a victory by holding squares ([`Objective`]: a scenario's towns).
//!
//! Material and leaders say nothing of towns, so an evaluation without this term plays a town
//! scenario as a battle and reaches the turn limit. A side's progress counts, for the squares
//! it is best placed on (as many as it needs), 1 for a square it holds and, for one it does
//! not, a share that grows as its nearest piece comes nearer, over a distance that grows with
//! the board.

use warlord_rules::{Geometry, Objective, Position, Side, Square};

/// How far (in steps) a piece stands from a square when approaching it is worth half of what
/// standing next to it is, at least: on a board whose longer side is more than 24 squares, a
/// sixth of that side, so that a march from afar still gains at every step.
const APPROACH_SCALE: f64 = 4.0;

/// The board's longer side over the approach scale, on large boards.
const BOARD_PER_APPROACH_SCALE: f64 = 6.0;

/// What approaching a square is worth at most, against 1 for holding it.
const APPROACH_SHARE: f64 = 0.5;

/// The progress of `side` towards `objective` in `pos`, between 0 and 1: the mean, over the
/// `needed` squares where it stands best, of 1 for a square it holds, else
/// `APPROACH_SHARE` × `s / (s + d - 1)` for its nearest piece `d` steps away (`s`: the
/// approach scale, `APPROACH_SCALE` or more on large boards). A square the enemy holds
/// counts as one not held.
#[must_use]
pub fn progress(pos: &Position, objective: &Objective, side: Side) -> f64 {
    let needed = objective.needed.max(1) as usize;
    let board = pos.board();
    let geometry = board.geometry();
    let scale = APPROACH_SCALE.max(f64::from(board.files().max(board.ranks())) / BOARD_PER_APPROACH_SCALE);
    let pieces: Vec<Square> = pos.pieces(side).map(|(sq, _)| sq).collect();
    let mut scores: Vec<f64> = objective
        .squares
        .iter()
        .map(|&sq| if objective.holds(pos, sq, side) { 1.0 } else { approach(&geometry, &pieces, sq, scale) })
        .collect();
    scores.sort_by(|a, b| b.total_cmp(a));
    scores.iter().take(needed).sum::<f64>() / needed as f64
}

/// What a square not held is worth to a side with `pieces`: the approach of its nearest piece,
/// at `scale`.
fn approach(geometry: &Geometry, pieces: &[Square], sq: Square, scale: f64) -> f64 {
    let Some(d) = pieces.iter().map(|&p| geometry.distance(p, sq)).min() else { return 0.0 };
    APPROACH_SHARE * scale / (scale + f64::from(d.max(1) - 1))
}

/// The side to move's progress minus its opponent's, between -1 and 1.
#[must_use]
pub fn balance(pos: &Position, objective: &Objective) -> f64 {
    let me = pos.to_move();
    progress(pos, objective, me) - progress(pos, objective, me.opponent())
}
