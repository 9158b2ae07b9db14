//! The shorter-game victory (rulings 7): after A's turn, A wins when it has captured at least 3
//! leaders and more than B has captured plus the most B can capture in its next turn, found by
//! an exact search of B's turn.

mod common;
use common::*;
use warlord_rules::{EndReason, Side};

const RULES: &str = "moves-per-turn = 4\ncap-by-leaders = false\nfirst = \"black\"";

/// Black (moving first) takes two White leaders with its leaders on b3 and c3; White then takes
/// three Black leaders with infantry activated by its leaders on c6, e6 and g6. `extra_black`
/// adds Black pieces that decide whether Black can take a White leader back.
fn game(extra_black: &[&str]) -> (std::sync::Arc<dyn warlord_rules::Ruleset>, warlord_rules::Position) {
    let white = ["L@c6", "L@e6", "L@g6", "L@a1", "L@c1", "I@b7", "I@d7", "I@f7"];
    let mut black = vec!["L@b8", "L@d8", "L@f8", "L@b3", "L@c3"];
    black.extend_from_slice(extra_black);
    let s = scenario(10, RULES, "shorter-game = true", &white, &black);
    let (rules, mut pos) = start(&s);
    play(&*rules, &mut pos, "b3xa1");
    play(&*rules, &mut pos, "c3xc1");
    play(&*rules, &mut pos, "pass");
    assert_eq!(pos.family_state().warlord().unwrap().leaders_captured_by(Side::Black), 2);
    play(&*rules, &mut pos, "b7xb8");
    play(&*rules, &mut pos, "d7xd8");
    play(&*rules, &mut pos, "f7xf8");
    (rules, pos)
}

#[test]
fn three_captures_win_when_no_recapture_is_possible() {
    let (rules, mut pos) = game(&["L@j10"]);
    let report = play(&*rules, &mut pos, "pass");
    assert_eq!(report.outcome.map(|o| (o.winner, o.reason)), Some((Some(Side::White), EndReason::ShorterGame)));
}

#[test]
fn the_game_goes_on_when_the_loser_can_draw_level_next_turn() {
    // a = 3, b = 2: Black's leader on h8 can walk to g6 and take a leader (m = 1), 3 > 2 + 1 fails.
    let (rules, mut pos) = game(&["L@h8"]);
    let report = play(&*rules, &mut pos, "pass");
    assert_eq!(report.outcome, None);
}

#[test]
fn the_search_finds_recaptures_that_need_a_preparing_move() {
    // Black's infantry on h5 touches White's leader on g6, but no Black leader is within
    // range of it. The leader on i10 activates the leader on j9, which walks to h7; from there
    // it activates the infantry: a recapture in three moves.
    let (rules, mut pos) = game(&["I@h5", "L@j9", "L@i10"]);
    assert!(play(&*rules, &mut pos, "pass").outcome.is_none());
    // Without the leader on i10, j9 cannot both walk and activate, and Black's other leaders
    // (now on a1 and c1) cannot bring an activator within range of h5: White wins.
    let (rules, mut pos) = game(&["I@h5", "L@j9"]);
    assert_eq!(play(&*rules, &mut pos, "pass").outcome.map(|o| o.reason), Some(EndReason::ShorterGame));
}

#[test]
fn without_the_option_three_captures_do_not_end_the_game() {
    let white = ["L@c6", "L@e6", "L@g6", "I@b7", "I@d7", "I@f7"];
    let black = ["L@b8", "L@d8", "L@f8", "L@j10"];
    let s = scenario(10, "moves-per-turn = 4\ncap-by-leaders = false", "", &white, &black);
    let (rules, mut pos) = start(&s);
    for a in ["b7xb8", "d7xd8", "f7xf8", "pass"] {
        play(&*rules, &mut pos, a);
    }
    assert!(pos.outcome().is_none());
    let s = scenario(10, "moves-per-turn = 4\ncap-by-leaders = false", "shorter-game = true", &white, &black);
    let (rules, mut pos) = start(&s);
    for a in ["b7xb8", "d7xd8", "f7xf8"] {
        play(&*rules, &mut pos, a);
    }
    assert_eq!(play(&*rules, &mut pos, "pass").outcome.map(|o| o.reason), Some(EndReason::ShorterGame));
}

#[test]
fn the_turn_limit_adjudicates_by_material_or_draws() {
    let white = ["L@a1", "I@b1", "I@c1"];
    let black = ["L@j10"];
    let s = scenario(10, "moves-per-turn = 4", "turn-limit = 2\nadjudication = \"material\"", &white, &black);
    let (rules, mut pos) = start(&s);
    play(&*rules, &mut pos, "a1-a2");
    let report = play(&*rules, &mut pos, "j10-j9");
    assert_eq!(report.outcome.map(|o| (o.winner, o.reason)), Some((Some(Side::White), EndReason::TurnLimit)));
    let s = scenario(10, "moves-per-turn = 4", "turn-limit = 2", &white, &black);
    let (rules, mut pos) = start(&s);
    play(&*rules, &mut pos, "a1-a2");
    assert_eq!(play(&*rules, &mut pos, "j10-j9").outcome.map(|o| o.winner), Some(None));
}
