//! The evaluation's features from the rules' listing of capturing actions
//! (`Ruleset::capturing_actions`, which WarGame lists without describing every action) are the
//! features from the description of every legal action (`described_captures`, how `extract`
//! found the threats before): the same values, on the starts and on positions of random games
//! of scenarios of every family, WarGame 2's largest included.

mod common;

use common::shipped;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use warlord_ai::eval::features::{extract, extract_with, NAMES};
use warlord_rules::{described_captures, Action, Phase};

/// The feature `name`'s index.
fn index(name: &str) -> usize {
    NAMES.iter().position(|n| *n == name).unwrap_or_else(|| panic!("no feature {name}"))
}

#[test]
fn the_features_are_those_of_the_described_captures() {
    let threat = index("threat");
    for (id, plies) in [
        ("chieftain", 60),
        ("clash-of-arms", 60),
        ("medieval", 60),
        ("wargame-1-skirmish", 60),
        ("wargame-2-skirmish", 60),
        ("wargame-2", 12),
    ] {
        let rules = shipped(id, &[]);
        let mut threatened = 0;
        for seed in 0..2 {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = rules.start();
            for step in 0..plies {
                if matches!(pos.phase(), Phase::Over(_)) {
                    break;
                }
                let legal = rules.legal_action_list(&pos);
                let fast = extract(rules.as_ref(), &pos, &legal);
                let slow =
                    extract_with(rules.as_ref(), &pos, &legal, &described_captures(rules.as_ref(), &pos, &legal));
                assert_eq!(fast, slow, "{id}, seed {seed}, step {step}");
                threatened += usize::from(fast[threat] > 0.0);
                // Half the time a capture, when there is one, so that armies meet.
                let captures = rules.capturing_actions(&pos, &legal);
                let action = match captures.choose(&mut rng) {
                    Some((a, _)) if rng.gen_bool(0.5) => *a,
                    _ => legal.choose(&mut rng).copied().unwrap_or(Action::EndTurn),
                };
                rules.play(&mut pos, action).unwrap_or_else(|e| panic!("{id}: {action:?}: {e}"));
            }
        }
        // The skirmishes and the 16x12 and 8x8 boards bring pieces into contact at random.
        if id != "wargame-2" {
            assert!(threatened > 0, "{id}: no position with a threat was compared");
        }
    }
}
