//! Closing in where the armies stand apart. The beam judges a short turn action by action, and
//! where nothing is in reach every action evaluates about alike, so the champion moved a piece
//! or two and waited, across a river most of all. There, space joins the evaluation and the
//! advancing turns join the candidates, as on long turns. A long turn gets space where most of
//! the side's pieces wait behind water: the few pieces that face each other at a crossing kept
//! the armies in contact, and the rest waited.

use super::stages::Stages;
use super::{Candidate, Champion};
use crate::advance::advancing_turns;
use crate::budget::Meter;
use crate::eval::Evaluator;
use crate::turn::Line;
use crate::walking;
use rand::SeedableRng;
use warlord_rules::{Position, Ruleset};

/// The weight of space ([`crate::eval::features::space`]) when a short turn is planned with the
/// armies apart: as on long turns ([`crate::eval::LONG_TURN_SPACE`]).
pub const APART_SPACE: f64 = crate::eval::LONG_TURN_SPACE;

impl Champion {
    /// Whether the armies stand apart in `pos`: every piece of the side to move more than
    /// [`Champion::apart_steps`] walking steps ([`walking::contact`]) from every enemy piece,
    /// and no capture among its legal actions (a gun may reach further than a walk).
    pub(super) fn armies_apart(&self, rules: &dyn Ruleset, pos: &Position) -> bool {
        walking::contact(pos).is_some_and(|steps| steps > self.apart_steps)
            && rules.capturing_actions(pos, &rules.legal_action_list(pos)).is_empty()
    }

    /// Whether most of the side to move's pieces stand apart in `pos`: more than half of them
    /// more than [`Champion::apart_steps`] walking steps from every enemy piece (or where no
    /// walk reaches one). Behind water a long turn is then planned with space
    /// ([`Champion::waits_behind_water`]): the evaluation of a turn that moves the waiting
    /// pieces up is otherwise flat.
    pub(super) fn mostly_apart(&self, pos: &Position) -> bool {
        let steps = walking::steps_to_enemy(pos);
        let apart = steps.iter().filter(|s| s.is_none_or(|steps| steps > self.apart_steps)).count();
        2 * apart > steps.len()
    }

    /// Whether the side to move stands behind water in `pos`, where a long turn is planned with
    /// space: the board has water ([`walking::has_barriers`]), most of the side's pieces stand
    /// apart ([`Champion::mostly_apart`]), and the rules publish no objective to march on. The
    /// few pieces that face each other at a crossing kept the armies in contact, and the rest
    /// waited. On open ground the armies meet within a few turns without it (there space drew
    /// pieces into the enemy's reach), and where towns are to be taken their balance leads the
    /// way (docs/AI.md, "Round 27").
    pub(super) fn waits_behind_water(&self, rules: &dyn Ruleset, pos: &Position) -> bool {
        walking::has_barriers(pos.board()) && rules.objective().is_none() && self.mostly_apart(pos)
    }

    /// The evaluation a turn from `pos` is planned with: the champion's, with its contempt for a
    /// draw, playing past the turn limit ([`Evaluator::playing_past_the_limit`]), and space
    /// ([`APART_SPACE`]) on a short turn where the armies stand `apart`
    /// ([`Champion::armies_apart`]) or on a long turn that stands behind water
    /// ([`Champion::waits_behind_water`]); remembering its evaluations for the turn where
    /// [`Champion::remember`] is on.
    pub(super) fn turn_evaluator(
        &self,
        rules: &dyn Ruleset,
        pos: &Position,
        stages: &Stages,
        apart: bool,
    ) -> Evaluator {
        let mut eval = self.eval.with_contempt(pos.to_move(), self.draw_value).playing_past_the_limit();
        if apart || (stages.long && self.waits_behind_water(rules, pos)) {
            eval = eval.with_space(APART_SPACE);
        }
        if self.remember {
            eval = eval.with_cache();
        }
        eval
    }

    /// `beam` with the finished advancing turns from `pos` that it lacks, each valued by `eval`,
    /// best first again. They count against `meter`, the beam's.
    pub(super) fn with_advancing_turns(
        eval: &Evaluator,
        rules: &dyn Ruleset,
        pos: &Position,
        mut beam: Vec<Candidate>,
        meter: &mut Meter,
        seed: u64,
    ) -> Vec<Candidate> {
        let me = pos.to_move();
        for line in advancing_lines(rules, pos, seed, meter) {
            if line.done && !beam.iter().any(|c| c.line.pos.hash() == line.pos.hash()) {
                let value = eval.value_for(rules, &line.pos, me, meter);
                beam.push(Candidate { line, value });
            }
        }
        beam.sort_by(|a, b| b.value.total_cmp(&a.value));
        beam
    }
}

/// Mixed into the seed of the advancing turns' tie-breaks.
const ADVANCING_SEED: u64 = 0xadfa_ce00;

/// The advancing turns from `pos` ([`advancing_turns`]) while `meter` lasts, their tie-breaks
/// drawn from the turn's `seed`: candidates of short turns with the armies apart, and seeds of
/// long turns' evolution.
pub(super) fn advancing_lines(rules: &dyn Ruleset, pos: &Position, seed: u64, meter: &mut Meter) -> Vec<Line> {
    advancing_turns(rules, pos, &mut rand::rngs::StdRng::seed_from_u64(seed ^ ADVANCING_SEED), meter)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::skirmish_with;
    use super::*;
    use crate::agent::Agent;
    use crate::walking::Steps;
    use warlord_rules::Side;

    /// A wall of water across ranks 4 and 5, open only on file a.
    const RIVER: &str =
        r#"map = ["........", "........", "........", ".~~~~~~~", ".~~~~~~~", "........", "........", "........"]"#;

    #[test]
    fn armies_across_a_river_stand_apart_though_near_as_the_crow_flies() {
        let (rules, pos) = skirmish_with("7l/8/7i/8/8/7I/8/7L", RIVER, "");
        assert_eq!(pos.board().distance("h3".parse().expect("sq"), "h6".parse().expect("sq")), 3);
        let champion = Champion::default();
        assert!(champion.armies_apart(rules.as_ref(), &pos));
        let (rules, open) = skirmish_with("7l/8/7i/8/8/7I/8/7L", "", "");
        assert!(!champion.armies_apart(rules.as_ref(), &open));
    }

    /// Black to move, four leaders a side (a long turn of four moves), the river between; the
    /// infantry face each other across the crossing on file a, three steps apart.
    const AT_THE_CROSSING: &str = "8/8/i3llll/8/8/I3LLLL/8/8";

    #[test]
    fn across_a_river_most_pieces_stand_apart_while_two_face_each_other_at_the_crossing() {
        let champion = Champion::default();
        let (rules, pos) = skirmish_with(AT_THE_CROSSING, RIVER, "");
        // The infantry stand within reach: the armies are not apart, but four of Black's five
        // pieces are (the leaders walk six steps round the water).
        assert!(!champion.armies_apart(rules.as_ref(), &pos));
        assert!(champion.mostly_apart(&pos));
        // On open ground the leaders stand three squares apart.
        let (_, open) = skirmish_with(AT_THE_CROSSING, "", "");
        assert!(!champion.mostly_apart(&open));
    }

    #[test]
    fn a_long_turn_weighs_space_where_most_pieces_wait_behind_water() {
        let champion = Champion::default();
        let (rules, river) = skirmish_with(AT_THE_CROSSING, RIVER, "");
        let long = Stages::for_turn(&champion, &river);
        assert!(long.long);
        assert_eq!(champion.turn_evaluator(rules.as_ref(), &river, &long, false).space_weight(), APART_SPACE);
        let (rules, open) = skirmish_with(AT_THE_CROSSING, "", "");
        assert_eq!(champion.turn_evaluator(rules.as_ref(), &open, &long, false).space_weight(), 0.0);
        // On open ground, without water, not even where most pieces stand apart.
        let (rules, far) = skirmish_with("4llll/i7/8/8/8/8/8/I3LLLL", "", "");
        assert!(champion.mostly_apart(&far));
        assert_eq!(champion.turn_evaluator(rules.as_ref(), &far, &long, false).space_weight(), 0.0);
        // A short turn weighs it only where every piece stands apart.
        let (rules, short) = skirmish_with("8/8/i4lll/8/8/I4LLL/8/8", RIVER, "");
        let stages = Stages::for_turn(&champion, &short);
        assert!(!stages.long);
        assert_eq!(champion.turn_evaluator(rules.as_ref(), &short, &stages, false).space_weight(), 0.0);
        assert_eq!(champion.turn_evaluator(rules.as_ref(), &short, &stages, true).space_weight(), APART_SPACE);
    }

    #[test]
    fn across_a_river_the_champion_spends_its_turn_heading_for_the_crossing() {
        // Black to move, two leaders a side (two moves a turn), the river between.
        let (rules, pos) = skirmish_with("6ll/8/7i/8/8/7I/8/6LL", RIVER, "");
        let gap = |p: &Position| {
            let white = Steps::from_army(p, Side::White);
            p.pieces(Side::Black).filter_map(|(sq, _)| white.to(sq)).min().expect("a walk")
        };
        for seed in 1..=3 {
            let turn = Champion::default().plan_turn(rules.as_ref(), &pos, crate::Budget::Nodes(20_000), seed);
            let mut after = pos.clone();
            for &action in &turn {
                rules.play(&mut after, action).unwrap_or_else(|e| panic!("{action:?}: {e}"));
            }
            // The turn closes in by two steps or more: without closing in, it moved one leader
            // and ended its turn.
            assert!(gap(&after) + 2 <= gap(&pos), "seed {seed}: {turn:?}");
        }
    }
}
