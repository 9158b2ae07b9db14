//! Long turns: the best-ranked candidate mended against the strikes of its capture reply.

use super::capture_reply::{capture_exchange, capture_reply};
use super::{Candidate, Champion};
use crate::budget::{Budget, Meter};
use crate::eval::Evaluator;
use crate::turn::{pick, Line};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::time::Instant;
use warlord_rules::{Action, Position, Ruleset, Side, Square};

/// How near, in king steps, an action must end to a struck square (or the piece that struck it)
/// to be tried as a defence: a piece that can then take back, block or cover, or a commander
/// within range of one.
const DEFENDING_STEPS: u32 = 2;

/// Mended turns built and judged at once (one per core here, and a fixed number so that a node
/// budget gives the same turn on any machine).
const MENDS_AT_ONCE: u64 = 2;

/// The squares a capture reply from `pos` strikes (where it takes a piece of `me` or steps onto
/// a square of `objective`) and the squares near which a defence ends.
fn struck(pos: &Position, reply: &Line, me: Side, objective: &[Square]) -> Targets {
    let mut hit = Vec::new();
    let mut near = Vec::new();
    for action in &reply.actions {
        let Some(to) = action.destination() else { continue };
        let mine = pos.piece_at(to).is_some_and(|p| p.side == me);
        if mine || objective.contains(&to) {
            hit.push(to);
            near.push(to);
            near.extend(action.origin());
        }
    }
    Targets { hit, near }
}

/// `genes` (a finished turn from `pos`) with the action at a random place replaced by a
/// defence against `targets`: an action that ends within [`DEFENDING_STEPS`] of a square near
/// which a defence ends, or moves a piece off a struck square. The actions after it are replayed where still legal and
/// dropped where not; the turn then ends. None where no defence is legal at the place drawn,
/// or once `meter` is spent.
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
    let defences: Vec<Action> = line
        .legal(rules)
        .into_iter()
        .filter(|a| {
            a.destination().is_some_and(|to| targets.near.iter().any(|&s| board.distance(to, s) <= DEFENDING_STEPS))
                || a.origin().is_some_and(|from| targets.hit.contains(&from))
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
        if line.legal(rules).contains(&gene) {
            line.push(rules, gene, meter);
        }
    }
    if !line.done {
        if line.legal(rules).contains(&Action::EndTurn) {
            line.push(rules, Action::EndTurn, meter);
        } else {
            line.finish_randomly(rules, rng, meter);
        }
    }
    Some(line)
}

/// The squares the opponent's capture reply to a candidate strikes, and those near which a
/// defence ends: the struck squares and the squares the strikers came from.
struct Targets {
    hit: Vec<Square>,
    near: Vec<Square>,
}

impl Champion {
    /// The best of `cands` (ranked, best first, the first worth `best_value` after its capture
    /// exchange) mended while `budget` lasts: the strikes of the opponent's capture reply to it
    /// are found, turns with one action replaced by a defence against them ([`mended`]) are
    /// judged by the exchange as the ranking judged them, and a better one becomes the best,
    /// whose reply is looked at again. Stops when the reply strikes nothing. Returns the
    /// candidates, the mended best first, and the nodes used.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn mend(
        &self,
        eval: &Evaluator,
        rules: &dyn Ruleset,
        pos: &Position,
        mut cands: Vec<Candidate>,
        best_value: f64,
        budget: Budget,
        start: Instant,
        seed: u64,
    ) -> (Vec<Candidate>, u64) {
        let me = pos.to_move();
        let objective = rules.objective().map_or(&[][..], |o| &o.squares[..]);
        let mut meter = Meter::until(budget, start);
        let mut value = best_value;
        let mut round = 0u64;
        let mut targets: Option<Targets> = None;
        while let Some(best) = cands.first() {
            if meter.spent() || best.line.pos.outcome().is_some() {
                break;
            }
            if targets.is_none() {
                let reply = capture_reply(eval, rules, &best.line.pos, &mut meter);
                if meter.spent() {
                    break;
                }
                targets = Some(struck(&best.line.pos, &reply, me, objective));
            }
            let Some(found) = &targets else { break };
            if found.hit.is_empty() {
                break;
            }
            let genes = &best.line.actions;
            let used = meter.used();
            let tries: Vec<(Option<Line>, u64)> = (0..MENDS_AT_ONCE)
                .into_par_iter()
                .map(|k| {
                    let mut rng = StdRng::seed_from_u64(seed ^ round.wrapping_mul(MENDS_AT_ONCE).wrapping_add(k));
                    let mut m = match budget {
                        Budget::Nodes(n) => Meter::start(Budget::Nodes(n.saturating_sub(used) / MENDS_AT_ONCE)),
                        time => Meter::until(time, start),
                    };
                    (mended(rules, pos, genes, found, &mut rng, &mut m), m.used())
                })
                .collect();
            round += 1;
            meter.charge(tries.iter().map(|t| t.1).sum());
            let mut tried = Vec::new();
            for line in tries.into_iter().filter_map(|t| t.0) {
                let own = eval.value_for(rules, &line.pos, me, &mut meter);
                tried.push(Candidate { line, value: own });
            }
            let left = match budget {
                Budget::Nodes(n) => Budget::Nodes(n.saturating_sub(meter.used())),
                time => time,
            };
            let (values, used) = self
                .values_after_replies(eval, rules, me, &tried, left, start, |p, m| capture_exchange(eval, rules, p, m));
            meter.charge(used);
            let better = values.iter().enumerate().filter(|v| *v.1 > value).max_by(|a, b| a.1.total_cmp(b.1));
            if let Some((i, &v)) = better {
                value = v;
                cands.insert(0, tried.swap_remove(i));
                targets = None;
            }
        }
        (cands, meter.used())
    }
}

#[cfg(test)]
mod tests {
    use super::super::replies::judged;
    use super::super::test_support::{skirmish, step};
    use super::*;

    #[test]
    fn a_turn_that_leaves_a_piece_to_be_taken_is_mended() {
        // Black's infantry on d4 stands next to White's on e3, which White's leader on h1
        // commands. Black's candidate steps its leader from c6 to c7 and leaves the infantry
        // there; the capture reply takes it. A mended turn saves it (or takes first).
        let (rules, pos) = skirmish("8/8/2l5/8/3i4/4I3/5L2/8");
        let eval = Evaluator::default();
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let mut line = Line::start(&pos).then(rules.as_ref(), step((2, 5), (2, 6)), &mut meter);
        if !line.done {
            line.push(rules.as_ref(), Action::EndTurn, &mut meter);
        }
        assert_eq!(line.pos.to_move(), Side::White);
        let exchanged = |l: &Line, meter: &mut Meter| {
            let answer = capture_exchange(&eval, rules.as_ref(), &l.pos, meter);
            eval.value_for(rules.as_ref(), &answer.pos, Side::Black, meter)
        };
        let before = exchanged(&line, &mut meter);
        let own = eval.value_for(rules.as_ref(), &line.pos, Side::Black, &mut meter);
        let cands = vec![Candidate { line: line.clone(), value: own }];
        let start = Instant::now();
        let (mended, used) = Champion::default().mend(
            &eval,
            rules.as_ref(),
            &pos,
            cands,
            judged(before, own),
            Budget::Nodes(20_000),
            start,
            7,
        );
        assert!(used > 0 && used <= 20_000, "{used}");
        let best = &mended[0].line;
        assert_ne!(best.actions, line.actions);
        assert!(exchanged(best, &mut meter) > before, "{:?}", best.actions);
        let reply = capture_reply(&eval, rules.as_ref(), &best.pos, &mut meter);
        assert_eq!(reply.pos.piece_count(Side::Black), best.pos.piece_count(Side::Black), "{:?}", reply.actions);
        // The same seed and node budget mend the same way.
        let again = Champion::default().mend(
            &eval,
            rules.as_ref(),
            &pos,
            vec![Candidate { line, value: own }],
            judged(before, own),
            Budget::Nodes(20_000),
            start,
            7,
        );
        assert_eq!(again.0[0].line.actions, best.actions);
    }

    #[test]
    fn a_turn_whose_reply_strikes_nothing_is_left_as_it_is() {
        // Nothing of Black's stands within White's reach.
        let (rules, pos) = skirmish("8/8/2l5/8/3i4/8/8/7L");
        let eval = Evaluator::default();
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let line = Line::start(&pos).then(rules.as_ref(), Action::EndTurn, &mut meter);
        let cands = vec![Candidate { line: line.clone(), value: 0.5 }];
        let (mended, _) =
            Champion::default().mend(&eval, rules.as_ref(), &pos, cands, 0.5, Budget::Nodes(20_000), Instant::now(), 7);
        assert_eq!(mended.len(), 1);
        assert_eq!(mended[0].line.actions, line.actions);
    }
}
