//! Writing a record and reading it back is the identity: random games of shipped scenarios of
//! every family (moves, attacks, shots, tows, placements, passes; WarGame 1's paratroopers'
//! preparations and leaps with the option `paratroops`; WarGame 2's led moves on a hex board), with random comments, give the same
//! tags, turns, actions and comments back, and replay to the same position; with variations
//! (nested too) that give the same tree back and replay from where they branch.

use proptest::prelude::*;
use warlord_rules::notation::{replay, replay_turns_from, Record, RecordTurn};
use warlord_rules::Position;
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
    random_history_from(rules, rules.start(), picks, turns)
}

/// [`random_history`] from a given position.
fn random_history_from(
    rules: &dyn Ruleset,
    mut pos: Position,
    picks: &[u16],
    turns: usize,
) -> Vec<(Side, Vec<Action>)> {
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

/// The position after the first `turns` turns of `history`.
fn after(rules: &dyn Ruleset, history: &[(Side, Vec<Action>)]) -> Position {
    let mut pos = rules.start();
    for (_, actions) in history {
        for &action in actions {
            rules.play(&mut pos, action).unwrap();
        }
    }
    pos
}

/// A variation in place of turn `at` of `history`: up to `turns` random turns from the
/// position before it, numbered as they would be in the game, with their history.
fn variation(
    rules: &dyn Ruleset,
    history: &[(Side, Vec<Action>)],
    at: usize,
    picks: &[u16],
    turns: usize,
) -> (Vec<RecordTurn>, Vec<(Side, Vec<Action>)>) {
    let mut line = history[..at].to_vec();
    line.extend(random_history_from(rules, after(rules, &history[..at]), picks, turns));
    let record = Record::from_history(Vec::new(), &line, rules.pieces());
    (record.turns[at..].to_vec(), line)
}

/// The turns as a record says them, without where they were read from.
fn said(turns: &[RecordTurn]) -> Vec<RecordTurn> {
    turns
        .iter()
        .map(|t| RecordTurn {
            texts: Vec::new(),
            line: 0,
            variations: t.variations.iter().map(|v| said(v)).collect(),
            ..t.clone()
        })
        .collect()
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
            ("wargame-2-skirmish", ""),
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
        // A variation in place of a turn, holding one in place of its own last turn.
        let at = usize::from(picks[0]) % record.turns.len();
        let (mut outer, line) = variation(&*rules, &history, at, picks.get(1..).unwrap_or_default(), turns);
        if let Some(last) = outer.len().checked_sub(1) {
            let (inner, _) = variation(&*rules, &line, at + last, picks.get(2..).unwrap_or_default(), 3);
            if !inner.is_empty() {
                outer[last].variations.push(inner);
            }
            record.turns[at].variations.push(outer);
        }
        let text = record.to_text(pieces);
        let read = Record::parse(&text, pieces).unwrap();
        prop_assert!(read.problems().is_empty(), "{text}\n{:?}", read.problems());
        prop_assert_eq!(&read.tags, &record.tags);
        prop_assert_eq!(read.turns.len(), record.turns.len());
        for (a, b) in read.turns.iter().zip(&record.turns) {
            prop_assert_eq!((a.number, a.second, &a.actions, &a.comment), (b.number, b.second, &b.actions, &b.comment), "{}", text);
        }
        prop_assert_eq!(said(&read.turns), said(&record.turns), "{}", text);
        prop_assert_eq!(read.to_text(pieces), text.clone());
        if let Some(branch) = read.turns[at].variations.first() {
            let from = after(&*rules, &history[..at]);
            let replayed = replay_turns_from(&*rules, &from, branch);
            prop_assert!(replayed.errors.is_empty(), "{text}\n{:?}", replayed.errors);
        }
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
