//! `Ruleset::is_legal`, which a family may answer by checking the one action, against looking
//! it up in the listing of `legal_actions` (`is_listed`, the default): in random games of every shipped
//! scenario, at every step, for the legal actions, for the actions legal a few steps earlier
//! in the same game (what a search that carries actions from one position to another asks
//! about) and for moves bent to a neighbouring square or turned back.

mod contact_games;

use contact_games::{all_rules, rules_of};
use proptest::prelude::*;
use warlord_rules::{Action, Position, Ruleset};

/// How many earlier steps' actions are asked about again.
const EARLIER: usize = 6;

/// The same action from or to a neighbouring square, and a move turned back.
fn bent(pos: &Position, action: Action) -> Vec<Action> {
    let board = pos.board();
    let near = |sq| board.neighbours(sq).collect::<Vec<_>>();
    match action {
        Action::Move { from, to } => {
            let mut out: Vec<Action> = near(to).into_iter().map(|to| Action::Move { from, to }).collect();
            out.extend(near(from).into_iter().map(|from| Action::Move { from, to }));
            out.push(Action::Move { from: to, to: from });
            out
        }
        _ => Vec::new(),
    }
}

/// Counts of the actions asked about in one game: (legal, not legal).
fn check_game(name: &str, rules: &dyn Ruleset, seed: u64) -> Result<(usize, usize), TestCaseError> {
    let mut earlier: Vec<Vec<Action>> = Vec::new();
    let (mut yes, mut no) = (0, 0);
    contact_games::play(name, rules, seed, |step, pos, legal| {
        let mut asked: Vec<Action> = legal.to_vec();
        asked.extend(earlier.iter().flatten().copied());
        asked.extend(legal.iter().step_by(7).flat_map(|&a| bent(pos, a)));
        for action in asked {
            let listed = legal.contains(&action);
            prop_assert_eq!(
                rules.is_legal(pos, action),
                listed,
                "{}, seed {}, step {}: {:?}",
                name,
                seed,
                step,
                action
            );
            if listed {
                yes += 1;
            } else {
                no += 1;
            }
        }
        earlier.push(legal.to_vec());
        if earlier.len() > EARLIER {
            earlier.remove(0);
        }
        Ok(())
    })?;
    Ok((yes, no))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, max_shrink_iters: 0, ..ProptestConfig::default() })]

    #[test]
    fn an_action_is_legal_exactly_when_it_is_listed(which in 0usize..64, seed in any::<u64>()) {
        let all = all_rules();
        let (name, rules) = &all[which % all.len()];
        check_game(name, rules.as_ref(), seed)?;
    }
}

/// The check is not vacuous: in fixed games of one scenario of each family, both legal actions
/// and actions that are not are asked about.
#[test]
fn legal_and_illegal_actions_are_asked_about_in_every_family() {
    for id in ["chieftain", "valley-war", "medieval", "wargame-1-skirmish", "wargame-2-skirmish"] {
        let rules = rules_of(id, &[]);
        let (yes, no) = (0..2).fold((0, 0), |(y, n), seed| {
            let (a, b) = check_game(id, rules.as_ref(), seed).expect("is_legal agrees with the listing");
            (y + a, n + b)
        });
        assert!(yes > 100 && no > 100, "{id}: {yes} legal and {no} illegal actions asked about");
    }
}
