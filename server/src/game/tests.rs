use super::*;
use std::collections::BTreeMap;
use warlord_rules::notation::{replay, Record};

/// A correspondence game of Chieftain Chess with these options (shared by the server's unit
/// tests).
pub(crate) fn game(options: &[(&str, &str)]) -> Game {
    let builtin = warlord_scenarios::get("chieftain").expect("chieftain ships");
    let scenario = Scenario::parse(builtin.text, "builtin:chieftain").expect("chieftain parses");
    let meta = GameMeta {
        id: "0123456789abcdef".into(),
        scenario: "chieftain".into(),
        options: options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<BTreeMap<_, _>>(),
        mode: Mode::Correspondence,
        clock: None,
        ai: None,
        public: false,
        created_ms: 0,
        pin: None,
    };
    Game::new(Arc::new(meta), Arc::new(scenario)).expect("the game builds")
}

pub(crate) fn act(side: Side, text: &str) -> Event {
    Event { kind: EventKind::Action, side, body: Arc::from(text), at_ms: 1 }
}

/// Plays `turns` random turns, each as the events a client would send (shared by the
/// takeback tests).
pub(crate) fn play_random(game: &mut Game, turns: u64) {
    for seed in 0..turns {
        if game.outcome().is_some() {
            return;
        }
        let side = game.position().to_move();
        for action in warlord_ai::by_name("random").unwrap().choose_turn(
            &*game.rules.clone(),
            game.position(),
            warlord_ai::Budget::Nodes(1),
            seed,
        ) {
            let text = format_action(&action, game.rules.pieces());
            game.apply(act(side, &text)).expect("a legal action is accepted");
        }
    }
}

#[test]
fn a_refused_event_changes_nothing() {
    let mut g = game(&[]);
    play_random(&mut g, 3);
    let (seq, placement) = (g.seq(), g.position().placement());
    let side = g.position().to_move();
    for bad in [act(side, "a1-p12"), act(side, "nonsense"), act(side.opponent(), "pass")] {
        assert!(g.apply(bad).is_err());
    }
    assert!(g.apply(Event::bare(EventKind::DrawAccept, side, 1)).is_err(), "no offer to accept");
    assert_eq!((g.seq(), g.position().placement()), (seq, placement));
}

#[test]
fn draw_offers_are_accepted_declined_or_lapse() {
    let mut g = game(&[]);
    g.apply(Event::bare(EventKind::DrawOffer, Side::White, 1)).unwrap();
    g.apply(Event::bare(EventKind::DrawDecline, Side::Black, 1)).unwrap();
    assert_eq!(g.draw_offer(), None);
    g.apply(Event::bare(EventKind::DrawOffer, Side::Black, 1)).unwrap();
    play_random(&mut g, 1);
    assert_eq!(g.draw_offer(), None, "White played on: the offer lapsed");
    g.apply(Event::bare(EventKind::DrawOffer, Side::White, 1)).unwrap();
    g.apply(Event::bare(EventKind::DrawAccept, Side::Black, 1)).unwrap();
    assert_eq!(g.outcome(), Some(&Outcome::draw(EndReason::Agreement)));
    assert_eq!(g.apply(act(Side::Black, "pass")).unwrap_err().code, ErrorCode::GameOver);
}

#[test]
fn a_setup_stays_hidden_when_the_game_ends_before_both_commit() {
    let mut g = game(&[("free-setup", "true")]);
    play_random(&mut g, 1);
    let white: Vec<_> = g.position().pieces(Side::White).collect();
    assert!(!white.is_empty());
    g.apply(Event::bare(EventKind::Resign, Side::Black, 1)).unwrap();
    assert!(g.outcome().is_some());
    for viewer in [Viewer::Seat(Side::Black), Viewer::Spectator] {
        assert_eq!(g.visible_position(viewer).piece_count(Side::White), 0);
        assert!(!g.record_text(viewer).contains('@'), "{}", g.record_text(viewer));
    }
    assert_eq!(g.visible_position(Viewer::Seat(Side::White)).piece_count(Side::White), white.len());
}

#[test]
fn the_exported_record_replays_to_the_same_position() {
    let mut g = game(&[("free-setup", "true")]);
    play_random(&mut g, 12);
    let text = g.record_text(Viewer::Spectator);
    let record = Record::parse(&text, g.rules.pieces()).expect("the record reads");
    assert_eq!(record.scenario(), Some("chieftain"));
    let replayed = replay(&*g.rules, &record);
    assert_eq!(replayed.error, None);
    assert_eq!(replayed.position.placement(), g.position().placement());
}
