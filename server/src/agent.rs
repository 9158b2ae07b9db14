//! The AI seat's player, behind the interface the `warlord-ai` agents have (position + budget +
//! seed -> a whole turn). Until those agents land, the server plays random legal turns;
//! swapping in the real agent is the one line of [`default_agent`].

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::Duration;
use warlord_rules::{Action, Position, Ruleset};

/// Plans whole turns.
pub trait Agent: Send + Sync + std::fmt::Debug {
    /// A whole legal turn for the side to move, ending the turn (the last action is
    /// `Action::EndTurn` unless the rules ended the turn or the game by themselves). Runs on a
    /// blocking thread and should stay within `budget`; `seed` makes it reproducible.
    fn plan_turn(&self, rules: &dyn Ruleset, pos: &Position, budget: Duration, seed: u64) -> Vec<Action>;
}

/// Plays uniformly random legal actions until its turn ends.
#[derive(Copy, Clone, Debug, Default)]
pub struct RandomMover;

impl Agent for RandomMover {
    fn plan_turn(&self, rules: &dyn Ruleset, pos: &Position, _budget: Duration, seed: u64) -> Vec<Action> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = pos.clone();
        let mut turn = Vec::new();
        let mut legal = Vec::new();
        // A turn is bounded by the rules; the bound here only guards against a faulty family.
        for _ in 0..10_000 {
            legal.clear();
            rules.legal_actions(&pos, &mut legal);
            if legal.is_empty() {
                break;
            }
            let action = legal[rng.gen_range(0..legal.len())];
            let report = rules.play_unchecked(&mut pos, action);
            turn.push(action);
            if report.turn_ended || report.outcome.is_some() {
                break;
            }
        }
        turn
    }
}

/// The agent the server plays with.
#[must_use]
pub fn default_agent() -> Arc<dyn Agent> {
    Arc::new(RandomMover)
}

/// The thinking time for an AI level (1 to 8): 50 ms doubled per level, up to 6.4 s.
#[must_use]
pub fn budget(level: u8) -> Duration {
    Duration::from_millis(50 << u32::from(level.clamp(1, 8) - 1))
}
