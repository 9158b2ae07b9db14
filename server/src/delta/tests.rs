use super::*;

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank)
}

/// Applies a patch as docs/API.md says a client does.
fn apply(list: &mut Vec<(Square, u8)>, patch: &ListPatch<(Square, u8)>) {
    list.retain(|(s, _)| !patch.remove.contains(s));
    for &(at, item) in &patch.set {
        let at = at as usize;
        if list.get(at).is_some_and(|old| old.0 == item.0) {
            list[at] = item;
        } else {
            list.insert(at.min(list.len()), item);
        }
    }
}

fn check(before: &[(Square, u8)], after: &[(Square, u8)]) -> ListPatch<(Square, u8)> {
    let patch = patch(before, after, |item| item.0);
    let mut list = before.to_vec();
    apply(&mut list, &patch);
    assert_eq!(list, after, "{patch:?}");
    patch
}

#[test]
fn a_move_is_one_square_emptied_and_one_set() {
    let before = [(sq(0, 0), 1), (sq(1, 0), 2), (sq(2, 0), 3), (sq(3, 0), 4)];
    let after = [(sq(0, 0), 1), (sq(2, 0), 3), (sq(3, 0), 4), (sq(4, 0), 2)];
    let patch = check(&before, &after);
    assert_eq!(patch.remove, vec![sq(1, 0)]);
    assert_eq!(patch.set, vec![(3, (sq(4, 0), 2))]);
}

#[test]
fn changed_items_are_set_in_place_and_unchanged_ones_not_sent() {
    let before = [(sq(0, 0), 1), (sq(1, 0), 2), (sq(2, 0), 3)];
    let after = [(sq(0, 0), 1), (sq(1, 0), 9), (sq(2, 0), 3)];
    let patch = check(&before, &after);
    assert!(patch.remove.is_empty());
    assert_eq!(patch.set, vec![(1, (sq(1, 0), 9))]);
    assert!(check(&after, &after).set.is_empty());
}

#[test]
fn lists_out_of_order_or_with_a_square_twice_are_sent_whole() {
    let before = [(sq(0, 0), 1), (sq(1, 0), 2), (sq(2, 0), 3)];
    let swapped = [(sq(2, 0), 3), (sq(0, 0), 1), (sq(1, 0), 2)];
    let patch = check(&before, &swapped);
    assert_eq!((patch.remove.len(), patch.set.len()), (3, 3));
    let twice = [(sq(0, 0), 1), (sq(0, 0), 5), (sq(2, 0), 3)];
    let patch = check(&before, &twice);
    assert_eq!(patch.set.len(), 3);
    check(&twice, &before);
}

#[test]
fn insertions_removals_and_changes_together_rebuild_the_list() {
    let before: Vec<_> = (0..12).map(|i| (sq(i, i % 3), i)).collect();
    let after: Vec<_> = (0..12)
        .filter(|i| i % 4 != 1)
        .map(|i| (sq(i, i % 3), if i % 5 == 0 { i + 40 } else { i }))
        .chain((12..15).map(|i| (sq(i, 0), i)))
        .collect();
    let mut sorted_after = after.clone();
    sorted_after.sort();
    let mut sorted_before = before.clone();
    sorted_before.sort();
    check(&sorted_before, &sorted_after);
}

proptest::proptest! {
    /// Any two lists, in square order or not, with squares repeated or not: the patch applied
    /// to the first makes the second.
    #[test]
    fn every_patch_rebuilds_the_new_list(
        before in proptest::collection::vec((0u8..6, 0u8..4, 0u8..3), 0..20),
        after in proptest::collection::vec((0u8..6, 0u8..4, 0u8..3), 0..20),
        sorted in proptest::bool::ANY,
    ) {
        let items = |list: &[(u8, u8, u8)]| {
            let mut items: Vec<(Square, u8)> = list.iter().map(|&(f, r, v)| (sq(f, r), v)).collect();
            if sorted {
                items.sort();
                items.dedup_by_key(|item| item.0);
            }
            items
        };
        check(&items(&before), &items(&after));
    }
}
