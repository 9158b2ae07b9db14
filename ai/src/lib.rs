//! Agents that plan whole turns for any [`warlord_rules::Ruleset`]: a position, a budget and a
//! seed give a whole legal turn. See docs/AI.md.
//!
//! - [`agent`]: the [`Agent`] interface and agents by name.
//! - [`agents`]: random, greedy, OEP, MCTS and the champion.
//! - [`eval`]: the family-generic evaluation and its weights.
//! - [`advance`]: advancing turns, a cheap plan for closing in when nothing is in reach.
//! - [`walking`]: walking distances round water, for closing in on the enemy.
//! - [`levels`]: the levels a person picks an opponent by.
//! - [`setup`]: placements for setup phases.
//! - [`arena`]: matches between agents (parallel games, Elo, SPRT, records).
//! - [`tune`]: self-play data and the logistic-regression fit of the weights.

pub mod advance;
pub mod agent;
pub mod agents;
pub mod analysis;
pub mod arena;
pub mod budget;
pub mod eval;
pub mod levels;
pub mod setup;
pub mod tune;
pub mod turn;
pub mod walking;

pub use agent::{by_name, by_name_with, Agent, AGENT_NAMES};
pub use budget::{Budget, Meter};
pub use eval::{Evaluator, Weights};
pub use levels::{Level, LEVELS};
