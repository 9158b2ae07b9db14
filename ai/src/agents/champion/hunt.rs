//! The hunt for the last enemy leaders: where the enemy has little left but its leaders, they
//! flee, and a turn that the opponent's greedy reply would answer by losing a leader is
//! answered by an escape the greedy reply does not find. There the champion's turns are short
//! (a turn has no more moves than its leaders) and every candidate's greedy reply is examined
//! within part of the budget (played on from the 31 positions of docs/AI.md's "Round 29", a
//! game's median think time was 6 to 95 ms of 100, 42 ms in the median game), so the rest buys
//! the second look ([`Champion::deepen`]) against the opponent's strongest replies.

use super::{Champion, Looks};
use warlord_rules::{Position, Ruleset, Side};

/// A side hunts when its troops (the pieces that are not leaders) are worth at least this
/// many times the enemy's.
pub const HUNT_RATIO: u32 = 3;

impl Champion {
    /// What the choice between the candidates of the turn from `pos` looks at beyond the
    /// greedy replies: the second look always with [`Champion::deepen`], else where its side
    /// hunts ([`hunts`]) and [`Champion::deepen_to_hunt`] is on; the plan for when the opponent
    /// waits (`plan.rs`) where it hunts and [`Champion::plan_to_hunt`] is on.
    pub(super) fn looks(&self, rules: &dyn Ruleset, pos: &Position) -> Looks {
        let hunting = hunts(rules, pos, pos.to_move());
        Looks { second: self.deepen || (self.deepen_to_hunt && hunting), plan: self.plan_to_hunt && hunting }
    }
}

/// Whether `hunter` hunts the enemy's leaders in `pos`: the enemy has leaders, `hunter` has
/// troops, and they are worth at least [`HUNT_RATIO`] times the enemy's (by the piece table's
/// values).
#[must_use]
pub fn hunts(rules: &dyn Ruleset, pos: &Position, hunter: Side) -> bool {
    let army = |side: Side| -> (u32, bool) {
        let (mut troops, mut leaders) = (0, false);
        for (_, p) in pos.pieces(side) {
            let kind = rules.pieces().get(p.kind);
            if kind.is_leader() {
                leaders = true;
            } else {
                troops += kind.value;
            }
        }
        (troops, leaders)
    };
    let ((mine, _), (theirs, they_lead)) = (army(hunter), army(hunter.opponent()));
    they_lead && mine > 0 && mine >= HUNT_RATIO * theirs
}

#[cfg(test)]
mod tests {
    use super::super::test_support::skirmish;
    use super::*;

    /// Whether Black, to move in a skirmish position, hunts, and whether White would.
    fn hunting(position: &str) -> (bool, bool) {
        let (rules, pos) = skirmish(position);
        (hunts(rules.as_ref(), &pos, Side::Black), hunts(rules.as_ref(), &pos, Side::White))
    }

    #[test]
    fn a_side_hunts_where_the_enemy_has_little_left_but_its_leaders() {
        // White's lone leader against two Black leaders and three infantry.
        assert_eq!(hunting("7L/8/8/8/8/8/ll6/iii5"), (true, false));
        // One White infantry: three times its worth is still Black's.
        assert_eq!(hunting("6IL/8/8/8/8/8/ll6/iii5"), (true, false));
        // Two are more than a third.
        assert_eq!(hunting("5IIL/8/8/8/8/8/ll6/iii5"), (false, false));
        // No enemy leader left to hunt, or no troops to hunt with.
        assert_eq!(hunting("7I/8/8/8/8/8/ll6/iii5"), (false, false));
        assert_eq!(hunting("7L/8/8/8/8/8/ll6/8"), (false, false));
    }

    #[test]
    fn the_champion_takes_its_second_look_and_plans_where_it_hunts() {
        let (rules, hunt) = skirmish("7L/8/8/8/8/8/ll6/iii5");
        let (_, even) = skirmish("6IL/7I/8/8/8/8/ll6/iii5");
        let looks = |champion: &Champion, pos: &Position| {
            let l = champion.looks(rules.as_ref(), pos);
            (l.second, l.plan)
        };
        let champion = Champion::default();
        assert_eq!(looks(&champion, &hunt), (true, true));
        assert_eq!(looks(&champion, &even), (false, false));
        let no_second = Champion { deepen_to_hunt: false, ..Champion::default() };
        assert_eq!(looks(&no_second, &hunt), (false, true));
        let no_plan = Champion { plan_to_hunt: false, ..Champion::default() };
        assert_eq!(looks(&no_plan, &hunt), (true, false));
        // `champion-deep` looks a second time everywhere, and plans only where it hunts.
        assert_eq!(looks(&Champion::deep(crate::eval::Evaluator::default()), &even), (true, false));
    }
}
