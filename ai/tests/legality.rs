//! Every agent returns only legal, complete turns on every shipped scenario, in random
//! positions of play and in setup phases.

mod common;

use common::{play_checked, shipped};
use proptest::prelude::*;
use warlord_ai::agents::RandomAgent;
use warlord_ai::{by_name, Agent, Budget, AGENT_NAMES};
use warlord_rules::{Position, Ruleset};

/// The position after `turns` random turns from the start (setups included).
fn random_position(rules: &dyn Ruleset, turns: u32, seed: u64) -> Position {
    let mut pos = rules.start();
    for t in 0..turns {
        if pos.outcome().is_some() {
            break;
        }
        let turn = RandomAgent.choose_turn(rules, &pos, Budget::Nodes(0), seed ^ u64::from(t));
        play_checked(rules, &mut pos, &turn, "random");
    }
    pos
}

fn every_agent_is_legal(rules: &dyn Ruleset, pos: &Position, seed: u64) {
    for name in AGENT_NAMES {
        let agent = by_name(name).unwrap();
        let turn = agent.choose_turn(rules, pos, Budget::Nodes(300), seed);
        if pos.outcome().is_none() {
            play_checked(rules, &mut pos.clone(), &turn, name);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3, ..ProptestConfig::default() })]

    #[test]
    fn agents_play_legal_turns_on_every_shipped_scenario(turns in 0u32..40, seed in any::<u64>()) {
        for builtin in warlord_scenarios::ALL {
            let rules = shipped(builtin.id, &[]);
            let pos = random_position(rules.as_ref(), turns, seed);
            every_agent_is_legal(rules.as_ref(), &pos, seed);
        }
    }

    #[test]
    fn agents_set_up_legally_and_play_on(turns in 0u32..4, seed in any::<u64>()) {
        let rules = shipped("chieftain", &[("free-setup", "true")]);
        let pos = random_position(rules.as_ref(), turns, seed);
        every_agent_is_legal(rules.as_ref(), &pos, seed);
    }
}
