//! Playing actions and whole turns on copies of positions, for search.

use crate::budget::Meter;
use rand::Rng;
use warlord_rules::{Action, Position, Ruleset};

/// A position reached by playing some actions of the turn in progress.
#[derive(Clone, Debug)]
pub struct Line {
    /// The actions played, in order.
    pub actions: Vec<Action>,
    /// The position after them.
    pub pos: Position,
    /// Whether the turn (or the game) has ended.
    pub done: bool,
}

impl Line {
    /// The empty line from a position.
    #[must_use]
    pub fn start(pos: &Position) -> Line {
        Line { actions: Vec::new(), pos: pos.clone(), done: pos.outcome().is_some() }
    }

    /// This line extended by a legal action (one node of work).
    #[must_use]
    pub fn then(&self, rules: &dyn Ruleset, action: Action, meter: &mut Meter) -> Line {
        let mut next = self.clone();
        next.push(rules, action, meter);
        next
    }

    /// Plays a legal action at the end of this line (one node of work).
    pub fn push(&mut self, rules: &dyn Ruleset, action: Action, meter: &mut Meter) {
        meter.tick();
        let report = rules.play_unchecked(&mut self.pos, action);
        self.actions.push(action);
        self.done = report.turn_ended || report.outcome.is_some();
    }

    /// The legal actions at the end of the line.
    #[must_use]
    pub fn legal(&self, rules: &dyn Ruleset) -> Vec<Action> {
        if self.done {
            Vec::new()
        } else {
            rules.legal_action_list(&self.pos)
        }
    }

    /// Whether `action` is legal at the end of the line: the rules check the one action
    /// ([`Ruleset::is_legal`]) instead of listing them all.
    #[must_use]
    pub fn allows(&self, rules: &dyn Ruleset, action: Action) -> bool {
        !self.done && rules.is_legal(&self.pos, action)
    }

    /// Finishes the turn with uniformly random legal actions.
    pub fn finish_randomly(&mut self, rules: &dyn Ruleset, rng: &mut impl Rng, meter: &mut Meter) {
        while !self.done {
            let legal = self.legal(rules);
            let Some(&action) = pick(&legal, rng) else { break };
            self.push(rules, action, meter);
        }
    }
}

/// A uniformly random element of a slice.
pub fn pick<'a, T>(items: &'a [T], rng: &mut impl Rng) -> Option<&'a T> {
    if items.is_empty() {
        None
    } else {
        Some(&items[rng.gen_range(0..items.len())])
    }
}
