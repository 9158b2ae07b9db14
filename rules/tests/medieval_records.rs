//! Records in the designer's notation (rulings 14): a whole game replayed to its end, the same
//! record with one illegal action rejected at the right turn with the right reason, and the
//! reader and replay fuzzed.

mod medieval_common;
use medieval_common::*;
use proptest::prelude::*;
use warlord_rules::notation::{replay, Record, Replay};
use warlord_rules::{Action, Combat, EndReason, Outcome, Ruleset, Side};

/// The sample game's text.
fn sample() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../records/medieval-sample.txt");
    std::fs::read_to_string(path).expect("records/medieval-sample.txt is readable")
}

/// Replays a record's text against the shipped rules.
fn replayed(text: &str) -> (Record, Replay) {
    let rules = shipped(&[]);
    let record = Record::parse(text, rules.pieces()).unwrap_or_else(|e| panic!("{e}"));
    let result = replay(&rules, &record);
    (record, result)
}

/// The sample with `from` replaced by `to` in the first turn line that has it.
fn altered(from: &str, to: &str) -> String {
    let text = sample();
    let mut done = false;
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            if !done && !line.starts_with('#') && line.contains(from) {
                done = true;
                line.replacen(from, to, 1)
            } else {
                line.to_string()
            }
        })
        .collect();
    assert!(done, "no turn of the sample has `{from}`");
    lines.join("\n")
}

#[test]
fn the_sample_game_replays_to_its_end() {
    let (record, result) = replayed(&sample());
    assert_eq!(result.error, None);
    assert_eq!(record.scenario(), Some("medieval"));
    assert_eq!(result.position.outcome(), Some(&Outcome::win(Side::Black, EndReason::NoPieces)));
    assert_eq!(result.position.piece_count(Side::White), 0);
    // 26 turns: 25 of three actions and the last cut short by the win.
    assert_eq!(record.turns.len(), 26);
    assert_eq!(result.steps.len(), 25 * 3 + 2);
    assert!(record.turns.iter().enumerate().all(|(i, t)| t.second == (i % 2 == 1)), "every Black mark is read");
    // "3. ...b7-a6, a6-b5, b5 attack c4 — commentary": the commentary is kept, and the attack
    // is reported with its strengths.
    assert!(record.turns[5].comment.as_deref().is_some_and(|c| c.starts_with("b5 has one pawn beside it")));
    let attack = result.steps.iter().find(|s| s.number == 3 && matches!(s.action, Action::Attack { .. })).unwrap();
    assert_eq!(
        (attack.side, attack.report.combat),
        (Side::Black, Some(Combat { offence: 1, defence: 0, success: true }))
    );
    assert_eq!(attack.report.captured.len(), 1);
    let shot = result.steps.iter().find(|s| s.number == 4 && s.side == Side::Black).unwrap();
    assert!(matches!(shot.action, Action::Fire { .. }) && shot.report.captured.len() == 1, "4... g8 cannon a2");
    // A failed attack would be reported as such; every capture has a result.
    for step in &result.steps {
        if let Some(c) = step.report.combat {
            assert_eq!(c.success, !step.report.captured.is_empty());
        }
    }
}

#[test]
fn one_illegal_action_is_rejected_with_its_turn_and_reason() {
    // (change, turn number, side, reason contains)
    let cases = [
        ("9. h2-g3", 9, Side::White, "one king step", "9. h2-h4"),
        ("[e5, g6] attack f5", 7, Side::Black, "must name exactly e5, g6", "[e5] attack f5"),
        ("b5 attack c4", 3, Side::Black, "c5 is not one of your pieces next to c4", "c5 attack c4"),
        ("g8 cannon a2", 4, Side::Black, "not on a rank, file or diagonal from g8", "g8 cannon h1"),
        ("a6-b5, b5 attack c4", 3, Side::Black, "cannot make a cannon attack", "a6-b5, b5 cannon c4"),
        ("1... f7-f6", 1, Side::Black, "holds your own Pawn", "1... f7-f6, g7-f6"),
        ("12... f5-f4, f8-f7, f4-f3", 12, Side::Black, "exactly 3 actions and 1 is left", "12... f5-f4, f8-f7"),
    ];
    for (from, number, side, reason, to) in cases {
        let (record, result) = replayed(&altered(from, to));
        let error = result.error.unwrap_or_else(|| panic!("`{to}` was accepted"));
        assert_eq!((error.number, error.side), (number, side), "{to}: {error}");
        assert!(error.reason.contains(reason), "{to}: {error}");
        let line = record.turns.iter().find(|t| t.number == number && t.second == (side == Side::Black)).unwrap().line;
        assert_eq!(error.line, line);
        // Everything before the illegal action was played.
        assert!(result.steps.iter().all(|s| s.number <= number));
    }
}

#[test]
fn a_game_that_goes_on_after_its_end_is_rejected() {
    let text = format!("{}14. a1-a2, a2-a3, a3-a4\n", sample());
    let (_, result) = replayed(&text);
    let error = result.error.unwrap();
    assert!(error.reason.contains("already ended"), "{error}");
}

/// Text that looks like designer's notation: numbers, marks, squares, keywords, separators.
fn notation_text() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("1.".to_string()),
        Just("2...".to_string()),
        Just("3. ...".to_string()),
        Just("4…".to_string()),
        Just("5..".to_string()),
        Just(" attack ".to_string()),
        Just(" cannon ".to_string()),
        Just("-".to_string()),
        Just(", ".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just(" — ".to_string()),
        Just("\n".to_string()),
        Just("pass".to_string()),
        "[a-j][0-9]{1,2}",
        "[ -~…—]{0,3}",
    ];
    prop::collection::vec(token, 0..60).prop_map(|t| t.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_notation_never_panics(text in notation_text()) {
        let rules = shipped(&[]);
        if let Ok(record) = Record::parse(&text, rules.pieces()) {
            let result = replay(&rules, &record);
            prop_assert!(result.steps.len() <= record.turns.iter().map(|t| t.actions.len() + 1).sum::<usize>());
        }
    }

    #[test]
    fn a_damaged_sample_never_panics(cut in 0usize..2000, len in 0usize..40, insert in "[ -~…]{0,8}") {
        let text = sample();
        let chars: Vec<char> = text.chars().collect();
        let at = cut.min(chars.len());
        let end = (at + len).min(chars.len());
        let damaged: String = chars[..at].iter().chain(insert.chars().collect::<Vec<_>>().iter()).chain(&chars[end..]).collect();
        let rules = shipped(&[]);
        if let Ok(record) = Record::parse(&damaged, rules.pieces()) {
            let result = replay(&rules, &record);
            if let Some(e) = result.error {
                prop_assert!(!e.reason.is_empty());
            }
        }
    }
}
