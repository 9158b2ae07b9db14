//! `Ruleset::capturing_actions` against the description of every legal action
//! (`described_captures`, the default any family may keep): in random games of every shipped
//! scenario (so every family, and WarGame 1 with its paratroopers too), at every step the
//! listing is exactly the legal actions whose description takes something, with the first
//! piece each takes, in the order `legal_actions` lists them. The games head for contact: most
//! actions are the one of a small sample that lands nearest an enemy, or a capture.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use warlord_rules::{described_captures, Action, Phase, Position, Ruleset, Scenario};

/// Actions played in one game.
const PLIES: usize = 50;

/// A shipped scenario's rules, with options.
fn rules_of(id: &str, options: &[(&str, &str)]) -> Arc<dyn Ruleset> {
    let builtin = warlord_scenarios::get(id).expect("a shipped scenario");
    let scenario = Scenario::parse(builtin.text, id).expect("a valid scenario");
    let options: Vec<(String, String)> = options.iter().map(|(k, v)| ((*k).into(), (*v).into())).collect();
    scenario.ruleset(&options).expect("valid options")
}

/// Every shipped scenario, and WarGame 1 with paratroopers.
fn all_rules() -> Vec<(String, Arc<dyn Ruleset>)> {
    let mut out: Vec<(String, Arc<dyn Ruleset>)> =
        warlord_scenarios::ALL.iter().map(|b| (b.id.to_string(), rules_of(b.id, &[]))).collect();
    out.push(("wargame-1 with paratroops".into(), rules_of("wargame-1", &[("paratroops", "8")])));
    out
}

/// How near an action lands to the nearest enemy piece (smaller is nearer).
fn nearness(pos: &Position, action: Action) -> u32 {
    let Some(to) = action.destination() else { return u32::MAX };
    let enemy = pos.to_move().opponent();
    pos.pieces(enemy).map(|(sq, _)| pos.board().distance(sq, to)).min().unwrap_or(u32::MAX)
}

/// Plays a random game heading for contact; checks the listing at every step and returns the
/// number of steps at which something could be captured.
fn check_game(name: &str, rules: &dyn Ruleset, seed: u64) -> Result<usize, TestCaseError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = rules.start();
    let mut with_captures = 0;
    for step in 0..PLIES {
        if matches!(pos.phase(), Phase::Over(_)) {
            break;
        }
        let legal = rules.legal_action_list(&pos);
        let fast = rules.capturing_actions(&pos, &legal);
        let described = described_captures(rules, &pos, &legal);
        prop_assert_eq!(&fast, &described, "{}, seed {}, step {}", name, seed, step);
        with_captures += usize::from(!fast.is_empty());
        let action = if !fast.is_empty() && rng.gen_bool(0.5) {
            fast[rng.gen_range(0..fast.len())].0
        } else if rng.gen_bool(0.15) || legal.len() == 1 {
            legal.choose(&mut rng).copied().unwrap_or(Action::EndTurn)
        } else {
            let sample: Vec<Action> = legal.choose_multiple(&mut rng, 8).copied().collect();
            sample.into_iter().min_by_key(|&a| nearness(&pos, a)).unwrap_or(Action::EndTurn)
        };
        rules.play(&mut pos, action).map_err(|e| TestCaseError::fail(format!("{name}: {action:?}: {e}")))?;
    }
    Ok(with_captures)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, max_shrink_iters: 0, ..ProptestConfig::default() })]

    #[test]
    fn the_capturing_actions_are_the_described_captures(which in 0usize..64, seed in any::<u64>()) {
        let all = all_rules();
        let (name, rules) = &all[which % all.len()];
        check_game(name, rules.as_ref(), seed)?;
    }
}

/// The check is not vacuous: in fixed games of one scenario of each family, positions with
/// captures come up and are compared.
#[test]
fn captures_come_up_in_every_family() {
    for id in ["chieftain", "clash-of-arms", "medieval", "wargame-1-skirmish", "wargame-2-skirmish"] {
        let rules = rules_of(id, &[]);
        let found: usize = (0..4).map(|seed| check_game(id, rules.as_ref(), seed).expect("the listings agree")).sum();
        assert!(found > 0, "{id}: no position with a capture in four games");
    }
}
