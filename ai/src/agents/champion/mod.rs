//! The champion: candidate turns of its own, then the opponent's reply to each, choosing the
//! turn whose position after the reply is best. docs/AI.md explains each stage and why.
//!
//! - [`stages`]: the stages of a turn and their shares of the budget, by the turn's length.
//! - [`closing`]: where the armies stand apart: space and the advancing turns on short turns,
//!   space on long turns where most pieces wait behind water.
//! - [`beam`]: candidate turns from a diverse beam search over one's own turn.
//! - [`islands`]: long turns' candidates evolved by OEP on islands seeded by the beam.
//! - [`offers`]: a turn after which the opponent's pass ends the game is worth that end.
//! - [`spread`]: the order candidates are examined in, different ideas first.
//! - [`replies`]: the value of candidates after a reply, examined in batches under a budget.
//! - [`capture_reply`]: the exchange of captures (the opponent's, then one's own) that ranks long
//!   turns' candidates.
//! - [`flee`]: the opponent's capture reply judges its captures where its turn would end, and
//!   its leaders in reach flee before it ends; the leaders an exchange costs count against a
//!   candidate.
//! - [`opened`]: the strikes a commander's move opens, which the opponent's capture reply plays.
//! - [`mend`]: long turns' best-ranked candidates mended against the strikes of their capture reply.
//! - [`greedy_reply`]: the choice, by the opponent's greedy turn and one's own greedy follow-up.
//! - [`deepen`]: a second look at the best candidates, against the opponent's strongest replies.
//! - [`hunt`]: where the enemy has little left but its leaders, the second look is taken.
//! - [`plan`]: there, a candidate nearly as good whose plan for when the opponent waits ends
//!   better is played instead.

mod beam;
mod capture_reply;
mod closing;
mod deepen;
mod flee;
mod greedy_reply;
mod hunt;
mod islands;
mod mend;
mod offers;
mod opened;
mod plan;
mod replies;
mod spread;
mod stages;
#[cfg(test)]
mod test_support;

use crate::agent::Agent;
use crate::budget::{Budget, Meter};
use crate::eval::{Evaluator, Weights};
use crate::turn::Line;
use stages::Stages;
use std::time::Instant;
use warlord_rules::{Action, Position, Ruleset, Side};

/// Plans in two phases (and, if asked, a second look), all run on every core with rayon:
///
/// 1. **Candidates.** A beam search over the actions of its own turn: at each depth every
///    action of every kept partial turn is played and evaluated; finished turns become
///    candidates, the best unfinished ones (distinct positions, at most a quarter of the beam
///    from one parent or ending with one action) are kept. The width adapts to the budget.
///    Long turns ([`Champion::long_turn_moves`] moves or more) give the beam a small share: its
///    best turns seed OEP, which evolves turns on two islands at once (one per core), and the
///    islands' turns come first (each worth no more than the end it offers, as the beam's
///    are: `offers.rs`).
///    On a short turn with the armies apart, space weighs in and the advancing turns join the
///    candidates; on a long turn, space weighs in where most pieces wait behind water
///    (`closing.rs`).
/// 2. **Replies.** For the candidates in an order that puts different ideas first, the
///    opponent's reply is played out with the same evaluation; a candidate is worth the
///    evaluation of the position after it. This is what sees that a leader left en prise dies
///    next turn. The reply is a greedy turn followed by its own greedy follow-up. On long
///    turns, where a greedy turn evaluates hundreds of actions at each of many steps, every
///    candidate is first ranked after an exchange of captures alone (the opponent's, then one's
///    own); the best-ranked are mended, one after another, against the strikes of the
///    opponent's captures there (`mend.rs`), and the greedy replies are examined in that order
///    while the budget lasts.
/// 3. **A second look** (off by default, the field `deepen`). With budget left once every
///    candidate's greedy reply is examined, the best candidates are played out again against
///    the opponent's strongest replies (the best turns of its own beam search), so that a
///    larger budget changes the play; it was not measured to play better (docs/AI.md, "Levels").
///    Where the champion hunts (`hunt.rs`) it is taken, and a candidate nearly as good whose
///    plan for when the opponent waits ends better is played instead (`plan.rs`).
///
/// Under a node budget the work is split in fixed shares and merged in order, so the same seed
/// and budget give the same turn on any number of cores.
#[derive(Clone, Debug)]
pub struct Champion {
    eval: Evaluator,
    /// The widest beam of phase 1.
    pub max_beam: usize,
    /// The most candidates whose replies are examined.
    pub max_candidates: usize,
    /// Share of the budget for phase 1 on short turns.
    pub candidate_share: f64,
    /// What a finished draw is worth to the champion (0.1 by default, less than to OEP: it takes a
    /// draw only where it judges itself nearly lost; its opponent is taken to value a draw at
    /// 1/2, [`Evaluator::with_contempt`]).
    pub draw_value: f64,
    /// Turns of at least this many moves are long (4 by default, `EVOLVED_TURN_MOVES`): there
    /// the beam is only a partial turn or two wide, and evolution finds turns that move many
    /// pieces together.
    pub long_turn_moves: u8,
    /// Share of the budget for the beam on long turns.
    pub long_beam_share: f64,
    /// Share of the budget for evolution on long turns (after the beam's).
    pub evolve_share: f64,
    /// Whether the budget left once the greedy replies are examined buys a second look at the
    /// best candidates, against the opponent's strongest replies. Off by default: a larger
    /// budget then changes the play on small boards, but it was not measured to play better,
    /// and it spends the whole time budget where the champion used to finish early.
    pub deepen: bool,
    /// Whether the second look is taken, though the field `deepen` is off, where the
    /// champion hunts the enemy's last leaders (`hunt.rs`: its troops worth three times the
    /// enemy's). On by default: there the greedy replies leave most of the budget, and the
    /// leaders escape by replies greedy does not find (docs/AI.md, "Round 29").
    pub deepen_to_hunt: bool,
    /// Whether, where the champion hunts (`hunt.rs`), a candidate nearly as good as the best
    /// after the replies is played instead when its plan for when the opponent waits (the
    /// champion's greedy turns, the opponent passing) ends better (`plan.rs`). On by default:
    /// there the candidates' values barely differ, and the tie-break shuffled leaders while the
    /// opponent passed (docs/AI.md, "Round 36").
    pub plan_to_hunt: bool,
    /// A short turn whose side stands more than this many walking steps from every enemy piece
    /// (and can capture nothing) is planned for closing in: space weighs in the evaluation and
    /// the advancing turns are candidates (`closing.rs`).
    pub apart_steps: u32,
    /// How far the champion looks beyond its own turn before choosing ([`Look`]): the whole
    /// champion looks at the opponent's greedy reply; the lower levels look less.
    pub look: Look,
    /// Whether a turn's evaluations are remembered while it is planned
    /// ([`Evaluator::with_cache`]), so that a position reached again is not evaluated again.
    /// On by default: the same turns under a node budget, more search in a time budget
    /// (docs/BENCHMARKS.md, "The evaluations of a turn remembered").
    pub remember: bool,
}

/// How far a champion looks beyond its own turn: the knob that makes the levels between OEP and
/// the whole champion (docs/AI.md, "Levels"). The champion's strength comes from judging its
/// candidates after the opponent's reply; more time buys it little.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// The exchange of captures each candidate starts (`capture_reply.rs`: the opponent's
    /// captures, then its own); the best after it is played, with no greedy reply.
    Captures,
    /// The same, and on long turns the best-ranked candidates mended against the strikes of
    /// that exchange (`mend.rs`) before the best is played; still no greedy reply.
    Mended,
    /// Every stage: the capture exchange, mending, the greedy replies and, where it hunts, the
    /// second look (the default).
    Replies,
}

impl Default for Champion {
    fn default() -> Champion {
        Champion::new(Evaluator::new(Weights::champion()))
    }
}

/// The champion's [`Champion::apart_steps`]: a step further than most pieces reach in a move,
/// so that armies in contact are planned as before (docs/AI.md, "Closing in").
pub const APART_STEPS: u32 = 4;

/// The champion's [`Champion::long_turn_moves`]: the turns of the 16x12 battle boards (4 to 6
/// moves, the cap of moves by leaders while it holds) are planned as long ones, by evolution
/// seeded by the beam, the capture exchange and mending. Evolution finds the turns a chain of
/// commands makes (a leader sent within range of a piece that then strikes), which a beam
/// judging one action at a time ranks low until their last step. Until "Round 26" of
/// docs/AI.md the bound was 8, that of [`crate::eval::LONG_TURN_MOVES`] (from which the
/// evaluation adds space and OEP seeds its population with advancing turns, both still from 8),
/// and those turns were planned by the beam alone.
pub const EVOLVED_TURN_MOVES: u8 = 4;

/// The champion's [`Champion::draw_value`]: lower than what a draw is worth to OEP
/// ([`crate::eval::PLAYING_FOR_A_WIN`], 0.3), so that the champion takes a draw the opponent
/// offers only where it judges itself nearly lost. The evaluation is fitted to greedy self-play
/// and judges the champion's chances below what it wins: on The Valley War greedy passed and the
/// champion, judging its turns at 0.27-0.29 against a draw at 0.3, passed back in positions from
/// which it wins most games (docs/AI.md, "Round 21").
const DRAW_VALUE: f64 = 0.1;

/// What the choice between candidates looks at beyond the greedy replies
/// ([`Champion::looks`]).
#[derive(Clone, Copy, Debug)]
struct Looks {
    /// The second look against the opponent's strongest replies (`deepen.rs`).
    second: bool,
    /// The plan for when the opponent waits (`plan.rs`).
    plan: bool,
}

/// A finished turn of one's own, worth `value` before the reply.
struct Candidate {
    line: Line,
    value: f64,
}

/// One turn's planning: what its stages share.
#[derive(Clone, Copy)]
struct Planning<'a> {
    /// The evaluation the turn is planned with ([`Champion::turn_evaluator`]).
    eval: &'a Evaluator,
    /// The rules.
    rules: &'a dyn Ruleset,
    /// The position the turn starts from.
    pos: &'a Position,
    /// The turn's whole budget.
    budget: Budget,
    /// When the turn's planning started: a time budget runs from it.
    start: Instant,
    /// The turn's seed.
    seed: u64,
}

impl Planning<'_> {
    /// The side whose turn it is.
    fn me(&self) -> Side {
        self.pos.to_move()
    }
}

impl Champion {
    /// A champion with an evaluator.
    #[must_use]
    pub fn new(eval: Evaluator) -> Champion {
        Champion {
            eval,
            max_beam: 16,
            max_candidates: 64,
            candidate_share: 0.4,
            draw_value: DRAW_VALUE,
            long_turn_moves: EVOLVED_TURN_MOVES,
            long_beam_share: 0.1,
            evolve_share: 0.55,
            deepen: false,
            deepen_to_hunt: true,
            plan_to_hunt: true,
            apart_steps: APART_STEPS,
            look: Look::Replies,
            remember: true,
        }
    }

    /// A champion that looks no further than `look`, with an evaluator (the agents
    /// `champion-captures` and `champion-mended`).
    #[must_use]
    pub fn looking(look: Look, eval: Evaluator) -> Champion {
        Champion { look, ..Champion::new(eval) }
    }

    /// The champion with its second look on (the agent `champion-deep`), with an evaluator.
    #[must_use]
    pub fn deep(eval: Evaluator) -> Champion {
        Champion { deepen: true, ..Champion::new(eval) }
    }
}

impl Agent for Champion {
    fn name(&self) -> String {
        match (self.look, self.deepen) {
            (Look::Captures, _) => "champion-captures",
            (Look::Mended, _) => "champion-mended",
            (Look::Replies, true) => "champion-deep",
            (Look::Replies, false) => "champion",
        }
        .into()
    }

    fn plan_turn(&self, rules: &dyn Ruleset, pos: &Position, budget: Budget, seed: u64) -> Vec<Action> {
        let start = Instant::now();
        let me = pos.to_move();
        let stages = Stages::for_turn(self, pos);
        let apart = !stages.long && self.armies_apart(rules, pos);
        let eval = self.turn_evaluator(rules, pos, &stages, apart);
        let turn = Planning { eval: &eval, rules, pos, budget, start, seed };
        // Under a node budget each stage gets its share, at most what the stages before left
        // (`used`), so that the turn stays within its budget.
        let mut beam_meter = Meter::until(stages.beam(budget), start);
        let mut beam = self.beam_candidates(&eval, rules, pos, &mut beam_meter, budget, start);
        if apart {
            beam = Champion::with_advancing_turns(&eval, rules, pos, beam, &mut beam_meter, seed);
        }
        let beam = offers::cap_offers(&eval, rules, me, beam, &mut beam_meter);
        let mut used = beam_meter.used();
        let mut cands = spread::spread(beam, self.max_candidates);
        if self.look != Look::Replies && !stages.long {
            // Below the whole champion a short turn (which nothing mends) is the best after the
            // capture exchange.
            return first(self.rank_by_captures(&turn, cands, stages.greedy_replies(budget, used)).0);
        }
        if stages.long {
            // The beam's best turns seed evolution; the capture exchange ranks every candidate,
            // and the greedy replies below are examined in that order.
            // Advancing turns seed it too: where the armies stand apart and few turns fit the
            // budget, they are what closes in.
            let mut advancing_meter = Meter::until(stages.advancing(budget, used), start);
            let advancing: Vec<Vec<Action>> = closing::advancing_lines(rules, pos, seed, &mut advancing_meter)
                .into_iter()
                .map(|l| l.actions)
                .collect();
            used += advancing_meter.used();
            let (evolved, evolving) = self.evolve_on_islands(&turn, &cands, &advancing, &stages, used);
            used += evolving;
            let examined = offers::evolved_first(&eval, rules, me, evolved, cands);
            let (ranked, values, ranking) =
                self.rank_by_captures(&turn, examined, stages.capture_replies(budget, used));
            if self.look == Look::Captures {
                return first(ranked);
            }
            used += ranking;
            let mending;
            (cands, mending) = self.mend(&turn, ranked, &values, stages.mend(budget, used));
            if self.look == Look::Mended {
                return first(cands);
            }
            used += mending;
        }
        let looks = self.looks(rules, pos);
        self.choose_by_greedy_replies(&turn, cands, looks, stages.greedy_replies(budget, used))
    }
}

/// The first candidate (no turn when there is none).
fn first(cands: Vec<Candidate>) -> Vec<Action> {
    cands.into_iter().next().map(|c| c.line.actions).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::test_support::skirmish;
    use super::*;
    use crate::budget::Meter;

    /// Black's value of a quiet skirmish position: three infantry on a1-c1, two leaders (beside
    /// them on a2 and b2, or on g1 and h1, beyond their command range of 3), White's lone leader
    /// far off on h8.
    fn quiet(eval: &Evaluator, position: &str) -> f64 {
        let (rules, pos) = skirmish(position);
        eval.score(rules.as_ref(), &pos, &mut Meter::start(Budget::Nodes(u64::MAX)))
    }

    #[test]
    fn the_champion_values_its_leaders_beside_their_troops_above_leaders_walked_away() {
        let (beside, away) = ("7L/8/8/8/8/8/ll6/iii5", "7L/8/8/8/8/8/8/iii3ll");
        let champion = Champion::default().eval;
        assert!(quiet(&champion, beside) > quiet(&champion, away));
        // The fitted weights, coverage and all, rank them the other way round (Round 28).
        let fitted = Evaluator::default();
        assert!(quiet(&fitted, beside) < quiet(&fitted, away));
    }

    #[test]
    fn under_a_node_budget_the_champion_plays_the_same_turns_remembering_its_evaluations_or_not() {
        // A short turn (three leaders), a long one (four), and a hunt (the second look and the
        // plan): every stage's evaluations go through the table.
        let forgetting = Champion { remember: false, ..Champion::default() };
        for position in ["lll5/8/8/3i4/4I3/8/8/LLL2III", "llll4/8/2i5/3i4/4I3/5I2/8/LLLL2II", "7l/8/8/8/8/8/ll6/iii5"] {
            let (rules, pos) = skirmish(position);
            for seed in [1, 2] {
                let turn = |c: &Champion| c.plan_turn(rules.as_ref(), &pos, Budget::Nodes(4000), seed);
                assert_eq!(turn(&Champion::default()), turn(&forgetting), "{position}, seed {seed}");
            }
        }
    }

    #[test]
    fn the_champion_by_name_plays_with_the_champions_weights() {
        // Quiet: the fitted weights walk a leader off from its troops, the champion's do not.
        // White has troops, so that the champion does not hunt (`hunt.rs`): there both take
        // the second look, which plays the same turn with either weights.
        let (rules, pos) = skirmish("4IIIL/8/8/8/8/8/ll6/iii5");
        let turn = |agent: &dyn Agent| agent.plan_turn(rules.as_ref(), &pos, Budget::Nodes(20_000), 1);
        let named = turn(crate::by_name("champion").expect("an agent").as_ref());
        assert_eq!(named, turn(&Champion::default()));
        assert_ne!(named, turn(&Champion::new(Evaluator::default())));
    }
}
