//! `Ruleset::capturing_actions` against the description of every legal action
//! (`described_captures`, the default any family may keep): in random games of every shipped
//! scenario (so every family, and WarGame 1 with its paratroopers too), at every step the
//! listing is exactly the legal actions whose description takes something, with the first
//! piece each takes, in the order `legal_actions` lists them.

mod contact_games;

use contact_games::{all_rules, rules_of};
use proptest::prelude::*;
use warlord_rules::{described_captures, Ruleset};

/// Compares the listing with the descriptions at every step of a game; returns the number of
/// steps at which something could be captured.
fn check_game(name: &str, rules: &dyn Ruleset, seed: u64) -> Result<usize, TestCaseError> {
    let mut with_captures = 0;
    contact_games::play(name, rules, seed, |step, pos, legal| {
        let fast = rules.capturing_actions(pos, legal);
        let described = described_captures(rules, pos, legal);
        prop_assert_eq!(&fast, &described, "{}, seed {}, step {}", name, seed, step);
        with_captures += usize::from(!fast.is_empty());
        Ok(())
    })?;
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
