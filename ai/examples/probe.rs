//! Times one turn of each agent at a budget on a shipped scenario (after the champion's setups,
//! if it starts with one): `probe <scenario> <budget>`.

use std::time::Instant;
use warlord_ai::{by_name, Budget, AGENT_NAMES};
use warlord_rules::Scenario;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id = args.get(1).map_or("chieftain", String::as_str);
    let budget = Budget::parse(args.get(2).map_or("100ms", String::as_str)).expect("a budget");
    let b = warlord_scenarios::get(id).expect("a shipped scenario");
    let rules = Scenario::parse(b.text, id).expect("valid").ruleset(&[]).expect("rules");
    let mut pos = rules.start();
    while *pos.phase() == warlord_rules::Phase::Setup {
        for action in by_name("champion").expect("known").choose_turn(rules.as_ref(), &pos, budget, 1) {
            rules.play(&mut pos, action).expect("a legal setup");
        }
    }
    println!("{id}: {} legal actions at the start of play", rules.legal_action_list(&pos).len());
    for name in AGENT_NAMES {
        let agent = by_name(name).expect("known");
        let t = Instant::now();
        let turn = agent.choose_turn(rules.as_ref(), &pos, budget, 1);
        println!("{name:9} {:>8.1} ms  {turn:?}", t.elapsed().as_secs_f64() * 1000.0);
    }
}
