//! Leader levels and the victory rules of the large scenarios ([000] A Test of Wills, Border
//! War, the large games): command collapse, leader losses, towns, promotion, reinforcements.

mod common;
use common::{action, is_legal, play, refuse};
use warlord_rules::{EndReason, Ruleset, Scenario, Side};

const PIECES: &str = r#"
[[pieces]]
like = "leader"
value = 1
[[pieces]]
like = "leader"
symbol = "K"
name = "Level-2 Leader"
value = 2
command = { capacity = 2 }
[[pieces]]
like = "leader"
symbol = "T"
name = "Level-3 Leader"
value = 3
command = { capacity = 3 }
[[pieces]]
like = "leader"
symbol = "P"
name = "Promoted Leader"
value = 0
command = { capacity = 1, others = false }
[[pieces]]
like = "infantry"
[[pieces]]
like = "light-cavalry"
"#;

fn build(rules: &str, options: &str, map: Option<&str>, extra: &str, white: &[&str], black: &[&str]) -> Scenario {
    let list = |v: &[&str]| v.iter().map(|p| format!("\"{p}\"")).collect::<Vec<_>>().join(", ");
    let map = map.map(|m| format!("map = {m}")).unwrap_or_default();
    let text = format!(
        "name = \"t\"\nfamily = \"warlord\"\n[board]\nfiles = 8\nranks = 8\n{map}\n[rules]\ncap-by-leaders = false\n{rules}\n[options]\n{options}\n{PIECES}\n[setup]\nwhite = [{}]\nblack = [{}]\n{extra}",
        list(white),
        list(black)
    );
    Scenario::parse(&text, "t.toml").unwrap_or_else(|e| panic!("{e}"))
}

fn start(s: &Scenario) -> (std::sync::Arc<dyn Ruleset>, warlord_rules::Position) {
    let r = s.ruleset(&[]).unwrap();
    let p = r.start();
    (r, p)
}

#[test]
fn numbered_leaders_activate_up_to_their_number() {
    let s = build("moves-per-turn = 8", "", None, "", &["T@d1", "I@c2", "I@d2", "I@e2", "I@f2"], &["L@h8"]);
    let (r, mut p) = start(&s);
    for a in ["c2-c3", "d2-d3", "e2-e3"] {
        play(&*r, &mut p, a);
    }
    assert!(!is_legal(&*r, &p, "f2-f3"), "a level-3 leader has activated three pieces");
}

#[test]
fn un_numbered_leaders_activate_only_themselves() {
    let s = build("moves-per-turn = 8", "", None, "", &["P@d1", "I@d2"], &["L@h8"]);
    let (r, p) = start(&s);
    assert!(is_legal(&*r, &p, "d1-c1"));
    assert!(!is_legal(&*r, &p, "d2-d3"));
}

#[test]
fn a_side_whose_leaders_cannot_command_enough_units_loses() {
    // Black's leaders can activate 2 + 1 = 3 units; losing the level-1 leader leaves 2 < 3.
    let s = build("moves-per-turn = 8\ncollapse-below = 3", "", None, "", &["L@d5", "I@e6"], &["K@h8", "L@e7", "P@a8"]);
    let (r, mut p) = start(&s);
    let report = play(&*r, &mut p, "e6xe7");
    assert_eq!(report.outcome.map(|o| (o.winner, o.reason)), Some((Some(Side::White), EndReason::CommandCollapse)));
}

#[test]
fn the_leader_losses_option_ends_the_game_after_that_many_original_leaders() {
    let white = ["L@a1", "K@c6", "I@d6", "I@b6"];
    let black = ["L@c7", "L@a7", "L@h8", "P@g8"];
    let s = build("moves-per-turn = 8", "leader-losses = 2", None, "", &white, &black);
    let (r, mut p) = start(&s);
    play(&*r, &mut p, "d6xc7");
    let report = play(&*r, &mut p, "b6xa7");
    assert_eq!(report.outcome.map(|o| (o.winner, o.reason)), Some((Some(Side::White), EndReason::LeaderLosses)));
    assert_eq!(p.family_state().warlord().unwrap().leaders_lost(Side::Black), 2);
}

#[test]
fn holding_enough_towns_at_the_start_of_your_turn_wins() {
    let map = r#"["........", "........", "........", "...T.T..", "........", "........", "........", "........"]"#;
    let s = build("moves-per-turn = 8\ntowns-to-win = 2", "", Some(map), "", &["K@e4", "I@d4", "I@f4"], &["L@h8"]);
    let (r, mut p) = start(&s);
    play(&*r, &mut p, "d4-d5");
    play(&*r, &mut p, "f4-f5");
    play(&*r, &mut p, "pass");
    assert!(p.outcome().is_none(), "the towns are checked at the start of White's next turn");
    play(&*r, &mut p, "h8-g8");
    let report = play(&*r, &mut p, "pass");
    assert_eq!(report.outcome.map(|o| (o.winner, o.reason)), Some((Some(Side::White), EndReason::Towns)));
}

#[test]
fn the_towns_to_hold_are_published_as_the_objective() {
    let map = r#"["........", "........", "........", "...T.T..", "........", "........", "........", "........"]"#;
    let s = build("moves-per-turn = 8\ntowns-to-win = 2", "", Some(map), "", &["K@e4", "I@d4", "I@f4"], &["L@h8"]);
    let (r, mut p) = start(&s);
    let objective = r.objective().expect("towns to win make an objective");
    assert_eq!(objective.squares, vec!["d5".parse().unwrap(), "f5".parse().unwrap()]);
    assert_eq!(objective.needed, 2);
    play(&*r, &mut p, "d4-d5");
    assert_eq!((objective.held(&p, Side::White), objective.held(&p, Side::Black)), (1, 0));
    let shown = r.tallies(&p).into_iter().find(|t| t.name == "towns-held").expect("a tally of the towns held");
    assert_eq!(shown.values, [1, 0]);
    let without = build("moves-per-turn = 8", "", Some(map), "", &["K@e4"], &["L@h8"]);
    assert!(start(&without).0.objective().is_none(), "towns alone, without towns-to-win, win nothing");
}

#[test]
fn promoted_infantry_becomes_an_un_numbered_leader() {
    let rules = "moves-per-turn = 8\npromote-to = \"P\"\ncollapse-below = 1";
    let s = build(rules, "promotion = true", None, "", &["L@a6", "I@b7"], &["L@h1"]);
    let (r, mut p) = start(&s);
    play(&*r, &mut p, "b7-b8");
    let piece = p.piece_at("b8".parse().unwrap()).unwrap();
    assert_eq!(r.pieces().get(piece.kind).symbol, "P");
    let off = build(rules, "", None, "", &["L@a6", "I@b7"], &["L@h1"]);
    let (r, mut p) = start(&off);
    play(&*r, &mut p, "b7-b8");
    assert_eq!(r.pieces().get(p.piece_at("b8".parse().unwrap()).unwrap().kind).symbol, "I");
}

#[test]
fn reinforcements_enter_their_region_from_their_turn_and_wait_if_crowded() {
    let waves = "[[reinforcements]]\nside = \"white\"\nturn = 2\nregion = \"a1:b1\"\npieces = { I = 3 }\n";
    let s = build("moves-per-turn = 4", "", None, waves, &["L@c1"], &["L@h8"]);
    let (r, mut p) = start(&s);
    assert!(!is_legal(&*r, &p, "I@a1"), "not before White's second turn");
    play(&*r, &mut p, "pass");
    play(&*r, &mut p, "h8-h7");
    play(&*r, &mut p, "pass");
    assert!(is_legal(&*r, &p, "I@a1"));
    play(&*r, &mut p, "I@a1");
    play(&*r, &mut p, "I@b1");
    // A piece that has just entered does not move in the same turn.
    assert!(!is_legal(&*r, &p, "a1-a2"));
    let reason = refuse(&*r, &mut p, "I@c2");
    assert!(reason.contains("no reinforcement"), "{reason}");
    play(&*r, &mut p, "pass");
    play(&*r, &mut p, "h7-h6");
    play(&*r, &mut p, "pass");
    // The third waits until its region has room.
    assert!(!is_legal(&*r, &p, "I@a1"));
    play(&*r, &mut p, "a1-a2");
    assert!(is_legal(&*r, &p, "I@a1"));
    assert_eq!(p.family_state().warlord().unwrap().arrivals().iter().map(|a| a.count).sum::<u16>(), 1);
    play(&*r, &mut p, "I@a1");
    assert!(p.family_state().warlord().unwrap().arrivals().is_empty());
    assert_eq!(action(&*r, "pass"), warlord_rules::Action::EndTurn);
}
