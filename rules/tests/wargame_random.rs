//! Random play of the shipped WarGame 1 scenario: 200 games of random legal actions, each to
//! its end or the turn limit. Every action the rules list is accepted by `play` (all of them
//! in every twentieth position, a random sample in the others, to keep the test fast), each
//! described as it plays, and nothing panics.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use warlord_rules::{Action, Phase, Ruleset, Scenario};

mod wargame_common;

const GAMES: u64 = 200;

/// Plays `games` random games from `rules`' start; returns (games won, pieces captured, shots,
/// tows).
fn random_games(rules: &dyn Ruleset, games: u64, seed: u64) -> (usize, usize, usize, usize) {
    let (mut won, mut captured, mut fired, mut towed) = (0, 0usize, 0, 0);
    for game in 0..games {
        let mut rng = StdRng::seed_from_u64(seed + game);
        let mut pos = rules.start();
        let mut step = 0usize;
        while pos.phase() == &Phase::Play {
            let legal = rules.legal_action_list(&pos);
            assert!(legal.contains(&Action::EndTurn), "a turn may always end");
            let sample: Vec<Action> = if step.is_multiple_of(20) {
                legal.clone()
            } else {
                legal.choose_multiple(&mut rng, 4).copied().collect()
            };
            for &action in &sample {
                let report = rules
                    .play(&mut pos.clone(), action)
                    .unwrap_or_else(|e| panic!("game {game}, step {step}: listed {action:?} refused: {e}"));
                // What `describe` says is what happens (before the end of the turn's surround).
                if !report.turn_ended || action == Action::EndTurn {
                    assert_eq!(rules.describe(&pos, action).captures, report.captured, "game {game}: {action:?}");
                }
            }
            let others: Vec<Action> = legal.iter().copied().filter(|a| *a != Action::EndTurn).collect();
            let forward = |a: &Action| match *a {
                Action::Move { from, to } | Action::Tow { from, to, .. } => {
                    if pos.to_move() == warlord_rules::Side::White {
                        to.rank > from.rank
                    } else {
                        to.rank < from.rank
                    }
                }
                _ => false,
            };
            let shots: Vec<Action> = others.iter().copied().filter(|a| matches!(a, Action::Fire { .. })).collect();
            let ahead: Vec<Action> = others.iter().copied().filter(forward).collect();
            // Rarely a pass (two in a row draw), often the end of a turn begun.
            let end = if pos.actions_this_turn().is_empty() { 0.02 } else { 0.25 };
            let action = if others.is_empty() || rng.gen_bool(end) {
                Action::EndTurn
            } else if !shots.is_empty() && rng.gen_bool(0.8) {
                *shots.choose(&mut rng).unwrap()
            } else if !ahead.is_empty() && rng.gen_bool(0.8) {
                *ahead.choose(&mut rng).unwrap()
            } else {
                *others.choose(&mut rng).unwrap()
            };
            fired += usize::from(matches!(action, Action::Fire { .. }));
            towed += usize::from(matches!(action, Action::Tow { .. }));
            let report = rules.play(&mut pos, action).unwrap_or_else(|e| panic!("game {game}: {action:?}: {e}"));
            captured += report.captured.len();
            step += 1;
            assert!(step < 5000, "game {game} does not end");
        }
        won += usize::from(pos.outcome().is_some_and(|o| o.winner.is_some()));
    }
    (won, captured, fired, towed)
}

#[test]
fn two_hundred_random_games_of_the_scenario_play_every_listed_action() {
    let b = warlord_scenarios::get("wargame-1").expect("the scenario is shipped");
    let s = Scenario::parse(b.text, "wargame-1.toml").unwrap();
    let rules = s.ruleset(&[("turn-limit".into(), "10".into())]).unwrap();
    let (won, captured, fired, towed) = random_games(&*rules, GAMES, 0);
    println!("{won} games won, {captured} pieces captured, {fired} shots, {towed} tows");
    assert!(towed > 0);
}

#[test]
fn random_games_of_a_crowded_board_reach_their_ends() {
    let hills: &[&str] = &["c6", "j7"];
    let trees: &[&str] = &["e6:f6"];
    let towns: &[&str] = &["h5:h6"];
    let (rules, _) = wargame_common::game_with(
        &[("hills", hills), ("trees", trees), ("towns", towns)],
        &["CP@f1", "SC@g1", "TC@c2", "TC@j2", "IC@e2", "AC@h2", "T@b4:e4", "I@f4:i4", "A@d3:g3", "I@b3", "I@k3"],
        &[
            "CP@f12",
            "SC@g12",
            "TC@c11",
            "TC@j11",
            "IC@e11",
            "AC@h11",
            "T@b9:e9",
            "I@f9:i9",
            "A@d10:g10",
            "I@b10",
            "I@k10",
        ],
        &[("turn-limit", "80")],
    );
    let (won, captured, fired, towed) = random_games(&rules, 20, 1000);
    println!("{won} games won, {captured} pieces captured, {fired} shots, {towed} tows");
    assert!(won > 0 && captured > 0 && fired > 0 && towed > 0);
}
