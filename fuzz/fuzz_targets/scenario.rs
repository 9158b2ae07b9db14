//! `Scenario::parse` on arbitrary text; a valid scenario is built into rules and a few legal
//! actions are played in it. The input is the scenario text, then optionally a NUL byte and
//! bytes choosing the actions.
#![no_main]

use libfuzzer_sys::fuzz_target;
use warlord_rules::Scenario;

fuzz_target!(|data: &[u8]| {
    let (text, picks) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let Ok(text) = std::str::from_utf8(text) else { return };
    let Ok(scenario) = Scenario::parse(text, "fuzz.toml") else { return };
    let Ok(rules) = scenario.ruleset(&[]) else { return };
    let mut pos = rules.start();
    let mut actions = Vec::new();
    for &pick in picks.iter().take(16) {
        actions.clear();
        rules.legal_actions(&pos, &mut actions);
        if actions.is_empty() {
            break;
        }
        let action = actions[usize::from(pick) % actions.len()];
        if let Some(from) = action.origin() {
            let _ = rules.commanders_of(&pos, from);
        }
        rules.play(&mut pos, action).expect("a legal action is accepted");
    }
});
