//! The WarGame 1 teaching scenario `wargame-1-skirmish` does what its description says: White's
//! first turn offers an overrun, shots with their lines of fire, tows and plain moves, all in
//! one turn; the rules describe them for a UI (captures, line of fire, the towed piece's path)
//! and give the chain of command.

use warlord_rules::notation::{format_action, parse_action};
use warlord_rules::{Action, ActionKind, Position, Ruleset, Scenario, Square};

fn skirmish() -> (std::sync::Arc<dyn Ruleset>, Position) {
    let b = warlord_scenarios::get("wargame-1-skirmish").expect("shipped");
    let s = Scenario::parse(b.text, "wargame-1-skirmish.toml").unwrap();
    let rules = s.ruleset(&[]).unwrap();
    let pos = rules.start();
    (rules, pos)
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn texts(rules: &dyn Ruleset, pos: &Position) -> Vec<String> {
    rules.legal_action_list(pos).iter().map(|a| format_action(a, rules.pieces())).collect()
}

fn action(rules: &dyn Ruleset, text: &str) -> Action {
    parse_action(text, rules.pieces()).unwrap()
}

#[test]
fn the_first_turn_offers_an_overrun_a_shot_a_tow_and_a_move_and_plays_them_all() {
    let (rules, mut pos) = skirmish();
    let legal = texts(&*rules, &pos);
    for text in ["d4-d7", "g3 cannon g6", "b3-b5 tow a3", "i3-i4"] {
        let a = action(&*rules, text);
        assert!(legal.contains(&format_action(&a, rules.pieces())), "{text} is legal: {legal:?}");
    }
    let overrun = rules.describe(&pos, action(&*rules, "d4-d7"));
    assert_eq!(overrun.captures.iter().map(|(s, _)| *s).collect::<Vec<_>>(), [sq("d6")], "the overrun kills d6");
    let shot = rules.describe(&pos, action(&*rules, "g3 cannon g6"));
    assert_eq!(shot.kind, ActionKind::Fire);
    assert_eq!(shot.line, [sq("g4"), sq("g5")], "the cells between the firer and the target, in order");
    let tow = action(&*rules, "b3-b5 tow a3");
    assert_eq!(rules.describe(&pos, tow).with, [sq("a3")], "the towed piece takes part");
    assert_eq!(
        tow.carried(warlord_rules::Geometry::Square),
        [(sq("a3"), sq("b4"))],
        "it ends on the last square the tank left"
    );
    for text in ["d4-d7", "g3 cannon g6", "b3-b5 tow a3", "i3-i4"] {
        rules.play(&mut pos, action(&*rules, text)).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let at = |s: &str| pos.piece_at(sq(s)).map(|p| rules.pieces().get(p.kind).symbol.clone());
    assert_eq!((at("d7").as_deref(), at("d6")), (Some("T"), None), "overrun");
    assert_eq!(at("g6"), None, "shot");
    assert_eq!((at("b5").as_deref(), at("b4").as_deref()), (Some("T"), Some("I")), "tow");
    assert_eq!(at("i4").as_deref(), Some("I"), "move");
}

#[test]
fn every_tow_ends_where_the_action_says_its_towed_piece_ends() {
    let (rules, pos) = skirmish();
    let tows: Vec<Action> =
        rules.legal_action_list(&pos).into_iter().filter(|a| matches!(a, Action::Tow { .. })).collect();
    assert!(tows.len() > 5, "{tows:?}");
    for tow in tows {
        let [(from, to)] = tow.carried(warlord_rules::Geometry::Square)[..] else {
            panic!("{tow:?} carries one piece")
        };
        let mut after = pos.clone();
        rules.play(&mut after, tow).unwrap();
        assert_eq!(after.piece_at(to), pos.piece_at(from), "{tow:?}: the towed piece ends on {to}");
    }
    assert!(action(&*rules, "d4-d7").carried(warlord_rules::Geometry::Square).is_empty(), "a move carries nothing");
}

#[test]
fn the_chain_of_command_links_every_leader_to_a_relay() {
    let (rules, pos) = skirmish();
    let relays = rules.hints(&pos).relays;
    // Each side's three other leaders are within the Supreme Commander's reach of 9.
    for (side, sc) in [("white", "e2"), ("black", "e9")] {
        let mine: Vec<_> = relays.iter().filter(|(from, _)| *from == sq(sc)).collect();
        assert_eq!(mine.len(), 3, "{side}: {relays:?}");
    }
    assert_eq!(relays.len(), 6);
}
