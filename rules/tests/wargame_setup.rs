//! WarGame 1 free setup (option `free-setup`): each side places its army in its zone, hidden
//! from the other until both commit (rulings 10).

mod wargame_common;
use wargame_common::sq;
use warlord_rules::{Action, IllegalKind, Phase, Ruleset, Scenario, Side};

fn rules(free: bool) -> std::sync::Arc<dyn Ruleset> {
    let b = warlord_scenarios::get("wargame-1").unwrap();
    let s = Scenario::parse(b.text, "wargame-1.toml").unwrap();
    s.ruleset(&[("free-setup".into(), free.to_string())]).unwrap()
}

#[test]
fn a_free_setup_places_each_army_in_its_zone_hidden_until_both_commit() {
    let fixed = rules(false).start();
    let rules = rules(true);
    let mut pos = rules.start();
    assert_eq!(pos.phase(), &Phase::Setup);
    assert_eq!(pos.piece_count(Side::White), 0);
    let reserve: u16 = rules.to_place(&pos, Side::White).iter().map(|(_, n)| n).sum();
    assert_eq!(usize::from(reserve), fixed.piece_count(Side::White));
    assert_eq!(rules.play(&mut pos.clone(), Action::EndTurn).unwrap_err().kind, IllegalKind::MustAct);
    let tank = rules.pieces().by_symbol("T").unwrap();
    let outside = Action::Place { kind: tank, to: sq("a5") };
    assert_eq!(rules.play(&mut pos.clone(), outside).unwrap_err().kind, IllegalKind::Placement);
    for side in Side::BOTH {
        // Place the army from the last legal placement each time (the back of the zone last).
        loop {
            let legal = rules.legal_action_list(&pos);
            let place = legal.iter().rev().find(|a| matches!(a, Action::Place { .. }));
            match place {
                Some(&a) => {
                    rules.play(&mut pos, a).unwrap();
                }
                None => break,
            }
        }
        assert!(rules.to_place(&pos, side).is_empty());
        if side == Side::White {
            rules.play(&mut pos, Action::EndTurn).unwrap();
            assert_eq!(pos.to_move(), Side::Black);
            let black_view = rules.view(&pos, Some(Side::Black));
            assert_eq!(black_view.piece_count(Side::White), 0, "White's placement is hidden from Black");
            assert_eq!(rules.view(&pos, None).piece_count(Side::White), 0, "and from spectators");
            assert_eq!(rules.view(&pos, Some(Side::White)).piece_count(Side::White), fixed.piece_count(Side::White));
        }
    }
    rules.play(&mut pos, Action::EndTurn).unwrap();
    assert_eq!(pos.phase(), &Phase::Play);
    assert_eq!(pos.to_move(), Side::White);
    for side in Side::BOTH {
        assert_eq!(pos.piece_count(side), fixed.piece_count(side));
    }
    assert!(rules.legal_action_list(&pos).len() > 1, "play begins");
}
