//! The agents: baselines and the champion. docs/AI.md explains each.

mod champion;
mod greedy;
mod mcts;
mod oep;
mod opening;
mod random;

pub use champion::{Champion, Look};
pub use greedy::Greedy;
pub use mcts::Mcts;
pub use oep::Oep;
pub use opening::Opening;
pub use random::RandomAgent;
