//! Hunting when ahead: how much of a side's force stands ready to strike at the enemy leaders.
//!
//! A side that leads on material wins by the rules only by taking the enemy leaders, and its
//! pieces act only within command range of its own leaders: pieces far up the board with their
//! leaders at home cannot move at all. The hunt counts, for each own piece that does not
//! command, how near it stands to the nearest enemy leader, times how ready it is to be
//! activated (1 within command range of an own commander, falling to 0 at twice the range), so
//! that leaders gain by walking up to their pieces and pieces by closing in under command.

use warlord_rules::{Position, Ruleset, Side, Square};

/// How ready a piece `distance` steps from its nearest commander of range `range` is to be
/// activated: 1 within range, falling linearly to 0 at twice the range.
fn readiness(distance: u32, range: u32) -> f64 {
    if distance <= range {
        1.0
    } else {
        (1.0 - f64::from(distance - range) / f64::from(range.max(1))).max(0.0)
    }
}

/// The hunt of `side` in `pos`, between 0 and 1: the mean, over its pieces that do not command
/// others, of their readiness to be activated times their nearness to the nearest enemy leader
/// (1 on top of it, 0 a board's length away). 0 when either side has none of those pieces.
#[must_use]
pub fn hunt(rules: &dyn Ruleset, pos: &Position, side: Side) -> f64 {
    let geometry = pos.board().geometry();
    let board = pos.board();
    let span = f64::from(board.files().max(board.ranks()).max(1));
    let mut commanders: Vec<(Square, u32)> = Vec::new();
    let mut others: Vec<Square> = Vec::new();
    for (sq, p) in pos.pieces(side) {
        match rules.pieces().get(p.kind).command.filter(|c| c.others && c.capacity > 0) {
            Some(c) => commanders.push((sq, u32::from(c.range))),
            None => others.push(sq),
        }
    }
    let targets: Vec<Square> =
        pos.pieces(side.opponent()).filter(|(_, p)| rules.pieces().get(p.kind).is_leader()).map(|(sq, _)| sq).collect();
    if others.is_empty() || targets.is_empty() || commanders.is_empty() {
        return 0.0;
    }
    let total: f64 = others
        .iter()
        .map(|&sq| {
            let ready = commanders.iter().map(|&(c, r)| readiness(geometry.distance(c, sq), r)).fold(0.0, f64::max);
            let nearest = targets.iter().map(|&t| geometry.distance(t, sq)).min().unwrap_or(0);
            ready * (1.0 - f64::from(nearest) / span).max(0.0)
        })
        .sum();
    total / others.len() as f64
}

/// The share of the material on the board by which `side` leads (negative when it trails).
#[must_use]
pub fn material_lead(rules: &dyn Ruleset, pos: &Position, side: Side) -> f64 {
    let material = |s: Side| -> f64 { pos.pieces(s).map(|(_, p)| f64::from(rules.pieces().get(p.kind).value)).sum() };
    let (own, enemy) = (material(side), material(side.opponent()));
    (own - enemy) / (own + enemy).max(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use warlord_rules::Scenario;

    fn board(position: &str) -> (Arc<dyn Ruleset>, Position) {
        let text = format!(
            "name = \"t\"\nfamily = \"warlord\"\n[board]\nfiles = 12\nranks = 12\n[rules]\nmoves-per-turn = 4\n\
             [[pieces]]\nlike = \"leader\"\n[[pieces]]\nlike = \"infantry\"\n[setup]\nposition = \"{position}\"\n"
        );
        let rules = Scenario::parse(&text, "t.toml").expect("valid").ruleset(&[]).expect("rules");
        let pos = rules.start();
        (rules, pos)
    }

    #[test]
    fn pieces_out_of_command_do_not_hunt_and_a_leader_that_joins_them_does() {
        // White's infantry stands near Black's leader; White's leader is far behind, then with it.
        let (rules, far) = board("l11/12/1I10/12/12/12/12/12/12/12/12/11L");
        let (_, near) = board("l11/12/1I10/2L9/12/12/12/12/12/12/12/12");
        assert_eq!(hunt(rules.as_ref(), &far, Side::White), 0.0);
        assert!(hunt(rules.as_ref(), &near, Side::White) > 0.7);
    }

    #[test]
    fn nearer_the_enemy_leader_hunts_more() {
        let (rules, back) = board("l11/12/12/12/12/12/12/12/12/12/I11/L11");
        let (_, forward) = board("l11/12/12/12/12/12/I11/L11/12/12/12/12");
        assert!(hunt(rules.as_ref(), &forward, Side::White) > hunt(rules.as_ref(), &back, Side::White));
    }

    #[test]
    fn the_lead_is_a_share_of_the_material() {
        let (rules, pos) = board("l11/12/12/12/12/12/12/12/12/12/I11/L11");
        // White 5 + 1, Black 5.
        assert!((material_lead(rules.as_ref(), &pos, Side::White) - 1.0 / 11.0).abs() < 1e-12);
        assert!((material_lead(rules.as_ref(), &pos, Side::Black) + 1.0 / 11.0).abs() < 1e-12);
    }
}
