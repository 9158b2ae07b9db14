//! WarGame 1 command (rulings 19, 4, 20): activation range, the chain of command with relays,
//! one order a leader, the 10-action cap, passes.

mod wargame_common;
use wargame_common::*;
use warlord_rules::{EndReason, IllegalKind, Phase, Ruleset, Side};

const FAR: &[&str] = &["SC@l12"];

#[test]
fn a_unit_within_3_squares_of_a_leader_may_act_and_one_farther_may_not() {
    let (rules, pos) = game(&[], &["SC@a1", "T@d1", "T@e1"], FAR);
    assert!(legal(&rules, &pos, mv("d1", "d2")), "3 squares away");
    assert!(!legal(&rules, &pos, mv("e1", "e2")), "4 squares away");
    assert_eq!(rules.play(&mut pos.clone(), mv("e1", "e2")).unwrap_err().kind, IllegalKind::NoCommand);
}

#[test]
fn a_leader_within_the_communication_range_of_the_supreme_commander_is_in_command() {
    // The Supreme Commander's range is 9: a Tank Commander 9 squares away is in command, one
    // 10 away is not.
    let (rules, pos) = game(&[], &["SC@a1", "TC@j1"], FAR);
    assert_eq!(rules.leaders_in_command(&pos, Side::White), [sq("a1"), sq("j1")]);
    assert!(legal(&rules, &pos, mv("j1", "j2")));
    let (rules, pos) = game(&[], &["SC@a1", "TC@k5"], FAR);
    assert_eq!(rules.leaders_in_command(&pos, Side::White), [sq("a1")]);
    assert!(!legal(&rules, &pos, mv("k5", "k6")), "out of command: it may not move");
    assert_eq!(rules.play(&mut pos.clone(), mv("k5", "k6")).unwrap_err().kind, IllegalKind::NoCommand);
}

#[test]
fn same_level_leaders_relay_command_with_their_own_range() {
    // j1 is in command (9 from a1); l7 is 6 from j1, a Tank Commander's range: relayed. An
    // Infantry Commander 4 from an in-command Infantry Commander is not (its range is 3), and
    // a lower-level leader never relays to a higher one.
    let (rules, pos) = game(&[], &["SC@a1", "TC@j1", "TC@l7", "IC@d1", "IC@g1", "IC@h4", "TC@l11"], FAR);
    let inside = rules.leaders_in_command(&pos, Side::White);
    assert!(inside.contains(&sq("l7")), "relayed by the Tank Commander on j1");
    assert!(inside.contains(&sq("g1")), "the Infantry Commander on g1 is 6 from a1");
    // h4 is 3 from g1 (relay) but l11 (a Tank Commander) is 4 from l7: 4 <= 6, relayed too.
    assert!(inside.contains(&sq("h4")));
    assert!(inside.contains(&sq("l11")));
    let (rules, pos) = game(&[], &["SC@a1", "IC@i1", "IC@l2", "TC@l5"], FAR);
    let inside = rules.leaders_in_command(&pos, Side::White);
    assert!(inside.contains(&sq("i1")) && inside.contains(&sq("l2")), "l2 is 3 from the relay on i1");
    assert!(!inside.contains(&sq("l5")), "an Infantry Commander does not relay to a Tank Commander");
}

#[test]
fn an_out_of_command_leader_gives_orders_but_does_not_act() {
    let (rules, pos) = game(&[], &["SC@a1", "TC@l10", "T@k10"], FAR);
    assert!(!rules.leaders_in_command(&pos, Side::White).contains(&sq("l10")));
    assert!(!legal(&rules, &pos, mv("l10", "l9")));
    assert!(legal(&rules, &pos, mv("k10", "k9")), "the tank is ordered by the leader out of command");
}

#[test]
fn each_leader_gives_one_order_a_turn_and_some_assignment_must_work() {
    // One leader, two tanks: one order.
    let (rules, mut pos) = game(&[], &["SC@a1", "T@b1", "T@c1"], FAR);
    play(&rules, &mut pos, mv("b1", "b2"));
    assert!(!legal(&rules, &pos, mv("c1", "c2")));
    assert!(!legal(&rules, &pos, mv("a1", "a2")), "the leader has spent its order");
    // Rulings 4: the tank on d1 is near both leaders, the one on a3... only near a1: moving d1
    // first must not take the only leader a3 needs.
    let (rules, mut pos) = game(&[], &["SC@a1", "TC@g1", "T@d1", "T@a4"], FAR);
    play(&rules, &mut pos, mv("d1", "d2"));
    assert!(legal(&rules, &pos, mv("a4", "a5")), "d1 is reassigned to g1");
    play(&rules, &mut pos, mv("a4", "a5"));
    assert!(!legal(&rules, &pos, mv("g1", "g2")), "both leaders have given their order");
    // No piece acts twice.
    let (rules, mut pos) = game(&[], &["SC@a1", "TC@b1", "T@c1"], FAR);
    play(&rules, &mut pos, mv("c1", "c2"));
    assert_eq!(rules.play(&mut pos.clone(), mv("c2", "c3")).unwrap_err().kind, IllegalKind::TurnSpent);
}

#[test]
fn a_leader_moved_by_another_keeps_its_own_order() {
    let (rules, mut pos) = game(&[], &["SC@a1", "TC@b1", "T@f1"], FAR);
    // The Supreme Commander orders the Tank Commander, which moves within 3 of the tank.
    play(&rules, &mut pos, mv("b1", "d1"));
    assert!(legal(&rules, &pos, mv("f1", "f2")), "the Tank Commander orders the tank after moving");
}

#[test]
fn a_turn_ends_by_itself_after_10_actions() {
    let leaders: Vec<String> = (0..11).map(|f| format!("SC@{}1", (b'a' + f) as char)).collect();
    let white: Vec<&str> = leaders.iter().map(String::as_str).collect();
    let (rules, mut pos) = game(&[], &white, FAR);
    for f in 0..10u8 {
        let file = (b'a' + f) as char;
        assert_eq!(pos.to_move(), Side::White);
        play(&rules, &mut pos, mv(&format!("{file}1"), &format!("{file}2")));
    }
    assert_eq!(pos.to_move(), Side::Black, "the tenth action ended the turn");
    assert_eq!(pos.turns_played(), 1);
}

#[test]
fn two_passes_in_a_row_draw_and_one_does_not() {
    let (rules, mut pos) = game(&[], &["SC@a1", "T@b1"], FAR);
    play(&rules, &mut pos, warlord_rules::Action::EndTurn);
    assert_eq!(pos.phase(), &Phase::Play);
    play(&rules, &mut pos, mv("l12", "l11"));
    play(&rules, &mut pos, warlord_rules::Action::EndTurn);
    play(&rules, &mut pos, warlord_rules::Action::EndTurn);
    assert_eq!(pos.phase(), &Phase::Play, "a move came between the passes");
    play(&rules, &mut pos, warlord_rules::Action::EndTurn);
    assert_eq!(pos.outcome().unwrap().reason, EndReason::DoublePass);
    assert_eq!(pos.outcome().unwrap().winner, None);
}

#[test]
fn the_command_post_never_acts() {
    let (rules, pos) = game(&[], &["SC@a1", "CP@b1"], FAR);
    assert!(!legal(&rules, &pos, mv("b1", "b2")));
}
