//! `Ruleset::capturing_actions` against the description of every legal action
//! (`described_captures`, the default any family may keep): in random games of every shipped
//! scenario (so every family, and WarGame 1 with its paratroopers too), at every step the
//! listing is exactly the legal actions whose description takes something, with the first
//! piece each takes, in the order `legal_actions` lists them; and `Ruleset::count_and_captures`
//! (which a family may compute without keeping every action) counts the listing and gives the
//! same captures.

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
        let counted = rules.count_and_captures(pos);
        prop_assert_eq!(counted, (legal.len(), fast.clone()), "{}, seed {}, step {}: counted", name, seed, step);
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

/// The count where a piece's rules reach the same square twice (a walk and a short line: the
/// listing merges them) and where the options that add or forbid actions are on (the
/// cannon-leader swap, self-activating knights, at least one move a turn): every step of
/// random games agrees with the listing, and swaps and turns that may not pass come up (the
/// Guards' moves come up from the first turn: a count that does not merge them fails here).
#[test]
fn the_count_holds_where_rules_overlap_and_with_the_options_that_change_the_listing() {
    let text = r#"
name = "overlapping rules"
family = "warlord"
[board]
files = 10
ranks = 10
[rules]
moves-per-turn = 3
[options]
cannon-leader-swap = true
self-activating-knights = true
at-least-one-move = true
[[pieces]]
like = "leader"
[[pieces]]
like = "cannon"
symbol = "A"
[[pieces]]
like = "light-cavalry"
[[pieces]]
like = "infantry"
[[pieces]]
name = "Guard"
symbol = "G"
class = "other"
value = 2
moves = [{ walk = 1 }, { line = "orthogonal", max = 2, passing = "slide" }]
[setup]
position = "10/1l2ga1l2/2i1ag2n1/10/10/10/10/2N1GA1I2/1L2AG2L1/10"
"#;
    let scenario = warlord_rules::Scenario::parse(text, "overlap.toml").unwrap_or_else(|e| panic!("{e}"));
    let rules = scenario.ruleset(&[]).expect("valid options");
    let (mut swaps, mut no_pass) = (0, 0);
    for seed in 0..8 {
        contact_games::play("overlap", rules.as_ref(), seed, |step, pos, legal| {
            swaps += legal.iter().filter(|a| matches!(a, warlord_rules::Action::Swap { .. })).count();
            no_pass += usize::from(!legal.contains(&warlord_rules::Action::EndTurn));
            let fast = rules.capturing_actions(pos, legal);
            prop_assert_eq!(rules.count_and_captures(pos), (legal.len(), fast), "seed {}, step {}", seed, step);
            Ok(())
        })
        .expect("the count agrees with the listing");
    }
    assert!(swaps > 0 && no_pass > 0, "swaps listed {swaps}, turns that may not pass {no_pass}");
}
