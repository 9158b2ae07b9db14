//! Writing a record and reading it back is the identity: random games of shipped scenarios of
//! every family (moves, attacks, shots, tows, placements, passes; WarGame 1's paratroopers'
//! preparations and leaps with the option `paratroops`), with random comments, give
//! the same tags, turns, actions and comments back, and replay to the same position.

use proptest::prelude::*;
use warlord_rules::notation::{replay, Record};
use warlord_rules::{Action, Phase, Ruleset, Scenario, Side};

/// A shipped scenario's rules with options (`name=value`, or nothing).
fn rules(id: &str, option: &str) -> std::sync::Arc<dyn Ruleset> {
    let file = warlord_scenarios::get(id).expect("a shipped scenario");
    let options: Vec<(String, String)> =
        option.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())).into_iter().collect();
    Scenario::parse(file.text, id).unwrap().ruleset(&options).unwrap()
}

/// A game of up to `turns` turns from the start, each action picked by the next number of
/// `picks` among the legal ones, with the history of each turn's side and actions.
fn random_history(rules: &dyn Ruleset, picks: &[u16], turns: usize) -> Vec<(Side, Vec<Action>)> {
    let mut pos = rules.start();
    let mut history: Vec<(Side, Vec<Action>)> = Vec::new();
    let mut picks = picks.iter().cycle();
    while history.len() < turns && matches!(pos.phase(), Phase::Play | Phase::Setup) {
        let side = pos.to_move();
        let mut actions = Vec::new();
        loop {
            let legal = rules.legal_action_list(&pos);
            let action = legal[usize::from(*picks.next().unwrap_or(&0)) % legal.len()];
            let report = rules.play(&mut pos, action).unwrap();
            actions.push(action);
            if report.turn_ended || report.outcome.is_some() {
                break;
            }
        }
        history.push((side, actions));
    }
    history
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn a_written_record_reads_back_the_same(
        (scenario, option) in prop::sample::select(vec![
            ("chieftain", ""),
            ("medieval", ""),
            ("wargame-1-skirmish", ""),
            ("wargame-1-skirmish", "paratroops=2"),
            ("border-war", ""),
        ]),
        picks in prop::collection::vec(any::<u16>(), 1..64),
        turns in 1usize..12,
        comments in prop::collection::vec(prop::option::of("[a-z][a-z ,.!?']{0,30}[a-z]"), 12),
    ) {
        let rules = rules(scenario, option);
        let pieces = rules.pieces();
        let history = random_history(&*rules, &picks, turns);
        let mut tags = vec![("Scenario".to_string(), scenario.to_string()), ("Event".to_string(), "a \"test\"".to_string())];
        if !option.is_empty() {
            tags.push(("Option".to_string(), option.to_string()));
        }
        let mut record = Record::from_history(tags, &history, pieces);
        for (turn, comment) in record.turns.iter_mut().zip(&comments) {
            turn.comment.clone_from(comment);
        }
        let text = record.to_text(pieces);
        let read = Record::parse(&text, pieces).unwrap();
        prop_assert!(read.problems().is_empty(), "{text}\n{:?}", read.problems());
        prop_assert_eq!(&read.tags, &record.tags);
        prop_assert_eq!(read.turns.len(), record.turns.len());
        for (a, b) in read.turns.iter().zip(&record.turns) {
            prop_assert_eq!((a.number, a.second, &a.actions, &a.comment), (b.number, b.second, &b.actions, &b.comment), "{}", text);
        }
        prop_assert_eq!(read.to_text(pieces), text.clone());
        let mut played = rules.start();
        for (_, actions) in &history {
            for &action in actions {
                rules.play(&mut played, action).unwrap();
            }
        }
        let replayed = replay(&*rules, &read);
        prop_assert!(replayed.error.is_none(), "{text}\n{:?}", replayed.error);
        prop_assert!(replayed.position == played, "{}", text);
    }
}
