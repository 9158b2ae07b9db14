//! Varied openings: the first play turns of a game played by the novice, from the game's seed,
//! then by another agent. An agent that ignores its seed (the champion at a node budget on
//! short turns, where it uses it only to break exact ties) plays one game from every seed
//! against itself, so a match or a study of it counts copies of one game; a few seeded first
//! turns make its games differ.

use crate::agent::Agent;
use crate::agents::Greedy;
use crate::budget::Budget;
use warlord_rules::{Action, Position, Ruleset};

/// `main`, except in the first `turns` play turns of the game (both sides' turns counted),
/// which the novice plays.
pub struct Opening {
    book: Greedy,
    main: Box<dyn Agent>,
    turns: u32,
}

impl Opening {
    /// `main` after `turns` play turns of the novice.
    #[must_use]
    pub fn new(main: Box<dyn Agent>, turns: u32) -> Opening {
        Opening { book: Greedy::novice(), main, turns }
    }
}

impl Agent for Opening {
    /// The main agent's name: the opening is a setting of the match or study, not an agent.
    fn name(&self) -> String {
        self.main.name()
    }

    fn plan_turn(&self, rules: &dyn Ruleset, pos: &Position, budget: Budget, seed: u64) -> Vec<Action> {
        if pos.turns_played() < self.turns {
            self.book.plan_turn(rules, pos, budget, seed)
        } else {
            self.main.plan_turn(rules, pos, budget, seed)
        }
    }

    fn plan_setup(&self, rules: &dyn Ruleset, view: &Position, seed: u64) -> Vec<Action> {
        self.main.plan_setup(rules, view, seed)
    }
}
