//! One game between two agents, played through the checked rules and written as a record.

use crate::agent::Agent;
use crate::budget::Budget;
use std::time::{Duration, Instant};
use warlord_rules::notation::{Record, RecordTurn};
use warlord_rules::{Action, Outcome, Phase, Position, Ruleset, Side};

/// A finished (or abandoned) game.
#[derive(Clone, Debug)]
pub struct Game {
    /// The result; `None` if the game reached the safety cap on turns without ending.
    pub outcome: Option<Outcome>,
    /// Turns of the play phase.
    pub turns: u32,
    /// The turns as a record (setup turns included), without tags.
    pub record: Record,
    /// How long each side took for each of its play turns.
    pub times: [Vec<Duration>; 2],
}

/// Plays a game from the rules' start: `agents[0]` is White. Every action goes through
/// [`Ruleset::play`], so an agent's illegal action is an error naming the agent, the turn and
/// the reason. Each agent thinks on its own budget (`budgets[0]` White's). The game is abandoned
/// after `max_turns` turns.
pub fn play_game(
    rules: &dyn Ruleset,
    agents: [&dyn Agent; 2],
    budgets: [Budget; 2],
    seed: u64,
    max_turns: u32,
) -> Result<Game, String> {
    play_game_from(rules, &rules.start(), 0, agents, budgets, seed, max_turns)
}

/// Plays a game on from `start`, a position reached by `played` turns (setup turns included:
/// the record's turns are numbered on from them), as [`play_game`] plays one from the start.
/// The game's record holds only the turns played here; `turns` and `times` count only them.
pub fn play_game_from(
    rules: &dyn Ruleset,
    start: &Position,
    played: u32,
    agents: [&dyn Agent; 2],
    budgets: [Budget; 2],
    seed: u64,
    max_turns: u32,
) -> Result<Game, String> {
    let mut pos = start.clone();
    let mut game = Game { outcome: None, turns: 0, record: Record::default(), times: [Vec::new(), Vec::new()] };
    let mut index: u32 = played;
    while pos.outcome().is_none() && game.turns < max_turns {
        let side = pos.to_move();
        let agent = agents[side.index()];
        let in_play = *pos.phase() == Phase::Play;
        let started = Instant::now();
        let turn_seed = seed ^ u64::from(index).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let actions = agent.choose_turn(rules, &pos, budgets[side.index()], turn_seed);
        let took = started.elapsed();
        let mut ended = false;
        for (i, &action) in actions.iter().enumerate() {
            let fail = |why: String| {
                format!(
                    "turn {} ({side}): {} played an illegal turn {actions:?}: action {i}: {why}",
                    index + 1,
                    agent.name()
                )
            };
            if ended {
                return Err(fail("the turn had already ended".into()));
            }
            let report = rules.play(&mut pos, action).map_err(|e| fail(e.reason))?;
            ended = report.turn_ended || report.outcome.is_some();
        }
        if !ended {
            return Err(format!(
                "turn {} ({side}): {} returned a turn that does not end: {actions:?}",
                index + 1,
                agent.name()
            ));
        }
        if in_play {
            game.times[side.index()].push(took);
            game.turns += 1;
        }
        game.record.turns.push(RecordTurn {
            number: index / 2 + 1,
            second: index % 2 == 1,
            actions: actions.into_iter().filter(|a| *a != Action::EndTurn).collect(),
            texts: Vec::new(),
            ..RecordTurn::default()
        });
        index += 1;
    }
    game.outcome = pos.outcome().copied();
    Ok(game)
}

/// The score of a game for one side: 1, 1/2 (draws and abandoned games) or 0.
#[must_use]
pub fn score_for(outcome: Option<&Outcome>, side: Side) -> f64 {
    match outcome.and_then(|o| o.winner) {
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}
