use super::super::tests::{act, game, play_random};
use super::super::{ClockConfig, Event, EventKind, Game, GameMeta};
use crate::error::ErrorCode;
use std::sync::Arc;
use warlord_rules::notation::{replay, Record};
use warlord_rules::{Position, Side};

fn ask(side: Side) -> Event {
    Event::bare(EventKind::TakebackOffer, side, 1)
}

fn grant(side: Side) -> Event {
    Event::bare(EventKind::Takeback, side, 1)
}

/// The game replayed from its stored log alone, as a restarted server loads it.
fn reloaded(g: &Game) -> Game {
    let mut fresh = Game::new(g.meta.clone(), g.scenario.clone()).expect("the game builds");
    for event in g.events() {
        fresh.apply(event.clone()).expect("the stored log replays");
    }
    fresh
}

#[test]
fn the_side_that_just_played_takes_back_its_turn() {
    let mut g = game(&[]);
    play_random(&mut g, 4);
    let before: Position = g.position().clone();
    let (turns, played) = (g.visible_turns(super::super::Viewer::Spectator).count(), g.played_actions().len());
    play_random(&mut g, 1);
    let mover = before.to_move();
    assert_eq!(g.position().to_move(), mover.opponent());
    let events = g.seq();
    g.apply(ask(mover)).unwrap();
    assert_eq!(g.takeback_offer(), Some(mover));
    g.apply(grant(mover.opponent())).unwrap();
    assert_eq!(g.position(), &before, "the position before the turn taken back");
    assert_eq!(g.visible_turns(super::super::Viewer::Spectator).count(), turns);
    assert_eq!(g.played_actions().len(), played);
    assert_eq!(g.seq(), events + 2, "nothing stored is deleted: the request and the takeback are appended");
    assert_eq!(g.takeback_offer(), None);
    assert_eq!(reloaded(&g).position(), &before, "replaying the log applies the takeback");
}

#[test]
fn the_side_to_move_takes_back_the_opponents_turn_and_its_own() {
    let mut g = game(&[]);
    play_random(&mut g, 3);
    let before = g.position().clone();
    let asker = before.to_move();
    play_random(&mut g, 2);
    assert_eq!(g.position().to_move(), asker);
    g.apply(ask(asker)).unwrap();
    g.apply(grant(asker.opponent())).unwrap();
    assert_eq!(g.position(), &before);
    let text = g.record_text(super::super::Viewer::Spectator);
    let record = Record::parse(&text, g.rules.pieces()).expect("the record reads");
    assert_eq!(record.turns.len(), 3, "the record leaves the turns taken back out: {text}");
    assert_eq!(replay(&*g.rules, &record).position.placement(), before.placement());
    play_random(&mut g, 2);
    assert_eq!(reloaded(&g).position(), g.position(), "play goes on from the position taken back to");
}

#[test]
fn a_takeback_declined_or_lapsed_changes_nothing() {
    let mut g = game(&[]);
    assert_eq!(g.apply(ask(Side::White)).unwrap_err().code, ErrorCode::Conflict, "no turn to take back");
    play_random(&mut g, 2);
    let position = g.position().clone();
    assert_eq!(g.apply(grant(Side::Black)).unwrap_err().code, ErrorCode::Conflict, "nothing asked");
    g.apply(ask(Side::White)).unwrap();
    assert_eq!(g.apply(ask(Side::White)).unwrap_err().code, ErrorCode::Conflict, "asked twice");
    assert_eq!(g.apply(grant(Side::White)).unwrap_err().code, ErrorCode::Conflict, "one's own request");
    g.apply(Event::bare(EventKind::TakebackDecline, Side::Black, 1)).unwrap();
    assert_eq!((g.takeback_offer(), g.position()), (None, &position));
    g.apply(ask(Side::Black)).unwrap();
    play_random(&mut g, 1);
    assert_eq!(g.takeback_offer(), None, "White played on: the request lapsed");
    assert_eq!(g.apply(act(Side::White, "pass")).unwrap_err().code, ErrorCode::NotYourTurn);
}

#[test]
fn after_a_takeback_the_clock_of_the_side_to_move_runs_without_winding_back() {
    let mut g = game(&[]);
    let mut meta = GameMeta::clone(&g.meta);
    meta.clock = Some(ClockConfig { initial_ms: 60_000, increment_ms: 0 });
    g = Game::new(Arc::new(meta), g.scenario.clone()).unwrap();
    play_random(&mut g, 3);
    let asker = g.position().to_move().opponent();
    let running_before = g.clock().unwrap().view(1).running;
    assert_eq!(running_before, Some(asker.opponent()));
    g.apply(ask(asker)).unwrap();
    g.apply(Event::bare(EventKind::Takeback, asker.opponent(), 5_001)).unwrap();
    let view = g.clock().unwrap().view(5_001);
    assert_eq!(view.running, Some(asker), "the asker is to move again, on its own clock");
    let spent = if asker == Side::White { view.black_ms } else { view.white_ms };
    assert_eq!(spent, 55_000, "the opponent's 5 s of thinking stay spent");
}
