//! The champion: a beam search over its own turn for candidate turns, then the opponent's
//! greedy reply to each candidate, choosing the turn whose position after the reply is best.

use crate::agent::Agent;
use crate::agents::{Greedy, Oep};
use crate::budget::{Budget, Meter};
use crate::eval::features::capture_target;
use crate::eval::{Evaluator, PLAYING_FOR_A_WIN};
use crate::turn::Line;
use rand::rngs::StdRng;
use rand::SeedableRng;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::time::Instant;
use warlord_rules::{Action, Position, Ruleset, Side};

/// Plans in two phases, both run on every core with rayon:
///
/// 1. **Candidates.** A beam search over the actions of its own turn: at each depth every
///    action of every kept partial turn is played and evaluated; finished turns become
///    candidates, the best unfinished ones (distinct positions, at most a quarter of the beam
///    from one parent or ending with one action) are kept. The width adapts to the budget.
///    Long turns (8 moves or more) give the beam a small share: its best turns seed OEP, which
///    evolves turns on two islands at once (one per core), and the islands' turns come first.
/// 2. **Replies.** For the candidates in an order that puts different ideas first, the
///    opponent's reply is played out with the same evaluation; a candidate is worth the
///    evaluation of the position after it. This is what sees that a leader left en prise dies
///    next turn. The reply is a greedy turn followed by its own greedy follow-up. On long
///    turns, where a greedy turn evaluates hundreds of actions at each of many steps, every
///    candidate is first ranked by the opponent's captures alone (see [`capture_reply`]), and
///    the greedy replies are examined in that order while the budget lasts.
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
    /// What a draw is worth to the champion (its opponent is expected to value it at the rest).
    pub draw_value: f64,
    /// Turns of at least this many moves are long: there the beam is only a partial turn or two
    /// wide, and evolution finds turns that move many pieces together.
    pub long_turn_moves: u8,
    /// Share of the budget for the beam on long turns.
    pub long_beam_share: f64,
    /// Share of the budget for evolution on long turns (after the beam's).
    pub evolve_share: f64,
}

impl Default for Champion {
    fn default() -> Champion {
        Champion::new(Evaluator::default())
    }
}

/// A finished turn of one's own, worth `value` before the reply.
struct Candidate {
    line: Line,
    value: f64,
}

/// The best candidates among which [`spread`] picks the different ones.
const SPREAD_POOL: usize = 2048;

/// Replies examined at once.
const REPLY_BATCH: usize = 2;

/// OEP populations evolved at once on long turns, each on its own seed: one per core here, and
/// a fixed number so that a node budget gives the same turn on any machine.
const ISLANDS: u64 = 2;

/// The beam's best turns that seed each island.
const SEEDS: usize = 4;

/// On long turns under a node budget, the share of the budget for the capture replies.
const CAPTURE_REPLY_SHARE: f64 = 0.1;

/// How the opponent's reply to a candidate is modelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reply {
    /// A greedy turn, then one's own greedy follow-up.
    GreedyTurns,
    /// The opponent's captures alone ([`capture_reply`]).
    Captures,
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
            draw_value: PLAYING_FOR_A_WIN,
            long_turn_moves: 8,
            long_beam_share: 0.1,
            evolve_share: 0.55,
        }
    }

    /// Phase 1: candidate turns, best first.
    /// `budget` is this phase's share; `whole` bounds the greedy completion of a partial turn.
    #[allow(clippy::too_many_arguments)]
    fn candidates(
        &self,
        eval: &Evaluator,
        rules: &dyn Ruleset,
        pos: &Position,
        budget: Budget,
        whole: Budget,
        start: Instant,
    ) -> Vec<Candidate> {
        let me = pos.to_move();
        let timed = matches!(budget, Budget::Millis(_));
        let mut meter = Meter::until(budget, start);
        let cap = usize::from(pos.turn_cap()).max(1);
        let mut beam = vec![Line::start(pos)];
        let mut width = 1;
        let mut seen = HashSet::new();
        let mut done: Vec<Candidate> = Vec::new();
        let mut depth = 0;
        while !beam.is_empty() && (depth == 0 || !meter.spent()) {
            let depth_start = Instant::now();
            let pairs: Vec<(usize, Action)> =
                beam.iter().enumerate().flat_map(|(i, l)| l.legal(rules).into_iter().map(move |a| (i, a))).collect();
            let children: Vec<Option<(usize, Line, f64)>> = pairs
                .par_iter()
                .map(|&(i, a)| {
                    if timed && meter.spent() {
                        return None;
                    }
                    let mut m = Meter::start(Budget::Nodes(u64::MAX));
                    let child = beam[i].then(rules, a, &mut m);
                    let v = eval.value_for(rules, &child.pos, me, &mut m);
                    Some((i, child, v))
                })
                .collect();
            for _ in 0..2 * pairs.len() {
                meter.tick();
            }
            let mut next = Vec::new();
            for (parent, child, value) in children.into_iter().flatten() {
                if !seen.insert(child.pos.hash()) {
                    continue;
                }
                if child.done {
                    done.push(Candidate { line: child, value });
                } else {
                    next.push((parent, child, value));
                }
            }
            next.sort_by(|a, b| b.2.total_cmp(&a.2));
            if depth == 0 {
                // The first depth measures the cost of one state; size the beam to fit the
                // rest of the turn into this phase's budget.
                let per_state = match (budget, meter.remaining()) {
                    (Budget::Millis(_), Budget::Millis(left)) => {
                        left as f64 / depth_start.elapsed().as_secs_f64().max(1e-6) / 1000.0
                    }
                    (_, Budget::Nodes(left)) => left as f64 / (2 * pairs.len()).max(1) as f64,
                    _ => 1.0,
                };
                width = ((per_state / (cap.saturating_sub(1)).max(1) as f64) as usize).clamp(1, self.max_beam);
            }
            beam = diverse(next, width);
            depth += 1;
        }
        // Out of budget mid-turn: finish the best partial turn greedily (within the whole
        // budget), so that a full turn is among the candidates even when only a pass was
        // finished in time, or none.
        let greedy = Greedy::new(eval.clone());
        let mut rng = StdRng::seed_from_u64(depth as u64);
        let unfinished = beam.into_iter().next().or_else(|| done.is_empty().then(|| Line::start(pos)));
        if let Some(line) = unfinished {
            let rest = greedy.turn(rules, &line.pos, &mut rng, &mut Meter::until(whole, start));
            let mut whole = line;
            whole.actions.extend(rest.actions);
            whole.pos = rest.pos;
            whole.done = true;
            let value = eval.value_for(rules, &whole.pos, me, &mut meter);
            done.push(Candidate { line: whole, value });
        }
        done.sort_by(|a, b| b.value.total_cmp(&a.value));
        spread(done, self.max_candidates)
    }

    /// Phase 2: the value of each examined candidate after the opponent's reply.
    #[allow(clippy::too_many_arguments)]
    fn replies(
        &self,
        eval: &Evaluator,
        rules: &dyn Ruleset,
        me: Side,
        cands: &[Candidate],
        budget: Budget,
        start: Instant,
        model: Reply,
    ) -> Vec<f64> {
        let greedy = Greedy::new(eval.clone());
        let reply = |c: &Candidate, meter: &mut Meter| -> Option<f64> {
            if c.line.pos.outcome().is_some() {
                return Some(c.value);
            }
            if model == Reply::Captures {
                let answer = capture_reply(eval, rules, &c.line.pos, meter);
                return (!meter.spent()).then(|| eval.value_for(rules, &answer.pos, me, meter) + 1e-3 * c.value);
            }
            let mut rng = StdRng::seed_from_u64(c.line.pos.hash());
            let answer = greedy.turn(rules, &c.line.pos, &mut rng, meter);
            // Its own greedy follow-up cashes the threats the evaluation would only count, and
            // the position is judged where the opponent's threats count against it.
            let follow =
                if answer.pos.outcome().is_some() { answer } else { greedy.turn(rules, &answer.pos, &mut rng, meter) };
            if meter.spent() {
                return None;
            }
            Some(eval.value_for(rules, &follow.pos, me, meter) + 1e-3 * c.value)
        };
        // Candidates are examined in batches of a fixed size (one per core here), each reply
        // bounded by what is left of the budget at the batch's start, and a reply cut short is
        // not counted: so under a node budget the examined set, and so the turn, does not
        // depend on the machine.
        let timed = matches!(budget, Budget::Millis(_));
        let limit = match budget {
            Budget::Nodes(n) => n,
            Budget::Millis(_) => u64::MAX,
        };
        let mut used = 0;
        let mut out = Vec::new();
        for chunk in cands[..cands.len().min(self.max_candidates)].chunks(REPLY_BATCH) {
            if used >= limit || (timed && Meter::until(budget, start).spent()) {
                break;
            }
            let values: Vec<(Option<f64>, u64)> = chunk
                .par_iter()
                .map(|c| {
                    let mut meter =
                        if timed { Meter::until(budget, start) } else { Meter::start(Budget::Nodes(limit - used)) };
                    (reply(c, &mut meter), meter.used())
                })
                .collect();
            used += values.iter().map(|v| v.1).sum::<u64>();
            let complete = values.iter().take_while(|v| v.0.is_some()).count();
            out.extend(values.into_iter().take(complete).filter_map(|v| v.0));
            if complete < chunk.len() {
                break;
            }
        }
        out
    }
}

/// The opponent's reply by captures alone: action after action, the capture (or the end of
/// its turn) after which it stands best, until it ends its turn or has no capture left. With
/// no capture at all it passes, which ends the game if the candidate was a pass too. Each step
/// evaluates only the captures, a few positions where a greedy step evaluates every legal
/// action.
fn capture_reply(eval: &Evaluator, rules: &dyn Ruleset, pos: &Position, meter: &mut Meter) -> Line {
    let them = pos.to_move();
    let mut line = Line::start(pos);
    while !line.done {
        let options: Vec<Action> = line
            .legal(rules)
            .into_iter()
            .filter(|&a| a == Action::EndTurn || capture_target(rules, &line.pos, a).is_some())
            .collect();
        if options.iter().all(|&a| a == Action::EndTurn) && !line.actions.is_empty() {
            break;
        }
        let best = options
            .into_iter()
            .map(|a| {
                let child = line.then(rules, a, meter);
                (eval.value_for(rules, &child.pos, them, meter), child)
            })
            .max_by(|a, b| a.0.total_cmp(&b.0));
        let Some((_, child)) = best else { break };
        line = child;
    }
    line
}

/// The best `width` partial turns, best first, while others are left at most a quarter of
/// them (at least two) extending the same parent and as many ending with the same action: a
/// beam of one idea's variants would hand phase 2 candidates that share the same mistake.
fn diverse(ranked: Vec<(usize, Line, f64)>, width: usize) -> Vec<Line> {
    let cap = (width / 4).max(2);
    let mut parents: HashMap<usize, usize> = HashMap::new();
    let mut actions: HashMap<Option<Action>, usize> = HashMap::new();
    let (mut kept, mut spare) = (Vec::new(), Vec::new());
    for (parent, line, _) in ranked {
        let by_parent = parents.get(&parent).copied().unwrap_or(0);
        let by_action = actions.get(&line.actions.last().copied()).copied().unwrap_or(0);
        if by_parent < cap && by_action < cap && kept.len() < width {
            *parents.entry(parent).or_default() += 1;
            *actions.entry(line.actions.last().copied()).or_default() += 1;
            kept.push(line);
        } else {
            spare.push(line);
        }
    }
    let missing = width.saturating_sub(kept.len());
    kept.extend(spare.into_iter().take(missing));
    kept
}

/// Reorders candidates (best first) so that the first `count` are as different as the list
/// allows: each next one is the best ranked among those whose most used move has been used
/// least by the ones already chosen. Replies are then examined for different ideas, not for
/// twenty variants of one idea that share the same mistake. Only the best `SPREAD_POOL` are
/// considered, so the cost stays small on boards with thousands of candidates.
fn spread(ranked: Vec<Candidate>, count: usize) -> Vec<Candidate> {
    let pool = ranked.len().min(SPREAD_POOL);
    let moves: Vec<Vec<Action>> = ranked[..pool]
        .iter()
        .map(|c| c.line.actions.iter().filter(|a| **a != Action::EndTurn).copied().collect())
        .collect();
    let mut holders: HashMap<Action, Vec<usize>> = HashMap::new();
    for (i, ms) in moves.iter().enumerate() {
        for &a in ms {
            holders.entry(a).or_default().push(i);
        }
    }
    let mut used: HashMap<Action, usize> = HashMap::new();
    let mut overlap = vec![0usize; pool];
    let mut chosen = vec![false; pool];
    let mut order = Vec::with_capacity(pool);
    while order.len() < count.min(pool) {
        let Some(next) = (0..pool).filter(|&i| !chosen[i]).min_by_key(|&i| (overlap[i], i)) else { break };
        chosen[next] = true;
        order.push(next);
        for &a in &moves[next] {
            let n = used.entry(a).or_default();
            *n += 1;
            for &h in &holders[&a] {
                overlap[h] = overlap[h].max(*n);
            }
        }
    }
    to_front(ranked, &order)
}

/// `items` with those at the indices `first` moved to the front, in that order; the others
/// follow in their own order.
fn to_front<T>(items: Vec<T>, first: &[usize]) -> Vec<T> {
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    let mut out: Vec<T> = first.iter().filter_map(|&i| slots.get_mut(i).and_then(Option::take)).collect();
    out.extend(slots.into_iter().flatten());
    out
}

impl Agent for Champion {
    fn name(&self) -> String {
        "champion".into()
    }

    fn plan_turn(&self, rules: &dyn Ruleset, pos: &Position, budget: Budget, seed: u64) -> Vec<Action> {
        let start = Instant::now();
        let me = pos.to_move();
        let eval = self.eval.with_contempt(me, self.draw_value);
        let long = pos.turn_cap() >= self.long_turn_moves;
        let (beam_share, evolve_share, rank_share) = if long {
            (self.long_beam_share, self.evolve_share, CAPTURE_REPLY_SHARE)
        } else {
            (self.candidate_share, 0.0, 0.0)
        };
        let mut cands = self.candidates(&eval, rules, pos, budget.fraction(beam_share), budget, start);
        if long {
            // The beam's best turns seed evolution; the capture reply ranks every candidate,
            // and the greedy replies below are examined in that order.
            let mut evolved = self.evolve(rules, pos, &cands, budget, start, seed);
            evolved.append(&mut cands);
            let quick = self.replies(&eval, rules, me, &evolved, share(budget, rank_share), start, Reply::Captures);
            let mut order: Vec<usize> = (0..quick.len()).collect();
            order.sort_by(|a, b| quick[*b].total_cmp(&quick[*a]));
            cands = to_front(evolved, &order);
        }
        let rest = match budget {
            Budget::Nodes(n) => Budget::Nodes(n - (n as f64 * (beam_share + evolve_share + rank_share)) as u64),
            time => time,
        };
        let after = self.replies(&eval, rules, me, &cands, rest, start, Reply::GreedyTurns);
        let best = after.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)).map_or(0, |(i, _)| i);
        cands.into_iter().nth(best).map(|c| c.line.actions).unwrap_or_default()
    }
}

/// A stage's part of the budget: a share of a node budget; a time budget whole, since every
/// stage ends at the same deadline.
fn share(budget: Budget, f: f64) -> Budget {
    match budget {
        Budget::Nodes(n) => Budget::Nodes((n as f64 * f) as u64),
        time => time,
    }
}

impl Champion {
    /// Long turns: the turns of OEP populations evolved at once from the beam's best turns,
    /// each distinct turn once, the islands' best first. Evolution ends when the beam's and its
    /// own shares of a time budget have passed since `start` or, under a node budget, when each
    /// island has spent its part of `evolve_share`.
    fn evolve(
        &self,
        rules: &dyn Ruleset,
        pos: &Position,
        beam: &[Candidate],
        budget: Budget,
        start: Instant,
        seed: u64,
    ) -> Vec<Candidate> {
        let until = self.long_beam_share + self.evolve_share;
        let seeds: Vec<Vec<Action>> = beam.iter().take(SEEDS).map(|c| c.line.actions.clone()).collect();
        let oep = Oep::new(self.eval.clone());
        let populations: Vec<Vec<(Line, f64)>> = (0..ISLANDS)
            .into_par_iter()
            .map(|island| {
                let mut meter = match budget {
                    Budget::Nodes(n) => {
                        Meter::start(Budget::Nodes((n as f64 * self.evolve_share / ISLANDS as f64) as u64))
                    }
                    time => Meter::until(time.fraction(until), start),
                };
                oep.evolve(rules, pos, &mut meter, seed.wrapping_add(island), &seeds)
            })
            .collect();
        // The islands' turns rank by rank: both best turns first.
        let mut islands: Vec<_> = populations.into_iter().map(Vec::into_iter).collect();
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        loop {
            let next: Vec<(Line, f64)> = islands.iter_mut().filter_map(Iterator::next).collect();
            if next.is_empty() {
                break;
            }
            for (line, value) in next {
                if seen.insert(line.actions.clone()) {
                    out.push(Candidate { line, value });
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warlord_rules::{Scenario, Square};

    fn position() -> Position {
        let b = warlord_scenarios::get("chieftain").expect("shipped");
        Scenario::parse(b.text, "chieftain").expect("valid").ruleset(&[]).expect("rules").start()
    }

    fn step(from: (u8, u8), to: (u8, u8)) -> Action {
        Action::Move { from: Square::new(from.0, from.1), to: Square::new(to.0, to.1) }
    }

    fn line(pos: &Position, actions: &[Action]) -> Line {
        Line { actions: actions.to_vec(), pos: pos.clone(), done: true }
    }

    /// Leaders and infantry on an 8x8 board, Black to move.
    fn skirmish(position: &str) -> (std::sync::Arc<dyn Ruleset>, Position) {
        let text = format!(
            "name = \"t\"\nfamily = \"warlord\"\n[board]\nfiles = 8\nranks = 8\n[rules]\nmoves-per-turn = 4\n\
             [[pieces]]\nlike = \"leader\"\n[[pieces]]\nlike = \"infantry\"\n[setup]\nposition = \"{position}\"\n"
        );
        let rules = Scenario::parse(&text, "t.toml").expect("valid").ruleset(&[]).expect("rules");
        let mut pos = rules.start();
        rules.play(&mut pos, Action::EndTurn).expect("White passes");
        (rules, pos)
    }

    #[test]
    fn the_capture_reply_takes_what_hangs() {
        // White's infantry on e3 stands within reach of Black's infantry and leader; White's
        // leader on h8 does not.
        let (rules, pos) = skirmish("7L/8/8/3l4/3i4/4I3/8/8");
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let reply = capture_reply(&Evaluator::default(), rules.as_ref(), &pos, &mut meter);
        assert!(matches!(reply.actions[0], Action::Move { to, .. } if to == Square::new(4, 2)), "{:?}", reply.actions);
        assert!(reply.actions[1..].iter().all(|&a| a == Action::EndTurn), "{:?}", reply.actions);
        assert_eq!(reply.pos.piece_count(Side::White), 1);
    }

    #[test]
    fn with_nothing_to_capture_the_capture_reply_passes() {
        let (rules, pos) = skirmish("7L/8/8/3l4/3i4/8/8/4I3");
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let reply = capture_reply(&Evaluator::default(), rules.as_ref(), &pos, &mut meter);
        assert_eq!(reply.actions, vec![Action::EndTurn]);
        assert_eq!(reply.pos.piece_count(Side::White), 2);
    }

    #[test]
    fn replies_are_examined_for_different_ideas_first() {
        let pos = position();
        let (a, b, c, d) = (step((0, 0), (0, 1)), step((1, 0), (1, 1)), step((2, 0), (2, 1)), step((3, 0), (3, 1)));
        // Ranked best first: three variants of the idea `a`, then a turn without it.
        let ranked = [vec![a, b], vec![a, c], vec![a, d], vec![d, Action::EndTurn]];
        let cands = ranked.iter().map(|acts| Candidate { line: line(&pos, acts), value: 0.5 }).collect();
        let order: Vec<Vec<Action>> = spread(cands, 4).into_iter().map(|c| c.line.actions).collect();
        assert_eq!(order, vec![vec![a, b], vec![d, Action::EndTurn], vec![a, c], vec![a, d]]);
    }

    #[test]
    fn the_beam_keeps_other_parents_and_other_moves() {
        let pos = position();
        let moves: Vec<Action> = (0..8).map(|f| step((f, 0), (f, 1))).collect();
        // Eight children of parent 0, all but one ending with the same move, then two of parent 1.
        let mut ranked: Vec<(usize, Line, f64)> =
            (0..8).map(|i| (0, line(&pos, &[moves[i], moves[if i == 7 { 7 } else { 0 }]]), 1.0)).collect();
        ranked.push((1, line(&pos, &[moves[5], moves[6]]), 0.5));
        ranked.push((1, line(&pos, &[moves[6], moves[5]]), 0.4));
        let kept = diverse(ranked, 4);
        let lasts: Vec<Action> = kept.iter().map(|l| *l.actions.last().expect("a move")).collect();
        // At most two from parent 0 and at most two ending with one move; parent 1 fills the rest.
        assert_eq!(lasts, vec![moves[0], moves[0], moves[6], moves[5]]);
    }
}
