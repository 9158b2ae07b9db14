use super::*;
use crate::render::ActionView;
use warlord_rules::{ActionKind, Square};

/// An action of the piece on (`file`, 0) to (`file`, `rank`), told apart by `note`.
fn action(file: u8, rank: u8, note: u8) -> LegalAction {
    LegalAction {
        action: ActionView {
            text: format!("{file}-{rank}"),
            kind: ActionKind::Move,
            from: Some(Square::new(file, 0)),
            to: Some(Square::new(file, rank)),
            place: None,
            carries: Vec::new(),
        },
        with: Vec::new(),
        captures: Vec::new(),
        combat: None,
        line: Vec::new(),
        note: (note > 0).then(|| format!("note {note}")),
    }
}

/// Applies an update as docs/API.md says a client does.
fn apply(list: &[LegalAction], update: &LegalUpdate) -> Vec<LegalAction> {
    match update {
        LegalUpdate::Whole(whole) => whole.to_vec(),
        LegalUpdate::Patch(patch) => {
            let mut out: Vec<LegalAction> = list
                .iter()
                .enumerate()
                .filter(|(i, _)| !patch.remove.contains(&(*i as u32)))
                .map(|(_, action)| action.clone())
                .collect();
            for (at, action) in &patch.add {
                out.insert(*at as usize, action.clone());
            }
            out
        }
    }
}

fn check(before: &[LegalAction], after: &[LegalAction]) -> LegalUpdate {
    let update = legal_update(before, &Arc::new(after.to_vec()));
    assert_eq!(apply(before, &update), after, "{update:?}");
    update
}

#[test]
fn an_action_played_within_a_turn_is_sent_as_the_few_actions_changed() {
    let before: Vec<_> = (0..8).flat_map(|file| (1..6).map(move |rank| action(file, rank, 0))).collect();
    // The piece on file 2 moved on: its actions are gone, and one action of file 5 is new.
    let after: Vec<_> =
        before.iter().filter(|a| a.action.from != Some(Square::new(2, 0))).cloned().chain([action(5, 7, 0)]).collect();
    let LegalUpdate::Patch(patch) = check(&before, &after) else { panic!("a patch") };
    assert_eq!(patch.remove, vec![10, 11, 12, 13, 14]);
    assert_eq!(patch.add, vec![(35, action(5, 7, 0))]);
    // Nothing changed: nothing sent.
    assert_eq!(check(&after, &after), LegalUpdate::Patch(LegalPatch { remove: Vec::new(), add: Vec::new() }));
}

#[test]
fn an_action_changed_in_any_field_is_a_new_action() {
    let before = vec![action(0, 1, 0), action(0, 2, 0), action(0, 3, 0)];
    let mut changed = before.clone();
    changed[1].captures = vec![Square::new(0, 2)];
    let LegalUpdate::Patch(patch) = check(&before, &changed) else { panic!("a patch") };
    assert_eq!(patch.remove, vec![1]);
    assert_eq!(patch.add, vec![(1, changed[1].clone())]);
}

#[test]
fn a_list_with_too_little_in_common_is_sent_whole() {
    let before: Vec<_> = (1..6).map(|rank| action(0, rank, 0)).collect();
    let after: Vec<_> = (1..6).map(|rank| action(1, rank, 0)).collect();
    assert!(matches!(check(&before, &after), LegalUpdate::Whole(_)));
    // The first list of a turn (the list before was empty) and the empty list of the other
    // side's turn.
    assert!(matches!(check(&[], &after), LegalUpdate::Whole(_)));
    assert_eq!(serde_json::to_string(&check(&after, &[])).unwrap(), "[]");
}

#[test]
fn the_json_is_an_array_whole_and_an_object_as_a_patch() {
    let before = vec![action(0, 1, 0), action(0, 2, 0)];
    let after = vec![action(0, 1, 0), action(0, 3, 0)];
    let json = |update: &LegalUpdate| serde_json::to_value(update).unwrap();
    assert_eq!(
        json(&check(&before, &after)),
        serde_json::json!({"remove": [1], "add": [[1, {"text": "0-3", "kind": "move", "from": "a1", "to": "a4",
            "place": null, "carries": []}]]})
    );
    assert!(json(&check(&[], &after)).is_array());
}

proptest::proptest! {
    /// Any two lists, in any order, with actions repeated or not, alike in their squares but
    /// not their notes: the update applied to the first makes the second.
    #[test]
    fn every_update_rebuilds_the_new_list(
        before in proptest::collection::vec((0u8..3, 1u8..3, 0u8..2), 0..24),
        after in proptest::collection::vec((0u8..3, 1u8..3, 0u8..2), 0..24),
        common in 0usize..24,
    ) {
        let actions = |list: &[(u8, u8, u8)]| -> Vec<LegalAction> {
            list.iter().map(|&(file, rank, note)| action(file, rank, note)).collect()
        };
        let before = actions(&before);
        // Often a list much like the one before: a run of it, then the new actions.
        let after: Vec<_> = before.iter().take(common).cloned().chain(actions(&after)).collect();
        check(&before, &after);
    }
}
