//! Reinforcements and defeat ([000] design notes: armies entering during the game): a side whose
//! leaders on the board are all taken has not lost while leaders are still to enter, whether
//! they wait to be placed or belong to a later wave; once none are to come, it has. Leaders to
//! come also count for the command-collapse rule.

mod common;
use common::play;
use warlord_rules::{EndReason, Phase, Ruleset, Scenario, Side};

const PIECES: &str = r#"
[[pieces]]
like = "leader"
[[pieces]]
like = "leader"
symbol = "K"
name = "Level-2 Leader"
command = { capacity = 2 }
[[pieces]]
like = "infantry"
"#;

/// White: a leader on c3 and infantry on d4; Black: a leader on d5 (its only one on the board),
/// and the given waves.
fn game(rules: &str, waves: &str) -> (std::sync::Arc<dyn Ruleset>, warlord_rules::Position) {
    let text = format!(
        "name = \"t\"\nfamily = \"warlord\"\n[board]\nfiles = 8\nranks = 8\n[rules]\nmoves-per-turn = 4\n{rules}\n{PIECES}\n[setup]\nwhite = [\"L@c3\", \"I@d4\", \"I@h1\"]\nblack = [\"L@d5\"]\n{waves}"
    );
    let s = Scenario::parse(&text, "t.toml").unwrap_or_else(|e| panic!("{e}"));
    let r = s.ruleset(&[]).unwrap();
    let p = r.start();
    (r, p)
}

fn wave(turn: u32, pieces: &str) -> String {
    format!("[[reinforcements]]\nside = \"black\"\nturn = {turn}\nregion = \"a8:b8\"\npieces = {pieces}\n")
}

#[test]
fn taking_the_last_leader_on_the_board_wins_when_none_are_to_come() {
    let (r, mut p) = game("", "");
    let report = play(&*r, &mut p, "d4xd5");
    assert_eq!(report.outcome.map(|o| (o.winner, o.reason)), Some((Some(Side::White), EndReason::AllLeadersCaptured)));
}

#[test]
fn a_side_with_a_leader_in_a_later_wave_plays_on() {
    let (r, mut p) = game("", &wave(3, "{ L = 1, I = 1 }"));
    let report = play(&*r, &mut p, "d4xd5");
    assert!(report.outcome.is_none(), "{:?}", report.outcome);
    assert_eq!(p.phase(), &Phase::Play);
    // Black, with no leader on the board, may still pass; its wave enters on its third turn.
    play(&*r, &mut p, "pass");
    play(&*r, &mut p, "c3-c4");
    play(&*r, &mut p, "pass");
    play(&*r, &mut p, "c4-c5");
    play(&*r, &mut p, "L@a8");
    assert_eq!(p.piece_count(Side::Black), 1);
    play(&*r, &mut p, "I@b8");
    play(&*r, &mut p, "pass");
    // Once that leader is taken too, nothing is left to come: White wins.
    play(&*r, &mut p, "c5-b6");
    play(&*r, &mut p, "pass");
    let report = play(&*r, &mut p, "b6xa8");
    assert_eq!(report.outcome.map(|o| o.reason), Some(EndReason::AllLeadersCaptured));
}

#[test]
fn leaders_waiting_to_be_placed_count_too() {
    // Black's wave arrives on its first turn; it passes without placing it.
    let (r, mut p) = game("", &wave(1, "{ L = 1 }"));
    play(&*r, &mut p, "c3-c2");
    play(&*r, &mut p, "pass");
    assert_eq!(p.family_state().warlord().unwrap().arrivals().iter().map(|a| a.count).sum::<u16>(), 1);
    let report = play(&*r, &mut p, "d4xd5");
    assert!(report.outcome.is_none(), "{:?}", report.outcome);
}

#[test]
fn leaders_to_come_count_for_command_collapse() {
    // Collapse below 2: the leader on d5 activates 1; a level-2 leader to come keeps Black in.
    let (r, mut p) = game("collapse-below = 2", &wave(4, "{ K = 1 }"));
    assert!(play(&*r, &mut p, "d4xd5").outcome.is_none());
    let (r, mut p) = game("collapse-below = 2", &wave(4, "{ L = 1 }"));
    let report = play(&*r, &mut p, "d4xd5");
    assert_eq!(report.outcome.map(|o| o.reason), Some(EndReason::CommandCollapse));
}
