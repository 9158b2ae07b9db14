//! The selective whole-turn search for positions where the side to move has few turns.
//!
//! With leaders traded down to one or two a side, a side moves one or two pieces a turn
//! (rulings 5) and has tens of distinct turns, not millions. There every one of its turns can
//! be tried, and each answered by the opponent's strongest few turns (its greedy turn and its
//! captures alone) instead of all of them, then followed by the side's own best next turn
//! (every one of them again, when they are few): three turns deep, it sees a net close over two
//! turns of its own, which one turn with a greedy reply and a greedy follow-up does not. Values
//! are the evaluation plus a bonus for every leader captured and a malus for every leader lost,
//! so that a leader taken counts for more than the evaluation's share of it when the position
//! is already won on material.

use super::capture_reply::capture_reply;
use super::Champion;
use crate::agents::Greedy;
use crate::budget::Meter;
use crate::eval::Evaluator;
use crate::turn::Line;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::HashSet;
use warlord_rules::{Action, Position, Ruleset, Side};

/// The most distinct turns a side may have for them all to be tried.
pub const MAX_TURNS: usize = 128;

/// Turns of at most this many actions are searched: listing every distinct turn of a longer
/// turn costs more than it is worth (a side with two leaders and some fifty actions a move has
/// a thousand turns, so the listing would only be refused).
pub const MAX_SEARCHED_ACTIONS: u8 = 2;

/// What each enemy leader captured adds to a value (and each own leader lost takes from it),
/// beside the evaluation's own count of leaders.
pub const LEADER_BONUS: f64 = 0.25;

/// The distinct turns of the side to move from `pos` (distinct by the position they reach, in
/// the order they are found), or `None` when there are more than `limit` or `meter` ran out
/// while listing them. Every action played is a node.
pub(super) fn distinct_turns(
    rules: &dyn Ruleset,
    pos: &Position,
    limit: usize,
    meter: &mut Meter,
) -> Option<Vec<Line>> {
    let mut seen = HashSet::new();
    let mut finished = HashSet::new();
    let mut turns = Vec::new();
    let mut stack = vec![Line::start(pos)];
    while let Some(line) = stack.pop() {
        for action in line.legal(rules) {
            if meter.spent() {
                return None;
            }
            let next = line.then(rules, action, meter);
            if next.done {
                if finished.insert(next.pos.hash()) {
                    turns.push(next);
                    if turns.len() > limit {
                        return None;
                    }
                }
            } else if seen.insert(next.pos.hash()) {
                stack.push(next);
            }
        }
    }
    Some(turns)
}

/// How many leaders `side` has on the board.
fn leaders(rules: &dyn Ruleset, pos: &Position, side: Side) -> usize {
    pos.pieces(side).filter(|(_, p)| rules.pieces().get(p.kind).is_leader()).count()
}

/// One search, from the position where it started.
struct Search<'a> {
    rules: &'a dyn Ruleset,
    eval: &'a Evaluator,
    greedy: Greedy,
    /// The side searching.
    me: Side,
    /// Its leaders, and the enemy's, at the start.
    own_leaders: usize,
    enemy_leaders: usize,
}

impl Search<'_> {
    /// The value of `pos` for the searching side: the evaluation, plus [`LEADER_BONUS`] for each
    /// enemy leader captured since the start, minus it for each own leader lost.
    fn leaf(&self, pos: &Position, meter: &mut Meter) -> f64 {
        let taken = self.enemy_leaders.saturating_sub(leaders(self.rules, pos, self.me.opponent()));
        let lost = self.own_leaders.saturating_sub(leaders(self.rules, pos, self.me));
        self.eval.value_for(self.rules, pos, self.me, meter) + LEADER_BONUS * (taken as f64 - lost as f64)
    }

    /// The best the searching side can do with its turn from `pos`: the best leaf over all its
    /// distinct turns when they are few, else after its greedy turn. A finished game, or a
    /// position where the other side is to move, is a leaf.
    fn follow_up(&self, pos: &Position, meter: &mut Meter) -> f64 {
        if pos.outcome().is_some() || pos.to_move() != self.me {
            return self.leaf(pos, meter);
        }
        let few = (pos.turn_cap() <= MAX_SEARCHED_ACTIONS)
            .then(|| distinct_turns(self.rules, pos, MAX_TURNS, meter))
            .flatten();
        match few {
            Some(turns) => turns.iter().map(|t| self.leaf(&t.pos, meter)).fold(f64::NEG_INFINITY, f64::max),
            None => {
                let mut rng = StdRng::seed_from_u64(pos.hash());
                let turn = self.greedy.turn(self.rules, pos, &mut rng, meter);
                self.leaf(&turn.pos, meter)
            }
        }
    }

    /// The value of playing `turn`: the least, over the opponent's replies (its greedy turn and
    /// its captures alone), of the searching side's best follow-up; a reply is not looked at
    /// once the value is no better than `floor` (it cannot be chosen). `None` when `meter` ran
    /// out.
    fn value(&self, turn: &Line, floor: f64, meter: &mut Meter) -> Option<f64> {
        let pos = &turn.pos;
        if pos.outcome().is_some() || pos.to_move() == self.me {
            let v = self.leaf(pos, meter);
            return (!meter.spent()).then_some(v);
        }
        let mut rng = StdRng::seed_from_u64(pos.hash());
        let greedy = self.greedy.turn(self.rules, pos, &mut rng, meter);
        let mut worst = self.follow_up(&greedy.pos, meter);
        if worst > floor && !meter.spent() {
            let captures = capture_reply(self.eval, self.rules, pos, meter);
            if captures.pos.hash() != greedy.pos.hash() {
                worst = worst.min(self.follow_up(&captures.pos, meter));
            }
        }
        (!meter.spent()).then_some(worst)
    }
}

impl Champion {
    /// The turn chosen by the selective search (this module), or `None` when the side to move has
    /// more than [`MAX_TURNS`] turns (or turns longer than [`MAX_SEARCHED_ACTIONS`] actions), or
    /// `meter` did not cover one turn's replies. Turns are examined best first by their value as
    /// they stand, until `meter` is spent; the best examined is played.
    pub(super) fn few_turn_search(
        &self,
        eval: &Evaluator,
        rules: &dyn Ruleset,
        pos: &Position,
        meter: &mut Meter,
    ) -> Option<Vec<Action>> {
        if pos.turn_cap() > MAX_SEARCHED_ACTIONS || pos.outcome().is_some() {
            return None;
        }
        let me = pos.to_move();
        let turns = distinct_turns(rules, pos, MAX_TURNS, meter)?;
        let search = Search {
            rules,
            eval,
            greedy: Greedy::new(eval.clone()),
            me,
            own_leaders: leaders(rules, pos, me),
            enemy_leaders: leaders(rules, pos, me.opponent()),
        };
        let mut ranked: Vec<(f64, Line)> = turns.into_iter().map(|t| (search.leaf(&t.pos, meter), t)).collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut best: Option<(f64, &Line)> = None;
        for (_, turn) in &ranked {
            if meter.spent() {
                break;
            }
            let floor = best.map_or(f64::NEG_INFINITY, |(v, _)| v);
            let Some(value) = search.value(turn, floor, meter) else { break };
            if value > floor {
                best = Some((value, turn));
            }
        }
        best.map(|(_, turn)| turn.actions.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::eval::PLAYING_FOR_A_WIN;
    use std::sync::Arc;

    /// Leaders and infantry on a small board, as many moves a turn as a side has leaders (at
    /// most two), White to move.
    fn endgame(files: u8, ranks: u8, position: &str) -> (Arc<dyn Ruleset>, Position) {
        let text = format!(
            "name = \"t\"\nfamily = \"warlord\"\n[board]\nfiles = {files}\nranks = {ranks}\n[rules]\n\
             moves-per-turn = 2\ncap-by-leaders = true\n[[pieces]]\nlike = \"leader\"\n[[pieces]]\n\
             like = \"infantry\"\n[setup]\nposition = \"{position}\"\n"
        );
        let rules = warlord_rules::Scenario::parse(&text, "t.toml").expect("valid").ruleset(&[]).expect("rules");
        let pos = rules.start();
        (rules, pos)
    }

    #[test]
    fn few_turns_are_listed_once_and_many_are_refused() {
        let (rules, pos) = endgame(8, 8, "3l4/3i4/8/8/8/8/4I3/3LI3");
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let turns = distinct_turns(rules.as_ref(), &pos, MAX_TURNS, &mut meter).expect("few turns");
        let hashes: HashSet<u64> = turns.iter().map(|t| t.pos.hash()).collect();
        assert_eq!(hashes.len(), turns.len());
        assert!(turns.len() > 5, "{}", turns.len());
        assert!(distinct_turns(rules.as_ref(), &pos, 3, &mut meter).is_none());
    }

    /// Whether White, to move in `pos`, has a turn that wins the game.
    fn white_wins_now(rules: &dyn Ruleset, pos: &Position) -> bool {
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let turns = distinct_turns(rules, pos, usize::MAX, &mut meter).expect("no limit");
        turns.iter().any(|t| t.pos.outcome().is_some_and(|o| o.winner == Some(Side::White)))
    }

    /// Whether White's `turn` closes a net: the game goes on, and whatever Black replies, White
    /// then wins.
    fn closes_a_net(rules: &dyn Ruleset, turn: &Line) -> bool {
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        turn.pos.outcome().is_none()
            && distinct_turns(rules, &turn.pos, usize::MAX, &mut meter)
                .expect("no limit")
                .iter()
                .all(|reply| reply.pos.outcome().is_none() && white_wins_now(rules, &reply.pos))
    }

    #[test]
    fn the_search_closes_a_net_over_two_turns() {
        // White's leader (two steps a move) hunts Black's lone king (one step) in its corner:
        // no turn takes it now, a few close a net that the next turn completes, most do not.
        let text = "name = \"t\"\nfamily = \"warlord\"\n[board]\nfiles = 8\nranks = 8\n[rules]\n\
                    moves-per-turn = 2\ncap-by-leaders = true\n[[pieces]]\nlike = \"leader\"\n[[pieces]]\n\
                    like = \"leader\"\nname = \"King\"\nsymbol = \"K\"\nmoves = [{ walk = 1 }]\n\
                    [setup]\nposition = \"k7/8/8/3L4/8/8/8/8\"\n";
        let rules = warlord_rules::Scenario::parse(text, "t.toml").expect("valid").ruleset(&[]).expect("rules");
        let pos = rules.start();
        assert!(!white_wins_now(rules.as_ref(), &pos));
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let all = distinct_turns(rules.as_ref(), &pos, MAX_TURNS, &mut meter).expect("few turns");
        let nets = all.iter().filter(|t| closes_a_net(rules.as_ref(), t)).count();
        assert!(nets > 0 && nets * 2 < all.len(), "{nets} nets of {} turns", all.len());

        let eval = Evaluator::default().with_contempt(Side::White, PLAYING_FOR_A_WIN);
        let mut meter = Meter::start(Budget::Nodes(30_000));
        let chosen = Champion::default().few_turn_search(&eval, rules.as_ref(), &pos, &mut meter).expect("few turns");
        let mut line = Line::start(&pos);
        for a in chosen {
            line.push(rules.as_ref(), a, &mut meter);
        }
        assert!(closes_a_net(rules.as_ref(), &line), "{:?} lets the king out", line.actions);
    }

    #[test]
    fn the_search_takes_a_last_leader_when_it_can() {
        let (rules, pos) = endgame(8, 8, "8/8/8/8/8/3l4/3L4/8");
        let eval = Evaluator::default().with_contempt(Side::White, PLAYING_FOR_A_WIN);
        let mut meter = Meter::start(Budget::Nodes(100_000));
        let turn = Champion::default().few_turn_search(&eval, rules.as_ref(), &pos, &mut meter).expect("few turns");
        let mut after = pos.clone();
        for a in turn {
            rules.play(&mut after, a).expect("legal");
        }
        assert!(after.outcome().is_some_and(|o| o.winner == Some(Side::White)));
    }
}
