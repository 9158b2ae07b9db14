//! Throughput of the evaluation (beside the features found the old way, by describing every
//! legal action) and of each agent, on the shipped scenarios' start positions; and of the
//! evaluation and of a champion turn (remembering its evaluations and not) in mid-game
//! positions of the largest (WarGame 2) and of Chieftain Chess; and of the advancing turns where
//! distances are dear, beside one walk over the whole board (docs/BENCHMARKS.md, section "AI").

// criterion's macros define undocumented functions.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use rand::SeedableRng;
use std::sync::Arc;
use warlord_ai::advance::advancing_turns;
use warlord_ai::agents::Champion;
use warlord_ai::eval::features::{extract_with, space};
use warlord_ai::setup::placement;
use warlord_ai::walking::Steps;
use warlord_ai::{by_name, Agent, Budget, Evaluator, Meter, AGENT_NAMES};
use warlord_rules::{described_captures, Action, Phase, Position, Ruleset, Scenario, Side};

/// The scenarios whose evaluation is also measured mid-game.
const EVALUATED: [&str; 2] = ["wargame-2", "chieftain"];

/// The scenarios whose advancing turns are measured, 16 turns into a game ([`mid_game`]): the
/// largest boards, where one walk over every cell is dear, and a board with water, where the
/// advancing turns walk.
const ADVANCING: [&str; 4] = ["fanatics-120x120", "fanatics-120x120-hex", "two-countries-48x72", "river"];

fn rules_of(id: &str) -> Arc<dyn Ruleset> {
    let b = warlord_scenarios::get(id).expect("a shipped scenario");
    Scenario::parse(b.text, id).expect("valid").ruleset(&[]).expect("rules")
}

/// A small deterministic random source (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// A mid-game position: `turns` turns from the first position of play, each action a capture when one is listed,
/// otherwise the one of eight random actions that lands nearest an enemy (so that the armies
/// meet), each turn ended after at most its cap of actions.
fn mid_game(rules: &dyn Ruleset, turns: u32) -> Position {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut pos = first_play_position(rules);
    let enemy_distance = |pos: &Position, a: Action| {
        let enemy = pos.to_move().opponent();
        a.destination()
            .and_then(|to| pos.pieces(enemy).map(|(sq, _)| pos.board().distance(sq, to)).min())
            .unwrap_or(u32::MAX)
    };
    while pos.turns_played() < turns && pos.outcome().is_none() {
        let legal = rules.legal_action_list(&pos);
        let captures = rules.capturing_actions(&pos, &legal);
        let pick = if let Some(&(a, _)) = captures.first() {
            a
        } else {
            let sample: Vec<Action> = (0..8).map(|_| legal[rng.below(legal.len())]).collect();
            sample.into_iter().min_by_key(|&a| enemy_distance(&pos, a)).unwrap_or(Action::EndTurn)
        };
        rules.play(&mut pos, pick).expect("a listed action is legal");
    }
    pos
}

/// The evaluation of `pos` and, beside it, the features found the old way: every legal action
/// described ([`described_captures`]).
fn bench_evaluation(c: &mut Criterion, name: &str, rules: &dyn Ruleset, pos: &Position) {
    let eval = Evaluator::default();
    c.bench_function(&format!("{name}/evaluation"), |b| {
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        b.iter(|| eval.score(rules, pos, &mut meter));
    });
    c.bench_function(&format!("{name}/features-describing-every-action"), |b| {
        b.iter(|| {
            let legal = rules.legal_action_list(pos);
            extract_with(rules, pos, &legal, &described_captures(rules, pos, &legal))
        });
    });
}

/// A champion turn of 20,000 nodes from `pos`, remembering the turn's evaluations (as the
/// champion does) and forgetting them: the same turn (a remembered evaluation counts as a
/// node), in the time the table saves.
fn bench_remembering(c: &mut Criterion, name: &str, rules: &dyn Ruleset, pos: &Position) {
    for (remember, label) in [(true, "remembering"), (false, "forgetting")] {
        let mut champion = Champion::default();
        champion.remember = remember;
        c.bench_function(&format!("{name}/champion-turn-20000n-{label}"), |b| {
            b.iter(|| champion.choose_turn(rules, pos, Budget::Nodes(20_000), 1));
        });
    }
}

/// The advancing turns of the side to move at `pos` (all of them: an unlimited budget), and
/// beside them one walk ([`Steps`]) from the enemy army over the whole board: the work an
/// advancing turn would repeat at each of its steps if it walked where the board has no water
/// (the slowdown of commit 47722aa on the 120x120 boards, docs/AI.md); and space
/// ([`space`]: one search from both armies, where it took a walk from each before commit
/// 497f3b5), which long turns add to every evaluation.
fn bench_advancing(c: &mut Criterion, name: &str, rules: &dyn Ruleset, pos: &Position) {
    c.bench_function(&format!("{name}/advancing-turns"), |b| {
        b.iter(|| {
            let mut meter = Meter::start(Budget::Nodes(u64::MAX));
            advancing_turns(rules, pos, &mut rand::rngs::StdRng::seed_from_u64(1), &mut meter)
        });
    });
    c.bench_function(&format!("{name}/walk-from-the-enemy"), |b| {
        b.iter(|| Steps::from_army(pos, pos.to_move().opponent()));
    });
    c.bench_function(&format!("{name}/space"), |b| b.iter(|| space(pos)));
}

/// The first position of play: the start, with each side's setup (where the scenario has one)
/// placed as the agents place it ([`placement`]).
fn first_play_position(rules: &dyn Ruleset) -> Position {
    let mut pos = rules.start();
    while matches!(pos.phase(), Phase::Setup) {
        let view = rules.view(&pos, Some(pos.to_move()));
        for action in placement(rules, &view, 1) {
            rules.play(&mut pos, action).expect("the agents' placement is legal");
        }
    }
    pos
}

fn bench(c: &mut Criterion) {
    for id in ADVANCING {
        let rules = rules_of(id);
        let pos = mid_game(rules.as_ref(), 16);
        let lines = advancing_turns(
            rules.as_ref(),
            &pos,
            &mut rand::rngs::StdRng::seed_from_u64(1),
            &mut Meter::start(Budget::Nodes(u64::MAX)),
        );
        let actions: Vec<usize> = lines.iter().map(|l| l.actions.len()).collect();
        let pieces = [Side::White, Side::Black].map(|side| pos.pieces(side).count());
        eprintln!("{id} after {} turns: pieces {pieces:?}, advancing turns of {actions:?} actions", pos.turns_played());
        bench_advancing(c, id, rules.as_ref(), &pos);
    }
    for id in EVALUATED {
        let rules = rules_of(id);
        let pos = mid_game(rules.as_ref(), 16);
        let legal = rules.legal_action_list(&pos);
        let captures = rules.capturing_actions(&pos, &legal).len();
        eprintln!("{id} mid-game: {} turns, {} legal actions, {captures} captures", pos.turns_played(), legal.len());
        bench_evaluation(c, &format!("{id}-mid-game"), rules.as_ref(), &pos);
        bench_remembering(c, &format!("{id}-mid-game"), rules.as_ref(), &pos);
    }
    for builtin in warlord_scenarios::ALL {
        let rules = rules_of(builtin.id);
        let pos = rules.start();
        bench_evaluation(c, builtin.id, rules.as_ref(), &pos);
        for name in AGENT_NAMES {
            let agent = by_name(name).expect("a known agent");
            c.bench_function(&format!("{}/{name}-turn-2000n", builtin.id), |b| {
                b.iter(|| agent.choose_turn(rules.as_ref(), &pos, Budget::Nodes(2000), 1));
            });
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
