//! Long turns: the best-ranked candidates mended against the strikes of their capture reply.

use super::capture_reply::{capture_exchange, capture_reply};
use super::flee::LEADER_LOSS;
use super::{Candidate, Champion, Planning};
use crate::budget::{Budget, Meter};
use crate::eval::Evaluator;
use crate::turn::{pick, Line};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use warlord_rules::{Action, Position, Ruleset, Side, Square};

/// How near, in king steps, an action must end to a struck square (or the piece that struck it)
/// to be tried as a defence: a piece that can then take back, block or cover, or a commander
/// within range of one.
const DEFENDING_STEPS: u32 = 2;

/// The best-ranked candidates looked at for strikes to mend: each look costs a capture reply.
const MEND_LOOKS: usize = 4;

/// Mended turns built and judged at once (one per core here, and a fixed number so that a node
/// budget gives the same turn on any machine).
const MENDS_AT_ONCE: u64 = 2;

/// The squares the opponent's capture reply to a candidate strikes, and those near which a
/// defence ends: the struck squares and the squares the strikers came from.
struct Targets {
    /// The squares struck: a piece taken there, or a square of the objective stepped onto.
    hit: Vec<Square>,
    /// The struck squares and the squares the strikers came from.
    near: Vec<Square>,
}

/// The squares a capture reply from `pos` strikes (where a piece of `me` is taken, however the
/// rules take it: by moving onto it, by fire or by surrounding it; or a square of `objective`
/// stepped onto) and the squares near which a defence ends, found by replaying the reply.
fn struck(rules: &dyn Ruleset, pos: &Position, reply: &Line, me: Side, objective: &[Square]) -> Targets {
    let mut hit = Vec::new();
    let mut near = Vec::new();
    let mut at = pos.clone();
    for &action in &reply.actions {
        let mine: Vec<Square> = at.pieces(me).map(|(sq, _)| sq).collect();
        rules.play_unchecked(&mut at, action);
        let taken = mine.into_iter().filter(|&sq| at.piece_at(sq).is_none_or(|p| p.side != me));
        let mut struck: Vec<Square> = taken.collect();
        struck.extend(action.destination().filter(|to| objective.contains(to)));
        if !struck.is_empty() {
            near.extend_from_slice(&struck);
            near.extend(action.origin());
            hit.append(&mut struck);
        }
    }
    Targets { hit, near }
}

/// `genes` (a finished turn from `pos`) with the action at a random place replaced by a
/// defence against `targets`: an action that ends within [`DEFENDING_STEPS`] of a square near
/// which a defence ends, or moves a piece off a struck square, or moves elsewhere a piece that
/// the turn moves onto one. The actions after it are replayed where still legal and dropped
/// where not; the turn then ends. None where no defence is legal at the place drawn, or once
/// `meter` is spent.
fn mended(
    rules: &dyn Ruleset,
    pos: &Position,
    genes: &[Action],
    targets: &Targets,
    rng: &mut StdRng,
    meter: &mut Meter,
) -> Option<Line> {
    // A try costs a node even where it finds no defence, so that a node budget ends.
    meter.tick();
    let board = pos.board();
    let at = rng.gen_range(0..genes.len().max(1));
    let mut line = Line::start(pos);
    for &gene in genes.iter().take(at) {
        if line.done {
            return None;
        }
        line.push(rules, gene, meter);
    }
    // Where the turn itself moved a piece onto a struck square, that piece still stands where
    // it came from at the places before its move, and may go elsewhere instead.
    let came_from: Vec<Square> = genes
        .iter()
        .filter(|a| a.destination().is_some_and(|to| targets.hit.contains(&to)))
        .filter_map(|a| a.origin())
        .collect();
    let defences: Vec<Action> = line
        .legal(rules)
        .into_iter()
        .filter(|a| {
            a.destination().is_some_and(|to| targets.near.iter().any(|&s| board.distance(to, s) <= DEFENDING_STEPS))
                || a.origin().is_some_and(|from| targets.hit.contains(&from) || came_from.contains(&from))
        })
        .filter(|a| genes.get(at) != Some(a))
        .collect();
    let &defence = pick(&defences, rng)?;
    line.push(rules, defence, meter);
    for &gene in genes.iter().skip(at + 1) {
        if line.done {
            break;
        }
        if meter.spent() {
            return None;
        }
        if line.allows(rules, gene) {
            line.push(rules, gene, meter);
        }
    }
    if !line.done {
        if line.allows(rules, Action::EndTurn) {
            line.push(rules, Action::EndTurn, meter);
        } else {
            line.finish_randomly(rules, rng, meter);
        }
    }
    Some(line)
}

impl Champion {
    /// Long turns: the ranked candidates `cands` of a `turn` (best first; the first `values` are
    /// their values after the capture exchange, in the same order) with mended turns put first
    /// while `budget` (counted from the turn's start) lasts. Each of the best [`MEND_LOOKS`]
    /// whose opponent's capture reply strikes something is mended in turn ([`Mender::chain`]),
    /// the next once the chain of the one before reaches a turn whose reply strikes nothing.
    /// Returns the candidates and the nodes used.
    pub(super) fn mend(
        &self,
        turn: &Planning,
        mut cands: Vec<Candidate>,
        values: &[f64],
        budget: Budget,
    ) -> (Vec<Candidate>, u64) {
        let mut meter = Meter::until(budget, turn.start);
        let Some(&top) = values.first() else { return (cands, 0) };
        let objective = turn.rules.objective().map_or(&[][..], |o| &o.squares[..]);
        let mut mender = Mender { champion: self, turn: *turn, objective, budget, round: 0, top };
        let looks: Vec<(Line, f64)> =
            cands.iter().zip(values).take(MEND_LOOKS).map(|(c, &value)| (c.line.clone(), value)).collect();
        for (line, value) in looks {
            if meter.spent() {
                break;
            }
            if let Some(found) = mender.strikes(&line, &mut meter) {
                mender.chain(&mut cands, line, value, found, &mut meter);
            }
        }
        (cands, meter.used())
    }
}

/// One turn's mending: the position, the budget, and what its chains share.
struct Mender<'a> {
    /// The champion planning the turn: its examination of candidates under a budget.
    champion: &'a Champion,
    /// The turn being planned: its evaluation judges the capture exchanges, and the rounds'
    /// seeds are drawn from its seed.
    turn: Planning<'a>,
    /// The squares of the rules' objective (towns), whose loss is a strike too.
    objective: &'a [Square],
    /// Mending's budget (a time budget counts from the turn's start).
    budget: Budget,
    /// Rounds of mended turns built so far: each round draws from seeds of its own.
    round: u64,
    /// The best value of any candidate so far: a mended turn worth more is put first.
    top: f64,
}

impl Mender<'_> {
    /// The strikes of the opponent's capture reply to `line`, if it strikes anything.
    fn strikes(&self, line: &Line, meter: &mut Meter) -> Option<Targets> {
        strikes_against(self.turn.eval, self.turn.rules, line, self.turn.me(), self.objective, meter)
    }

    /// Mends `line` (worth `value`; its reply strikes `found`) until a mended turn's reply
    /// strikes nothing or `meter` is spent: a round's best turn worth more than the turn mended
    /// ([`Mender::better`]) is mended in its place, its reply's strikes found again, and is put
    /// first in `cands` when it is worth more than every candidate so far.
    fn chain(
        &mut self,
        cands: &mut Vec<Candidate>,
        mut line: Line,
        mut value: f64,
        mut found: Targets,
        meter: &mut Meter,
    ) {
        while !meter.spent() {
            let Some((better, v)) = self.better(&line, value, &found, meter) else { continue };
            (line, value) = (better.line.clone(), v);
            if v > self.top {
                self.top = v;
                cands.insert(0, better);
            }
            match self.strikes(&line, meter) {
                Some(strikes) => found = strikes,
                None => return,
            }
        }
    }

    /// One round: [`MENDS_AT_ONCE`] turns mended from `line` against `found` ([`mended`]),
    /// built at once and judged by the capture exchange as the ranking judged the candidates;
    /// the best of them worth more than `value`, with its value.
    fn better(&mut self, line: &Line, value: f64, found: &Targets, meter: &mut Meter) -> Option<(Candidate, f64)> {
        let Planning { eval, rules, pos, start, seed, .. } = self.turn;
        let me = self.turn.me();
        let (budget, round) = (self.budget, self.round);
        let used = meter.used();
        self.round += 1;
        let tries: Vec<(Option<Line>, u64)> = (0..MENDS_AT_ONCE)
            .into_par_iter()
            .map(|k| {
                let mut rng = StdRng::seed_from_u64(seed ^ round.wrapping_mul(MENDS_AT_ONCE).wrapping_add(k));
                let mut m = match budget {
                    Budget::Nodes(n) => Meter::start(Budget::Nodes(n.saturating_sub(used) / MENDS_AT_ONCE)),
                    time => Meter::until(time, start),
                };
                (mended(rules, pos, &line.actions, found, &mut rng, &mut m), m.used())
            })
            .collect();
        meter.charge(tries.iter().map(|t| t.1).sum());
        let mut tried = Vec::new();
        for line in tries.into_iter().filter_map(|t| t.0) {
            let own = eval.value_for(rules, &line.pos, me, meter);
            tried.push(Candidate { line, value: own });
        }
        let left = match budget {
            Budget::Nodes(n) => Budget::Nodes(n.saturating_sub(meter.used())),
            time => time,
        };
        let (after, used) = self
            .champion
            .values_after_replies(&self.turn, &tried, left, LEADER_LOSS, |p, m| capture_exchange(eval, rules, p, m));
        meter.charge(used);
        let (i, &v) = after.iter().enumerate().filter(|v| *v.1 > value).max_by(|a, b| a.1.total_cmp(b.1))?;
        Some((tried.swap_remove(i), v))
    }
}

/// The strikes of the opponent's capture reply to a finished turn (`line`), if it strikes
/// anything and `meter` lasts.
fn strikes_against(
    eval: &Evaluator,
    rules: &dyn Ruleset,
    line: &Line,
    me: Side,
    objective: &[Square],
    meter: &mut Meter,
) -> Option<Targets> {
    if meter.spent() || line.pos.outcome().is_some() {
        return None;
    }
    let reply = capture_reply(eval, rules, &line.pos, meter);
    let found = struck(rules, &line.pos, &reply, me, objective);
    (!meter.spent() && !found.hit.is_empty()).then_some(found)
}

#[cfg(test)]
mod tests {
    use super::super::replies::judged;
    use super::super::test_support::{planning, skirmish, step};
    use super::*;

    /// A finished turn of Black's from `pos`: `action`, then the end of the turn if it did not end.
    fn turn(rules: &dyn Ruleset, pos: &Position, action: Action, meter: &mut Meter) -> Line {
        let mut line = Line::start(pos).then(rules, action, meter);
        if !line.done {
            line.push(rules, Action::EndTurn, meter);
        }
        assert_eq!(line.pos.to_move(), Side::White);
        line
    }

    /// Black's infantry on d4 stands next to White's on e3, which White's leader on f2 commands.
    const HANGING: &str = "8/8/2l5/8/3i4/4I3/5L2/8";

    /// Black's turn from [`HANGING`] that steps its leader from c6 to c7 and leaves the
    /// infantry where the capture reply takes it; its value after the exchange, as ranked.
    fn hanging_turn(rules: &dyn Ruleset, pos: &Position, meter: &mut Meter) -> (Candidate, f64) {
        let eval = Evaluator::default();
        let line = turn(rules, pos, step((2, 5), (2, 6)), meter);
        let own = eval.value_for(rules, &line.pos, Side::Black, meter);
        let value = judged(exchanged(rules, &line, meter), own);
        (Candidate { line, value: own }, value)
    }

    /// Black's value after the capture exchange a turn starts.
    fn exchanged(rules: &dyn Ruleset, line: &Line, meter: &mut Meter) -> f64 {
        let eval = Evaluator::default();
        let answer = capture_exchange(&eval, rules, &line.pos, meter);
        eval.value_for(rules, &answer.pos, Side::Black, meter)
    }

    /// The default champion's mending under a node budget.
    fn mend(rules: &dyn Ruleset, pos: &Position, cands: Vec<Candidate>, values: &[f64]) -> (Vec<Candidate>, u64) {
        let eval = Evaluator::default();
        let budget = Budget::Nodes(20_000);
        Champion::default().mend(&planning(&eval, rules, pos, budget, 7), cands, values, budget)
    }

    #[test]
    fn a_turn_that_leaves_a_piece_to_be_taken_is_mended() {
        let (rules, pos) = skirmish(HANGING);
        let rules = rules.as_ref();
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let (hanging, value) = hanging_turn(rules, &pos, &mut meter);
        let before = exchanged(rules, &hanging.line, &mut meter);
        let (mended, used) = mend(rules, &pos, vec![hanging], &[value]);
        assert!(used > 0 && used <= 20_000, "{used}");
        assert_eq!(mended.len(), 2, "the mended turn, then the turn mended");
        let best = &mended[0].line;
        assert!(exchanged(rules, best, &mut meter) > before, "{:?}", best.actions);
        let reply = capture_reply(&Evaluator::default(), rules, &best.pos, &mut meter);
        assert_eq!(reply.pos.piece_count(Side::Black), best.pos.piece_count(Side::Black), "{:?}", reply.actions);
        // The same seed and node budget mend the same way.
        let (hanging, value) = hanging_turn(rules, &pos, &mut meter);
        assert_eq!(mend(rules, &pos, vec![hanging], &[value]).0[0].line.actions, best.actions);
    }

    #[test]
    fn below_a_best_turn_that_nothing_strikes_the_next_is_mended() {
        // The best-ranked turn steps the infantry out of reach (nothing to mend there); the
        // next leaves it hanging, and mended it is worth more than both.
        let (rules, pos) = skirmish(HANGING);
        let rules = rules.as_ref();
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let safe = turn(rules, &pos, step((3, 3), (2, 4)), &mut meter);
        let (hanging, value) = hanging_turn(rules, &pos, &mut meter);
        let cands = vec![Candidate { line: safe.clone(), value: 0.5 }, hanging];
        let (mended, _) = mend(rules, &pos, cands, &[value + 1e-6, value]);
        assert_eq!(mended.len(), 3);
        assert_eq!(mended[1].line.actions, safe.actions);
        assert!(exchanged(rules, &mended[0].line, &mut meter) > value, "{:?}", mended[0].line.actions);
    }

    #[test]
    fn once_a_mended_turn_is_safe_the_next_struck_candidate_is_mended() {
        // As HANGING, with White's infantry on a7 beyond its leader's command, and Black's on
        // b6, which can take it. The best-ranked turn leaves d4 hanging, and so does the next,
        // which takes on a7 instead. The first is mended until its reply strikes nothing; then
        // the second's reply is looked at and it is mended too, which mending the first alone
        // does not do (under a node budget both mend the first alike).
        let (rules, pos) = skirmish("8/I7/1il5/8/3i4/4I3/5L2/8");
        let rules = rules.as_ref();
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let (first, value) = hanging_turn(rules, &pos, &mut meter);
        let (alone, used_alone) = mend(rules, &pos, vec![first], &[value]);
        let safe = &alone[0].line;
        let reply = capture_reply(&Evaluator::default(), rules, &safe.pos, &mut meter);
        assert_eq!(reply.pos.piece_count(Side::Black), safe.pos.piece_count(Side::Black), "{:?}", reply.actions);
        let takes = turn(rules, &pos, step((1, 5), (0, 6)), &mut meter);
        let own = Evaluator::default().value_for(rules, &takes.pos, Side::Black, &mut meter);
        let (first, value) = hanging_turn(rules, &pos, &mut meter);
        let cands = vec![first, Candidate { line: takes, value: own }];
        let (both, used_both) = mend(rules, &pos, cands, &[value, value - 1e-6]);
        assert_eq!(both[0].line.actions, safe.actions, "the first's mending is the same");
        assert!(used_both > used_alone, "the second is looked at: {used_both} nodes against {used_alone}");
    }

    #[test]
    fn a_piece_the_turn_moves_into_reach_may_go_anywhere_else_instead() {
        // Black's turn steps its leader from d6 to d4, next to White's infantry on e3 (which
        // White's leader on f2 commands): the capture reply takes it there. Mending may move
        // that leader elsewhere in its place, beyond the squares near the strike too: in Test of
        // Wills a level-2 leader moved two squares into reach and only a retreat of three or
        // four saved the game, which the squares near the strike did not offer.
        let (rules, pos) = skirmish("l7/8/3l4/8/8/4I3/5L2/8");
        let rules = rules.as_ref();
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let (d6, d4) = ((3, 5), (3, 3));
        let line = turn(rules, &pos, step(d6, d4), &mut meter);
        let targets = strikes_against(&Evaluator::default(), rules, &line, Side::Black, &[], &mut meter)
            .expect("the reply takes the leader");
        assert_eq!(targets.hit, vec![Square::new(d4.0, d4.1)]);
        let board = pos.board();
        let away = |a: &Action| {
            a.origin() == Some(Square::new(d6.0, d6.1))
                && a.destination()
                    .is_some_and(|to| targets.near.iter().all(|&s| board.distance(to, s) > DEFENDING_STEPS))
        };
        let retreats = (0..64)
            .filter_map(|k| mended(rules, &pos, &line.actions, &targets, &mut StdRng::seed_from_u64(k), &mut meter))
            .filter(|mended| away(&mended.actions[0]))
            .count();
        assert!(retreats > 0, "no mended turn moves the leader out of the strike's neighbourhood");
    }

    #[test]
    fn a_turn_whose_reply_strikes_nothing_is_left_as_it_is() {
        // Nothing of Black's stands within White's reach.
        let (rules, pos) = skirmish("8/8/2l5/8/3i4/8/8/7L");
        let rules = rules.as_ref();
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let line = turn(rules, &pos, step((2, 5), (2, 6)), &mut meter);
        let (mended, used) = mend(rules, &pos, vec![Candidate { line: line.clone(), value: 0.5 }], &[0.5]);
        assert_eq!(mended.len(), 1);
        assert_eq!(mended[0].line.actions, line.actions);
        assert!(used < 100, "one capture reply: {used}");
    }
}
