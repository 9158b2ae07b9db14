//! Random games of every shipped scenario that head for contact, for the tests that compare a
//! fast answer of the rules with a slow, obviously right one at every step: most actions are
//! the one of a small sample that lands nearest an enemy, or a capture.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use warlord_rules::{Action, Phase, Position, Ruleset, Scenario};

/// Actions played in one game.
pub const PLIES: usize = 50;

/// A shipped scenario's rules, with options.
pub fn rules_of(id: &str, options: &[(&str, &str)]) -> Arc<dyn Ruleset> {
    let builtin = warlord_scenarios::get(id).expect("a shipped scenario");
    let scenario = Scenario::parse(builtin.text, id).expect("a valid scenario");
    let options: Vec<(String, String)> = options.iter().map(|(k, v)| ((*k).into(), (*v).into())).collect();
    scenario.ruleset(&options).expect("valid options")
}

/// Every shipped scenario, and WarGame 1 with paratroopers.
pub fn all_rules() -> Vec<(String, Arc<dyn Ruleset>)> {
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

/// Plays a random game heading for contact, calling `check` at every step with the step, the
/// position and its legal actions, until the game ends or [`PLIES`] actions are played.
pub fn play(
    name: &str,
    rules: &dyn Ruleset,
    seed: u64,
    mut check: impl FnMut(usize, &Position, &[Action]) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = rules.start();
    for step in 0..PLIES {
        if matches!(pos.phase(), Phase::Over(_)) {
            break;
        }
        let legal = rules.legal_action_list(&pos);
        check(step, &pos, &legal)?;
        let captures = rules.capturing_actions(&pos, &legal);
        let action = if !captures.is_empty() && rng.gen_bool(0.5) {
            captures[rng.gen_range(0..captures.len())].0
        } else if rng.gen_bool(0.15) || legal.len() == 1 {
            legal.choose(&mut rng).copied().unwrap_or(Action::EndTurn)
        } else {
            let sample: Vec<Action> = legal.choose_multiple(&mut rng, 8).copied().collect();
            sample.into_iter().min_by_key(|&a| nearness(&pos, a)).unwrap_or(Action::EndTurn)
        };
        rules.play(&mut pos, action).map_err(|e| TestCaseError::fail(format!("{name}: {action:?}: {e}")))?;
    }
    Ok(())
}
