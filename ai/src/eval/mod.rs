//! The evaluation: the probability that a side wins from a position, as the logistic of a
//! weighted sum of family-generic features (weights fitted from self-play, see [`crate::tune`]).

pub mod cache;
pub mod features;
pub mod objective;
pub mod weights;

use crate::budget::Meter;
use cache::ScoreCache;
use features::{extract_weighted, space};
use std::sync::Arc;
use warlord_rules::{splitmix64, EndReason, Outcome, Position, Ruleset, Side};
pub use weights::Weights;

/// Evaluates positions with a set of weights.
#[derive(Clone, Debug)]
pub struct Evaluator {
    weights: Weights,
    /// The weight of [`space`], added to the fitted features' sum (0: left out).
    space: f64,
    /// The weight of [`objective::balance`], added where the rules publish an objective.
    objective: f64,
    /// A side that plays for a win, and what a finished draw is worth to it (to the other side
    /// 1/2); without one, draws are worth 1/2 to both.
    contempt: Option<(Side, f64)>,
    /// The evaluations already made, shared by this evaluator's clones
    /// ([`Evaluator::with_cache`]); none by default.
    cache: Option<Arc<ScoreCache>>,
    /// Whether a game ended by the turn limit is judged as a game still in play
    /// ([`Evaluator::playing_past_the_limit`]); off by default.
    past_the_limit: bool,
}

impl Default for Evaluator {
    fn default() -> Evaluator {
        Evaluator::new(Weights::tuned())
    }
}

/// What a finished draw is worth to OEP, which plays for a win (its opponent is taken to value a
/// draw at 1/2, [`Evaluator::with_contempt`]): below 1/2, it does not pass into a double-pass
/// draw when it stands slightly worse. The champion values a draw lower still.
pub const PLAYING_FOR_A_WIN: f64 = 0.3;

/// Turns of at least this many moves are long: there a whole turn, not an action, is what the
/// budget lets a search judge, the evaluation adds space ([`Evaluator::for_turn`]) and OEP
/// seeds its population with advancing turns. The champion evolves its turns from fewer moves
/// ([`crate::agents::Champion::long_turn_moves`]).
pub const LONG_TURN_MOVES: u8 = 8;

/// The weight of space ([`features::space`]) when planning a long turn.
pub const LONG_TURN_SPACE: f64 = 1.0;

/// The weight of the progress towards the rules' objective ([`objective::balance`]: a
/// scenario's towns), added to the fitted features' sum wherever the rules publish one. Not
/// fitted (the self-play games it was fitted from are not town games): chosen by self-play on
/// the town scenarios (docs/AI.md, "Objectives"), where without it every game reached the
/// turn limit.
pub const OBJECTIVE_WEIGHT: f64 = 4.0;

/// How near a position still in play may come to a finished game's 0 or 1: a sigmoid of a
/// large lead rounds to 1 in floating point, and a win that only ties a position still in play
/// may be passed over.
const UNDECIDED_MARGIN: f64 = 1e-9;

/// The logistic function.
#[must_use]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The inverse of [`sigmoid`]: a probability in logits (within about ±27.6, the probability
/// kept 1e-12 from 0 and 1).
#[must_use]
pub fn logit(p: f64) -> f64 {
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    (p / (1.0 - p)).ln()
}

impl Evaluator {
    /// An evaluator with these weights.
    #[must_use]
    pub fn new(weights: Weights) -> Evaluator {
        Evaluator {
            weights,
            space: 0.0,
            objective: OBJECTIVE_WEIGHT,
            contempt: None,
            cache: None,
            past_the_limit: false,
        }
    }

    /// The same evaluator remembering its evaluations in a new, empty table that its clones
    /// share ([`cache`]): for one turn's planning, where the same positions are reached again
    /// and again. It scores every position as the evaluator without it does, bit for bit, and
    /// counts a remembered score as a node as well, so that a node budget buys the same search;
    /// a time budget buys more. Score positions of one ruleset only with it (one turn's): the
    /// key is the position's and the evaluator's, not the rules'.
    #[must_use]
    pub fn with_cache(&self) -> Evaluator {
        Evaluator { cache: Some(Arc::new(ScoreCache::default())), ..self.clone() }
    }

    /// The key of `pos` for this evaluator in a table of evaluations: the position's key mixed
    /// with every setting that changes a score (the weights, space and the objective's weight;
    /// contempt changes only finished games' worth, which is never looked up, and playing past
    /// the limit only sends the games the limit ended to the same evaluation).
    fn cache_key(&self, pos: &Position) -> u64 {
        let settings = self.weights.0.iter().chain([&self.space, &self.objective]);
        settings.fold(pos.hash(), |key, w| splitmix64(key ^ w.to_bits()))
    }

    /// The same evaluator with [`features::space`] added to the fitted features' sum at
    /// `weight` (0, the default, leaves it out and does not compute it). Not fitted and off by
    /// default: see [`Evaluator::space_weight`].
    #[must_use]
    pub fn with_space(&self, weight: f64) -> Evaluator {
        Evaluator { space: weight, ..self.clone() }
    }

    /// The same evaluator with the progress towards the rules' objective
    /// ([`objective::balance`]) weighted `weight` instead of [`OBJECTIVE_WEIGHT`] (0 leaves it
    /// out): for measuring what it is worth.
    #[must_use]
    pub fn with_objective(&self, weight: f64) -> Evaluator {
        Evaluator { objective: weight, ..self.clone() }
    }

    /// The weight of space in the evaluation (0 by default, [`LONG_TURN_SPACE`] for a long
    /// turn's planning: [`Evaluator::for_turn`]). Space is not fitted (the self-play fit
    /// dropped proximity, its nearest relative, to about zero) and it costs a breadth-first
    /// search over the board at every evaluation, so turns of a few moves, which a search
    /// judges action by action, are planned without it (docs/AI.md, "Closing in").
    #[must_use]
    pub fn space_weight(&self) -> f64 {
        self.space
    }

    /// The evaluator for planning whole turns from `pos`: this one, with space at
    /// [`LONG_TURN_SPACE`] when the turn is long ([`LONG_TURN_MOVES`]). Without it, where the
    /// armies stand apart, a whole turn that advances ten pieces evaluates as a pass does, and
    /// which of them is played is left to noise.
    #[must_use]
    pub fn for_turn(&self, pos: &Position) -> Evaluator {
        if pos.turn_cap() >= LONG_TURN_MOVES {
            self.with_space(LONG_TURN_SPACE)
        } else {
            self.clone()
        }
    }

    /// The same evaluator, valuing a finished draw at `draw` for `side` and at 1/2 for its
    /// opponent: below 1/2, `side` avoids draws (by passing twice, say). The opponent is taken
    /// to value a draw as an agent without contempt does, not at the rest (`1 - draw`): so
    /// valued, a reply played for the opponent took the draw a pass offered rather than a town
    /// that won the game, and the champion passed (docs/AI.md, "Round 21").
    #[must_use]
    pub fn with_contempt(&self, side: Side, draw: f64) -> Evaluator {
        Evaluator { contempt: Some((side, draw)), ..self.clone() }
    }

    /// The same evaluator, judging a game that the turn limit ended (rulings 16: adjudicated,
    /// not won or drawn by the rules) by its position, as a game still in play, instead of by
    /// the adjudication's result. An agent so judging plays for the rules' win up to its last
    /// turn: judged by the adjudication, every line that reaches the limit ahead on material
    /// is a won game, and the champion passed its last turn in 12 games of 100 (docs/AI.md,
    /// "Round 49"). The rules list no action in a finished game, so there the side to move's
    /// threats and mobility count nothing; every line that reaches the limit is judged alike.
    #[must_use]
    pub fn playing_past_the_limit(&self) -> Evaluator {
        Evaluator { past_the_limit: true, ..self.clone() }
    }

    /// How the game in `pos` ended, for this evaluator: none while it is in play, nor, when
    /// it plays past the limit, where the turn limit ended it.
    fn ended<'a>(&self, pos: &'a Position) -> Option<&'a Outcome> {
        pos.outcome().filter(|o| !(self.past_the_limit && o.reason == EndReason::TurnLimit))
    }

    /// What a finished draw is worth to `side`.
    fn draw_for(&self, side: Side) -> f64 {
        match self.contempt {
            Some((contemptuous, draw)) if contemptuous == side => draw,
            _ => 0.5,
        }
    }

    /// The weights in use.
    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The probability that the side to move wins (a finished game scores 1, 0 or 1/2; a game
    /// still in play strictly between 0 and 1, so that a won game is always worth more; a game
    /// the turn limit ended, when playing past it, as one still in play). One node of work.
    pub fn score(&self, rules: &dyn Ruleset, pos: &Position, meter: &mut Meter) -> f64 {
        if let Some(outcome) = self.ended(pos) {
            return match outcome.winner {
                Some(w) if w == pos.to_move() => 1.0,
                Some(_) => 0.0,
                None => self.draw_for(pos.to_move()),
            };
        }
        meter.tick();
        let Some(cache) = &self.cache else { return self.unfinished_score(rules, pos) };
        let key = self.cache_key(pos);
        cache.get(key).unwrap_or_else(|| {
            let score = self.unfinished_score(rules, pos);
            cache.insert(key, score);
            score
        })
    }

    /// [`Evaluator::score`] of a game still in play, computed.
    fn unfinished_score(&self, rules: &dyn Ruleset, pos: &Position) -> f64 {
        let plan = if self.space == 0.0 { 0.0 } else { self.space * space(pos) };
        let aim = match rules.objective() {
            Some(objective) if self.objective != 0.0 => self.objective * objective::balance(pos, objective),
            _ => 0.0,
        };
        sigmoid(self.weights.dot(&extract_weighted(rules, pos, &self.weights)) + plan + aim)
            .clamp(UNDECIDED_MARGIN, 1.0 - UNDECIDED_MARGIN)
    }

    /// The probability that `side` wins from `pos`.
    pub fn value_for(&self, rules: &dyn Ruleset, pos: &Position, side: Side, meter: &mut Meter) -> f64 {
        if self.ended(pos).is_some_and(|outcome| outcome.winner.is_none()) {
            // Each side's own worth: under contempt the two need not add up to 1.
            return self.draw_for(side);
        }
        let s = self.score(rules, pos, meter);
        if pos.to_move() == side {
            s
        } else {
            1.0 - s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use rand::{Rng, SeedableRng};
    use warlord_rules::{Action, Scenario};

    /// Chieftain Chess's rules and the positions of a random game's first `turns` turns, every
    /// action's.
    fn random_game(turns: u32) -> (std::sync::Arc<dyn Ruleset>, Vec<Position>) {
        let text = warlord_scenarios::get("chieftain").expect("shipped").text;
        let rules = Scenario::parse(text, "chieftain").expect("valid").ruleset(&[]).expect("rules");
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let mut pos = rules.start();
        let mut seen = vec![pos.clone()];
        while pos.turns_played() < turns && pos.outcome().is_none() {
            let legal = rules.legal_action_list(&pos);
            rules.play(&mut pos, legal[rng.gen_range(0..legal.len())]).expect("a listed action is legal");
            seen.push(pos.clone());
        }
        (rules, seen)
    }

    #[test]
    fn where_coverage_weighs_nothing_it_is_not_computed_and_the_weighted_sum_is_the_same() {
        let (rules, positions) = random_game(30);
        let (champion, tuned) = (Weights::champion(), Weights::tuned());
        let mut covered = 0;
        for pos in &positions {
            let legal = rules.legal_action_list(pos);
            let all = features::extract(rules.as_ref(), pos, &legal);
            let weighted = features::extract_weighted(rules.as_ref(), pos, &champion);
            assert_eq!(weighted[features::COVERAGE], 0.0);
            assert_eq!(champion.dot(&weighted).to_bits(), champion.dot(&all).to_bits());
            assert_eq!(features::extract_weighted(rules.as_ref(), pos, &tuned), all);
            covered += usize::from(all[features::COVERAGE] != 0.0);
        }
        // Coverage differed between the sides somewhere: the test compares something.
        assert!(covered > 0);
    }

    #[test]
    fn an_evaluator_that_remembers_scores_every_position_as_one_that_does_not_and_counts_each_look() {
        let (rules, positions) = random_game(30);
        assert!(positions.len() > 60);
        let plain = Evaluator::new(Weights::champion()).with_space(0.5);
        let remembering = plain.with_cache();
        // Its clones share the table; another weight of space keys its own scores.
        let (clone, other) = (remembering.clone(), remembering.with_space(0.0));
        let (mut counted, mut uncounted) =
            (Meter::start(Budget::Nodes(u64::MAX)), Meter::start(Budget::Nodes(u64::MAX)));
        let table = remembering.cache.as_ref().expect("a table");
        assert!(clone.cache.as_ref().is_some_and(|t| Arc::ptr_eq(t, table)));
        for pos in &positions {
            let expected = plain.score(rules.as_ref(), pos, &mut uncounted);
            for eval in [&remembering, &clone, &remembering] {
                assert_eq!(eval.score(rules.as_ref(), pos, &mut counted).to_bits(), expected.to_bits());
            }
            if pos.outcome().is_none() {
                // Kept, under a key of its own for each weight of space.
                assert_eq!(table.get(remembering.cache_key(pos)), Some(expected));
                assert_ne!(other.cache_key(pos), remembering.cache_key(pos));
            }
            let without_space = Evaluator::new(Weights::champion()).score(rules.as_ref(), pos, &mut uncounted);
            assert_eq!(other.score(rules.as_ref(), pos, &mut counted).to_bits(), without_space.to_bits());
        }
        // Every look is a node, found in the table or not.
        assert_eq!(counted.used(), 2 * uncounted.used());
    }

    #[test]
    fn playing_past_the_limit_a_game_the_limit_ended_is_judged_by_its_position_and_other_ends_stand() {
        // White, three infantry to Black's one, passes; Black moves (one leader: one move a
        // turn): the limit of two turns ends the game, adjudicated on material for White.
        let text = include_str!("../../tests/data/skirmish.toml")
            .replace("BOARD", "")
            .replace("RULES", "")
            .replace("POSITION", "l6L/8/8/8/8/8/8/IIIi4");
        let limit = [("turn-limit".to_string(), "2".to_string()), ("adjudication".to_string(), "material".to_string())];
        let scenario = Scenario::parse(&text, "t.toml").expect("valid");
        let rules = scenario.ruleset(&limit).expect("rules");
        let mut pos = rules.start();
        rules.play(&mut pos, Action::EndTurn).expect("White passes");
        let step =
            rules.legal_action_list(&pos).into_iter().find(|a| matches!(a, Action::Move { .. })).expect("a move");
        rules.play(&mut pos, step).expect("Black moves");
        assert_eq!(pos.outcome(), Some(&Outcome::win(Side::White, EndReason::TurnLimit)));
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let (judged, past) = (Evaluator::default(), Evaluator::default().playing_past_the_limit());
        assert_eq!(judged.value_for(rules.as_ref(), &pos, Side::White, &mut meter), 1.0);
        let ahead = past.value_for(rules.as_ref(), &pos, Side::White, &mut meter);
        assert!(0.5 < ahead && ahead < 1.0, "{ahead}");
        let behind = past.value_for(rules.as_ref(), &pos, Side::Black, &mut meter);
        assert!((ahead + behind - 1.0).abs() < 1e-12);
        // A double pass is a draw all the same.
        let unlimited = scenario.ruleset(&[]).expect("rules");
        let mut drawn = unlimited.start();
        for _ in 0..2 {
            unlimited.play(&mut drawn, Action::EndTurn).expect("a pass");
        }
        assert_eq!(drawn.outcome().map(|o| o.reason), Some(EndReason::DoublePass));
        assert_eq!(past.value_for(unlimited.as_ref(), &drawn, Side::White, &mut meter), 0.5);
    }

    #[test]
    fn logit_undoes_sigmoid_and_stays_finite_at_the_ends() {
        for x in [-12.0, -3.5, 0.0, 0.1, 7.25] {
            assert!((logit(sigmoid(x)) - x).abs() < 1e-6, "{x}");
        }
        assert!(logit(1.0).is_finite() && logit(1.0) > 27.0);
        assert!(logit(0.0).is_finite() && logit(0.0) < -27.0);
    }
}
